// Where a model can go (src/mesbg/paths.ts: ME-MOVE, ME-CONTROL-ZONE, ME-CHARGE): straight legs or two legs
// around the first base in the way, charge zones, the farthest plain move along a direction, free spots,
// charge spots around one target or touching two, and the throwing point of a spear charge. The path
// rules (mover, targets, zones ignored, charge or not) are module state set by `setRules`.
import { atan2, cos, firstEntry, boardLimit, onBoard, sin, unit, ux, uy } from "./geom";
import {
  CONTACT, OVERLAP, ZONE, N, alive, allocI32, boardH, boardW, gapOf, geoEpoch, hasZone, hyp, lf, li, rad, sf, si, side, x, y,
} from "./state";
import { allocF64 } from "../arena";

const ZONE_R: f64 = ZONE - 0.005;

// ------------------------------------------------------------------------------------------ the rules

export let rMover: i32 = -1;
export let rR: f64 = 0;
let rT1: i32 = -1;
let rT2: i32 = -1;
let rCharge: bool = false;
/** Enemies whose zones are ignored: IGN[id] == ignGen. */
let IGN: usize = 0;
let ignGen: i32 = 1;
let LOCAL: usize = 0;
let nLocal: i32 = 0;
// the local bases, copied for the sweeps: x, y, radius, and what they are to the mover (LK_* bits)
let LX: usize = 0;
let LY: usize = 0;
let LR: usize = 0;
let LK: usize = 0;
let LPOS: usize = 0; // model id -> its index in LOCAL, valid when LPOSG[id] == ignGen
let LPOSG: usize = 0;
const LK_FRIEND: i32 = 1;
const LK_ZONE: i32 = 2; // an enemy with a control zone
const LK_IGNORED: i32 = 4; // ... whose zone the rules ignore

// zone entries of the path being swept (the Map of the TypeScript, in insertion order)
let ACC: usize = 0; // f64 per model: first entry distance
let ACCIN: usize = 0; // i32 per model: accGen when present
let ACCLIST: usize = 0; // ids in insertion order
let accN: i32 = 0;
let accGen: i32 = 1;

// charge spots
let SPX: usize = 0;
let SPY: usize = 0;
let SPC: usize = 0;
let NEAR: usize = 0;
let COSOFF: usize = 0; // cos(off·π/12) of the k-th spot

export function allocPaths(): void {
  IGN = allocI32(N);
  LOCAL = allocI32(N);
  LX = allocF64(N);
  LY = allocF64(N);
  LR = allocF64(N);
  LK = allocI32(N);
  LPOS = allocI32(N);
  LPOSG = allocI32(N);
  ACC = allocF64(N);
  ACCIN = allocI32(N);
  ACCLIST = allocI32(N);
  SPX = allocF64(32);
  SPY = allocF64(32);
  SPC = allocF64(32);
  NEAR = allocI32(N);
  COSOFF = allocF64(32);
  for (let k = 0; k <= 24; k++) {
    const off: f64 = (k % 2 == 1 ? 1.0 : -1.0) * Math.ceil(<f64>k / 2);
    sf(COSOFF, k, cos((off * Math.PI) / 12));
  }
  ignGen = 1;
  accGen = 1;
}

/**
 * A new rule set for paths of `mover` (radius r) no longer than `budget`: no targets, no zones ignored (add
 * them with ignore()/setTargets()). Every leg of such a path ends within `budget` of the mover, so a sweep
 * can only meet bases within budget + its reach of it: those are listed once here (LOCAL, ids ascending)
 * and the sweeps run over them alone — the bases they skip are the ones the TypeScript's bounding-box test
 * skips too.
 */
