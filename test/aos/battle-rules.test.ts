/**
 * The Pitched Battle engine's core rules, each on a position set up for it (test/support/battle-fixtures.ts),
 * with the dice scripted where the outcome depends on them.
 */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { allocateDamage } from "../../src/aos/battle/attacks.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { settle } from "../../src/aos/battle/flow.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { CONTEST_REACH, contestingModels, objectiveDistance } from "../../src/aos/battle/geometry.js";
import { altarLeaderMoved, updateControl } from "../../src/aos/battle/objectives.js";
import { footprintRadius } from "../../src/aos/battle/units.js";
import { noMods } from "../../src/aos/abilities/attack.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { beginTurn, raidOptions } from "../../src/aos/battle/turn.js";
import { BATTLEPLANS, distanceToPolygon } from "../../src/aos/battleplans/index.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { isSetUp, playSetUp } from "../../src/aos/rollout/ts.js";
import { Rng } from "../../src/core/rng.js";
import { randomAgent } from "../../src/planner/agents.js";
import { battleAt, ScriptedRng, labels, pick } from "../support/battle-fixtures.js";

const dist = (b: Battle, a: number, c: number) => b.distance(a, c);

describe("movement", () => {
  it("[CORE-MOVE] a normal move goes up to Move (5\" for Liberators) and never into an enemy's combat range", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 10, y: 5 },
      { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
    ]);
    const [lib] = ids as [number];
    pick(b, "Liberators moves toward objective east");
    const u = b.unit(lib);
    expect(Math.hypot(u.x - 10, u.y - 5)).toBeCloseTo(5, 9);
    // Toward an enemy 8" away edge to edge: it stops at the edge of combat range (3").
    const near = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 10, y: 5 },
      { warscroll: "Mortek Guard", owner: 1, x: 10, y: 19 },
    ]);
    const gap = dist(near.b, near.ids[0]!, near.ids[1]!);
    expect(gap).toBeGreaterThan(3 + 5 - 1); // more than a move away from combat range
    pick(near.b, "Liberators moves toward Mortek Guard");
    expect(dist(near.b, near.ids[0]!, near.ids[1]!)).toBeGreaterThanOrEqual(3 - 1e-6);
  });

  it("[CORE-RUN] a run adds a D6 to Move (3\" + 2 = 5\") and the unit cannot shoot or charge afterwards", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Celestar Ballista", owner: 0, x: 10, y: 5 },
        { warscroll: "Mortek Guard", owner: 1, x: 10, y: 20 },
      ],
      { dice: [2] },
    );
    pick(b, "Celestar Ballista runs toward objective east");
    const u = b.unit(ids[0]!);
    expect(Math.hypot(u.x - 10, u.y - 5)).toBeCloseTo(5, 9);
    expect(u.ran).toBe(true);
    pick(b, "end the movement phase");
    expect(b.data.step.kind).toBe("shooting");
    expect(labels(b)).toEqual(["end the shooting phase"]);
    pick(b, "end the shooting phase");
    expect(labels(b)).toEqual(["end the charge phase"]);
  });

  it("[CORE-RETREAT] retreating costs D3 mortal damage (2: one Liberator slain) and ends outside combat range; no charge after", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 20, y: 10 },
        { warscroll: "Mortek Guard", owner: 1, x: 20, y: 16 },
      ],
      { dice: [2] },
    );
    const [lib, guard] = ids as [number, number];
    expect(b.inCombat(lib)).toBe(true);
    expect(labels(b).filter((l) => l.startsWith("Liberators"))).toEqual(["Liberators retreats toward its territory"]);
    pick(b, "Liberators retreats");
    expect(b.unit(lib).models).toBe(4);
    expect(b.unit(lib).damage).toBe(0);
    expect(dist(b, lib, guard)).toBeGreaterThan(3);
    pick(b, "end the movement phase");
    pick(b, "end the shooting phase");
    expect(labels(b).some((l) => l.startsWith("Liberators charges"))).toBe(false);
  });

  it("[CORE-FLY] a FLY unit passes over an enemy in its way and ends beyond it, out of combat; a walker stops short", () => {
    const place = (w: string, enemyY: number) =>
      battleAt(
        "savage-gains",
        [
          { warscroll: w, owner: 0, x: 30, y: 2.5 },
          { warscroll: "Mortek Guard", owner: 1, x: 30, y: enemyY },
        ],
        { dice: [6] },
      );
    // A run of 12" + 6 takes the Prosecutors from y = 2.5 to y = 20.5, past the Mortek Guard at y = 10.5.
    const fly = place("Prosecutors", 10.5);
    pick(fly.b, "Prosecutors runs toward objective north-border");
    expect(fly.b.unit(fly.ids[0]!).y).toBeCloseTo(20.5, 9);
    expect(dist(fly.b, fly.ids[0]!, fly.ids[1]!)).toBeGreaterThan(3);
    const walk = place("Liberators", 12);
    pick(walk.b, "Liberators runs toward objective north-border");
    expect(walk.b.unit(walk.ids[0]!).y).toBeLessThan(12);
    expect(dist(walk.b, walk.ids[0]!, walk.ids[1]!)).toBeGreaterThanOrEqual(3 - 1e-6);
  });
});

