/**
 * The hero3 area (docs/abilities.md "Hero phases, spells and the start of a turn (hero3)"): each form on a set-up
 * position with scripted dice (a ScriptedRng fails on any die the test did not expect), then the kernel playing the
 * same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { noCommands } from "../../src/aos/battle/declared2.js";
import { feralRoarTargets } from "../../src/aos/battle/feral-roar.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { battleSpells, spellPick } from "../../src/aos/battle/warscroll-spells.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { castFirst, giveTranslated } from "../support/abilities.js";
import { battleAt, battleInRow, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
const X = "add 1 to the Rend characteristic of the target's melee weapons for the rest of the turn";
// The catalogues' texts (/work/shared/data/bsdata-aos4).
const TEXT = {
  paragon: declare("Paragon of Slaughter", "Once Per Turn (Army), Your Hero Phase", 'Pick a visible friendly DAUGHTERS OF KHAINE INFANTRY unit wholly within 12" of this unit to be the target.', `If this unit is in combat, ${X}. If this unit is not in combat, roll a dice. On a 3+, ${X}.`),
  visions: declare("Oracular Visions", "Once Per Turn (Army), Your Hero Phase", 'Pick a friendly WARRIORS OF CHAOS unit wholly within 12" of this unit to be the target and roll a dice.', "On a 3+, the target has WARD (5+) until the start of your next turn."),
  candlelight: declare("Deathly Candlelight", "Your Hero Phase; Spell, casting value 7", 'Pick a visible enemy unit within 12" of this unit to be the target, then make a casting roll of 2D6.', "The target cannot use commands for the rest of the turn."),
  madness: declare(
    "Terrible Madness",
    "Your Hero Phase; Spell, casting value 7",
    'Pick a visible enemy unit within 13" of this unit to be the target, then make a casting roll of 2D6.',
    "The target cannot use commands until the start of your next turn. In addition, roll a number of dice equal to the number of models in the target unit. For each 6, inflict 1 mortal damage on the target.",
  ),
} as const;

const vocab = keywordVocabulary(["DAUGHTERS OF KHAINE", "WARRIORS OF CHAOS"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));
const DOK = ["DAUGHTERS OF KHAINE"];
const GATEBREAKER = "Gatebreaker Mega-Gargant";

describe("no dice while this unit is in combat, scripted dice", () => {
  it("[AB:BSData/Paragon of Slaughter] in combat: +1 Rend on the unit's melee weapons for the rest of the turn without a dice; gone when the next turn starts", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0, keywords: DOK }, { warscroll: "Liberators", owner: 1 }], [], "hero");
    const v = ids[0]!;
    give(b, "Vindictors", TEXT.paragon);
    expect(b.inCombat(v)).toBe(true);
    useStepAbilities(b, 0, "hero");
    expect([held(b, v), left(b)]).toEqual([["for-the-turn:Vindictors/Paragon of Slaughter#0"], 0]);
    beginTurn(b, 1);
    expect(held(b, v)).toEqual([]);
  });

  it("[AB:BSData/Paragon of Slaughter] not in combat: a dice, a 3 puts it, a 2 does nothing (the ability is used)", () => {
    for (const [dice, tokens] of [
      [3, ["for-the-turn:Vindictors/Paragon of Slaughter#0"]],
      [2, []],
    ] as const) {
      // 6" apart: a charge is to come, so the melee weapons count.
      const { b, ids } = battleAt("savage-gains", [{ warscroll: "Vindictors", owner: 0, x: 30, y: 10, keywords: DOK }, { warscroll: "Liberators", owner: 1, x: 30, y: 10 }], { dice: [dice], step: { kind: "hero", player: 0 } });
      b.data.terrain = [];
      const [v, l] = [ids[0]!, ids[1]!];
      b.unit(l).y = b.unit(v).y + b.footprint(v).radius + b.footprint(l).radius + 6;
      give(b, "Vindictors", TEXT.paragon);
      expect(b.inCombat(v)).toBe(false);
      useStepAbilities(b, 0, "hero");
      expect([held(b, v), left(b)], `dice ${dice}`).toEqual([tokens, 0]);
    }
  });
});

describe("the Declare step's dice, scripted dice", () => {
  it("[AB:BSData/Oracular Visions] on a 3+ WARD (5+) on the friendly WARRIORS OF CHAOS unit most threatened, through the enemy's turn; a 2 does nothing", () => {
    for (const [dice, tokens] of [
      [3, ["until-your-next-turn:0:for-the-turn:Vindictors/Oracular Visions#0"]],
      [2, []],
    ] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0, keywords: ["WARRIORS OF CHAOS"] }, { warscroll: "Liberators", owner: 1 }], [dice], "hero");
      const v = ids[0]!;
      give(b, "Vindictors", TEXT.visions);
      useStepAbilities(b, 0, "hero");
      expect([held(b, v), left(b)], `dice ${dice}`).toEqual([tokens, 0]);
      beginTurn(b, 1);
      expect(held(b, v)).toEqual(tokens);
      beginTurn(b, 0);
      expect(held(b, v)).toEqual([]);
    }
  });
});

/** A Knight-Arcanum (player 0, WIZARD) and a Gatebreaker (player 1) with `damage` damage points, 8" apart, in player 0's hero phase. */
function wizardAndGargant(damage: number, dice: number[] | null, more: Placement[] = []) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 10 }, { warscroll: GATEBREAKER, owner: 1, x: 30, y: 10 }, ...more], { ...(dice ? { dice } : { seed: 1 }), step: { kind: "hero", player: 0 } });
  b.data.terrain = [];
  const [k, g] = [ids[0]!, ids[1]!];
  b.unit(g).y = b.unit(k).y + b.footprint(k).radius + b.footprint(g).radius + 8;
  b.unit(g).damage = damage;
  b.data.commandPoints = [1, 1];
  return { b, k, g, ids };
}


