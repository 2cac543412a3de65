/**
 * The BSData translator: an imported warscroll's ability text (the catalogue's Timing / Declare / Effect,
 * bsdata/warscrolls.ts abilityJson) to the effect language (schema.ts), for the common patterns. It never
 * guesses: the timing must be one the language has, and every sentence of the effect must match a pattern
 * whole, or the ability is not read (and the reason says which sentence). Three outcomes:
 * - played: written in the effect language with kinds and conditions the interpreters play (`playable`);
 * - translated: written in the effect language, but with a kind or timing the interpreters do not play yet;
 * - unread: no pattern reads it, with the reason.
 *
 * Keyword phrases ("friendly non-MONSTER FLESH-EATER COURTS HEROES") are split into keywords by the longest
 * match against a vocabulary (the keywords of the imported warscrolls, plus the core ones), plurals in the
 * last word made singular ("HEROES" is HERO); a word the vocabulary does not hold makes the sentence unread.
 */
import { moves5Translation } from "./translate-moves5.js";
import { passive5Each, passive5ShootingPhase } from "./translate-passive5.js";
import { cities6Translation } from "./translate-cities6.js";
import { combat3Aura, combat3FightTwice, combat3Mortal, combat3Text, combat3Translation } from "./translate-combat3.js";
import type { z } from "zod";
import { type Ability, type Effect, type EffectFilter, effectSchema, LIMITS, type When, PHASES } from "./schema.js";
import { declaredPick, effectSentences, translateStatus } from "./translate-status.js";
import { pick5Translation } from "./translate-pick5.js";
import { passiveInstead, passiveKindPlayed, passivePatterns, passivePlayable } from "./translate-passive.js";
import { passive4FightAfterBonus, passive4FightAfterUnits, passive4Translation } from "./translate-passive4.js";
import { damageTranslation, normalTiming } from "./translate-damage.js";
import { chargeRerollTranslation, setUpTranslation } from "./translate-moves.js";
import { commonTranslation } from "./translate-common.js";
import { spellTranslation } from "./translate-spells.js";
import { castingPatterns } from "./translate-casting.js";
import { ignoreFirstPatterns } from "./translate-ignorefirst.js";
import { timing2Translation } from "./translate-timing2.js";
import { hero3Text, hero3Translation } from "./translate-hero3.js";
import { objective4Translation } from "./translate-objective4.js";
import { hashut6Translation } from "./translate-hashut6.js";
import { terrain5Translation } from "./translate-terrain5.js";
import { sylvaneth6Translation } from "./translate-sylvaneth6.js";
import { kills5Translation } from "./translate-kills5.js";
import { passive6Translation } from "./translate-passive6.js";
import { mortal4After, mortal4BothSides, mortal4Destroyed, mortal4Text } from "./translate-mortal4.js";
import { react4Translation } from "./translate-react4.js";
import { magic5Translation } from "./translate-magic5.js";
import { magic6Translation } from "./translate-magic6.js";
import { isPassive2Kind, passive2Patterns, passive2Playable, passive2Translation } from "./translate-passive2.js";
import { fightAfterCrit, tail4Translation } from "./translate-tail4.js";
import { declared6Translation } from "./translate-declared6.js";

export interface AbilityText {
  name: string;
  timing?: string | undefined;
  effect?: string | undefined;
}

export type Translation =
  /**
   * `partial`: the engines play the ability but not all of it (a heat-token ability's options other than Full
   * Throttle: translate-common.ts); the battle carries it, the coverage counts it as not played, with this reason.
   */
  | { kind: "played"; when: When; effects: Effect[]; partial?: string }
  | { kind: "translated"; when: When; effects: Effect[]; why: string }
  | { kind: "unread"; why: string };

/** Keywords every army may carry, on top of those the imported warscrolls name. */
const CORE_KEYWORDS = ["HERO", "MONSTER", "INFANTRY", "CAVALRY", "BEAST", "WAR MACHINE", "WIZARD", "PRIEST", "MANIFESTATION", "UNIQUE", "FLY", "CHAMPION", "STANDARD BEARER", "MUSICIAN", "TERRAIN"];

/** The keywords a translation may name (upper case). */
export function keywordVocabulary(keywords: Iterable<string>): Set<string> {
  const v = new Set(CORE_KEYWORDS);
  for (const k of keywords) {
    const K = k.trim().toUpperCase();
    // "WARD (5+)", "WIZARD (1)": the keyword without its value.
    v.add(K.replace(/\s*\(.*\)$/, ""));
  }
  return v;
}

// ---------------------------------------------------------------------------------------------- timing

const PHASE_WORDS: Record<string, (typeof PHASES)[number]> = {
  "hero phase": "hero",
  "movement phase": "movement",
  "shooting phase": "shooting",
  "charge phase": "charge",
  "combat phase": "combat",
};

/** The catalogue's timing as `when`, or why it is not in the language. */
export function parseWhen(timing: string | undefined): When | string {
  const t = normalTiming(timing ?? "")!;
  if (t === "") return "no timing";
  if (t === "Passive") return { timing: "passive" };
  let rest = t;
  let limit: (typeof LIMITS)[number] = "none";
  const lim = /^Once Per (Turn|Battle)( \(Army\))?, /.exec(rest);
  if (lim) {
    limit = lim[1] === "Turn" ? (lim[2] ? "once-per-turn-army" : "once-per-turn") : lim[2] ? "once-per-battle-army" : "once-per-battle";
    rest = rest.slice(lim[0].length);
  }
  const spell = /^(.+?); (Spell|Prayer), casting value (\d+)$/.exec(rest);
  const phaseText = spell ? spell[1]! : rest;
  let phase: (typeof PHASES)[number] | undefined;
  let whose: "your" | "enemy" | "any" = "any";
  if (phaseText === "Deployment Phase") phase = "deployment";
  else if (phaseText === "End of Any Turn") phase = "end-of-turn";
  else if (phaseText === "End of Your Turn") [phase, whose] = ["end-of-turn", "your"];
  else if (phaseText === "End of Enemy Turn") [phase, whose] = ["end-of-turn", "enemy"];
  else if (phaseText === "Start of Any Turn") phase = "start-of-turn";
  else if (phaseText === "Start of Your Turn") [phase, whose] = ["start-of-turn", "your"];
  else if (phaseText === "Start of Enemy Turn") [phase, whose] = ["start-of-turn", "enemy"];
  else {
    const m = /^(Your|Enemy|Any) (Hero|Movement|Shooting|Charge|Combat) Phase$/.exec(phaseText);
    if (m) {
      phase = PHASE_WORDS[`${m[2]!.toLowerCase()} phase`];
      whose = m[1]!.toLowerCase() as typeof whose;
    }
  }
  if (phase === undefined) return `the timing "${t.slice(0, 100)}" is not one the effect language has`;
  if (spell) {
    const value = Number(spell[3]);
    if (value < 2 || value > 12 || whose !== "your" || limit !== "none") return `the timing "${t.slice(0, 100)}" is not one the effect language has`;
    return spell[2] === "Spell" ? { timing: "spell", phase, castingValue: value } : { timing: "prayer", phase, chantingValue: value };
  }
  return { timing: "phase", phase, whose, limit };
}

// ------------------------------------------------------------------------------------------- keywords

const PLURALS: [RegExp, string][] = [
  [/^HEROES$/, "HERO"],
  [/^(.*[^S])S$/, "$1"],
];

