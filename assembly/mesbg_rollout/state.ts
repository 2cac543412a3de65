// The working state of one MESBG rollout, as struct-of-arrays in the arena (runtime "stub": nothing is
// allocated per step; `initState` takes every buffer once per game). Mirrors src/mesbg/state.ts: a
// model's stores and this-turn flags, the profile table, and the small queries every rule asks (engaged,
// control zones, Defence with Shieldwall, Courage with Harbinger of Evil, slaying and the wipe-out).
import { allocF64 } from "../arena";
import { roll } from "../rng";
import {
  MF_ALIVE, MF_AURA, MF_FREE_WILL, MF_PRONE, MF_TRANSFIXED, PF_HARBINGER, PF_INFANTRY, PF_SHIELD, PF_SHIELDWALL, PF_STAFF, PF_TERROR,
  PF_WILL_OF_EVIL,
} from "./layout";

// ------------------------------------------------------------------------------------------- memory

export function allocI32(n: i32): usize {
  return allocF64((n + 1) >> 1);
}

// @ts-ignore: decorator
@inline export function li(p: usize, i: i32): i32 {
  return load<i32>(p + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline export function si(p: usize, i: i32, v: i32): void {
  store<i32>(p + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline export function lf(p: usize, i: i32): f64 {
  return load<f64>(p + ((<usize>i) << 3));
}
// @ts-ignore: decorator
@inline export function sf(p: usize, i: i32, v: f64): void {
  store<f64>(p + ((<usize>i) << 3), v);
}

// ---------------------------------------------------------------------------------------- constants

/** board.ts CONTACT, OVERLAP, ZONE. */
export const CONTACT: f64 = 0.01;
export const OVERLAP: f64 = 0.002;
export const ZONE: f64 = 1;

// ------------------------------------------------------------------------------------------- tables

export let N: i32 = 0;
export let NP: i32 = 0;

// models
export let MX: usize = 0;
export let MY: usize = 0;
export let MR: usize = 0;
export let MMOVED: usize = 0;
export let MSIDE: usize = 0;
export let MPROF: usize = 0;
export let MWOUNDS: usize = 0;
export let MMIGHT: usize = 0;
export let MWILL: usize = 0;
export let MFATE: usize = 0;
export let MFLAGS: usize = 0;
export let MTERROR: usize = 0;
export let MNCT: usize = 0;
export let MCT: usize = 0; // N x 8

// profiles
export let PRAD: usize = 0;
export let PDEF: usize = 0;
export let PMOVE: usize = 0;
export let PFIGHT: usize = 0;
export let PSHOOT: usize = 0;
export let PSTR: usize = 0;
export let PATT: usize = 0;
export let PWOUNDS: usize = 0;
export let PCOUR: usize = 0;
export let PFLAGS: usize = 0;
export let PVALUE: usize = 0;
export let PNMIS: usize = 0;
export let PMISR: usize = 0; // NP x 5 range
export let PMISS: usize = 0; // NP x 5 strength
export let PMIST: usize = 0; // NP x 5 throwing spear
export let PNPOW: usize = 0;
export let PPOWK: usize = 0; // NP x 5 kind
export let PPOWR: usize = 0; // NP x 5 range
export let PPOWC: usize = 0; // NP x 5 casting value

// contacts (see engaged)
let TOUCH: usize = 0;
let ENG_N: usize = 0;
// nearest enemy gap (see nearestEnemyGap)
let NEAR_G: usize = 0;
let NEAR_ID: usize = 0;
let NEAR_OK: usize = 0;

// game
export let turn: i32 = 0;
export let maxTurns: i32 = 0;
export let priority: i32 = -1;
export let chooser: i32 = -1;
export let boardW: f64 = 48;
export let boardH: f64 = 48;
export let goodSide: i32 = 0;
/** The game is over (the engine stops at once: `advance` returns as soon as a result is set). */
export let over: bool = false;
export let winner: i32 = -1;
/** 0 none, 1 wiped out, 2 turn cap. */
export let reason: i32 = 0;
/** Bumped whenever a position, a death or a prone state changes: caches of engaged/zones key on it. */
export let geoEpoch: i32 = 1;
/** Bumped when a position or a prone state changes (not a death): the sight-line cache keys on it. */
export let posEpoch: i32 = 1;

export function allocTables(nModels: i32, nProfiles: i32): void {
  N = nModels;
  NP = nProfiles;
  MX = allocF64(N);
  MY = allocF64(N);
  MR = allocF64(N);
  MMOVED = allocF64(N);
  MSIDE = allocI32(N);
  MPROF = allocI32(N);
  MWOUNDS = allocI32(N);
  MMIGHT = allocI32(N);
  MWILL = allocI32(N);
  MFATE = allocI32(N);
  MFLAGS = allocI32(N);
  MTERROR = allocI32(N);
  MNCT = allocI32(N);
  MCT = allocI32(N * 8);
  PRAD = allocF64(NP);
  PDEF = allocI32(NP);
  PMOVE = allocI32(NP);
  PFIGHT = allocI32(NP);
  PSHOOT = allocI32(NP);
  PSTR = allocI32(NP);
  PATT = allocI32(NP);
  PWOUNDS = allocI32(NP);
  PCOUR = allocI32(NP);
  PFLAGS = allocI32(NP);
  PVALUE = allocF64(NP);
  PNMIS = allocI32(NP);
  PMISR = allocF64(NP * 5);
  PMISS = allocI32(NP * 5);
  PMIST = allocI32(NP * 5);
  PNPOW = allocI32(NP);
  PPOWK = allocI32(NP * 5);
  PPOWR = allocF64(NP * 5);
  PPOWC = allocI32(NP * 5);
  TOUCH = allocI32((N * N + 3) >> 2);
  ENG_N = allocI32(N);
  NEAR_G = allocF64(N);
  NEAR_ID = allocI32(N);
  NEAR_OK = allocI32(N);
  geoEpoch = 1;
  posEpoch = 1;
}

export function setGame(t: i32, mt: i32, pr: i32, ch: i32, w: f64, h: f64, good: i32): void {
  turn = t;
  maxTurns = mt;
  priority = pr;
  chooser = ch;
  boardW = w;
  boardH = h;
  goodSide = good;
  over = false;
  winner = -1;
  reason = 0;
  // a new game: every cache keyed on an epoch is stale (epochs only grow within one call of the kernel)
  geoEpoch++;
  posEpoch++;
}

export function setResult(w: i32, r: i32): void {
  over = true;
  winner = w;
  reason = r;
}
export function setTurn(t: i32): void {
  turn = t;
}
export function setPriority(p: i32, c: i32): void {
  priority = p;
  chooser = c;
}

// ------------------------------------------------------------------------------------------ access

// @ts-ignore: decorator
@inline export function x(i: i32): f64 {
  return lf(MX, i);
}
// @ts-ignore: decorator
@inline export function y(i: i32): f64 {
  return lf(MY, i);
}
// @ts-ignore: decorator
@inline export function rad(i: i32): f64 {
  return lf(MR, i);
}
// @ts-ignore: decorator
@inline export function side(i: i32): i32 {
  return li(MSIDE, i);
}
// @ts-ignore: decorator
@inline export function prof(i: i32): i32 {
  return li(MPROF, i);
}
// @ts-ignore: decorator
@inline export function flags(i: i32): i32 {
  return li(MFLAGS, i);
}
// @ts-ignore: decorator
@inline export function has(i: i32, f: i32): bool {
  return (li(MFLAGS, i) & f) != 0;
}
// @ts-ignore: decorator
@inline export function alive(i: i32): bool {
  return (li(MFLAGS, i) & MF_ALIVE) != 0;
}
// @ts-ignore: decorator
@inline export function prone(i: i32): bool {
  return (li(MFLAGS, i) & MF_PRONE) != 0;
}
/** A this-turn flag (never one that changes the geometry: alive and prone go through kill/setProne). */
export function setFlag(i: i32, f: i32, on: bool): void {
  const v = li(MFLAGS, i);
  si(MFLAGS, i, on ? v | f : v & ~f);
}
export function setProne(i: i32, on: bool): void {
  if (prone(i) == on) return;
  setFlag(i, MF_PRONE, on);
  geoEpoch++;
  posEpoch++;
}
export function setPos(i: i32, nx: f64, ny: f64): void {
  sf(MX, i, nx);
  sf(MY, i, ny);
  geoEpoch++;
  posEpoch++;
  contactsMoved(i);
  nearestMoved(i);
}
// @ts-ignore: decorator
@inline export function pflag(i: i32, f: i32): bool {
  return (li(PFLAGS, li(MPROF, i)) & f) != 0;
}
// @ts-ignore: decorator
@inline export function wounds(i: i32): i32 {
  return li(MWOUNDS, i);
}
// @ts-ignore: decorator
@inline export function might(i: i32): i32 {
  return li(MMIGHT, i);
}
// @ts-ignore: decorator
@inline export function will(i: i32): i32 {
  return li(MWILL, i);
}
// @ts-ignore: decorator
@inline export function fate(i: i32): i32 {
  return li(MFATE, i);
}
export function setMight(i: i32, v: i32): void {
  si(MMIGHT, i, v);
}
export function setWill(i: i32, v: i32): void {
  si(MWILL, i, v);
}
export function setFate(i: i32, v: i32): void {
  si(MFATE, i, v);
}
export function setWounds(i: i32, v: i32): void {
  si(MWOUNDS, i, v);
}
// @ts-ignore: decorator
@inline export function moved(i: i32): f64 {
  return lf(MMOVED, i);
}
export function setMoved(i: i32, v: f64): void {
  sf(MMOVED, i, v);
}
// @ts-ignore: decorator
@inline export function terror(i: i32): i32 {
  return li(MTERROR, i);
}
export function setTerror(i: i32, v: i32): void {
  si(MTERROR, i, v);
}
// profile stats of a model
// @ts-ignore: decorator
@inline export function mv(i: i32): i32 {
  return li(PMOVE, li(MPROF, i));
}
// @ts-ignore: decorator
@inline export function fightOf(i: i32): i32 {
  return li(PFIGHT, li(MPROF, i));
}
// @ts-ignore: decorator
@inline export function attacksOfProfile(i: i32): i32 {
  return li(PATT, li(MPROF, i));
}
// @ts-ignore: decorator
@inline export function strengthOf(i: i32): i32 {
  return li(PSTR, li(MPROF, i));
}
// @ts-ignore: decorator
@inline export function maxWounds(i: i32): i32 {
  return li(PWOUNDS, li(MPROF, i));
}
// @ts-ignore: decorator
@inline export function valueOf(i: i32): f64 {
  return lf(PVALUE, li(MPROF, i));
}
// @ts-ignore: decorator
@inline export function nMissiles(i: i32): i32 {
  return li(PNMIS, li(MPROF, i));
}
export function missileRange(i: i32, k: i32): f64 {
  return lf(PMISR, li(MPROF, i) * 5 + k);
}
export function missileStrength(i: i32, k: i32): i32 {
  return li(PMISS, li(MPROF, i) * 5 + k);
}
export function missileThrowing(i: i32, k: i32): bool {
  return li(PMIST, li(MPROF, i) * 5 + k) != 0;
}
// @ts-ignore: decorator
@inline export function nPowers(i: i32): i32 {
  return li(PNPOW, li(MPROF, i));
}
export function powerKind(i: i32, k: i32): i32 {
  return li(PPOWK, li(MPROF, i) * 5 + k);
}
export function powerRange(i: i32, k: i32): f64 {
  return lf(PPOWR, li(MPROF, i) * 5 + k);
}
export function powerCv(i: i32, k: i32): i32 {
  return li(PPOWC, li(MPROF, i) * 5 + k);
}
// @ts-ignore: decorator
@inline export function nct(i: i32): i32 {
  return li(MNCT, i);
}
// @ts-ignore: decorator
@inline export function ct(i: i32, k: i32): i32 {
  return li(MCT, i * 8 + k);
}

export function d6(): i32 {
  return roll(6);
}

// @ts-ignore: decorator
@inline export function other(s: i32): i32 {
  return s == 0 ? 1 : 0;
}

// ----------------------------------------------------------------------------------------- queries

// @ts-ignore: decorator
@inline export function hyp(dx: f64, dy: f64): f64 {
  return Math.sqrt(dx * dx + dy * dy);
}

// @ts-ignore: decorator
@inline export function gapOf(ax: f64, ay: f64, ar: f64, bx: f64, by: f64, br: f64): f64 {
  return hyp(ax - bx, ay - by) - ar - br;
}

export function gap(a: i32, b: i32): f64 {
  return gapOf(x(a), y(a), rad(a), x(b), y(b), rad(b));
}

/** ME-CONTROL-ZONE inZone (board.ts): a base this far away is inside the zone. */
// @ts-ignore: decorator
@inline export function inZone(g: f64): bool {
  return g < ZONE - 0.005;
}

/**
 * Engaged in combat: in base contact with a living enemy (state.ts engaged). Kept up to date as models move
 * and die rather than recomputed: TOUCH[i][j] says whether i's base touches j's, measured from i as the
 * TypeScript measures it (gapOf(i, j) <= CONTACT), and ENG_N[i] counts the living enemies i touches.
 */
export function engaged(i: i32): bool {
  return li(ENG_N, i) > 0;
}

// @ts-ignore: decorator
@inline function touchBit(i: i32, j: i32): bool {
  return load<u8>(TOUCH + <usize>(i * N + j)) != 0;
}
// @ts-ignore: decorator
@inline function setTouch(i: i32, j: i32, v: bool): void {
  store<u8>(TOUCH + <usize>(i * N + j), v ? 1 : 0);
}

function touchesNow(i: i32, j: i32): bool {
  const reach = rad(i) + rad(j) + CONTACT + 1e-6;
  if (Math.abs(x(j) - x(i)) > reach || Math.abs(y(j) - y(i)) > reach) return false;
  return gapOf(x(i), y(i), rad(i), x(j), y(j), rad(j)) <= CONTACT;
}

/**
 * The gap to the nearest living enemy (policy.ts nearestEnemyGap: the minimum over them, Infinity when
 * none), remembered per model and kept up to date as models move and die: a closer enemy lowers it, and it
 * is worked out again only when the model itself or its nearest enemy moved or died.
 */
export function nearestEnemyGap(m: i32): f64 {
  if (li(NEAR_OK, m) != 0) return lf(NEAR_G, m);
  let g = Infinity;
  let id = -1;
  const s = side(m);
  const mx = x(m);
  const my = y(m);
  const mr = rad(m);
  for (let e = 0; e < N; e++) {
    if (!alive(e) || side(e) == s) continue;
    if (Math.max(Math.abs(x(e) - mx), Math.abs(y(e) - my)) - mr - rad(e) - 1e-6 > g) continue;
    const ge = gapOf(mx, my, mr, x(e), y(e), rad(e));
    if (ge < g) {
      g = ge;
      id = e;
    }
  }
  sf(NEAR_G, m, g);
  si(NEAR_ID, m, id);
  si(NEAR_OK, m, 1);
  return g;
}

function nearestMoved(i: i32): void {
  si(NEAR_OK, i, 0);
  const s = side(i);
  const ix = x(i);
  const iy = y(i);
  const ir = rad(i);
  for (let m = 0; m < N; m++) {
    if (side(m) == s || li(NEAR_OK, m) == 0) continue;
    if (li(NEAR_ID, m) == i) {
      si(NEAR_OK, m, 0);
      continue;
    }
    const ng = lf(NEAR_G, m);
    if (Math.max(Math.abs(x(m) - ix), Math.abs(y(m) - iy)) - rad(m) - ir - 1e-6 > ng) continue;
    const g = gapOf(x(m), y(m), rad(m), ix, iy, ir);
    if (g < ng) {
      sf(NEAR_G, m, g);
      si(NEAR_ID, m, i);
    }
  }
}

/** All contacts from scratch (a game's start). */
export function initContacts(): void {
  for (let i = 0; i < N; i++) si(NEAR_OK, i, 0);
  for (let i = 0; i < N; i++) si(ENG_N, i, 0);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      const t = side(i) != side(j) && touchesNow(i, j);
      setTouch(i, j, t);
      if (t && alive(j)) si(ENG_N, i, li(ENG_N, i) + 1);
    }
  }
}

/** Model i moved (it is alive): its contacts both ways with every enemy, alive or dead. */
function contactsMoved(i: i32): void {
  const s = side(i);
  let n = 0;
  for (let j = 0; j < N; j++) {
    if (side(j) == s) continue;
    const ij = touchesNow(i, j);
    setTouch(i, j, ij);
    if (ij && alive(j)) n++;
    const ji = touchesNow(j, i);
    if (ji != touchBit(j, i)) {
      setTouch(j, i, ji);
      // i is alive: it counts for j
      si(ENG_N, j, li(ENG_N, j) + (ji ? 1 : -1));
    }
  }
  si(ENG_N, i, n);
}

/** Model i died: it no longer counts for the enemies touching it. */
function contactsDied(i: i32): void {
  const s = side(i);
  for (let j = 0; j < N; j++) if (side(j) != s && touchBit(j, i)) si(ENG_N, j, li(ENG_N, j) - 1);
}

/** ME-CONTROL-ZONE / ME-PRONE: prone and engaged models have no control zone. */
export function hasZone(e: i32): bool {
  return alive(e) && !prone(e) && !engaged(e);
}

/** Enemies whose control zone `m` is in now, by id, into `out`; returns the count. */
export function zonesOn(m: i32, out: usize): i32 {
  let n = 0;
  const s = side(m);
  const mx = x(m);
  const my = y(m);
  const mr = rad(m);
  for (let e = 0; e < N; e++) {
    if (!alive(e) || side(e) == s) continue;
    const reach = mr + rad(e) + ZONE + 1e-6;
    if (Math.abs(x(e) - mx) > reach || Math.abs(y(e) - my) > reach) continue;
    if (!hasZone(e)) continue;
    const g = gap(m, e);
    if (inZone(g) && g > CONTACT) si(out, n++, e);
  }
  return n;
}

/** ME-ACTIVE-PASSIVE. */
export function canUseActive(m: i32): bool {
  return !has(m, MF_TRANSFIXED);
}

/** ME-ARMOUR and ME-RULES Shieldwall. */
export function defenceOf(m: i32): i32 {
  const p = prof(m);
  let d = li(PDEF, p);
  const pf = li(PFLAGS, p);
  if ((pf & PF_SHIELDWALL) != 0 && (pf & PF_SHIELD) != 0 && (pf & PF_INFANTRY) != 0 && !prone(m) && canUseActive(m)) {
    let n = 0;
    const s = side(m);
    const mx = x(m);
    const my = y(m);
    const mr = rad(m);
    for (let f = 0; f < N; f++) {
      if (f == m || !alive(f) || side(f) != s || prone(f)) continue;
      if (!pflag(f, PF_SHIELDWALL) || !pflag(f, PF_SHIELD)) continue;
      const reach = mr + rad(f) + CONTACT + 1e-6;
      if (Math.abs(x(f) - mx) > reach || Math.abs(y(f) - my) > reach) continue;
      if (gap(m, f) <= CONTACT) n++;
    }
    if (n >= 2) d += 1;
  }
  return min(10, d);
}

export function causesTerror(m: i32): bool {
  return pflag(m, PF_TERROR) || has(m, MF_AURA);
}

/** ME-RULES Harbinger of Evil. */
export function courageNeed(m: i32): i32 {
  let need = li(PCOUR, prof(m));
  const s = side(m);
  for (let e = 0; e < N; e++) {
    if (alive(e) && side(e) != s && pflag(e, PF_HARBINGER) && gap(m, e) <= 12) {
      need += 1;
      break;
    }
  }
  return need;
}

export function slay(m: i32): void {
  if (!alive(m)) return;
  let f = li(MFLAGS, m);
  f &= ~(MF_ALIVE | MF_PRONE | MF_AURA);
  si(MFLAGS, m, f);
  si(MWOUNDS, m, 0);
  geoEpoch++;
  contactsDied(m);
  for (let j = 0; j < N; j++) if (li(NEAR_OK, j) != 0 && li(NEAR_ID, j) == m) si(NEAR_OK, j, 0);
  checkWipeOut();
}

/** ME-FORCES-CLASH: the first side to wipe out the other wins. */
export function checkWipeOut(): void {
  if (over) return;
  let a = false;
  let b = false;
  for (let i = 0; i < N; i++) {
    if (!alive(i)) continue;
    if (side(i) == 0) a = true;
    else b = true;
  }
  if (a && b) return;
  setResult(a ? 0 : b ? 1 : -1, 1);
}

/** ME-WILL / ME-STAFF: returns the points taken from the store. */
export function spendWill(m: i32, n: i32): i32 {
  let fromStore = n;
  if (n > 0 && pflag(m, PF_STAFF) && !has(m, MF_FREE_WILL)) {
    setFlag(m, MF_FREE_WILL, true);
    fromStore--;
  }
  si(MWILL, m, will(m) - fromStore);
  afterWillChange(m);
  return fromStore;
}

export function afterWillChange(m: i32): void {
  if (will(m) > 0) return;
  if (has(m, MF_AURA)) setFlag(m, MF_AURA, false);
  if (pflag(m, PF_WILL_OF_EVIL) && alive(m)) slay(m);
}

export function willAvailable(m: i32): i32 {
  return will(m) + (pflag(m, PF_STAFF) && !has(m, MF_FREE_WILL) ? 1 : 0);
}

/** state.ts willKeepingLast: the most a Will of Evil model may spend to cast (its last point kept). */
export function willKeepingLast(m: i32): i32 {
  return willAvailable(m) - (pflag(m, PF_WILL_OF_EVIL) && will(m) > 0 ? 1 : 0);
}

/** Might points `m` can spend to lift a roll that fell `short` (heroics.ts mightFix). */
export function mightFix(m: i32, short: i32): i32 {
  if (m < 0 || !alive(m) || short < 1 || might(m) < short) return 0;
  return short;
}

/** scenario.ts survivingShare. */
export function survivingShare(s: i32): f64 {
  let now: f64 = 0;
  let all: f64 = 0;
  for (let i = 0; i < N; i++) {
    if (side(i) != s) continue;
    const v = valueOf(i);
    all += v;
    if (alive(i)) now += (v * <f64>wounds(i)) / <f64>maxWounds(i);
  }
  return all > 0 ? now / all : 0;
}
