/**
 * The timing2 area in play (docs/abilities.md "Timings: commands, replacements and spellings"): a replacement ability
 * translated from its BSData text (a warscroll command, translate-timing2.ts) offered and set up by replacement.ts
 * as the bundled ones are (src/aos/battle/timing2.ts), worked out on a set-up position; then the kernel's battles
 * with it, seed for seed against the TypeScript engine.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { libraryVocabulary } from "../../src/aos/abilities/imported.js";
import { translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import { bundledLibrary, bundledRosters } from "../../src/aos/armies/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { battleReplacements, FIGHT_TWICE_HEROES_TOKEN, FIGHT_TWICE_TOKEN, FOUGHT_TWICE_TOKEN, foughtOnce, SECOND_FIGHT_HEROES_TOKEN, SECOND_FIGHT_TOKEN, secondFightOpen } from "../../src/aos/battle/timing2.js";
import { fight, fightCandidates } from "../../src/aos/battle/combat.js";
import { nextPhase } from "../../src/aos/battle/turn.js";
import { encodeBattle, H, U, UNIT } from "../../src/aos/rollout/encode.js";
import { playPolicy, playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { useCombatAbilities, useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { strikeForAWhile } from "../../src/aos/battle/status.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { battleAt, battleInRow, labels, pick, type ScriptedRng } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const vocab = libraryVocabulary(bundledLibrary());
/** Locus of Slaanesh's text (Keeper of Secrets), its keywords the bundled Nighthaunt's. */
const LOCUS = {
  name: "Locus of Grief",
  timing: "Your Hero Phase; Command",
  effect:
    'Declare: Pick a friendly non-HERO NIGHTHAUNT unit that started the battle with 3 or more models and has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 12" of this unit and more than 9" from all enemy units.',
};

describe("timing2: translated replacement abilities", () => {
  it("[AB-TIMING2] [CORE-REPLACEMENT] a warscroll command: 20 destroyed Chainrasps come back as 10 wholly within 12\" of Lady Olynder and more than 9\" from all enemy units, for 1 command point; not a HERO, not without a command point", () => {
    const at = () =>
      battleAt(
        "savage-gains",
        [
          { warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, x: 30, y: 8 },
          { warscroll: "Chainrasps", owner: 0, x: 0, y: 0, models: 20 },
          { warscroll: "Knight of Shrouds on Ethereal Steed", owner: 0, x: 50, y: 6 },
          { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
        ],
        { step: { kind: "hero", player: 0 } },
      );
    const { b, ids } = at();
    giveTranslated(b, "Lady Olynder, Mortarch of Grief", LOCUS, vocab);
    const [olynder, rasps, knight] = [ids[0]!, ids[1]!, ids[2]!];
    Object.assign(b.unit(rasps), { status: "destroyed", models: 0 });
    Object.assign(b.unit(knight), { status: "destroyed", models: 0 }); // a HERO: not a target
    expect(battleReplacements(b.data.profiles).map((a) => a.id)).toContain("t2-lady-olynder-mortarch-of-grief-locus-of-grief");
    b.data.commandPoints = [0, 1];
    expect(labels(b).some((l) => l.startsWith("Locus of Grief"))).toBe(false); // no command point
    b.data.commandPoints = [1, 1];
    const offered = labels(b).filter((l) => l.startsWith("Locus of Grief"));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((l) => l.includes("a replacement for Chainrasps"))).toBe(true);
    pick(b, "Locus of Grief (Lady Olynder, Mortarch of Grief): a replacement for Chainrasps near objective south-border");
    const repl = b.data.profiles.length - 1;
    expect(b.profile(repl)).toMatchObject({ startModels: 10, replacementOf: rasps });
    expect(b.data.commandPoints[0]).toBe(0);
    expect(b.data.commandsUsed[0]).toContain("t2-lady-olynder-mortarch-of-grief-locus-of-grief");
    // Wholly within 12" of Lady Olynder, more than 9" from the Liberators.
    const u = b.unit(repl);
    const r = b.footprint(repl).radius;
    const o = b.footprint(olynder);
    expect(Math.hypot(u.x - o.x, u.y - o.y) + r - o.radius).toBeLessThanOrEqual(12 + 1e-9);
    expect(b.distance(repl, ids[3]!)).toBeGreaterThan(9);
    // The same ability is not offered again in the phase (a command: once per phase for the army).
    expect(labels(b).some((l) => l.startsWith("Locus of Grief"))).toBe(false);
  });

  it("[AB-TIMING2] [CORE-REPLACEMENT] the kernel plays the translated ability's record: battles of Procession of Grief (its Lady Olynder with the command) against Hammers of the Warrior Chamber, identical seed for seed, and the ability is used", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const byName = (name: string) => rosters.find((r) => r.name === name)!;
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [byName("Procession of Grief"), byName("Hammers of the Warrior Chamber")], battleplan: "first-blood" }, 5));
    const t = translateAbility(LOCUS, vocab);
    const a = translatedAbility("Lady Olynder, Mortarch of Grief", LOCUS.name, t)!;
    for (const p of s.data.profiles) if (p.warscroll === "Lady Olynder, Mortarch of Grief") p.abilities = [...(p.abilities ?? []), a];
    const olynder = s.data.profiles.findIndex((p) => p.warscroll === "Lady Olynder, Mortarch of Grief");
    const f = encodeBattle(s.data);
    // The 7th ability record (2 reserve, 4 bundled replacement): Lady Olynder's; the Supreme Lord's is Nagash's.
    expect(f[f[H.OFF_UNITS]! + olynder * UNIT + U.USER_MASK]).toBe((1 << 6) | (1 << 7)); // and the Nighthaunt battle trait's Ethereal Translocation after it (setups.ts: the redeployments come last)
    let used = 0;
    for (let seed = 1; seed <= 16; seed++) {
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const end = s.clone();
      end.reseed(seed);
      playPolicy(end);
      used += end.data.abilityUses.filter((x) => x.ability === "t2-lady-olynder-mortarch-of-grief-locus-of-grief").length;
    }
    expect(used).toBeGreaterThan(0);
  });
});

