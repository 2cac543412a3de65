/**
 * The magic5 area (docs/abilities.md "Spells, prayers and manifestations, fifth pass (magic5)"): the catalogues'
 * spells it reads, each on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not
 * expect), then the kernel playing the same battles from those positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { chargeDice } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn, nextPhase } from "../../src/aos/battle/turn.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { castFirst, giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const spell = (value: number, declare: string, effect: string, name: string) => ({ name, timing: `Your Hero Phase; Spell, casting value ${value}`, effect: `Declare: ${declare}\nEffect: ${effect}` });

// The catalogues' texts (/work/shared/data/bsdata-aos4).
const TEXT = {
  tectonic: spell(7, 'Pick a visible enemy unit within 18" to be the target, then make a casting roll of 2D6.', "Until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.", "Tectonic Splintering"),
  retribution: spell(
    7,
    'This unit can cast this spell while its Cado Ezechiar is on the battlefield. Pick a visible unit within 12" of this unit to be the target, then make a casting roll of 2D6.',
    "If the target is an enemy unit, inflict D3 mortal damage on it. If the target is a friendly Deathrattle or Deadwalkers unit, subtract 1 from wound rolls for combat attacks that target that unit for the rest of the turn.",
    "Retribution or Salvation",
  ),
} as const;
const CRONESEER = { name: "The Croneseer", timing: "Enemy Hero Phase", effect: "Give this unit D3 ritual points." };
const PRAYER = {
  name: "Bolt",
  timing: "Your Hero Phase; Prayer, casting value 6",
  effect: 'Declare: Pick a visible enemy unit within 18" of this unit to be the target, then make a chanting roll of D6.\nEffect: Inflict D3 mortal damage on the target.',
};

const vocab = keywordVocabulary(["DEATHRATTLE", "DEADWALKERS"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);

/** A hero phase of player 0 with the units placed at (30, y). */
function hero(units: (Omit<Placement, "x" | "y"> & { y: number; x?: number })[], dice: number[] | null) {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: u.x ?? 30 })), { ...(dice ? { dice } : { seed: 1 }), step: { kind: "hero", player: 0 } });
  b.data.terrain = [];
  return { b, ids };
}
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const KA = "Knight-Arcanum";

describe("magic5 spells, scripted dice", () => {
  it("[AB:BSData/Tectonic Splintering] the enemy target rolls 1 die for its charges through the opponent's turn; 2 again at the caster's next turn", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 26 }], [4, 3]);
    give(b, KA, TEXT.tectonic);
    const lib = ids[1]!;
    expect(chargeDice(b, lib)).toBe(2);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Tectonic Splintering on Liberators");
    expect([chargeDice(b, lib), chargeDice(b, ids[0]!), left(b)]).toEqual([1, 2, 0]);
    beginTurn(b, 1);
    expect(chargeDice(b, lib)).toBe(1);
    beginTurn(b, 0);
    expect(chargeDice(b, lib)).toBe(2);
  });

  it("[AB:BSData/Tectonic Splintering] a casting roll of 6 fails: the target keeps its 2 dice", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 26 }], [3, 3]);
    give(b, KA, TEXT.tectonic);
    castFirst(b);
    expect([chargeDice(b, ids[1]!), left(b)]).toEqual([2, 0]);
  });

  it("[AB:BSData/Retribution or Salvation] the named model's clause read away: D3 mortal damage on the enemy unit in range (4 + 3 = 7, then a D3 of 2: one Health 2 Liberator slain)", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [4, 3, 2]);
    give(b, KA, TEXT.retribution);
    const models = b.unit(ids[1]!).models;
    expect(castFirst(b)).toBe("Knight-Arcanum casts Retribution or Salvation on Liberators");
    // 2 mortal damage on Health 2 Liberators: one model slain.
    expect([models - b.unit(ids[1]!).models, b.unit(ids[1]!).damage, left(b)]).toEqual([1, 0, 0]);
  });
});

