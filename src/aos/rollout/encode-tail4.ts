/**
 * The tail4 area's records in the kernel's flat state (docs/abilities.md "Weapon abilities, pass-through moves and
 * permissions (tail4)"; assembly/battle/tail4.ts). Room (layout 6, "tail4"): kind codes 137-143 and 186-191, EF 199,
 * H 212-215, U 122, UI 82-83, U.STATE bit 2^30. Used: kind codes 137 (`resist-reroll`), 138 (`no-run`) and 139 (`no-return`), EF 199
 * (EF.T4_FLAGS: on pass-through records, encode-common.ts; on no-run records, 4 a run is banned, 8 a retreat).
 */
import type { PlayedEffect } from "../abilities/index.js";
import { EF } from "./encode.js";

/** The tail4 kinds and their kernel codes (EF.KIND). */
export const TAIL4_KINDS = { "resist-reroll": 137, "no-run": 138, "no-return": 139 } as const;

/** The effects the kernel plays with this area's codes: passive ones. */
export function isKernelTail4Effect(pe: PlayedEffect): boolean {
  return pe.effect.do.kind in TAIL4_KINDS && pe.ability.when.timing === "passive";
}

/** Writes a tail4 record's slots: a no-run record's bans in EF.T4_FLAGS (4 run, 8 retreat). */
export function tail4Record(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do;
  if (d.kind === "no-run") records[r + EF.T4_FLAGS] = (d.run ? 4 : 0) | (d.retreat ? 8 : 0);
}
