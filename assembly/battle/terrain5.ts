/**
 * Terrain features and objectives, fifth pass: the twin of src/aos/battle/terrain5.ts (docs/abilities.md "Terrain
 * features and objectives (terrain5)"). No room of the layout is used: the records are mortal records with EF.O4
 * bit 16 (objective4's sameObjective) and Smash Down's terrain-mortal records.
 */
import { contests, inPlay } from "./board";
import { bitOf, nObjectives } from "./state";

/**
 * battle/terrain5.ts sameObjectiveTargets: of the objectives s contests, the one the most of `targets` contest (the
 * first on a tie); those of them that contest it. 0 when s contests none.
 */
export function sameObjectiveTargets(s: i32, targets: u64): u64 {
  let best: u64 = 0;
  let bestN = 0;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || !contests(s, o)) continue;
    let here: u64 = 0;
    let n = 0;
    for (let m = targets; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      if (contests(t, o)) {
        here |= bitOf(t);
        n++;
      }
    }
    if (n > bestN) {
      best = here;
      bestN = n;
    }
  }
  return best;
}
