/**
 * How many pool workers a matchup should use when the user does not say. Each worker is its own V8 isolate
 * that spends about a second of CPU compiling the engine over its first few thousand battles (measured by
 * bench:rollouts' cold column), so a second worker only pays for itself on a job long enough to cover that
 * warm-up; on a short job it makes the whole job slower. Measured on this project's 2-core machine:
 * 2,400 Wasm battles took 2.7 s on 1 worker and 3.1 s on 2, 24,000 took 8.3 s and 6.8 s; 400 TypeScript
 * battles 3.8 s and 4.6 s, 2,400 took 12.3 s and 10.7 s. The rule: one worker per WORKER_SECONDS of
 * estimated single-worker work, at least 1, at most the cores. The report is the same with any number.
 */
/** The engine that plays the battles (MatchupRequest.engine). */
export type Engine = "ts" | "wasm";

/** Single-worker seconds of work per battle, set-up included (bench:rollouts, cold and warm averaged). */
export const SECONDS_PER_BATTLE: Record<Engine, number> = { ts: 0.005, wasm: 0.00035 };
/** Estimated work that justifies one more worker. */
export const WORKER_SECONDS = 5;

export function defaultWorkers(battles: number, engine: Engine, cores: number): number {
  const seconds = battles * SECONDS_PER_BATTLE[engine];
  return Math.max(1, Math.min(cores, Math.ceil(seconds / WORKER_SECONDS)));
}
