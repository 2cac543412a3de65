/**
 * The tail4 area (docs/abilities.md "Weapon abilities, pass-through moves and permissions (tail4)"): each form on a
 * set-up position (scripted dice where dice are rolled), then the kernel playing the same battles from such positions,
 * seed for seed, each checking that the abilities change some battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { useEndOfTurnHealing } from "../../src/aos/battle/healing.js";
import { choices } from "../../src/aos/battle/flow.js";
import { fight } from "../../src/aos/battle/combat.js";
import { beginTurn, nextPhase } from "../../src/aos/battle/turn.js";
import * as E from "../../src/aos/rollout/encode.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleAt, battleInRow, pick, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const vocab = keywordVocabulary(["INFANTRY", "CAVALRY", "NAMARTI", "STORMCAST ETERNALS"]);

// ------------------------------------------------------------------------------------ passing through enemy INFANTRY

// The catalogue's text (Hellflayer, Threshing Doom).
const THRESHING = {
  name: "Threshing Doom",
  timing: "Passive",
  effect: "When this unit moves, it can pass through models in enemy INFANTRY units and can pass through the combat ranges of enemy INFANTRY units, but it cannot end a move in combat unless specified in the ability used.",
};

/**
 * Crypt Flayers without FLY (Move 12, 1 model; player 0) at (30, 2), Vindictors (INFANTRY, 1 model; player 1) at (30, 9),
 * 5.23" apart edge to edge, on the line of a move toward the north objective.
 */
function throughLine(seed = 1, more: { warscroll: string; owner: 0 | 1; x: number; y: number }[] = [], models = 1) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Crypt Flayers", owner: 0, x: 30, y: 2, models }, { warscroll: "Vindictors", owner: 1, x: 30, y: 9, models: 1 }, ...more], { seed, step: { kind: "movement", player: 0 } });
  b.data.terrain = [];
  const f = ids[0]!;
  b.data.profiles[f] = { ...b.profile(f), keywords: b.profile(f).keywords.filter((k) => k !== "FLY") };
  return { b, f, v: ids[1]!, ids };
}
const at = (b: Battle, id: number) => [Math.round(b.unit(id).x * 1000) / 1000, Math.round(b.unit(id).y * 1000) / 1000];