export function setRules(mover: i32, r: f64, charge: bool, budget: f64): void {
  rulesKey = 0;
  rMover = mover;
  rR = r;
  rCharge = charge;
  rT1 = -1;
  rT2 = -1;
  ignGen++;
  const mx = x(mover);
  const my = y(mover);
  const reach = budget + r + ZONE + 1.2 + 1e-6;
  nLocal = 0;
  const ms = side(mover);
  for (let b = 0; b < N; b++) {
    if (!alive(b) || b == mover) continue;
    const lim = reach + rad(b);
    if (Math.abs(x(b) - mx) > lim || Math.abs(y(b) - my) > lim) continue;
    si(LOCAL, nLocal, b);
    sf(LX, nLocal, x(b));
    sf(LY, nLocal, y(b));
    sf(LR, nLocal, rad(b));
    si(LK, nLocal, side(b) == ms ? LK_FRIEND : hasZone(b) ? LK_ZONE : 0);
    si(LPOS, b, nLocal);
    si(LPOSG, b, ignGen);
    nLocal++;
  }
}
/**
 * The rules last set, again — same mover, radius, kind, budget and zones ignored (`key` names that set, as
 * the caller defines it) while nothing has moved, been knocked down or died since: then only the targets
 * are cleared (the local bases and ignored zones stand). True when it could.
 */
export function reuseRules(mover: i32, charge: bool, budget: f64, key: i32): bool {
  if (rulesKey != key || key == 0 || rMover != mover || rCharge != charge || rBudget != budget || rEpoch != geoEpoch) return false;
  rT1 = -1;
  rT2 = -1;
  return true;
}

/** Remembers the rules just set (and their ignored zones) under `key` for reuseRules. */
export function keepRules(budget: f64, key: i32): void {
  rulesKey = key;
  rBudget = budget;
  rEpoch = geoEpoch;
}

let rulesKey: i32 = 0;
let rBudget: f64 = 0;
let rEpoch: i32 = 0;

export function ignore(id: i32): void {
  si(IGN, id, ignGen);
  if (li(LPOSG, id) == ignGen) {
    const q = li(LPOS, id);
    si(LK, q, li(LK, q) | LK_IGNORED);
  }
}
export function ignored(id: i32): bool {
  return li(IGN, id) == ignGen;
}
export function setTargets(t1: i32, t2: i32): void {
  rT1 = t1;
  rT2 = t2;
}
// @ts-ignore: decorator
@inline function isTarget(id: i32): bool {
  return id == rT1 || id == rT2;
}

function accReset(): void {
  accGen++;
  accN = 0;
}
function accGet(id: i32): f64 {
  return li(ACCIN, id) == accGen ? lf(ACC, id) : Infinity;
}
function accSet(id: i32, at: f64): void {
  if (li(ACCIN, id) != accGen) {
    si(ACCIN, id, accGen);
    si(ACCLIST, accN++, id);
    sf(ACC, id, at);
  } else if (at < lf(ACC, id)) sf(ACC, id, at);
}

// ------------------------------------------------------------------------------------------- sweeps

// the last sweep (paths.ts Sweep)
let sBlockedAt: f64 = Infinity;
let sBlocker: i32 = -1;
let sZoneBlockAt: f64 = Infinity;
let sZoneBlocker: i32 = -1;

