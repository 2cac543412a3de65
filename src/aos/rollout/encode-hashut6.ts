/**
 * The hashut6 area's slots (docs/abilities.md "Daemonic power points and desolation tokens (hashut6)"; battle/hashut6.ts,
 * assembly/battle/hashut6.ts): EF.H6_POINTS (EF 198: conditions.daemonic, 1 + min + 4 x max, 0 none), U.HASHUT (U 112:
 * the unit's points + 4 HELSMITHS OF HASHUT + 8 HOBGROT + 16 its warscroll reads the points; the kernel's UI.HASHUT) and
 * H.DESOLATION0/1 (H 192-193: BattleData.desolation). Kind codes 130-133, EF 202, H 194-195 and UD 16 of the room are unused.
 */
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "../battle/battle.js";
import { hasKeyword } from "../battle/units.js";

/** EF.H6_POINTS of a record. */
export function hashutPoints(pe: PlayedEffect): number {
  const d = pe.effect.conditions.daemonic;
  return d === undefined ? 0 : 1 + d.min + 4 * d.max;
}

/** U.HASHUT of unit `id` (`readers`: battle/hashut6.ts pointReaders). */
export function hashutSlot(b: Battle, id: number, readers: ReadonlySet<string>): number {
  const p = b.profile(id);
  return (
    (b.unit(id).daemonic ?? 0) |
    (hasKeyword(p, "HELSMITHS OF HASHUT") ? 4 : 0) |
    (hasKeyword(p, "HOBGROT") ? 8 : 0) |
    (readers.has(p.warscroll.toLowerCase()) ? 16 : 0)
  );
}
