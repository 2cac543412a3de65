// The MESBG rollout kernel's entry points and turn loop (src/mesbg/scenario.ts gameHandler, priority.ts):
// read a state encoded by src/mesbg/encode.ts, play it to a wipe-out or the turn cap with the scripted
// policy for both sides, and report the result (or, for the differential tests, stop at a later turn's
// priority roll-off and write the state back in the same layout).
import { roll, rngSeed } from "../rng";
import { allocFight, fightPhase, setResolved } from "./fight";
import {
  COMBAT_STRIDE, ENTRY_PAIR_THEN_FIGHT, ENTRY_PAIR_THEN_SHOOT, C_LONE, C_NOTHERS, C_OTHERS, C_RESOLVED, ENTRY_FIGHT, ENTRY_MOVE, ENTRY_OVER, ENTRY_PRIORITY_CHOOSE,
  ENTRY_PRIORITY_ROLL, ENTRY_SHOOT, FORMAT_VERSION, H_BOARD_H, H_BOARD_W, H_CHOOSER, H_COMBAT_AT, H_COMBAT_STRIDE, H_ENTRY,
  H_ENTRY_ARG, H_FORMAT, H_GOOD, H_MAXTURNS, H_MODEL_AT, H_MODEL_STRIDE, H_NCOMBATS, H_NMODELS, H_NPROFILES, H_PRIORITY,
  H_PROFILE_AT, H_PROFILE_STRIDE, H_REASON, H_SIZE, H_TURN, H_WINNER, MAX_MODELS, MAX_OTHERS, MF_ACTIVATED, MF_CAST,
  MF_CHARGED, MF_CHARGED_BY_CAVALRY, MF_COMPELLED, MF_FOUGHT, MF_FREE_WILL, MF_MOVED_AT_ALL, MF_SHOT, MF_SUPPORTED, MF_THROWN,
  MF_TRANSFIXED, MODEL_STRIDE, M_CT, M_FATE, M_FLAGS, M_MIGHT, M_MOVED, M_NCT, M_PROFILE, M_SIDE, M_TERROR, M_WILL, M_WOUNDS,
  M_X, M_Y, PROFILE_STRIDE, P_ATTACKS, P_COURAGE, P_DEFENCE, P_FIGHT, P_FLAGS, P_MISSILES, P_MOVE, P_NMISSILES, P_NPOWERS,
  P_POWERS, P_RADIUS, P_SHOOT, P_STRENGTH, P_VALUE, P_WOUNDS, TERROR_NONE,
} from "./layout";
import { allocMagic } from "./magic";
import { allocMove, movePhase } from "./move";
import { allocPairing, OTHERS_CAP, PAIR_LONE, PAIR_N, PAIR_OTHERS, pairForFight, setPairs } from "./pairing";
import { allocPaths } from "./paths";
import { allocPolicy } from "./policy";
import { shootPhase } from "./shoot";
import {
  MCT, MFATE, MFLAGS, MMIGHT, MMOVED, MNCT, MPROF, MR, MSIDE, MTERROR, MWILL, MWOUNDS, MX, MY, N, PATT, PCOUR, PDEF, PFIGHT,
  PFLAGS, PMISR, PMISS, PMIST, PMOVE, PNMIS, PNPOW, PPOWC, PPOWK, PPOWR, PRAD, PSHOOT, PSTR, PVALUE, PWOUNDS, alive, allocTables,
  chooser, initContacts, maxTurns, over, other, priority, reason, setFlag, setGame, setPriority, setResult, setTurn, sf, si, side, survivingShare,
  turn, winner, li, lf,
} from "./state";

export const STATUS_OK: i32 = 0;
export const STATUS_BAD_FORMAT: i32 = -1;
export const STATUS_TOO_MANY: i32 = -2;
export const STATUS_NO_END: i32 = -3;

