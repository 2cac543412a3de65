/**
 * CORE-VISIBILITY: which units can see which. The seeds' spells and attacks pick "visible" targets (the
 * example spell: "Pick a visible friendly unit"; Metamorphosis: "within range and visible to the caster") and
 * give no rule of their own for it, so this model is ours, in the engine's geometry (footprints are circles,
 * terrain features circles with a tall part: terrain.ts):
 * - The part of a terrain feature more than 1" tall blocks sight (the same part CORE-UNSTABLE means): the
 *   walls at a ruin's heart (its inner half), a whole rock spire, a whole wood. A hill (1") blocks nothing,
 *   nor does a feature saved without a height.
 * - A feature whose tall part either unit's footprint overlaps does not block sight between them (a unit in
 *   a wood sees out and is seen).
 * - Two units see each other if one of five sight lines between their footprints crosses no blocking part:
 *   centre to centre, and the lines joining the points at half and at the whole radius either side,
 *   perpendicular to that line. A unit wholly behind a feature (every line crosses it) is not visible. A
 *   gap between two blocking parts narrower than those lines' spacing can be missed.
 * - Units do not block sight (models are not modelled), and neither does a unit's size or FLY.
 * The Wasm kernel repeats `canSee` operation for operation (assembly/battle/paths.ts canSee).
 */
import { hiddenFrom } from "./common.js";
import { distanceToSegment, type Circle } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import type { TerrainFeature } from "./state.js";
import { UNSTABLE_HEIGHT } from "./terrain.js";
import { pageantHides } from "./traits.js";

/** The radius of the part of `f` that blocks sight (more than 1" tall), or 0. */
export function sightBlockRadius(f: TerrainFeature): number {
  return (f.height ?? 0) > UNSTABLE_HEIGHT ? (f.tallRadius ?? f.radius) : 0;
}

/** The five sight lines' offsets, as shares of each footprint's radius. */
const OFFSETS = [0, 0.5, -0.5, 1, -1] as const;

/** CORE-VISIBILITY between two footprints (symmetric). */
export function canSee(terrain: readonly TerrainFeature[], a: Circle, t: Circle): boolean {
  const blocks: { x: number; y: number; radius: number }[] = [];
  for (const f of terrain) {
    const r0 = sightBlockRadius(f);
    if (r0 <= 0) continue;
    if (Math.hypot(a.x - f.x, a.y - f.y) < a.radius + r0 || Math.hypot(t.x - f.x, t.y - f.y) < t.radius + r0) continue;
    blocks.push({ x: f.x, y: f.y, radius: r0 });
  }
  if (blocks.length === 0) return true;
  const dx = t.x - a.x;
  const dy = t.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return true;
  const nx = -dy / len;
  const ny = dx / len;
  for (const s of OFFSETS) {
    const from = { x: a.x + nx * s * a.radius, y: a.y + ny * s * a.radius };
    const to = { x: t.x + nx * s * t.radius, y: t.y + ny * s * t.radius };
    if (blocks.every((c) => !(distanceToSegment(c, { from, to }) < c.radius))) return true;
  }
  return false;
}

/** Whether unit `a` can see unit `t` (CORE-VISIBILITY): shooting and spells that target a unit ask it. */
export function visible(b: Battle, a: number, t: number): boolean {
  // A Splendid Pageant (traits.ts): a FLESH-EATER COURTS INFANTRY HERO by its guard is not visible beyond 6";
  // Hidden Weapon Team (common.ts): not visible to enemy units beyond a distance while escorted.
  return a === t || (!pageantHides(b, a, t) && canSee(b.data.terrain, b.footprint(a), b.footprint(t)) && !hiddenFrom(b, a, t));
}
