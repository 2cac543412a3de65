/**
 * `tactica matrix --queue` and `tactica worker` when Redis cannot be reached: at the start both give up after
 * CONNECT_WAIT_MS (5 s) with one line naming --queue, exit 2 (they used to reconnect for ever, printing each
 * refusal); those need no redis-server (the address is a port just closed, which refuses connections). A worker
 * whose redis-server goes away mid-run (a real one, started here; skipped, saying so, without one): it stops
 * after --offline-exit S (exit 1), --idle-exit still ends it (exit 0), and a SIGTERM ends it without waiting on
 * the connection; a coordinator whose redis-server goes away gives up after 60 s (exit 1), saying the job can be
 * resumed. Times are asserted only as generous safety nets; the messages and exit codes exactly.
 */
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { type CliProcess, startTactica as start, tactica } from "../support/cli.js";
import { freePort, redisServerPath, startRedis } from "../support/redis.js";

const hasRedis = redisServerPath() !== null;
if (!hasRedis) console.warn("test/matrix/queue-connect.test.ts: the mid-run tests skipped — no redis-server on PATH (apt-get install redis-server; .ci/run does)");

/** Waits (polling) until `cond`; a safety net of `ms` for a hang, with the process's log in the error. */
async function until(what: string, cond: () => boolean, p: CliProcess, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n--- its stderr:\n${p.err().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The exit code, or (after `ms`, a safety net) the process killed and an error with its log. */
async function exitOf(p: CliProcess, what: string, ms = 30_000): Promise<number | null> {
  const code = await Promise.race([p.exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), ms))]);
  if (code === "hung") {
    p.child.kill("SIGKILL");
    throw new Error(`${what}: no exit within ${ms / 1000} s\n--- its stderr:\n${p.err().slice(-3000)}`);
  }
  return code;
}

const ARMIES = ["Mortek Shieldwall", "Hammers of the Warrior Chamber"];

describe("[QUEUE-CONNECT] an unreachable --queue", () => {
  it("tactica matrix --queue: exit 2, one line naming --queue and the refusal, no retries printed", async () => {
    const port = await freePort();
    // The bound is a safety net for a hang (the run takes ~6 s: the 5 s wait and the start-up), not a timing check.
    const r = tactica(["matrix", ...ARMIES, "--games", "2", "--plans", "the-vice", "--queue", `redis://127.0.0.1:${port}`], undefined, 60_000);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tactica: --queue: cannot reach Redis at redis://127.0.0.1:${port} (connect ECONNREFUSED)\n`);
    expect(r.out).toBe("");
  });

  it("tactica worker --queue (with --idle-exit): exit 2, the same line; the password is not shown", async () => {
    const port = await freePort();
    const r = tactica(["worker", "--queue", `redis://someone:secret@127.0.0.1:${port}/2`, "--workers", "1", "--idle-exit", "2"], undefined, 60_000);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tactica: --queue: cannot reach Redis at redis://127.0.0.1:${port}/2 (connect ECONNREFUSED)\n`);
    expect(r.out).toBe("");
  });
});

describe("[QUEUE-CONNECT] worker options", () => {
  it("--offline-exit out of range is refused with the field named, exit 2 (before any connection)", async () => {
    const r = tactica(["worker", "--queue", `redis://127.0.0.1:${await freePort()}`, "--offline-exit", "0"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("tactica: worker: offline-exit: must be at least 1 second\n");
  });
});

describe.skipIf(!hasRedis)("[QUEUE-CONNECT] a worker whose redis-server goes away mid-run", () => {
  /** A worker on a fresh redis-server, which is stopped once the worker has said it takes chunks. */
  async function workerThenRedisGone(args: string[]) {
    const redis = await startRedis();
    const w = start(["worker", "--queue", redis.url, "--workers", "1", ...args]);
    try {
      await until("the worker to start", () => w.err().includes("taking chunks from"), w);
    } catch (e) {
      w.child.kill("SIGKILL");
      await redis.stop();
      throw e;
    }
    await redis.stop();
    return { w, url: redis.url };
  }

  it("--offline-exit 2: it stops with exit 1, saying why, once 2 s have passed without a connection", async () => {
    const { w, url } = await workerThenRedisGone(["--offline-exit", "2"]);
    expect(await exitOf(w, "the worker without Redis")).toBe(1);
    expect(w.err()).toContain(`worker: no connection to Redis at ${url} for 2 s: stopping (--offline-exit)\n`);
    expect(w.err().endsWith(`tactica: worker: no connection to Redis at ${url} for 2 s (--offline-exit): stopped\n`)).toBe(true);
    expect(w.out()).toMatch(/^worker: 0 chunks played, 0 rejected/);
    // The refusal is printed once a client while it lasts, not at each reconnection attempt.
    expect(w.err().match(/worker: redis: connect ECONNREFUSED/g)?.length).toBe(1);
  });

  it("--idle-exit counts the time without a connection: it stops with exit 0 (the default --offline-exit, 60 s, is far off)", async () => {
    const { w } = await workerThenRedisGone(["--idle-exit", "3"]);
    expect(await exitOf(w, "the idle worker without Redis")).toBe(0);
    expect(w.err()).toMatch(/worker: no chunk for 3 s( \(no connection to Redis for \d+ s\))?: stopping \(--idle-exit\)\n/);
    expect(w.out()).toMatch(/^worker: 0 chunks played, 0 rejected/);
  });

  it("SIGTERM without a connection: it stops at once (nothing in hand can be saved), exit 0", async () => {
    const { w } = await workerThenRedisGone([]);
    await until("the lost connection to be seen", () => w.err().includes("connect ECONNREFUSED"), w);
    w.child.kill("SIGTERM");
    expect(await exitOf(w, "the worker after SIGTERM")).toBe(0);
    expect(w.err()).toContain("worker: stopping: no connection to Redis, so the chunks in hand are left to other workers\n");
    expect(w.out()).toMatch(/^worker: 0 chunks played, 0 rejected/);
  });
});

describe.skipIf(!hasRedis)("[QUEUE-CONNECT] a coordinator whose redis-server goes away mid-job", () => {
  it("it gives up after 60 s without a connection: exit 1, saying how many chunks were in and that the same command resumes", async () => {
    const redis = await startRedis();
    const conn = new Redis(redis.port, "127.0.0.1", { maxRetriesPerRequest: 1, retryStrategy: () => null });
    conn.on("error", () => {});
    // No worker: the coordinator stores the request, enqueues its 1 chunk and waits for it.
    const coord = start(["matrix", ...ARMIES, "--games", "2", "--plans", "the-vice", "--json", "--queue", redis.url, "--job", "gone-mid-job"]);
    try {
      // Enqueued: its BullMQ job (id JOB-INDEX) is stored. (Polled: a safety net of 60 s, with the log.)
      const end = Date.now() + 60_000;
      while ((await conn.exists("bull:tactica-matrix:gone-mid-job-0")) === 0) {
        if (Date.now() > end || coord.child.exitCode !== null) throw new Error(`the chunk was not enqueued\n--- its stderr:\n${coord.err().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      conn.disconnect();
      await redis.stop();
    }
    // 60 s (RECONNECT_LIMIT_MS) and the start-up; 150 s is a safety net for a loaded machine.
    expect(await exitOf(coord, "the coordinator without Redis", 150_000)).toBe(1);
    expect(coord.err().endsWith(`tactica: matrix: lost the connection to Redis at ${redis.url} for 60 s: stopped with 0 of 1 chunks in (the results are kept in Redis: the same command resumes job gone-mid-job)\n`)).toBe(true);
    expect(coord.out()).toBe("");
  }, 180_000);
});
