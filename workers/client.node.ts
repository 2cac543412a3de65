/**
 * Opening the odds coordinator from Node (the CLI, tests, benchmarks): a worker_thread running the bundled
 * coordinator (build/workers/coordinator.mjs), wrapped with Comlink.
 */
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import type { OddsApi } from "./coordinator.js";

export interface OddsClient {
  api: Comlink.Remote<OddsApi>;
  /** Terminates the pool and the coordinator thread. */
  close(): Promise<void>;
}

export function coordinatorScript(): string {
  // From workers/ (the sources, through tsx) or from build/cli/ (the built CLI, scripts/build-cli.mjs).
  const candidates = ["../build/workers/coordinator.mjs", "../workers/coordinator.mjs"].map((u) => fileURLToPath(new URL(u, import.meta.url)));
  const p = candidates.find((c) => existsSync(c));
  if (p === undefined) throw new Error("build/workers/coordinator.mjs not found: run `npm run build` (npm install does it)");
  return p;
}

export async function openOddsClient(workers = 1): Promise<OddsClient> {
  const worker = new Worker(coordinatorScript(), { workerData: { workers } });
  const api = Comlink.wrap<OddsApi>(nodeEndpoint(worker));
  return {
    api,
    async close() {
      try {
        await api.close();
      } finally {
        api[Comlink.releaseProxy]();
        await worker.terminate();
      }
    },
  };
}
