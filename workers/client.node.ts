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
  const p = fileURLToPath(new URL("../build/workers/coordinator.mjs", import.meta.url));
  if (!existsSync(p)) throw new Error("build/workers/coordinator.mjs not found: run `npm run build` (npm install does it)");
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
