/** "Did you mean ...?" for a mistyped option or command: apart from args.ts so the CLI's entry point loads no zod. */
import { editDistance } from "../core/edit-distance.js";

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
