// The Move phase (src/mesbg/move.ts, moveOptions.ts): the candidate moves and charges of one activation,
// in the TypeScript's order with its 0.3" de-duplication, spear charges, the Compel victim's charges, and
// applying a move. The activation loop itself (which option the policy takes, then the next) is at the end.
import { allocF64 } from "../arena";
import { terrorBars, courageTest } from "./courage";
import { rotate, unit, ux, uy } from "./geom";
import {
  MF_ACTIVATED, MF_CHARGED, MF_CHARGED_BY_CAVALRY, MF_COMPELLED, MF_MOVED_AT_ALL, MF_SHOT, MF_THROWN, MF_TRANSFIXED, PF_BOW, PF_CAVALRY,
  PF_INFANTRY, PF_PIKE, PF_SPEAR, PF_THROWING_SPEAR, TERROR_FAILED,
} from "./layout";
import { castPower } from "./magic";
import {
  chargeSpot, chargeSpot2, keepRules, reuseRules, csLen, csVia, csVx, csVy, csX, csY, findPath, fpLen, ignore, inEnemyZoneIgnoring, maxAlong, setRules, spotFree,
  throwPoint, touchesEnemy, tpL, tpX, tpY,
} from "./paths";
import {
  ACT_CAST, ACT_CHARGE, ACT_END, ACT_MOVE, ACT_STAND, ACT_TERROR, chooseActivation, decArg, decDice, decPower, decTarget, pickActivation,
} from "./policy";
import { clearShot, shoot } from "./shoot";
import {
  CONTACT, MCT, MNCT, N, alive, allocI32, engaged, gap, gapOf, has, hyp, lf, li, moved, mv, nMissiles, missileThrowing, other, over,
  pflag, priority, prone, rad, setFlag, setMoved, setPos, setProne, sf, si, side, terror, x, y, zonesOn,
} from "./state";

// --------------------------------------------------------------------------------------- candidates

export const TAG_TOWARD: i32 = 1;
export const TAG_VEER: i32 = 2;
export const TAG_HALF: i32 = 3;
export const TAG_AHEAD: i32 = 4;
export const TAG_AHEAD_HALF: i32 = 5;
export const TAG_FALL_BACK: i32 = 6;
export const TAG_CLOSE_UP: i32 = 7;
export const TAG_SUPPORT: i32 = 8;
export const TAG_ADD_PIKE: i32 = 9;
export const TAG_AWAY: i32 = 10;

// plain moves
export let nMv: i32 = 0;
export let MVX: usize = 0;
export let MVY: usize = 0;
export let MVL: usize = 0;
export let MVT: usize = 0;

// charges: singles (nearest first), pairs, then spear charges
export let nCh: i32 = 0;
export let CHX: usize = 0;
export let CHY: usize = 0;
export let CHL: usize = 0;
export let CHVIA: usize = 0;
export let CHVX: usize = 0;
export let CHVY: usize = 0;
export let CHT1: usize = 0;
export let CHT2: usize = 0;
export let CHSPEAR: usize = 0;
export let CHTX: usize = 0;
export let CHTY: usize = 0;
export let CHTL: usize = 0;

const MAX_CHARGE_TARGETS: i32 = 8;
const CH_CAP: i32 = 32;
const MV_CAP: i32 = 32;

// scratch
let FR: usize = 0; // friends by gap
let FRG: usize = 0;
let FOE: usize = 0; // charge candidates
let FOEG: usize = 0;
// the activation's zone list
let ZL: usize = 0;
let nZ: i32 = 0;

export function allocMove(): void {
  MVX = allocF64(MV_CAP);
  MVY = allocF64(MV_CAP);
  MVL = allocF64(MV_CAP);
  MVT = allocI32(MV_CAP);
  CHX = allocF64(CH_CAP);
  CHY = allocF64(CH_CAP);
  CHL = allocF64(CH_CAP);
  CHVIA = allocI32(CH_CAP);
  CHVX = allocF64(CH_CAP);
  CHVY = allocF64(CH_CAP);
  CHT1 = allocI32(CH_CAP);
  CHT2 = allocI32(CH_CAP);
  CHSPEAR = allocI32(CH_CAP);
  CHTX = allocF64(CH_CAP);
  CHTY = allocF64(CH_CAP);
  CHTL = allocF64(CH_CAP);
  allocCharges();
  FR = allocI32(N);
  FRG = allocF64(N);
  FOE = allocI32(N);
  FOEG = allocF64(N);
  ZL = allocI32(N);
}

