/**
 * bench:strength — the strength figures of issue 10, played by the arena runner (analysis/arena/) on the
 * worker pool exactly as `tactica arena` plays them, sides swapped from one game to the next:
 *   - AoS: the search against the scripted player on each of the three default battleplans (goal ≥ 70% on
 *     each) and against random (goal ≥ 95%);
 *   - MESBG: the search against the scripted player (goal ≥ 70%);
 *   - campaign: the search against the scripted player (goal ≥ 60%);
 *   - AoS: the search with 10x the budget against the search with 1x (goal ≥ 60%).
 * Sizes from the environment (defaults: the issue's):
 *   STRENGTH_GAMES   games per configuration, and per battleplan for AoS against scripted (default 200)
 *   STRENGTH_BUDGET  the search's budget per decision (default 100 iterations, the AoS default: ~0.1 s a decision on an idle core; a time, e.g. 100ms, is the issue's "≤ 0.1 s" exactly but depends on the machine)
 *   STRENGTH_AGENT   the agent under test (default mcts; e.g. scripted to try the harness itself)
 *   STRENGTH_ONLY    a comma-separated list of the configurations to run (ids in the table)
 *   STRENGTH_WORKERS pool workers (default the machine's cores), STRENGTH_SEED (default 1)
 *   STRENGTH_APPEND  1: add this run's table to the end of strength.md instead of replacing the file
 * Writes analysis/bench/results/strength.md.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { join } from "node:path";
import { bundledRosters, type Roster } from "../../src/aos/armies/index.js";
import { agentKindOf, AGENT_KINDS, type AgentKind } from "../../src/planner/agents.js";
import { type Budget, budgetText, parseBudget } from "../../src/planner/budget.js";
import { openOddsClient } from "../../workers/client.node.js";
import type { ArenaReport, ArenaSide } from "../arena/report.js";
import { type ArenaRequestInput, DEFAULT_ARENA_PLANS } from "../arena/request.js";
import { table } from "./harness.js";
import { proxy } from "comlink";
import type { ArenaProgress } from "../arena/run.js";

const GAMES = Number(process.env.STRENGTH_GAMES ?? 200);
const BUDGET_TEXT = process.env.STRENGTH_BUDGET ?? "100";
const AGENT = agentKindOf(process.env.STRENGTH_AGENT ?? "mcts") as AgentKind;
const ONLY = process.env.STRENGTH_ONLY?.split(",").map((s) => s.trim());
const WORKERS = Number(process.env.STRENGTH_WORKERS ?? Math.min(16, availableParallelism()));
const SEED = Number(process.env.STRENGTH_SEED ?? 1);
if (!Number.isInteger(GAMES) || GAMES < 1) throw new Error("STRENGTH_GAMES: a whole number ≥ 1");
if (!AGENT_KINDS.includes(AGENT)) throw new Error(`STRENGTH_AGENT: one of ${AGENT_KINDS.join(", ")}`);
const budget = parseBudget(BUDGET_TEXT);
const times = (b: Budget, k: number): Budget => (b.iterations !== undefined ? { iterations: b.iterations * k } : { timeMs: b.timeMs! * k });

const armies = bundledRosters().slice(0, 2).map((r) => r.roster) as [Roster, Roster];
const mesbgForces = ["minas-tirith.json", "mordor.json"].map((f) => JSON.parse(readFileSync(join(import.meta.dirname, "../../data/mesbg", f), "utf8")) as unknown);

interface Config {
  id: string;
  what: string;
  /** The goal on agent a's win rate, per battleplan when `perPlan`. */
  goal: number;
  perPlan: boolean;
  request: ArenaRequestInput;
}

