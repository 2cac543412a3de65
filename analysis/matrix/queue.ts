/**
 * A matrix job on a BullMQ queue (Redis): the coordinator (`tactica matrix --queue URL`) stores the request
 * once, enqueues one BullMQ job a chunk, and collects the chunks' tallies; any number of `tactica worker
 * --queue URL` processes, on any machine, take chunks and play them in their local worker pool.
 *
 * Keys, for job id J (by default a hash of the request, so the same command is the same job):
 *   tactica:matrix:J:request  the request's JSON text (set once; a different request under J is refused)
 *   tactica:matrix:J:results  a hash: chunk index -> the chunk's tally (JSON), written with HSETNX
 *   tactica:matrix:J:done     a list of chunk indexes in the order their first result arrived
 *   tactica:matrix:J:wake     a signal list: one entry a result counted, for the coordinator's blocking wait
 * A result is counted once: a worker writes it with one Lua script (HSETNX, and only when that set it, RPUSH
 * to `done`); a chunk retried after its worker died and then also finished by the first worker leaves one
 * result. A coordinator restarted with the same job id reads the results stored and enqueues only the
 * chunks missing. Chunks that a dead worker held are retried by BullMQ's stalled-job check (a lock that is not
 * renewed within lockDuration). Every value read back from Redis crosses a zod schema: a job payload that
 * fails it fails that job (UnrecoverableError, logged with the reason), never the worker; a stored result
 * that fails it is dropped and its chunk enqueued again.
 */
import { createHash } from "node:crypto";
import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { InputError, parseOrThrow } from "../../src/core/errors.js";
import { checkChunk, chunksOf, type MatrixChunk, matrixChunkSchema, type MatrixRequest } from "./request.js";
import { matrixResult, type MatrixResult } from "./report.js";
import type { MatrixProgress } from "./run.js";
import { type CellTally, cellTallySchema } from "./tally.js";
import { matrixRequestOf } from "./task.js";

export const QUEUE_NAME = "tactica-matrix";
/** A worker that has taken no chunk for this long while chunks wait is made again (startQueueWorker's watchdog). */
export const WATCHDOG_MS = 10_000;
/** Results and requests are kept this long after they were last written (a job can be resumed or re-read). */
export const RESULT_TTL_SECONDS = 7 * 24 * 3600;

/** redis://[user:password@]host:port[/db] or rediss:// (TLS). */
export const queueUrlSchema = z
  .string()
  .min(1)
  .max(400)
  .transform((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a URL such as redis://127.0.0.1:6379" });
      return z.NEVER;
    }
    if (u.protocol !== "redis:" && u.protocol !== "rediss:") {
      ctx.addIssue({ code: "custom", message: `must start redis:// or rediss:// (not ${u.protocol.slice(0, 20)})` });
      return z.NEVER;
    }
    const port = u.port === "" ? 6379 : Number(u.port);
    const db = u.pathname === "" || u.pathname === "/" ? 0 : Number(u.pathname.slice(1));
    if (!u.hostname || !Number.isInteger(port) || port < 1 || port > 65535) {
      ctx.addIssue({ code: "custom", message: "needs a host and a port from 1 to 65535" });
      return z.NEVER;
    }
    if (!Number.isInteger(db) || db < 0 || db > 15) {
      ctx.addIssue({ code: "custom", message: "the database (/N) must be a whole number from 0 to 15" });
      return z.NEVER;
    }
    return { host: u.hostname.replace(/^\[|\]$/g, ""), port, db, tls: u.protocol === "rediss:", username: decodeURIComponent(u.username) || undefined, password: decodeURIComponent(u.password) || undefined };
  });
export type QueueUrl = z.output<typeof queueUrlSchema>;

export const jobIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "1 to 64 letters, digits, '.', '_' or '-'");

/** A BullMQ job's payload: which matrix job, which chunk. */
export const chunkJobSchema = z.strictObject({ v: z.literal(1), job: jobIdSchema, chunk: matrixChunkSchema });
export type ChunkJobData = z.output<typeof chunkJobSchema>;