/** moveOptions.ts nearestEnemy: the first enemy at the smallest gap, or -1. */
export function nearestEnemy(m: i32): i32 {
  let best = -1;
  let bg = Infinity;
  const s = side(m);
  const mx = x(m);
  const my = y(m);
  const mr = rad(m);
  for (let e = 0; e < N; e++) {
    if (!alive(e) || side(e) == s) continue;
    // cannot be strictly nearer (a lower bound on its gap, with a margin far above rounding)
    if (Math.max(Math.abs(x(e) - mx), Math.abs(y(e) - my)) - mr - rad(e) - 1e-6 > bg) continue;
    const g = gap(m, e);
    if (g < bg) {
      bg = g;
      best = e;
    }
  }
  return best;
}

export function clearMoves(): void {
  nMv = 0;
}

function addMove(px: f64, py: f64, len: f64, tag: i32): void {
  if (len < 0.25) return;
  for (let k = 0; k < nMv; k++) if (hyp(lf(MVX, k) - px, lf(MVY, k) - py) < 0.3) return;
  if (nMv >= MV_CAP) unreachable();
  sf(MVX, nMv, px);
  sf(MVY, nMv, py);
  sf(MVL, nMv, len);
  si(MVT, nMv, tag);
  nMv++;
}

let lineM: i32 = -1;
function line(dx: f64, dy: f64, len: f64, tag: i32): void {
  const l = maxAlong(dx, dy, len);
  addMove(x(lineM) + dx * l, y(lineM) + dy * l, l, tag);
}

let spotBudget: f64 = 0;
function spot(m: i32, px: f64, py: f64, tag: i32): void {
  const r = rad(m);
  if (!spotFree(px, py, r, m) || touchesEnemy(side(m), px, py, r, -1, -1) || inEnemyZoneIgnoring(side(m), px, py, r)) return;
  if (findPath(px, py, spotBudget)) addMove(px, py, fpLen, tag);
}

/** Alive enemies in base contact with f: the first (by id), or -1. */
function firstContact(f: i32): i32 {
  const s = side(f);
  const fx = x(f);
  const fy = y(f);
  const fr = rad(f);
  for (let e = 0; e < N; e++) if (alive(e) && side(e) != s && gapOf(fx, fy, fr, x(e), y(e), rad(e)) <= CONTACT) return e;
  return -1;
}

/**
 * moveOptions.ts planMoves: plain moves within `budget`; zone = the enemies whose zones it started in.
 * `full` false stops after the moves toward the enemy and straight ahead (the first eight): the policy reads
 * nothing after them unless it looks for a spear or pike support, and a later candidate never removes an
 * earlier one, so the list up to there is the TypeScript's.
 */
