/**
 * The sylvaneth6 area's records (docs/abilities.md "The creeping overgrowth (sylvaneth6)"; src/aos/battle/sylvaneth6.ts,
 * assembly/battle/sylvaneth6.ts): the overgrow kind code (the room's kind 134) with its range, timing and limit (EF.SY6_CODE, EF 207, which also carries conditions.pickOvergrowth: 512),
 * the condition `overgrowth` on any record (EF.SY6_OVERGROWTH, EF 203: 1 within, 2 wholly within), each player's
 * overgrown tokens (H.SY6_OVERGROWN0/1, H 196-197) and a unit's "Once Per Battle" use (US.SY6_USED, U.STATE bit 1 << 27).
 * Room left: kinds 135-136 and 140, H 198-199, U 113, UI 73.
 */
import type { PlayedEffect } from "../abilities/index.js";

export const OVERGROW_KIND = 134;

export const isKernelSylvaneth6Effect = (pe: PlayedEffect): boolean => pe.effect.do.kind === "overgrow";

/** EF.SY6_OVERGROWTH of a record. */
export const overgrowthCode = (pe: PlayedEffect): number => (pe.effect.conditions.overgrowth === undefined ? 0 : pe.effect.conditions.overgrowth === "wholly" ? 2 : 1);

/**
 * EF.SY6_CODE of a record: an overgrow record's range + 64 x its timing's Your (1) / Enemy (2) Hero Phase + 256 "Once
 * Per Battle"; on any record 512 for conditions.pickOvergrowth (a declared pick's target: status.ts useForAWhile).
 */
export function sylvaneth6Code(pe: PlayedEffect): number {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (pe.effect.conditions.pickOvergrowth !== undefined) return 512;
  if (d.kind !== "overgrow" || w.timing !== "phase") return 0;
  return d.range + 64 * (w.whose === "your" ? 1 : w.whose === "enemy" ? 2 : 0) + (w.limit === "once-per-battle" ? 256 : 0);
}
