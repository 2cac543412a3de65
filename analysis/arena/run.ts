/**
 * Running an arena job: its games handed out one chunk at a time to `runChunk` (a pool task, or a local
 * call), a few in flight, the records put back in game order. Each game depends only on the request and its
 * index (play.ts), so the report is the same with 1 worker or 16 — only the times differ.
 */
import type { GameRecord } from "./play.js";
import { arenaReport, type ArenaReport } from "./report.js";
import type { ArenaRequest } from "./request.js";

/** Games per pool task: a game of any of the three takes from a fraction of a second to many seconds. */
export const ARENA_CHUNK_GAMES = 1;

export interface ArenaChunk {
  from: number;
  to: number;
}

export interface ArenaProgress {
  games: number;
  total: number;
  elapsedMs: number;
}

export function arenaPlans(req: ArenaRequest): string[] {
  return req.game === "aos" ? [...req.plans] : [req.game === "mesbg" ? "the-forces-clash" : "campaign"];
}

export async function runArena(
  req: ArenaRequest,
  runChunk: (chunk: ArenaChunk) => Promise<GameRecord[]>,
  onProgress?: (p: ArenaProgress) => void | Promise<void>,
  /** Chunks in flight at once (the pool's workers, and one more each to keep them busy). */
  concurrency = 2,
): Promise<ArenaReport> {
  const start = Date.now();
  const chunks: ArenaChunk[] = [];
  for (let from = 0; from < req.games; from += ARENA_CHUNK_GAMES) chunks.push({ from, to: Math.min(req.games, from + ARENA_CHUNK_GAMES) });
  const results: GameRecord[][] = new Array(chunks.length);
  let next = 0;
  let done = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < chunks.length) {
      const c = next++;
      try {
        results[c] = await runChunk(chunks[c]!);
      } catch (e) {
        failed = true;
        throw e;
      }
      done += chunks[c]!.to - chunks[c]!.from;
      await onProgress?.({ games: done, total: req.games, elapsedMs: Date.now() - start });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chunks.length)) }, lane));
  const report = arenaReport(req, arenaPlans(req), results.flat(), Date.now() - start);
  const names = armyNames(req);
  return names ? { ...report, armies: names } : report;
}

function armyNames(req: ArenaRequest): [string, string] | undefined {
  if (req.game === "aos") return [req.armies[0].name, req.armies[1].name];
  if (req.game === "mesbg") {
    const name = (f: unknown) => (f !== null && typeof f === "object" && typeof (f as { name?: unknown }).name === "string" ? (f as { name: string }).name : "?");
    return [name(req.forces[0]), name(req.forces[1])];
  }
  return undefined;
}
