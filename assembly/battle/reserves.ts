// Reserve units (CORE-RESERVES) and replacement units (CORE-REPLACEMENT) in the kernel, with the scripted
// policy's use of them: src/aos/battle/reserves.ts, replacement.ts and policy.ts (wantsReserve is set-up
// only; setUpOrder, setUpPick), step for step and operation for operation.
//
// A unit in reserve has STATUS 3: everything that reads `deployed` leaves it out. At the start of the fourth
// battle round it is destroyed (KILLED_TURN -1: before any turn). An arrival sets it up at the spot the same
// ring search finds (reserves.ts setUpSpot). A replacement unit takes the next unit slot after the encoded
// units (the engine appends it too, so ids agree), with a copy of the original's profile and of its weapons
// (appended after the encoded weapons) carried by the new number of models.
import { hasIssuer } from "./commands";
import { traitsReplacement } from "./traits";
import { avoidsDestruction, resetCommonOf } from "./common";
import { clearContestCacheOf, inPlay, objX, objY } from "./board";
import { inCombat } from "./actions";
import { footprintRadius, jsRound, WIDTH, DEPTH } from "./math";
import { AB, ABILITY, H, MAX_ABILITIES, MAX_UNITS, U, UF, UNIT, US } from "./layout";
import { clearPolicyCacheOf, computeAnchors, holds, settled } from "./policy";
import { canStand } from "./terrain";
import { hashutReplacement } from "./hashut6";
import { efMask, setEfMask, UM } from "./state";
import {
  cp0, cp1, deployed, flag, forgetUnitGeometry, inF, inI, nObjectives, nUnits, owner, removeFromBattlefield, round, setPosition, setSt, setUd, setUi, st,
  turn, ud, UD, ui, UI, ur, ux, uy, wi, WI, woundsLeft, copyWeapon, ldI, stI, setStatus, bitOf, ownerMask0, ownerMask1, deployedMask, deployedOf, unitsOf, markSpells,
} from "./state";

// ---- the abilities and each unit's slots -----------------------------------------------------------------

const AB_I = memory.data(MAX_ABILITIES * 16 * 4, 16);
const AB_F = memory.data(MAX_ABILITIES * 4 * 8, 16);
let nAbilities: i32 = 0;

// @ts-ignore: decorator
@inline function abI(k: i32, f: i32): i32 { return ldI(AB_I, k * 16 + f); }
/** f64 fields: 0 ENEMY_GAP, 1 EDGE, 2 NEAR_USER. */
// @ts-ignore: decorator
@inline function abF(k: i32, f: i32): f64 { return load<f64>(AB_F + (<usize>(k * 4 + f) << 3)); }

const RESERVE = memory.data(MAX_UNITS * 4, 16);
const REPLACE_MASK = memory.data(MAX_UNITS * 4, 16);
const USER_MASK = memory.data(MAX_UNITS * 4, 16);
/** To Our Liege: bit k, the unit can be the anchor of redeployment record k (U.ANCHOR_MASK). */
const ANCHOR_MASK = memory.data(MAX_UNITS * 4, 16);
const ADDED = memory.data(MAX_UNITS * 4, 16);

// @ts-ignore: decorator
@inline function reserveOf(u: i32): i32 { return ldI(RESERVE, u); }

/** The replacement abilities of each player in each phase (bit k; [player * 2 + phase], phase 0 hero, 1
 * movement), the units each ability can replace (REPLACE_MASK, fixed for a load: a replacement has none), and
 * the units in reserve (STATUS 3), as masks. */
const ABILITY_MASK = memory.data(4 * 4, 16);
const REPLACEABLE = memory.data(MAX_ABILITIES * 8, 16);
let reserveUnits: u64 = 0;
/** The redeployment records (KIND 2, setups.ts) of each player's units, as masks over the records. */
let redeployMask0: i32 = 0;
let redeployMask1: i32 = 0;

let nUnits0: i32 = 0;
let nWeapons0: i32 = 0;
let weaponsUsed: i32 = 0;
let fatiguedPlan: bool = false;
// Abilities used: this battle, this turn (with the turn's stamp round * 2 + turn + 1), this phase (commands).
let usedBattle0: i32 = 0;
let usedBattle1: i32 = 0;
let usedTurn0: i32 = 0;
let usedTurn1: i32 = 0;
let turnStamp0: i32 = 0;
let turnStamp1: i32 = 0;
let usedPhase0: i32 = 0;
let usedPhase1: i32 = 0;

