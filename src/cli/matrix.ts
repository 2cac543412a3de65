/**
 * `tactica matrix`: every pairing of the given lists on every battleplan asked, G seeded battles a cell —
 * win/draw/loss with 95% intervals and expected VP per cell, and a ranking (mean win rate, Bradley-Terry
 * strength with intervals). On the local worker pool by default, or through a BullMQ queue on Redis
 * (--queue) for `tactica worker` processes on any number of machines: the same result either way.
 */
import { availableParallelism, loadavg } from "node:os";
import { basename } from "node:path";
import { z } from "zod";
import { MATRIX_USAGE } from "./usage.js";
import { parseCommandArgs, seedOption } from "./args.js";
import { coverageBlock, rosterCoverage } from "./coverage.js";
import { bundledLibrary, bundledRosters, type Roster, rosterSchema, validateRoster } from "../aos/armies/index.js";
import { BATTLEPLAN_IDS, findBattleplan } from "../aos/battleplans/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { defaultWorkers, describeWorkers } from "../../analysis/matchup/workers.js";
import { MATRIX_AGENTS, MATRIX_LIMITS, type MatrixRequest, matrixRequestSchema, pairCount } from "../../analysis/matrix/request.js";
import { MATRIX_RESULT_KIND, matrixCsv, type MatrixResult } from "../../analysis/matrix/report.js";
import { matrixProgressLine, type MatrixProgress, runMatrix } from "../../analysis/matrix/run.js";
import { openOddsClient } from "../../workers/client.node.js";
import { type LoadedList, loadListFile, playLibrary, withListWarscrolls } from "./lists.js";
import { bsdataOption, loadLibrary } from "./units.js";
import { checkOutputs, type OutputFile, peekJson, writeJobResult } from "./output-file.js";

const optionsSchema = z.strictObject({
  plans: z.string().min(1).max(400).default("all"),
  games: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(MATRIX_LIMITS.maxGames, `must be at most ${MATRIX_LIMITS.maxGames}`).default(200),
  agents: z.enum(MATRIX_AGENTS, { message: `must be one of: ${MATRIX_AGENTS.join(", ")}` }).default("scripted"),
  iterations: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(100_000, "must be at most 100000").optional(),
  seed: seedOption,
  out: z.string().min(1).max(4096).optional(),
  csv: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
  workers: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(16, "must be at most 16").optional(),
  chunk: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(MATRIX_LIMITS.maxChunkGames, `must be at most ${MATRIX_LIMITS.maxChunkGames}`).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  queue: z.string().min(1).max(400).optional(),
  job: z.string().min(1).max(64).optional(),
  force: z.boolean(),
});

/** The largest earlier result --out is read to recognise (a bigger file is not replaced without --force). */
const MAX_RESULT_BYTES = 256_000_000;

/** An earlier `matrix --out` result (its shape: kind "tactica-matrix", version 1, lists, cells, ranking): --out may replace it. */
export async function isMatrixResult(file: string): Promise<boolean> {
  const j = (await peekJson(file, MAX_RESULT_BYTES)) as Record<string, unknown> | undefined;
  return j !== null && typeof j === "object" && j.kind === MATRIX_RESULT_KIND && j.version === 1 && Array.isArray(j.lists) && Array.isArray(j.cells) && Array.isArray(j.ranking);
}

/** The lists: bundled names, roster files or exported lists; every one legal. */
export async function loadLists(refs: string[], bsdata: string | undefined, warn: (s: string) => void): Promise<{ rosters: Roster[]; library: MatrixRequest["library"] }> {
  const base = await loadLibrary(bsdata, "bundled");
  const bundled = bundledRosters();
  const loaded: LoadedList[] = [];
  const rosters: Roster[] = [];
  for (const [i, ref] of refs.entries()) {
    const field = `LIST ${i + 1}`;
    const byName = bundled.find((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || basename(r.file, ".json") === ref);
    let json: unknown;
    if (byName) json = byName.roster;
    else {
      try {
        const l = await loadListFile(ref, base, field);
        loaded.push(l);
        for (const w of l.warnings) warn(`${field}: ${ref}: ${w}`);
        json = l.json;
      } catch (e) {
        if (e instanceof InputError) throw new InputError(`${field}: ${e.message} (a roster file, an exported list, or one of: ${bundled.map((r) => r.roster.name).join(", ")})`);
        throw e;
      }
    }
    rosters.push(parseOrThrow(rosterSchema, json, field));
  }
  const library = withListWarscrolls(base, loaded);
  rosters.forEach((roster, i) => {
    const v = validateRoster(roster, library).violations[0];
    if (v) throw new InputError(`LIST ${i + 1}: ${roster.name} is not a legal army: [${v.rule}] ${v.message} (tactica armies FILE lists every problem)`);
  });
  // The same army twice (two files of one list, say): told apart by a number.
  const seen = new Map<string, number>();
  const named = rosters.map((r) => {
    const n = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, n);
    return n === 1 ? r : { ...r, name: `${r.name} (${n})` };
  });
  return { rosters: named, library: library === bundledLibrary() ? undefined : playLibrary(named, library) };
}

