// What scripts/e2e.mjs and scripts/screenshot.mjs share: Debian's Chromium and its flags, and a vite server
// (preview of web/dist, or the dev server) on 127.0.0.1 at a free port, waited for and stopped.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The flags of vitest.config.ts / STACK.md: no sandbox in containers, and no background traffic on a closed network.
export const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * `vite preview web` (dev: `vite web`) on a free port of 127.0.0.1, its output kept; Ctrl-C or SIGTERM stops it
 * before this process exits. ready(ms) resolves once it answers; stop() ends it (SIGKILL after 5 s).
 */
export async function startVite({ dev = false } = {}) {
  const port = await freePort();
  const args = [...(dev ? [] : ["preview"]), "web", "--host", "127.0.0.1", "--port", String(port), "--strictPort"];
  const server = spawn(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  server.stdout.on("data", (d) => (log += d));
  server.stderr.on("data", (d) => (log += d));
  const stop = () => {
    if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const force = setTimeout(() => server.kill("SIGKILL"), 5000);
      server.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      server.kill("SIGTERM");
    });
  };
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const base = `http://127.0.0.1:${port}/`;
  const ready = async (timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`vite exited early with code ${server.exitCode}`);
      try {
        if ((await fetch(base)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`no answer from ${base} within ${timeoutMs / 1000} s`);
  };
  return { port, base, ready, stop, log: () => log };
}
