// The scripted player of src/mesbg/policy.ts, decision for decision: activation order, the activation's
// choice (Terror test, a power, stand up, support, the best charge, hold for a bow shot, advance), shooting
// for the best expected damage, stances, strikers and victims, Might, Will and Fate. Where the TypeScript
// picks the first of several equal options in action order, so does this.
import { canCast } from "./magic";
import { terrorTestOffered } from "./courage";
import { woundCode, woundProbability } from "./heroics";
import {
  MF_AURA, MF_MOVED_AT_ALL, MF_SHOT, MF_THROWN, PF_THROWING_SPEAR, MF_TRANSFIXED, PF_BOW, PF_CAVALRY, PF_HERO, PF_INFANTRY, PF_MONSTER, PF_PIKE, PF_SPEAR,
  PF_WILL_OF_EVIL, POW_BLACK_DART, POW_COMPEL, POW_SORCEROUS_BLAST, POW_TERRIFYING_AURA, POW_TRANSFIX, TERROR_FAILED,
} from "./layout";
import {
  CHL, CHSPEAR, CHT1, CHT2, MVL, MVT, STAGE_MOVED, STAGE_START, TAG_ADD_PIKE, TAG_AHEAD, TAG_AHEAD_HALF, TAG_HALF, TAG_SUPPORT,
  TAG_TOWARD, TAG_VEER, aBudget, aStage, canActivate, chargeFoes, clearMoves, commitCharge, foeAt, nCh, nMv, pairOk, planMoves, singleOk,
  spearOk, zoneCount, zoneList,
} from "./move";
import { canShoot, missileReady, shotBlocker } from "./shoot";
import { STANCE_ONE, STANCE_SHIELD, STANCE_TWO, isTrapped, sideMember, sideSize } from "./fight";
import {
  N, PDEF, alive, causesTerror, gapOf, maxTurns, turn, nearestEnemyGap, rad, allocI32, attacksOfProfile, defenceOf, engaged, fightOf, gap, has, li, lf, maxWounds, might, missileRange,
  missileStrength, missileThrowing, mv, nMissiles, nPowers, pflag, powerKind, powerRange, prof, prone, si, sf, side, strengthOf,
  terror, valueOf, will, willKeepingLast, wounds, x, y, PSHOOT, posEpoch,
} from "./state";
import { allocF64 } from "../arena";
import { allocStance, stanceScore } from "./stance";

export const ACT_END: i32 = 0;
export const ACT_TERROR: i32 = 1;
export const ACT_CAST: i32 = 2;
export const ACT_STAND: i32 = 3;
export const ACT_MOVE: i32 = 4;
export const ACT_CHARGE: i32 = 5;

/** The decision's arguments: a move or charge index; a power, its target and Will dice. */
export let decArg: i32 = 0;
export let decPower: i32 = 0;
export let decTarget: i32 = 0;
export let decDice: i32 = 0;

// shooting: each target's Defence and worth per wound this shot
let DEFC: usize = 0;
let FACT: usize = 0;
// charge candidates (bestCharge): kind (1 single, 2 pair, 3 spear), foe indices, action key, score, tried
let CKIND: usize = 0;
let CI: usize = 0;
let CJ: usize = 0;
let CKEY: usize = 0;
let CSCORE: usize = 0;
let CDONE: usize = 0;
// sight lines remembered per (shooter, target): the position epoch and the blocker (-1 clear)
let SIGHT_EP: usize = 0;
let SIGHT_B: usize = 0;
// this shot's candidates: shooter, target, weapon, worth; and a heap of them, best first
let SHM: usize = 0;
let SHT: usize = 0;
let SHK: usize = 0;
let SHV: usize = 0;
let HEAP: usize = 0;
// the Shoot phase step's (shooter, target) pairs in range, with a bit mask of the weapons in range
let CANDM: usize = 0;
let CANDT: usize = 0;
let CANDK: usize = 0;

