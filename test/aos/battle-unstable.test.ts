/**
 * Unstable terrain (CORE-UNSTABLE): "Models can move across but cannot be set up on or end any type of move
 * on any part of this terrain feature that is more than 1" tall." Hand-made positions with the numbers worked
 * out by hand; the set-up's terrain table; the battle input and the CLI record; random battles on a
 * battlefield full of unstable terrain.
 *
 * The units: Knight-Arcanum and Lord-Imperatant are single models on 40mm bases, so their footprint radius
 * is 20/25.4 = 0.7874".
 */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { fight } from "../../src/aos/battle/combat.js";
import { newBattleData } from "../../src/aos/battle/create.js";
import { choices, settle } from "../../src/aos/battle/flow.js";
import { pitchedBattleGame, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { destination } from "../../src/aos/battle/movement.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { deploymentSpots, nextToDeploy } from "../../src/aos/battle/setup.js";
import type { TerrainFeature } from "../../src/aos/battle/state.js";
import { canEndOn, chargeEnd, noStandRadius, standableAlong, TERRAIN_TABLE, terrainSchema } from "../../src/aos/battle/terrain.js";
import { encodeBattle, TERRAIN } from "../../src/aos/rollout/encode.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { InputError } from "../../src/core/errors.js";
import { Rng } from "../../src/core/rng.js";
import { CHANCE } from "../../src/planner/game.js";
import { randomAgent } from "../../src/planner/agents.js";
import { battleAt } from "../support/battle-fixtures.js";
import { scratchDir, tactica } from "../support/cli.js";

const R40 = 20 / 25.4; // a 40mm base's radius: 0.7874"
const rosters = bundledRosters().map((r) => r.roster);

const RUINS = (x: number, y: number): TerrainFeature => ({ x, y, radius: 3, kind: "ruins", height: 3, tallRadius: 1.5, abilities: ["Cover", "Unstable"] });
const ROCKS = (x: number, y: number, radius = 3): TerrainFeature => ({ x, y, radius, kind: "rocks", height: 4, tallRadius: radius, abilities: ["Cover", "Unstable"] });

/** Applies the choice whose label contains `text` (exactly one must). */
function pick(b: Battle, text: string): void {
  b.choiceCache = null;
  const matching = choices(b).filter((c) => c.label.includes(text));
  if (matching.length !== 1) throw new Error(`"${text}" matches ${matching.length} choices`);
  matching[0]!.apply(b);
  b.choiceCache = null;
  settle(b);
}

/** A Knight-Arcanum of player 0 at (10, 20) and a Lord-Imperatant of player 1 at (x, 20), on `terrain`. */
function duel(enemyX: number, terrain: TerrainFeature[], opts: { fly?: boolean; dice?: number[]; step?: "movement" | "charge" | "combat" } = {}) {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20, ...(opts.fly ? { keywords: ["FLY"] } : {}) },
      { warscroll: "Lord-Imperatant", owner: 1, x: enemyX, y: 20 },
    ],
    { step: { kind: opts.step ?? "movement", player: 0 }, ...(opts.dice ? { dice: opts.dice } : {}) },
  );
  b.data.terrain = terrain;
  expect(b.footprint(ids[0]!).radius).toBeCloseTo(R40, 12);
  return { b, me: ids[0]!, enemy: ids[1]! };
}

