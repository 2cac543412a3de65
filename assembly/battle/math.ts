// Numbers exactly as the TypeScript engine computes them, so that the kernel's geometry is bit-identical:
// V8's Math.hypot (normalised by the larger side, not sqrt(x*x + y*y), which differs in the last bit a third
// of the time), JavaScript's Math.round (halves up), and the engine's footprint and contest formulas
// (src/aos/battle/geometry.ts, units.ts, src/aos/battleplans/geometry.ts), operation for operation.

export const COMBAT_RANGE: f64 = 3;
export const CHARGE_END: f64 = 0.5;
export const WIDTH: f64 = 60;
export const DEPTH: f64 = 44;
export const EPSILON: f64 = 1e-6;
export const OBJECTIVE_RADIUS: f64 = 20.0 / 25.4;
/** geometry.ts CONTEST_REACH: a model's base edge within 3" of the 40 mm marker's edge contests it. */
export const CONTEST_REACH: f64 = COMBAT_RANGE + OBJECTIVE_RADIUS;

/** V8's Math.hypot for two arguments: sqrt((a/m)^2 + (b/m)^2) * m, m = max(|a|, |b|). */
// @ts-ignore: decorator
@inline
export function hypot(a: f64, b: f64): f64 {
  const x = Math.abs(a);
  const y = Math.abs(b);
  const m = x > y ? x : y;
  if (m == 0) return 0;
  const r = (x > y ? y : x) / m;
  return Math.sqrt(1.0 + r * r) * m;
}

/** JavaScript's Math.round: halves round up. */
// @ts-ignore: decorator
@inline
export function jsRound(x: f64): f64 {
  const up = Math.ceil(x);
  return up - 0.5 > x ? up - 1.0 : up;
}

/** units.ts footprintRadius: models packed in a disc, a single model is its base. */
export function footprintRadius(models: i32, baseRadius: f64): f64 {
  if (models <= 1) return baseRadius;
  const cell = baseRadius + 0.25;
  return cell * Math.sqrt(<f64>models / 0.85);
}

/** geometry.ts lensArea: the area shared by two circles. */
export function lensArea(r1: f64, r2: f64, d: f64): f64 {
  if (d >= r1 + r2) return 0;
  if (d <= Math.abs(r1 - r2)) {
    const m = Math.min(r1, r2);
    return Math.PI * (m * m);
  }
  const a = r1 * r1 * Math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1));
  const b = r2 * r2 * Math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2));
  const c = 0.5 * Math.sqrt((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2));
  return a + b - c;
}

/** CORE-CONTEST (geometry.ts contestingModels): models of a unit within combat range of a marker, `d` the
 * distance between the footprint's centre and the marker (hypot(unit - marker)). */
export function contestingModels(d: f64, ur: f64, models: i32, baseRadius: f64): i32 {
  if (models <= 0) return 0;
  const reach = CONTEST_REACH + baseRadius;
  if (d > ur + CONTEST_REACH) return 0;
  if (models == 1) return 1;
  const centres = Math.max(0.01, ur - baseRadius);
  const share = lensArea(centres, reach, d) / (Math.PI * centres * centres);
  const n = <i32>jsRound(share * <f64>models);
  return max<i32>(1, min<i32>(models, n));
}

/** geometry.ts pointDistance: from a footprint's edge to a point. */
// @ts-ignore: decorator
@inline
export function pointDistance(x: f64, y: f64, r: f64, px: f64, py: f64): f64 {
  return Math.max(0, hypot(x - px, y - py) - r);
}

/** geometry.ts objectiveDistance: from a footprint's edge to the edge of an objective marker at (px, py). */
// @ts-ignore: decorator
@inline
export function markerDistance(x: f64, y: f64, r: f64, px: f64, py: f64): f64 {
  return Math.max(0, hypot(x - px, y - py) - r - OBJECTIVE_RADIUS);
}

/** battleplans/geometry.ts distanceToSegment. */
export function distanceToSegment(px: f64, py: f64, ax: f64, ay: f64, bx: f64, by: f64): f64 {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// The end point of clamps and moves (x, y), returned through globals: the kernel allocates nothing.
export let outX: f64 = 0;
export let outY: f64 = 0;

/** geometry.ts clampToBattlefield. */
// @ts-ignore: decorator
@inline
export function clampTo(x: f64, y: f64, radius: f64): void {
  outX = Math.min(WIDTH - radius, Math.max(radius, x));
  outY = Math.min(DEPTH - radius, Math.max(radius, y));
}

/** geometry.ts contactPoint: edge distance `gap` from the target on the line from `from`. */
export function contactPoint(fx: f64, fy: f64, fr: f64, tx: f64, ty: f64, tr: f64, gap: f64): void {
  const dx = fx - tx;
  const dy = fy - ty;
  let len = hypot(dx, dy);
  if (len == 0) len = 1;
  const r = fr + tr + gap;
  clampTo(tx + (dx / len) * r, ty + (dy / len) * r, fr);
}
