// The scripted policy of src/aos/battle/policy.ts, decision for decision: the same rules, the same
// estimates computed with the same arithmetic, the same order of candidates and the same tie-breaks, so the
// same state gives the same decision in both (the file comment there says what the policy does).
// Decisions come back through the `dec*` globals.
import { shootsInCombat } from "./cities6";
import { powerLevel } from "./passive2";
import { anchorOf, contests, control, controlledBy, inPlay, markerWithin, objX, objY, objectiveWhollyWithin, unitToObjective, controlScore, whollyWithinTerritory } from "./board";
import { carriersLeft, inCombat, lastCandidates } from "./actions";
import { destroyValue } from "./score";
import { fatigued } from "./reserves";
import { COMBAT_RANGE, hypot } from "./math";
import { canSee, offeredPace } from "./paths";
import { chargeDice } from "./effects";
import { actsAfter, mayChargeAfterMoving, mayShootAfterMoving, moveModifier } from "./moves";
import { MAX_UNITS, UF, US } from "./layout";
import {
  deployed, dist, flag, general, isHero, isMonster, nHistory, nObjectives, nUnits, owner, pushHistory, round, sideOf, st, ud, UD, ui, UI, ur, ux, uy,
  wi, WI, woundsLeft, enemiesInCombat, clock, lastTouched, unitClock, within, tactic, tacticUnit0, tacticUnit1, tacticUnit2, tacticObj0, tacticObj1,
  sPickedAtt, sPickedDef, spellMetamorphosis, deployedMask, deployedOf, unitsOf, bitOf,
} from "./state";

const GOOD_CHARGE_GAP: f64 = 7.5;
const MELEE_REACH: f64 = 10;
const DESTROY_AT: i32 = 4;
const METAMORPHOSIS_RANGE: f64 = 12;

export const TO_OBJECTIVE: i32 = 0;
export const TO_ENEMY: i32 = 1;

// The decision.
export let decUnit: i32 = -1;
export let decTarget: i32 = -1;
export let decKind: i32 = 0;
export let decRun: bool = false;
export let decObj0: i32 = -1;
export let decObj1: i32 = -1;
export let decUnit1: i32 = -1;
export let decUnit2: i32 = -1;

// ---- estimates (policy.ts) -------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline function meanDice(c: i32, s: i32, p: i32): f64 {
  return (<f64>c * <f64>(s + 1)) / 2 + <f64>p;
}

// @ts-ignore: decorator
@inline function rollP(target: i32): f64 {
  return <f64>(7 - min<i32>(6, max<i32>(2, target))) / 6;
}

/**
 * expectedDamage depends only on the attacker's models left (the target's save is fixed): each (attacker,
 * target, type) keeps its last value with the models it was computed for (+1; 0 = none). Cleared per load.
 */
const ED_VALUE = memory.data(MAX_UNITS * MAX_UNITS * 2 * 8, 16);
const ED_MODELS = memory.data(MAX_UNITS * MAX_UNITS * 2 * 4, 16);

export function clearPolicyCache(): void {
  memory.fill(ED_MODELS, 0, <usize>(MAX_UNITS * MAX_UNITS * 2 * 4));
}

/** Forgets the values involving unit slot `u` (a new unit in it: reserves.ts replaceUnit); the others stand. */
export function clearPolicyCacheOf(u: i32): void {
  memory.fill(ED_MODELS + (<usize>(u * MAX_UNITS * 2) << 2), 0, <usize>(MAX_UNITS * 2 * 4));
  for (let a = 0; a < MAX_UNITS; a++) store<u64>(ED_MODELS + (<usize>((a * MAX_UNITS + u) * 2) << 2), 0);
}

export function expectedDamage(u: i32, t: i32, ranged: bool): f64 {
  const i = (u * MAX_UNITS + t) * 2 + (ranged ? 1 : 0);
  const stamp = ui(u, UI.MODELS) + 1;
  if (load<i32>(ED_MODELS + (<usize>i << 2)) == stamp) return load<f64>(ED_VALUE + (<usize>i << 3));
  const v = computeExpectedDamage(u, t, ranged);
  store<i32>(ED_MODELS + (<usize>i << 2), stamp);
  store<f64>(ED_VALUE + (<usize>i << 3), v);
  return v;
}

