// Effects held on a unit for a while (docs/abilities.md "Effects for a while"), the kernel's twin of
// src/aos/battle/status.ts: a unit carries the for-the-turn records whose effect is on it, in UM.EF_TURN (for the
// rest of the turn) or UM.SPELL_UNTIL0/1 (until the start of player 0's / 1's next turn). The attack interpreter
// reads them (effects.ts attackEffects), the fight order its STRIKE-FIRST / STRIKE-LAST (actions.ts), and the
// declared-ability steps (combat-abilities.ts useStepAbilities) put them with useForAWhile: the same conditions,
// the same target (the highest score, then the fewest wounds left, then the lowest id), the same dice.
import { inCombatWithHolds, objectiveHolds } from "./passive";
import { roll } from "../rng";
import { EF, US, UF, WF } from "./layout";
import { carriersLeft } from "./actions";
import { attacksC, attacksP, attacksS, weaponAttacks } from "./commands";
import { effectWard, efI, hasKind, SET_NO_WARD, TURN, SPELL_TURN, whomHolds } from "./effects";
import { canSee } from "./paths";
import { pickInOvergrowth } from "./sylvaneth6";
import { resisted } from "./common";
import { eachTargets } from "./combat3";
import { afterWanted, diceHolds, mayChargeNow, noCommandsScore, SET_CHARGE, SET_CHARGE_AFTER, SET_CHARGE_DICE, SET_NO_COMMANDS } from "./declared2";
import { addedThisTurn } from "./reserves";
import { SET_WEAPON_ABILITY } from "./hero3";
import { moveWanted, SET_MOVE, VS_HEALTH_2D6 } from "./declared5";
import { commandReady, isCommand, payCommand } from "./declared6";
import { heldCompanionOnly, heldWeaponMask, onSelf, SET_WARD_ROLL, wardRollScore } from "./declared4";
import { active, bitOf, deployedOf, dist, efMask, flag, inCombat, owner, recBit, setEfMask, st, ui, UI, UM, wi, WI, woundsLeft, wRange } from "./state";

// TURN_SET codes (encode.ts: schema.ts DURATION_SETS order).
const SET_SAVE: i32 = 4;
const SET_WARD: i32 = 8;
const SET_STRIKE_FIRST: i32 = 9;
const SET_STRIKE_LAST: i32 = 10;
// STEP_PHASES indices before the charge phase: hero 3, movement 5, shooting-start 6, start-of-turn 7.
// @ts-ignore: decorator
@inline function beforeCharge(phase: i32): bool { return phase == 3 || phase == 5 || phase == 6 || phase == 7; }

/** status.ts isOnUnit: record k's effect is on u (for the rest of the turn or until a player's next turn). */
// @ts-ignore: decorator
@inline export function heldOn(u: i32, k: i32): bool {
  return ((efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1)) & recBit(k)) != 0;
}

/** status.ts putForAWhile: record k's effect on x, put by `player`'s ability (until its next turn with EF.ST_UNTIL). */
export function putForAWhile(k: i32, x: i32, player: i32): void {
  const f = efI(k, EF.ST_UNTIL) != 0 ? (player == 0 ? UM.SPELL_UNTIL0 : UM.SPELL_UNTIL1) : UM.EF_TURN;
  setEfMask(x, f, efMask(x, f) | recBit(k));
}

/** status.ts strikeForAWhile: STRIKE-FIRST (first) or STRIKE-LAST held on u. */
export function strikeHeld(u: i32, first: bool): bool {
  if (!hasKind(TURN) && !hasKind(SPELL_TURN)) return false;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  const set = first ? SET_STRIKE_FIRST : SET_STRIKE_LAST;
  for (let m = on; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const kind = efI(k, EF.KIND);
    if ((kind == TURN || kind == SPELL_TURN) && efI(k, EF.TURN_SET) == set) return true;
  }
  return false;
}

/** The scores of the current use, by unit id. */
const SCORES = memory.data(64 * 4, 16);
/** pick5: each candidate's option (bestOption), kept from the scoring to the put. */
const OPTIONS = memory.data(64 * 4, 16);
/** DURATION_SETS.indexOf("control") (checked by test/aos/abilities-pick5.test.ts). */
export const SET_CONTROL: i32 = 11;

/**
 * status.ts bestOption (pick5): of the group's n records from k, the option (EF.SP_OPTION 1-4) whose records'
 * durationScore on x sum to most, the first on a tie; returned as score << 3 | option (score at least 0).
 */
