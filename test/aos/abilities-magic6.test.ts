/**
 * The magic6 area (docs/abilities.md "Spells, prayers and terrain, sixth pass (magic6)"): a power level for the rest
 * of the turn (`power-turn`), on set-up positions with scripted dice (a ScriptedRng fails on any die the test did not
 * expect), then the kernel playing the same battles from those positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { heroChoices } from "../../src/aos/battle/hero.js";
import { castingBonus } from "../../src/aos/battle/casting.js";
import { powerLevel, rollBonus } from "../../src/aos/battle/passive2.js";
import { terrainFeature } from "../../src/aos/battle/terrain.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, labels, pick, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { manifestationRecord, setUpManifestation } from "../../src/aos/battle/manifestations.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (/work/shared/data/bsdata-aos4).
const DEFFCAP = { name: "Deffcap Mushroom", timing: "Once Per Battle, Your Hero Phase", effect: "Add 1 to this unit's power level for the rest of the turn." };
const RETCHLING = { name: "Retchling", timing: "Once Per Battle, Your Hero Phase", effect: "If this unit's Fecula Flyblown is on the battlefield, add 1 to its power level for the rest of the turn." };
const SNIFFER = { name: "Sniffer Spite", timing: "Your Hero Phase", effect: 'If this unit\'s Zarbag is on the battlefield and within 3" of a terrain feature, roll a dice. On a 4+, add 1 to this unit\'s power level for the rest of the turn.' };
// A warscroll spell for the WIZARD to cast with its extra power level (besides Metamorphosis).
const BOLT = { name: "Bolt", timing: "Your Hero Phase; Spell, casting value 6", effect: 'Declare: Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.\nEffect: Inflict D3 mortal damage on the target.' };

const DISCHARGE = { name: "Discharge Armour", timing: "Once Per Turn (Army), Any Hero Phase", effect: 'Declare: Pick a friendly OSSIARCH BONEREAPERS WIZARD wholly within 12" of this unit to be the target.\nEffect: Roll a dice. On a 3+, add 1 to casting rolls for the target for the rest of the turn.' };
const MATRIARCH = { name: "Divine Matriarch", timing: "Your Hero Phase", effect: 'Declare: Pick a visible friendly DAUGHTERS OF KHAINE PRIEST or WIZARD wholly within 12" of this unit to be the target.\nEffect: Add 1 to casting rolls and chanting rolls for the target until the start of your next turn.' };

const vocab = keywordVocabulary(["OSSIARCH BONEREAPERS", "DAUGHTERS OF KHAINE"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const KA = "Knight-Arcanum";

type Unit = Omit<Placement, "x"> & { x?: number };
function at(units: Unit[], dice: number[] | null, player: 0 | 1 = 1) {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: u.x ?? 30 })), { ...(dice ? { dice } : { seed: 1 }), step: { kind: "hero", player } });
  b.data.terrain = [];
  return { b, ids };
}
/** A rocks feature (radius 2) with its edge `gap`" east of unit `id`'s footprint. */
function rocksBeside(b: Battle, id: number, gap: number): void {
  const f = b.footprint(id);
  b.data.terrain = [terrainFeature(2, f.x + f.radius + gap + 2, f.y, 2)];
}

