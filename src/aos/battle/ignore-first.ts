/**
 * Ignoring the first damage point (docs/abilities.md "Ignoring the first damage point"): "Passive: Ignore the first
 * damage point that would be allocated to this unit in each phase" (Stone Skeleton). attacks.ts allocateDamage
 * drops the first point each phase that reaches allocation (after the ward rolls, mortal damage too) and marks the
 * unit with IGNORED_FIRST_TOKEN; turn.ts removes the token when the phase ends (clearIgnoredFirst) and, as every
 * "for-the-turn:" token, when a turn begins. Kernel twin: assembly/battle/actions.ts allocateDamage (U.STATE2 bits
 * 30-31: encode.ts US2_IGNORE_FIRST).
 */
import { playedEffectsOf } from "../abilities/index.js";
import type { UnitProfile, UnitState } from "./units.js";

/** The unit has ignored its first damage point this phase. */
export const IGNORED_FIRST_TOKEN = "for-the-turn:phase:ignored-first";

const cache = new WeakMap<UnitProfile, { abilities: UnitProfile["abilities"]; v: boolean }>();

/** Whether units of this profile ignore the first damage point allocated to them each phase. */
export function ignoresFirst(p: UnitProfile): boolean {
  const c = cache.get(p);
  if (c && c.abilities === p.abilities) return c.v; // the abilities a test gives a profile replace its array
  const v = playedEffectsOf([p]).some((pe) => pe.effect.do.kind === "ignore-first" && pe.ability.when.timing === "passive" && pe.effect.whom.side === "self");
  cache.set(p, { abilities: p.abilities, v });
  return v;
}

/** The points of `points` left to allocate once the unit's first point this phase is ignored (and marks it). */
export function afterIgnoredFirst(p: UnitProfile, u: UnitState, points: number): number {
  if (!ignoresFirst(p) || u.tokens.includes(IGNORED_FIRST_TOKEN)) return points;
  u.tokens.push(IGNORED_FIRST_TOKEN);
  return points - 1;
}

/** The end of a phase: the marks go (turn.ts nextPhase; the kernel's flow.ts). */
export function clearIgnoredFirst(units: readonly UnitState[]): void {
  for (const u of units) if (u.tokens.includes(IGNORED_FIRST_TOKEN)) u.tokens = u.tokens.filter((t) => t !== IGNORED_FIRST_TOKEN);
}
