/** Opening the play worker (web/play/play-worker.ts) with Comlink; the page and the browser tests share it. */
import * as Comlink from "comlink";
import type { PlayApi } from "./play-worker.js";

export interface PlayWorker {
  api: Comlink.Remote<PlayApi>;
  /** Rejects if the worker dies; callers race their calls against it. */
  failed: Promise<never>;
  terminate(): void;
}

export async function openPlayWorker(): Promise<PlayWorker> {
  const worker = new Worker(new URL("./play-worker.ts", import.meta.url), { type: "module" });
  const api = Comlink.wrap<PlayApi>(worker);
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener("error", (e) => {
      e.preventDefault();
      reject(Object.assign(new Error(`the play worker failed${e.message ? `: ${e.message}` : " to load"}`), { name: "WorkerError" }));
    });
  });
  failed.catch(() => undefined);
  // The worker exposes its API synchronously at load, so the first call is answered once it has loaded.
  await Promise.race([api.ping(), failed]);
  return { api, failed, terminate: () => worker.terminate() };
}
