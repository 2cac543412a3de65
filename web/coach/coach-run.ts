/**
 * The Coach view's work, run in a worker (the play worker's `coach`): a position file — a saved game or a
 * hand-entered position, the same JSON `tactica coach FILE` reads (src/saves/load.ts) — searched for the
 * player to act (AoS: src/aos/coach.ts; MESBG: src/mesbg/coach.ts), with the board of that position and, for
 * each ranked move, what it points at (the board's arrows).
 */
import { z } from "zod";
import { InputError, parseOrThrow } from "../../src/core/errors.js";
import type { Core } from "../../src/core/wasm.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { coachAos } from "../../src/aos/coach.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import { coachMesbg } from "../../src/mesbg/coach.js";
import { CHANCE, SIMULTANEOUS } from "../../src/planner/game.js";
import { loadGame } from "../../src/saves/load.js";
import { gameCoverage } from "../../src/saves/coverage.js";
import type { ArmyCoverage } from "../../src/aos/abilities/roster-coverage.js";
import { type AosView, aosAdapter } from "../play/aos-adapter.js";
import { type MesbgView, mesbgAdapter } from "../play/mesbg-adapter.js";
import type { Pointer } from "../play/session.js";
import { lineOf, mesbgProbe, type MoveLine } from "../play/move-lines.js";

export interface CoachMoveView {
  action: number;
  label: string;
  winProbability: number;
  winInterval: [number, number];
  expectedVpDiff: number | null;
  vpInterval: [number, number] | null;
  visits: number;
  reason: string;
  pointer: Pointer;
  /** MESBG: where the move goes on the board (web/play/move-lines.ts), its arrow; null: nothing to draw (AoS: `pointer`, to the objective or unit the move goes for). */
  line: MoveLine | null;
  /** AoS: the battle tactic the move concerns and its chance to complete. */
  tactic: { id: string; name: string; chance: number } | null;
}

export interface CoachAnswer {
  game: "aos" | "mesbg";
  player: number;
  /** "round 2, hero" / "turn 3". */
  decision: string;
  /** The AoS step kind ("battle-tactic": the moves are the tactics to pick). */
  step: string | null;
  view: AosView | MesbgView;
  moves: CoachMoveView[];
  principalLine: string[];
  iterations: number;
  elapsedMs: number;
  /** Each army's abilities not played (AoS; src/saves/coverage.ts): the advice depends on them too. */
  abilities: ArmyCoverage[];
}

/** The coach's options from the page: the CLI's, bounded for a page (an iteration budget, so the advice repeats). */
export const coachOptionsSchema = z.strictObject({
  iterations: z.number().int().min(1).max(100_000).default(2000),
  top: z.number().int().min(1).max(20).default(5),
  seed: z.number().int().min(0).max(0xffffffff).default(1),
});

export function coachPosition(core: Core | null, json: unknown, options: unknown): CoachAnswer {
  const opts = parseOrThrow(coachOptionsSchema, options ?? {}, "coach");
  const start = performance.now();
  const game = loadGame(json, opts.seed, undefined, "position");
  const state = game.state;
  if (state.isTerminal()) throw new InputError("position: the game is over; there is nothing to advise");
  const player = state.currentPlayer();
  if (player === CHANCE || player === SIMULTANEOUS)
    throw new InputError(`position: the game stands at ${player === CHANCE ? "a roll of the dice" : "simultaneous orders"}, not a player's decision; the coach advises AoS and MESBG decisions`);
  const budget = { iterations: opts.iterations };
  if (game.kind === "aos") {
    if (!core) throw new Error("the AoS coach needs the Wasm kernel (its explaining rollouts), which did not load in this browser");
    const s = state as PitchedBattleState;
    const r = coachAos(core, s, { budget, top: opts.top, seed: opts.seed });
    return {
      game: "aos", player, decision: `round ${r.round}, ${r.decision}`, step: r.decision, view: aosAdapter.view(s, player as 0 | 1),
      moves: r.moves.map((m) => ({
        action: m.action, label: m.label, winProbability: m.winProbability, winInterval: m.winInterval, expectedVpDiff: m.expectedVpDiff, vpInterval: m.vpInterval,
        visits: m.visits, reason: m.reason, pointer: aosAdapter.pointer!(s, m.action, player), line: null, tactic: m.tactic,
      })),
      principalLine: r.principalLine.map((l) => l.label), iterations: r.iterations, elapsedMs: performance.now() - start,
      abilities: gameCoverage(game),
    };
  }
  if (game.kind === "mesbg") {
    const s = state as MesbgState;
    const r = coachMesbg(core, s, { budget, top: opts.top, seed: opts.seed });
    return {
      game: "mesbg", player, decision: `turn ${r.turn}`, step: null, view: mesbgAdapter.view(s, player as 0 | 1),
      moves: r.moves.map((m) => ({
        action: m.action, label: m.label, winProbability: m.winProbability, winInterval: m.winInterval, expectedVpDiff: null, vpInterval: null, visits: m.visits, reason: m.reason,
        pointer: {}, line: lineOf(mesbgProbe, s, m.action, player), tactic: null,
      })),
      principalLine: r.principalLine, iterations: r.iterations, elapsedMs: performance.now() - start, abilities: [],
    };
  }
  throw new InputError("position: the coach advises AoS and MESBG games (a campaign's orders are simultaneous)");
}
