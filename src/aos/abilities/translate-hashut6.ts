/**
 * The hashut6 area's translations (docs/abilities.md "Daemonic power points and desolation tokens (hashut6)"): passive
 * texts that depend on the unit's daemonic power points (the Helsmiths of Hashut's battle traits: battle/hashut6.ts),
 * read by rewriting each point count's clause to the wording the other patterns play and adding the condition
 * `daemonic` (the holder's points at least `min`, at most `max`). Every rewritten clause must be read whole and played,
 * or the text is left to the other patterns (which leave it unread with its reason). Hooked into translate.ts
 * translateAbility by one line; `translate` is translateAbility itself.
 *
 * - "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 A. 2 B. 3 C."
 *   A with exactly 1 point, B with 2, C with 3 ("In addition, this unit has ..." read as "This unit has ..."); "This unit
 *   has WARD (4+) against damage inflicted by SPELLS, PRAYERS, and abilites used by MANIFESTATIONS. Otherwise, it has
 *   WARD (5+)": the 5+ ward and a 4+ ward with `wardMagic` (of several wards the lowest applies).
 * - "Apply the effect(s) below that corresponds with the number of daemonic power points this unit has. These effects
 *   are cumulative. 1+ A. 2+ B. 3+ C.": A with 1-3 points, B with 2-3, C with 3.
 * - "For each daemonic power point this unit has: • Add 1\" to its Move characteristic • Add 1 to ..." and "Add 1 to
 *   X for each daemonic power point this unit|it has.": with n points (1-3) the clause with n for 1 ("its" read as
 *   "this unit's", "to charge rolls" as "to charge rolls for this unit").
 * - "... within N\" of this unit. Add M\" to the range of this ability for each daemonic power point this unit has.": the
 *   aura with range N + M x n while the unit with the ability (conditions.holder "source") has n points (0-3); the
 *   catalogue's "HELSMITH OF HASHUT" read as HELSMITHS OF HASHUT.
 */
import { effectSchema, type Effect } from "./schema.js";
import type { AbilityText, Translation } from "./translate.js";

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const played = (t: Translation): t is Extract<Translation, { kind: "played" }> => t.kind === "played" && t.partial === undefined;

/** The kinds whose conditions both engines read through sourceFor (attack.ts / the kernel's effects.ts conditionsHold). */
const KINDS = new Set(["hit", "wound", "rend", "damage", "attacks", "ward", "control", "move", "charge", "casting"]);

/** The passive clause `text` read whole, each effect with `daemonic` {min, max} (and the holder), or null. */
function withPoints(text: string, min: number, max: number, translate: (a: AbilityText) => Translation, holder = false): Effect[] | null {
  const t = translate({ name: "daemonic power", timing: "Passive", effect: text });
  if (!played(t) || t.when.timing !== "passive") return null;
  if (!t.effects.every((e) => KINDS.has(e.do.kind) && e.conditions.daemonic === undefined && e.conditions.holder === undefined)) return null;
  // An aura's points are the unit with the ability's; the unit itself (self) is both.
  return t.effects.map((e) => effectSchema.parse({ ...e, conditions: { ...e.conditions, daemonic: { min, max }, ...(holder && e.whom.side !== "self" ? { holder: "source" } : {}) } }));
}

const result = (effects: readonly (Effect[] | null)[]): Translation | null =>
  effects.some((x) => x === null) ? null : { kind: "played", when: { timing: "passive" }, effects: (effects as Effect[][]).flat() };

/** "Add 1" to ..." with n for 1; "its" as "this unit's"; charge rolls for this unit. */
function perPoint(clause: string, n: number): string | null {
  const m = /^Add 1("?) to (.+?)\.?$/.exec(clause.trim());
  if (!m) return null;
  let body = m[2]!.replace(/\bits\b/g, "this unit's");
  if (body === "charge rolls") body = "charge rolls for this unit";
  return `Add ${n}${m[1]} to ${body}.`;
}

/**
 * "[A. ]This unit has WARD (4+) against damage inflicted by SPELLS, PRAYERS, and abilites used by MANIFESTATIONS.
 * Otherwise, it has WARD (5+).": A, the other ward, and the ward against those (conditions.wardMagic), each with exactly
 * n points; null when the clause has no such ward (or its parts are not read).
 */
function magicWard(clause: string, n: number, translate: (a: AbilityText) => Translation): Effect[] | null {
  const m = /^(.*?)This unit has WARD \(([2-6])\+\) against damage inflicted by SPELLS, PRAYERS,? and abilit(?:i)?es used by MANIFESTATIONS\. Otherwise, it has WARD \(([2-6])\+\)\.?$/.exec(clause);
  if (!m) return null;
  const rest = withPoints(`${m[1]}This unit has WARD (${m[3]}+).`, n, n, translate);
  const magic = withPoints(`This unit has WARD (${m[2]}+).`, n, n, translate);
  if (!rest || !magic || magic.length !== 1) return null;
  return [...rest, effectSchema.parse({ ...magic[0]!, conditions: { ...magic[0]!.conditions, wardMagic: true } })];
}

/** The area's reading of `a`, or null. */
export function hashut6Translation(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
  if (flat(a.timing) !== "Passive") return null;
  const text = flat(a.effect);
  if (!/daemonic power point/.test(text)) return null;
  let m: RegExpExecArray | null;
  // Exactly n points: "1 A. 2 B. 3 C."
  if ((m = /^Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 (.+?) 2 (.+?) 3 (.+)$/.exec(text))) {
    const clause = (s: string) => s.replace(/\bIn addition, this unit has\b/g, "This unit has");
    return result([1, 2, 3].map((n) => magicWard(clause(m![n]!), n, translate) ?? withPoints(clause(m![n]!), n, n, translate)));
  }
  // At least n points, cumulative: "1+ A. 2+ B. 3+ C."
  if ((m = /^Apply the effect\(s\) below that corresponds? with the number of daemonic power points this unit has\. These effects are cumulative\. 1\+ (.+?) 2\+ (.+?) 3\+ (.+)$/.exec(text))) {
    return result([1, 2, 3].map((n) => withPoints(m![n]!, n, 3, translate)));
  }
  // "For each daemonic power point this unit has: • A • B"
  if ((m = /^For each daemonic power point this unit has: • (.+?) • (.+)$/.exec(text))) {
    const out: (Effect[] | null)[] = [];
    for (const n of [1, 2, 3]) {
      const x = perPoint(m[1]!, n);
      const y = perPoint(m[2]!, n);
      out.push(x === null || y === null ? null : withPoints(`${x} ${y}`, n, n, translate));
    }
    return result(out);
  }
  // "Add 1 to X for each daemonic power point this unit|it has."
  if ((m = /^(Add 1"? to .+?) for each daemonic power point (?:this unit|it) has\.?$/.exec(text))) {
    const clause = m[1]!;
    return result([1, 2, 3].map((n) => {
      const x = perPoint(clause, n);
      return x === null ? null : withPoints(x, n, n, translate);
    }));
  }
  // An aura's range: "... within N" of this unit. Add M" to the range of this ability for each daemonic power point this unit has."
  if ((m = /^(.+ within )(\d+)(" of this unit\.) Add (\d+)" to the range of this ability for each daemonic power point this unit has\.?$/.exec(text))) {
    const base = m[1]!.replace(/\bHELSMITH OF HASHUT\b/g, "HELSMITHS OF HASHUT");
    const range = Number(m[2]);
    const add = Number(m[4]);
    return result([0, 1, 2, 3].map((n) => withPoints(`${base}${range + add * n}${m![3]}`, n, n, translate, true)));
  }
  return null;
}