/** Reads the abilities and the units' slots of the encoded battle (after state.ts loadBattle). */
export function loadReserves(): void {
  nUnits0 = inI(H.N_UNITS);
  nWeapons0 = inI(H.N_WEAPONS);
  fatiguedPlan = inI(H.FATIGUED) != 0;
  nAbilities = min<i32>(MAX_ABILITIES, inI(H.N_ABILITIES));
  const off = inI(H.OFF_ABILITIES);
  for (let k = 0; k < nAbilities; k++) {
    const r = off + k * ABILITY;
    for (let f = 0; f < 16; f++) stI(AB_I, k * 16 + f, inI(r + f));
    store<f64>(AB_F + (<usize>(k * 4) << 3), inF(r + AB.ENEMY_GAP));
    store<f64>(AB_F + (<usize>(k * 4 + 1) << 3), inF(r + AB.EDGE));
    store<f64>(AB_F + (<usize>(k * 4 + 2) << 3), inF(r + AB.NEAR_USER));
  }
  const offUnits = inI(H.OFF_UNITS);
  for (let i = 0; i < 4; i++) stI(ABILITY_MASK, i, 0);
  redeployMask0 = 0;
  redeployMask1 = 0;
  for (let k = 0; k < nAbilities; k++) {
    if (abI(k, AB.KIND) == 2) {
      if ((abI(k, AB.FACTION) & 1) != 0) redeployMask0 |= 1 << k;
      if ((abI(k, AB.FACTION) & 2) != 0) redeployMask1 |= 1 << k;
      continue;
    }
    if (abI(k, AB.KIND) != 1) continue;
    const phase = abI(k, AB.PHASE);
    if (phase < 0 || phase > 1) continue;
    for (let p = 0; p < 2; p++) if ((abI(k, AB.FACTION) & (1 << p)) != 0) stI(ABILITY_MASK, p * 2 + phase, ldI(ABILITY_MASK, p * 2 + phase) | (1 << k));
    let m: u64 = 0;
    for (let u = 0; u < nUnits0; u++) if ((inI(offUnits + u * UNIT + U.REPLACE_MASK) & (1 << k)) != 0) m |= bitOf(u);
    store<u64>(REPLACEABLE + (<usize>k << 3), m);
  }
}

/** Puts back the starting position's reserve state (after state.ts resetBattle). */
export function resetReserves(): void {
  const offUnits = inI(H.OFF_UNITS);
  for (let u = 0; u < nUnits0; u++) {
    const o = offUnits + u * UNIT;
    stI(RESERVE, u, inI(o + U.RESERVE));
    stI(REPLACE_MASK, u, inI(o + U.REPLACE_MASK));
    stI(USER_MASK, u, inI(o + U.USER_MASK));
    stI(ANCHOR_MASK, u, inI(o + U.ANCHOR_MASK));
    stI(ADDED, u, inI(o + U.ADDED));
  }
  reserveUnits = 0;
  for (let u = 0; u < nUnits0; u++) if (ui(u, UI.STATUS) == 3) reserveUnits |= bitOf(u);
  weaponsUsed = nWeapons0;
  usedBattle0 = inI(H.ABILITY_BATTLE0);
  usedBattle1 = inI(H.ABILITY_BATTLE1);
  const now = inI(H.ROUND) * 2 + inI(H.TURN) + 1;
  usedTurn0 = inI(H.ABILITY_TURN0);
  usedTurn1 = inI(H.ABILITY_TURN1);
  turnStamp0 = now;
  turnStamp1 = now;
  usedPhase0 = inI(H.ABILITY_PHASE0);
  usedPhase1 = inI(H.ABILITY_PHASE1);
}

/** CORE-CP: commands are once per phase (turn.ts beginTurn and nextPhase clear BattleData.commandsUsed). */
export function clearAbilityPhase(): void {
  usedPhase0 = 0;
  usedPhase1 = 0;
}

