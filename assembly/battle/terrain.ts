// Unstable terrain (CORE-UNSTABLE): no unit ends a move on the part of an Unstable feature more than 1" tall.
// Mirrors src/aos/battle/terrain.ts canEndOn, standableAlong and chargeEnd, operation for operation (the
// feature's no-stand radius is computed once when the battle is loaded: state.ts terrainNoStand).
import { CHARGE_END, contactPoint, DEPTH, hypot, outX, outY, WIDTH } from "./math";
import { nTerrain, terrain, terrainNoStand, unstableMask } from "./state";
import { clearSpot } from "./paths";
import { chargeBarred } from "./moves";

/** terrain.ts canEndOn: a footprint at (x, y) of radius r overlaps no unstable part over 1" tall. */
export function canStand(x: f64, y: f64, r: f64): bool {
  // Only the features with a no-stand part can say no (r0 > 0); each decided on the squared distance when it
  // is clear of r + r0 by far more than rounding (a relative 1e-9, as state.ts within), else by hypot.
  for (let m = unstableMask; m != 0; m &= m - 1) {
    const i = ctz<i32>(m);
    const r0 = terrainNoStand(i);
    const dx = x - terrain(i, 0);
    const dy = y - terrain(i, 1);
    const d2 = dx * dx + dy * dy;
    const reach = r + r0;
    const r2 = reach * reach;
    if (d2 > r2 * (1 + 1e-9)) continue;
    if (d2 < r2 * (1 - 1e-9) || hypot(x - terrain(i, 0), y - terrain(i, 1)) < reach) return false;
  }
  return true;
}

/** terrain.ts standableAlong: where a move from (fx, fy) meant to end at (ex, ey) ends (outX, outY). */
export function standableAlong(fx: f64, fy: f64, ex: f64, ey: f64, r: f64): void {
  if (canStand(ex, ey, r)) {
    outX = ex;
    outY = ey;
    return;
  }
  const dx = ex - fx;
  const dy = ey - fy;
  const a = dx * dx + dy * dy;
  outX = fx;
  outY = fy;
  if (a < 1e-12) return;
  let t: f64 = 1;
  for (let pass = 0; pass <= nTerrain; pass++) {
    const px = fx + dx * t;
    const py = fy + dy * t;
    let hit = false;
    for (let i = 0; i < nTerrain; i++) {
      const r0 = terrainNoStand(i);
      if (r0 <= 0) continue;
      const R = r + r0;
      const cx = terrain(i, 0);
      const cy = terrain(i, 1);
      if (!(hypot(px - cx, py - cy) < R)) continue;
      const qx = fx - cx;
      const qy = fy - cy;
      const b = 2 * (qx * dx + qy * dy);
      const cc = qx * qx + qy * qy - R * R;
      const s = (-b - Math.sqrt(Math.max(0, b * b - 4 * a * cc))) / (2 * a);
      t = Math.min(t, s - 1e-6);
      hit = true;
    }
    if (!hit) {
      outX = px;
      outY = py;
      return;
    }
    if (t <= 0) break;
  }
  outX = fx;
  outY = fy;
}

const ROT_C: f64 = 0.9659258262890683;
const ROT_S: f64 = 0.25881904510252074;

/** terrain.ts chargeEnd: where a charge of `roll` ends (outX, outY), or false if it fails. */
export function chargeEnd(u: i32, fx: f64, fy: f64, fr: f64, tx: f64, ty: f64, tr: f64, gap: f64, roll: f64, unmodified: i32): bool {
  if (roll < gap - CHARGE_END) return false;
  const g = Math.min(CHARGE_END, gap);
  contactPoint(fx, fy, fr, tx, ty, tr, g);
  // Thrashing Desperation (moves.ts chargeBarred) after clearSpot, as charge.ts's clear test reads them.
  if (canStand(outX, outY, fr) && clearSpot(u, outX, outY) && !chargeBarred(u, outX, outY, unmodified)) return true;
  const dx = fx - tx;
  const dy = fy - ty;
  let len = hypot(dx, dy);
  if (len == 0) len = 1;
  const r = fr + tr + g;
  let ax = dx / len;
  let ay = dy / len;
  let bx = ax;
  let by = ay;
  for (let k = 1; k <= 12; k++) {
    const nax = ax * ROT_C - ay * ROT_S;
    ay = ax * ROT_S + ay * ROT_C;
    ax = nax;
    const nbx = bx * ROT_C + by * ROT_S;
    by = by * ROT_C - bx * ROT_S;
    bx = nbx;
    if (spotReached(u, tx + ax * r, ty + ay * r, fx, fy, fr, roll, unmodified)) return true;
    if (spotReached(u, tx + bx * r, ty + by * r, fx, fy, fr, roll, unmodified)) return true;
  }
  return false;
}

/** One spot of chargeEnd's ring: on the battlefield, reached by the roll, not on unstable terrain, clear (paths.ts clearSpot). */
function spotReached(u: i32, px: f64, py: f64, fx: f64, fy: f64, fr: f64, roll: f64, unmodified: i32): bool {
  if (!(px >= fr && px <= WIDTH - fr && py >= fr && py <= DEPTH - fr)) return false;
  if (!(hypot(px - fx, py - fy) <= roll) || !canStand(px, py, fr) || !clearSpot(u, px, py) || chargeBarred(u, px, py, unmodified)) return false;
  outX = px;
  outY = py;
  return true;
}
