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
import { battleInRow, type PhaseKind, ScriptedRng } from "../support/battle-fixtures.js";

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
