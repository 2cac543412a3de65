/**
 * The fourth passive pass (docs/abilities.md "Passive abilities, fourth pass (passive4)"): texts a wording away from
 * what the engines play, and a weapon's Damage characteristic set to a value for attacks on some targets.
 *
 * - `passive4FightAfterUnits`: a fight-after reaction's pick "friendly [non-KW ]KW or Name unit" (a keyword or a
 *   warscroll: Marshal of the Legions' "friendly non-HERO DAEMON or Chaos Legionnaires unit").
 * - `passive4Translation`: "<a passive text on this unit's melee weapons' Attacks>. This ability also affects
 *   Companion weapons." — the first sentence's effects, and the same on its Companion weapons.
 * - `passive4Clauses`: "The Damage characteristic of this unit's X is N for attacks that target Y | if the target is Y"
 *   (`damage-set`, played by passive.ts weaponAfterMods and the kernel's passive.ts weaponMods).
 */
import type { EffectFilter } from "./index.js";
import type { AbilityText, Translation } from "./translate.js";
import type { Effect } from "./schema.js";
import { fx, KW, NAME, sentences, splitKeywords, translateAbility } from "./translate.js";
import { targetSuffix, weaponNames } from "./translate-passive.js";
import type { Body } from "./translate-status.js";

/**
 * "friendly [non-KW ]KW or Name unit": units with keyword KW (and not the non- one) or of warscroll Name. Decision: the
 * filter's `orWarscrolls` lets a unit of that warscroll pass whatever its keywords (index.ts passes), so the "non-"
 * keyword is checked on the keyword units only; read only when the text is that (the named warscroll is a unit the
 * "non-" is written for, Chaos Legionnaires without HERO). Null otherwise.
 */
export function passive4FightAfterUnits(phrase: string, vocab: ReadonlySet<string>): EffectFilter | null {
  const m = new RegExp(String.raw`^(?:visible )?friendly (?:non-([A-Z0-9][A-Z0-9'’-]*) )?(${KW}) or (${NAME})(?: unit)?$`).exec(phrase);
  if (!m) return null;
  const ks = splitKeywords(m[2]!, vocab, false);
  if (!ks || ks.length !== 1) return null;
  const filter: { keywords: string[]; orWarscrolls: string[]; notKeywords?: string[] } = { keywords: ks, orWarscrolls: [m[3]!] };
  if (m[1]) {
    const not = splitKeywords(m[1], vocab, false);
    if (!not) return null;
    filter.notKeywords = not;
  }
  return filter as EffectFilter;
}

/**
 * "<passive Attacks modifier on its melee weapons>. This ability also affects Companion weapons." — the first sentence
 * read whole (played, every effect an `attacks` one on this unit's weapons, none on Companion weapons already), then
 * each effect again on its Companion weapons (`companionWeapons`: CORE-COMPANION keeps a positive Attacks modifier off
 * them unless the ability names them, as this sentence does). Null for any other text.
 */
export function passive4Translation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const ss = sentences((a.effect ?? "").replace(/\s+/g, " ").trim());
  if (ss.length !== 2 || ss[1] !== "This ability also affects Companion weapons") return null;
  const first = translateAbility({ name: a.name, timing: "Passive", effect: `${ss[0]}.` }, vocab);
  if (first.kind !== "played" || first.when.timing !== "passive") return null;
  const ok = first.effects.every((e) => e.do.kind === "attacks" && e.whom.side === "self" && !e.do.companionOnly && e.conditions.weapons === undefined && e.conditions.companionWeapons === undefined);
  if (!ok) return null;
  return { kind: "played", when: first.when, effects: [...first.effects, ...first.effects.map((e) => ({ ...e, conditions: { ...e.conditions, companionWeapons: true } }))] };
}

/**
 * "The Damage characteristic of this unit's X is N for attacks that target Y" / "... is N if the target is Y" (Y as
 * translate-passive.ts targetSuffix reads it): `damage-set` on the named weapons. `target`: that reader.
 */
