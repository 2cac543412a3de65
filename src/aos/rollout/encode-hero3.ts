/**
 * The hero3 area's records in the kernel's flat state (docs/abilities.md "Hero phases, spells and the start of a
 * turn (hero3)"; assembly/battle/hero3.ts). Room (layout 6, "hero3"): kind codes 169-175 and 184-191, EF 196-199,
 * H 212-215, U 122-123, UI 82-83. Used: kind 169 (SEIZE_KIND), EF 196 (encode.ts EF.H3_SURE). A Crit held for a while
 * (DURATION_SETS "weapon-ability") uses EF.VALUE for its code (heldAbilityCode).
 */
import type { PlayedEffect } from "../abilities/index.js";
import { stepPhaseOf } from "../battle/combat-abilities.js";

/** "You control the target objective" (battle/hero3.ts useSeize): the start-of-turn step's record. */
export const SEIZE_KIND = 169;

/** The effects the kernel plays with this area's code: a start-of-turn seize. */
export function isKernelHero3Effect(pe: PlayedEffect): boolean {
  return pe.effect.do.kind === "seize" && stepPhaseOf(pe) === "start-of-turn";
}

/** A held weapon ability's code in EF.VALUE: encode-passive.ts's (1 Crit (2 Hits), 2 Crit (Auto-wound), 3 Crit (Mortal)). */
export function heldAbilityCode(ability: string | undefined): number {
  // declared4: Charge (+1 Damage) for a while, the passive weapon-ability's code 5 (encode-passive.ts ABILITY_CODES).
  if (ability === "Charge (+1 Damage)") return 5;
  return ["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)"].indexOf(ability ?? "") + 1;
}
