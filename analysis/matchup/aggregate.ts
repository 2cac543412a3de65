/**
 * Aggregating seeded battles into a matchup report: win/draw/loss with 95% confidence intervals, expected
 * VP per round and in total, VP by source, and how each grand strategy and battle tactic fared. Tallies are
 * plain sums, so chunks computed by different workers merge exactly (in chunk order).
 */
import { VP_SOURCES, type RolloutResult, type VpSource } from "../../src/aos/rollout/types.js";
import { wilson } from "../../src/core/stats.js";

const ROUNDS = 5;

export interface SideTally {
  wins: number;
  vp: number;
  vpSquares: number;
  vpByRound: number[];
  vpBySource: Record<VpSource, number>;
  tacticsPicked: Record<string, number>;
  tacticsCompleted: Record<string, number>;
  strategyPicked: Record<string, number>;
  strategyCompleted: Record<string, number>;
  /** Wins when this grand strategy was picked (to rank strategies by what they bring). */
  strategyWins: Record<string, number>;
  attackerGames: number;
}

export interface PlanTally {
  games: number;
  draws: number;
  sides: [SideTally, SideTally];
}

const zeroSources = (): Record<VpSource, number> => Object.fromEntries(VP_SOURCES.map((s) => [s, 0])) as Record<VpSource, number>;

function newSide(): SideTally {
  return {
    wins: 0, vp: 0, vpSquares: 0, vpByRound: new Array<number>(ROUNDS).fill(0), vpBySource: zeroSources(),
    tacticsPicked: {}, tacticsCompleted: {}, strategyPicked: {}, strategyCompleted: {}, strategyWins: {}, attackerGames: 0,
  };
}

export function newTally(): PlanTally {
  return { games: 0, draws: 0, sides: [newSide(), newSide()] };
}

const bump = (m: Record<string, number>, k: string, by = 1) => {
  m[k] = (m[k] ?? 0) + by;
};

export function addResult(t: PlanTally, r: RolloutResult): void {
  t.games++;
  if (r.winner === null) t.draws++;
  for (const p of [0, 1] as const) {
    const s = t.sides[p];
    const vp = r.victoryPoints[p];
    if (r.winner === p) s.wins++;
    s.vp += vp;
    s.vpSquares += vp * vp;
    r.vpByRound[p].forEach((v, i) => (s.vpByRound[i]! += v));
    for (const src of VP_SOURCES) s.vpBySource[src] += r.vpBySource[p][src];
    for (const id of r.tacticsPicked[p]) bump(s.tacticsPicked, id);
    for (const id of r.tacticsCompleted[p]) bump(s.tacticsCompleted, id);
    const g = r.grandStrategy[p];
    bump(s.strategyPicked, g.id);
    if (g.completed) bump(s.strategyCompleted, g.id);
    if (r.winner === p) bump(s.strategyWins, g.id);
    if (r.attacker === p) s.attackerGames++;
  }
}

function mergeSide(a: SideTally, b: SideTally): SideTally {
  const merge = (x: Record<string, number>, y: Record<string, number>) => {
    const out = { ...x };
    for (const [k, v] of Object.entries(y)) bump(out, k, v);
    return out;
  };
  return {
    wins: a.wins + b.wins,
    vp: a.vp + b.vp,
    vpSquares: a.vpSquares + b.vpSquares,
    vpByRound: a.vpByRound.map((v, i) => v + b.vpByRound[i]!),
    vpBySource: Object.fromEntries(VP_SOURCES.map((s) => [s, a.vpBySource[s] + b.vpBySource[s]])) as Record<VpSource, number>,
    tacticsPicked: merge(a.tacticsPicked, b.tacticsPicked),
    tacticsCompleted: merge(a.tacticsCompleted, b.tacticsCompleted),
    strategyPicked: merge(a.strategyPicked, b.strategyPicked),
    strategyCompleted: merge(a.strategyCompleted, b.strategyCompleted),
    strategyWins: merge(a.strategyWins, b.strategyWins),
    attackerGames: a.attackerGames + b.attackerGames,
  };
}

export function mergeTallies(a: PlanTally, b: PlanTally): PlanTally {
  return { games: a.games + b.games, draws: a.draws + b.draws, sides: [mergeSide(a.sides[0], b.sides[0]), mergeSide(a.sides[1], b.sides[1])] };
}

/** Wilson score interval at 95% for k successes in n trials (src/core/stats.ts). */
export { wilson };

export interface Probability {
  p: number;
  low: number;
  high: number;
}

export interface SideReport {
  win: Probability;
  vp: { mean: number; low: number; high: number };
  vpByRound: number[];
  vpBySource: Record<VpSource, number>;
  /** Each battle tactic: how often picked per battle, and how often completed when picked. */
  battleTactics: { id: string; picksPerBattle: number; completedWhenPicked: number }[];
  /** Each grand strategy picked: completion rate and win rate when picked. */
  grandStrategies: { id: string; picked: number; completed: number; winRateWhenPicked: number }[];
  attackerShare: number;
}

export interface PlanReport {
  battleplan: string;
  games: number;
  draw: Probability;
  a: SideReport;
  b: SideReport;
}

function sideReport(t: PlanTally, p: 0 | 1): SideReport {
  const s = t.sides[p];
  const n = t.games;
  const mean = n ? s.vp / n : 0;
  const variance = n > 1 ? Math.max(0, (s.vpSquares - n * mean * mean) / (n - 1)) : 0;
  const half = n ? 1.959964 * Math.sqrt(variance / n) : 0;
  return {
    win: wilson(s.wins, n),
    vp: { mean, low: mean - half, high: mean + half },
    vpByRound: s.vpByRound.map((v) => (n ? v / n : 0)),
    vpBySource: Object.fromEntries(VP_SOURCES.map((src) => [src, n ? s.vpBySource[src] / n : 0])) as Record<VpSource, number>,
    battleTactics: Object.keys(s.tacticsPicked)
      .sort()
      .map((id) => ({ id, picksPerBattle: n ? s.tacticsPicked[id]! / n : 0, completedWhenPicked: (s.tacticsCompleted[id] ?? 0) / s.tacticsPicked[id]! }))
      .sort((x, y) => y.completedWhenPicked - x.completedWhenPicked),
    grandStrategies: Object.keys(s.strategyPicked)
      .sort()
      .map((id) => ({ id, picked: s.strategyPicked[id]!, completed: (s.strategyCompleted[id] ?? 0) / s.strategyPicked[id]!, winRateWhenPicked: (s.strategyWins[id] ?? 0) / s.strategyPicked[id]! })),
    attackerShare: n ? s.attackerGames / n : 0,
  };
}

export function planReport(battleplan: string, t: PlanTally): PlanReport {
  return { battleplan, games: t.games, draw: wilson(t.draws, t.games), a: sideReport(t, 0), b: sideReport(t, 1) };
}

/** The widest 95% half-width of the win/draw probabilities: the early stop's measure of precision. */
export function halfWidth(t: PlanTally): number {
  return Math.max(
    ...[wilson(t.sides[0].wins, t.games), wilson(t.sides[1].wins, t.games), wilson(t.draws, t.games)].map((w) => (w.high - w.low) / 2),
  );
}
