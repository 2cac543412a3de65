/**
 * The coordinator: the one typed API (exposed with Comlink) that the CLI and the web page call. It owns a
 * workerpool of Wasm workers and fans Monte Carlo chunks out to them; results depend only on (input, seed),
 * never on the number of workers (chunks carry their own seeds and are merged in chunk order).
 */
import type workerpool from "workerpool";
import { type AosOddsReport, type AosOddsResult, parseAosOdds, checkSamples } from "../src/aos/odds/index.js";
import { histogramToResult } from "../src/aos/odds/sample.js";
import { checkExactBounds } from "../src/aos/odds/plan.js";
import { chunksOf, CHUNK_SAMPLES, mergeCounts } from "../src/core/montecarlo.js";
import { InputError } from "../src/core/errors.js";
import { type MesbgOddsReport, type MesbgOddsResult, fightCountsToResult, fightNames, parseMesbgOdds } from "../src/mesbg/odds/index.js";
import { MAX_SAMPLES } from "../src/core/montecarlo.js";

export type Progress = (done: number, total: number) => void | Promise<void>;

export interface OddsApi {
  /** How many pool workers run. */
  workers(): number;
  aosExact(input: unknown): Promise<AosOddsReport>;
  aosSample(input: unknown, samples: number, seed: number, onProgress?: Progress): Promise<AosOddsReport>;
  mesbgExact(input: unknown): Promise<MesbgOddsReport>;
  mesbgSample(input: unknown, samples: number, seed: number, onProgress?: Progress): Promise<MesbgOddsReport>;
  close(): Promise<void>;
}

type Pool = ReturnType<typeof workerpool.pool>;

/** Runs chunks on the pool; a chunk whose worker died is run again (same seed, so the same counts). */
async function runChunks(
  pool: Pool,
  method: string,
  module: WebAssembly.Module,
  input: unknown,
  samples: number,
  seed: number,
  onProgress?: Progress,
): Promise<Float64Array> {
  const chunks = chunksOf(samples, seed, CHUNK_SAMPLES);
  let done = 0;
  const results = await Promise.all(
    chunks.map(async (c) => {
      let lastError: unknown;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const r = (await pool.exec(method, [module, input, c.samples, c.seed])) as Float64Array;
          done += c.samples;
          if (onProgress) await onProgress(done, samples);
          return r;
        } catch (e) {
          lastError = e;
          // An input error will not get better on retry; a dead worker will (workerpool starts a new one).
          if ((e as Error).name === "InputError" || !/terminated|exited|killed|crash/i.test(String((e as Error).message))) throw e;
        }
      }
      throw lastError;
    }),
  );
  return mergeCounts(results);
}

/**
 * `module` may still be compiling: entries expose the API at once (a module worker that awaits before
 * listening loses the messages sent meanwhile) and each call waits for the module here.
 */
export function createOddsApi(pool: Pool, modulePromise: WebAssembly.Module | Promise<WebAssembly.Module>, workerCount: number): OddsApi {
  const ready = Promise.resolve(modulePromise);
  const exec = async <T>(method: string, args: unknown[]): Promise<T> => {
    try {
      return (await pool.exec(method, [await ready, ...args])) as T;
    } catch (e) {
      // A zod/InputError from a worker arrives as a plain Error: keep its name so the caller can tell.
      throw Object.assign(new Error((e as Error).message), { name: (e as Error).name });
    }
  };
  const checkN = (samples: number) => {
    if (!Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES) throw new InputError(`samples: must be a whole number from 1 to ${MAX_SAMPLES}`);
  };
  const checkSeed = (seed: number) => {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new InputError("seed: must be a whole number from 0 to 4294967295");
  };
  return {
    workers: () => workerCount,
    async aosExact(input) {
      const { input: parsed, plan } = parseAosOdds(input);
      checkExactBounds(plan);
      const r = await exec<AosOddsResult>("aosExact", [input]);
      return { attacker: parsed.attacker.name, defender: parsed.defender.name, models: plan.models, health: plan.health, ...r, method: "exact", engine: "wasm" };
    },
    async aosSample(input, samples, seed, onProgress) {
      const { input: parsed, plan } = parseAosOdds(input);
      checkSamples(plan, samples);
      checkSeed(seed);
      const counts = await runChunks(pool, "aosSampleChunk", await ready, input, samples, seed, onProgress);
      return {
        attacker: parsed.attacker.name, defender: parsed.defender.name, models: plan.models, health: plan.health,
        ...histogramToResult(counts, plan), method: "monte-carlo", engine: "wasm", samples, seed,
      };
    },
    async mesbgExact(input) {
      const { input: parsed } = parseMesbgOdds(input);
      const r = await exec<MesbgOddsResult>("mesbgExact", [input]);
      return { ...r, ...fightNames(parsed), method: "exact", engine: "wasm" };
    },
    async mesbgSample(input, samples, seed, onProgress) {
      const { input: parsed, plan } = parseMesbgOdds(input);
      checkN(samples);
      checkSeed(seed);
      const counts = await runChunks(pool, "mesbgSampleChunk", await ready, input, samples, seed, onProgress);
      return { ...fightCountsToResult(counts, plan), ...fightNames(parsed), method: "monte-carlo", engine: "wasm", samples, seed };
    },
    async close() {
      await pool.terminate();
    },
  };
}
