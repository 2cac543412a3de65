/**
 * The Bradley-Terry model, fitted by the MM algorithm (Hunter 2004, "MM algorithms for generalized
 * Bradley-Terry models"): list i beats list j with probability p_i / (p_i + p_j). From W_i, list i's wins
 * (a draw is half a win to each side), and n_ij, the battles of i against j, each step sets
 *
 *     p_i <- W_i / sum_j n_ij / (p_i + p_j)
 *
 * then rescales so that the log-strengths theta_i = ln p_i sum to 0; the log-likelihood rises at every step
 * and the steps converge to the maximum-likelihood fit when every list has won and lost something (else
 * there is none: a caller adds a prior, matrix/report.ts adds one drawn battle a pairing).
 *
 * Intervals: the observed information of theta is the weighted graph Laplacian L with L_ij = -n_ij q_ij
 * (1 - q_ij), q_ij = p_i / (p_i + p_j), and L_ii = -sum_j L_ij; its null space is the all-ones vector (the
 * scale is not identified), so the covariance of theta under the sum-to-zero constraint is the
 * pseudo-inverse L+ = (L + J/n)^-1 - J/n (J the all-ones matrix), and theta_i's 95% interval is theta_i +-
 * 1.96 sqrt(L+_ii).
 */

export interface BradleyTerryFit {
  /** Log-strengths, summing to 0. */
  theta: number[];
  /** 95% interval of each theta. */
  low: number[];
  high: number[];
  /** Standard error of each theta. */
  se: number[];
  iterations: number;
  converged: boolean;
}

const Z95 = 1.959964;

/** One MM step from `p` (not rescaled). */
export function mmStep(wins: readonly number[], games: readonly (readonly number[])[], p: readonly number[]): number[] {
  return p.map((pi, i) => {
    let den = 0;
    for (let j = 0; j < p.length; j++) if (j !== i && games[i]![j]! > 0) den += games[i]![j]! / (pi + p[j]!);
    return den > 0 ? wins[i]! / den : pi;
  });
}

/**
 * Fits strengths to `wins` (W_i) and `games` (symmetric n_ij, zero diagonal). Every W_i must be above 0 and
 * below list i's battles, and the pairings must connect all lists (else the fit does not exist).
 */
export function bradleyTerry(wins: readonly number[], games: readonly (readonly number[])[], tolerance = 1e-12, maxIterations = 100_000): BradleyTerryFit {
  const n = wins.length;
  for (let i = 0; i < n; i++) {
    const total = games[i]!.reduce((s, x) => s + x, 0);
    if (!(wins[i]! > 0 && wins[i]! < total)) throw new Error(`Bradley-Terry: list ${i} won ${wins[i]} of ${total} battles: no finite fit (add a prior)`);
  }
  let theta = new Array<number>(n).fill(0);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    const next = mmStep(wins, games, theta.map(Math.exp)).map(Math.log);
    const mean = next.reduce((s, x) => s + x, 0) / n;
    const centred = next.map((x) => x - mean);
    const delta = Math.max(...centred.map((x, i) => Math.abs(x - theta[i]!)));
    theta = centred;
    if (delta < tolerance) {
      converged = true;
      break;
    }
  }
  const cov = covariance(theta, games);
  const se = theta.map((_, i) => Math.sqrt(Math.max(0, cov[i]![i]!)));
  return { theta, se, low: theta.map((t, i) => t - Z95 * se[i]!), high: theta.map((t, i) => t + Z95 * se[i]!), iterations, converged };
}

/** The pseudo-inverse of the information matrix at `theta` (the covariance of theta, summing to 0). */
export function covariance(theta: readonly number[], games: readonly (readonly number[])[]): number[][] {
  const n = theta.length;
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j || games[i]![j]! === 0) continue;
      const q = 1 / (1 + Math.exp(theta[j]! - theta[i]!));
      const w = games[i]![j]! * q * (1 - q);
      m[i]![j]! -= w;
      m[i]![i]! += w;
    }
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) m[i]![j]! += 1 / n;
  const inv = invert(m);
  return inv.map((row) => row.map((x) => x - 1 / n));
}

/** Gauss-Jordan inverse with partial pivoting (n is at most a few dozen lists). */
export function invert(a: readonly (readonly number[])[]): number[][] {
  const n = a.length;
  const m = a.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-300) throw new Error("Bradley-Terry: the pairings do not connect all lists");
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const div = m[c]![c]!;
    for (let k = 0; k < 2 * n; k++) m[c]![k]! /= div;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]!;
      if (f !== 0) for (let k = 0; k < 2 * n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row) => row.slice(n));
}

/** Log-strength as Elo points (400 points: ten to one odds). */
export const ELO_PER_THETA = 400 / Math.LN10;
