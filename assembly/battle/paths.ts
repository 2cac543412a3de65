// Footprints in the way and lines of sight: src/aos/battle/paths.ts (moves round what is in the way, the
// offered-move test, charge and pile-in spots with room) and visibility.ts canSee, operation for operation.
// The blocks of a move live in two static lists (x, y, R each), filled per move as paths.ts moveWorld fills
// its arrays: the other deployed units in id order, then the unstable parts in feature order.
import { hiddenFrom, passesRange, passesThrough } from "./common";
import { runBanned } from "./tail4";
import { CHARGE_END, COMBAT_RANGE, contactPoint, DEPTH, distanceToSegment, hypot, outX, outY, WIDTH } from "./math";
import { MAX_TERRAIN, MAX_UNITS, UF } from "./layout";
import { canStand, standableAlong } from "./terrain";
import { loreseekerBarriers, pageantHides, pileInBonus } from "./traits";
import { clock, clockEpoch, deployedMask, dist, enemiesInCombat, flag, nTerrain, owner, sightMask, terrain, terrainNoStand, terrainSight, ud, UD, ui, UI, unstableMask, ur, ux, uy } from "./state";

const RANGE_MARGIN: f64 = 1e-6;
const MIN_MOVE: f64 = 0.1;
const DETOUR_STEPS: i32 = 5;
const ROT_C: f64 = 0.9659258262890683;
const ROT_S: f64 = 0.25881904510252074;
const PILE_IN: f64 = 3;

// Each block: its centre x, y and R, then what every line of the move (all from the world's unit's position
// f) computes of it the same way: q = f - c (qx, qy), |q|^2 = qx qx + qy qy and |q|^2 - R^2 (firstContact's
// cc), kept once per world instead of once per line.
const BLOCK: i32 = 8;
const PATH = memory.data((MAX_UNITS + MAX_TERRAIN) * BLOCK * 8, 16);
const END = memory.data((MAX_UNITS + MAX_TERRAIN) * BLOCK * 8, 16);
let nPath: i32 = 0;
let nEnd: i32 = 0;
let worldR: f64 = 0;
let worldX: f64 = 0;
let worldY: f64 = 0;

// @ts-ignore: decorator
@inline function bf(base: usize, i: i32, f: i32): f64 { return load<f64>(base + (<usize>(i * BLOCK + f) << 3)); }
// @ts-ignore: decorator
@inline function bx(base: usize, i: i32): f64 { return bf(base, i, 0); }
// @ts-ignore: decorator
@inline function by(base: usize, i: i32): f64 { return bf(base, i, 1); }
// @ts-ignore: decorator
@inline function bR(base: usize, i: i32): f64 { return bf(base, i, 2); }

function push(toEnd: bool, x: f64, y: f64, R: f64): void {
  const base = toEnd ? END : PATH;
  const i = toEnd ? nEnd++ : nPath++;
  const at = base + (<usize>(i * BLOCK) << 3);
  store<f64>(at, x);
  store<f64>(at + 8, y);
  store<f64>(at + 16, R);
  const qx = worldX - x;
  const qy = worldY - y;
  const qq = qx * qx + qy * qy;
  store<f64>(at + 24, qx);
  store<f64>(at + 32, qy);
  store<f64>(at + 40, qq);
  store<f64>(at + 48, qq - R * R);
}

/** Whose world the lists hold, and the clock then (state.ts: any footprint's change advances it). */
let worldUnit: i32 = -1;
/** Whether they are a retreat's world (the only move of that kind the kernel makes: wedge.ts). */
let worldRetreat: bool = false;
let worldClock: i32 = -1;
let worldEpoch: i32 = -1;
let worldMask: u64 = 0;
/** Advanced whenever the lists are built again: what is computed from them is kept under it (rayMemo, nearestMemo). */
let worldGen: i32 = 0;

/** paths.ts moveWorld: the lists for unit `u`, a normal move or run's or (`retreat`) a retreat's, built again
 * unless nothing they are made of changed since they were (same unit, kind, clock, rollout and units on the
 * battlefield). */
