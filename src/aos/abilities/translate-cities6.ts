/**
 * The cities6 area's translations (docs/abilities.md "Cities of Sigmar: under orders (cities6)"): the Cities of
 * Sigmar's texts conditioned on "under orders" (the condition itself, `underOrders`, is read by translate-passive.ts
 * parseCondition: "While this unit is under orders, X", "If this unit is under orders and has not charged this turn, X").
 * Here the wordings the passive patterns do not read, rewritten into ones they do, each read whole or not at all:
 *
 * - "While this unit is under orders, the melee weapons of other visible friendly X units, excluding Y units, have
 *   W while they are wholly within N\" of this unit" (Break Them Upon the Walls): "melee weapons used by other friendly
 *   X units have W while they are wholly within N\" of this unit" under the condition, the units' filter without the
 *   warscroll Y (`notWarscrolls`). "visible" is not checked, as for every aura (the passive patterns' precedent).
 * - "While this unit is under orders: • A. • B." (Fortified Position): each bullet read as "While this unit is under
 *   orders, A" on its own; every bullet must be played.
 * - The passive clause "This unit's ranged weapons have Shoot in Combat": `shoot-in-combat` (battle/cities6.ts).
 * - A declared effect "If this unit is under orders, apply the effect below. Otherwise, roll a dice. On a N+, apply the
 *   effect below. X": X on N+, with `sureUnderOrders` (no dice while the unit with the ability is under orders).
 */
import type { Effect } from "./schema.js";
import type { AbilityText, Translation } from "./translate.js";

/** translate.ts NAME (a warscroll name), repeated: translate.ts imports this file. */
const NAME = String.raw`[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*`;

const BREAK = new RegExp(
  String.raw`^While this unit is under orders, the melee weapons of other (?:visible )?friendly (.+?) units, excluding (${NAME}) units, have (.+?) while they are wholly within (\d+)" of this unit\.?$`,
);

export function cities6Translation(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const text = (a.effect ?? "").replace(/\s+/g, " ").trim();
  let m = BREAK.exec(text);
  if (m) {
    const r = translate({ ...a, effect: `While this unit is under orders, melee weapons used by other friendly ${m[1]} units have ${m[3]} while they are wholly within ${m[4]}" of this unit.` });
    if (r.kind !== "played" || r.effects.length !== 1) return null;
    const e = r.effects[0]!;
    if (e.whom.side !== "friendly" || !e.whom.filter || e.whom.filter.notWarscrolls) return null;
    const effects: Effect[] = [{ ...e, whom: { ...e.whom, filter: { ...e.whom.filter, notWarscrolls: [m[2]!] } } }];
    return { ...r, effects };
  }
  m = /^While this unit is under orders: ((?:• [^•]+?)+)$/.exec(text);
  if (m) {
    const bullets = m[1]!.split("•").map((s) => s.trim().replace(/\.$/, "")).filter((s) => s !== "");
    if (bullets.length < 2) return null;
    const effects: Effect[] = [];
    for (const b of bullets) {
      const r = translate({ ...a, effect: `While this unit is under orders, ${b[0]!.toLowerCase()}${b.slice(1)}.` });
      if (r.kind !== "played") return null;
      effects.push(...r.effects);
    }
    return { kind: "played", when: { timing: "passive" }, effects };
  }
  return null;
}

/** The passive clause "This unit's ranged weapons have Shoot in Combat" (translate-passive.ts clauses): `shoot-in-combat` on the unit itself. */
export function cities6Clauses(s: string): Effect[] | null {
  if (!/^(?:This unit's|this unit's|Its|its) ranged weapons have Shoot in Combat$/.test(s)) return null;
  return [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "shoot-in-combat" } }];
}

/**
 * "If this unit is under orders, apply the effect below. Otherwise, roll a dice. On a N+, apply the effect below. X" (the
 * effect's sentences, translate-status.ts): "Roll a dice", "On a N+, X" and the flag `sureUnderOrders` (status.ts rolls
 * no dice while the unit with the ability is under orders), or null for any other.
 */
export function sureUnderOrders(list: readonly string[]): string[] | null {
  if (list.length !== 4) return null;
  const c = /^On a ([2-6])\+, apply the effect below$/.exec(list[2]!);
  if (!/^If this unit is under orders, apply the effect below$/.test(list[0]!) || !/^Otherwise, roll a dice$/.test(list[1]!) || !c) return null;
  const x = list[3]!;
  return ["Roll a dice", `On a ${c[1]}+, ${x[0]!.toLowerCase()}${x.slice(1)}`];
}
