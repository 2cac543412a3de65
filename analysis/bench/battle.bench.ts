/**
 * npm run bench:battle — random-vs-random full Pitched Battles per second in the TypeScript engine, with
 * two bundled 1000-point armies, on each battleplan: the baseline the Wasm rollouts (issue 6) will beat.
 * Writes analysis/bench/results/battle.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { Rng } from "../../src/core/rng.js";
import { playOut, randomAgent } from "../../src/planner/agents.js";
import { table } from "./harness.js";

const GAMES = Number(process.env.BENCH_GAMES ?? 60);
const rosters = bundledRosters().filter((r) => r.roster.pointsLimit === 1000 && r.roster.mode === "pitched-battles-2021").map((r) => r.roster);
const [a, b] = [rosters[0]!, rosters[1]!];

// Warm-up: JIT and caches.
for (let i = 0; i < 10; i++) playOut(pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: "savage-gains" }, i), [randomAgent, randomAgent], new Rng(i));

const rows: string[][] = [];
let totalMs = 0;
let totalGames = 0;
let totalDecisions = 0;
for (const plan of BATTLEPLAN_IDS) {
  let decisions = 0;
  const t0 = performance.now();
  for (let g = 0; g < GAMES; g++) {
    const s = pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: plan }, 1000 + g);
    decisions += playOut(s, [randomAgent, randomAgent], new Rng(g)).length;
  }
  const ms = performance.now() - t0;
  totalMs += ms;
  totalGames += GAMES;
  totalDecisions += decisions;
  rows.push([plan, (GAMES / (ms / 1000)).toFixed(0), (ms / GAMES).toFixed(2), (decisions / GAMES).toFixed(0)]);
}
const report = [
  `# bench:battle — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"}, one thread`,
  "",
  `Random-vs-random full battles (set-up, 5 rounds, scoring) of ${a.name} against ${b.name}, ${GAMES} per plan.`,
  "",
  table(["battleplan", "battles/s", "ms/battle", "decisions/battle"], rows),
  "",
  `Overall: ${(totalGames / (totalMs / 1000)).toFixed(0)} battles/s, ${((totalDecisions / totalMs) * 1000).toFixed(0)} decisions/s (TypeScript engine, one core).`,
  "",
].join("\n");
process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("battle.md", dir), report);
