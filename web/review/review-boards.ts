/**
 * The Review's battlefield (runs in the review worker): a saved game replayed through its engine, the board
 * after every step (the Play views' board: web/play/aos-adapter.ts, mesbg-adapter.ts), each step's line on
 * the board (web/play/move-lines.ts: where the unit went, or what it pointed at) and, at each reviewed
 * decision whose best choice is not the move made, the best choice's line from the same position (applied to a
 * copy: the engine's own dice, as the game would have rolled them).
 */
import { InputError } from "../../src/core/errors.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import type { GameState } from "../../src/planner/game.js";
import { loadGame } from "../../src/saves/load.js";
import { STARTERS } from "../../src/saves/setups.js";
import { type AosView, aosAdapter } from "../play/aos-adapter.js";
import { type MesbgView, mesbgAdapter } from "../play/mesbg-adapter.js";
import { aosProbe, lineOf, mesbgProbe, type MoveLine, type Probe } from "../play/move-lines.js";

export interface ReviewBoards {
  game: "aos" | "mesbg";
  /** views[k]: the board after k steps (views[0] the start), without the candidate list, log and sheet. */
  views: (AosView | MesbgView)[];
  /** lines[i]: where step i went (null: nothing to draw, as a roll of the dice). */
  lines: (MoveLine | null)[];
  /** The best choice's line at a reviewed decision whose best is not the move made. */
  best: { index: number; line: MoveLine | null }[];
}

/** Boards for the saved game `json` (checked as `loadGame` checks it), `player`'s side shown as the human's. */
export function reviewBoards(json: unknown, player: 0 | 1, best: readonly { index: number; best: number; action: number }[], where = "the file"): ReviewBoards {
  const loaded = loadGame(json, 0, undefined, where);
  const saved = loaded.saved;
  if (!saved) throw new InputError(`${where}: format: a position has no moves to replay`);
  if (loaded.kind === "campaign") throw new InputError(`${where}: game: a campaign is not reviewed`);
  const kind = loaded.kind;
  const state = STARTERS[kind](saved.setup, saved.seed).state as GameState;
  // The readable log is not shown here: off, as the review's own replay.
  if (kind === "aos") (state as PitchedBattleState).data.log = null;
  else (state as MesbgState).record(false);
  const probe = (kind === "aos" ? aosProbe : mesbgProbe) as unknown as Probe<GameState>;
  const view = (s: GameState): AosView | MesbgView => {
    if (kind === "aos") return { ...aosAdapter.view(s as PitchedBattleState, player), choices: [], log: [], sheet: [] };
    return { ...mesbgAdapter.view(s as MesbgState, player), choices: [], log: [] };
  };
  const bestAt = new Map(best.filter((b) => b.best !== b.action).map((b) => [b.index, b.best]));
  const views = [view(state)];
  const next = (s: GameState) => views.push(shared(views[views.length - 1]!, view(s)));
  const lines: (MoveLine | null)[] = [];
  const bests: ReviewBoards["best"] = [];
  saved.steps.forEach((step, i) => {
    const b = bestAt.get(i);
    if (b !== undefined && state.legalActions(step.player).includes(b)) bests.push({ index: i, line: lineOf(probe, state, b, step.player) });
    const finish = step.player >= 0 ? probe(state, step.action, step.player) : null;
    state.apply(step.action);
    lines.push(finish?.(state) ?? null);
    next(state);
  });
  return { game: kind, views, lines, best: bests };
}

/**
 * `next` with every part equal to `prev`'s replaced by `prev`'s own object (units and models one by one): a
 * step changes a unit or two, and a structured clone (the worker's answer) sends an object it meets twice once,
 * so a game of a thousand steps crosses as its changes, not a thousand boards.
 */
function shared<V extends object>(prev: V, next: V): V {
  const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
  const out = { ...next } as Record<string, unknown>;
  const before = prev as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) {
    const p = before[k];
    if (Array.isArray(v) && Array.isArray(p)) {
      const items = v.map((x, i) => (i < p.length && same(p[i], x) ? p[i] : x));
      out[k] = items.length === p.length && items.every((x, i) => x === p[i]) ? p : items;
    } else if (v !== null && typeof v === "object" && same(p, v)) out[k] = p;
  }
  return out as V;
}