/** The URL as shown in messages: scheme, host, port and database, never the user name or password. */
export function shownUrl(url: QueueUrl): string {
  return `${url.tls ? "rediss" : "redis"}://${url.host.includes(":") ? `[${url.host}]` : url.host}:${url.port}${url.db ? `/${url.db}` : ""}`;
}

/**
 * How long `tactica matrix --queue` and `tactica worker` try to reach Redis when they start before they give up
 * (exit 2, `--queue: cannot reach Redis at URL (why)`): attempts 0.25, 0.5, 1 and 2 s apart, each bounded by what
 * is left of it, so an address that refuses, never answers, or is not Redis is reported within about this long.
 */
export const CONNECT_WAIT_MS = 5_000;

const connectionOptions = (url: QueueUrl) => ({
  host: url.host,
  port: url.port,
  db: url.db,
  ...(url.username ? { username: url.username } : {}),
  ...(url.password ? { password: url.password } : {}),
  ...(url.tls ? { tls: {} } : {}),
});

/** A connection error in a few words: `connect ECONNREFUSED`, `getaddrinfo ENOTFOUND`, or Redis's reply (WRONGPASS ...). */
function reasonOf(e: unknown): string {
  const err = e as { code?: unknown; syscall?: unknown; message?: unknown } | null;
  if (err && typeof err.code === "string" && typeof err.syscall === "string") return `${err.syscall} ${err.code}`;
  return String(err?.message ?? e).split("\n")[0]!.slice(0, 160);
}

/**
 * Resolves once Redis at `url` answers a PING; else, after `waitMs`, an InputError naming --queue. Each attempt is
 * a client of its own that never reconnects (the queue's clients, made after, reconnect by themselves).
 */
export async function checkReachable(url: QueueUrl, waitMs = CONNECT_WAIT_MS): Promise<void> {
  const end = Date.now() + waitMs;
  let why: string | undefined;
  let refused = false;
  for (let attempt = 0; ; attempt++) {
    const left = Math.max(100, end - Date.now());
    const probe = new Redis({ ...connectionOptions(url), lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: left, disconnectTimeout: 100 });
    let erred = false;
    const said = (e: unknown) => {
      // A socket's error (connect ECONNREFUSED) or Redis's reply says why; ioredis's own complaints that follow
      // one ("Stream isn't writeable...") do not replace it.
      const telling = (e as Error)?.name === "ReplyError" || typeof (e as { syscall?: unknown })?.syscall === "string";
      if (erred && !telling) return;
      erred = true;
      why = reasonOf(e);
      // Redis answered and said no (a wrong password, say): asking again will not change that.
      if ((e as Error)?.name === "ReplyError") refused = true;
    };
    probe.on("error", said);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), left)));
      const r = await Promise.race([probe.connect().then(() => probe.ping()), timeout]);
      if (r !== "timeout") return;
      if (!erred) why = `no answer in ${waitMs / 1000} s`;
    } catch (e) {
      // ioredis rejects connect() with a bare "Connection is closed."; the cause came as an "error" event.
      if (!erred || (e as Error)?.name === "ReplyError") said(e);
    } finally {
      clearTimeout(timer);
      probe.disconnect();
    }
    const pause = Math.min(250 * 2 ** attempt, 2_000, end - Date.now());
    if (refused || pause <= 0) break;
    await new Promise((r) => setTimeout(r, pause));
  }
  throw new InputError(`--queue: cannot reach Redis at ${shownUrl(url)} (${why ?? "no answer"})`);
}

/**
 * How long a connection lost mid-run is tried again before it is given up: the coordinator's clients then end
 * (their commands fail, and `tactica matrix` stops with exit 1, its results kept in Redis for a re-run to resume),
 * and `tactica worker` stops with exit 1 (its --offline-exit, this by default).
 */
export const RECONNECT_LIMIT_MS = 60_000;

/** When each client (its options object: ioredis calls retryStrategy as `options.retryStrategy(n)`) lost its connection. */
const lostAt = new WeakMap<object, number>();

/**
 * ioredis's retryStrategy: attempts 0.25, 0.5, 1, then 2 s apart (its count starts again at each connection made),
 * and none after `limitMs` without a connection. A client's duplicates (BullMQ's) share the function; each keeps its
 * own time (keyed by its options object).
 */
