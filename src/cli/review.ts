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
import { assembleReview, type GameReview, planReview, type ReviewedDecision, reviewSteps } from "../review/review.js";
import { availableParallelism, loadavg } from "node:os";
import { idleCores } from "../../analysis/matchup/workers.js";
import { openOddsClient } from "../../workers/client.node.js";
import { progressLine } from "./progress.js";
import { readSaveFile } from "../saves/file.js";
import { coverageBlock } from "./coverage.js";
import { parseCommandArgs, seedOption } from "./args.js";
import { printable } from "./text.js";
import { REVIEW_USAGE } from "./usage.js";

const optionsSchema = z.strictObject({
  player: z.enum(["0", "1"], { message: "must be 0 or 1" }).optional(),
  workers: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(16, "must be at most 16").optional(),
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

/**
 * Single-worker seconds a reviewed decision costs at the default budgets (measured: a Pitched Battle's 63
 * decisions in 11 s, a MESBG game's 438 in 33 s, one core), and the work that pays for one more pool worker
 * (each spends about a second starting: analysis/matchup/workers.ts).
 */
const SECONDS_PER_DECISION = { aos: 0.17, mesbg: 0.075 } as const;
const WORKER_SECONDS = 5;

export async function reviewCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { player: { type: "string" }, budget: { type: "string" }, seed: { type: "string" }, workers: { type: "string" }, ascii: { type: "boolean", default: false }, json: { type: "boolean", default: false } });
  if (positionals.length !== 1) throw new InputError(`review: give one file (a game saved with --save)\n${REVIEW_USAGE}`);
  const file = positionals[0]!;
  const opts = parseOrThrow(optionsSchema, values, "review");
  const json = await readSaveFile(file);
  const game = (json as { game?: unknown } | null)?.game;
  const core = game === "aos" || game === "mesbg" ? await loadCore() : null;
  const options = { ...(opts.player ? { player: Number(opts.player) as 0 | 1 } : {}), seed: opts.seed, ...(opts.budget ? { budget: opts.budget } : {}) };
  const plan = planReview(json, core, options, file);
  // Without --workers: one per WORKER_SECONDS of estimated work, at most the idle cores. The review is the same
  // with any number: each decision's dice are its own (review.ts reviewSteps).
  const workers = opts.workers ?? Math.min(16, idleCores(availableParallelism(), loadavg()[0]!), Math.max(1, Math.floor((plan.todo.length * SECONDS_PER_DECISION[plan.kind]) / WORKER_SECONDS)));
  const showProgress = !opts.json && process.stderr.isTTY === true && plan.todo.length > 0;
  const started = performance.now();
  const progress = (done: number) => showProgress && void process.stderr.write(reviewProgress(done, plan.todo.length, performance.now() - started));
  let decisions: ReviewedDecision[];
  if (workers <= 1) decisions = reviewSteps(plan, core, plan.todo, (_d, done) => progress(done));
  else {
    const client = await openOddsClient(workers);
    try {
      const text = JSON.stringify(json);
      let done = 0;
      const parts = await Promise.all(
        chunksOfTodo(plan.todo, workers * 3).map(async (indices) => {
          const r = await client.api.reviewChunk(text, options, indices);
          progress((done += indices.length));
          return r;
        }),
      );
      decisions = parts.flat();
    } finally {
      await client.close();
    }
  }
  if (showProgress) process.stderr.write("\n");
  const review = assembleReview(plan, decisions);
  // Every result that depends on abilities says which are not played (reviewGame's abilities, AoS).
  if (opts.json) {
    out(JSON.stringify(review));
    return 0;
  }
  out([reviewText(review, wantsAscii(opts.ascii)), ...coverageBlock(review.abilities ?? [])].join("\n"));
  return 0;
}

/** `todo` in `parts` contiguous runs as even as can be (fewer when there are fewer decisions), in order. */
export function chunksOfTodo(todo: readonly number[], parts: number): number[][] {
  const n = Math.max(1, Math.min(parts, todo.length));
  return Array.from({ length: n }, (_, k) => todo.slice(Math.floor((k * todo.length) / n), Math.floor(((k + 1) * todo.length) / n))).filter((c) => c.length > 0);
}

/** "[#####.....]  40%  176/438 decisions, 12 s left". */
export function reviewProgress(done: number, total: number, elapsedMs: number): string {
  return progressLine(done, total, "decisions", elapsedMs);
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