function moveWorld(u: i32, retreat: bool): void {
  if (worldUnit == u && worldRetreat == retreat && worldClock == clock && worldEpoch == clockEpoch && worldMask == deployedMask) return;
  worldUnit = u;
  worldRetreat = retreat;
  worldClock = clock;
  worldEpoch = clockEpoch;
  worldMask = deployedMask;
  worldGen++;
  nPath = 0;
  nEnd = 0;
  const r = ur(u);
  worldR = r;
  worldX = ux(u);
  worldY = uy(u);
  const me = owner(u);
  const fly = flag(u, UF.FLY);
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const o = <i32>ctz<u64>(m);
    if (o == u) continue;
    // Longshanks (common.ts): it passes through the models of some units as FLY does, but not their combat ranges.
    if (owner(o) == me) push(fly || passesThrough(u, o), ux(o), uy(o), r + ur(o));
    else if (retreat) {
      if (!(fly || passesThrough(u, o))) push(false, ux(o), uy(o), r + ur(o));
      push(true, ux(o), uy(o), r + ur(o) + COMBAT_RANGE + RANGE_MARGIN);
    } else push(fly || passesRange(u, o), ux(o), uy(o), r + ur(o) + COMBAT_RANGE + RANGE_MARGIN); // tail4: Threshing Doom's combat ranges
  }
  for (let i = 0; i < nTerrain; i++) {
    const r0 = terrainNoStand(i);
    if (r0 > 0) push(true, terrain(i, 0), terrain(i, 1), r + r0);
  }
  // Indomitable Loreseekers (traits.ts): an enemy manifestation may not pass through or end in the range.
  for (let q = loreseekerBarriers(u); q != 0; q &= q - 1) {
    const k = <i32>ctz<u64>(q);
    push(false, ux(k), uy(k), r + ur(k) + COMBAT_RANGE + RANGE_MARGIN);
  }
}

/** paths.ts firstContact of a line from the world's unit's position along v with the block at `at` (its q and cc kept). */
// @ts-ignore: decorator
@inline function contactAt(at: usize, vx: f64, vy: f64): f64 {
  const b = 2 * (load<f64>(at + 24) * vx + load<f64>(at + 32) * vy);
  const cc = load<f64>(at + 48);
  if (cc <= 0) return b < 0 ? 0 : Infinity;
  const disc = b * b - 4 * cc;
  if (disc < 0) return Infinity;
  const s = (-b - Math.sqrt(disc)) / 2;
  return s >= 0 ? Math.max(0, s - 1e-6) : Infinity;
}

function edgeLimit(fx: f64, fy: f64, r: f64, vx: f64, vy: f64): f64 {
  let t: f64 = Infinity;
  if (vx > 0) t = Math.min(t, (WIDTH - r - fx) / vx);
  else if (vx < 0) t = Math.min(t, (r - fx) / vx);
  if (vy > 0) t = Math.min(t, (DEPTH - r - fy) / vy);
  else if (vy < 0) t = Math.min(t, (r - fy) / vy);
  return Math.max(0, t);
}

