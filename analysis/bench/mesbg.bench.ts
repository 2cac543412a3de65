/**
 * npm run bench:mesbg — whole MESBG games per second: random against random (the rollout speed that bounds
 * an MCTS over the TypeScript engine) and the scripted policy against itself, for both bundled pairings,
 * with the decisions each game takes. Games run to the wipe-out or the default turn cap (20). Writes
 * analysis/bench/results/mesbg.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { Rng } from "../../src/core/rng.js";
import { type Agent, playOut, randomAgent } from "../../src/planner/agents.js";
import { mesbgGame, type MesbgState } from "../../src/mesbg/index.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { fmtMs, table, time } from "./harness.js";

const force = (f: string) => JSON.parse(readFileSync(new URL(`../../data/mesbg/${f}.json`, import.meta.url), "utf8"));
const pairs: [string, unknown, unknown][] = [
  ["Minas Tirith vs Mordor", force("minas-tirith"), force("mordor")],
  ["Rohan vs Isengard", force("rohan"), force("isengard")],
];
const random = randomAgent as Agent<MesbgState>;

const loadBefore = loadavg()[0]!;
const rows: string[][] = [];
let headline = 0;
for (const [label, a, b] of pairs) {
  for (const [who, agents, budget] of [
    ["random vs random", [random, random], 8000],
    ["policy vs policy", [mesbgPolicy, mesbgPolicy], 8000],
  ] as const) {
    let seed = 0;
    let decisions = 0;
    let turns = 0;
    let wiped = 0;
    let games = 0;
    const t = time(
      () => {
        seed++;
        const s = mesbgGame.newInitialState({ a, b }, seed);
        decisions += playOut(s, [...agents], new Rng(seed * 7919)).length;
        turns += s.data.turn;
        if (s.data.result?.reason === "wiped out") wiped++;
        games++;
      },
      budget,
      5,
    );
    const perSecond = 1000 / t.ms;
    if (who === "random vs random" && label.startsWith("Minas")) headline = perSecond;
    rows.push([label, who, fmtMs(t.ms), perSecond.toFixed(1), (decisions / games).toFixed(0), (turns / games).toFixed(1), `${Math.round((100 * wiped) / games)}%`, String(games)]);
  }
}

const report = [
  `# bench:mesbg — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"} (${cpus().length} cores)`,
  "",
  "Whole games of The Forces Clash on one core, TypeScript engine, median time per game over the run (the first",
  "game is a warm-up). Decisions = player and chance decisions per game; the dice inside them are not counted.",
  `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadavg()[0]!.toFixed(1)} after: a shared machine, so the`,
  "absolute figures are context; the rows are comparable with each other.",
  "",
  table(["pairing", "agents", "per game", "games/s", "decisions/game", "turns/game", "wiped out", "games"], rows),
  "",
  `Headline: ${headline.toFixed(1)} random-vs-random games/s (Minas Tirith vs Mordor, up to 20 turns).`,
  "",
].join("\n");

process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("mesbg.md", dir), report);