function reconnectFor(limitMs: number) {
  return function retryStrategy(this: unknown, times: number): number | null {
    const now = Date.now();
    const key = typeof this === "object" && this !== null ? this : null;
    if (key && (times === 1 || !lostAt.has(key))) lostAt.set(key, now);
    const since = key ? now - lostAt.get(key)! : times * 2_000;
    if (since >= limitMs) return null;
    return Math.min(250 * 2 ** (times - 1), 2_000);
  };
}

/** A client for the queue; `reconnectMs`: how long a lost connection is tried again (Infinity: for ever). */
export function redisFor(url: QueueUrl, reconnectMs = RECONNECT_LIMIT_MS): Redis {
  return new Redis({
    ...connectionOptions(url),
    // BullMQ's blocking commands need it; the coordinator's own calls wait for a reconnection too.
    maxRetriesPerRequest: null,
    connectTimeout: 5_000,
    retryStrategy: reconnectFor(reconnectMs),
  });
}

/**
 * The connection's errors, logged once until it is made again (a Redis that is down would otherwise print its
 * refusal at each attempt, every 2 s); `what` names the client in the log.
 */
function logErrors(client: Redis, what: string, log: QueueLog): void {
  let last = "";
  client.on("ready", () => (last = ""));
  client.on("error", (e: Error) => {
    if (e.message === last) return;
    last = e.message;
    log(`${what}: ${e.message}`);
  });
}

const keys = (job: string) => ({ request: `tactica:matrix:${job}:request`, results: `tactica:matrix:${job}:results`, done: `tactica:matrix:${job}:done`, wake: `tactica:matrix:${job}:wake` });

/** The default job id: the request's hash (the same request, the same job: a re-run resumes it). */
export function jobIdOf(requestText: string): string {
  return `m${createHash("sha256").update(requestText).digest("hex").slice(0, 16)}`;
}

const bullJobId = (job: string, index: number) => `${job}-${index}`;

/**
 * HSETNX the result; when it was the first, RPUSH the index to `done` and a signal to `wake` (the coordinator
 * blocks on it: runMatrixOnQueue). 1 if counted now, 0 if it already was.
 */
const SAVE_RESULT = `if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('RPUSH', KEYS[2], ARGV[1])
  redis.call('RPUSH', KEYS[3], 1)
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
  redis.call('EXPIRE', KEYS[3], ARGV[3])
  return 1
end
return 0`;

/**
 * The `done` entries from ARGV[1] on (at most ARGV[2]), each followed by its stored result ("" if none), and
 * the `wake` signals cleared in the same step: a result counted after this script rings `wake` again, so the
 * coordinator's wait never misses one. One round trip for what took two (LRANGE, then HMGET).
 */
const READ_DONE = `local fresh = redis.call('LRANGE', KEYS[1], ARGV[1], ARGV[1] + ARGV[2] - 1)
redis.call('DEL', KEYS[2])
local out = {}
for i, index in ipairs(fresh) do
  out[2 * i - 1] = index
  out[2 * i] = redis.call('HGET', KEYS[3], index) or ''
end
return out`;
const READ_MAX = 10_000;

export interface QueueLog {
  (line: string): void;
}

/** A stored result, checked: its schema, and the battles its chunk holds. */
function readResult(text: string | null, chunk: MatrixChunk): CellTally | string {
  if (text === null) return "missing";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  const r = cellTallySchema.safeParse(json);
  if (!r.success) return r.error.issues[0]?.message ?? "not a tally";
  if (r.data.games !== chunk.to - chunk.from) return `${r.data.games} battles for a chunk of ${chunk.to - chunk.from}`;
  return r.data as CellTally;
}

export interface QueueRunOptions {
  url: QueueUrl;
  /** The job's id (default: jobIdOf the request). */
  job?: string;
  onProgress?: (p: MatrixProgress) => void;
  log?: QueueLog;
  /**
   * The longest the coordinator waits between two looks at the results (it is woken at once by each result a
   * worker counts: a blocking BLPOP on the job's `wake` list; this bound covers a lost signal and a worker
   * of an older build, which rings none).
   */
  pollMs?: number;
}

/**
 * The coordinator: stores the request, enqueues the chunks not yet done, collects results until all are in,
 * and returns the same result as runMatrix would (matrixResult over the tallies in chunk order).
 */
