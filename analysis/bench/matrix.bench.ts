/**
 * bench:matrix (issue 16): `tactica matrix` of the six bundled armies over the 12 battleplans at G games a
 * cell (default 200; `npm run bench:matrix -- 50` for a quarter) —
 *  1. local: the CLI on its pool (1 and 2 pool workers): wall time, CPU, battles/s;
 *  2. queue: the same job through a redis-server started here, with 1 and 2 `tactica worker --workers 1`
 *     processes: the overhead per chunk against the local pool with as many workers (wall and CPU), and the
 *     1 -> 2 worker ratio;
 *  3. a simulated fleet: N queue consumers (spread over processes, each consumer its own BullMQ Worker and
 *     connections) taking chunks that sleep 200 ms or 2 s, against one Redis: chunks/s against the ideal N / sleep.
 * CPU from process.cpuUsage (this machine is shared: wall time lies). Results: analysis/bench/results/matrix.md.
 */
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { chunkGamesOf, matrixRequestSchema } from "../matrix/request.js";
import { runMatrixOnQueue } from "../matrix/queue.js";
import { repoRoot } from "../../test/support/cli.js";
import { startRedis } from "../../test/support/redis.js";
import { table, twoThreadCeiling } from "./harness.js";

const games = Number(process.argv[2] ?? 200);
const bin = join(repoRoot, "bin/tactica.mjs");
const battles = 15 * 12 * games;
const lines: string[] = [`# bench:matrix — 6 bundled armies x 12 battleplans x ${games} games a cell = ${battles} battles (${new Date().toISOString().slice(0, 10)})`, ""];
const say = (s: string) => {
  console.log(s);
  lines.push(s);
};

function timedRun(args: string[]): { wallS: number; cpuS: number; out: string } {
  const t0 = Date.now();
  const r = spawnSync("bash", ["-c", `TIMEFORMAT='%U %S'; time node ${bin} ${args.map((a) => `'${a}'`).join(" ")} > /tmp/tactica-bench-matrix.out`], { encoding: "utf8" });
  const wallS = (Date.now() - t0) / 1000;
  const [u, s] = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
  return { wallS, cpuS: u! + s!, out: spawnSync("cat", ["/tmp/tactica-bench-matrix.out"], { encoding: "utf8" }).stdout };
}

const common = ["matrix", "--games", String(games), "--json"];
const rows: string[][] = [];
const local: Record<number, { wallS: number; cpuS: number; out: string }> = {};
for (const w of [1, 2]) {
  local[w] = timedRun([...common, "--workers", String(w)]);
  rows.push([`local, ${w} pool worker${w === 1 ? "" : "s"}`, local[w]!.wallS.toFixed(1), local[w]!.cpuS.toFixed(1), (battles / local[w]!.wallS).toFixed(0), (battles / local[w]!.cpuS).toFixed(0)]);
  console.log(rows.at(-1)!.join("  "));
}

