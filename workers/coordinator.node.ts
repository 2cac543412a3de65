// Coordinator entry in Node (a worker_thread): a pool of worker_threads, exposed over Comlink.
import { parentPort, workerData } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import workerpool from "workerpool";
import { compileCore } from "../src/core/wasm.js";
import { createOddsApi } from "./coordinator.js";

const workers: number = (workerData as { workers?: number } | undefined)?.workers ?? 1;
const poolScript = fileURLToPath(new URL("./pool.mjs", import.meta.url));
const pool = workerpool.pool(poolScript, { workerType: "thread", minWorkers: workers, maxWorkers: workers });
Comlink.expose(createOddsApi(pool, compileCore(), workers), nodeEndpoint(parentPort!));
