/**
 * `tactica arena`: two agents (random, scripted, mcts) play N seeded games of one game against each other,
 * swapping sides from one game to the next, on a worker pool (each worker its own Wasm core and agents);
 * prints wins, draws and losses with Wilson 95% intervals per battleplan and overall, and the time per
 * decision. The same seed gives the same games with any number of workers (analysis/arena/).
 */
import { type ArmyCoverage, campaignCoverage, coverageBlock, rosterCoverage } from "./coverage.js";
import { ARENA_USAGE } from "./usage.js";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { findBattleplan } from "../aos/battleplans/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { AGENT_KINDS, agentKindOf } from "../planner/agents.js";
import { type Budget, optionalBudgetOption, parseBudget } from "../planner/budget.js";
import { DEFAULT_AOS_BUDGET } from "../aos/agents.js";
import { parseForce } from "../mesbg/profiles.js";
import type { ArenaReport, ArenaSide } from "../../analysis/arena/report.js";
import { ARENA_GAMES, ARENA_LIMITS, type ArenaRequestInput, DEFAULT_ARENA_PLANS } from "../../analysis/arena/request.js";
import type { ArenaProgress } from "../../analysis/arena/run.js";
import { openOddsClient } from "../../workers/client.node.js";
import { progressLine } from "./progress.js";
import { readJsonInput } from "./io.js";
import { loadArmies } from "./lists.js";
import { bsdataOption } from "./units.js";

const MESBG_DATA = join(import.meta.dirname, "../../data/mesbg");
/**
 * The search's budget when --budget is not given: iterations (so the default run is reproducible), each game's
 * own command's default (AoS: ~0.1 s a decision on an idle core).
 */
export const DEFAULT_ARENA_BUDGETS = { aos: DEFAULT_AOS_BUDGET, mesbg: "200", campaign: "200" } as const;
/** One worker per this many games (a worker spends about a second warming up), up to the machine's cores. */
const GAMES_PER_WORKER = 4;

const kind = z
  .string()
  .transform(agentKindOf)
  .pipe(z.enum(AGENT_KINDS, { message: `must be one of: ${AGENT_KINDS.join(", ")} (policy is another name for scripted)` }));

const optionsSchema = z.strictObject({
  game: z.enum(ARENA_GAMES, { message: `must be one of: ${ARENA_GAMES.join(", ")}` }),
  a: kind,
  b: kind,
  budget: optionalBudgetOption(),
  "budget-a": optionalBudgetOption(),
  "budget-b": optionalBudgetOption(),
  games: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(ARENA_LIMITS.maxGames, `must be at most ${ARENA_LIMITS.maxGames}`).default(100),
  seed: seedOption,
  plans: z.string().min(1).max(400).optional(),
  "army-a": z.string().min(1).max(4096).optional(),
  "army-b": z.string().min(1).max(4096).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  workers: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(16, "must be at most 16").optional(),
  json: z.boolean(),
});

