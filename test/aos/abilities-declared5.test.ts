/**
 * The declared abilities' fifth pass (docs/abilities.md "Declared abilities, fifth pass (declared5)"): the Move
 * characteristic held for a while (`set: "move"`, src/aos/battle/declared5.ts, assembly/battle/declared5.ts) and the
 * 2D6 roll against the target's Health (`vs: "health-2d6-exceeds"`), put by the declared-ability steps (status.ts
 * useForAWhile), each on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not
 * expect); then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DURATION_SETS } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { moveHeld } from "../../src/aos/battle/declared5.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { moveModifier } from "../../src/aos/battle/moves.js";
import { strikeForAWhile } from "../../src/aos/battle/status.js";
import { noCommands } from "../../src/aos/battle/declared2.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { unitWard } from "../../src/aos/battle/effects.js";
import { battleEffects, battleView } from "../../src/aos/battle/effects.js";
import { battleInRow, nineInchesApart, type PhaseKind, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' wordings (Command Underlings, Direct the Gyrocorps, Vice-like Grip) on the bundled Stormcast units.
const TEXT = {
  underlings: declare("Underlings", "Once Per Turn (Army), Your Hero Phase", 'Pick up to 3 friendly INFANTRY units wholly within 12" of this unit to be targets.', 'Add 3" to the Move characteristic of each target for the rest of the turn.'),
  gyro: declare("Gyro", "Once Per Turn (Army), Your Hero Phase", 'Pick up to 3 visible friendly Vindictors or Liberators units wholly within 18" of this unit to be the targets.', 'Roll a dice for each target. On a 3+, until the start of your next turn:\r\n• Add 1 to hit rolls for the target\'s attacks.\r\n• Add 2" to the target\'s Move characteristic.'),
  grip: declare("Grip", "Once Per Turn (Army), Any Charge Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll 2D6. If the result exceeds the target's Health characteristic, for the rest of the turn: • The target has STRIKE-LAST. • The target cannot use commands."),
  // Orghotts Daemonspew's Grasping Tongue with the bundled Stormcast units' keyword.
  tongue: declare("Tongue", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, add 1 to wound rolls for combat attacks made by friendly STORMCAST ETERNALS units that target that enemy unit for the rest of the turn."),
  tongueNamed: declare("Tongue Named", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, add 1 to wound rolls for combat attacks made by friendly Vindictors units that target that enemy unit for the rest of the turn."),
  // The Butcher's Trogg-Guts, a HERO for the MAWSEEKERS.
  trogg: declare("Trogg", "Once Per Turn (Army), Any Movement Phase", 'Pick a visible friendly STORMCAST ETERNALS unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, the target has WARD (6+) until the start of your next turn. If you picked a HERO unit, it has WARD (5+) until the start of your next turn instead."),
} as const;

const vocab = keywordVocabulary(["STORMCAST ETERNALS"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));


describe("the Move characteristic for a while, scripted dice", () => {
  it("[AB:BSData/Underlings] the hero step: +3\" on each friendly INFANTRY unit still to move (up to 3, no dice), read by moveModifier; gone when the next turn starts", () => {
    const { b, v, l, e } = nineInchesApart("hero", []);
    give(b, "Lord-Imperatant", TEXT.underlings);
    expect(moveModifier(b, v, "move")).toBe(0);
    useStepAbilities(b, 0, "hero");
    expect([held(b, v), held(b, l), held(b, e), left(b)]).toEqual([["for-the-turn:Lord-Imperatant/Underlings#0"], ["for-the-turn:Lord-Imperatant/Underlings#0"], [], 0]);
    expect([moveModifier(b, v, "move"), moveModifier(b, l, "move"), moveModifier(b, v, "run"), moveHeld(b, e)]).toEqual([3, 3, 0, 0]);
    beginTurn(b, 1);
    expect([held(b, v), moveModifier(b, v, "move")]).toEqual([[], 0]);
  });

  it("[AB:BSData/Underlings] worth nothing on a unit that moved, in combat, or at the end of the movement phase (the step comes after the moves): not used", () => {
    const moved = nineInchesApart("hero", []);
    give(moved.b, "Lord-Imperatant", TEXT.underlings);
    moved.b.unit(moved.v).moved = true;
    moved.b.unit(moved.l).moved = true;
    useStepAbilities(moved.b, 0, "hero");
    expect([held(moved.b, moved.v), held(moved.b, moved.l)]).toEqual([[], []]);
    const late = nineInchesApart("movement", []);
    give(late.b, "Lord-Imperatant", { ...TEXT.underlings, timing: "Once Per Turn (Army), Your Movement Phase" });
    useStepAbilities(late.b, 0, "movement");
    expect([held(late.b, late.v), held(late.b, late.l)]).toEqual([[], []]);
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "hero");
    give(b, "Vindictors", TEXT.underlings);
    useStepAbilities(b, 0, "hero");
    expect(held(b, ids[0]!)).toEqual([]); // in combat
  });

  it("[AB:BSData/Gyro] a dice for each target by ascending id: on a 3+ both bullets (+1 to hit, +2\" Move) until the start of player 0's next turn; a 2 nothing", () => {
    const { b, v, l } = nineInchesApart("hero", [2, 5]);
    // The Liberators (player 1) are not friendly to the Lord-Imperatant; Vindictors only (one target), then a second Vindictors-like pick: the Lord-Imperatant is no Vindictors.
    give(b, "Lord-Imperatant", TEXT.gyro);
    useStepAbilities(b, 0, "hero");
    expect([held(b, v), held(b, l), left(b)]).toEqual([[], [], 1]); // one target, one dice: a 2
    const ok = nineInchesApart("hero", [3]);
    give(ok.b, "Lord-Imperatant", TEXT.gyro);
    useStepAbilities(ok.b, 0, "hero");
    const until = ["until-your-next-turn:0:for-the-turn:Lord-Imperatant/Gyro#0", "until-your-next-turn:0:for-the-turn:Lord-Imperatant/Gyro#1"];
    expect([held(ok.b, ok.v), moveModifier(ok.b, ok.v, "move"), left(ok.b)]).toEqual([until, 2, 0]);
    beginTurn(ok.b, 1);
    expect(moveModifier(ok.b, ok.v, "move")).toBe(2);
    beginTurn(ok.b, 0);
    expect([held(ok.b, ok.v), moveModifier(ok.b, ok.v, "move")]).toEqual([[], 0]);
  });
});

describe("2D6 against the target's Health, scripted dice", () => {
  it("[AB:BSData/Grip] the charge step: 2D6 of 1+1 does not exceed the Liberators' Health 2; 1+2 does: STRIKE-LAST and no commands for the rest of the turn", () => {
    const row = (dice: number[]) => {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], dice, "charge");
      give(b, "Vindictors", TEXT.grip);
      useStepAbilities(b, 0, "charge");
      return { b, e: ids[1]! };
    };
    const low = row([1, 1]);
    expect([held(low.b, low.e), left(low.b), strikeForAWhile(low.b, low.e, "last")]).toEqual([[], 0, false]);
    const high = row([1, 2]);
    expect([held(high.b, high.e), left(high.b), strikeForAWhile(high.b, high.e, "last"), noCommands(high.b, high.e)]).toEqual([["for-the-turn:Vindictors/Grip#0", "for-the-turn:Vindictors/Grip#1"], 0, true, true]);
  });
});

describe("a mark for friendly units' attacks, scripted dice", () => {
  it("[AB:BSData/Tongue] the combat step: on a 3+ the enemy in combat holds +1 to wound for melee attacks by friendly STORMCAST ETERNALS units (not a Vindictors-only mark's other attackers, not ranged)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Gatebreaker Mega-Gargant", owner: 1 }, { warscroll: "Liberators", owner: 0 }], [3, 4], "combat");
    const [v, g, l] = ids as [number, number, number];
    give(b, "Vindictors", TEXT.tongue);
    give(b, "Vindictors", TEXT.tongueNamed);
    const wound = (a: number, melee = true) => attackMods(battleView(b), battleEffects(b), a, g, melee, false).wound;
    expect([wound(v), wound(l)]).toEqual([0, 0]);
    useStepAbilities(b, 0, "combat");
    expect([held(b, g), left(b)]).toEqual([["for-the-turn:Vindictors/Tongue#0", "for-the-turn:Vindictors/Tongue Named#0"], 0]);
    expect([wound(v), wound(l), wound(v, false)]).toEqual([2, 1, 0]);
    beginTurn(b, 1);
    expect([held(b, g), wound(v)]).toEqual([[], 0]);
  });
});

describe("a better ward for a keyword, scripted dice", () => {
  it("[AB:BSData/Trogg] the movement step: on a 3+ the Lord-Imperatant (a HERO) holds WARD (5+), the Vindictors WARD (6+), until the start of player 0's next turn; a 2 nothing", () => {
    const row = (first: string, dice: number[]) => {
      const { b, ids } = battleInRow([{ warscroll: first, owner: 0 }, { warscroll: "Liberators", owner: 1 }], dice, "movement");
      give(b, first, TEXT.trogg);
      b.unit(ids[0]!).tokens = []; // the Lord-Imperatant's Gryph-hound (its own WARD (5+)) gone
      expect(unitWard(b, ids[0]!)).toBe(null);
      useStepAbilities(b, 0, "movement");
      return { b, u: ids[0]! };
    };
    const hero = row("Lord-Imperatant", [3]);
    expect([held(hero.b, hero.u).length, unitWard(hero.b, hero.u), left(hero.b)]).toEqual([2, 5, 0]);
    beginTurn(hero.b, 1);
    expect(unitWard(hero.b, hero.u)).toBe(5);
    beginTurn(hero.b, 0);
    expect(unitWard(hero.b, hero.u)).toBe(null);
    const plain = row("Vindictors", [6]);
    expect([held(plain.b, plain.u).length, unitWard(plain.b, plain.u)]).toEqual([2, 6]);
    const failed = row("Vindictors", [2]);
    expect([held(failed.b, failed.u), unitWard(failed.b, failed.u)]).toEqual([[], null]);
  });
});

describe("the fifth pass in the kernel", () => {
  it("the kernel's codes are schema.ts's (assembly/battle/declared5.ts SET_MOVE = DURATION_SETS' index of move; EF.D2_VS 4 the fourth vs)", () => {
    expect(DURATION_SETS.indexOf("move")).toBe(19);
  });

  for (const step of ["hero", "movement", "charge"] as PhaseKind[]) {
    it(`[AB:BSData/Underlings, Gyro, Grip] battles from the ${step} phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, v, e } = nineInchesApart(step, null);
        for (const t of Object.values(TEXT)) for (const w of ["Lord-Imperatant", "Liberators", "Vindictors"]) give(b, w, t);
        b.unit(e).y += 2 * seed; // 11" to 21" apart
        if (seed % 3 === 0) b.unit(v).tokens.push("for-the-turn:Lord-Imperatant/Underlings#0");
        if (seed % 3 === 1) b.unit(v).tokens.push("until-your-next-turn:0:for-the-turn:Lord-Imperatant/Gyro#1");
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[AB:BSData/Tongue] battles from the combat phase with a mark put and held are identical, seed for seed (a Vindictors-only mark while the Liberators fight)", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Gatebreaker Mega-Gargant", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], null, "combat");
      for (const w of ["Vindictors", "Liberators", "Gatebreaker Mega-Gargant"]) give(b, w, seed % 3 === 0 ? TEXT.tongue : TEXT.tongueNamed);
      if (seed % 3 !== 0) b.unit(ids[2]!).y += 20; // the Vindictors out of combat: the Liberators alone fight the Gargant
      if (seed % 2 === 0) b.unit(ids[1]!).tokens.push(seed % 3 === 0 ? "for-the-turn:Vindictors/Tongue#0" : "for-the-turn:Vindictors/Tongue Named#0");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("[AB:BSData/Trogg] battles from the movement and combat phases with a HERO and a non-HERO in combat are identical, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b, ids } = battleInRow([{ warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Gatebreaker Mega-Gargant", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], null, seed % 2 === 0 ? "movement" : "combat");
      for (const w of ["Lord-Imperatant", "Vindictors"]) give(b, w, TEXT.trogg);
      if (seed % 4 === 1) for (const i of [0, 2]) b.unit(ids[i]!).tokens.push("until-your-next-turn:0:for-the-turn:Vindictors/Trogg#0", "until-your-next-turn:0:for-the-turn:Vindictors/Trogg#1");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("[AB:BSData/Grip] battles from the charge and combat phases with units in combat are identical, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, seed % 2 === 0 ? "charge" : "combat");
      for (const w of ["Lord-Imperatant", "Liberators", "Vindictors"]) give(b, w, TEXT.grip);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