export function allocPolicy(): void {
  allocStance();
  DEFC = allocI32(N);
  FACT = allocF64(N);
  CKIND = allocI32(64);
  CI = allocI32(64);
  CJ = allocI32(64);
  CKEY = allocI32(64);
  CSCORE = allocF64(64);
  CDONE = allocI32(64);
  SIGHT_EP = allocI32(N * N);
  SIGHT_B = allocI32(N * N);
  SHM = allocI32(N * N);
  SHT = allocI32(N * N);
  SHK = allocI32(N * N);
  SHV = allocF64(N * N);
  HEAP = allocI32(N * N);
  CANDM = allocI32(N * N);
  CANDT = allocI32(N * N);
  CANDK = allocI32(N * N);
}

/** policy.ts punch: what a model brings to a duel. */
function punch(m: i32): f64 {
  return <f64>fightOf(m) + 1.5 * <f64>attacksOfProfile(m) + 0.5 * <f64>strengthOf(m);
}

function activationOrder(m: i32): f64 {
  const g = Math.min(50, nearestEnemyGap(m));
  if (nPowers(m) > 0 && will(m) > 0) return g / 100;
  if (pflag(m, PF_SPEAR) || pflag(m, PF_PIKE)) return 2 + g / 100;
  if (pflag(m, PF_BOW)) return 3 + g / 100;
  return 1 + g / 100;
}

