/**
 * How loaded this thread's machine is now, for the browser tests that bound the main thread's longest task or
 * frame gap: a fixed piece of arithmetic is timed (median of 5, after a warm-up) and compared with its time on
 * the idle shared two-core machine the bounds were set on. On an idle machine the factor is 1 and the bounds are
 * the measured ones; on a machine loaded by other work (a CI run beside others: load averages of 20 were seen)
 * everything on the main thread, the page's own drawing included, takes longer by about this factor, and the
 * bounds scale with it. The property the tests hold stays: the AI's search on the main thread would be a task as
 * long as its thinking (seconds, and as much slower under load), far above a bound scaled this way.
 */

/** The arithmetic's median time on the idle machine, in Chromium (measured when this was written). */
export const REFERENCE_MS = 5.5;

let sink = 0;
function work(): void {
  let x = 0;
  for (let i = 1; i <= 2_000_000; i++) x += Math.sqrt(i) * ((i & 7) - 3.5);
  sink += x;
}

/** The arithmetic's median time now, in ms. */
export function calibrationMs(): number {
  work();
  const t: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    work();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  if (sink === 0.5) console.log(sink); // keeps the work from being optimised away
  return t[2]!;
}

/** How many times slower than idle this thread runs now (at least 1). */
export function slowdown(): number {
  return Math.max(1, calibrationMs() / REFERENCE_MS);
}
