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
import { manifestationRecord, setUpManifestation } from "../../src/aos/battle/manifestations.js";
import { battleAt } from "../support/battle-fixtures.js";

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
  // CORE-RESERVES, CORE-REPLACEMENT: the ability record's size, count and slots come after the step codes.
  const abilities = [E.ABILITY, E.MAX_ABILITIES, ...Object.values(E.AB)];
  // The effect language's record size, count and slots come last.
  const effects = [E.EFFECT, E.MAX_EFFECTS, ...Object.values(E.EF)];
  return [...scalars, ...[E.H, E.U, E.UF, E.US, E.W, E.WF, E.O, E.R].flatMap((ns) => Object.values(ns)), ...steps, ...abilities, ...effects];
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
    expect(E.W.ANTI_K0 + E.MAX_ANTI_PER_WEAPON).toBeLessThanOrEqual(E.W.DAMAGED); // PB-REALM-FERAL-ROAR's slots follow the Anti keywords
    expect(last(E.W)).toBeLessThan(E.WEAPON);
    expect(E.O.VEINS_AT + 22).toBeLessThanOrEqual(E.OBJECTIVE); // rolls 2..12, x and y
    expect(E.O.BORDERS + 5).toBeLessThanOrEqual(E.O.VEINS_AT);
    expect(E.O.MAP + 15).toBeLessThanOrEqual(E.O.BORDERS);
    expect(E.R.ON_BATTLEFIELD + 1).toBeLessThan(E.RESULT - 1); // the last slot is the kernel's error code
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

  it("[CORE-BANISH] manifestations' slots: flags, banishment value, the packed summon spell, the last summoning; the phase's summons, prayers and banishment picks", () => {
    const { b } = battleAt(
      "savage-gains",
      [
        { warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 40, keywords: ["PRIEST (1)"] },
      ],
      { step: { kind: "hero", player: 0 }, lores: ["Horrors of the Necropolis", null] },
    );
    // Units: Boneshaper 0, Liberators 1, then Bone-tithe Shrieker 2, Nightmare Predator 3, Soulstealer Carrion 4.
    setUpManifestation(b, manifestationRecord(b, 3)!, { x: 30, y: 19.5 }, 0); // round 1, turn 0
    b.data.spells.summoned = ["Summon Nightmare Predator"];
    b.data.spells.prayed = [1];
    b.data.spells.banished = [3];
    const f = E.encodeBattle(b.data);
    const at = (id: number, slot: number) => f[E.HEADER + id * E.UNIT + slot]!;
    expect(f[E.H.SUMMONED]).toBe(2); // the Predator's spell is spell 1
    expect(at(3, E.U.FLAGS) & (E.UF.MANIFESTATION | E.UF.SUMMON_WHOLLY)).toBe(E.UF.MANIFESTATION | E.UF.SUMMON_WHOLLY);
    expect([at(3, E.U.BANISHMENT), at(3, E.U.SUMMON), at(3, E.U.MANIFEST_STATE)]).toEqual([7, 1_000_000 + 6 * 10_000 + 12 * 100 + 9, 1 * 2 + 0 + 1]);
    expect([at(2, E.U.SUMMON), at(2, E.U.MANIFEST_STATE), at(2, E.U.STATUS)]).toEqual([6 * 10_000 + 12 * 100 + 9, 0, 2]);
    expect(at(3, E.U.STATE) & E.US.BANISHED).toBe(E.US.BANISHED);
    expect([at(1, E.U.MANIFEST_STATE), at(1, E.U.FLAGS) & E.UF.MANIFESTATION, at(0, E.U.BANISHMENT)]).toEqual([1, 0, 0]);
  });
});
