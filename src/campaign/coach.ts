/**
 * The campaign's coach for `?` at the terminal (issue 11): the campaign search (search.ts, the one the `mcts`
 * player uses, battles drawn from its table of real battles) from the decision in front of `player` — at
 * simultaneous orders its own statistics, the other side's order unknown to it — and the top K with the share
 * of searched lines that end won or ahead (the campaign's return: 0.8 x the result + 0.2 x the Influence
 * lead; at a cut-off the lead alone), the mean return and a one-line reason.
 */
import type { Budget } from "../planner/budget.js";
import { SIMULTANEOUS } from "../planner/game.js";
import type { ActionStats } from "../planner/mcts.js";
import type { CampaignState } from "./game.js";
import { policyAction } from "./policy.js";
import { type BattleTable, searchCampaign } from "./search.js";
import type { Player } from "./state.js";

export interface CampaignCoachMove {
  action: number;
  label: string;
  winProbability: number;
  winInterval: [number, number];
  meanReturn: number;
  visits: number;
  reason: string;
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

export function coachCampaign(state: CampaignState, player: number, budget: Budget, seed: number, table: BattleTable, top = 3): { moves: CampaignCoachMove[]; iterations: number } {
  const legal = state.legalActions(player);
  if (legal.length === 1) return { moves: [{ action: legal[0]!, label: state.actionToString(legal[0]!, player), winProbability: NaN, winInterval: [NaN, NaN], meanReturn: NaN, visits: 0, reason: "the only choice" }], iterations: 0 };
  const r = searchCampaign(state, budget, seed, table);
  const stats: ActionStats[] = (r.player === SIMULTANEOUS ? r.joint?.find((j) => j.player === player)?.actions : r.actions) ?? [];
  const scripted = policyAction(state, player as Player);
  const best = stats[0];
  const moves = stats.slice(0, top).map((a, i) => {
    const parts = [`${pct(a.winProbability)} of its lines won or ahead, mean return ${a.meanReturn >= 0 ? "+" : ""}${a.meanReturn.toFixed(2)}`];
    if (i > 0 && best) parts.push(`against ${best.meanReturn >= 0 ? "+" : ""}${best.meanReturn.toFixed(2)} for the most searched`);
    if (a.action === scripted) parts.push("the scripted player's choice");
    return { action: a.action, label: a.label, winProbability: a.winProbability, winInterval: a.winInterval, meanReturn: a.meanReturn, visits: a.visits, reason: parts.join("; ") };
  });
  return { moves, iterations: r.iterations };
}
