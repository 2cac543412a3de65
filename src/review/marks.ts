/**
 * The game review's judgement and its text (issue 11, "Game review"): the marks by the win probability a
 * choice lost, the summary line and the graph of the win probability over the game. Pure: the CLI
 * (src/cli/review.ts) and the dashboard's Review view (web/review/) both show these.
 *
 * The thresholds, on the loss = win probability of the best choice − of the choice made (a draw counts half):
 * inaccuracy >= 5%, mistake >= 10%, blunder >= 20%. Lichess marks by the same kind of loss (its "winning
 * chances" fall 0.1 / 0.2 / 0.3 on a −1..1 scale, i.e. 5 / 10 / 15% of win probability); a wargame's dice
 * make a single decision's value noisier than a chess move's, so the blunder is set at 20%: a choice that
 * throws away one game in five. A loss is marked only when it is also beyond the noise of its estimate (twice
 * the standard error of the paired difference, `significant`), so the estimate's own scatter is never called
 * an inaccuracy — and review.ts then confirms it on fresh dice before it stands.
 */

export const MARKS = ["good", "inaccuracy", "mistake", "blunder"] as const;
export type Mark = (typeof MARKS)[number];

/** The least loss (win probability, 0..1) of each mark. */
export const THRESHOLDS = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 } as const;

/** The mark of a loss; `significant` false (a loss within the estimate's noise) is always good. */
export function markOf(loss: number, significant = true): Mark {
  if (!significant || !(loss >= THRESHOLDS.inaccuracy)) return "good";
  if (loss >= THRESHOLDS.blunder) return "blunder";
  if (loss >= THRESHOLDS.mistake) return "mistake";
  return "inaccuracy";
}

export interface MarkedDecision {
  index: number;
  round: number;
  phase: string;
  label: string;
  loss: number;
  mark: Mark;
  winBefore: number;
  winMade: number;
  /** Its turn's label ("set-up", "round 2, turn 1", "turn 4"). */
  turn?: string;
}

