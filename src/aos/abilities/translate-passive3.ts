/**
 * Passive texts, third pass (docs/abilities.md "Passive abilities, third pass"): conditions and clauses that are one
 * wording away from what the engines play. Hooked into translate-passive.ts's conditions (parseCondition) by one line.
 */
import type { Conditions, Effect } from "./schema.js";
import { BASE_PATTERNS, fx, KW, splitKeywords } from "./translate.js";
import { parseUnitsWide } from "./translate-passive.js";

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
export function passive3Clauses(s: string, vocab: ReadonlySet<string>): Effect[] | null {
  let m: RegExpExecArray | null;
  // The target's distance from the unit with the ability, after a hit or wound modifier the base patterns read.
  if ((m = /^(.+ that target an enemy unit with \d+ or more models) that is more than (\d+)" from this unit$/.exec(s)) || (m = /^(.+ attacks made by .+) if the target is within (\d+)" of this unit$/.exec(s))) {
    const beyond = m[0].endsWith("from this unit");
    let inner: Effect[] | null = null;
    for (const p of BASE_PATTERNS) {
      const r = p(m[1]!, vocab);
      if (r) {
        inner = Array.isArray(r) ? r : null;
        break;
      }
    }
    // "... attacks made by friendly VANGUARD CHAMBER units": those units wherever they are (the base patterns want a range).
    const by = /^(Add|Subtract) ([1-3]) (?:to|from) (hit rolls|wound rolls|hit rolls and wound rolls) for (?:(combat|shooting) )?attacks made by (friendly .+)$/.exec(m[1]!);
    const u = !beyond && !inner && by ? parseUnitsWide(by[5]!, vocab) : null;
    if (by && u && u.side === "friendly") {
      const value = (by[1] === "Add" ? 1 : -1) * Number(by[2]);
      const whom = { side: "friendly" as const, ...(u.filter ? { filter: u.filter } : {}), includeSelf: !u.other };
      const attack = by[4] === "combat" ? "melee" : by[4] === "shooting" ? "ranged" : "any";
      inner = (by[3] === "hit rolls and wound rolls" ? (["hit", "wound"] as const) : by[3] === "hit rolls" ? (["hit"] as const) : (["wound"] as const)).map((k) => fx({ whom, conditions: { attack }, do: { kind: k, value, direction: "by" } }));
    }
    if (!inner || Number(m[2]) > 48 || inner.some((e) => (e.do.kind !== "hit" && e.do.kind !== "wound") || e.conditions.targetWithin !== undefined || (beyond && e.whom.side !== "self"))) return null;
    return inner.map((e) => ({ ...e, conditions: { ...e.conditions, targetWithin: { range: Number(m![2]), beyond } } }));
  }
  if (/^The Charge \(\+1 Damage\) weapon ability has no effect on attacks that target this unit$/.test(s)) return [fx({ do: { kind: "no-charge-damage", direction: "against" } })];
  if ((m = /^Ignore the effect of the Charge \(\+1 Damage\) ability for (combat |shooting )?attacks made by enemy units that target this unit$/.exec(s)))
    return [fx({ conditions: { attack: m[1] === "combat " ? "melee" : m[1] === "shooting " ? "ranged" : "any" }, do: { kind: "no-charge-damage", direction: "against" } })];
  return null;
}
