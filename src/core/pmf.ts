/**
 * Discrete distributions over 0..n as plain arrays: pmf[k] = P(X = k).
 * The loops here are mirrored operation for operation in `assembly/pmf.ts`, so that the TypeScript and
 * Wasm kernels give bit-identical results (the differential tests assert exact equality).
 */

export type Pmf = number[];

/** a * b (the distribution of the sum of independent draws). Zero entries of `a` are skipped. */
export function convolve(a: ArrayLike<number>, b: ArrayLike<number>): Pmf {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
  }
  return out;
}

export function mean(p: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < p.length; k++) m += k * p[k]!;
  return m;
}

export function total(p: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < p.length; k++) s += p[k]!;
  return s;
}

/** Drop trailing entries that are exactly zero (keeps at least one entry). */
export function trim(p: Pmf): Pmf {
  let n = p.length;
  while (n > 1 && p[n - 1] === 0) n--;
  return p.slice(0, n);
}

/** P(X >= k) for each k. */
export function atLeast(p: ArrayLike<number>): number[] {
  const out = new Array<number>(p.length).fill(0);
  let s = 0;
  for (let k = p.length - 1; k >= 0; k--) {
    s += p[k]!;
    out[k] = s;
  }
  return out;
}

/** Largest absolute difference between two pmfs (missing entries count as 0). */
export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let k = 0; k < Math.max(a.length, b.length); k++) d = Math.max(d, Math.abs((a[k] ?? 0) - (b[k] ?? 0)));
  return d;
}
