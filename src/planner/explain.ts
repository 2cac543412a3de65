/**
 * What a searching agent knew when it chose (issue 11: "the AI's decisions come with the coach's one-line
 * reason"): the chosen action's statistics from the agent's own search, kept on the agent as `lastChoice`
 * (null when the decision was taken without a search: a single legal action). The terminal game prints it
 * after each of the AI's decisions (src/cli/terminal/reasons.ts).
 */
import { meanInterval, wilson } from "../core/stats.js";
import type { Action } from "./game.js";
import type { EdgeTally } from "./mcts.js";

export interface ChoiceNote {
  action: Action;
  winProbability: number;
  winInterval: [number, number];
  /** Mean VP margin (AoS), when the search kept one. */
  expectedVpDiff: number | null;
  visits: number;
  iterations: number;
  /** The line the search expects after it (labels), when it has one. */
  then: string[];
  /**
   * MESBG: the search's pick checked against the scripted player's choice by paired games to the end
   * (src/mesbg/search.ts comparePaired): the pick, the pairs played, the mean difference of the returns and its
   * standard error, and whether it passed (else the scripted choice was played). Absent where nothing was checked.
   */
  check?: PairedCheck & { proposed: string };
}

/** A proposal checked against the scripted choice by paired games to the end (MESBG: src/mesbg/search.ts comparePaired). */
export interface PairedCheck {
  pairs: number;
  /** Mean of (return after the proposal - return after the scripted choice) over the pairs, and its standard error. */
  meanDiff: number;
  se: number;
  passed: boolean;
}

/** Every pair alike: the two choices led to the same games (an activation order that changes nothing, say). */
export function playedAlike(c: Omit<PairedCheck, "passed" | "pairs">): boolean {
  return c.meanDiff === 0 && c.se === 0;
}

/**
 * "64 paired games played to the end (return +0.03 ± 0.02 a game)", or "(they played out the same)" when every pair
 * was alike; `unit` is added after "a game" (the coach says what a return is). A difference that rounds to 0 is +0.00.
 */
export function pairedGames(c: Omit<PairedCheck, "passed">, unit = ""): string {
  if (playedAlike(c)) return `${c.pairs} paired games played to the end (they played out the same)`;
  const d = `${c.meanDiff > -0.005 ? "+" : "−"}${Math.abs(c.meanDiff).toFixed(2)}`;
  return `${c.pairs} paired games played to the end (return ${d} ± ${Number.isFinite(c.se) ? c.se.toFixed(2) : "—"} a game${unit})`;
}

/** An agent that can say why: `lastChoice` is set by each `act` that searched, and cleared by the others. */
export interface ExplainingAgent {
  lastChoice: ChoiceNote | null;
}

export function isExplaining(a: object): a is ExplainingAgent {
  return "lastChoice" in a;
}

/** The note of `action` from a root's edge statistics. */
export function noteFromEdges(edges: readonly EdgeTally[], action: Action, then: string[] = []): ChoiceNote | null {
  const e = edges.find((x) => x.action === action);
  if (!e || e.visits === 0) return null;
  const w = wilson(e.wins, e.visits);
  return {
    action,
    winProbability: w.p,
    winInterval: [w.low, w.high],
    expectedVpDiff: e.vpVisits > 0 ? meanInterval(e.vpSum, e.vpSumSq, e.vpVisits).mean : null,
    visits: e.visits,
    iterations: edges.reduce((s, x) => s + x.visits, 0),
    then,
  };
}
