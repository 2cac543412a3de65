/**
 * The 12 battleplans as data and rules: tables, maps, deployment, round-start events, the battleplan roll.
 * Numbers are worked out by hand from the maps documented in src/aos/battleplans/table1.ts and table2.ts.
 */
import { describe, expect, it } from "vitest";
import {
  altarControl,
  alphaObjective,
  BATTLEPLANS,
  battleplan,
  battleplanFor,
  battleplanFromRolls,
  backboneContestingModels,
  betaObjectives,
  bordersOf,
  canSetUp,
  deploymentZone,
  distanceToPolygon,
  findBattleplan,
  mapEventsAtRoundStart,
  objectivePosition,
  objectivesOnBattlefield,
  objectiveWhollyWithin,
  rollAlpha,
  rollBattleplan,
  rollOff,
  rollVeins,
  seismicShiftChoices,
  vantagePointCommandPoints,
  veinsPosition,
  whyNotSeismicShift,
  whyNotSetUp,
  type BattleplanId,
  type Dice,
} from "../../src/aos/battleplans/index.js";
import { InputError } from "../../src/core/errors.js";
import { Rng } from "../../src/core/rng.js";

/** Dice that roll the given faces in order (whatever the number of sides asked). */
function scripted(faces: number[]): Dice {
  let i = 0;
  return {
    roll: () => {
      if (i >= faces.length) throw new Error("scripted dice ran out");
      return faces[i++]!;
    },
  };
}

const pos = (id: BattleplanId, objective: string, round = 1) => objectivePosition(battleplan(id).objectives.find((o) => o.id === objective)!, round);

describe("the battleplan tables", () => {
  it("[PB-BATTLEPLAN-ROLL] Table 1 holds plans 1.1-1.6 and Table 2 plans 2.1-2.6, with kebab-case ids", () => {
    expect(BATTLEPLANS.map((p) => `${p.table}.${p.number} ${p.id}`)).toEqual([
      "1.1 marking-territory",
      "1.2 savage-gains",
      "1.3 first-blood",
      "1.4 power-struggle",
      "1.5 survival-of-the-fittest",
      "1.6 tectonic-interference",
      "2.1 apex-predators",
      "2.2 the-vice",
      "2.3 tooth-and-nail",
      "2.4 feral-foray",
      "2.5 power-in-numbers",
      "2.6 the-veins-of-ghur",
    ]);
    expect(BATTLEPLANS.map((p) => p.ruleId)).toEqual(Array.from({ length: 12 }, (_, i) => `PB-BP-${String(i + 1).padStart(2, "0")}`));
    expect(battleplanFor(2, 2).id).toBe("the-vice");
  });

  it("[PB-BATTLEPLAN-ROLL] a plan can be chosen directly by id or by name; an unknown one lists the ids", () => {
    expect(findBattleplan("savage-gains").name).toBe("Savage Gains");
    expect(findBattleplan("The Vice").id).toBe("the-vice");
    expect(findBattleplan("power in numbers").id).toBe("power-in-numbers");
    expect(() => findBattleplan("kill team")).toThrow(InputError);
    expect(() => findBattleplan("kill team")).toThrow(/no battleplan "kill team" \(one of marking-territory, savage-gains/);
  });

  it("[PB-BATTLEPLAN-ROLL] table roll 1-3 reads Table 1, 4-6 Table 2; the plan roll picks the number", () => {
    expect(battleplanFromRolls(3, 2)).toEqual({ table: 1, battleplan: "savage-gains" });
    expect(battleplanFromRolls(4, 2)).toEqual({ table: 2, battleplan: "the-vice" });
    expect(battleplanFromRolls(6, 6)).toEqual({ table: 2, battleplan: "the-veins-of-ghur" });
    expect(battleplanFromRolls(1, 1)).toEqual({ table: 1, battleplan: "marking-territory" });
  });

  it("[PB-BATTLEPLAN-ROLL] enumerating every roll-off, table roll and plan roll gives each plan exactly 1/12", () => {
    const counts = new Map<string, number>();
    let outcomes = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        if (a === b) continue; // a tied roll-off is rolled again: covered by the next test
        for (let t = 1; t <= 6; t++)
          for (let p = 1; p <= 6; p++) {
            const r = rollBattleplan(scripted([a, b, t, p]));
            expect(r.rollOff.winner).toBe(a > b ? 0 : 1);
            counts.set(r.battleplan, (counts.get(r.battleplan) ?? 0) + 1);
            outcomes++;
          }
      }
    expect(outcomes).toBe(30 * 36);
    expect(counts.size).toBe(12);
    for (const n of counts.values()) expect(n / outcomes).toBe(1 / 12); // 90 / 1080, exactly
  });

  it("[PB-BATTLEPLAN-ROLL] [PB-ROLLOFF] a tied roll-off is rolled again; a seeded Rng gives the same plan every time", () => {
    const r = rollBattleplan(scripted([4, 4, 2, 5, 5, 3]));
    expect(r.rollOff).toEqual({ rolls: [[4, 4], [2, 5]], winner: 1 });
    expect(r).toMatchObject({ tableRoll: 5, table: 2, planRoll: 3, battleplan: "tooth-and-nail" });
    const a = rollBattleplan(new Rng(2021));
    const b = rollBattleplan(new Rng(2021));
    expect(b).toEqual(a);
    expect(a.battleplan).toBe(battleplanFromRolls(a.tableRoll, a.planRoll).battleplan);
    expect(() => rollOff({ roll: () => 3 })).toThrow(/not fair/);
    // Of the 36 first rolls, 6 tie and are rolled again; each player wins 15 of the other 30.
    const winners = Array.from({ length: 36 }, (_, i) => [(i % 6) + 1, Math.floor(i / 6) + 1]).filter(([a, b]) => a !== b).map((f) => rollOff(scripted(f)).winner);
    expect([winners.filter((w) => w === 0).length, winners.filter((w) => w === 1).length]).toEqual([15, 15]);
  });
});

