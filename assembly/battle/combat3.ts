// The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of
// turn, third pass (combat3)"): the kernel's twin of src/aos/battle/combat3.ts, called by status.ts useForAWhile.

import { roll } from "../rng";
import { EF } from "./layout";
import { efI, whomHolds } from "./effects";
import { deployedMask, efMask, inCombat, recBit, setEfMask, UM } from "./state";

/** combat3.ts eachTargets: "Pick each ... to be the targets" — every unit the pick names when one of them scores, else none. */
export function eachTargets(every: u64, scored: u64): u64 {
  return scored != 0 ? every : 0;
}

/** encode-combat3.ts SWITCH_ON_KIND: "[Roll a dice. On a N+, ]for the rest of the turn, <aura>" (the records after it: EF.C3_SWITCHED). */
export const SWITCH_ON: i32 = 128;

/**
 * combat3.ts useSwitchOn: source s switches record k's aura on (its EF.C3_SWITCH_COUNT records after it) for the rest
 * of the turn — their bits in s's UM.EF_TURN (effects.ts conditionsHold reads them) — when a unit one of them names
 * from s is in combat; a dice first with EF.ON. Returns whether it was used.
 */
export function useSwitchOn(k: i32, s: i32): bool {
  const n = efI(k, EF.C3_SWITCH_COUNT);
  let worth = false;
  for (let m = deployedMask; m != 0 && !worth; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    if (!inCombat(x)) continue;
    for (let i = 1; i <= n; i++)
      if (whomHolds(k + i, s, x)) {
        worth = true;
        break;
      }
  }
  if (!worth) return false;
  const on = efI(k, EF.ON);
  if (on == 0 || roll(6) >= on) for (let i = 1; i <= n; i++) setEfMask(s, UM.EF_TURN, efMask(s, UM.EF_TURN) | recBit(k + i));
  return true;
}
