/**
 * Model-level geometry (ME-MEASURE): round bases, distances measured base to base, 1" control zones
 * (ME-CONTROL-ZONE), straight-line sweeps for moves, and "in the way" for shooting (ME-SHOOT). Pure
 * functions over numbers, in inches; the board's origin is its south-west corner.
 */

/** Two bases closer than this are in base contact (a millimetre is ~0.04"). */
export const CONTACT = 0.01;
/** Bases may touch, never overlap by more than this (floating-point slack). */
export const OVERLAP = 0.002;
/** ME-CONTROL-ZONE: the ring around a base, in inches. A model exactly 1" away is outside it. */
export const ZONE = 1;

export interface Pt {
  x: number;
  y: number;
}

/** sqrt(dx² + dy²): Math.hypot is several times slower in V8, and these run in every inner loop. */
export const hyp = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy);

export const dist = (ax: number, ay: number, bx: number, by: number): number => hyp(ax - bx, ay - by);

/** ME-MEASURE: the distance between the closest two parts of two bases (negative if they overlap). */
export const gapOf = (ax: number, ay: number, ar: number, bx: number, by: number, br: number): number => hyp(ax - bx, ay - by) - ar - br;

/**
 * The first distance t in [0, len] at which a point moving from p along the unit vector d comes strictly
 * within R of c; Infinity if it never does. Starting inside gives 0.
 */
export function firstEntry(px: number, py: number, dx: number, dy: number, len: number, cx: number, cy: number, R: number): number {
  const wx = px - cx;
  const wy = py - cy;
  const c = wx * wx + wy * wy - R * R;
  if (c < -1e-9) return 0;
  const b = wx * dx + wy * dy;
  if (b >= 0) return Infinity; // moving away (or along the tangent) from the start
  const disc = b * b - c;
  if (disc <= 1e-12) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t <= len ? Math.max(0, t) : Infinity;
}

/** Shortest distance from c to the segment p-q. */
export function segmentDistance(px: number, py: number, qx: number, qy: number, cx: number, cy: number): number {
  const dx = qx - px;
  const dy = qy - py;
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((cx - px) * dx + (cy - py) * dy) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return hyp(px + t * dx - cx, py + t * dy - cy);
}

/** The longest move from p along unit d (up to len) that keeps a base of radius r on a w x h board. */
export function boardLimit(px: number, py: number, dx: number, dy: number, len: number, r: number, w: number, h: number): number {
  let t = len;
  if (dx > 1e-12) t = Math.min(t, (w - r - px) / dx);
  else if (dx < -1e-12) t = Math.min(t, (r - px) / dx);
  if (dy > 1e-12) t = Math.min(t, (h - r - py) / dy);
  else if (dy < -1e-12) t = Math.min(t, (r - py) / dy);
  return Math.max(0, t);
}

export const onBoard = (x: number, y: number, r: number, w: number, h: number): boolean => x >= r - 1e-9 && y >= r - 1e-9 && x <= w - r + 1e-9 && y <= h - r + 1e-9;

function inTriangle(px: number, py: number, ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}

/**
 * ME-SHOOT "in the way": the sight lines from the shooter's eye (its base's centre) to every point of the
 * target's base sweep a region (the convex hull of the eye and the target's base). A third base that cuts
 * into it partially obscures the target, so the shot cannot be made. Bases that merely touch the region
 * (a model in base contact beside the target) do not.
 */
export function inTheWay(sx: number, sy: number, tx: number, ty: number, tr: number, bx: number, by: number, br: number): boolean {
  const d = hyp(tx - sx, ty - sy);
  const limit = br - 0.02;
  if (d <= tr) return hyp(bx - tx, by - ty) < tr + limit;
  const dToDisc = hyp(bx - tx, by - ty) - tr;
  if (dToDisc < limit) return true;
  // Tangent points of the eye's sight lines on the target's base.
  const ux = (tx - sx) / d;
  const uy = (ty - sy) / d;
  const sinA = tr / d;
  const cosA = Math.sqrt(1 - sinA * sinA);
  const l = d * cosA; // eye to tangent point
  const p1x = sx + l * (ux * cosA - uy * sinA);
  const p1y = sy + l * (uy * cosA + ux * sinA);
  const p2x = sx + l * (ux * cosA + uy * sinA);
  const p2y = sy + l * (uy * cosA - ux * sinA);
  if (inTriangle(bx, by, sx, sy, p1x, p1y, p2x, p2y)) return true;
  return segmentDistance(sx, sy, p1x, p1y, bx, by) < limit || segmentDistance(sx, sy, p2x, p2y, bx, by) < limit;
}

export function unit(dx: number, dy: number): [number, number] {
  const l = hyp(dx, dy);
  return l < 1e-12 ? [1, 0] : [dx / l, dy / l];
}

