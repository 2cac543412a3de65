/**
 * How many pool workers a matchup should use when the user does not say. Each worker is its own V8 isolate
 * that spends about a second of CPU compiling the engine over its first few thousand battles (measured by
 * bench:rollouts' cold column), so a second worker only pays for itself on a job long enough to cover that
 * warm-up; on a short job it makes the whole job slower. Measured on this project's 2-core machine:
 * 2,400 Wasm battles took 2.7 s on 1 worker and 3.1 s on 2, 24,000 took 8.3 s and 6.8 s; 400 TypeScript
 * battles 3.8 s and 4.6 s, 2,400 took 12.3 s and 10.7 s. The rule: one worker per WORKER_SECONDS of
 * estimated single-worker work, at least 1, at most the cores that are idle. The report is the same with
 * any number.
 *
 * Idle cores (issue 17 item 5): under load a second worker does not pay — measured with the other cores
 * busy, 2 workers were 1.0-1.5x slower than one and spent 23-36% more CPU. So the pool is also capped by the
 * cores actually idle: the machine's cores less its one-minute load average (`os.loadavg()[0]`, the
 * threads running or waiting to run), rounded to the nearest core, at least 1. On Windows `os.loadavg()` is
 * always [0, 0, 0]: every core counts as idle there.
 */
/** The engine that plays the battles (MatchupRequest.engine). */
export type Engine = "ts" | "wasm";

/** Single-worker seconds of work per battle, set-up included (bench:rollouts, cold and warm averaged). */
export const SECONDS_PER_BATTLE: Record<Engine, number> = { ts: 0.005, wasm: 0.00035 };
/** Estimated work that justifies one more worker. */
export const WORKER_SECONDS = 5;

/** The cores not busy with other work: `cores` less the one-minute load average, to the nearest core, 1 to `cores`. */
export function idleCores(cores: number, load1: number): number {
  const load = Number.isFinite(load1) && load1 > 0 ? load1 : 0;
  return Math.max(1, Math.min(cores, Math.round(cores - load)));
}

/**
 * Workers for a job of `battles` on `cores` cores whose one-minute load average is `load1` (0: an idle
 * machine): one per WORKER_SECONDS of work, at least 1, at most the idle cores.
 */
export function defaultWorkers(battles: number, engine: Engine, cores: number, load1 = 0): number {
  const seconds = battles * SECONDS_PER_BATTLE[engine];
  return Math.max(1, Math.min(idleCores(cores, load1), Math.ceil(seconds / WORKER_SECONDS)));
}

/** How the pool was sized, for the progress line: "2 workers (--workers)", "1 worker (1 of 2 cores idle, load 1.30)". */
export function describeWorkers(workers: number, sizing: { chosen: true } | { cores: number; load1: number }): string {
  const n = `${workers} worker${workers === 1 ? "" : "s"}`;
  if ("chosen" in sizing) return `${n} (--workers)`;
  return `${n} (${idleCores(sizing.cores, sizing.load1)} of ${sizing.cores} core${sizing.cores === 1 ? "" : "s"} idle, load ${sizing.load1.toFixed(2)})`;
}
