/**
 * npm run bench:rollouts — full Pitched Battles per second played by the scripted policy for both sides,
 * the TypeScript engine (src/aos/rollout/ts.ts) against the Wasm kernel (assembly/aos_rollout.ts), side by
 * side in one run: the same post-deployment position (the two bundled 1000-point armies, deployed by the
 * policy) and the same seeds on each battleplan. Goals (issue 6): Wasm ≥ 10x the TypeScript engine, and
 * ≥ 20,000 full 5-round battles per second per core. One thread. Then the matchup's own path in this thread
 * (a chunk's battles set up and played in one kernel call from the plan's set-up template; the template path
 * in TypeScript and the set-up in full for comparison) against the bare kernel — issue 17 item 4's goal: ≥ 80%
 * of the bare kernel's battles per CPU-second — with where its CPU goes; then the worker pool. Writes
 * analysis/bench/results/rollouts.md.
 *
 * Battles per second are wall-clock medians of batches; "per CPU-second" divides by the process's CPU time
 * instead, which is what one core delivers when the machine is shared (these machines usually are).
 *
 * BENCH_BASELINE_WASM=path/to/old-core.wasm also plays the bare kernel of that build, batch for batch in turn
 * with this one on every plan (the same positions and seeds, so a load on the machine hits both alike), and
 * reports the two side by side with whether they played the same battles.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { encodeBattle, R, RESULT } from "../../src/aos/rollout/encode.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { decodeRollout, rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { rolloutTemplateWasm, setUpFromTemplate, setUpTemplate, encodeTemplateSetUp } from "../../src/aos/rollout/template.js";
import { SET_UP_PLAYED, SET_UP_WINNER, setUpBlock, templateRolloutsWasm } from "../../src/aos/rollout/kernel-setup.js";
import { battleSeed, CHUNK_GAMES } from "../matchup/job.js";
import { deriveSeed } from "../../src/core/rng.js";
import { loadCore } from "../../src/core/wasm.js";
import { table } from "./harness.js";
import { fileURLToPath } from "node:url";
import workerpool from "workerpool";
import { Worker } from "node:worker_threads";
import { compileCore, instantiateCore, type Core } from "../../src/core/wasm.js";
import { createOddsApi } from "../../workers/coordinator.js";

const TS_MS = Number(process.env.BENCH_TS_MS ?? 1500);
const WASM_MS = Number(process.env.BENCH_WASM_MS ?? 1500);
const BATCH = 2000;

const core = await loadCore();
const BASELINE = process.env.BENCH_BASELINE_WASM;
const baseline: Core | undefined = BASELINE ? instantiateCore(await compileCore(BASELINE)) : undefined;
const rosters = bundledRosters().filter((r) => r.roster.pointsLimit === 1000 && r.roster.mode === "pitched-battles-2021").map((r) => r.roster);
const [a, b] = [rosters[0]!, rosters[1]!];

function position(plan: (typeof BATTLEPLAN_IDS)[number]): PitchedBattleState {
  return playSetUp(pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: plan }, 2024));
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** TypeScript: battles per second (median of single battles), seeds 1, 2, 3, ... */
function benchTs(s: PitchedBattleState): number {
  const rates: number[] = [];
  const start = performance.now();
  for (let seed = 1; performance.now() - start < TS_MS || rates.length < 5; seed++) {
    const t0 = performance.now();
    rolloutTs(s, seed);
    rates.push(1000 / (performance.now() - t0));
  }
  return median(rates);
}

/** Wasm: battles per second (median of batches), per CPU-second, and decisions per battle; with a baseline
 * build, its battles per CPU-second from the same batches played in turn, and whether every record agreed. */