function sweepLeg(x0: f64, y0: f64, x1: f64, y1: f64, offset: f64): void {
  const len = hyp(x1 - x0, y1 - y0);
  unit(x1 - x0, y1 - y0);
  const dx = ux;
  const dy = uy;
  sBlockedAt = Infinity;
  sBlocker = -1;
  sZoneBlockAt = Infinity;
  sZoneBlocker = -1;
  if (len < 1e-9) return;
  const me = rMover;
  const r = rR;
  const reach = r + ZONE + 1.2;
  const lox = Math.min(x0, x1) - reach;
  const hix = Math.max(x0, x1) + reach;
  const loy = Math.min(y0, y1) - reach;
  const hiy = Math.max(y0, y1) + reach;
  for (let q = 0; q < nLocal; q++) {
    const bx = lf(LX, q);
    const by = lf(LY, q);
    const br = lf(LR, q);
    if (bx + br < lox || bx - br > hix || by + br < loy || by - br > hiy) continue;
    const t = firstEntry(x0, y0, dx, dy, len, bx, by, r + br - OVERLAP);
    if (t < len - 1e-7 && t < sBlockedAt) {
      sBlockedAt = t;
      sBlocker = li(LOCAL, q);
    }
    // an enemy's zone, not ignored (paths.ts: not a friend, has a zone, not in ignoreZones)
    if (li(LK, q) != LK_ZONE) continue;
    const z = firstEntry(x0, y0, dx, dy, len, bx, by, r + br + ZONE_R);
    if (z == Infinity) continue;
    const b = li(LOCAL, q);
    accSet(b, offset + z);
    if (!rCharge && z < sZoneBlockAt) {
      sZoneBlockAt = z;
      sZoneBlocker = b;
    }
  }
}

function chargeZonesOk(total: f64): bool {
  let first = total;
  let z = rT1 >= 0 ? accGet(rT1) : Infinity;
  if (z < first) first = z;
  z = rT2 >= 0 ? accGet(rT2) : Infinity;
  if (z < first) first = z;
  for (let k = 0; k < accN; k++) {
    const id = li(ACCLIST, k);
    if (!isTarget(id) && lf(ACC, id) < first - 1e-6) return false;
  }
  return true;
}

/** tryPath: ok, with its length in tpLen; the sweep of its last leg in the s* globals. */
let tpLen: f64 = 0;

function tryStraight(tx: f64, ty: f64): bool {
  const m = rMover;
  accReset();
  sweepLeg(x(m), y(m), tx, ty, 0);
  tpLen = hyp(tx - x(m), ty - y(m));
  return sBlockedAt == Infinity && (rCharge ? chargeZonesOk(tpLen) : sZoneBlockAt == Infinity);
}

function tryVia(tx: f64, ty: f64, vx: f64, vy: f64): bool {
  const m = rMover;
  accReset();
  const l1 = hyp(vx - x(m), vy - y(m));
  sweepLeg(x(m), y(m), vx, vy, 0);
  if (sBlockedAt != Infinity || (!rCharge && sZoneBlockAt != Infinity)) {
    tpLen = 0;
    return false;
  }
  if (rCharge && (rT1 < 0 || accGet(rT1) == Infinity) && (rT2 < 0 || accGet(rT2) == Infinity)) {
    // No target's zone on the first leg: every target entry comes at l1 or later, so another zone entered
    // before l1 already makes the charge illegal (chargeZonesOk would say so after the second leg).
    for (let k = 0; k < accN; k++) {
      const id = li(ACCLIST, k);
      if (!isTarget(id) && lf(ACC, id) < l1 - 1e-6) {
        tpLen = 0;
        return false;
      }
    }
  }
  sweepLeg(vx, vy, tx, ty, l1);
  tpLen = l1 + hyp(tx - vx, ty - vy);
  return sBlockedAt == Infinity && (rCharge ? chargeZonesOk(tpLen) : sZoneBlockAt == Infinity);
}

/**
 * tryStraight for a charge when only "is it legal?" matters (chargeSpot's straight tries): the same sweep,
 * but it stops at the first base in the way or the first zone entered before a target's, instead of
 * sweeping on to find the nearest (which only a detour needs). Same answer as tryStraight; tpLen is set.
 */