export async function runMatrixOnQueue(req: MatrixRequest, opts: QueueRunOptions): Promise<MatrixResult & { job: string }> {
  const log = opts.log ?? (() => {});
  const text = JSON.stringify(req);
  const job = opts.job === undefined ? jobIdOf(text) : parseOrThrow(jobIdSchema, opts.job, "--job");
  const k = keys(job);
  const redis = redisFor(opts.url);
  logErrors(redis, "redis", log);
  const queue = new Queue(QUEUE_NAME, { connection: redis });
  let queueError = "";
  queue.on("error", (e: Error) => {
    if (e.message !== queueError) log(`queue: ${(queueError = e.message)}`);
  });
  redis.on("ready", () => (queueError = ""));
  // The blocking wait for results has a connection of its own (a blocked connection answers nothing else).
  const waker = redis.duplicate();
  logErrors(waker, "redis (the wait for results)", log);
  const start = Date.now();
  let counted = 0;
  let of = 0;
  try {
    const set = await redis.set(k.request, text, "EX", RESULT_TTL_SECONDS, "NX");
    if (set === null) {
      const stored = await redis.get(k.request);
      if (stored !== text) throw new InputError(`--job ${job}: that job id holds a different matrix (give another --job, or the same lists and options)`);
      await redis.expire(k.request, RESULT_TTL_SECONDS);
    }
    const chunks = chunksOf(req);
    of = chunks.length;
    const total = chunks.reduce((s, c) => s + c.to - c.from, 0);
    const tallies: (CellTally | undefined)[] = new Array(chunks.length);
    let battles = 0;
    let have = 0;
    const accept = (index: number, value: string | null): boolean => {
      const c = chunks[index];
      if (!c) {
        log(`result for chunk ${String(index).slice(0, 12)}: no such chunk in job ${job} (ignored)`);
        return true;
      }
      if (tallies[index]) return true;
      const r = readResult(value, c);
      if (typeof r === "string") {
        log(`result of chunk ${index} rejected: ${r}; the chunk is played again`);
        return false;
      }
      tallies[index] = r;
      have++;
      counted = have;
      battles += c.to - c.from;
      return true;
    };
    // Resume: what is stored already.
    const stored = await redis.hgetall(k.results);
    const redo: number[] = [];
    for (const [field, value] of Object.entries(stored)) {
      const index = Number(field);
      if (!Number.isInteger(index) || index < 0 || index >= chunks.length) {
        log(`stored result "${field.slice(0, 20)}" is no chunk of job ${job} (ignored)`);
        continue;
      }
      if (!accept(index, value)) redo.push(index);
    }
    if (have > 0) log(`job ${job}: ${have} of ${chunks.length} chunks already done (resumed)`);
    const enqueue = async (list: MatrixChunk[]) => {
      for (let i = 0; i < list.length; i += 500) {
        const batch = list.slice(i, i + 500);
        // A connection dropped while the batch's MULTI is in flight can leave its promise unsettled: the add is
        // idempotent (each chunk's job id), so a batch that has not answered in 10 s is sent again.
        await settledOrRetried(
          () =>
            queue.addBulk(
              batch.map((c) => ({
                name: "chunk",
                data: { v: 1, job, chunk: c } satisfies ChunkJobData,
                opts: { jobId: bullJobId(job, c.index), removeOnComplete: true, removeOnFail: { age: RESULT_TTL_SECONDS }, attempts: 3, backoff: { type: "fixed", delay: 1000 } },
              })),
            ),
          `enqueue of ${batch.length} chunks`,
          log,
        );
      }
    };
    const dropAndRequeue = async (indexes: number[]) => {
      if (indexes.length === 0) return;
      await redis.hdel(k.results, ...indexes.map(String));
      // A finished BullMQ job with that id would make the re-add a no-op: remove it first.
      for (const i of indexes) await queue.remove(bullJobId(job, i)).catch(() => 0);
      await enqueue(indexes.map((i) => chunks[i]!));
    };
    await dropAndRequeue(redo);
    await enqueue(chunks.filter((c) => !tallies[c.index] && !redo.includes(c.index)));
    opts.onProgress?.({ battles, total, elapsedMs: Date.now() - start });
    // The `done` list from its start: a chunk may have finished between the enqueue and here (or before a
    // restart); entries already counted are skipped.
    let cursor = 0;
    let lastFailedCheck = 0;
    const pollMs = opts.pollMs ?? 1000;
    const coalesceMs = Math.min(50, pollMs);
    // Until a result rings `wake`, or pollMs. (It used to poll every 100 ms: ~10 round trips a second for the
    // whole job, ~1 s of the coordinator's CPU in a 20 s matrix.) Bounded in time whatever the connection does.
    const waitForResults = async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((r) => (timer = setTimeout(r, pollMs + 2000)));
      const blocked = waker.blpop(k.wake, pollMs / 1000).then(
        () => {},
        () => new Promise<void>((r) => setTimeout(r, Math.min(pollMs, 1000))), // a dropped connection: wait, then look again
      );
      await Promise.race([blocked, bound]).finally(() => clearTimeout(timer));
    };
    while (have < chunks.length) {
      const reply = ((await redis.eval(READ_DONE, 3, k.done, k.wake, k.results, String(cursor), String(READ_MAX))) as string[] | null) ?? [];
      const read = reply.length / 2;
      cursor += read;
      const fresh: { index: number; value: string | null }[] = [];
      for (let n = 0; n < read; n++) {
        const index = Number(reply[2 * n]);
        if (Number.isInteger(index) && index >= 0 && index < chunks.length && !tallies[index]) fresh.push({ index, value: reply[2 * n + 1] || null });
      }
      if (fresh.length) {
        const bad = fresh.filter((f) => !accept(f.index, f.value)).map((f) => f.index);
        await dropAndRequeue(bad);
        opts.onProgress?.({ battles, total, elapsedMs: Date.now() - start });
      }
      if (Date.now() - lastFailedCheck > 1000) {
        lastFailedCheck = Date.now();
        // Bounded like the enqueue: a check that does not answer is skipped this round, never waited for.
        const failed = (await settledOrRetried(() => queue.getFailed(0, 50), "check of failed chunks", log, 1).catch(() => [])) ?? [];
        const ours = failed.find((j) => j && j.id?.startsWith(`${job}-`) && !tallies[(j.data as { chunk?: { index?: number } })?.chunk?.index ?? -1]);
        if (ours) throw new Error(`matrix job ${job}: chunk ${ours.id} failed on a worker: ${String(ours.failedReason).slice(0, 300)}`);
      }
      // Wait unless the read was cut at READ_MAX (a result counted since the read rang `wake`: the wait returns at
      // once). While results keep coming, a pause first lets a few gather, so a fleet finishing hundreds of chunks a
      // second is read ~20 times a second, not once per result.
      if (have < chunks.length && read < READ_MAX) {
        if (read > 0) await new Promise((r) => setTimeout(r, coalesceMs));
        await waitForResults();
      }
    }
    return { ...matrixResult(req, tallies as CellTally[]), job };
  } catch (e) {
    // Without a connection: the client gave up reconnecting (RECONNECT_LIMIT_MS; its commands then fail with
    // "Connection is closed."), or an enqueue went unanswered first (settledOrRetried: 3 sends of 10 s).
    if (redis.status !== "ready" && !(e instanceof InputError)) {
      const how = redis.status === "end" ? `for ${RECONNECT_LIMIT_MS / 1000} s` : `(${String((e as Error)?.message ?? e).slice(0, 200)})`;
      throw new Error(`matrix: lost the connection to Redis at ${shownUrl(opts.url)} ${how}: stopped with ${counted} of ${of} chunks in (the results are kept in Redis: the same command resumes job ${job})`);
    }
    throw e;
  } finally {
    await within(queue.close(), 2_000); // after a lost connection a close may not answer
    waker.disconnect();
    redis.disconnect();
  }
}

