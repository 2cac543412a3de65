/**
 * The work a pool worker does: each task gets the compiled Wasm module (structured-cloneable) and plain
 * JSON input, instantiates the core once per worker, and re-validates the input with the same zod schemas
 * as the CLI (a worker message is an edge like any other).
 */
import { parseAosOdds, sampleChunk, exactAttackWasm, type AosOddsResult } from "../src/aos/odds/index.js";
import { checkExactBounds } from "../src/aos/odds/plan.js";
import { instantiateCore, type Core } from "../src/core/wasm.js";
import { z } from "zod";
import { InputError, parseJsonText, parseOrThrow } from "../src/core/errors.js";
import { cachedRequestParser } from "../src/core/requests.js";
import { rosterSchema } from "../src/aos/armies/index.js";
import { battleplanIdSchema } from "../src/aos/battleplans/index.js";
import type { PlanTally } from "../analysis/matchup/aggregate.js";
import { playChunk } from "../analysis/matchup/play.js";
import { playLibrarySchema } from "../analysis/matchup/job.js";
import { pitchedBattleGame } from "../src/aos/battle/game.js";
import { aosSearchOptions } from "../src/aos/search.js";
import { MAX_ITERATIONS } from "../src/planner/budget.js";
import { type RootTally, searchTally } from "../src/planner/mcts.js";
import { arenaChunkTask } from "../analysis/arena/task.js";
import type { GameRecord } from "../analysis/arena/play.js";
import { matrixChunkTask } from "../analysis/matrix/task.js";
import type { CellTally } from "../analysis/matrix/tally.js";
import { exactFightWasm, parseMesbgOdds, sampleFightChunk, type MesbgOddsResult } from "../src/mesbg/odds/index.js";
import { planReview, type ReviewedDecision, type ReviewPlan, reviewSteps } from "../src/review/review.js";
import { MAX_SAVE_BYTES } from "../src/saves/format.js";
import { MAX_TIME_MS } from "../src/planner/budget.js";

let core: Core | undefined;

function coreFor(module: WebAssembly.Module): Core {
  core ??= instantiateCore(module);
  return core;
}

const chunkRequestSchema = z.strictObject({ a: rosterSchema, b: rosterSchema, library: playLibrarySchema.optional(), seed: z.number().int().min(0).max(0xffffffff), engine: z.enum(["ts", "wasm"]) });
const chunkTaskSchema = z
  .strictObject({ plan: battleplanIdSchema, planIndex: z.number().int().min(0).max(11), from: z.number().int().min(0), to: z.number().int().min(0) })
  .refine((t) => t.to >= t.from && t.to - t.from <= 1000, { message: "a chunk holds 0 to 1000 battles" });

/**
 * A matchup's request arrives with each of its chunks as the same JSON text (a string crosses threads as one
 * copy): the last few, validated, are kept here by their text, so a worker checks the two rosters once per
 * job rather than once per chunk. (A request is plain data that no battle modifies.)
 */
const chunkRequest: (request: unknown) => z.output<typeof chunkRequestSchema> = cachedRequestParser(chunkRequestSchema, "matchup chunk");

const searchTaskSchema = z.strictObject({
  state: z.strictObject({ data: z.looseObject({ step: z.looseObject({ kind: z.string() }) }), rng: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]) }),
  seed: z.number().int().min(0).max(0xffffffff),
  iterations: z.number().int().min(1).max(MAX_ITERATIONS),
});

const reviewTaskSchema = z.strictObject({
  options: z.strictObject({
    player: z.union([z.literal(0), z.literal(1)]).optional(),
    seed: z.number().int().min(0).max(0xffffffff),
    budget: z.union([z.strictObject({ iterations: z.number().int().min(1).max(MAX_ITERATIONS) }), z.strictObject({ timeMs: z.number().int().min(1).max(MAX_TIME_MS) })]).optional(),
  }),
  indices: z.array(z.number().int().min(0)).max(100_000),
});

/** The last review planned here, by its game text and options: a worker replays the game once per job, not per chunk. */
let reviewPlanned: { key: string; plan: ReviewPlan } | null = null;

export const poolTasks = {
  /**
   * Decisions of a `tactica review` job (src/review/review.ts `reviewSteps`): `game` is the saved game's JSON
   * text, `task` the review's options and the step indices of this chunk, each one the plan reviews.
   */
  reviewChunk(module: WebAssembly.Module, game: unknown, task: unknown): ReviewedDecision[] {
    if (typeof game !== "string") throw new InputError("review chunk: the saved game crosses as JSON text");
    const t = parseOrThrow(reviewTaskSchema, task, "review chunk");
    const core = coreFor(module);
    const key = `${JSON.stringify(t.options)}\n${game}`;
    if (reviewPlanned?.key !== key) reviewPlanned = { key, plan: planReview(parseJsonText(game, "review chunk", MAX_SAVE_BYTES), core, t.options) };
    const plan = reviewPlanned.plan;
    const todo = new Set(plan.todo);
    if (!t.indices.every((i, k) => todo.has(i) && (k === 0 || i > t.indices[k - 1]!))) throw new InputError("review chunk: indices: each must be a reviewed decision, in ascending order");
    return reviewSteps(plan, core, t.indices);
  },

  /** One tree of a root-parallel AoS search (src/aos/search.ts): its raw root statistics. */
  aosSearchTally(module: WebAssembly.Module, task: unknown): RootTally {
    const t = parseOrThrow(searchTaskSchema, task, "search task");
    const state = pitchedBattleGame.fromJSON(t.state);
    return searchTally(state, aosSearchOptions(coreFor(module), { iterations: t.iterations }, t.seed));
  },
  /** Games of a `tactica arena` job, played here with this worker's core and agents (analysis/arena/). */
  arenaChunk(module: WebAssembly.Module, request: unknown, chunk: unknown): GameRecord[] {
    return arenaChunkTask(request, chunk, coreFor(module));
  },
  /** One chunk of a `tactica matrix` job (analysis/matrix/): a cell's battles, tallied. */
  matrixChunk(module: WebAssembly.Module, request: unknown, chunk: unknown): CellTally {
    return matrixChunkTask(request, chunk, coreFor(module));
  },
  /** One chunk of a matchup: its battles played here, tallied (analysis/matchup/play.ts). */
  matchupChunk(module: WebAssembly.Module, request: unknown, task: unknown): PlanTally {
    const req = chunkRequest(request);
    const t = parseOrThrow(chunkTaskSchema, task, "matchup chunk");
    return playChunk(req, t, req.engine === "wasm" ? coreFor(module) : undefined);
  },
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