function computeExpectedDamage(u: i32, t: i32, ranged: bool): f64 {
  const save = ui(t, UI.SAVE);
  const first = ui(u, UI.FIRST_WEAPON);
  const last = first + ui(u, UI.WEAPONS);
  let sum: f64 = 0;
  for (let w = first; w < last; w++) {
    if ((wi(w, WI.RANGED) != 0) != ranged) continue;
    const unsaved: f64 = save == 0 ? 1 : 1 - rollP(save + wi(w, WI.REND));
    sum +=
      <f64>carriersLeft(w, u) * meanDice(wi(w, WI.AC), wi(w, WI.AS), wi(w, WI.AP)) * rollP(wi(w, WI.HIT)) * rollP(wi(w, WI.WOUND)) * unsaved *
      meanDice(wi(w, WI.DC), wi(w, WI.DS), wi(w, WI.DP));
  }
  return sum;
}

function killChance(player: i32, target: i32): f64 {
  if (!deployed(target)) return 0;
  let threat: f64 = 0;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    const reach = ud(u, UD.MOVE_ESTIMATE);
    if (within(u, target, reach + MELEE_REACH)) threat += expectedDamage(u, target, false);
    const range = ud(u, UD.MAX_RANGE);
    if (range > 0 && within(u, target, range + reach)) threat += expectedDamage(u, target, true);
  }
  return Math.min(0.9, threat / <f64>(2 * woundsLeft(target)));
}

/** Each unit's control score with the models it has (controlScore), computed at most once per decision (the
 * tactic picks: nothing changes while they are scored); bit u of scoresKnown. */
const SCORE = memory.data(MAX_UNITS * 4, 16);
let scoresKnown: u64 = 0;

function holdChance(player: i32, o: i32): f64 {
  let mine = 0;
  let theirs = 0;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (flag(u, UF.MANIFESTATION)) continue; // it contests nothing
    // Within range of the marker (unitToMarker <= the gap), then its score (a pure function, asked only of the
    // units that count).
    const theirsUnit = owner(u) != player;
    const gap = theirsUnit || inCombat(u) ? COMBAT_RANGE : ud(u, UD.MOVE_ESTIMATE) + COMBAT_RANGE;
    if (!markerWithin(u, o, gap)) continue;
    let s: i32;
    if ((scoresKnown & bitOf(u)) != 0) s = load<i32>(SCORE + (<usize>u << 2));
    else {
      s = controlScore(u, ui(u, UI.MODELS));
      store<i32>(SCORE + (<usize>u << 2), s);
      scoresKnown |= bitOf(u);
    }
    if (theirsUnit) theirs += s;
    else mine += s;
  }
  if (mine <= theirs) return 0.05;
  return theirs == 0 ? 0.8 : 0.5;
}

function tacticScore(player: i32, kind: i32, a: i32, b: i32, c: i32, o0: i32, o1: i32): f64 {
  const enemy = 1 - player;
  switch (kind) {
    case 0:
    case 4:
      return killChance(player, a);
    case 2: {
      const g = general(enemy);
      return g < 0 ? 0 : killChance(player, g);
    }
    case 1:
      return held(o0);
    case 5:
      return held(o0) * held(o1);
    case 3: {
      const spread = Math.max(Math.max(dist(a, b), dist(a, c)), dist(b, c));
      return spread <= 1 ? 0.5 : spread <= COMBAT_RANGE ? 0.35 : 0.1;
    }
    case 6: {
      for (let o = 0; o < nObjectives; o++) {
        if (!inPlay(o) || !contests(a, o) || control(o) != player) continue;
        let enemyMonster = false;
        for (let m = deployedOf(enemy); m != 0; m &= m - 1) {
          const e = <i32>ctz<u64>(m);
          if (isMonster(e) && contests(e, o)) enemyMonster = true;
        }
        if (!enemyMonster) return 0.8;
      }
      return 0.1;
    }
    case 7: {
      let n = 0;
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        if (flag(u, UF.STARTING_ARMY) && whollyWithinTerritory(enemy, ux(u), uy(u), ur(u))) n++;
      }
      return n >= 2 ? 0.7 : n == 1 ? 0.2 : 0.05;
    }
  }
  return 0;
}

