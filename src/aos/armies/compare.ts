/**
 * Two armies side by side: the warning every matchup of them carries when their sizes differ (the dashboard's
 * Matchup view under its pickers; `tactica battle`, `matchup` and `arena` on stderr).
 */
import type { Roster } from "./roster.js";
import type { WarscrollLibrary } from "./library.js";
import { validateRoster } from "./validate.js";

/**
 * The warning when the two armies' points differ (their points limits, or the points their units cost): a
 * matchup between armies of different sizes measures the size as much as the armies. Null when they are the
 * same.
 */
export function pointsWarning(a: Roster, b: Roster, library: WarscrollLibrary): string | null {
  const pa = validateRoster(a, library).points;
  const pb = validateRoster(b, library).points;
  if (a.pointsLimit === b.pointsLimit && pa === pb) return null;
  const what = a.pointsLimit !== b.pointsLimit ? "points limits" : "points";
  return `The armies' ${what} differ: ${a.name} ${pa} of ${a.pointsLimit} points, ${b.name} ${pb} of ${b.pointsLimit}. The result measures the difference in size as much as the armies.`;
}