const redis = await startRedis();
const chunkGames = chunkGamesOf(matrixRequestSchema.parse({ lists: bundledRosters().map((r) => r.roster), games }));
const chunks = 15 * 12 * Math.ceil(games / chunkGames); // the default chunk (analysis/matrix/request.ts)
const queue: Record<number, { wallS: number; cpuS: number }> = {};
try {
  for (const n of [1, 2]) {
    const workers = Array.from({ length: n }, () => {
      const c = spawn(process.execPath, [bin, "worker", "--queue", redis.url, "--workers", "1"], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      c.stdout.on("data", (d: Buffer) => (out += d.toString()));
      return { c, out: () => out, exited: new Promise((r) => c.once("exit", r)) };
    });
    await new Promise((r) => setTimeout(r, 1500)); // the workers' pools up
    // A different seed per run: the same job would be read back from Redis, not played.
    const seed = String(100 + n);
    const r = timedRun([...common, "--seed", seed, "--queue", redis.url]);
    for (const w of workers) w.c.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.exited));
    const workerCpu = workers.reduce((s, w) => s + Number(/([\d.]+) s of CPU/.exec(w.out())?.[1] ?? NaN), 0);
    queue[n] = { wallS: r.wallS, cpuS: r.cpuS + workerCpu };
    rows.push([`queue, ${n} tactica worker${n === 1 ? "" : "s"} (1 pool worker each)`, r.wallS.toFixed(1), `${queue[n]!.cpuS.toFixed(1)} (coordinator ${r.cpuS.toFixed(1)})`, (battles / r.wallS).toFixed(0), (battles / queue[n]!.cpuS).toFixed(0)]);
    console.log(rows.at(-1)!.join("  "));
  }
  say(table(["run", "wall s", "CPU s", "battles/s (wall)", "battles/s (CPU)"], rows));
  say("");
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  for (const n of [1, 2]) {
    const wall = (queue[n]!.wallS - local[n]!.wallS) / local[n]!.wallS;
    const cpu = (queue[n]!.cpuS - local[n]!.cpuS) / local[n]!.cpuS;
    say(`Queue overhead with ${n} worker${n === 1 ? "" : "s"} against the local pool with ${n}: wall ${pct(wall)} (${(((queue[n]!.wallS - local[n]!.wallS) * 1000) / chunks).toFixed(2)} ms a chunk of ${chunkGames} battles), CPU ${pct(cpu)} (${(((queue[n]!.cpuS - local[n]!.cpuS) * 1000) / chunks).toFixed(2)} ms a chunk).`);
  }
  say(`1 -> 2 tactica workers: ${(queue[1]!.wallS / queue[2]!.wallS).toFixed(2)}x (wall); local pool 1 -> 2: ${(local[1]!.wallS / local[2]!.wallS).toFixed(2)}x.`);
  say(`For scale, a pure CPU loop on 2 threads against 1 on this machine in the same run: ${(await twoThreadCeiling()).toFixed(2)}x.`);
  say("");

  // 3. The simulated fleet.
  const SLEEP = 200;
  const fleetRows: string[][] = [];
  // 200 ms chunks find the queue's ceiling (chunks/s through one Redis on this machine); 2 s chunks, a ceiling's
  // worth of work for 256 consumers, show a fleet past 100 workers kept busy when its chunks are long enough.
  const fleet = [[1, 0], [8, SLEEP], [32, SLEEP], [128, SLEEP], [256, SLEEP], [128, 10 * SLEEP], [256, 10 * SLEEP]] as const;
  for (const [consumers, sleepMs] of fleet) {
    const perProcess = 32;
    const procs = Array.from({ length: Math.ceil(consumers / perProcess) }, (_, i) => {
      const k = Math.min(perProcess, consumers - i * perProcess);
      const c = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "analysis/bench/matrix-fleet-worker.ts"), redis.url, String(k), String(sleepMs)], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      c.stdout.on("data", (d: Buffer) => (out += d.toString()));
      return { c, out: () => out, exited: new Promise((r) => c.once("exit", r)) };
    });
    while (!procs.every((p) => p.out().includes("ready"))) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    // Chunks of 1 battle: each consumer takes about 10 of them.
    const jobChunks = sleepMs === 0 ? 300 : consumers * 10;
    const req = matrixRequestSchema.parse({ lists: bundledRosters().slice(0, 2).map((r) => r.roster), plans: ["savage-gains"], games: jobChunks, chunkGames: 1, seed: 1000 + consumers + sleepMs }); // a job of its own per row: the same request would be answered from Redis
    const t0 = Date.now();
    const cpu0 = process.cpuUsage();
    await runMatrixOnQueue(req, { url: { host: "127.0.0.1", port: redis.port, db: 0, tls: false, username: undefined, password: undefined }, job: `fleet-${consumers}-${sleepMs}`, pollMs: 20 });
    const wall = (Date.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    for (const p of procs) p.c.kill("SIGKILL"); // the results are in: no need to wait for 32 consumers' graceful close
    await Promise.all(procs.map((p) => p.exited));
    const ideal = sleepMs === 0 ? Infinity : consumers / (sleepMs / 1000);
    fleetRows.push([String(consumers), String(sleepMs), String(procs.length), String(jobChunks), wall.toFixed(2), (jobChunks / wall).toFixed(0), `${((1000 * wall) / jobChunks).toFixed(2)} ms`, sleepMs === 0 ? "-" : ideal.toFixed(0), sleepMs === 0 ? "-" : pct(jobChunks / wall / ideal), ((cpu.user + cpu.system) / 1e6).toFixed(2)]);
    console.log(fleetRows.at(-1)!.join("  "));
  }
  say(`Simulated fleet: consumers whose chunks sleep the row's ms (32 consumers a process, each its own BullMQ Worker and Redis connections), one redis-server; ideal = consumers / the sleep. The first row (1 consumer, chunks that return at once) is the queue's own cost a chunk, end to end.`);
  say("");
  say(table(["consumers", "sleep ms", "processes", "chunks", "wall s", "chunks/s", "wall a chunk", "ideal chunks/s", "of ideal", "coordinator CPU s"], fleetRows));
} finally {
  await redis.stop();
}
const load = spawnSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).stdout.trim();
say("");
say(`Machine: 2 cores, shared (load average at the end: ${load}).`);
writeFileSync(join(repoRoot, "analysis/bench/results/matrix.md"), `${lines.join("\n")}\n`);
