/**
 * Exact (and sampled) odds of one Age of Sigmar unit attacking another: the public API behind
 * `tactica odds aos`, the web page and the workers.
 */
import { InputError, parseOrThrow } from "../../core/errors.js";
import { CHUNK_SAMPLES, chunksOf, MAX_SAMPLES, mergeCounts } from "../../core/montecarlo.js";
import type { Core } from "../../core/wasm.js";
import { type AosOddsResult, type AosStages, exactAttackTs, STAGE_KEYS, summarise } from "./kernel.js";
import { type AttackPlan, attackBounds, checkExactBounds, encodePlan, planAttack } from "./plan.js";
import { histogramToResult, maxDamage, sampleAttackTs } from "./sample.js";
import { type AosOddsInput, aosOddsInputSchema } from "./schema.js";

export type { AosOddsResult, AosStages } from "./kernel.js";
export { STAGE_KEYS, stageMeans } from "./kernel.js";
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
  /** The abilities whose effects the context includes (context.abilities: src/aos/abilities). */
  abilities: string[];
  samples?: number;
  seed?: number;
}

export function parseAosOdds(json: unknown): { input: AosOddsInput; plan: AttackPlan } {
  const input = parseOrThrow(aosOddsInputSchema, json);
  return { input, plan: planAttack(input) };
}

function report(input: AosOddsInput, r: AosOddsResult, extra: Pick<AosOddsReport, "method" | "engine" | "samples" | "seed">): AosOddsReport {
  return { attacker: input.attacker.name, defender: input.defender.name, models: input.defender.models, health: input.defender.health, abilities: input.context.abilities, ...r, ...extra };
}

/** Exact odds, in Wasm when a core is given, else in TypeScript. */
export function aosOddsExact(json: unknown, core?: Core): AosOddsReport {
  const { input, plan } = parseAosOdds(json);
  checkExactBounds(plan);
  const r = core ? exactAttackWasm(plan, core) : exactAttackTs(plan);
  return report(input, r, { method: "exact", engine: core ? "wasm" : "ts" });
}

export function exactAttackWasm(plan: AttackPlan, core: Core): AosOddsResult {
  const pmf = Array.from(core.aosExact(encodePlan(plan)));
  const s = core.aosStages();
  const stages = Object.fromEntries(STAGE_KEYS.map((k, i) => [k, s[i]!])) as unknown as AosStages;
  return summarise(pmf, plan.models, plan.health, stages);
}

/**
 * Work bound of a sampling job, like the exact path's (EXACT_WORK_LIMIT): steps = samples x the dice of one
 * sample, where an attack is its hit, wound and save rolls plus one step per damage point it can do (the
 * damage dice, the ward roll of each point, the allocation). Measured on one core (issue 17): the TypeScript
 * sampler does ~7e7 steps a second, the Wasm one ~1.8e8, so each limit is about 30 s of CPU.
 */
export const SAMPLE_WORK_LIMIT = { ts: 2e9, wasm: 5e9 } as const;

export function sampleWorkPerSample(plan: AttackPlan): number {
  return plan.weapons.reduce((n, w) => {
    const { attacksMax, damageMax } = attackBounds(w);
    return n + attacksMax * (1 + damageMax);
  }, 0);
}

/** Bounds a sampling job so that no input can run for many minutes (SAMPLE_WORK_LIMIT), for the engine that runs it. */
export function checkSamples(plan: AttackPlan, samples: number, engine: "wasm" | "ts" = "wasm"): void {
  if (!Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES)
    throw new InputError(`samples: must be a whole number from 1 to ${MAX_SAMPLES}`);
  const perSample = sampleWorkPerSample(plan);
  const limit = SAMPLE_WORK_LIMIT[engine];
  if (samples * perSample > limit)
    throw new InputError(
      `samples: ${samples} samples of ~${perSample} steps each (attacks x damage) is too much work for the ${engine === "wasm" ? "Wasm" : "TypeScript"} sampler; ` +
        `use at most ${Math.floor(limit / perSample)}${engine === "ts" ? ` (or --engine wasm, up to ${Math.floor(SAMPLE_WORK_LIMIT.wasm / perSample)})` : ""}`,
    );
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
  checkSamples(plan, samples, core ? "wasm" : "ts");
  const counts = mergeCounts(chunksOf(samples, seed, chunkSamples).map((c) => sampleChunk(plan, c.samples, c.seed, core)));
  return report(input, histogramToResult(counts, plan), { method: "monte-carlo", engine: core ? "wasm" : "ts", samples, seed });
}
