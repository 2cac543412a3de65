/**
 * The magic5 area's records in the kernel's flat state (docs/abilities.md "Spells, prayers and manifestations, fifth
 * pass (magic5)"; assembly/battle/magic5.ts). Room (layout 7, "magic5"): kind codes 163-168, EF 208-209, H 207-209,
 * U 118, UI 77. Used: kind code 163 (RITUAL_GAIN_KIND) and EF 208 (MG5_WHOSE); the points in EF.DICE_COUNT /
 * EF.DICE_SIDES (a D3: 1 and 3) or EF.VALUE (a number, DICE_COUNT 0).
 */
import type { PlayedEffect } from "../abilities/index.js";

/** "Give this unit D3 ritual points" in a hero phase (battle/magic5.ts useRitualGains). */
export const RITUAL_GAIN_KIND = 163;

/** The effects the kernel plays with this area's code. */
export function isKernelMagic5Effect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  return pe.effect.do.kind === "ritual-gain" && w.timing === "phase" && w.phase === "hero" && w.whose !== "any" && w.limit === "none" && pe.effect.whom.side === "self";
}

/** Writes record `r`'s slots for this area's effect (`EF` the layout's indices). */
export function magic5Record(pe: PlayedEffect, records: Float64Array, r: number, EF: Record<string, number>): void {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind !== "ritual-gain" || w.timing !== "phase") return;
  records[r + EF.KIND!] = RITUAL_GAIN_KIND;
  records[r + EF.MG5_WHOSE!] = w.whose === "your" ? 1 : 2;
  if (d.points === "D3") [records[r + EF.DICE_COUNT!], records[r + EF.DICE_SIDES!], records[r + EF.VALUE!]] = [1, 3, 0];
  else [records[r + EF.DICE_COUNT!], records[r + EF.DICE_SIDES!], records[r + EF.VALUE!]] = [0, 0, d.points];
}
