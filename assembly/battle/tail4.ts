// The tail4 area (docs/abilities.md "Weapon abilities, pass-through moves and permissions (tail4)"): the kernel's twin of
// src/aos/battle/tail4.ts. Room tail4: kind codes 137-143 and 186-191, EF 199, H 212-215, U 122, UI 82-83, US bit 1<<30;
// used: kind codes 137 (RESIST_REROLL), 138 (NO_RUN) and 139 (NO_RETURN), EF 199 (EF.T4_FLAGS, read by common.ts passesThrough / passesRange).

import { efI, hasKind, nEffects, whomHolds } from "./effects";
import { EF } from "./layout";
import { deployedOf, hasRec, owner, UM } from "./state";

/** encode-tail4.ts TAIL4_KINDS["no-run"]: "Enemy units cannot use RUN [or RETREAT] abilities while ..." (EF.T4_FLAGS 4: runs). */
export const NO_RUN: i32 = 138;

/** tail4.ts runBanned(u, "run"): an enemy unit's no-run record that bans runs names u (paths.ts offeredPace: no run offered). */
export function runBanned(u: i32): bool {
  if (!hasKind(NO_RUN)) return false;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != NO_RUN || (efI(k, EF.T4_FLAGS) & 4) == 0) continue;
    for (let m = deployedOf(1 - owner(u)); m != 0; m &= m - 1) {
      const x = <i32>ctz<u64>(m);
      if (hasRec(x, UM.EF_SOURCE, k) && whomHolds(k, x, u)) return true;
    }
  }
  return false;
}

/** encode-tail4.ts TAIL4_KINDS["no-return"]: "Models cannot be returned to enemy units within N\" of this unit". */
export const NO_RETURN: i32 = 139;

/** tail4.ts returnBanned: an enemy unit's no-return record names x (healing.ts returnsForbidden). */
export function returnBanned(x: i32): bool {
  if (!hasKind(NO_RETURN)) return false;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != NO_RETURN) continue;
    for (let m = deployedOf(1 - owner(x)); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (hasRec(s, UM.EF_SOURCE, k) && whomHolds(k, s, x)) return true;
    }
  }
  return false;
}

/** encode-tail4.ts TAIL4_KINDS["resist-reroll"]: "You can re-roll resistance rolls for friendly X units while ...". */
export const RESIST_REROLL: i32 = 137;

/** tail4.ts rerollsResistance: a unit of t's army whose resist-reroll record names t (records in data order, then ids); -1 none. */
export function rerollsResistance(t: i32): i32 {
  if (!hasKind(RESIST_REROLL)) return -1;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != RESIST_REROLL) continue;
    for (let m = deployedOf(owner(t)); m != 0; m &= m - 1) {
      const x = <i32>ctz<u64>(m);
      if (hasRec(x, UM.EF_SOURCE, k) && whomHolds(k, x, t)) return x;
    }
  }
  return -1;
}
