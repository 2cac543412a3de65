/**
 * The translator's passive patterns (docs/abilities.md "Passive abilities: conditions and kinds"): conditions
 * before or after a clause the other patterns read ("While this unit is damaged, ...", "... while it is contesting
 * an objective you control", "From the second battle round onwards, ..."), and the clauses of the passive kinds
 * (Attacks and save modifiers, a named weapon's characteristics, weapon abilities, STRIKE-FIRST, wards with a
 * condition or for both units, ignored modifiers). Hooked into translate.ts's sentence patterns by one line.
 */
import { type AbilityText, BASE_PATTERNS, type Clause, fx, KW, NAME, parseUnits, parseWhomPhrase, sentences, splitKeywords, translateAbility, type Translation } from "./translate.js";
import type { Conditions, Effect, EffectFilter } from "./schema.js";
import { passive3Clauses, passive3Predicate } from "./translate-passive3.js";
import { passive4Clauses } from "./translate-passive4.js";
import { passive5Clauses } from "./translate-passive5.js";
import { cities6Clauses } from "./translate-cities6.js";

type Cond = Partial<Conditions>;
const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 };

/** The kinds whose passive conditions both interpreters read (attack.ts conditionsHold / assembly/battle/effects.ts). */
const CONDITIONED_KINDS = ["hit", "wound", "rend", "damage", "ward", "control", "save", "attacks", "strike", "weapon-ability", "no-crits", "ignore-modifiers", "fail-unmodified", "ward-roll", "move", "run", "charge", "charge-dice", "charge-after", "no-charge-damage", "damage-set", "damage-double", "shoot-in-combat"];
/** The kinds passive.ts adds to the played ones. */
const PASSIVE_KINDS = ["save", "attacks", "strike", "weapon-ability", "no-crits", "ignore-modifiers", "ward-roll", "no-charge-damage", "damage-set", "damage-double", "shoot-in-combat"];
const WEAPON_KINDS = ["rend", "damage", "attacks", "weapon-ability", "damage-set", "damage-double"];
const TARGET_KINDS = ["hit", "wound", "rend", "damage", "attacks", "weapon-ability", "fail-unmodified", "damage-set", "damage-double"];

/** Whether the interpreters play an effect's kind and conditions as far as passive.ts is concerned (translate.ts playable). */
export function passivePlayable(e: Effect): boolean {
  const c = e.conditions;
  const d = e.do;
  if (d.kind === "strike" && d.on !== undefined) return false;
  const passive =
    c.holder !== undefined || c.damaged !== undefined || c.damagePoints !== undefined || c.minModels !== undefined || c.maxModels !== undefined || c.fromRound !== undefined || c.toRound !== undefined || c.roundParity !== undefined ||
    c.inCombatWith !== undefined || c.objective !== undefined || c.territory !== undefined || c.enemyWithin !== undefined || c.stationary !== undefined || c.slewThisTurn !== undefined ||
    c.underOrders !== undefined;
  if (passive && !CONDITIONED_KINDS.includes(d.kind)) return false;
  if ((c.weapons !== undefined || c.companionWeapons !== undefined) && !WEAPON_KINDS.includes(d.kind)) return false;
  if ((c.targetAnyKeywords !== undefined || c.targetWithin !== undefined) && !TARGET_KINDS.includes(d.kind)) return false;
  return true;
}

/** Whether a kind is one passive.ts plays (translate.ts playable: besides PLAYED_KINDS). */
export const passiveKindPlayed = (kind: string): boolean => PASSIVE_KINDS.includes(kind);

// --------------------------------------------------------------------------------------------- units

/**
 * "[other ]friendly|enemy UNITS": parseUnits, and the forms it does not read: "A and B units" / "A or B units" (one
 * of the keywords: "friendly DEATHRATTLE and DEADWALKERS units"), warscroll names ("friendly Rotswords units",
 * "friendly Radukar the Wolf, Radukar the Beast and Kritza units").
 */
