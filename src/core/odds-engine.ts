/**
 * Which implementation computes a `tactica odds` job when the user does not say (`--engine auto`, the
 * default; issue 17 item 6). Both give the same answer — the exact pmfs are bit-identical and the seeded
 * samplers draw the same histograms (test/aos/odds-differential.test.ts, test/mesbg/odds.test.ts, and the
 * `[issue 17 item 6]` CLI tests on both sides of each threshold) — so the choice is only about time. A
 * command does one job, so what counts is the cost from a cold start: the Wasm path first compiles and
 * instantiates build/core.wasm (~3-5 ms of CPU) and crosses into it, the TypeScript path starts in an
 * unoptimised JIT. Measured on this project's 2-core machine (CPU ms of a fresh process, medians of 5):
 *
 * - AoS exact: the Mortek Guard example (~3.8e3 steps of exactWorkEstimate) TS 10.7 / Wasm 13.9; a
 *   20-model two-weapon horde (1.7e4) 11.8 / 14.8; 40 models (6.8e4) 17.7 / 13.8; 80 (2.7e5) 23.3 / 20.3.
 * - AoS Monte Carlo (samples x sampleWorkPerSample steps): Mortek Guard (40 steps a sample) 100 samples
 *   TS 23.2 / Wasm 17.8, 1,000 samples 86.3 / 17.4, 10,000 363.6 / 30.7: Wasm from a few thousand steps.
 * - MESBG exact: TS 6.0 / Wasm 8.2 (warm, bench:odds: TS 1.0 µs, Wasm 2.3 µs: crossing into Wasm costs
 *   more than the fight; a fight's dice are bounded by the schema, so TS always).
 * - MESBG Monte Carlo: 1,000 fights TS 14.0 / Wasm 14.3, 10,000 24.1 / 14.6, 100,000 82.4 / 32.0.
 */
export type OddsEngine = "wasm" | "ts";

export const ODDS_ENGINE_THRESHOLDS = {
  /** AoS exact: TypeScript up to this exactWorkEstimate (between the 20- and 40-model hordes above). */
  aosExactWork: 4e4,
  /** AoS Monte Carlo: TypeScript up to this many steps (samples x sampleWorkPerSample). */
  aosSampleSteps: 2e3,
  /** MESBG Monte Carlo: TypeScript up to this many fights. */
  mesbgSamples: 1000,
} as const;

/** The faster path for an AoS job: exact (`samples` undefined) of `exactWork` steps, or `samples` x `stepsPerSample`. */
export function pickAosOddsEngine(job: { samples?: number; exactWork: number; stepsPerSample: number }): OddsEngine {
  if (job.samples === undefined) return job.exactWork <= ODDS_ENGINE_THRESHOLDS.aosExactWork ? "ts" : "wasm";
  return job.samples * job.stepsPerSample <= ODDS_ENGINE_THRESHOLDS.aosSampleSteps ? "ts" : "wasm";
}

/** The faster path for a MESBG fight: exact always TypeScript, Monte Carlo TypeScript for small jobs. */
export function pickMesbgOddsEngine(samples?: number): OddsEngine {
  return samples === undefined || samples <= ODDS_ENGINE_THRESHOLDS.mesbgSamples ? "ts" : "wasm";
}
