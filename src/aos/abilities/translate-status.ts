/**
 * The translator's patterns for effects held for a while (docs/abilities.md "Effects for a while"; played by
 * src/aos/battle/status.ts and assembly/battle/status.ts): a phase-timed ability that puts a modifier, a ward or
 * STRIKE-FIRST / STRIKE-LAST on a unit "for the rest of the turn" or "until the start of your next turn" —
 * declared ("Declare: Pick a visible friendly X unit wholly within 12" of this unit to be the target. Effect:
 * Roll a dice. On a 3+, add 1 to hit rolls for the target's attacks for the rest of the turn") or on the unit
 * itself ("If this unit charged this turn, add 1 to the Attacks characteristic of this unit's melee weapons for
 * the rest of the turn"). The whole text is read, or nothing (null: the other patterns try it).
 */
import { sureUnderOrders } from "./translate-cities6.js";
import { declared6Body } from "./translate-declared6.js";
import type { z } from "zod";
import { type Effect, type EffectFilter, effectSchema, type When } from "./schema.js";
import { sentences, splitKeywords, type Translation } from "./translate.js";
import { hero3Body, sureInCombat } from "./translate-hero3.js";
import { passive4Body } from "./translate-passive4.js";
import { chargeRollCondition, move3StatusText, move3TargetsWording } from "./translate-move3.js";
import { andSelfPick, declared2Body, type DiceForm, diceForm, exclusion, multiWordNot, normalEffect } from "./translate-declared2.js";
import { alsoCompanion, declared4Body, declared4Owners, declared4Units, NOT_CHARGED } from "./translate-declared4.js";
import { declared5Body, declared5Declare, declared5Sentences, doubleNot, wardInstead } from "./translate-declared5.js";

type EffectIn = z.input<typeof effectSchema>;
type DoIn = Extract<EffectIn["do"], { kind: "for-the-turn" }>;

const KW = String.raw`[A-Z0-9][A-Z0-9'’-]*(?: [A-Z0-9][A-Z0-9'’-]*)*`;
/** Mixed-case words: a warscroll's name as the catalogues write it. */
const NAME = String.raw`[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*`;

const attackOf = (w: string | undefined): "melee" | "ranged" | "any" => (w === "combat" || w === "melee" ? "melee" : w === "shooting" || w === "ranged" ? "ranged" : "any");

/** A body's effects before the duration: the `do` and the attack condition. */
export type Body = { do: Omit<DoIn, "kind" | "on" | "until">; attack: "melee" | "ranged" | "any"; cond?: Partial<Effect["conditions"]>; onSelf?: true }[];

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The modifier, ward or strike order a clause puts on `subject` ("the target", or "this unit" / "it"):
 * "add|subtract N to|from hit rolls|wound rolls|hit rolls and wound rolls for S's [combat|shooting] attacks |
 * [combat|shooting] attacks made by S | [combat|shooting] attacks that target S", "... save rolls for S | for
 * attacks that target S", "... the Attacks|Rend|Damage characteristic of S's [melee|ranged] weapons", "S has
 * STRIKE-FIRST|STRIKE-LAST|WARD (N+)".
 */
