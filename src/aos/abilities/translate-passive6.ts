/**
 * The passive6 area's translations (docs/abilities.md "Passive abilities, sixth pass (passive6)"): texts a wording or
 * one condition away from patterns both engines already play, read by rewriting them to that wording and checking the
 * reading whole. Hooked into translate.ts translateAbility by one line; `translate` is translateAbility itself.
 *
 * - "... for [combat ]attacks that target an enemy unit that has a higher | lower Control characteristic than this
 *   unit": the text read with "an enemy unit that has 99 or more models" in its place (the roll modifiers' and the
 *   characteristics' target readers: translate.ts targetedModifier, translate-passive.ts targetSuffix), kept only if
 *   every effect took that condition on the unit itself (attacks made by it), which is then replaced by
 *   `targetControl` (passive6.ts targetControlHolds, the kernel's EF.P6_TARGET_CONTROL).
 */
import type { Effect } from "./schema.js";
import type { AbilityText, Translation } from "./translate.js";

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

const played = (t: Translation): t is Extract<Translation, { kind: "played" }> => t.kind === "played" && t.partial === undefined;

/** A stand-in the readers take whole; no catalogue text names 99 models. */
const STAND_IN = 99;

const CONTROL = / that target an enemy unit that has a (higher|lower) Control characteristic than this unit\b/;

/** The effects for attacks made by the unit itself (passive, or held for a while on it). */
function onOwnAttacks(e: Effect): boolean {
  if (e.whom.side !== "self") return false;
  const d = e.do;
  if (d.kind === "hit" || d.kind === "wound" || d.kind === "rend" || d.kind === "damage") return d.direction === "by";
  if (d.kind === "for-the-turn") return (d.set === "hit" || d.set === "wound" || d.set === "rend" || d.set === "damage" || d.set === "attacks") && d.direction !== "against";
  return false;
}

/** The area's readings of `a`, or null (the other patterns then read it as before). */
export function passive6Translation(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
  const effect = flat(a.effect);
  const m = CONTROL.exec(effect);
  if (!m || CONTROL.test(effect.slice(m.index + m[0].length))) return null;
  const rewritten = effect.replace(CONTROL, ` that target an enemy unit that has ${STAND_IN} or more models`);
  const t = translate({ ...a, effect: rewritten });
  if (!played(t) || t.effects.length === 0 || !t.effects.every((e) => e.conditions.targetMinModels === STAND_IN && onOwnAttacks(e))) return null;
  const targetControl = m[1] as "higher" | "lower";
  return {
    ...t,
    effects: t.effects.map((e) => {
      const { targetMinModels: _, ...conditions } = e.conditions;
      return { ...e, conditions: { ...conditions, targetControl } };
    }),
  };
}
