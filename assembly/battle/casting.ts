// The kernel's casting-roll modifiers (src/aos/battle/casting.ts, operation for operation): passive records of
// kind CASTING_KIND (encode.ts CASTING_KIND), EF.VALUE added to the casting rolls of the units whom names.
import { EF } from "./layout";
import { efI, hasKind, nEffects, sourceFor } from "./effects";

/** encode.ts CASTING_KIND (reserved room 124-127). */
const CASTING_KIND: i32 = 124;

/** casting.ts castingBonus: the sum of the casting records that apply to `w` (each once, whatever its sources). */
export function castingBonus(w: i32): i32 {
  if (!hasKind(CASTING_KIND)) return 0;
  let sum = 0;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != CASTING_KIND) continue;
    if (sourceFor(k, w) >= 0) sum += efI(k, EF.VALUE);
  }
  return sum;
}