export function parseUnitsWide(phrase: string, vocab: ReadonlySet<string>): { side: "friendly" | "enemy"; filter?: EffectFilter; other: boolean } | null {
  const u = parseUnits(phrase, vocab);
  if (u) return u;
  const m = /^(other )?(friendly|enemy) (.+?)(?: units?)?$/.exec(phrase);
  if (!m) return null;
  const parts = m[3]!.split(/, (?:and |or )?| and | or /);
  if (parts.length === 0) return null;
  const names = new RegExp(`^${NAME}(?: (?:the|of|and|on|in) ${NAME})*$`);
  let filter: EffectFilter;
  // Names: "A and B" may be one warscroll ("Callis and Toll") or two; both are kept (no warscroll is called like a part of another's).
  if (parts.every((p) => names.test(p) && !/^[A-Z0-9'’ -]+$/.test(p))) filter = { warscrolls: andToo(m[3]!, parts) };
  else {
    const kws = parts.map((p) => splitKeywords(p, vocab, true));
    if (kws.some((k) => k === null || k.length !== 1)) return null;
    filter = parts.length === 1 ? { keywords: kws[0]! } : { anyKeywords: kws.map((k) => k![0]!) };
  }
  return { side: m[2] as "friendly" | "enemy", filter, other: m[1] !== undefined };
}

/** parseWhomPhrase with parseUnitsWide's units. */
export function parseWhomWide(s: string, vocab: ReadonlySet<string>): Effect["whom"] | null {
  const w = parseWhomPhrase(s, vocab);
  if (w) return w;
  const m = /^(.+?) (?:while they are |that are |)(wholly within|within|in combat with) (?:(\d+)" of this unit|this unit's combat range|this unit)$/.exec(s);
  if (!m) return null;
  const u = parseUnitsWide(m[1]!, vocab);
  if (!u) return null;
  const inCombat = m[2] === "in combat with";
  if (inCombat !== (m[3] === undefined && s.endsWith("with this unit"))) return null;
  const range = m[3] !== undefined ? Number(m[3]) : 3;
  if (range > 48) return null;
  return { side: u.side, ...(u.filter ? { filter: u.filter } : {}), range, wholly: m[2] === "wholly within", includeSelf: u.side === "friendly" && !u.other };
}

/** "any friendly X units" / "a friendly X" / "any friendly Names" as a filter (a `near` condition's). */
function friendlyFilter(phrase: string, vocab: ReadonlySet<string>): EffectFilter | null {
  const p = phrase.replace(/^(?:any|a|an) /, "");
  const u = parseUnitsWide(p, vocab) ?? parseUnitsWide(`${p} units`, vocab);
  return u && u.side === "friendly" && !u.other && u.filter ? u.filter : null;
}

/** "enemy HEROES" / "enemy MONSTERS" / "enemy KW units" as a filter ("in combat with any enemy HEROES"). */
function enemyFilter(phrase: string, vocab: ReadonlySet<string>): EffectFilter | undefined | null {
  if (phrase === "enemy units" || phrase === "enemy unit") return undefined;
  const u = parseUnitsWide(phrase, vocab);
  return u && u.side === "enemy" && !u.other ? (u.filter ?? undefined) : null;
}

// ---------------------------------------------------------------------------------------- conditions

/**
 * A condition on "this unit" / "it" ("this unit is damaged", "it is contesting an objective you control", "this
 * unit is in combat and has not charged this turn"), with `self`: whether it may be a `near` condition measured
 * from the affected unit (the effect is on the unit itself).
 */
export function parseCondition(phrase: string, vocab: ReadonlySet<string>, self: boolean): Cond | null {
  let m: RegExpExecArray | null;
  // A friendly unit near this one (Royal Approval's and Royal Bodyguard's `near`).
  if ((m = /^(any friendly .+?|a friendly .+?) (?:is|are) (wholly within|within) (?:(\d+)" of this unit|this unit's combat range)$/.exec(phrase))) {
    const filter = friendlyFilter(m[1]!, vocab);
    const range = m[3] !== undefined ? Number(m[3]) : 3;
    return filter && range <= 48 ? { near: { filter, range, wholly: m[2] === "wholly within", measured: "them-within" } } : null;
  }
  const s = /^(?:this unit|it) (.+)$/.exec(phrase);
  if (!s) return null;
  const whole = passive3Predicate(s[1]!, vocab, self);
  if (whole) return whole;
  const out: Cond = {};
  for (const part of s[1]!.split(" and ")) {
    const c = predicate(part.replace(/^(?:this unit|it) /, ""), vocab, self);
    if (!c) return null;
    for (const k of Object.keys(c)) if (k in out) return null;
    Object.assign(out, c);
  }
  return out;
}

function predicate(p: string, vocab: ReadonlySet<string>, self: boolean): Cond | null {
  let m: RegExpExecArray | null;
  if (/^is damaged$/.test(p) || /^has any damage points allocated to it$/.test(p)) return { damaged: true };
  if (/^is not damaged$/.test(p) || /^has no damage points allocated to it$/.test(p)) return { damaged: false };
  if ((m = /^has (\d+) or more damage points(?: allocated to it)?$/.exec(p))) return Number(m[1]) <= 60 ? { damagePoints: { min: Number(m[1]) } } : null;
  if ((m = /^has (\d+)-(\d+) damage points(?: allocated to it)?$/.exec(p))) return Number(m[2]) <= 60 ? { damagePoints: { min: Number(m[1]), max: Number(m[2]) } } : null;
  if ((m = /^has (\d+) damage points?(?: allocated to it)?$/.exec(p))) return Number(m[1]) <= 60 ? { damagePoints: { min: Number(m[1]), max: Number(m[1]) } } : null;
  if ((m = /^has (\d+) or more models(?: in it)?$/.exec(p))) return Number(m[1]) <= 100 ? { minModels: Number(m[1]) } : null;
  if ((m = /^has (\d+) or fewer models(?: in it)?$/.exec(p))) return Number(m[1]) <= 100 ? { maxModels: Number(m[1]) } : null;
  if ((m = /^has fewer than (\d+) models(?: in it)?$/.exec(p))) return Number(m[1]) >= 2 && Number(m[1]) <= 101 ? { maxModels: Number(m[1]) - 1 } : null;
  if ((m = /^contains (\d+) models$/.exec(p))) return Number(m[1]) <= 100 ? { minModels: Number(m[1]), maxModels: Number(m[1]) } : null;
  if (/^is in combat$/.test(p)) return { inCombat: true };
  // The cities6 area: the Cities of Sigmar's Form Up (battle/cities6.ts).
  if (/^is under orders$/.test(p)) return { underOrders: true };
  if (/^is not under orders$/.test(p)) return { underOrders: false };
  if (/^is not in combat$/.test(p)) return { inCombat: false };
  if ((m = /^is in combat with (\d+) or more enemy units$/.exec(p))) return Number(m[1]) <= 6 ? { inCombatWith: { count: Number(m[1]) } } : null;
  if (/^is in combat with any enemy units that charged (?:this turn|in the same turn)$/.test(p)) return { inCombatWith: { charged: true, count: 1 } };
  if ((m = /^is in combat with (?:any|an|a) (enemy .+)$/.exec(p))) {
    const f = enemyFilter(m[1]!, vocab);
    return f === null ? null : { inCombatWith: { ...(f ? { filter: f } : {}), count: 1 } };
  }
  if (/^(?:is contesting|contests) an objective that is wholly outside friendly territory$/.test(p)) return { objective: "outside-friendly-territory" };
  if ((m = /^(?:is contesting|contests) an objective(?: that)?( you control| you do not control)?$/.exec(p)))
    return { objective: m[1] === undefined ? "any" : m[1] === " you control" ? "controlled" : "not-controlled" };
  if (/^is wholly outside friendly territory$/.test(p)) return { territory: "wholly-outside-friendly" };
  if (/^is wholly within enemy territory$/.test(p)) return { territory: "wholly-within-enemy" };
  if (/^is not within enemy territory$/.test(p)) return { territory: "not-within-enemy" };
  if (/^is wholly within friendly territory$/.test(p)) return { territory: "wholly-within-friendly" };
  if ((m = /^is within (\d+)" of any enemy units$/.exec(p))) return Number(m[1]) <= 48 ? { enemyWithin: { range: Number(m[1]), none: false } } : null;
  if ((m = /^is more than (\d+)" (?:from|away from) all enemy units$/.exec(p))) return Number(m[1]) <= 48 ? { enemyWithin: { range: Number(m[1]), none: true } } : null;
  // "this unit is within the combat range of a friendly KNIGHTS unit": that unit within 3" of this one (edge to edge, both ways).
  if ((m = /^is within the combat ranges? of (?:any|a|an) (friendly .+)$/.exec(p))) {
    const filter = friendlyFilter(m[1]!, vocab);
    return filter ? { near: { filter, range: 3, wholly: false, measured: "them-within" } } : null;
  }
  if (/^(?:charged|has charged) (?:this turn|in the same turn)$/.test(p)) return { charged: true };
  if (/^(?:has not charged|did not charge) (?:this turn|in the same turn)$/.test(p)) return { charged: false };
  // "this unit is wholly within 12" of a friendly Flesh Hounds unit or a friendly Karanak": measured from the affected unit.
  if (self && (m = /^is (wholly within|within) (\d+)" of (?:any|a|an) (friendly .+)$/.exec(p))) {
    const phrase = m[3]!.replace(/ or a friendly /g, " or ").replace(/ or an? /g, " or ");
    const filter = friendlyFilter(phrase, vocab) ?? friendlyFilter(phrase.replace(/ unit( or )/g, "$1").replace(/ unit$/, ""), vocab);
    return filter && Number(m[2]) <= 48 ? { near: { filter, range: Number(m[2]), wholly: m[1] === "wholly within", measured: "this-within" } } : null;
  }
  return null;
}

/** A round phrase: "From the second battle round onwards", "In the first battle round", "In the third and subsequent battle rounds". */
function roundPrefix(s: string): { cond: Cond; rest: string } | null {
  let m: RegExpExecArray | null;
  if ((m = /^From the (first|second|third|fourth|fifth) battle round onwards, (.+)$/.exec(s))) return { cond: { fromRound: ORDINAL[m[1]!]! }, rest: m[2]! };
  if ((m = /^In the (first|second|third|fourth|fifth) and subsequent battle rounds, (.+)$/.exec(s))) return { cond: { fromRound: ORDINAL[m[1]!]! }, rest: m[2]! };
  if ((m = /^In the (first|second|third|fourth|fifth) battle round, (.+)$/.exec(s))) return { cond: { fromRound: ORDINAL[m[1]!]!, toRound: ORDINAL[m[1]!]! }, rest: m[2]! };
  if ((m = /^If the current battle round number is (odd|even), (.+)$/.exec(s))) return { cond: { roundParity: m[1] as "odd" | "even" }, rest: m[2]! };
  return null;
}

// ------------------------------------------------------------------------------------------- clauses

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const lower = (s: string) => s[0]!.toLowerCase() + s.slice(1);

/** "A and B" without a comma may be one name ("Dawnrider Lances and Blades", "Callis and Toll") or two: both readings. */
function andToo(whole: string, parts: string[]): string[] {
  return parts.length === 2 && !whole.includes(",") && / and /.test(whole) ? [whole, ...parts] : parts;
}

/** Weapon names: "Celestial Greatswords", "Skullshatter Crossbow and Impaling Spear", "Allopex's Ferocious Bite". */
export function weaponNames(s: string): string[] | null {
  const parts = s.split(/, (?:and )?| and /);
  const re = /^[A-Z][A-Za-z'’-]*(?: (?:of|the|and|[A-Z][A-Za-z'’-]*))*$/;
  if (parts.length > 3 || parts.some((p) => !re.test(p) || /^[A-Z0-9'’ -]+$/.test(p))) return null;
  return andToo(s, parts);
}

/**
 * The attack's target in a characteristic's suffix: "for attacks that target an enemy HERO | MONSTERS | HEROES or
 * MONSTERS | an enemy unit that has N or more models", "if the target is INFANTRY | a MONSTER", "if the target unit has
 * N or more models".
 */
export function targetSuffix(s: string, vocab: ReadonlySet<string>): { rest: string; cond: Cond } | null {
  const m = /^(.+?) (?:for (?:combat |shooting )?attacks that target|if the target is|if the target unit has) (.+)$/.exec(s);
  if (!m) return null;
  const t = m[2]!;
  let k: RegExpExecArray | null;
  if ((k = /^(?:an enemy unit (?:that has|with) |enemy units with |)(\d+) or more models$/.exec(t))) return Number(k[1]) <= 100 ? { rest: m[1]!, cond: { targetMinModels: Number(k[1]) } } : null;
  const words = t.replace(/^(?:an? )?(?:enemy )?/, "");
  if ((k = new RegExp(`^(${KW}) or (${KW})$`).exec(words))) {
    const any = [k[1]!, k[2]!].map((x) => splitKeywords(x, vocab, true));
    return any.every((x) => x && x.length === 1) ? { rest: m[1]!, cond: { targetAnyKeywords: any.map((x) => x![0]!) } } : null;
  }
  if (new RegExp(`^${KW}$`).test(words)) {
    const ks = splitKeywords(words, vocab, true);
    return ks && ks.length <= 4 ? { rest: m[1]!, cond: { targetKeywords: ks } } : null;
  }
  return null;
}

/** "Add/Subtract N to/from the Rend|Damage|Attacks characteristic of ..." for the forms characteristicModifier does not read. */
function characteristic(s: string, vocab: ReadonlySet<string>): Clause {
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) the (Rend|Damage|Attacks|Attacks characteristic and Damage) characteristic of (.+)$/.exec(s);
  if (!m) return null;
  const value = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
  const kinds = (m[3] === "Attacks characteristic and Damage" ? ["attacks", "damage"] : [m[3]!.toLowerCase()]) as ("rend" | "damage" | "attacks")[];
  const kind = kinds[0]!;
  // "... for the rest of the turn if this unit charged in the same turn": the charge's turn is the rest of the turn.
  let rest = m[4]!.replace(/ for the rest of the turn( if (?:it|this unit) charged (?:in the same turn|this turn))$/, "$1");
  const cond: Cond = {};
  const t = targetSuffix(rest, vocab);
  if (t) [rest, cond.targetKeywords, cond.targetAnyKeywords, cond.targetMinModels] = [t.rest, t.cond.targetKeywords, t.cond.targetAnyKeywords, t.cond.targetMinModels];
  const ch = / if (?:it|this unit) (charged|has not charged|did not charge) (?:in the same turn|this turn)$/.exec(rest);
  if (ch) [rest, cond.charged] = [rest.slice(0, ch.index), ch[1] === "charged"];
  let whom: Effect["whom"] | null = null;
  let attack: Conditions["attack"] = "any";
  let a: RegExpExecArray | null;
  if ((a = /^(?:this unit's|its) (?:(melee|ranged|Companion) )?weapons$/.exec(rest))) {
    whom = { side: "self", wholly: false, includeSelf: false };
    if (a[1] === "Companion") cond.companionWeapons = true;
    else if (a[1]) attack = a[1] as "melee" | "ranged";
  } else if ((a = /^(?:this unit's|its) (.+)$/.exec(rest))) {
    const names = weaponNames(a[1]!);
    if (!names) return null;
    whom = { side: "self", wholly: false, includeSelf: false };
    cond.weapons = names;
  } else if ((a = /^(?:(melee|ranged|Companion|Companion melee) )?weapons used by (.+)$/.exec(rest))) {
    whom = parseWhomWide(a[2]!, vocab);
    if (a[1]?.startsWith("Companion")) cond.companionWeapons = true;
    if (a[1] === "melee" || a[1] === "Companion melee") attack = "melee";
    else if (a[1] === "ranged") attack = "ranged";
  } else if ((a = /^(ranged|melee) weapons used for (shooting|combat) attacks that target this unit$/.exec(rest)) && kind === "rend" && (a[1] === "ranged") === (a[2] === "shooting")) {
    whom = { side: "self", wholly: false, includeSelf: false };
    attack = a[1] as "melee" | "ranged";
    return [fx({ whom, conditions: { attack }, do: { kind: "rend", value, direction: "against" } })];
  } else if ((a = /^weapons used for attacks that target this unit and (friendly .+)$/.exec(rest)) && kind === "rend") {
    // "... that target this unit and friendly NAMARTI units while they are wholly within 12" of this unit": both.
    const others = parseWhomWide(a[1]!, vocab);
    if (!others || others.side !== "friendly") return null;
    return [fx({ do: { kind: "rend", value, direction: "against" } }), fx({ whom: { ...others, includeSelf: false }, do: { kind: "rend", value, direction: "against" } })];
  } else if ((a = /^(enemy .+?)(?:'|’)? ?(melee weapons)? while they are in combat with this unit$/.exec(rest)) && kind === "attacks") {
    // "Subtract 1 from the Attacks characteristic of enemy MONSTERS['] [melee weapons] while they are in combat with this unit".
    const units = a[1]!.replace(/(?:'|’)$/, "");
    whom = parseWhomWide(`${units} while they are in combat with this unit`, vocab);
    if (a[2]) attack = "melee";
  }
  if (!whom) return null;
  if (whom.side !== "self" && cond.weapons) return null;
  const clean = Object.fromEntries(Object.entries(cond).filter(([, v]) => v !== undefined)) as Cond;
  return kinds.map((k) => fx({ whom, conditions: { attack, ...clean }, do: k === "attacks" ? { kind: "attacks", value, direction: "by", companionOnly: false } : { kind: k, value, direction: "by" } }));
}

/** Weapon abilities given: "This unit's melee weapons have Crit (2 Hits)", "Melee weapons used by other friendly X units have Crit (Auto-wound) while ...". */
function weaponAbility(s: string, vocab: ReadonlySet<string>): Clause {
  const ABILITY: Record<string, "Crit (2 Hits)" | "Crit (Auto-wound)" | "Crit (Mortal)" | "Anti-charge (+1 Rend)" | "Charge (+1 Damage)"> = {
    "crit (2 hits)": "Crit (2 Hits)",
    "crit (auto-wound)": "Crit (Auto-wound)",
    "crit (mortal)": "Crit (Mortal)",
    "anti-charge (+1 rend)": "Anti-charge (+1 Rend)",
    "charge (+1 damage)": "Charge (+1 Damage)",
  };
  const m = /^(.+) (?:have|has) (Crit \([^)]+\)|Anti-charge \(\+1 Rend\)|ANTI-CHARGE \(\+1 REND\)|Charge \(\+1 Damage\))(.*)$/.exec(s);
  if (!m) return null;
  const ability = ABILITY[m[2]!.toLowerCase()];
  if (!ability) return null;
  let who = m[1]!;
  let tail = m[3]!;
  const cond: Cond = {};
  let attack: Conditions["attack"] = "any";
  const ch = /^ if (?:it|this unit) (charged|has not charged|did not charge) (?:in the same turn|this turn)$/.exec(tail);
  if (ch) [tail, cond.charged] = ["", ch[1] === "charged"];
  let whom: Effect["whom"] | null = null;
  let a: RegExpExecArray | null;
  if ((a = /^(?:This unit's|this unit's|Its|its) (?:(melee|ranged|Companion) )?weapons$/.exec(who))) {
    whom = { side: "self", wholly: false, includeSelf: false };
    if (a[1] === "Companion") cond.companionWeapons = true;
    else if (a[1]) attack = a[1] as "melee" | "ranged";
  } else if ((a = /^(?:This unit's|this unit's|Its|its) (.+)$/.exec(who))) {
    const names = weaponNames(a[1]!);
    if (!names) return null;
    whom = { side: "self", wholly: false, includeSelf: false };
    cond.weapons = names;
  } else if ((a = /^(Melee|Ranged|Companion|Companion melee) weapons used by (.+)$/.exec(who)) && tail.startsWith(" while they are ")) {
    whom = parseWhomWide(`${a[2]!}${tail}`, vocab);
    tail = "";
    if (a[1]!.startsWith("Companion")) cond.companionWeapons = true;
    if (a[1] === "Melee" || a[1] === "Companion melee") attack = "melee";
    else if (a[1] === "Ranged") attack = "ranged";
  }
  if (!whom || tail !== "") return null;
  return [fx({ whom, conditions: { attack, ...cond }, do: { kind: "weapon-ability", ability, direction: "by" } })];
}

/** Wards for both units ("While a friendly Snarlboss is within this unit's combat range, both this unit and that Snarlboss have WARD (5+)"). */
function bothWard(s: string, vocab: ReadonlySet<string>): Clause {
  let m = /^While (any friendly .+?|a friendly .+?) (?:is|are) (wholly within|within) this unit's combat range, both (?:this unit and (?:that|those) .+?|that unit and this unit) have WARD \(([2-6])\+\)$/i.exec(s);
  let filter: EffectFilter | null = null;
  let wholly = false;
  let v = 0;
  if (m) {
    filter = friendlyFilter(m[1]!, vocab);
    wholly = m[2]!.toLowerCase() === "wholly within";
    v = Number(m[3]);
  } else if ((m = /^While this unit is within the combat ranges? of any (friendly .+?), both this unit and those .+? have WARD \(([2-6])\+\)$/i.exec(s))) {
    filter = friendlyFilter(m[1]!, vocab);
    v = Number(m[2]);
  }
  if (!filter) return null;
  return [
    fx({ whom: { side: "friendly", filter, range: 3, wholly, includeSelf: false }, do: { kind: "ward", value: v } }),
    fx({ conditions: { near: { filter, range: 3, wholly, measured: "them-within" } }, do: { kind: "ward", value: v } }),
  ];
}

/** "Add/Subtract N to/from hit|wound|save rolls for ... UNITS ..." with the units only parseWhomWide reads (names, "A and B units"). */
function rollModifierWide(text: string, vocab: ReadonlySet<string>): Clause {
  // "attacks made by enemy units that target a friendly X unit while it is wholly within N\" of this unit": every attack
  // on a friendly unit is an enemy's, so this is "attacks that target friendly X units while they are ...".
  const s = text.replace(/attacks made by enemy units that target a (friendly .+?) unit while it is ((?:wholly )?within \d+" of this unit)$/, "attacks that target $1 units while they are $2");
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) (hit rolls|wound rolls|hit rolls and wound rolls|save rolls) for (?:(combat|shooting) )?(attacks made by |attacks that target |)(.+)$/.exec(s);
  if (!m) return null;
  const value = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
  const save = m[3] === "save rolls";
  if (save && (m[4] !== undefined || m[5] !== "")) return null;
  const whom = parseWhomWide(m[6]!, vocab);
  if (!whom || whom.side === "self") return null;
  const attack = m[4] === "combat" ? "melee" : m[4] === "shooting" ? "ranged" : "any";
  if (save) return [fx({ whom, do: { kind: "save", value, direction: "against" } })];
  const direction = m[5] === "attacks that target " ? "against" : "by";
  const kinds = m[3] === "hit rolls and wound rolls" ? (["hit", "wound"] as const) : m[3] === "hit rolls" ? (["hit"] as const) : (["wound"] as const);
  return kinds.map((k) => fx({ whom, conditions: { attack }, do: { kind: k, value, direction } }));
}

/** Clauses of the passive kinds that read without a condition. */
function clauses(s: string, vocab: ReadonlySet<string>): Clause {
  let m: RegExpExecArray | null;
  // "friendly X units that did not charge this turn while they are ...": the affected units' charge.
  if ((m = /^(.+ units) that (did not charge|charged) this turn( while they are .+)$/.exec(s))) {
    const inner = clause(`${m[1]}${m[3]}`, vocab);
    if (!inner || inner.some((e) => e.whom.side === "self" || e.conditions.charged !== undefined || e.conditions.holder !== undefined)) return null;
    return inner.map((e) => ({ ...e, conditions: { ...e.conditions, charged: m![2] === "charged" } }));
  }
  // "this unit has WARD (5+) and its Gory Talons and Fangs have Charge (+1 Damage)": two clauses on the unit.
  if ((m = /^(this unit has WARD \([2-6]\+\)) and (its .+)$/i.exec(s))) {
    const a = clause(cap(m[1]!), vocab);
    const b = clause(cap(m[2]!), vocab);
    return a && b ? [...a, ...b] : null;
  }
  if ((m = /^(Add|Subtract) (\d+) (?:to|from) the control scores of (.+)$/.exec(s))) {
    const whom = parseWhomWide(m[3]!, vocab);
    const add = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
    return whom && whom.side !== "self" && Math.abs(add) <= 20 ? [fx({ whom, do: { kind: "control", add } })] : null;
  }
  if ((m = /^(?:This unit|It) has WARD \(([2-6])\+\)$/i.exec(s))) return [fx({ do: { kind: "ward", value: Number(m[1]) } })];
  if ((m = /^(Friendly .+?) have WARD \(([2-6])\+\) while they are (wholly within|within) (\d+)" of this unit$/i.exec(s))) {
    const u = parseUnitsWide(lower(m[1]!), vocab);
    if (!u || u.side !== "friendly" || Number(m[4]) > 48) return null;
    return [fx({ whom: { side: "friendly", ...(u.filter ? { filter: u.filter } : {}), range: Number(m[4]), wholly: m[3]!.toLowerCase() === "wholly within", includeSelf: !u.other }, do: { kind: "ward", value: Number(m[2]) } })];
  }
  if ((m = /^(?:This unit|It) has STRIKE-(FIRST|LAST)$/.exec(s))) return [fx({ do: { kind: "strike", order: m[1] === "FIRST" ? "first" : "last" } })];
  if ((m = /^Ignore negative modifiers to hit rolls and wound rolls for this unit's (?:(combat|shooting) )?attacks$/.exec(s)))
    return [fx({ conditions: { attack: m[1] === "combat" ? "melee" : m[1] === "shooting" ? "ranged" : "any" }, do: { kind: "ignore-modifiers", rolls: "hit-wound", sign: "negative", direction: "by" } })];
  if (/^Ignore (?:modifiers to save rolls for this unit \(positive and negative\)|negative and positive modifiers to save rolls for this unit|positive and negative modifiers to save rolls for this unit)$/.test(s))
    return [fx({ do: { kind: "ignore-modifiers", rolls: "save", sign: "both", direction: "against" } })];
  if ((m = /^Ignore negative modifiers to the control scores of (.+)$/.exec(s))) {
    const whom = parseWhomWide(m[1]!, vocab);
    return whom && whom.side === "friendly" ? [fx({ whom, do: { kind: "ignore-modifiers", rolls: "control", sign: "negative", direction: "against" } })] : null;
  }
  // Only critical hits (unmodified 6s) hit: unmodified hit rolls of 1-5 fail.
  if ((m = /^Only critical hits score successful hits for (?:(combat|shooting) )?attacks that target this unit$/.exec(s)))
    return [fx({ conditions: { attack: m[1] === "combat" ? "melee" : m[1] === "shooting" ? "ranged" : "any" }, do: { kind: "fail-unmodified", rolls: ["hit"], upTo: 5, direction: "against" } })];
  if (/^(?:Attacks|attacks) that target this unit cannot score critical hits(?: \(treat them as regular hits instead\))?$/.test(s)) return [fx({ do: { kind: "no-crits", direction: "against" } })];
  // Ward rolls: for the damage points this unit's attacks inflict, or for (enemy) units near it.
  if ((m = /^(Add|Subtract) ([1-3]) (?:to|from) ward rolls for damage points inflicted by this unit's (?:(combat|shooting) )?attacks$/.exec(s)))
    return [fx({ conditions: { attack: m[3] === "combat" ? "melee" : m[3] === "shooting" ? "ranged" : "any" }, do: { kind: "ward-roll", value: (m[1] === "Add" ? 1 : -1) * Number(m[2]), direction: "by" } })];
  if ((m = /^Ward rolls cannot be made for damage points inflicted by this unit's (?:(combat|shooting) )?attacks$/.exec(s)))
    return [fx({ conditions: { attack: m[1] === "combat" ? "melee" : m[1] === "shooting" ? "ranged" : "any" }, do: { kind: "ward-roll", none: true, direction: "by" } })];
  if ((m = /^(Add|Subtract) ([1-3]) (?:to|from) ward rolls for (.+)$/.exec(s))) {
    const whom = parseWhomWide(m[3]!, vocab);
    return whom && whom.side !== "self" ? [fx({ whom, do: { kind: "ward-roll", value: (m[1] === "Add" ? 1 : -1) * Number(m[2]), direction: "against" } })] : null;
  }
  // "If all of the attacks made with this unit's Titanic Boulderclub target the same enemy unit, for every 5 models in the
  // target unit, add 2 to its Attacks characteristic for the rest of the phase": both engines give all of a unit's attacks
  // one target, so the condition always holds; the target's models are counted when the attacks are picked.
  if ((m = /^If all of the attacks made with this unit's (.+?) target the same enemy unit, for every (\d+) models in the target unit, add ([1-3]) to (?:its|their) Attacks characteristic for the rest of the phase$/.exec(s))) {
    const names = weaponNames(m[1]!);
    const per = Number(m[2]);
    return names && per >= 1 && per <= 40 ? [fx({ conditions: { attack: "any", weapons: names }, do: { kind: "attacks", value: Number(m[3]), direction: "by", companionOnly: false, perTargetModels: per } })] : null;
  }
  if ((m = /^Add (\d+) to the control score of this unit$/.exec(s))) return Number(m[1]) <= 20 ? [fx({ do: { kind: "control", add: Number(m[1]) } })] : null;
  return characteristic(s, vocab) ?? weaponAbility(s, vocab) ?? bothWard(s, vocab) ?? rollModifierWide(s, vocab) ?? passive3Clauses(s, vocab) ?? passive4Clauses(s, vocab, (r) => targetSuffix(r, vocab), weaponNames) ?? passive5Clauses(s, vocab, (r) => targetSuffix(r, vocab), weaponNames) ?? cities6Clauses(s);
}

/** The clause patterns a condition wraps: translate.ts's base patterns, then these. */
function clause(s: string, vocab: ReadonlySet<string>): Effect[] | null {
  for (const p of BASE_PATTERNS) {
    const r = p(s, vocab);
    if (r) return Array.isArray(r) ? r : null;
  }
  const r = clauses(s, vocab);
  return Array.isArray(r) ? r : null;
}

/** Adds `cond` to every effect; null if one of them has that condition already, or a `near` one is not the unit's own. */
function withConditions(effects: Effect[], cond: Cond, holderSource: boolean): Effect[] | null {
  const out: Effect[] = [];
  for (const e of effects) {
    for (const k of Object.keys(cond)) if ((e.conditions as Record<string, unknown>)[k] !== undefined) return null;
    const onSource = holderSource && e.whom.side !== "self";
    if (onSource && cond.near?.measured === "this-within") return null;
    const unitState = Object.keys(cond).some((k) => k !== "near" && k !== "fromRound" && k !== "toRound");
    out.push({ whom: e.whom, conditions: { ...e.conditions, ...cond, ...(onSource && unitState ? { holder: "source" as const } : {}) }, do: e.do });
  }
  return out;
}

/**
 * The sentence pattern translate.ts adds last: a passive clause on its own, or a clause with a condition before it
 * ("While C, X" / "If C, [for the rest of the turn, ]X" / a battle round) or after it ("X while|if C", for an effect on
 * the unit itself). A condition before it on "this unit" is read on the unit with the ability (holder "source") when
 * the clause names other units.
 */
/** A condition that, once it holds, holds for the rest of the turn: it charged (passive), it slew models (passive3). */
const wholeTurn = (c: Cond): boolean => Object.keys(c).length === 1 && (c.charged === true || c.slewThisTurn === true);

export function passivePatterns(text: string, vocab: ReadonlySet<string>): Clause {
  const s = text.replace(/(\d)"of /g, '$1" of '); // "13\"of this unit" (a catalogue's typo)
  const own = clauses(s, vocab);
  if (own) return own;
  const r = roundPrefix(s);
  if (r) {
    const inner = clause(cap(r.rest), vocab) ?? conditioned(cap(r.rest), vocab);
    return inner ? withConditions(inner, r.cond, false) : null;
  }
  // The condition ends at a comma: the first one, else a later one (passive3: a condition naming a list of warscrolls,
  // "a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron of Blood or Shrine of Dark Tribute").
  const head = /^(While|If) /.exec(s);
  for (let at = s.indexOf(", "); head && at >= 0; at = s.indexOf(", ", at + 2)) {
    const t = /^(?:(for the rest of the turn), )?(.+?)( for the rest of the turn)?$/.exec(s.slice(at + 2));
    const inner = t ? clause(cap(t[2]!), vocab) : null;
    if (!t || !inner) continue;
    const self = inner.every((e) => e.whom.side === "self");
    const cond = parseCondition(s.slice(head[0].length, at), vocab, self);
    // "for the rest of the turn" after a condition that holds for the whole turn (it charged, it slew models: passive3) is the same as while it holds.
    if (cond && ((t[1] ?? t[3]) === undefined || wholeTurn(cond))) return withConditions(inner, cond, true);
  }
  return conditioned(s, vocab);
}

/** "X while|if C" with C on the unit itself (every effect of X on this unit). */
function conditioned(s: string, vocab: ReadonlySet<string>): Effect[] | null {
  const re = / (?:while|if) (?=(?:this unit|it) )/g;
  let m: RegExpExecArray | null;
  let last: Effect[] | null = null;
  while ((m = re.exec(s))) {
    const head = s.slice(0, m.index);
    const tail = s.slice(m.index + m[0].length);
    const inner = clause(head, vocab);
    if (!inner || !inner.every((e) => e.whom.side === "self")) continue;
    const cond = parseCondition(tail, vocab, true);
    if (!cond) continue;
    last = withConditions(inner, cond, false);
    if (last) return last;
  }
  return last;
}

/**
 * Two passive sentences, the second "... instead" of the first under another number of damage points ("While this
 * unit has 5-9 damage points, add 1 to the Attacks characteristic of its melee weapons. While this unit has 10 or
 * more damage points, add 2 ... instead."): both read, with damage-point ranges that do not overlap, so "instead"
 * is what the two conditions say already. Null for any other text (the sentence patterns then read it).
 */
export function passiveInstead(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const ss = sentences(a.effect ?? "");
  if (ss.length !== 2 || !/ instead(?= while |$)/.test(ss[1]!) || / instead/.test(ss[0]!)) return null;
  const one = (t: string) => translateAbility({ name: a.name, timing: "Passive", effect: t }, vocab);
  const first = one(ss[0]!);
  const second = one(ss[1]!.replace(/ instead(?= while |$)/, ""));
  if (first.kind !== "played" || second.kind !== "played" || first.effects.length !== second.effects.length) return null;
  const range = (e: Effect) => e.conditions.damagePoints;
  const same = first.effects.every((e, i) => {
    const f = second.effects[i]!;
    const [r, q] = [range(e), range(f)];
    if (!r || !q || e.do.kind !== f.do.kind || JSON.stringify(e.whom) !== JSON.stringify(f.whom)) return false;
    // Disjoint: one ends before the other starts.
    return (r.max !== undefined && r.max < (q.min ?? 0)) || (q.max !== undefined && q.max < (r.min ?? 0));
  });
  return same ? { kind: "played", when: { timing: "passive" }, effects: [...first.effects, ...second.effects] } : null;
}
