// The moves5 area (docs/abilities.md "Moves outside the movement phase (moves5)"): the kernel's twin of
// src/aos/battle/moves5.ts — `phase-move` records (kind 129, encode-moves5.ts PHASE_MOVE_KIND; EF.MV5_FLAGS,
// EF.MV5_DICE, EF.MV5_PLUS), moved after the unit's own SHOOT ability (actions.ts shoot), at the end of the enemy's
// movement phase and at the end of a turn (flow.ts nextPhase, endOfTurn), after its own FIGHT ability (actions.ts
// afterTheFight) and at the start of the enemy's combat phase (flow.ts nextPhase). The same policy, the same dice in the same
// places. Room moves5: kind codes 129-133, EF 194 and 200-201, H 192-195, U 112-113, UI 72-73, UD 16, US bit 1<<27;
// used: kind 129, EF 194, 200, 201 (an after-shoot reaction's "Once Per Turn (Army)" is kept in H.EFFECT_PHASE*).

import { effectBattle0, effectBattle1, effectPhase0, effectPhase1, efI, whomHolds } from "./effects";
import { phaseMoveRecs } from "./speed";
import { EF, US } from "./layout";
import { outX, outY } from "./math";
import { notePassing } from "./move3";
import { moveDestination } from "./paths";
import { advanceTarget, computeAnchors, decKind, decTarget, holds, TO_OBJECTIVE } from "./policy";
import { altarLeaderMoved } from "./board";
import { roll } from "../rng";
import { active, deployed, deployedOf, dist, hasRec, inCombat, objX, objY, owner, recBit, setPosition, st, st2, ud, UD, ui, UI, UM, ux, uy } from "./state";
import { FULL_THROTTLE, fullThrottleMove } from "./common";
import { moveModifier } from "./moves";

export const PHASE_MOVE: i32 = 129;
const AFTER_SHOOT: i32 = 1;
const ENEMY_MOVEMENT: i32 = 2;
const END_OF_TURN: i32 = 3;
const AFTER_FIGHT: i32 = 4;
const ENEMY_COMBAT: i32 = 5;
const OWN_MOVEMENT: i32 = 6;

function rollDice(count: i32, sides: i32, plus: i32): i32 {
  let v = plus;
  for (let i = 0; i < count; i++) v += roll(<u32>sides);
  return v < 0 ? 0 : v;
}

/** moves5.ts phaseMove: the policy and the move of unit u with record k; whether it moved (its dice rolled). */
function phaseMove(u: i32, k: i32): bool {
  if (inCombat(u)) return false;
  if ((efI(k, EF.MV5_FLAGS) & 16) != 0 && !st(u, US.CHARGED)) return false;
  const player = owner(u);
  const clear = <f64>(efI(k, EF.MV5_FLAGS) >> 9);
  if (clear > 0) {
    for (let m = deployedOf(1 - player); m != 0; m &= m - 1) if (dist(u, <i32>ctz<u64>(m)) <= clear) return false;
  }
  computeAnchors();
  if (holds(player, u)) return false;
  if (!advanceTarget(player, u) || decKind != TO_OBJECTIVE) return false;
  const o = decTarget;
  const dice = efI(k, EF.MV5_DICE);
  const gate = (efI(k, EF.MV5_FLAGS) >> 6) & 7;
  if (gate > 0 && <i32>roll(6) < gate) return true;
  let distance: f64 = 0;
  if ((efI(k, EF.MV5_FLAGS) & 32) != 0) {
    // movement.ts moveCharacteristic (actions.ts moveUnit's): Full Throttle, a random Move rolled, Move modifiers.
    distance = st2(u, FULL_THROTTLE) ? fullThrottleMove(u) : ui(u, UI.MOVE_DC) > 0 ? <f64>rollDice(ui(u, UI.MOVE_DC), ui(u, UI.MOVE_DS), ui(u, UI.MOVE_DP)) : ud(u, UD.MOVE);
    distance = Math.max(0, distance + <f64>moveModifier(u, 0));
  } else distance = <f64>rollDice(dice >> 4, dice & 15, efI(k, EF.MV5_PLUS));
  moveDestination(u, objX(o), objY(o), distance);
  const x0 = ux(u);
  const y0 = uy(u);
  setPosition(u, outX, outY);
  notePassing(u, x0, y0); // move3.ts
  altarLeaderMoved(u);
  return true;
}

