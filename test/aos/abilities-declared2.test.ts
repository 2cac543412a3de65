/**
 * The declared abilities' second pass (docs/abilities.md "Declared abilities, second pass"): the effects it holds on
 * a unit for a while (src/aos/battle/declared2.ts, assembly/battle/declared2.ts), put by the declared-ability steps
 * (status.ts useForAWhile), each on a set-up position with scripted dice (a ScriptedRng fails on any die the test
 * did not expect); then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DURATION_SETS } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useCombatAbilities, useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { noCommands } from "../../src/aos/battle/declared2.js";
import { feralRoarTargets } from "../../src/aos/battle/feral-roar.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { battleInRow, nineInchesApart, type PhaseKind, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const GATEBREAKER = "Gatebreaker Mega-Gargant";
const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (Once Per Turn (Army), Any Hero Phase / Any Combat Phase), as translate-declared2.ts reads them.
const TEXT = {
  silence: declare("Silence", "Any Hero Phase", 'Pick a visible enemy unit within 18" of this unit to be the target.', "Roll a dice. On a 3+, the target cannot use commands for the rest of the turn."),
  hush: declare("Hush", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, the target cannot use commands for the rest of the turn."),
  gag: declare("Gag", "Once Per Turn (Army), Your Hero Phase", 'Pick a visible enemy unit within 18" of this unit to be the target.', "Roll a dice. On a 3+, the target cannot use commands until the start of your next turn."),
  mute: declare("Mute", "Once Per Turn (Army), Any Combat Phase", "Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. On a 4+, the target cannot use commands for the rest of the turn."),
} as const;

const vocab = keywordVocabulary([]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));

/** Vindictors (player 0) in combat with a Gatebreaker Mega-Gargant (player 1) with `damage` damage points (Battle Damaged at 15), a command point each. */
function gargantRow(damage: number, dice: number[] | null, step: PhaseKind = "hero", more: { warscroll: string; owner: 0 | 1 }[] = []) {
  const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: GATEBREAKER, owner: 1 }, ...more], dice, step);
  b.unit(ids[1]!).damage = damage;
  b.data.commandPoints = [1, 1];
  return { b, v: ids[0]!, g: ids[1]!, ids };
}

describe("cannot use commands, scripted dice", () => {
  it("[AB:BSData/Silence] hero step: on a 3+ the damaged Gatebreaker cannot receive Feral Roar for the rest of the turn; gone when the next turn starts", () => {
    const { b, v, g } = gargantRow(15, [3]);
    give(b, "Vindictors", TEXT.silence);
    expect(feralRoarTargets(b, 1)).toEqual([g]);
    useStepAbilities(b, 0, "hero");
    expect([held(b, g), left(b), noCommands(b, g), noCommands(b, v)]).toEqual([["for-the-turn:Vindictors/Silence#0"], 0, true, false]);
    expect(feralRoarTargets(b, 1)).toEqual([]);
    beginTurn(b, 1);
    expect([held(b, g), feralRoarTargets(b, 1)]).toEqual([[], [g]]);
  });

  it("[AB:BSData/Silence] a 2 does nothing (the ability is used); no MONSTER with Battle Damaged data in reach: not used, no dice", () => {
    const failed = gargantRow(15, [2]);
    give(failed.b, "Vindictors", TEXT.silence);
    useStepAbilities(failed.b, 0, "hero");
    expect([held(failed.b, failed.g), left(failed.b), feralRoarTargets(failed.b, 1)]).toEqual([[], 0, [failed.g]]);
    // Its worth does not need the damage now (Feral Roar may come later in the turn): 0 damage points, still used.
    const fresh = gargantRow(0, [4]);
    give(fresh.b, "Vindictors", TEXT.silence);
    useStepAbilities(fresh.b, 0, "hero");
    expect([held(fresh.b, fresh.g).length, left(fresh.b)]).toEqual([1, 0]);
    // Liberators (no MONSTER): worth 0, so no dice (the ScriptedRng has none).
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "hero");
    give(b, "Vindictors", TEXT.silence);
    useStepAbilities(b, 0, "hero");
    expect(held(b, ids[1]!)).toEqual([]);
  });

  it("[AB:BSData/Hush] [AB:BSData/Mute] in the combat step, after the phase's Feral Roar, 'for the rest of the turn' is worth nothing: not used, no dice", () => {
    const { b, g } = gargantRow(15, [], "combat");
    give(b, "Vindictors", TEXT.hush);
    give(b, "Vindictors", TEXT.mute);
    useCombatAbilities(b, 0);
    expect(held(b, g)).toEqual([]);
  });

  it("[AB:BSData/Gag] until the start of your next turn: put in player 0's turn, it holds through player 1's (no Feral Roar there) and goes when player 0's next turn starts", () => {
    const { b, g } = gargantRow(15, [5]);
    give(b, "Vindictors", TEXT.gag);
    useStepAbilities(b, 0, "hero");
    expect(held(b, g)).toEqual(["until-your-next-turn:0:for-the-turn:Vindictors/Gag#0"]);
    beginTurn(b, 1);
    expect([noCommands(b, g), feralRoarTargets(b, 1)]).toEqual([true, []]);
    beginTurn(b, 0);
    expect([held(b, g), noCommands(b, g)]).toEqual([[], false]);
  });

  it("[AB:BSData/Mute] up to 3 enemy units, a dice for each by ascending id: only the MONSTER with Battle Damaged data scores, so one dice", () => {
    const { b, g, ids } = gargantRow(15, [4], "hero", [{ warscroll: "Liberators", owner: 1 }]);
    // Mute is a combat-phase text; in player 0's combat step the rest of the turn has no Feral Roar: use the until form's window instead.
    give(b, "Vindictors", declare("Mute", "Once Per Turn (Army), Your Hero Phase", "Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. On a 4+, the target cannot use commands for the rest of the turn."));
    useStepAbilities(b, 0, "hero");
    expect([held(b, g).length, held(b, ids[2]!).length, left(b)]).toEqual([1, 0, 0]);
  });
});