function chargeStraightOk(tx: f64, ty: f64): bool {
  const m = rMover;
  const x0 = x(m);
  const y0 = y(m);
  const len = hyp(tx - x0, ty - y0);
  tpLen = len;
  if (len < 1e-9) return true;
  unit(tx - x0, ty - y0);
  const dx = ux;
  const dy = uy;
  const r = rR;
  const reach = r + ZONE + 1.2;
  const lox = Math.min(x0, tx) - reach;
  const hix = Math.max(x0, tx) + reach;
  const loy = Math.min(y0, ty) - reach;
  const hiy = Math.max(y0, ty) + reach;
  const ms = side(m);
  // the first zone entry of a target (the path length if none)
  let first = len;
  for (let q = 0; q < 2; q++) {
    const b = q == 0 ? rT1 : rT2;
    if (b < 0 || !alive(b) || b == m) continue;
    const bx = x(b);
    const by = y(b);
    const br = rad(b);
    if (bx + br < lox || bx - br > hix || by + br < loy || by - br > hiy) continue;
    if (side(b) == ms || ignored(b) || !hasZone(b)) continue;
    const z = firstEntry(x0, y0, dx, dy, len, bx, by, r + br + ZONE_R);
    if (z < first) first = z;
  }
  for (let q = 0; q < nLocal; q++) {
    const bx = lf(LX, q);
    const by = lf(LY, q);
    const br = lf(LR, q);
    if (bx + br < lox || bx - br > hix || by + br < loy || by - br > hiy) continue;
    if (firstEntry(x0, y0, dx, dy, len, bx, by, r + br - OVERLAP) < len - 1e-7) return false;
    if (li(LK, q) != LK_ZONE || isTarget(li(LOCAL, q))) continue;
    const z = firstEntry(x0, y0, dx, dy, len, bx, by, r + br + ZONE_R);
    if (z != Infinity && z < first - 1e-6) return false;
  }
  return true;
}

/**
 * The nearest base in the way of the straight leg to (tx, ty) (sweepLeg's blocker, without the zones):
 * for a charge whose straight path is already known to be illegal, all findPath still needs from it.
 */
function straightBlocker(tx: f64, ty: f64): i32 {
  const m = rMover;
  const x0 = x(m);
  const y0 = y(m);
  const len = hyp(tx - x0, ty - y0);
  if (len < 1e-9) return -1;
  unit(tx - x0, ty - y0);
  const dx = ux;
  const dy = uy;
  const r = rR;
  const reach = r + ZONE + 1.2;
  const lox = Math.min(x0, tx) - reach;
  const hix = Math.max(x0, tx) + reach;
  const loy = Math.min(y0, ty) - reach;
  const hiy = Math.max(y0, ty) + reach;
  let at = Infinity;
  let blocker = -1;
  for (let q = 0; q < nLocal; q++) {
    const bx = lf(LX, q);
    const by = lf(LY, q);
    const br = lf(LR, q);
    if (bx + br < lox || bx - br > hix || by + br < loy || by - br > hiy) continue;
    const t = firstEntry(x0, y0, dx, dy, len, bx, by, r + br - OVERLAP);
    if (t < len - 1e-7 && t < at) {
      at = t;
      blocker = li(LOCAL, q);
    }
  }
  return blocker;
}

/**
 * findPath for a charge (rules with charge set) to a spot whose straight path is known to be illegal
 * (chargeSpot's straight tries said so): the detour around the nearest base in the way, or around the
 * first other zone entered. The same answer as findPath.
 */
function chargeDetour(tx: f64, ty: f64, budget: f64): bool {
  const m = rMover;
  if (hyp(tx - x(m), ty - y(m)) > budget + 1e-9) return false;
  const ob = straightBlocker(tx, ty);
  // for a charge no zone blocks a leg (zoneBlockAt stays Infinity), so findPath detours around the base
  if (ob < 0) return aroundZones(tx, ty, budget);
  return viaAround(ob, rR + rad(ob) + 0.05, tx, ty, budget);
}

/** findPath's answer: its length and waypoint (fpVia false: straight). */
export let fpLen: f64 = 0;
export let fpVia: bool = false;
export let fpVx: f64 = 0;
export let fpVy: f64 = 0;

