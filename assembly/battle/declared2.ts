// The declared abilities' second pass (docs/abilities.md "Declared abilities, second pass"), the kernel's twin of
// src/aos/battle/declared2.ts: the effects it holds on a unit for a while (status.ts puts them).
// - charge / charge-dice (TURN_SET 13 / 14): added to the unit's charge rolls (moves.ts moveModifier) / dice added
//   to them, to a maximum of 3 (effects.ts chargeDice); a charge phase's are used at its start (flow.ts, STEP_PHASES 8).
// - charge-after (TURN_SET 15): CHARGE (and SHOOT) abilities though the unit used a RUN / RETREAT ability (moves.ts actsAfter).
// - no-commands (TURN_SET 12, schema.ts DURATION_SETS' index): the unit cannot receive a command while it holds it
//   (commands.ts feralRoarTarget); worth 1 on an enemy MONSTER with Battle Damaged data while a combat phase's
//   start is still to come (status.ts durationScore).
import { EF } from "./layout";
import { efI, hasKind, SPELL_TURN, TURN } from "./effects";
import { active, efMask, inCombat, isMonster, owner, recBit, st, ui, UI, UM } from "./state";
import { US } from "./layout";
import { actsAfter, mayChargeAfterMoving } from "./moves";
import { unitControl } from "./commands";

/** schema.ts DURATION_SETS.indexOf("no-commands") (test/aos/abilities-declared2.test.ts checks it). */
export const SET_NO_COMMANDS: i32 = 12;
/** DURATION_SETS.indexOf("charge") / ("charge-dice"). */
export const SET_CHARGE: i32 = 13;
export const SET_CHARGE_DICE: i32 = 14;
/** DURATION_SETS.indexOf("charge-after"): EF.MV_AFTER bit 1 a run, bit 2 a retreat; EF.MV_SHOOT 1 SHOOT too. */
export const SET_CHARGE_AFTER: i32 = 15;

/** declared2.ts noCommands: u holds a no-commands effect. */
export function noCommandsHeld(u: i32): bool {
  if (!hasKind(TURN) && !hasKind(SPELL_TURN)) return false;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  for (let m = on; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const kind = efI(k, EF.KIND);
    if ((kind == TURN || kind == SPELL_TURN) && efI(k, EF.TURN_SET) == SET_NO_COMMANDS) return true;
  }
  return false;
}

/** declared2.ts noCommandsScore. */
export function noCommandsScore(x: i32, friendly: bool, combatLeft: bool): i32 {
  if (friendly || !combatLeft) return 0;
  return isMonster(x) && ui(x, UI.DAMAGED_AT) > 0 ? 1 : 0;
}

/** The sum of the VALUEs of the held records of TURN_SET `set` on u. */
export function heldSum(u: i32, set: i32): i32 {
  if (!hasKind(TURN) && !hasKind(SPELL_TURN)) return 0;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  let sum = 0;
  for (let m = on; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const kind = efI(k, EF.KIND);
    if ((kind == TURN || kind == SPELL_TURN) && efI(k, EF.TURN_SET) == set) sum += efI(k, EF.VALUE);
  }
  return sum;
}

/** declared2.ts chargeHeld. */
export function chargeHeld(u: i32): i32 {
  return heldSum(u, SET_CHARGE);
}

/** declared2.ts chargeDiceHeld: `dice` after the held charge-dice records, by record order. */
export function chargeDiceHeld(u: i32, dice: i32): i32 {
  if (!hasKind(TURN) && !hasKind(SPELL_TURN)) return dice;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  let n = dice;
  for (let m = on; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const kind = efI(k, EF.KIND);
    if ((kind == TURN || kind == SPELL_TURN) && efI(k, EF.TURN_SET) == SET_CHARGE_DICE) {
      const v = efI(k, EF.VALUE);
      // magic5: a negative one ("subtract 1 from the number of dice ..., to a minimum of 1"): down to 1 die.
      n = v < 0 ? max<i32>(1, n + v) : max<i32>(n, min<i32>(3, n + v));
    }
  }
  return n;
}

/** declared2.ts mayChargeNow (`friendly` and `chargeAhead` from status.ts's window). */
export function mayChargeNow(x: i32, friendly: bool, chargeAhead: bool): bool {
  return friendly && chargeAhead && owner(x) == active && !inCombat(x) && !st(x, US.CHARGE_TRIED) && mayChargeAfterMoving(x);
}

/** declared2.ts afterHeld: a held charge-after record forgives `what` (1 a run, 2 a retreat) for CHARGE abilities, or with `shoot` SHOOT abilities. */
export function afterHeld(u: i32, what: i32, shoot: bool): bool {
  if (!hasKind(TURN) && !hasKind(SPELL_TURN)) return false;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  for (let m = on; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const kind = efI(k, EF.KIND);
    if ((kind != TURN && kind != SPELL_TURN) || efI(k, EF.TURN_SET) != SET_CHARGE_AFTER) continue;
    if ((efI(k, EF.MV_AFTER) & what) == 0 || (shoot && efI(k, EF.MV_SHOOT) == 0)) continue;
    return true;
  }
  return false;
}

/** declared2.ts afterWanted: record k's charge-after is worth its weight on x. */
export function afterWanted(k: i32, x: i32, friendly: bool, chargeAhead: bool, moveAhead: bool): bool {
  if (!friendly || !chargeAhead || owner(x) != active || inCombat(x) || st(x, US.CHARGE_TRIED)) return false;
  if (!st(x, US.MOVED)) return moveAhead;
  const after = efI(k, EF.MV_AFTER);
  return (st(x, US.RAN) && (after & 1) != 0 && !actsAfter(x, 1, false)) || (st(x, US.RETREATED) && (after & 2) != 0 && !actsAfter(x, 2, false));
}

/** declared2.ts diceHolds: record k's dice `r` for target t. */
export function diceHolds(k: i32, t: i32, r: i32): bool {
  const add = efI(k, EF.D2_ADD_DAMAGED);
  const kw = efI(k, EF.D2_ADD_KEYWORD);
  const mask = (<u64><u32>ui(t, UI.DMG_EXTRA_LO)) | ((<u64><u32>ui(t, UI.DMG_EXTRA_HI)) << 32); // U.DMG_EXTRA: the target has one of record k's keywords
  const v = r + (add != 0 && ui(t, UI.DAMAGE) > 0 ? add : 0) + (kw != 0 && (mask & recBit(k)) != 0 ? kw : 0);
  const vs = efI(k, EF.D2_VS);
  if (vs == 1) return v > unitControl(t);
  if (vs == 2) return v <= unitControl(t);
  if (vs == 3) return v <= ui(t, UI.HEALTH);
  if (vs == 4) return v > ui(t, UI.HEALTH); // declared5: the roll is 2D6 (status.ts)
  return v >= efI(k, EF.ON);
}
