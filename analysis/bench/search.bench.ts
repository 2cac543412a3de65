/**
 * npm run bench:search — the AoS search's speed (issue 10): MCTS iterations per second with every leaf
 * evaluated by a rollout to the end in the Wasm kernel, on three fixed mid-battle positions (the two bundled
 * 1000-point armies, the scripted policy's battle up to a decision), one thread; what an iteration costs
 * (kernel rollouts, TypeScript steps and encodings); then root parallelism on the worker pool, 1 against 2
 * workers on the same search (the same tally either way). Writes analysis/bench/results/search.md.
 *
 * "Per CPU-second" divides by the process's CPU time (what one core delivers on a shared machine); the pool's
 * ratio is wall-clock, measured in one run. Iterations: BENCH_SEARCH_ITERATIONS (default 2000).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { pitchedBattleGame, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { encodeBattle, RESULT } from "../../src/aos/rollout/encode.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { aosSearch } from "../../src/aos/search.js";
import { loadCore } from "../../src/core/wasm.js";
import { openOddsClient } from "../../workers/client.node.js";
import { fmtMs, table } from "./harness.js";

const ITERATIONS = Number(process.env.BENCH_SEARCH_ITERATIONS ?? 2000);
const core = await loadCore();
const rosters = bundledRosters().filter((r) => r.roster.pointsLimit === 1000 && r.roster.mode === "pitched-battles-2021").map((r) => r.roster);

function position(plan: string, skip: number, min: number): PitchedBattleState {
  const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: plan as never }, 7));
  for (let n = 0; !s.isTerminal(); ) {
    if (s.currentPlayer() < 0) s.apply(0);
    else if (n >= skip && s.legalActions().length >= min) break;
    else {
      s.apply(policyAction(s.battle));
      n++;
    }
  }
  return s;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU milliseconds per call of `fn`, over `n` calls after one warm-up call. */
function cpuPer(fn: () => unknown, n: number): number {
  fn();
  const c0 = cpuMs();
  for (let i = 0; i < n; i++) fn();
  return (cpuMs() - c0) / n;
}

const positions = [
  { name: "The Vice, round 1 movement", state: position("the-vice", 20, 8) },
  { name: "Savage Gains, round 3 battle tactic", state: position("savage-gains", 60, 5) },
  { name: "First Blood, round 4 vantage point", state: position("first-blood", 100, 3) },
];

const rows: string[][] = [];
const costRows: string[][] = [];
for (const p of positions) {
  aosSearch(core, p.state, { iterations: 50 }, 99); // warm-up
  const c0 = cpuMs();
  const t0 = performance.now();
  const r = aosSearch(core, p.state, { iterations: ITERATIONS }, 1);
  const wall = performance.now() - t0;
  const cpu = cpuMs() - c0;
  rows.push([p.name, String(p.state.legalActions().length), String(r.iterations), String(r.nodes), (r.iterations / (cpu / 1000)).toFixed(0), (r.iterations / (wall / 1000)).toFixed(0), r.actions[0]!.label.slice(0, 48)]);
  const enc = encodeBattle(p.state.data);
  const seeds = Array.from({ length: 64 }, (_, i) => i + 1);
  const roll = cpuPer(() => core.aosRollouts(enc, seeds, RESULT), 20) / 64;
  const load = Math.max(0, cpuPer(() => core.aosRollouts(enc, [1], RESULT), 200) - roll);
  const encode = cpuPer(() => encodeBattle(p.state.data), 100);
  const clone = cpuPer(() => p.state.clone(), 100);
  const step = Math.max(0, cpuPer(() => {
    const c = p.state.clone();
    c.apply(c.legalActions()[0]!);
  }, 100) - clone);
  costRows.push([p.name, fmtMs(roll), fmtMs(load), fmtMs(clone), fmtMs(step), fmtMs(encode)]);
  console.log(rows.at(-1)!.join(" | "), "||", costRows.at(-1)!.join(" | "));
}

// Root parallelism: the same search (8 trees) on 1 and on 2 pool workers.
const roots = 8;
const state = positions[1]!.state.toJSON();
const wallOf = async (workers: number) => {
  const client = await openOddsClient(workers);
  try {
    await client.api.aosSearch(state, 80, 5, 8); // warm-up: each worker compiles and loads
    const t0 = performance.now();
    const tally = await client.api.aosSearch(state, ITERATIONS, 3, roots);
    return { ms: performance.now() - t0, tally };
  } finally {
    await client.close();
  }
};
const one = await wallOf(1);
const two = await wallOf(2);
const same = JSON.stringify(one.tally) === JSON.stringify(two.tally);
const ratio = one.ms / two.ms;

const md = [
  "# bench:search — the AoS search (closed-loop MCTS, kernel rollouts at the leaves)",
  "",
  `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${loadavg()[0]!.toFixed(1)} at the end, ${ITERATIONS} iterations per search.`,
  "",
  table(["position", "choices", "iterations", "nodes", "iterations / CPU-s", "iterations / s (wall)", "most visited"], rows),
  "",
  "What an iteration is made of (CPU time per call): most iterations cost one kernel rollout (handed out from a batch: one",
  "call loads the state, then plays the battles); a new tree node costs a TypeScript clone and step and an encoding.",
  "",
  table(["position", "kernel rollout (in a batch)", "kernel load per call", "TS clone", "TS step", "encode"], costRows),
  "",
  `Root parallelism (${roots} trees, ${ITERATIONS} iterations, the Savage Gains position): 1 worker ${fmtMs(one.ms)}, 2 workers ${fmtMs(two.ms)}: **${ratio.toFixed(2)}x** (goal ≥ 1.8x); the merged tallies are ${same ? "identical" : "DIFFERENT"}.`,
  "",
  "Goal (issue 10): ≥ 5,000 iterations per second per core. A kernel rollout from these positions costs",
  "0.1-0.2 ms (the kernel plays ~5,000 whole battles per CPU-second since the footprint geometry), so rollouts",
  "to the end cap one core at 5,000-10,000 iterations per second before any tree work.",
];
mkdirSync(fileURLToPath(new URL("./results", import.meta.url)), { recursive: true });
writeFileSync(fileURLToPath(new URL("./results/search.md", import.meta.url)), md.join("\n") + "\n");
console.log(md.join("\n"));