// @ts-ignore: decorator
@inline function nowStamp(): i32 { return round * 2 + turn + 1; }

/** A unit added to the army now (a summoned manifestation: manifestations.ts setUpManifestation). */
export function markAdded(u: i32): void {
  stI(ADDED, u, nowStamp());
}

/** Set up this turn as a unit added to the army (status.ts: "was not set up this turn"). */
export function addedThisTurn(u: i32): bool {
  return ldI(ADDED, u) == nowStamp();
}

/** PB-BP-09 Fatigued Warriors (replacement.ts fatigued): added this turn, it cannot shoot or charge. */
export function fatigued(u: i32): bool {
  return fatiguedPlan && ldI(ADDED, u) == nowStamp();
}

// ---- the start of the fourth battle round ----------------------------------------------------------------

/** reserves.ts destroyReserves: units still in reserve at the start of battle round 4 are destroyed. */
export function destroyReserves(): void {
  // "At the start of the fourth battle round": a unit that was not destroyed then (common.ts) stays in reserve.
  if (round != 4) return;
  let kept: u64 = 0;
  for (let m = reserveUnits; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (avoidsDestruction(u)) {
      kept |= bitOf(u);
      continue;
    }
    removeFromBattlefield(u);
    setUi(u, UI.MODELS, 0);
    setUi(u, UI.DAMAGE, 0);
    stI(RESERVE, u, -1);
    setUi(u, UI.KILLED, 1);
    setUi(u, UI.KILLED_BY_MONSTER, 0);
    setUi(u, UI.KILLED_BY_PREDATOR, 0);
    setUi(u, UI.KILLED_ROUND, round);
    setUi(u, UI.KILLED_TURN, -1);
  }
  reserveUnits = kept;
}

// ---- where a unit is set up (reserves.ts canSetUpAt, setUpSpot) -------------------------------------------

const SET_UP_MARGIN: f64 = 1e-6;
const FRIEND_GAP: f64 = 0.5;
const RINGS: i32 = 75;
const C1: f64 = 0.9238795325112867;
const S1: f64 = 0.3826834323650898;
const C2: f64 = 0.7071067811865476;
const DIRS: StaticArray<f64> = [1, 0, C1, S1, C2, C2, S1, C1, 0, 1, -S1, C1, -C2, C2, -C1, S1, -1, 0, -C1, -S1, -C2, -C2, -S1, -C1, 0, -1, S1, -C1, C2, -C2, C1, -S1];

export let spotX: f64 = 0;
export let spotY: f64 = 0;

/** The footprints a set-up keeps clear of, for one radius and ability: centre, squared reach, reach, and how far
 * the centre lies outside the box the ring search clamps spots to; friendly ones need at least FRIEND_GAP
 * (blocked when strictly inside), enemy ones more than the ability's gap. */
const OBST = memory.data(MAX_UNITS * 5 * 8, 16);
const OBST_FRIEND = memory.data(MAX_UNITS * 4, 16);
let nObst: i32 = 0;
/** A unit that is no obstacle (the one being set up again: setups.ts redeployChoices), or -1. */
let obstSkip: i32 = -1;
/** The obstacle that blocked the last spot tried: tried first at the next (the answer is the same whatever the order). */
let lastBlock: i32 = 0;

function prepareObstacles(player: i32, r: f64, k: i32): void {
  const gap = abF(k, 0);
  const maxX = WIDTH - r;
  const maxY = DEPTH - r;
  nObst = 0;
  lastBlock = 0;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    if (e == obstSkip) continue;
    const friend = owner(e) == player;
    const reach = friend ? FRIEND_GAP + r + ur(e) : gap + r + ur(e) + SET_UP_MARGIN;
    const at = OBST + (<usize>(nObst * 5) << 3);
    const x = ux(e);
    const y = uy(e);
    store<f64>(at, x);
    store<f64>(at + 8, y);
    store<f64>(at + 16, reach * reach);
    store<f64>(at + 24, reach);
    const ox = x - Math.min(maxX, Math.max(r, x));
    const oy = y - Math.min(maxY, Math.max(r, y));
    store<f64>(at + 32, Math.sqrt(ox * ox + oy * oy));
    stI(OBST_FRIEND, nObst, friend ? 1 : 0);
    nObst++;
  }
}