describe("maps", () => {
  it("[PB-BP-01] Marking Territory: 4 objectives, one 1\" in front of each territory (11\" from the centre line) and two on it", () => {
    const p = battleplan("marking-territory");
    expect(p.objectives.map((o) => o.id)).toEqual(["south", "north", "west", "east"]);
    // The map's positions are the plan's; the territories ending 12" from the centre line (PB-DEPLOY-ZONE) leave them in no man's land.
    expect(pos("marking-territory", "south")).toEqual({ x: 30, y: 11 });
    expect(pos("marking-territory", "north")).toEqual({ x: 30, y: 33 });
    expect(distanceToPolygon(p.territories[0].polygon, pos("marking-territory", "south")!)).toBeCloseTo(1, 12);
    expect(distanceToPolygon(p.territories[1].polygon, pos("marking-territory", "north")!)).toBeCloseTo(1, 12);
    expect(objectiveWhollyWithin(p, "south", pos("marking-territory", "south")!)).toBe(false);
    expect(pos("marking-territory", "west")).toEqual({ x: 12, y: 22 });
    expect(p.victoryPoints).toBe(false);
    expect(p.gloriousVictoryFromRound).toBe(3);
  });

  it("[PB-BP-02] Savage Gains: a prime objective on each territory's border, two on neither border", () => {
    const p = battleplan("savage-gains");
    expect(p.territories.map((t) => t.id)).toEqual(["south", "north"]);
    expect(bordersOf(p, pos("savage-gains", "south-border")!)).toEqual(["south"]);
    expect(bordersOf(p, pos("savage-gains", "north-border")!)).toEqual(["north"]);
    expect(bordersOf(p, pos("savage-gains", "west")!)).toEqual([]);
    expect(bordersOf(p, pos("savage-gains", "east")!)).toEqual([]);
    expect(p.objectives.filter((o) => o.prime).map((o) => o.id)).toEqual(["south-border", "north-border"]);
  });

  it("[PB-BP-06] Tectonic Interference: objectives numbered 1-3, all prime; the D3 picks the alpha, the other two are beta", () => {
    const p = battleplan("tectonic-interference");
    expect(p.objectives.map((o) => [o.id, o.number, o.prime])).toEqual([["south", 1, true], ["centre", 2, true], ["north", 3, true]]);
    expect(rollAlpha(scripted([2]))).toBe(2);
    expect(alphaObjective(p, 2).id).toBe("centre");
    expect(betaObjectives(p, 2).map((o) => o.id)).toEqual(["south", "north"]);
    expect(betaObjectives(p, 3).map((o) => o.id)).toEqual(["south", "centre"]);
    expect(() => alphaObjective(battleplan("savage-gains"), 1)).toThrow(/no alpha objective/);
  });

  it("[PB-BP-08] The Vice: 4 prime corner objectives move inward in round 2; in round 4 they go and one is set up at the centre", () => {
    const p = battleplan("the-vice");
    const ids = (round: number) => objectivesOnBattlefield(p, round).map((o) => o.id);
    expect(ids(1)).toEqual(["south-west", "south-east", "north-west", "north-east"]);
    expect(p.objectives.every((o) => o.prime)).toBe(true);
    expect(pos("the-vice", "north-east", 1)).toEqual({ x: 54, y: 38 });
    expect(pos("the-vice", "north-east", 2)).toEqual({ x: 42, y: 32 });
    expect(pos("the-vice", "north-east", 3)).toEqual({ x: 42, y: 32 });
    expect(pos("the-vice", "north-east", 4)).toBeNull();
    expect(ids(4)).toEqual(["centre"]);
    expect(pos("the-vice", "centre", 4)).toEqual({ x: 30, y: 22 });
    expect(mapEventsAtRoundStart(p, 2).map((e) => `${e.kind} ${e.objective}`)).toEqual(["move south-west", "move south-east", "move north-west", "move north-east"]);
    expect(mapEventsAtRoundStart(p, 3)).toEqual([]);
    expect(mapEventsAtRoundStart(p, 4).map((e) => `${e.kind} ${e.objective}`)).toEqual(["remove south-west", "remove south-east", "remove north-west", "remove north-east", "set-up centre"]);
    expect(mapEventsAtRoundStart(p, 2)[0]!.text).toBe('The Vice: objective south-west moves from (6", 6") to (18", 12")');
  });

  it("[PB-BP-09] Tooth and Nail: exactly the objectives wholly within a territory are prime", () => {
    const p = battleplan("tooth-and-nail");
    for (const o of p.objectives) {
      const at = objectivePosition(o, 1)!;
      const wholly = p.territories.some((t) => objectiveWhollyWithin(p, t.id, at));
      expect([o.id, o.prime]).toEqual([o.id, wholly]);
    }
    expect(p.objectives.filter((o) => o.prime).map((o) => o.id)).toEqual(["west", "east"]);
    expect(p.noReserves && p.fatiguedWarriors).toBe(true);
  });

  it("[PB-BP-10] Feral Foray: two objectives wholly within each territory to raid, one on the centre line", () => {
    const p = battleplan("feral-foray");
    const whollyIn = (t: "south" | "north") => p.objectives.filter((o) => objectiveWhollyWithin(p, t, objectivePosition(o, 1)!)).map((o) => o.id);
    expect(whollyIn("south")).toEqual(["south-west", "south-east"]);
    expect(whollyIn("north")).toEqual(["north-west", "north-east"]);
    expect(p.raidsFromRound).toBe(2);
  });

  it("[PB-BP-12] The Veins of Ghur: no objective in round 1, one from round 2, three from round 3, where the lines cross", () => {
    const p = battleplan("the-veins-of-ghur");
    expect(objectivesOnBattlefield(p, 1)).toEqual([]);
    expect(objectivesOnBattlefield(p, 2).map((o) => o.id)).toEqual(["vein-1"]);
    expect(objectivesOnBattlefield(p, 3).map((o) => o.id)).toEqual(["vein-1", "vein-2", "vein-3"]);
    expect(p.objectives.every((o) => o.prime)).toBe(true);
    // Objective lines x = 30, 15, 45; roll lines y = 22 + 3 (roll - 7).
    expect(veinsPosition(p, "vein-1", 7)).toEqual({ x: 30, y: 22 });
    expect(veinsPosition(p, "vein-2", 2)).toEqual({ x: 15, y: 7 });
    expect(veinsPosition(p, "vein-3", 12)).toEqual({ x: 45, y: 37 });
    expect(veinsPosition(p, "vein-1", 9)).toEqual({ x: 30, y: 28 });
    expect(mapEventsAtRoundStart(p, 3).map((e) => `${e.kind} ${e.objective}`)).toEqual(["set-up vein-2", "set-up vein-3"]);
    expect(rollVeins(scripted([3, 4]))).toBe(7);
    // 2D6 enumerated: the centre line (7) is the likeliest, 6 of 36.
    const sevens = Array.from({ length: 36 }, (_, i) => rollVeins(scripted([(i % 6) + 1, Math.floor(i / 6) + 1]))).filter((r) => r === 7).length;
    expect(sevens).toBe(6);
  });

  it("[PB-BP-03] First Blood: the vantage point's controller gets 1 extra command point", () => {
    expect(vantagePointCommandPoints("north", ["north", "west"])).toBe(1);
    expect(vantagePointCommandPoints("north", ["west"])).toBe(0);
    expect(vantagePointCommandPoints(null, ["west"])).toBe(0);
    expect(battleplan("first-blood").vantagePoint).toBe(true);
  });

  it("[PB-BP-07] Apex Predators: only Leaders take altars; a retreat or an enemy Leader within 3\" does not; control lapses without a Leader", () => {
    expect(altarControl(null, { kind: "leader-move", side: "attacker", retreat: false, enemyLeaderWithin3: false })).toBe("attacker");
    expect(altarControl("defender", { kind: "leader-move", side: "attacker", retreat: true, enemyLeaderWithin3: false })).toBe("defender");
    expect(altarControl("defender", { kind: "leader-move", side: "attacker", retreat: false, enemyLeaderWithin3: true })).toBe("defender");
    expect(altarControl("defender", { kind: "leader-slain-in-melee", side: "attacker" })).toBe("attacker");
    expect(altarControl("attacker", { kind: "check", controllerLeaderWithin3: true })).toBe("attacker");
    expect(altarControl("attacker", { kind: "check", controllerLeaderWithin3: false })).toBeNull();
    expect(battleplan("apex-predators").objectiveControl).toBe("altars-of-the-beast");
  });

  it("[PB-BP-11] Power in Numbers: with a Battleline unit within 6\", only Battleline models contest", () => {
    const units = [
      { side: "attacker" as const, models: 10, battleline: true, within6: true, contesting: true },
      { side: "defender" as const, models: 20, battleline: false, within6: true, contesting: true },
      { side: "defender" as const, models: 5, battleline: true, within6: true, contesting: true },
    ];
    expect(backboneContestingModels(units)).toEqual({ attacker: 10, defender: 5 });
    expect(backboneContestingModels(units.filter((u) => !u.battleline))).toEqual({ attacker: 0, defender: 20 });
    // A Battleline unit 5" away (within 6", not contesting) still shuts the others out.
    expect(backboneContestingModels([{ ...units[0]!, contesting: false }, units[1]!])).toEqual({ attacker: 0, defender: 0 });
  });

  it("every objective of every plan stands on the battlefield in the rounds it is in play", () => {
    for (const p of BATTLEPLANS) {
      for (const o of p.objectives) {
        for (let round = 1; round <= 5; round++) {
          const at = objectivePosition(o, round);
          if (at) expect(at.x > 0 && at.x < 60 && at.y > 0 && at.y < 44, `${p.id} ${o.id}`).toBe(true);
        }
      }
    }
  });
});