describe("charges and combat", () => {
  const chargePosition = (dice: number[]) =>
    battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 10, y: 5 },
        { warscroll: "Mortek Guard", owner: 1, x: 10, y: 17 },
        { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
      ],
      { dice, step: { kind: "charge", player: 0 } },
    );

  it("[CORE-CHARGE] 2D6 of at least the gap less 1/2\" ends within 1/2\" of the target; only enemies within 12\" can be charged", () => {
    const { b, ids } = chargePosition([6, 5]);
    const gap = dist(b, ids[0]!, ids[1]!);
    expect(gap).toBeGreaterThan(4);
    expect(gap).toBeLessThan(11);
    expect(labels(b).filter((l) => l.includes("charges"))).toHaveLength(1); // the far Mortek Guard is out of reach
    pick(b, "Liberators charges Mortek Guard");
    expect(dist(b, ids[0]!, ids[1]!)).toBeCloseTo(0.5, 6);
    expect(b.unit(ids[0]!).charged).toBe(true);
  });

  it("[CORE-CHARGE] a roll short of the gap fails and the unit stays put (and cannot try again this phase)", () => {
    const { b, ids } = chargePosition([1, 2]);
    const before = { ...b.unit(ids[0]!) };
    pick(b, "Liberators charges Mortek Guard");
    expect(b.unit(ids[0]!).x).toBe(before.x);
    expect(b.unit(ids[0]!).y).toBe(before.y);
    expect(b.unit(ids[0]!).charged).toBe(false);
    expect(labels(b)).toEqual(["end the charge phase"]);
  });

  /** Health 100 on every model: no model can die in one fight, so every pick the test expects is there. */
  const tough = (b: Battle) => {
    for (const p of b.data.profiles) p.health = 100;
  };

  it("[CORE-PILEIN] [CORE-FIGHT-ORDER] the active player picks first, piles in to 1/2\", then the players alternate; every unit in combat fights", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 20, y: 10 },
        { warscroll: "Mortek Guard", owner: 1, x: 20, y: 17 },
      ],
      { step: { kind: "combat", player: 0 }, seed: 3 },
    );
    tough(b);
    for (const id of b.deployed()) b.unit(id).inCombatAtStart = true;
    const gap = dist(b, ids[0]!, ids[1]!);
    expect(gap).toBeGreaterThan(0.5);
    expect(gap).toBeLessThanOrEqual(3);
    expect(labels(b)).toEqual(["Liberators fights Mortek Guard"]); // no way to skip a fight
    const from = { x: b.unit(ids[0]!).x, y: b.unit(ids[0]!).y };
    pick(b, "Liberators fights Mortek Guard");
    // The pile-in closed the gap to 1/2" (no model is slain, so the footprints keep their size).
    expect(Math.hypot(b.unit(ids[0]!).x - from.x, b.unit(ids[0]!).y - from.y)).toBeCloseTo(gap - 0.5, 6);
    expect(dist(b, ids[0]!, ids[1]!)).toBeCloseTo(0.5, 6);
    expect(b.unit(ids[1]!).status).toBe("deployed");
    expect(b.data.step).toEqual({ kind: "combat", player: 1 });
    expect(labels(b)).toEqual(["Mortek Guard fights Liberators"]);
    expect(b.unit(ids[0]!).fought).toBe(true);
    pick(b, "Mortek Guard fights Liberators");
    // Both have fought: the combat phase (and the turn) is over.
    expect(b.data.step.kind).not.toBe("combat");
  });

  it("[CORE-STRIKE-ORDER] a STRIKE-FIRST unit fights before the active player's units; a STRIKE-LAST unit after all others", () => {
    const { b } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 20, y: 10 },
        { warscroll: "Vindictors", owner: 0, x: 32, y: 10, keywords: ["STRIKE-LAST"] },
        { warscroll: "Mortek Guard", owner: 1, x: 20, y: 17, keywords: ["STRIKE-FIRST"] },
        { warscroll: "Mortek Guard", owner: 1, x: 32, y: 17 },
      ],
      { step: { kind: "combat", player: 0 }, seed: 11 },
    );
    tough(b);
    for (const id of b.deployed()) b.unit(id).inCombatAtStart = true;
    settle(b);
    const order: string[] = [];
    const fightNext = (player: 0 | 1, expected: string[]) => {
      expect(b.data.step).toEqual({ kind: "combat", player });
      expect(labels(b)).toEqual(expected);
      order.push(expected[0]!);
      pick(b, expected[0]!);
    };
    // Only the STRIKE-FIRST Mortek Guard, though player 0 is active.
    fightNext(1, ["Mortek Guard fights Liberators"]);
    // After the STRIKE-FIRST units, the active player picks; the Vindictors (STRIKE-LAST) must wait.
    fightNext(0, ["Liberators fights Mortek Guard"]);
    fightNext(1, ["Mortek Guard 2 fights Vindictors"]);
    // Last, the STRIKE-LAST unit.
    fightNext(0, ["Vindictors fights Mortek Guard 2"]);
    expect(order).toHaveLength(4);
    expect(b.data.step.kind).not.toBe("combat");
  });

  it("[CORE-SLAIN] damage is allocated a point at a time: 3 damage on 2-Health models slays one and leaves 1 allocated", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 20, y: 5 },
      { warscroll: "Mortek Guard", owner: 1, x: 40, y: 38 },
    ]);
    const lib = ids[0]!;
    expect(allocateDamage(b.profile(lib), b.unit(lib), 3)).toBe(1);
    expect(b.unit(lib).damage).toBe(1);
    expect(allocateDamage(b.profile(lib), b.unit(lib), 1)).toBe(1);
    expect(b.unit(lib).damage).toBe(0);
    expect(allocateDamage(b.profile(lib), b.unit(lib), 100)).toBe(3);
    expect(b.unit(lib).models).toBe(0);
  });
});