function benchWasm(s: PitchedBattleState): { wall: number; cpu: number; decisions: number; baseCpu: number; same: boolean } {
  const encoded = encodeBattle(s.data);
  const rates: number[] = [];
  let battles = 0;
  let decisions = 0;
  let ms = 0;
  let baseMs = 0;
  let same = true;
  const start = performance.now();
  for (let k = 0; performance.now() - start < WASM_MS || rates.length < 5; k++) {
    const seeds = Array.from({ length: BATCH }, (_, i) => 1 + k * BATCH + i);
    const c0 = cpuMs();
    const t0 = performance.now();
    const records = core.aosRollouts(encoded, seeds, RESULT);
    rates.push((BATCH * 1000) / (performance.now() - t0));
    ms += cpuMs() - c0;
    battles += BATCH;
    for (let i = 0; i < BATCH; i++) decisions += records[i * RESULT + R.DECISIONS]!;
    if (baseline) {
      const c1 = cpuMs();
      const old = baseline.aosRollouts(encoded, seeds, RESULT);
      baseMs += cpuMs() - c1;
      for (let i = 0; i < records.length && same; i++) if (!Object.is(records[i], old[i])) same = false;
    }
  }
  return { wall: median(rates), cpu: (battles * 1000) / ms, decisions: decisions / battles, baseCpu: baseline ? (battles * 1000) / baseMs : 0, same };
}

// Warm-up on every plan: JIT of the engine and the policy (each plan has its own paths), Wasm tier-up.
const positions = new Map(BATTLEPLAN_IDS.map((plan) => [plan, position(plan)]));
for (const s of positions.values()) {
  for (let i = 0; i < 8; i++) rolloutTs(s, 1_000_000 + i);
  core.aosRollouts(encodeBattle(s.data), Array.from({ length: 1000 }, (_, i) => 1_000_000 + i), RESULT);
  baseline?.aosRollouts(encodeBattle(s.data), Array.from({ length: 1000 }, (_, i) => 1_000_000 + i), RESULT);
}

const rows: string[][] = [];
const totals = { ts: 0, wall: 0, cpu: 0, n: 0, base: 0 };
const logs = { ts: 0, ratio: 0 };
let worstCpu = Infinity;
let worstBase = Infinity;
let allSame = true;
const baseRows: string[][] = [];
for (const plan of BATTLEPLAN_IDS) {
  const s = positions.get(plan)!;
  const ts = benchTs(s);
  const w = benchWasm(s);
  rows.push([plan, ts.toFixed(1), w.wall.toFixed(0), w.cpu.toFixed(0), `${(w.wall / ts).toFixed(0)}x`, w.decisions.toFixed(0)]);
  // Overall: battles per second over the 12 plans played equally often (the harmonic mean of the rates).
  totals.ts += 1 / ts;
  totals.wall += 1 / w.wall;
  totals.cpu += 1 / w.cpu;
  totals.n++;
  logs.ratio += Math.log(w.wall / ts);
  worstCpu = Math.min(worstCpu, w.cpu);
  if (baseline) {
    totals.base += 1 / w.baseCpu;
    worstBase = Math.min(worstBase, w.baseCpu);
    allSame &&= w.same;
    baseRows.push([plan, w.baseCpu.toFixed(0), w.cpu.toFixed(0), `${(w.cpu / w.baseCpu).toFixed(2)}x`, w.same ? "yes" : "NO"]);
  }
}
const baseOverall = totals.n / totals.base;
const overall = { ts: totals.n / totals.ts, wall: totals.n / totals.wall, cpu: totals.n / totals.cpu };
const ratio = overall.wall / overall.ts;

