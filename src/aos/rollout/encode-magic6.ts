/**
 * The magic6 area's records in the kernel's flat state (docs/abilities.md "Spells, prayers and terrain, sixth pass
 * (magic6)"; assembly/battle/magic6.ts). Room (layout 7, "magic6"): kinds 168, 171-174, EF 214-215, H 212-215, U 119,
 * UI 78, US bit 1<<30. Used: kind codes 168 (POWER_TURN_KIND), 171 (CASTING_TURN_KIND) and 172 (BANISHMENT_KIND), EF 214 (MG6_FLAGS), EF 215
 * (MG6_TERRAIN); the value in EF.VALUE; a casting-turn record's whom in the generic slots (effects.ts whomHolds). The effect held for the rest of the turn is the record's bit in the unit's UM.EF_TURN (encode.ts writes it
 * from the token abilities/attack.ts turnToken).
 */
import type { PlayedEffect } from "../abilities/index.js";

/** "[Once Per Battle, ]Your Hero Phase: Add 1 to this unit's power level for the rest of the turn" (battle/magic6.ts). */
export const POWER_TURN_KIND = 168;

/** A declared "add 1 to casting rolls [and chanting rolls] for the target ..." (battle/magic6.ts useCastingTurns). */
export const CASTING_TURN_KIND = 171;

/** "add 1 to banishment rolls for this unit" (passive; battle/magic6.ts banishBonus). */
export const BANISHMENT_KIND = 172;

/** The effects the kernel plays with this area's code. */
export function isKernelMagic6Effect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  if (pe.effect.do.kind === "banishment") return w.timing === "passive";
  if (pe.effect.do.kind === "casting-turn") return w.timing === "phase" && w.phase === "hero" && w.whose !== "enemy" && (w.limit === "none" || w.limit === "once-per-turn-army") && pe.effect.whom.side === "friendly";
  return pe.effect.do.kind === "power-turn" && w.timing === "phase" && w.phase === "hero" && w.whose === "your" && (w.limit === "none" || w.limit === "once-per-battle") && pe.effect.whom.side === "self";
}

/** Writes record `r`'s slots for this area's effect (`EF` the layout's indices). */
export function magic6Record(pe: PlayedEffect, records: Float64Array, r: number, EF: Record<string, number>): void {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind === "banishment") {
    records[r + EF.KIND!] = BANISHMENT_KIND;
    records[r + EF.VALUE!] = d.value;
    return;
  }
  if (d.kind === "casting-turn" && w.timing === "phase") {
    records[r + EF.KIND!] = CASTING_TURN_KIND;
    records[r + EF.VALUE!] = d.value;
    records[r + EF.MG6_FLAGS!] = (w.limit === "once-per-turn-army" ? 1 : 0) + 2 * (d.on ?? 0) + (d.chanting ? 16 : 0) + (d.until ? 32 : 0) + (pe.effect.conditions.visible ? 64 : 0);
    records[r + EF.MG6_TERRAIN!] = -1;
    return;
  }
  if (d.kind !== "power-turn" || w.timing !== "phase") return;
  records[r + EF.KIND!] = POWER_TURN_KIND;
  records[r + EF.VALUE!] = d.value;
  records[r + EF.MG6_FLAGS!] = (w.limit === "once-per-battle" ? 1 : 0) + 2 * (d.on ?? 0);
  records[r + EF.MG6_TERRAIN!] = d.terrain ?? -1;
}
