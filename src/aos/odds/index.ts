/**
 * Exact (and sampled) odds of one Age of Sigmar unit attacking another: the public API behind
 * `tactica odds aos`, the web page and the workers.
 */
import { InputError, parseOrThrow } from "../../core/errors.js";
import { CHUNK_SAMPLES, chunksOf, MAX_SAMPLES, mergeCounts } from "../../core/montecarlo.js";
import type { Core } from "../../core/wasm.js";
import { type AosOddsResult, exactAttackTs, summarise } from "./kernel.js";
import { type AttackPlan, attackBounds, checkExactBounds, encodePlan, planAttack } from "./plan.js";
import { histogramToResult, maxDamage, sampleAttackTs } from "./sample.js";
import { type AosOddsInput, aosOddsInputSchema } from "./schema.js";

export type { AosOddsResult } from "./kernel.js";
export type { AosOddsInput, AosOddsInputJson } from "./schema.js";
export { aosOddsInputSchema } from "./schema.js";
export { planAttack, encodePlan } from "./plan.js";

export interface AosOddsReport extends AosOddsResult {
  attacker: string;
  defender: string;
  models: number;
  health: number;
  method: "exact" | "monte-carlo";
  engine: "wasm" | "ts";
  samples?: number;
  seed?: number;
}

export function parseAosOdds(json: unknown): { input: AosOddsInput; plan: AttackPlan } {
  const input = parseOrThrow(aosOddsInputSchema, json);
  return { input, plan: planAttack(input) };
}

function report(input: AosOddsInput, r: AosOddsResult, extra: Pick<AosOddsReport, "method" | "engine" | "samples" | "seed">): AosOddsReport {
  return { attacker: input.attacker.name, defender: input.defender.name, models: input.defender.models, health: input.defender.health, ...r, ...extra };
}

/** Exact odds, in Wasm when a core is given, else in TypeScript. */
export function aosOddsExact(json: unknown, core?: Core): AosOddsReport {
  const { input, plan } = parseAosOdds(json);
  checkExactBounds(plan);
  const r = core ? exactAttackWasm(plan, core) : exactAttackTs(plan);
  return report(input, r, { method: "exact", engine: core ? "wasm" : "ts" });
}

export function exactAttackWasm(plan: AttackPlan, core: Core): AosOddsResult {
  return summarise(Array.from(core.aosExact(encodePlan(plan))), plan.models, plan.health);
}

/** Bounds a sampling job so that no input can hang the program (about 1e9 attack sequences' dice). */
export function checkSamples(plan: AttackPlan, samples: number): void {
  if (!Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES)
    throw new InputError(`samples: must be a whole number from 1 to ${MAX_SAMPLES}`);
  const attacks = plan.weapons.reduce((n, w) => n + attackBounds(w).attacksMax, 0);
  if (samples * attacks > 1e9)
    throw new InputError(`samples: ${samples} samples of up to ${attacks} attacks is too much work; use at most ${Math.floor(1e9 / attacks)}`);
  if (maxDamage(plan) > 1 << 20) throw new InputError("attacker.weapons: more than 1,048,576 possible damage; reduce models or attacks");
}

/** Damage histogram of one chunk of samples. */
export function sampleChunk(plan: AttackPlan, samples: number, seed: number, core?: Core): Float64Array {
  const len = maxDamage(plan) + 1;
  return core ? core.aosSample(encodePlan(plan), samples, seed, len) : sampleAttackTs(plan, samples, seed);
}

/** Monte Carlo odds in this thread (the pool version is in workers/; both give the same counts). */
export function aosOddsSample(json: unknown, samples: number, seed: number, core?: Core, chunkSamples = CHUNK_SAMPLES): AosOddsReport {
  const { input, plan } = parseAosOdds(json);
  checkSamples(plan, samples);
  const counts = mergeCounts(chunksOf(samples, seed, chunkSamples).map((c) => sampleChunk(plan, c.samples, c.seed, core)));
  return report(input, histogramToResult(counts, plan), { method: "monte-carlo", engine: core ? "wasm" : "ts", samples, seed });
}
