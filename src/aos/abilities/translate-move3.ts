/**
 * The move3 area's translator (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"):
 * movement-, shooting- and charge-phase texts a wording away from what the engines play.
 *
 * Units passed across (read by translate-damage.ts parseTarget, played by the declared-ability steps with the
 * target condition `passedAcross`, battle/move3.ts):
 *   "[If this unit used a MOVE ability this phase, p|P]ick an | a | up to N enemy [KW ]unit(s) [that does not have
 *   FLY and ]that this unit passed across this phase | this turn to be the target(s)"
 * "this phase" only in a movement phase (the engines move no unit earlier in a turn, so the turn's record is the
 * phase's); "this turn" in a movement or charge phase. "If this unit used a MOVE ability this phase" is what
 * passing across a unit in the movement phase already says (it moved to do so), so it adds nothing.
 */
import type { Effect, EffectFilter, When } from "./schema.js";

export interface PassedTarget {
  filter?: EffectFilter;
  targets: "one";
  upTo?: number;
}

/**
 * The passed-across pick, or null. `units` reads the unit phrase ("unit", "INFANTRY or CAVALRY unit") into a
 * filter (undefined: any unit; null: not read).
 */
export function passedAcrossPick(d: string, units: (phrase: string) => EffectFilter | undefined | null): (PassedTarget & { scope: "phase" | "turn"; conditions: Partial<Effect["conditions"]> }) | null {
  const m = /^(?:If this unit used a MOVE ability this phase, p|P)ick (an|a|up to ([2-6])) enemy (.+?) (that does not have FLY and )?that this unit passed across this (phase|turn) to be the targets?$/.exec(d);
  if (!m) return null;
  const phrase = m[3]!;
  const plural = m[2] !== undefined;
  if (plural ? !/units$/.test(phrase) : !/unit$/.test(phrase)) return null;
  let filter = units(phrase);
  if (filter === null) return null;
  if (m[4] !== undefined) filter = { ...(filter ?? {}), notKeywords: [...(filter?.notKeywords ?? []), "FLY"] };
  return {
    ...(filter ? { filter } : {}),
    targets: "one",
    ...(m[2] !== undefined ? { upTo: Number(m[2]) } : {}),
    scope: m[5] as "phase" | "turn",
    conditions: { passedAcross: true },
  };
}

/** Whether a passed-across pick of `scope` reads whole under `when` (see the file comment). */
export function passedScopeHolds(when: When, scope: "phase" | "turn"): boolean {
  if (when.timing !== "phase") return false;
  return when.phase === "movement" || (scope === "turn" && when.phase === "charge");
}

/** "Roll a dice for each model in this unit that passed across the target": every model of the unit (one footprint). */
export function passedEffectText(s: string): string {
  return s.replace(/^Roll a dice for each model in this unit that passed across the target\./, "Roll a dice for each model in this unit.");
}