export interface ReviewSummary {
  text: string;
  counts: Record<Mark, number>;
  /** The step index of the costliest marked decision (null: none marked). */
  worst: number | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const NAMES: Record<Exclude<Mark, "good">, [string, string]> = { inaccuracy: ["inaccuracy", "inaccuracies"], mistake: ["mistake", "mistakes"], blunder: ["blunder", "blunders"] };
export const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(100 * x)}%` : "—");

/** "1 blunder, 3 mistakes; the charge in round 2 (charge) cost 18%" (`roundWord`: "round" for AoS, "turn" for MESBG). */
export function summarize(decisions: readonly MarkedDecision[], roundWord: string): ReviewSummary {
  const counts: Record<Mark, number> = { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const d of decisions) counts[d.mark]++;
  const marked = decisions.filter((d) => d.mark !== "good");
  const worst = marked.reduce<MarkedDecision | null>((w, d) => (!w || d.loss > w.loss ? d : w), null);
  const parts = (["blunder", "mistake", "inaccuracy"] as const).filter((m) => counts[m] > 0).map((m) => plural(counts[m], ...NAMES[m]));
  const head = decisions.length === 0 ? "no decision with more than one choice to review" : parts.length ? parts.join(", ") : `no inaccuracy in ${plural(decisions.length, "decision", "decisions")}`;
  // Before the first round (AoS set-up, MESBG deployment) the decision's turn label says where it was.
  const at = (d: MarkedDecision) => (d.round === 0 && d.turn ? `the ${d.turn}` : `${roundWord} ${d.round}`);
  const tail = worst ? `; "${short(worst.label)}" in ${at(worst)} (${worst.phase}) cost ${pct(worst.loss)}` : "";
  return { text: `${head}${tail}`, counts, worst: worst ? worst.index : null };
}

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

/** One point of the graph: the player's win probability at the start of a turn and after their last decision in it. */
export interface GraphPoint {
  /** "round 2, turn 1" (AoS) or "turn 4" (MESBG), or "result". */
  label: string;
  round: number;
  /** The step index of the turn's first reviewed decision (the result: the number of steps). */
  index: number;
  /** The win probability before the turn's first decision (the result: 1 won, 0.5 drawn, 0 lost). */
  win: number;
  /** After the turn's last decision (the result: the same). */
  winAfter: number;
  /** The worst mark of the turn. */
  mark: Mark;
}

export interface GraphDecision extends MarkedDecision {
  /** The turn it belongs to (its graph row). */
  turn: string;
}

/** The graph's rows: one per turn with a reviewed decision, then the result when the game is over. */
export function graphOf(decisions: readonly GraphDecision[], result: { index: number; score: number } | null): GraphPoint[] {
  const rows: GraphPoint[] = [];
  for (const d of decisions) {
    const last = rows[rows.length - 1];
    if (last && last.label === d.turn) {
      last.winAfter = d.winMade;
      if (MARKS.indexOf(d.mark) > MARKS.indexOf(last.mark)) last.mark = d.mark;
    } else rows.push({ label: d.turn, round: d.round, index: d.index, win: d.winBefore, winAfter: d.winMade, mark: d.mark });
  }
  if (result) rows.push({ label: "result", round: rows[rows.length - 1]?.round ?? 0, index: result.index, win: result.score, winAfter: result.score, mark: "good" });
  return rows;
}

const SYMBOL: Record<Mark, string> = { good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
/** The chess annotation of a mark (?! inaccuracy, ? mistake, ?? blunder). */
export const markSymbol = (m: Mark) => SYMBOL[m];

/** The graph as text: a bar per row, `width` cells for 0..100%; `ascii` uses # and . instead of blocks. */
export function graphText(rows: readonly GraphPoint[], options: { width?: number; ascii?: boolean } = {}): string[] {
  const width = options.width ?? 30;
  const [full, empty] = options.ascii ? ["#", "."] : ["█", "░"];
  const labelWidth = Math.max(6, ...rows.map((r) => r.label.length));
  return rows.map((r) => {
    const n = Math.max(0, Math.min(width, Math.round(r.winAfter * width)));
    const change = r.label === "result" ? "" : ` (from ${pct(r.win)})`;
    return `${r.label.padEnd(labelWidth)} |${full.repeat(n)}${empty.repeat(width - n)}| ${pct(r.winAfter).padStart(4)}${change}${SYMBOL[r.mark] ? ` ${SYMBOL[r.mark]}` : ""}`;
  });
}

/** The most characters `sparkline` writes: a MESBG game reviews hundreds of decisions, a terminal is ~80 wide. */
export const SPARKLINE_WIDTH = 64;

/**
 * A one-line sparkline of the win probability after each reviewed decision. More values than `width` are
 * shown as `width` runs of consecutive decisions, each at its mean (run i holds decisions
 * floor(i·n/width) to floor((i+1)·n/width) − 1), so the line fits a terminal; `perMark` says how many
 * decisions a character stands for then.
 */
export function sparkline(values: readonly number[], ascii = false, width = SPARKLINE_WIDTH): string {
  const ramp = ascii ? "_.:-=+*#%@" : "▁▂▃▄▅▆▇█";
  const mark = (v: number) => ramp[Math.max(0, Math.min(ramp.length - 1, Math.round(v * (ramp.length - 1))))]!;
  const n = values.length;
  if (n <= width) return values.map(mark).join("");
  let out = "";
  for (let i = 0; i < width; i++) {
    const from = Math.floor((i * n) / width);
    const to = Math.floor(((i + 1) * n) / width);
    let sum = 0;
    for (let k = from; k < to; k++) sum += values[k]!;
    out += mark(sum / (to - from));
  }
  return out;
}

/** null when every decision has its own character, else "a character is 2-3 decisions, their mean". */
export function sparklineNote(count: number, width = SPARKLINE_WIDTH): string | null {
  if (count <= width) return null;
  const lo = Math.floor(count / width);
  const hi = Math.ceil(count / width);
  return `a character is ${lo === hi ? lo : `${lo}-${hi}`} decisions, their mean`;
}
