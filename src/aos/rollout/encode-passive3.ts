/**
 * The encoder's part for the third passive pass (docs/abilities.md "Passive abilities, third pass"; the kernel's
 * assembly/battle/passive3.ts): the record slot EF.P3_STATE of a record's `stationary` and `slewThisTurn` conditions.
 */
import type { PlayedEffect } from "../abilities/index.js";
import type { Conditions } from "../abilities/schema.js";

/**
 * EF.P3_STATE: bit 1 the holder must be stationary, 2 must not be; bit 4 it must have slain models this turn, 8 must not
 * have; bit 16 the near condition's unit may be of either army; bit 32 a targetWithin condition (EF.P3_TARGET_RANGE, P3_TARGET_BEYOND).
 */
export function passive3State(c: Conditions): number {
  return (c.stationary === undefined ? 0 : c.stationary ? 1 : 2) | (c.slewThisTurn === undefined ? 0 : c.slewThisTurn ? 4 : 8) | (c.near?.either ? 16 : 0) | (c.targetWithin ? 32 : 0);
}

/** The kernel codes of the passive3 kinds (EF.KIND, the room 149-159). */
export const PASSIVE3_KINDS = { "no-charge-damage": 149 } as const;

/** A passive effect of a passive3 kind, which the kernel plays (assembly/battle/passive.ts passiveAttackMod). */
export function isKernelPassive3Effect(pe: PlayedEffect): boolean {
  return pe.ability.when.timing === "passive" && pe.effect.do.kind in PASSIVE3_KINDS;
}

export const passive3KindCode = (pe: PlayedEffect): number => PASSIVE3_KINDS[pe.effect.do.kind as keyof typeof PASSIVE3_KINDS];