describe("objectives", () => {
  it("[CORE-CONTEST] [CORE-CONTROL] the higher army control score gains an objective; a tie changes nothing; control sticks", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 14, y: 20 },
      { warscroll: "Mortek Guard", owner: 1, x: 14, y: 24.1, models: 3 },
      { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
    ]);
    // 5 Liberators (Control 1) against 3 Mortek Guard (Control 1, +1 for their standard bearer): 5 to 4.
    updateControl(b, 0);
    expect(b.data.control.west).toBe(0);
    // A fourth Mortek Guard ties the scores at 5: control stays where it was.
    b.unit(ids[1]!).models = 4;
    updateControl(b, 1);
    expect(b.data.control.west).toBe(0);
    // Both leave: control sticks with the Liberators' army until the opponent gains it...
    b.unit(ids[0]!).x = 40;
    b.unit(ids[0]!).y = 6;
    b.unit(ids[1]!).x = 24;
    updateControl(b, 0);
    expect(b.data.control.west).toBe(0);
    // ...which the Mortek Guard do when they come back alone, 5 to 0.
    b.unit(ids[1]!).x = 14;
    updateControl(b, 1);
    expect(b.data.control.west).toBe(1);
  });

  it("[CORE-STANDARD] a STANDARD BEARER adds 1 to its unit's control score (5 Liberators and a standard: 6 beats 4 + 1)", () => {
    const at = (liberatorKeywords: string[], guards: number) => {
      const { b } = battleAt("savage-gains", [
        { warscroll: "Liberators", owner: 0, x: 14, y: 20, keywords: liberatorKeywords },
        { warscroll: "Mortek Guard", owner: 1, x: 14, y: 24.1, models: guards },
      ]);
      updateControl(b, 1);
      return b.data.control.west;
    };
    expect(at([], 4)).toBe(null); // 5 to 4 + 1: tied
    expect(at(["STANDARD BEARER (1/5)"], 4)).toBe(0); // 6 to 5
    expect(at(["STANDARD BEARER (1/5)"], 5)).toBe(null); // 6 to 6
  });
});

