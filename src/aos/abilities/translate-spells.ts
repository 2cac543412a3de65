/**
 * The BSData translator's warscroll spells and prayers (src/aos/battle/warscroll-spells.ts plays them;
 * docs/abilities.md "Warscroll spells and prayers"): a "Declare: ... make a casting roll of 2D6 | a chanting roll
 * of D6. Effect: ..." text read whole, or not at all. The Declare step gives the targets (one, up to N, any
 * number, each; friendly, enemy or either; visible; (wholly) within N" of the caster; keywords), or none (the
 * spell is on the caster); every Effect sentence must match one of the patterns below, each naming the target(s)
 * or "this unit". Hooked into translate.ts by one line (translateOrThrow).
 */
import type { z } from "zod";
import { type Effect, type EffectFilter, effectSchema, type SpellTargets, type When } from "./schema.js";
import { sentences, splitKeywords, type Translation } from "./translate.js";
import { hero3SpellClause } from "./translate-hero3.js";
import { magic5SpellClause } from "./translate-magic5.js";

type EffectIn = z.input<typeof effectSchema>;
type Whom = Effect["whom"];
type Side = "friendly" | "enemy" | "any";

/** An effect through the schema (defaults filled, dice parsed), as translate.ts's fx. */
const fx = (e: { whom?: Partial<Whom>; conditions?: EffectIn["conditions"]; do: EffectIn["do"] }): Effect =>
  effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false, ...e.whom }, conditions: { attack: "any", ...e.conditions }, do: e.do });

/** What the Declare step picks. */
interface Declared {
  side: Side;
  filter?: EffectFilter;
  range: number;
  wholly: boolean;
  visible: boolean;
  /** "another visible friendly unit": not the caster. */
  other: boolean;
  targets: SpellTargets;
  /** The targets are plural in the effect text ("each target", "those units"). */
  plural: boolean;
}

/** Keyword words, capitals only (translate.ts KW). */
const KW = String.raw`[A-Z0-9][A-Z0-9'’-]*(?: [A-Z0-9][A-Z0-9'’-]*)*`;