export function passive4Clauses(s: string, vocab: ReadonlySet<string>, target: (rest: string) => { rest: string; cond: Partial<Effect["conditions"]> } | null, names: (s: string) => string[] | null): Effect[] | null {
  const against = attackerModifier(s, vocab);
  if (against) return against.sets.map((kind) => fx({ conditions: { attack: against.attack, attackerFilter: against.filter }, do: { kind, value: against.value, direction: "against" } }));
  const m = /^The Damage characteristic of (?:this unit's|its) (.+) is ([1-9])( (?:for (?:combat |shooting )?attacks that target|if the target is) .+)$/.exec(s);
  if (!m) return null;
  const t = target(`x${m[3]}`);
  if (!t || t.rest !== "x") return null;
  const weapons = names(m[1]!);
  if (!weapons) return null;
  const cond = Object.fromEntries(Object.entries(t.cond).filter(([, v]) => v !== undefined));
  return [fx({ conditions: { ...cond, weapons }, do: { kind: "damage-set", value: Number(m[2]) } })];
}

/**
 * Named weapons' names with a plural last word read as the weapon's singular too ("this unit's Master-crafted Repeater
 * Crossbows" is its Master-crafted Repeater Crossbow: the catalogues name a unit's weapons in the plural in the text and
 * in the singular in the profile). Decision: both names count (a unit with weapons named both ways would take both); at
 * most 4 names, the singulars of the first names while there is room ("A and B" read both ways is 3 names already).
 */
function namesWithSingular(s: string): string[] | null {
  const names = weaponNames(s);
  if (!names) return null;
  // At most 4 names (the schema's): the singulars in the names' order (the whole name first) while there is room.
  const out = [...names];
  for (const n of names) if (out.length < 4 && /[a-z]s$/.test(n) && !/ss$/.test(n)) out.push(n.slice(0, -1));
  return out.length > 4 ? null : out;
}

/**
 * An effect for a while on this unit's named weapons or on the attacks on some targets (translate-status.ts body, the
 * unit itself only): "add|subtract N to|from the Attacks|Rend|Damage characteristic of this unit's X[ for attacks that
 * target Y | if the target is Y]" (X named weapons, or its [melee|ranged] weapons with the target part), and "the Damage
 * characteristic of this unit's X is N[ for attacks that target Y | if the target is Y]" (`damage-set`). Null otherwise.
 */
export function passive4Body(s: string, vocab: ReadonlySet<string>): Body | null {
  const against = attackerModifier(s, vocab);
  if (against) return against.sets.map((set) => ({ do: { set, value: against.value, direction: "against" as const }, attack: against.attack, cond: { attackerFilter: against.filter } }));
  let m = /^(add|subtract) ([1-3]) (?:to|from) the (Attacks|Rend|Damage) characteristic of (?:this unit's|its) (.+)$/i.exec(s);
  const set = m ? (m[3]!.toLowerCase() as "attacks" | "rend" | "damage") : "damage-set";
  let value: number;
  let rest: string;
  if (m) [value, rest] = [(m[1]!.toLowerCase() === "add" ? 1 : -1) * Number(m[2]), m[4]!];
  else if ((m = /^the Damage characteristic of (?:this unit's|its) (.+?) is ([1-9])((?: (?:for (?:combat |shooting )?attacks that target|if the target is) .+)?)$/i.exec(s))) [value, rest] = [Number(m[2]), `${m[1]}${m[3]}`];
  else return null;
  const cond: Partial<Effect["conditions"]> = {};
  const t = targetSuffix(rest, vocab);
  if (t) {
    rest = t.rest;
    for (const [k, v] of Object.entries(t.cond)) if (v !== undefined) (cond as Record<string, unknown>)[k] = v;
  }
  const type = /^(?:(melee|ranged) )?weapons$/.exec(rest);
  // Its weapons of a type: the status area reads them without a target part (and a Damage set needs named weapons).
  if (type && (!t || set === "damage-set")) return null;
  let attack: "melee" | "ranged" | "any" = "any";
  if (type) attack = (type[1] as "melee" | "ranged" | undefined) ?? "any";
  else {
    const names = namesWithSingular(rest);
    if (!names) return null;
    cond.weapons = names;
  }
  return [{ do: { set, value }, attack, cond }];
}

/**
 * "Add|Subtract N to|from hit rolls|wound rolls|hit rolls and wound rolls for [combat|shooting] attacks made by [enemy ]UNITS
 * that target this unit" (UNITS: "non-KW units", "KW units", "KWS"): the modifier against this unit's attackers that
 * pass the filter (`attackerFilter`). "enemy" adds nothing: every attack that targets the unit is an enemy's. Null otherwise.
 */
function attackerModifier(s: string, vocab: ReadonlySet<string>): { sets: ("hit" | "wound")[]; value: number; attack: "melee" | "ranged" | "any"; filter: EffectFilter } | null {
  const m = /^(add|subtract) ([1-3]) (?:to|from) (hit rolls|wound rolls|hit rolls and wound rolls) for (?:(combat|shooting) )?attacks made by (?:enemy )?(.+?) that target (?:this unit|it)$/i.exec(s);
  if (!m) return null;
  const units = m[5]!;
  let filter: EffectFilter | null = null;
  let u: RegExpExecArray | null;
  if ((u = /^non-([A-Z0-9][A-Z0-9'’-]*) units$/.exec(units))) {
    const not = splitKeywords(u[1]!, vocab, false);
    if (not) filter = { notKeywords: not } as EffectFilter;
  } else if ((u = new RegExp(`^(${KW}) units$`).exec(units)) || (u = new RegExp(`^(${KW})$`).exec(units))) {
    const ks = splitKeywords(u[1]!, vocab, !units.endsWith(" units"));
    if (ks) filter = { keywords: ks } as EffectFilter;
  }
  if (!filter) return null;
  const sets = m[3] === "hit rolls and wound rolls" ? (["hit", "wound"] as const) : m[3] === "hit rolls" ? (["hit"] as const) : (["wound"] as const);
  return { sets: [...sets], value: (m[1]!.toLowerCase() === "add" ? 1 : -1) * Number(m[2]), attack: m[4] === "combat" ? "melee" : m[4] === "shooting" ? "ranged" : "any", filter };
}

/**
 * A fight-after reaction's bonus to "this unit and the target" (Lord of Hubris' Allow Me To Demonstrate, a Bloodletters
 * herald's): "Add 1 to hit rolls for [combat ]attacks made by this unit and the target for the rest of the turn" / "For
 * the rest of the turn, add 1 to hit rolls for [combat ]attacks made by this unit and that friendly X unit" — two
 * for-the-turn effects put when the reaction picks its target (`atPick`): on the target (`whom`, the pick) and on this
 * unit. Null for any other sentence.
 */
export function passive4FightAfterBonus(s: string, whom: Partial<Effect["whom"]>): Effect[] | null {
  const m =
    /^Add 1 to hit rolls for (combat )?attacks made by this unit and the target for the rest of the turn$/.exec(s) ??
    new RegExp(`^For the rest of the turn, add 1 to hit rolls for (combat )?attacks made by this unit and that friendly (?:${NAME}|${KW}) unit$`).exec(s);
  if (!m) return null;
  const conditions = m[1] ? { attack: "melee" as const } : {};
  return [fx({ whom, conditions, do: { kind: "for-the-turn", set: "hit", value: 1, atPick: true } }), fx({ conditions, do: { kind: "for-the-turn", set: "hit", value: 1, atPick: true } })];
}
