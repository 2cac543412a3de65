/**
 * The encoder's part for the third passive pass (docs/abilities.md "Passive abilities, third pass"; the kernel's
 * assembly/battle/passive3.ts): the record slot EF.P3_STATE of a record's `stationary` and `slewThisTurn` conditions.
 */
import type { Conditions } from "../abilities/schema.js";

/** EF.P3_STATE: bit 1 the holder must be stationary, 2 must not be; bit 4 it must have slain models this turn, 8 must not have. */
export function passive3State(c: Conditions): number {
  return (c.stationary === undefined ? 0 : c.stationary ? 1 : 2) | (c.slewThisTurn === undefined ? 0 : c.slewThisTurn ? 4 : 8);
}