describe("spells: the target cannot use commands, scripted dice", () => {
  it("[AB:BSData/Deathly Candlelight] cast on the damaged Gatebreaker (Battle Damaged at 15): it cannot receive Feral Roar for the rest of the turn", () => {
    const { b, g } = wizardAndGargant(15, [4, 3]);
    give(b, "Knight-Arcanum", TEXT.candlelight);
    expect(feralRoarTargets(b, 1)).toEqual([g]);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Deathly Candlelight on Gatebreaker Mega-Gargant");
    expect([noCommands(b, g), feralRoarTargets(b, 1), left(b)]).toEqual([true, [], 0]);
    beginTurn(b, 1);
    expect([noCommands(b, g), feralRoarTargets(b, 1)]).toEqual([false, [g]]);
  });

  it("[AB:BSData/Deathly Candlelight] worth nothing on a unit Feral Roar cannot reach (Liberators; the Gatebreaker out of range): the scripted rule does not cast it", () => {
    const { b, g, k } = wizardAndGargant(15, [], [{ warscroll: "Liberators", owner: 1, x: 40, y: 16 }]);
    give(b, "Knight-Arcanum", TEXT.candlelight);
    const [s] = battleSpells(b);
    expect(spellPick(b, s!, k)).toEqual({ targets: [g], score: 1 });
    b.unit(g).y += 20;
    expect(spellPick(b, s!, k)).toBeNull();
  });

  it("[AB:BSData/Terrible Madness] until the start of the caster's next turn, then a dice for the Gatebreaker's one model: a 6 inflicts 1 mortal damage", () => {
    const { b, g } = wizardAndGargant(15, [5, 2, 6]);
    give(b, "Knight-Arcanum", TEXT.madness);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Terrible Madness on Gatebreaker Mega-Gargant");
    expect([b.unit(g).damage, noCommands(b, g), left(b)]).toEqual([16, true, 0]);
    beginTurn(b, 1);
    expect([noCommands(b, g), feralRoarTargets(b, 1)]).toEqual([true, []]);
    beginTurn(b, 0);
    expect(noCommands(b, g)).toBe(false);
  });
});