/** The two forms translate-status.ts reads for this area (the texts of Purest Aetherquartz and Ashigaroth's Hunger). */
const AETHERQUARTZ = { name: "Purest Aetherquartz", timing: "Once Per Battle, Your Hero Phase", effect: "For the rest of the turn, add 1 to hit rolls for this unit's attacks and subtract 1 from hit rolls for attacks that target this unit." };
const HUNGER = { name: "Ashigaroth's Hunger", timing: "Once Per Turn (Army), Any Combat Phase", effect: "If this unit charged this turn, roll a dice. On a 3+, this unit has STRIKE-FIRST for the rest of the turn." };

describe("timing2: effects for a while in the new forms", () => {
  it("[AB-TIMING2] Purest Aetherquartz: one use puts both modifiers (no dice): +1 to hit for its attacks, -1 to hit for attacks that target it, for the rest of the turn; once per battle", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [], "hero");
    giveTranslated(b, "Liberators", AETHERQUARTZ, vocab);
    const [lib, vind] = [ids[0]!, ids[1]!];
    expect([attackEffects(b, lib, vind, true, []).hit, attackEffects(b, vind, lib, true, []).hit]).toEqual([0, 0]);
    useStepAbilities(b, 0, "hero");
    expect([attackEffects(b, lib, vind, true, []).hit, attackEffects(b, vind, lib, true, []).hit]).toEqual([1, -1]);
    expect((b.rng as ScriptedRng).left()).toBe(0);
    beginTurn(b, 1);
    expect([attackEffects(b, lib, vind, true, []).hit, attackEffects(b, vind, lib, true, []).hit]).toEqual([0, 0]);
    beginTurn(b, 0);
    useStepAbilities(b, 0, "hero"); // Once Per Battle: not again
    expect(attackEffects(b, lib, vind, true, []).hit).toBe(0);
  });

  it("[AB-TIMING2] Ashigaroth's Hunger: if it charged, a dice; on a 3+ STRIKE-FIRST for the rest of the turn; a 2 nothing; no dice when it did not charge", () => {
    for (const [charged, dice, first] of [[true, [3], true], [true, [2], false], [false, [], false]] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [...dice], "combat");
      giveTranslated(b, "Liberators", HUNGER, vocab);
      b.unit(ids[0]!).charged = charged;
      useCombatAbilities(b, 0);
      expect([strikeForAWhile(b, ids[0]!, "first"), (b.rng as ScriptedRng).left()], `charged ${charged}, dice ${dice.join()}`).toEqual([first, 0]);
    }
  });

  it("[AB-TIMING2] both in the kernel: battles from a hero-phase position, identical seed for seed", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }], null, "hero");
      giveTranslated(b, "Liberators", AETHERQUARTZ, vocab);
      giveTranslated(b, "Vindictors", HUNGER, vocab);
      b.unit(ids[1]!).charged = seed % 2 === 0;
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