describe("magic6: a power level for the rest of the turn, scripted dice", () => {
  it("[AB:BSData/Deffcap Mushroom] at the start of its own turn the WIZARD's power level is 2 (1 + 1) for that turn, no die; back to 1 at the next turn; once per battle: not again", () => {
    const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 40 }], []);
    give(b, KA, DEFFCAP);
    const ka = ids[0]!;
    expect(powerLevel(b, ka, "wizard")).toBe(1);
    beginTurn(b, 0);
    expect([powerLevel(b, ka, "wizard"), left(b)]).toEqual([2, 0]);
    beginTurn(b, 1);
    expect(powerLevel(b, ka, "wizard")).toBe(1);
    beginTurn(b, 0);
    expect(powerLevel(b, ka, "wizard")).toBe(1);
  });

  it("[AB:BSData/Deffcap Mushroom] not at the enemy's turn; a unit that is no WIZARD does not use it (and keeps it)", () => {
    const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 0, y: 20 }, { warscroll: "Vindictors", owner: 1, y: 40 }], []);
    give(b, KA, DEFFCAP);
    give(b, "Liberators", DEFFCAP);
    beginTurn(b, 1);
    expect(powerLevel(b, ids[0]!, "wizard")).toBe(1);
    expect(b.unit(ids[1]!).tokens.filter((t) => t.includes("Deffcap"))).toEqual([]);
    // The Liberators gain a WIZARD (1) later (a test's edit): they still have the ability to use.
    beginTurn(b, 0);
    expect([powerLevel(b, ids[0]!, "wizard"), b.unit(ids[1]!).tokens.some((t) => t.includes("Deffcap"))]).toEqual([2, false]);
    b.profile(ids[1]!).wizardLevel = 1;
    beginTurn(b, 1);
    beginTurn(b, 0);
    expect([powerLevel(b, ids[0]!, "wizard"), powerLevel(b, ids[1]!, "wizard")]).toEqual([1, 2]);
  });

  it("[AB:BSData/Deffcap Mushroom] with power level 2 the WIZARD casts both its warscroll spell and Metamorphosis in the phase (with 1: only one)", () => {
    for (const [withIt, expected] of [[true, true], [false, false]] as const) {
      const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 0, y: 14, x: 36 }, { warscroll: "Vindictors", owner: 1, y: 22 }], [1, 2, 1, 1, 2]);
      give(b, KA, BOLT);
      if (withIt) give(b, KA, DEFFCAP);
      beginTurn(b, 0);
      b.data.step = { kind: "hero", player: 0 };
      const bolt = heroChoices(b, 0).find((c) => c.tag?.kind === "spell");
      expect(bolt?.label).toBe("Knight-Arcanum casts Bolt on Vindictors");
      bolt!.apply(b); // 1 + 2: fails
      expect(b.data.spells.cast).toEqual([ids[0]]);
      const meta = heroChoices(b, 0).some((c) => c.tag?.kind === "cast");
      expect(meta).toBe(expected);
    }
  });

  it("[AB:BSData/Retchling] the named model's clause: once per battle, +1 while the unit is on the battlefield", () => {
    const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 40 }], []);
    give(b, KA, RETCHLING);
    beginTurn(b, 0);
    expect([powerLevel(b, ids[0]!, "wizard"), left(b)]).toEqual([2, 0]);
  });

  it("[AB:BSData/Sniffer Spite] rocks 2\" away: a 4 gives +1, a 3 nothing (the die rolled); rocks 5\" away: no die; every turn of its own", () => {
    const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 40 }], [4, 3]);
    give(b, KA, SNIFFER);
    const ka = ids[0]!;
    rocksBeside(b, ka, 2);
    beginTurn(b, 0);
    expect([powerLevel(b, ka, "wizard"), left(b)]).toEqual([2, 1]);
    beginTurn(b, 1);
    beginTurn(b, 0);
    expect([powerLevel(b, ka, "wizard"), left(b)]).toEqual([1, 0]);
    rocksBeside(b, ka, 5);
    beginTurn(b, 1);
    beginTurn(b, 0);
    expect([powerLevel(b, ka, "wizard"), left(b)]).toEqual([1, 0]);
  });
});

