/**
 * `tactica worker --queue redis://...`: takes `tactica matrix --queue` chunks from the BullMQ queue and plays
 * them in this machine's worker pool until stopped (SIGINT/SIGTERM finish the chunks in hand first; a second
 * signal stops at once; without a connection to Redis nothing in hand is waited for), or with `--idle-exit S`
 * once no chunk has been in hand for S seconds (a fleet of rented machines stops with the queue; time without
 * a connection counts), or with exit 1 after `--offline-exit S` (default 60) without a connection to Redis.
 * A Redis that cannot be reached at the start is refused within CONNECT_WAIT_MS (exit 2).
 */
import { availableParallelism } from "node:os";
import { z } from "zod";
import { WORKER_USAGE } from "./usage.js";
import { parseCommandArgs } from "./args.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { checkReachable, queueUrlSchema, RECONNECT_LIMIT_MS, shownUrl, startQueueWorker } from "../../analysis/matrix/queue.js";
import { openOddsClient } from "../../workers/client.node.js";

const optionsSchema = z.strictObject({
  queue: z.string().min(1).max(400),
  workers: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(64, "must be at most 64").optional(),
  lock: z.coerce.number<string>().min(1, "must be at least 1 second").max(3600, "must be at most 3600 seconds").default(30),
  "idle-exit": z.coerce.number<string>().min(1, "must be at least 1 second").max(604_800, "must be at most 604800 seconds (7 days)").optional(),
  "offline-exit": z.coerce.number<string>().min(1, "must be at least 1 second").max(86_400, "must be at most 86400 seconds (1 day)").default(RECONNECT_LIMIT_MS / 1000),
});

export async function workerCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { queue: { type: "string" }, workers: { type: "string" }, lock: { type: "string" }, "idle-exit": { type: "string" }, "offline-exit": { type: "string" } });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${WORKER_USAGE}`);
  if (values.queue === undefined) throw new InputError("worker: --queue redis://HOST:PORT is required (tactica worker --help)");
  const opts = parseOrThrow(optionsSchema, values, "worker");
  const url = parseOrThrow(queueUrlSchema, opts.queue, "--queue");
  const workers = opts.workers ?? Math.max(1, availableParallelism());
  await checkReachable(url); // an unreachable Redis: exit 2 within CONNECT_WAIT_MS, before the pool is started
  const client = await openOddsClient(workers);
  const log = (s: string) => void process.stderr.write(`worker: ${s}\n`);
  const worker = startQueueWorker({ url, concurrency: workers * 2, lockMs: Math.round(opts.lock * 1000), play: (text, chunk) => client.api.matrixChunk(text, chunk), log });
  log(`taking chunks from ${url.host}:${url.port} with ${workers} pool worker${workers === 1 ? "" : "s"}`);
  const idleMs = opts["idle-exit"] === undefined ? null : Math.round(opts["idle-exit"] * 1000);
  const offlineMs = Math.round(opts["offline-exit"] * 1000);
  // Why it stops: a signal, --idle-exit (time without a connection is time without a chunk: it counts), or
  // --offline-exit (no connection to Redis for that long: exit 1).
  const why = await new Promise<"signal" | "idle" | "offline">((resolve) => {
    const poll = setInterval(() => {
      const a = worker.activity();
      if (idleMs !== null && a.busy === 0 && Date.now() - a.lastMs >= idleMs) stop("idle");
      else if (worker.offlineMs() >= offlineMs) stop("offline");
    }, Math.min(1000, idleMs ?? 1000));
    const stop = (reason: "signal" | "idle" | "offline") => {
      clearInterval(poll);
      resolve(reason);
    };
    const onSignal = () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      // A second signal while the first one's close waits for chunks in hand: stop now.
      const again = () => {
        log("stopping now (a second signal)");
        process.exit(1);
      };
      process.once("SIGINT", again);
      process.once("SIGTERM", again);
      stop("signal");
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  });
  const offline = worker.offlineMs();
  if (why === "idle") log(`no chunk for ${opts["idle-exit"]} s${offline > 0 ? ` (no connection to Redis for ${Math.round(offline / 1000)} s)` : ""}: stopping (--idle-exit)`);
  else if (why === "offline") log(`no connection to Redis at ${shownUrl(url)} for ${opts["offline-exit"]} s: stopping (--offline-exit)`);
  else log(offline > 0 ? "stopping: no connection to Redis, so the chunks in hand are left to other workers" : "stopping: the chunks in hand are finished first");
  await worker.close();
  log("the queue is closed; stopping the pool");
  // Without a connection the chunks in hand cannot be saved: the pool is not waited for past 5 s.
  await (offline > 0 ? Promise.race([client.close(), new Promise((r) => setTimeout(r, 5_000).unref())]) : client.close());
  const s = worker.stats();
  const cpu = process.cpuUsage();
  out(`worker: ${s.played} chunks played, ${s.rejected} rejected, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU`);
  // After dropped connections, BullMQ's closed Workers can leave retry timers re-arming for ever (seen: three
  // Timeouts and nothing else alive once the queue and the pool were closed), which would keep this process running
  // after its work is done: it ends 1 s after the command returns if anything is still pending (an unref'd timer
  // fires only then; otherwise the process has already exited on its own).
  setTimeout(() => process.exit(), 1_000).unref();
  if (why === "offline") throw new Error(`worker: no connection to Redis at ${shownUrl(url)} for ${opts["offline-exit"]} s (--offline-exit): stopped`);
  return 0;
}