describe("objective range: to the marker's edge", () => {
  // A Knight-Arcanum is one model on a 40 mm base: its footprint's radius is the marker's, 20/25.4 = 0.787".
  const R = 20 / 25.4;

  it("[CORE-CONTEST] a model contests an objective whose 40 mm marker is within 3\" of its base, edge to edge: 2.9\" yes, 3.1\" no", () => {
    expect(CONTEST_REACH).toBeCloseTo(3 + R, 12);
    // Centre to centre 2R + 2.9 = 4.475": the old reading (3" to the marker's centre) said no.
    expect(contestingModels({ x: 14, y: 22 - (2 * R + 2.9), radius: R }, 1, R, { x: 14, y: 22 })).toBe(1);
    expect(contestingModels({ x: 14, y: 22 - (2 * R + 3.1), radius: R }, 1, R, { x: 14, y: 22 })).toBe(0);
    const at = (gap: number) => {
      const { b } = battleAt("savage-gains", [
        { warscroll: "Knight-Arcanum", owner: 0, x: 14, y: 22 - (2 * R + gap) },
        { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
      ]);
      updateControl(b, 0);
      return b.data.control.west;
    };
    expect(at(2.9)).toBe(0);
    expect(at(3.1)).toBe(null);
    expect(objectiveDistance({ x: 0, y: 0, radius: 1 }, { x: 5, y: 0 })).toBeCloseTo(4 - R, 12);
  });

  it("[PB-BP-07] [PB-BP-11] [PB-BP-10] altars (3\"), the Backbone (6\") and raids (1\") measure to the marker's edge too", () => {
    // PB-BP-07: a Leader 2.9" from the centre altar's marker (4.475" centre to centre) takes it.
    const apex = battleAt("apex-predators", [
      { warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 22 - (2 * R + 2.9) },
      { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
    ]);
    altarLeaderMoved(apex.b, apex.ids[0]!, false);
    expect(apex.b.data.control.centre).toBe(0);
    updateControl(apex.b, 0); // still a Leader within 3": kept
    expect(apex.b.data.control.centre).toBe(0);
    apex.b.unit(apex.ids[0]!).y = 22 - (2 * R + 3.1);
    updateControl(apex.b, 0); // no Leader within 3" of the marker: lapses
    expect(apex.b.data.control.centre).toBe(null);
    // PB-BP-11: Liberators (Battleline, 5 models: footprint 2.516") 5.9" from the west marker's edge make only
    // Battleline models count there, so the Knight-Arcanum alone on it gains nothing; at 6.1" it does.
    const backbone = (gap: number) => {
      const { b } = battleAt("power-in-numbers", [
        { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 24 },
        { warscroll: "Liberators", owner: 1, x: 10, y: 22 - (R + footprintRadius(5, R) + gap) },
      ]);
      updateControl(b, 0);
      return b.data.control.west;
    };
    expect(footprintRadius(5, R)).toBeCloseTo(2.516, 3);
    expect(backbone(5.9)).toBe(null);
    expect(backbone(6.1)).toBe(0);
    // PB-BP-10: the objective at (15, 32) is wholly within the north territory; a unit 0.9" from its marker raids it.
    const raid = (gap: number) => {
      const { b } = battleAt("feral-foray", [
        { warscroll: "Knight-Arcanum", owner: 0, x: 15, y: 32 + 2 * R + gap },
        { warscroll: "Mortek Guard", owner: 1, x: 50, y: 6 },
      ]);
      b.data.round = 2;
      b.data.control["north-west"] = 0;
      return raidOptions(b);
    };
    expect(raid(0.9)).toEqual(["north-west"]);
    expect(raid(1.1)).toEqual([]);
  });
});

describe("Apex Predators' altars and the Backbone of Success, in the engine", () => {
  const R = 20 / 25.4; // a Knight-Arcanum's 40 mm base, and the marker's radius
  const endTurn = (b: Battle) => {
    for (const end of ["end the movement phase", "end the shooting phase", "end the charge phase"]) if (b.data.step.kind !== "battle-tactic") pick(b, end);
  };

  it("[PB-BP-07] a Leader's normal move ending 1.4\" from the centre altar takes it; an enemy Leader within 3\" stops that; without a friendly Leader within 3\" at the end of a turn it lapses", () => {
    const apex = (enemyLeaderAt: { x: number; y: number }) =>
      battleAt("apex-predators", [
        { warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 14 },
        { warscroll: "Knight-Arcanum", owner: 1, ...enemyLeaderAt },
      ]);
    // 8" from the altar's centre, Move 5: ends 3" from it, 3 - 2 x 0.787 = 1.43" from the marker.
    const { b, ids } = apex({ x: 50, y: 38 });
    pick(b, "Knight-Arcanum moves toward objective centre");
    expect(b.unit(ids[0]!).y).toBeCloseTo(19, 9);
    expect(b.data.control.centre).toBe(0);
    // It walks off (10" away) and the turn ends: no friendly Leader within 3", control lapses.
    b.unit(ids[0]!).y = 12;
    endTurn(b);
    expect(b.data.active).toBe(1);
    expect(b.data.control.centre).toBe(null);
    // An enemy Leader 1" from the marker: the same move takes nothing.
    const blocked = apex({ x: 30, y: 22 + 2 * R + 1 });
    pick(blocked.b, "Knight-Arcanum moves toward objective centre");
    expect(blocked.b.data.control.centre).toBe(null);
  });

  it("[PB-BP-07] a Leader's pile-in is a move other than a retreat: piling in 2.4\" to end 2.5\" from the altar's marker takes it", () => {
    const { b, ids } = battleAt(
      "apex-predators",
      [
        { warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 15.5 },
        { warscroll: "Mortek Guard", owner: 1, x: 30, y: 15.5 + R + footprintRadius(10, 0.5 * 25 / 25.4) + 2.9 },
      ],
      { step: { kind: "combat", player: 0 }, seed: 5 },
    );
    for (const p of b.data.profiles) p.health = 100; // nobody dies: the pile-in is what is measured
    for (const id of b.deployed()) b.unit(id).inCombatAtStart = true;
    const [knight, guard] = ids as [number, number];
    expect(dist(b, knight, guard)).toBeCloseTo(2.9, 9);
    expect(objectiveDistance(b.footprint(knight), { x: 30, y: 22 })).toBeCloseTo(6.5 - 2 * R, 9); // 4.93": not yet
    expect(b.data.control.centre ?? null).toBe(null);
    pick(b, "Knight-Arcanum fights Mortek Guard");
    expect(b.unit(knight).y).toBeCloseTo(17.9, 9);
    expect(objectiveDistance(b.footprint(knight), { x: 30, y: 22 })).toBeCloseTo(4.1 - 2 * R, 9); // 2.53"
    expect(b.data.control.centre).toBe(0);
  });

  it("[PB-BP-07] a Leader's melee attack that destroys an enemy Leader, both within 3\" of the altar, takes it even from its holder", () => {
    const { b, ids } = battleAt(
      "apex-predators",
      [
        { warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 22 - 2 * R - 0.5 },
        { warscroll: "Knight-Arcanum", owner: 1, x: 30, y: 22 + 2 * R + 0.5 },
      ],
      { step: { kind: "combat", player: 0 }, seed: 2 },
    );
    const [mine, theirs] = ids as [number, number];
    // The enemy Knight-Arcanum holds the altar and has 1 wound left; ours strikes 10 times at 2+ / 2+, rend 3.
    b.data.control.centre = 1;
    b.unit(theirs).damage = 5;
    b.data.profiles[mine]!.weapons = b.data.profiles[mine]!.weapons.map((w) => ({ ...w, attacks: { count: 0, sides: 0, plus: 10 }, hit: 2, wound: 2, rend: 3 }));
    for (const id of b.deployed()) b.unit(id).inCombatAtStart = true;
    expect(dist(b, mine, theirs)).toBeLessThanOrEqual(3);
    pick(b, "Knight-Arcanum fights Knight-Arcanum");
    expect(b.unit(theirs).status).toBe("destroyed");
    expect(b.data.control.centre).toBe(0);
  });

  it("[PB-BP-11] at the end of a turn, a Battleline unit 5.9\" from the west objective's marker leaves the Knight-Arcanum on it no control; at 6.1\" it gains it (2 to 0)", () => {
    const atEndOfTurn = (gap: number) => {
      const { b } = battleAt("power-in-numbers", [
        { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 24 },
        { warscroll: "Liberators", owner: 1, x: 10, y: 22 - (R + footprintRadius(5, R) + gap) },
      ]);
      endTurn(b);
      const turn = b.data.sheet.at(-1)!;
      expect(turn.player).toBe(0);
      return turn.objectives[0];
    };
    expect(atEndOfTurn(5.9)).toEqual([]);
    expect(atEndOfTurn(6.1)).toEqual(["west"]);
  });
});

describe("magic and the realm", () => {
  const wizards = (dice: number[], enemyWizard = false) =>
    battleAt(
      "savage-gains",
      [
        { warscroll: "Knight-Arcanum", owner: 0, x: 20, y: 5 },
        { warscroll: "Lord-Imperatant", owner: 0, x: 26, y: 5 },
        { warscroll: enemyWizard ? "Mortisan Boneshaper" : "Mortek Guard", owner: 1, x: 24, y: 30 },
      ],
      { dice, step: { kind: "hero", player: 0 } },
    );

  it("[PB-REALM-METAMORPHOSIS] [CORE-SPELLS] a casting roll of 7 (5+) makes a friendly HERO a MONSTER until its next hero phase", () => {
    const { b, ids } = wizards([3, 4]);
    pick(b, "Knight-Arcanum casts Metamorphosis on Lord-Imperatant");
    expect(b.isMonster(ids[1]!)).toBe(true);
    expect(labels(b)).toEqual(["end the hero phase"]); // the same spell once per phase
    beginTurn(b, 1);
    expect(b.isMonster(ids[1]!)).toBe(true);
    beginTurn(b, 0);
    expect(b.isMonster(ids[1]!)).toBe(false);
  });

  it("[CORE-SPELLS] a roll under 5 fails; a double 1 miscasts: D3 (2) mortal damage to the wizard", () => {
    const fail = wizards([1, 3]);
    pick(fail.b, "casts Metamorphosis on Lord-Imperatant");
    expect(fail.b.isMonster(fail.ids[1]!)).toBe(false);
    const miscast = wizards([1, 1, 2]);
    pick(miscast.b, "casts Metamorphosis on Lord-Imperatant");
    expect(miscast.b.unit(miscast.ids[0]!).damage).toBe(2);
    expect(miscast.b.isMonster(miscast.ids[1]!)).toBe(false);
  });

  it("[CORE-UNBIND] an enemy WIZARD within 30\" unbinds with a roll that exceeds the casting roll (9 > 8), not one that equals it", () => {
    const unbound = wizards([4, 4, 5, 4], true);
    pick(unbound.b, "casts Metamorphosis on Lord-Imperatant");
    expect(unbound.b.isMonster(unbound.ids[1]!)).toBe(false);
    const equal = wizards([4, 4, 4, 4], true);
    pick(equal.b, "casts Metamorphosis on Lord-Imperatant");
    expect(equal.b.isMonster(equal.ids[1]!)).toBe(true);
  });

  it("[PB-COVER] -1 to hit a unit wholly on a terrain feature, unless it charged or can FLY", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Celestar Ballista", owner: 0, x: 10, y: 5 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 36 },
      { warscroll: "Prosecutors", owner: 1, x: 40, y: 36 },
    ]);
    b.data.terrain = [
      { x: 30, y: 36, radius: 5 },
      { x: 40, y: 36, radius: 5 },
    ];
    expect(attackContext(b, ids[0]!, ids[1]!).hitModifier).toBe(-1);
    expect(attackContext(b, ids[0]!, ids[2]!).hitModifier).toBe(0); // FLY
    b.unit(ids[1]!).charged = true;
    expect(attackContext(b, ids[0]!, ids[1]!).hitModifier).toBe(0);
  });
});

