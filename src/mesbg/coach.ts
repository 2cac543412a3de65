/**
 * The MESBG coach: the search (search.ts) ranks the decisions of the player to act by visits, each with its
 * win probability (the share of searched futures it leads in: the search's leaves) and its interval; the reason
 * of the most searched names the next one and the line that follows, the others are set against it. The CLI's
 * `tactica coach FILE` and the dashboard's Coach view both print these.
 */
import type { Core } from "../core/wasm.js";
import type { Budget } from "../planner/budget.js";
import type { ActionStats } from "../planner/mcts.js";
import { InputError } from "../core/errors.js";
import type { MesbgState } from "./game.js";
import { searchMesbg } from "./search.js";

export interface MesbgCoachMove extends ActionStats {
  reason: string;
}

export interface MesbgCoachReport {
  game: "mesbg";
  player: number;
  turn: number;
  moves: MesbgCoachMove[];
  principalLine: string[];
  iterations: number;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : "—");

/** The coach's answer for the player to act in `state` (not changed). */
export function coachMesbg(core: Core | null, state: MesbgState, options: { budget: Budget; top: number; seed: number }): MesbgCoachReport {
  const player = state.currentPlayer();
  if (player < 0) throw new InputError("position: nobody is to decide here");
  const legal = state.legalActions(player);
  const r = legal.length === 1 ? null : searchMesbg(state, options.budget, options.seed, core);
  const stats = r ? r.actions.slice(0, options.top) : [];
  const best = stats[0];
  const moves: MesbgCoachMove[] = r
    ? stats.map((a, i) => ({
        ...a,
        reason:
          i === 0
            ? `${pct(a.winProbability)} to win, the most searched${stats[1] ? ` (next: "${stats[1].label}", ${pct(stats[1].winProbability)})` : ""}${r.principalLine.length > 1 ? `; then ${r.principalLine.slice(1, 3).map((l) => l.label).join(", then ")}` : ""}`
            : `${pct(a.winProbability)} to win against ${pct(best!.winProbability)} for the most searched`,
      }))
    : [{ action: legal[0]!, label: state.actionToString(legal[0]!), visits: 0, meanReturn: NaN, returnInterval: [NaN, NaN], winProbability: NaN, winInterval: [NaN, NaN], drawProbability: NaN, expectedVpDiff: null, vpInterval: null, reason: "the only choice" }];
  return { game: "mesbg", player, turn: state.data.turn, moves, principalLine: r ? r.principalLine.map((l) => l.label) : [], iterations: r?.iterations ?? 0 };
}