function bestOption(k: i32, n: i32, x: i32): i32 {
  let bestO = 1;
  let bestS = -1;
  for (let o = 1; o <= 4; o++) {
    let named = false;
    let score = 0;
    for (let i = 0; i < n; i++) {
      if (efI(k + i, EF.SP_OPTION) != o) continue;
      named = true;
      score += durationScore(k + i, x);
    }
    if (named && score > bestS) {
      bestO = o;
      bestS = score;
    }
  }
  return (max<i32>(0, bestS) << 3) | bestO;
}

// The policy's window (status.ts Window) of the current use.
let chargeLeft = false;
let shootingLeft = false;
let nextTurn = false;
let putter = 0;
let combatLeft = false;
let chargeAhead = false;
let moveAhead = false;

/** Twice a dice's mean, at least 0. */
// @ts-ignore: decorator
@inline function twiceMean(c: i32, s: i32, p: i32): i32 { return max<i32>(0, c * (s + 1) + 2 * p); }

/** status.ts weaponWeight. */
function weaponWeight(u: i32, w: i32): i32 {
  weaponAttacks(w, u);
  return twiceMean(attacksC, attacksS, attacksP) * twiceMean(wi(w, WI.DC), wi(w, WI.DS), wi(w, WI.DP)) * carriersLeft(w, u);
}

/** status.ts mayShoot. */
function mayShoot(x: i32): bool {
  const mine = owner(x);
  return (mine == active && shootingLeft) || (nextTurn && mine != putter);
}

/** status.ts attackWeight: `attack` 0 any, 1 melee, 2 ranged; companionOnly / abilitiesOff: the weapons record k concerns. */
function attackWeight(x: i32, attack: i32, companionOnly: bool, abilitiesOff: bool, noCrit: bool = false, mask: i32 = 0, noCharge: bool = false): i32 {
  const enemies = deployedOf(1 - owner(x));
  let melee = false;
  if (attack != 2) {
    melee = inCombat(x);
    if (!melee && chargeLeft)
      for (let m = enemies; m != 0; m &= m - 1)
        if (dist(x, <i32>ctz<u64>(m)) <= 12 + 1e-9) {
          melee = true;
          break;
        }
  }
  const shoot = attack != 1 && mayShoot(x);
  const first = ui(x, UI.FIRST_WEAPON);
  const last = first + ui(x, UI.WEAPONS);
  let score = 0;
  for (let w = first; w < last; w++) {
    if (companionOnly && wi(w, WI.COMPANION) == 0) continue;
    if (mask != 0 && (mask & (1 << (w - first))) == 0) continue; // declared4: named weapons only
    if (noCharge && wi(w, WI.CHARGE_DAMAGE) != 0) continue; // declared4: Charge (+1 Damage) for a while only to a weapon without it
    if (abilitiesOff && (wi(w, WI.FLAGS) & WF.OTHER_ABILITY) == 0) continue;
    if (noCrit && wi(w, WI.CRIT) != 0) continue; // hero3: a Crit for a while goes only to a weapon without one
    if (wi(w, WI.RANGED) == 0) {
      if (!melee) continue;
    } else {
      if (!shoot) continue;
      let inRange = false;
      for (let m = enemies; m != 0; m &= m - 1)
        if (dist(x, <i32>ctz<u64>(m)) <= wRange(w) + 1e-9) {
          inRange = true;
          break;
        }
      if (!inRange) continue;
    }
    score += weaponWeight(x, w);
  }
  return score;
}

/** status.ts threatWeight. */
function threatWeight(x: i32, attack: i32): i32 {
  let score = 0;
  for (let m = deployedOf(1 - owner(x)); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    const d = dist(x, e);
    const melee = attack != 2 && (d <= 3 + 1e-9 || (chargeLeft && d <= 12 + 1e-9));
    const shoot = attack != 1 && mayShoot(e);
    const first = ui(e, UI.FIRST_WEAPON);
    const last = first + ui(e, UI.WEAPONS);
    for (let w = first; w < last; w++) {
      if (wi(w, WI.RANGED) == 0 ? !melee : !shoot || wRange(w) + 1e-9 < d) continue;
      score += weaponWeight(e, w);
    }
  }
  return score;
}

/** status.ts hasStrike. */
function hasStrike(x: i32, first: bool): bool {
  if (first) return flag(x, UF.STRIKE_FIRST) || st(x, US.STRIKE_FIRST_TURN) || strikeHeld(x, true);
  return flag(x, UF.STRIKE_LAST) || st(x, US.STRIKE_LAST_TURN) || strikeHeld(x, false);
}