describe("Predators and Prey", () => {
  /** Ends player 0's turn (round 1) with `victim` slain in it, by a MONSTER or not; returns player 0's VP lines. */
  function endTurnWithSlain(victimIsMetamorphosed: boolean, killedByMonster: boolean): string[] {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Gothizzar Harvester", owner: 0, x: 10, y: 5 },
        { warscroll: "Knight-Arcanum", owner: 1, x: 50, y: 38 },
        { warscroll: "Mortek Guard", owner: 1, x: 40, y: 38 },
      ],
      { step: { kind: "charge", player: 0 } },
    );
    const v = b.unit(ids[1]!);
    Object.assign(v, { status: "destroyed", models: 0, tokens: victimIsMetamorphosed ? ["metamorphosis"] : [], destroyedBy: { monster: killedByMonster, predator: false, round: 1, turn: 0 } });
    pick(b, "end the charge phase");
    return b.data.sheet.at(-1)!.lines.filter((l) => l.player === 0).map((l) => l.ruleId);
  }

  it("[PB-REALM-PREY] one MONSTER model slain scores, though its unit lives: a retreat's D3 (2) slays 1 of 5 MONSTER Liberators, the opponent scores 1 VP", () => {
    const endTurnAfterRetreat = (keywords: string[]) => {
      const { b, ids } = battleAt(
        "savage-gains",
        [
          { warscroll: "Liberators", owner: 0, x: 20, y: 10, keywords },
          { warscroll: "Mortek Guard", owner: 1, x: 20, y: 16 },
        ],
        { dice: [2] },
      );
      pick(b, "Liberators retreats");
      expect(b.unit(ids[0]!).models).toBe(4);
      expect(b.unit(ids[0]!).status).toBe("deployed");
      expect(b.data.preySlain).toEqual(keywords.includes("MONSTER") ? [true, false] : undefined);
      for (const end of ["end the movement phase", "end the shooting phase", "end the charge phase"]) pick(b, end);
      const turn = b.data.sheet.at(-1)!;
      expect(turn.player).toBe(0);
      expect(b.data.preySlain).toBeUndefined(); // cleared for player 1's turn
      return turn.lines.filter((l) => l.player === 1).map((l) => `${l.ruleId} ${l.victoryPoints}`);
    };
    expect(endTurnAfterRetreat(["MONSTER"])).toEqual(["PB-REALM-PREY 1"]);
    expect(endTurnAfterRetreat([])).toEqual([]);
  });

  it("[PB-REALM-PREY] an enemy HERO made a MONSTER by Metamorphosis and slain scores 1 VP; a non-MONSTER slain by a MONSTER scores none", () => {
    expect(endTurnWithSlain(true, false)).toContain("PB-REALM-PREY");
    expect(endTurnWithSlain(false, true)).not.toContain("PB-REALM-PREY");
  });
});

