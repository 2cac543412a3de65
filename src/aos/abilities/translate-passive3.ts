/**
 * Passive texts, third pass (docs/abilities.md "Passive abilities, third pass"): conditions and clauses that are one
 * wording away from what the engines play. Hooked into translate-passive.ts's conditions (parseCondition) by one line.
 */
import type { Conditions } from "./schema.js";

type Cond = Partial<Conditions>;

/**
 * A whole condition on "this unit" / "it" (the words after it) that the " and "-split of translate-passive.ts would
 * cut: "has not used a MOVE ability this turn and was not set up this turn" (`stationary`, the status area's
 * condition), "has slain any enemy models this turn" (`slewThisTurn`, Victory Feast's).
 */
export function passive3Predicate(p: string): Cond | null {
  if (/^has not used a MOVE ability this turn and was not set up this turn$/.test(p)) return { stationary: true };
  if (/^has slain any enemy models this turn$/.test(p)) return { slewThisTurn: true };
  return null;
}
