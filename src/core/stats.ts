/**
 * Confidence intervals shared by the matchup reports and the search: one formula, one place.
 */

/** Wilson score interval (95% by default) for k successes in n trials. */
export function wilson(k: number, n: number, z = 1.959964): { p: number; low: number; high: number } {
  if (n === 0) return { p: 0, low: 0, high: 1 };
  const p = k / n;
  const den = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / den;
  // The interval holds p exactly; rounding can put an end a hair past it (k = n gives 0.9999999999999999).
  return { p, low: Math.max(0, Math.min(p, centre - half)), high: Math.min(1, Math.max(p, centre + half)) };
}

/** A normal-approximation 95% interval for a mean from n samples with the given sum and sum of squares. */
export function meanInterval(sum: number, sumSq: number, n: number, z = 1.959964): { mean: number; low: number; high: number } {
  if (n === 0) return { mean: 0, low: -Infinity, high: Infinity };
  const mean = sum / n;
  if (n === 1) return { mean, low: -Infinity, high: Infinity };
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}