describe("the turn and the set-up", () => {
  it("[CORE-PHASES] a turn runs hero, movement, shooting, charge, combat (skipped with nobody in combat), then the next player's turn", () => {
    const { b } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 10, y: 5 },
        { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
      ],
      { step: { kind: "hero", player: 0 } },
    );
    const seen: string[] = [b.data.step.kind];
    for (const end of ["end the hero phase", "end the movement phase", "end the shooting phase", "end the charge phase"]) {
      pick(b, end);
      seen.push(b.data.step.kind);
    }
    expect(seen).toEqual(["hero", "movement", "shooting", "charge", "battle-tactic"]);
    expect(b.data.active).toBe(1);
  });

  /** A real set-up played by the random agent up to round 1's first-turn pick; who deployed at each step. */
  function setUp(a: number, d: number, seed: number) {
    const rosters = bundledRosters().map((r) => r.roster);
    const s = pitchedBattleGame.newInitialState({ rosters: [rosters[a]!, rosters[d]!], battleplan: "savage-gains" }, seed);
    const rng = new Rng(2);
    const deployers: number[] = [];
    while (s.data.step.kind !== "first-turn") {
      const p = s.currentPlayer();
      if (s.data.step.kind === "deploy") deployers.push(s.data.step.player);
      s.apply(p === -1 ? 0 : randomAgent.act(s, p, rng));
    }
    const d0 = s.data;
    // The rosters' units (manifestations are summoned during the battle, not set up: CORE-BANISH).
    const setUpUnits = d0.units.filter((u) => !d0.manifestations?.units.some((r) => r.unit === u.id));
    const sizes = [setUpUnits.filter((u) => d0.profiles[u.id]!.owner === 0).length, setUpUnits.filter((u) => d0.profiles[u.id]!.owner === 1).length] as const;
    return { s, deployers, sizes };
  }

  it("[CORE-CP] [PB-INITIATIVE] [PB-DEPLOY-ALT] [PB-TERRAIN] a real set-up: alternate deployment from the attacker, terrain obeying its distances, round 1 priority to who finished deploying first, 1 CP each", () => {
    const { s, deployers, sizes } = setUp(0, 3, 4);
    const d = s.data;
    const a = d.attacker!;
    expect(deployers[0]).toBe(a);
    // Alternate while both have units; then the one left sets up the rest.
    const alternating = 2 * Math.min(sizes[0], sizes[1]);
    for (let i = 1; i < alternating; i++) expect(deployers[i]).not.toBe(deployers[i - 1]);
    expect(deployers.length).toBe(sizes[0] + sizes[1]);
    // Unequal armies: the one with fewer units runs out first.
    expect(sizes[0]).not.toBe(sizes[1]);
    const fewer = sizes[0] < sizes[1] ? 0 : 1;
    expect(d.deployedFirst).toBe(fewer);
    expect(d.step).toEqual({ kind: "first-turn", player: d.deployedFirst });
    expect(d.commandPoints).toEqual([1, 1]);
    // PB-TERRAIN: 8 features at 2000 points; >3" from edges, >6" apart, >3" from objectives.
    expect(d.terrain).toHaveLength(8);
    for (const f of d.terrain) {
      expect(Math.min(f.x, 60 - f.x, f.y, 44 - f.y) - f.radius).toBeGreaterThan(3);
      for (const g of d.terrain) if (g !== f) expect(Math.hypot(f.x - g.x, f.y - g.y) - f.radius - g.radius).toBeGreaterThan(6);
      for (const o of s.battle.objectives()) expect(Math.hypot(f.x - o.x, f.y - o.y) - f.radius).toBeGreaterThan(3);
    }
  });

  it("[PB-INITIATIVE] [PB-DEPLOY-ALT] equal armies: the attacker sets up first and so finishes first (its last unit comes before the defender's), and has priority in round 1", () => {
    const { s, deployers, sizes } = setUp(0, 0, 4);
    const a = s.data.attacker!;
    expect(sizes[0]).toBe(sizes[1]);
    expect(deployers).toEqual(Array.from({ length: 2 * sizes[0] }, (_, i) => (i % 2 === 0 ? a : 1 - a)));
    expect(s.data.deployedFirst).toBe(a);
    expect(s.data.step).toEqual({ kind: "first-turn", player: a });
  });

});

