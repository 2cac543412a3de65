/**
 * `tactica matrix --queue` and `tactica worker` when Redis cannot be reached: at the start both give up after
 * CONNECT_WAIT_MS (5 s) with one line naming --queue, exit 2 (they used to reconnect for ever, printing each
 * refusal). These need no redis-server: the address is a port just closed, which refuses connections.
 */
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";
import { freePort } from "../support/redis.js";

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
