/**
 * Footprints in the way (CORE-MOVE, CORE-RUN, CORE-RETREAT, CORE-FLY, CORE-CHARGE, CORE-PILEIN): units are
 * circles (ARCHITECTURE.md "Geometry"), and a move is a straight line.
 *
 * - A unit without FLY cannot move through another unit's footprint, friend or foe, nor (a normal move or
 *   run: CORE-MOVE, CORE-RUN) into an enemy's combat range: those circles stop it where it first touches them
 *   (`Block`s of the path). FLY "ignores other models" while it moves (CORE-FLY): for it they only limit where
 *   the move may end. No move ends overlapping another footprint, in an enemy's combat range (but a charge
 *   or a pile-in), or on the tall part of unstable terrain (CORE-UNSTABLE): those are `Block`s of the end —
 *   the move ends at the furthest point of its line, up to its length, that none of them covers.
 * - A move toward a point goes straight at it; if something cuts that line short, the lines 15 to 75 degrees
 *   either side are tried too (each as far as its nearest approach to the point) and the move takes the one
 *   that ends nearest the point. So a unit slides round a friend, an enemy's combat range or a rock in its
 *   way; it does not plan a longer route.
 * - A move is offered only if it gets the unit at least MIN_MOVE nearer its destination with the shortest
 *   distance it can roll (`makesWay`); a longer roll never gets it less far (each line's end only moves on
 *   as the distance grows), so an offered move never ends at 0". A retreat is offered only if it can end
 *   out of combat range.
 * The Wasm kernel repeats these functions operation for operation (assembly/battle/paths.ts).
 */
import { passesRange, passesThrough } from "./common.js";
import { loreseekerBarriers, pileInBonus } from "./traits.js";
import { BATTLEFIELD, distanceToSegment, type Circle, type Point } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import { CHARGE_END, clampToBattlefield, COMBAT_RANGE, contactPoint, turnedDirections } from "./geometry.js";
import type { Player } from "./state.js";
import { canEndOn, noStandRadius, standableAlong } from "./terrain.js";
import { hasKeyword } from "./units.js";

/** A circle a footprint's centre may not come within `R` of (so the footprints do not overlap, or stay apart). */
export interface Block {
  x: number;
  y: number;
  R: number;
}

/** The footprints and terrain a move must respect: `path` stops it, `end` only limits where it ends. */
export interface World {
  radius: number;
  path: Block[];
  end: Block[];
}

/** A combat-range block is kept by this much more, so that the end is measured out of combat range. */
export const RANGE_MARGIN = 1e-6;
/** An offered move gets the unit at least this much (inches) nearer where it is going. */
export const MIN_MOVE = 0.1;
/** The detour: lines this many steps of 15 degrees either side of the straight one. */
const DETOUR_STEPS = 5;

/** How far along the unit ray (fx, fy) + t (ux, uy) the centre first comes within c.R of c (0: it is already and heads in; Infinity: never). */
export function firstContact(fx: number, fy: number, ux: number, uy: number, c: Block): number {
  const qx = fx - c.x;
  const qy = fy - c.y;
  const b = 2 * (qx * ux + qy * uy);
  const cc = qx * qx + qy * qy - c.R * c.R;
  if (cc <= 0) return b < 0 ? 0 : Infinity;
  const disc = b * b - 4 * cc;
  if (disc < 0) return Infinity;
  const s = (-b - Math.sqrt(disc)) / 2;
  return s >= 0 ? Math.max(0, s - 1e-6) : Infinity;
}

/** How far along the ray the footprint stays wholly on the battlefield. */
export function edgeLimit(fx: number, fy: number, r: number, ux: number, uy: number): number {
  let t = Infinity;
  if (ux > 0) t = Math.min(t, (BATTLEFIELD.width - r - fx) / ux);
  else if (ux < 0) t = Math.min(t, (r - fx) / ux);
  if (uy > 0) t = Math.min(t, (BATTLEFIELD.depth - r - fy) / uy);
  else if (uy < 0) t = Math.min(t, (r - fy) / uy);
  return Math.max(0, t);
}

/**
 * The furthest t in (0, T] at which the centre is within no end block (just short of the first block covering
 * the point, repeated while that point is in another), or -1 if there is none.
 */
export function lastFree(fx: number, fy: number, ux: number, uy: number, T: number, end: readonly Block[]): number {
  let t = T;
  for (let pass = 0; pass <= end.length; pass++) {
    const px = fx + ux * t;
    const py = fy + uy * t;
    let next = t;
    let hit = false;
    for (const c of end) {
      if (!(Math.hypot(px - c.x, py - c.y) < c.R)) continue;
      const qx = fx - c.x;
      const qy = fy - c.y;
      const b = 2 * (qx * ux + qy * uy);
      const cc = qx * qx + qy * qy - c.R * c.R;
      const s = (-b - Math.sqrt(Math.max(0, b * b - 4 * cc))) / 2;
      next = Math.min(next, s - 1e-6);
      hit = true;
    }
    if (!hit) return t;
    t = next;
    if (t <= 0) return -1;
  }
  return -1;
}

