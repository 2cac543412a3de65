/**
 * A matchup job: two armies, some battleplans, N seeded battles each. Battles are cut into fixed chunks
 * whose seeds depend only on (seed, plan id, game) — not on where the plan stands in `plans` — run in fixed waves; tallies merge in chunk order. So the
 * result is the same with 1 worker or 8, and the early stop (--precision) is checked only between waves.
 */
import { z } from "zod";
import { manifestationLoreSchema, rosterSchema, warscrollSchema } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS, type BattleplanId, battleplanIdSchema } from "../../src/aos/battleplans/index.js";
import { deriveSeed } from "../../src/core/rng.js";
import { halfWidth, mergeTallies, newTally, type PlanReport, planReport, type PlanTally } from "./aggregate.js";

export const MATCHUP_LIMITS = { maxGames: 100_000, maxTotalGames: 400_000 } as const;
/** Battles per chunk (one pool task) and chunks per plan per wave. */
export const CHUNK_GAMES = 20;
export const WAVE_CHUNKS = 10;
/** The early stop never stops before this many battles of a plan. */
export const MIN_GAMES_BEFORE_STOP = 200;

/** A library as plain data, to cross into the workers: only what two armies need. */
export const playLibrarySchema = z.strictObject({
  source: z.string().min(1).max(400),
  warscrolls: z.array(warscrollSchema).min(1).max(200),
  lores: z.array(manifestationLoreSchema).max(20).default([]),
});

export const matchupRequestSchema = z
  .strictObject({
    a: rosterSchema,
    b: rosterSchema,
    /** The warscrolls and lores the rosters name, for imported lists (absent: the bundled data). */
    library: playLibrarySchema.optional(),
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
  /** Where the plan stands in the request's `plans` (which tally the chunk merges into; not its seed). */
  planIndex: number;
  from: number;
  to: number;
}

/**
 * The seed of battle `game` of battleplan `plan`: a function of (seed, plan id, game) only, so independent of
 * chunks, workers and of the plan's place in the request's `plans`. The plan's stream is its place in the
 * battlepack (BATTLEPLAN_IDS, PB-BP-01..12 order: fixed by the seed's two tables), so the full twelve-plan run
 * in battlepack order keeps the seeds it always had.
 */
export function battleSeed(seed: number, plan: BattleplanId, game: number): number {
  const stream = BATTLEPLAN_IDS.indexOf(plan);
  if (stream < 0) throw new Error(`battleSeed: unknown battleplan ${String(plan).slice(0, 40)}`);
  return deriveSeed(deriveSeed(seed, stream), game);
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
  /** Why it stopped early (empty when it did not): a plan's interval reached --precision, the time budget ran out, or both. */
  stoppedBy: ("precision" | "budget")[];
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
 *
 * Each unfinished plan has one open wave (WAVE_CHUNKS chunks from where its tally ends); the wave's tallies
 * merge in chunk order once all of it is in, and only then is the plan's early stop checked — so the report
 * depends on the chunks' results alone, never on the number of workers or on timing. Lanes take chunks from
 * any open wave (the plan with the fewest waves first, then the first plan): a plan waiting for the last chunk
 * of its wave leaves no worker idle. Without --precision and --budget nothing stops a plan early, so each
 * plan's battles are one wave (the same tallies, merged in the same order).
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
  const n = req.plans.length;
  const tallies = req.plans.map(() => newTally());
  const next = req.plans.map(() => 0);
  const finished = req.plans.map(() => false);
  const total = req.games * n;
  const waveChunks = req.precision === undefined && req.budgetMs === undefined ? Infinity : WAVE_CHUNKS;
  let stoppedEarly = false;
  const stoppedBy = new Set<"precision" | "budget">();
  let done = 0;

  type Slot = { task: ChunkTask; result?: PlanTally };
  const waves: (Slot[] | null)[] = req.plans.map(() => null);
  const waveCount = req.plans.map(() => 0);
  const issued = req.plans.map(() => 0);
  const completed = req.plans.map(() => 0);
  const openWave = (i: number) => {
    const slots: Slot[] = [];
    for (let c = 0; c < waveChunks; c++) {
      const from = next[i]! + c * CHUNK_GAMES;
      if (from >= req.games) break;
      slots.push({ task: { plan: req.plans[i]!, planIndex: i, from, to: Math.min(req.games, from + CHUNK_GAMES) } });
    }
    waves[i] = slots;
    waveCount[i]!++;
    issued[i] = 0;
    completed[i] = 0;
  };
  /** Merges what the open wave has (all of it; after a cancel, the chunks played), then the plan's early stop. */
  const closeWave = (i: number): boolean => {
    let skipped = false;
    for (const s of waves[i]!) {
      if (!s.result) {
        skipped = true; // not played: a cancel came first
        continue;
      }
      tallies[i] = mergeTallies(tallies[i]!, s.result);
      next[i] = Math.max(next[i]!, s.task.to);
    }
    waves[i] = null;
    if (next[i]! >= req.games) finished[i] = true;
    else if (req.precision !== undefined && tallies[i]!.games >= MIN_GAMES_BEFORE_STOP && halfWidth(tallies[i]!) <= req.precision) {
      finished[i] = true;
      stoppedEarly = true;
      stoppedBy.add("precision");
    }
    return skipped;
  };
  /** After a wave: the plan's next one, unless a cancel or the time budget ends the job. */
  const continuePlan = (i: number) => {
    if (finished[i] || shouldStop()) return;
    if (req.budgetMs !== undefined && Date.now() - start > req.budgetMs) {
      stoppedEarly = true;
      stoppedBy.add("budget");
      return;
    }
    openWave(i);
  };
  const pick = (): Slot | undefined => {
    let best = -1;
    for (let i = 0; i < n; i++) {
      const w = waves[i];
      if (w && issued[i]! < w.length && (best < 0 || waveCount[i]! < waveCount[best]!)) best = i;
    }
    return best < 0 ? undefined : waves[best]![issued[best]!++];
  };

  for (let i = 0; i < n; i++) openWave(i);
  // A few chunks in flight at a time, so a cancel is felt within a chunk, not a whole wave.
  let inFlight = 0;
  let failed = false;
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const w of waiting.splice(0)) w();
  };
  const lane = async () => {
    while (!failed && !shouldStop()) {
      const slot = pick();
      if (!slot) {
        if (inFlight === 0) return; // nothing left to play
        await new Promise<void>((r) => waiting.push(r));
        continue;
      }
      inFlight++;
      try {
        slot.result = await runChunk(slot.task);
      } catch (e) {
        failed = true;
        throw e;
      } finally {
        inFlight--;
        wake();
      }
      const i = slot.task.planIndex;
      done += slot.task.to - slot.task.from;
      if (++completed[i]! === waves[i]!.length) {
        closeWave(i);
        continuePlan(i);
        wake();
      }
      await onProgress?.({ games: done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  // A cancel: the open waves merge the chunks they have.
  let skipped = false;
  for (let i = 0; i < n; i++) if (waves[i]) skipped = closeWave(i) || skipped;
  const cancelled = skipped || (!finished.every((f) => f) && shouldStop());
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
    stoppedBy: (["precision", "budget"] as const).filter((x) => stoppedBy.has(x)),
    cancelled,
    elapsedMs: Date.now() - start,
  };
}
