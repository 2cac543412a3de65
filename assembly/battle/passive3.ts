// Passive texts, third pass, in the kernel: the twin of src/aos/abilities/passive3.ts and src/aos/battle/passive3.ts
// (docs/abilities.md "Passive abilities, third pass"). effects.ts conditionsHold reads the holder's conditions here
// (records with EF.P3_STATE, encode-passive3.ts).
import { EF, US } from "./layout";
import { addedThisTurn } from "./reserves";
import { st } from "./state";
import { efI } from "./effects";

/** passive3.ts passive3Holds on the holder h: stationary (bits 1 / 2) and slain models this turn (bits 4 / 8). */
export function passive3Holds(k: i32, h: i32): bool {
  const s = efI(k, EF.P3_STATE);
  if ((s & 3) != 0) {
    const still = !(st(h, US.MOVED) || addedThisTurn(h));
    if (still != ((s & 1) != 0)) return false;
  }
  if ((s & 12) != 0 && st(h, US.SLEW_TURN) != ((s & 4) != 0)) return false;
  // (bit 16, the near condition's unit of either army, is read by effects.ts conditionsHold)
  return true;
}
