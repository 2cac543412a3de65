/**
 * The MESBG coach: the search (search.ts) ranks the decisions of the player to act by visits, each with its
 * win probability (the share of searched futures it leads in: the search's leaves) and its interval. The
 * advice is the `mcts` agent's own rule: the tree's most searched decision is recommended only if paired
 * rollouts to the end (`comparePaired`) say it does better than the scripted player's choice; else the
 * scripted choice is, and the reasons say why (the tree's 1-turn look-ahead favours holding back: README,
 * "The search" under `tactica mesbg`). The CLI's `tactica coach FILE`, the terminal's `?` and the dashboard's
 * Coach view all print these.
 */
import type { Core } from "../core/wasm.js";
import type { Budget } from "../planner/budget.js";
import type { ActionStats } from "../planner/mcts.js";
import { type PairedCheck, pairedGames, playedAlike } from "../planner/explain.js";
import { InputError } from "../core/errors.js";
import type { MesbgState } from "./game.js";
import { checkProposal, mesbgPrior, searchMesbg } from "./search.js";

export interface MesbgCoachMove extends ActionStats {
  reason: string;
}

/** The check of the tree's proposal against the scripted choice (null when the two agree or nothing was searched). */
export interface MesbgCoachCheck {
  proposed: string;
  scripted: string;
  /** Pairs played (fewer than asked when a block of them was not ahead). */
  pairs: number;
  /** Mean of (return after the proposal - return after the scripted choice) over the pairs, and its standard error. */
  meanDiff: number;
  se: number;
  recommended: "proposed" | "scripted";
}

export interface MesbgCoachReport {
  game: "mesbg";
  player: number;
  turn: number;
  moves: MesbgCoachMove[];
  principalLine: string[];
  iterations: number;
  check: MesbgCoachCheck | null;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : "—");
const unseen = (s: MesbgState, action: number): ActionStats => ({
  action, label: s.actionToString(action), visits: 0, meanReturn: NaN, returnInterval: [NaN, NaN], winProbability: NaN, winInterval: [NaN, NaN], drawProbability: NaN, expectedVpDiff: null, vpInterval: null,
});

/** The coach's answer for the player to act in `state` (not changed). */
export function coachMesbg(core: Core | null, state: MesbgState, options: { budget: Budget; top: number; seed: number }): MesbgCoachReport {
  const player = state.currentPlayer();
  if (player < 0) throw new InputError("position: nobody is to decide here");
  const legal = state.legalActions(player);
  if (legal.length === 1)
    return { game: "mesbg", player, turn: state.data.turn, moves: [{ ...unseen(state, legal[0]!), reason: "the only choice" }], principalLine: [], iterations: 0, check: null };
  const r = searchMesbg(state, options.budget, options.seed, core);
  const proposal = r.actions[0]!;
  const prior = mesbgPrior(state, player);
  const scripted = r.actions.find((a) => a.action === prior) ?? unseen(state, prior);
  // The agent's rule (search.ts mesbgMctsAgent): the same check, pairs, seeds and margin.
  const c = proposal.action === prior ? null : checkProposal(state, player, proposal.action, prior, options.seed, core);
  const then = r.principalLine.length > 1 ? `; then ${r.principalLine.slice(1, 3).map((l) => l.label).join(", then ")}` : "";
  const { moves, check } = recommend(r.actions, scripted, c, then, options.top);
  return { game: "mesbg", player, turn: state.data.turn, moves, principalLine: r.principalLine.map((l) => l.label), iterations: r.iterations, check };
}

/**
 * The coach's moves from the search's (`ranked`, most searched first), the scripted player's choice and the
 * paired check of the most searched against it (`c`: null when the two are the same move): the recommendation
 * first, then the most searched, `top` in all, each with its reason (`then`: the line after the most searched).
 */
export function recommend(
  ranked: readonly ActionStats[], scripted: ActionStats, c: PairedCheck | null, then: string, top: number,
): { moves: MesbgCoachMove[]; check: MesbgCoachCheck | null } {
  const proposal = ranked[0]!;
  let check: MesbgCoachCheck | null = null;
  let first: MesbgCoachMove;
  const reasons = new Map<number, string>();
  if (c === null) {
    const next = ranked[1];
    first = { ...proposal, reason: `${pct(proposal.winProbability)} to win, the most searched and the scripted player's choice too${next ? ` (next: "${next.label}", ${pct(next.winProbability)})` : ""}${then}` };
  } else {
    check = { proposed: proposal.label, scripted: scripted.label, pairs: c.pairs, meanDiff: c.meanDiff, se: c.se, recommended: c.passed ? "proposed" : "scripted" };
    const games = pairedGames(c, "; ±1 a wipe-out, else the strength margin");
    if (c.passed) {
      first = { ...proposal, reason: `${pct(proposal.winProbability)} to win, the most searched; better than the scripted choice "${scripted.label}" in ${games}${then}` };
      reasons.set(scripted.action, `the scripted choice: ${pct(scripted.winProbability)} to win; worse than the recommendation in ${games}`);
    } else {
      first = { ...scripted, reason: `the scripted choice: ${pct(scripted.winProbability)} to win; the most searched, "${proposal.label}" (${pct(proposal.winProbability)}), was not better in ${games}` };
      reasons.set(proposal.action, `the most searched (${pct(proposal.winProbability)} to win), but not better than the recommendation in ${games}${playedAlike(c) ? "" : ": the search looks one turn ahead, which favours holding back"}`);
    }
  }
  const rest = ranked
    .filter((a) => a.action !== first.action)
    .slice(0, Math.max(0, top - 1))
    .map((a) => ({ ...a, reason: reasons.get(a.action) ?? `${pct(a.winProbability)} to win against ${pct(first.winProbability)} for the recommendation` }));
  return { moves: [first, ...rest], check };
}