/** Battle-fury's text (Grimwrath Berzerker) and its "If this unit is in combat" form (Storm of Blades). */
const FURY = { name: "Battle-fury", timing: "Once Per Battle, Any Combat Phase", effect: "This unit can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the turn." };

describe("timing2: fighting twice", () => {
  it("[AB-TIMING2] [CORE-STRIKE-ORDER] Battle-fury: used in the combat step when in combat; after its first FIGHT ability the unit has STRIKE-LAST and may fight again after the others; then no more; once per battle", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0, models: 10 }], null, "charge");
    giveTranslated(b, "Vindictors", FURY, vocab);
    const [a, v, c] = [ids[0]!, ids[1]!, ids[2]!];
    b.data.log = null;
    nextPhase(b); // the end of the charge phase, then the combat phase's step
    expect(b.data.step.kind).toBe("combat");
    expect([b.unit(v).tokens.includes(FIGHT_TWICE_TOKEN), b.unit(a).tokens.includes(FIGHT_TWICE_TOKEN)]).toEqual([true, false]);
    expect(fightCandidates(b)).toEqual([a, v, c].sort((x, y) => x - y));
    fight(b, v, a);
    // The first FIGHT ability used: STRIKE-LAST, so not picked while the Liberators are still to fight.
    expect([b.unit(v).fought, secondFightOpen(b, v), b.unit(v).tokens.includes(SECOND_FIGHT_TOKEN)]).toEqual([true, true, true]);
    expect(fightCandidates(b)).toEqual([a, c].sort((x, y) => x - y));
    fight(b, a, v);
    fight(b, c, v);
    expect(b.unit(v).status).toBe("deployed");
    expect(fightCandidates(b)).toEqual([v]); // the second, last
    // The second: both used (no third), so the combat phase ends with it.
    b.data.step = { kind: "combat", player: 1 };
    const before = [b.unit(v).tokens.includes(SECOND_FIGHT_TOKEN)];
    fight(b, v, c);
    expect([...before, b.data.step.kind === "combat"]).toEqual([true, false]);
    // The next turn: the tokens are gone, and Once Per Battle it is not used again.
    beginTurn(b, 1);
    expect(b.unit(v).tokens.filter((t) => t.includes("fight"))).toEqual([]);
    useCombatAbilities(b, 1);
    expect(b.unit(v).tokens.includes(FIGHT_TWICE_TOKEN)).toBe(false);
    // The token after the second FIGHT ability: both used (still STRIKE-LAST, nothing open).
    b.unit(v).tokens = [SECOND_FIGHT_TOKEN];
    foughtOnce(b, v);
    expect([b.unit(v).tokens, secondFightOpen(b, v)]).toEqual([[FOUGHT_TWICE_TOKEN], false]);
  });

  it("[AB-TIMING2] not used out of combat (the 'If this unit is in combat' form reads the same; the policy does not use it on a unit with nothing to fight)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [], "combat");
    giveTranslated(b, "Vindictors", { ...FURY, effect: "If this unit is in combat, it can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the phase." }, vocab);
    b.unit(ids[1]!).y += 6;
    useCombatAbilities(b, 1);
    expect(b.unit(ids[1]!).tokens).toEqual([]);
    b.unit(ids[1]!).y -= 6;
    useCombatAbilities(b, 1);
    expect(b.unit(ids[1]!).tokens).toEqual([FIGHT_TWICE_TOKEN]);
  });

  it("[AB-TIMING2] Engine of Domination (the HEROES form): used only in combat with an enemy HERO; the second FIGHT ability only while still in combat with one", () => {
    const ENGINE = {
      name: "Engine of Domination",
      timing: "Once Per Turn (Army), Any Combat Phase",
      effect: "If this unit is in combat with any enemy HEROES, it can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the phase and can only be picked to use a second FIGHT ability if it is still in combat with any enemy HEROES.",
    };
    // Vindictors (player 1) between Liberators and a Lord-Imperatant (a HERO).
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, "charge");
    giveTranslated(b, "Vindictors", ENGINE, vocab);
    const [lib, v, lord] = [ids[0]!, ids[1]!, ids[2]!];
    b.data.log = null;
    nextPhase(b);
    expect(b.unit(v).tokens).toContain(FIGHT_TWICE_HEROES_TOKEN);
    fight(b, v, lib);
    expect([b.unit(v).tokens.includes(SECOND_FIGHT_HEROES_TOKEN), secondFightOpen(b, v)]).toEqual([true, true]);
    // Without an enemy HERO in combat with it (the Lord-Imperatant moved away), the second is not open.
    const y = b.unit(lord).y;
    b.unit(lord).y += 10;
    expect(secondFightOpen(b, v)).toBe(false);
    b.unit(lord).y = y;
    // Not used without an enemy HERO in combat with it.
    const far = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [], "combat");
    giveTranslated(far.b, "Vindictors", ENGINE, vocab);
    useCombatAbilities(far.b, 1);
    expect(far.b.unit(far.ids[1]!).tokens).toEqual([]);
    // The kernel: battles from the charge phase, and mid-combat with the second open (encoded 5), seed for seed.
    for (const seed of [1, 2, 3]) {
      const r = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, "charge");
      giveTranslated(r.b, "Vindictors", ENGINE, vocab);
      r.b.data.log = null;
      const s = new PitchedBattleState(r.b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const m = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, "combat");
      giveTranslated(m.b, "Vindictors", ENGINE, vocab);
      m.b.data.log = null;
      for (const id of m.ids) m.b.unit(id).inCombatAtStart = true;
      Object.assign(m.b.unit(m.ids[1]!), { fought: true, tokens: [SECOND_FIGHT_HEROES_TOKEN] });
      const f = encodeBattle(m.b.data);
      expect(f[f[H.OFF_UNITS]! + m.ids[1]! * UNIT + U.FIGHT_TWICE]).toBe(5);
      const ms = new PitchedBattleState(m.b);
      expect(rolloutWasm(core, ms, seed), `mid-combat, seed ${seed}`).toEqual(rolloutTs(ms, seed));
    }
  });

  it("[AB-TIMING2] the kernel: battles from charge-phase positions with Battle-fury, and from a combat phase with the second FIGHT ability open (encoded from the token), identical seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b } = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], null, "charge");
      giveTranslated(b, "Vindictors", FURY, vocab);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
    for (const seed of [1, 2, 3]) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, "combat");
      giveTranslated(b, "Vindictors", FURY, vocab);
      b.data.log = null;
      for (const id of ids) b.unit(id).inCombatAtStart = true;
      Object.assign(b.unit(ids[1]!), { fought: true, tokens: [SECOND_FIGHT_TOKEN] });
      const s = new PitchedBattleState(b);
      const f = encodeBattle(b.data);
      expect(f[f[H.OFF_UNITS]! + ids[1]! * UNIT + U.FIGHT_TWICE]).toBe(2);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("timing2: Hold the Shieldwall's effect from an imported text", () => {
  const AVALANCHE = { name: "Speed of an Avalanche", timing: "Any Combat Phase", effect: "If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice. On a 4+, this unit has STRIKE-FIRST for the rest of the turn." };
  it("[AB-TIMING2] not charged, in combat with an enemy that charged: a 4 gives STRIKE-FIRST for the rest of the turn, a 3 nothing; no dice when the enemy did not charge or it charged itself", () => {
    for (const [selfCharged, enemyCharged, dice, first] of [[false, true, [4], true], [false, true, [3], false], [false, false, [], false], [true, true, [], false]] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [...dice], "combat");
      // On the Liberators (the Vindictors have the bundled Hold the Shieldwall of their own: player 1's step is not run).
      giveTranslated(b, "Liberators", AVALANCHE, vocab);
      b.unit(ids[1]!).charged = enemyCharged;
      b.unit(ids[0]!).charged = selfCharged;
      useCombatAbilities(b, 0);
      expect([b.unit(ids[0]!).tokens.includes("strike-first"), (b.rng as ScriptedRng).left()], `${selfCharged} ${enemyCharged} ${dice.join()}`).toEqual([first, 0]);
    }
  });
  it("[AB-TIMING2] the kernel: battles from the charge phase with it, identical seed for seed", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, "charge");
      giveTranslated(b, "Liberators", AVALANCHE, vocab);
      b.unit(ids[1]!).charged = seed % 2 === 1;
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

