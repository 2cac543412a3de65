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
import { InputError, parseOrThrow } from "../src/core/errors.js";
import type { PlanTally } from "../analysis/matchup/aggregate.js";
import { type ChunkTask, type MatchupProgress, type MatchupReport, type MatchupRequestInput, matchupRequestSchema, runMatchup } from "../analysis/matchup/job.js";
import { type MesbgOddsReport, type MesbgOddsResult, fightCountsToResult, fightNames, parseMesbgOdds } from "../src/mesbg/odds/index.js";
import { MAX_SAMPLES } from "../src/core/montecarlo.js";
import { MAX_ITERATIONS } from "../src/planner/budget.js";
import { mergeTallies, type RootTally, rootOptions } from "../src/planner/mcts.js";
import type { GameRecord } from "../analysis/arena/play.js";
import type { ArenaReport } from "../analysis/arena/report.js";
import { type ArenaRequestInput, arenaRequestSchema } from "../analysis/arena/request.js";
import { type ArenaChunk, type ArenaProgress, runArena } from "../analysis/arena/run.js";
import type { CellTally } from "../analysis/matrix/tally.js";
import type { ReviewedDecision } from "../src/review/review.js";

export type Progress = (done: number, total: number) => void | Promise<void>;

export interface OddsApi {
  /** How many pool workers run. */
  workers(): number;
  aosExact(input: unknown): Promise<AosOddsReport>;
  aosSample(input: unknown, samples: number, seed: number, onProgress?: Progress): Promise<AosOddsReport>;
  mesbgExact(input: unknown): Promise<MesbgOddsReport>;
  mesbgSample(input: unknown, samples: number, seed: number, onProgress?: Progress): Promise<MesbgOddsReport>;
  /** `tactica matchup`: two armies over battleplans (analysis/matchup/job.ts). */
  matchup(input: MatchupRequestInput, onProgress?: (p: MatchupProgress) => void | Promise<void>): Promise<MatchupReport>;
  /**
   * A root-parallel AoS search: `roots` trees (tree i seeded deriveSeed(seed, i), an equal share of the
   * iterations) on the pool, merged in index order — the same tally for any number of workers.
   */
  aosSearch(state: unknown, iterations: number, seed: number, roots: number): Promise<RootTally>;
  /** `tactica arena`: two agents playing seeded games of one game (analysis/arena/). */
  arena(input: ArenaRequestInput, onProgress?: (p: ArenaProgress) => void | Promise<void>): Promise<ArenaReport>;
  /**
   * One chunk of a `tactica matrix` job (analysis/matrix/) on the pool: `request` is the job's JSON text
   * (validated in the worker, once per job), `chunk` a MatrixChunk. The CLI and `tactica worker` schedule.
   */
  matrixChunk(request: string, chunk: unknown): Promise<CellTally>;
  /**
   * Decisions of a `tactica review` on the pool (src/review/review.ts `reviewSteps`): `game` the saved game's JSON
   * text, `options` the review's ({ player?, seed, budget? }), `indices` one chunk of the plan's decisions.
   */
  reviewChunk(game: string, options: unknown, indices: readonly number[]): Promise<ReviewedDecision[]>;
  /** Stops a running matchup after its current wave; it returns what it has, marked `cancelled`. */
  cancel(): Promise<void>;
  close(): Promise<void>;
}

type Pool = ReturnType<typeof workerpool.pool>;

/**
 * One pool task, run again if its worker dies (workerpool replaces the worker): tasks are pure functions
 * of their arguments, so a re-run gives the same answer. Errors in the input are not retried.
 */
async function execWithRetry<T>(pool: Pool, method: string, args: unknown[], attempts = 3): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return (await pool.exec(method, args)) as T;
    } catch (e) {
      lastError = e;
      if ((e as Error).name === "InputError" || !/terminated|exited|killed|crash/i.test(String((e as Error).message))) throw e;
    }
  }
  throw lastError;
}

/** Monte Carlo chunks on the pool, merged in chunk order (the same counts for any number of workers). */
async function runChunks(
  pool: Pool,
  method: string,
  module: WebAssembly.Module,
  input: unknown,
  samples: number,
  seed: number,
  onProgress?: Progress,
): Promise<Float64Array> {
  let done = 0;
  const results = await Promise.all(
    chunksOf(samples, seed, CHUNK_SAMPLES).map(async (c) => {
      const r = await execWithRetry<Float64Array>(pool, method, [module, input, c.samples, c.seed]);
      done += c.samples;
      if (onProgress) await onProgress(done, samples);
      return r;
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
  // Each matchup has its own number; cancel() stops every run started before it.
  let runs = 0;
  let cancelledThrough = 0;
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
      return { attacker: parsed.attacker.name, defender: parsed.defender.name, models: plan.models, health: plan.health, abilities: parsed.context.abilities, ...r, method: "exact", engine: "wasm" };
    },
    async aosSample(input, samples, seed, onProgress) {
      const { input: parsed, plan } = parseAosOdds(input);
      checkSamples(plan, samples);
      checkSeed(seed);
      const counts = await runChunks(pool, "aosSampleChunk", await ready, input, samples, seed, onProgress);
      return {
        attacker: parsed.attacker.name, defender: parsed.defender.name, models: plan.models, health: plan.health, abilities: parsed.context.abilities,
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
    async matchup(input, onProgress) {
      const req = parseOrThrow(matchupRequestSchema, input, "matchup");
      const run = ++runs;
      const module = await ready;
      // The request as JSON text: one flat copy per chunk to the workers, which validate it once (tasks.ts).
      const lite = JSON.stringify({ a: req.a, b: req.b, ...(req.library ? { library: req.library } : {}), seed: req.seed, engine: req.engine });
      const exec = (task: ChunkTask) => execWithRetry<PlanTally>(pool, "matchupChunk", [module, lite, task]);
      return runMatchup(req, exec, onProgress, () => run <= cancelledThrough, workerCount * 2);
    },
    async aosSearch(state, iterations, seed, roots) {
      checkSeed(seed);
      if (!Number.isInteger(roots) || roots < 1 || roots > 256) throw new InputError("roots: must be a whole number from 1 to 256");
      if (!Number.isInteger(iterations) || iterations < roots || iterations > MAX_ITERATIONS) throw new InputError(`iterations: must be a whole number from roots (${roots}) to ${MAX_ITERATIONS}`);
      const module = await ready;
      const subs = rootOptions({ seed, iterations }, roots);
      const tallies = await Promise.all(subs.map((o) => execWithRetry<RootTally>(pool, "aosSearchTally", [module, { state, seed: o.seed, iterations: o.iterations }])));
      return mergeTallies(tallies);
    },
    async arena(input, onProgress) {
      const req = parseOrThrow(arenaRequestSchema, input, "arena");
      const text = JSON.stringify(req);
      const run = (chunk: ArenaChunk) => exec<GameRecord[]>("arenaChunk", [text, chunk]);
      return runArena(req, run, onProgress, workerCount * 2);
    },
    async matrixChunk(request, chunk) {
      if (typeof request !== "string") throw new InputError("matrix: the request crosses as JSON text");
      return exec<CellTally>("matrixChunk", [request, chunk]);
    },
    async reviewChunk(game, options, indices) {
      if (typeof game !== "string") throw new InputError("review: the saved game crosses as JSON text");
      return exec<ReviewedDecision[]>("reviewChunk", [game, { options, indices }]);
    },
    async cancel() {
      cancelledThrough = runs;
    },
    async close() {
      await pool.terminate();
    },
  };
}
