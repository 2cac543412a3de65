/**
 * The play worker: one game at a time, played in a Web Worker so the page never waits for the AI. The page
 * sends the human's decisions; the worker answers with the board (the adapter's view), the AI's steps since
 * (each searched one with its reason), the win-probability graph and the saved game (for IndexedDB and
 * export). The search's leaves run in the Wasm kernel, compiled here from build/core.wasm on first use; if it
 * cannot load, MESBG and the campaign search with their TypeScript leaves and AoS falls back to the scripted
 * policy, and the answer says so. The coach (web/coach/) runs in a worker of its own from this same module.
 * Every message crosses the session's schemas.
 */
import * as Comlink from "comlink";
import { z } from "zod";
import wasmUrl from "../../build/core.wasm?url";
import { parseOrThrow } from "../../src/core/errors.js";
import { compileCore, type Core, instantiateCore } from "../../src/core/wasm.js";
import { aosAdapter } from "./aos-adapter.js";
import { mesbgAdapter } from "./mesbg-adapter.js";
import { campaignAdapter } from "./campaign-adapter.js";
import { type Adapter, type GameKind, type GraphPoint, type SavedGame, Session, type ShownStep } from "./session.js";
import { type AiChoice, aiSchema, DEFAULT_AI } from "./thinking.js";
import { coachPosition, type CoachAnswer } from "../coach/coach-run.js";

export interface Turn<V = unknown> {
  view: V;
  lastAi: ShownStep[];
  saved: SavedGame;
  over: boolean;
  graph: GraphPoint[];
  ai: AiChoice;
  /** Why the AI playing is not the one asked for (null: it is). */
  aiNote: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ADAPTERS: Record<GameKind, Adapter<any, any>> = { aos: aosAdapter, mesbg: mesbgAdapter, campaign: campaignAdapter };

const startSchema = z.strictObject({
  game: z.enum(["aos", "mesbg", "campaign"]),
  setup: z.unknown(),
  seed: z.number().int().min(0).max(0xffffffff),
  human: z.union([z.literal(0), z.literal(1)]),
  ai: aiSchema.default(DEFAULT_AI),
});

const pointSchema = z.strictObject({
  step: z.number().int().min(0).max(1e6),
  player: z.number().int().min(-3).max(1),
  win: z.number().min(0).max(1),
  draw: z.number().min(0).max(1),
  source: z.string().max(80),
  round: z.number().int().min(0).max(1000),
  // How many samples the figure rests on (kept since the graph shows each point's interval; older points lack it).
  n: z.number().int().min(1).max(1e9).optional(),
  unit: z.string().max(40).optional(),
});
const pointsSchema = z.array(pointSchema).max(200_000).optional();

let core: Promise<Core | null> | undefined;
let coreProblem: string | null = null;
/** The Wasm kernel, once; null if it cannot load here (the games fall back: see the header). */
const getCore = (): Promise<Core | null> =>
  (core ??= compileCore(new URL(wasmUrl, self.location.href))
    .then(instantiateCore)
    .catch((e: unknown) => {
      coreProblem = (e as Error).message;
      return null;
    }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let session: Session<any, unknown> | undefined;

const turn = (): Turn => ({
  view: session!.view(), lastAi: session!.lastAi, saved: session!.saved(), over: session!.state.isTerminal(), graph: session!.graph, ai: session!.ai,
  aiNote: session!.aiNote && coreProblem ? `${session!.aiNote} (${coreProblem})` : session!.aiNote,
});

/** Comlink carries only name and message of an error: keep the name so the page tells input from bug. */
function rethrow(e: unknown): never {
  const err = e instanceof Error ? e : new Error(String(e));
  throw Object.assign(new Error(err.message), { name: err.name });
}

export const playApi = {
  ping: () => true,
  async start(request: unknown): Promise<Turn> {
    try {
      const r = parseOrThrow(startSchema, request, "new game");
      session = Session.start(ADAPTERS[r.game], r.setup, r.seed, r.human, { ai: r.ai, core: await getCore(), graph: true });
      return turn();
    } catch (e) {
      rethrow(e);
    }
  },
  /**
   * A saved game (IndexedDB or an imported file), played on by the AI asked for, with the graph kept with it;
   * on failure the game in play, if any, is kept.
   */
  async restore(game: GameKind, json: unknown, ai?: unknown, points?: unknown): Promise<Turn> {
    try {
      if (!(game in ADAPTERS)) throw Object.assign(new Error(`no such game: ${String(game).slice(0, 20)}`), { name: "InputError" });
      const choice = parseOrThrow(aiSchema.default(DEFAULT_AI), ai, "the AI");
      // A graph that does not read is dropped (the game is what counts): the graph starts again from here.
      const kept = pointsSchema.safeParse(points).data;
      session = Session.restore(ADAPTERS[game], json, { ai: choice, core: await getCore(), graph: true, ...(kept ? { points: kept } : {}) });
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
  /** The coach's answer for a position (a saved game or a hand-entered position, the CLI's `tactica coach FILE`). */
  async coach(json: unknown, options: unknown): Promise<CoachAnswer> {
    try {
      return coachPosition(await getCore(), json, options);
    } catch (e) {
      rethrow(e);
    }
  },
};
export type PlayApi = typeof playApi;

Comlink.expose(playApi);
