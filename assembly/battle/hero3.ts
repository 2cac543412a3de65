// The hero3 area (docs/abilities.md "Hero phases, spells and the start of a turn (hero3)"), the kernel's twin of
// src/aos/battle/hero3.ts: `seize` (kind SEIZE 169, encode-hero3.ts SEIZE_KIND), used by the start-of-turn step
// (combat-abilities.ts useStepAbilities): at the start of its army's own turn, an objective the army does not
// control and controlled at the end of an earlier turn (the scoring history, hist) becomes its own; the one the
// opponent controls before one nobody controls, then the battleplan's order.
import { inPlay } from "./board";
import { active, hist, nHistory, nObjectives, OI, oi, setOi, sideOf } from "./state";

/** schema.ts DURATION_SETS.indexOf("weapon-ability") (test/aos/abilities-hero3.test.ts checks it): a Crit held for a while, EF.VALUE its code (encode-hero3.ts heldAbilityCode). */
export const SET_WEAPON_ABILITY: i32 = 16;

/** encode-hero3.ts SEIZE_KIND (room hero3: kind codes 169-175, 184-191). */
export const SEIZE: i32 = 169;

/** hero3.ts useSeize: whether `player`'s unit used it (the unit itself does not matter). */
export function useSeize(player: i32): bool {
  if (player != active) return false;
  const side = sideOf(player);
  let best = -1;
  let bestHeld = false;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o)) continue;
    const c = oi(o, OI.CONTROL);
    if (c == player) continue;
    let ever = false;
    for (let i = 0; i < nHistory; i++)
      if ((hist(i, 2 + side) & (1 << o)) != 0) {
        ever = true;
        break;
      }
    if (!ever) continue;
    const held = c >= 0;
    if (best < 0 || (held && !bestHeld)) {
      best = o;
      bestHeld = held;
    }
  }
  if (best < 0) return false;
  setOi(best, OI.CONTROL, player);
  return true;
}
