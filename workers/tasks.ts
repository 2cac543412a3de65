/**
 * The work a pool worker does: each task gets the compiled Wasm module (structured-cloneable) and plain
 * JSON input, instantiates the core once per worker, and re-validates the input with the same zod schemas
 * as the CLI (a worker message is an edge like any other).
 */
import { parseAosOdds, sampleChunk, exactAttackWasm, type AosOddsResult } from "../src/aos/odds/index.js";
import { checkExactBounds } from "../src/aos/odds/plan.js";
import { instantiateCore, type Core } from "../src/core/wasm.js";
import { exactFightWasm, parseMesbgOdds, sampleFightChunk, type MesbgOddsResult } from "../src/mesbg/odds/index.js";

let core: Core | undefined;

function coreFor(module: WebAssembly.Module): Core {
  core ??= instantiateCore(module);
  return core;
}

export const poolTasks = {
  aosExact(module: WebAssembly.Module, input: unknown): AosOddsResult {
    const { plan } = parseAosOdds(input);
    checkExactBounds(plan);
    return exactAttackWasm(plan, coreFor(module));
  },
  aosSampleChunk(module: WebAssembly.Module, input: unknown, samples: number, seed: number): Float64Array {
    return sampleChunk(parseAosOdds(input).plan, samples, seed, coreFor(module));
  },
  mesbgExact(module: WebAssembly.Module, input: unknown): MesbgOddsResult {
    return exactFightWasm(parseMesbgOdds(input).plan, coreFor(module));
  },
  mesbgSampleChunk(module: WebAssembly.Module, input: unknown, samples: number, seed: number): Float64Array {
    return sampleFightChunk(parseMesbgOdds(input).plan, samples, seed, coreFor(module));
  },
};

export type PoolTasks = typeof poolTasks;