/** paths.ts findPath: true when a path was found (fp* globals). */
export function findPath(tx: f64, ty: f64, budget: f64): bool {
  const m = rMover;
  if (hyp(tx - x(m), ty - y(m)) > budget + 1e-9) return false;
  if (tryStraight(tx, ty)) {
    if (tpLen <= budget + 1e-9) {
      fpLen = tpLen;
      fpVia = false;
      return true;
    }
    return false;
  }
  let ob = sBlockedAt <= sZoneBlockAt ? sBlocker : sZoneBlocker;
  if (ob < 0) return aroundZones(tx, ty, budget);
  const R = rR + rad(ob) + (ob == sZoneBlocker && sZoneBlockAt < sBlockedAt ? ZONE + 0.05 : 0.05);
  return viaAround(ob, R, tx, ty, budget);
}

function viaAround(ob: i32, R: f64, tx: f64, ty: f64, budget: f64): bool {
  const m = rMover;
  const mx = x(m);
  const my = y(m);
  unit(tx - mx, ty - my);
  const dx = ux;
  const dy = uy;
  let found = false;
  let bestLen: f64 = 0;
  let bvx: f64 = 0;
  let bvy: f64 = 0;
  const obx = x(ob);
  const oby = y(ob);
  for (let e = 0; e < 2; e++) {
    const extra: f64 = e == 0 ? 0 : 0.7;
    for (let g = 0; g < 2; g++) {
      const sgn: f64 = g == 0 ? 1 : -1;
      const vx = obx - dy * sgn * (R + extra);
      const vy = oby + dx * sgn * (R + extra);
      if (!onBoard(vx, vy, rR, boardW, boardH)) continue;
      const est = hyp(vx - mx, vy - my) + hyp(tx - vx, ty - vy);
      if (est > budget + 1e-9 || (found && est >= bestLen)) continue;
      if (tryVia(tx, ty, vx, vy)) {
        found = true;
        bestLen = tpLen;
        bvx = vx;
        bvy = vy;
      }
    }
  }
  if (found) {
    fpLen = bestLen;
    fpVia = true;
    fpVx = bvx;
    fpVy = bvy;
  }
  return found;
}

function aroundZones(tx: f64, ty: f64, budget: f64): bool {
  const m = rMover;
  accReset();
  sweepLeg(x(m), y(m), tx, ty, 0);
  let first = -1;
  let at = Infinity;
  for (let k = 0; k < accN; k++) {
    const id = li(ACCLIST, k);
    const z = lf(ACC, id);
    if (isTarget(id) || z >= at) continue;
    at = z;
    first = id;
  }
  if (first < 0) return false;
  return viaAround(first, rR + rad(first) + ZONE + 0.05, tx, ty, budget);
}

/** paths.ts maxAlong: the farthest a plain move goes along unit (dx, dy), up to len. */
export function maxAlong(dx: f64, dy: f64, len: f64): f64 {
  const m = rMover;
  const mx = x(m);
  const my = y(m);
  const r = rR;
  let t = boardLimit(mx, my, dx, dy, len, r, boardW, boardH);
  const reach = r + ZONE + 1.2;
  const ex = mx + dx * t;
  const ey = my + dy * t;
  const lox = Math.min(mx, ex) - reach;
  const hix = Math.max(mx, ex) + reach;
  const loy = Math.min(my, ey) - reach;
  const hiy = Math.max(my, ey) + reach;
  for (let q = 0; q < nLocal; q++) {
    const bx = lf(LX, q);
    const by = lf(LY, q);
    const br = lf(LR, q);
    if (bx + br < lox || bx - br > hix || by + br < loy || by - br > hiy) continue;
    const k = li(LK, q);
    const same = (k & LK_FRIEND) != 0;
    const pad = same ? 0.002 : CONTACT + 0.005;
    t = Math.min(t, firstEntry(mx, my, dx, dy, t, bx, by, r + br + pad) - 0.002);
    if ((k & LK_ZONE) == 0) continue;
    if ((k & LK_IGNORED) != 0) {
      if (dx * (mx - bx) + dy * (my - by) < -1e-9) return 0;
      continue;
    }
    t = Math.min(t, firstEntry(mx, my, dx, dy, t, bx, by, r + br + ZONE + 0.01) - 0.002);
  }
  return Math.max(0, t);
}

