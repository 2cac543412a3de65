/**
 * Opening the odds coordinator in a browser: one module Web Worker (workers/coordinator.web.ts, which runs
 * its own pool of Wasm workers), wrapped with Comlink. The page and the browser test both open it through
 * this function, so the test exercises exactly what the page runs.
 */
import * as Comlink from "comlink";
import type { OddsApi } from "../workers/coordinator.js";

export interface OddsWorker {
  api: Comlink.Remote<OddsApi>;
  /** Pool workers the coordinator runs. */
  workers: number;
  /**
   * Rejects if the worker dies (its script or the Wasm core failed to load). A Comlink call to a dead
   * worker waits forever, so callers race their calls against this.
   */
  failed: Promise<never>;
  /** Stops the pool, then the coordinator worker itself. */
  close(): Promise<void>;
  /**
   * Stops the coordinator at once, with its pool (a worker's nested workers end with it), even in the
   * middle of a task; calls still waiting reject through `failed`.
   */
  terminate(): void;
}

const workerError = (message: string) => Object.assign(new Error(message), { name: "WorkerError" });
const sleep = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms, undefined));

/**
 * Starts the coordinator and resolves once it answers. The coordinator calls Comlink.expose only after a
 * top-level await (compiling the Wasm), and a module worker delivers messages during that await to no
 * listener: a call made too early is lost, not queued. So we probe with a cheap call until one is answered;
 * the unanswered probes cost one map entry each.
 */
export async function openOddsWorker(startTimeoutMs = 30_000): Promise<OddsWorker> {
  // Vite spots this exact `new Worker(new URL(..., import.meta.url), { type: "module" })` shape and bundles
  // the coordinator (and, through its `?worker&url` import, the pool worker) as separate ES chunks.
  const worker = new Worker(new URL("../workers/coordinator.web.ts", import.meta.url), { type: "module" });
  const api = Comlink.wrap<OddsApi>(worker);
  let rejectFailed: (e: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    rejectFailed = reject;
    worker.addEventListener("error", (e) => {
      e.preventDefault();
      reject(workerError(`the odds worker failed${e.message ? `: ${e.message}` : " to load (see the browser console)"}`));
    });
    worker.addEventListener("messageerror", () => reject(workerError("a message from the odds worker could not be read")));
  });
  // Until a caller races against it, an unobserved rejection would be reported as unhandled.
  failed.catch(() => undefined);

  const close = async () => {
    try {
      await Promise.race([api.close(), failed, sleep(2000)]);
    } finally {
      api[Comlink.releaseProxy]();
      worker.terminate();
    }
  };

  const terminate = () => {
    api[Comlink.releaseProxy]();
    worker.terminate();
    rejectFailed(workerError("the odds worker was stopped"));
  };

  const deadline = performance.now() + startTimeoutMs;
  for (let wait = 25; ; wait = Math.min(500, wait * 2)) {
    let workers: number | undefined;
    try {
      workers = await Promise.race([api.workers(), failed, sleep(wait)]);
    } catch (e) {
      worker.terminate();
      throw e;
    }
    if (workers !== undefined) return { api, workers, failed, close, terminate };
    if (performance.now() > deadline) {
      worker.terminate();
      throw workerError(`the odds worker did not start within ${Math.round(startTimeoutMs / 1000)} s`);
    }
  }
}

/**
 * A failure from the worker as one line for the page. Comlink carries only name and message across (the
 * class is lost), so an input problem is recognised by its name, "InputError" — its message already names
 * the field.
 */
export function describeFailure(e: unknown): { kind: "input" | "internal"; message: string } {
  const err = e instanceof Error ? e : new Error(String(e));
  if (err.name === "InputError") return { kind: "input", message: err.message };
  return { kind: "internal", message: `${err.name === "Error" ? "" : `${err.name}: `}${err.message || "unknown error"}` };
}