export async function arenaCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    game: { type: "string" }, a: { type: "string" }, b: { type: "string" }, budget: { type: "string" }, "budget-a": { type: "string" }, "budget-b": { type: "string" },
    games: { type: "string" }, seed: { type: "string" }, plans: { type: "string" }, "army-a": { type: "string" }, "army-b": { type: "string" }, bsdata: { type: "string" },
    workers: { type: "string" }, json: { type: "boolean", default: false },
  });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${ARENA_USAGE}`);
  for (const need of ["game", "a", "b"] as const) if (values[need] === undefined) throw new InputError(`arena: --${need} is required (tactica arena --help)`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "arena");
  if (opts.game !== "aos")
    for (const only of ["plans", "army-a", "army-b", "bsdata"] as const)
      if (opts[only] !== undefined) throw new InputError(`arena: --${only} is for --game aos only (${opts.game} plays its bundled ${opts.game === "mesbg" ? "forces" : "map and armies"})`);
  // A budget is the search's: given to an agent that does not search, it would be ignored without a word.
  for (const side of ["a", "b"] as const)
    if (opts[`budget-${side}`] !== undefined && opts[side] !== "mcts") throw new InputError(`arena: --budget-${side}: agent ${side} is ${opts[side]}, which does not search; a budget is for mcts`);
  if (opts.budget !== undefined && opts.a !== "mcts" && opts.b !== "mcts") throw new InputError(`arena: --budget: neither agent searches (${opts.a}, ${opts.b}); a budget is for mcts`);
  const budget: Budget = opts.budget ?? parseBudget(DEFAULT_ARENA_BUDGETS[opts.game]);
  const budgetA: Budget = opts["budget-a"] ?? budget;
  const budgetB: Budget = opts["budget-b"] ?? budget;
  const common = { a: { kind: opts.a, budget: budgetA }, b: { kind: opts.b, budget: budgetB }, games: opts.games, seed: opts.seed };
  let request: ArenaRequestInput;
  let abilities: ArmyCoverage[] = [];
  /** The points warning of two armies of different sizes (AoS), printed with the result. */
  let sizes: string | null = null;
  if (opts.game === "aos") {
    const plans = opts.plans === undefined ? [...DEFAULT_ARENA_PLANS] : [...new Set(opts.plans.split(",").map((p) => findBattleplan(p).id))];
    // loadArmies names its fields --a / --b (battle's and matchup's options); here those are the agents.
    const rename = (m: string) => m.replace(/^--([ab]):/, "--army-$1:");
    const loaded = await loadArmies([opts["army-a"], opts["army-b"]], opts.bsdata, (w) => void process.stderr.write(`${rename(w)}\n`)).catch((e: unknown) => {
      throw e instanceof InputError ? new InputError(rename(e.message)) : e;
    });
    const { rosters, library } = loaded;
    sizes = loaded.sizes;
    request = { game: "aos", ...common, plans, armies: rosters, ...(library ? { library } : {}) };
    // Every result that depends on abilities says which are not played (src/aos/abilities).
    abilities = rosters.map((r) => rosterCoverage(r, library));
  } else if (opts.game === "mesbg") {
    const files = [join(MESBG_DATA, "minas-tirith.json"), join(MESBG_DATA, "mordor.json")];
    const forces = await Promise.all(files.map(async (f) => await readJsonInput(f)));
    forces.forEach((f, i) => parseForce(f, files[i]!));
    request = { game: "mesbg", ...common, forces: [forces[0], forces[1]] };
  } else {
    request = { game: "campaign", ...common };
    // The bundled two, as the arena's workers field them (analysis/arena/play.ts; loaded only for a campaign arena).
    abilities = campaignCoverage((await import("../../analysis/arena/play.js")).campaignConfig(null));
  }

  const workers = opts.workers ?? Math.max(1, Math.min(16, availableParallelism(), Math.ceil(opts.games / GAMES_PER_WORKER)));
  const showProgress = !opts.json && process.stderr.isTTY === true;
  const client = await openOddsClient(workers);
  try {
    const { proxy } = await import("comlink");
    const report = await client.api.arena(request, showProgress ? proxy((p: ArenaProgress) => void process.stderr.write(progressBar(p))) : undefined);
    if (showProgress) process.stderr.write("\n");
    out(opts.json ? JSON.stringify({ ...report, workers, ...(abilities.length ? { abilities } : {}) }) : [formatArena(report, workers), ...(sizes ? ["", sizes] : []), ...coverageBlock(abilities)].join("\n"));
  } finally {
    await client.close();
  }
  return 0;
}

/** "[#####.....]  40%  4/10 games, 12 s left". */
export function progressBar(p: ArenaProgress): string {
  return progressLine(p.games, p.total, "games", p.elapsedMs);
}

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const rate = (s: ArenaSide) => `${pct(s.winRate)} (${pct(s.winInterval[0])}-${pct(s.winInterval[1])})`;
const games = (n: number) => `${n} game${n === 1 ? "" : "s"}`;
const ms = (x: number) => (x < 1 ? `${x.toFixed(3)} ms` : `${x.toFixed(1)} ms`);
const GAME_NAMES = { aos: "Age of Sigmar Pitched Battles", mesbg: "MESBG, The Forces Clash", campaign: "Map campaigns" } as const;

/** The agents' names in the table: "mcts (500 iterations)"; "a: …"/"b: …" when both are the same. */
export function agentLabels(r: Pick<ArenaReport, "a" | "b">): [string, string] {
  const label = (s: ArenaSide) => (s.budget === null ? s.agent : `${s.agent} (${s.budget})`);
  const [a, b] = [label(r.a), label(r.b)];
  return a === b ? [`a: ${a}`, `b: ${b}`] : [a, b];
}

export function formatArena(r: ArenaReport, workers: number): string {
  const [la, lb] = agentLabels(r);
  const header = [r.game === "aos" ? "battleplan" : "scenario", "games", `${la} wins`, "draws", `${lb} wins`];
  // A battleplan no game reached (fewer games than plans) has no rate to show: a dash, not 0% of nothing.
  const row = (name: string, p: { games: number; a: ArenaSide; b: ArenaSide }) =>
    p.games === 0 ? [name, "0", "—", "—", "—"] : [name, String(p.games), rate(p.a), pct(p.a.draws / p.games), rate(p.b)];
  const rows = Object.entries(r.byPlan).map(([name, p]) => row(name, p));
  if (rows.length > 1) rows.push(row("all", { games: r.games, a: r.a, b: r.b }));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [
    `${GAME_NAMES[r.game]}: ${la} against ${lb} — ${games(r.games)}, seed ${r.seed}, ${workers} worker${workers === 1 ? "" : "s"}, ${(r.elapsedMs / 1000).toFixed(1)} s`,
    ...(r.armies ? [`${r.game === "aos" ? "Armies" : "Forces"}: ${r.armies[0]} (side 1) and ${r.armies[1]} (side 2); the agents swap sides from one game to the next.`] : []),
    "",
    line(header),
    ...rows.map(line),
    "",
    `${la}: ${r.a.wins} won, ${r.a.draws} drawn, ${r.a.losses} lost; it played the first side in ${games(r.sides.aFirst)} and the second in ${games(r.sides.aSecond)}.`,
    `Time per decision: ${la} ${ms(r.msPerDecision.a)} (${r.decisionsPerGame.a.toFixed(0)} decisions a game), ${lb} ${ms(r.msPerDecision.b)} (${r.decisionsPerGame.b.toFixed(0)} a game).`,
    "Win rates with 95% confidence intervals (Wilson).",
  ].join("\n");
}
