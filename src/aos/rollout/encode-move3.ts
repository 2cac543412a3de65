/**
 * The move3 area's encoding (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"):
 * units passed across (battle/move3.ts). Room (layout 6, "move3"): EF 192 (EF.M3_PASSED), U 121 (U.PASSED), the
 * kernel's UD 18 (UD.PASSED); kind codes 162-168 and 176-183, EF 193-195, H 208-211 and UI 81 are left.
 */
import { InputError } from "../../core/errors.js";
import { MAX_PASSED_ID, passedIds } from "../battle/move3.js";
import type { UnitState } from "../battle/units.js";


/** U.PASSED: the units `u` passed across this turn, bit i for unit i (its for-the-turn passed-across tokens). */
export function passedMask(u: UnitState): number {
  let m = 0;
  for (const id of passedIds(u.tokens)) {
    if (id > MAX_PASSED_ID) throw new InputError(`unit ${id} was passed across: the kernel records passed-across units 0-${MAX_PASSED_ID} only`);
    m += 2 ** id;
  }
  return m;
}
