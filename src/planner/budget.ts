/**
 * A search budget as a user writes it: `--budget 500` (iterations) or `--budget 500ms` / `--budget 2s` (wall
 * time). Iteration budgets are reproducible (same seed, same answer on any machine and any worker count); time
 * budgets stop after however many iterations the machine manages, so they are not.
 */
import { z } from "zod";

export interface Budget {
  /** Iterations per decision. */
  iterations?: number;
  /** Milliseconds per decision (checked between iterations). */
  timeMs?: number;
}

export const MAX_ITERATIONS = 10_000_000;
export const MAX_TIME_MS = 600_000;

/** Parses "500", "500ms", "1.5s"; throws a message naming what is wrong. */
export function parseBudget(text: string): Budget {
  const s = text.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/.exec(s);
  if (!m) throw new Error(`"${s}" is not a budget: give iterations (e.g. 500) or a time (e.g. 500ms, 2s)`);
  const n = Number(m[1]);
  if (m[2] === undefined) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_ITERATIONS) throw new Error(`iterations must be a whole number from 1 to ${MAX_ITERATIONS}`);
    return { iterations: n };
  }
  const ms = m[2] === "s" ? n * 1000 : n;
  if (!(ms >= 1) || ms > MAX_TIME_MS) throw new Error(`a time budget must be from 1ms to ${MAX_TIME_MS / 1000}s`);
  return { timeMs: ms };
}

/** `--budget` as a zod option: a string parsed by `parseBudget` (errors name the field through zod). */
export function budgetOption(defaultText: string) {
  return z.string().default(defaultText).transform(parseBudgetIssue);
}

/** The same option without a default (absent stays undefined: e.g. --budget-a falling back to --budget). */
export function optionalBudgetOption() {
  return z.string().transform(parseBudgetIssue).optional();
}

function parseBudgetIssue(s: string, ctx: z.core.$RefinementCtx<string>): Budget {
  try {
    return parseBudget(s);
  } catch (e) {
    ctx.addIssue({ code: "custom", message: (e as Error).message });
    return z.NEVER;
  }
}

/** A budget as text again ("500 iterations", "500 ms"). */
export function budgetText(b: Budget): string {
  return b.iterations !== undefined ? `${b.iterations} iterations` : `${b.timeMs} ms`;
}
