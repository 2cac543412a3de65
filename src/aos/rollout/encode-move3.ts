/**
 * The move3 area's encoding (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"):
 * units passed across and the unmodified charge roll (battle/move3.ts). Room (layout 6, "move3"): EF 192
 * (EF.M3_PASSED), EF 193 (EF.M3_CHARGE_ROLL), U 121 (U.M3), the kernel's UD 18 (UD.PASSED) and UI 81 (UI.CHARGE_ROLL);
 * kind codes 162-168 and 176-183, EF 194-195 and H 208-211 are left.
 */
import { InputError } from "../../core/errors.js";
import { CHARGE_ROLL_PREFIX, MAX_PASSED_ID, passedIds } from "../battle/move3.js";
import type { UnitState } from "../battle/units.js";


/**
 * U.M3: the unmodified roll of `u`'s charge this turn (0-18: bits 0-4, its charge-roll token) plus 32 times the units it
 * passed across this turn (bit i for unit i, ids 0-47: its passed-across tokens); at most 2^53, exact in an f64.
 */
export function move3Slot(u: UnitState): number {
  const t = u.tokens.find((x) => x.startsWith(CHARGE_ROLL_PREFIX));
  return (t ? Number(t.slice(CHARGE_ROLL_PREFIX.length)) : 0) + 32 * passedMask(u);
}

/** The units `u` passed across this turn, bit i for unit i (its for-the-turn passed-across tokens). */
export function passedMask(u: UnitState): number {
  let m = 0;
  for (const id of passedIds(u.tokens)) {
    if (id > MAX_PASSED_ID) throw new InputError(`unit ${id} was passed across: the kernel records passed-across units 0-${MAX_PASSED_ID} only`);
    m += 2 ** id;
  }
  return m;
}
