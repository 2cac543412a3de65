/**
 * The matrix's result from its chunks' tallies: each cell (pairing x battleplan) and each pairing over all
 * its plans with win/draw/loss (Wilson 95% intervals) and expected VP (normal 95% interval), and an overall
 * ranking: mean win rate over the opponents, and a Bradley-Terry fit with 95% intervals. Pure and free of
 * timings, so the same tallies give the same result, byte for byte, wherever they were computed.
 */
import { meanInterval, wilson } from "../../src/core/stats.js";
import { bradleyTerry, ELO_PER_THETA } from "./bradley-terry.js";
import { chunksOf, type MatrixAgents, type MatrixRequest, pairings } from "./request.js";
import { type CellTally, emptyCell, mergeCells } from "./tally.js";

export const MATRIX_RESULT_KIND = "tactica-matrix";

export interface Interval {
  p: number;
  low: number;
  high: number;
}
export interface VpInterval {
  mean: number;
  low: number;
  high: number;
}

export interface MatrixCell {
  /** The pairing's first list (index into `lists`) and its second. */
  a: number;
  b: number;
  /** A battleplan's id, or "all" for the pairing over every plan. */
  plan: string;
  games: number;
  aWins: number;
  draws: number;
  bWins: number;
  aWin: Interval;
  draw: Interval;
  bWin: Interval;
  aVp: VpInterval;
  bVp: VpInterval;
}

export interface MatrixStanding {
  list: string;
  /** Place by Bradley-Terry strength (1: strongest). */
  rank: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The mean over its opponents of its win rate against each (draws not counted as wins). */
  meanWinRate: number;
  /** Log-strength (the lists' sum to 0) with its 95% interval, and the same as Elo points. */
  strength: { theta: number; low: number; high: number; elo: number; eloLow: number; eloHigh: number };
}

export interface MatrixResult {
  kind: typeof MATRIX_RESULT_KIND;
  version: 1;
  seed: number;
  agents: MatrixAgents;
  /** The mcts agents' iterations a decision (null for scripted). */
  iterations: number | null;
  gamesPerCell: number;
  plans: string[];
  lists: string[];
  /** Every pairing on every plan, pairing by pairing, plans in the order asked. */
  cells: MatrixCell[];
  /** Every pairing over all its plans. */
  pairs: MatrixCell[];
  /** The lists, strongest first. */
  ranking: MatrixStanding[];
  /** How the ranking's fit was made (the prior, the algorithm). */
  fit: string;
}

/** One drawn battle a pairing, so a list that won (or lost) everything still has a finite strength. */
export const PRIOR_DRAWS = 1;

function cell(a: number, b: number, plan: string, t: CellTally): MatrixCell {
  const vp = (s: 0 | 1) => {
    const m = meanInterval(t.vp[s], t.vp2[s], t.games);
    return { mean: m.mean, low: Number.isFinite(m.low) ? m.low : m.mean, high: Number.isFinite(m.high) ? m.high : m.mean };
  };
  return { a, b, plan, games: t.games, aWins: t.wins[0], draws: t.draws, bWins: t.wins[1], aWin: wilson(t.wins[0], t.games), draw: wilson(t.draws, t.games), bWin: wilson(t.wins[1], t.games), aVp: vp(0), bVp: vp(1) };
}

