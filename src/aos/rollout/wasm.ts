/**
 * Rollouts in the Wasm kernel (assembly/aos_rollout.ts): the state encoded once (encode.ts), any number of
 * seeded battles played to the end by the scripted policy, each record decoded into the same
 * `RolloutResult` the TypeScript engine gives (ts.ts). The same state and seed give the same battle in both.
 */
import { BATTLE_TACTIC_IDS } from "../scoring/index.js";
import type { PitchedBattleState } from "../battle/game.js";
import type { BattleData } from "../battle/state.js";
import { InputError } from "../../core/errors.js";
import type { Core } from "../../core/wasm.js";
import { encodeBattle, R, RESULT } from "./encode.js";
import { rolloutTs } from "./ts.js";
import { type RolloutResult, VP_SOURCES, type VpSource } from "./types.js";

const OUTCOMES = ["draw", "minor-victory", "major-victory"] as const;

/** The winner of the kernel's result record at `at` in `records` (null: a draw), without decoding the rest. */
export function recordWinner(records: Float64Array, at: number): 0 | 1 | null {
  const winner = records[at + R.WINNER]!;
  return winner < 0 ? null : (winner as 0 | 1);
}

/** Each side's victory points in the kernel's result record at `at` in `records`. */
export function recordVictoryPoints(records: Float64Array, at: number): [number, number] {
  return [records[at + R.VP0]!, records[at + R.VP1]!];
}

/** The kernel's result record at `at` in `records`, as a RolloutResult (`data`: the battle it started from). */
export function decodeRollout(records: Float64Array, at: number, data: Pick<BattleData, "grandStrategies">): RolloutResult {
  const f = (i: number) => records[at + i]!;
  const player = (p: 0 | 1) => {
    const bySource = Object.fromEntries(VP_SOURCES.map((s, k) => [s, f(R.BY_SOURCE + p * 4 + k)])) as Record<VpSource, number>;
    const picked = BATTLE_TACTIC_IDS.map((id, k) => ({ id, round: f(R.PICKED + p * 8 + k), completed: f(R.COMPLETED + p * 8 + k) === 1 }))
      .filter((t) => t.round > 0)
      .sort((a, b) => a.round - b.round);
    return {
      byRound: [0, 1, 2, 3, 4].map((r) => f(R.BY_ROUND + p * 5 + r)),
      bySource,
      picked: picked.map((t) => t.id as string),
      completed: picked.filter((t) => t.completed).map((t) => t.id as string),
    };
  };
  const [a, b] = [player(0), player(1)];
  return {
    winner: recordWinner(records, at),
    outcome: OUTCOMES[f(R.OUTCOME)]!,
    victoryPoints: recordVictoryPoints(records, at),
    vpByRound: [a.byRound, b.byRound],
    vpBySource: [a.bySource, b.bySource],
    tacticsCompleted: [a.completed, b.completed],
    tacticsPicked: [a.picked, b.picked],
    grandStrategy: [
      { id: data.grandStrategies[0]!, completed: f(R.GS_COMPLETED) === 1 },
      { id: data.grandStrategies[1]!, completed: f(R.GS_COMPLETED + 1) === 1 },
    ],
    attacker: f(R.ATTACKER) as 0 | 1,
    rounds: f(R.ROUNDS),
  };
}

/** `seeds.length` rollouts of `state` in the kernel, one per seed (the state is encoded once). */
export function rolloutsWasm(core: Core, state: PitchedBattleState, seeds: ArrayLike<number>): RolloutResult[] {
  const records = core.aosRollouts(encodeBattle(state.data), seeds, RESULT);
  return Array.from({ length: seeds.length }, (_, i) => decodeRollout(records, i * RESULT, state.data));
}

/** Plays `state` to the end in the Wasm kernel with the scripted policy, from `seed` (the twin of rolloutTs). */
export function rolloutWasm(core: Core, state: PitchedBattleState, seed: number): RolloutResult {
  return rolloutsWasm(core, state, [seed])[0]!;
}

/** Each player's units on the battlefield at the end of the kernel's battle at `at` in `records` (CAMP-RETREAT). */
export function onBattlefieldOf(records: Float64Array, at: number): [number, number] {
  return [records[at + R.ON_BATTLEFIELD]!, records[at + R.ON_BATTLEFIELD + 1]!];
}

/** `rolloutsWasm` with each battle's units left on the battlefield (what the campaign's Massacre test needs). */
export function rolloutsWasmCounted(core: Core, state: PitchedBattleState, seeds: ArrayLike<number>): (RolloutResult & { onBattlefield: [number, number] })[] {
  const records = core.aosRollouts(encodeBattle(state.data), seeds, RESULT);
  return Array.from({ length: seeds.length }, (_, i) => ({ ...decodeRollout(records, i * RESULT, state.data), onBattlefield: onBattlefieldOf(records, i * RESULT) }));
}

/**
 * The battle in the Wasm kernel, or in the TypeScript engine when the kernel cannot take it (encode.ts refuses
 * it with an InputError: e.g. more than MAX_UNITS units counting the replacement units that may still be set
 * up, CORE-REPLACEMENT). Both play the identical battle, so the report does not depend on which one did.
 */
export function rolloutWasmOrTs(core: Core, state: PitchedBattleState, seed: number): RolloutResult {
  try {
    return rolloutWasm(core, state, seed);
  } catch (e) {
    if (e instanceof InputError) return rolloutTs(state, seed);
    throw e;
  }
}
