// Speed (issue 15): per-battle indexes of the effect records, computed once when an encoded battle is loaded
// (aos_rollout.ts loadState), so the hot steps skip records that cannot apply without reading them. They only
// narrow loops to the records a step's own checks could pass (same records, same order): a step whose check
// reads something other than what is indexed here still reads it itself.
import { EF } from "./layout";
import { efI, nEffects } from "./effects";
import { PHASE_MOVE } from "./moves5";

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
  loadKindRecs();
  loadPhaseMoveRecs();
}

/** The records a declared step of STEP_PHASES index `phase` may use (those with that EF.DECL_PHASE). */
// @ts-ignore: decorator
@inline export function stepRecs(phase: i32): u64 {
  return phase >= 0 && phase < STEP_PHASE_SLOTS ? load<u64>(STEP_RECS + (<usize>phase << 3)) : allRecs;
}

// Record scans narrowed by kind (issue 15). Each mask drops only the records of the old kind codes 0-49
// (layouts 1-4, every code taken) that the scan's own first test skips today; a record of any other code
// (64 and up: the codes later areas take) is always read, so a kind added to a scan later still gets there.
const OLD_KINDS: i32 = 49;
let stepKindRecs: u64 = 0;
let attackKindRecs: u64 = 0;
let controlKindRecs: u64 = 0;

function loadKindRecs(): void {
  stepKindRecs = 0;
  attackKindRecs = 0;
  controlKindRecs = 0;
  for (let k = 0; k < nEffects; k++) {
    const kind = efI(k, EF.KIND);
    const bit = (<u64>1) << <u64>k;
    const old = kind >= 0 && kind <= OLD_KINDS;
    // combat-abilities.ts useStepRecords: mortal 7, slay 8, strike 9, for a while 10 (TURN), terrain mortal 30.
    if (!old || kind == 7 || kind == 8 || kind == 9 || kind == 10 || kind == 30) stepKindRecs |= bit;
    // effects.ts attackEffects (not only wards): kinds 0-5, for a while 10 (TURN) and 35 (SPELL_TURN).
    if (!old || kind <= 5 || kind == 10 || kind == 35) attackKindRecs |= bit;
    // effects.ts controlEffects: kind 6 (and the spell records it is given, whatever their kind).
    if (!old || kind == 6) controlKindRecs |= bit;
  }
}

/** combat-abilities.ts useStepRecords: the records of step `phase` its kind test may pass. */
// @ts-ignore: decorator
@inline export function stepKindRecsOf(phase: i32): u64 {
  return stepRecs(phase) & stepKindRecs;
}
/** effects.ts attackEffects: the records its kind test may pass (all of them for wards only). */
// @ts-ignore: decorator
@inline export function attackRecs(onlyWard: bool): u64 {
  return onlyWard ? allRecs : attackKindRecs;
}
/** effects.ts controlEffects: the records of kind 6 (and later codes). */
// @ts-ignore: decorator
@inline export function controlRecs(): u64 {
  return controlKindRecs;
}

// moves5.ts: the phase-move records (kind PHASE_MOVE) of each step (EF.MV5_FLAGS bits 0-2: 1-6), so a step without
// any returns at once and one with some visits only those, in record order.
const PHASE_MOVE_STEPS = memory.data(8 * 8, 16);

function loadPhaseMoveRecs(): void {
  for (let i = 0; i < 8; i++) store<u64>(PHASE_MOVE_STEPS + (<usize>i << 3), 0);
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != PHASE_MOVE) continue;
    const at = PHASE_MOVE_STEPS + (<usize>(efI(k, EF.MV5_FLAGS) & 7) << 3);
    store<u64>(at, load<u64>(at) | ((<u64>1) << <u64>k));
  }
}

/** moves5.ts: the phase-move records of step `step` (1-6). */
// @ts-ignore: decorator
@inline export function phaseMoveRecs(step: i32): u64 {
  return load<u64>(PHASE_MOVE_STEPS + (<usize>step << 3));
}