/** "[non-KW ]KW[S]" or "KW or KW" (mixed-case faction names upper-cased: "Deathrattle or Deadwalkers"); null if a word is unknown. */
function unitFilter(phrase: string, vocab: ReadonlySet<string>): EffectFilter | null | undefined {
  const p = phrase.trim();
  if (p === "") return undefined;
  const up = p.toUpperCase();
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^(${KW}) OR (${KW})$`).exec(up))) {
    const any = [m[1]!, m[2]!].map((x) => splitKeywords(x, vocab, true));
    if (any.some((x) => x === null || x.length !== 1)) return null;
    return { anyKeywords: any.map((x) => x![0]!) };
  }
  const filter: { keywords?: string[]; notKeywords?: string[] } = {};
  let rest = up;
  if ((m = /^NON-([A-Z0-9][A-Z0-9'’-]*) ?(.*)$/.exec(rest))) {
    const not = splitKeywords(m[1]!, vocab, false);
    if (!not) return null;
    filter.notKeywords = not;
    rest = m[2]!;
  }
  if (rest !== "") {
    const ks = splitKeywords(rest, vocab, true);
    if (!ks) return null;
    filter.keywords = ks;
  }
  return filter as EffectFilter;
}

/**
 * "[visible ]friendly|enemy [KEYWORDS ]unit(s)", "[visible ]unit", "enemy HERO(ES)", "[KEYWORD ]enemy unit": the side
 * and filter; null when not read.
 */
function unitsPhrase(phrase: string, vocab: ReadonlySet<string>): { side: Side; filter?: EffectFilter; visible: boolean; other: boolean } | null {
  const m = /^(another )?(visible )?(?:(friendly|enemy) )?(.*?)(?: units?)?$/.exec(phrase.trim());
  if (!m) return null;
  const side: Side = (m[3] as Side | undefined) ?? "any";
  const words = m[4]!;
  if (side === "any" && words !== "" && words !== "unit" && words !== "units") return null;
  const filter = words === "unit" || words === "units" ? undefined : unitFilter(words, vocab);
  if (filter === null) return null;
  return { side, ...(filter ? { filter } : {}), visible: m[2] !== undefined, other: m[1] !== undefined };
}

const CASTER = String.raw`(?:this unit|the caster|it)`;
const ROLL = String.raw`(?:make a (?:casting roll of 2D6|chanting roll of D6))`;

/** The Declare step (its sentences joined), for a spell (casting) or a prayer (chanting); null when not read. */
function parseDeclare(text: string, prayer: boolean, vocab: ReadonlySet<string>): Declared | "none" | null {
  let t = text.replace(/\s+/g, " ").trim().replace(/\.$/, "");
  // A permission to cast it more than once a phase: the scripted caster casts it once, as the rules allow.
  t = t.replace(/^This unit can cast this spell more than once per phase\. /, "");
  // The magic5 area: "This unit can cast this spell while its Cado Ezechiar is on the battlefield." A named model of the
  // caster's unit (not a token: no sentence says so): the named model's decision (translate-passive2.ts namedModel, the
  // champion's rule) takes it to be removed last, so it is there while the unit is and the spell is the unit's.
  t = t.replace(/^This unit can cast this spell while its ([A-Z][A-Za-z'’-]*(?: [A-Z][A-Za-z'’-]*){0,3}) is on the battlefield\. (?=Pick |Make )/, "");
  // "... that has not been picked to be the target of this spell this turn": each spell once a phase for the army (one
  // of your hero phases a turn), so no unit can have been.
  t = t.replace(/ that has not been picked to be the target of this spell this turn to be the target/, " to be the target");
  if ((prayer ? /make a casting roll/i : /make a chanting roll/i).test(t)) return null;
  if (new RegExp(`^Make a (?:casting roll of 2D6|chanting roll of D6)$`).test(t)) return "none";
  // A spell's Declare that names no casting roll (Pyroelectric Blast's, as the catalogue writes it): every spell makes
  // one (CORE-SPELLS: "The declare step of each spell will tell you to make a casting roll of 2D6").
  if (!prayer && !/roll of/.test(t) && /to be the targets?$/.test(t)) t = `${t}, then make a casting roll of 2D6`;
  const m = new RegExp(
    String.raw`^(You can pick|Pick) (a |an |up to (\d) (?:different )?|any number of (?:different )?|each )(.+?) ` +
      String.raw`(?:(wholly within|within) (\d+)"(?: of ${CASTER})?|in combat with ${CASTER}|that (?:are|is) visible to and (wholly within|within) (\d+)" of this unit(?: or that (?:are|is) (?:wholly )?within the creeping overgrowth)?)` +
      String.raw` to be the targets?(?:,|\.)? (?:[Tt]hen|Them),? ${ROLL}(\. Subtract 1 from the casting roll for each target you picked after the first)?$`,
  ).exec(t);
  if (!m) return null;
  const how = m[2]!;
  let units = m[4]!;
  // "... unit that does not have FLY and is within 13"": not FLY.
  let notFly = false;
  const nf = /^(.+?) that does not have FLY and is$/.exec(units);
  if (nf) [units, notFly] = [nf[1]!, true];
  const u = unitsPhrase(units, vocab);
  if (!u) return null;
  let visible = u.visible;
  let range: number;
  let wholly = false;
  if (m[6] !== undefined) [range, wholly] = [Number(m[6]), m[5] === "wholly within"];
  else if (m[8] !== undefined) {
    // "that are visible to and within 12" of this unit or that are within the creeping overgrowth": only the first part
    // is read (the spell steps pick among those). The engines set up no faction terrain, so the creeping overgrowth
    // exists only where a unit gave a terrain feature an overgrown token (battle/sylvaneth6.ts: Verdian Crown); a unit
    // that is only within it is then a target the steps do not consider (an under-reading: docs/abilities.md sylvaneth6).
    [range, wholly, visible] = [Number(m[8]), m[7] === "wholly within", true];
  } else range = 3; // in combat with the caster: within its combat range
  if (range > 48) return null;
  let filter = u.filter;
  if (notFly) filter = { ...(filter ?? {}), notKeywords: [...(filter?.notKeywords ?? []), "FLY"] };
  const targets: SpellTargets = {};
  let plural = false;
  if (m[3] !== undefined) [targets.upTo, plural] = [Number(m[3]), true];
  else if (how.startsWith("any number") || how.startsWith("each")) [targets.every, plural] = [true, true];
  if (m[9] !== undefined) {
    if (!targets.every) return null;
    delete targets.every;
    targets.penalty = 1;
  }
  if (m[1] === "You can pick") targets.optional = true;
  if (targets.upTo !== undefined && (targets.upTo < 2 || targets.upTo > 6)) return null;
  return { side: u.side, ...(filter ? { filter } : {}), range, wholly, visible, other: u.other, targets, plural };
}

/** The target's whom for `side` (the Declare's, or the effect's side for a spell on either side), with an extra filter. */
function whomOf(d: Declared, side: "friendly" | "enemy", extra?: EffectFilter): Whom {
  let filter = d.filter;
  if (extra) filter = { ...(filter ?? {}), ...extra };
  return { side, ...(filter ? { filter } : {}), range: d.range, wholly: d.wholly, includeSelf: side === "friendly" && !d.other };
}

const TARGET = String.raw`(?:the target|that unit|it|the target unit|each target|those units|the targets|each target's|that friendly unit)`;
const DURATION = String.raw`(for the rest of the turn|until the start of your next turn)`;

type Lasts = { until?: "your-next-turn" };
const lasts = (s: string | undefined): Lasts | null => (s === undefined ? null : s.toLowerCase().startsWith("until") ? { until: "your-next-turn" } : {});

/** One effect clause on "the target" (on: "target") or "this unit" (on: "self"); null when no pattern reads it. */
type Clause = { on: "target" | "self"; effects: Omit<EffectIn, "whom">[] } | { more: NonNullable<SpellTargets["more"]> } | { insteadOf: number; dice: string } | null;

function mortalDo(amount: string): EffectIn["do"] {
  return /^\d+$/.test(amount) ? { kind: "mortal", per: "once", dice: Number(amount), each: "roll" } : { kind: "mortal", per: "once", dice: amount, each: "roll" };
}

/** The effect sentences (s: this one, next: the one after it for two-sentence patterns); returns the clause and how many sentences it read. */
function clause(s: string, next: string | undefined, prayer: boolean): [Clause, number] {
  let m: RegExpExecArray | null;
  const rollWord = prayer ? "chanting" : "casting";
  // Mortal damage.
  if ((m = new RegExp(`^(?:If a target was picked, )?[Ii]nflict (D3|D6|2D3|\\d+) mortal damage on ${TARGET}$`).exec(s))) return [{ on: "target", effects: [{ do: mortalDo(m[1]!) }] }, 1];
  if ((m = new RegExp(`^If the ${rollWord} roll was (\\d+)\\+, inflict (D3|D6|\\d+) mortal damage on the target instead$`).exec(s))) return [{ insteadOf: Number(m[1]), dice: m[2]! }, 1];
  if ((m = /^Inflict (D3|D6|\d+) mortal damage on each other enemy unit within (\d+)" of the target$/.exec(s)))
    return [{ on: "target", effects: [{ do: { ...(mortalDo(m[1]!) as object), around: Number(m[2]) } as EffectIn["do"] }] }, 1];
  if (/^If any models are slain as a result of this ability, inflict a further D3 mortal damage on the target$/.test(s))
    return [{ on: "target", effects: [{ conditions: { afterSlain: true }, do: mortalDo("D3") }] }, 1];
  const forEach = /^For each (\d)\+, inflict 1 mortal damage on the target$/.exec((next ?? "").replace(/^For each 6,/, "For each 6+,"));
  if (forEach) {
    const on = Number(forEach[1]);
    if (/^Roll a dice for each model in the target unit$/.test(s) || /^Roll a number of dice equal to the number of models in the target unit$/.test(s))
      return [{ on: "target", effects: [{ do: { kind: "mortal", per: "target-model", dice: "D6", on, each: 1 } }] }, 2];
    if (!prayer && /^Roll a number of dice equal to the unmodified casting roll$/.test(s)) return [{ on: "target", effects: [{ do: { kind: "mortal", per: "casting-roll", dice: "D6", on, each: 1 } }] }, 2];
    if ((m = /^Roll a number of dice equal to the target's Health characteristic(?:, to a maximum of (\d+))?$/.exec(s)))
      return [{ on: "target", effects: [{ do: { kind: "mortal", per: "target-health", dice: "D6", on, each: 1, ...(m[1] ? { maxDice: Number(m[1]) } : {}) } }] }, 2];
  }
  // A slay on the casting roll (Arcane Imprisonment, both wordings).
  if (!prayer && /^If the unmodified casting roll exceeds the target's Health characteristic, it is automatically destroyed(?: and cannot be replaced for the rest of the battle)?$/.test(s)) {
    const full = s.endsWith("for the rest of the battle");
    if (!full && next !== "For the rest of the battle, that unit cannot be picked to be the target of an ability that allows a replacement unit to be set up") return [null, 1];
    return [{ on: "target", effects: [{ do: { kind: "slay", rule: "casting-roll-exceeds-health" } }] }, full ? 1 : 2];
  }
  // Hit and wound modifiers: the target's attacks, or attacks that target it / this unit.
  if ((m = new RegExp(`^(?:(For the rest of the turn|Until the start of your next turn), )?(add|subtract|Add|Subtract) 1 (?:to|from) (hit rolls and wound rolls|hit rolls|wound rolls|save rolls) (?:for|from) (?:(the target's|its|this unit's) (?:(combat|shooting) )?attacks|(?:(combat|shooting) )?attacks that target (this unit|${TARGET}))(?: ${DURATION})?$`).exec(s))) {
    const d = lasts(m[1] ?? m[8]);
    if (!d || (m[1] && m[8])) return [null, 1];
    const value = m[2]!.toLowerCase() === "add" ? 1 : -1;
    const against = m[4] === undefined;
    const attack = (m[5] ?? m[6]) === "combat" ? "melee" : (m[5] ?? m[6]) === "shooting" ? "ranged" : "any";
    const on = m[4] === "this unit's" || m[7] === "this unit" ? "self" : "target";
    const sets = m[3] === "hit rolls and wound rolls" ? (["hit", "wound"] as const) : m[3] === "hit rolls" ? (["hit"] as const) : m[3] === "wound rolls" ? (["wound"] as const) : (["save"] as const);
    if (sets[0] === "save" && !against) return [null, 1];
    return [{ on, effects: sets.map((set) => ({ conditions: { attack }, do: { kind: "for-the-turn", set, value, ...(set !== "save" && against ? { direction: "against" } : {}), ...d } })) as Omit<EffectIn, "whom">[] }, 1];
  }
  // Rend and Attacks of the target's (melee) weapons.
  if ((m = new RegExp(`^(?:(For the rest of the turn|Until the start of your next turn), )?(add|subtract|Add|Subtract) 1 (?:to|from) the (Rend|Attacks) characteristic of (?:the target's|each target's|its) (melee )?weapons(?: ${DURATION})?$`).exec(s))) {
    const d = lasts(m[1] ?? m[5]);
    if (!d || (m[1] && m[5])) return [null, 1];
    const value = m[2]!.toLowerCase() === "add" ? 1 : -1;
    return [{ on: "target", effects: [{ conditions: { attack: m[4] ? "melee" : "any" }, do: { kind: "for-the-turn", set: m[3]!.toLowerCase() as "rend" | "attacks", value, ...d } }] }, 1];
  }
  // "Subtract 1 from save rolls for the target": every attack that targets it.
  if ((m = new RegExp(`^(?:(For the rest of the turn|Until the start of your next turn), )?(add|subtract|Add|Subtract) 1 (?:to|from) save rolls for the target(?: ${DURATION})?$`).exec(s))) {
    const d = lasts(m[1] ?? m[3]);
    if (!d || (m[1] && m[3])) return [null, 1];
    return [{ on: "target", effects: [{ do: { kind: "for-the-turn", set: "save", value: m[2]!.toLowerCase() === "add" ? 1 : -1, ...d } }] }, 1];
  }
  // Returning slain models to the (friendly) target.
  if ((m = /^Return a number of slain models to the target unit with a combined Health characteristic of up to (\d+|D3|D6)$/.exec(s)))
    return [{ on: "target", effects: [{ do: { kind: "return-models", health: /^\d+$/.test(m[1]!) ? Number(m[1]) : m[1]! } }] }, 1];
  // STRIKE-FIRST / STRIKE-LAST, a ward.
  if ((m = new RegExp(`^(The target|This unit|It|it) has STRIKE-(FIRST|LAST) ${DURATION}$`).exec(s)))
    return [{ on: m[1] === "This unit" ? "self" : "target", effects: [{ do: { kind: "for-the-turn", set: m[2] === "FIRST" ? "strike-first" : "strike-last", ...lasts(m[3])! } }] }, 1];
  if ((m = new RegExp(`^(The target|This unit) has (?:\\^\\^)?WARD \\(([2-6])\\+\\) ${DURATION}$`, "i").exec(s)))
    return [{ on: /^this unit$/i.test(m[1]!) ? "self" : "target", effects: [{ do: { kind: "for-the-turn", set: "ward", value: Number(m[2]), ...lasts(m[3])! } }] }, 1];
  if ((m = new RegExp(`^${DURATION.replace("(for", "(For").replace("|until", "|Until")}, other than the Companion weapon ability, weapon abilities for the target's attacks have no effect$`).exec(s)))
    return [{ on: "target", effects: [{ do: { kind: "for-the-turn", set: "weapon-abilities-off", ...lasts(m[1])! } }] }, 1];
  if (/^Ignore positive modifiers to the target's control score and to hit rolls, wound rolls and save rolls for the target for the rest of the turn$/.test(s))
    return [{ on: "target", effects: [{ do: { kind: "for-the-turn", set: "ignore-positive" } }] }, 1];
  if (prayer && /^Subtract twice the current battle round number from the target's control score for the rest of the turn$/.test(s))
    return [{ on: "target", effects: [{ do: { kind: "for-the-turn", set: "control", value: -2, perRound: true } }] }, 1];
  // More targets on a high roll.
  if ((m = new RegExp(`^If the ${rollWord} roll was (\\d+)\\+, you can pick another eligible unit to be a second target$`).exec(s))) return [{ more: { atLeast: Number(m[1]), upTo: 2 } }, 1];
  if ((m = new RegExp(`^If the ${rollWord} roll was (\\d+)\\+, this ability affects all enemy units within (\\d+)" of this unit$`).exec(s))) return [{ more: { atLeast: Number(m[1]), every: true, upTo: Number(m[2]) } }, 1];
  // The hero3 area's clauses (translate-hero3.ts): "The target cannot use commands for the rest of the turn".
  return magic5SpellClause(s) ?? hero3SpellClause(s) ?? [null, 1];
}

/** "If the target is a friendly | an enemy [X or Y] unit, <clause on it>": the side (and filter) and the clause. */
function sideClause(s: string, vocab: ReadonlySet<string>): { side: "friendly" | "enemy"; filter?: EffectFilter; rest: string } | null {
  const m = /^If the target is (?:a friendly|an enemy) ?(.*?) unit, (.+)$/.exec(s);
  if (!m) return null;
  const side = s.startsWith("If the target is a friendly") ? "friendly" : "enemy";
  const filter = unitFilter(m[1]!, vocab);
  if (filter === null) return null;
  const rest = m[2]!.replace(/^it has /, "The target has ").replace(/^inflict (.+) on it$/, "Inflict $1 on the target");
  return { side, ...(filter ? { filter } : {}), rest: rest[0]!.toUpperCase() + rest.slice(1) };
}

/**
 * A warscroll spell's or prayer's Declare and Effect (see the file's comment), or null when the ability is not a
 * spell or prayer; an unread translation with the sentence no pattern reads otherwise.
 */
export function spellTranslation(when: When, declareText: string, effectText: string, vocab: ReadonlySet<string>): Translation | null {
  if (when.timing !== "spell" && when.timing !== "prayer") return null;
  const prayer = when.timing === "prayer";
  const unread = (why: string): Translation => ({ kind: "unread", why });
  const declared = parseDeclare(sentences(declareText).join(". "), prayer, vocab);
  if (declared === null) return unread(`no pattern reads the ${prayer ? "prayer" : "spell"}'s Declare "${declareText.replace(/\s+/g, " ").slice(0, 100)}"`);
  const d = declared === "none" ? null : declared;
  // "Inflict 1 mortal damage on the target and subtract 1 from ...": two clauses.
  // "*Blinding Gales:* Subtract ...": an option's name, a bullet.
  const ss = sentences(effectText.replace(/ on the target and subtract /g, " on the target. Subtract ").replace(/ on the target, then inflict /g, " on the target. Inflict ").replace(/\*[^*]{1,40}:\*\s*/g, "• "));
  let option = 0;
  let optionSide: ReturnType<typeof sideClause> | null = null;
  let optionLasts = "";
  const effects: Effect[] = [];
  const targets: SpellTargets = { ...(d?.targets ?? {}) };
  for (let i = 0; i < ss.length; ) {
    let s = ss[i]!;
    // "[If the target is a friendly X unit, p]ick 1 of the following effects[ to apply to the target][ duration]:": the
    // sentences after it are the options, one each (the caster picks one for each target: warscroll-spells.ts).
    const pick = /^(?:(If the target is (?:a friendly|an enemy) ?.*? unit), p|P)ick 1 of the following effects(?: to apply to the target)?(?: (until the start of your next turn|for the rest of the turn))?:?$/.exec(s);
    if (pick) {
      if (option > 0 || !d) return unread(`"${s.slice(0, 100)}" without a target, or a second one`);
      optionSide = pick[1] ? sideClause(`${pick[1]}, x`, vocab) : null;
      if (pick[1] && !optionSide) return unread(`no pattern reads the ${prayer ? "prayer" : "spell"}'s "${s.slice(0, 120)}"`);
      optionLasts = pick[2] ?? "";
      option = 1;
      i++;
      if (ss.length - i < 2 || ss.length - i > 4) return unread(`"${s.slice(0, 100)}" with ${ss.length - i} options`);
      continue;
    }
    if (option > 0 && optionLasts && !/(for the rest of the turn|until the start of your next turn)$/.test(s)) s = `${s} ${optionLasts}`;
    const side = option > 0 ? optionSide : sideClause(s, vocab);
    const [c, n] = clause(side && option === 0 ? side.rest : s, side || option > 0 ? undefined : ss[i + 1], prayer);
    i += n;
    if (!c) return unread(`no pattern reads the ${prayer ? "prayer" : "spell"}'s "${s.slice(0, 120)}"`);
    if (option > 0 && !("on" in c)) return unread(`an option "${s.slice(0, 100)}" that is not an effect on the target`);
    if ("more" in c) {
      if (!d || targets.more || targets.every || targets.penalty !== undefined) return unread(`a ${prayer ? "prayer" : "spell"}'s "${s.slice(0, 100)}" with several targets already`);
      if (c.more.every) {
        // "All enemy units within N" of this unit": the Declare's enemy units within the same range.
        if (d.side !== "enemy" || d.wholly || c.more.upTo !== d.range) return unread(`"${s.slice(0, 100)}": a range the Declare step does not name`);
        targets.more = { atLeast: c.more.atLeast, every: true };
      } else {
        if (targets.upTo !== undefined) return unread(`"${s.slice(0, 100)}" with several targets already`);
        targets.more = c.more;
      }
      continue;
    }
    if ("insteadOf" in c) {
      const prev = effects[effects.length - 1];
      if (!prev || prev.do.kind !== "mortal" || prev.conditions.castingRoll || prev.do.per !== "once" || c.insteadOf < 3 || c.insteadOf > 12) return unread(`"${s.slice(0, 100)}" without the mortal damage it replaces`);
      prev.conditions = { ...prev.conditions, castingRoll: { atMost: c.insteadOf - 1 } };
      effects.push(fx({ whom: prev.whom, conditions: { ...prev.conditions, castingRoll: { atLeast: c.insteadOf } }, do: mortalDo(c.dice) }));
      continue;
    }
    let whom: Whom;
    if (c.on === "self") whom = { side: "self", wholly: false, includeSelf: false };
    else {
      if (!d) return unread(`"${s.slice(0, 100)}": a target the Declare step does not pick`);
      const sd = side ? side.side : d.side;
      if (sd === "any" || (side && d.side !== "any" && d.side !== side.side)) return unread(`"${s.slice(0, 100)}": the target's side is not said`);
      whom = whomOf(d, sd, side?.filter);
    }
    if (option > 0 && (c.on !== "target" || c.effects.some((e) => e.conditions?.castingRoll || e.conditions?.afterSlain))) return unread(`an option "${s.slice(0, 100)}" not on the target`);
    for (const e of c.effects) {
      const conditions = { ...(e.conditions ?? {}), ...(c.on === "target" && d?.visible ? { visible: true } : {}), ...(option > 0 ? { option } : {}) };
      effects.push(fx({ whom, conditions, do: e.do }));
    }
    if (option > 0) option++;
  }
  if (effects.length === 0 || effects.length > 8) return unread("no effect, or more than 8");
  if (effects.some((e, i) => e.conditions.afterSlain && !effects.slice(0, i).some((x) => x.do.kind === "mortal"))) return unread("models slain by this ability with no mortal damage before it");
  if (d && !effects.some((e) => e.whom.side !== "self")) return unread("a target picked and no effect on it");
  if (targets.optional && !effects.some((e) => e.whom.side === "self")) return unread("an optional target and no effect on the caster");
  const hasTargets = Object.keys(targets).length > 0;
  const w: When = prayer
    ? { timing: "prayer", phase: when.phase, chantingValue: when.chantingValue, ...(hasTargets ? { targets } : {}) }
    : { timing: "spell", phase: when.phase, castingValue: (when as Extract<When, { timing: "spell" }>).castingValue, ...(hasTargets ? { targets } : {}) };
  if (when.range !== undefined) (w as { range?: number }).range = when.range;
  return { kind: "played", when: w, effects };
}
