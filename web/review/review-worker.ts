/**
 * The review worker: `tactica review`'s computation (src/review/review.ts) in a Web Worker, so the page never
 * waits for the search and the rollouts. It compiles its own Wasm core (the AoS search's leaves are kernel
 * rollouts) and reports each reviewed decision back as it goes (the progress bar).
 */
import * as Comlink from "comlink";
import wasmUrl from "../../build/core.wasm?url";
import { compileCore, type Core, instantiateCore } from "../../src/core/wasm.js";
import { type GameReview, type ReviewedDecision, reviewGame } from "../../src/review/review.js";
import { type ReviewBoards, reviewBoards } from "./review-boards.js";

let core: Promise<Core> | undefined;
const coreOf = () => (core ??= compileCore(new URL(wasmUrl, self.location.href)).then(instantiateCore));

export interface ReviewRequest {
  json: unknown;
  player?: 0 | 1;
  /** Iterations per decision (absent: the game's default). */
  iterations?: number;
  seed: number;
}

/** Comlink carries only name and message of an error: keep the name so the page tells input from bug. */
function rethrow(e: unknown): never {
  const err = e instanceof Error ? e : new Error(String(e));
  throw Object.assign(new Error(err.message), { name: err.name });
}

export const reviewApi = {
  ping: () => true,
  async review(request: ReviewRequest, progress?: (done: number, total: number, d: ReviewedDecision) => void): Promise<GameReview> {
    try {
      const it = request.iterations;
      if (it !== undefined && !(Number.isInteger(it) && it >= 1 && it <= 100_000)) throw Object.assign(new Error("budget: iterations must be a whole number from 1 to 100000"), { name: "InputError" });
      const c = await coreOf();
      return reviewGame(request.json, c, {
        seed: request.seed >>> 0,
        ...(request.player === 0 || request.player === 1 ? { player: request.player } : {}),
        ...(it !== undefined ? { budget: { iterations: it } } : {}),
        ...(progress ? { onDecision: (d, done, total) => void progress(done, total, d) } : {}),
      }, "the file");
    } catch (e) {
      rethrow(e);
    }
  },
  /** The board after every step of the saved game, the lines of its moves and of the review's best choices. */
  boards(json: unknown, player: 0 | 1, best: { index: number; best: number; action: number }[]): ReviewBoards {
    try {
      return reviewBoards(json, player === 1 ? 1 : 0, Array.isArray(best) ? best.slice(0, 200_000) : []);
    } catch (e) {
      rethrow(e);
    }
  },
};
export type ReviewApi = typeof reviewApi;

Comlink.expose(reviewApi);
