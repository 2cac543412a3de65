/**
 * Terrain features and objectives, fifth pass (docs/abilities.md "Terrain features and objectives (terrain5)").
 * Cinders and Ashes: "pick a terrain feature or objective contested by this unit, then pick any enemy units contesting
 * that terrain feature or objective to be the targets" — a declared mortal damage on each target (`targets: "each"`)
 * with the condition `sameObjective`. The engines' terrain features are contested by no unit, so the pick is an
 * objective: of the objectives the unit contests (CORE-CONTEST, objective4.ts objective4View's test), the one the most
 * of the step's enemy targets contest, the first in the battleplan's list on a tie; the targets are those of them
 * that contest it (ascending ids). The kernel's twin is assembly/battle/terrain5.ts sameObjectiveTargets.
 */
import type { Battle } from "./battle.js";
import { CONTEST_REACH } from "./geometry.js";
import { isManifestation } from "./manifestations.js";

/** Unit `id` contests the objective at (x, y) (passive.ts passiveView objective; a manifestation contests nothing). */
function contestsAt(b: Battle, id: number, o: { x: number; y: number }): boolean {
  if (isManifestation(b, id)) return false;
  const f = b.footprint(id);
  return Math.hypot(f.x - o.x, f.y - o.y) <= f.radius + CONTEST_REACH;
}

/** The targets of `s`'s same-objective mortal damage among `targets` (see the file comment); empty when it contests none. */
export function sameObjectiveTargets(b: Battle, s: number, targets: readonly number[]): number[] {
  let best: number[] = [];
  for (const o of b.objectives()) {
    if (!contestsAt(b, s, o)) continue;
    const here = targets.filter((t) => contestsAt(b, t, o));
    if (here.length > best.length) best = here;
  }
  return best;
}
