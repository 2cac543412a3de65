/**
 * Manifestations in a Pitched Battle (src/aos/battle/manifestations.ts): summoning with the CORE-SPELLS
 * machinery and Banish Manifestation (CORE-BANISH, 4th edition 7.2), on positions set up for each rule with
 * the dice scripted. Bases: Boneshaper 32mm (0.6299" radius), Knight-Arcanum 40mm (0.7874"), Nightmare
 * Predator and Soulstealer Carrion 60mm (1.1811"), Bone-tithe Shrieker 90x52mm.
 */
import { describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { choices } from "../../src/aos/battle/flow.js";
import {
  banishmentBonus,
  chance2D6,
  manifestationRecord,
  setUpManifestation,
  summonedThisTurn,
} from "../../src/aos/battle/manifestations.js";
import { updateControl } from "../../src/aos/battle/objectives.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import type { Player } from "../../src/aos/battle/state.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { battleAt, type Placement, ScriptedRng, labels, pick } from "../support/battle-fixtures.js";

const HORRORS = "Horrors of the Necropolis";
const R32 = 16 / 25.4; // a 32mm base's radius
const R40 = 20 / 25.4;
const R60 = 30 / 25.4;

/**
 * Player 0's hero phase in battle round 2 with player 1's Horrors of the Necropolis manifestations (ids after
 * the placed units: Bone-tithe Shrieker, Nightmare Predator, Soulstealer Carrion) summoned last turn (round 1,
 * player 1's turn) where `enemy` says (null: not on the battlefield).
 */
function banishing(placements: Placement[], enemy: ({ x: number; y: number } | null)[], dice: number[]) {
  const { b, ids } = battleAt("savage-gains", placements, { dice, step: { kind: "hero", player: 0 }, lores: [null, HORRORS] });
  const first = placements.length;
  const d = b.data;
  d.round = 1;
  d.turn = 1;
  enemy.forEach((at, k) => {
    if (at) setUpManifestation(b, manifestationRecord(b, first + k)!, at, placements.findIndex((p) => p.owner === 1));
  });
  d.round = 2;
  d.turn = 0;
  d.active = 0;
  return { b, ids, shrieker: first, predator: first + 1, carrion: first + 2 };
}

const knight: Placement = { warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 5 };
const guard: Placement = { warscroll: "Mortek Guard", owner: 1, x: 30, y: 40 };

describe("Banish Manifestation (7.2)", () => {
  it("[CORE-BANISH] the roll is 2D6 + 1 per enemy manifestation after the first: three on the battlefield, +2 (and the Knight-Arcanum's Indomitable Loreseekers +1); 4 + 3 = 7 reaches 7+ and banishes, 3 + 3 = 6 does not", () => {
    const three = [
      { x: 20, y: 25 },
      { x: 30, y: 25 },
      { x: 40, y: 25 },
    ];
    const yes = banishing([knight, guard], three, [2, 2]);
    expect(banishmentBonus(yes.b, 0)).toBe(2);
    expect(labels(yes.b)).toContain("Knight-Arcanum banishes Nightmare Predator (2D6 + 3 against 7+)");
    pick(yes.b, "banishes Nightmare Predator");
    const p = yes.b.unit(yes.predator);
    expect([p.status, p.models]).toEqual(["destroyed", 0]);
    expect(manifestationRecord(yes.b, yes.predator)!.history.map((h) => [h.event, h.round, h.turn])).toEqual([
      ["summoned", 1, 1],
      ["banished", 2, 0],
    ]);
    // The other two stay, and the bonus drops to +1 with two left.
    expect(yes.b.unit(yes.shrieker).status).toBe("deployed");
    expect(banishmentBonus(yes.b, 0)).toBe(1);

    const no = banishing([knight, guard], three, [1, 2]);
    pick(no.b, "banishes Nightmare Predator");
    expect(no.b.unit(no.predator).status).toBe("deployed");
    expect(no.b.unit(no.predator).models).toBe(1);
  });

  it("[CORE-BANISH] with one enemy manifestation there is no bonus but Indomitable Loreseekers' +1: a roll equal to the banishment value (3 + 3 + 1 = 7) banishes, one less (3 + 2 + 1 = 6) does not", () => {
    const one = [null, { x: 30, y: 25 }, null];
    const equal = banishing([knight, guard], one, [3, 3]);
    expect(banishmentBonus(equal.b, 0)).toBe(0);
    expect(labels(equal.b)).toContain("Knight-Arcanum banishes Nightmare Predator (2D6 + 1 against 7+)");
    pick(equal.b, "banishes Nightmare Predator");
    expect(equal.b.unit(equal.predator).status).toBe("destroyed");
    const short = banishing([knight, guard], one, [3, 2]);
    pick(short.b, "banishes Nightmare Predator");
    expect(short.b.unit(short.predator).status).toBe("deployed");
  });

  it("[CORE-BANISH] a manifestation summoned this turn cannot be picked; one summoned last turn can", () => {
    const { b, predator, carrion } = banishing([knight, guard], [null, { x: 30, y: 25 }, null], []);
    // Soulstealer Carrion is set up now, in round 2, player 0's turn.
    setUpManifestation(b, manifestationRecord(b, carrion)!, { x: 40, y: 25 }, 1);
    expect(summonedThisTurn(b, manifestationRecord(b, carrion)!)).toBe(true);
    expect(summonedThisTurn(b, manifestationRecord(b, predator)!)).toBe(false);
    expect(labels(b).filter((l) => l.includes("banishes"))).toEqual(["Knight-Arcanum banishes Nightmare Predator (2D6 + 2 against 7+)"]);
  });

  it("[CORE-BANISH] only a manifestation within 30\": 29.5\" away (edge to edge) can be picked, 30.5\" away cannot", () => {
    // The knight at (15, 22); centres 0.79 + 1.18 + 29.5 = 31.47" and 0.79 + 1.18 + 30.5 = 32.47" away.
    const near = { x: 15 + R40 + R60 + 29.5, y: 22 };
    const far = { x: 15 + Math.sqrt((R40 + R60 + 30.5) ** 2 - 10 ** 2), y: 32 };
    const { b, predator, carrion } = banishing([{ ...knight, x: 15, y: 22 }, guard], [null, near, far], []);
    expect(b.distance(0, predator)).toBeCloseTo(29.5, 9);
    expect(b.distance(0, carrion)).toBeCloseTo(30.5, 9);
    expect(labels(b).filter((l) => l.includes("banishes"))).toEqual(["Knight-Arcanum banishes Nightmare Predator (2D6 + 2 against 7+)"]);
  });

  it("[CORE-BANISH] the same manifestation once per turn: after a failed attempt (1 + 2 = 3) a WIZARD (2) with a spell left can pick only another", () => {
    const lady: Placement = { warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, x: 30, y: 5 };
    const { b } = banishing([lady, guard], [{ x: 20, y: 25 }, { x: 30, y: 25 }, null], [1, 2]);
    pick(b, "banishes Nightmare Predator");
    expect(labels(b).filter((l) => l.includes("banishes"))).toEqual(["Lady Olynder, Mortarch of Grief banishes Bone-tithe Shrieker (2D6 + 1 against 7+)"]);
    // Next turn the Predator can be picked again.
    beginTurn(b, 1);
    beginTurn(b, 0);
    b.data.step = { kind: "hero", player: 0 };
    expect(labels(b).filter((l) => l.includes("banishes Nightmare Predator"))).toHaveLength(1);
  });

  it("[CORE-BANISH] a WIZARD (1) that banishes uses its spell: no Metamorphosis after; a PRIEST banishes with a prayer and leaves the WIZARD its spell", () => {
    const lord: Placement = { warscroll: "Lord-Imperatant", owner: 0, x: 36, y: 5 };
    const wiz = banishing([knight, lord, guard], [null, { x: 30, y: 25 }, null], [1, 2]);
    expect(labels(wiz.b)).toContain("Knight-Arcanum casts Metamorphosis on Lord-Imperatant");
    pick(wiz.b, "Knight-Arcanum banishes Nightmare Predator");
    expect(wiz.b.data.spells.cast).toEqual([0]);
    expect(labels(wiz.b)).toEqual(["end the hero phase"]);

    const priest = banishing([knight, { ...lord, keywords: ["PRIEST (1)"] }, guard], [null, { x: 30, y: 25 }, { x: 40, y: 25 }], [1, 2]);
    pick(priest.b, "Lord-Imperatant banishes Nightmare Predator");
    expect(priest.b.data.spells.prayed).toEqual([1]);
    expect(priest.b.data.spells.cast).toEqual([]);
    // The PRIEST (1) has no prayer left; the WIZARD still has its spell (banish or Metamorphosis).
    expect(labels(priest.b)).toEqual([
      "Knight-Arcanum casts Metamorphosis on Knight-Arcanum",
      "Knight-Arcanum casts Metamorphosis on Lord-Imperatant",
      "Knight-Arcanum banishes Soulstealer Carrion (2D6 + 2 against 7+)",
      "end the hero phase",
    ]);
  });

  it("[CORE-BANISH] a friendly manifestation can be picked too (7.2: \"a MANIFESTATION\"); the bonus counts only enemy ones", () => {
    const { b } = battleAt("savage-gains", [knight, guard], { step: { kind: "hero", player: 1 }, lores: [null, HORRORS], dice: [6, 6] });
    b.data.active = 1;
    b.data.round = 1;
    b.data.turn = 0;
    setUpManifestation(b, manifestationRecord(b, 3)!, { x: 30, y: 30 }, 1);
    b.data.round = 2;
    b.data.turn = 1;
    // Mortek Guard has no spell or prayer: nobody of player 1 can banish.
    expect(labels(b).filter((l) => l.includes("banishes"))).toEqual([]);
    expect(banishmentBonus(b, 1 as Player)).toBe(0);
  });
});

describe("summoning manifestations (CORE-SPELLS)", () => {
  const boneshaper: Placement = { warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 };
  const liberators: Placement = { warscroll: "Liberators", owner: 1, x: 30, y: 40 };
  const summoning = (placements: Placement[], dice: number[]) => battleAt("savage-gains", placements, { dice, step: { kind: "hero", player: 0 }, lores: [HORRORS, null] });

  it("[CORE-SPELLS] [CORE-BANISH] a casting roll of 7 (6+) sets the Nightmare Predator up wholly within 12\" of the caster, more than 9\" from every enemy: toward the enemy, 0.63 + 12 - 1.18 = 11.45\" from the caster's centre", () => {
    const { b } = summoning([boneshaper, liberators], [3, 4]);
    const predator = 3; // Boneshaper 0, Liberators 1, then the lore: Shrieker 2, Predator 3, Carrion 4
    expect(b.profile(predator).name).toBe("Nightmare Predator");
    expect(b.unit(predator).status).toBe("destroyed"); // off the battlefield until summoned
    const reach = R32 + 12 - R60; // 11.4488"
    expect(labels(b)).toContain(`Mortisan Boneshaper casts Summon Nightmare Predator: set up toward the nearest enemy at (30.0, ${(8 + reach).toFixed(1)})`);
    pick(b, "Summon Nightmare Predator: set up toward the nearest enemy");
    const u = b.unit(predator);
    expect(u.status).toBe("deployed");
    expect(u.models).toBe(1);
    expect(u.x).toBeCloseTo(30, 9);
    expect(u.y).toBeCloseTo(8 + reach, 9);
    // Wholly within 12": the far edge of its base is exactly 12" from the caster's edge.
    expect(Math.hypot(u.x - 30, u.y - 8) + R60 - R32).toBeCloseTo(12, 9);
    expect(b.distance(predator, 1)).toBeGreaterThan(9);
    // A summoned unit is not of the starting army (PB-START-ARMY) and remembers when it was summoned.
    expect(b.profile(predator).startingArmy).toBe(false);
    expect(manifestationRecord(b, predator)!.history).toEqual([{ event: "summoned", round: 1, turn: 0, by: 0 }]);
    expect(b.data.spells.cast).toEqual([0]);
    expect(b.data.spells.summoned).toEqual(["Summon Nightmare Predator"]);
  });

  it("[CORE-SPELLS] a roll of 5 fails (6+), and the same spell is not cast again that phase: a second WIZARD is offered only the other two", () => {
    const soulreaper: Placement = { warscroll: "Mortisan Soulreaper", owner: 0, x: 20, y: 8 };
    const { b } = summoning([boneshaper, soulreaper, liberators], [2, 3]);
    pick(b, "Mortisan Boneshaper casts Summon Nightmare Predator: set up toward the nearest enemy");
    expect(b.unit(4).status).toBe("destroyed");
    const summons = labels(b).filter((l) => l.includes("casts Summon"));
    expect(summons.every((l) => l.startsWith("Mortisan Soulreaper"))).toBe(true);
    expect(new Set(summons.map((l) => /Summon ([^:]+):/.exec(l)![1]))).toEqual(new Set(["Bone-tithe Shrieker", "Soulstealer Carrion"]));
  });

  it("[CORE-SPELLS] a double 1 miscasts: D3 (2) mortal damage to the WIZARD (ward rolls 3 and 4 fail), nothing is set up and it casts no more that phase", () => {
    const { b } = summoning([boneshaper, liberators], [1, 1, 2, 3, 4]);
    pick(b, "Summon Nightmare Predator: set up toward the nearest enemy");
    expect(b.unit(0).damage).toBe(2);
    expect(b.unit(3).status).toBe("destroyed");
    expect(b.data.spells.blocked).toEqual([0]);
    expect(labels(b).filter((l) => l.includes("Boneshaper"))).toEqual([]);
    expect((b.rng as ScriptedRng).left()).toBe(0);
  });

  it("[CORE-UNBIND] an enemy WIZARD within 30\" unbinds a summoning with 9 against a casting roll of 8; with 8 it stays", () => {
    // 36 - 8 - 0.63 - 0.79 = 26.6" apart: within 30".
    const enemyWizard: Placement = { warscroll: "Knight-Arcanum", owner: 1, x: 30, y: 36 };
    const unbound = summoning([boneshaper, enemyWizard], [4, 4, 5, 4]);
    pick(unbound.b, "Summon Nightmare Predator: set up toward the nearest enemy");
    expect(unbound.b.unit(3).status).toBe("destroyed");
    const cast = summoning([boneshaper, enemyWizard], [4, 4, 4, 4]);
    pick(cast.b, "Summon Nightmare Predator: set up toward the nearest enemy");
    expect(cast.b.unit(3).status).toBe("deployed");
  });

  it("[CORE-SPELLS] a manifestation on the battlefield is not summoned again (\"if there is not a friendly X on the battlefield\"); the others still are", () => {
    const { b } = summoning([boneshaper, liberators], [3, 4]);
    pick(b, "Summon Nightmare Predator: set up toward the nearest enemy");
    beginTurn(b, 1);
    beginTurn(b, 0);
    b.data.step = { kind: "hero", player: 0 };
    const summons = labels(b).filter((l) => l.includes("casts Summon"));
    expect(summons.some((l) => l.includes("Nightmare Predator"))).toBe(false);
    expect(summons.some((l) => l.includes("Bone-tithe Shrieker"))).toBe(true);
  });

  it("[CORE-SPELLS] no spot more than 9\" from every enemy within the set-up range: no summon spell is offered", () => {
    // Liberators all around the caster, 5" away: every point within 12" is within 9" of one of them.
    const ring: Placement[] = [0, 1, 2, 3].map((k) => ({ warscroll: "Liberators", owner: 1, x: 30 + 8 * Math.cos((k * Math.PI) / 2), y: 20 + 8 * Math.sin((k * Math.PI) / 2) }));
    const { b } = summoning([{ ...boneshaper, y: 20 }, ...ring], []);
    expect(labels(b).filter((l) => l.includes("Summon"))).toEqual([]);
  });

  it("[CORE-BANISH] a manifestation contests no objective (no Control characteristic): alone on one, it does not gain control", () => {
    // The Boneshaper stands away from the objective: at (30, 8) its base would be 2.6" from the south-border marker's edge, contesting it.
    const { b } = summoning([{ ...boneshaper, x: 10 }, liberators], [3, 4]);
    const o = b.objectives()[0]!;
    setUpManifestation(b, manifestationRecord(b, 3)!, { x: o.x, y: o.y }, 0);
    updateControl(b, 0);
    expect(b.data.control[o.id]).toBeNull();
  });

  it("[PB-BP-09] Fatigued Warriors: a manifestation is a summoned unit — on Tooth and Nail it cannot charge in the turn it was summoned; the next turn it can, and elsewhere it can at once", () => {
    const charges = (plan: "savage-gains" | "tooth-and-nail", turn: number) => {
      const { b } = battleAt(plan, [boneshaper, { ...liberators, y: 30 }], { dice: [], step: { kind: "hero", player: 0 }, lores: [HORRORS, null] });
      b.data.round = 2;
      b.data.turn = 0;
      setUpManifestation(b, manifestationRecord(b, 3)!, { x: 30, y: 22 }, 0); // 30 - 22 - 1.18 - 2.52: 4.3" away
      expect(b.unit(3).added).toEqual({ round: 2, turn: 0 });
      b.data.turn = turn;
      b.data.step = { kind: "charge", player: 0 };
      return labels(b).filter((l) => l.startsWith("Nightmare Predator charges"));
    };
    expect(charges("tooth-and-nail", 0)).toEqual([]);
    expect(charges("tooth-and-nail", 1)).toEqual(["Nightmare Predator charges Liberators"]);
    expect(charges("savage-gains", 0)).toEqual(["Nightmare Predator charges Liberators"]);
  });
});

describe("the scripted policy and manifestations", () => {
  it("[CORE-BANISH] banishes an enemy manifestation when 2D6 + 1 (Indomitable Loreseekers) needs 7 (2D6 6+: 26/36, 72%) before anything else; summons the one with the most attacks toward the nearest enemy", () => {
    const { b } = banishing([knight, guard], [null, { x: 30, y: 25 }, null], []);
    expect(chance2D6(6)).toBeCloseTo(26 / 36, 12);
    expect(choices(b)[policyAction(b)]!.label).toBe("Knight-Arcanum banishes Nightmare Predator (2D6 + 1 against 7+)");

    const s = battleAt("savage-gains", [{ warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], {
      step: { kind: "hero", player: 0 },
      lores: [HORRORS, null],
    });
    // Bone-tithe Shrieker: 4 melee + 4 ranged attacks; Nightmare Predator and Soulstealer Carrion: 6.
    expect(choices(s.b)[policyAction(s.b)]!.label).toMatch(/^Mortisan Boneshaper casts Summon Bone-tithe Shrieker: set up toward the nearest enemy/);
  });
});
