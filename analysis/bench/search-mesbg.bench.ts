/**
 * npm run bench:search-mesbg — the MESBG search's speed (src/mesbg/search.ts over src/planner/mcts.ts): MCTS
 * iterations per second on one core from two fixed mid-game positions, for each leaf evaluation (a rollout
 * to the end in the Wasm kernel; a cut-off after the rest of the turn and N-1 more, kernel-played; the
 * heuristic at once where the TypeScript steps stop), and what one leaf costs and how noisy it is.
 *
 * Times are CPU time of this process (process.cpuUsage): the machine is shared and often loaded far beyond
 * its cores, and wall time then measures the other tenants. Wall time is shown beside it.
 *
 * No worker pool: the search runs on one thread (root parallelism, `searchRoots` / `rootOptions` in
 * src/planner/mcts.ts, is ready for one, but MESBG has no search worker yet), so there is no 1-vs-2-worker row.
 *
 * MESBG_SEARCH_ITERATIONS (default 200) sets the iterations per timed search; MESBG_SEARCH_REPEATS (default 2)
 * how many seeded searches per row. Writes analysis/bench/results/search-mesbg.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { Rng } from "../../src/core/rng.js";
import { loadCore } from "../../src/core/wasm.js";
import { CHANCE } from "../../src/planner/game.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { deployedGame } from "../../src/mesbg/rollout.js";
import { kernelEvaluator, type MesbgLeaf, mesbgPrior, searchMesbg } from "../../src/mesbg/search.js";
import { table } from "./harness.js";

const force = (f: string) => JSON.parse(readFileSync(new URL(`../../data/mesbg/${f}.json`, import.meta.url), "utf8"));
const ITER = Number(process.env.MESBG_SEARCH_ITERATIONS ?? 200);
const REPEATS = Number(process.env.MESBG_SEARCH_REPEATS ?? 2);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A game played by the scripted policy from its deployment (seed 1, dice seed 7) to the first decision of `kind` in `turn` with more than one choice. */
function midGame(a: string, b: string, turn: number, kind: string): MesbgState {
  const s = deployedGame(force(a), force(b), 1);
  const rng = new Rng(7);
  while (!(s.data.turn >= turn && s.st.top()!.kind === kind && s.legalActions().length > 1)) {
    const p = s.currentPlayer();
    const acts = s.legalActions();
    s.apply(p === CHANCE ? acts[rng.roll(acts.length) - 1]! : mesbgPolicy.act(s, p, rng));
  }
  s.record(false);
  return s;
}

const core = await loadCore();
const positions: [string, MesbgState][] = [
  ["Minas Tirith vs Mordor, turn 4, an activation", midGame("minas-tirith", "mordor", 4, "activation")],
  ["Rohan vs Isengard, turn 3, a combat's stance", midGame("rohan", "isengard", 3, "combat")],
];
const leaves: MesbgLeaf[] = ["end", 2, 1, 0];
const leafName = (l: MesbgLeaf) => (l === "end" ? "rollout to the end" : l === 0 ? "heuristic at once" : `cut-off after ${l} turn${l > 1 ? "s" : ""}`);
const loadBefore = loadavg()[0]!;
const rows: string[][] = [];
const noise: string[][] = [];

for (const [label, s] of positions) {
  const choices = s.legalActions().length;
  for (const leaf of leaves) {
    searchMesbg(s, { iterations: 20 }, 99, core, { leaf }); // warm-up
    let cpu = 0;
    let wall = 0;
    for (let r = 0; r < REPEATS; r++) {
      const c = cpuMs();
      const w = performance.now();
      searchMesbg(s, { iterations: ITER }, r + 1, core, { leaf });
      cpu += cpuMs() - c;
      wall += performance.now() - w;
    }
    const perCpu = (1000 * ITER * REPEATS) / cpu;
    rows.push([label, String(choices), leafName(leaf), perCpu.toFixed(0), ((1000 * ITER * REPEATS) / wall).toFixed(0), `${(cpu / REPEATS).toFixed(0)} ms`]);
    // The leaf alone after the scripted choice: its cost and the spread of its returns (the noise a search
    // must average away); "precision per ms" = 1 / (variance x ms per leaf).
    const after = s.clone();
    after.apply(mesbgPrior(after, after.currentPlayer()));
    const player = s.currentPlayer();
    const evaluate = kernelEvaluator(core, leaf);
    const n = 60;
    let sum = 0;
    let sumSq = 0;
    const c = cpuMs();
    for (let i = 0; i < n; i++) {
      const x = after.clone();
      x.reseed(1000 + i);
      const v = evaluate(x, new Rng(2000 + i)).returns[player]!;
      sum += v;
      sumSq += v * v;
    }
    const ms = (cpuMs() - c) / n;
    const mean = sum / n;
    const sd = Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)));
    noise.push([label, leafName(leaf), `${ms.toFixed(2)} ms`, mean.toFixed(3), sd.toFixed(3), sd > 1e-6 ? (1 / (sd * sd * ms)).toFixed(1) : "(no spread: no dice left)"]);
  }
}

const report = [
  `# bench:search-mesbg — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"} (${cpus().length} cores)`,
  "",
  `MCTS iterations per second on one core (open loop, src/planner/mcts.ts; MESBG prior, leaves and agent in`,
  `src/mesbg/search.ts), ${REPEATS} seeded searches of ${ITER} iterations per row from two fixed mid-game positions (the`,
  "scripted policy played from deployedGame(a, b, 1) with dice seed 7 to the first such decision). Every leaf is played",
  "on in TypeScript by the scripted policy to the next point the Wasm kernel can start from (the end of the activation,",
  "shot or combat under way), then by the kernel as the row says. CPU time of this process: the machine is shared and",
  `was loaded (1-min load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${cpus().length} cores), so the wall figures`,
  "mostly measure the other tenants. One thread: no search worker pool for MESBG yet, so no 1-vs-2-worker row.",
  "",
  table(["position", "choices", "leaf", "iterations / CPU-s", "iterations / wall-s", `CPU per ${ITER}-iteration search`], rows),
  "",
  "One leaf after the scripted player's choice at the same positions, 60 seeds: its CPU cost, the mean and standard",
  "deviation of its return for the player to move, and the precision one CPU-ms of such leaves buys (1 / (sd² × ms)).",
  "A longer leaf sees more of the game (its mean is the value under the scripted players) but is noisier and",
  "dearer; a cut-off buys far more precision per ms, at the price of judging by what survives after a turn or two",
  "(a bias: compare the means).",
  "",
  table(["position", "leaf", "CPU per leaf", "mean", "sd", "precision / ms"], noise),
  "",
].join("\n");

process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("search-mesbg.md", dir), report);
