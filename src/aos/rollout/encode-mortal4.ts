/**
 * The mortal4 area's encoding (docs/abilities.md "Mortal damage and slain models, fourth pass (mortal4)"): EF 195
 * (EF.M4_AFTER) on a for-the-turn record after a declared mortal damage (encode.ts), and which such records the kernel
 * holds. Room: kind codes 162-168, EF 195, H 200-203, U 116-117, UI 76-77, UD 16, US bit 1<<27.
 */
import { stepPhaseOf } from "../battle/combat-abilities.js";
import type { PlayedEffect } from "../abilities/index.js";

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
