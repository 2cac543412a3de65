// The kernel's casting-roll modifiers (src/aos/battle/casting.ts, operation for operation): passive records of
// kind CASTING_KIND / CASTING_UNLESS_MISCAST_KIND (encode.ts), EF.VALUE added to the casting rolls of the units whom
// names, the second only while UI.BLOCKED is 0 (not miscast this phase); MISCAST_GOES_ON_KIND: a miscast sets
// UI.BLOCKED to 2 (miscast, not stopped) instead of 1.
import { EF } from "./layout";
import { efI, hasKind, nEffects, sourceFor } from "./effects";
import { ui, UI } from "./state";
import { castingTurnBonus } from "./magic6";

/** encode.ts CASTING_KIND, CASTING_UNLESS_MISCAST_KIND, MISCAST_GOES_ON_KIND (reserved room 124-127). */
const CASTING_KIND: i32 = 124;
const CASTING_UNLESS_MISCAST_KIND: i32 = 125;
const MISCAST_GOES_ON_KIND: i32 = 126;
const CASTING_SUMMON_KIND: i32 = 127;

/** casting.ts castingBonus(b, w, true): the "when it uses a SUMMON ability" records (manifest.ts castSummon). */
export function summonCastingBonus(w: i32): i32 {
  if (!hasKind(CASTING_SUMMON_KIND)) return 0;
  let sum = 0;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == CASTING_SUMMON_KIND && sourceFor(k, w) >= 0) sum += efI(k, EF.VALUE);
  return sum;
}

/** casting.ts castingBonus: the sum of the casting records that apply to `w` (each once, whatever its sources). */
export function castingBonus(w: i32): i32 {
  const plain = hasKind(CASTING_KIND);
  const unless = hasKind(CASTING_UNLESS_MISCAST_KIND) && ui(w, UI.BLOCKED) == 0;
  const held = castingTurnBonus(w, false); // magic6.ts: for a while
  if (!plain && !unless) return held;
  let sum = held;
  for (let k = 0; k < nEffects; k++) {
    const kind = efI(k, EF.KIND);
    if (!((kind == CASTING_KIND && plain) || (kind == CASTING_UNLESS_MISCAST_KIND && unless))) continue;
    if (sourceFor(k, w) >= 0) sum += efI(k, EF.VALUE);
  }
  return sum;
}

/** casting.ts goesOnAfterMiscast. */
export function goesOnAfterMiscast(w: i32): bool {
  if (!hasKind(MISCAST_GOES_ON_KIND)) return false;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == MISCAST_GOES_ON_KIND && sourceFor(k, w) >= 0) return true;
  return false;
}