// The matchup's own path in this thread (analysis/matchup/play.ts with the kernel): each chunk of CHUNK_GAMES
// battles is one kernel call that sets every battle up from the plan's set-up template and plays it
// (src/aos/rollout/kernel-setup.ts) — and, for comparison in the same run, the template path of before (each
// battle set up from the template in TypeScript, its encoding patched, one kernel call per battle) and the set-up
// in full by the TypeScript engine (what every battle cost before the templates). Battles per CPU-second over
// the 12 plans, each played equally often, against the bare kernel's above (one encoded position, batches of
// seeds); and where the kernel path's CPU goes.
const MATCHUP_BATTLES = Number(process.env.BENCH_MATCHUP_BATTLES ?? 200);
const split = { setUp: 0, encode: 0, kernel: 0, build: 0 };
const kernelSplit = { setUp: 0, call: 0, decode: 0, block: 0 };
let fullCpu = 0;
let templateCpu = 0;
let kernelCpu = 0;
let bareCpu = 0;
let kernelBattles = 0;
let matchupBattles = 0;
const chunksOf = (seeds: number[]) => Array.from({ length: Math.ceil(seeds.length / CHUNK_GAMES) }, (_, k) => seeds.slice(k * CHUNK_GAMES, (k + 1) * CHUNK_GAMES));
for (const plan of BATTLEPLAN_IDS) {
  const setup = { rosters: [a, b] as [typeof a, typeof b], battleplan: plan };
  const seeds = Array.from({ length: MATCHUP_BATTLES }, (_, g) => battleSeed(1, plan, g));
  let c0 = cpuMs();
  const t = setUpTemplate(setup)!;
  split.build += cpuMs() - c0;
  c0 = cpuMs();
  const block = setUpBlock(t)!;
  kernelSplit.block += cpuMs() - c0;
  // Warm-up of this plan's paths (not counted).
  for (let g = 0; g < 10; g++) {
    const s = setUpFromTemplate(t, deriveSeed(seeds[g]!, 99))!;
    rolloutTemplateWasm(core, t, s, 1);
    rolloutWasm(core, playSetUp(pitchedBattleGame.newInitialState(setup, deriveSeed(seeds[g]!, 99))), 1);
  }
  templateRolloutsWasm(core, t, seeds.slice(0, CHUNK_GAMES).map((x) => deriveSeed(x, 99)));
  c0 = cpuMs();
  for (const seed of seeds) rolloutWasm(core, playSetUp(pitchedBattleGame.newInitialState(setup, seed)), deriveSeed(seed, 1));
  fullCpu += cpuMs() - c0;
  c0 = cpuMs();
  for (const seed of seeds) rolloutTemplateWasm(core, t, setUpFromTemplate(t, seed)!, deriveSeed(seed, 1));
  templateCpu += cpuMs() - c0;
  // The bare kernel on this plan in the same moments (the machine's load changes between the sections of a
  // run): this plan's position, as many battles as the matchup's path plays, in one batch.
  const bareEncoded = encodeBattle(positions.get(plan)!.data);
  c0 = cpuMs();
  core.aosRollouts(bareEncoded, Array.from({ length: MATCHUP_BATTLES }, (_, i) => 7_000_000 + i), RESULT);
  bareCpu += cpuMs() - c0;
  // The kernel path as playChunk takes it: the kernel's results, the few it leaves set up from the template.
  c0 = cpuMs();
  for (const chunk of chunksOf(seeds)) {
    const results = templateRolloutsWasm(core, t, chunk)!;
    chunk.forEach((seed, i) => {
      if (results[i]) kernelBattles++;
      else rolloutTemplateWasm(core, t, setUpFromTemplate(t, seed)!, deriveSeed(seed, 1));
    });
  }
  kernelCpu += cpuMs() - c0;
  // The splits: the same battles again, one stage at a time.
  c0 = cpuMs();
  const setUps = seeds.map((seed) => setUpFromTemplate(t, seed)!);
  split.setUp += cpuMs() - c0;
  c0 = cpuMs();
  const encodings = setUps.map((s) => encodeTemplateSetUp(t, s)!);
  split.encode += cpuMs() - c0;
  c0 = cpuMs();
  encodings.forEach((e, i) => decodeRollout(core.aosRollouts(e, [deriveSeed(seeds[i]!, 1)], RESULT), 0, setUps[i]!.data));
  split.kernel += cpuMs() - c0;
  c0 = cpuMs();
  for (const chunk of chunksOf(seeds)) core.aosSetUpRollouts(block.block, chunk, RESULT, false);
  kernelSplit.setUp += cpuMs() - c0;
  c0 = cpuMs();
  const records = chunksOf(seeds).map((chunk) => core.aosSetUpRollouts(block.block, chunk, RESULT));
  kernelSplit.call += cpuMs() - c0;
  c0 = cpuMs();
  for (const r of records)
    for (let i = 0; i < r.length / RESULT; i++)
      if (r[i * RESULT + SET_UP_PLAYED] === 1) decodeRollout(r, i * RESULT, { grandStrategies: block.grandStrategies[r[i * RESULT + SET_UP_WINNER] as 0 | 1]! });
  kernelSplit.decode += cpuMs() - c0;
  matchupBattles += MATCHUP_BATTLES;
}
const matchup = { full: (matchupBattles * 1000) / fullCpu, template: (matchupBattles * 1000) / templateCpu, kernel: (matchupBattles * 1000) / kernelCpu, bare: (matchupBattles * 1000) / bareCpu };
const splitTotal = split.setUp + split.encode + split.kernel;
const pct = (x: number) => `${((100 * x) / splitTotal).toFixed(0)}%`;
const kernelTotal = kernelSplit.call + kernelSplit.decode;
const kpct = (x: number) => `${((100 * x) / kernelTotal).toFixed(0)}%`;
const us = (x: number) => `${((1000 * x) / matchupBattles).toFixed(0)} µs`;
// The worker pool: the same matchup job (set-up by the policy in TypeScript, the battle in the Wasm kernel)
// on 1 and on 2 pool workers; the reports are identical, only the time differs.
// - cold: the first job of fresh workers (the bench's old 2 x 160 battles), start-up and JIT warm-up included:
//   each worker is its own V8 isolate that compiles the engine for itself (~1 s of TurboFan work on V8's
//   background threads, which with one worker run on the other core for free and with two compete with them).
// - warm: after a warm-up job in which every worker plays ~POOL_WARM battles, the measured job, run
//   alternately on the 1- and 2-worker pools POOL_REPEATS times each (the median counts), so a burst of load
//   from elsewhere on a shared machine hits both alike.
const poolScript = fileURLToPath(new URL("../../build/workers/pool.mjs", import.meta.url));
const POOL_GAMES = Number(process.env.BENCH_POOL_GAMES ?? 2500);
const POOL_WARM = Number(process.env.BENCH_POOL_WARM ?? 4000);
const POOL_REPEATS = Number(process.env.BENCH_POOL_REPEATS ?? 3);
const poolJob = { a, b, plans: ["savage-gains" as const, "the-vice" as const], seed: 1, engine: "wasm" as const };
const openPool = (workers: number) => {
  const pool = workerpool.pool(poolScript, { workerType: "thread", minWorkers: workers, maxWorkers: workers });
  return { workers, pool, api: createOddsApi(pool, compileCore(), workers), cold: 0, warm: [] as number[] };
};
const sameReports = new Map<string, string>();
async function timedMatchup(p: ReturnType<typeof openPool>, games: number): Promise<number> {
  const t0 = performance.now();
  const r = await p.api.matchup({ ...poolJob, games });
  const ms = performance.now() - t0;
  const key = String(games);
  const same = JSON.stringify({ ...r, elapsedMs: 0 });
  if (sameReports.has(key) && sameReports.get(key) !== same) throw new Error("the pool gave different reports with 1 and 2 workers");
  sameReports.set(key, same);
  return (r.overall.games / ms) * 1000;
}
// Each pool opened just before its first job (so one pool's start-up does not slow the other's cold job).
const pools: ReturnType<typeof openPool>[] = [];
for (const workers of [1, 2]) {
  const p = openPool(workers);
  p.cold = await timedMatchup(p, 160);
  pools.push(p);
}
for (const p of pools) await p.api.matchup({ ...poolJob, seed: 2, games: Math.ceil((POOL_WARM * p.workers) / poolJob.plans.length) });
for (let k = 0; k < POOL_REPEATS; k++) for (const p of pools) p.warm.push(await timedMatchup(p, POOL_GAMES));
await Promise.all(pools.map((p) => p.pool.terminate()));
const scaling = pools.map((p) => ({ workers: p.workers, cold: p.cold, perSecond: median(p.warm), runs: p.warm }));
const poolRatio = scaling[1]!.perSecond / scaling[0]!.perSecond;
const coldRatio = scaling[1]!.cold / scaling[0]!.cold;