function body(s: string, self: boolean, vocab: ReadonlySet<string> = new Set()): Body | null {
  const S = self ? "(?:this unit|it)" : "the target";
  const P = self ? "(?:this unit's|its)" : "the target's";
  let m: RegExpExecArray | null;
  const sign = (w: string) => (w.toLowerCase() === "add" ? 1 : -1);
  if ((m = new RegExp(`^(add|subtract) ([1-3]) (?:to|from) (hit rolls|wound rolls|hit rolls and wound rolls) for (?:${P} (?:(combat|shooting) )?attacks|(?:(combat|shooting) )?attacks made by ${S}|(?:(combat|shooting) )?attacks that target ${S})$`, "i").exec(s))) {
    const value = sign(m[1]!) * Number(m[2]);
    const sets = m[3] === "hit rolls and wound rolls" ? (["hit", "wound"] as const) : m[3] === "hit rolls" ? (["hit"] as const) : (["wound"] as const);
    const against = m[6] !== undefined || new RegExp(`attacks that target ${S}$`).test(s);
    const attack = attackOf(m[4] ?? m[5] ?? m[6]);
    return sets.map((set) => ({ do: { set, value, ...(against ? { direction: "against" as const } : {}) }, attack }));
  }
  if ((m = new RegExp(`^(add|subtract) ([1-3]) (?:to|from) save rolls for (?:${S}|(?:(combat|shooting) )?attacks that target ${S})$`, "i").exec(s)))
    return [{ do: { set: "save", value: sign(m[1]!) * Number(m[2]) }, attack: attackOf(m[3]) }];
  if ((m = new RegExp(`^(add|subtract) ([1-3]) (?:to|from) the (Attacks|Rend|Damage) characteristic of (?:${P} (?:(melee|ranged) )?weapons|(?:(melee|ranged) )?weapons used by ${S})$`, "i").exec(s)))
    return [{ do: { set: m[3]!.toLowerCase() as "attacks" | "rend" | "damage", value: sign(m[1]!) * Number(m[2]) }, attack: attackOf(m[4] ?? m[5]) }];
  if ((m = new RegExp(`^${S} has (STRIKE-FIRST|STRIKE-LAST)$`, "i").exec(s))) return [{ do: { set: m[1]!.toUpperCase() === "STRIKE-FIRST" ? "strike-first" : "strike-last" }, attack: "any" }];
  if ((m = new RegExp(`^${S} has WARD \\(([2-6])\\+\\)$`, "i").exec(s))) return [{ do: { set: "ward", value: Number(m[1]) }, attack: "any" }];
  // the declared abilities' second pass (translate-declared2.ts), then the hero3 area's (translate-hero3.ts: Crit for a while)
  return declared2Body(s, self) ?? hero3Body(s, self) ?? declared4Body(s, self, body) ?? declared5Body(s, self, vocab) ?? declared6Body(s, self) ?? (self ? passive4Body(s, vocab) : null);
}

const REST = "for the rest of the turn";
const UNTIL = "until the start of your next turn";

/** A clause with its duration, before or after: "[For the rest of the turn, | Until the start of your next turn, ]BODY[ for the rest of the turn | until ...]". */
function clause(s: string, self: boolean, vocab: ReadonlySet<string> = new Set()): { body: Body; until: boolean } | null {
  let rest = s;
  let until: boolean | undefined;
  const pre = /^(for the rest of the turn|until the start of your next turn), (.+)$/i.exec(rest);
  if (pre) {
    until = pre[1]!.toLowerCase() === UNTIL;
    rest = pre[2]!;
  }
  const post = new RegExp(`^(.+) (${esc(REST)}|${esc(UNTIL)})$`, "i").exec(rest);
  if (post) {
    if (until !== undefined) return null;
    until = post[2]!.toLowerCase() === UNTIL;
    rest = post[1]!;
  }
  if (until === undefined) return null;
  // "add 1 to hit rolls for this unit's attacks and subtract 1 from hit rolls for attacks that target this unit":
  // two bodies under one duration (the timing2 area).
  const both = body(rest, self, vocab) ?? andBodies(rest, self);
  return both ? { body: both, until } : null;
}

/** "BODY and add|subtract ...": two modifiers joined by "and", each read whole; null otherwise. */
function andBodies(s: string, self: boolean): Body | null {
  const m = /^(.+?) and ((?:add|subtract) .+)$/i.exec(s);
  if (!m) return null;
  const a = body(m[1]!, self);
  const b = a ? body(m[2]!, self) : null;
  return a && b ? [...a, ...b] : null;
}

