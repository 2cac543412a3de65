/**
 * The one coordinator worker the page's views share (web/odds-worker.ts opens it). A view that must stop
 * work the coordinator cannot interrupt (a matchup wave already handed to the pool) restarts it here;
 * every view then picks up the new one through `current()` / `ready()`.
 */
import { describeFailure, type OddsWorker, openOddsWorker } from "./odds-worker.js";

export interface Problem {
  title: string;
  message: string;
}

export interface WorkerHost {
  /** The running worker, if it has started. */
  current(): OddsWorker | undefined;
  /** Why the worker could not start, if it could not. */
  problem(): Problem | undefined;
  /** The running worker once started; rejects with the start failure. */
  ready(): Promise<OddsWorker>;
  /** Stops the worker at once (work in progress is lost) and starts a fresh one. */
  restart(): Promise<OddsWorker>;
  /** Called whenever the worker starts, fails or restarts. */
  onChange(listener: () => void): void;
}

export function createWorkerHost(open: () => Promise<OddsWorker> = () => openOddsWorker()): WorkerHost {
  let worker: OddsWorker | undefined;
  let problem: Problem | undefined;
  const listeners: (() => void)[] = [];
  const changed = () => listeners.forEach((l) => l());
  const start = (): Promise<OddsWorker> =>
    open().then(
      (w) => {
        worker = w;
        problem = undefined;
        changed();
        return w;
      },
      (e: unknown) => {
        problem = { title: "The odds worker could not start", message: describeFailure(e).message };
        changed();
        throw e;
      },
    );
  let starting = start();
  // The failure is kept in `problem`; a caller that awaits ready() still gets it.
  starting.catch(() => undefined);
  return {
    current: () => worker,
    problem: () => problem,
    ready: () => starting,
    restart() {
      worker?.terminate();
      worker = undefined;
      changed();
      starting = start();
      starting.catch(() => undefined);
      return starting;
    },
    onChange: (l) => void listeners.push(l),
  };
}
