/**
 * Passive conditions of the third pass (docs/abilities.md "Passive abilities, third pass"), read by attack.ts
 * conditionsHold on the holder for every kind the attack, control and move interpreters read; the kernel's twin is
 * assembly/battle/passive3.ts. A view without the method a condition needs (the exact odds) makes it not hold.
 */
import type { EffectView } from "./attack.js";
import type { Conditions } from "./schema.js";

/** `stationary` (has not used a MOVE ability this turn and was not set up this turn) and `slewThisTurn` on the holder h. */
export function passive3Holds(v: EffectView, c: Conditions, h: number): boolean {
  if (c.stationary !== undefined && (!v.stationary || v.stationary(h) !== c.stationary)) return false;
  if (c.slewThisTurn !== undefined && (!v.slewThisTurn || v.slewThisTurn(h) !== c.slewThisTurn)) return false;
  return true;
}
