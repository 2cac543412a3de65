/**
 * The play worker: one game at a time, played in a Web Worker so the page never waits for the AI. The page
 * sends the human's decisions; the worker answers with the board (the adapter's view), the AI's steps since
 * and the saved game (for IndexedDB and export). Every message crosses the session's schemas.
 */
import * as Comlink from "comlink";
import { z } from "zod";
import { parseOrThrow } from "../../src/core/errors.js";
import { aosAdapter } from "./aos-adapter.js";
import { mesbgAdapter } from "./mesbg-adapter.js";
import { campaignAdapter } from "./campaign-adapter.js";
import { type Adapter, type GameKind, type SavedGame, Session, type Step } from "./session.js";

export interface Turn<V = unknown> {
  view: V;
  lastAi: Step[];
  saved: SavedGame;
  over: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ADAPTERS: Record<GameKind, Adapter<any, any>> = { aos: aosAdapter, mesbg: mesbgAdapter, campaign: campaignAdapter };

const startSchema = z.strictObject({ game: z.enum(["aos", "mesbg", "campaign"]), setup: z.unknown(), seed: z.number().int().min(0).max(0xffffffff), human: z.union([z.literal(0), z.literal(1)]) });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let session: Session<any, unknown> | undefined;

const turn = (): Turn => ({ view: session!.view(), lastAi: session!.lastAi, saved: session!.saved(), over: session!.state.isTerminal() });

/** Comlink carries only name and message of an error: keep the name so the page tells input from bug. */
function rethrow(e: unknown): never {
  const err = e instanceof Error ? e : new Error(String(e));
  throw Object.assign(new Error(err.message), { name: err.name });
}

export const playApi = {
  ping: () => true,
  start(request: unknown): Turn {
    try {
      const r = parseOrThrow(startSchema, request, "new game");
      session = Session.start(ADAPTERS[r.game], r.setup, r.seed, r.human);
      return turn();
    } catch (e) {
      rethrow(e);
    }
  },
  /** A saved game (IndexedDB or an imported file); on failure the game in play, if any, is kept. */
  restore(game: GameKind, json: unknown): Turn {
    try {
      if (!(game in ADAPTERS)) throw Object.assign(new Error(`no such game: ${String(game).slice(0, 20)}`), { name: "InputError" });
      session = Session.restore(ADAPTERS[game], json);
      return turn();
    } catch (e) {
      rethrow(e);
    }
  },
  choose(action: unknown): Turn {
    try {
      if (!session) throw Object.assign(new Error("no game in play"), { name: "InputError" });
      session.choose(parseOrThrow(z.number().int().min(0), action, "choice"));
      return turn();
    } catch (e) {
      rethrow(e);
    }
  },
};
export type PlayApi = typeof playApi;

Comlink.expose(playApi);