describe("passing through enemy INFANTRY units and their combat ranges", () => {
  it("[AB:BSData/Threshing Doom] without it the move goes round the Vindictors' combat range; with it, it goes through their models and range to (30, 14), 3.23\" beyond them", () => {
    const off = throughLine();
    pick(off.b, "Crypt Flayers moves toward objective north-border");
    expect(at(off.b, off.f)).toEqual([21.515, 10.485]); // round the Vindictors' combat range (the line 45 degrees aside)
    const on = throughLine();
    giveTranslated(on.b, "Crypt Flayers", THRESHING, vocab);
    pick(on.b, "Crypt Flayers moves toward objective north-border");
    expect(at(on.b, on.f)).toEqual([30, 14]);
  });

  it("[AB:BSData/Threshing Doom] not through a friendly INFANTRY unit, nor an enemy unit without INFANTRY: the same move as without the ability", () => {
    for (const variant of ["friendly", "not-infantry"] as const) {
      const setUp = (give: boolean) => {
        const t = throughLine();
        if (variant === "friendly") t.b.unit(t.v).y = 40; // the Vindictors far off; a friendly Liberators unit in the way
        if (variant === "not-infantry") t.b.data.profiles[t.v] = { ...t.b.profile(t.v), keywords: t.b.profile(t.v).keywords.filter((k) => k !== "INFANTRY") };
        if (give) giveTranslated(t.b, "Crypt Flayers", THRESHING, vocab);
        return t;
      };
      const ends: number[][] = [];
      for (const give of [false, true]) {
        const t = variant === "friendly" ? throughLineWithFriend(give) : setUp(give);
        pick(t.b, "Crypt Flayers moves toward objective north-border");
        ends.push(at(t.b, t.f));
      }
      expect(ends[1], variant).toEqual(ends[0]);
      expect(ends[0], variant).toEqual([21.515, 10.485]); // round the unit in the way, as without the ability
    }
  });

  it("[AB:BSData/Threshing Doom] the encoder writes EF.T4_FLAGS 3 (enemy units only, their combat ranges too) on the pass-through record", () => {
    const { b } = throughLine();
    giveTranslated(b, "Crypt Flayers", THRESHING, vocab);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.filter((r) => x[r + E.EF.KIND] === 98).map((r) => x[r + E.EF.T4_FLAGS])).toEqual([3]);
  });

  it("[AB:BSData/Threshing Doom] battles from the movement phase are identical in both engines, seed for seed, and the ability changes some", () => {
    sameBattlesChanged(core, (seed, give) => {
      const { b } = throughLine(seed, [{ warscroll: "Liberators", owner: 1, x: 22, y: 16 }, { warscroll: "Vindictors", owner: 1, x: 40, y: 20 }], 3);
      if (give) giveTranslated(b, "Crypt Flayers", THRESHING, vocab);
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});

/** throughLine with a friendly Liberators unit (INFANTRY) at (30, 9) in the way instead of the Vindictors (sent to (50, 40)). */
function throughLineWithFriend(give: boolean) {
  const t = throughLine(1, [{ warscroll: "Liberators", owner: 0, x: 30, y: 9 }]);
  [t.b.unit(t.v).x, t.b.unit(t.v).y] = [50, 40];
  if (give) giveTranslated(t.b, "Crypt Flayers", THRESHING, vocab);
  return t;
}

// ------------------------------------------------------------------------------------ Crit in the combat phase

// The catalogues' texts (Akhelian Thrallmaster, Executioners).
const INSIGHTS = { name: "Akhelian Insights", timing: "Any Combat Phase", effect: 'Melee weapons used by friendly NAMARTI units have Crit (2 Hits) while they are wholly within 12" of this unit.' };
const SEVERING = { name: "Severing Strike", timing: "Once Per Turn (Army), Any Combat Phase", effect: "If this unit charged this turn, this unit's melee weapons have Crit (Mortal)." };
const CRIT2 = { rend: 0, damage: 0, attacks: 0, ability: "Crit (2 Hits)" };
const MORTAL = { rend: 0, damage: 0, attacks: 0, ability: "Crit (Mortal)" };
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.startsWith("for-the-turn:"));

/** A Knight-Arcanum, NAMARTI Vindictors and Liberators (player 1) in a row, in combat one with the next. */
function namartiRow() {
  const { b, ids } = battleInRow([{ warscroll: "Knight-Arcanum", owner: 0 }, { warscroll: "Vindictors", owner: 0, keywords: ["NAMARTI"] }, { warscroll: "Liberators", owner: 1 }], [], "combat");
  return { b, k: ids[0]!, v: ids[1]!, l: ids[2]! };
}

describe("Crit (2 Hits) for friendly NAMARTI units in the combat phase (Akhelian Insights, read as the passive text)", () => {
  it("[AB:BSData/Akhelian Insights] the Vindictors' melee weapons have Crit (2 Hits) while wholly within 12\" of the Knight-Arcanum; not their ranged ones; not once 12\" off; not a unit without NAMARTI", () => {
    const { b, k, v, l } = namartiRow();
    giveTranslated(b, "Knight-Arcanum", INSIGHTS, vocab);
    expect([attackEffects(b, v, l, true, []).weaponMods, attackEffects(b, v, l, false, []).weaponMods]).toEqual([[CRIT2], []]);
    b.unit(k).y -= 12;
    expect(attackEffects(b, v, l, true, []).weaponMods).toEqual([]);
    b.unit(k).y += 12;
    b.data.profiles[v] = { ...b.profile(v), keywords: b.profile(v).keywords.filter((x) => x !== "NAMARTI") };
    expect(attackEffects(b, v, l, true, []).weaponMods).toEqual([]);
  });
});

describe("Crit (Mortal) for the rest of the turn if the unit charged (Severing Strike)", () => {
  it("[AB:BSData/Severing Strike] the combat step gives the Vindictors that charged Crit (Mortal) for their melee weapons, no dice; not if they did not charge; gone when the next turn starts", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "combat");
    const [v, l] = [ids[0]!, ids[1]!];
    giveTranslated(b, "Vindictors", SEVERING, vocab);
    useStepAbilities(b, 0, "combat");
    expect([held(b, v), attackEffects(b, v, l, true, []).weaponMods]).toEqual([[], []]);
    b.unit(v).charged = true;
    useStepAbilities(b, 0, "combat");
    expect([held(b, v), attackEffects(b, v, l, true, []).weaponMods, attackEffects(b, v, l, false, []).weaponMods]).toEqual([["for-the-turn:Vindictors/Severing Strike#0"], [MORTAL], []]);
    beginTurn(b, 1);
    expect(attackEffects(b, v, l, true, []).weaponMods).toEqual([]);
  });

  it("[AB:BSData/Severing Strike] once per turn for the army: of two Vindictors units that charged, only the first gets it", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    giveTranslated(b, "Vindictors", SEVERING, vocab);
    for (const id of [ids[0]!, ids[2]!]) b.unit(id).charged = true;
    useStepAbilities(b, 0, "combat");
    expect([held(b, ids[0]!), held(b, ids[2]!)]).toEqual([["for-the-turn:Vindictors/Severing Strike#0"], []]);
  });
});

