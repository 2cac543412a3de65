/**
 * The mortal4 area's encoding (docs/abilities.md "Mortal damage and slain models, fourth pass (mortal4)"): EF 195
 * (EF.M4_AFTER) on a for-the-turn record after a declared mortal damage (encode.ts), and which such records the kernel
 * holds. Room: kind codes 162-168, EF 195, H 200-203, U 116-117, UI 76-77, UD 16, US bit 1<<27.
 */
import type { PlayedEffect } from "../abilities/index.js";
import { InputError } from "../../core/errors.js";
import { stepPhaseOf } from "../battle/combat-abilities.js";

/** "If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range ..." (battle/mortal4.ts destroyedMortal; the kernel's DESTROYED_MORTAL). */
export const DESTROYED_MORTAL_KIND = 162;

/** The effects the kernel plays with this area's kind codes: a passive destroyed-mortal. */
export function isKernelMortal4Effect(pe: PlayedEffect): boolean {
  return pe.effect.do.kind === "destroyed-mortal" && pe.ability.when.timing === "passive";
}

/** Writes record r's mortal4 slots: a destroyed-mortal's dice (EF.ON) and damage dice (EF.DMG_COUNT, DMG_SIDES; no modifier); a mortal's bothSides. */
export function mortal4Record(pe: PlayedEffect, records: Float64Array, r: number, EF: { ON: number; DMG_COUNT: number; DMG_SIDES: number; M4_AFTER: number }): void {
  const d = pe.effect.do;
  // A mortal damage on each other unit of either army (battle/mortal4.ts bothSidesTargets): EF.M4_AFTER bit 4.
  if (d.kind === "mortal" && d.bothSides) records[r + EF.M4_AFTER] = 4;
  if (d.kind !== "destroyed-mortal") return;
  if (d.damage.plus !== 0) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls a destroyed unit's mortal damage dice without a modifier`);
  records[r + EF.ON] = d.on;
  records[r + EF.DMG_COUNT] = d.damage.count;
  records[r + EF.DMG_SIDES] = d.damage.sides;
}

/**
 * A for-the-turn effect set by the mortal damage before it (afterDamage: combat-abilities.ts afterMortal) in any phase
 * the steps play that mortal damage in. The combat phase's were held already (isCombatStepEffect); the other phases'
 * (Petrifying Gaze's STRIKE-LAST in a shooting phase, Soulscent's ward in a movement phase) were left out, so the kernel
 * did not set them while the TypeScript engine did.
 */
export function isAfterMortalEffect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  if (d.kind !== "for-the-turn" || d.afterDamage === undefined) return false;
  const effects = pe.ability.effects;
  const before = effects[effects.indexOf(pe.effect) - 1];
  return before !== undefined && before.do.kind === "mortal" && stepPhaseOf({ ability: pe.ability, effect: before, key: pe.key }) !== null;
}
