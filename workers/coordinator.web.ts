// Coordinator entry in the browser (a module Web Worker): a pool of Web Workers, exposed over Comlink.
import * as Comlink from "comlink";
import workerpool from "workerpool";
import wasmUrl from "../build/core.wasm?url";
import poolUrl from "./pool.worker.ts?worker&url";
import { compileCore } from "../src/core/wasm.js";
import { createOddsApi } from "./coordinator.js";

const workers = Math.max(1, Math.min(4, self.navigator?.hardwareConcurrency ?? 2));
const pool = workerpool.pool(new URL(poolUrl, self.location.href).href, {
  workerType: "web",
  minWorkers: 1,
  maxWorkers: workers,
  workerOpts: { type: "module" },
});
// Expose at once; the API waits for the module (messages sent before a listener exists would be lost).
Comlink.expose(createOddsApi(pool, compileCore(new URL(wasmUrl, self.location.href)), workers));