export async function matrixCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    plans: { type: "string" }, games: { type: "string" }, agents: { type: "string" }, iterations: { type: "string" }, seed: { type: "string" },
    out: { type: "string" }, csv: { type: "string" }, json: { type: "boolean", default: false }, workers: { type: "string" }, chunk: { type: "string" },
    bsdata: { type: "string" }, queue: { type: "string" }, job: { type: "string" }, force: { type: "boolean", default: false },
  });
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "matrix");
  if (opts.iterations !== undefined && opts.agents !== "mcts") throw new InputError("--iterations: for --agents mcts only");
  if (opts.job !== undefined && opts.queue === undefined) throw new InputError("--job: for --queue only");
  if (opts.queue !== undefined && opts.workers !== undefined) throw new InputError("--workers: with --queue the workers are `tactica worker` processes (give them --workers)");
  const { queueUrlSchema, jobIdSchema } = opts.queue !== undefined ? await import("../../analysis/matrix/queue.js") : { queueUrlSchema: undefined, jobIdSchema: undefined };
  const url = queueUrlSchema ? parseOrThrow(queueUrlSchema, opts.queue, "--queue") : undefined;
  if (jobIdSchema && opts.job !== undefined) parseOrThrow(jobIdSchema, opts.job, "--job");
  const refs = positionals.length ? positionals : bundledRosters().map((r) => r.roster.name);
  if (refs.length < 2) throw new InputError(`matrix: give at least two lists (or none: every bundled army)\n${MATRIX_USAGE}`);
  if (refs.length > MATRIX_LIMITS.maxLists) throw new InputError(`matrix: at most ${MATRIX_LIMITS.maxLists} lists`);
  const plans = opts.plans === "all" ? [...BATTLEPLAN_IDS] : [...new Set(opts.plans.split(",").map((p) => findBattleplan(p).id))];
  const battles = pairCount(refs.length) * plans.length * opts.games;
  if (battles > MATRIX_LIMITS.maxBattles) throw new InputError(`--games: at most ${MATRIX_LIMITS.maxBattles} battles in one matrix; this one is ${battles}`);
  // Before a battle is played: --out and --csv can be written, are no list of the job, and replace nothing
  // but an earlier matrix result (--out) unless --force: a long job's result is never lost at its end.
  const outputs: OutputFile[] = [{ flag: "--out", file: opts.out, replaces: { what: `an earlier tactica matrix result (kind "${MATRIX_RESULT_KIND}")`, test: isMatrixResult } }, { flag: "--csv", file: opts.csv }];
  const before = await checkOutputs(
    outputs,
    refs.map((file, i) => ({ flag: `LIST ${i + 1}`, file })),
    opts.force,
  );
  const { rosters, library } = await loadLists(refs, opts.bsdata, (w) => void process.stderr.write(`${w}\n`));
  const req = parseOrThrow(
    matrixRequestSchema,
    { lists: rosters, ...(library ? { library } : {}), plans, games: opts.games, agents: opts.agents, ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}), seed: opts.seed, ...(opts.chunk !== undefined ? { chunkGames: opts.chunk } : {}) },
    "matrix",
  );
  const showProgress = !opts.json && process.stderr.isTTY === true;
  const start = Date.now();
  let result: MatrixResult;
  let where: string;
  if (url) {
    const { checkReachable, runMatrixOnQueue } = await import("../../analysis/matrix/queue.js");
    await checkReachable(url); // an unreachable Redis: exit 2 within CONNECT_WAIT_MS, not reconnection for ever
    where = `queue ${url.host}:${url.port}`;
    const r = await runMatrixOnQueue(req, {
      url,
      ...(opts.job !== undefined ? { job: opts.job } : {}),
      log: (s) => void process.stderr.write(`${showProgress ? "\n" : ""}matrix: ${s}\n`),
      ...(showProgress ? { onProgress: (p: MatrixProgress) => void process.stderr.write(matrixProgressLine(p, where)) } : {}),
    });
    const { job, ...rest } = r;
    where = `queue ${url.host}:${url.port}, job ${job}`;
    result = rest;
  } else {
    const cores = Math.min(16, availableParallelism());
    const load1 = loadavg()[0] ?? 0;
    const workers = opts.workers ?? (opts.agents === "mcts" ? Math.max(1, Math.min(cores, Math.round(cores - load1))) : defaultWorkers(battles, "wasm", cores, load1));
    where = describeWorkers(workers, opts.workers !== undefined ? { chosen: true } : { cores, load1 });
    const client = await openOddsClient(workers);
    const text = JSON.stringify(req);
    try {
      result = await runMatrix(req, (c) => client.api.matrixChunk(text, c), showProgress ? (p) => void process.stderr.write(matrixProgressLine(p, where)) : undefined, workers * 2);
    } finally {
      await client.close();
    }
  }
  if (showProgress) process.stderr.write("\n");
  // Every result that depends on abilities says which are not played (src/aos/abilities): each list's line.
  const abilities = rosters.map((r) => rosterCoverage(r, library));
  const json = JSON.stringify({ ...result, abilities });
  // The result is never lost at the job's end: a file that appeared at --out or --csv meanwhile is kept and
  // the result written beside it (output-file.ts writeJobResult), exit 1.
  let moved = 0;
  for (const [o, text] of [[outputs[0]!, `${json}\n`], [outputs[1]!, matrixCsv(result)]] as const) {
    if (o.file === undefined) continue;
    const w = await writeJobResult({ ...o, file: o.file }, text, opts.force, before.get(o.flag));
    if (w.why !== undefined) {
      moved++;
      process.stderr.write(`${w.why}; the result is in ${w.file} instead\n`);
    }
  }
  out(opts.json ? json : [formatMatrix(result, `${where}, ${((Date.now() - start) / 1000).toFixed(1)} s`), ...coverageBlock(abilities)].join("\n"));
  return moved > 0 ? 1 : 0;
}

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const ci = (x: { p: number; low: number; high: number }) => `${pct(x.p)} (${pct(x.low)}-${pct(x.high)})`;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(header), ...rows.map(line)];
}