/** status.ts durationScore: record k's worth on x for the army `putter`. */
function durationScore(k: i32, x: i32): i32 {
  if (heldOn(x, k)) return 0;
  const friendly = owner(x) == putter;
  const set = efI(k, EF.TURN_SET);
  const v = efI(k, EF.VALUE);
  const attack = efI(k, EF.ATTACK);
  if (set == SET_STRIKE_FIRST || set == SET_STRIKE_LAST) {
    if (friendly != (set == SET_STRIKE_FIRST) || hasStrike(x, set == SET_STRIKE_FIRST)) return 0;
    return attackWeight(x, 1, false, false);
  }
  if (set == 2) return friendly ? 0 : attackWeight(x, attack, false, true); // weapon abilities off
  if (set == 3) return 0; // ignore-positive (a spell's)
  if (set == SET_CONTROL) return 0; // pick5: a control score held for a while is worth nothing to the step's policy
  if (set == SET_NO_COMMANDS) return noCommandsScore(x, friendly, combatLeft); // declared2.ts
  if (set == SET_CHARGE || set == SET_CHARGE_DICE) return mayChargeNow(x, friendly, chargeAhead) && v >= 0 ? attackWeight(x, 1, false, false) : 0; // declared2.ts
  if (set == SET_CHARGE_AFTER) return afterWanted(k, x, friendly, chargeAhead, moveAhead) ? attackWeight(x, efI(k, EF.MV_SHOOT) != 0 ? 0 : 1, false, false) : 0; // declared2.ts
  if (set == SET_MOVE) return moveWanted(x, v, friendly, moveAhead) ? attackWeight(x, 0, false, false) : 0; // declared5.ts
  if (set == SET_WEAPON_ABILITY) return friendly ? (v == 5 ? attackWeight(x, attack, false, false, false, 0, true) : attackWeight(x, attack, false, false, true)) : 0; // hero3: a Crit for a while; declared4: Charge (+1 Damage) (code 5)
  if (set == SET_WARD) return friendly ? threatWeight(x, 0) : 0;
  if (set == SET_NO_WARD) {
    // Elite Guardians: the share of the threat its ward would have stopped ((7 - ward) / 6), lost on a friendly unit.
    const w = effectWard(x);
    if (w == 0) return 0;
    const lost = (threatWeight(x, 0) * (7 - w)) / 6;
    return friendly ? -lost : lost;
  }
  if (set == SET_WARD_ROLL) return wardRollScore(friendly, v, x, threatWeight(x, 0)); // declared4.ts
  if (set == SET_SAVE) return friendly == v > 0 ? threatWeight(x, attack) : 0;
  if (efI(k, EF.DIRECTION) == 1) return friendly == v < 0 ? threatWeight(x, attack) : 0;
  return friendly == v > 0 ? attackWeight(x, attack, efI(k, EF.COMPANION_ONLY) != 0 || heldCompanionOnly(k), false, false, heldWeaponMask(k)) : 0;
}

/**
 * status.ts useForAWhile: source s uses record k's ability (its EF.ST_GROUP records from k) in the step of
 * `phase` (STEP_PHASES index), on one of `candidates` (ascending ids). Returns whether it was used.
 */