/** `p`, or nothing once `ms` have passed (a close that does not answer is not waited for). */
async function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([p.catch(() => {}), new Promise((r) => (timer = setTimeout(r, ms)))]).finally(() => clearTimeout(timer));
}

/**
 * `f()`, sent again when it has not settled within `ms` (ioredis retries commands across a reconnect, but a
 * MULTI cut by a dropped connection can stay unsettled); after `tries` sends without an answer, an Error.
 */
async function settledOrRetried<T>(f: () => Promise<T>, what: string, log: QueueLog, tries = 3, ms = 10_000): Promise<T> {
  for (let t = 1; ; t++) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), ms)));
    const r = await Promise.race([f(), timeout]).finally(() => clearTimeout(timer));
    if (r !== "timeout") return r as T;
    if (t >= tries) throw new Error(`${what}: no answer from Redis in ${tries} tries of ${ms / 1000} s`);
    log(`${what}: no answer from Redis in ${ms / 1000} s; sent again`);
  }
}

export interface QueueWorkerOptions {
  url: QueueUrl;
  /** Chunks this process takes at once (its pool's workers, and one more each to keep them busy). */
  concurrency: number;
  /** How long a chunk's lock lasts without renewal before another worker may retry it (ms). */
  lockMs?: number;
  /** Plays one chunk (the local pool). */
  play: (requestText: string, chunk: MatrixChunk) => Promise<CellTally>;
  log?: QueueLog;
}

