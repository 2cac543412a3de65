/**
 * A small timing harness for benchmarks: runs a function in batches until a time budget is spent and
 * reports the median time per call. Benchmarks report ratios measured in one run, side by side — these
 * machines are shared and noisy, so absolute times are context, not goals.
 */
export interface Timing {
  /** Median milliseconds per call. */
  ms: number;
  calls: number;
}

export function time(fn: () => unknown, budgetMs = 300, minBatches = 5): Timing {
  fn(); // warm-up (JIT, Wasm tier-up)
  const perCall: number[] = [];
  let calls = 0;
  let batch = 1;
  const start = performance.now();
  while (performance.now() - start < budgetMs || perCall.length < minBatches) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    const dt = performance.now() - t0;
    calls += batch;
    perCall.push(dt / batch);
    if (dt < 5) batch *= 2; // grow batches until each one is long enough to time
  }
  perCall.sort((a, b) => a - b);
  return { ms: perCall[Math.floor(perCall.length / 2)]!, calls };
}

export function fmtMs(ms: number): string {
  if (ms < 0.001) return `${(ms * 1e6).toFixed(0)} ns`;
  if (ms < 1) return `${(ms * 1e3).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(2)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/**
 * The machine's own ceiling for a second thread in this run: a pure CPU loop on 2 threads at once against 1
 * (shared machines often give two threads much less than twice one). A ratio of parallel work below it is
 * the machine, not the code.
 */
export async function twoThreadCeiling(): Promise<number> {
  const { Worker } = await import("node:worker_threads");
  const loop = `const { parentPort } = require("node:worker_threads"); let x = 0; for (let i = 0; i < 1.5e8; i++) x = (x + i * 7) % 1000003; parentPort.postMessage(x);`;
  const throughput = async (threads: number) => {
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: threads }, () => new Promise<void>((done) => {
        const w = new Worker(loop, { eval: true });
        w.on("message", () => void w.terminate().then(() => done()));
      })),
    );
    return threads / (performance.now() - t0);
  };
  return (await throughput(2)) / (await throughput(1));
}
