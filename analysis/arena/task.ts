/**
 * The pool task of an arena job: a chunk of games played in this worker with its own Wasm core and its own
 * agents. The request arrives as the same JSON text with each chunk (a string crosses threads as one copy)
 * and is validated once per job here (the last few kept by their text), with the same schema as the CLI's.
 */
import { z } from "zod";
import { parseOrThrow } from "../../src/core/errors.js";
import { cachedRequestParser } from "../../src/core/requests.js";
import type { Core } from "../../src/core/wasm.js";
import { type GameRecord, playArenaGames } from "./play.js";
import { ARENA_LIMITS, type ArenaRequest, arenaRequestSchema } from "./request.js";

const chunkSchema = z
  .strictObject({ from: z.number().int().min(0).max(ARENA_LIMITS.maxGames), to: z.number().int().min(0).max(ARENA_LIMITS.maxGames) })
  .refine((c) => c.to >= c.from && c.to - c.from <= 100, { message: "a chunk holds 0 to 100 games" });

export const arenaRequestOf: (request: unknown) => ArenaRequest = cachedRequestParser(arenaRequestSchema, "arena");

export function arenaChunkTask(request: unknown, chunk: unknown, core: Core): GameRecord[] {
  const req = arenaRequestOf(request);
  const c = parseOrThrow(chunkSchema, chunk, "arena chunk");
  if (c.to > req.games) throw new Error(`arena chunk: games ${c.from}-${c.to} beyond the job's ${req.games}`);
  return playArenaGames(req, c.from, c.to, core);
}
