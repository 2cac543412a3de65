/**
 * bench:matrix's simulated fleet member: N queue consumers in one process (each its own BullMQ Worker and
 * Redis connections, one chunk at a time), whose chunks sleep SLEEP_MS instead of playing — to measure the
 * queue itself, not the battles. Args: URL CONSUMERS SLEEP_MS. Stops on SIGTERM, printing chunks taken.
 */
import { parseOrThrow } from "../../src/core/errors.js";
import { queueUrlSchema, startQueueWorker } from "../matrix/queue.js";

const [url, consumers, sleepMs] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const u = parseOrThrow(queueUrlSchema, url, "url");
const workers = Array.from({ length: consumers }, () =>
  startQueueWorker({
    url: u,
    concurrency: 1,
    play: async (_text, chunk) => {
      await new Promise((r) => setTimeout(r, sleepMs));
      const games = chunk.to - chunk.from;
      return { games, draws: games, wins: [0, 0], vp: [0, 0], vp2: [0, 0] };
    },
    log: (s) => void process.stderr.write(`fleet: ${s}\n`),
  }),
);
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  void Promise.all(workers.map((w) => w.close())).then(() => {
    process.stdout.write(`${workers.reduce((s, w) => s + w.stats().played, 0)} chunks\n`);
    process.exit(0);
  });
});
