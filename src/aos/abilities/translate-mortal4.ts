/**
 * Mortal damage, healing and slain models, fourth pass (docs/abilities.md "Mortal damage and slain models, fourth
 * pass (mortal4)"): wordings a clause away from played code.
 *
 * - named models of the unit in more spellings: "If this unit's Dakko Sharp-Stikka is on the battlefield, pick ..." (a
 *   name with a capital after a hyphen) and "If this unit's Mean-eye is on the battlefield and not in combat, pick ..."
 *   ("If this unit is not in combat, pick ..."): the engines keep no model positions; the named model is removed last,
 *   so it is on the battlefield while its unit is, and in combat when its unit is (a unit is one footprint) —
 *   passive2's decision, as translate-combat3.ts combat3Text;
 * - an effect for the rest of the turn after a declared mortal damage, on what it did: "If any models are slain by this
 *   ability, this unit has WARD (5+) for the rest of the turn" (`afterSlain`, `afterSelf`), "If any models in the
 *   target unit are slain by this ability, the target cannot use commands for the rest of the turn" (`afterSlain`), "If
 *   any damage points are allocated to the target by this ability, the target has STRIKE-LAST for the rest of the
 *   turn" (Shriek of Terror's `afterDamage` 1). Played by combat-abilities.ts afterMortal and its kernel twin.
 */
import { type Effect, effectSchema } from "./schema.js";
import type { Translation } from "./translate.js";

type AbilityText = { name: string; timing?: string; effect?: string };

/** A model's name: capitalised words, a hyphen inside a word ("Sharp-Stikka", "Mean-eye"), small joining words ("da"). */
const MODEL = String.raw`[A-Z][a-z'’]+(?:-[A-Za-z][a-z'’]+)*(?: [A-Za-z][a-z'’]+(?:-[A-Za-z][a-z'’]+)*)*`;

/** The named-model spellings translate-combat3.ts does not rewrite, rewritten; the text unchanged otherwise. */
export function mortal4Text(text: string): string {
  if (/\bis a token\b|\bare tokens\b/i.test(text)) return text;
  return text
    .replace(new RegExp(String.raw`^Declare: If this unit's ${MODEL} is on the battlefield and not in combat, pick `), "Declare: If this unit is not in combat, pick ")
    .replace(new RegExp(String.raw`^Declare: If this unit's ${MODEL} is on the battlefield, pick `), "Declare: Pick ");
}

/** The clause reader (translate.ts): "the target | this unit has ... for the rest of the turn" as for-the-turn effects, `self` the subject. */
export type ClauseReader = (s: string, self: boolean) => Pick<Effect, "conditions" | "do">[] | null;

/**
 * "Declare: ... Effect: <mortal damage>. If any models [in the target unit] are slain by this ability | If any damage
 * points are allocated to the target by this ability, <an effect for the rest of the turn>": the mortal damage read by
 * the other patterns (`read`: one enemy-targeted `mortal` effect, played), then the clause (`clause`) as the
 * `for-the-turn` effect after it. Null otherwise.
 */
export function mortal4After(a: AbilityText, read: (a: AbilityText) => Translation, clause: ClauseReader): Translation | null {
  const text = (a.effect ?? "").replace(/\r/g, "").trim();
  const m = /^(Declare: [\s\S]+?\nEffect: [\s\S]+?\.)\s+If any (models are slain|models in the target unit are slain|damage points are allocated to the target) by this ability, (.+?)\.?$/.exec(text);
  if (!m) return null;
  const mortal = read({ ...a, effect: m[1]! });
  if (mortal.kind !== "played" || mortal.effects.length !== 1) return null;
  const first = mortal.effects[0]!;
  if (first.do.kind !== "mortal" || first.whom.side !== "enemy") return null;
  const self = /^this unit /.test(m[3]!);
  if (!self && !/^the target /.test(m[3]!)) return null;
  // "models are slain" (any target's) is read for either subject; "in the target unit" and "damage points ... to the target" with the target only.
  if (self && m[2] !== "models are slain") return null;
  const after = clause(m[3]!, self);
  if (!after || after.length !== 1) return null;
  const slain = m[2] !== "damage points are allocated to the target";
  const whom = self ? { side: "self" as const, wholly: false, includeSelf: false } : first.whom;
  const e = effectSchema.parse({ whom, conditions: after[0]!.conditions, do: { ...after[0]!.do, afterDamage: 1, ...(slain ? { afterSlain: true } : {}), ...(self ? { afterSelf: true } : {}) } });
  return { kind: "played", when: mortal.when, effects: [first, e] };
}

/**
 * "Passive: If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's
 * combat range. On a N+, inflict X mortal damage on that unit." (Watch Out!): `destroyed-mortal`, played by
 * battle/mortal4.ts when the unit is destroyed (casualties.ts destroyIfSlain and its kernel twin). Null otherwise.
 */
export function mortal4Destroyed(a: AbilityText): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const m = /^If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range\. On a ([2-6])\+, inflict (D3|D6|[1-6]) mortal damage on that unit\.?$/.exec((a.effect ?? "").replace(/\s+/g, " ").trim());
  if (!m) return null;
  const e = effectSchema.parse({ whom: { side: "self" }, do: { kind: "destroyed-mortal", on: Number(m[1]), damage: m[2] } });
  return { kind: "played", when: { timing: "passive" }, effects: [e] };
}

/**
 * "Declare: Pick each other unit (friendly and enemy) within this unit's combat range to be the targets. Effect: <mortal
 * damage on each target>" (Indiscriminate Slaughter): the effect read by the other patterns as on "each enemy unit within
 * this unit's combat range" (`read`: one `mortal` effect on each target, no other condition), with `bothSides`
 * (battle/mortal4.ts bothSidesTargets). Null otherwise.
 */
export function mortal4BothSides(a: AbilityText, read: (a: AbilityText) => Translation): Translation | null {
  const text = (a.effect ?? "").replace(/\r/g, "").trim();
  const m = /^Declare: Pick each other unit \(friendly and enemy\) within this unit's combat range to be the targets\.(\s*\nEffect: [\s\S]+)$/.exec(text);
  if (!m) return null;
  const r = read({ ...a, effect: `Declare: Pick each enemy unit within this unit's combat range to be the targets.${m[1]}` });
  if (r.kind !== "played" || r.effects.length !== 1) return null;
  const e = r.effects[0]!;
  if (e.do.kind !== "mortal" || e.do.targets !== "each" || e.whom.side !== "enemy" || e.whom.range !== 3 || e.whom.filter || Object.keys(e.conditions).some((k) => k !== "attack")) return null;
  return { ...r, effects: [{ ...e, do: { ...e.do, bothSides: true as const } }] };
}