describe("magic6: casting rolls for a while on a picked friendly unit, scripted dice", () => {
  const OBR = ["OSSIARCH BONEREAPERS"];
  it("[AB:BSData/Discharge Armour] at the start of its own turn: a 3 gives the OBR WIZARD 6\" away +1 to casting rolls for the turn; gone at the next turn", () => {
    const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10, keywords: OBR }, { warscroll: "Liberators", owner: 0, y: 16 }, { warscroll: "Vindictors", owner: 1, y: 40 }], [3]);
    give(b, "Liberators", DISCHARGE);
    beginTurn(b, 0);
    expect([castingBonus(b, ids[0]!), left(b)]).toEqual([1, 0]);
    beginTurn(b, 1); // the enemy's hero phase: not used (no die)
    expect(castingBonus(b, ids[0]!)).toBe(0);
  });

  it("[AB:BSData/Discharge Armour] a 2 fails (the die rolled); a WIZARD without the keyword, or 20\" away: no target, no die", () => {
    let { b, ids } = at([{ warscroll: KA, owner: 0, y: 10, keywords: OBR }, { warscroll: "Liberators", owner: 0, y: 16 }, { warscroll: "Vindictors", owner: 1, y: 40 }], [2]);
    give(b, "Liberators", DISCHARGE);
    beginTurn(b, 0);
    expect([castingBonus(b, ids[0]!), left(b)]).toEqual([0, 0]);
    ({ b, ids } = at([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 0, y: 16 }, { warscroll: "Vindictors", owner: 1, y: 40 }], []));
    give(b, "Liberators", DISCHARGE);
    beginTurn(b, 0);
    expect(castingBonus(b, ids[0]!)).toBe(0);
    ({ b, ids } = at([{ warscroll: KA, owner: 0, y: 10, keywords: OBR }, { warscroll: "Liberators", owner: 0, y: 34 }, { warscroll: "Vindictors", owner: 1, y: 50 }], []));
    give(b, "Liberators", DISCHARGE);
    beginTurn(b, 0);
    expect(castingBonus(b, ids[0]!)).toBe(0);
  });

  it("[AB:BSData/Discharge Armour] Once Per Turn (Army): two units with it, one die, one bonus", () => {
    const { b, ids } = at([{ warscroll: KA, owner: 0, y: 10, keywords: OBR }, { warscroll: "Liberators", owner: 0, y: 16 }, { warscroll: "Liberators", owner: 0, y: 16, x: 40 }, { warscroll: "Vindictors", owner: 1, y: 40 }], [4]);
    give(b, "Liberators", DISCHARGE);
    beginTurn(b, 0);
    expect([castingBonus(b, ids[0]!), left(b)]).toEqual([1, 0]);
  });

  it("[AB:BSData/Divine Matriarch] the PRIEST 6\" away gets +1 to chanting rolls (and casting rolls) until the start of its army's next turn, through the enemy's turn", () => {
    const DOK = ["DAUGHTERS OF KHAINE"];
    const { b, ids } = at([{ warscroll: "Lord-Imperatant", owner: 0, y: 10, keywords: [...DOK, "PRIEST (1)"] }, { warscroll: "Liberators", owner: 0, y: 16, keywords: DOK }, { warscroll: "Vindictors", owner: 1, y: 40 }], []);
    give(b, "Liberators", MATRIARCH);
    const li = ids[0]!;
    expect(rollBonus(b, li, "chanting")).toBe(0);
    beginTurn(b, 0);
    expect([rollBonus(b, li, "chanting"), castingBonus(b, li), rollBonus(b, li, "unbinding")]).toEqual([1, 1, 0]);
    beginTurn(b, 1);
    expect(rollBonus(b, li, "chanting")).toBe(1);
    beginTurn(b, 0); // gone, then put again by its own hero phase
    expect([rollBonus(b, li, "chanting"), b.unit(li).tokens.filter((t) => t.includes("Divine Matriarch")).length]).toEqual([1, 1]);
  });
});