/** The unit's conditions at use ("If this unit charged this phase / did not charge this turn / is (not) in combat, "). */
function sourceCondition(s: string): { rest: string; cond: Partial<Effect["conditions"]> } | null {
  // The move3 area (translate-move3.ts): "If this unit charged this phase and the unmodified charge roll was 8+, ".
  const roll = chargeRollCondition(s);
  if (roll) return roll;
  const m = /^If this unit (charged this (?:phase|turn)|did not charge this turn|has not charged this turn|is in combat|is not in combat|has not used a MOVE ability this turn and was not set up this turn), (.+)$/i.exec(s);
  if (!m) return { rest: s, cond: {} };
  const c = m[1]!;
  const cond: Partial<Effect["conditions"]> = c.startsWith("has not used a MOVE") ? { stationary: true } : c.startsWith("charged") ? { charged: true } : c.includes("charge") ? { charged: false } : { inCombat: c === "is in combat" };
  return { rest: m[2]!, cond };
}

/** "[other ]friendly|enemy KW unit | unit | KW | KW or KW unit": the side, the filter and "other". */
function pickUnits(phrase: string, vocab: ReadonlySet<string>): { side: "friendly" | "enemy"; filter?: EffectFilter; other: boolean } | null {
  // "non-WAR MACHINE": a keyword of two words (translate-declared2.ts multiWordNot), then the rest as usual.
  const two = multiWordNot(phrase, vocab);
  if (two) {
    const u = pickUnits(two.rest, vocab);
    if (!u || u.filter?.warscrolls) return null;
    return { ...u, filter: { ...u.filter, notKeywords: [two.not, ...(u.filter?.notKeywords ?? [])] } as EffectFilter };
  }
  // "friendly non-HERO non-CAVALRY KW units": two one-word "non-" keywords (translate-declared5.ts doubleNot).
  const dn = doubleNot(phrase, vocab);
  if (dn) {
    const u = pickUnits(dn.rest, vocab);
    if (!u || u.filter?.warscrolls || !u.filter?.notKeywords) return null;
    return { ...u, filter: { ...u.filter, notKeywords: [dn.not, ...u.filter.notKeywords] } as EffectFilter };
  }
  // Warscrolls by name: "friendly Stormdrake Guard unit", "friendly Mortek Crawler, Gothizzar Harvester or Morghast Archai unit".
  const named = new RegExp(String.raw`^(other )?(friendly|enemy) (${NAME}(?:, ${NAME})*(?: or ${NAME})?) units?$`).exec(phrase);
  if (named) {
    const warscrolls = named[3]!.split(/, | or /);
    return warscrolls.length <= 12 ? { side: named[2] as "friendly" | "enemy", filter: { warscrolls }, other: named[1] !== undefined } : null;
  }
  // "Flamers of Tzeentch units", with or without a side (translate-declared4.ts).
  const d4 = declared4Units(phrase);
  if (d4) return d4;
  const m = new RegExp(String.raw`^(other )?(friendly|enemy) (?:non-([A-Z0-9][A-Z0-9'’-]*) )?(?:units?|(${KW}) units?|(${KW}) or (${KW}) units?|(${KW}))$`).exec(phrase);
  if (!m) return null;
  const filter: { keywords?: string[]; anyKeywords?: string[]; notKeywords?: string[] } = {};
  if (m[3]) {
    const not = splitKeywords(m[3], vocab, false);
    if (!not) return null;
    filter.notKeywords = not;
  }
  if (m[4] || m[7]) {
    const ks = splitKeywords((m[4] ?? m[7])!, vocab, m[7] !== undefined);
    if (!ks) return null;
    filter.keywords = ks;
  } else if (m[5]) {
    const first = splitKeywords(m[5], vocab, false);
    const second = splitKeywords(m[6]!, vocab, false);
    if (!first || !second || second.length !== 1) return null;
    if (first.length > 1) filter.keywords = first.slice(0, -1);
    filter.anyKeywords = [first.at(-1)!, second[0]!];
  }
  const f = filter.keywords || filter.notKeywords || filter.anyKeywords ? (filter as EffectFilter) : undefined;
  return { side: m[2] as "friendly" | "enemy", ...(f ? { filter: f } : {}), other: m[1] !== undefined };
}

/**
 * A declared pick: "[If this unit charged this phase|turn / is (not) in combat, ]pick a|an [visible ][other ]friendly|enemy
 * UNITS [that charged this turn and is ]wholly within N" of this unit | within N" of this unit | in combat with this
 * unit | within this unit's combat range[ and visible to this unit] to be the target", or "Pick this unit to be the target".
 */
