/**
 * `tactica matrix --queue` and `tactica worker` on a real redis-server (started here on 127.0.0.1; skipped,
 * saying so, when none is installed): the result is byte-identical to the local pool's with 2 worker
 * processes; a worker killed mid-chunk loses nothing (BullMQ's stalled-job check retries the chunk, its result
 * counted once); a coordinator restarted resumes from the stored results; connections dropped mid-job are
 * survived; foreign or corrupt messages fail their job with a logged reason and never stop a worker.
 */
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunksOf, matrixRequestSchema } from "../../analysis/matrix/request.js";
import { jobIdOf, QUEUE_NAME } from "../../analysis/matrix/queue.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { type CliProcess, startTactica as start, tactica } from "../support/cli.js";
import { type RedisHandle, redisServerPath, startRedis } from "../support/redis.js";

const hasRedis = redisServerPath() !== null;
if (!hasRedis) console.warn("test/matrix/queue.test.ts: skipped — no redis-server on PATH (apt-get install redis-server; .ci/run does)");

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM, and the exit within 45 s (a worker's close is bounded by its lock, 30 s by default): else killed, and an error with its log. */
async function stopWorker(p: CliProcess): Promise<string> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGTERM");
  const code = await Promise.race([p.exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 45_000))]);
  if (code === "hung") {
    p.child.kill("SIGKILL");
    throw new Error(`tactica worker did not exit within 45 s of SIGTERM\n--- its stderr:\n${p.err().slice(-3000)}`);
  }
  return p.out();
}