// @ts-ignore: decorator
@inline function blocks(i: i32, x: f64, y: f64): bool {
  const at = OBST + (<usize>(i * 5) << 3);
  const dx = x - load<f64>(at);
  const dy = y - load<f64>(at + 8);
  const d2 = dx * dx + dy * dy;
  const r2 = load<f64>(at + 16);
  return ldI(OBST_FRIEND, i) != 0 ? d2 < r2 : d2 <= r2;
}

/** reserves.ts canSetUpAt, with the obstacles of prepareObstacles. */
function canSetUpAt(x: f64, y: f64, r: f64, k: i32, user: i32): bool {
  const near = abF(k, 2);
  if (near >= 0) {
    if (user < 0) return false;
    const reach = near - r + ur(user);
    if (reach < 0) return false;
    const dx = x - ux(user);
    const dy = y - uy(user);
    if (dx * dx + dy * dy > reach * reach) return false;
  }
  const edge = abF(k, 1);
  if (edge >= 0 && !(x + r <= edge || WIDTH - x + r <= edge || y + r <= edge || DEPTH - y + r <= edge)) return false;
  // Every obstacle must be clear (a conjunction without side effects): the last blocker is the likeliest.
  if (lastBlock < nObst && blocks(lastBlock, x, y)) return false;
  for (let i = 0; i < nObst; i++) {
    if (blocks(i, x, y)) {
      lastBlock = i;
      return false;
    }
  }
  return canStand(x, y, r);
}

/**
 * The first ring of the search around (tx, ty) that is not wholly inside one obstacle. A spot of ring `d` is
 * (tx, ty) + d * a unit direction clamped to the box [r, WIDTH - r] x [r, DEPTH - r]; clamping is the projection
 * onto that box, which brings no two points further apart, so the spot lies within |T - E| + d + (how far E
 * lies outside the box) of an obstacle's centre E. When that is less than its reach by far more than any
 * rounding (1e-6), every spot of the ring is blocked by it and canSetUpAt is false there: skipping those rings
 * finds the same spot.
 */
function firstOpenRing(tx: f64, ty: f64): i32 {
  let s: f64 = 0;
  for (let i = 0; i < nObst; i++) {
    const at = OBST + (<usize>(i * 5) << 3);
    const dx = tx - load<f64>(at);
    const dy = ty - load<f64>(at + 8);
    const v = load<f64>(at + 24) - Math.sqrt(dx * dx + dy * dy) - load<f64>(at + 32) - 1e-6;
    if (v > s) s = v;
  }
  // Rings d < s are blocked whole.
  return <i32>Math.ceil(s);
}

/** The legal spot nearest (tx, ty) by the ring search, in spotX/spotY; false if none (after prepareObstacles). */
function setUpSpot(r: f64, k: i32, user: i32, tx: f64, ty: f64): bool {
  const maxX = WIDTH - r;
  const maxY = DEPTH - r;
  for (let ring = firstOpenRing(tx, ty); ring <= RINGS; ring++) {
    const n = ring == 0 ? 1 : 16;
    const d = <f64>ring;
    for (let j = 0; j < n; j++) {
      const x = Math.min(maxX, Math.max(r, tx + d * unchecked(DIRS[2 * j])));
      const y = Math.min(maxY, Math.max(r, ty + d * unchecked(DIRS[2 * j + 1])));
      if (canSetUpAt(x, y, r, k, user)) {
        spotX = x;
        spotY = y;
        return true;
      }
    }
  }
  return false;
}

// ---- the policy's pick (policy.ts setUpPick over reserves.ts setUpTargets) ---------------------------------

/** The decision: kind (0 a replacement, 1 an arrival), unit, ability, user, where, and the target (trace). */
export let setUpKind: i32 = 0;
export let setUpUnit: i32 = -1;
export let setUpAbility: i32 = -1;
export let setUpUser: i32 = -1;
export let setUpX: f64 = 0;
export let setUpY: f64 = 0;
/** The target as the trace codes it: an objective's index, or 100 + an enemy unit. */
export let setUpTarget: i32 = -1;