describe("CORE-UNSTABLE: moves", () => {
  it("[CORE-UNSTABLE] [CORE-MOVE] a move that would end on a 3\"-tall ruin's tall part goes round it: the line 15 degrees aside, its full 5\"", () => {
    // Toward the enemy at (40, 20), 5": straight it would end at (15, 20), 2" from the ruin's centre (17, 20),
    // overlapping its tall part (radius 1.5"): 2 < 1.5 + 0.7874. On that line it could go only to
    // x = 17 - 1.5 - 0.7874 = 14.7126, 25.2874" from the enemy's centre. The line 15 degrees to the side
    // (counter-clockwise first) ends its full 5" at (10 + 5 cos 15°, 20 + 5 sin 15°) = (14.8296, 21.2941):
    // hypot(2.1704, 1.2941) = 2.5269" from the ruin's centre, clear of the tall part (>= 2.2874), and
    // hypot(25.1704, 1.2941) = 25.2036" from the enemy's: nearer than the straight line's end (paths.ts).
    const { b, me } = duel(40, [RUINS(17, 20)]);
    pick(b, "Knight-Arcanum moves toward Lord-Imperatant");
    const u = b.unit(me);
    const c15 = Math.cos(Math.PI / 12);
    const s15 = Math.sin(Math.PI / 12);
    expect(u.x).toBeCloseTo(10 + 5 * c15, 9);
    expect(u.y).toBeCloseTo(20 + 5 * s15, 9);
    expect(Math.hypot(u.x - 17, u.y - 20)).toBeCloseTo(2.5269, 4);
    expect(canEndOn(b.data.terrain, b.footprint(me))).toBe(true);
    // Without the ruin the same move goes the full 5" straight.
    const open = duel(40, []);
    pick(open.b, "Knight-Arcanum moves toward Lord-Imperatant");
    expect(open.b.unit(open.me).x).toBeCloseTo(15, 9);
    expect(open.b.unit(open.me).y).toBe(20);
  });

  it("[CORE-UNSTABLE] a unit may end on a ruin's low floor (the part not over 1\" tall): 4\" toward it ends at (14, 20), 3\" from its centre", () => {
    const { b, me } = duel(40, [RUINS(17, 20)]);
    // 3 >= 1.5 + 0.7874: clear of the tall part; the footprint reaches 3 - 0.7874 = 2.21" from the centre,
    // on the ruin's floor.
    const end = destination(b, me, { x: 40, y: 20 }, 4);
    expect(end.x).toBeCloseTo(14, 12);
    expect(end.y).toBe(20);
  });

  it("[CORE-UNSTABLE] [CORE-FLY] models move across: a FLY unit (and a walking one) crossing 4\" rocks lands beyond; one that would end on them goes round", () => {
    // Rocks at (16, 20), radius 3, unstable all over. 12" toward (40, 20) ends at (22, 20): 6" from the
    // rocks' centre, clear of them (6 >= 3 + 0.7874).
    const fly = duel(40, [ROCKS(16, 20)], { fly: true });
    expect(destination(fly.b, fly.me, { x: 40, y: 20 }, 12)).toEqual({ x: 22, y: 20 });
    const walk = duel(40, [ROCKS(16, 20)]);
    // The enemy at (40, 20) is 17.21" away edge to edge after the move: no combat range in the way.
    expect(destination(walk.b, walk.me, { x: 40, y: 20 }, 12)).toEqual({ x: 22, y: 20 });
    // 6" would end at (16, 20), on the rocks: on that line the furthest legal point is x = 16 - 3.7874 =
    // 12.2126 (27.7874" from the enemy). The lines 15 and 30 degrees aside also end on the rocks (their 6"
    // ends are 1.57" and 3.11" from the centre, < 3.7874) and pull back to 27.75" and 27.54" from the enemy;
    // the 45-degree line's 6" end (14.2426, 24.2426) is hypot(1.7574, 4.2426) = 4.592" from the rocks' centre,
    // clear, and hypot(25.7574, 4.2426) = 26.104" from the enemy: the nearest. Both end there (the rocks only
    // limit where a move ends).
    for (const d of [fly, walk]) {
      const e = destination(d.b, d.me, { x: 40, y: 20 }, 6);
      expect(e.x).toBeCloseTo(10 + 6 * Math.SQRT1_2, 9);
      expect(e.y).toBeCloseTo(20 + 6 * Math.SQRT1_2, 9);
    }
  });

  it("[CORE-UNSTABLE] a 1\"-tall hill, a 1\"-tall unstable feature and 5\" woods (not Unstable) do not stop a move", () => {
    const hill: TerrainFeature = { x: 15, y: 20, radius: 3, kind: "hill", height: 1, tallRadius: 0, abilities: ["Cover"] };
    const lowUnstable: TerrainFeature = { x: 15, y: 20, radius: 3, kind: "rubble", height: 1, tallRadius: 3, abilities: ["Unstable"] };
    const woods: TerrainFeature = { x: 15, y: 20, radius: 3, kind: "woods", height: 5, tallRadius: 3, abilities: ["Cover"] };
    for (const t of [hill, lowUnstable, woods]) {
      expect(noStandRadius(t)).toBe(0);
      const { b, me } = duel(40, [t]);
      pick(b, "Knight-Arcanum moves toward Lord-Imperatant");
      expect(b.unit(me).x, t.kind).toBeCloseTo(15, 9); // the full 5", ending on the feature's centre
    }
    // Unstable and over 1": a 1.01" ledge does stop it.
    expect(noStandRadius({ ...lowUnstable, height: 1.01 })).toBe(3);
  });

  it("[CORE-UNSTABLE] [CORE-MOVE] a unit just clear of rocks (or touching them) slides past them instead of stopping at 0.0126\"", () => {
    // Standing at (10, 20) just clear of rocks centred at (13.8, 20) (3" radius: 3.8 >= 3 + 0.7874). Straight
    // east every spot up to 5" is on them but the first 0.0126". The line 45 degrees aside leaves the rocks'
    // reach (3.7874" of their centre) after 5.36" (beyond its 5"): it too stops at once. The 60-degree line
    // (0.5, 0.866) crosses their edge between 0.025" and 3.775" and ends its 5" beyond, at
    // (12.5, 20 + 2.5 √3) = (12.5, 24.3301): hypot(27.5, 4.3301) = 27.839" from (40, 20), nearer than the
    // 75-degree line's end (29.11").
    const { b, me } = duel(40, [ROCKS(13.8, 20)]);
    expect(canEndOn(b.data.terrain, b.footprint(me))).toBe(true);
    const end = destination(b, me, { x: 40, y: 20 }, 5);
    expect(end.x).toBeCloseTo(12.5, 9);
    expect(end.y).toBeCloseTo(20 + 2.5 * Math.sqrt(3), 9);
    expect(canEndOn(b.data.terrain, { ...end, radius: R40 })).toBe(true);
    // Touching them (their edge at 10 + 0.7874) changes nothing: a move may cross them, only its end is
    // tested, and the 60-degree line's end is clear of them.
    const touching = duel(40, [ROCKS(10 + 3 + R40, 20)]);
    expect(canEndOn(touching.b.data.terrain, touching.b.footprint(touching.me))).toBe(true);
    const t = destination(touching.b, touching.me, { x: 40, y: 20 }, 5);
    expect(t.x).toBeCloseTo(12.5, 9);
    expect(t.y).toBeCloseTo(20 + 2.5 * Math.sqrt(3), 9);
    // standableAlong (pile-ins) with two features in a row: short of the nearer one.
    const two = [ROCKS(20, 20, 1), ROCKS(17, 20, 1)];
    const short = standableAlong(two, { x: 10, y: 20 }, { x: 20, y: 20 }, 1);
    expect(short.x).toBeCloseTo(15, 4); // 17 - (1 + 1)
    expect(short.x).toBeLessThan(15);
  });
});