export function formatMatrix(r: MatrixResult, how: string): string {
  const battles = r.pairs.reduce((s, p) => s + p.games, 0);
  const who = r.agents === "mcts" ? `the mcts search on both sides (${r.iterations} iterations a decision)` : "the scripted policy on both sides";
  const ranking = table(
    ["rank", "list", "strength (Elo, 95% CI)", "mean win rate", "won", "drawn", "lost"],
    r.ranking.map((s) => [String(s.rank), s.list, `${s.strength.elo >= 0 ? "+" : ""}${s.strength.elo.toFixed(0)} (${s.strength.eloLow.toFixed(0)} to ${s.strength.eloHigh.toFixed(0)})`, pct(s.meanWinRate), String(s.wins), String(s.draws), String(s.losses)]),
  );
  const pairs = table(
    ["list A", "list B", "battles", "A wins", "draws", "B wins", "VP A", "VP B"],
    r.pairs.map((c) => [r.lists[c.a]!, r.lists[c.b]!, String(c.games), ci(c.aWin), pct(c.draw.p), ci(c.bWin), c.aVp.mean.toFixed(1), c.bVp.mean.toFixed(1)]),
  );
  return [
    `Matrix of ${r.lists.length} lists, ${r.pairs.length} pairing${r.pairs.length === 1 ? "" : "s"} x ${r.plans.length} battleplan${r.plans.length === 1 ? "" : "s"} x ${r.gamesPerCell} battles = ${battles} battles, seed ${r.seed}, ${who}; ${how}`,
    "",
    ...ranking,
    "",
    ...pairs,
    "",
    `Strength: ${r.fit}; 0 is the lists' average. Win probabilities with 95% confidence intervals (Wilson).`,
    "Every cell (pairing x battleplan) is in --json, --out FILE and --csv FILE.",
  ].join("\n");
}