// ---- battle tactics: the picks in tactics.ts tacticPicks order -------------------------------------------

/** holdChance of each objective for the player deciding, computed at most once per decision. */
const HOLD = memory.data(16 * 8, 16);
let holdKnown: i32 = 0;
function held(o: i32): f64 {
  if ((holdKnown & (1 << o)) == 0) {
    store<f64>(HOLD + (<usize>o << 3), holdChance(me, o));
    holdKnown |= 1 << o;
  }
  return load<f64>(HOLD + (<usize>o << 3));
}

let picks: i32 = 0;
let bestScore: f64 = -Infinity;
let scoring: bool = false;
let me: i32 = 0;

/**
 * The most each battle tactic's estimate can be (killChance is capped at 0.9, holdChance is 0.05, 0.5 or
 * 0.8, ...): once a pick scores that much, no later pick of that tactic can beat it (a later pick must score
 * more), so it is not scored. The choice is the same as scoring every pick.
 */
function scoreBound(kind: i32): f64 {
  switch (kind) {
    case 1:
    case 6:
      return 0.8;
    case 3:
      return 0.5;
    case 5:
      return 0.8 * 0.8;
    case 7:
      return 0.7;
  }
  return 0.9;
}

function consider(kind: i32, a: i32, b: i32, c: i32, o0: i32, o1: i32): void {
  picks++;
  if (!scoring || bestScore >= scoreBound(kind)) return;
  const s = tacticScore(me, kind, a, b, c, o0, o1);
  if (s > bestScore) {
    bestScore = s;
    decKind = kind;
    decUnit = a;
    decUnit1 = b;
    decUnit2 = c;
    decObj0 = o0;
    decObj1 = o1;
  }
}

const TRIPLES = memory.data(4 * 3 * 4, 16);
const TRIPLE_SPREAD = memory.data(4 * 8, 16);

/** tactics.ts triples: the four tightest sets of three free starting-army units (on the battlefield, not in
 * combat), in id order (a stable sort). */
function triples(player: i32): i32 {
  let n = 0;
  let free: u64 = 0;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!inCombat(u) && flag(u, UF.STARTING_ARMY)) free |= bitOf(u);
  }
  for (let mi = free; mi != 0; mi &= mi - 1) {
    const i = <i32>ctz<u64>(mi);
    for (let mj = mi & (mi - 1); mj != 0; mj &= mj - 1) {
      const j = <i32>ctz<u64>(mj);
      for (let mk = mj & (mj - 1); mk != 0; mk &= mk - 1) {
        const k = <i32>ctz<u64>(mk);
        const spread = Math.max(Math.max(dist(i, j), dist(i, k)), dist(j, k));
        let at = n;
        while (at > 0 && load<f64>(TRIPLE_SPREAD + (<usize>(at - 1) << 3)) > spread) at--;
        if (at >= 4) continue;
        for (let m = min<i32>(n, 3); m > at; m--) {
          store<f64>(TRIPLE_SPREAD + (<usize>m << 3), load<f64>(TRIPLE_SPREAD + (<usize>(m - 1) << 3)));
          for (let q = 0; q < 3; q++) store<i32>(TRIPLES + (<usize>(m * 3 + q) << 2), load<i32>(TRIPLES + (<usize>((m - 1) * 3 + q) << 2)));
        }
        store<f64>(TRIPLE_SPREAD + (<usize>at << 3), spread);
        store<i32>(TRIPLES + (<usize>(at * 3) << 2), i);
        store<i32>(TRIPLES + (<usize>(at * 3 + 1) << 2), j);
        store<i32>(TRIPLES + (<usize>(at * 3 + 2) << 2), k);
        if (n < 4) n++;
      }
    }
  }
  return n;
}