let anySpot: bool = false;
/** The squared distance of pickSpot's objective spot from that objective's centre (when it picked an objective). */
let pickD: f64 = 0;

/**
 * setUpTargets' options for one unit (ability k, user): the objectives on the battlefield in plan order, then
 * the two enemy units with the fewest wounds left. setUpPick: the objective not ours and held whose spot is
 * nearest it, else the first enemy option. Returns whether one was picked; anySpot: whether any option exists.
 */
function pickSpot(player: i32, r: f64, k: i32, user: i32): bool {
  anySpot = false;
  computeAnchors();
  prepareObstacles(player, r, k);
  // The spots are pure functions of the position: only those the answer needs are searched for (the
  // objectives not ours and held; else the enemies; else whether any settled objective has one).
  let best = -1;
  let bestD: f64 = Infinity;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || settled(player, o)) continue;
    const ox = objX(o);
    const oy = objY(o);
    if (!setUpSpot(r, k, user, ox, oy)) continue;
    const dx = spotX - ox;
    const dy = spotY - oy;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = o;
      setUpX = spotX;
      setUpY = spotY;
    }
  }
  if (best >= 0) {
    anySpot = true;
    setUpTarget = best;
    pickD = bestD;
    return true;
  }
  // The two weakest enemy units (fewest wounds left, then lowest id).
  let e1 = -1;
  let e2 = -1;
  for (let m = deployedOf(1 - player); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    if (e1 < 0 || woundsLeft(e) < woundsLeft(e1)) {
      e2 = e1;
      e1 = e;
    } else if (e2 < 0 || woundsLeft(e) < woundsLeft(e2)) e2 = e;
  }
  for (let i = 0; i < 2; i++) {
    const e = i == 0 ? e1 : e2;
    if (e < 0 || !setUpSpot(r, k, user, ux(e), uy(e))) continue;
    anySpot = true;
    setUpTarget = 100 + e;
    setUpX = spotX;
    setUpY = spotY;
    return true;
  }
  for (let o = 0; o < nObjectives && !anySpot; o++) if (inPlay(o) && settled(player, o) && setUpSpot(r, k, user, objX(o), objY(o))) anySpot = true;
  return false;
}

/** replacement.ts replacementAvailable: faction, phase, frequency and a command's cost. */
function available(player: i32, k: i32, phase: i32): bool {
  if (abI(k, AB.KIND) != 1 || abI(k, AB.PHASE) != phase || (abI(k, AB.FACTION) & (1 << player)) == 0) return false;
  const bit = 1 << k;
  const freq = abI(k, AB.FREQUENCY);
  if (freq == 2 && ((player == 0 ? usedBattle0 : usedBattle1) & bit) != 0) return false;
  if (freq == 1 && (player == 0 ? turnStamp0 : turnStamp1) == nowStamp() && ((player == 0 ? usedTurn0 : usedTurn1) & bit) != 0) return false;
  return commandReady(player, k);
}

/** CORE-CP for record k: not a command, or a command point left and not used this phase (replacements, redeployments). */
function commandReady(player: i32, k: i32): bool {
  return abI(k, AB.COMMAND) == 0 || ((player == 0 ? cp0 : cp1) >= 1 && ((player == 0 ? usedPhase0 : usedPhase1) & (1 << k)) == 0);
}

/** A replacement's models: half the original's, rounding up, or all. */
// @ts-ignore: decorator
@inline function replacementModels(k: i32, t: i32): i32 {
  const n = ui(t, UI.START_MODELS);
  return abI(k, AB.HALF) != 0 ? (n + 1) >> 1 : n;
}

/**
 * policy.ts setUpOrder for `player` in `phase` (0 hero, 1 movement): the first replacement the engine offers
 * (ability, destroyed unit, user) placed by setUpPick; else, in the movement phase from battle round 2, the
 * first unit in reserve that can arrive. False: neither (the decision falls to the phase's other orders).
 */