export function planMoves(m: i32, budget: f64, zl: usize, nz: i32, full: bool): void {
  nMv = 0;
  const r = rad(m);
  setRules(m, r, false, budget);
  for (let k = 0; k < nz; k++) ignore(li(zl, k));
  lineM = m;
  spotBudget = budget;
  const e = nearestEnemy(m);
  if (e < 0 || budget < 0.25) return;
  const mx = x(m);
  const my = y(m);
  unit(x(e) - mx, y(e) - my);
  const ex = ux;
  const ey = uy;
  if (nz > 0) {
    let cx: f64 = 0;
    let cy: f64 = 0;
    for (let k = 0; k < nz; k++) {
      const z = li(zl, k);
      cx += x(z) / <f64>nz;
      cy += y(z) / <f64>nz;
    }
    unit(mx - cx, my - cy);
    const ax = ux;
    const ay = uy;
    for (let k = 0; k < 5; k++) {
      const deg: f64 = k == 0 ? 0 : k == 1 ? 45 : k == 2 ? -45 : k == 3 ? 90 : -90;
      rotate(ax, ay, deg);
      line(ux, uy, budget, TAG_AWAY);
    }
    return;
  }
  for (let k = 0; k < 5; k++) {
    const deg: f64 = k == 0 ? 0 : k == 1 ? 30 : k == 2 ? -30 : k == 3 ? 60 : -60;
    rotate(ex, ey, deg);
    line(ux, uy, budget, k == 0 ? TAG_TOWARD : TAG_VEER);
  }
  line(ex, ey, budget / 2, TAG_HALF);
  const fy: f64 = y(e) >= my ? 1 : -1;
  line(0, fy, budget, TAG_AHEAD);
  line(0, fy, budget / 2, TAG_AHEAD_HALF);
  if (!full) return;
  line(0, -fy, budget, TAG_FALL_BACK);
  // friends within reach, nearest first (a stable sort, as Array.prototype.sort)
  let nf = 0;
  const s = side(m);
  for (let f = 0; f < N; f++) {
    if (!alive(f) || side(f) != s || f == m || prone(f)) continue;
    const g = gap(m, f);
    if (!(g <= budget)) continue;
    let j = nf;
    while (j > 0 && lf(FRG, j - 1) > g) {
      si(FR, j, li(FR, j - 1));
      sf(FRG, j, lf(FRG, j - 1));
      j--;
    }
    si(FR, j, f);
    sf(FRG, j, g);
    nf++;
  }
  let mate = -1;
  for (let k = 0; k < nf; k++) {
    if (!engaged(li(FR, k))) {
      mate = li(FR, k);
      break;
    }
  }
  if (mate >= 0) {
    const R = rad(mate) + r + 0.003;
    spot(m, x(mate) - ey * R, y(mate) + ex * R, TAG_CLOSE_UP);
    spot(m, x(mate) + ey * R, y(mate) - ex * R, TAG_CLOSE_UP);
  }
  if ((pflag(m, PF_SPEAR) || pflag(m, PF_PIKE)) && pflag(m, PF_INFANTRY)) {
    let n = 0;
    for (let k = 0; k < nf; k++) {
      if (n >= 3) break;
      const f = li(FR, k);
      if (!pflag(f, PF_INFANTRY) || rad(f) > r + 1e-9) continue;
      const foe = firstContact(f);
      if (foe < 0) continue;
      unit(x(f) - x(foe), y(f) - y(foe));
      const vx = ux;
      const vy = uy;
      const before = nMv;
      for (let q = 0; q < 5; q++) {
        const deg: f64 = q == 0 ? 0 : q == 1 ? 35 : q == 2 ? -35 : q == 3 ? 70 : -70;
        rotate(vx, vy, deg);
        const dx = ux;
        const dy = uy;
        const R = rad(f) + r + 0.003;
        spot(m, x(f) + dx * R, y(f) + dy * R, TAG_SUPPORT);
        if (nMv > before) break;
      }
      n++;
    }
    if (pflag(m, PF_PIKE)) {
      for (let k = 0; k < nf; k++) {
        const p1 = li(FR, k);
        if (!pflag(p1, PF_PIKE) || engaged(p1)) continue;
        let held = -1;
        for (let f = 0; f < N; f++) {
          if (!alive(f) || side(f) != s || f == p1) continue;
          if (engaged(f) && gap(p1, f) <= 0.01) {
            held = f;
            break;
          }
        }
        if (held < 0) continue;
        unit(x(p1) - x(held), y(p1) - y(held));
        const vx = ux;
        const vy = uy;
        const R = rad(p1) + r + 0.003;
        spot(m, x(p1) + vx * R, y(p1) + vy * R, TAG_ADD_PIKE);
        break;
      }
    }
  }
}

function addCharge(px: f64, py: f64, len: f64, via: bool, vx: f64, vy: f64, t1: i32, t2: i32, spear: bool): void {
  if (nCh >= CH_CAP) unreachable();
  sf(CHX, nCh, px);
  sf(CHY, nCh, py);
  sf(CHL, nCh, len);
  si(CHVIA, nCh, via ? 1 : 0);
  sf(CHVX, nCh, vx);
  sf(CHVY, nCh, vy);
  si(CHT1, nCh, t1);
  si(CHT2, nCh, t2);
  si(CHSPEAR, nCh, spear ? 1 : 0);
  nCh++;
}