describe("CORE-UNSTABLE: charges and pile-ins", () => {
  // Charger at (10, 20), target at (20, 20): gap 10 - 2 * 0.7874 = 8.4252". The spot within 1/2" on the
  // line is x = 20 - (0.7874 * 2 + 0.5) = 17.9252, a move of 7.9252"; a roll of 8 reaches it.
  const rocks = ROCKS(17.5, 20, 1); // overlaps that spot (0.4252 < 1 + 0.7874), clear of both units

  it("[CORE-UNSTABLE] [CORE-CHARGE] a charge whose only end spots within its roll are on unstable terrain fails", () => {
    const { b, me } = duel(20, [rocks], { dice: [4, 4], step: "charge" });
    pick(b, "Knight-Arcanum charges Lord-Imperatant");
    const u = b.unit(me);
    expect(u.charged).toBe(false);
    expect(u.chargeTried).toBe(true);
    expect([u.x, u.y]).toEqual([10, 20]);
    expect(b.data.log!.at(-1)).toContain("no spot within 1/2\" of it that it reaches is clear");
    // The same roll on open ground succeeds, at the spot on the line.
    const open = duel(20, [], { dice: [4, 4], step: "charge" });
    pick(open.b, "Knight-Arcanum charges Lord-Imperatant");
    expect(open.b.unit(open.me).charged).toBe(true);
    expect(open.b.unit(open.me).x).toBeCloseTo(20 - 2 * R40 - 0.5, 9);
  });

  it("[CORE-UNSTABLE] [CORE-CHARGE] a longer roll goes round: the first spot 15 degrees apart that is clear (45 degrees) and within the roll", () => {
    // Spots at angle a from the line, 2.0748" from the target's centre: their distance from the rocks'
    // centre squared is 2.5^2 + 2.0748^2 - 2 * 2.5 * 2.0748 cos a, clear when >= 1.7874^2, i.e. cos a <= 0.7095:
    // 15 and 30 degrees are on the rocks, 45 is clear (the first side tried turns toward y < 20). The move to
    // (18.5329, 18.5329) is hypot(8.5329, 1.4671) = 8.658", within a roll of 12.
    const { b, me, enemy } = duel(20, [rocks], { dice: [6, 6], step: "charge" });
    pick(b, "Knight-Arcanum charges Lord-Imperatant");
    const u = b.unit(me);
    expect(u.charged).toBe(true);
    const r = 2 * R40 + 0.5;
    expect(u.x).toBeCloseTo(20 - r * Math.SQRT1_2, 9);
    expect(u.y).toBeCloseTo(20 - r * Math.SQRT1_2, 9);
    expect(b.distance(me, enemy)).toBeCloseTo(0.5, 9);
    // With a roll of 8 the 45-degree spot (8.658" away) is out of reach: chargeEnd finds nothing.
    expect(chargeEnd([rocks], { x: 10, y: 20, radius: R40 }, { x: 20, y: 20, radius: R40 }, 10 - 2 * R40, 8)).toBeNull();
    expect(chargeEnd([rocks], { x: 10, y: 20, radius: R40 }, { x: 20, y: 20, radius: R40 }, 10 - 2 * R40, 9)).not.toBeNull();
  });

  it("[CORE-UNSTABLE] [CORE-PILEIN] a pile-in that would end on a rock spire stops short of it on its line", () => {
    // In combat: the enemy at (13.5, 20), gap 3.5 - 1.5748 = 1.9252". The pile-in would end 1/2" from it at
    // x = 13.5 - 2.0748 = 11.4252; a spire at (11.5, 21.5), radius 0.8, covers that spot (its distance
    // 1.5019 < 0.8 + 0.7874). Along y = 20 the last clear x is 11.5 - sqrt(1.5874^2 - 1.5^2) = 10.9805.
    const spire: TerrainFeature = { x: 11.5, y: 21.5, radius: 0.8, kind: "rocks", height: 4, abilities: ["Cover", "Unstable"] };
    const { b, me, enemy } = duel(13.5, [spire], { step: "combat" });
    fight(b, me, enemy);
    const u = b.unit(me);
    expect(u.y).toBeCloseTo(20, 12);
    expect(u.x).toBeCloseTo(11.5 - Math.sqrt((0.8 + R40) ** 2 - 1.5 ** 2), 4);
    expect(u.x).toBeCloseTo(10.9805, 4);
    expect(canEndOn(b.data.terrain, b.footprint(me))).toBe(true);
  });
});