/** How far a move of at most `L` along the unit ray goes (0: not at all): stopped by the path, ended clear of the end blocks. */
export function rayEnd(fx: number, fy: number, ux: number, uy: number, L: number, w: World): number {
  let t = Math.min(L, edgeLimit(fx, fy, w.radius, ux, uy));
  for (const c of w.path) t = Math.min(t, firstContact(fx, fy, ux, uy, c));
  if (t <= 0) return 0;
  const e = lastFree(fx, fy, ux, uy, t, w.end);
  return e < 0 ? 0 : e;
}

/** Where a move of at most `distance` from `from` toward `to` ends (see the file comment: straight, else the best detour). */
export function moveEnd(from: Point, to: Point, distance: number, w: World): Point {
  return moveEndUntil(from, to, distance, w, Infinity);
}

/**
 * moveEnd, or the first line tried (straight, then the detours in order) that gets the unit `enough` nearer:
 * whether the best gets it that near is then known without trying the rest (makesWay).
 */
function moveEndUntil(from: Point, to: Point, distance: number, w: World, enough: number): Point {
  const p = clampToBattlefield(to, w.radius);
  const dx = p.x - from.x;
  const dy = p.y - from.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9 || distance <= 0) return { x: from.x, y: from.y };
  const ux = dx / len;
  const uy = dy / len;
  const l0 = Math.min(distance, len);
  const t0 = rayEnd(from.x, from.y, ux, uy, l0, w);
  let bx = from.x + ux * t0;
  let by = from.y + uy * t0;
  if (t0 >= l0) return { x: bx, y: by };
  const startD = Math.hypot(p.x - from.x, p.y - from.y);
  let bestD = Math.hypot(p.x - bx, p.y - by);
  if (startD - bestD >= enough || bestD <= nearestPossible(from, p, w) + 1e-9) return { x: bx, y: by };
  for (const [vx, vy] of turnedDirections(ux, uy, DETOUR_STEPS)) {
    // As far as the nearest approach to the point along this line.
    const t = rayEnd(from.x, from.y, vx, vy, Math.min(distance, len * (vx * ux + vy * uy)), w);
    const ex = from.x + vx * t;
    const ey = from.y + vy * t;
    const d = Math.hypot(p.x - ex, p.y - ey);
    if (d < bestD) {
      bestD = d;
      bx = ex;
      by = ey;
      if (startD - bestD >= enough) return { x: bx, y: by };
    }
  }
  return { x: bx, y: by };
}

/**
 * No end can be nearer `p` than R - |p - c| for a block (c, R) round `p` that the unit starts outside of (it
 * can neither end in it nor cross it to get in): when the straight line already ends that near, no line aside
 * is tried (a move toward an enemy that stops at its combat range). The largest such bound, or 0.
 */
function nearestPossible(from: Point, p: Point, w: World): number {
  let best = 0;
  for (const list of [w.path, w.end])
    for (const c of list) {
      const off = Math.hypot(p.x - c.x, p.y - c.y);
      if (off < c.R && c.R - off > best && Math.hypot(from.x - c.x, from.y - c.y) >= c.R) best = c.R - off;
    }
  return best;
}

/** The unstable parts a footprint of radius `r` may not end on (CORE-UNSTABLE), as end blocks. */
function terrainBlocks(b: Battle, r: number): Block[] {
  const out: Block[] = [];
  for (const f of b.data.terrain) {
    const r0 = noStandRadius(f);
    if (r0 > 0) out.push({ x: f.x, y: f.y, R: r + r0 });
  }
  return out;
}

/**
 * What a move of unit `id` must respect. A normal move or run (`retreat` false): without FLY, friends'
 * footprints and enemies' combat ranges stop it; with FLY, it may not end in either. A retreat: without FLY,
 * every other footprint stops it; with FLY it may not end on one; either way it may not end in combat range.
 */
export function moveWorld(b: Battle, id: number, retreat: boolean): World {
  const fp = b.footprint(id);
  const r = fp.radius;
  const me = b.ownerOf(id);
  const fly = hasKeyword(b.profile(id), "FLY");
  const w: World = { radius: r, path: [], end: [] };
  for (const o of b.deployed()) {
    if (o === id) continue;
    const c = b.footprint(o);
    const touch = { x: c.x, y: c.y, R: r + c.radius };
    // Longshanks (common.ts): it passes through the models of some units as FLY does, but not their combat ranges.
    const through = fly || passesThrough(b, id, o);
    if (b.ownerOf(o) === (me as Player)) (through ? w.end : w.path).push(touch);
    else {
      const range = { x: c.x, y: c.y, R: r + c.radius + COMBAT_RANGE + RANGE_MARGIN };
      if (retreat) {
        if (!through) w.path.push(touch);
        w.end.push(range);
      } else (fly || passesRange(b, id, o) ? w.end : w.path).push(range); // tail4: Threshing Doom's combat ranges
    }
  }
  w.end.push(...terrainBlocks(b, r));
  // Indomitable Loreseekers (traits.ts): an enemy manifestation may not pass through or end in the range.
  for (const c of loreseekerBarriers(b, id)) w.path.push({ x: c.x, y: c.y, R: c.R + RANGE_MARGIN });
  return w;
}

