/**
 * Splitting a Monte Carlo job into chunks whose seeds depend only on (seed, chunk index), so the merged
 * result is the same whether one thread runs every chunk or a pool of N workers shares them.
 */
import { deriveSeed } from "./rng.js";

export const CHUNK_SAMPLES = 20_000;
export const MAX_SAMPLES = 10_000_000;

export interface Chunk {
  index: number;
  samples: number;
  seed: number;
}

export function chunksOf(samples: number, seed: number, chunkSamples = CHUNK_SAMPLES): Chunk[] {
  const out: Chunk[] = [];
  for (let i = 0, left = samples; left > 0; i++, left -= chunkSamples)
    out.push({ index: i, samples: Math.min(chunkSamples, left), seed: deriveSeed(seed, i) });
  return out;
}

/** Element-wise sum of count arrays, in chunk order. */
export function mergeCounts(parts: readonly ArrayLike<number>[]): Float64Array {
  const n = Math.max(0, ...parts.map((p) => p.length));
  const out = new Float64Array(n);
  for (const p of parts) for (let i = 0; i < p.length; i++) out[i]! += p[i]!;
  return out;
}

/**
 * Half-width of a 99.9% normal interval for a proportion p over n samples, plus a floor: the tolerance the
 * property tests use when they hold a sampled pmf against the exact one.
 */
export function proportionTolerance(p: number, n: number, z = 3.29): number {
  return z * Math.sqrt(Math.max(p * (1 - p), 1 / n) / n) + 1e-12;
}