// The charge candidates of one activation (moveOptions.ts planCharges' foe list), and their spots worked
// out only when asked: the policy wants the best-scoring charge that can be made, so it asks in score order
// and stops at the first one that exists — the same answer as listing every charge first.
let chM: i32 = -1;
let chBudget: f64 = 0;
let chAllEnemies: bool = false;
export let nFoe: i32 = 0;
let SGS: usize = 0; // single charge status per foe: 0 unknown, 1 can, 2 cannot
let SGX: usize = 0;
let SGY: usize = 0;
let SGL: usize = 0;
let SGVIA: usize = 0;
let SGVX: usize = 0;
let SGVY: usize = 0;
let SPS: usize = 0; // spear charge status per foe
let STX: usize = 0;
let STY: usize = 0;
let STL: usize = 0;
let PRS: usize = 0; // pair status, 8 x 8
let PRX: usize = 0;
let PRY: usize = 0;
let PRL: usize = 0;
let pcI: i32 = 0;
let pcJ: i32 = 1;
let pcCount: i32 = 0;

export function allocCharges(): void {
  SGS = allocI32(8);
  SGX = allocF64(8);
  SGY = allocF64(8);
  SGL = allocF64(8);
  SGVIA = allocI32(8);
  SGVX = allocF64(8);
  SGVY = allocF64(8);
  SPS = allocI32(8);
  STX = allocF64(8);
  STY = allocF64(8);
  STL = allocF64(8);
  PRS = allocI32(64);
  PRX = allocF64(64);
  PRY = allocF64(64);
  PRL = allocF64(64);
}

function applyChargeRules(): void {
  const key = chAllEnemies ? 1 : 2;
  if (reuseRules(chM, true, chBudget, key)) return;
  setRules(chM, rad(chM), true, chBudget);
  if (chAllEnemies) {
    const s = side(chM);
    for (let e = 0; e < N; e++) if (alive(e) && side(e) != s) ignore(e);
  }
  keepRules(chBudget, key);
}

/**
 * moveOptions.ts planCharges' candidates: every enemy in reach (not a Terror-causer it may not charge; only
 * those whose zones it started in, if any), nearest first (then by id), at most 8. Returns how many.
 */
export function chargeFoes(m: i32, budget: f64, zl: usize, nz: i32, fearless: bool): i32 {
  chM = m;
  chBudget = budget;
  chAllEnemies = nz > 0;
  const s = side(m);
  let nf = 0;
  for (let e = 0; e < N; e++) {
    if (!alive(e) || side(e) == s) continue;
    const g = gap(m, e);
    if (!(g <= budget + 1e-9)) continue;
    if (nz > 0) {
      let inz = false;
      for (let k = 0; k < nz; k++) if (li(zl, k) == e) inz = true;
      if (!inz) continue;
    }
    if (!fearless && terrorBars(m, e)) continue;
    let j = nf;
    while (j > 0 && lf(FOEG, j - 1) > g) {
      si(FOE, j, li(FOE, j - 1));
      sf(FOEG, j, lf(FOEG, j - 1));
      j--;
    }
    si(FOE, j, e);
    sf(FOEG, j, g);
    nf++;
  }
  if (nf > MAX_CHARGE_TARGETS) nf = MAX_CHARGE_TARGETS;
  nFoe = nf;
  for (let k = 0; k < 8; k++) {
    si(SGS, k, 0);
    si(SPS, k, 0);
  }
  for (let k = 0; k < 64; k++) si(PRS, k, 0);
  pcI = 0;
  pcJ = 1;
  pcCount = 0;
  return nf;
}

export function foeAt(i: i32): i32 {
  return li(FOE, i);
}

/** Can it charge foe i alone (chargeSpot)? */
export function singleOk(i: i32): bool {
  const st = li(SGS, i);
  if (st != 0) return st == 1;
  applyChargeRules();
  const ok = chargeSpot(chM, li(FOE, i), chBudget);
  si(SGS, i, ok ? 1 : 2);
  if (ok) {
    sf(SGX, i, csX);
    sf(SGY, i, csY);
    sf(SGL, i, csLen);
    si(SGVIA, i, csVia ? 1 : 0);
    sf(SGVX, i, csVx);
    sf(SGVY, i, csVy);
  }
  return ok;
}

