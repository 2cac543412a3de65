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

/** ME-CONTROL-ZONE: is a base this far away inside the zone? (A hair of slack so 1" exactly is outside.) */
export const inZone = (gap: number): boolean => gap < ZONE - 0.005;

/** Inches for a log line. */
export const inches = (v: number): string => `${(Math.round(v * 10) / 10).toFixed(1)}"`;