/** Output record of one game (OUT_SIZE numbers). */
export const OUT_SIZE: i32 = 8;
// [winner, score of side 0, score of side 1, turns, models left on side 0, on side 1, wiped out (0/1), status]

// @ts-ignore: decorator
@inline function rd(p: usize, i: i32): f64 {
  return load<f64>(p + ((<usize>i) << 3));
}
// @ts-ignore: decorator
@inline function wr(p: usize, i: i32, v: f64): void {
  store<f64>(p + ((<usize>i) << 3), v);
}

function check(input: usize): i32 {
  if (<i32>rd(input, H_FORMAT) != FORMAT_VERSION) return STATUS_BAD_FORMAT;
  if (<i32>rd(input, H_PROFILE_STRIDE) != PROFILE_STRIDE || <i32>rd(input, H_MODEL_STRIDE) != MODEL_STRIDE || <i32>rd(input, H_COMBAT_STRIDE) != COMBAT_STRIDE)
    return STATUS_BAD_FORMAT;
  const n = <i32>rd(input, H_NMODELS);
  if (n < 2 || n > MAX_MODELS) return STATUS_TOO_MANY;
  return STATUS_OK;
}

function allocAll(input: usize): void {
  allocTables(<i32>rd(input, H_NMODELS), <i32>rd(input, H_NPROFILES));
  allocPaths();
  allocMove();
  allocPairing();
  allocFight();
  allocMagic();
  allocPolicy();
}

/** Fills the working tables from the encoded state. */
function loadState(input: usize): void {
  const np = <i32>rd(input, H_NPROFILES);
  const pa = <i32>rd(input, H_PROFILE_AT);
  for (let p = 0; p < np; p++) {
    const o = pa + p * PROFILE_STRIDE;
    sf(PRAD, p, rd(input, o + P_RADIUS));
    si(PDEF, p, <i32>rd(input, o + P_DEFENCE));
    si(PMOVE, p, <i32>rd(input, o + P_MOVE));
    si(PFIGHT, p, <i32>rd(input, o + P_FIGHT));
    si(PSHOOT, p, <i32>rd(input, o + P_SHOOT));
    si(PSTR, p, <i32>rd(input, o + P_STRENGTH));
    si(PATT, p, <i32>rd(input, o + P_ATTACKS));
    si(PWOUNDS, p, <i32>rd(input, o + P_WOUNDS));
    si(PCOUR, p, <i32>rd(input, o + P_COURAGE));
    si(PFLAGS, p, <i32>rd(input, o + P_FLAGS));
    sf(PVALUE, p, rd(input, o + P_VALUE));
    const nm = <i32>rd(input, o + P_NMISSILES);
    si(PNMIS, p, nm);
    for (let k = 0; k < nm; k++) {
      sf(PMISR, p * 5 + k, rd(input, o + P_MISSILES + 3 * k));
      si(PMISS, p * 5 + k, <i32>rd(input, o + P_MISSILES + 3 * k + 1));
      si(PMIST, p * 5 + k, <i32>rd(input, o + P_MISSILES + 3 * k + 2));
    }
    const npw = <i32>rd(input, o + P_NPOWERS);
    si(PNPOW, p, npw);
    for (let k = 0; k < npw; k++) {
      si(PPOWK, p * 5 + k, <i32>rd(input, o + P_POWERS + 3 * k));
      sf(PPOWR, p * 5 + k, rd(input, o + P_POWERS + 3 * k + 1));
      si(PPOWC, p * 5 + k, <i32>rd(input, o + P_POWERS + 3 * k + 2));
    }
  }
  const ma = <i32>rd(input, H_MODEL_AT);
  for (let m = 0; m < N; m++) {
    const o = ma + m * MODEL_STRIDE;
    si(MSIDE, m, <i32>rd(input, o + M_SIDE));
    const p = <i32>rd(input, o + M_PROFILE);
    si(MPROF, m, p);
    sf(MR, m, lf(PRAD, p));
    sf(MX, m, rd(input, o + M_X));
    sf(MY, m, rd(input, o + M_Y));
    si(MWOUNDS, m, <i32>rd(input, o + M_WOUNDS));
    si(MMIGHT, m, <i32>rd(input, o + M_MIGHT));
    si(MWILL, m, <i32>rd(input, o + M_WILL));
    si(MFATE, m, <i32>rd(input, o + M_FATE));
    si(MFLAGS, m, <i32>rd(input, o + M_FLAGS));
    si(MTERROR, m, <i32>rd(input, o + M_TERROR));
    sf(MMOVED, m, rd(input, o + M_MOVED));
    const n = <i32>rd(input, o + M_NCT);
    si(MNCT, m, n);
    for (let k = 0; k < n; k++) si(MCT, m * 8 + k, <i32>rd(input, o + M_CT + k));
  }
  setGame(
    <i32>rd(input, H_TURN), <i32>rd(input, H_MAXTURNS), <i32>rd(input, H_PRIORITY), <i32>rd(input, H_CHOOSER),
    rd(input, H_BOARD_W), rd(input, H_BOARD_H), <i32>rd(input, H_GOOD),
  );
  const nc = <i32>rd(input, H_NCOMBATS);
  const ca = <i32>rd(input, H_COMBAT_AT);
  for (let c = 0; c < nc; c++) {
    const o = ca + c * COMBAT_STRIDE;
    si(PAIR_LONE, c, <i32>rd(input, o + C_LONE));
    const n = min(<i32>rd(input, o + C_NOTHERS), MAX_OTHERS);
    si(PAIR_N, c, n);
    for (let k = 0; k < n; k++) si(PAIR_OTHERS, c * OTHERS_CAP + k, <i32>rd(input, o + C_OTHERS + k));
    setResolved(c, rd(input, o + C_RESOLVED) != 0);
  }
  setPairs(nc);
  initContacts();
  if (<i32>rd(input, H_ENTRY) == ENTRY_OVER) setResult(<i32>rd(input, H_WINNER), <i32>rd(input, H_REASON));
}

