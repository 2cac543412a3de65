/**
 * The AI's settings on the Play views: which player (the search, `mcts`, or the scripted policy) and how long
 * the search thinks — a few presets, each an iteration budget (so a game is the same for the same seed on any
 * machine) except "strong", a time budget. The page and the play worker share these tables.
 */
import { z } from "zod";
import type { Budget } from "../../src/planner/budget.js";

export const AI_KINDS = ["mcts", "scripted"] as const;
export type AiKind = (typeof AI_KINDS)[number];

export const THINKING = ["quick", "normal", "strong"] as const;
export type Thinking = (typeof THINKING)[number];

type Game = "aos" | "mesbg" | "campaign";

/**
 * Per game: the AoS figure is the CLI's default (`DEFAULT_AOS_BUDGET`, ~0.1 s a decision on an idle core),
 * MESBG's and the campaign's the arena's defaults (200); quick is a fifth of those, strong one second.
 */
export const THINKING_BUDGETS: Record<Game, Record<Thinking, Budget>> = {
  aos: { quick: { iterations: 20 }, normal: { iterations: 100 }, strong: { timeMs: 1000 } },
  mesbg: { quick: { iterations: 40 }, normal: { iterations: 200 }, strong: { timeMs: 1000 } },
  campaign: { quick: { iterations: 40 }, normal: { iterations: 200 }, strong: { timeMs: 1000 } },
};

export const THINKING_TEXT: Record<Thinking, string> = {
  quick: "quick (a fifth of normal)",
  normal: "normal (the CLI's budget)",
  strong: "strong (1 s a decision)",
};

/** The AI as the page asks for it; `budget` (iterations or ms, bounded) overrides the preset (tests use it). */
export const aiSchema = z.strictObject({
  kind: z.enum(AI_KINDS),
  thinking: z.enum(THINKING),
  budget: z.union([z.strictObject({ iterations: z.number().int().min(1).max(100_000) }), z.strictObject({ timeMs: z.number().int().min(1).max(60_000) })]).optional(),
});
export type AiChoice = z.output<typeof aiSchema>;

export const DEFAULT_AI: AiChoice = { kind: "mcts", thinking: "normal" };

export function budgetOf(game: Game, ai: AiChoice): Budget {
  return ai.budget ?? THINKING_BUDGETS[game][ai.thinking];
}
