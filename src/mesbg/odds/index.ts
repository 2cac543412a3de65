/** Exact (and sampled) odds of a one-on-one MESBG fight: the API behind `tactica odds mesbg`. */
import { InputError, parseOrThrow } from "../../core/errors.js";
import { CHUNK_SAMPLES, chunksOf, MAX_SAMPLES, mergeCounts } from "../../core/montecarlo.js";
import type { Core } from "../../core/wasm.js";
import { assembleFight, exactFightTs, type MesbgOddsResult } from "./kernel.js";
import { woundProbability } from "../woundChart.js";
import { encodeFight, type FightPlan, fightOutLength, planFight } from "./plan.js";
import { sampleFightTs } from "./sample.js";
import { type MesbgOddsInput, mesbgOddsInputSchema } from "./schema.js";

export type { MesbgOddsResult } from "./kernel.js";
export type { MesbgOddsInput } from "./schema.js";
export { mesbgOddsInputSchema } from "./schema.js";
export { planFight } from "./plan.js";

export interface MesbgOddsReport extends MesbgOddsResult {
  a: string;
  b: string;
  method: "exact" | "monte-carlo";
  engine: "wasm" | "ts";
  samples?: number;
  seed?: number;
}

export function parseMesbgOdds(json: unknown): { input: MesbgOddsInput; plan: FightPlan } {
  const input = parseOrThrow(mesbgOddsInputSchema, json);
  return { input, plan: planFight(input) };
}

export const fightNames = (i: MesbgOddsInput) => ({ a: i.a.name ?? `${i.a.side} model (a)`, b: i.b.name ?? `${i.b.side} model (b)` });

export function exactFightWasm(plan: FightPlan, core: Core): MesbgOddsResult {
  const out = core.mesbgExact(encodeFight(plan), fightOutLength(plan));
  const Wb = plan.b.wounds;
  const bLost = Array.from(out.subarray(6, 6 + Wb + 1));
  const aLost = Array.from(out.subarray(6 + Wb + 1));
  return assembleFight(out[0]!, out[1]!, bLost, aLost, plan);
}

export function mesbgOddsExact(json: unknown, core?: Core): MesbgOddsReport {
  const { input, plan } = parseMesbgOdds(json);
  const r = core ? exactFightWasm(plan, core) : exactFightTs(plan);
  return { ...fightNames(input), ...r, method: "exact", engine: core ? "wasm" : "ts" };
}

export function sampleFightChunk(plan: FightPlan, samples: number, seed: number, core?: Core): Float64Array {
  return core ? core.mesbgSample(encodeFight(plan), samples, seed, fightOutLength(plan)) : sampleFightTs(plan, samples, seed);
}

/** Sampled counts as the result shape (frequencies). */
export function fightCountsToResult(counts: ArrayLike<number>, plan: FightPlan): MesbgOddsResult {
  const n = counts[0]! + counts[1]!;
  const Wb = plan.b.wounds;
  const f = (i: number) => counts[i]! / n;
  return {
    aWinsDuel: f(0),
    bWinsDuel: f(1),
    aSlaysB: f(2),
    bSlaysA: f(3),
    aWoundChance: woundProbability(plan.a.woundCode, plan.a.woundBonus),
    bWoundChance: woundProbability(plan.b.woundCode, plan.b.woundBonus),
    bWoundsLost: Array.from({ length: Wb + 1 }, (_, k) => f(6 + k)),
    aWoundsLost: Array.from({ length: plan.a.wounds + 1 }, (_, k) => f(6 + Wb + 1 + k)),
  };
}

export function mesbgOddsSample(json: unknown, samples: number, seed: number, core?: Core, chunkSamples = CHUNK_SAMPLES): MesbgOddsReport {
  const { input, plan } = parseMesbgOdds(json);
  if (!Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES)
    throw new InputError(`samples: must be a whole number from 1 to ${MAX_SAMPLES}`);
  const counts = mergeCounts(chunksOf(samples, seed, chunkSamples).map((c) => sampleFightChunk(plan, c.samples, c.seed, core)));
  return { ...fightNames(input), ...fightCountsToResult(counts, plan), method: "monte-carlo", engine: core ? "wasm" : "ts", samples, seed };
}