/** scenario.ts beginTurn (ME-TURN). */
function beginTurn(): void {
  setTurn(turn + 1);
  const clear = MF_ACTIVATED | MF_MOVED_AT_ALL | MF_CHARGED | MF_CHARGED_BY_CAVALRY | MF_THROWN | MF_SHOT | MF_CAST | MF_FREE_WILL |
    MF_SUPPORTED | MF_FOUGHT;
  for (let m = 0; m < N; m++) {
    si(MFLAGS, m, li(MFLAGS, m) & ~clear);
    sf(MMOVED, m, 0);
    si(MNCT, m, 0);
    si(MTERROR, m, TERROR_NONE);
  }
}

/** scenario.ts endPhase: temporary effects end (Transfix, Compel); combats are over. */
function endPhase(): void {
  for (let m = 0; m < N; m++) {
    setFlag(m, MF_TRANSFIXED, false);
    setFlag(m, MF_COMPELLED, false);
  }
  setPairs(0);
}

/** ME-PRIORITY: the roll-off (one stream: a chance outcome is roll(36)), and the winner takes priority. */
function priorityRoll(): void {
  for (let guard = 0; guard < 100000; guard++) {
    const i = roll(36) - 1;
    const a0 = 1 + i / 6;
    const a1 = 1 + (i % 6);
    if (turn <= 1) {
      if (a0 == a1) continue;
      const p = a0 > a1 ? 0 : 1;
      setPriority(p, p);
      return;
    }
    const c = a0 == a1 ? other(chooser == -1 ? 1 : chooser) : a0 > a1 ? 0 : 1;
    setPriority(c, c);
    return;
  }
}

/** The stage the game stopped at (for writing the state back). */
let stoppedAtRoll: bool = false;

