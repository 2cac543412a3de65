/**
 * The flat state of the rollout kernel (src/aos/rollout/encode.ts): the layout numbers the kernel compiled
 * with are the encoder's, every record's slots fit in its size, and what the kernel refuses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import * as E from "../../src/aos/rollout/encode.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { InputError } from "../../src/core/errors.js";
import { type Core, loadCore } from "../../src/core/wasm.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const rosters = bundledRosters().map((r) => r.roster);

/** The order of assembly/battle/layout.ts layoutValue. */
function layoutNumbers(): number[] {
  const scalars = [
    E.LAYOUT_VERSION, E.HEADER, E.UNIT, E.WEAPON, E.OBJECTIVE, E.TERRAIN, E.TERRITORY, E.SNAPSHOT, E.PRIOR, E.RESULT,
    E.MAX_UNITS, E.MAX_WEAPONS, E.MAX_OBJECTIVES, E.MAX_TERRAIN, E.MAX_HISTORY, E.MAX_ANTI_KEYWORDS, E.MAX_ANTI_PER_WEAPON,
  ];
  const steps = E.STEP_KINDS.slice(E.STEP_KINDS.indexOf("predators")).map((k) => E.STEP_KINDS.indexOf(k));
  return [...scalars, ...[E.H, E.U, E.UF, E.US, E.W, E.O, E.R].flatMap((ns) => Object.values(ns)), ...steps];
}

describe("rollout kernel state layout", () => {
  it("the kernel was compiled with the encoder's layout, number for number", () => {
    const ts = layoutNumbers();
    const wasm = ts.map((_, i) => core.aosRolloutLayout(i));
    expect(wasm).toEqual(ts);
    expect(core.aosRolloutLayout(ts.length)).toBe(-1); // and has no more
  });

  it("every record's slots fit in its size", () => {
    const last = (ns: Record<string, number>) => Math.max(...Object.values(ns));
    expect(last(E.H)).toBeLessThan(E.HEADER);
    expect(last(E.U)).toBeLessThan(E.UNIT);
    expect(E.W.ANTI_K0 + E.MAX_ANTI_PER_WEAPON).toBeLessThanOrEqual(E.WEAPON);
    expect(E.O.VEINS_AT + 22).toBeLessThanOrEqual(E.OBJECTIVE); // rolls 2..12, x and y
    expect(E.O.BORDERS + 5).toBeLessThanOrEqual(E.O.VEINS_AT);
    expect(E.O.MAP + 15).toBeLessThanOrEqual(E.O.BORDERS);
    expect(E.R.DECISIONS).toBeLessThan(E.RESULT - 1); // the last slot is the kernel's error code
    expect(E.MAX_ANTI_KEYWORDS).toBeLessThan(32); // a unit's Anti keywords are an i32 mask
  });

  it("a battle after deployment encodes with its sections where the header says, the plan's numbers in place", () => {
    const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: "tectonic-interference" }, 3);
    playSetUp(s);
    const f = E.encodeBattle(s.data);
    expect(f[E.H.MAGIC]).toBe(0x7ac71ca);
    expect(f[E.H.N_UNITS]).toBe(s.data.units.length);
    expect(f[E.H.LENGTH]).toBe(f.length);
    expect(f[E.H.OFF_WEAPONS]).toBe(E.HEADER + s.data.units.length * E.UNIT);
    expect(f[E.H.ALPHA]).toBe(1); // PB-BP-06
    expect(f[E.H.STEP]).toBe(E.STEP_KINDS.indexOf(s.data.step.kind));
    // Each objective's number and position: south (1) at (30, 10) in round 1.
    const o = f[E.H.OFF_OBJECTIVES]!;
    expect([f[o + E.O.NUMBER], f[o + E.O.MAP], f[o + E.O.MAP + 1], f[o + E.O.MAP + 2]]).toEqual([1, 1, 30, 10]);
  });

  it("refuses set-up steps and finished battles (the kernel starts after deployment)", () => {
    const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: "savage-gains" }, 3);
    expect(() => E.encodeBattle(s.data)).toThrow(InputError);
    expect(() => E.encodeBattle(s.data)).toThrow(/starts after deployment, not at step "rolloff-attacker"/);
    playSetUp(s);
    expect(() => E.encodeBattle(s.data)).not.toThrow();
    s.data.step = { kind: "over" };
    expect(() => E.encodeBattle(s.data)).toThrow(/the battle is over/);
  });
});
