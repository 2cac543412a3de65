/**
 * A matchup job: two armies, some battleplans, N seeded battles each. Battles are cut into fixed chunks
 * whose seeds depend only on (seed, plan, game), run in fixed waves; tallies merge in chunk order. So the
 * result is the same with 1 worker or 8, and the early stop (--precision) is checked only between waves.
 */
import { z } from "zod";
import { rosterSchema } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS, battleplanIdSchema } from "../../src/aos/battleplans/index.js";
import { deriveSeed } from "../../src/core/rng.js";
import { halfWidth, mergeTallies, newTally, type PlanReport, planReport, type PlanTally } from "./aggregate.js";

export const MATCHUP_LIMITS = { maxGames: 100_000, maxTotalGames: 400_000 } as const;
/** Battles per chunk (one pool task) and chunks per plan per wave. */
export const CHUNK_GAMES = 20;
export const WAVE_CHUNKS = 10;
/** The early stop never stops before this many battles of a plan. */
export const MIN_GAMES_BEFORE_STOP = 200;

export const matchupRequestSchema = z
  .strictObject({
    a: rosterSchema,
    b: rosterSchema,
    plans: z.array(battleplanIdSchema).min(1).max(BATTLEPLAN_IDS.length).default([...BATTLEPLAN_IDS]),
    games: z.number().int("must be a whole number").min(1, "must be at least 1").max(MATCHUP_LIMITS.maxGames, `must be at most ${MATCHUP_LIMITS.maxGames}`).default(400),
    seed: z.number().int("must be a whole number").min(0).max(0xffffffff).default(1),
    /** Stop a plan once the 95% intervals of its win/draw probabilities are at most this wide on each side. */
    precision: z.number().min(0.002).max(0.5).optional(),
    engine: z.enum(["ts", "wasm"]).default("ts"),
    /** Stop after this many milliseconds of wall-clock time (the result then depends on the machine). */
    budgetMs: z.number().int().min(100).max(3_600_000).optional(),
  })
  .refine((r) => r.games * r.plans.length <= MATCHUP_LIMITS.maxTotalGames, {
    message: `at most ${MATCHUP_LIMITS.maxTotalGames} battles in one matchup (games x battleplans)`,
    path: ["games"],
  });
export type MatchupRequest = z.output<typeof matchupRequestSchema>;
export type MatchupRequestInput = z.input<typeof matchupRequestSchema>;

export interface ChunkTask {
  plan: (typeof BATTLEPLAN_IDS)[number];
  planIndex: number;
  from: number;
  to: number;
}

/** The seed of battle `game` of the plan at `planIndex`: independent of chunks and workers. */
export function battleSeed(seed: number, planIndex: number, game: number): number {
  return deriveSeed(deriveSeed(seed, planIndex), game);
}

export interface MatchupReport {
  a: string;
  b: string;
  engine: "ts" | "wasm";
  seed: number;
  gamesRequested: number;
  /** One entry per battleplan, in the order asked. */
  plans: PlanReport[];
  /** All battleplans together. */
  overall: PlanReport;
  stoppedEarly: boolean;
  cancelled: boolean;
  elapsedMs: number;
}

export interface MatchupProgress {
  games: number;
  total: number;
}

/**
 * Runs a matchup with `runChunk` (a pool task, or a local call): waves of chunks per unfinished plan, merged
 * in order, early stop between waves.
 */
export async function runMatchup(
  req: MatchupRequest,
  runChunk: (task: ChunkTask) => Promise<PlanTally>,
  onProgress?: (p: MatchupProgress) => void | Promise<void>,
  shouldStop: () => boolean = () => false,
  /** Chunks in flight at once (the pool's workers, and a little more to keep them busy). */
  concurrency = 4,
): Promise<MatchupReport> {
  const start = Date.now();
  const tallies = req.plans.map(() => newTally());
  const next = req.plans.map(() => 0);
  const finished = req.plans.map(() => false);
  const total = req.games * req.plans.length;
  let stoppedEarly = false;
  let cancelled = false;
  let done = 0;
  while (finished.some((f) => !f)) {
    const wave: { planIndex: number; task: ChunkTask }[] = [];
    req.plans.forEach((plan, planIndex) => {
      if (finished[planIndex]) return;
      for (let c = 0; c < WAVE_CHUNKS; c++) {
        const from = next[planIndex]! + c * CHUNK_GAMES;
        if (from >= req.games) break;
        wave.push({ planIndex, task: { plan, planIndex, from, to: Math.min(req.games, from + CHUNK_GAMES) } });
      }
    });
    // A few chunks in flight at a time, so a cancel is felt within a chunk, not a whole wave.
    const results: (PlanTally | undefined)[] = new Array(wave.length);
    let cursor = 0;
    const lane = async () => {
      while (cursor < wave.length && !shouldStop()) {
        const i = cursor++;
        const w = wave[i]!;
        results[i] = await runChunk(w.task);
        done += w.task.to - w.task.from;
        await onProgress?.({ games: done, total });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
    let skipped = false;
    wave.forEach((w, i) => {
      const r = results[i];
      if (!r) {
        skipped = true; // not played: a cancel came first
        return;
      }
      tallies[w.planIndex] = mergeTallies(tallies[w.planIndex]!, r);
      next[w.planIndex] = Math.max(next[w.planIndex]!, w.task.to);
    });
    req.plans.forEach((_, i) => {
      if (finished[i]) return;
      if (next[i]! >= req.games) finished[i] = true;
      else if (req.precision !== undefined && tallies[i]!.games >= MIN_GAMES_BEFORE_STOP && halfWidth(tallies[i]!) <= req.precision) {
        finished[i] = true;
        stoppedEarly = true;
      }
    });
    if (skipped) {
      cancelled = true;
      break;
    }
    if (finished.every((f) => f)) break;
    // A cancel or the time budget ends the job with what it has (only when something was left to play).
    if (shouldStop()) {
      cancelled = true;
      break;
    }
    if (req.budgetMs !== undefined && Date.now() - start > req.budgetMs) {
      stoppedEarly = true;
      break;
    }
  }
  const overall = tallies.reduce((x, y) => mergeTallies(x, y), newTally());
  return {
    a: req.a.name,
    b: req.b.name,
    engine: req.engine,
    seed: req.seed,
    gamesRequested: req.games,
    plans: req.plans.map((p, i) => planReport(p, tallies[i]!)),
    overall: planReport("all", overall),
    stoppedEarly,
    cancelled,
    elapsedMs: Date.now() - start,
  };
}