describe("cannot use commands in the kernel", () => {
  it("the kernel's TURN_SET code is schema.ts DURATION_SETS' index (assembly/battle/declared2.ts SET_NO_COMMANDS)", () => {
    expect(DURATION_SETS.indexOf("no-commands")).toBe(12);
  });

  for (const step of ["hero", "movement", "charge"] as PhaseKind[]) {
    it(`[AB:BSData/Silence, Gag, Hush] battles from the ${step} phase with a damaged Gatebreaker are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = gargantRow(seed % 2 === 0 ? 15 : 10, null, step, [{ warscroll: GATEBREAKER, owner: 0 }, { warscroll: "Liberators", owner: 1 }]);
        for (const t of [TEXT.silence, TEXT.gag, TEXT.hush, TEXT.mute]) for (const w of ["Vindictors", "Liberators", GATEBREAKER]) give(b, w, t);
        b.unit(ids[2]!).damage = 16;
        b.data.commandPoints = [1 + (seed % 3), 1 + (seed % 2)];
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[AB:BSData/Silence] [AB:BSData/Gag] records held on a unit are encoded mid-turn and play the same", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, g } = gargantRow(15, null, "charge");
      give(b, "Vindictors", TEXT.silence);
      give(b, "Vindictors", TEXT.gag);
      b.unit(g).tokens.push(seed % 2 === 0 ? "for-the-turn:Vindictors/Silence#0" : "until-your-next-turn:0:for-the-turn:Vindictors/Gag#0");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// ---------------------------------------------------------------------------------------------- charge rolls

import { chargeDice } from "../../src/aos/battle/effects.js";
import { moveModifier } from "../../src/aos/battle/moves.js";
import { nextPhase } from "../../src/aos/battle/turn.js";

const CHARGE = {
  spur: declare("Spur", "Once Per Turn (Army), Your Charge Phase", 'Pick a visible friendly unit wholly within 12" of this unit to be the target.', "Add 2 to charge rolls for the target for the rest of the turn."),
  goad: declare("Goad", "Your Charge Phase", "Pick another friendly unit within this unit's combat range to be the target.", "Add 1 to charge rolls for the target for the rest of the turn."),
  surge: declare("Surge", "Once Per Turn (Army), Any Charge Phase", 'Pick a friendly unit wholly within 12" of this unit to be the target.', "For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3."),
  rouse: declare("Rouse", "Your Hero Phase", 'Pick a friendly unit wholly within 12" of this unit to be the target.', "Add 1 to charge rolls for the target for the rest of the turn."),
} as const;


describe("charge rolls for a while, scripted dice", () => {
  it("[AB:BSData/Spur] a charge phase's 'Add 2 to charge rolls for the target' is used at its start (after the shooting phase), on the friendly unit with the most melee weight that may charge", () => {
    const { b, v, l } = nineInchesApart("shooting", []);
    give(b, "Lord-Imperatant", CHARGE.spur);
    expect([moveModifier(b, v, "charge"), chargeDice(b, v)]).toEqual([0, 2]);
    nextPhase(b); // the shooting phase's steps, then the charge phase's start (no dice: Spur has none)
    expect(b.data.step).toMatchObject({ kind: "charge", player: 0 });
    // Vindictors: 5 Spears x 2 Attacks x Damage 1 (twice the means: 4 x 2 x 5 = 40); the Lord-Imperatant less.
    expect([held(b, v), held(b, l), moveModifier(b, v, "charge")]).toEqual([["for-the-turn:Lord-Imperatant/Spur#0"], [], 2]);
    beginTurn(b, 1);
    expect([held(b, v), moveModifier(b, v, "charge")]).toEqual([[], 0]);
  });

  it("[AB:BSData/Surge] [AB:BSData/Goad] 3 dice for the charge roll; +1 from another unit in its combat range; not used on a unit that tried a charge or in the enemy's turn", () => {
    const { b, v, l } = nineInchesApart("shooting", []);
    give(b, "Lord-Imperatant", CHARGE.surge);
    b.unit(v).x = b.unit(l).x - b.footprint(l).radius - b.footprint(v).radius - 1; // within the Lord-Imperatant's combat range
    give(b, "Lord-Imperatant", CHARGE.goad);
    nextPhase(b);
    expect([chargeDice(b, v), moveModifier(b, v, "charge"), chargeDice(b, l)]).toEqual([3, 1, 2]);
    // Tried already: worth nothing, so no use.
    const tried = nineInchesApart("shooting", []);
    give(tried.b, "Lord-Imperatant", CHARGE.surge);
    tried.b.unit(tried.v).chargeTried = true;
    tried.b.unit(tried.l).chargeTried = true;
    nextPhase(tried.b);
    expect([held(tried.b, tried.v), held(tried.b, tried.l)]).toEqual([[], []]);
    // "Any Charge Phase" in the enemy's turn: player 0's units cannot charge, so no use.
    const theirs = nineInchesApart("shooting", []);
    give(theirs.b, "Lord-Imperatant", CHARGE.surge);
    theirs.b.data.active = 1;
    theirs.b.data.step = { kind: "shooting", player: 1 };
    nextPhase(theirs.b);
    expect(held(theirs.b, theirs.v)).toEqual([]);
  });

  it("[AB:BSData/Rouse] a hero phase's +1 to charge rolls is used at the end of the hero phase and read by the charge", () => {
    const { b, v } = nineInchesApart("hero", []);
    give(b, "Lord-Imperatant", CHARGE.rouse);
    useStepAbilities(b, 0, "hero");
    expect([held(b, v).length, moveModifier(b, v, "charge")]).toEqual([1, 1]);
  });
});

describe("charge rolls for a while in the kernel", () => {
  it("the kernel's TURN_SET codes are schema.ts DURATION_SETS' indices (assembly/battle/declared2.ts SET_CHARGE, SET_CHARGE_DICE)", () => {
    expect([DURATION_SETS.indexOf("charge"), DURATION_SETS.indexOf("charge-dice")]).toEqual([13, 14]);
  });

  for (const step of ["hero", "movement", "shooting"] as PhaseKind[]) {
    it(`[AB:BSData/Spur, Goad, Surge, Rouse] battles from the ${step} phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, v, e } = nineInchesApart(step, null);
        for (const t of Object.values(CHARGE)) for (const w of ["Lord-Imperatant", "Liberators", "Vindictors"]) give(b, w, t);
        b.unit(e).y += seed; // 10" to 15" apart
        b.data.log = null;
        if (seed % 3 === 0) b.unit(v).tokens.push("for-the-turn:Lord-Imperatant/Spur#0");
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});

// ---------------------------------------------------------------------------------- charges after a run or retreat

import { mayChargeAfterMoving, mayShootAfterMoving } from "../../src/aos/battle/moves.js";

const AFTER = {
  keepUp: declare("Keep Up", "Once Per Turn (Army), Your Movement Phase", 'Pick a friendly unit wholly within 12" of this unit to be the target.', "For the rest of the turn, the target can use CHARGE abilities even if it used a RUN ability in the same turn."),
  fleet: declare("Fleet", "Once Per Turn (Army), Your Hero Phase", 'Pick a friendly unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, for the rest of the turn, the target can still use SHOOT and/or CHARGE abilities even if it used a RETREAT or RUN ability in the same turn."),
} as const;

describe("charges after a run for a while, scripted dice", () => {
  it("[AB:BSData/Keep Up] the end of the movement phase: on the unit that ran (not forgiven yet), which may then charge; a unit that did not move is worth nothing then", () => {
    const { b, v, l } = nineInchesApart("movement", []);
    give(b, "Lord-Imperatant", AFTER.keepUp);
    b.unit(v).moved = true;
    b.unit(v).ran = true;
    expect(mayChargeAfterMoving(b, v)).toBe(false);
    useStepAbilities(b, 0, "movement");
    expect([held(b, v), held(b, l), mayChargeAfterMoving(b, v), mayShootAfterMoving(b, v)]).toEqual([["for-the-turn:Lord-Imperatant/Keep Up#0"], [], true, false]);
    beginTurn(b, 1);
    expect(held(b, v)).toEqual([]);
    // Nobody ran: no use.
    const still = nineInchesApart("movement", []);
    give(still.b, "Lord-Imperatant", AFTER.keepUp);
    still.b.unit(still.v).moved = true;
    useStepAbilities(still.b, 0, "movement");
    expect(held(still.b, still.v)).toEqual([]);
  });

  it("[AB:BSData/Fleet] the hero phase, before any move: on a 3+ the unit with the most melee and ranged weight may shoot and charge after a run or a retreat", () => {
    const { b, v } = nineInchesApart("hero", [3]);
    give(b, "Lord-Imperatant", AFTER.fleet);
    useStepAbilities(b, 0, "hero");
    b.unit(v).moved = true;
    b.unit(v).retreated = true;
    expect([held(b, v).length, mayChargeAfterMoving(b, v), mayShootAfterMoving(b, v)]).toEqual([1, true, true]);
  });
});

describe("charges after a run for a while in the kernel", () => {
  it("the kernel's TURN_SET code is schema.ts DURATION_SETS' index (assembly/battle/declared2.ts SET_CHARGE_AFTER)", () => {
    expect(DURATION_SETS.indexOf("charge-after")).toBe(15);
  });

  for (const step of ["hero", "movement"] as PhaseKind[]) {
    it(`[AB:BSData/Keep Up, Fleet] battles from the ${step} phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, v, e } = nineInchesApart(step, null);
        for (const t of Object.values(AFTER)) for (const w of ["Lord-Imperatant", "Liberators", "Vindictors"]) give(b, w, t);
        b.unit(e).y += 2 * seed; // 11" to 21" apart: runs to get in reach
        if (seed % 2 === 0) b.unit(v).tokens.push("for-the-turn:Lord-Imperatant/Keep Up#0");
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});

// ---------------------------------------------------------------------------------------- dice against the target

const DICE = {
  grapple: declare("Grapple", "Once Per Turn (Army), Any Combat Phase", "Pick up to 2 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. If the roll exceeds the target's Control characteristic, the target has STRIKE-LAST for the rest of the turn."),
  trip: declare("Trip", "Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. If the roll is equal to or less than the target's Health characteristic, the target has STRIKE-LAST for the rest of the turn."),
  wound: declare("Wound", "Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. Add 1 to the roll if the target is damaged. On a 4+, subtract 1 from hit rolls for the target's attacks for the rest of the turn."),
  topple: declare("Topple", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. Add 1 to the roll if the target is INFANTRY. On a 4+, the target has STRIKE-LAST for the rest of the turn."),
} as const;

describe("dice against the target, scripted dice", () => {
  it("[AB:BSData/Grapple] Liberators (Control 1): a 2 exceeds it, a 1 does not; a dice for each of the 2 targets by ascending id", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [1, 2], "combat");
    give(b, "Vindictors", DICE.grapple);
    useCombatAbilities(b, 0);
    expect([held(b, ids[0]!), held(b, ids[2]!).length, left(b)]).toEqual([[], 1, 0]);
  });

  it("[AB:BSData/Trip] [AB:BSData/Wound] at most its Health (Liberators: 2): a 2 holds, a 3 does not; +1 to the roll on a damaged target: a 3 is a 4", () => {
    for (const [r, n] of [[2, 1], [3, 0]] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [r], "combat");
      give(b, "Vindictors", DICE.trip);
      useCombatAbilities(b, 0);
      expect([held(b, ids[1]!).length, left(b)]).toEqual([n, 0]);
    }
    for (const [damage, n] of [[1, 1], [0, 0]] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3], "combat");
      b.unit(ids[1]!).damage = damage;
      give(b, "Vindictors", DICE.wound);
      useCombatAbilities(b, 0);
      expect([held(b, ids[1]!).length, left(b)]).toEqual([n, 0]);
    }
  });
});

describe("a dice with a bonus against a keyword, scripted dice", () => {
  it("[AB:BSData/Topple] +1 to the roll against INFANTRY (Liberators): a 3 is a 4; against a MONSTER (the Gatebreaker) a 3 stays a 3", () => {
    for (const [w, n] of [["Liberators", 1], [GATEBREAKER, 0]] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: w, owner: 1 }], [3], "combat");
      give(b, "Vindictors", DICE.topple);
      useCombatAbilities(b, 0);
      expect([held(b, ids[1]!).length, left(b)], w).toEqual([n, 0]);
    }
  });
});

describe("dice against the target in the kernel", () => {
  for (const step of ["charge", "combat"] as PhaseKind[]) {
    it(`[AB:BSData/Grapple, Trip, Wound] battles from the ${step} phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: GATEBREAKER, owner: 0 }], null, step);
        for (const t of Object.values(DICE)) for (const w of ["Vindictors", "Liberators", GATEBREAKER]) give(b, w, t);
        b.unit(ids[2]!).damage = seed % 2;
        b.unit(ids[3]!).damage = seed * 3; // Battle Damaged at 15 changes its Control characteristic
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});

describe("a pick that excludes a warscroll", () => {
  const urge = declare("Urge", "Once Per Turn (Army), Any Combat Phase", 'Pick another friendly unit wholly within 12" of this unit to be the target. You cannot pick a Vindictors unit.', "Add 1 to hit rolls for the target's combat attacks for the rest of the turn.");

  it("[AB:BSData/Urge] the Vindictors in combat are not picked; the Liberators are (both engines read the filter: the kernel's whom mask is encoded from it)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [], "combat");
    give(b, "Lord-Imperatant", urge);
    useCombatAbilities(b, 0);
    expect([held(b, ids[0]!), held(b, ids[2]!).length]).toEqual([[], 1]);
    for (const seed of [1, 2, 3, 4]) {
      const r = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, "charge");
      give(r.b, "Lord-Imperatant", urge);
      r.b.data.log = null;
      const s = new PitchedBattleState(r.b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("this unit and up to N others", () => {
  const rally = declare("Rally", "Once Per Turn (Army), Any Combat Phase", "Pick this unit and up to 1 friendly unit within this unit's combat range to be the targets.", "Roll a dice for each target. On a 4+, that target has STRIKE-FIRST for the rest of the turn.");

  it("[AB:BSData/Rally] the unit and its best friendly neighbour in combat, a dice each by ascending id", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [4, 3], "combat");
    give(b, "Vindictors", rally);
    useCombatAbilities(b, 0);
    // Ids: player 0's Vindictors 0 and Liberators 1 (the neighbour within 3"), then player 1's. Vindictors rolls 4, Liberators 3.
    expect([held(b, ids[1]!).length, held(b, ids[2]!).length, left(b)]).toEqual([1, 0, 0]);
    for (const seed of [1, 2, 3, 4]) {
      const r = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Liberators", owner: 1 }], null, "charge");
      for (const w of ["Vindictors", "Liberators"]) give(r.b, w, rally);
      r.b.data.log = null;
      const s = new PitchedBattleState(r.b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