export function setUpOrder(player: i32, phase: i32): bool {
  // Only the player's abilities of this phase can be available; only their targets can be replaced.
  for (let mk = ldI(ABILITY_MASK, player * 2 + phase); mk != 0; mk &= mk - 1) {
    const k = <i32>ctz<i32>(mk);
    if (!available(player, k, phase)) continue;
    const bit = 1 << k;
    for (let mt = load<u64>(REPLACEABLE + (<usize>k << 3)) & unitsOf(player); mt != 0; mt &= mt - 1) {
      const t = <i32>ctz<u64>(mt);
      if (ui(t, UI.STATUS) != 2 || st(t, US.REPLACED)) continue;
      const r = footprintRadius(replacementModels(k, t), ud(t, UD.BASE_RADIUS));
      if (abI(k, AB.USER) == 0) {
        const picked = pickSpot(player, r, k, -1);
        if (anySpot) return decideReplacement(picked, k, t, -1, phase);
        continue;
      }
      for (let mu = deployedOf(player); mu != 0; mu &= mu - 1) {
        const user = <i32>ctz<u64>(mu);
        if ((ldI(USER_MASK, user) & bit) == 0) continue;
        if (abI(k, AB.USER_NOT_IN_COMBAT) != 0 && inCombat(user)) continue;
        const picked = pickSpot(player, r, k, user);
        if (anySpot) return decideReplacement(picked, k, t, user, phase);
      }
    }
  }
  return laterOrder(player, phase);
}

/** policy.ts setUpOrder after the replacements: in the movement phase, an arrival from battle round 2, else a redeployment. */
function laterOrder(player: i32, phase: i32): bool {
  if (phase != 1) return false;
  if (round >= 2 && arrivalOrder(player)) return true;
  return redeployOrder(player);
}

function decideReplacement(picked: bool, k: i32, t: i32, user: i32, phase: i32): bool {
  if (!picked) return laterOrder(owner(t), phase);
  setUpKind = 0;
  setUpAbility = k;
  setUpUnit = t;
  setUpUser = user;
  return true;
}

function arrivalOrder(player: i32): bool {
  for (let m = reserveUnits & unitsOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    const k = reserveOf(u);
    if (abI(k, AB.PHASE) != 1 || round < abI(k, AB.FROM_ROUND)) continue;
    const picked = pickSpot(player, footprintRadius(ui(u, UI.MODELS), ud(u, UD.BASE_RADIUS)), k, -1);
    if (!anySpot) continue;
    if (!picked) return false;
    setUpKind = 1;
    setUpAbility = k;
    setUpUnit = u;
    setUpUser = -1;
    return true;
  }
  return false;
}

/**
 * setups.ts redeployChoices with an anchor (To Our Liege): setUpPick over every anchor's options — each friendly unit
 * but `u` of ANCHOR_MASK bit k, by ascending id — the objective spot nearest its objective, the first anchor on ties
 * (an objective pick only: redeployOrder takes nothing else). In setUpX/Y and setUpTarget.
 */
function pickAnchored(player: i32, r: f64, k: i32, u: i32): bool {
  let found = false;
  let bestD: f64 = Infinity;
  let bx: f64 = 0;
  let by: f64 = 0;
  let bt = -1;
  for (let m = deployedOf(player) & ~bitOf(u); m != 0; m &= m - 1) {
    const h = <i32>ctz<u64>(m);
    if ((ldI(ANCHOR_MASK, h) & (1 << k)) == 0) continue;
    if (!pickSpot(player, r, k, h) || setUpTarget >= 100) continue;
    if (!found || pickD < bestD) {
      found = true;
      bestD = pickD;
      bx = setUpX;
      by = setUpY;
      bt = setUpTarget;
    }
  }
  if (!found) return false;
  setUpX = bx;
  setUpY = by;
  setUpTarget = bt;
  return true;
}

/** setups.ts available: a redeployment record's frequency. */
function redeployAvailable(player: i32, k: i32): bool {
  const bit = 1 << k;
  const freq = abI(k, AB.FREQUENCY);
  if (freq == 2 && ((player == 0 ? usedBattle0 : usedBattle1) & bit) != 0) return false;
  if (freq == 1 && (player == 0 ? turnStamp0 : turnStamp1) == nowStamp() && ((player == 0 ? usedTurn0 : usedTurn1) & bit) != 0) return false;
  return commandReady(player, k); // Ethereal Translocation: a command's point, once per phase
}

