/**
 * How a chance shown in the Play views is worded: the figure with its Wilson 95% interval from the count it
 * rests on (the searches that tried the action, the rollouts or futures of the cheap evaluation), and a plain
 * "too few to tell" where that count is small. A search at the quick setting gives an action a handful of
 * visits: "100%" from 5 of them is [57%–100%], not a certainty, and the page must not read as one.
 */
import { wilson } from "../../src/core/stats.js";

/** Below this many samples a chance is marked "too few to tell" (its 95% interval is wider than ±20 points). */
export const TOO_FEW = 20;

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** A chance and what it rests on: `n` samples of `unit` ("searches", "rollouts", ...); no `n` where it is not a count. */
export interface Estimate {
  p: number;
  n?: number | undefined;
  unit?: string | undefined;
  /** Where a figure without a count comes from ("result", "heuristic (Influence lead)"). */
  source?: string | undefined;
}

/** The Wilson 95% interval of `p` measured over `n` samples (its count of successes rounded: p came from one). */
export function intervalOf(p: number, n: number): { low: number; high: number } {
  const w = wilson(Math.round(p * n), n);
  return { low: w.low, high: w.high };
}

export const tooFew = (e: Estimate): boolean => e.n !== undefined && e.n < TOO_FEW;

/** "44% [9%–84%]": the figure and its interval, or the figure alone where it is no count. */
export function pctWithInterval(e: Estimate): string {
  if (e.n === undefined || e.n <= 0) return pct(e.p);
  const i = intervalOf(e.p, e.n);
  return `${pct(e.p)} [${pct(i.low)}–${pct(i.high)}]`;
}

/**
 * The whole reading: "44% [9%–84%], 5 searches: too few to tell", "63% [50%–74%], 64 rollouts", "100%: the
 * result", "52%: a lean from the Influence lead, not a measured chance", "40% (how many samples: not kept)".
 */
export function estimateText(e: Estimate): string {
  if (e.n !== undefined && e.n > 0) {
    const unit = e.unit ?? "samples";
    return `${pctWithInterval(e)}, ${e.n} ${e.n === 1 ? (unit === "searches" ? "search" : unit.replace(/s$/, "")) : unit}${tooFew(e) ? ": too few to tell" : ""}`;
  }
  if (e.source === "result") return `${pct(e.p)}: the result`;
  if (e.source?.startsWith("heuristic")) return `${pct(e.p)}: a lean from the Influence lead, not a measured chance`;
  return `${pct(e.p)} (how many samples: not kept)`;
}