describe("magic6: the kernel plays the same battles", () => {
  const units: Unit[] = [{ warscroll: KA, owner: 0, y: 10, keywords: ["OSSIARCH BONEREAPERS", "DAUGHTERS OF KHAINE"] }, { warscroll: "Liberators", owner: 0, y: 14, x: 36, keywords: ["DAUGHTERS OF KHAINE"] }, { warscroll: "Vindictors", owner: 1, y: 24 }, { warscroll: "Praetors", owner: 1, y: 25, x: 38 }];
  const Seeded = at(units, null).b.rng.constructor as new (seed: number) => Battle["rng"];
  const run = (gifts: { name: string; timing: string; effect: string }[], opts: { rocks?: number; begun?: boolean; on?: string }, seed: number) => {
    const { b, ids } = at(units, null, opts.begun ? 0 : 1);
    give(b, KA, BOLT);
    for (const t of gifts) give(b, opts.on ?? KA, t);
    if (opts.rocks !== undefined) rocksBeside(b, ids[0]!, opts.rocks);
    b.data.log = null;
    b.rng = new Seeded(seed);
    if (opts.begun) beginTurn(b, 0); // the effect already held (encode.ts: the record's bit in UM.EF_TURN)
    return new PitchedBattleState(b);
  };
  const cases: [string, { name: string; timing: string; effect: string }[], { rocks?: number; begun?: boolean; on?: string }][] = [
    ["Discharge Armour from the enemy's hero phase", [DISCHARGE], { on: "Liberators" }],
    ["Discharge Armour held, from its own hero phase", [DISCHARGE], { on: "Liberators", begun: true }],
    ["Divine Matriarch held until the next turn, from its own hero phase", [MATRIARCH], { on: "Liberators", begun: true }],
    ["Divine Matriarch and Deffcap Mushroom", [MATRIARCH, DEFFCAP], {}],
    ["Deffcap Mushroom from the enemy's hero phase", [DEFFCAP], {}],
    ["Deffcap Mushroom held, from its own hero phase", [DEFFCAP], { begun: true }],
    ["Sniffer Spite beside rocks", [SNIFFER], { rocks: 1 }],
    ["Sniffer Spite held beside rocks", [SNIFFER], { rocks: 1, begun: true }],
    ["Retchling and Sniffer Spite together", [RETCHLING, SNIFFER], { rocks: 2 }],
  ];
  for (const [what, gifts, opts] of cases) {
    it(`[CORE-SPELLS] ${what}: battles identical, seed for seed, and the ability changes some of them`, () => {
      sameBattlesChanged(core, (seed, on) => (on ? run(gifts, opts, seed) : run([], { ...opts, begun: false }, seed)), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });
  }
});

const RESONANCE = { name: "Arcane Resonance", timing: "Passive", effect: "Add 1 to casting rolls for this unit when it uses a SUMMON ability and add 1 to banishment rolls for this unit." };

/** Player 0's hero phase in round 2 with player 1's Horrors of the Necropolis Nightmare Predator set up at (30, 25) last turn (manifestations.test.ts's banishing). */
function banishing(dice: number[] | null, rollout = false) {
  const placements: Placement[] = [{ warscroll: KA, owner: 0, x: 30, y: 5 }, { warscroll: "Mortek Guard", owner: 1, x: 30, y: 40 }];
  const { b, ids } = battleAt("savage-gains", placements, { ...(dice ? { dice } : { seed: 1 }), step: { kind: "hero", player: 0 }, lores: [null, "Horrors of the Necropolis"] });
  b.data.round = 1;
  b.data.turn = 1;
  setUpManifestation(b, manifestationRecord(b, placements.length + 1)!, { x: 30, y: 25 }, 1);
  b.data.round = rollout ? 1 : 2; // a rollout needs the scoring's round (1): the summon's record (turn 1) is still not this turn's
  b.data.turn = 0;
  b.data.active = 0;
  return { b, ids, predator: placements.length + 1 };
}

describe("magic6: banishment rolls", () => {
  it("[AB:BSData/Arcane Resonance] +1 to the caster's banishment roll on top of Indomitable Loreseekers' +1: 3 + 2 + 2 = 7 banishes the Nightmare Predator (7+); without it 6 does not", () => {
    for (const [withIt, gone] of [[true, true], [false, false]] as const) {
      const { b, predator } = banishing([3, 2]);
      if (withIt) give(b, KA, RESONANCE);
      expect(labels(b)).toContain(`Knight-Arcanum banishes Nightmare Predator (2D6 + ${withIt ? 2 : 1} against 7+)`);
      pick(b, "banishes Nightmare Predator");
      expect([b.unit(predator).status !== "deployed", left(b)]).toEqual([gone, 0]);
    }
  });

  it("[CORE-BANISH] Arcane Resonance: battles from the hero phase with an enemy manifestation identical in the kernel, seed for seed, and it changes some of them", () => {
    const Seeded = banishing(null, true).b.rng.constructor as new (seed: number) => Battle["rng"];
    const run = (withIt: boolean, seed: number) => {
      const { b } = banishing(null, true);
      if (withIt) give(b, KA, RESONANCE);
      b.data.log = null;
      b.rng = new Seeded(seed);
      return new PitchedBattleState(b);
    };
    sameBattlesChanged(core, (seed, on) => run(on, seed), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