export function rotate(dx: number, dy: number, degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [dx * c - dy * s, dx * s + dy * c];
}

/** An angle wrapped into (-π, π]. */
export function wrapAngle(a: number): number {
  let v = a;
  while (v > Math.PI) v -= 2 * Math.PI;
  while (v <= -Math.PI) v += 2 * Math.PI;
  return v;
}

/** acos through atan2 (the Wasm kernel imports the host's atan2, so both compute the same bits). */
const acosOf = (c: number): number => Math.atan2(Math.sqrt(1 - c * c), c);

export interface ArcBase {
  x: number;
  y: number;
  r: number;
  /** An enemy base may not be touched at the end of the step (it may be passed by, never through). */
  enemy: boolean;
}

/**
 * ME-BACK-AWAY's free arcs, for a base of radius r at p stepping 1" straight in a direction within 90° of
 * the unit vector u: each base near enough blocks one interval of directions (those whose path would
 * sweep into it: the distance from its centre to the step's segment grows with the angle off its
 * bearing, so the blocked set is an interval around it; for an enemy also those ending in base contact),
 * each board edge blocks those that end off the board, and each winner blocks those not away from it (90°
 * or more off the line to it). Returns the middle of every free arc left, as an offset in degrees from u,
 * nearest to u first (left, i.e. positive, before right on a tie). The same arithmetic as the kernel's.
 */
export function freeArcMiddles(px: number, py: number, r: number, ux: number, uy: number, bases: readonly ArcBase[], winners: readonly Pt[], w: number, h: number): number[] {
  const HALF = Math.PI / 2;
  const t0 = Math.atan2(uy, ux);
  const lo: number[] = [];
  const hi: number[] = [];
  const block = (dir: number, half: number) => {
    const c = wrapAngle(dir - t0);
    for (let k = -1; k <= 1; k++) {
      const a = Math.max(c - half + k * 2 * Math.PI, -HALF);
      const b = Math.min(c + half + k * 2 * Math.PI, HALF);
      if (a < b) {
        lo.push(a);
        hi.push(b);
      }
    }
  };
  for (const wn of winners) block(Math.atan2(wn.y - py, wn.x - px), HALF);
  // The end of the step must leave the base on the board: cos(direction - edge normal) <= room to that edge.
  const room = [w - r - px, px - r, h - r - py, py - r];
  const normal = [0, Math.PI, HALF, -HALF];
  for (let e = 0; e < 4; e++) if (room[e]! < 1) block(normal[e]!, acosOf(Math.max(-1, room[e]!)));
  for (const b of bases) {
    const dx = b.x - px;
    const dy = b.y - py;
    const D = hyp(dx, dy);
    const dir = Math.atan2(dy, dx);
    const R = r + b.r - OVERLAP;
    if (D <= R) block(dir, Math.PI);
    else if (D < 1 + R) {
      if (D * D - R * R < 1) {
        const q = R / D;
        block(dir, Math.atan2(q, Math.sqrt(1 - q * q)));
      } else block(dir, acosOf((1 + D * D - R * R) / (2 * D)));
    }
    if (b.enemy) {
      const R2 = r + b.r + CONTACT;
      if (D < 1 + R2) {
        const c = (1 + D * D - R2 * R2) / (2 * D);
        block(dir, c <= -1 ? Math.PI : acosOf(c));
      }
    }
  }
  // Sweep the blocked intervals in order of their start (an insertion sort, as in the kernel).
  const order: number[] = [];
  for (let i = 0; i < lo.length; i++) {
    let j = order.length;
    order.push(i);
    while (j > 0 && lo[order[j - 1]!]! > lo[i]!) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = i;
  }
  const mids: number[] = [];
  let cur = -HALF;
  for (const i of order) {
    if (lo[i]! > cur + 1e-9) mids.push((cur + lo[i]!) / 2);
    if (hi[i]! > cur) cur = hi[i]!;
  }
  if (cur < HALF - 1e-9) mids.push((cur + HALF) / 2);
  const out: number[] = [];
  for (const m of mids) {
    const d = (m * 180) / Math.PI;
    let j = out.length;
    out.push(d);
    while (j > 0 && (Math.abs(out[j - 1]!) > Math.abs(d) || (Math.abs(out[j - 1]!) === Math.abs(d) && out[j - 1]! < d))) {
      out[j] = out[j - 1]!;
      j--;
    }
    out[j] = d;
  }
  return out;
}

/** ME-CONTROL-ZONE: is a base this far away inside the zone? (A hair of slack so 1" exactly is outside.) */
export const inZone = (gap: number): boolean => gap < ZONE - 0.005;

/** Inches for a log line. */
export const inches = (v: number): string => `${(Math.round(v * 10) / 10).toFixed(1)}"`;