describe("Crit in the combat phase in the kernel", () => {
  it("[AB:BSData/Akhelian Insights, Severing Strike] battles from the combat phase are identical in both engines, seed for seed, and the abilities change some", () => {
    sameBattlesChanged(core, (seed, give) => {
      const { b, ids } = battleInRow([{ warscroll: "Knight-Arcanum", owner: 0 }, { warscroll: "Vindictors", owner: 0, keywords: ["NAMARTI"] }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], null, "combat");
      b.unit(ids[3]!).charged = seed % 2 === 0;
      if (give) {
        giveTranslated(b, "Knight-Arcanum", INSIGHTS, vocab);
        giveTranslated(b, "Vindictors", SEVERING, vocab);
      }
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

// ------------------------------------------------------------------------------------ shooting after a run

// The catalogue's text (Grundstok Gunhauler (Scourge of Ghyran), Attack Squadron).
const SQUADRON = { name: "Attack Squadron", timing: "Passive", effect: "While this unit is wholly within 12\" of any other friendly Grundstok Gunhaulers, it can use SHOOT abilities even if it used the 'Run' ability in the same turn." };
const GUNHAULER = "Grundstok Gunhauler (Scourge of Ghyran)";

/** Two Celestar Ballistas renamed as the Scourge of Ghyran Gunhauler (player 0) at (30, 6) and (30 + dx, 6); Liberators (player 1) at (30, 20). */
function squadron(dx: number, step: "shooting" | "movement", seed = 1) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Celestar Ballista", owner: 0, x: 30, y: 6 }, { warscroll: "Celestar Ballista", owner: 0, x: 30 + dx, y: 6 }, { warscroll: "Liberators", owner: 1, x: 30, y: 20 }], { seed, step: { kind: step, player: 0 } });
  b.data.terrain = [];
  for (const id of [ids[0]!, ids[1]!]) b.data.profiles[id] = { ...b.profile(id), warscroll: GUNHAULER };
  return { b, g: ids[0]!, h: ids[1]!, l: ids[2]! };
}
const shootLabels = (b: Battle, id: number) => {
  b.choiceCache = null;
  return choices(b).map((c) => c.label).filter((x) => x.startsWith(`${b.profile(id).name} shoots`));
};

describe("shooting after a run near another Gunhauler (Attack Squadron)", () => {
  it("[AB:BSData/Attack Squadron] a unit that ran is offered its shooting only with another Gunhauler wholly within 12\" (4\" off: yes; 20\" off: no; without the ability: no)", () => {
    const offered = (dx: number, give: boolean) => {
      const { b, g } = squadron(dx, "shooting");
      if (give) giveTranslated(b, GUNHAULER, SQUADRON, vocab);
      b.unit(g).ran = true;
      b.unit(g).moved = true;
      return shootLabels(b, g).length > 0;
    };
    expect([offered(4, true), offered(20, true), offered(4, false)]).toEqual([true, false, false]);
  });

  it("[AB:BSData/Attack Squadron] battles from the movement phase are identical in both engines, seed for seed", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b } = squadron(seed % 2 === 0 ? 4 : 20, "movement", seed);
      giveTranslated(b, GUNHAULER, SQUADRON, vocab);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// ------------------------------------------------------------------------------------ re-rolled resistance rolls

// The catalogues' texts (Iridan the Witness (Scourge of Ghyran), a Ruination Chamber unit, Alpha Charge).
const FLAMES = { name: "The Flames of Hope", timing: "Passive", effect: 'You can re-roll resistance rolls for friendly RUINATION CHAMBER units while they are wholly within 12" of this unit.' };
const RUINATION = { name: "Ruination Chamber", timing: "Once Per Turn (Army), Reaction: This unit was picked as the target of a non-CORE ability", effect: "Make a resistance roll of D6. On a 4+, that ability has no effect on this unit." };
const ALPHA = { name: "Alpha Charge", timing: "Any Charge Phase", effect: 'Declare: If this unit charged this phase, pick an enemy unit within 1" of it to be the target.\nEffect: Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.' };
const rVocab = keywordVocabulary(["RUINATION CHAMBER"]);
const left = (b: Battle) => (b.rng as ScriptedRng).left();

/** Vindictors (player 0) that charged, in combat with RUINATION CHAMBER Liberators (player 1), a Knight-Arcanum (player 1) next to them; Alpha Charge on the Vindictors. */
function resistRow(dice: number[] | null, arcanumGap = 0.25) {
  const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, keywords: ["RUINATION CHAMBER"] }, { warscroll: "Knight-Arcanum", owner: 1 }], dice, "charge");
  b.unit(ids[2]!).y += arcanumGap - 0.25;
  giveTranslated(b, "Vindictors", ALPHA, rVocab);
  giveTranslated(b, "Liberators", RUINATION, rVocab);
  b.unit(ids[0]!).charged = true;
  return { b, v: ids[0]!, l: ids[1]!, k: ids[2]! };
}

describe("re-rolling resistance rolls (The Flames of Hope)", () => {
  it("[AB:BSData/The Flames of Hope] a failed resistance roll (2) is re-rolled: 5 leaves Alpha Charge without effect (no D3); a 4 is not re-rolled; without the ability the 2 stands and the D3 (3) is rolled", () => {
    const on = resistRow([2, 5]);
    giveTranslated(on.b, "Knight-Arcanum", FLAMES, rVocab);
    useStepAbilities(on.b, 0, "charge");
    expect([on.b.unit(on.l).damage, on.b.unit(on.l).models, left(on.b)]).toEqual([0, 5, 0]);
    const four = resistRow([4]);
    giveTranslated(four.b, "Knight-Arcanum", FLAMES, rVocab);
    useStepAbilities(four.b, 0, "charge");
    expect([four.b.unit(four.l).models, left(four.b)]).toEqual([5, 0]);
    const off = resistRow([2, 3]);
    useStepAbilities(off.b, 0, "charge");
    expect([off.b.unit(off.l).models, off.b.unit(off.l).damage, left(off.b)]).toEqual([4, 1, 0]);
  });

  it("[AB:BSData/The Flames of Hope] not when the Ruination Chamber unit is not wholly within 12\" of the unit with it: the 2 stands, the D3 (2) inflicts 2", () => {
    const far = resistRow([2, 2], 20);
    giveTranslated(far.b, "Knight-Arcanum", FLAMES, rVocab);
    useStepAbilities(far.b, 0, "charge");
    expect([far.b.unit(far.l).models, left(far.b)]).toEqual([4, 0]);
  });

  it("[AB:BSData/The Flames of Hope] battles from the charge phase are identical in both engines, seed for seed, and the re-roll is made in some", () => {
    let rerolled = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = resistRow(null, seed % 3 === 0 ? 20 : 0.25);
      giveTranslated(b, "Knight-Arcanum", FLAMES, rVocab);
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const t = s.clone();
      t.reseed(seed);
      playPolicy(t);
      if (t.battle.data.log!.some((l) => / re-rolls it \(Knight-Arcanum\)/.test(l))) rerolled++;
    }
    expect(rerolled).toBeGreaterThan(0);
  });
});

// ------------------------------------------------------------------------------------ no runs, no retreats

// The catalogues' texts (Drycha Hamadreth, The Masque).
const TERROR = { name: "Terror Of The Deep Woods", timing: "Passive", effect: 'Enemy units cannot use RUN or RETREAT abilities while they are within 9" of this unit.' };
const CAPTIVE = { name: "Captive Audience", timing: "Passive", effect: "Enemy units cannot use RETREAT abilities while they are in combat with this unit." };

/** A Mancrusher Gargant (player 0) at (10, 4) with a Warstomper Mega-Gargant at (20, 4) (Keep Up!: it runs toward objectives), Vindictors (player 1) at (x, y). */
function gargantRun(x: number, y: number, seed = 1) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Mancrusher Gargant", owner: 0, x: 10, y: 4 }, { warscroll: "Warstomper Mega-Gargant", owner: 0, x: 20, y: 4 }, { warscroll: "Vindictors", owner: 1, x, y }], { seed, step: { kind: "movement", player: 0 } });
  b.data.terrain = [];
  return { b, g: ids[0]!, v: ids[2]! };
}
const gargantLabels = (b: Battle) => {
  b.choiceCache = null;
  return choices(b).map((c) => c.label).filter((x) => x.startsWith("Mancrusher Gargant "));
};

describe("no runs or retreats near an enemy unit (Terror of the Deep Woods, Captive Audience)", () => {
  it("[AB:BSData/Terror Of The Deep Woods] within 9\" of the Vindictors the Gargant is offered moves only; beyond 9\" its runs are back; without the ability they are there", () => {
    const runs = (x: number, give: boolean) => {
      const { b } = gargantRun(x, 4);
      if (give) giveTranslated(b, "Vindictors", TERROR, vocab);
      return gargantLabels(b).filter((l) => l.includes(" runs ")).length;
    };
    const near = 10 + 8; // 8" between centres: within 9" edge to edge
    expect([runs(near, true) === 0, runs(near, false) > 0, runs(40, true) > 0]).toEqual([true, true, true]);
  });

  it("[AB:BSData/Terror Of The Deep Woods, Captive Audience] a unit in combat with the unit with it is offered no retreat; without the ability it is", () => {
    for (const text of [TERROR, CAPTIVE]) {
      const retreats = (give: boolean) => {
        const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], null, "movement");
        if (give) giveTranslated(b, "Vindictors", text, vocab);
        b.choiceCache = null;
        return choices(b).map((c) => c.label).filter((l) => l.startsWith(`${b.profile(ids[0]!).name} retreats`)).length;
      };
      expect([retreats(true), retreats(false)], text.name).toEqual([0, 1]);
    }
  });

  it("[AB:BSData/Terror Of The Deep Woods, Captive Audience] battles from the movement phase are identical in both engines, seed for seed, and the ban changes some (the Gargant that would run moves)", () => {
    sameBattlesChanged(core, (seed, give) => {
      const { b } = gargantRun(18 + (seed % 3), 4 + (seed % 2) * 3, seed);
      if (give) {
        giveTranslated(b, "Vindictors", TERROR, vocab);
        giveTranslated(b, "Vindictors", CAPTIVE, vocab);
      }
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});

// ------------------------------------------------------------------------------------ a fight-after reaction's Crit

// The catalogue's text (Royal Decapitator, Executioner's Entourage).
const ENTOURAGE = {
  name: "Executioner's Entourage",
  timing: "Reaction: You declared a FIGHT ability for this unit",
  effect:
    "Pick a friendly SERFS unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the rest of the turn.",
};
const sVocab = keywordVocabulary(["SERFS"]);

/** A Crypt Haunter Courtier (with the reaction) and SERFS Vindictors (player 0) beside it, both in combat with 10 Liberators (player 1), in player 0's charge phase. */
function entourage(seed: number) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Crypt Haunter Courtier", owner: 0, x: 0, y: 0 }, { warscroll: "Vindictors", owner: 0, x: 0, y: 0, keywords: ["SERFS"] }, { warscroll: "Liberators", owner: 1, x: 30, y: 20, models: 10 }], { step: { kind: "charge", player: 0 }, seed });
  b.data.terrain = [];
  const [c, v, l] = ids as [number, number, number];
  const r = (id: number) => b.footprint(id).radius;
  Object.assign(b.unit(c), { x: 30, y: 20 - r(l) - r(c) - 0.2 });
  Object.assign(b.unit(v), { x: 30 + r(c) + r(v) + 0.2, y: 20 - r(l) - r(v) - 0.2 });
  giveTranslated(b, "Crypt Haunter Courtier", ENTOURAGE, sVocab);
  return { b, c, v, l };
}

describe("a fight-after reaction's Crit (Executioner's Entourage)", () => {
  it("[AB:BSData/Executioner's Entourage] the Courtier fights, the SERFS Vindictors fight right after it, with Crit (2 Hits) on their melee weapons for the rest of the turn", () => {
    const { b, c, v, l } = entourage(3);
    nextPhase(b);
    b.unit(l).models = 10;
    expect(attackEffects(b, v, l, true, []).weaponMods).toEqual([]);
    fight(b, c, l);
    expect(b.data.fightNext?.unit).toBe(v);
    fight(b, v, l);
    expect([held(b, v), attackEffects(b, v, l, true, []).weaponMods]).toEqual([["for-the-turn:Crypt Haunter Courtier/Executioner's Entourage#1"], [CRIT2]]);
  });

  it("[AB:BSData/Executioner's Entourage] battles from the charge phase (and after the Courtier's fight) are identical in both engines, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, c, l } = entourage(seed);
      b.data.log = null;
      if (seed > 3) {
        nextPhase(b);
        if (b.unit(l).status !== "deployed") continue;
        fight(b, c, l);
      }
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// ------------------------------------------------------------------------------------ no models returned

// The catalogues' texts (Lord-Exorcist, Redemptor Casket; a Legion-like return at the end of a turn).
const CASKET = { name: "Redemptor Casket", timing: "Passive", effect: 'Models cannot be returned to enemy units within 12" of this unit.' };
const LEGION = { name: "Legion", timing: "End of Any Turn", effect: "You can return D3 slain models to this unit." };

/** Liberators (player 0, 2 of 5 models left) at (20, 12) with Legion; a Knight-Arcanum (player 1) at (20, y) with Redemptor Casket. */
function casket(dice: number[] | null, y: number, seed = 1) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Liberators", owner: 0, x: 20, y: 12 }, { warscroll: "Knight-Arcanum", owner: 1, x: 20, y }, { warscroll: "Vindictors", owner: 1, x: 50, y: 36 }], { ...(dice ? { dice } : { seed }), step: { kind: dice ? "combat" : "movement", player: 0 } });
  b.data.terrain = [];
  giveTranslated(b, "Liberators", LEGION, vocab);
  giveTranslated(b, "Knight-Arcanum", CASKET, vocab);
  b.unit(ids[0]!).models = 2;
  return { b, l: ids[0]!, k: ids[1]! };
}

describe("no models returned near the unit (Redemptor Casket)", () => {
  it("[AB:BSData/Redemptor Casket] within 12\" of the Knight-Arcanum the Liberators' Legion returns nothing and rolls no dice; 20\" off the D3 (2) returns 2", () => {
    const near = casket([], 20);
    useEndOfTurnHealing(near.b);
    expect([near.b.unit(near.l).models, left(near.b)]).toEqual([2, 0]);
    const far = casket([2], 40);
    useEndOfTurnHealing(far.b);
    expect([far.b.unit(far.l).models, left(far.b)]).toEqual([4, 0]);
  });

  it("[AB:BSData/Redemptor Casket] battles from the movement phase are identical in both engines, seed for seed, and the ban changes some", () => {
    sameBattlesChanged(core, (seed, give) => {
      const { b, k } = casket(null, seed % 2 === 0 ? 20 : 18, seed);
      if (!give) b.data.profiles[k] = { ...b.profile(k), abilities: [] };
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});