/** Enumerates the battle tactic picks of `player`; with `score`, leaves the best in dec*. Returns how many. */
export function tacticPicks(player: i32, score: bool): i32 {
  picks = 0;
  bestScore = -Infinity;
  scoring = score;
  me = player;
  const enemy = 1 - player;
  const used = sideOf(player) == 0 ? sPickedAtt : sPickedDef;
  // Slay the Warlord and Savage Spearhead always have a pick: whether any tactic is open is then known.
  const always: i32 = (1 << 2) | (1 << 7);
  if (!score && (used & always) != always) return 1;
  holdKnown = 0;
  scoresKnown = 0;
  for (let k = 0; k < 8; k++) {
    if ((used & (1 << k)) != 0 || (score && bestScore >= scoreBound(k))) continue;
    switch (k) {
      case 0:
        for (let m = deployedOf(enemy); m != 0; m &= m - 1) {
          const e = <i32>ctz<u64>(m);
          if (flag(e, UF.BATTLELINE) && flag(e, UF.STARTING_ARMY)) consider(0, e, -1, -1, -1, -1);
        }
        break;
      case 1:
        for (let o = 0; o < nObjectives; o++) if (inPlay(o) && control(o) == enemy) consider(1, -1, -1, -1, o, -1);
        break;
      case 2:
      case 7:
        consider(k, -1, -1, -1, -1, -1);
        break;
      case 3: {
        const n = triples(player);
        for (let t = 0; t < n; t++) {
          const b = TRIPLES + (<usize>(t * 3) << 2);
          consider(3, load<i32>(b), load<i32>(b + 4), load<i32>(b + 8), -1, -1);
        }
        break;
      }
      case 4:
        for (let m = deployedOf(enemy); m != 0; m &= m - 1) {
          const e = <i32>ctz<u64>(m);
          if (isMonster(e)) consider(4, e, -1, -1, -1, -1);
        }
        break;
      case 5:
        for (let i = 0; i < nObjectives; i++) {
          if (!inPlay(i) || objectiveWhollyWithin(player, i)) continue;
          for (let j = i + 1; j < nObjectives; j++) {
            if (!inPlay(j) || objectiveWhollyWithin(player, j)) continue;
            consider(5, -1, -1, -1, i, j);
          }
        }
        break;
      case 6:
        for (let m = deployedOf(player); m != 0; m &= m - 1) {
          const u = <i32>ctz<u64>(m);
          if (isMonster(u) && flag(u, UF.STARTING_ARMY)) consider(6, u, -1, -1, -1, -1);
        }
        break;
    }
    if (picks > 0 && !score) return picks;
  }
  return picks;
}

// ---- targets ---------------------------------------------------------------------------------------------

/** policy.ts tacticTarget: the unit the battle tactic wants destroyed, or -1. */
function tacticTarget(player: i32): i32 {
  if (tactic == 0 || tactic == 4) return tacticUnit0;
  if (tactic == 2) return general(1 - player);
  return -1;
}

/** policy.ts bestTarget over the candidates in `mask` (ascending ids). */
function bestTarget(player: i32, mask: u64): i32 {
  const want = tacticTarget(player);
  if (want >= 0 && (mask & ((<u64>1) << <u64>want)) != 0) return want;
  let best = -1;
  for (let m = mask; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (best < 0 || woundsLeft(t) < woundsLeft(best)) best = t;
  }
  return best;
}

// ---- movement --------------------------------------------------------------------------------------------

/** The first unit of each player contesting each objective (policy.ts anchor), computed once per decision. */
const ANCHOR = memory.data(2 * 16 * 4, 16);
// @ts-ignore: decorator
@inline function anchor(player: i32, o: i32): i32 {
  return load<i32>(ANCHOR + (<usize>(player * 16 + o) << 2));
}

/** The clock (state.ts) when the anchors were last brought up to date; -1: never in this rollout. */
export let anchorsClock: i32 = -1;