export function useForAWhile(k: i32, s: i32, phase: i32, candidates: u64): bool {
  const n = efI(k, EF.ST_GROUP);
  if (n == 0) return false; // a follower: used with its group's first record
  const charged = efI(k, EF.CHARGED);
  if (charged >= 0 && st(s, US.CHARGED) != (charged == 1)) return false;
  const combat = efI(k, EF.IN_COMBAT);
  if (combat != 0 && inCombat(s) != (combat == 1)) return false;
  const stationary = efI(k, EF.ST_STATIONARY);
  if (stationary != 0 && (st(s, US.MOVED) || addedThisTurn(s)) == (stationary == 1)) return false;
  if (efI(k, EF.M3_CHARGE_ROLL) > ui(s, UI.CHARGE_ROLL)) return false; // move3.ts: "the unmodified charge roll was 8+" (0: no condition)
  const obj = efI(k, EF.P_OBJECTIVE); // objective4: "If this unit is contesting an objective you control, ..."
  if (obj != 0 && !objectiveHolds(s, obj)) return false;
  if (!inCombatWithHolds(k, s)) return false; // Elite Guardians: "If this unit is in combat with any enemy units that charged this turn"
  if (isCommand(k) && !commandReady(s)) return false; // declared6: a command needs a command point and an issuer
  const player = owner(s);
  putter = player;
  nextTurn = efI(k, EF.ST_UNTIL) != 0 && player == active;
  shootingLeft = beforeCharge(phase);
  chargeAhead = shootingLeft || phase == 8; // STEP_PHASES 8: charge-start
  moveAhead = phase == 3 || phase == 6; // hero, start-of-turn
  chargeLeft = chargeAhead || nextTurn;
  combatLeft = (phase != 0 && phase != 4) || nextTurn; // STEP_PHASES: combat 0, end-of-turn 4
  const options = efI(k, EF.SP_OPTION) != 0; // pick5: the group's records carry their option (1-4)
  const tc = efI(k, EF.TARGET_CHARGED);
  const vis = efI(k, EF.VISIBLE) != 0;
  const pickOg = (efI(k, EF.SY6_CODE) & 512) != 0; // sylvaneth6.ts pickInOvergrowth
  // The scores, once (status.ts: scored), of the units that qualify.
  let scored: u64 = 0;
  let every: u64 = 0;
  for (let m = candidates; m != 0; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    if (!whomHolds(k, s, x)) continue;
    if (tc >= 0 && st(x, US.CHARGED) != (tc == 1)) continue;
    if (vis && x != s && !canSee(s, x)) continue;
    if (pickOg && x != s && !pickInOvergrowth(s, x)) continue; // sylvaneth6: Slay The Trespassers!
    every |= bitOf(x);
    let sc = 0;
    if (options) {
      // pick5: "pick 1 of the following effects", the option worth most (bestOption)
      const o = bestOption(k, n, x);
      sc = o >> 3;
      store<i32>(OPTIONS + (<usize>x << 2), o & 7);
    } else for (let i = 0; i < n; i++) sc += durationScore(k + i, onSelf(k + i) ? s : x); // declared4: a follower on the unit with the ability
    if (sc <= 0) continue;
    store<i32>(SCORES + (<usize>x << 2), sc);
    scored |= bitOf(x);
  }
  // The best (the highest score, then the fewest wounds left, then the lowest id), or the N best for "up to N".
  // "Pick each ... to be the targets" (combat3.ts eachTargets): every unit the pick names, when one of them scores.
  const each = efI(k, EF.EACH_TARGET) != 0;
  let chosen: u64 = each ? eachTargets(every, scored) : 0;
  const andSelf = efI(k, EF.D2_AND_SELF);
  const upTo = each ? 0 : andSelf > 0 ? andSelf : max<i32>(1, efI(k, EF.UP_TO));
  for (let i = 0; i < upTo; i++) {
    let best = -1;
    let bestScore = 0;
    for (let m = scored & ~chosen; m != 0; m &= m - 1) {
      const x = <i32>ctz<u64>(m);
      const sc = load<i32>(SCORES + (<usize>x << 2));
      if (best < 0 || sc > bestScore || (sc == bestScore && woundsLeft(x) < woundsLeft(best))) {
        best = x;
        bestScore = sc;
      }
    }
    if (best < 0) break;
    chosen |= bitOf(best);
  }
  // "Pick this unit and up to N ...": the unit too, if it or another scores (declared2.ts).
  if (andSelf > 0) {
    let own = 0;
    for (let i = 0; i < n; i++) own += durationScore(k + i, s);
    if (chosen == 0 && own <= 0) return false;
    chosen |= bitOf(s);
  }
  if (chosen == 0) return false;
  if (isCommand(k)) payCommand(s); // declared6: the command point, before any dice
  // A dice for each target, by ascending id.
  const on = efI(k, EF.ON);
  for (let m = chosen; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    // An enemy's resistance roll (common.ts: Ruination Chamber) may leave it without effect: none of its dice then.
    if (resisted(s, t)) continue;
    // The second pass's dice (declared2.ts diceHolds): against the target's Control or Health, a bonus if it is damaged.
    // hero3 (EF.H3_SURE): no dice while the unit with the ability is in combat.
    if ((on == 0 && efI(k, EF.D2_VS) == 0) || (efI(k, EF.H3_SURE) != 0 && inCombat(s)) || ((efI(k, EF.C6_ATTACKER) & 2) != 0 && st(s, US.UNDER_ORDERS)) || diceHolds(k, t, efI(k, EF.D2_VS) == VS_HEALTH_2D6 ? roll(6) + roll(6) : roll(6))) {
      const picked = options ? load<i32>(OPTIONS + (<usize>t << 2)) : 0;
      for (let i = 0; i < n; i++) if (!options || efI(k + i, EF.SP_OPTION) == picked) putForAWhile(k + i, onSelf(k + i) ? s : t, player);
    }
  }
  return true;
}