describe("deployment", () => {
  /** The smallest edge-to-edge gap between a unit of one army and a unit of the other, as set up. */
  /**
   * The closest two enemy units as deployed, and the closest gap of a unit a deployment-phase move moved (Chilling
   * Horde: the Chainrasps of Procession of Grief move 6" after the last set-up, "but cannot end that move in combat").
   */
  function closestEnemies(s: ReturnType<typeof pitchedBattleGame.newInitialState>): { deployed: number; moved: number } {
    const b = s.battle;
    const moved = new Set(b.data.log!.flatMap((l) => {
      const m = /^(.+) moves [\d.]+" at deployment \(/.exec(l);
      return m ? b.data.units.filter((u) => b.profile(u.id).name === m[1]).map((u) => u.id) : [];
    }));
    let deployed = Infinity;
    let movedMin = Infinity;
    for (const a of b.deployed(0))
      for (const e of b.deployed(1)) {
        const d = b.distance(a, e);
        if (moved.has(a) || moved.has(e)) movedMin = Math.min(movedMin, d);
        else deployed = Math.min(deployed, d);
      }
    return { deployed, moved: movedMin };
  }

  it("[PB-DEPLOY-ZONE] on every plan, after deployment (policy and random set-ups) no two enemy units are within 9\" — 12\" on The Vice, 20\" on Savage Gains, 24\" on the five plans without a distance", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const least: Record<string, number> = {};
    let movedLeast = Infinity;
    let movedPairs = 0;
    for (const plan of BATTLEPLANS) {
      for (const [i, j, seed, random] of [[0, 1, 1, false], [2, 3, 2, false], [1, 2, 3, true]] as const) {
        const s = pitchedBattleGame.newInitialState({ rosters: [rosters[i]!, rosters[j]!], battleplan: plan.id, log: true }, seed);
        if (random) {
          const rng = new Rng(seed);
          while (isSetUp(s.data.step)) s.apply(s.currentPlayer() === -1 ? 0 : randomAgent.act(s, s.currentPlayer(), rng));
        } else playSetUp(s);
        expect(s.battle.deployed(0).length, plan.id).toBeGreaterThan(2);
        expect(s.battle.deployed(1).length, plan.id).toBeGreaterThan(2);
        const c = closestEnemies(s);
        least[plan.id] = Math.min(least[plan.id] ?? Infinity, c.deployed);
        if (c.moved < Infinity) movedPairs++;
        movedLeast = Math.min(movedLeast, c.moved);
      }
      const required = plan.deploymentDistance > 0 ? plan.deploymentDistance : plan.id === "savage-gains" ? 20 : 24;
      expect(least[plan.id], plan.id).toBeGreaterThan(Math.max(9, required) - 1e-9);
    }
    // Nobody starts in combat (3"), and no fight in round 1 comes without a charge: the units Chilling Horde moved
    // (Stomp of Giants against Procession of Grief) "cannot end that move in combat": more than 3" from every enemy.
    expect(Math.min(...Object.values(least))).toBeGreaterThan(9);
    expect(movedPairs).toBeGreaterThan(0);
    expect(movedLeast).toBeGreaterThan(3);
  });
});