describe("CORE-UNSTABLE: set-up", () => {
  it("[CORE-UNSTABLE] [PB-TERRAIN] the defender's terrain: kinds in the table's order with their heights, tall parts and abilities; positions from the seeded RNG", () => {
    expect(TERRAIN_TABLE.map((k) => `${k.kind} ${k.height} ${k.tallShare} ${k.abilities.join("+")}`)).toEqual(["ruins 3 0.5 Cover+Unstable", "hill 1 0 Cover", "rocks 4 1 Cover+Unstable", "woods 5 1 Cover"]);
    const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[3]!], battleplan: "savage-gains", log: true }, 4);
    while (s.data.terrain.length === 0) s.apply(s.currentPlayer() === CHANCE ? 0 : 0);
    const t = s.data.terrain;
    expect(t).toHaveLength(8); // 2000 points (PB-LIMIT)
    expect(t.map((f) => f.kind)).toEqual(["ruins", "hill", "rocks", "woods", "ruins", "hill", "rocks", "woods"]);
    expect(t.map((f) => f.height)).toEqual([3, 1, 4, 5, 3, 1, 4, 5]);
    t.forEach((f, i) => {
      expect(f.tallRadius).toBe(Math.round(f.radius * TERRAIN_TABLE[i % 4]!.tallShare * 100) / 100);
      expect(f.radius).toBeGreaterThanOrEqual(2);
      expect(f.radius).toBeLessThanOrEqual(4);
    });
    // Ruins: the inner half unstable; rocks: all of it; hills and woods: none.
    expect(t.map((f) => noStandRadius(f) > 0)).toEqual([true, false, true, false, true, false, true, false]);
    expect(noStandRadius(t[0]!)).toBe(t[0]!.tallRadius);
    expect(noStandRadius(t[2]!)).toBe(t[2]!.radius);
    expect(s.data.log!.some((l) => l.startsWith("Terrain: ruins 3\" (Cover, Unstable)"))).toBe(true);
    // What the set-up writes, the battle input accepts.
    expect(terrainSchema.parse(JSON.parse(JSON.stringify(t)))).toEqual(t);
  });

  it("[CORE-UNSTABLE] [PB-DEPLOY-ZONE] deployment never offers a spot on the tall part of unstable terrain", () => {
    const setup = (terrain?: TerrainFeature[]) => {
      const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[3]!], battleplan: "savage-gains", ...(terrain ? { terrain } : {}) }, 4);
      while (s.data.step.kind !== "deploy") s.apply(s.currentPlayer() === CHANCE ? 0 : 0);
      return s;
    };
    const open = setup([{ x: 2, y: 2, radius: 0.5 }]); // one harmless feature: the defender places no terrain
    const p = (open.data.step as { player: 0 | 1 }).player;
    const id = nextToDeploy(open.battle, p)!;
    const spots = deploymentSpots(open.battle, p, id);
    expect(spots.length).toBeGreaterThan(1);
    // Put rocks (radius 2, all of it over 1") on the first spot: that spot and any other within 2" + the
    // footprint's radius are gone; the rest of the territory still offers spots.
    const first = spots[0]!;
    const rocks: TerrainFeature = { x: first.x, y: first.y, radius: 2, kind: "rocks", height: 4, tallRadius: 2, abilities: ["Cover", "Unstable"] };
    const blocked = setup([rocks]);
    const radius = blocked.battle.footprint(id).radius;
    const after = deploymentSpots(blocked.battle, p, id);
    expect(after.length).toBeGreaterThan(0);
    for (const q of after) expect(Math.hypot(q.x - first.x, q.y - first.y)).toBeGreaterThanOrEqual(2 + radius);
    expect(after).not.toContainEqual(first);
  });

  it("[CORE-UNSTABLE] every battleplan: the policy's deployment on a battlefield strewn with unstable rocks puts nobody on them", () => {
    const rng = new Rng(11);
    for (const plan of BATTLEPLAN_IDS) {
      const terrain = Array.from({ length: 10 }, (_, i) => ROCKS(4 + (i % 5) * 13 + rng.nextFloat() * 2, i < 5 ? 8 + rng.nextFloat() * 4 : 32 + rng.nextFloat() * 4, 2 + rng.nextFloat()));
      const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: plan, terrain }, 3));
      expect(s.data.terrain).toEqual(terrain);
      for (const id of s.battle.deployed()) expect(canEndOn(terrain, s.battle.footprint(id)), `${plan}: ${s.battle.profile(id).name}`).toBe(true);
    }
  });
});