export function declaredPick(declare: string, vocab: ReadonlySet<string>, friendlyCharged = false): { whom: Effect["whom"]; conditions: Partial<Effect["conditions"]>; upTo?: number; each?: true } | null {
  if (/^Pick this unit to be the target$/.test(declare)) return { whom: { side: "self", wholly: false, includeSelf: false }, conditions: {} };
  const src = sourceCondition(declare);
  if (!src) return null;
  const text = src.rest[0]!.toUpperCase() + src.rest.slice(1);
  // The range part is optional: "Pick a visible enemy unit to be the target" (anywhere on the battlefield).
  const m = new RegExp(String.raw`^Pick (a|an|another|up to [2-6]|each) (visible )?(.+?)(?: (?:(that charged this turn and (?:is|are)|${NOT_CHARGED}|that (?:is|are)) )?(wholly within (\d+)" of (?:this unit|it)|within (\d+)" of (?:this unit|it)|in combat with (?:this unit|it)|within (?:this unit's|its) combat range))?( and visible to (?:this unit|it))?( that charged this turn)? to be the targets?$`).exec(text);
  if (!m) return null;
  // "Pick each ... to be the targets" (translate-combat3.ts's area): every unit the pick names.
  const each = m[1] === "each";
  const many = m[1]!.startsWith("up to") || each;
  if (many !== / to be the targets$/.test(text)) return null;
  const u = pickUnits((m[1] === "another" ? "other " : "") + m[3]!, vocab);
  if (!u) return null;
  const range = m[6] !== undefined ? Number(m[6]) : m[7] !== undefined ? Number(m[7]) : m[5] !== undefined ? 3 : undefined;
  if (range !== undefined && range > 48) return null;
  const targetCharged = (m[4] ?? "").startsWith("that charged this turn") || m[9] !== undefined;
  // The declared4 area: a friendly unit that charged ("Pick a friendly Blood Knights unit that charged this turn and is
  // wholly within 12\" of this unit") or did not charge this turn, read by the status step only (friendlyCharged).
  const notCharged = (m[4] ?? "").startsWith("that did not charge");
  if ((targetCharged && u.side !== "enemy" && !(friendlyCharged && u.side === "friendly")) || (notCharged && !(friendlyCharged && u.side === "friendly"))) return null;
  const conditions: Partial<Effect["conditions"]> = { ...src.cond };
  if (targetCharged) conditions.targetCharged = true;
  if (notCharged) conditions.targetCharged = false;
  if (m[2] !== undefined || m[8] !== undefined) conditions.visible = true;
  const whom = { side: u.side, ...(u.filter ? { filter: u.filter } : {}), ...(range !== undefined ? { range } : {}), wholly: m[6] !== undefined, includeSelf: u.side === "friendly" && !u.other };
  return { whom, conditions, ...(each ? { each: true as const } : many ? { upTo: Number(m[1]!.slice(6)) } : {}) };
}

/** The effect sentences: "[Roll a dice. On a N+, ]CLAUSE" (one clause), or clauses without dice; the clauses' effects. */
export function effectSentences(list: string[], self: boolean, many = false, vocab: ReadonlySet<string> = new Set()): { body: Body; until: boolean; on?: number; dice?: DiceForm }[] | null {
  // The second pass's dice (translate-declared2.ts diceForm): against the target's Control or Health, a bonus if it is damaged or a KW.
  // The fifth pass's bullet lists and 2D6 against Health (translate-declared5.ts).
  const five = declared5Sentences(list, many);
  if (five) {
    const out: { body: Body; until: boolean; on?: number; dice?: DiceForm }[] = [];
    for (const x of five.clauses) {
      const c = clause(x, self, vocab);
      if (!c) return null;
      out.push({ ...c, ...(five.on !== undefined ? { on: five.on } : {}), ...(five.dice ? { dice: five.dice } : {}) });
    }
    return out;
  }
  const form = diceForm(list, many, vocab);
  if (form) {
    const c = clause(form.clause, self, vocab);
    return c ? [{ ...c, dice: form.dice }] : null;
  }
  let on: number | undefined;
  let rest = list;
  if (rest[0] === (many ? "Roll a dice for each target" : "Roll a dice")) {
    const m = /^On a ([2-6])\+, (.+)$/.exec(rest[1] ?? "");
    if (!m || rest.length !== 2) return null;
    on = Number(m[1]);
    rest = [m[2]!];
  }
  const out: { body: Body; until: boolean; on?: number }[] = [];
  for (const s of rest) {
    const c = clause(s, self, vocab);
    if (!c) return null;
    out.push({ ...c, ...(on !== undefined ? { on } : {}) });
  }
  return out.length > 0 ? out : null;
}