describe("deployment", () => {
  const distances = Object.fromEntries(BATTLEPLANS.map((p) => [p.id, p.deploymentDistance]));

  it("[PB-DEPLOY-ZONE] the distance from the opponent's territory per plan: 9\" on five, 12\" on The Vice, none elsewhere", () => {
    expect(distances).toEqual({
      "marking-territory": 0,
      "savage-gains": 0,
      "first-blood": 0,
      "power-struggle": 0,
      "survival-of-the-fittest": 9,
      "tectonic-interference": 9,
      "apex-predators": 9,
      "the-vice": 12,
      "tooth-and-nail": 9,
      "feral-foray": 9,
      "power-in-numbers": 0,
      "the-veins-of-ghur": 0,
    });
  });

  it("[PB-DEPLOY-ZONE] wholly within the territory: a 1\"-radius unit may stand with its centre 1\" from the border, not 0.5\"", () => {
    const p = battleplan("marking-territory");
    expect(canSetUp(p, "south", { x: 30, y: 9, radius: 1 })).toBe(true);
    expect(whyNotSetUp(p, "south", { x: 30, y: 9.5, radius: 1 })).toBe("not wholly within the south territory");
    expect(canSetUp(p, "north", { x: 30, y: 9, radius: 1 })).toBe(false);
    expect(canSetUp(p, "north", { x: 30, y: 35, radius: 1 })).toBe(true);
  });

  it("[PB-DEPLOY-ZONE] the five plans without a distance: territories end 12\" from the centre line (24\" of no man's land); objectives where the maps put them", () => {
    const south = [{ x: 0, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 10 }, { x: 0, y: 10 }];
    const north = [{ x: 0, y: 34 }, { x: 60, y: 34 }, { x: 60, y: 44 }, { x: 0, y: 44 }];
    for (const id of ["marking-territory", "power-struggle", "power-in-numbers", "the-veins-of-ghur"] as const) {
      expect(battleplan(id).territories.map((t) => t.polygon), id).toEqual([south, north]);
    }
    expect(battleplan("first-blood").territories.map((t) => t.polygon)).toEqual([
      [{ x: 0, y: 0 }, { x: 18, y: 0 }, { x: 18, y: 44 }, { x: 0, y: 44 }],
      [{ x: 42, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 44 }, { x: 42, y: 44 }],
    ]);
    for (const p of BATTLEPLANS) {
      const [t0, t1] = p.territories;
      // Every corner of one territory is at least 20" (Savage Gains' strips), 24" (the five) or 0" (the distance plans) from the other.
      const gap = Math.min(...t0.polygon.map((c) => distanceToPolygon(t1.polygon, c)));
      expect(gap, p.id).toBeCloseTo(p.deploymentDistance > 0 ? 0 : p.id === "savage-gains" ? 20 : 24, 9);
    }
    // The objectives are the maps' (unchanged by the territories).
    expect(battleplan("first-blood").objectives.map((o) => o.positions![0]!.at)).toEqual([{ x: 15, y: 22 }, { x: 45, y: 22 }, { x: 30, y: 10 }, { x: 30, y: 34 }]);
    expect(battleplan("power-struggle").objectives.map((o) => o.positions![0]!.at)).toEqual([{ x: 30, y: 22 }, { x: 15, y: 11 }, { x: 45, y: 11 }, { x: 15, y: 33 }, { x: 45, y: 33 }]);
    expect(battleplan("power-in-numbers").objectives.map((o) => o.positions![0]!.at)).toEqual([{ x: 30, y: 22 }, { x: 10, y: 22 }, { x: 50, y: 22 }, { x: 30, y: 10 }, { x: 30, y: 34 }]);
  });

  it("[PB-DEPLOY-ZONE] more than 9\" (Survival of the Fittest) and 12\" (The Vice) from the opponent's territory, edge to edge", () => {
    const s = battleplan("survival-of-the-fittest");
    expect(canSetUp(s, "south", { x: 30, y: 11.9, radius: 1 })).toBe(true); // 22 - 12.9 = 9.1"
    expect(whyNotSetUp(s, "south", { x: 30, y: 12, radius: 1 })).toBe('9.00" from the north territory; must be more than 9"');
    expect(canSetUp(s, "north", { x: 30, y: 32.1, radius: 1 })).toBe(true);
    const v = battleplan("the-vice");
    expect(canSetUp(v, "south", { x: 30, y: 8.9, radius: 1 })).toBe(true); // 12.1"
    expect(canSetUp(v, "south", { x: 30, y: 9.1, radius: 1 })).toBe(false); // 11.9"
    const t = battleplan("tectonic-interference");
    expect(canSetUp(t, "west", { x: 20, y: 22, radius: 0.5 })).toBe(true); // 30 - 20.5 = 9.5"
    expect(canSetUp(t, "west", { x: 20.6, y: 22, radius: 0.5 })).toBe(false); // 8.9"
  });

  it("[PB-DEPLOY-ZONE] the zones: 13\" deep on 9\" halves, 10\" on The Vice, the diagonal moved back 9\" on Apex Predators", () => {
    expect(deploymentZone(battleplan("survival-of-the-fittest"), "south")).toEqual([{ x: 0, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 13 }, { x: 0, y: 13 }]);
    expect(deploymentZone(battleplan("the-vice"), "north")).toEqual([{ x: 60, y: 34 }, { x: 60, y: 44 }, { x: 0, y: 44 }, { x: 0, y: 34 }]);
    expect(deploymentZone(battleplan("power-in-numbers"), "south")).toEqual(battleplan("power-in-numbers").territories[0].polygon);
    const apex = battleplan("apex-predators");
    const zone = deploymentZone(apex, "south-west");
    // 44x + 60y = 2640 - 9·√(44² + 60²): x = 44.78 at y = 0, y = 32.84 at x = 0.
    expect(zone).toEqual([{ x: 0, y: 0 }, { x: 44.78, y: 0 }, { x: 0, y: 32.84 }]);
    for (const corner of zone) expect(distanceToPolygon(apex.territories[1].polygon, corner)).toBeGreaterThanOrEqual(9 - 0.01);
    expect(canSetUp(apex, "south-west", { x: 10, y: 10, radius: 1 })).toBe(true);
    expect(canSetUp(apex, "south-west", { x: 25, y: 15, radius: 1 })).toBe(false);
  });
});