describe("terrain that leaves no room to deploy (issue 17 item 14)", () => {
  /** Unstable rocks radius 20 (all of it over 1" tall) at each centre. */
  const BIG = (cs: [number, number][]): TerrainFeature[] => cs.map(([x, y]) => ({ x, y, radius: 20, kind: "rocks", height: 4, abilities: ["Unstable"] }));
  // Six of them cover the whole 60" x 44" battlefield: (0, 22) is 15.6" from (10, 10), and so on.
  const everywhere = BIG([[10, 10], [30, 10], [50, 10], [10, 34], [30, 34], [50, 34]]);
  // Savage Gains: south y 0-12, north y 32-44. Rocks at (29, 6) and (52, 6) leave the south's west end
  // (x below 29 - 19.08 = 9.9 at its edges) open; the same in the north.
  const pocket = BIG([[29, 6], [52, 6], [29, 38], [52, 38]]);

  it("[CORE-UNSTABLE] [PB-DEPLOY-ZONE] a battlefield whose unstable terrain leaves an army no spot in a territory is refused before the battle, naming the army", () => {
    expect(() => newBattleData([rosters[0]!, rosters[1]!], { battleplan: "the-vice", terrain: everywhere })).toThrow(
      new InputError('terrain: leaves no room to set up any unit of Mortek Shieldwall in the south territory of The Vice: every spot is on a part of unstable terrain more than 1" tall (CORE-UNSTABLE)'),
    );
    // The same rocks with Cover only (not Unstable) can be stood on: accepted.
    expect(newBattleData([rosters[0]!, rosters[1]!], { battleplan: "the-vice", terrain: everywhere.map((f) => ({ ...f, abilities: ["Cover" as const] })) }).terrain).toHaveLength(6);
    // The pocket leaves room in both territories: accepted (the units that find no room are the next test's).
    expect(newBattleData([rosters[0]!, rosters[1]!], { battleplan: "savage-gains", terrain: pocket }).terrain).toEqual(pocket);
    // Only the north covered: the south is free, the north is not (the first army checked there is named).
    expect(() => newBattleData([rosters[1]!, rosters[0]!], { battleplan: "savage-gains", terrain: BIG([[10, 40], [30, 40], [50, 40]]) })).toThrow(
      new InputError('terrain: leaves no room to set up any unit of Hammers of the Warrior Chamber in the north territory of Savage Gains: every spot is on a part of unstable terrain more than 1" tall (CORE-UNSTABLE)'),
    );
  });

  it("[CORE-UNSTABLE] [PB-DEPLOY-ZONE] tactica battle --terrain that covers the battlefield: exit 2, one line naming the file, never a 3-0 with no models", () => {
    const dir = scratchDir("no-room");
    const file = dir.file("terrain.json", everywhere);
    const r = tactica(["battle", "--plan", "the-vice", "--terrain", file]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(`tactica: --terrain ${file}: leaves no room to set up any unit of Mortek Shieldwall in the south territory of The Vice: every spot is on a part of unstable terrain more than 1" tall (CORE-UNSTABLE)\n`);
  });

  it("[CORE-UNSTABLE] [PB-DEPLOY-ALT] a unit that finds no room left (its own units fill the pocket) is destroyed and the log says why", () => {
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: "savage-gains", terrain: pocket, log: true }, 1));
    const lost = s.data.log!.filter((l) => l.includes("no room left"));
    expect(lost.length).toBeGreaterThan(0);
    for (const line of lost) {
      const m = /^(.+) cannot set up (.+): no room left in its territory \(the zone, 1\/2" from its other units, off unstable terrain over 1" tall\); it is destroyed\.$/.exec(line);
      expect(m, line).not.toBeNull();
      expect(s.data.armies).toContain(m![1]);
    }
    // Every unit the log names as lost was destroyed at set-up, and every unit destroyed at set-up is named.
    const manifestations = new Set((s.data.manifestations?.units ?? []).map((r) => r.unit));
    const destroyed = s.data.units.filter((u) => u.status === "destroyed" && !manifestations.has(u.id)).map((u) => s.data.profiles[u.id]!.name);
    expect(lost.map((l) => /cannot set up (.+): no room/.exec(l)![1]).sort()).toEqual(destroyed.sort());
    for (const id of s.battle.deployed()) expect(canEndOn(pocket, s.battle.footprint(id))).toBe(true);
  });
});

