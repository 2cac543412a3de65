/**
 * bench:matrix (issue 16): `tactica matrix` of the six bundled armies over the 12 battleplans at G games a
 * cell (default 200; `npm run bench:matrix -- 50` for a quarter) —
 *  1. local: the CLI on its pool (1 and 2 pool workers): wall time, CPU, battles/s;
 *  2. queue: the same job (the same seed, so the same battles; a job id of its own each run) through a
 *     redis-server started here, with 1 and 2 `tactica worker --workers 1` processes: the overhead against
 *     the local pool with as many workers (wall and CPU), split into what each chunk costs (the workers' main
 *     threads while the job runs — BullMQ, the Redis round trips, the result saved — and the coordinator's CPU
 *     beyond its start-up) and what is paid once (a second process started, BullMQ loaded: the coordinator's
 *     CPU on the finished job, read back at once); and the 1 -> 2 worker ratio, with the workers started for the
 *     job (cold: their JIT warm-up in the job) and on their next jobs (warm, as a fleet's workers run: seeds 2-5,
 *     each worker keeping the set-up templates of the lists it played), job by job;
 *  3. where the pool's CPU goes (in this process, CPU per thread from /proc): the pool workers, V8's background
 *     threads (its optimizing compiler and GC helpers, shared by every isolate of the process), the rest —
 *     each pool on a cold job (fresh workers: start-up and JIT warm-up) and then a warm one (another seed);
 *  4. a simulated fleet: N queue consumers (spread over processes, each consumer its own BullMQ Worker and
 *     connections) taking chunks that sleep 200 ms or 2 s, against one Redis: chunks/s against the ideal N / sleep.
 * CPU from process.cpuUsage, `time` and /proc (this machine is shared: wall time lies). MATRIX_BENCH_PARTS
 * (default "local,queue,pool,fleet") runs some parts only. Results: analysis/bench/results/matrix.md (written
 * only when every part ran).
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { chunkGamesOf, chunksOf, matrixRequestSchema } from "../matrix/request.js";
import { runMatrixOnQueue } from "../matrix/queue.js";
import { runMatrix } from "../matrix/run.js";
import { openOddsClient } from "../../workers/client.node.js";
import { repoRoot } from "../../test/support/cli.js";
import { startRedis } from "../../test/support/redis.js";
import { table, twoThreadCeiling } from "./harness.js";

const games = Number(process.argv[2] ?? 200);
/** Warm jobs run on the same workers after the first (MATRIX_BENCH_WARM_JOBS); the last is the warm row. */
const WARM_JOBS = Number(process.env.MATRIX_BENCH_WARM_JOBS ?? 4);
const parts = new Set((process.env.MATRIX_BENCH_PARTS ?? "local,queue,pool,fleet").split(","));
const bin = join(repoRoot, "bin/tactica.mjs");
const battles = 15 * 12 * games;
const lines: string[] = [`# bench:matrix — 6 bundled armies x 12 battleplans x ${games} games a cell = ${battles} battles (${new Date().toISOString().slice(0, 10)})`, ""];
const say = (s: string) => {
  console.log(s);
  lines.push(s);
};
const loadNow = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
say(`Machine: 2 cores, shared; load average at the start ${loadNow()}.`);
say("");

