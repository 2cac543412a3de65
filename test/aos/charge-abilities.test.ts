/**
 * Abilities of the charge roll and the charge phase (docs/abilities.md "Charge rolls"): each on a set-up
 * position with scripted dice (a ScriptedRng fails on any die the test did not expect), the scripted policy's
 * use of it, and the kernel (assembly/battle/actions.ts charge, policy.ts chargeOrder) playing the same battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { charge } from "../../src/aos/battle/charge.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { goodChargeGap, policyAction } from "../../src/aos/battle/policy.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/** Two units `gap` inches apart edge to edge along y, in player 0's charge phase. */
function apart(a: Omit<Placement, "x" | "y">, t: Omit<Placement, "x" | "y">, gap: number, dice: number[] = []) {
  const { b, ids } = battleAt("savage-gains", [a, t].map((u) => ({ ...u, x: 30, y: 10 })), { dice, step: { kind: "charge", player: 0 } });
  b.unit(ids[1]!).y = 10 + b.footprint(ids[0]!).radius + b.footprint(ids[1]!).radius + gap;
  return { b, ids };
}
const left = (b: Battle) => (b.rng as ScriptedRng).left();

/** P(the sum of n D6 >= k), by counting. */
function atLeast(n: number, k: number): number {
  let counts = [1];
  for (let i = 0; i < n; i++) {
    const next = Array(counts.length + 6).fill(0);
    counts.forEach((c, s) => {
      for (let r = 1; r <= 6; r++) next[s + r] += c;
    });
    counts = next;
  }
  return counts.reduce((acc, c, s) => (s >= k ? acc + c : acc), 0) / 6 ** n;
}

describe("charge-roll abilities, scripted dice", () => {
  it("[AB:Prosecutors/Heralds of Righteousness] 3D6 for their charge rolls (2D6 for other units): 4, 3 and 2 reach a 9\" gap", () => {
    let { b, ids } = apart({ warscroll: "Prosecutors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, 9, [4, 3, 2]);
    charge(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]); // 9 >= 9 - 1/2
    ({ b, ids } = apart({ warscroll: "Liberators", owner: 0 }, { warscroll: "Prosecutors", owner: 1 }, 9, [4, 3]));
    charge(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([false, 0]); // two dice: 7 < 8 1/2
  });

  it("[AB:Prosecutors/Heralds of Righteousness] the scripted policy charges up to 10 1/2\" with 3D6 (as often as 2D6 reaches 7 1/2\": 62.5% >= 58.3%)", () => {
    // The largest gap whose roll (gap - 1/2" rounded up) succeeds at least 21/36 of the time.
    expect([atLeast(2, 7), atLeast(3, 10), atLeast(3, 11)]).toEqual([21 / 36, 0.625, 0.5]);
    expect([goodChargeGap(2), goodChargeGap(3)]).toEqual([7.5, 10.5]);
    const label = (a: string, gap: number) => {
      const { b } = apart({ warscroll: a, owner: 0 }, { warscroll: "Liberators", owner: 1 }, gap);
      return choices(b)[policyAction(b)]!.label;
    };
    expect([label("Prosecutors", 10), label("Prosecutors", 11), label("Vindictors", 10)]).toEqual(["Prosecutors charges Liberators", "end the charge phase", "end the charge phase"]);
  });
});

describe("charge-roll abilities in the kernel", () => {
  it("[AB:Prosecutors/Heralds of Righteousness] battles from a charge phase with Prosecutors 8-11\" away are identical, seed for seed", () => {
    for (const [i, gap] of [8, 9, 10, 10.4, 11].entries())
      for (const seed of [1, 2, 3]) {
        const { b } = apart({ warscroll: "Prosecutors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, gap);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed + 10 * i), `gap ${gap}, seed ${seed}`).toEqual(rolloutTs(s, seed + 10 * i));
      }
  });
});
