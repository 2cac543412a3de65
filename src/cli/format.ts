/** Plain-text rendering for the terminal: percentages, tables and bar histograms. */

export function pct(p: number, digits = 1): string {
  if (p > 0 && p < 0.0005) return "<0.1%";
  return `${(100 * p).toFixed(digits)}%`;
}

/** A horizontal bar histogram of a pmf (rows with negligible probability at the tail are dropped). */
export function histogram(pmf: readonly number[], label: (k: number) => string, width = 40): string[] {
  let last = pmf.length - 1;
  while (last > 0 && pmf[last]! < 0.0005) last--;
  const max = Math.max(...pmf.slice(0, last + 1));
  const lines: string[] = [];
  const labelWidth = Math.max(last < pmf.length - 1 ? 4 : 0, ...Array.from({ length: last + 1 }, (_, k) => label(k).length));
  for (let k = 0; k <= last; k++) {
    const p = pmf[k]!;
    const bar = "█".repeat(max > 0 ? Math.round((p / max) * width) : 0);
    lines.push(`  ${label(k).padStart(labelWidth)} │${bar.padEnd(width)} ${pct(p).padStart(6)}`);
  }
  if (last < pmf.length - 1) {
    const rest = pmf.slice(last + 1).reduce((a, b) => a + b, 0);
    lines.push(`  ${"more".padStart(labelWidth)} │${"".padEnd(width)} ${pct(rest).padStart(6)}`);
  }
  return lines;
}