/** CPU seconds of each thread of process `pid` (user + system), by thread id. */
function threadCpu(pid: number | "self"): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const s = readFileSync(`/proc/${pid}/task/${t}/stat`, "utf8");
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      out.set(t, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** CPU seconds of process `pid` since it started, every thread's (ended ones too: /proc/PID/stat). */
function processCpu(pid: number): number {
  const s = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

function timedRun(args: string[]): { wallS: number; cpuS: number; out: string } {
  const t0 = Date.now();
  const r = spawnSync("bash", ["-c", `TIMEFORMAT='%U %S'; time node ${bin} ${args.map((a) => `'${a}'`).join(" ")} > /tmp/tactica-bench-matrix.out`], { encoding: "utf8" });
  const wallS = (Date.now() - t0) / 1000;
  const [u, s] = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
  if (r.status !== 0) throw new Error(`tactica ${args.join(" ")}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  return { wallS, cpuS: u! + s!, out: readFileSync("/tmp/tactica-bench-matrix.out", "utf8") };
}

const req = matrixRequestSchema.parse({ lists: bundledRosters().map((r) => r.roster), games });
const chunkGames = chunkGamesOf(req);
const chunks = chunksOf(req).length; // the default chunk (analysis/matrix/request.ts)
const common = ["matrix", "--games", String(games), "--json"];
const rows: string[][] = [];
const local: Record<number, { wallS: number; cpuS: number; out: string }> = {};

// 1. The local pool, through the CLI.
if (parts.has("local") || parts.has("queue")) {
  for (const w of [1, 2]) {
    local[w] = timedRun([...common, "--workers", String(w)]);
    rows.push([`local, ${w} pool worker${w === 1 ? "" : "s"}`, local[w]!.wallS.toFixed(1), local[w]!.cpuS.toFixed(1), (battles / local[w]!.wallS).toFixed(0), (battles / local[w]!.cpuS).toFixed(0)]);
    console.log(rows.at(-1)!.join("  "));
  }
  if (local[1]!.out !== local[2]!.out) throw new Error("the local pool gave different results with 1 and 2 workers");
}

// 2. The same job through the queue.
const redis = parts.has("queue") || parts.has("fleet") ? await startRedis() : null;
try {
  if (parts.has("queue")) {
    const queue: Record<number, { wallS: number; cpuS: number; perChunkS: number; fixedS: number; coordinatorS: number }> = {};
    const queueWarm: Record<number, { wallS: number; cpuS: number; out: string; coordinatorS: number }> = {};
    const warmWalls: Record<number, number[]> = {};
    const warmOuts: string[] = [];
    const startUpWall: Record<number, number> = {};
    for (const n of [1, 2]) {
      const workers = Array.from({ length: n }, () => {
        const c = spawn(process.execPath, [bin, "worker", "--queue", redis!.url, "--workers", "1"], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        let err = "";
        c.stdout.on("data", (d: Buffer) => (out += d.toString()));
        c.stderr.on("data", (d: Buffer) => (err += d.toString()));
        return { c, out: () => out, err: () => err, exited: new Promise((r) => c.once("exit", r)) };
      });
      while (!workers.every((w) => w.err().includes("taking chunks"))) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500)); // the workers' pools up
      // The main thread of each worker (its thread id is the process id): what it spends while the job runs is
      // the queue's work a chunk (the pool's own threads do the same work as the local pool's).
      const mainBefore = workers.map((w) => threadCpu(w.c.pid!).get(String(w.c.pid)) ?? 0);
      // The same battles as the local runs (the same seed); a job id of its own, or the stored results would answer.
      const job = `bench-${n}-${Date.now()}`;
      const r = timedRun([...common, "--queue", redis!.url, "--job", job]);
      const mainDuring = workers.reduce((s, w, i) => s + (threadCpu(w.c.pid!).get(String(w.c.pid)) ?? 0) - mainBefore[i]!, 0);
      // The workers' CPU from their start to the end of this job (start-up, pool, JIT warm-up: started for the job).
      const workerCpu = workers.reduce((s, w) => s + processCpu(w.c.pid!), 0);
      // More jobs on the same (now warm) workers, as a fleet's long-running workers take job after job: seeds
      // 2, 3, ..., so requests of their own with battles of the same cost (each worker keeps the set-up templates
      // of the lists it has played: analysis/matchup/play.ts; with 2 workers, each holds those of the chunks it
      // happened to take, so its share grows job by job); 1 and 2 workers must give the same results.
      const walls: number[] = [];
      for (let k = 0; k < WARM_JOBS; k++) {
        const seed = String(2 + k);
        const warmCpuBefore = workers.reduce((s, w) => s + processCpu(w.c.pid!), 0);
        const warm = timedRun([...common, "--seed", seed, "--queue", redis!.url, "--job", `${job}-warm-${seed}`]);
        const warmWorkerCpu = workers.reduce((s, w) => s + processCpu(w.c.pid!), 0) - warmCpuBefore;
        walls.push(warm.wallS);
        queueWarm[n] = { wallS: warm.wallS, cpuS: warm.cpuS + warmWorkerCpu, out: warm.out, coordinatorS: warm.cpuS };
        if (n === 2 && warm.out !== warmOuts[k]) throw new Error(`1 and 2 warm workers gave different results (seed ${seed})`);
        if (n === 1) warmOuts.push(warm.out);
      }
      warmWalls[n] = walls;
      // The coordinator again on the finished job: its start-up, BullMQ loaded, the results read back.
      const again = timedRun([...common, "--queue", redis!.url, "--job", job]);
      for (const w of workers) w.c.kill("SIGTERM");
      await Promise.all(workers.map((w) => w.exited));
      if (r.out !== local[1]!.out || again.out !== local[1]!.out) throw new Error("the queue gave another result than the local pool");
      const perChunkS = mainDuring + Math.max(0, r.cpuS - again.cpuS);
      queue[n] = { wallS: r.wallS, cpuS: r.cpuS + workerCpu, perChunkS, fixedS: again.cpuS, coordinatorS: r.cpuS };
      rows.push([`queue, ${n} tactica worker${n === 1 ? "" : "s"} (1 pool worker each)`, r.wallS.toFixed(1), `${queue[n]!.cpuS.toFixed(1)} (coordinator ${r.cpuS.toFixed(1)})`, (battles / r.wallS).toFixed(0), (battles / queue[n]!.cpuS).toFixed(0)]);
      console.log(rows.at(-1)!.join("  "));
      startUpWall[n] = again.wallS;
      const last = queueWarm[n]!;
      rows.push([`queue, ${n} tactica worker${n === 1 ? "" : "s"}, warm (their job ${WARM_JOBS + 1}, seed ${WARM_JOBS + 1})`, last.wallS.toFixed(1), `${last.cpuS.toFixed(1)} (coordinator ${last.coordinatorS.toFixed(1)})`, (battles / last.wallS).toFixed(0), (battles / last.cpuS).toFixed(0)]);
      console.log(rows.at(-1)!.join("  "));
    }
    say(table(["run", "wall s", "CPU s", "battles/s (wall)", "battles/s (CPU)"], rows));
    say("");
    say(`The same battles in every run (seed 1); every run's result identical, byte for byte. Default chunk: ${chunkGames} battles (${chunks} chunks).`);
    for (const n of [1, 2]) {
      const q = queue[n]!;
      const l = local[n]!;
      const chunkCpuMs = (1000 * l.cpuS) / chunks;
      const perChunkMs = (1000 * q.perChunkS) / chunks;
      say(
        `Queue overhead with ${n} worker${n === 1 ? "" : "s"} against the local pool with ${n}: wall ${pct((q.wallS - l.wallS) / l.wallS)}, CPU ${pct((q.cpuS - l.cpuS) / l.cpuS)} ` +
          `(${((1000 * (q.cpuS - l.cpuS)) / chunks).toFixed(1)} ms a chunk in all). A chunk's own: ${perChunkMs.toFixed(2)} ms of CPU ` +
          `(the workers' main threads during the job ${((1000 * (q.perChunkS - Math.max(0, q.coordinatorS - q.fixedS))) / chunks).toFixed(2)} ms, the coordinator beyond its start-up ${((1000 * Math.max(0, q.coordinatorS - q.fixedS)) / chunks).toFixed(2)} ms) ` +
          `= ${pct(perChunkMs / chunkCpuMs)} of a chunk's CPU on the local pool (${chunkCpuMs.toFixed(0)} ms); paid once: the coordinator's start-up ${q.fixedS.toFixed(2)} s ` +
          `(a second process, the CLI and BullMQ loaded, the results read back: its CPU on the finished job).`,
      );
    }
    say(
      `1 -> 2 warm tactica workers (a fleet's workers run job after job), job by job (seeds 2-${WARM_JOBS + 1}): ` +
        warmWalls[1]!.map((w1, k) => `${w1.toFixed(1)} s / ${warmWalls[2]![k]!.toFixed(1)} s = ${(w1 / warmWalls[2]![k]!).toFixed(2)}x`).join("; ") +
        `; CPU for the last job, 2 against 1: ${(queueWarm[2]!.cpuS / queueWarm[1]!.cpuS).toFixed(2)}x.`,
    );
    say(
      `The coordinator's own start-up (the CLI, BullMQ, the lists, the enqueue; its wall time on a finished job: ${startUpWall[1]!.toFixed(2)} s and ${startUpWall[2]!.toFixed(2)} s) is the same serial time for 1 and 2 workers, ` +
        `a fleet's job of millions of battles does not notice it: with it taken off both, the last warm job's 1 -> 2 ratio is ${((queueWarm[1]!.wallS - startUpWall[1]!) / (queueWarm[2]!.wallS - startUpWall[2]!)).toFixed(2)}x.`,
    );
    say(`1 -> 2 tactica workers started for the job (cold): ${(queue[1]!.wallS / queue[2]!.wallS).toFixed(2)}x (wall); local pool 1 -> 2: ${(local[1]!.wallS / local[2]!.wallS).toFixed(2)}x (wall); CPU for the job, 2 workers against 1: local ${(local[2]!.cpuS / local[1]!.cpuS).toFixed(2)}x, queue ${(queue[2]!.cpuS / queue[1]!.cpuS).toFixed(2)}x.`);
    say(`For scale, a pure CPU loop on 2 threads against 1 on this machine in the same run: ${(await twoThreadCeiling()).toFixed(2)}x. (Load average now: ${loadNow()}.)`);
    say("");
  } else if (parts.has("local")) {
    say(table(["run", "wall s", "CPU s", "battles/s (wall)", "battles/s (CPU)"], rows));
    say("");
  }

  // 3. Where the pool's CPU goes, per thread, cold and warm.
  if (parts.has("pool")) {
    const poolRows: string[][] = [];
    for (const w of [1, 2]) {
      const before = threadCpu("self");
      const client = await openOddsClient(w);
      await client.api.workers(); // the pool up
      for (const run of ["cold", "warm"] as const) {
        const r = { ...req, seed: run === "cold" ? 1 : 2 };
        const text = JSON.stringify(r);
        const t0 = threadCpu("self");
        const wall0 = Date.now();
        await runMatrix(r, (c) => client.api.matrixChunk(text, c), undefined, w * 2);
        const wallS = (Date.now() - wall0) / 1000;
        const t1 = threadCpu("self");
        // Threads that existed before the client: this main thread and V8's platform (background) threads; the
        // client's: its coordinator thread and the pool workers (the w busiest).
        const delta = [...t1].map(([id, c]) => ({ id, cpu: c - (run === "cold" ? (before.get(id) ?? 0) : (t0.get(id) ?? 0)), old: before.has(id) }));
        const mine = delta.filter((d) => !d.old).sort((a, b) => b.cpu - a.cpu);
        const poolS = mine.slice(0, w).reduce((s, d) => s + d.cpu, 0);
        const backgroundS = delta.filter((d) => d.old && d.id !== String(process.pid)).reduce((s, d) => s + d.cpu, 0);
        const allS = delta.reduce((s, d) => s + d.cpu, 0);
        poolRows.push([
          `${w} worker${w === 1 ? "" : "s"}, ${run}${run === "cold" ? " (start-up included)" : ""}`,
          wallS.toFixed(1),
          allS.toFixed(1),
          `${poolS.toFixed(1)} (${mine.slice(0, w).map((d) => d.cpu.toFixed(1)).join(" + ")})`,
          backgroundS.toFixed(1),
          (allS - poolS - backgroundS).toFixed(1),
          (battles / allS).toFixed(0),
        ]);
        console.log(poolRows.at(-1)!.join("  "));
      }
      await client.close();
    }
    say("Where the local pool's CPU goes (this process, CPU per thread from /proc; the same job, a cold pool then the same pool warm on another seed):");
    say("");
    say(table(["pool", "wall s", "CPU s", "pool workers s", "V8 background threads s (JIT compiler, GC)", "coordinator and main s", "battles/s (CPU)"], poolRows));
    say("");
    say(`(Load average now: ${loadNow()}.)`);
    say("");
  }

  // 4. The simulated fleet.
  if (parts.has("fleet")) {
    const SLEEP = 200;
    const fleetRows: string[][] = [];
    // 200 ms chunks find the queue's ceiling (chunks/s through one Redis on this machine); 2 s chunks, a ceiling's
    // worth of work for 256 consumers, show a fleet past 100 workers kept busy when its chunks are long enough.
    const fleet = [[1, 0], [8, SLEEP], [32, SLEEP], [128, SLEEP], [256, SLEEP], [128, 10 * SLEEP], [256, 10 * SLEEP]] as const;
    for (const [consumers, sleepMs] of fleet) {
      const perProcess = 32;
      const procs = Array.from({ length: Math.ceil(consumers / perProcess) }, (_, i) => {
        const k = Math.min(perProcess, consumers - i * perProcess);
        const c = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "analysis/bench/matrix-fleet-worker.ts"), redis!.url, String(k), String(sleepMs)], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        c.stdout.on("data", (d: Buffer) => (out += d.toString()));
        return { c, out: () => out, exited: new Promise((r) => c.once("exit", r)) };
      });
      while (!procs.every((p) => p.out().includes("ready"))) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1000));
      // Chunks of 1 battle: each consumer takes about 10 of them.
      const jobChunks = sleepMs === 0 ? 300 : consumers * 10;
      const fleetReq = matrixRequestSchema.parse({ lists: bundledRosters().slice(0, 2).map((r) => r.roster), plans: ["savage-gains"], games: jobChunks, chunkGames: 1, seed: 1000 + consumers + sleepMs }); // a job of its own per row: the same request would be answered from Redis
      const t0 = Date.now();
      const cpu0 = process.cpuUsage();
      await runMatrixOnQueue(fleetReq, { url: { host: "127.0.0.1", port: redis!.port, db: 0, tls: false, username: undefined, password: undefined }, job: `fleet-${consumers}-${sleepMs}-${Date.now()}` });
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
    say("");
  }
} finally {
  await redis?.stop();
}
say(`Machine: 2 cores, shared (load average at the end: ${spawnSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).stdout.trim()}).`);
if (["local", "queue", "pool", "fleet"].every((p) => parts.has(p))) writeFileSync(join(repoRoot, "analysis/bench/results/matrix.md"), `${lines.join("\n")}\n`);
