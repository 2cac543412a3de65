/**
 * Passive texts, third pass (docs/abilities.md "Passive abilities, third pass"): conditions and clauses that are one
 * wording away from what the engines play. Hooked into translate-passive.ts's conditions (parseCondition) by one line.
 */
import type { Conditions, Effect } from "./schema.js";
import { fx, KW, splitKeywords } from "./translate.js";

type Cond = Partial<Conditions>;

/**
 * A whole condition on "this unit" / "it" (the words after it) that the " and "-split of translate-passive.ts would
 * cut: "has not used a MOVE ability this turn and was not set up this turn" (`stationary`, the status area's
 * condition), "has slain any enemy models this turn" (`slewThisTurn`, Victory Feast's).
 */
export function passive3Predicate(p: string, vocab: ReadonlySet<string>, self: boolean): Cond | null {
  let m: RegExpExecArray | null;
  if (/^has not used a MOVE ability this turn and was not set up this turn$/.test(p)) return { stationary: true };
  if (/^has slain any enemy models this turn$/.test(p)) return { slewThisTurn: true };
  // "this unit is wholly within 12" of any MANIFESTATIONS (friendly or enemy)": a near unit of either army, measured from the affected unit.
  if (self && (m = new RegExp(`^is (wholly within|within) (\\d+)" of any (${KW}) \\(friendly or enemy\\)$`).exec(p))) {
    const ks = splitKeywords(m[3]!, vocab, true);
    return ks && Number(m[2]) <= 48 ? { near: { filter: { keywords: ks }, range: Number(m[2]), wholly: m[1] === "wholly within", measured: "this-within", either: true } } : null;
  }
  return null;
}

/**
 * Clauses of the passive3 kinds (translate-passive.ts clauses, so its conditions wrap them): "The Charge (+1 Damage)
 * weapon ability has no effect on attacks that target this unit"; "[If this unit has not charged this turn, ]ignore the
 * effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit".
 */
export function passive3Clauses(s: string): Effect[] | null {
  let m: RegExpExecArray | null;
  if (/^The Charge \(\+1 Damage\) weapon ability has no effect on attacks that target this unit$/.test(s)) return [fx({ do: { kind: "no-charge-damage", direction: "against" } })];
  if ((m = /^Ignore the effect of the Charge \(\+1 Damage\) ability for (combat |shooting )?attacks made by enemy units that target this unit$/.exec(s)))
    return [fx({ conditions: { attack: m[1] === "combat " ? "melee" : m[1] === "shooting " ? "ranged" : "any" }, do: { kind: "no-charge-damage", direction: "against" } })];
  return null;
}