describe("realm rules", () => {
  it("[PB-REALM-SEISMIC] in round 3 the player going second may remove an objective, but never a prime one", () => {
    const sg = battleplan("savage-gains");
    const inPlay = objectivesOnBattlefield(sg, 3);
    expect(seismicShiftChoices(inPlay).map((o) => o.id)).toEqual(["west", "east"]);
    expect(whyNotSeismicShift(3, "west", inPlay)).toBeNull();
    expect(whyNotSeismicShift(3, "south-border", inPlay)).toBe("south-border is a prime objective and cannot be removed");
    expect(whyNotSeismicShift(2, "west", inPlay)).toMatch(/only at the start of the third battle round/);
    expect(whyNotSeismicShift(3, "centre", inPlay)).toMatch(/"centre" is not an objective on the battlefield/);
    // Every objective of The Vice, Tectonic Interference and the Veins is prime: nothing to remove.
    expect(seismicShiftChoices(objectivesOnBattlefield(battleplan("the-vice"), 3))).toEqual([]);
    expect(seismicShiftChoices(objectivesOnBattlefield(battleplan("the-veins-of-ghur"), 3))).toEqual([]);
    expect(seismicShiftChoices(objectivesOnBattlefield(battleplan("tooth-and-nail"), 3)).map((o) => o.id)).toEqual(["south", "north"]);
  });
});
