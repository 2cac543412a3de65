/**
 * A real redis-server for the queue tests: started on 127.0.0.1 on a free port with a scratch folder and no
 * persistence, stopped after. `redisServer()` is null when none is installed (the tests then skip, saying so;
 * .ci/run installs Debian's redis-server so CI runs them).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function redisServerPath(): string | null {
  const r = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  return r.status === 0 ? "redis-server" : null;
}

/** A port nothing listens on (one the system gave out, then closed): for a server, or for an unreachable address. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RedisHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisHandle> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "tactica-redis-"));
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start within 10 s")), 10_000);
    child.stdout!.on("data", (d: Buffer) => {
      if (/Ready to accept connections/i.test(d.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
