/** "Did you mean ...?" for a mistyped option or command: apart from args.ts so the CLI's entry point loads no zod. */

/** The name within edit distance 2 of `given` (the closest; none if two tie or none is that close): an option or a command. */
export function nearest(given: string, names: readonly string[]): string | null {
  if (given.length < 2) return null;
  let best: string | null = null;
  let bestD = 3;
  let tie = false;
  for (const n of names) {
    const d = editDistance(given, n);
    if (d < bestD) [best, bestD, tie] = [n, d, false];
    else if (d === bestD) tie = true;
  }
  return tie ? null : best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}