/** The model the policy activates next on side p (lowest order, then id), or -1 when none can. */
export function pickActivation(p: i32): i32 {
  let best = -1;
  let bo: f64 = 0;
  for (let m = 0; m < N; m++) {
    if (side(m) != p || !canActivate(m)) continue;
    const o = activationOrder(m);
    if (best < 0 || o < bo) {
      best = m;
      bo = o;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------- cast

let pkBestT: i32 = -1;
let pkBestV: f64 = 0;

function want(kind: i32, t: i32): f64 {
  if (kind == POW_BLACK_DART) return valueOf(t);
  if (kind == POW_SORCEROUS_BLAST) return valueOf(t) + (engaged(t) ? 5 : 0);
  return pflag(t, PF_HERO) || pflag(t, PF_MONSTER) ? valueOf(t) : 0;
}

/** policy.ts chooseCast's pick(name): the best target of power `kind` cast with `n` dice (first max). */
function pick(m: i32, kind: i32, n: i32, maxDice: i32): bool {
  if (n < 1 || n > maxDice) return false;
  let k = -1;
  for (let q = 0; q < nPowers(m); q++) if (powerKind(m, q) == kind) k = q;
  if (k < 0) return false;
  pkBestT = -1;
  pkBestV = -Infinity;
  if (kind == POW_TERRIFYING_AURA) {
    if (!has(m, MF_AURA)) {
      pkBestT = m;
      pkBestV = 1;
    }
  } else {
    const range = powerRange(m, k);
    const s = side(m);
    for (let t = 0; t < N; t++) {
      if (!alive(t) || side(t) == s) continue;
      if ((kind == POW_TRANSFIX || kind == POW_COMPEL) && has(t, MF_TRANSFIXED)) continue;
      if (!(gap(m, t) <= range + 1e-9)) continue;
      const v = want(kind, t);
      if (v > pkBestV) {
        pkBestV = v;
        pkBestT = t;
      }
    }
  }
  if (pkBestT < 0 || !(pkBestV > 0)) return false;
  decPower = k;
  decTarget = pkBestT;
  decDice = n;
  return true;
}

/** policy.ts willOfEvilReserve: the last point and one per Fight phase of this turn and the next 5 (fewer near the cap). */
const WILL_OF_EVIL_TURNS: i32 = 6;
function willOfEvilReserve(): i32 {
  return 1 + min(WILL_OF_EVIL_TURNS, maxTurns - turn + 1);
}

/** policy.ts chooseCast: Terrifying Aura with Will to spare, else Black Dart, Sorcerous Blast, Transfix, Compel. */
function chooseCast(m: i32): bool {
  if (!canCast(m)) return false;
  const maxDice = willKeepingLast(m);
  const spare = will(m) - (pflag(m, PF_WILL_OF_EVIL) ? willOfEvilReserve() : 1);
  if (spare < 1) return false;
  const dice = min(2, spare);
  if (spare >= 3 && pick(m, POW_TERRIFYING_AURA, 1, maxDice)) return true;
  if (pick(m, POW_BLACK_DART, dice, maxDice)) return true;
  if (pick(m, POW_SORCEROUS_BLAST, dice, maxDice)) return true;
  if (pick(m, POW_TRANSFIX, dice, maxDice)) return true;
  return pick(m, POW_COMPEL, dice, maxDice);
}

// -------------------------------------------------------------------------------------------- charge

function chargeScore(m: i32, pm: f64, t1: i32, t2: i32, spear: bool): f64 {
  let score: f64 = 0;
  const cav = pflag(m, PF_CAVALRY);
  for (let q = 0; q < 2; q++) {
    const t = q == 0 ? t1 : t2;
    if (t < 0) continue;
    if (engaged(t)) score += 3;
    if (cav && pflag(t, PF_INFANTRY)) score += 3;
    score += (pm - punch(t)) / 2 - <f64>defenceOf(t) / 3;
    if (pflag(t, PF_HERO)) score += 1;
  }
  if (spear) score += 1.5;
  return score;
}

/**
 * policy.ts bestCharge: of every charge it can make (moveOptions.ts planCharges and planSpearCharges), the
 * highest score, the first in action order on ties (CHARGE < CHARGE2 < SPEAR_CHARGE, then target ids); none
 * below -6. The candidates are scored first and their paths worked out best first, stopping at the first
 * that exists: the same charge as scoring the full list, with far fewer paths. Leaves it as charge entry 0.
 */
function bestCharge(m: i32): bool {
  const best = bestChargeOf(m, aBudget, false);
  if (best < 0) return false;
  commitCharge(li(CKIND, best), li(CI, best), li(CJ, best));
  return true;
}

/** The best charge candidate (its index) with `budget` left, or -1; fearless: as after a passed Terror test. */
function bestChargeOf(m: i32, budget: f64, fearless: bool): i32 {
  const nf = chargeFoes(m, budget, zoneList(), zoneCount(), fearless);
  if (nf == 0) return -1;
  const pm = punch(m);
  const spearReady = pflag(m, PF_THROWING_SPEAR) && !has(m, MF_THROWN) && !has(m, MF_SHOT);
  let n = 0;
  for (let i = 0; i < nf; i++) {
    const t = foeAt(i);
    addCand(n++, 1, i, -1, (1 << 16) + t * 256, chargeScore(m, pm, t, -1, false));
    if (spearReady) addCand(n++, 3, i, -1, (3 << 16) + t * 256, chargeScore(m, pm, t, -1, true));
  }
  const r2 = 2 * rad(m);
  for (let i = 0; i < nf; i++) {
    for (let j = i + 1; j < nf; j++) {
      const a = foeAt(i);
      const b = foeAt(j);
      if (gapOf(x(a), y(a), rad(a), x(b), y(b), rad(b)) > r2) continue;
      const t1 = a < b ? a : b;
      const t2 = a < b ? b : a;
      addCand(n++, 2, i, j, (2 << 16) + t1 * 256 + t2, chargeScore(m, pm, t1, t2, false));
    }
  }
  for (let guard = 0; guard < n; guard++) {
    let best = -1;
    let bs: f64 = -6;
    let bk = 0;
    for (let c = 0; c < n; c++) {
      if (li(CDONE, c) != 0) continue;
      const sc = lf(CSCORE, c);
      if (sc > bs || (best >= 0 && sc == bs && li(CKEY, c) < bk)) {
        best = c;
        bs = sc;
        bk = li(CKEY, c);
      }
    }
    if (best < 0) return -1;
    si(CDONE, best, 1);
    const kind = li(CKIND, best);
    const i = li(CI, best);
    const j = li(CJ, best);
    const ok = kind == 1 ? singleOk(i) : kind == 3 ? spearOk(i) : pairOk(i, j);
    if (ok) return best;
  }
  return -1;
}

/**
 * policy.ts wouldChargeTerror: take the Terror test only when the charge it would make once passed (planned
 * fearless, with the Move left after standing up if prone) is on a Terror-causer.
 */
function wouldChargeTerror(m: i32): bool {
  const reach = prone(m) ? aBudget - <f64>mv(m) / 2 : aBudget;
  if (!(reach > 0.05)) return false;
  const best = bestChargeOf(m, reach, true);
  if (best < 0) return false;
  if (causesTerror(foeAt(li(CI, best)))) return true;
  return li(CKIND, best) == 2 && causesTerror(foeAt(li(CJ, best)));
}

function addCand(c: i32, kind: i32, i: i32, j: i32, key: i32, score: f64): void {
  si(CKIND, c, kind);
  si(CI, c, i);
  si(CJ, c, j);
  si(CKEY, c, key);
  sf(CSCORE, c, score);
  si(CDONE, c, 0);
}

// ---------------------------------------------------------------------------------------- activation

function isSupportTag(t: i32): bool {
  return t == TAG_SUPPORT || t == TAG_ADD_PIKE;
}
function isHalfTag(t: i32): bool {
  return t == TAG_HALF || t == TAG_AHEAD_HALF;
}
function isAdvanceTag(t: i32): bool {
  return t == TAG_TOWARD || t == TAG_VEER || t == TAG_HALF || t == TAG_AHEAD || t == TAG_AHEAD_HALF;
}

let movesReady: bool = false;
/**
 * The activation's plain moves, as far as the policy reads them. From inside enemy zones they are only
 * "moves away", which it never takes (it stays), so none are listed; otherwise the full list only for a
 * spear or pike looking for a friend to support (see planMoves).
 */
function ensureMoves(m: i32, movesAvail: bool): void {
  if (movesReady) return;
  movesReady = true;
  if (movesAvail && zoneCount() == 0) {
    const full = (pflag(m, PF_SPEAR) || pflag(m, PF_PIKE)) && pflag(m, PF_INFANTRY) && supportPossible(m, aBudget);
    planMoves(m, aBudget, zoneList(), zoneCount(), full);
  } else setNoMoves();
}

/**
 * Could planMoves list a support move at all: an engaged Infantry friend within reach on a base no larger,
 * or (a pike) an unengaged pike within reach touching an engaged friend? When not, the moves after the
 * first eight are never read (see planMoves).
 */
function supportPossible(m: i32, budget: f64): bool {
  const s = side(m);
  const r = rad(m);
  const pike = pflag(m, PF_PIKE);
  for (let f = 0; f < N; f++) {
    if (!alive(f) || side(f) != s || f == m || prone(f) || !(gap(m, f) <= budget)) continue;
    if (pflag(f, PF_INFANTRY) && !(rad(f) > r + 1e-9) && engaged(f)) return true;
    if (pike && pflag(f, PF_PIKE) && !engaged(f)) {
      for (let h = 0; h < N; h++) if (alive(h) && side(h) == s && h != f && engaged(h) && gap(f, h) <= 0.01) return true;
    }
  }
  return false;
}

/** policy.ts chooseActivation: what the activating model does next (ACT_*, with dec* arguments). */
export function chooseActivation(m: i32): i32 {
  const canMove = aStage != STAGE_MOVED && !has(m, MF_TRANSFIXED) && terror(m) != TERROR_FAILED && !engaged(m);
  const movesAvail = canMove && !prone(m) && aBudget > 0.05;
  const spearOrPike = (pflag(m, PF_SPEAR) || pflag(m, PF_PIKE)) && pflag(m, PF_INFANTRY);
  movesReady = false;
  // ME-RULES Terror: take the test only to charge a Terror-causer (not an archer, nor about to support)
  if (aStage == STAGE_START && !pflag(m, PF_BOW) && terrorTestOffered(m, aBudget)) {
    let supports = false;
    if (spearOrPike && movesAvail) {
      ensureMoves(m, movesAvail);
      for (let k = 0; k < nMv; k++) if (isSupportTag(li(MVT, k))) supports = true;
    }
    if (!supports && wouldChargeTerror(m)) return ACT_TERROR;
  }
  if (chooseCast(m)) return ACT_CAST;
  if (canMove && prone(m) && aBudget >= <f64>mv(m) / 2 - 1e-9) return ACT_STAND;
  if (spearOrPike && movesAvail) {
    ensureMoves(m, movesAvail);
    for (let k = 0; k < nMv; k++) {
      if (isSupportTag(li(MVT, k))) {
        decArg = k;
        return ACT_MOVE;
      }
    }
  }
  if (movesAvail && bestCharge(m)) {
    decArg = 0;
    return ACT_CHARGE;
  }
  if (!movesAvail) return ACT_END;
  // a bow holds still within range, else half-moves so it can still shoot
  if (pflag(m, PF_BOW) && !has(m, MF_SHOT)) {
    let range: f64 = -Infinity;
    for (let k = 0; k < nMissiles(m); k++) if (!missileThrowing(m, k)) range = Math.max(range, missileRange(m, k));
    const g = nearestEnemyGap(m);
    ensureMoves(m, movesAvail);
    if (nMv == 0) return ACT_END;
    if (g <= range) return ACT_END;
    for (let k = 0; k < nMv; k++) {
      if (isHalfTag(li(MVT, k))) {
        decArg = k;
        return ACT_MOVE;
      }
    }
  }
  ensureMoves(m, movesAvail);
  if (nMv == 0) return ACT_END;
  // advance: the longest move toward the enemy (a veer counts half an inch less); Cavalry at half pace
  const paced = pflag(m, PF_CAVALRY);
  let best = -1;
  let bestLen: f64 = 0.5;
  for (let k = 0; k < nMv; k++) {
    const tag = li(MVT, k);
    if (!isAdvanceTag(tag) || isHalfTag(tag) != paced) continue;
    const score = lf(MVL, k) + (tag == TAG_VEER ? -0.5 : 0);
    if (score > bestLen) {
      bestLen = score;
      best = k;
    }
  }
  if (best >= 0) {
    decArg = best;
    return ACT_MOVE;
  }
  return ACT_END;
}

// -------------------------------------------------------------------------------------------- shoot

export let shShooter: i32 = -1;
export let shTarget: i32 = -1;
export let shWeapon: i32 = 0;

/**
 * The Shoot phase's possible shots for side p, listed once per step (ids ascending): every (shooter, target)
 * pair within range of one of its missile weapons. Positions do not change while shooting, so the list
 * holds; who can still shoot (a shooter whose foe fell may now shoot), who is alive, Defence (Shieldwall
 * friends fall) and worth (a target no longer engaged) are read afresh for every shot.
 */
export function shootStepBegin(p: i32): void {
  nPairsShot = 0;
  for (let m = 0; m < N; m++) {
    if (side(m) != p || !alive(m) || nMissiles(m) == 0 || has(m, MF_SHOT) || prone(m) || has(m, MF_TRANSFIXED)) continue;
    let reach: f64 = 0;
    for (let k = 0; k < nMissiles(m); k++) reach = Math.max(reach, missileRange(m, k));
    const mx = x(m);
    const my = y(m);
    for (let t = 0; t < N; t++) {
      if (!alive(t) || side(t) == p) continue;
      // out of range of every weapon along one axis: no shot (the exact gap is not needed)
      const lim = reach + rad(m) + rad(t) + 1e-6;
      if (Math.abs(x(t) - mx) > lim || Math.abs(y(t) - my) > lim) continue;
      const g = gap(m, t);
      let mask = 0;
      for (let k = 0; k < nMissiles(m); k++) if (g <= missileRange(m, k) + 1e-9) mask |= 1 << k;
      if (mask == 0) continue;
      si(CANDM, nPairsShot, m);
      si(CANDT, nPairsShot, t);
      si(CANDK, nPairsShot, mask);
      nPairsShot++;
    }
  }
}

let nPairsShot: i32 = 0;

/**
 * policy.ts chooseShot: the shot with the best expected damage (hit x wound x worth per wound, halved into
 * a combat), the first in action order (shooter, target, weapon) on ties; none when nothing is worth a
 * shot. Sight lines are checked only for the shot it would take, best first (the same answer as checking
 * every one first).
 */
export function chooseShot(p: i32): bool {
  for (let t = 0; t < N; t++) {
    if (!alive(t) || side(t) == p) continue;
    si(DEFC, t, defenceOf(t));
    sf(FACT, t, (valueOf(t) / <f64>maxWounds(t)) * (engaged(t) ? 0.5 : 1));
  }
  let n = 0;
  let lastM = -1;
  let canM = false;
  let hitP: f64 = 0;
  for (let c = 0; c < nPairsShot; c++) {
    const m = li(CANDM, c);
    if (m != lastM) {
      lastM = m;
      canM = canShoot(m);
      hitP = <f64>(7 - min(6, li(PSHOOT, prof(m)) + (has(m, MF_MOVED_AT_ALL) ? 1 : 0))) / 6;
    }
    if (!canM) continue;
    const t = li(CANDT, c);
    if (!alive(t)) continue;
    const mask = li(CANDK, c);
    let bk = -1;
    let bv: f64 = 0;
    for (let k = 0; k < nMissiles(m); k++) {
      if ((mask & (1 << k)) == 0 || !missileReady(m, k)) continue;
      const v = hitP * woundChance(woundCode(missileStrength(m, k), li(DEFC, t))) * lf(FACT, t);
      if (v > bv) {
        bv = v;
        bk = k;
      }
    }
    if (bk < 0) continue;
    si(SHM, n, m);
    si(SHT, n, t);
    si(SHK, n, bk);
    sf(SHV, n, bv);
    n++;
  }
  // best first: a heap on (worth, then the earlier in action order)
  for (let c = 0; c < n; c++) si(HEAP, c, c);
  for (let c = (n >> 1) - 1; c >= 0; c--) siftDown(c, n);
  let size = n;
  while (size > 0) {
    const best = li(HEAP, 0);
    const m = li(SHM, best);
    const t = li(SHT, best);
    if (sightClear(m, t)) {
      shShooter = m;
      shTarget = t;
      shWeapon = li(SHK, best);
      return true;
    }
    size--;
    si(HEAP, 0, li(HEAP, size));
    siftDown(0, size);
  }
  return false;
}

// @ts-ignore: decorator
@inline function before(a: i32, b: i32): bool {
  const va = lf(SHV, a);
  const vb = lf(SHV, b);
  return va > vb || (va == vb && a < b);
}

function siftDown(i: i32, n: i32): void {
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) return;
    let c = l;
    if (l + 1 < n && before(li(HEAP, l + 1), li(HEAP, l))) c = l + 1;
    if (!before(li(HEAP, c), li(HEAP, i))) return;
    const t = li(HEAP, i);
    si(HEAP, i, li(HEAP, c));
    si(HEAP, c, t);
    i = c;
  }
}

/** woundChart.ts woundProbability(code, 0), by table. */
function woundChance(code: i32): f64 {
  return code == 0 ? 0 : code > 10 ? <f64>(7 - (code - 10)) / 36 : <f64>(7 - code) / 6;
}

/**
 * clearShot from the shooter's own position, remembered while nothing has moved or been knocked down: a
 * clear line stays clear (the dead block nothing), a blocked one stays blocked while its blocker lives.
 */
function sightClear(m: i32, t: i32): bool {
  const k = m * N + t;
  if (li(SIGHT_EP, k) == posEpoch) {
    const b = li(SIGHT_B, k);
    if (b < 0) return true;
    if (alive(b)) return false;
  }
  const b = shotBlocker(x(m), y(m), m, t);
  si(SIGHT_EP, k, posEpoch);
  si(SIGHT_B, k, b);
  return b < 0;
}

/** A Hero spends Might to hit a Hero. */
export function shotMight(t: i32): bool {
  return pflag(t, PF_HERO);
}

/** Might on a To Wound roll: against a Hero or Monster, or with Might to spare. */
export function hitMight(t: i32, source: i32): bool {
  return pflag(t, PF_HERO) || pflag(t, PF_MONSTER) || might(source) >= 2;
}

/** Might on a failed Fate roll only to save the last Wound. */
export function fateMight(t: i32): bool {
  return wounds(t) <= 1;
}

/** Might to raise a casting roll whenever it can. */
export function castMight(_m: i32): bool {
  return true;
}

/** Resist with up to 2 Will (no more than its store). */
export function resistDice(t: i32, maxN: i32): i32 {
  return min(min(2, maxN), will(t));
}

/**
 * A failed Courage test: of the (at most two) ways to make it up, the first in action order (least Will,
 * then least Might); returns its index, or -1 to accept the failure: when there is none, or it would take
 * more than `keep` Will (policy.ts: never a Will of Evil model's last point).
 */
export function chooseCourageSpend(n: i32, w0: i32, m0: i32, w1: i32, m1: i32, keep: i32): i32 {
  if (n == 0) return -1;
  const c = n == 2 && (w1 < w0 || (w1 == w0 && m1 < m0)) ? 1 : 0;
  return (c == 0 ? w0 : w1) <= keep ? c : -1;
}

/** policy.ts chooseCompel: drag the victim into the caster's strongest model, else leave it (-1). */
export function chooseCompel(victim: i32): i32 {
  let best = -1;
  let bestV: f64 = 0;
  const pv = punch(victim);
  for (let c = 0; c < nCh; c++) {
    const t1 = li(CHT1, c);
    const t2 = li(CHT2, c);
    let top = punch(t1);
    if (t2 >= 0) top = Math.max(top, punch(t2));
    const v = top - pv;
    if (v > bestV) {
      bestV = v;
      best = c;
    }
  }
  return best;
}

/** policy.ts chooseStance: shield when outclassed; a hand-and-a-half weapon by the exact odds; else as before. */
export function chooseStance(id: i32, choices: i32): i32 {
  const s = side(id);
  const o = s == 0 ? 1 : 0;
  let myFv = -2147483648;
  let theirFv = -2147483648;
  let myA = 0;
  let theirA = 0;
  for (let k = 0; k < sideSize(s); k++) {
    const q = sideMember(s, k);
    myFv = max(myFv, fightOf(q));
    myA += attacksOfProfile(q);
  }
  for (let k = 0; k < sideSize(o); k++) {
    const q = sideMember(o, k);
    theirFv = max(theirFv, fightOf(q));
    theirA += attacksOfProfile(q);
  }
  const outclassed = theirA > myA && theirFv > myFv;
  if (outclassed && (choices & 4) != 0) return STANCE_SHIELD;
  // ME-HAND-AND-A-HALF: one hand or two by the exact fight against the strongest enemy (policy.ts twoHandsPay)
  if ((choices & 1) != 0 && (choices & 2) != 0) {
    let foe = -1;
    let fp: f64 = 0;
    for (let k = 0; k < sideSize(o); k++) {
      const q = sideMember(o, k);
      const pq = punch(q);
      if (foe < 0 || pq > fp || (pq == fp && q < foe)) {
        foe = q;
        fp = pq;
      }
    }
    return stanceScore(id, foe, true) > stanceScore(id, foe, false) ? STANCE_TWO : STANCE_ONE;
  }
  if (myFv >= theirFv && (choices & 2) != 0) return STANCE_TWO;
  if ((choices & 1) != 0) return STANCE_ONE;
  return (choices & 2) != 0 ? STANCE_TWO : STANCE_SHIELD;
}

/** Strikers: warriors before heroes, then by id; returns the index in the list. */
export function chooseStriker(list: usize, n: i32): i32 {
  let best = -1;
  for (let k = 0; k < n; k++) {
    const id = li(list, k);
    if (best < 0) {
      best = k;
      continue;
    }
    const b = li(list, best);
    const hb = pflag(b, PF_HERO) ? 1 : 0;
    const hi = pflag(id, PF_HERO) ? 1 : 0;
    if (hi < hb || (hi == hb && id < b)) best = k;
  }
  return best;
}

/** Victims: the fewest Wounds, a trapped or prone one counting one fewer; then by id. */
export function chooseStrikeTarget(list: usize, n: i32): i32 {
  let best = -1;
  let bs = 0;
  for (let k = 0; k < n; k++) {
    const id = li(list, k);
    if (!alive(id)) continue;
    const sc = wounds(id) - (isTrapped(id) || prone(id) ? 1 : 0);
    if (best < 0 || sc < bs || (sc == bs && id < best)) {
      best = id;
      bs = sc;
    }
  }
  return best;
}

function setNoMoves(): void {
  clearMoves();
}