/** Can it hurl a throwing spear on the way in to foe i (planSpearCharges; the caller checks the spear)? */
export function spearOk(i: i32): bool {
  const st = li(SPS, i);
  if (st != 0) return st == 1;
  let ok = singleOk(i);
  if (ok) {
    const t = li(FOE, i);
    ok = throwPoint(chM, t, lf(SGX, i), lf(SGY, i), li(SGVIA, i) != 0, lf(SGVX, i), lf(SGVY, i)) && clearShot(tpX, tpY, chM, t);
    if (ok) {
      sf(STX, i, tpX);
      sf(STY, i, tpY);
      sf(STL, i, tpL);
    }
  }
  si(SPS, i, ok ? 1 : 2);
  return ok;
}

/** Is the pair (i, j) among planCharges' pair charges (the first 4 that can be made, in loop order)? */
export function pairOk(i: i32, j: i32): bool {
  while (li(PRS, i * 8 + j) == 0) {
    if (pcI >= nFoe - 1 || pcCount >= 4) {
      si(PRS, i * 8 + j, 2);
      break;
    }
    const a = li(FOE, pcI);
    const b = li(FOE, pcJ);
    let ok = false;
    if (!(gapOf(x(a), y(a), rad(a), x(b), y(b), rad(b)) > 2 * rad(chM))) {
      applyChargeRules();
      ok = chargeSpot2(chM, a, b, chBudget);
    }
    si(PRS, pcI * 8 + pcJ, ok ? 1 : 2);
    if (ok) {
      sf(PRX, pcI * 8 + pcJ, csX);
      sf(PRY, pcI * 8 + pcJ, csY);
      sf(PRL, pcI * 8 + pcJ, csLen);
      pcCount++;
    }
    pcJ++;
    if (pcJ >= nFoe) {
      pcI++;
      pcJ = pcI + 1;
    }
  }
  return li(PRS, i * 8 + j) == 1;
}

/** Makes the chosen charge entry 0 of the charge list (kind: 1 a single, 2 a pair, 3 a spear charge). */
export function commitCharge(kind: i32, i: i32, j: i32): void {
  nCh = 0;
  if (kind == 2) {
    commitPairAppend(i, j);
    return;
  }
  addCharge(lf(SGX, i), lf(SGY, i), lf(SGL, i), li(SGVIA, i) != 0, lf(SGVX, i), lf(SGVY, i), li(FOE, i), -1, kind == 3);
  if (kind == 3) {
    sf(CHTX, 0, lf(STX, i));
    sf(CHTY, 0, lf(STY, i));
    sf(CHTL, 0, lf(STL, i));
  }
}

/**
 * moveOptions.ts planCharges, listing every charge (singles nearest first, then up to 4 pairs): for Compel,
 * whose choice reads the list in order.
 */
export function planCharges(m: i32, budget: f64, zl: usize, nz: i32, fearless: bool): void {
  nCh = 0;
  const nf = chargeFoes(m, budget, zl, nz, fearless);
  for (let k = 0; k < nf; k++) if (singleOk(k)) commitSingleAppend(k);
  for (let i = 0; i < nf; i++) for (let j = i + 1; j < nf; j++) if (pairOk(i, j)) commitPairAppend(i, j);
}

function commitSingleAppend(i: i32): void {
  addCharge(lf(SGX, i), lf(SGY, i), lf(SGL, i), li(SGVIA, i) != 0, lf(SGVX, i), lf(SGVY, i), li(FOE, i), -1, false);
}

function commitPairAppend(i: i32, j: i32): void {
  const a = li(FOE, i);
  const b = li(FOE, j);
  // a pair charge keeps no waypoint (moveOptions.ts passes none for it)
  addCharge(lf(PRX, i * 8 + j), lf(PRY, i * 8 + j), lf(PRL, i * 8 + j), false, 0, 0, a < b ? a : b, a < b ? b : a, false);
}

/** moveOptions.ts doMove: puts a model where a move or charge ends. */
export function doMove(m: i32, px: f64, py: f64, len: f64, charge: bool, t1: i32, t2: i32): void {
  setPos(m, px, py);
  setMoved(m, moved(m) + len);
  if (len > 0) setFlag(m, MF_MOVED_AT_ALL, true);
  if (charge) {
    setFlag(m, MF_CHARGED, true);
    si(MNCT, m, t2 >= 0 ? 2 : 1);
    si(MCT, m * 8, t1);
    if (t2 >= 0) si(MCT, m * 8 + 1, t2);
    if (pflag(m, PF_CAVALRY)) {
      setFlag(t1, MF_CHARGED_BY_CAVALRY, true);
      if (t2 >= 0) setFlag(t2, MF_CHARGED_BY_CAVALRY, true);
    }
  }
}