describe("deployment labels", () => {
  it("[PB-DEPLOY-ZONE] a spot's label says where it is: front/rear toward/away from the enemy, left/right as the player faces the enemy", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const spot = (label: string) => {
      const m = /set up .+ (left|centre|right) (front|rear) \((-?[\d.]+), (-?[\d.]+)\)$/.exec(label);
      if (!m) throw new Error(`not a spot: ${label}`);
      return { side: m[1]!, rank: m[2]!, x: Number(m[3]), y: Number(m[4]) };
    };
    const centroid = (ps: readonly { x: number; y: number }[]) => ({ x: ps.reduce((a, p) => a + p.x, 0) / ps.length, y: ps.reduce((a, p) => a + p.y, 0) / ps.length });
    let checked = 0;
    for (const plan of BATTLEPLANS) {
      const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: plan.id }, 1);
      const seen = new Set<number>();
      while (isSetUp(s.data.step)) {
        const step = s.data.step;
        if (step.kind === "deploy" && !seen.has(step.player)) {
          seen.add(step.player);
          const b = s.battle;
          const own = b.territoryPolygon(step.player);
          const enemy = b.territoryPolygon((1 - step.player) as 0 | 1);
          const [mine, theirs] = [centroid(own), centroid(enemy)];
          // The player's left as they face the enemy: the direction to the enemy turned a quarter turn anticlockwise.
          const left = { x: -(theirs.y - mine.y), y: theirs.x - mine.x };
          const spots = labels(b).filter((l) => l.startsWith("set up")).map(spot);
          expect(spots.length, plan.id).toBe(6);
          const lateral = (p: { x: number; y: number }) => p.x * left.x + p.y * left.y;
          for (const [a, c] of [["right", "centre"], ["centre", "left"]] as const)
            for (const p of spots.filter((q) => q.side === a)) for (const q of spots.filter((r) => r.side === c)) expect(lateral(p), `${plan.id} ${a} vs ${c}`).toBeLessThan(lateral(q));
          for (const side of ["left", "centre", "right"]) {
            const front = spots.find((q) => q.side === side && q.rank === "front")!;
            const rear = spots.find((q) => q.side === side && q.rank === "rear")!;
            expect(distanceToPolygon(enemy, front), `${plan.id} ${side}`).toBeLessThan(distanceToPolygon(enemy, rear));
          }
          checked++;
        }
        s.apply(s.currentPlayer() === -1 ? 0 : policyAction(s.battle));
      }
    }
    expect(checked).toBe(24);
    // By hand: the first unit (Liege-Kavalos, footprint 1.6") of the south player on Survival of the Fittest
    // (zone y <= 13) faces north, so east is its right; on First Blood the west player faces east, south is its right.
    const first = (plan: "survival-of-the-fittest" | "first-blood") => {
      const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: plan }, 1);
      while (s.data.step.kind !== "deploy") s.apply(s.currentPlayer() === -1 ? 0 : policyAction(s.battle));
      return labels(s.battle).filter((l) => l.startsWith("set up")).map((l) => l.replace(/^set up Liege-Kavalos /, ""));
    };
    expect(first("survival-of-the-fittest")).toEqual(["right front (40.6, 10.6)", "right rear (40.6, 4.6)", "centre front (22.6, 10.6)", "centre rear (22.6, 4.6)", "left front (4.6, 10.6)", "left rear (4.6, 4.6)"]);
    expect(first("first-blood")).toEqual(["right front (13.6, 4.6)", "right rear (4.6, 4.6)", "centre front (13.6, 16.6)", "centre rear (4.6, 16.6)", "left front (13.6, 28.6)", "left rear (4.6, 28.6)"]);
  });
});

describe("faction rules and options", () => {
  it("[CORE-OBR-DISCIPLINE] Immortal Elite: at the start of each round the Ossiarch player gains the best HERO's RELENTLESS DISCIPLINE (6); unspent points are lost at its end", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const obr = rosters.find((r) => r.faction === "Ossiarch Bonereapers")!;
    const sce = rosters.find((r) => r.faction === "Stormcast Eternals")!;
    const s = pitchedBattleGame.newInitialState({ rosters: [obr, sce], battleplan: "savage-gains", log: true }, 8);
    const rng = new Rng(4);
    const seen: { round: number; points: [number, number] }[] = [];
    while (!s.isTerminal() && s.data.round < 3) {
      const p = s.currentPlayer();
      const round = s.data.round;
      s.apply(p === -1 ? 0 : randomAgent.act(s, p, rng));
      if (s.data.round !== round) seen.push({ round: s.data.round, points: [...s.data.factionPoints] as [number, number] });
    }
    // The Liege-Kavalos (RELENTLESS DISCIPLINE (6)) outranks the Mortisan Boneshaper (2): 6 points a round, never carried over.
    expect(seen[0]).toEqual({ round: 1, points: [6, 0] });
    // Each round starts afresh: 6 (or 2 with only the Boneshaper left, 0 with no HERO), never 12.
    for (const r of seen) {
      expect([6, 2, 0]).toContain(r.points[0]);
      expect(r.points[1]).toBe(0);
    }
    expect(seen.length).toBeGreaterThanOrEqual(2);
    // Round 1: 4 points spent on Remorseless March (the bundled traits spend them), the 2 left are lost.
    expect(s.data.log!.filter((l) => /relentless discipline point/.test(l)).slice(0, 6)).toEqual([
      "Immortal Elite: Mortek Shieldwall gains 6 relentless discipline points from Liege-Kavalos.",
      'Mortek Shieldwall spends 1 relentless discipline point: Remorseless March, +3" Move (Liege-Kavalos).',
      'Mortek Shieldwall spends 1 relentless discipline point: Remorseless March, +3" Move (Gothizzar Harvester).',
      'Mortek Shieldwall spends 1 relentless discipline point: Remorseless March, +3" Move (Mortisan Boneshaper).',
      'Mortek Shieldwall spends 1 relentless discipline point: Remorseless March, +3" Move (Kavalos Deathriders).',
      "Immortal Elite: Mortek Shieldwall loses 2 unspent relentless discipline points.",
    ]);
  });

  it("[PB-MYSTERIOUS] Mysterious Terrain is off by default (its table is not in the seeds): terrain only gives cover", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Celestar Ballista", owner: 0, x: 10, y: 5 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 36 },
    ]);
    b.data.terrain = [{ x: 30, y: 36, radius: 5 }];
    const ctx = attackContext(b, ids[0]!, ids[1]!);
    // No played ability concerns this attack (src/aos/abilities): no modifier from them.
    expect(ctx).toEqual({ charged: false, targetCharged: false, hitModifier: -1, targetIsMonster: false, mods: noMods(), traits: expect.objectContaining({ applied: [], hit: 0, wound: 0, save: 0, ward: 0 }) });
    expect(Object.keys(b.data.terrain[0]!).sort()).toEqual(["radius", "x", "y"]);
  });
});