describe("the kernel plays the same battles", () => {
  it("[AB:BSData/Paragon of Slaughter, Oracular Visions] battles from the hero phase, the unit with the ability in combat or 6\" away, are identical, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0, keywords: [...DOK, "WARRIORS OF CHAOS"] }, { warscroll: "Liberators", owner: 1, keywords: [...DOK, "WARRIORS OF CHAOS"] }], null, "hero");
      if (seed % 2 === 0) b.unit(ids[1]!).y += 6;
      for (const w of ["Vindictors", "Liberators"]) for (const t of [TEXT.paragon, TEXT.visions]) give(b, w, t);
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("[AB:BSData/Deathly Candlelight, Terrible Madness] battles from the hero phase with a damaged Gatebreaker are identical, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b } = wizardAndGargant(seed % 2 === 0 ? 15 : 10, null, [{ warscroll: GATEBREAKER, owner: 0, x: 20, y: 12 }, { warscroll: "Knight-Arcanum", owner: 1, x: 40, y: 30 }]);
      give(b, "Knight-Arcanum", seed % 3 === 0 ? TEXT.madness : TEXT.candlelight);
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// ------------------------------------------------------------------------------------------- seizing an objective

import { useStepAbilities as stepAbilities } from "../../src/aos/battle/combat-abilities.js";

const SEIZE = declare("All Belongs to Tzeentch", "Once Per Battle (Army), Start of Any Turn", "Pick an objective you do not control and that you controlled earlier in the battle to be the target.", "You control the target objective.");

/** Player 0's Vindictors (with the ability) and player 1's Liberators, at the start of `active`'s turn; the objectives and their ids. */
function seizeRow(active: 0 | 1) {
  const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "hero");
  b.data.active = active;
  give(b, "Vindictors", SEIZE);
  const objectives = b.objectives().map((o) => o.id);
  return { b, v: ids[0]!, objectives };
}

describe("seizing an objective, no dice", () => {
  it("[AB:BSData/All Belongs to Tzeentch] at the start of its army's turn: the objective the enemy controls that the army held at the end of an earlier turn becomes its own; once per battle", () => {
    const { b, objectives } = seizeRow(0);
    const [a, c, d] = objectives as [string, string, string];
    const side = b.side(0);
    const other = b.side(1);
    b.data.scoring!.history = [{ round: 1, player: side, control: { [side]: [a, c], [other]: [] } as never }];
    b.data.control = { [a]: null, [c]: 1, [d]: 1 };
    stepAbilities(b, 0, "start-of-turn");
    // c (the enemy's) before a (nobody's); d was never the army's.
    expect([b.data.control[a], b.data.control[c], b.data.control[d], b.data.effectsUsed?.[0]]).toEqual([null, 0, 1, ["Vindictors/All Belongs to Tzeentch"]]);
    b.data.control[c] = 1;
    stepAbilities(b, 0, "start-of-turn");
    expect(b.data.control[c]).toBe(1);
  });

  it("[AB:BSData/All Belongs to Tzeentch] not in the enemy's turn, nor with no objective the army held earlier (not used then)", () => {
    const enemyTurn = seizeRow(1);
    const [a] = enemyTurn.objectives as [string];
    const side = enemyTurn.b.side(0);
    enemyTurn.b.data.scoring!.history = [{ round: 1, player: side, control: { [side]: [a], [enemyTurn.b.side(1)]: [] } as never }];
    enemyTurn.b.data.control = { [a]: 1 };
    stepAbilities(enemyTurn.b, 0, "start-of-turn");
    expect([enemyTurn.b.data.control[a], enemyTurn.b.data.effectsUsed?.[0] ?? []]).toEqual([1, []]);
    const never = seizeRow(0);
    never.b.data.scoring!.history = [];
    never.b.data.control = { [a]: 1 };
    stepAbilities(never.b, 0, "start-of-turn");
    expect([never.b.data.control[a], never.b.data.effectsUsed?.[0] ?? []]).toEqual([1, []]);
  });

  it("[AB:BSData/All Belongs to Tzeentch] battles from the hero phase (both armies with it, their scoring history their own) are identical in the kernel, seed for seed; it is used in them", () => {
    let seized = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = seizeRow(0);
      give(b, "Liberators", SEIZE);
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      // The same battle in TypeScript, to see the ability used (rolloutTs plays a clone).
      const t = s.clone();
      t.reseed(seed);
      playPolicy(t);
      seized += t.battle.data.effectsUsed?.flat().filter((k) => k.endsWith("All Belongs to Tzeentch")).length ?? 0;
    }
    expect(seized).toBeGreaterThan(0);
  });
});

// ------------------------------------------------------------------------------------------- Crit for a while

import { DURATION_SETS } from "../../src/aos/abilities/schema.js";
import { attackEffects } from "../../src/aos/battle/effects.js";

const CRIT = {
  bones: declare("King of Shambling Bones", "Once Per Turn (Army), Your Hero Phase", "Pick a friendly DEATHRATTLE unit within this unit's combat range to be the target.", "Roll a dice. On a 3+, the target's melee weapons have Crit (2 Hits) for the rest of the turn."),
  memory: declare("Empowered by Memory", "Your Hero Phase; Spell, casting value 7", 'Pick a visible friendly IDONETH DEEPKIN unit wholly within 18" of this unit to be the target, then make a casting roll of 2D6.', "The target's melee weapons have Crit (Auto-wound) for the rest of the turn."),
} as const;
const critVocab = keywordVocabulary(["DEATHRATTLE", "IDONETH DEEPKIN"]);

describe("Crit for a while", () => {
  it("the kernel's TURN_SET code is schema.ts DURATION_SETS' index (assembly/battle/hero3.ts SET_WEAPON_ABILITY)", () => {
    expect(DURATION_SETS.indexOf("weapon-ability")).toBe(16);
  });

  it("[AB:BSData/King of Shambling Bones] on a 3+ the Vindictors' Stormspear has Crit (2 Hits) for their combat attacks this turn (not their ranged ones; not on the Liberators, whose hammers have a Crit already: worth nothing there)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0, keywords: ["DEATHRATTLE"] }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Liberators", owner: 0, keywords: ["DEATHRATTLE"] }], [3], "hero");
    const [v, l, mine] = [ids[0]!, ids[1]!, ids[2]!];
    giveTranslated(b, "Vindictors", CRIT.bones, critVocab);
    expect(attackEffects(b, v, l, true, []).weaponMods).toEqual([]);
    useStepAbilities(b, 0, "hero");
    expect([held(b, v), held(b, mine), left(b)]).toEqual([["for-the-turn:Vindictors/King of Shambling Bones#0"], [], 0]);
    expect([attackEffects(b, v, l, true, []).weaponMods, attackEffects(b, v, l, false, []).weaponMods]).toEqual([[{ rend: 0, damage: 0, attacks: 0, ability: "Crit (2 Hits)" }], []]);
    beginTurn(b, 1);
    expect(attackEffects(b, v, l, true, []).weaponMods).toEqual([]);
  });

  it("[AB:BSData/Empowered by Memory] a spell: cast on the friendly unit with the most Attacks, its melee weapons have Crit (Auto-wound) for the rest of the turn", () => {
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 10 }, { warscroll: "Vindictors", owner: 0, x: 30, y: 14, keywords: ["IDONETH DEEPKIN"] }, { warscroll: "Liberators", owner: 1, x: 30, y: 24 }], { dice: [4, 3], step: { kind: "hero", player: 0 } });
    b.data.terrain = [];
    giveTranslated(b, "Knight-Arcanum", CRIT.memory, critVocab);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Empowered by Memory on Vindictors");
    expect([attackEffects(b, ids[1]!, ids[2]!, true, []).weaponMods, left(b)]).toEqual([[{ rend: 0, damage: 0, attacks: 0, ability: "Crit (Auto-wound)" }], 0]);
  });

  it("[AB:BSData/King of Shambling Bones, Empowered by Memory] battles from the hero phase are identical in the kernel, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = battleInRow([{ warscroll: "Knight-Arcanum", owner: 0, keywords: ["DEATHRATTLE", "IDONETH DEEPKIN"] }, { warscroll: "Vindictors", owner: 0, keywords: ["DEATHRATTLE", "IDONETH DEEPKIN"] }, { warscroll: "Liberators", owner: 1, keywords: ["DEATHRATTLE"] }, { warscroll: "Vindictors", owner: 1, keywords: ["DEATHRATTLE"] }], null, "hero");
      if (seed % 2 === 0) b.unit(ids[2]!).y += 4;
      for (const w of ["Knight-Arcanum", "Vindictors"]) giveTranslated(b, w, CRIT.bones, critVocab);
      giveTranslated(b, "Knight-Arcanum", CRIT.memory, critVocab);
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