const PH_PRIORITY: i32 = 0;
const PH_MOVE: i32 = 1;
const PH_SHOOT: i32 = 2;
const PH_FIGHT: i32 = 3;
const PH_END: i32 = 4;

/** Plays from the loaded state to the end, or until the priority roll-off of a turn after `stopAfter`. */
function play(input: usize, stopAfter: i32): i32 {
  stoppedAtRoll = false;
  const entry = <i32>rd(input, H_ENTRY);
  const arg = <i32>rd(input, H_ENTRY_ARG);
  if (entry == ENTRY_OVER) return STATUS_OK;
  let phase = PH_PRIORITY;
  let step = 0;
  let rolled = false;
  if (entry == ENTRY_PRIORITY_CHOOSE) {
    setPriority(arg, arg);
    rolled = true;
  } else if (entry == ENTRY_MOVE) {
    phase = PH_MOVE;
    step = arg;
  } else if (entry == ENTRY_SHOOT) {
    phase = PH_SHOOT;
    step = arg;
  } else if (entry == ENTRY_FIGHT) phase = PH_FIGHT;
  else if (entry == ENTRY_PAIR_THEN_SHOOT || entry == ENTRY_PAIR_THEN_FIGHT) {
    // a phase set up and not yet stepped: pair the combats first (the pairing frame on top of it)
    pairForFight();
    for (let c = 0; c < N; c++) setResolved(c, false);
    phase = entry == ENTRY_PAIR_THEN_SHOOT ? PH_SHOOT : PH_FIGHT;
  }
  for (let guard = 0; guard < 100000; guard++) {
    if (over) return STATUS_OK;
    if (phase == PH_PRIORITY) {
      if (!rolled) {
        if (turn > stopAfter) {
          stoppedAtRoll = true;
          return STATUS_OK;
        }
        priorityRoll();
      }
      rolled = false;
      phase = PH_MOVE;
      step = 0;
    } else if (phase == PH_MOVE) {
      movePhase(step);
      if (over) return STATUS_OK;
      pairForFight();
      for (let c = 0; c < N; c++) setResolved(c, false);
      phase = PH_SHOOT;
      step = 0;
    } else if (phase == PH_SHOOT) {
      shootPhase(step);
      phase = PH_FIGHT;
    } else if (phase == PH_FIGHT) {
      fightPhase();
      phase = PH_END;
    } else {
      endPhase();
      if (turn >= maxTurns) {
        const a = survivingShare(0);
        const b = survivingShare(1);
        setResult(a > b ? 0 : b > a ? 1 : -1, 2);
        return STATUS_OK;
      }
      beginTurn();
      phase = PH_PRIORITY;
    }
  }
  return STATUS_NO_END;
}

function writeResult(out: usize, status: i32): void {
  let left0 = 0;
  let left1 = 0;
  for (let m = 0; m < N; m++) {
    if (!alive(m)) continue;
    if (side(m) == 0) left0++;
    else left1++;
  }
  let s0: f64 = 0;
  let s1: f64 = 0;
  if (reason == 1) {
    s0 = winner == -1 ? 0 : winner == 0 ? 1 : -1;
    s1 = winner == -1 ? 0 : winner == 1 ? 1 : -1;
  } else if (reason == 2) {
    const a = survivingShare(0);
    const b = survivingShare(1);
    s0 = a - b;
    s1 = b - a;
  }
  wr(out, 0, <f64>(over ? winner : -1));
  wr(out, 1, s0);
  wr(out, 2, s1);
  wr(out, 3, <f64>turn);
  wr(out, 4, <f64>left0);
  wr(out, 5, <f64>left1);
  wr(out, 6, reason == 1 ? 1 : 0);
  wr(out, 7, <f64>status);
}

/**
 * One rollout: plays the encoded state (src/mesbg/encode.ts) to the end with the scripted policy for both
 * sides, dice and chance outcomes from one xoshiro128** stream seeded with `seed` (as src/mesbg/rollout.ts
 * rolloutTs). Writes OUT_SIZE numbers at `out`; returns the status (0 ok, negative on a bad input).
 */