export function computeAnchors(): void {
  if (anchorsClock == clock) return;
  if (anchorsClock >= 0 && clock == anchorsClock + 1 && lastTouched >= 0 && unitClock(lastTouched) == clock) {
    // One unit moved since (one unit per movement decision): only its army's anchors can change.
    const u = lastTouched;
    const p = owner(u);
    for (let o = 0; o < nObjectives; o++) {
      if (!inPlay(o)) continue;
      const a = anchor(p, o);
      if (deployed(u) && contests(u, o)) {
        if (a < 0 || u < a) store<i32>(ANCHOR + (<usize>(p * 16 + o) << 2), u);
      } else if (a == u) store<i32>(ANCHOR + (<usize>(p * 16 + o) << 2), anchorOf(p, o));
    }
  } else {
    for (let i = 0; i < 32; i++) store<i32>(ANCHOR + (<usize>i << 2), -1);
    for (let m = deployedMask; m != 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      const at = ANCHOR + (<usize>(owner(u) * 16) << 2);
      for (let o = 0; o < nObjectives; o++)
        if (inPlay(o) && load<i32>(at + (<usize>o << 2)) < 0 && contests(u, o)) store<i32>(at + (<usize>o << 2), u);
    }
  }
  anchorsClock = clock;
}

function enemyContests(player: i32, o: i32): bool {
  return anchor(1 - player, o) >= 0;
}

export function settled(player: i32, o: i32): bool {
  return control(o) == player && anchor(player, o) >= 0 && !enemyContests(player, o);
}

export function holds(player: i32, u: i32): bool {
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || !contests(u, o)) continue;
    if (control(o) != player || enemyContests(player, o) || anchor(player, o) == u) return true;
  }
  return false;
}

function nearestEnemy(player: i32, u: i32): i32 {
  let best = -1;
  let bestD = Infinity;
  for (let m = deployedOf(1 - player); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    const d = dist(u, e);
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

function inTacticObjectives(o: i32): bool {
  return (tactic == 1 || tactic == 5) && (o == tacticObj0 || o == tacticObj1);
}

/** policy.ts advanceTarget; false if the unit has nowhere to go. */
export function advanceTarget(player: i32, u: i32): bool {
  let wanted = false;
  for (let o = 0; o < nObjectives; o++) if (inPlay(o) && !settled(player, o) && inTacticObjectives(o)) wanted = true;
  let best = -1;
  let bestD: f64 = 0;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || settled(player, o) || (wanted && !inTacticObjectives(o))) continue;
    const d = unitToObjective(u, o);
    if (best < 0 || d < bestD) {
      best = o;
      bestD = d;
    }
  }
  if (best >= 0) {
    decKind = TO_OBJECTIVE;
    decTarget = best;
    return true;
  }
  const e = nearestEnemy(player, u);
  if (e < 0) return false;
  decKind = TO_ENEMY;
  decTarget = e;
  return true;
}

function wantsToRun(player: i32, u: i32): bool {
  const reach = ud(u, UD.MOVE_ESTIMATE);
  // policy.ts wantsToRun: with charge-after (moves.ts actsAfter, before the move) the charge is kept, and with
  // its SHOOT the missile weapons do not stop a run either.
  const keepsCharge = actsAfter(u, 1, false);
  const shooter = ud(u, UD.MAX_RANGE) != 0 && !actsAfter(u, 1, true) && !(keepsCharge && ud(u, UD.MELEE_WEIGHT) >= ud(u, UD.RANGED_WEIGHT));
  if (decKind != TO_ENEMY && !(unitToObjective(u, decTarget) > reach && !shooter)) return false;
  // The nearest enemy's gap (Infinity with none) > reach + 12 (reach with charge-after): every enemy's gap is
  // (within decides each exactly as dist would, mostly without measuring it).
  if (keepsCharge && decKind != TO_ENEMY) return true;
  const far = reach + (keepsCharge ? 0 : 12);
  for (let m = deployedOf(1 - player); m != 0; m &= m - 1) if (within(u, <i32>ctz<u64>(m), far)) return false;
  return true;
}