/** "NIGHTHAUNT INFANTRY HEROES" → NIGHTHAUNT, INFANTRY, HERO by the longest match; null if a word is unknown. */
export function splitKeywords(phrase: string, vocab: ReadonlySet<string>, pluralLast: boolean): string[] | null {
  const words = phrase.trim().split(/\s+/);
  if (words.length === 0 || words.some((w) => !/^[A-Z0-9][A-Z0-9'’-]*$/.test(w))) return null;
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let found: string | undefined;
    let next = i;
    for (let j = words.length; j > i; j--) {
      const cand = words.slice(i, j).join(" ");
      const forms = [cand];
      if (pluralLast && j === words.length) for (const [re, to] of PLURALS) if (re.test(cand)) forms.push(cand.replace(re, to));
      const hit = forms.find((f) => vocab.has(f));
      if (hit) {
        found = hit;
        next = j;
        break;
      }
    }
    if (found === undefined) return null;
    if (!out.includes(found)) out.push(found);
    i = next;
  }
  return out;
}

/** Keyword words, capitals only (as cleanText writes them). */
export const KW = String.raw`[A-Z0-9][A-Z0-9'’-]*(?: [A-Z0-9][A-Z0-9'’-]*)*`;

/**
 * "[other ]friendly [non-KW ]KW units" / "... KWS" (a plural keyword); side from the first word. Returns the
 * filter (or none for plain "units") and whether "other" excludes the unit itself.
 */
export function parseUnits(phrase: string, vocab: ReadonlySet<string>): { side: "friendly" | "enemy"; filter?: EffectFilter; other: boolean } | null {
  const m = new RegExp(String.raw`^(other )?(friendly|enemy) (?:non-([A-Z0-9][A-Z0-9'’-]*) )?(?:(${KW}) units|(${KW})|units)$`).exec(phrase);
  if (!m) return null;
  const filter: { keywords?: string[]; notKeywords?: string[] } = {};
  if (m[3]) {
    const not = splitKeywords(m[3], vocab, false);
    if (!not) return null;
    filter.notKeywords = not;
  }
  if (m[4] || m[5]) {
    const ks = splitKeywords((m[4] ?? m[5])!, vocab, m[5] !== undefined);
    if (!ks) return null;
    filter.keywords = ks;
  }
  // "non-HERO units" with no other keyword and plain "units" both read; "friendly HEROES" too.
  const f = filter.keywords || filter.notKeywords ? (filter as EffectFilter) : undefined;
  return { side: m[2] as "friendly" | "enemy", ...(f ? { filter: f } : {}), other: m[1] !== undefined };
}

// ------------------------------------------------------------------------------------------- sentences

export type Clause = Effect[] | { translated: Effect[]; why: string } | null;

export const attackOf = (w: string | undefined): "melee" | "ranged" | "any" => (w === "combat" ? "melee" : w === "shooting" ? "ranged" : "any");
type EffectIn = z.input<typeof effectSchema>;
/** An effect through the schema (defaults filled, dice parsed): a translation is checked like a file. */
export const fx = (e: { whom?: Partial<Effect["whom"]>; conditions?: Partial<Effect["conditions"]>; do: EffectIn["do"] }): Effect =>
  effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false, ...e.whom }, conditions: { attack: "any", ...e.conditions }, do: e.do });

