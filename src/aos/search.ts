/**
 * The Pitched Battle's search: the planner's closed-loop MCTS (src/planner/closed-loop.ts) over the TypeScript
 * engine's states, with every leaf evaluated by rollouts to the end in the Wasm kernel by the scripted policy.
 *
 * Why this forward model (measured on this machine, a mid-battle position, bench:search): cloning a
 * `PitchedBattleState` costs ~0.3 ms and applying one decision ~1.1 ms in TypeScript, encoding it for the
 * kernel ~0.8 ms, while the kernel plays a whole battle from there in ~0.07 ms once the state is loaded
 * (~0.25 ms per call to load it). An open-loop tree re-steps the whole path in TypeScript every iteration
 * (milliseconds each); the closed loop steps TypeScript only to create a node, and a node is a leaf for its
 * first 32 visits, each one kernel rollout from batches run in one call (4, then 16). The kernel does not list the
 * legal actions itself (a second implementation of `choices` held equal by a perft test): the TypeScript
 * engine stays the only place where a decision's options are made, and the tree is built from it.
 *
 * Returns: win 1, loss -1, draw 0 (PB-RESULT); VP margins for the expected-VP figures.
 */
import { InputError } from "../core/errors.js";
import { deriveSeed, type Rng } from "../core/rng.js";
import type { Core } from "../core/wasm.js";
import type { Budget } from "../planner/budget.js";
import { CHANCE, type PlayerId } from "../planner/game.js";
import { type Evaluation, type Evaluator, mergeTallies, rootOptions, search, searchTally, type SearchOptions, type SearchResult, summarize } from "../planner/mcts.js";
import type { PitchedBattleState } from "./battle/game.js";
import { policyAction } from "./battle/policy.js";
import { encodeBattle, R, RESULT } from "./rollout/encode.js";
import { isSetUp, playPolicy, rolloutTs } from "./rollout/ts.js";

/** Kernel rollouts run per call for one leaf (its first visits use them one by one). */
export const ROLLOUT_BATCH = 16;
/** Visits a node spends as a leaf (kernel rollouts) before it grows children. */
export const EXPAND_AFTER = 32;

interface LeafCache {
  /** Where the rollouts start: the state itself, or after its set-up (and roll-offs) played by the policy. */
  start: PitchedBattleState;
  encoded: Float64Array | null;
  results: Evaluation[];
  calls: number;
}

function returnsOf(winner: number | null): number[] {
  return winner === 0 ? [1, -1] : winner === 1 ? [-1, 1] : [0, 0];
}

/**
 * Where kernel rollouts of `state` start, encoded: the state itself, or (a set-up step or a roll-off) a copy
 * the policy has played on to the first decision after deployment, its dice from `seed()` (drawn only then). `encoded` is null
 * when the battle is over or the kernel cannot take it (encode.ts refuses it): roll out in TypeScript then.
 */
export function rolloutStart(state: PitchedBattleState, seed: () => number): { start: PitchedBattleState; encoded: Float64Array | null } {
  let start = state;
  if (isSetUp(state.data.step) || state.currentPlayer() === CHANCE) {
    start = state.clone();
    start.reseed(seed());
    playPolicy(start, (s) => isSetUp(s.data.step) || s.currentPlayer() === CHANCE);
  }
  if (start.isTerminal()) return { start, encoded: null };
  try {
    return { start, encoded: encodeBattle(start.data) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { start, encoded: null };
  }
}

/**
 * Leaf evaluation by the kernel: the state's rollouts are run `batch` at a time (seeds from the search's
 * RNG) and handed out one per visit; a set-up state is first played through its set-up by the policy (the
 * kernel starts after deployment); a battle the kernel cannot take (encode.ts refuses it) is rolled out in
 * TypeScript. Never changes the state it is given.
 */
export function kernelEvaluator(core: Core, batch = ROLLOUT_BATCH): Evaluator<PitchedBattleState> {
  const cache = new WeakMap<PitchedBattleState, LeafCache>();
  return (state: PitchedBattleState, rng: Rng): Evaluation => {
    if (state.isTerminal()) return { returns: state.returns(), vp: [...state.data.victoryPoints] };
    let c = cache.get(state);
    if (!c) {
      c = { ...rolloutStart(state, () => rng.nextU32()), results: [], calls: 0 };
      cache.set(state, c);
    }
    if (!c.encoded) {
      // Over already, or a battle the kernel cannot take: TypeScript, one rollout per visit (the same battles).
      if (c.start.isTerminal()) return { returns: c.start.returns(), vp: [...c.start.data.victoryPoints] };
      const r = rolloutTs(c.start, rng.nextU32());
      return { returns: returnsOf(r.winner), vp: [...r.victoryPoints] };
    }
    if (c.results.length === 0) {
      // Most nodes are visited a few times only: the first call runs a quarter of the batch, later ones all of it.
      const n = c.calls++ === 0 ? Math.max(1, batch >> 2) : batch;
      const seeds = Array.from({ length: n }, () => rng.nextU32());
      const rec = core.aosRollouts(c.encoded, seeds, RESULT);
      for (let i = n - 1; i >= 0; i--) {
        const w = rec[i * RESULT + R.WINNER]!;
        c.results.push({ returns: returnsOf(w < 0 ? null : w), vp: [rec[i * RESULT + R.VP0]!, rec[i * RESULT + R.VP1]!] });
      }
    }
    return c.results.pop()!;
  };
}

/** The options the AoS agent searches with (closed loop, the policy's move first, kernel leaves). */
export function aosSearchOptions(core: Core, budget: Budget, seed: number): SearchOptions<PitchedBattleState> {
  return {
    seed,
    iterations: budget.iterations,
    timeMs: budget.timeMs,
    exploration: 0.7,
    // Measured (bench:search): k 2, alpha 0.5 made a node every 3-4 iterations (each ~3 ms of TypeScript step
    // and encoding); k 1, alpha 0.3 and leaves of 32 visits one every 10-12, at twice the iterations per second.
    widening: { k: 1, alpha: 0.3 },
    prior: (s: PitchedBattleState, _p: PlayerId) => policyAction(s.battle),
    evaluate: kernelEvaluator(core),
    closedLoop: { expandAfter: EXPAND_AFTER, outcomes: { k: 1, alpha: 0.3 }, pure: true },
  };
}

/** One search of `state` (not changed) for the player to move. */
export function aosSearch(core: Core, state: PitchedBattleState, budget: Budget, seed: number): SearchResult {
  return search(state, aosSearchOptions(core, budget, seed));
}

/**
 * Root parallelism in one thread: `roots` trees (tree i seeded deriveSeed(seed, i), an equal share of the
 * iterations) merged in index order — the same answer the worker pool's `aosSearch` gives for any number of
 * workers.
 */
export function aosSearchRoots(core: Core, state: PitchedBattleState, iterations: number, seed: number, roots: number): SearchResult {
  const start = performance.now();
  const subs = rootOptions(aosSearchOptions(core, { iterations }, seed), roots);
  const merged = mergeTallies(subs.map((o) => searchTally(state, { ...o, evaluate: kernelEvaluator(core) })));
  return summarize(state, merged, deriveSeed(seed, 0), performance.now() - start);
}
