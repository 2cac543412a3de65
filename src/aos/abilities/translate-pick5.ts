/**
 * The pick5 area (docs/abilities.md "Pick 1 of the following effects (pick5)"): a phase-timed ability that offers
 * a choice of effects held for a while —
 *   "[Declare: ... Effect: ][Roll a dice. On a 3+, |If this unit charged this turn, ]pick 1 of the following effects
 *    [to apply [to the target|to this unit]][ for the rest of the turn|until the start of your next turn]:
 *    • OPTION • OPTION" (or "*Name:* OPTION *Name:* OPTION").
 * Each option is read as the whole ability would be with that option in the choice's place (the lead, the option,
 * the choice's duration): the same translator, every sentence of it. The ability is read only when EVERY option is
 * played by the status step as effects held for a while (status.ts useForAWhile, which plays the choice: each effect
 * carries `conditions.option`); otherwise null (the ability keeps the reason the rest of the translator gives).
 */
import type { AbilityText, Translation } from "./translate.js";
import type { Effect } from "./schema.js";

const HEADER = /^([\s\S]*?)\b(?:p|P)ick 1 of the following effects(?: to apply(?: to (?:the target|that target|this unit))?)?(?: (for the rest of the turn|until the start of your next turn))?:\s*([\s\S]+)$/;

/** The text split at the choice: what comes before it, the choice's duration, the options (2-4). */
export function pick5Split(effect: string): { lead: string; lasts: string; options: string[] } | null {
  const text = effect.replace(/\s+/g, " ").trim();
  const m = HEADER.exec(text);
  if (!m) return null;
  const lead = m[1]!;
  // The lead: nothing, a dice ("Roll a dice. On a 3+, "), the unit's condition ("If this unit charged this turn, ").
  if (lead !== "" && !/(?:^|\. )(?:Roll a dice(?: for each target)?\. On a [2-6]\+|If this unit [^.]+), $/.test(lead)) return null;
  if (/following effects/i.test(lead)) return null;
  const body = m[3]!.trim();
  // Options: bullets, or "*Name:*" / "*Name*:" headings.
  let parts: string[];
  if (body.startsWith("•")) parts = body.split(/\s*•\s*/).slice(1);
  else if (/^\*[^*]{1,60}(?::\*|\*:)/.test(body)) parts = body.split(/\s*\*[^*]{1,60}(?::\*|\*:)\s*/).slice(1);
  else return null;
  parts = parts.map((p) => p.trim().replace(/\.$/, "").trim());
  if (parts.length < 2 || parts.length > 4 || parts.some((p) => p === "" || /[•*]/.test(p))) return null;
  return { lead, lasts: m[2] ?? "", options: parts };
}

type HeldDo = Extract<Effect["do"], { kind: "for-the-turn" }>;
const CONTROL = /^(add|subtract) ([1-9]|10) (?:to|from) (the target's|this unit's) control score((?: for the rest of the turn| until the start of your next turn)?)$/i;

const DURATION = /(for the rest of the turn|until the start of your next turn)$/i;

/**
 * The ability with a choice of effects held for a while, read whole: each option translated as the ability with that
 * option alone; played when every option is played as for-the-turn effects with the same timing (the effects
 * tagged with their option, 1-4, at most 8 in all). Null otherwise: the text is not a choice, or an option is not
 * played by the status step (the rest of the translator then gives its reason).
 */
export function pick5Translation(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
  const effect = (a.effect ?? "").replace(/\r/g, "");
  const declared = /^(Declare: [\s\S]+?\nEffect: )([\s\S]+)$/.exec(effect.trim());
  const head = declared ? declared[1]! : "";
  const split = pick5Split(declared ? declared[2]! : effect);
  if (!split) return null;
  const effects: Effect[] = [];
  let first: Translation | null = null;
  let controls = 0;
  for (let i = 0; i < split.options.length; i++) {
    let o = split.options[i]!;
    // The choice's duration, on an option that does not say its own.
    if (split.lasts !== "") {
      if (DURATION.test(o) || /^(for the rest of the turn|until the start of your next turn),/i.test(o)) return null;
      o = `${o} ${split.lasts}`;
    }
    if (split.lead !== "") o = o[0]!.toLowerCase() + o.slice(1);
    // "add N to the target's | this unit's control score": read with a stand-in clause of the same subject (a save
    // modifier: the lead, the dice and the duration read as for any other option), then written as the control set.
    const control = CONTROL.exec(o);
    if (control) {
      o = `${control[1]} 1 to save rolls for ${control[3]!.toLowerCase() === "the target's" ? "the target" : "this unit"}${control[4]}`;
      controls++;
    }
    const t0 = translate({ ...a, effect: `${head}${split.lead}${o}` });
    if (control && t0.kind === "played" && (t0.effects.length !== 1 || t0.effects[0]!.do.kind !== "for-the-turn" || t0.effects[0]!.do.set !== "save")) return null;
    const t: Translation = control && t0.kind === "played" ? { ...t0, effects: t0.effects.map((e) => ({ ...e, conditions: { ...e.conditions, attack: "any" as const }, do: { ...(e.do as HeldDo), set: "control" as const, value: (control[1]!.toLowerCase() === "add" ? 1 : -1) * Number(control[2]) } })) } : t0;
    if (t.kind !== "played" || t.effects.some((e) => e.do.kind !== "for-the-turn" || e.conditions.option !== undefined || (e.do.kind === "for-the-turn" && (e.do.onSelf || e.do.afterDamage !== undefined || e.do.upTo !== undefined || e.do.each || e.do.andSelf !== undefined || e.do.sureInCombat)))) return null;
    if (first && first.kind === "played" && JSON.stringify(first.when) !== JSON.stringify(t.when)) return null;
    first ??= t;
    for (const e of t.effects) effects.push({ ...e, conditions: { ...e.conditions, option: i + 1 } });
  }
  // A choice of control scores alone would never be used (the policy gives them nothing: status.ts durationScore).
  if (!first || first.kind !== "played" || effects.length > 8 || controls === split.options.length) return null;
  // A phase's step only (spells and prayers have their own options: translate-spells.ts, warscroll-spells.ts).
  if (first.when.timing !== "phase") return null;
  // One target for the choice: every option's effects name the same units, with the same use-time conditions.
  const lead = effects[0]!;
  const same = (e: Effect) => JSON.stringify({ ...e.whom }) === JSON.stringify(lead.whom) && JSON.stringify({ ...e.conditions, attack: undefined, option: undefined, weapons: undefined, companionWeapons: undefined }) === JSON.stringify({ ...lead.conditions, attack: undefined, option: undefined, weapons: undefined, companionWeapons: undefined });
  const d0 = lead.do as Extract<Effect["do"], { kind: "for-the-turn" }>;
  const sameDo = (e: Effect) => {
    const d = e.do as Extract<Effect["do"], { kind: "for-the-turn" }>;
    return d.on === d0.on && d.until === d0.until && d.upTo === d0.upTo && d.each === d0.each && d.andSelf === d0.andSelf && d.vs === d0.vs && d.sureInCombat === d0.sureInCombat;
  };
  if (!effects.every((e) => same(e) && sameDo(e))) return null;
  return { kind: "played", when: first.when, effects };
}
