/**
 * Rollouts in the Wasm kernel (assembly/mesbg_rollout/): the state is encoded once (encode.ts) and played
 * to the end with the scripted policy for both sides, as `rolloutTs` does in TypeScript — the same state and
 * seed give the same game, die for die (test/mesbg/rollout-*.test.ts hold the two equal).
 */
import type { Core } from "../core/wasm.js";
import { encodeState, H } from "./encode.js";
import type { MesbgState } from "./game.js";
import type { RolloutResult } from "./rollout.js";

const RECORD = 8;
const STATUS: Record<number, string> = {
  [-1]: "the input is not an encoded MESBG state of this layout version",
  [-2]: "too many models for the kernel",
  [-3]: "the game did not end",
};

function decode(r: Float64Array, at: number): RolloutResult {
  const status = r[at + 7]!;
  if (status !== 0) throw new Error(`MESBG rollout kernel: ${STATUS[status] ?? `error ${status}`}`);
  return {
    winner: r[at]!,
    score: [r[at + 1]!, r[at + 2]!],
    turns: r[at + 3]!,
    modelsLeft: [r[at + 4]!, r[at + 5]!],
    wipedOut: r[at + 6]! === 1,
  };
}

/** One rollout of `state` (at a supported decision point: encode.ts) with `seed`. */
export function rolloutWasm(core: Core, state: MesbgState, seed: number): RolloutResult {
  return decode(core.mesbgRollouts(encodeState(state), [seed]), 0);
}

/** One rollout per seed from the same state; the state is encoded once. */
export function rolloutWasmMany(core: Core, state: MesbgState | Float64Array, seeds: readonly number[]): RolloutResult[] {
  const enc = state instanceof Float64Array ? state : encodeState(state);
  const r = core.mesbgRollouts(enc, seeds);
  return seeds.map((_, i) => decode(r, i * RECORD));
}

/**
 * The kernel's side of `playTs`: plays `state` with `seed` to the priority roll-off of the first turn after
 * `stopAfterTurn` (or the end) and returns the state there in encode.ts's layout (header, profiles and
 * models; no combats). The kernel's random stream is left where the game left it (`core.rngNext()`).
 */
export function playWasm(core: Core, state: MesbgState | Float64Array, seed: number, stopAfterTurn: number): Float64Array {
  const enc = state instanceof Float64Array ? state : encodeState(state);
  const r = core.mesbgPlayTo(enc, seed, Math.min(stopAfterTurn, 2 ** 31 - 1));
  if (r.status !== 0) throw new Error(`MESBG rollout kernel: ${STATUS[r.status] ?? `error ${r.status}`}`);
  const size = r.state[H.SIZE]!;
  return r.state.slice(0, size);
}
