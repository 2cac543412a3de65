/**
 * The objective4 area's records (docs/abilities.md "Objectives, terrain features and set-ups again (objective4)";
 * src/aos/battle/objective4.ts, assembly/battle/objective4.ts): the kind code of a mark (the room's kind codes
 * 170-177) and the bits of EF.O4 (the room's EF 197) on any record: bits 0-2 objectiveWhile (1 any, 2 controlled,
 * 3 not controlled), 8 targetContesting, 16 sameObjective, 32 the record needs the battle's mark on the unit with the
 * ability (conditions.token equal to the mark's token: US.O4_MARK, the room's U.STATE bit 1 << 28), 64 / 128 a mark's
 * "Your" / "Enemy" Hero Phase.
 */
import type { PlayedEffect } from "../abilities/index.js";
import { InputError } from "../../core/errors.js";

export const O4_KINDS = { mark: 170 } as const;

export const isKernelObjective4Effect = (pe: PlayedEffect): boolean => pe.effect.do.kind in O4_KINDS;
export const objective4Kind = (pe: PlayedEffect): number => O4_KINDS[pe.effect.do.kind as keyof typeof O4_KINDS];

/** The mark token the kernel carries (US.O4_MARK): the battle's one; two different ones are refused (the TypeScript engine plays such a battle). */
export function markToken(list: readonly PlayedEffect[]): string | undefined {
  let token: string | undefined;
  for (const pe of list) {
    const d = pe.effect.do;
    if (d.kind !== "mark") continue;
    if (token !== undefined && token !== d.token) throw new InputError(`abilities: ${pe.key}: the rollout kernel carries one mark a battle (${token} and ${d.token})`);
    token = d.token;
  }
  return token;
}

/** EF.O4 of a record (see the file comment). */
export function objective4Bits(pe: PlayedEffect, mark: string | undefined): number {
  const c = pe.effect.conditions;
  const w = pe.ability.when;
  const whose = pe.effect.do.kind === "mark" && w.timing === "phase" ? (w.whose === "your" ? 64 : w.whose === "enemy" ? 128 : 0) : 0;
  return (
    (c.objectiveWhile === undefined ? 0 : ["any", "controlled", "not-controlled"].indexOf(c.objectiveWhile) + 1) |
    (c.targetContesting ? 8 : 0) |
    (c.sameObjective ? 16 : 0) |
    (mark !== undefined && c.token === mark ? 32 : 0) |
    whose
  );
}