/** moves5.ts afterShootMove: after u's SHOOT ability, its first after-shoot record that applies. */
export function afterShootMove(u: i32): void {
  afterOwnMove(u, AFTER_SHOOT);
}

/** moves5.ts afterFightMove: after u's FIGHT ability (actions.ts afterTheFight, before the next pick). */
export function afterFightMove(u: i32): void {
  afterOwnMove(u, AFTER_FIGHT);
}

function afterOwnMove(u: i32, step: i32): void {
  const recs = phaseMoveRecs(step);
  if (recs == 0 || !deployed(u)) return;
  const p = owner(u);
  for (let rm = recs; rm != 0; rm &= rm - 1) {
    const k = <i32>ctz<u64>(rm); // the step's records, in order (speed.ts phaseMoveRecs)
    if (!hasRec(u, UM.EF_SOURCE, k)) continue;
    const army = (efI(k, EF.MV5_FLAGS) & 8) != 0;
    if (army && ((p == 0 ? effectPhase0 : effectPhase1) & recBit(k)) != 0) continue;
    if (!phaseMove(u, k)) continue;
    if (army) {
      if (p == 0) effectPhase0 |= recBit(k);
      else effectPhase1 |= recBit(k);
    }
    return;
  }
}

/** moves5.ts stepMoves: the step's moves of player's units, ascending ids, each the first record that applies. */
function stepMoves(player: i32, step: i32): void {
  const recs = phaseMoveRecs(step);
  if (recs == 0) return;
  let used: u64 = 0;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!deployed(u)) continue;
    for (let rm = recs; rm != 0; rm &= rm - 1) {
      const k = <i32>ctz<u64>(rm);
      if (!hasRec(u, UM.EF_SOURCE, k) || (used & recBit(k)) != 0) continue;
      if (!phaseMove(u, k)) continue;
      if ((efI(k, EF.MV5_FLAGS) & 8) != 0) used |= recBit(k);
      break;
    }
  }
}

/**
 * moves5.ts ownMovementMoves: at the end of the active player's movement phase, its records that move picked units
 * (EF.MV5_PICK: up to N of the units whom names, set up this turn by the arrival; Guided by Lightning), each unit with
 * one by ascending id, the targets by ascending id; "Once Per Battle (Army)" spent once any moved.
 */
export function ownMovementMoves(): void {
  const recs = phaseMoveRecs(OWN_MOVEMENT);
  if (recs == 0) return;
  const me = active;
  for (let rm = recs; rm != 0; rm &= rm - 1) {
    const k = <i32>ctz<u64>(rm);
    const pick = efI(k, EF.MV5_PICK);
    const battleArmy = (pick & 32) != 0;
    const turnArmy = (efI(k, EF.MV5_FLAGS) & 8) != 0;
    if (battleArmy && ((me == 0 ? effectBattle0 : effectBattle1) & recBit(k)) != 0) continue;
    for (let ms = deployedOf(me); ms != 0; ms &= ms - 1) {
      const s = <i32>ctz<u64>(ms);
      if (!deployed(s) || !hasRec(s, UM.EF_SOURCE, k)) continue;
      let moved = 0;
      for (let mt = deployedOf(me); mt != 0; mt &= mt - 1) {
        if (moved >= (pick & 15)) break;
        const t = <i32>ctz<u64>(mt);
        if (!whomHolds(k, s, t)) continue;
        if ((pick & 16) != 0 && !st(t, US.ARRIVED)) continue;
        if (phaseMove(t, k)) moved++;
      }
      if (moved == 0) continue;
      if (battleArmy) {
        if (me == 0) effectBattle0 |= recBit(k);
        else effectBattle1 |= recBit(k);
      }
      if (battleArmy || turnArmy) break;
    }
  }
}

/** moves5.ts enemyMovementMoves. */
export function enemyMovementMoves(): void {
  stepMoves(1 - active, ENEMY_MOVEMENT);
}

/** moves5.ts enemyCombatMoves. */
export function enemyCombatMoves(): void {
  stepMoves(1 - active, ENEMY_COMBAT);
}

/** moves5.ts endOfTurnMoves. */
export function endOfTurnMoves(): void {
  stepMoves(active, END_OF_TURN);
  stepMoves(1 - active, END_OF_TURN);
}
