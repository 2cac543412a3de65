// The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of
// turn, third pass (combat3)"): the kernel's twin of src/aos/battle/combat3.ts, called by status.ts useForAWhile.

import { roll } from "../rng";
import { EF, US } from "./layout";
import { efI, whomHolds } from "./effects";
import { bitOf, deployedMask, deployedOf, efMask, engagedMask, inCombat, owner, recBit, setEfMask, st, ui, UI, UM, woundsLeft } from "./state";

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

/** combat3.ts fightTwicePick: of the units record k names from s, in combat, not fought, not granted, the most wounds left, then the lowest id; -1 none. */
export function fightTwicePick(k: i32, s: i32): i32 {
  let best = -1;
  let bestLeft = 0;
  for (let m = deployedOf(owner(s)); m != 0; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    if (!whomHolds(k, s, x) || (engagedMask & bitOf(x)) == 0 || st(x, US.FOUGHT) || ui(x, UI.FIGHT_TWICE) != 0) continue;
    const left = woundsLeft(x);
    if (best < 0 || left > bestLeft) {
      best = x;
      bestLeft = left;
    }
  }
  return best;
}