const spec = (kind: AgentKind, b: Budget) => ({ kind, budget: b });
const allConfigs: Config[] = [
  {
    id: "aos-scripted",
    what: `AoS ${AGENT} against scripted, each of ${DEFAULT_ARENA_PLANS.join(", ")}`,
    goal: 0.7,
    perPlan: true,
    request: { game: "aos", a: spec(AGENT, budget), b: spec("scripted", budget), games: GAMES * DEFAULT_ARENA_PLANS.length, seed: SEED, plans: [...DEFAULT_ARENA_PLANS], armies },
  },
  { id: "aos-random", what: `AoS ${AGENT} against random`, goal: 0.95, perPlan: false, request: { game: "aos", a: spec(AGENT, budget), b: spec("random", budget), games: GAMES, seed: SEED, plans: [...DEFAULT_ARENA_PLANS], armies } },
  { id: "mesbg-scripted", what: `MESBG ${AGENT} against scripted`, goal: 0.7, perPlan: false, request: { game: "mesbg", a: spec(AGENT, budget), b: spec("scripted", budget), games: GAMES, seed: SEED, forces: [mesbgForces[0], mesbgForces[1]] } },
  { id: "campaign-scripted", what: `campaign ${AGENT} against scripted`, goal: 0.6, perPlan: false, request: { game: "campaign", a: spec(AGENT, budget), b: spec("scripted", budget), games: GAMES, seed: SEED } },
  {
    id: "aos-10x",
    what: `AoS ${AGENT} with 10x the budget against 1x`,
    goal: 0.6,
    perPlan: false,
    request: { game: "aos", a: spec(AGENT, times(budget, 10)), b: spec(AGENT, budget), games: GAMES, seed: SEED, plans: [...DEFAULT_ARENA_PLANS], armies },
  },
];
const configs = allConfigs.filter((c) => ONLY === undefined || ONLY.includes(c.id));

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const rate = (s: ArenaSide) => `${pct(s.winRate)} (${pct(s.winInterval[0])}-${pct(s.winInterval[1])})`;
const verdict = (s: ArenaSide, goal: number) => (s.winRate >= goal ? (s.winInterval[0] >= goal ? "met" : "met (the interval reaches below)") : "NOT met");

const rows: string[][] = [];
const client = await openOddsClient(WORKERS);
try {
  for (const c of configs) {
    process.stderr.write(`${c.id}: ${c.request.games} games…\n`);
    // A line every tenth of the games: an issue-sized run takes hours and prints its table only at the end.
    let shown = 0;
    const progress = proxy((p: ArenaProgress) => {
      if (p.games - shown < Math.max(1, Math.ceil(p.total / 10)) && p.games < p.total) return;
      shown = p.games;
      process.stderr.write(`  ${p.games}/${p.total} games, ${(p.elapsedMs / 1000).toFixed(0)} s${p.games < p.total ? `, ~${((((p.total - p.games) * p.elapsedMs) / p.games / 60_000)).toFixed(0)} min left` : ""}\n`);
    });
    const r: ArenaReport = await client.api.arena(c.request, progress);
    process.stderr.write(`${c.id}: ${(r.elapsedMs / 1000).toFixed(0)} s\n`);
    const line = (name: string, games: number, a: ArenaSide, b: ArenaSide, whole: boolean) => [
      c.id,
      name,
      `${a.agent}${a.budget ? ` (${a.budget})` : ""} vs ${b.agent}${b.budget ? ` (${b.budget})` : ""}`,
      String(games),
      `${a.wins}/${a.draws}/${a.losses}`,
      rate(a),
      `≥ ${pct(c.goal)}`,
      verdict(a, c.goal),
      whole ? `${r.msPerDecision.a.toFixed(2)} / ${r.msPerDecision.b.toFixed(2)}` : "",
      whole ? (r.elapsedMs / 1000).toFixed(0) : "",
    ];
    if (c.perPlan) for (const [plan, p] of Object.entries(r.byPlan)) rows.push(line(plan, p.games, p.a, p.b, false));
    const plans = Object.keys(r.byPlan);
    rows.push(line(c.perPlan ? "all" : plans.length === 1 ? plans[0]! : `${plans.length} plans`, r.games, r.a, r.b, true));
  }
} finally {
  await client.close();
}

const cpu = cpus()[0]?.model ?? "unknown CPU";
const report = [
  `# bench:strength — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpu} (${availableParallelism()} cores), ${WORKERS} worker${WORKERS === 1 ? "" : "s"}`,
  "",
  `The strength figures of issue 10, played by the arena runner (\`tactica arena\`, analysis/arena/) with sides swapped from`,
  `one game to the next (game i: the agent under test plays side i % 2, seed deriveSeed(${SEED}, i)). Agent under test: ${AGENT};`,
  `search budget ${budgetText(budget)} per decision (10x: ${budgetText(times(budget, 10))}). ${GAMES} games per configuration${configs.some((c) => c.perPlan) ? ` (AoS against scripted: ${GAMES} per battleplan)` : ""}.`,
  "W/D/L and the win rate are the agent under test's (the left one); intervals are Wilson 95%. \"met\" when the win rate reaches",
  "the goal (and the whole interval does, else said); ms/decision is wall time per decision of each agent (a / b).",
  "",
  table(["id", "plan", "agents", "games", "W/D/L", "win rate (95%)", "goal", "goal met", "ms/decision", "s"], rows),
  "",
].join("\n");
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
if (process.env.STRENGTH_APPEND === "1") appendFileSync(new URL("strength.md", dir), `\n${report.replace(/^# /, "## ")}`);
else writeFileSync(new URL("strength.md", dir), report);
process.stdout.write(report);