/** The shortest distance unit `id` can move (a random Move at its lowest roll), plus 1 for a run's D6. */
export function leastDistance(b: Battle, id: number, run: boolean): number {
  const p = b.profile(id);
  const move = p.moveDice ? Math.max(0, p.moveDice.count + p.moveDice.plus) : p.move;
  return move + (run ? 1 : 0);
}

/** Whether a move (or run) of `id` toward `to` gets it MIN_MOVE nearer with its shortest roll (the move is offered). */
export function makesWay(b: Battle, id: number, to: Point, run: boolean, w: World = moveWorld(b, id, false)): boolean {
  const fp = b.footprint(id);
  const p = clampToBattlefield(to, fp.radius);
  const end = moveEndUntil(fp, to, leastDistance(b, id, run), w, MIN_MOVE);
  return Math.hypot(p.x - fp.x, p.y - fp.y) - Math.hypot(p.x - end.x, p.y - end.y) >= MIN_MOVE;
}

// ---- the end of a charge or a pile-in ------------------------------------------------------------------

/**
 * CORE-CHARGE, CORE-PILEIN: unit `id` may end a charge or pile-in at `p`: its footprint there overlaps no
 * other footprint and, without FLY, the straight line from where it stands crosses none (the target's
 * included: it does not go through the enemy to the far side).
 */
export function clearSpot(b: Battle, id: number, p: Point): boolean {
  const fp = b.footprint(id);
  const fly = hasKeyword(b.profile(id), "FLY");
  // Indomitable Loreseekers (traits.ts): an enemy manifestation neither ends in its combat range nor crosses it.
  for (const c of loreseekerBarriers(b, id)) if (Math.hypot(p.x - c.x, p.y - c.y) <= c.R + 1e-9 || distanceToSegment(c, { from: fp, to: p }) <= c.R + 1e-9) return false;
  for (const o of b.deployed()) {
    if (o === id) continue;
    const c = b.footprint(o);
    const R = fp.radius + c.radius;
    if (Math.hypot(p.x - c.x, p.y - c.y) < R) return false;
    if (!fly && !passesThrough(b, id, o) && distanceToSegment(c, { from: fp, to: p }) < R) return false;
  }
  return true;
}

/** An enemy footprint the unit at `p` (radius `r`) is in combat with (within 3", as Battle.enemiesInCombat). */
export function inRangeAt(p: Point, r: number, e: Circle): boolean {
  return Math.max(0, Math.hypot(p.x - e.x, p.y - e.y) - r - e.radius) <= COMBAT_RANGE + 1e-9;
}

/** CORE-PILEIN: a pile-in moves the footprint's centre at most this far. */
export const PILE_IN = 3;

function fitsBattlefield(p: Point, r: number): boolean {
  return p.x >= r && p.x <= BATTLEFIELD.width - r && p.y >= r && p.y <= BATTLEFIELD.depth - r;
}

/**
 * CORE-PILEIN: where unit `id`'s pile-in toward `target` ends, or null if it does not move. Straight at the
 * target to within 1/2" (or 3" nearer), cut short before unstable terrain's tall part as a move is
 * (CORE-UNSTABLE); if that spot is not clear (clearSpot) or leaves an enemy the unit was in combat with, the
 * spots at the same distance from the target 15 degrees apart, nearest first, that the 3" reaches; none:
 * no pile-in. Every spot is no further from the target, and the unit stays in combat with every unit it was.
 */
export function pileInEnd(b: Battle, id: number, target: number): Point | null {
  const gap = b.distance(id, target);
  if (gap <= CHARGE_END) return null;
  const fp = b.footprint(id);
  const tf = b.footprint(target);
  const engaged = b.enemiesInCombat(id).map((e) => b.footprint(e));
  const ok = (p: Point) => engaged.every((e) => inRangeAt(p, fp.radius, e)) && clearSpot(b, id, p);
  const reach = PILE_IN + pileInBonus(b, id); // Unerring Hunters (traits.ts): 3" more
  const g = Math.max(CHARGE_END, gap - reach);
  const direct = standableAlong(b.data.terrain, fp, contactPoint(fp, tf, g), fp.radius);
  if ((direct.x !== fp.x || direct.y !== fp.y) && ok(direct)) return direct;
  const dx = fp.x - tf.x;
  const dy = fp.y - tf.y;
  const len = Math.hypot(dx, dy) || 1;
  const r = fp.radius + tf.radius + g;
  for (const [vx, vy] of turnedDirections(dx / len, dy / len, 12)) {
    const p = { x: tf.x + vx * r, y: tf.y + vy * r };
    if (!fitsBattlefield(p, fp.radius) || !(Math.hypot(p.x - fp.x, p.y - fp.y) <= reach)) continue;
    if (canEndOn(b.data.terrain, { x: p.x, y: p.y, radius: fp.radius }) && ok(p)) return p;
  }
  return null;
}
