// Passive texts, third pass, in the kernel: the twin of src/aos/abilities/passive3.ts and src/aos/battle/passive3.ts
// (docs/abilities.md "Passive abilities, third pass"). effects.ts conditionsHold reads the holder's conditions here
// (records with EF.P3_STATE, encode-passive3.ts).
import { EF, US } from "./layout";
import { addedThisTurn } from "./reserves";
import { dist, st } from "./state";
import { ef, efI } from "./effects";

/**
 * passive3.ts passive3Holds on the holder h: stationary (bits 1 / 2) and slain models this turn (bits 4 / 8); the
 * attack's target t within EF.P3_TARGET_RANGE of the source s (or, with P3_TARGET_BEYOND, more than it; no target: no).
 */
export function passive3Holds(k: i32, h: i32, src: i32, t: i32): bool {
  const s = efI(k, EF.P3_STATE);
  if ((s & 3) != 0) {
    const still = !(st(h, US.MOVED) || addedThisTurn(h));
    if (still != ((s & 1) != 0)) return false;
  }
  if ((s & 12) != 0 && st(h, US.SLEW_TURN) != ((s & 4) != 0)) return false;
  if ((s & 32) != 0) {
    const range = ef(k, EF.P3_TARGET_RANGE);
    if (t < 0) return false;
    const d = dist(t, src);
    if (efI(k, EF.P3_TARGET_BEYOND) != 0 ? d <= range + 1e-9 : d > range + 1e-9) return false;
  }
  // (bit 16, the near condition's unit of either army, is read by effects.ts conditionsHold)
  return true;
}
