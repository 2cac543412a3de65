/**
 * npm run bench:mesbg-rollouts — MESBG rollouts per second, the TypeScript engine (src/mesbg/rollout.ts
 * rolloutTs) against the Wasm kernel (assembly/mesbg_rollout/, rolloutWasm), side by side in one run: the
 * same deployed position per bundled pairing, the same scripted policy for both sides, the same seeds, so
 * both play exactly the same games (the differential tests hold them die-for-die equal). Each round times
 * the TypeScript engine on a block of seeds, then the kernel on the same block; rounds repeat until the
 * time budget is spent. Writes analysis/bench/results/mesbg-rollouts.md.
 *
 * MESBG_BENCH_SECONDS (default 12) sets the budget per pairing. The npm script runs it with --expose-gc.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { loadCore } from "../../src/core/wasm.js";
import { encodeState } from "../../src/mesbg/encode.js";
import { deployedGame, rolloutTs } from "../../src/mesbg/rollout.js";
import { rolloutWasmMany } from "../../src/mesbg/rolloutWasm.js";
import { fmtMs, table } from "./harness.js";

const force = (f: string) => JSON.parse(readFileSync(new URL(`../../data/mesbg/${f}.json`, import.meta.url), "utf8"));
const pairs: [string, string, string][] = [
  ["Minas Tirith vs Mordor", "minas-tirith", "mordor"],
  ["Rohan vs Isengard", "rohan", "isengard"],
];
const budgetMs = 1000 * Number(process.env.MESBG_BENCH_SECONDS ?? 12);
const gc = (globalThis as { gc?: (o: { type: string; execution: string }) => void }).gc;
const BLOCK = 4;

const core = await loadCore();
const loadBefore = loadavg()[0]!;
const rows: string[][] = [];
const ratios: number[] = [];

for (const [label, a, b] of pairs) {
  const state = deployedGame(force(a), force(b), 1);
  const enc = encodeState(state);
  // warm-up: the JIT, and the Wasm tier-up (V8 compiles the optimised code in the background)
  for (let s = 1; s <= 3; s++) rolloutTs(state, 1_000_000 + s);
  rolloutWasmMany(core, enc, Array.from({ length: 100 }, (_, i) => 2_000_000 + i));
  let tsMs = 0;
  let wasmMs = 0;
  let games = 0;
  let turns = 0;
  let wiped = 0;
  let seed = 1;
  const blockRatios: number[] = [];
  const start = performance.now();
  while (performance.now() - start < budgetMs || games < 2 * BLOCK) {
    const seeds = Array.from({ length: BLOCK }, () => seed++);
    let t0 = performance.now();
    const ts = seeds.map((s) => rolloutTs(state, s));
    // the engine's young garbage is collected inside its own time (a scavenge, which it triggers every few
    // megabytes anyway), not in the middle of the kernel's block that follows
    gc?.({ type: "minor", execution: "sync" });
    const tsBlock = performance.now() - t0;
    tsMs += tsBlock;
    // the kernel is timed on the same block several times over (it is fast), per game
    const reps = 5;
    t0 = performance.now();
    let wasm = rolloutWasmMany(core, enc, seeds);
    for (let r = 1; r < reps; r++) wasm = rolloutWasmMany(core, enc, seeds);
    const wasmBlock = (performance.now() - t0) / reps;
    wasmMs += wasmBlock;
    blockRatios.push(tsBlock / wasmBlock);
    ts.forEach((r, i) => {
      if (JSON.stringify(r) !== JSON.stringify(wasm[i])) throw new Error(`${label}: seed ${seeds[i]} differs between the engine and the kernel`);
      turns += r.turns;
      if (r.wipedOut) wiped++;
    });
    games += BLOCK;
  }
  const tsRate = (1000 * games) / tsMs;
  const wasmRate = (1000 * games) / wasmMs;
  ratios.push(wasmRate / tsRate);
  blockRatios.sort((x, y) => x - y);
  rows.push([
    label, String(games), (turns / games).toFixed(1), `${Math.round((100 * wiped) / games)}%`,
    fmtMs(tsMs / games), tsRate.toFixed(1), fmtMs(wasmMs / games), wasmRate.toFixed(0), `${(wasmRate / tsRate).toFixed(1)}x`,
    `${blockRatios[Math.floor(blockRatios.length / 2)]!.toFixed(1)}x`,
  ]);
}

const report = [
  `# bench:mesbg-rollouts — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"} (${cpus().length} cores)`,
  "",
  "Whole MESBG rollouts (The Forces Clash, scripted policy for both sides, to a wipe-out or the 20-turn cap) on one",
  "core: the TypeScript engine (`rolloutTs`) and the Wasm kernel (`rolloutWasm`) from the same deployed position",
  "(deployedGame(a, b, seed 1): the set-up played by the policy, at turn 1's priority roll-off) with the same seeds —",
  "the same games, checked result for result during the run. Blocks of 4 seeds alternate between the two; the",
  "kernel's time per block is the mean of 5 runs of it; the engine's includes a scavenge of its young garbage after",
  "its block (run with --expose-gc), so that garbage is not collected in the kernel's time. Wasm / TS is the ratio of the",
  "totals; \"median block\" the median of the blocks' ratios. Goal: Wasm ≥ 10x the TypeScript engine.",
  `Machine load average (1 min) ${loadBefore.toFixed(1)} before and ${loadavg()[0]!.toFixed(1)} after: a shared machine, so the`,
  "absolute figures are context; the ratio is measured side by side.",
  "",
  table(["pairing", "games", "turns/game", "wiped out", "TS per game", "TS games/s", "Wasm per game", "Wasm games/s", "Wasm / TS", "median block"], rows),
  "",
  `Headline: the Wasm kernel plays ${Math.min(...ratios).toFixed(1)}x-${Math.max(...ratios).toFixed(1)}x as many games per second as the TypeScript engine.`,
  "",
].join("\n");

process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("mesbg-rollouts.md", dir), report);