/** "this unit" or "[other] friendly/enemy UNITS while they are (wholly) within N" of this unit | in combat with this unit | within this unit's combat range". */
export function parseWhomPhrase(s: string, vocab: ReadonlySet<string>): Effect["whom"] | null {
  if (s === "this unit" || s === "it") return { side: "self", wholly: false, includeSelf: false };
  const m = /^(.+?) (?:while they are |that are |)(wholly within|within|in combat with) (?:(\d+)" of this unit|this unit's combat range|this unit)$/.exec(s);
  if (!m) return null;
  const u = parseUnits(m[1]!, vocab);
  if (!u) return null;
  const inCombat = m[2] === "in combat with";
  if (inCombat !== (m[3] === undefined && s.endsWith("with this unit"))) return null;
  const range = m[3] !== undefined ? Number(m[3]) : 3;
  if (range > 48) return null;
  const wholly = m[2] === "wholly within";
  // Decision (the seed is silent): "friendly X units within N" of this unit" includes this unit when it is an X; "other" excludes it.
  return { side: u.side, ...(u.filter ? { filter: u.filter } : {}), range, wholly, includeSelf: u.side === "friendly" && !u.other };
}

/** A trailing condition on the affected unit: charged or not. */
function trailingCondition(s: string): { rest: string; cond: Partial<Effect["conditions"]> } {
  const c = / if (?:it|this unit) (has not charged|did not charge|charged) (?:in the same turn|this turn)$/.exec(s);
  if (!c) return { rest: s, cond: {} };
  return { rest: s.slice(0, c.index), cond: { charged: c[1] === "charged" } };
}

/** "Add/Subtract N to/from hit|wound|save rolls for ...". */
function rollModifier(s: string, vocab: ReadonlySet<string>): Clause {
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) (hit rolls|wound rolls|hit rolls and wound rolls|save rolls) for (.+)$/.exec(s);
  if (!m) return null;
  const value = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
  const kinds = m[3] === "hit rolls and wound rolls" ? (["hit", "wound"] as const) : m[3] === "hit rolls" ? (["hit"] as const) : m[3] === "wound rolls" ? (["wound"] as const) : (["save"] as const);
  const { rest, cond } = trailingCondition(m[4]!);
  let whom: Effect["whom"] | null = null;
  let direction: "by" | "against" = "by";
  let attack: "melee" | "ranged" | "any" = "any";
  let a: RegExpExecArray | null;
  if ((a = /^this unit's (?:(combat|shooting) )?attacks$/.exec(rest))) [whom, attack] = [parseWhomPhrase("this unit", vocab), attackOf(a[1])];
  else if ((a = /^(?:(combat|shooting) )?attacks made by (.+)$/.exec(rest))) [whom, attack] = [parseWhomPhrase(a[2]!, vocab), attackOf(a[1])];
  else if ((a = /^(?:(combat|shooting) )?attacks that target (.+)$/.exec(rest))) [whom, attack, direction] = [parseWhomPhrase(a[2]!, vocab), attackOf(a[1]), "against"];
  else if (kinds[0] === "save") [whom, direction] = [parseWhomPhrase(rest, vocab), "against"];
  else if (rest !== "this unit" && rest !== "it") whom = parseWhomPhrase(rest, vocab); // "hit rolls for friendly X units while ...": their attacks
  if (!whom) return null;
  const effects = kinds.map((k) => fx({ whom, conditions: { attack, ...cond }, do: k === "save" ? { kind: "save", value, direction: "against" } : { kind: k, value, direction } }));
  return effects; // save modifiers: played (passive.ts)
}

/** "Add/Subtract N to/from the Rend|Damage|Attacks characteristic of this unit's melee weapons | weapons used for attacks that target this unit | melee weapons used by enemy units while ...". */
function characteristicModifier(s: string, vocab: ReadonlySet<string>): Clause {
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) the (Rend|Damage|Attacks) characteristic of (.+)$/.exec(s);
  if (!m) return null;
  const value = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
  const kind = m[3]!.toLowerCase() as "rend" | "damage" | "attacks";
  const { rest, cond } = trailingCondition(m[4]!);
  let whom: Effect["whom"] | null = null;
  let direction: "by" | "against" = "by";
  let attack: "melee" | "ranged" | "any" = "any";
  let a: RegExpExecArray | null;
  if ((a = /^(?:this unit's|its) (?:(melee|ranged) )?weapons(?: while it is wholly within (\d+)" of any (.+))?$/.exec(rest))) {
    whom = parseWhomPhrase("this unit", vocab);
    attack = a[1] === "melee" ? "melee" : a[1] === "ranged" ? "ranged" : "any";
    if (a[2] !== undefined) {
      // "while it is wholly within 12" of any friendly NOBLES or ABHORRANTS": a friendly unit near (Royal Approval).
      const near = new RegExp(`^friendly (${KW}) or (${KW})$`).exec(a[3]!) ?? new RegExp(`^friendly (${KW})$`).exec(a[3]!);
      if (!near) return null;
      const any = near.slice(1).filter(Boolean).map((k) => splitKeywords(k!, vocab, true));
      if (any.some((k) => k === null || k.length !== 1)) return null;
      (cond as Effect["conditions"]).near = { filter: { anyKeywords: any.map((k) => k![0]!) }, range: Number(a[2]), wholly: true, measured: "this-within" };
    }
  } else if ((a = /^weapons used for (?:(combat|shooting) )?attacks that target (.+)$/.exec(rest))) [whom, attack, direction] = [parseWhomPhrase(a[2]!, vocab), attackOf(a[1]), "against"];
  else if ((a = /^(melee|ranged )?weapons used by (.+)$/.exec(rest))) [whom, attack] = [parseWhomPhrase(a[2]!, vocab), a[1] === "melee" ? "melee" : a[1] ? "ranged" : "any"];
  if (!whom) return null;
  if (kind === "attacks") {
    if (direction !== "by") return null;
    return [fx({ whom, conditions: { attack, ...cond }, do: { kind: "attacks", value, direction: "by", companionOnly: false } })]; // played (passive.ts)
  }
  return [fx({ whom, conditions: { attack, ...cond }, do: { kind, value, direction } })];
}

/** Control scores: a maximum, an addition (contesting in friendly territory, or if charged), the enemy's in combat. */
function control(s: string, vocab: ReadonlySet<string>): Clause {
  let m: RegExpExecArray | null;
  if ((m = /^This unit has a maximum control score of (\d+)$/.exec(s))) return Number(m[1]) >= 1 && Number(m[1]) <= 20 ? [fx({ do: { kind: "control", max: Number(m[1]) } })] : null;
  if ((m = /^Add (\d+) to this unit's control score(?: while it is contesting (an objective wholly within friendly territory))?$/.exec(s)))
    return Number(m[1]) <= 20 ? [fx({ conditions: m[2] ? { contesting: "objective-in-friendly-territory" } : {}, do: { kind: "control", add: Number(m[1]) } })] : null;
  if ((m = /^If this unit charged this turn, add (\d+) to its control score for the rest of the turn$/.exec(s)))
    return Number(m[1]) <= 20 ? [fx({ conditions: { charged: true }, do: { kind: "control", add: Number(m[1]) } })] : null;
  if ((m = /^(Add|Subtract) (\d+) (?:to|from) the control scores of (.+)$/.exec(s))) {
    const whom = parseWhomPhrase(m[3]!, vocab);
    const add = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
    return whom && whom.side !== "self" && Math.abs(add) <= 20 ? [fx({ whom, do: { kind: "control", add } })] : null;
  }
  return null;
}

/** Wards: "This unit has WARD (N+)", Drawn to War's and Royal Bodyguard's forms. */
function ward(s: string, vocab: ReadonlySet<string>): Clause {
  let m: RegExpExecArray | null;
  if ((m = /^This unit has WARD \(([2-6])\+\)$/i.exec(s))) return [fx({ do: { kind: "ward", value: Number(m[1]) } })];
  if ((m = /^(Friendly .+?) have WARD \(([2-6])\+\) while they are (wholly within|within) (?:(\d+)" of this unit|this unit's combat range)$/.exec(s))) {
    const u = parseUnits(m[1]!.replace(/^Friendly/, "friendly"), vocab);
    if (!u) return null;
    return [fx({ whom: { side: "friendly", ...(u.filter ? { filter: u.filter } : {}), range: m[4] ? Number(m[4]) : 3, wholly: m[3] === "wholly within", includeSelf: !u.other }, do: { kind: "ward", value: Number(m[2]) } })];
  }
  if ((m = /^While any (friendly .+?) are (wholly within|within) this unit's combat range, both this unit and those (?:friendly units|units|(.+?)) have WARD \(([2-6])\+\)$/.exec(s))) {
    const u = parseUnits(m[1]!, vocab);
    if (!u || !u.filter) return null;
    // "those HEROES" must name the same units as the condition (its last keyword, plural).
    if (m[3] !== undefined) {
      const again = splitKeywords(m[3], vocab, true);
      if (!again || again.length !== 1 || !u.filter.keywords?.includes(again[0]!)) return null;
    }
    const wholly = m[2] === "wholly within";
    const v = Number(m[4]);
    return [
      fx({ whom: { side: "friendly", filter: u.filter, range: 3, wholly, includeSelf: false }, do: { kind: "ward", value: v } }),
      fx({ conditions: { near: { filter: u.filter, range: 3, wholly, measured: "them-within" } }, do: { kind: "ward", value: v } }),
    ];
  }
  return null;
}

/** "If the unmodified hit roll [or unmodified wound roll] for an attack that targets this unit is 1-N, the attack fails and the attack sequence ends". */
function failUnmodified(s: string): Clause {
  const m = /^If the unmodified (hit roll|wound roll|hit roll or unmodified wound roll) for an attack that targets this unit is 1-([2-5]), the attack fails and the attack sequence ends$/.exec(s);
  if (!m) return null;
  const rolls = m[1] === "hit roll" ? (["hit"] as const) : m[1] === "wound roll" ? (["wound"] as const) : (["hit", "wound"] as const);
  return [fx({ do: { kind: "fail-unmodified", rolls: [...rolls], upTo: Number(m[2]), direction: "against" } })];
}

/** Patterns the language writes and the interpreters do not play yet: strike order, moves, healing, returning models (and the played charge dice). */
function notYetPlayed(s: string): Clause {
  let m: RegExpExecArray | null;
  if ((m = /^This unit has STRIKE-(FIRST|LAST)( if it charged in the same turn)?$/.exec(s)))
    return [fx({ conditions: m[2] ? { charged: true } : {}, do: { kind: "strike", order: m[1] === "FIRST" ? "first" : "last" } })]; // played (passive.ts, combat.ts)
  // Played (Heralds of Righteousness' text): the charge code of both engines reads charge-dice effects.
  if (/^Add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3$/.test(s)) return [fx({ do: { kind: "charge-dice", add: 1, max: 3 } })];
  if ((m = /^Heal \((\d+|D3|D6)\) this unit$/i.exec(s))) return { translated: [fx({ do: { kind: "heal", amount: m[1]!.toUpperCase() } })], why: "healing is not played by the interpreters yet" };
  if ((m = /^You can return (\d+|D3|D6) slain models? to this unit$/i.exec(s))) return { translated: [fx({ do: { kind: "return-models", count: m[1]!.toUpperCase() } })], why: "returning slain models is not played by the interpreters yet" };
  return null;
}

/** The Declare/Effect forms: an enemy target picked and mortal damage on a roll (Alpha Charge, Necrotic Impetus). */
function declaredMortal(declare: string, effect: string): Clause {
  const d =
    /^If this unit charged this phase, pick an enemy unit within (\d+)" of it to be the target$/.exec(declare) ??
    /^Pick (?:each|an) enemy unit (in combat with this unit|within (\d+)" of this unit) to be the targets?$/.exec(declare);
  if (!d) return null;
  const charged = declare.startsWith("If this unit charged");
  const range = charged ? Number(d[1]) : d[2] !== undefined ? Number(d[2]) : 3;
  const e = /^Roll a (D3|dice)(?: for each target)?\. On a ([2-6])\+, inflict (an amount of mortal damage on the target equal to the roll|(\d) mortal damage on the target)$/.exec(effect);
  if (!e || range > 48) return null;
  return {
    translated: [fx({ whom: { side: "enemy", range }, conditions: charged ? { charged: true } : {}, do: { kind: "mortal", per: "once", dice: e[1] === "D3" ? "D3" : "D6", on: Number(e[2]), each: e[4] ? Number(e[4]) : "roll" } })],
    why: "activated abilities (mortal damage on a picked target) are not played by the interpreters yet",
  };
}

/** A declared ability's target phrase: "[If this unit charged this phase, ]pick an|a visible|each|up to N enemy UNITS in combat with this unit|within N" of this unit[ ...charged] to be the target(s)". */
function declaredTarget(declare: string, vocab: ReadonlySet<string>): { whom: Effect["whom"]; conditions: Partial<Effect["conditions"]>; targets: "one" | "each"; upTo?: number } | null {
  const m = /^(?:If this unit (charged|did not charge|has not charged) this (?:phase|turn), p|P)ick (an|a|each|up to ([2-6])) (visible )?enemy (.+?) (in combat with (?:this unit|it)(?: and that charged this turn)?|that charged this turn and (?:is|are) in combat with (?:this unit|it)|within (\d+)" of (?:this unit|it)) to be the targets?$/.exec(declare);
  if (!m) return null;
  const units = m[5]!;
  let filter: EffectFilter | undefined;
  let k: RegExpExecArray | null;
  if (units === "unit" || units === "units") filter = undefined;
  else if ((k = new RegExp(`^(${KW}) units?$`).exec(units))) {
    const ks = splitKeywords(k[1]!, vocab, false);
    if (!ks) return null;
    filter = { keywords: ks };
  } else if ((k = new RegExp(`^(${KW}) or (${KW})$`).exec(units))) {
    const any = [k[1]!, k[2]!].map((x) => splitKeywords(x, vocab, true));
    if (any.some((x) => x === null || x.length !== 1)) return null;
    filter = { anyKeywords: any.map((x) => x![0]!) };
  } else if ((k = new RegExp(`^(${KW})$`).exec(units))) {
    const ks = splitKeywords(k[1]!, vocab, true);
    if (!ks) return null;
    filter = { keywords: ks };
  } else return null;
  const range = m[7] !== undefined ? Number(m[7]) : 3;
  if (range > 48) return null;
  const conditions: Partial<Effect["conditions"]> = {};
  if (m[1] !== undefined) conditions.charged = m[1] === "charged";
  if (m[6]!.includes("charged this turn")) conditions.targetCharged = true;
  if (m[4] !== undefined) conditions.visible = true;
  const upTo = m[3] !== undefined ? Number(m[3]) : undefined;
  return { whom: { side: "enemy", ...(filter ? { filter } : {}), range, wholly: false, includeSelf: false }, conditions, targets: m[2] === "each" ? "each" : "one", ...(upTo !== undefined ? { upTo } : {}) };
}

/** The mortal damage of a declared ability's effect: a roll per model, N dice, a roll with a threshold; null if no pattern reads it whole. */
function declaredMortalEffect(text: string): Extract<EffectIn["do"], { kind: "mortal" }> | null {
  let m: RegExpExecArray | null;
  // The catalogues' wordings of the same thing: "equal on the target equal to the roll" (a typo in 3 texts),
  // "For each 6" (a 6+), "a number of dice equal to the number of models in ..." (a dice for each model).
  const effect = text
    .replace(/an amount of mortal damage equal on the target equal to the roll/g, "an amount of mortal damage on the target equal to the roll")
    .replace(/For each 6, /g, "For each 6+, ")
    .replace(/^Roll a number of dice equal to the number of models in (this unit|the target unit)\./, "Roll a dice for each model in $1.");
  const dieOf = (w: string) => (/D3/.test(w) ? 3 : 6);
  if ((m = /^Roll a (D3|dice)(?: for each target)?\. On a ([2-6])\+, inflict (an amount of mortal damage on the target equal to the roll|(\d) mortal damage on the target|(D3|D6) mortal damage on the target)$/.exec(effect)))
    return { kind: "mortal", per: "once", dice: m[1] === "D3" ? "D3" : "D6", on: Number(m[2]), each: m[4] ? Number(m[4]) : "roll", ...(m[5] ? { each: 1, damage: m[5] } : {}) };
  if ((m = /^Roll (a dice|(\d) dice|a D3|(\d) D3s) for each model in (this unit|the target unit)(?: that is in combat with the target)?\. For each (?:roll of )?([2-6])\+, inflict (1 mortal damage on the target|an amount of mortal damage on the target equal to the roll)$/.exec(effect)))
    return { kind: "mortal", per: m[4] === "this unit" ? "model" : "target-model", dice: `${m[2] ?? m[3] ?? 1}D${dieOf(m[1]!)}`, on: Number(m[5]), each: m[6]!.startsWith("1") ? 1 : "roll" };
  if ((m = /^Roll (\d+) (dice|D3s)\. For each (?:roll of )?([2-6])\+, inflict (1 mortal damage on the target|an amount of mortal damage on the target equal to the roll)$/.exec(effect)) && Number(m[1]) <= 12)
    return { kind: "mortal", per: "once", dice: `D${dieOf(m[2]!)}`, ...(Number(m[1]) > 1 ? { rolls: Number(m[1]) } : {}), on: Number(m[3]), each: m[4]!.startsWith("1") ? 1 : "roll" };
  if ((m = /^Inflict (D3|D6) mortal damage on the target$/.exec(effect))) return { kind: "mortal", per: "once", dice: m[1]!, each: "roll" };
  if ((m = /^Make a number of (D3|D6) rolls equal to the current battle round number\. For each ([2-6])\+, inflict (1 mortal damage on the target|an amount of mortal damage on the target equal to the roll)$/.exec(effect)))
    return { kind: "mortal", per: "round", dice: m[1]!, on: Number(m[2]), each: m[3]!.startsWith("1") ? 1 : "roll" };
  return null;
}

/**
 * Declared abilities with a picked enemy target and mortal damage on a roll, or a model slain on a roll of at
 * least double its Health, in any phase: played by the declared-ability steps (combat-abilities.ts), which
 * `declaredPlayable` checks.
 */
function declaredTargeted(declare: string, effect: string, vocab: ReadonlySet<string>): Clause {
  const t = declaredTarget(declare, vocab);
  if (!t) return null;
  const slay = /^Roll a dice\. If the roll (is at least double|exceeds|equals or exceeds) the target's Health characteristic, 1 model in (?:the target|that) unit is slain$/.exec(effect);
  if (slay) {
    const rule = slay[1] === "exceeds" ? "roll-exceeds-health" : slay[1] === "equals or exceeds" ? "roll-at-least-health" : "roll-at-least-double-health";
    return t.targets === "one" && t.upTo === undefined ? [fx({ whom: t.whom, conditions: t.conditions, do: { kind: "slay", rule } })] : null;
  }
  const d = declaredMortalEffect(effect);
  if (!d) return null;
  return [fx({ whom: t.whom, conditions: t.conditions, do: { ...d, targets: t.targets, ...(t.upTo !== undefined ? { upTo: t.upTo } : {}) } })];
}

/** The timings the declared-ability steps play (combat-abilities.ts useStepAbilities): a phase, without a per-unit "Once Per Battle". */
export const DECLARED_PHASES: readonly string[] = ["charge", "combat", "shooting", "hero", "end-of-turn"];

/** Whether the declared-ability steps play a translated ability: enemy targets, mortal damage or a slay, in one of their phases. */
export function declaredPlayable(when: When, effects: readonly Effect[]): boolean {
  if (when.timing !== "phase" || !DECLARED_PHASES.includes(when.phase) || when.limit === "once-per-battle" || when.limit === "once-per-phase-army" || effects.length !== 1) return false;
  return effects.every((e) => e.whom.side === "enemy" && (e.do.kind === "mortal" || e.do.kind === "slay"));
}

const DECLARED_PATTERNS = [declaredTargeted, (d: string, e: string) => declaredMortal(d, e)];

/** "This unit can use UNBIND abilities as if it had WIZARD (1)" (Scorn of Sorcery; spells.ts unbindsAsWizard plays it). */
function unbindAsWizard(s: string): Clause {
  return /^This unit can use UNBIND abilities as if it had WIZARD \(1\)$/.test(s) ? [fx({ do: { kind: "unbind" } })] : null;
}

/**
 * "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal
 * damage on the attacking unit after the FIGHT ability has been resolved" (Acid Ichor), "If you make an
 * unmodified save roll of 1 ..." and a D3: a save-roll trigger (save-triggers.ts).
 */
function saveRollTrigger(s: string): Clause {
  const m = /^(?:Each time|If) you make an unmodified save roll of ([16]) for an? (?:(combat|shooting) )?attack that targets this unit, inflict (\d|D3|D6) mortal damage on the attacking unit after (?:the|that) (FIGHT|SHOOT|ATTACK) ability has been resolved$/.exec(s);
  if (!m) return null;
  // The ability named must be the attack's own: a combat attack's FIGHT, a shooting attack's SHOOT.
  if ((m[2] === "combat" && m[4] === "SHOOT") || (m[2] === "shooting" && m[4] === "FIGHT")) return null;
  return [fx({ conditions: { attack: attackOf(m[2]) }, do: { kind: "save-roll", roll: Number(m[1]) as 1 | 6, mortal: m[3]! } })];
}

/**
 * A roll modifier for the unit's own attacks on a kind of target: "Add 1 to hit rolls for this unit's attacks
 * that target an enemy HERO", "... shooting attacks that target enemy MONSTERS", "... that target an enemy unit
 * that has 10 or more models": rollModifier's effects with targetKeywords / targetMinModels.
 */
function targetedModifier(s: string, vocab: ReadonlySet<string>): Clause {
  const m = new RegExp(String.raw`^(.+ for (?:this unit's (?:(?:combat|shooting) )?attacks|(?:(?:combat|shooting) )?attacks made by this unit)) that target (?:an enemy unit (?:that has|with) (\d+) or more models|(?:an )?enemy (${KW}))$`).exec(s);
  if (!m) return null;
  const r = rollModifier(m[1]!, vocab);
  if (!Array.isArray(r) || r.some((e) => e.do.kind !== "hit" && e.do.kind !== "wound")) return null;
  let cond: Partial<Effect["conditions"]>;
  if (m[2] !== undefined) {
    if (Number(m[2]) < 1 || Number(m[2]) > 100) return null;
    cond = { targetMinModels: Number(m[2]) };
  } else {
    const ks = splitKeywords(m[3]!, vocab, true);
    if (!ks || ks.length > 4) return null;
    cond = { targetKeywords: ks };
  }
  return r.map((e) => ({ ...e, conditions: { ...e.conditions, ...cond } }));
}

/** "Add N to this unit's control score while it is in combat". */
function controlInCombat(s: string): Clause {
  const m = /^Add (\d+) to this unit's control score while it is in combat$/.exec(s);
  return m && Number(m[1]) <= 20 ? [fx({ conditions: { inCombat: true }, do: { kind: "control", add: Number(m[1]) } })] : null;
}

/**
 * Charges and moves (battle/moves.ts): "Add N\" to the Move characteristic of ...", "Add N to run rolls [and
 * charge rolls] / charge rolls for ..." (this unit, or friendly units while they are (wholly) within N" of it),
 * and charging or shooting after a run or retreat.
 */
function movePatterns(s: string, vocab: ReadonlySet<string>): Clause {
  let m: RegExpExecArray | null;
  if ((m = /^Add (\d+)" to (?:this unit's Move characteristic|the Move characteristic of (.+))$/.exec(s))) {
    const whom = m[2] === undefined ? parseWhomPhrase("this unit", vocab) : parseWhomPhrase(m[2], vocab);
    return whom && whom.side !== "enemy" && Number(m[1]) <= 12 ? [fx({ whom, do: { kind: "move", value: Number(m[1]) } })] : null;
  }
  if ((m = /^(Add|Subtract) (\d+) (?:to|from) (run rolls|charge rolls|run rolls and charge rolls) for (.+)$/.exec(s))) {
    const whom = parseWhomPhrase(m[4]!, vocab);
    const value = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
    if (!whom || Math.abs(value) > 12) return null;
    const kinds = m[3] === "run rolls" ? (["run"] as const) : m[3] === "charge rolls" ? (["charge"] as const) : (["run", "charge"] as const);
    return kinds.map((kind) => fx({ whom, do: { kind, value } }));
  }
  const after = (what: string) => (what === "RUN or RETREAT" ? (["run", "retreat"] as const) : what === "RUN" ? (["run"] as const) : (["retreat"] as const));
  if ((m = /^(?:For the rest of the turn, )?[Tt]his unit can use (CHARGE|SHOOT|CHARGE and SHOOT|SHOOT and\/or CHARGE) abilities(?: this turn)? even if it used a (RUN or RETREAT|RUN|RETREAT) ability(?: in the same turn)?$/.exec(s))) {
    const shoot = m[1] !== "CHARGE";
    return [fx({ do: { kind: "charge-after", after: [...after(m[2]!)], shoot, charge: m[1] !== "SHOOT" } })];
  }
  if (/^No mortal damage is inflicted on this unit by RETREAT abilities$/.test(s))
    return [fx({ do: { kind: "charge-after", after: ["retreat"], shoot: false, charge: false, noRetreatDamage: true } })];
  if (/^This unit can use a RUN ability and still use CHARGE abilities later in the turn$/.test(s)) return [fx({ do: { kind: "charge-after", after: ["run"] } })];
  if ((m = new RegExp(String.raw`^While this unit is wholly within (\d+)" of a friendly (${KW}), this unit can use CHARGE abilities even if it used a RUN ability in the same turn$`).exec(s))) {
    const ks = splitKeywords(m[2]!, vocab, false);
    return ks && Number(m[1]) <= 48 ? [fx({ conditions: { near: { filter: { keywords: ks }, range: Number(m[1]), wholly: true, measured: "this-within" } }, do: { kind: "charge-after", after: ["run"] } })] : null;
  }
  return null;
}

export const BASE_PATTERNS = [rollModifier, characteristicModifier, control, ward, (s: string) => failUnmodified(s), (s: string) => notYetPlayed(s), (s: string) => saveRollTrigger(s), targetedModifier, (s: string) => controlInCombat(s), (s: string) => unbindAsWizard(s), movePatterns, castingPatterns, ignoreFirstPatterns, passive2Patterns];

/** "If this unit charged this turn, [for the rest of the turn, ]<clause>": the clause with `charged`, for effects on the unit itself. */
function chargedPrefix(s: string, vocab: ReadonlySet<string>): Clause {
  const m = /^If this unit (charged|has not charged) this turn, (?:for the rest of the turn, )?(.+)$/.exec(s);
  if (!m) return null;
  const inner = m[2]![0]!.toUpperCase() + m[2]!.slice(1);
  let r: Clause = null;
  for (const p of BASE_PATTERNS) if ((r = p(inner, vocab))) break;
  if (!r) return null;
  const list = Array.isArray(r) ? r : r.translated;
  if (list.some((e) => e.whom.side !== "self" || e.conditions.charged !== undefined)) return null;
  const withCharged = list.map((e) => ({ ...e, conditions: { ...e.conditions, charged: m[1] === "charged" } }));
  return Array.isArray(r) ? withCharged : { translated: withCharged, why: r.why };
}

const SENTENCE_PATTERNS = [...BASE_PATTERNS, chargedPrefix, passivePatterns];

/** Sentences of an effect text: split on full stops and bullets; "In addition, " dropped; the first letter in capitals. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=\.)\s+|\s*•\s*/)
    .map((s) => s.trim().replace(/\.$/, "").replace(/^In addition, /, "").trim())
    .filter((s) => s !== "")
    .map((s) => s[0]!.toUpperCase() + s.slice(1));
}

/** The kinds and conditions the interpreters play (attack.ts here, assembly/battle/effects.ts in the kernel). */
export const PLAYED_KINDS: readonly string[] = ["hit", "wound", "rend", "damage", "fail-unmodified", "ward", "control", "charge-dice", "unbind", "save-roll", "move", "run", "charge", "charge-after", "charge-barrier", "casting", "miscast-goes-on", "ignore-first", "power", "slain-roll", "power-level", "unbinding", "chanting", "cast-heal", "banishment"];

/** Whether the interpreters play an ability written like this: passive, and only kinds and conditions they read. */
export function playable(when: When, effects: readonly Effect[]): boolean {
  if (when.timing !== "passive" || effects.length === 0) return false;
  return effects.every((e) => {
    const c = e.conditions;
    if (!PLAYED_KINDS.includes(e.do.kind) && !passiveKindPlayed(e.do.kind)) return false;
    if (c.token !== undefined || !(isPassive2Kind(e.do.kind) ? passive2Playable(e) : passivePlayable(e))) return false;
    if (c.contesting !== undefined && (e.do.kind !== "control" || c.contesting !== "objective-in-friendly-territory")) return false;
    return true;
  });
}

/**
 * Whether battle/moves.ts (and the kernel's twin) plays a hero-phase charge-after ability: "Once Per Turn (Army),
 * Your Hero Phase: For the rest of the turn, this unit can use SHOOT and/or CHARGE abilities even if ..." (Vanguard Chamber).
 */
export function chargeAfterPlayable(when: When, effects: readonly Effect[]): boolean {
  if (when.timing !== "phase" || when.phase !== "hero" || when.whose !== "your" || when.limit !== "once-per-turn-army" || effects.length === 0) return false;
  return effects.every((e) => e.do.kind === "charge-after" && e.whom.side === "self" && Object.keys(e.conditions).every((k) => k === "attack"));
}

/**
 * Whether healing.ts (and the kernel's twin) plays an ability written like this: "Heal (X) this unit" or "You
 * can return X slain models to this unit", alone, in your hero phase, at the start or the end of a turn, without a
 * per-unit "Once Per Battle" (translate-damage.ts reads those: the engines count them per unit).
 */
export function healingPlayable(when: When, effects: readonly Effect[]): boolean {
  if (when.timing !== "phase" || effects.length === 0 || when.limit === "once-per-battle" || when.limit === "once-per-phase-army") return false;
  if (!((when.phase === "hero" && when.whose === "your") || when.phase === "end-of-turn" || when.phase === "start-of-turn")) return false;
  return effects.every((e) => e.whom.side === "self" && Object.keys(e.conditions).every((k) => k === "attack") && ((e.do.kind === "heal" && e.do.amount !== "damage-dealt") || e.do.kind === "return-models"));
}

/**
 * The most common ability texts of the BSData snapshot that the language cannot write, each with its reason
 * (matched on the sentence that no pattern reads; docs/abilities.md lists the 20 most common texts).
 */
const KNOWN_UNREAD: [RegExp, string][] = [
  [/^Make a resistance roll of D6/i, "a resistance roll in a form translate-common.ts does not read (it reads Ruination Chamber's: a reaction to being picked as the target of a non-CORE ability)"],
  [/^This unit has a coherency range of/, "engine: no effect in the footprint model: a unit is one disc of its models packed 1/2\" apart and no rule of the engines spreads a unit out or removes models for coherency, so a wider coherency range changes nothing (docs/abilities.md \"The most common texts\")"],
  [/^This unit can pass across terrain features as if it had FLY$/, "engine: no effect: terrain never stops a move in these engines (moving across a feature is always allowed; only where a move ends is tested, CORE-UNSTABLE: terrain.ts), so passing across terrain as if with FLY changes nothing"],
  [/^If this unit would be automatically destroyed, it is not automatically destroyed/, "not destroyed outright in a form translate-common.ts does not read (it reads Son of Behemat's damage points instead)"],
  [/^Immediately after resolving this unit's 'Full Power!' ability/, "heat tokens in a form translate-common.ts does not read (it reads Overheating's)"],
  [/^Apply the effect below that corresponds with the number of daemonic power points/, "daemonic power points in a form translate-hashut6.ts does not read (it reads each count's clause when the other patterns play it, and the ward against spells, prayers and manifestations' abilities of Daemonic Resilience)"],
  [/wholly within the creeping overgrowth$/, "the creeping overgrowth (battle/sylvaneth6.ts: tokens on the battlefield's terrain features) is read here only as a passive attack modifier's condition; this use of it is not"],
  [/momentum point/, "momentum points in a form translate-common.ts does not read (it reads Unstoppable Momentum's whole text)"],
  [/^This unit can pass through models/, "passing through models in a form translate-common.ts does not read (it reads Longshanks': models of units without a keyword, and low terrain)"],
  [/is not visible to enemy units/, "not visible in a form translate-common.ts does not read (it reads Hidden Weapon Team's)"],
];

const unreadWhy = (s: string) => KNOWN_UNREAD.find(([re]) => re.test(s))?.[1] ?? `no pattern reads "${s.slice(0, 120)}"`;

/** Translates one ability. `vocab`: keywordVocabulary of the import. */
export function translateAbility(a: AbilityText, vocab: ReadonlySet<string>): Translation {
  try {
    // Daemonic power points (translate-hashut6.ts): each point count's clause read by the rest, with its condition.
    const h6 = hashut6Translation(a, (x) => translateAbility(x, vocab));
    if (h6) return h6;
    // A warscroll command held for a while (translate-declared6.ts): the text without "; Command" read by the rest.
    const d6 = declared6Translation(a, (x) => translateAbility(x, vocab));
    if (d6) return d6;
    // Moves outside the movement phase (translate-moves5.ts).
    const m5 = moves5Translation(a);
    if (m5) return m5;
    // "Pick 1 of the following effects": a choice of effects held for a while, each option read whole (translate-pick5.ts).
    const p5 = pick5Translation(a, (x) => translateAbility(x, vocab));
    if (p5) return p5;
    // The tail4 area's rewrites and whole texts (translate-tail4.ts).
    const t4 = tail4Translation(a, vocab, (x) => translateAbility(x, vocab));
    if (t4) return t4;
    // Objectives: contesting conditions and a timing slip (translate-objective4.ts), the rewritten text read by the rest.
    const o4 = objective4Translation(a, parseWhen, (x) => translateAbility(x, vocab), vocab);
    if (o4) return o4;
    // Terrain features and objectives, fifth pass (translate-terrain5.ts): rewritten texts read by the rest.
    const t5 = terrain5Translation(a, (x) => translateAbility(x, vocab));
    if (t5) return t5;
    // The Sylvaneth's creeping overgrowth and overgrown tokens (translate-sylvaneth6.ts): rewritten texts read by the rest.
    const sy6 = sylvaneth6Translation(a, parseWhen, (x) => translateAbility(x, vocab));
    if (sy6) return sy6;
    // Kills credited to the unit that made them (translate-kills5.ts), the rewritten text read by the rest.
    const k5 = kills5Translation(a, parseWhen, (x) => translateAbility(x, vocab));
    if (k5) return k5;
    // The passive6 area's rewrites (translate-passive6.ts), the rewritten text read by the rest.
    const p6 = passive6Translation(a, parseWhen, (x) => translateAbility(x, vocab));
    if (p6) return p6;
    // Mortal damage and an effect for a while on the same roll (translate-combat3.ts).
    const c3 = combat3Mortal(a, (x) => translateAbility({ ...a, ...x }, vocab), (s) => {
      const cs = effectSentences([s], false);
      if (!cs || cs.length !== 1 || cs[0]!.until || cs[0]!.on !== undefined || cs[0]!.dice) return null;
      return cs[0]!.body.map((x) => ({ conditions: { attack: x.attack }, do: { kind: "for-the-turn", ...x.do } }) as Pick<Effect, "conditions" | "do">);
    });
    if (c3) return c3;
    // Named models in more spellings, and an effect for the rest of the turn on what a mortal damage did (translate-mortal4.ts).
    const named = mortal4Text((a.effect ?? "").replace(/\r/g, "").trim());
    if (named !== (a.effect ?? "").replace(/\r/g, "").trim()) {
      const r = translateAbility({ ...a, effect: named }, vocab);
      if (r.kind === "played") return r;
    }
    const m4 = mortal4After(a, (x) => translateAbility({ ...a, ...x }, vocab), (s, self) => {
      const cs = effectSentences([s], self);
      if (!cs || cs.length !== 1 || cs[0]!.until || cs[0]!.on !== undefined || cs[0]!.dice) return null;
      return cs[0]!.body.map((x) => ({ conditions: { attack: x.attack }, do: { kind: "for-the-turn", ...x.do } }) as Pick<Effect, "conditions" | "do">);
    });
    if (m4) return m4;
    const both = mortal4BothSides(a, (x) => translateAbility({ ...a, ...x }, vocab));
    if (both) return both;
    const destroyed = mortal4Destroyed(a);
    if (destroyed) return destroyed;
    // An aura switched on for the rest of the turn (translate-combat3.ts).
    const aura = combat3Aura(a, parseWhen(a.timing), (passive) => translateAbility({ name: a.name, timing: "Passive", effect: passive }, vocab));
    if (aura) return aura;
    // The Cities of Sigmar's "under orders" in wordings the passive patterns do not read (translate-cities6.ts).
    const c6 = cities6Translation(a, (x) => translateAbility(x, vocab));
    if (c6) return c6;
    // A shooting phase's "For the rest of the phase: • X. • Y." on this unit's ranged attacks (translate-passive5.ts).
    const shooting = passive5ShootingPhase(parseWhen(a.timing), (a.effect ?? "").trim(), (effect) => translateAbility({ ...a, effect }, vocab));
    if (shooting) return shooting;
    // "Add 1 to the Attacks characteristic of other friendly X units wholly within 12\" of this unit for the rest of the turn" (translate-passive5.ts).
    const each = passive5Each(parseWhen(a.timing), (a.effect ?? "").trim(), (effect) => translateAbility({ ...a, effect }, vocab));
    if (each) return each;
    // A friendly unit picked to fight twice (translate-combat3.ts).
    const twice = combat3FightTwice(a, parseWhen(a.timing), (d) => declaredPick(d, vocab));
    if (twice) return twice;
  } catch {
    // a number outside the language's ranges: the other patterns' answer
  }
  try {
    const r = translateOrThrow(a, vocab);
    // Mortal damage, slays and healing in every phase (translate-damage.ts) read what this leaves unplayed.
    if (r.kind === "played") return r;
    try {
      return damageTranslation(a, vocab) ?? r;
    } catch {
      return r; // a number outside the language's ranges: translate.ts's own answer
    }
  } catch (e) {
    // A number outside the language's ranges (effectSchema): not read.
    return { kind: "unread", why: `outside the effect language's ranges (${(e as Error).message.replace(/\s+/g, " ").slice(0, 120)})` };
  }
}

function translateOrThrow(a: AbilityText, vocab: ReadonlySet<string>): Translation {
  const common = commonTranslation(a, vocab); // translate-common.ts: the most common texts read whole
  if (common) return common;
  const react4 = react4Translation(a, vocab); // translate-react4.ts: casting and unbinding reactions
  if (react4) return react4;
  const magic5 = magic5Translation(a); // translate-magic5.ts: ritual points given in a hero phase
  if (magic5) return magic5;
  const magic6 = magic6Translation(a, parseWhen, vocab); // translate-magic6.ts: a power level for the rest of the turn
  if (magic6) return magic6;
  const timing2 = timing2Translation(a, vocab); // translate-timing2.ts: commands, replacements, timing spellings
  if (timing2) return timing2;
  const fightAfter = fightAfterTranslation(a, vocab) ?? afterFightHeal(a) ?? chargeRerollTranslation(a, vocab) ?? passiveInstead(a, vocab) ?? passive2Translation(a, vocab) ?? passive4Translation(a, vocab);
  if (fightAfter) return fightAfter;
  const when = parseWhen(a.timing);
  if (typeof when === "string") {
    return { kind: "unread", why: /resistance roll of D6/i.test(a.effect ?? "") ? "a resistance roll with a timing translate-common.ts does not read" : when };
  }
  // The catalogues' slips and named models (translate-combat3.ts), then the Declare step's dice moved to the effect
  // (translate-hero3.ts hero3Text): the same text in the wording the patterns read.
  const text = hero3Text(combat3Text((a.effect ?? "").trim()));
  if (text === "") return { kind: "unread", why: "no effect text" };
  const setUp = setUpTranslation(a, when, vocab); // reserves, arrivals, redeployment, charge dice (translate-moves.ts)
  if (setUp) return setUp;
  // The hero3 area's whole texts (translate-hero3.ts): an objective seized at the start of a turn.
  const hero3 = hero3Translation(when, text);
  if (hero3) return hero3;
  // Effects for a while ("for the rest of the turn", "until the start of your next turn"): translate-status.ts.
  const status = translateStatus(when, text, vocab);
  if (status?.kind === "played") return status;
  // A combat phase's "for the rest of the phase" and undurated STRIKE-FIRST (translate-combat3.ts).
  const combat3 = combat3Translation(when, text, (t) => translateStatus(when, t, vocab));
  if (combat3) return combat3;
  if (status) return status;
  const effects: Effect[] = [];
  let why: string | undefined;
  const declared = /^Declare: ([\s\S]+?)\nEffect: ([\s\S]+)$/.exec(text);
  if (declared) {
    const d = sentences(declared[1]!);
    const e = sentences(declared[2]!);
    // Warscroll spells and prayers (translate-spells.ts).
    const spell = spellTranslation(when, declared[1]!, declared[2]!, vocab);
    if (spell) return spell;
    let r: Clause = null;
    if (d.length === 1 && e.length >= 1) for (const p of DECLARED_PATTERNS) if ((r = p(d[0]!, e.join(". "), vocab))) break;
    if (!r) return { kind: "unread", why: `no pattern reads the declared ability "${text.replace(/\s+/g, " ").slice(0, 100)}"` };
    if (Array.isArray(r)) return declaredPlayable(when, r) ? { kind: "played", when, effects: r } : { kind: "translated", when, effects: r, why: "the declared-ability steps play enemy-targeted mortal damage and slays in the charge, combat, shooting and hero phases and at the end of a turn, without a per-unit Once Per Battle" };
    return { kind: "translated", when, effects: r.translated, why: r.why };
  }
  for (const s of sentences(text)) {
    let r: Clause = null;
    for (const p of SENTENCE_PATTERNS) if ((r = p(s, vocab))) break;
    if (!r) return { kind: "unread", why: unreadWhy(s) };
    if (Array.isArray(r)) effects.push(...r);
    else {
      effects.push(...r.translated);
      why ??= r.why;
    }
  }
  if (effects.length > 8) return { kind: "unread", why: "more than 8 effects" };
  if (healingPlayable(when, effects)) return { kind: "played", when, effects };
  if (chargeAfterPlayable(when, effects)) return { kind: "played", when, effects };
  if (why === undefined && !playable(when, effects)) why = when.timing === "passive" ? "a condition the interpreters do not read" : "activated abilities are not played by the interpreters yet";
  return why === undefined ? { kind: "played", when, effects } : { kind: "translated", when, effects, why };
}

/** A played translation as an ability of `warscroll` (what the interpreters read: index.ts PlayedEffect). */
export function translatedAbility(warscroll: string, name: string, t: Translation): Ability | undefined {
  if (t.kind !== "played") return undefined;
  return { warscroll, name, when: t.when, effects: t.effects, status: "played", note: "translated from the BSData text (src/aos/abilities/translate.ts)" };
}

// ---------------------------------------------------------------------------------- the fight order

/** Mixed-case words: a warscroll's name as the catalogues write it ("Crypt Horrors", "Hobgrot Slittaz"). */
export const NAME = String.raw`[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*`;

/**
 * The units a fight-after reaction may pick: "[visible ]friendly [non-KW ]KW[ or KW] unit" (keywords; "NIGHTHAUNT
 * CAVALRY or WAR MACHINE" is NIGHTHAUNT and one of CAVALRY, WAR MACHINE) or "friendly Name[ or Name] unit"
 * (warscrolls); null for anything else.
 */
function fightAfterUnits(phrase: string, vocab: ReadonlySet<string>): EffectFilter | null {
  const m = new RegExp(String.raw`^(?:visible )?friendly (?:non-([A-Z0-9][A-Z0-9'’-]*) )?(?:(${KW})(?: or (${KW}))?|(${NAME})(?: or (${NAME}))?)(?: unit)?$`).exec(phrase);
  if (!m) return passive4FightAfterUnits(phrase, vocab); // "a KW or Name unit" (translate-passive4.ts)
  const filter: { warscrolls?: string[]; keywords?: string[]; anyKeywords?: string[]; notKeywords?: string[] } = {};
  if (m[1]) {
    const not = splitKeywords(m[1], vocab, false);
    if (!not) return null; // "non-X" takes one word
    filter.notKeywords = not;
  }
  if (m[4]) filter.warscrolls = [m[4], ...(m[5] ? [m[5]] : [])];
  else if (m[2]) {
    const first = splitKeywords(m[2], vocab, false);
    if (!first) return null;
    if (m[3] === undefined) filter.keywords = first;
    else {
      const second = splitKeywords(m[3], vocab, false);
      if (!second || second.length !== 1) return null;
      if (first.length > 1) filter.keywords = first.slice(0, -1);
      filter.anyKeywords = [first.at(-1)!, second[0]!];
    }
  } else return null;
  return filter as EffectFilter;
}

/**
 * "Reaction: You declared a FIGHT ability for this unit" (the catalogues' 68 forms): "Pick a friendly X unit that
 * has not used a FIGHT ability this turn and is within this unit's combat range [and visible to this unit] | is
 * wholly within N" of this unit to be the target. The target can be picked to use a FIGHT ability immediately
 * after the FIGHT ability used by this unit has been resolved. [If it is picked to do so, add 1 to hit | wound
 * rolls for the target's [combat] attacks for the rest of the turn.]" — played (fight-order.ts): a fight-after
 * effect and the for-the-turn modifier after it. "Once Per Turn (Army)" is read; the timing without its
 * "Reaction: " (as some catalogues write it) too. Other bonuses (Attacks, Crit, both units) leave it unread.
 * Null when the timing is not that reaction (the other patterns then read it).
 */
function fightAfterTranslation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  const t = /^(Once Per Turn \(Army\), )?(?:Reaction: )?You declared a FIGHT ability for this unit$/i.exec((a.timing ?? "").replace(/\s+/g, " ").trim());
  if (!t) return null;
  const when: When = { timing: "reaction", to: "own-fight", limit: t[1] ? "once-per-turn-army" : "none" };
  const s = sentences((a.effect ?? "").replace(/\bfight ability\b/gi, "FIGHT ability"));
  const unread = (why: string): Translation => ({ kind: "unread", why });
  const pick = /^Pick a (.+?) that has not used a FIGHT ability this turn and is (within this unit's combat range(?: and visible to this unit)?|wholly within (\d+)" of this unit) to be the target$/.exec(s[0] ?? "");
  if (!pick || s[1] !== "The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved") return unread(unreadWhy(s[0] ?? ""));
  const filter = fightAfterUnits(pick[1]!, vocab);
  if (!filter) return unread(`the units a fight-after reaction picks: no pattern reads "${pick[1]!.slice(0, 80)}"`);
  const range = pick[3] !== undefined ? Number(pick[3]) : 3;
  if (range > 48) return null;
  const whom = { side: "friendly" as const, filter, range, wholly: pick[3] !== undefined };
  const effects = [fx({ whom, do: { kind: "fight-after" } })];
  if (s.length > 3) return unread(unreadWhy(s[3]!));
  if (s.length === 3) {
    const bonus = /^If it is picked to do so, add 1 to (hit|wound) rolls for the target's (combat )?attacks for the rest of the turn$/.exec(s[2]!);
    // The Attacks form (an effect for a while: translate-status.ts, status.ts).
    // "the target's", "that unit's", "its": the same unit (the timing2 area read the two other wordings).
    const attacks = /^If it is picked to do so, add 1 to the Attacks characteristic of (?:the target's|that unit's|its) (melee )?weapons for the rest of the turn$/.exec(s[2]!);
    // "this unit and the target" (translate-passive4.ts): put at the pick on both.
    const both = !bonus && !attacks ? passive4FightAfterBonus(s[2]!, whom) : null;
    if (both) return { kind: "played", when, effects: [...effects, ...both] };
    // The tail4 area (translate-tail4.ts): "the target's melee weapons have Crit (2 Hits) for the rest of the turn".
    const crit = bonus || attacks ? null : fightAfterCrit(s[2]!);
    if (crit) effects.push(fx({ whom, ...crit }));
    else if (!bonus && !attacks) return unread(`a fight-after reaction's bonus no pattern reads: "${s[2]!.slice(0, 100)}"`);
    else if (bonus) effects.push(fx({ whom, conditions: bonus[2] ? { attack: "melee" } : {}, do: { kind: "for-the-turn", set: bonus[1] as "hit" | "wound", value: 1 } }));
    else effects.push(fx({ whom, conditions: attacks![1] ? { attack: "melee" } : {}, do: { kind: "for-the-turn", set: "attacks", value: 1 } }));
  }
  return { kind: "played", when, effects };
}

/**
 * "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (X) this unit, where X
 * is the number of damage points allocated to enemy units by combat attacks made as part of that FIGHT ability"
 * (Stolen Hours' full text): played (healing.ts afterFightHealing, as the bundled Stolen Hours). "... Heal (D3)
 * this unit": translated, not played (a dice heal after a fight is in neither engine). Null for any other text.
 */
function afterFightHeal(a: AbilityText): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const text = (a.effect ?? "").replace(/\s+/g, " ").trim().replace(/\bfight ability\b/gi, "FIGHT ability").replace(/\.$/, "");
  const m = /^Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal \((X|D3|D6|\d)\) this unit(, where X is the number of damage points allocated to enemy units by combat attacks made as part of that FIGHT ability)?$/.exec(text);
  if (!m || (m[1] === "X") !== (m[2] !== undefined)) return null;
  const when: When = { timing: "passive" };
  if (m[1] === "X") return { kind: "played", when, effects: [fx({ conditions: { attack: "melee" }, do: { kind: "heal", amount: "damage-dealt" } })] };
  return { kind: "translated", when, effects: [fx({ do: { kind: "heal", amount: m[1]! } })], why: "a dice heal after each fight is not played by the engines yet" };
}