export function mesbgRollout(input: usize, seed: u32, out: usize): i32 {
  const c = check(input);
  if (c != STATUS_OK) {
    wr(out, 7, <f64>c);
    return c;
  }
  allocAll(input);
  loadState(input);
  rngSeed(seed);
  const s = play(input, i32.MAX_VALUE);
  writeResult(out, s);
  return s;
}

/** `n` rollouts from the same state, game i seeded with seeds[i] (an f64 array); OUT_SIZE numbers each at `out`. */
export function mesbgRolloutMany(input: usize, n: i32, seeds: usize, out: usize): i32 {
  const c = check(input);
  if (c != STATUS_OK) {
    for (let i = 0; i < n; i++) wr(out + ((<usize>(i * OUT_SIZE)) << 3), 7, <f64>c);
    return c;
  }
  allocAll(input);
  let worst = STATUS_OK;
  for (let i = 0; i < n; i++) {
    loadState(input);
    rngSeed(<u32>(<i64>rd(seeds, i)));
    const s = play(input, i32.MAX_VALUE);
    writeResult(out + ((<usize>(i * OUT_SIZE)) << 3), s);
    if (s != STATUS_OK) worst = s;
  }
  return worst;
}

/**
 * For the differential tests: plays until the priority roll-off of the first turn after `afterTurn` (or
 * the end), then writes the state at `out` in the encoded layout (header, profiles, models; no combats).
 */
export function mesbgPlayTo(input: usize, seed: u32, afterTurn: i32, out: usize): i32 {
  const c = check(input);
  if (c != STATUS_OK) return c;
  allocAll(input);
  loadState(input);
  rngSeed(seed);
  const s = play(input, afterTurn);
  const ma = <i32>rd(input, H_MODEL_AT);
  const size = ma + N * MODEL_STRIDE;
  for (let i = 0; i < ma; i++) wr(out, i, rd(input, i));
  wr(out, H_NCOMBATS, 0);
  wr(out, H_TURN, <f64>turn);
  wr(out, H_PRIORITY, <f64>priority);
  wr(out, H_CHOOSER, <f64>chooser);
  wr(out, H_ENTRY, <f64>(over ? ENTRY_OVER : stoppedAtRoll ? ENTRY_PRIORITY_ROLL : -1));
  wr(out, H_ENTRY_ARG, 0);
  wr(out, H_WINNER, <f64>(over ? winner : -1));
  wr(out, H_REASON, <f64>(over ? reason : 0));
  wr(out, H_COMBAT_AT, <f64>size);
  wr(out, H_SIZE, <f64>size);
  for (let m = 0; m < N; m++) {
    const o = ma + m * MODEL_STRIDE;
    wr(out, o + M_SIDE, <f64>li(MSIDE, m));
    wr(out, o + M_PROFILE, <f64>li(MPROF, m));
    wr(out, o + M_X, lf(MX, m));
    wr(out, o + M_Y, lf(MY, m));
    wr(out, o + M_WOUNDS, <f64>li(MWOUNDS, m));
    wr(out, o + M_MIGHT, <f64>li(MMIGHT, m));
    wr(out, o + M_WILL, <f64>li(MWILL, m));
    wr(out, o + M_FATE, <f64>li(MFATE, m));
    wr(out, o + M_FLAGS, <f64>li(MFLAGS, m));
    wr(out, o + M_TERROR, <f64>li(MTERROR, m));
    wr(out, o + M_MOVED, lf(MMOVED, m));
    const n = li(MNCT, m);
    wr(out, o + M_NCT, <f64>n);
    for (let k = 0; k < 8; k++) wr(out, o + M_CT + k, k < n ? <f64>li(MCT, m * 8 + k) : 0);
  }
  return s;
}
