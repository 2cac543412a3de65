/**
 * The react4 area's records in the kernel's flat state (docs/abilities.md "Casting and unbinding reactions
 * (react4)"; assembly/battle/react4.ts). Room (layout 6, "react4"): kind codes 178-185, EF 198, H 208-211, U 119,
 * UI 79, US bit 1<<29. Used: kind codes 178-182 only (REACT4_KINDS); the records' values are in generic slots
 * (react4Record), and a reaction's "Once Per Turn (Army)" use is H.EFFECT_PHASE* (EF.LIMITED 2).
 */
import type { PlayedEffect } from "../abilities/index.js";

/** This area's effect kinds and their kernel codes (EF.KIND). */
export const REACT4_KINDS = { "unbind-mortal": 178, "unbind-3d6": 179, "casting-gamble": 180, "casting-reroll": 181, "unbind-for-target": 182 } as const;

/** The effects the kernel plays with this area's code (each where castingRollValue reads it). */
export function isKernelReact4Effect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind === "unbind-mortal") return w.timing === "passive";
  if (d.kind === "unbind-3d6" || d.kind === "unbind-for-target") return w.timing === "reaction" && w.to === "opponent-spell";
  if (d.kind === "casting-gamble" || d.kind === "casting-reroll") return w.timing === "reaction" && w.to === "own-spell";
  return false;
}

/** Writes record `r`'s slots for this area's effect (`EF` the layout's indices). */
export function react4Record(pe: PlayedEffect, records: Float64Array, r: number, EF: Record<string, number>): void {
  const d = pe.effect.do;
  const w = pe.ability.when;
  records[r + EF.KIND!] = REACT4_KINDS[d.kind as keyof typeof REACT4_KINDS];
  records[r + EF.LIMITED!] = w.timing === "reaction" && w.limit === "once-per-turn-army" ? 2 : 0;
  if (d.kind === "unbind-mortal") {
    records[r + EF.DICE_SIDES!] = d.dice === "D3" ? 3 : 6;
    records[r + EF.VALUE!] = d.high?.atLeast ?? 0;
    records[r + EF.DMG_SIDES!] = d.high ? (d.high.dice === "D3" ? 3 : 6) : 0;
  } else if (d.kind === "unbind-for-target") {
    records[r + EF.VALUE!] = d.add;
    records[r + EF.DICE_SIDES!] = d.mortal === "D3" ? 3 : 6;
  } else if (d.kind === "casting-gamble") {
    records[r + EF.EACH!] = d.mortal;
    records[r + EF.ON!] = d.on;
    records[r + EF.VALUE!] = d.add;
  }
}
