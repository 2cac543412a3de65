/**
 * Terrain features (PB-TERRAIN) and their abilities: Cover (PB-COVER) and Unstable (CORE-UNSTABLE: "Models
 * can move across but cannot be set up on or end any type of move on any part of this terrain feature that
 * is more than 1" tall").
 *
 * The model (the seeds give no shapes or heights; these are ours):
 * - A feature is a circle (x, y, radius) with a `height` (its tallest part, inches) and the radius of the
 *   part that is more than 1" tall, `tallRadius`: a circle with the same centre (a ruin's standing walls and
 *   rubble heaps at its heart with a low floor around them; the whole circle for a rock spire; 0 for a hill
 *   no part of which is over 1"). Units are footprints (circles), so a unit is "on" that part when its
 *   footprint overlaps it (touching is not overlapping).
 * - `abilities` lists the feature's terrain abilities. A feature saved before heights existed (no `height`,
 *   no `abilities`) keeps the behaviour it had: it gives Cover and is not Unstable.
 * - The set-up (setup.ts placeTerrain) places the defender's terrain collection in a fixed order of kinds,
 *   TERRAIN_TABLE, feature i being kind i mod 4 (at 1000 points: ruins, hill, rocks, woods, ruins, hill; at
 *   2000 two of each). The positions and radii are drawn from the seeded RNG as before (PB-TERRAIN); the
 *   kinds draw nothing, so the set-up's dice are unchanged.
 *
 * CORE-UNSTABLE is one predicate, `canEndOn`: every place that sets up a unit or ends a move (deployment,
 * normal moves and runs, FLY, retreats, charges, pile-ins) asks it. A move's line ends at its furthest point
 * off every unstable part (paths.ts, which also tries the lines aside); a pile-in falls back to the nearest
 * legal spot along its line toward the start (`standableAlong`); a charge to another spot within 1/2" of the
 * target that the roll reaches (`chargeEnd`), and with no such spot fails. Moving across is always allowed: only the end point is tested. The Wasm kernel
 * repeats these functions operation for operation (assembly/battle/terrain.ts).
 */
import { z } from "zod";
import { BATTLEFIELD, type Circle, type Point } from "../battleplans/index.js";
import { CHARGE_END, contactPoint, turnedDirections } from "./geometry.js";
import type { TerrainFeature } from "./state.js";

export const TERRAIN_ABILITIES = ["Cover", "Unstable"] as const;
export type TerrainAbility = (typeof TERRAIN_ABILITIES)[number];

/** CORE-UNSTABLE: a part more than this tall cannot be ended on. */
export const UNSTABLE_HEIGHT = 1;

export interface TerrainKindSpec {
  kind: string;
  /** Inches, the tallest part. */
  height: number;
  /** The part more than 1" tall, as a share of the feature's radius (0: none, 1: all of it). */
  tallShare: number;
  abilities: readonly TerrainAbility[];
}

/** The defender's terrain collection, placed in this order (ours: the seeds name no feature). */
export const TERRAIN_TABLE: readonly TerrainKindSpec[] = [
  { kind: "ruins", height: 3, tallShare: 0.5, abilities: ["Cover", "Unstable"] },
  { kind: "hill", height: 1, tallShare: 0, abilities: ["Cover"] },
  { kind: "rocks", height: 4, tallShare: 1, abilities: ["Cover", "Unstable"] },
  { kind: "woods", height: 5, tallShare: 1, abilities: ["Cover"] },
];

/** Feature `index` of the set-up at (x, y) with `radius`: its kind from TERRAIN_TABLE (all values to 1/100"). */
export function terrainFeature(index: number, x: number, y: number, radius: number): TerrainFeature {
  const k = TERRAIN_TABLE[index % TERRAIN_TABLE.length]!;
  return { x, y, radius, kind: k.kind, height: k.height, tallRadius: Math.round(radius * k.tallShare * 100) / 100, abilities: [...k.abilities] };
}

/** A terrain feature as input (a battlefield set up beforehand: BattleOptions.terrain). */
export const terrainFeatureSchema = z
  .strictObject({
    x: z.number().min(0).max(BATTLEFIELD.width),
    y: z.number().min(0).max(BATTLEFIELD.depth),
    radius: z.number().positive().max(20),
    kind: z.string().min(1).max(40).optional(),
    height: z.number().min(0).max(30).optional(),
    tallRadius: z.number().min(0).max(20).optional(),
    abilities: z.array(z.enum(TERRAIN_ABILITIES)).max(TERRAIN_ABILITIES.length).optional(),
  })
  .refine((f) => f.tallRadius === undefined || f.tallRadius <= f.radius, { message: "tallRadius: the tall part cannot be larger than the feature (at most its radius)", path: ["tallRadius"] })
  .refine((f) => !f.abilities || new Set(f.abilities).size === f.abilities.length, { message: "abilities: each ability at most once", path: ["abilities"] });