/** policy.ts ferociousTarget: the objective nearest the three picked units' centre. */
function ferociousTarget(): bool {
  let n = 0;
  let cx: f64 = 0;
  let cy: f64 = 0;
  for (let k = 0; k < 3; k++) {
    const u = k == 0 ? tacticUnit0 : k == 1 ? tacticUnit1 : tacticUnit2;
    if (!deployed(u)) continue;
    cx += ux(u);
    cy += uy(u);
    n++;
  }
  if (n == 0) return false;
  cx /= <f64>n;
  cy /= <f64>n;
  let best = -1;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o)) continue;
    if (best < 0 || hypot(cx - objX(o), cy - objY(o)) < hypot(cx - objX(best), cy - objY(best))) best = o;
  }
  if (best < 0) return false;
  decKind = TO_OBJECTIVE;
  decTarget = best;
  return true;
}

/**
 * policy.ts movementOrder's pick: the order in dec* if the engine offers it (paths.ts offeredPace), else the
 * other pace toward the same place if that is offered; false: the unit stays.
 */
function pickPace(u: i32, run: bool): bool {
  const tx = decKind == TO_OBJECTIVE ? objX(decTarget) : ux(decTarget);
  const ty = decKind == TO_OBJECTIVE ? objY(decTarget) : uy(decTarget);
  const pace = offeredPace(u, tx, ty, run);
  if (pace < 0) return false;
  decRun = pace == 1;
  decUnit = u;
  return true;
}

/** policy.ts movementOrder: the next unit to move (decUnit, decKind, decTarget, decRun); false to end the phase. */
export function movementOrder(player: i32): bool {
  computeAnchors();
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (st(u, US.MOVED) || inCombat(u)) continue;
    if (tactic == 3 && (u == tacticUnit0 || u == tacticUnit1 || u == tacticUnit2)) {
      if (ferociousTarget() && pickPace(u, true)) return true;
      continue;
    }
    if (flag(u, UF.MANIFESTATION)) {
      // CORE-BANISH: a manifestation contests nothing; it goes for the nearest enemy (policy.ts movementOrder).
      const e = nearestEnemy(player, u);
      if (e < 0) continue;
      decKind = TO_ENEMY;
      decTarget = e;
      if (pickPace(u, wantsToRun(player, u))) return true;
      continue;
    }
    if (holds(player, u)) continue;
    if (advanceTarget(player, u) && pickPace(u, wantsToRun(player, u))) return true;
  }
  return false;
}

// ---- the other phases ------------------------------------------------------------------------------------

/** Hero phase: the first wizard that can cast Metamorphosis on the first HERO in range (hero.ts order). */
export function heroOrder(player: i32): bool {
  if (spellMetamorphosis) return false;
  for (let mw = deployedOf(player); mw != 0; mw &= mw - 1) {
    const w = <i32>ctz<u64>(mw);
    if (ui(w, UI.WIZARD) == 0 || ui(w, UI.BLOCKED) == 1 || ui(w, UI.CASTS) >= powerLevel(w, false)) continue; // 2: miscast, goes on (casting.ts; passive2.ts power level)
    for (let mh = deployedOf(player); mh != 0; mh &= mh - 1) {
      const h = <i32>ctz<u64>(mh);
      if (!isHero(h) || isMonster(h) || !within(w, h, METAMORPHOSIS_RANGE) || !canSee(w, h)) continue; // CORE-VISIBILITY
      decUnit = w;
      decTarget = h;
      return true;
    }
  }
  return false;
}

/** Shooting: the first unit that can shoot, at the tactic's target or the fewest wounds left in range (a unit in combat with its Shoot in Combat weapons). */
export function shootingOrder(player: i32): bool {
  for (let mu = deployedOf(player); mu != 0; mu &= mu - 1) {
    const u = <i32>ctz<u64>(mu);
    if (st(u, US.SHOT) || !mayShootAfterMoving(u) || !hasRanged(u) || fatigued(u)) continue; // Vanguard Chamber: moves.ts
    // CORE-SHOOT-IN-COMBAT (shooting.ts shootingWeapons): in combat, only its Shoot in Combat weapons.
    const range = inCombat(u) && !shootsInCombat(u) ? ud(u, UD.SIC_RANGE) : ud(u, UD.MAX_RANGE); // cities6.ts: all its ranged weapons
    if (range == 0) continue;
    let mask: u64 = 0;
    for (let mt = deployedOf(1 - player); mt != 0; mt &= mt - 1) {
      const t = <i32>ctz<u64>(mt);
      if (within(u, t, range) && canSee(u, t)) mask |= bitOf(t); // CORE-VISIBILITY
    }
    if (mask == 0) continue;
    decUnit = u;
    decTarget = bestTarget(player, mask);
    return true;
  }
  return false;
}