/** A client's close, not waited for past 5 s (after dropped connections a close can wait for ever). */
const closed = (p: Promise<unknown>) => Promise.race([p.catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);

const names = bundledRosters().map((r) => r.roster.name);
const LISTS = [names[0]!, names[2]!, names[4]!];
const SMALL = [...LISTS, "--plans", "savage-gains,the-vice", "--games", "6", "--chunk", "2", "--seed", "5", "--json"];

describe.skipIf(!hasRedis)("[MATRIX-QUEUE] tactica matrix --queue with tactica worker", () => {
  let redis: RedisHandle;
  let local: string;
  beforeAll(async () => {
    redis = await startRedis();
    const r = tactica(["matrix", ...SMALL, "--workers", "1"]);
    expect(r.code).toBe(0);
    local = r.out;
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("2 worker processes: the same result, byte for byte, as the local pool; each chunk played once", async () => {
    const workers = [start(["worker", "--queue", redis.url, "--workers", "1"]), start(["worker", "--queue", redis.url, "--workers", "1"])];
    const coord = start(["matrix", ...SMALL, "--queue", redis.url]);
    expect(await coord.exited).toBe(0);
    expect(coord.out()).toBe(local);
    const outs = await Promise.all(workers.map(stopWorker));
    const played = outs.map((o) => Number(/(\d+) chunks played/.exec(o)?.[1]));
    // 3 pairings x 2 plans x 3 chunks of 2 battles.
    expect(played[0]! + played[1]!).toBe(18);
    // Run again: the job (the request's hash) is done; its results are read back, nothing is played.
    const again = start(["matrix", ...SMALL, "--queue", redis.url]);
    expect(await again.exited).toBe(0);
    expect(again.out()).toBe(local);
  });

  it("--idle-exit: a worker stops by itself (exit 0) once the queue has had nothing for it that long, after playing the job", async () => {
    const worker = start(["worker", "--queue", redis.url, "--workers", "1", "--idle-exit", "6"]);
    // A job of its own (another seed): 3 pairings x 1 plan x 1 chunk of 2 battles.
    const coord = start(["matrix", ...LISTS, "--plans", "savage-gains", "--games", "2", "--seed", "51", "--json", "--queue", redis.url]);
    expect(await coord.exited).toBe(0);
    const t0 = Date.now();
    expect(await worker.exited).toBe(0);
    const waited = Date.now() - t0;
    expect(worker.out()).toMatch(/^worker: 3 chunks played, 0 rejected/);
    expect(worker.err()).toContain("no chunk for 6 s: stopping (--idle-exit)");
    // It waited the idle time after its last chunk (the coordinator collects within a poll of it), and not
    // much longer: the time, a poll and its close. (6 s: long enough for the coordinator to start under load.)
    expect(waited).toBeGreaterThanOrEqual(4000);
    expect(waited).toBeLessThan(30_000);
  });

  it("--idle-exit out of range is refused with the field named, exit 2", () => {
    const r = tactica(["worker", "--queue", redis.url, "--idle-exit", "0"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("idle-exit");
    expect(r.err).toContain("must be at least 1 second");
  });

  it("a worker killed mid-chunk: BullMQ's stalled check gives the chunk to another worker; the result is unchanged", async () => {
    // Two chunks of 400 battles each (a second or more of work each): worker 1 takes both and is killed while
    // playing; worker 2, started after, retries them once their locks (2 s) lapse.
    const args = [names[1]!, names[3]!, "--plans", "first-blood", "--games", "800", "--chunk", "400", "--seed", "9", "--json"];
    const want = tactica(["matrix", ...args, "--workers", "1"]);
    expect(want.code).toBe(0);
    const req = matrixRequestSchema.parse({ lists: [names[1], names[3]].map((n) => bundledRosters().find((r) => r.roster.name === n)!.roster), plans: ["first-blood"], games: 800, chunkGames: 400, seed: 9 });
    const job = jobIdOf(JSON.stringify(req));
    const conn = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: conn });
    try {
      const w1 = start(["worker", "--queue", redis.url, "--workers", "1", "--lock", "2"]);
      const coord = start(["matrix", ...args, "--queue", redis.url]);
      await until("worker 1 to hold a chunk", async () => (await queue.getActiveCount()) > 0);
      expect(await conn.hlen(`tactica:matrix:${job}:results`)).toBe(0);
      w1.child.kill("SIGKILL");
      await w1.exited;
      const w2 = start(["worker", "--queue", redis.url, "--workers", "1", "--lock", "2"]);
      expect(await coord.exited).toBe(0);
      expect(coord.out()).toBe(want.out);
      await stopWorker(w2);
      expect(w2.err()).toMatch(/stalled \(its worker stopped\): queued again/);
      expect(await conn.llen(`tactica:matrix:${job}:done`)).toBe(2); // each chunk's result counted once
    } finally {
      await closed(queue.close());
      conn.disconnect();
    }
  }, 180_000); // three worker pools and 1,600 battles: about 45 s at a load of 16 on 2 cores

  it("a coordinator restarted with the same job id resumes; dropped connections are survived", async () => {
    const t0 = Date.now();
    const args = [...LISTS, "--plans", "tooth-and-nail", "--games", "8", "--chunk", "1", "--seed", "11", "--json"];
    const want = tactica(["matrix", ...args, "--workers", "1"]);
    const conn = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: conn.duplicate() });
    try {
      // The coordinator alone (no worker yet): it stores the request and enqueues; stopped, then a worker plays some.
      const first = start(["matrix", ...args, "--queue", redis.url, "--job", "resume-test"]);
      await until("the chunks to be enqueued", async () => (await conn.exists("tactica:matrix:resume-test:request")) === 1 && (await queue.getWaitingCount()) >= 24);
      first.child.kill("SIGKILL");
      await first.exited;
      // A 10 s lock: the stop after dropped connections (a graceful close for a lock's length, then forced) then takes
      // at most ~18 s, well inside stopWorker's 45 s on a loaded machine (30 s, the default, left it ~38 s).
      const w = start(["worker", "--queue", redis.url, "--workers", "1", "--lock", "10"]);
      await until("some results", async () => (await conn.llen("tactica:matrix:resume-test:done")) >= 4);
      const second = start(["matrix", ...args, "--queue", redis.url, "--job", "resume-test"]);
      // Drop every client connection (the worker's and the coordinator's) twice while the job runs.
      for (let i = 0; i < 2; i++) {
        await new Promise((r) => setTimeout(r, 300));
        await conn.client("KILL", "TYPE", "normal", "SKIPME", "yes");
      }
      // Bounded, so a hang says where it stood: the coordinator's and the worker's logs.
      // (within the test's own timeout, so that what it prints is seen)
      const bound = Math.max(10_000, 170_000 - (Date.now() - t0)); // leaves the worker's stop (45 s at most) inside the 240 s
      const code = await Promise.race([second.exited, new Promise<string>((r) => setTimeout(() => r(`no exit in ${Math.round(bound / 1000)} s`), bound))]);
      if (code !== 0) throw new Error(`the resumed coordinator: ${code}\n--- coordinator stderr:\n${second.err().slice(-3000)}\n--- worker stderr:\n${w.err().slice(-3000)}`);
      expect(second.out()).toBe(want.out);
      expect(second.err()).toMatch(/job resume-test: \d+ of 24 chunks already done \(resumed\)/);
      await stopWorker(w);
      expect(await conn.llen("tactica:matrix:resume-test:done")).toBe(24);
    } finally {
      await closed(queue.close());
      conn.disconnect();
    }
  }, 240_000); // two runs of the job, a restart and a redis-server restart: 33 s at a load of 16, over 60 s in a CI run with the other test files

  it("foreign and corrupt messages are rejected with a reason; the worker goes on; a corrupt stored result is played again", async () => {
    const conn = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: conn });
    try {
      const w = start(["worker", "--queue", redis.url, "--workers", "1"]);
      await queue.add("email", { to: "someone" }, { jobId: "foreign-1" });
      await queue.add("chunk", { v: 1, job: "x", chunk: { index: 0, pair: 0, plan: "nope", from: 0, to: 1 } }, { jobId: "bad-plan" });
      await queue.add("chunk", "not an object", { jobId: "bad-text" });
      await queue.add("chunk", { v: 1, job: "no-such-job", chunk: { index: 0, pair: 0, plan: "savage-gains", from: 0, to: 1 } }, { jobId: "bad-job" });
      await conn.set("tactica:matrix:evil:request", '{"lists": "all of them"}');
      await queue.add("chunk", { v: 1, job: "evil", chunk: { index: 0, pair: 0, plan: "savage-gains", from: 0, to: 1 } }, { jobId: "bad-request" });
      await until("the five to fail", async () => (await queue.getFailedCount()) >= 5, 30_000);
      const reasons = Object.fromEntries((await queue.getFailed()).map((j) => [j.id, j.failedReason]));
      expect(reasons["foreign-1"]).toMatch(/"email" is not a tactica matrix chunk/);
      expect(reasons["bad-plan"]).toMatch(/bad payload: chunk\.plan/);
      expect(reasons["bad-text"]).toMatch(/bad payload: data/);
      expect(reasons["bad-job"]).toMatch(/job no-such-job: no request stored/);
      expect(reasons["bad-request"]).toMatch(/job evil: the stored request is not a valid matrix/);
      expect(w.err()).toMatch(/chunk foreign-1 failed: .*not a tactica matrix chunk/);
      await queue.clean(0, 100, "failed");
      // A corrupt result stored for a finished job: the coordinator drops it and the chunk is played again.
      const req = matrixRequestSchema.parse({ lists: LISTS.map((n) => bundledRosters().find((r) => r.roster.name === n)!.roster), plans: ["savage-gains", "the-vice"], games: 6, chunkGames: 2, seed: 5 });
      const job = jobIdOf(JSON.stringify(req));
      expect(chunksOf(req)).toHaveLength(18);
      await conn.hset(`tactica:matrix:${job}:results`, "3", '{"games":2,"draws":0,"wins":[5,0],"vp":[1,1],"vp2":[1,1]}', "7", "not json");
      const coord = start(["matrix", ...SMALL, "--queue", redis.url]);
      expect(await coord.exited).toBe(0);
      expect(coord.out()).toBe(local);
      expect(coord.err()).toMatch(/result of chunk 3 rejected: wins and draws do not add up/);
      expect(coord.err()).toMatch(/result of chunk 7 rejected: not JSON/);
      expect(w.child.exitCode).toBe(null); // still running
      await stopWorker(w);
    } finally {
      await closed(queue.close());
      conn.disconnect();
    }
  });
});