/** At most 16 features: the rollout kernel's MAX_TERRAIN. */
export const terrainSchema = z.array(terrainFeatureSchema).max(16);

/** PB-COVER: whether the feature gives cover (every feature without an abilities list does). */
export function givesCover(f: TerrainFeature): boolean {
  return f.abilities === undefined || f.abilities.includes("Cover");
}

/**
 * CORE-UNSTABLE: the radius of the part of `f` that cannot be set up on or ended on — the part more than 1"
 * tall of an Unstable feature (the whole circle when `tallRadius` is absent) — or 0 when there is none.
 */
export function noStandRadius(f: TerrainFeature): number {
  if (!f.abilities || !f.abilities.includes("Unstable") || !((f.height ?? 0) > UNSTABLE_HEIGHT)) return 0;
  return f.tallRadius ?? f.radius;
}

/** CORE-UNSTABLE, the one predicate: a footprint may be set up or end a move here (it overlaps no unstable part over 1" tall). */
export function canEndOn(terrain: readonly TerrainFeature[], c: Circle): boolean {
  for (const f of terrain) {
    const r0 = noStandRadius(f);
    if (r0 > 0 && Math.hypot(c.x - f.x, c.y - f.y) < c.radius + r0) return false;
  }
  return true;
}

/**
 * Where a move from `from` that would end at `end` ends instead (CORE-UNSTABLE): `end` if the footprint may
 * end there, else the point nearest `end` on the segment [from, end] where it may (just short of the first
 * unstable part it would end on, repeated while that spot is on another), or `from` if none is.
 */
export function standableAlong(terrain: readonly TerrainFeature[], from: Point, end: Point, radius: number): Point {
  if (canEndOn(terrain, { x: end.x, y: end.y, radius })) return end;
  const dx = end.x - from.x;
  const dy = end.y - from.y;
  const a = dx * dx + dy * dy;
  if (a < 1e-12) return { x: from.x, y: from.y };
  let t = 1;
  for (let pass = 0; pass <= terrain.length; pass++) {
    const px = from.x + dx * t;
    const py = from.y + dy * t;
    let hit = false;
    for (const f of terrain) {
      const r0 = noStandRadius(f);
      if (r0 <= 0) continue;
      const R = radius + r0;
      if (!(Math.hypot(px - f.x, py - f.y) < R)) continue;
      // The smallest s with |from + s*(dx, dy) - f| = R: where the footprint first touches the part.
      const fx = from.x - f.x;
      const fy = from.y - f.y;
      const b = 2 * (fx * dx + fy * dy);
      const cc = fx * fx + fy * fy - R * R;
      const s = (-b - Math.sqrt(Math.max(0, b * b - 4 * a * cc))) / (2 * a);
      t = Math.min(t, s - 1e-6);
      hit = true;
    }
    if (!hit) return { x: px, y: py };
    if (t <= 0) break;
  }
  return { x: from.x, y: from.y };
}

function fitsBattlefield(p: Point, radius: number): boolean {
  return p.x >= radius && p.x <= BATTLEFIELD.width - radius && p.y >= radius && p.y <= BATTLEFIELD.depth - radius;
}

/**
 * CORE-CHARGE with CORE-UNSTABLE: where a charge of `roll` inches ends, or null if it cannot. The spot is
 * within 1/2" of the target (`gap` its edge distance) on the line from the charger (geometry.ts
 * contactPoint), reached when the roll is at least the gap less 1/2". If the charger may not end there,
 * the other spots at the same distance from the target are tried, 15 degrees apart, alternately either side
 * of that line, nearest first: the first the roll reaches (the centre moves at most `roll`) and that may be
 * ended on and that `clear` accepts (paths.ts clearSpot: no other footprint there or, without FLY, in the way).
 * None: the charge fails.
 */
export function chargeEnd(terrain: readonly TerrainFeature[], from: Circle, target: Circle, gap: number, roll: number, clear: (p: Point) => boolean = () => true): Point | null {
  if (roll < gap - CHARGE_END) return null;
  const g = Math.min(CHARGE_END, gap);
  const direct = contactPoint(from, target, g);
  if (canEndOn(terrain, { x: direct.x, y: direct.y, radius: from.radius }) && clear(direct)) return direct;
  const dx = from.x - target.x;
  const dy = from.y - target.y;
  const len = Math.hypot(dx, dy) || 1;
  const r = from.radius + target.radius + g;
  for (const [ux, uy] of turnedDirections(dx / len, dy / len, 12)) {
    const p = { x: target.x + ux * r, y: target.y + uy * r };
    // A spot off the battlefield is not one (clamping it would take it out of 1/2" of the target).
    if (!fitsBattlefield(p, from.radius)) continue;
    if (Math.hypot(p.x - from.x, p.y - from.y) <= roll && canEndOn(terrain, { x: p.x, y: p.y, radius: from.radius }) && clear(p)) return p;
  }
  return null;
}