/**
 * setups.ts redeployPick: the first unit of `player` (by id) that has not moved, is not in combat and holds no
 * objective, with its redeployment records in order; setUpPick's spot (its own footprint no obstacle), taken if it
 * is an objective's and nearer that objective's centre than the unit by more than its Move estimate.
 */
function redeployOrder(player: i32): bool {
  const mask = player == 0 ? redeployMask0 : redeployMask1;
  if (mask == 0) return false;
  computeAnchors();
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if ((ldI(USER_MASK, u) & mask) == 0 || st(u, US.MOVED) || inCombat(u) || holds(player, u)) continue;
    for (let mk = ldI(USER_MASK, u) & mask; mk != 0; mk &= mk - 1) {
      const k = <i32>ctz<i32>(mk);
      if (!redeployAvailable(player, k)) continue;
      if (abI(k, AB.COMMAND) != 0 && !hasIssuer(u)) continue; // CORE-CP: a command needs an issuer (setups.ts redeployChoices)
      obstSkip = u;
      const r = footprintRadius(ui(u, UI.MODELS), ud(u, UD.BASE_RADIUS));
      const picked = abI(k, AB.ANCHOR) != 0 ? pickAnchored(player, r, k, u) : pickSpot(player, r, k, -1);
      obstSkip = -1;
      if (!picked || setUpTarget >= 100) continue;
      const ox = objX(setUpTarget);
      const oy = objY(setUpTarget);
      const dNew = Math.sqrt((setUpX - ox) * (setUpX - ox) + (setUpY - oy) * (setUpY - oy));
      const dOld = Math.sqrt((ux(u) - ox) * (ux(u) - ox) + (uy(u) - oy) * (uy(u) - oy));
      if (!(dNew + ud(u, UD.MOVE_ESTIMATE) < dOld)) continue;
      setUpKind = 2;
      setUpAbility = k;
      setUpUnit = u;
      setUpUser = -1;
      return true;
    }
  }
  return false;
}

// ---- applying it ---------------------------------------------------------------------------------------------

/** Applies the decision setUpOrder left. */
export function applySetUp(): void {
  if (setUpKind == 1) arrive(setUpUnit, setUpX, setUpY);
  else if (setUpKind == 2) redeployUnit(setUpAbility, setUpUnit, setUpX, setUpY);
  else replaceUnit(setUpAbility, setUpUnit, setUpX, setUpY);
}

/** setups.ts redeploy: set up again, having moved this phase. */
function redeployUnit(k: i32, u: i32, x: f64, y: f64): void {
  markUsed(owner(u), k);
  setPosition(u, x, y);
  setSt(u, US.MOVED, true);
}

/** reserves.ts arrive: on the battlefield, having moved this phase, set up this turn by its arrival ability. */
function arrive(u: i32, x: f64, y: f64): void {
  setStatus(u, 1);
  reserveUnits &= ~bitOf(u);
  stI(RESERVE, u, -1);
  setPosition(u, x, y);
  setSt(u, US.MOVED, true);
  setSt(u, US.ARRIVED, true);
}

function markUsed(player: i32, k: i32): void {
  const bit = 1 << k;
  if (abI(k, AB.COMMAND) != 0) {
    if (player == 0) {
      cp0 -= 1;
      usedPhase0 |= bit;
    } else {
      cp1 -= 1;
      usedPhase1 |= bit;
    }
  }
  const now = nowStamp();
  if (player == 0) {
    usedBattle0 |= bit;
    if (turnStamp0 != now) {
      turnStamp0 = now;
      usedTurn0 = 0;
    }
    usedTurn0 |= bit;
  } else {
    usedBattle1 |= bit;
    if (turnStamp1 != now) {
      turnStamp1 = now;
      usedTurn1 = 0;
    }
    usedTurn1 |= bit;
  }
}