/** move.ts canActivate. */
export function canActivate(m: i32): bool {
  return alive(m) && !has(m, MF_ACTIVATED) && !has(m, MF_TRANSFIXED) && !has(m, MF_COMPELLED) && !engaged(m);
}

// ------------------------------------------------------------------------------------- activation

export const STAGE_START: i32 = 0;
export const STAGE_MENU: i32 = 1;
export const STAGE_MOVED: i32 = 2;

/** The activation in progress (move.ts activation frame). */
export let aModel: i32 = -1;
export let aStage: i32 = 0;
export let aBudget: f64 = 0;

export function zoneList(): usize {
  return ZL;
}
export function zoneCount(): i32 {
  return nZ;
}

/** ME-MOVE: one model's activation, the policy choosing each step, as move.ts activationHandler. */
export function activate(m: i32): void {
  aModel = m;
  aStage = STAGE_START;
  aBudget = <f64>mv(m);
  nZ = zonesOn(m, ZL);
  const mvf = <f64>mv(m);
  for (let guard = 0; guard < 1000; guard++) {
    if (over) return;
    if (!alive(m)) return;
    if (terror(m) == TERROR_FAILED) aBudget = 0;
    if (aStage != STAGE_START && engaged(m)) aStage = STAGE_MOVED;
    const act = chooseActivation(m);
    const wasStart = aStage == STAGE_START;
    if (wasStart) aStage = STAGE_MENU;
    if (act == ACT_END) {
      setFlag(m, MF_ACTIVATED, true);
      return;
    }
    if (act == ACT_TERROR) {
      courageTest(m);
      continue;
    }
    if (act == ACT_CAST) {
      castPower(m, decPower, decTarget, decDice);
      continue;
    }
    if (act == ACT_STAND) {
      setProne(m, false);
      aBudget -= mvf / 2;
      setMoved(m, moved(m) + mvf / 2);
      setFlag(m, MF_MOVED_AT_ALL, true);
      continue;
    }
    if (act == ACT_MOVE) {
      const k = decArg;
      doMove(m, lf(MVX, k), lf(MVY, k), lf(MVL, k), false, -1, -1);
      aBudget = 0;
      aStage = STAGE_MOVED;
      continue;
    }
    if (act == ACT_CHARGE) {
      const k = decArg;
      if (li(CHSPEAR, k) != 0) spearCharge(m, k);
      else {
        doMove(m, lf(CHX, k), lf(CHY, k), lf(CHL, k), true, li(CHT1, k), li(CHT2, k));
        aBudget = 0;
        aStage = STAGE_MOVED;
      }
      continue;
    }
    unreachable();
  }
  unreachable();
}

/** move.ts spearChargeHandler: stop 1" short, throw, then complete the charge or move on. */
function spearCharge(m: i32, k: i32): void {
  const t = li(CHT1, k);
  const cx = lf(CHX, k);
  const cy = lf(CHY, k);
  const len = lf(CHL, k);
  const throwLen = lf(CHTL, k);
  setPos(m, lf(CHTX, k), lf(CHTY, k));
  setMoved(m, moved(m) + throwLen);
  setFlag(m, MF_MOVED_AT_ALL, true);
  setFlag(m, MF_THROWN, true);
  let w = 0;
  for (let q = 0; q < nMissiles(m); q++) {
    if (missileThrowing(m, q)) {
      w = q;
      break;
    }
  }
  shoot(m, t, w, false);
  if (over) return;
  if (alive(t)) {
    doMove(m, cx, cy, len - throwLen, true, t, -1);
    aBudget = 0;
    aStage = STAGE_MOVED;
  } else {
    aBudget = Math.max(0, aBudget - throwLen);
    nZ = zonesOn(m, ZL);
  }
}

/** The Move phase: the priority player activates its models one at a time, then the other player. */
export function movePhase(fromStep: i32): void {
  for (let step = fromStep; step < 2; step++) {
    const p = step == 0 ? priority : other(priority);
    for (;;) {
      if (over) return;
      const m = pickActivation(p);
      if (m < 0) break;
      activate(m);
    }
  }
}
