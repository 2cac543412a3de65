/**
 * The passive6 area's translations (docs/abilities.md "Passive abilities, sixth pass (passive6)"): texts a wording or
 * one condition away from patterns both engines already play, read by rewriting them to that wording and checking the
 * reading whole. Hooked into translate.ts translateAbility by one line; `translate` is translateAbility itself.
 *
 * - "... for [combat ]attacks that target an enemy unit that has a higher | lower Control characteristic than this
 *   unit": the text read with "an enemy unit that has 99 or more models" in its place (the roll modifiers' and the
 *   characteristics' target readers: translate.ts targetedModifier, translate-passive.ts targetSuffix), kept only if
 *   every effect took that condition on the unit itself (attacks made by it), which is then replaced by
 *   `targetControl` (passive6.ts targetControlHolds, the kernel's EF.P6_FLAGS).
 * - "Once Per Battle, Any Charge Phase: If this unit charged this phase and the unmodified charge roll was N+ | is wholly
 *   within enemy territory and charged this phase | charged this phase and is only in combat with 1 enemy unit, and that
 *   enemy unit is only in combat with this unit, [for the rest of the battle, ]BODY[ for the rest of the battle]":
 *   objective4's `mark` (the token "mark-<name>") with the conditions charged, `chargeRoll`, `territory`, `soleCombat`, put at the end
 *   of the charge phase (src/aos/battle/passive6.ts useChargeMarks), and BODY read as a passive text (hit, wound, Rend
 *   or Damage modifiers, on the unit or an aura) needing the mark on the unit with the ability (conditions.token).
 */
import { type Effect, effectSchema, type When } from "./schema.js";
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
export function passive6Translation(a: AbilityText, parseWhen: (t: string | undefined) => When | string, translate: (a: AbilityText) => Translation): Translation | null {
  return chargeMark(a, parseWhen, translate) ?? targetControl(a, translate);
}

/** The mark's token of an ability: "mark-" and its name's letters and digits (objective4's form). */
const markToken = (name: string) => `mark-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}`.slice(0, 40).replace(/-+$/, "");

const MARK_KINDS = new Set(["hit", "wound", "rend", "damage"]);

function chargeMark(a: AbilityText, parseWhen: (t: string | undefined) => When | string, translate: (a: AbilityText) => Translation): Translation | null {
  const when = parseWhen(a.timing);
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "charge" || when.limit !== "once-per-battle") return null;
  const m = /^If this unit (charged this phase and the unmodified charge roll was ([3-9]|1[0-2])\+|is wholly within enemy territory and charged this phase|charged this phase and is only in combat with 1 enemy unit, and that enemy unit is only in combat with this unit), (for the rest of the battle, )?(.+?)( for the rest of the battle)?\.?$/.exec(flat(a.effect));
  if (!m || (m[3] === undefined) === (m[5] === undefined)) return null;
  const body = m[4]!.charAt(0).toUpperCase() + m[4]!.slice(1);
  if (/for the rest of the|until /.test(body)) return null;
  const t = translate({ name: a.name, timing: "Passive", effect: `${body}.` });
  if (!played(t) || t.effects.length === 0 || !t.effects.every((e) => MARK_KINDS.has(e.do.kind) && e.conditions.token === undefined && e.conditions.charged === undefined)) return null;
  const token = markToken(a.name);
  const cond = m[2] !== undefined ? { charged: true, chargeRoll: Number(m[2]) } : m[1]!.startsWith("is wholly") ? { charged: true, territory: "wholly-within-enemy" } : { charged: true, soleCombat: true };
  const self = { side: "self", wholly: false, includeSelf: false } as const;
  return {
    kind: "played",
    when,
    effects: [effectSchema.parse({ whom: self, conditions: { attack: "any", ...cond }, do: { kind: "mark", token } }), ...t.effects.map((e) => ({ ...e, conditions: { ...e.conditions, token } }))],
  };
}

function targetControl(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
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
