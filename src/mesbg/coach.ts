/**
 * The MESBG coach (issue 11): the search of src/mesbg/search.ts from the decision of the player to act, its
 * top K root actions with win probability (95% interval) and visits, and a one-line reason from the search:
 * the best's chance against the next one's, and the line the search expects to follow it. `tactica coach`
 * and `?` at the terminal game both answer with it.
 */
import type { Core } from "../core/wasm.js";
import { InputError } from "../core/errors.js";
import type { Budget } from "../planner/budget.js";
import type { MesbgState } from "./game.js";
import { searchMesbg } from "./search.js";

export interface MesbgCoachMove {
  action: number;
  label: string;
  winProbability: number;
  winInterval: [number, number];
  /** The search's mean return: a wipe-out ±1, else the share margin at the turn cap (game.ts). */
  meanReturn: number;
  visits: number;
  reason: string;
}

export interface MesbgCoachReport {
  player: number;
  turn: number;
  moves: MesbgCoachMove[];
  principalLine: string[];
  iterations: number;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : "—");

export function coachMesbg(state: MesbgState, budget: Budget, top: number, seed: number, core: Core | null): MesbgCoachReport {
  const player = state.currentPlayer();
  if (player < 0) throw new InputError("position: nobody is to decide here");
  const legal = state.legalActions(player);
  if (legal.length === 1) {
    const label = state.actionToString(legal[0]!);
    return { player, turn: state.data.turn, moves: [{ action: legal[0]!, label, winProbability: NaN, winInterval: [NaN, NaN], meanReturn: NaN, visits: 0, reason: "the only choice" }], principalLine: [], iterations: 0 };
  }
  const r = searchMesbg(state, budget, seed, core);
  const stats = r.actions.slice(0, Math.max(1, top));
  const best = stats[0]!;
  const line = r.principalLine.map((l) => l.label);
  const moves = stats.map((a, i) => ({
    action: a.action,
    label: a.label,
    winProbability: a.winProbability,
    winInterval: a.winInterval,
    meanReturn: a.meanReturn,
    visits: a.visits,
    reason:
      i === 0
        ? `${pct(a.winProbability)} to win, the most searched${stats[1] ? ` (next: "${stats[1].label}", ${pct(stats[1].winProbability)})` : ""}${line.length > 1 ? `; then ${line.slice(1, 3).join(", then ")}` : ""}`
        : `${pct(a.winProbability)} to win against ${pct(best.winProbability)} for the most searched`,
  }));
  return { player, turn: state.data.turn, moves, principalLine: line, iterations: r.iterations };
}