describe("magic5 ritual points, scripted dice", () => {
  const LI = "Lord-Imperatant";
  it("[AB:BSData/The Croneseer] at the end of the enemy's hero phase the PRIEST gains a D3 of ritual points (3 on top of 2: 5); in its own hero phase nothing (no die)", () => {
    let { b, ids } = battleAt("savage-gains", [{ warscroll: "Liberators", owner: 0, x: 30, y: 40 }, { warscroll: LI, owner: 1, x: 30, y: 10, keywords: ["PRIEST (1)"] }], { dice: [3], step: { kind: "hero", player: 0 } });
    b.data.terrain = [];
    give(b, LI, CRONESEER);
    b.unit(ids[1]!).ritualPoints = 2;
    nextPhase(b); // the end of player 0's hero phase: the enemy's, for the PRIEST
    expect([b.unit(ids[1]!).ritualPoints, b.data.step.kind, left(b)]).toEqual([5, "movement", 0]);
    // Its own hero phase: no die rolled, no points.
    ({ b, ids } = battleAt("savage-gains", [{ warscroll: LI, owner: 0, x: 30, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], { dice: [], step: { kind: "hero", player: 0 } }));
    b.data.terrain = [];
    give(b, LI, CRONESEER);
    nextPhase(b);
    expect([b.unit(ids[0]!).ritualPoints ?? 0, b.data.step.kind]).toEqual([0, "movement"]);
  });
});

describe("magic5 spells, the kernel plays the same battles", () => {
  it("[CORE-PRAYERS] The Croneseer with a prayer to chant: battles from its enemy's hero phase are identical, seed for seed (checked to fail with the kernel's points not added)", () => {
    const units = [{ warscroll: "Liberators", owner: 0 as const, x: 30, y: 27 }, { warscroll: KA, owner: 0 as const, x: 40, y: 30 }, { warscroll: "Lord-Imperatant", owner: 1 as const, x: 30, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Vindictors", owner: 1 as const, x: 30, y: 14 }];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      const { b } = battleAt("savage-gains", units, { seed: 1, step: { kind: "hero", player: 0 } });
      b.data.terrain = [];
      give(b, "Lord-Imperatant", CRONESEER);
      give(b, "Lord-Imperatant", PRAYER);
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("[CORE-CHARGE] Tectonic Splintering cast (4 + 3), then the battle from there: the enemy units charge with 1 die in their turn, seed for seed (checked to fail with the kernel's negative branch removed)", () => {
    const units = [{ warscroll: KA, owner: 0 as const, y: 10 }, { warscroll: "Vindictors", owner: 0 as const, y: 12, x: 36 }, { warscroll: "Liberators", owner: 1 as const, y: 21 }, { warscroll: "Praetors", owner: 1 as const, y: 22, x: 38 }];
    const Seeded = hero(units, null).b.rng.constructor as new (seed: number) => Battle["rng"];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      const { b, ids } = hero(units, [4, 3]);
      give(b, KA, TEXT.tectonic);
      expect(castFirst(b)).toBe("Knight-Arcanum casts Tectonic Splintering on Liberators");
      expect(chargeDice(b, ids[2]!)).toBe(1);
      b.data.log = null;
      b.rng = new Seeded(seed);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  const positions: [string, (Omit<Placement, "x" | "y"> & { y: number; x?: number })[], [string, keyof typeof TEXT][]][] = [
    ["Tectonic Splintering (an enemy unit that wants to charge)", [{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Vindictors", owner: 0, y: 12, x: 36 }, { warscroll: "Liberators", owner: 1, y: 24 }, { warscroll: "Praetors", owner: 1, y: 25, x: 38 }], [[KA, "tectonic"]]],
    ["Retribution or Salvation", [{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Vindictors", owner: 0, y: 14, x: 36, keywords: ["DEATHRATTLE"] }], [[KA, "retribution"]]],
  ];
  for (const [what, units, gifts] of positions) {
    it(`[CORE-SPELLS] ${what}: battles from the hero phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const { b } = hero(units, null);
        for (const [w, t] of gifts) give(b, w, TEXT[t]);
        b.data.log = null;
        b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});