/** Whether status.ts (and the kernel's twin) plays an ability with this timing: a phase's step (a per-unit "Once Per Battle" counted for each unit by the steps: damage.ts usedByUnit). */
export function statusPlayable(when: When): boolean {
  return when.timing === "phase" && when.phase !== "deployment" && when.limit !== "once-per-phase-army";
}

/**
 * An ability that puts effects for a while, read whole: played (statusPlayable) or translated with the reason;
 * null when the text is not one of these forms.
 */
export function translateStatus(when: When, text0: string, vocab: ReadonlySet<string>): Translation | null {
  if (when.timing !== "phase") return null;
  const text = move3StatusText(text0, vocab); // the move3 area's wordings (translate-move3.ts)
  if (!/for the rest of the turn|until the start of your\s+next turn/i.test(text)) return null; // declared5: a line break in it (Direct the Gyrocorps)
  let whom: Effect["whom"] = { side: "self", wholly: false, includeSelf: false };
  let conditions: Partial<Effect["conditions"]> = {};
  let list: string[];
  let self = true;
  let upTo: number | undefined;
  let each = false;
  let withSelf: ReturnType<typeof andSelfPick> = null;
  let sureIn = false;
  let sureOrders = false;
  let also = false;
  let instead: ReturnType<typeof wardInstead> = null;
  const declared = /^Declare: ([\s\S]+?)\nEffect: ([\s\S]+)$/.exec(text);
  if (declared) {
    // "Pick this unit and up to N friendly ... to be the targets" (translate-declared2.ts andSelfPick).
    withSelf = andSelfPick(sentences(declared[1]!).map(declared5Declare)); // "to be targets" (translate-declared5.ts)
    const d = withSelf?.declare ?? sentences(declared[1]!).map(declared5Declare);
    // "You cannot pick a Longbeards unit" after the pick (translate-declared2.ts exclusion).
    const not = d.length === 2 ? exclusion(d[1]!) : undefined;
    if (d.length !== 1 && !not) return null;
    const pick = declaredPick(d[0]!, vocab, true);
    if (!pick) return null;
    if (not) {
      if (pick.whom.side === "self" || pick.whom.filter?.warscrolls) return null;
      pick.whom = { ...pick.whom, filter: { ...pick.whom.filter, notWarscrolls: not } };
    }
    if (withSelf && (pick.whom.side !== "friendly" || pick.upTo === undefined)) return null;
    whom = withSelf ? { ...pick.whom, includeSelf: false } : pick.whom;
    conditions = pick.conditions;
    upTo = pick.upTo;
    each = pick.each === true;
    if (each && withSelf) return null;
    self = whom.side === "self";
    // The catalogues' slips (translate-declared2.ts normalEffect): "Roll a dice, On a 3+", "the target unit's weapons".
    list = sentences(normalEffect(declared[2]!));
    // "If this unit is in combat, X. If this unit is not in combat, roll a dice. On a 3+, X" (translate-hero3.ts).
    const sure = sureInCombat(list);
    if (sure) [list, sureIn] = [sure, true];
    const sure6 = sureUnderOrders(list); // translate-cities6.ts
    if (sure6) [list, sureOrders] = [sure6, true];
    // "Pick up to N ... to be the targets": the effect speaks of "the targets'", "each target('s)", "the target" after a dice for each.
    // "Pick each ...": "The targets have STRIKE-LAST", "the targets' combat attacks" (one target at a time, as for up to N).
    if (each) list = list.map((s) => s.replace(/^The targets have\b/, "The target has").replace(/\bthe targets'/g, "the target's").replace(/\bfor the targets\b/g, "for the target"));
    if (upTo !== undefined || each) list = list.map((s) => s.replace(/\b(?:the targets'|each target's)/g, "the target's").replace(/\beach target\b(?! in)/g, "the target").replace(/^Roll a dice for the target$/, "Roll a dice for each target"));
    if (upTo !== undefined) list = list.map(move3TargetsWording);
    if (withSelf) list = list.map((s) => s.replace(/\bthat target\b/g, "the target").replace(/\bfor the targets\b/g, "for the target"));
    // "Pick this unit": the effect names it "the target".
    if (self) list = list.map((s) => s.replace(/\bthe target's\b/g, "this unit's").replace(/\bthe target\b/g, "this unit"));
    // "This ability also affects Companion weapons" (translate-declared4.ts).
    ({ list, also } = alsoCompanion(list));
    // "If you picked a MAWSEEKERS unit, it has WARD (5+) ... instead" (translate-declared5.ts).
    instead = self ? null : wardInstead(list, vocab);
    if (instead) list = instead.list;
  } else {
    list = sentences(text);
    const sure = sureInCombat(list);
    if (sure) [list, sureIn] = [sure, true];
    const sure6 = sureUnderOrders(list); // translate-cities6.ts
    if (sure6) [list, sureOrders] = [sure6, true];
    const first = list[0] === "Roll a dice" ? null : sourceCondition(list[0] ?? "");
    if (first && Object.keys(first.cond).length > 0) {
      // "If this unit charged this turn, roll a dice. On a 3+, ...": the condition, then the dice (the timing2 area).
      if (list.length === 2 && first.rest === "roll a dice") list = ["Roll a dice", list[1]!];
      else if (list.length !== 1) return null;
      else list = [first.rest[0]!.toUpperCase() + first.rest.slice(1)];
      conditions = first.cond;
    }
  }
  const clauses = effectSentences(list, self, upTo !== undefined || each, vocab);
  if (!clauses) return null;
  const effects: Effect[] = [];
  if (also && !clauses.every((c) => c.body.every((b) => b.do.set === "attacks" && b.attack === "melee" && b.cond === undefined))) return null;
  for (const c of clauses)
    for (const b of also ? c.body.flatMap((x) => [x, { ...x, cond: { companionWeapons: true as const } }]) : c.body)
      effects.push(
        effectSchema.parse({
          whom,
          conditions: { attack: b.attack, ...conditions, ...(b.cond ?? {}) },
          do: {
            kind: "for-the-turn",
            ...b.do,
            ...(c.on !== undefined ? { on: c.on } : {}),
            ...(c.dice ?? {}),
            ...(c.until ? { until: "your-next-turn" } : {}),
            ...(sureIn ? { sureInCombat: true } : {}),
            ...(sureOrders ? { sureUnderOrders: true } : {}),
            ...(b.onSelf ? { onSelf: true } : {}),
            ...(withSelf ? { andSelf: withSelf.others } : upTo !== undefined ? { upTo } : each ? { each: true } : {}),
          },
        }),
      );
  if (instead) {
    // One held ward, the same duration, a better ward for the keyword: that ward too, only on a holder with the keyword.
    const w = effects[0];
    if (effects.length !== 1 || !w || w.do.kind !== "for-the-turn" || w.do.set !== "ward" || (w.do.until !== undefined) !== instead.until || (w.do.value ?? 7) <= instead.ward) return null;
    effects.push(effectSchema.parse({ ...w, conditions: { ...w.conditions, targetKeywords: [instead.keyword] }, do: { ...w.do, value: instead.ward } }));
  }
  if (effects.length === 0 || effects.length > 8) return null;
  if (!declared4Owners(effects)) return null; // named weapons: only where their owner's warscroll is known (translate-declared4.ts)
  if (statusPlayable(when)) return { kind: "played", when, effects };
  return { kind: "translated", when, effects, why: "a deployment-phase ability is not played" };
}