export interface QueueWorker {
  /** Chunks played and results saved by this process. */
  stats(): { played: number; rejected: number };
  /** Chunks in hand now, and when (Date.now()) the last one was taken or finished: the worker's start before any. */
  activity(): { busy: number; lastMs: number };
  /** How long (ms) this process has been without its connection to Redis (0 while connected; before the first, counted from the start). */
  offlineMs(): number;
  /**
   * Takes no new chunk; connected, lets the chunks in hand finish (for a lock's length at most), then closes;
   * without a connection (nothing in hand could be saved), cuts its connections at once.
   */
  close(): Promise<void>;
}

/** `tactica worker`: takes chunks from the queue until closed. */
export function startQueueWorker(opts: QueueWorkerOptions): QueueWorker {
  const log = opts.log ?? (() => {});
  // Reconnects for ever: the caller decides how long to go without a connection (offlineMs; tactica worker's --offline-exit).
  const redis = redisFor(opts.url, Infinity);
  logErrors(redis, "redis", log);
  let offlineSince: number | null = Date.now();
  redis.on("ready", () => (offlineSince = null));
  const lost = () => (offlineSince ??= Date.now());
  redis.on("close", lost);
  redis.on("end", lost);
  const requests = new Map<string, { text: string; req: MatrixRequest }>();
  let played = 0;
  let rejected = 0;
  let busy = 0;
  let lastMs = Date.now();
  const reject = (why: string): never => {
    rejected++;
    throw new UnrecoverableError(why);
  };
  const requestOf = async (job: string) => {
    const cached = requests.get(job);
    if (cached) return cached;
    const text = await redis.get(keys(job).request);
    if (text === null) return reject(`job ${job}: no request stored (expired, or not a tactica matrix job)`);
    let req: MatrixRequest;
    try {
      req = matrixRequestOf(text);
    } catch (e) {
      return reject(`job ${job}: the stored request is not a valid matrix: ${(e as Error).message.slice(0, 300)}`);
    }
    if (requests.size >= 8) requests.delete(requests.keys().next().value!);
    const entry = { text, req };
    requests.set(job, entry);
    return entry;
  };
  const processor = async (j: Job) => {
    busy++;
    lastMs = Date.now();
    try {
      return await take(j);
    } finally {
      busy--;
      lastMs = Date.now();
    }
  };
  const take = async (j: Job) => {
    if (j.name !== "chunk") return reject(`job ${String(j.id).slice(0, 80)}: "${String(j.name).slice(0, 40)}" is not a tactica matrix chunk`);
    const parsed = chunkJobSchema.safeParse(j.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reject(`job ${String(j.id).slice(0, 80)}: bad payload: ${issue ? `${issue.path.join(".") || "data"}: ${issue.message}` : "invalid"}`);
    }
    const { job, chunk } = parsed.data;
    const k = keys(job);
    if ((await redis.hexists(k.results, String(chunk.index))) === 1) return { already: true };
    const { text, req } = await requestOf(job);
    try {
      checkChunk(req, chunk);
    } catch (e) {
      return reject(`job ${job}: ${(e as Error).message}`);
    }
    const tally = await opts.play(text, chunk);
    const saved = await redis.eval(SAVE_RESULT, 3, k.results, k.done, k.wake, String(chunk.index), JSON.stringify(tally), String(RESULT_TTL_SECONDS));
    played++;
    return { saved: saved === 1 };
  };
  const lockDuration = opts.lockMs ?? 30_000;
  const makeWorker = () => {
    const w = new Worker(QUEUE_NAME, processor, {
      connection: redis,
      concurrency: Math.max(1, opts.concurrency),
      lockDuration,
      stalledInterval: Math.max(500, Math.round(lockDuration / 2)),
      maxStalledCount: 5,
    });
    let lastError = "";
    w.on("error", (e: Error) => {
      // Once while the connection is down (BullMQ reports the refusal at each of its attempts).
      if (offlineSince !== null && e.message === lastError) return;
      log(`worker: ${(lastError = e.message)}`);
    });
    w.on("failed", (j: Job | undefined, e: Error) => log(`chunk ${String(j?.id ?? "?").slice(0, 80)} failed: ${e.message.slice(0, 300)}`));
    w.on("stalled", (id: string) => log(`chunk ${String(id).slice(0, 80)} stalled (its worker stopped): queued again`));
    return w;
  };
  let worker = makeWorker();
  // A watchdog for BullMQ's known failure to resume after its connections are dropped (taskforcesh/bullmq
  // issues 648, 2964, 3185: the blocking client never takes a job again while the queue fills): when this
  // process has held no chunk for WATCHDOG_MS while chunks wait, its BullMQ Worker is closed and made again.
  const waiting = new Queue(QUEUE_NAME, { connection: redis });
  let waitingError = "";
  waiting.on("error", (e: Error) => {
    if (offlineSince !== null && e.message === waitingError) return;
    log(`queue: ${(waitingError = e.message)}`);
  });
  let closing = false;
  let renewing = false;
  /** The BullMQ Workers the watchdog replaced: their connections are cut at the close too (a close after dropped connections may not finish). */
  const retired: Worker[] = [];
  const watchdog = setInterval(() => {
    if (closing || renewing || busy > 0 || Date.now() - lastMs < WATCHDOG_MS) return;
    renewing = true;
    void waiting
      .getWaitingCount()
      .then(async (n) => {
        if (n === 0 || closing || busy > 0 || Date.now() - lastMs < WATCHDOG_MS) return;
        log(`no chunk taken for ${WATCHDOG_MS / 1000} s while ${n} wait: the queue's worker is made again`);
        const old = worker;
        retired.push(old);
        worker = makeWorker();
        lastMs = Date.now();
        await old.close(true).catch(() => {});
      })
      .catch(() => {})
      .finally(() => (renewing = false));
  }, 1000);
  watchdog.unref();
  return {
    stats: () => ({ played, rejected }),
    activity: () => ({ busy, lastMs }),
    offlineMs: () => (offlineSince === null ? 0 : Date.now() - offlineSince),
    async close() {
      closing = true;
      clearInterval(watchdog);
      if (offlineSince !== null) {
        // No connection: BullMQ's closes would wait on it. The chunks in hand are retried elsewhere (their locks lapse).
        await within(Promise.all([...[...retired, worker].map((w) => w.disconnect()), waiting.disconnect()]), 1_000);
        redis.disconnect();
        return;
      }
      // BullMQ's graceful close takes no new chunk and lets the ones in hand finish; after dropped
      // connections it can wait for ever on its blocking connection (the issues above). So it is given a
      // lock's length (a chunk still in hand then is retried elsewhere by the stalled check), then forced;
      // every step is bounded, and the connection is cut at the end whatever happened.
      const graceful = worker.close();
      await within(graceful, lockDuration + 1_000);
      await within(worker.close(true), 5_000);
      await within(waiting.close(), 2_000);
      // Whatever did not finish closing, its connections (BullMQ's blocking duplicates among them) are cut, so that
      // none keeps the process alive once the command has returned.
      for (const w of [...retired, worker]) await within(w.disconnect(), 1_000);
      await within(waiting.disconnect(), 1_000);
      redis.disconnect();
    },
  };
}
