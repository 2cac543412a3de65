/**
 * The kills5 area's records (docs/abilities.md "Kills credited to the unit that made them (kills5)"; src/aos/battle/kills5.ts,
 * assembly/battle/kills5.ts): the kill-mark kind code (the room's kind 142), EF.K5_NEED (EF 204: the kill bits the unit
 * with the ability needs, any of them: its `killed` condition, or the bit of the kill mark its `conditions.token` names),
 * EF.K5_MARK (EF 205: a kill mark's bit, KILL_MARK_BIT << j for the battle's j-th kill-mark token, + 1 / 2 its timing's
 * "Your" / "Enemy") and U.KILLS5 (U 115: a unit's kills, and the bits of the kill marks it has).
 */
import type { PlayedEffect } from "../abilities/index.js";
import { KILL_MARK_BIT, killedMask, killMarked, MAX_KILL_MARKS } from "../abilities/kills5.js";
import type { UnitState } from "../battle/units.js";
import { InputError } from "../../core/errors.js";

export const KILL_MARK_KIND = 142;

export const isKernelKills5Effect = (pe: PlayedEffect): boolean => pe.effect.do.kind === "kill-mark";

/** The battle's kill-mark tokens in data order (at most MAX_KILL_MARKS: more are refused, the TypeScript engine plays). */
export function killMarkTokens(list: readonly PlayedEffect[]): string[] {
  const out: string[] = [];
  for (const pe of list) {
    const d = pe.effect.do;
    if (d.kind === "kill-mark" && !out.includes(d.token)) out.push(d.token);
  }
  if (out.length > MAX_KILL_MARKS) throw new InputError(`abilities: the rollout kernel carries at most ${MAX_KILL_MARKS} kill marks a battle (got ${out.length})`);
  return out;
}

/** EF.K5_NEED of a record (see the file comment). */
export function kills5Need(pe: PlayedEffect, marks: readonly string[]): number {
  const c = pe.effect.conditions;
  const mark = killMarked(pe) ? marks.indexOf(c.token!) : -1;
  if (killMarked(pe) && mark < 0) throw new InputError(`abilities: ${pe.key}: its kill mark ${c.token} is not in the battle`);
  if (mark >= 0 && c.killed !== undefined && pe.effect.do.kind !== "kill-mark") throw new InputError(`abilities: ${pe.key}: the rollout kernel reads a kill mark or kills on a record, not both`);
  return (mark >= 0 && pe.effect.do.kind !== "kill-mark" ? KILL_MARK_BIT << mark : 0) | killedMask(c.killed);
}

/** EF.K5_MARK of a record (see the file comment). */
export function kills5Mark(pe: PlayedEffect, marks: readonly string[]): number {
  const d = pe.effect.do;
  if (d.kind !== "kill-mark") return 0;
  const w = pe.ability.when;
  const whose = w.timing === "phase" ? (w.whose === "your" ? 1 : w.whose === "enemy" ? 2 : 0) : 0;
  return (KILL_MARK_BIT << marks.indexOf(d.token)) | whose;
}

/** U.KILLS5 of a unit: its kills and its kill marks' bits. */
export function kills5Slot(u: UnitState, marks: readonly string[]): number {
  let v = u.kills5 ?? 0;
  marks.forEach((t, j) => {
    if (u.tokens.includes(t)) v |= KILL_MARK_BIT << j;
  });
  return v;
}