function lastFree(fx: f64, fy: f64, vx: f64, vy: f64, T: f64): f64 {
  let t = T;
  for (let pass = 0; pass <= nEnd; pass++) {
    const px = fx + vx * t;
    const py = fy + vy * t;
    let next = t;
    let hit = false;
    for (let i = 0; i < nEnd; i++) {
      const cx = bx(END, i);
      const cy = by(END, i);
      const R = bR(END, i);
      // Decided on the squared distance when it is clear of R by far more than rounding, else by hypot (as paths.ts).
      const ddx = px - cx;
      const ddy = py - cy;
      const d2 = ddx * ddx + ddy * ddy;
      if (d2 > R * R * (1 + 1e-9)) continue;
      if (!(d2 < R * R * (1 - 1e-9)) && !(hypot(ddx, ddy) < R)) continue;
      const b = 2 * (bf(END, i, 3) * vx + bf(END, i, 4) * vy);
      const cc = bf(END, i, 6);
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

function rayEnd(fx: f64, fy: f64, vx: f64, vy: f64, L: f64): f64 {
  let t = Math.min(L, edgeLimit(fx, fy, worldR, vx, vy));
  for (let j = 0; j < nCand; j++) {
    const at = PATH + (<usize>(load<i32>(CAND + (<usize>j << 2)) * BLOCK) << 3);
    // A block it could touch only beyond t (by 1" and more: far past any rounding) leaves t as it is, as
    // paths.ts's min would: skipped without solving.
    const reach = t + load<f64>(at + 16) + 1;
    if (load<f64>(at + 40) > reach * reach) continue;
    t = Math.min(t, contactAt(at, vx, vy));
  }
  if (t <= 0) return 0;
  const e = lastFree(fx, fy, vx, vy, t);
  return e < 0 ? 0 : e;
}

/** paths.ts nearestPossible: the largest R - |p - c| of the blocks round p the unit starts outside of, or 0. */
function nearestPossible(fx: f64, fy: f64, px: f64, py: f64): f64 {
  let best: f64 = 0;
  for (let i = 0; i < nPath + nEnd; i++) {
    const base = i < nPath ? PATH : END;
    const k = i < nPath ? i : i - nPath;
    const R = bR(base, k);
    const dx = px - bx(base, k);
    const dy = py - by(base, k);
    // off < R is false when the squared distance is clear of R^2 by more than rounding: skipped unmeasured.
    if (dx * dx + dy * dy > R * R * (1 + 1e-9)) continue;
    const off = hypot(dx, dy);
    if (off < R && R - off > best && hypot(fx - bx(base, k), fy - by(base, k)) >= R) best = R - off;
  }
  return best;
}

// A move's rays and nearestPossible are pure functions of the lists (the world), the start (the world's unit's
// position), the point moved toward and the distance: makesWay's probe and the move itself (moveDestination,
// the same distance when it is not rolled) ask for the same ones, each measured once per world. Ray 0 is the
// straight line, 2k - 1 + side the k-th line aside on either side.
const RAYS = memory.data(16 * 8, 16);
let raysKnown: i32 = 0;
let raysGen: i32 = -1;
let raysX: f64 = NaN;
let raysY: f64 = NaN;
let raysDistance: f64 = NaN;
/** The blocks a line of at most raysDistance can touch (the rest rayEnd would skip on every line: its t never
 * exceeds the distance), in list order. */
const CAND = memory.data((MAX_UNITS + MAX_TERRAIN) * 4, 16);
let nCand: i32 = 0;
let nearestGen: i32 = -1;
let nearestX: f64 = NaN;
let nearestY: f64 = NaN;
let nearestValue: f64 = 0;

function rayMemo(i: i32, fx: f64, fy: f64, vx: f64, vy: f64, L: f64): f64 {
  const at = RAYS + (<usize>i << 3);
  if ((raysKnown & (1 << i)) != 0) return load<f64>(at);
  const t = rayEnd(fx, fy, vx, vy, L);
  store<f64>(at, t);
  raysKnown |= 1 << i;
  return t;
}

function nearestMemo(fx: f64, fy: f64, px: f64, py: f64): f64 {
  if (nearestGen != worldGen || nearestX != px || nearestY != py) {
    nearestGen = worldGen;
    nearestX = px;
    nearestY = py;
    nearestValue = nearestPossible(fx, fy, px, py);
  }
  return nearestValue;
}

/** The point moved toward, clamped (geometry.ts clampToBattlefield), kept for makesWay. */
let aimX: f64 = 0;
let aimY: f64 = 0;

/** paths.ts moveEnd for unit `u` (its world built): the end in (outX, outY). */
function moveEndOf(u: i32, tx: f64, ty: f64, distance: f64, enough: f64): void {
  const r = worldR;
  const fx = ux(u);
  const fy = uy(u);
  const px = Math.min(WIDTH - r, Math.max(r, tx));
  const py = Math.min(DEPTH - r, Math.max(r, ty));
  aimX = px;
  aimY = py;
  const dx = px - fx;
  const dy = py - fy;
  const len = hypot(dx, dy);
  if (len < 1e-9 || distance <= 0) {
    outX = fx;
    outY = fy;
    return;
  }
  const vx = dx / len;
  const vy = dy / len;
  if (raysGen != worldGen || raysX != px || raysY != py || raysDistance != distance) {
    raysGen = worldGen;
    raysX = px;
    raysY = py;
    raysDistance = distance;
    raysKnown = 0;
    nCand = 0;
    for (let i = 0; i < nPath; i++) {
      const at = PATH + (<usize>(i * BLOCK) << 3);
      const reach = distance + load<f64>(at + 16) + 1;
      if (load<f64>(at + 40) > reach * reach) continue;
      store<i32>(CAND + (<usize>nCand << 2), i);
      nCand++;
    }
  }
  const l0 = Math.min(distance, len);
  const t0 = rayMemo(0, fx, fy, vx, vy, l0);
  let ex = fx + vx * t0;
  let ey = fy + vy * t0;
  if (t0 >= l0) {
    outX = ex;
    outY = ey;
    return;
  }
  const startD = len; // hypot(px - fx, py - fy): the same numbers
  let bestD = hypot(px - ex, py - ey);
  if (startD - bestD >= enough || bestD <= nearestMemo(fx, fy, px, py) + 1e-9) {
    outX = ex;
    outY = ey;
    return;
  }
  let ax = vx;
  let ay = vy;
  let cx = vx;
  let cy = vy;
  for (let k = 1; k <= DETOUR_STEPS; k++) {
    const nax = ax * ROT_C - ay * ROT_S;
    ay = ax * ROT_S + ay * ROT_C;
    ax = nax;
    const ncx = cx * ROT_C + cy * ROT_S;
    cy = cy * ROT_C - cx * ROT_S;
    cx = ncx;
    for (let side = 0; side < 2; side++) {
      const wx = side == 0 ? ax : cx;
      const wy = side == 0 ? ay : cy;
      const L = Math.min(distance, len * (wx * vx + wy * vy));
      // The ray ends at f + w t for some t in [0, L], and L is at most where the line passes nearest the point
      // (len (w . v)): the nearer t is to L the nearer the point, so no end of this ray is nearer than its end
      // at L. When even that is not nearer than bestD (by far more than any rounding), the ray cannot change
      // anything (rayEnd is pure): it is not measured, and the answer is the one measuring it would give.
      // (Squared: the margin of 1e-9 is far beyond the rounding of either form.)
      const lx = px - (fx + wx * L);
      const ly = py - (fy + wy * L);
      const lim = bestD + 1e-9;
      if (lx * lx + ly * ly > lim * lim) continue;
      const t = rayMemo(2 * k - 1 + side, fx, fy, wx, wy, L);
      const qx = fx + wx * t;
      const qy = fy + wy * t;
      const d = hypot(px - qx, py - qy);
      if (d < bestD) {
        bestD = d;
        ex = qx;
        ey = qy;
        if (startD - bestD >= enough) {
          outX = ex;
          outY = ey;
          return;
        }
      }
    }
  }
  outX = ex;
  outY = ey;
}

/** movement.ts destination: where a normal move or run of `u` toward (tx, ty) ends (outX, outY). */
export function moveDestination(u: i32, tx: f64, ty: f64, distance: f64): void {
  moveWorld(u, false);
  moveEndOf(u, tx, ty, distance, Infinity);
}

/** paths.ts moveEnd in the retreat's world (moveWorld(…, true)): where a move of `u` that may pass through enemies'
 * combat ranges but not end in one (Deathrider Wedge: wedge.ts) ends (outX, outY). */
export function retreatWorldDestination(u: i32, tx: f64, ty: f64, distance: f64): void {
  moveWorld(u, true);
  moveEndOf(u, tx, ty, distance, Infinity);
}

/** paths.ts leastDistance. */
function leastDistance(u: i32, run: bool): f64 {
  const move = ui(u, UI.MOVE_DC) > 0 ? Math.max(0, <f64>(ui(u, UI.MOVE_DC) + ui(u, UI.MOVE_DP))) : ud(u, UD.MOVE);
  return move + (run ? 1 : 0);
}

/** paths.ts makesWay, the world of `u` built (moveWorld). */
function makesWay(u: i32, tx: f64, ty: f64, run: bool): bool {
  const fx = ux(u);
  const fy = uy(u);
  const d = leastDistance(u, run);
  // No line can end nearer the point than nearestPossible (an enemy it goes for: it may not end in its combat
  // range), nor further from the start than d: if even that is not MIN_MOVE nearer (with room to spare for
  // rounding), the answer is no without measuring a line — the answer moveEndOf would give.
  const px = Math.min(WIDTH - worldR, Math.max(worldR, tx));
  const py = Math.min(DEPTH - worldR, Math.max(worldR, ty));
  const startD = hypot(px - fx, py - fy);
  if (Math.min(d, startD) < MIN_MOVE - 1e-6) return false;
  if (startD - nearestMemo(fx, fy, px, py) < MIN_MOVE - 1e-6) return false;
  moveEndOf(u, tx, ty, d, MIN_MOVE);
  // hypot(aimX - fx, aimY - fy) is startD (aimX, aimY are px, py).
  return startD - hypot(aimX - outX, aimY - outY) >= MIN_MOVE;
}

/**
 * Whether movement.ts movementChoices offers `u` a move toward (tx, ty) and which pace the policy then takes
 * (policy.ts movementOrder's pick): the wanted pace if offered, else the other; -1 neither, 0 move, 1 run.
 * A run is offered with the move, or alone when only it makes way.
 */
export function offeredPace(u: i32, tx: f64, ty: f64, run: bool): i32 {
  moveWorld(u, false);
  // tail4.ts: an enemy's "cannot use RUN abilities" (Terror of the Deep Woods): no run offered.
  const noRun = runBanned(u);
  if (makesWay(u, tx, ty, false)) return run && !noRun ? 1 : 0;
  return !noRun && makesWay(u, tx, ty, true) ? 1 : -1;
}

// ---- charges and pile-ins --------------------------------------------------------------------------------

/** paths.ts clearSpot: unit `u` may end a charge or pile-in at (px, py). */
export function clearSpot(u: i32, px: f64, py: f64): bool {
  const fx = ux(u);
  const fy = uy(u);
  const r = ur(u);
  const fly = flag(u, UF.FLY);
  const len = hypot(px - fx, py - fy);
  // Indomitable Loreseekers (traits.ts): an enemy manifestation neither ends in its combat range nor crosses it.
  for (let q = loreseekerBarriers(u); q != 0; q &= q - 1) {
    const k = <i32>ctz<u64>(q);
    const R = r + ur(k) + COMBAT_RANGE;
    if (hypot(px - ux(k), py - uy(k)) <= R + 1e-9 || distanceToSegment(ux(k), uy(k), fx, fy, px, py) <= R + 1e-9) return false;
  }
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const o = <i32>ctz<u64>(m);
    if (o == u) continue;
    const R = r + ur(o);
    const ox = ux(o);
    const oy = uy(o);
    const dx = px - ox;
    const dy = py - oy;
    const d2 = dx * dx + dy * dy;
    // Each test decided on squared distances when clear of the threshold by far more than rounding.
    if (!(d2 > R * R * (1 + 1e-9)) && (d2 < R * R * (1 - 1e-9) || hypot(dx, dy) < R)) return false;
    if (fly || passesThrough(u, o)) continue;
    // The line from (fx, fy) is no nearer the unit than its distance from the start less the line's length.
    const sx = fx - ox;
    const sy = fy - oy;
    const far = len + R + 1;
    if (sx * sx + sy * sy > far * far) continue;
    if (distanceToSegment(ox, oy, fx, fy, px, py) < R) return false;
  }
  return true;
}

/** paths.ts pileInEnd's `ok`: every enemy `u` is in combat with stays within 3", and the spot is clear. */
function pileOk(u: i32, px: f64, py: f64): bool {
  const r = ur(u);
  for (let m = enemiesInCombat(u); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    if (!(Math.max(0, hypot(px - ux(e), py - uy(e)) - r - ur(e)) <= COMBAT_RANGE + 1e-9)) return false;
  }
  return clearSpot(u, px, py);
}

/** paths.ts pileInEnd: the end of `u`'s pile-in toward `t` in (outX, outY), or false: no pile-in. */
export function pileInEnd(u: i32, t: i32): bool {
  const gap = dist(u, t);
  if (gap <= CHARGE_END) return false;
  const fx = ux(u);
  const fy = uy(u);
  const fr = ur(u);
  const tx = ux(t);
  const ty = uy(t);
  const tr = ur(t);
  const reach = PILE_IN + pileInBonus(u); // Unerring Hunters (traits.ts): 3" more
  const g = Math.max(CHARGE_END, gap - reach);
  contactPoint(fx, fy, fr, tx, ty, tr, g);
  standableAlong(fx, fy, outX, outY, fr);
  if ((outX != fx || outY != fy) && pileOk(u, outX, outY)) return true;
  const dx = fx - tx;
  const dy = fy - ty;
  let len = hypot(dx, dy);
  if (len == 0) len = 1;
  const rr = fr + tr + g;
  let ax = dx / len;
  let ay = dy / len;
  let cx = ax;
  let cy = ay;
  for (let k = 1; k <= 12; k++) {
    const nax = ax * ROT_C - ay * ROT_S;
    ay = ax * ROT_S + ay * ROT_C;
    ax = nax;
    const ncx = cx * ROT_C + cy * ROT_S;
    cy = cy * ROT_C - cx * ROT_S;
    cx = ncx;
    for (let side = 0; side < 2; side++) {
      const px = tx + (side == 0 ? ax : cx) * rr;
      const py = ty + (side == 0 ? ay : cy) * rr;
      if (!(px >= fr && px <= WIDTH - fr && py >= fr && py <= DEPTH - fr) || !(hypot(px - fx, py - fy) <= reach)) continue;
      if (canStand(px, py, fr) && pileOk(u, px, py)) {
        outX = px;
        outY = py;
        return true;
      }
    }
  }
  return false;
}

// ---- lines of sight (CORE-VISIBILITY) --------------------------------------------------------------------

const SIGHT = memory.data(MAX_TERRAIN * BLOCK * 8, 16);

/** visibility.ts visible between units `a` and `t` (a unit sees itself; Hidden Weapon Team: common.ts hiddenFrom). */
export function canSee(a: i32, t: i32): bool {
  if (a == t) return true;
  if (pageantHides(a, t)) return false; // A Splendid Pageant (traits.ts)
  return sightClear(a, t) && !hiddenFrom(a, t);
}

/** visibility.ts canSee between the footprints of units `a` and `t` (a != t). */
function sightClear(a: i32, t: i32): bool {
  if (sightMask == 0) return true;
  const ax = ux(a);
  const ay = uy(a);
  const ar = ur(a);
  const tx = ux(t);
  const ty = uy(t);
  const tr = ur(t);
  let n = 0;
  for (let m = sightMask; m != 0; m &= m - 1) {
    const i = ctz<i32>(m);
    const r0 = terrainSight(i);
    const fx = terrain(i, 0);
    const fy = terrain(i, 1);
    if (hypot(ax - fx, ay - fy) < ar + r0 || hypot(tx - fx, ty - fy) < tr + r0) continue;
    store<f64>(SIGHT + (<usize>(n * BLOCK) << 3), fx);
    store<f64>(SIGHT + (<usize>(n * BLOCK + 1) << 3), fy);
    store<f64>(SIGHT + (<usize>(n * BLOCK + 2) << 3), r0);
    n++;
  }
  if (n == 0) return true;
  const dx = tx - ax;
  const dy = ty - ay;
  const len = hypot(dx, dy);
  if (len < 1e-9) return true;
  const nx = -dy / len;
  const ny = dx / len;
  for (let k = 0; k < 5; k++) {
    const s: f64 = k == 0 ? 0 : k == 1 ? 0.5 : k == 2 ? -0.5 : k == 3 ? 1 : -1;
    const sx = ax + nx * s * ar;
    const sy = ay + ny * s * ar;
    const ex = tx + nx * s * tr;
    const ey = ty + ny * s * tr;
    let clear = true;
    for (let i = 0; i < n; i++) {
      if (distanceToSegment(bx(SIGHT, i), by(SIGHT, i), sx, sy, ex, ey) < bR(SIGHT, i)) {
        clear = false;
        break;
      }
    }
    if (clear) return true;
  }
  return false;
}