// The machine's own ceiling in this run: a pure CPU loop on 1 thread, then on 2 at once (shared machines
// often give two threads much less than twice one).
const LOOP = `const { parentPort } = require("node:worker_threads"); let x = 0; for (let i = 0; i < 1.5e8; i++) x = (x + i * 7) % 1000003; parentPort.postMessage(x);`;
async function loopThroughput(threads: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: threads }, () => new Promise<void>((done) => {
      const w = new Worker(LOOP, { eval: true });
      w.on("message", () => void w.terminate().then(() => done()));
    })),
  );
  return threads / (performance.now() - t0);
}
const cpuRatio = (await loopThroughput(2)) / (await loopThroughput(1));

const report = [
  `# bench:rollouts — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"} (${cpus().length} cores), one thread`,
  "",
  `Full Pitched Battles (5 rounds, scoring, grand strategies, result) of ${a.name} against ${b.name}, both played by the`,
  "scripted policy from the same post-deployment position on each plan (set up by the policy, seed 2024), the same seeds",
  "in both engines — which play identical battles (test/aos/rollout-differential.test.ts). Battles/s: median of",
  `batches (TypeScript: single battles for ${TS_MS} ms; Wasm: batches of ${BATCH} for ${WASM_MS} ms); "per CPU-s" divides`,
  "the Wasm battles by the process's CPU time instead of the wall clock.",
  "",
  table(["battleplan", "TS battles/s", "Wasm battles/s", "Wasm per CPU-s", "Wasm/TS", "decisions/battle"], rows),
  "",
  `Overall (each plan equally often): TypeScript ${overall.ts.toFixed(1)} battles/s, Wasm ${overall.wall.toFixed(0)} battles/s ` +
    `(${overall.cpu.toFixed(0)} per CPU-second; slowest plan ${worstCpu.toFixed(0)}), Wasm/TS ${ratio.toFixed(0)}x ` +
    `(geometric mean of the plans' ratios ${Math.exp(logs.ratio / totals.n).toFixed(0)}x).`,
  `Goals: Wasm ≥ 10x TypeScript — ${ratio >= 10 ? "met" : "NOT met"}; ≥ 20,000 battles/s per core — ${overall.cpu >= 20000 ? "met" : "NOT met"} per CPU-second, ${overall.wall >= 20000 ? "met" : "not met"} by the wall clock; ` +
    `issue 15's ≥ 15,000 per CPU-second — ${overall.cpu >= 15000 ? "met" : "NOT met"}.`,
  "",
  ...(baseline
    ? [
        `## The bare kernel against a baseline build (BENCH_BASELINE_WASM=${BASELINE})`,
        "",
        "Batch for batch in turn in this run, the same positions and seeds; per CPU-second of the kernel calls.",
        "",
        table(["battleplan", "baseline per CPU-s", "this build per CPU-s", "speed-up", "same battles"], baseRows),
        "",
        `Overall (each plan equally often): baseline ${baseOverall.toFixed(0)} (slowest plan ${worstBase.toFixed(0)}), this build ${overall.cpu.toFixed(0)} ` +
          `(slowest plan ${worstCpu.toFixed(0)}): ${(overall.cpu / baseOverall).toFixed(2)}x; every record identical: ${allSame ? "yes" : "NO"}.`,
        "",
      ]
    : []),
  "## The matchup's path, one thread (`tactica matchup`: each battle set up and played in the kernel)",
  "",
  `${MATCHUP_BATTLES} battles per plan in chunks of ${CHUNK_GAMES} (the pool's tasks), the matchup's seeds (seed 1), each plan equally often; per CPU-second of this process.`,
  "",
  table(
    ["path", "battles per CPU-s", "of the bare kernel's"],
    [
      ["set-up in full (TypeScript engine), encodeBattle, kernel", matchup.full.toFixed(0), `${((100 * matchup.full) / overall.cpu).toFixed(0)}%`],
      ["set-up from the template in TypeScript, encoding patched, kernel per battle", matchup.template.toFixed(0), `${((100 * matchup.template) / overall.cpu).toFixed(0)}%`],
      ["**set-up and battle in the kernel, one call per chunk** (the matchup's path)", matchup.kernel.toFixed(0), `${((100 * matchup.kernel) / overall.cpu).toFixed(0)}%`],
      ["bare kernel (one encoded position, batches of seeds)", overall.cpu.toFixed(0), "100%"],
      ["bare kernel again, each plan right before its matchup path (same moments)", matchup.bare.toFixed(0), `${((100 * matchup.bare) / overall.cpu).toFixed(0)}%`],
    ],
  ),
  "",
  `The kernel path vs the template path in TypeScript: ${(matchup.kernel / matchup.template).toFixed(2)}x; vs set-up in full: ${(matchup.kernel / matchup.full).toFixed(2)}x. ` +
    `${kernelBattles} of ${matchupBattles} battles set up by the kernel (the others: a unit without room, set up by the engine). ` +
    `Where the kernel path's CPU goes: the kernel call ${kpct(kernelSplit.call)} (${us(kernelSplit.call)} a battle), of which the set-ups ${us(kernelSplit.setUp)} ` +
    `(roll-off, terrain, deployment, round 1's dice, control, the starting position rebuilt); decoding the records ${kpct(kernelSplit.decode)} (${us(kernelSplit.decode)}). ` +
    `Making the 12 plans' templates: ${split.build.toFixed(0)} ms of CPU, their kernel blocks ${kernelSplit.block.toFixed(0)} ms (once per job and worker).`,
  `Before (the template path in TypeScript, same run): set-up ${pct(split.setUp)} (${us(split.setUp)} a battle), encoding ${pct(split.encode)} (${us(split.encode)}), ` +
    `kernel with its load and the record's decoding ${pct(split.kernel)} (${us(split.kernel)}).`,
  `Goal (issue 17 item 4): the matchup ≥ 80% of the bare kernel's battles per CPU-second — ${matchup.kernel >= 0.8 * overall.cpu ? "met" : "NOT met"} in this run against the table above ` +
    `(${((100 * matchup.kernel) / overall.cpu).toFixed(0)}%); against the bare kernel measured in the same moments: ${((100 * matchup.kernel) / matchup.bare).toFixed(0)}% ` +
    `(${matchup.kernel >= 0.8 * matchup.bare ? "met" : "NOT met"}).`,
  "",
  "## The worker pool (`tactica matchup --engine wasm`: set-up and battle in the kernel, per battle)",
  "",
  `Warm: ${poolJob.plans.length} x ${POOL_GAMES} battles after every worker played ~${POOL_WARM} (median of ${POOL_REPEATS} runs, 1 and 2 workers alternating).`,
  `Cold: the first ${poolJob.plans.length} x 160 battles of fresh workers (start-up and each worker's JIT warm-up included).`,
  "",
  table(
    ["pool workers", "warm battles/s", "warm runs", "cold battles/s"],
    scaling.map((x) => [String(x.workers), x.perSecond.toFixed(0), x.runs.map((v) => v.toFixed(0)).join(", "), x.cold.toFixed(0)]),
  ),
  "",
  `2 workers / 1 worker, warm: ${poolRatio.toFixed(2)}x (goal ≥ 1.8x; ${poolRatio >= 1.8 ? "met" : "NOT met"} in this run); cold: ${coldRatio.toFixed(2)}x. Identical reports with 1 and 2 workers.`,
  `For scale, a pure CPU loop on 2 threads against 1 on this machine in the same run: ${cpuRatio.toFixed(2)}x.`,
  "",
].join("\n");
process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("rollouts.md", dir), report);
