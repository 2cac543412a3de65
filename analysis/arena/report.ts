/**
 * The arena's report from its games' records: wins, draws and losses for each agent with Wilson 95% intervals
 * on the win rate, per battleplan and overall, and the average time per decision of each agent. Pure: the
 * same records (in any order) give the same report, apart from the times, which are wall-clock.
 */
import { wilson } from "../../src/core/stats.js";
import { budgetText } from "../../src/planner/budget.js";
import type { GameRecord } from "./play.js";
import type { AgentSpec, ArenaGame } from "./request.js";

export interface ArenaSide {
  /** The agent's kind: random, scripted or mcts. */
  agent: string;
  /** "500 iterations", "100 ms" for mcts; null for the others (they take no budget). */
  budget: string | null;
  wins: number;
  draws: number;
  losses: number;
  /** wins / games. */
  winRate: number;
  /** Wilson 95% interval of the win rate. */
  winInterval: [number, number];
}

export interface ArenaPlanReport {
  games: number;
  a: ArenaSide;
  b: ArenaSide;
}

export interface ArenaReport {
  game: ArenaGame;
  games: number;
  seed: number;
  /** `a` is the agent given as --a, whichever side it played. */
  a: ArenaSide;
  b: ArenaSide;
  /** Per battleplan (AoS), in the order asked; MESBG and campaign have one entry (their scenario). */
  byPlan: Record<string, ArenaPlanReport>;
  /** Average milliseconds per decision of each agent (wall time: differs from run to run). */
  msPerDecision: { a: number; b: number };
  /** Average decisions per game of each agent. */
  decisionsPerGame: { a: number; b: number };
  /** Games in which agent a played side 1 (the first player) and side 2. */
  sides: { aFirst: number; aSecond: number };
  elapsedMs: number;
  /** The armies (AoS) or forces (MESBG) of side 1 and side 2; the campaign's are its bundled two. */
  armies?: [string, string];
}

function side(spec: AgentSpec, wins: number, draws: number, losses: number): ArenaSide {
  const n = wins + draws + losses;
  const w = wilson(wins, n);
  return { agent: spec.kind, budget: spec.kind === "mcts" ? budgetText(spec.budget) : null, wins, draws, losses, winRate: n === 0 ? 0 : wins / n, winInterval: [w.low, w.high] };
}

function planReport(records: GameRecord[], a: AgentSpec, b: AgentSpec): ArenaPlanReport {
  const aw = records.filter((r) => r.winner === "a").length;
  const bw = records.filter((r) => r.winner === "b").length;
  const d = records.length - aw - bw;
  return { games: records.length, a: side(a, aw, d, bw), b: side(b, bw, d, aw) };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function arenaReport(
  req: { game: ArenaGame; seed: number; a: AgentSpec; b: AgentSpec },
  plans: readonly string[],
  records: GameRecord[],
  elapsedMs: number,
): ArenaReport {
  const overall = planReport(records, req.a, req.b);
  const byPlan: Record<string, ArenaPlanReport> = {};
  for (const p of plans) byPlan[p] = planReport(records.filter((r) => r.plan === p), req.a, req.b);
  const sum = (f: (r: GameRecord) => number) => records.reduce((s, r) => s + f(r), 0);
  const nA = sum((r) => r.decisions[0]);
  const nB = sum((r) => r.decisions[1]);
  const games = records.length;
  return {
    game: req.game,
    games,
    seed: req.seed,
    a: overall.a,
    b: overall.b,
    byPlan,
    msPerDecision: { a: nA === 0 ? 0 : round3(sum((r) => r.ms[0]) / nA), b: nB === 0 ? 0 : round3(sum((r) => r.ms[1]) / nB) },
    decisionsPerGame: { a: games === 0 ? 0 : round3(nA / games), b: games === 0 ? 0 : round3(nB / games) },
    sides: { aFirst: records.filter((r) => r.aSide === 0).length, aSecond: records.filter((r) => r.aSide === 1).length },
    elapsedMs: Math.round(elapsedMs),
  };
}
