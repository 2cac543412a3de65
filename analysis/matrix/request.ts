/**
 * A matrix job as plain data: N lists, every pairing of them, on some battleplans, G seeded battles a cell
 * (pairing x battleplan), played by the scripted policy or the mcts search on both sides. It crosses into
 * the pool's workers (and through Redis to other machines) as JSON text and is validated again with this
 * schema wherever it is read (a worker message, a Redis value: edges like any other).
 *
 * Determinism: battle g of plan P of pairing p has the seed battleSeed(pairSeed(seed, p), P, g) — a function
 * of (seed, pairing, plan, game) alone, so of neither the chunk size, nor the worker, nor the order chunks
 * run in. With the scripted agents a cell is exactly `tactica matchup --a LIST_i --b LIST_j --seed
 * pairSeed(seed, p) --engine wasm` on that plan (the same battles, analysis/matchup/play.ts).
 */
import { z } from "zod";
import { manifestationLoreSchema, rosterSchema, warscrollSchema } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS, type BattleplanId, battleplanIdSchema } from "../../src/aos/battleplans/index.js";
import { deriveSeed } from "../../src/core/rng.js";
import { MAX_ITERATIONS } from "../../src/planner/budget.js";

export const MATRIX_LIMITS = { maxLists: 64, maxGames: 100_000, maxBattles: 50_000_000, maxChunkGames: 1000 } as const;
export const MATRIX_AGENTS = ["scripted", "mcts"] as const;
export type MatrixAgents = (typeof MATRIX_AGENTS)[number];
/**
 * The most battles in a chunk when --chunk is not given. Scripted: a cell's battles up to 500 in one chunk
 * (larger cells split evenly), ~0.3 s of CPU for the bundled armies (~0.55 ms a battle in the kernel). A chunk
 * is also the unit of the plan's set-up template (~20 ms of CPU to make, once per cell and worker:
 * analysis/matrix/play.ts): with one chunk a cell no two workers make the same template, where chunks of 100
 * made two workers repeat each other's templates (the 1 -> 2 worker ratio was 1.18x for that) and the
 * queue's per-chunk cost (~8 ms of CPU, BullMQ's and the result's round trips) was 12% of a 100-battle chunk.
 * mcts: a battle costs seconds to minutes, so one a chunk.
 */
export const DEFAULT_CHUNK_GAMES: Record<MatrixAgents, number> = { scripted: 500, mcts: 1 };
/** The mcts agents' iterations a decision when none is given (the arena's AoS default). */
export const DEFAULT_MATRIX_ITERATIONS = 100;

export const matrixRequestSchema = z
  .strictObject({
    lists: z.array(rosterSchema).min(2, "give at least two lists").max(MATRIX_LIMITS.maxLists, `at most ${MATRIX_LIMITS.maxLists} lists`),
    /** The warscrolls and lores the lists name, for imported lists (absent: the bundled data). */
    library: z
      .strictObject({
        source: z.string().min(1).max(400),
        warscrolls: z.array(warscrollSchema).min(1).max(4000),
        lores: z.array(manifestationLoreSchema).max(200).default([]),
      })
      .optional(),
    plans: z.array(battleplanIdSchema).min(1).max(BATTLEPLAN_IDS.length).default([...BATTLEPLAN_IDS]),
    games: z.number().int("must be a whole number").min(1, "must be at least 1").max(MATRIX_LIMITS.maxGames, `must be at most ${MATRIX_LIMITS.maxGames}`).default(200),
    agents: z.enum(MATRIX_AGENTS).default("scripted"),
    /** The mcts agents' search iterations a decision (an iteration budget: the same seed, the same games). */
    iterations: z.number().int().min(1).max(MAX_ITERATIONS).default(DEFAULT_MATRIX_ITERATIONS),
    seed: z.number().int("must be a whole number").min(0).max(0xffffffff).default(1),
    /** Battles per chunk (a pool task, a queue job): a knob for overhead, never for the result. */
    chunkGames: z.number().int().min(1).max(MATRIX_LIMITS.maxChunkGames).optional(),
  })
  .refine((r) => new Set(r.lists.map((l) => l.name)).size === r.lists.length, { message: "two lists have the same name (rename one)", path: ["lists"] })
  .refine((r) => pairCount(r.lists.length) * r.plans.length * r.games <= MATRIX_LIMITS.maxBattles, {
    message: `at most ${MATRIX_LIMITS.maxBattles} battles in one matrix (pairings x battleplans x games)`,
    path: ["games"],
  });
export type MatrixRequest = z.output<typeof matrixRequestSchema>;
export type MatrixRequestInput = z.input<typeof matrixRequestSchema>;

export function pairCount(lists: number): number {
  return (lists * (lists - 1)) / 2;
}

/** Pairing p's two lists (i < j), pairings in order (0,1), (0,2), ..., (1,2), ... */
export function pairings(lists: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < lists; i++) for (let j = i + 1; j < lists; j++) out.push([i, j]);
  return out;
}

/** The seed of pairing p's battles (its matchup's seed). */
export function pairSeed(seed: number, pair: number): number {
  return deriveSeed(seed, pair);
}

/** A chunk: battles [from, to) of battleplan `plan` of pairing `pair`; `index` is its place in chunksOf. */
export interface MatrixChunk {
  index: number;
  pair: number;
  plan: BattleplanId;
  from: number;
  to: number;
}

export const matrixChunkSchema = z
  .strictObject({
    index: z.number().int().min(0).max(MATRIX_LIMITS.maxBattles),
    pair: z.number().int().min(0).max(pairCount(MATRIX_LIMITS.maxLists)),
    plan: battleplanIdSchema,
    from: z.number().int().min(0).max(MATRIX_LIMITS.maxGames),
    to: z.number().int().min(0).max(MATRIX_LIMITS.maxGames),
  })
  .refine((c) => c.to > c.from && c.to - c.from <= MATRIX_LIMITS.maxChunkGames, { message: `a chunk holds 1 to ${MATRIX_LIMITS.maxChunkGames} battles` });

/** Battles a chunk: --chunk, or the default's largest, split evenly over the cell's chunks (900 games: 2 of 450). */
export function chunkGamesOf(req: MatrixRequest): number {
  if (req.chunkGames !== undefined) return req.chunkGames;
  const most = DEFAULT_CHUNK_GAMES[req.agents];
  return Math.ceil(req.games / Math.ceil(req.games / most));
}

/** Every chunk of the job, pairing by pairing, plan by plan (in the request's order), battles in order. */
export function chunksOf(req: MatrixRequest): MatrixChunk[] {
  const size = chunkGamesOf(req);
  const out: MatrixChunk[] = [];
  const pairs = pairCount(req.lists.length);
  for (let pair = 0; pair < pairs; pair++)
    for (const plan of req.plans)
      for (let from = 0; from < req.games; from += size) out.push({ index: out.length, pair, plan, from, to: Math.min(req.games, from + size) });
  return out;
}

/** A chunk is one of its job's: its pairing, plan and battles are in range. */
export function checkChunk(req: MatrixRequest, c: MatrixChunk): void {
  if (c.pair >= pairCount(req.lists.length)) throw new Error(`matrix chunk: pairing ${c.pair} beyond the job's ${pairCount(req.lists.length)}`);
  if (!req.plans.includes(c.plan)) throw new Error(`matrix chunk: battleplan ${c.plan} is not one of the job's`);
  if (c.to > req.games) throw new Error(`matrix chunk: battles ${c.from}-${c.to} beyond the job's ${req.games}`);
}