describe("CORE-UNSTABLE: terrain in the battle's data", () => {
  it("[CORE-UNSTABLE] [PB-COVER] a feature saved before heights (x, y, radius only) gives Cover and is not Unstable; one without the Cover ability gives none", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Celestar Ballista", owner: 0, x: 10, y: 5 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 36 },
    ]);
    const old: TerrainFeature = { x: 30, y: 36, radius: 5 };
    b.data.terrain = [old];
    expect(noStandRadius(old)).toBe(0);
    expect(attackContext(b, ids[0]!, ids[1]!).hitModifier).toBe(-1);
    b.data.terrain = [{ ...old, height: 4, abilities: ["Unstable"] }];
    expect(attackContext(b, ids[0]!, ids[1]!).hitModifier).toBe(0);
    // The kernel's record: x, y, radius, height (0 if absent), tall radius (the radius if absent), abilities mask.
    const d = structuredClone(b.data);
    d.terrain = [old, RUINS(17, 20), { ...old, height: 4, abilities: ["Unstable"] }];
    const f = encodeBattle(d);
    const at = f[10]!; // H.OFF_TERRAIN
    expect(TERRAIN).toBe(6);
    expect(Array.from(f.slice(at, at + 3 * TERRAIN))).toEqual([30, 36, 5, 0, 5, 1, 17, 20, 3, 3, 1.5, 3, 30, 36, 5, 4, 5, 2]);
  });

  it("[CORE-UNSTABLE] the battle input's terrain: accepted as the set-up writes it, refused with the field named", () => {
    const roster = rosters[0]!;
    const ok = newBattleData([roster, rosters[1]!], { battleplan: "savage-gains", terrain: [RUINS(17, 20)] });
    expect(ok.terrain).toEqual([RUINS(17, 20)]);
    const bad = (terrain: unknown) => terrainSchema.safeParse(terrain);
    expect(bad([{ ...RUINS(17, 20), tallRadius: 4 }]).error?.issues[0]?.path).toEqual([0, "tallRadius"]);
    expect(bad([{ ...RUINS(17, 20), abilities: ["Cover", "Slippery"] }]).error?.issues[0]?.path).toEqual([0, "abilities", 1]);
    expect(bad([{ ...RUINS(17, 20), abilities: ["Cover", "Cover"] }]).error?.issues[0]?.path).toEqual([0, "abilities"]);
    expect(bad([{ ...RUINS(17, 20), x: 61 }]).error?.issues[0]?.path).toEqual([0, "x"]);
    expect(bad([{ ...RUINS(17, 20), colour: "grey" }]).success).toBe(false);
    expect(bad(Array.from({ length: 17 }, () => RUINS(17, 20))).success).toBe(false);
  });

  it("[CORE-UNSTABLE] tactica battle --json carries the terrain with heights; --terrain plays on it again; a bad --terrain is one line, exit 2", () => {
    const a = tactica(["battle", "--plan", "savage-gains", "--seed", "7", "--json"]);
    expect(a.code).toBe(0);
    const j = JSON.parse(a.out) as { terrain: TerrainFeature[]; log: string[] };
    expect(j.terrain.length).toBeGreaterThanOrEqual(6);
    expect(j.terrain.map((f) => f.kind).slice(0, 4)).toEqual(["ruins", "hill", "rocks", "woods"]);
    expect(j.terrain.map((f) => f.height).slice(0, 4)).toEqual([3, 1, 4, 5]);
    for (const f of j.terrain) expect(Object.keys(f).sort()).toEqual(["abilities", "height", "kind", "radius", "tallRadius", "x", "y"]);
    const dir = scratchDir("unstable");
    const record = dir.file("battle.json", a.out);
    const again = tactica(["battle", "--plan", "savage-gains", "--seed", "8", "--terrain", record, "--json"]);
    expect(again.err).toBe("");
    const k = JSON.parse(again.out) as { terrain: TerrainFeature[]; log: string[] };
    expect(k.terrain).toEqual(j.terrain);
    expect(k.log.some((l) => l.startsWith("The battlefield was set up beforehand: ruins 3\""))).toBe(true);
    const list = dir.file("terrain.json", [RUINS(17, 20)]);
    expect(JSON.parse(tactica(["battle", "--plan", "savage-gains", "--terrain", list, "--json"]).out).terrain).toEqual([RUINS(17, 20)]);
    const bad = tactica(["battle", "--terrain", dir.file("bad.json", [{ ...RUINS(17, 20), tallRadius: 9 }])]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--terrain.*tallRadius/);
    expect(bad.err.trim().split("\n")).toHaveLength(1);
  });

  it("[CORE-UNSTABLE] random battles on every plan with unstable rocks everywhere: after every action nobody stands on them", () => {
    const rng = new Rng(5);
    let moves = 0;
    for (const [i, plan] of BATTLEPLAN_IDS.entries()) {
      const terrain = Array.from({ length: 12 }, (_, k) => ROCKS(5 + (k % 6) * 10 + rng.nextFloat() * 2, 6 + Math.floor(k / 6) * 28 + rng.nextFloat() * 4, 1.5 + rng.nextFloat() * 1.5));
      terrain.push(RUINS(30, 22));
      const s: PitchedBattleState = pitchedBattleGame.newInitialState({ rosters: [rosters[i % rosters.length]!, rosters[(i + 1) % rosters.length]!], battleplan: plan, terrain }, 50 + i);
      while (!s.isTerminal()) {
        const before = s.data.units.map((u) => `${u.x},${u.y}`);
        s.apply(s.currentPlayer() === CHANCE ? rng.roll(2) - 1 : randomAgent.act(s, s.currentPlayer(), rng));
        s.data.units.forEach((u, id) => {
          if (u.status !== "deployed") return;
          if (`${u.x},${u.y}` !== before[id]) moves++;
          expect(canEndOn(terrain, s.battle.footprint(id)), `${plan}: ${s.data.profiles[id]!.name} at (${u.x}, ${u.y})`).toBe(true);
        });
      }
    }
    expect(moves).toBeGreaterThan(500);
  });
});
