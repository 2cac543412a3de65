// Round bases on an open board (src/mesbg/board.ts): first entry of a moving point into a circle, the
// distance to a segment, the board edge, "in the way" of a shot, and rotations. The same expressions in the
// same order as the TypeScript, so every coordinate comes out bit for bit the same. Cosine, sine and atan2
// are the host's (Math.cos/sin/atan2 imported: the AssemblyScript library's differ from V8's in the last
// bit for about one argument in a hundred).
import { hyp } from "./state";

// @ts-ignore: decorator
@external("Math", "cos")
declare function jsCos(x: f64): f64;
// @ts-ignore: decorator
@external("Math", "sin")
declare function jsSin(x: f64): f64;
// @ts-ignore: decorator
@external("Math", "atan2")
declare function jsAtan2(y: f64, x: f64): f64;

export function cos(a: f64): f64 {
  return jsCos(a);
}
export function sin(a: f64): f64 {
  return jsSin(a);
}
export function atan2(yy: f64, xx: f64): f64 {
  return jsAtan2(yy, xx);
}

/** board.ts firstEntry. */
export function firstEntry(px: f64, py: f64, dx: f64, dy: f64, len: f64, cx: f64, cy: f64, R: f64): f64 {
  const wx = px - cx;
  const wy = py - cy;
  const c = wx * wx + wy * wy - R * R;
  if (c < -1e-9) return 0;
  const b = wx * dx + wy * dy;
  if (b >= 0) return Infinity;
  const disc = b * b - c;
  if (disc <= 1e-12) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t <= len ? Math.max(0, t) : Infinity;
}

export function segmentDistance(px: f64, py: f64, qx: f64, qy: f64, cx: f64, cy: f64): f64 {
  const dx = qx - px;
  const dy = qy - py;
  const l2 = dx * dx + dy * dy;
  let t = l2 == 0 ? 0 : ((cx - px) * dx + (cy - py) * dy) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return hyp(px + t * dx - cx, py + t * dy - cy);
}

export function boardLimit(px: f64, py: f64, dx: f64, dy: f64, len: f64, r: f64, w: f64, h: f64): f64 {
  let t = len;
  if (dx > 1e-12) t = Math.min(t, (w - r - px) / dx);
  else if (dx < -1e-12) t = Math.min(t, (r - px) / dx);
  if (dy > 1e-12) t = Math.min(t, (h - r - py) / dy);
  else if (dy < -1e-12) t = Math.min(t, (r - py) / dy);
  return Math.max(0, t);
}

export function onBoard(px: f64, py: f64, r: f64, w: f64, h: f64): bool {
  return px >= r - 1e-9 && py >= r - 1e-9 && px <= w - r + 1e-9 && py <= h - r + 1e-9;
}

function inTriangle(px: f64, py: f64, ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): bool {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}

/** board.ts inTheWay (ME-SHOOT). */
export function inTheWay(sx: f64, sy: f64, tx: f64, ty: f64, tr: f64, bx: f64, by: f64, br: f64): bool {
  const d = hyp(tx - sx, ty - sy);
  const limit = br - 0.02;
  if (d <= tr) return hyp(bx - tx, by - ty) < tr + limit;
  const dToDisc = hyp(bx - tx, by - ty) - tr;
  if (dToDisc < limit) return true;
  const ux = (tx - sx) / d;
  const uy = (ty - sy) / d;
  const sinA = tr / d;
  const cosA = Math.sqrt(1 - sinA * sinA);
  const l = d * cosA;
  const p1x = sx + l * (ux * cosA - uy * sinA);
  const p1y = sy + l * (uy * cosA + ux * sinA);
  const p2x = sx + l * (ux * cosA + uy * sinA);
  const p2y = sy + l * (uy * cosA - ux * sinA);
  if (inTriangle(bx, by, sx, sy, p1x, p1y, p2x, p2y)) return true;
  return segmentDistance(sx, sy, p1x, p1y, bx, by) < limit || segmentDistance(sx, sy, p2x, p2y, bx, by) < limit;
}

/** board.ts unit and rotate return pairs; here they leave the pair in (ux, uy). */
export let ux: f64 = 0;
export let uy: f64 = 0;

export function unit(dx: f64, dy: f64): void {
  const l = hyp(dx, dy);
  if (l < 1e-12) {
    ux = 1;
    uy = 0;
  } else {
    ux = dx / l;
    uy = dy / l;
  }
}

export function rotate(dx: f64, dy: f64, degrees: f64): void {
  const a = (degrees * Math.PI) / 180;
  const c = cos(a);
  const s = sin(a);
  ux = dx * c - dy * s;
  uy = dx * s + dy * c;
}