function hasRanged(u: i32): bool {
  const first = ui(u, UI.FIRST_WEAPON);
  for (let w = first; w < first + ui(u, UI.WEAPONS); w++) if (wi(w, WI.RANGED) != 0) return true;
  return false;
}

/** Charge: a unit that hits harder in melee than at range charges a target at most 7 1/2" away. */
export function chargeOrder(player: i32): bool {
  // In the charge phase only the charging unit moves: a unit passed over stays passed over (its flags, its
  // distances to the enemy and whether it is in combat do not change), so each call resumes after the last.
  const from: u64 = chargeCursor >= 64 ? 0 : ~(bitOf(chargeCursor) - 1);
  for (let mu = deployedOf(player) & from; mu != 0; mu &= mu - 1) {
    const u = <i32>ctz<u64>(mu);
    if (st(u, US.CHARGE_TRIED) || inCombat(u) || !mayChargeAfterMoving(u) || fatigued(u)) continue; // PB-BP-09; Keep Up!: moves.ts
    const melee = ud(u, UD.MELEE_WEIGHT);
    if (melee == 0 || melee < ud(u, UD.RANGED_WEIGHT)) continue;
    let mask: u64 = 0;
    // policy.ts goodChargeGap: 7 1/2" for 2D6, 10 1/2" for 3D6 (Heralds of Righteousness), 12" for more.
    const dice = chargeDice(u);
    // "Add N to charge rolls" (moves.ts) lengthens it by N.
    const gap: f64 = (dice <= 2 ? GOOD_CHARGE_GAP : dice == 3 ? 10.5 : 12) + <f64>moveModifier(u, 2);
    // Within 12" (the charge choices) and at most the gap: the second implies the first.
    for (let mt = deployedOf(1 - player); mt != 0; mt &= mt - 1) {
      const t = <i32>ctz<u64>(mt);
      if (within(u, t, gap)) mask |= bitOf(t);
    }
    if (mask == 0) continue;
    decUnit = u;
    decTarget = bestTarget(player, mask);
    chargeCursor = u + 1;
    return true;
  }
  chargeCursor = nUnits;
  return false;
}

/** Where chargeOrder resumes in this charge phase (0 when a phase starts or a battle is loaded). */
export let chargeCursor: i32 = 0;

/** Combat: the first unit that may fight, at the tactic's target or the weakest enemy within 3" (the candidates: settle() just found them). */
export function combatOrder(player: i32): bool {
  for (let m = lastCandidates & unitsOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    const mask = enemiesInCombat(u);
    if (mask == 0) continue;
    decUnit = u;
    decTarget = bestTarget(player, mask);
    return true;
  }
  return false;
}

/** Predators (PB-BP-05): the unit with the most attacks among those not picked yet (-1 none). */
export function predatorPick(player: i32): i32 {
  let best = -1;
  let bestW: f64 = 0;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (st(u, US.PREDATOR)) continue;
    const w = ud(u, UD.MELEE_WEIGHT) + ud(u, UD.RANGED_WEIGHT);
    if (best < 0 || w > bestW) {
      best = u;
      bestW = w;
    }
  }
  return best;
}

/** Power in Numbers: the first objective worth destroying now (DESTROY_AT VP, or any in round 5), or -1. */
export function destroyPick(player: i32, options: i32): i32 {
  const side = sideOf(player);
  const mine = controlledBy(player);
  const theirs = controlledBy(1 - player);
  for (let o = 0; o < nObjectives; o++) {
    if ((options & (1 << o)) == 0) continue;
    if (round == 5) return o;
    // What destroying it would score with this turn's snapshot in the history (policy.ts destroyWorth).
    pushHistory(round, side, side == 0 ? mine : theirs, side == 0 ? theirs : mine);
    const v = destroyValue(side, o);
    nHistory = nHistory - 1;
    if (v >= DESTROY_AT) return o;
  }
  return -1;
}
