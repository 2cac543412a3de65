/**
 * `tactica matchup`: which of two lists wins more, on which battleplans, and by how much — seeded battles
 * fanned out to a worker pool behind the Comlink coordinator, with a progress bar on stderr.
 */
import { MATCHUP_USAGE } from "./usage.js";
import { availableParallelism, loadavg } from "node:os";
import { proxy } from "comlink";
import { z } from "zod";
import { coverageBlock, rosterCoverage } from "./coverage.js";
import { parseCommandArgs, seedOption } from "./args.js";
import type { MatchupReport } from "../../analysis/matchup/job.js";
import type { PlanReport, SideReport } from "../../analysis/matchup/aggregate.js";
import { BATTLEPLAN_IDS, findBattleplan } from "../aos/battleplans/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { defaultWorkers, describeWorkers } from "../../analysis/matchup/workers.js";
import { MATCHUP_LIMITS } from "../../analysis/matchup/job.js";
import { openOddsClient } from "../../workers/client.node.js";
import { loadArmies } from "./lists.js";
import { bsdataOption } from "./units.js";


const optionsSchema = z.strictObject({
  a: z.string().min(1).max(4096).optional(),
  b: z.string().min(1).max(4096).optional(),
  plans: z.string().min(1).max(400).default("all"),
  games: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(100_000).default(200),
  seed: seedOption,
  workers: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(16, "must be at most 16").optional(),
  precision: z.coerce.number().min(0.002).max(0.5).optional(),
  // The rollout kernel by default (the same battles die for die, ~4x less CPU); ts is the reference.
  engine: z.enum(["ts", "wasm"]).default("wasm"),
  budget: z.coerce.number().min(0.1).max(3600).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
});

/** The progress line on stderr: the bar, the battles played and how many workers play them (and why that many). */
export function progressBar(done: number, total: number, workers: string): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round((100 * done) / total)).padStart(3)}%  ${done}/${total} battles, ${workers}`;
}

export async function matchupCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
      a: { type: "string" }, b: { type: "string" }, plans: { type: "string" }, games: { type: "string" }, seed: { type: "string" },
      workers: { type: "string" }, precision: { type: "string" }, engine: { type: "string" }, budget: { type: "string" }, bsdata: { type: "string" }, json: { type: "boolean", default: false },
    });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${MATCHUP_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "matchup");
  const plans = opts.plans === "all" ? [...BATTLEPLAN_IDS] : [...new Set(opts.plans.split(",").map((p) => findBattleplan(p).id))];
  // The job's own bound (analysis/matchup/job.ts), said here before any worker starts.
  if (opts.games * plans.length > MATCHUP_LIMITS.maxTotalGames)
    throw new InputError(
      `--games: at most ${MATCHUP_LIMITS.maxTotalGames} battles in one matchup (games x battleplans): with ${plans.length} battleplan${plans.length === 1 ? "" : "s"}, at most ${Math.floor(MATCHUP_LIMITS.maxTotalGames / plans.length)} games`,
    );
  const { rosters: [a, b], library, sizes } = await loadArmies([opts.a, opts.b], opts.bsdata);
  // Without --workers: sized from the job and the cores actually idle (analysis/matchup/workers.ts).
  const cores = Math.min(16, availableParallelism());
  const load1 = loadavg()[0] ?? 0;
  const workers = opts.workers ?? defaultWorkers(opts.games * plans.length, opts.engine, cores, load1);
  const workersText = describeWorkers(workers, opts.workers !== undefined ? { chosen: true } : { cores, load1 });
  const client = await openOddsClient(workers);
  const showProgress = !opts.json && process.stderr.isTTY === true;
  if (showProgress) process.stderr.write(progressBar(0, opts.games * plans.length, workersText));
  try {
    const report = await client.api.matchup(
      { a, b, ...(library ? { library } : {}), plans, games: opts.games, seed: opts.seed, engine: opts.engine, ...(opts.precision ? { precision: opts.precision } : {}), ...(opts.budget ? { budgetMs: Math.round(opts.budget * 1000) } : {}) },
      showProgress ? proxy((p: { games: number; total: number }) => void process.stderr.write(progressBar(p.games, p.total, workersText))) : undefined,
    );
    if (showProgress) process.stderr.write("\n");
    // Every result that depends on abilities says which are not played (src/aos/abilities).
    const abilities = [a, b].map((r) => rosterCoverage(r, library));
    out(opts.json ? JSON.stringify({ ...report, abilities }) : [formatMatchup(report, workers), ...(sizes ? ["", sizes] : []), ...coverageBlock(abilities)].join("\n"));
  } finally {
    await client.close();
  }
  return 0;
}

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const ci = (x: { p: number; low: number; high: number }) => `${pct(x.p)} (${pct(x.low)}-${pct(x.high)})`;

function sideLines(name: string, s: SideReport): string[] {
  const src = Object.entries(s.vpBySource).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ");
  const tactics = s.battleTactics.slice(0, 3).map((t) => `${t.id} ${pct(t.completedWhenPicked)}`).join(", ");
  const gs = s.grandStrategies.map((g) => `${g.id}: completed ${pct(g.completed)}, won ${pct(g.winRateWhenPicked)}`).join("; ");
  return [
    `${name}: ${s.vp.mean.toFixed(1)} VP a battle (95% CI ${s.vp.low.toFixed(1)}-${s.vp.high.toFixed(1)}); by round ${s.vpByRound.map((v) => v.toFixed(1)).join(" / ")}`,
    `  VP by source: ${src}`,
    `  best battle tactics (completed when picked): ${tactics || "none picked"}`,
    `  grand strategy: ${gs}`,
  ];
}

export function formatMatchup(r: MatchupReport, workers: number): string {
  const rows = r.plans.map((p: PlanReport) => [p.battleplan, String(p.games), ci(p.a.win), pct(p.draw.p), ci(p.b.win), p.a.vp.mean.toFixed(1), p.b.vp.mean.toFixed(1)]);
  // The same army on both sides: the second is "(2)" in every column, as tactica matrix names a list given twice.
  const [na, nb] = r.a === r.b ? [r.a, `${r.b} (2)`] : [r.a, r.b];
  const header = ["battleplan", "battles", `${na} wins`, "draws", `${nb} wins`, `VP ${na}`, `VP ${nb}`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  const o = r.overall;
  return [
    `${na} against ${nb} — ${o.games} battles, seed ${r.seed}, ${r.engine === "wasm" ? "Wasm kernel" : "TypeScript engine"}, ${workers} worker${workers === 1 ? "" : "s"}, ${(r.elapsedMs / 1000).toFixed(1)} s` +
      (r.stoppedEarly ? ` (stopped early: ${(r.stoppedBy ?? []).map((x) => (x === "precision" ? "--precision reached" : "--budget ran out")).join(" and ") || "precision reached or time budget"})` : "") +
      (r.cancelled ? " (cancelled)" : ""),
    "",
    line(header),
    ...rows.map(line),
    line(["all", String(o.games), ci(o.a.win), pct(o.draw.p), ci(o.b.win), o.a.vp.mean.toFixed(1), o.b.vp.mean.toFixed(1)]),
    "",
    "Win probabilities with 95% confidence intervals (Wilson). Both sides are played by the same scripted policy.",
    "",
    ...sideLines(na, o.a),
    ...sideLines(nb, o.b),
  ].join("\n");
}
