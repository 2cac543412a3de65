/**
 * Dice expressions as the games write them: `3`, `D3`, `D6`, `2D6`, `D3+1`, `2D3-1`.
 * Parsed once at the input edge into a `DiceExpr`; exact distributions and sampling both read that.
 */
import { z } from "zod";
import type { Rng } from "./rng.js";

export interface DiceExpr {
  /** Number of dice rolled (0 for a fixed value). */
  count: number;
  /** Sides of each die: 3 or 6 (0 when count is 0). */
  sides: number;
  /** Added to the total (may be negative; the result never goes below 0). */
  plus: number;
}

/** Bounds that keep every profile's exact odds quick: at most 4 dice, fixed values up to 60. */
export const DICE_LIMITS = { maxDice: 4, maxFixed: 60, maxPlus: 20 } as const;

const DICE_RE = /^(\d*)D(\d+)(?:\s*([+-])\s*(\d+))?$/i;

/** Parses a dice expression; returns an error sentence instead of throwing, for schema messages. */
export function parseDice(input: number | string): DiceExpr | string {
  if (typeof input === "number") {
    if (!Number.isInteger(input) || input < 0 || input > DICE_LIMITS.maxFixed)
      return `must be a whole number from 0 to ${DICE_LIMITS.maxFixed} or a dice expression like D6, 2D6, D3+1`;
    return { count: 0, sides: 0, plus: input };
  }
  const text = input.trim();
  if (/^\d+$/.test(text)) return parseDice(Number(text));
  const m = DICE_RE.exec(text);
  if (!m) return `"${input}" is not a dice expression (use a whole number or D3, D6, 2D6, D3+1, ...)`;
  const count = m[1] === "" ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  if (sides !== 3 && sides !== 6) return `"${input}": only D3 and D6 exist in these games (got D${sides})`;
  if (count < 1 || count > DICE_LIMITS.maxDice) return `"${input}": from 1 to ${DICE_LIMITS.maxDice} dice`;
  const plus = m[3] ? (m[3] === "-" ? -1 : 1) * Number(m[4]) : 0;
  if (Math.abs(plus) > DICE_LIMITS.maxPlus) return `"${input}": the modifier must be within ±${DICE_LIMITS.maxPlus}`;
  return { count, sides, plus };
}

/** A zod field accepting a number or a dice expression string, yielding a `DiceExpr`. */
export const diceField = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const r = parseDice(v);
  if (typeof r === "string") {
    ctx.addIssue({ code: "custom", message: r });
    return z.NEVER;
  }
  return r;
});

export function diceMax(d: DiceExpr): number {
  return Math.max(0, d.count * d.sides + d.plus);
}

export function diceToString(d: DiceExpr): string {
  if (d.count === 0) return String(d.plus);
  const base = `${d.count === 1 ? "" : d.count}D${d.sides}`;
  return d.plus === 0 ? base : `${base}${d.plus > 0 ? "+" : "-"}${Math.abs(d.plus)}`;
}

/** Exact distribution of a dice expression: pmf[k] = P(value = k), values floored at 0. */
export function dicePmf(d: DiceExpr): number[] {
  // Count outcomes as integers (exact), then divide once.
  let counts = [1];
  for (let i = 0; i < d.count; i++) {
    const next = new Array<number>(counts.length + d.sides).fill(0);
    for (let v = 0; v < counts.length; v++) for (let f = 1; f <= d.sides; f++) next[v + f]! += counts[v]!;
    counts = next;
  }
  const total = d.sides ** d.count;
  const pmf = new Array<number>(diceMax(d) + 1).fill(0);
  for (let v = 0; v < counts.length; v++) {
    if (counts[v] === 0) continue;
    pmf[Math.max(0, v + d.plus)]! += counts[v]! / total;
  }
  return pmf;
}

export function rollDice(d: DiceExpr, rng: Rng): number {
  let v = d.plus;
  for (let i = 0; i < d.count; i++) v += rng.roll(d.sides);
  return v < 0 ? 0 : v;
}
