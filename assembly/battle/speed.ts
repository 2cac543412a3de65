// Speed (issue 15): per-battle indexes of the effect records, computed once when an encoded battle is loaded
// (aos_rollout.ts loadState), so the hot steps skip records that cannot apply without reading them. They only
// narrow loops to the records a step's own checks could pass (same records, same order): a step whose check
// reads something other than what is indexed here still reads it itself.
import { EF } from "./layout";
import { efI, nEffects } from "./effects";

const STEP_PHASE_SLOTS: i32 = 32;
/** The records whose EF.DECL_PHASE is each STEP_PHASES index (bit = record); any other phase: every record. */
const STEP_RECS = memory.data(STEP_PHASE_SLOTS * 8, 16);
let allRecs: u64 = 0;

export function loadSpeed(): void {
  for (let p = 0; p < STEP_PHASE_SLOTS; p++) store<u64>(STEP_RECS + (<usize>p << 3), 0);
  allRecs = nEffects >= 64 ? ~(<u64>0) : ((<u64>1) << <u64>nEffects) - 1;
  for (let k = 0; k < nEffects; k++) {
    const p = efI(k, EF.DECL_PHASE);
    if (p >= 0 && p < STEP_PHASE_SLOTS) store<u64>(STEP_RECS + (<usize>p << 3), load<u64>(STEP_RECS + (<usize>p << 3)) | ((<u64>1) << <u64>k));
  }
}

/** The records a declared step of STEP_PHASES index `phase` may use (those with that EF.DECL_PHASE). */
// @ts-ignore: decorator
@inline export function stepRecs(phase: i32): u64 {
  return phase >= 0 && phase < STEP_PHASE_SLOTS ? load<u64>(STEP_RECS + (<usize>phase << 3)) : allRecs;
}
