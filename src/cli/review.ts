/**
 * `tactica review FILE [--player N] [--budget B] [--seed S] [--ascii] [--json]`: a saved game reviewed
 * decision by decision (src/review/: the search proposes, the same rollouts value the proposals and the
 * choice made; the marks by the win probability lost). A thin layer: read, review, print.
 */
import { z } from "zod";
import { InputError, parseOrThrow } from "../core/errors.js";
import { loadCore } from "../core/wasm.js";
import { optionalBudgetOption } from "../planner/budget.js";
import { graphText, markSymbol, pct, sparkline, sparklineNote } from "../review/marks.js";
import { type GameReview, reviewGame } from "../review/review.js";
import { readSaveFile } from "../saves/file.js";
import { coverageBlock } from "./coverage.js";
import { parseCommandArgs, seedOption } from "./args.js";
import { printable } from "./text.js";
import { REVIEW_USAGE } from "./usage.js";

const optionsSchema = z.strictObject({
  player: z.enum(["0", "1"], { message: "must be 0 or 1" }).optional(),
  budget: optionalBudgetOption(),
  seed: seedOption,
  ascii: z.boolean(),
  json: z.boolean(),
});

/** Block characters unless the terminal's locale is not UTF-8 (or --ascii). */
function wantsAscii(flag: boolean): boolean {
  if (flag) return true;
  const locale = process.env.LC_ALL || process.env.LC_CTYPE || process.env.LANG || "";
  return !/utf-?8/i.test(locale);
}

export async function reviewCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { player: { type: "string" }, budget: { type: "string" }, seed: { type: "string" }, ascii: { type: "boolean", default: false }, json: { type: "boolean", default: false } });
  if (positionals.length !== 1) throw new InputError(`review: give one file (a game saved with --save)\n${REVIEW_USAGE}`);
  const file = positionals[0]!;
  const opts = parseOrThrow(optionsSchema, values, "review");
  const json = await readSaveFile(file);
  const game = (json as { game?: unknown } | null)?.game;
  const core = game === "aos" || game === "mesbg" ? await loadCore() : null;
  const review = reviewGame(json, core, { ...(opts.budget ? { budget: opts.budget } : {}), seed: opts.seed, ...(opts.player ? { player: Number(opts.player) as 0 | 1 } : {}) }, file);
  // Every result that depends on abilities says which are not played (reviewGame's abilities, AoS).
  if (opts.json) {
    out(JSON.stringify(review));
    return 0;
  }
  out([reviewText(review, wantsAscii(opts.ascii)), ...coverageBlock(review.abilities ?? [])].join("\n"));
  return 0;
}

/** The review as text: a line per decision not marked good, the summary, and the graph. */
export function reviewText(r: GameReview, ascii: boolean): string {
  const name = r.game === "aos" ? "Pitched Battle" : "MESBG";
  const result = r.result === null ? "unfinished" : r.result === 1 ? "won" : r.result === 0 ? "lost" : "drawn";
  const lines = [
    `Review: ${name}, player ${r.player} (${result}); ${r.decisions.length} decisions with a choice of ${r.steps} steps; search ${r.budget}, ${r.samples.outcomes}x${r.samples.rollouts} rollouts per choice (a loss confirmed on ${r.samples.confirm.outcomes}x${r.samples.confirm.rollouts} fresh ones), seed ${r.seed}`,
    "",
  ];
  const marked = r.decisions.filter((d) => d.mark !== "good");
  if (marked.length) {
    lines.push("Marked decisions (win probability of the choice made -> of the best):");
    for (const d of marked) {
      const vp = d.expectedVpDiff === undefined ? "" : `, VP margin ${d.expectedVpDiff.toFixed(1)} -> ${d.expectedVpDiffBest!.toFixed(1)}`;
      lines.push(`  ${markSymbol(d.mark).padEnd(2)} step ${d.index}, ${d.turn} (${d.phase}): ${printable(d.label)}`);
      lines.push(`     ${d.mark}, cost ${pct(d.loss)} (±${pct(2 * d.lossError)}): ${pct(d.winMade)} -> ${pct(d.winBest)}${vp}; best: ${printable(d.bestLabel)}`);
    }
    lines.push("");
  }
  lines.push(`Summary: ${printable(r.summary.text)}`, "", "Win probability over the game (after each turn's decisions):");
  lines.push(...graphText(r.graph, { ascii }).map((l) => `  ${l}`));
  if (r.decisions.length) {
    // 15 + 64 characters: the line fits an 80-column terminal; how many decisions a character stands for below it.
    lines.push("", `  by decision: ${sparkline(r.decisions.map((d) => d.winMade), ascii)}`);
    const note = sparklineNote(r.decisions.length);
    if (note) lines.push(`               (${note})`);
  }
  lines.push("", "Thresholds (win probability lost): inaccuracy ?! >= 5%, mistake ? >= 10%, blunder ?? >= 20%; a loss within twice its standard error, or not found again on fresh dice, is not marked.");
  return lines.join("\n");
}