/** replacement.ts setUpReplacement: a new unit in the next slot, a copy of `t` with the ability's models. */
function replaceUnit(k: i32, t: i32, x: f64, y: f64): void {
  const player = owner(t);
  markUsed(player, k);
  const id = nUnits;
  nUnits = nUnits + 1;
  for (let f = 0; f < UI.COUNT; f++) setUi(id, f, ui(t, f));
  for (let f = 0; f < UM.COUNT; f++) setEfMask(id, f, efMask(t, f));
  for (let f = 0; f < UD.COUNT; f++) setUd(id, f, ud(t, f));
  const start = ui(t, UI.START_MODELS);
  const n = replacementModels(k, t);
  // Its weapons: copies carried by the same share of the models, at least one model each (replacementProfile).
  const first = ui(t, UI.FIRST_WEAPON);
  const nw = ui(t, UI.WEAPONS);
  let melee: f64 = 0;
  let ranged: f64 = 0;
  for (let w = 0; w < nw; w++) {
    const carriers = max<i32>(1, min<i32>(n, <i32>jsRound((<f64>wi(first + w, WI.CARRIERS) * <f64>n) / <f64>start)));
    copyWeapon(first + w, weaponsUsed + w, carriers);
    const weight = <f64>carriers * meanDice(wi(first + w, WI.AC), wi(first + w, WI.AS), wi(first + w, WI.AP));
    if (wi(first + w, WI.RANGED) != 0) ranged += weight;
    else melee += weight;
  }
  setUi(id, UI.FIRST_WEAPON, weaponsUsed);
  weaponsUsed += nw;
  setUd(id, UD.MELEE_WEIGHT, melee);
  setUd(id, UD.RANGED_WEIGHT, ranged);
  setUi(id, UI.START_MODELS, n);
  setUi(id, UI.MODELS, n);
  setUi(id, UI.DAMAGE, 0);
  setUi(id, UI.STATE, 0);
  setUi(id, UI.KILLED, 0);
  setUi(id, UI.KILLED_BY_MONSTER, 0);
  setUi(id, UI.KILLED_BY_PREDATOR, 0);
  setUi(id, UI.KILLED_ROUND, 0);
  setUi(id, UI.KILLED_TURN, 0);
  setUi(id, UI.CASTS, 0);
  setUi(id, UI.BLOCKED, 0);
  setEfMask(id, UM.EF_TURN, 0); // a new unit: no for-the-turn effects (tokens.ts)
  traitsReplacement(id); // nor the bundled traits' state (traits.ts)
  setUi(id, UI.DMG_BATTLE_LO, 0); // nor "Once Per Battle" uses of its own (damage.ts)
  setUi(id, UI.DMG_BATTLE_HI, 0);
  resetCommonOf(id); // nor momentum points or a resistance roll used (common.ts)
  setEfMask(id, UM.SPELL_UNTIL0, 0); // nor a spell's until its caster's next turn, nor ritual points (warscroll-spells.ts)
  setEfMask(id, UM.SPELL_UNTIL1, 0);
  setUi(id, UI.RITUAL, 0);
  setUi(id, UI.KILLS5, 0); // nor kills or kill marks (kills5.ts: a new unit state)
  hashutReplacement(id, t); // nor daemonic power points (hashut6.ts)
  markSpells(id); // its prayers (manifest.ts) are cleared with the next phase, as every unit's
  const reinforced = flag(t, UF.REINFORCED) && n * 2 > start;
  setUi(id, UI.FLAGS, (ui(t, UI.FLAGS) & ~(UF.STARTING_ARMY | UF.GENERAL | UF.REINFORCED)) | UF.REPLACEMENT | (reinforced ? UF.REINFORCED : 0));
  stI(RESERVE, id, -1);
  stI(REPLACE_MASK, id, 0);
  stI(USER_MASK, id, ldI(USER_MASK, t));
  stI(ANCHOR_MASK, id, ldI(ANCHOR_MASK, t));
  stI(ADDED, id, nowStamp());
  setSt(t, US.REPLACED, true);
  forgetUnitGeometry(id);
  removeFromBattlefield(id);
  if (player == 0) ownerMask0 |= bitOf(id);
  else ownerMask1 |= bitOf(id);
  setStatus(id, 1);
  setPosition(id, x, y);
  if (abI(k, AB.PHASE) == 1) setSt(id, US.MOVED, true);
  clearContestCacheOf(id);
  clearPolicyCacheOf(id);
}

// @ts-ignore: decorator
@inline function meanDice(c: i32, s: i32, p: i32): f64 {
  return (<f64>c * <f64>(s + 1)) / 2 + <f64>p;
}
