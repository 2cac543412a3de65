/**
 * The Sylvaneth's creeping overgrowth and overgrown tokens (docs/abilities.md "The creeping overgrowth (sylvaneth6)"):
 * the texts that depend on the faction's own mechanic, played by src/aos/battle/sylvaneth6.ts and its kernel twin.
 *
 * - "<a passive attack modifier on this unit> while it is [wholly] within the creeping overgrowth." (Hunter's
 *   Endurance, One With The Forest): the text before "while" read whole by the other patterns (a passive hit / wound /
 *   Rend modifier on attacks that target this unit), then the condition `overgrowth` ("wholly" or "within") added.
 * - "Declare: Pick a terrain feature within N\" of this unit that does not have a friendly overgrown token to be the
 *   target. Effect: Give the target a friendly overgrown token" (Verdian Crown): the kind `overgrow` (range N).
 * - "Declare: Pick an enemy unit that is within the creeping overgrowth or that is visible to this unit and within
 *   friendly territory to be the target. Effect: <an effect for a while on the target>" (Slay The Trespassers!; the
 *   catalogue's "Rolla dice" read as "Roll a dice"): "Pick an enemy unit to be the target" read by the other patterns,
 *   then the pick's condition `pickOvergrowth` added (status.ts useForAWhile and its kernel twin).
 */
import { type Effect, effectSchema, type When } from "./schema.js";
import type { Translation } from "./translate.js";

type AbilityText = { name: string; timing?: string; effect?: string };

/** The passive attack modifiers on the unit itself that may carry the condition (attack.ts attackMods reads it for them). */
const SELF_KINDS = new Set(["hit", "wound", "rend"]);

/** The sylvaneth6 texts, or null. `read` translates a rewritten text (translate.ts translateAbility). */
export function sylvaneth6Translation(a: AbilityText, parseWhen: (timing: string | undefined) => When | string, read: (a: AbilityText) => Translation): Translation | null {
  const text = (a.effect ?? "").replace(/\r/g, "").replace(/[ \t]+/g, " ").trim();
  return whileInOvergrowth(a, text, read) ?? overgrow(a, text, parseWhen) ?? trespassers(a, text, read);
}

/** "... for attacks that target this unit while it is [wholly] within the creeping overgrowth." (passive). */
function whileInOvergrowth(a: AbilityText, text: string, read: (a: AbilityText) => Translation): Translation | null {
  const m = /^(.+ for attacks that target this unit) while it is (wholly )?within the creeping overgrowth\.?$/.exec(text);
  if (!m) return null;
  const t = read({ ...a, effect: `${m[1]!}.` });
  if (t.kind !== "played" || t.partial !== undefined || t.when.timing !== "passive") return null;
  const ok = (e: Effect) => e.whom.side === "self" && SELF_KINDS.has(e.do.kind) && (e.do as { direction?: string }).direction === "against" && Object.keys(e.conditions).every((k) => k === "attack");
  if (t.effects.length === 0 || !t.effects.every(ok)) return null;
  const overgrowth = m[2] ? ("wholly" as const) : ("within" as const);
  return { kind: "played", when: t.when, effects: t.effects.map((e) => ({ ...e, conditions: { ...e.conditions, overgrowth } })) };
}

/** Verdian Crown: give a terrain feature within N" of this unit without a friendly overgrown token a token. */
function overgrow(a: AbilityText, text: string, parseWhen: (timing: string | undefined) => When | string): Translation | null {
  const m = /^Declare: Pick a terrain feature within (\d+)" of this unit that does not have a friendly overgrown token to be the target\.\s*\nEffect: Give the target a friendly overgrown token\.?$/.exec(text);
  if (!m) return null;
  const when = parseWhen(a.timing);
  if (typeof when === "string") return null;
  // A hero phase, once per battle on the unit or without a limit (the policy uses it at the end of each hero phase of its timing).
  if (when.timing !== "phase" || when.phase !== "hero" || (when.limit !== "once-per-battle" && when.limit !== "none")) return null;
  const range = Number(m[1]);
  if (range < 1 || range > 48) return null;
  return { kind: "played", when, effects: [effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "overgrow", range } })] };
}

/** Slay The Trespassers!: the pick "within the creeping overgrowth or visible to this unit and within friendly territory". */
function trespassers(a: AbilityText, text: string, read: (a: AbilityText) => Translation): Translation | null {
  const m = /^Declare: Pick an enemy unit that is within the creeping overgrowth or that is visible to this unit and within friendly territory to be the target\.\s*\nEffect: ([\s\S]+)$/.exec(text);
  if (!m) return null;
  const effect = m[1]!.replace(/^Rolla dice\./, "Roll a dice.");
  const t = read({ ...a, effect: `Declare: Pick an enemy unit to be the target.\nEffect: ${effect}` });
  // Only an effect for a while on the picked unit (status.ts useForAWhile reads the pick's condition).
  if (t.kind !== "played" || t.partial !== undefined || t.effects.length === 0) return null;
  if (!t.effects.every((e) => e.do.kind === "for-the-turn" && e.whom.side === "enemy" && e.whom.range === undefined && e.conditions.visible === undefined)) return null;
  return { kind: "played", when: t.when, effects: t.effects.map((e) => ({ ...e, conditions: { ...e.conditions, pickOvergrowth: "or-visible-in-friendly-territory" as const } })) };
}
