/**
 * ME-WOUND-CHART: the To Wound chart of the Battlehost quick-start, Strength 1-10 against Defence 1-10.
 * An entry is the score needed on a D6 ("3".."6"), a split "6/4", "6/5", "6/6" (a 6, then a second die
 * scoring 4+, 5+ or 6), or "-" (cannot wound). Used by shooting, strikes and magic alike.
 */

export type WoundEntry = { kind: "roll"; target: number } | { kind: "split"; then: number } | { kind: "none" };

// Rows: Strength 1..10; columns: Defence 1..10 (copied from the seed's table).
const CHART: readonly string[][] = [
  ["4", "5", "5", "6", "6", "6/4", "6/5", "6/6", "-", "-"],
  ["4", "4", "5", "5", "6", "6", "6/4", "6/5", "6/6", "-"],
  ["3", "4", "4", "5", "5", "6", "6", "6/4", "6/5", "6/6"],
  ["3", "3", "4", "4", "5", "5", "6", "6", "6/4", "6/5"],
  ["3", "3", "3", "4", "4", "5", "5", "6", "6", "6/4"],
  ["3", "3", "3", "3", "4", "4", "5", "5", "6", "6"],
  ["3", "3", "3", "3", "3", "4", "4", "5", "5", "6"],
  ["3", "3", "3", "3", "3", "3", "4", "4", "5", "5"],
  ["3", "3", "3", "3", "3", "3", "3", "4", "4", "5"],
  ["3", "3", "3", "3", "3", "3", "3", "3", "4", "4"],
];

export function woundEntryText(strength: number, defence: number): string {
  const s = Math.min(10, Math.max(1, Math.trunc(strength)));
  const d = Math.min(10, Math.max(1, Math.trunc(defence)));
  return CHART[s - 1]![d - 1]!;
}

export function woundEntry(strength: number, defence: number): WoundEntry {
  const t = woundEntryText(strength, defence);
  if (t === "-") return { kind: "none" };
  if (t.startsWith("6/")) return { kind: "split", then: Number(t.slice(2)) };
  return { kind: "roll", target: Number(t) };
}

/**
 * A compact code for kernels: 3..6 a single roll, 14/15/16 a split 6/4, 6/5, 6/6, 0 cannot wound.
 */
export function woundCode(strength: number, defence: number): number {
  const e = woundEntry(strength, defence);
  return e.kind === "none" ? 0 : e.kind === "split" ? 10 + e.then : e.target;
}

/**
 * P(a wound) for a chart code and a To Wound bonus (ME-TWO-HANDED: +1, applied to the first die of a
 * split). A "-" cannot wound whatever the bonus.
 */
export function woundProbability(code: number, bonus: number): number {
  if (code === 0) return 0;
  if (code > 10) {
    let first = 0;
    for (let d = 1; d <= 6; d++) if (d + bonus >= 6) first++;
    return (first * (7 - (code - 10))) / 36;
  }
  let n = 0;
  for (let d = 1; d <= 6; d++) if (d + bonus >= code) n++;
  return n / 6;
}