/** Free of every base but `except` (and on the board). */
export function spotFree(px: f64, py: f64, r: f64, except: i32): bool {
  if (!onBoard(px, py, r, boardW, boardH)) return false;
  for (let b = 0; b < N; b++) {
    if (!alive(b) || b == except) continue;
    if (gapOf(px, py, r, x(b), y(b), rad(b)) < -OVERLAP) return false;
  }
  return true;
}

/** Touches an enemy of `s` other than a1/a2. */
export function touchesEnemy(s: i32, px: f64, py: f64, r: f64, a1: i32, a2: i32): bool {
  for (let b = 0; b < N; b++) {
    if (!alive(b) || side(b) == s || b == a1 || b == a2) continue;
    if (gapOf(px, py, r, x(b), y(b), rad(b)) <= CONTACT) return true;
  }
  return false;
}

/** Inside an enemy zone, other than the ignored ones (the `allowed` list of the TypeScript is the rules' ignore set). */
export function inEnemyZoneIgnoring(s: i32, px: f64, py: f64, r: f64): bool {
  for (let b = 0; b < N; b++) {
    if (!alive(b) || side(b) == s || ignored(b) || !hasZone(b)) continue;
    if (gapOf(px, py, r, x(b), y(b), rad(b)) < ZONE_R) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------- charges

/** The chosen charge spot: position, length, waypoint. */
export let csX: f64 = 0;
export let csY: f64 = 0;
export let csLen: f64 = 0;
export let csVia: bool = false;
export let csVx: f64 = 0;
export let csVy: f64 = 0;

/**
 * paths.ts chargeSpot (ME-CHARGE): the rules must be set (mover, radius, charge, ignored zones); sets the
 * target. True when a spot was found (cs* globals).
 */
export function chargeSpot(m: i32, t: i32, budget: f64): bool {
  const r = rad(m);
  const tr = rad(t);
  const R = r + tr;
  const tx = x(t);
  const ty = y(t);
  const mx = x(m);
  const my = y(m);
  if (hyp(tx - mx, ty - my) - R > budget + 1e-9) return false;
  const base = atan2(my - ty, mx - tx);
  setTargets(t, -1);
  let nNear = 0;
  for (let b = 0; b < N; b++) {
    if (!alive(b) || b == m || b == t) continue;
    const lim = R + r + rad(b) + 0.05;
    if (Math.abs(x(b) - tx) > lim + 1e-6 || Math.abs(y(b) - ty) > lim + 1e-6) continue;
    if (hyp(x(b) - tx, y(b) - ty) <= lim) si(NEAR, nNear++, b);
  }
  const ms = side(m);
  // the distance to a spot by the law of cosines, to pass over spots surely out of reach before working out
  // their exact position (a margin a million times the rounding)
  const D = hyp(mx - tx, my - ty);
  const far = budget + 1e-9 + 1e-6;
  let n = 0;
  for (let k = 0; k <= 24; k++) {
    const off: f64 = (k % 2 == 1 ? 1.0 : -1.0) * Math.ceil(<f64>k / 2);
    if (off == -12) continue;
    const c2 = D * D + R * R - 2 * D * R * lf(COSOFF, k);
    if (c2 > far * far) continue;
    const a = base + (off * Math.PI) / 12;
    const px = tx + R * cos(a);
    const py = ty + R * sin(a);
    const crow = hyp(px - mx, py - my);
    if (crow > budget + 1e-9 || !onBoard(px, py, r, boardW, boardH)) continue;
    let blocked = false;
    for (let q = 0; q < nNear; q++) {
      const b = li(NEAR, q);
      if (gapOf(px, py, r, x(b), y(b), rad(b)) < (side(b) == ms ? -OVERLAP : CONTACT + 1e-9)) {
        blocked = true;
        break;
      }
    }
    if (blocked) continue;
    // insertion keeps the sort stable (Array.prototype.sort is)
    let j = n;
    while (j > 0 && lf(SPC, j - 1) > crow) {
      sf(SPX, j, lf(SPX, j - 1));
      sf(SPY, j, lf(SPY, j - 1));
      sf(SPC, j, lf(SPC, j - 1));
      j--;
    }
    sf(SPX, j, px);
    sf(SPY, j, py);
    sf(SPC, j, crow);
    n++;
  }
  for (let k = 0; k < n; k++) {
    if (chargeStraightOk(lf(SPX, k), lf(SPY, k))) {
      csX = lf(SPX, k);
      csY = lf(SPY, k);
      csLen = tpLen;
      csVia = false;
      return true;
    }
  }
  let found = false;
  const lim = n < 8 ? n : 8;
  for (let k = 0; k < lim; k++) {
    if (found && lf(SPC, k) >= csLen) break;
    if (chargeDetour(lf(SPX, k), lf(SPY, k), budget) && (!found || fpLen < csLen)) {
      found = true;
      csX = lf(SPX, k);
      csY = lf(SPY, k);
      csLen = fpLen;
      csVia = fpVia;
      csVx = fpVx;
      csVy = fpVy;
    }
  }
  return found;
}

/** paths.ts chargeSpot2: a spot touching both t1 and t2 (cs* globals). */
export function chargeSpot2(m: i32, t1: i32, t2: i32, budget: f64): bool {
  const r = rad(m);
  const R1 = r + rad(t1);
  const R2 = r + rad(t2);
  const x1 = x(t1);
  const y1 = y(t1);
  const d = hyp(x(t2) - x1, y(t2) - y1);
  if (d > R1 + R2 || d < Math.abs(R1 - R2) || d < 1e-9) return false;
  const a = (R1 * R1 - R2 * R2 + d * d) / (2 * d);
  const hh = Math.sqrt(Math.max(0, R1 * R1 - a * a));
  const dx = (x(t2) - x1) / d;
  const dy = (y(t2) - y1) / d;
  setTargets(t1, t2);
  let found = false;
  for (let g = 0; g < 2; g++) {
    const s: f64 = g == 0 ? 1 : -1;
    const px = x1 + a * dx - s * hh * dy;
    const py = y1 + a * dy + s * hh * dx;
    if (!spotFree(px, py, r, m)) continue;
    if (touchesEnemy(side(m), px, py, r, t1, t2)) continue;
    if (findPath(px, py, budget) && (!found || fpLen < csLen)) {
      found = true;
      csX = px;
      csY = py;
      csLen = fpLen;
      csVia = fpVia;
      csVx = fpVx;
      csVy = fpVy;
    }
  }
  return found;
}

/** paths.ts throwPoint (ME-THROWING-SPEAR): tp* globals. */
export let tpX: f64 = 0;
export let tpY: f64 = 0;
export let tpL: f64 = 0;

export function throwPoint(m: i32, t: i32, spotX: f64, spotY: f64, via: bool, vx: f64, vy: f64): bool {
  const sx = via ? vx : x(m);
  const sy = via ? vy : y(m);
  const before = via ? hyp(vx - x(m), vy - y(m)) : 0;
  const R = rad(m) + rad(t) + ZONE;
  const legLen = hyp(spotX - sx, spotY - sy);
  if (hyp(sx - x(t), sy - y(t)) < R - 1e-9 || legLen < 1e-9) return false;
  unit(spotX - sx, spotY - sy);
  const dx = ux;
  const dy = uy;
  const tt = firstEntry(sx, sy, dx, dy, legLen + 1e-6, x(t), y(t), R + 1e-6);
  if (tt == Infinity) return false;
  tpX = sx + dx * tt;
  tpY = sy + dy * tt;
  tpL = before + tt;
  return true;
}