/** The result from every chunk's tally (`tallies[c]` for chunk c of chunksOf(req)), merged in chunk order. */
export function matrixResult(req: MatrixRequest, tallies: readonly CellTally[]): MatrixResult {
  const chunks = chunksOf(req);
  if (tallies.length !== chunks.length) throw new Error(`matrix: ${tallies.length} chunk results for ${chunks.length} chunks`);
  const pairs = pairings(req.lists.length);
  const byCell = pairs.map(() => req.plans.map(() => emptyCell()));
  for (const c of chunks) {
    const p = req.plans.indexOf(c.plan);
    byCell[c.pair]![p] = mergeCells(byCell[c.pair]![p]!, tallies[c.index]!);
  }
  const cells: MatrixCell[] = [];
  const pairCells: MatrixCell[] = [];
  const n = req.lists.length;
  const games = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const winRate = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const record = req.lists.map(() => ({ games: 0, wins: 0, draws: 0, losses: 0 }));
  pairs.forEach(([i, j], p) => {
    req.plans.forEach((plan, k) => cells.push(cell(i, j, plan, byCell[p]![k]!)));
    const all = byCell[p]!.reduce(mergeCells, emptyCell());
    pairCells.push(cell(i, j, "all", all));
    games[i]![j] = games[j]![i] = all.games;
    winRate[i]![j] = all.games ? all.wins[0] / all.games : 0;
    winRate[j]![i] = all.games ? all.wins[1] / all.games : 0;
    record[i]!.games += all.games;
    record[j]!.games += all.games;
    record[i]!.wins += all.wins[0];
    record[j]!.wins += all.wins[1];
    record[i]!.losses += all.wins[1];
    record[j]!.losses += all.wins[0];
    record[i]!.draws += all.draws;
    record[j]!.draws += all.draws;
  });
  // Bradley-Terry with the prior: PRIOR_DRAWS drawn battles added to every pairing.
  const priorGames = games.map((row, i) => row.map((g, j) => (i === j ? 0 : g + PRIOR_DRAWS)));
  const scores = record.map((r) => r.wins + r.draws / 2 + ((n - 1) * PRIOR_DRAWS) / 2);
  const fit = bradleyTerry(scores, priorGames);
  const order = req.lists.map((_, i) => i).sort((x, y) => fit.theta[y]! - fit.theta[x]! || x - y);
  const ranking = order.map((i, place) => ({
    list: req.lists[i]!.name,
    rank: place + 1,
    ...record[i]!,
    meanWinRate: winRate[i]!.reduce((s, w, j) => (j === i ? s : s + w), 0) / (n - 1),
    strength: { theta: fit.theta[i]!, low: fit.low[i]!, high: fit.high[i]!, elo: fit.theta[i]! * ELO_PER_THETA, eloLow: fit.low[i]! * ELO_PER_THETA, eloHigh: fit.high[i]! * ELO_PER_THETA },
  }));
  return {
    kind: MATRIX_RESULT_KIND,
    version: 1,
    seed: req.seed,
    agents: req.agents,
    iterations: req.agents === "mcts" ? req.iterations : null,
    gamesPerCell: req.games,
    plans: [...req.plans],
    lists: req.lists.map((l) => l.name),
    cells,
    pairs: pairCells,
    ranking,
    fit: `Bradley-Terry by MM (draws half a win to each side), ${PRIOR_DRAWS} drawn battle added to each pairing as a prior; ${fit.iterations} iterations${fit.converged ? "" : " (not converged)"}`,
  };
}

/** A list's or plan's name as a CSV field: quoted when it holds a quote, comma or line break, or could be read as a formula. */
const csvText = (t: string) => (/[",\n\r]/.test(t) || /^[=+\-@\t]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
const f4 = (x: number) => x.toFixed(4);

/** One row per cell and one per pairing (plan "all"): the lists, the counts, the probabilities with intervals, the expected VP. */
export function matrixCsv(r: MatrixResult): string {
  const header = ["a", "b", "plan", "games", "a_wins", "draws", "b_wins", "a_win", "a_win_low", "a_win_high", "draw", "draw_low", "draw_high", "b_win", "b_win_low", "b_win_high", "a_vp", "a_vp_low", "a_vp_high", "b_vp", "b_vp_low", "b_vp_high"];
  const rows = [...r.cells, ...r.pairs].map((c) =>
    [csvText(r.lists[c.a]!), csvText(r.lists[c.b]!), csvText(c.plan), c.games, c.aWins, c.draws, c.bWins, f4(c.aWin.p), f4(c.aWin.low), f4(c.aWin.high), f4(c.draw.p), f4(c.draw.low), f4(c.draw.high), f4(c.bWin.p), f4(c.bWin.low), f4(c.bWin.high), f4(c.aVp.mean), f4(c.aVp.low), f4(c.aVp.high), f4(c.bVp.mean), f4(c.bVp.low), f4(c.bVp.high)].join(","),
  );
  return `${[header.join(","), ...rows].join("\n")}\n`;
}
