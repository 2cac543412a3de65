/**
 * The translator's patterns for mortal damage, slays, healing and returning slain models in every phase
 * (docs/abilities.md "Mortal damage, slays and healing in every phase"; the engines: src/aos/battle/damage.ts,
 * combat-abilities.ts, healing.ts and their kernel twins). translate.ts asks these when its own patterns leave an
 * ability unplayed: a Declare/Effect text is read whole or not at all, as there.
 *
 * - Declared, an enemy target: "[If this unit charged this phase | is not in combat, ]pick a | an | each | up to N
 *   [visible ]enemy [non-KW ][KW] unit(s) | KW | KW or KW in combat with this unit | within N" of it [...] to be the
 *   target(s)", with mortal damage forms beyond translate.ts's (a first dice, a number of dice equal to the target's
 *   Health or its damage points or this unit's, a maximum, a bonus to each roll, more damage against a keyword or
 *   after a charge, a roll against the target's Health or Save, a better result on a 6) or a slay on N dice.
 * - Declared, friendly targets: "Pick a | each | up to N [visible ][other ]friendly X unit(s) wholly within N" of
 *   this unit | within this unit's combat range to be the target(s)", "[Roll a dice. On a N+, ]Heal (X) the
 *   target | each target".
 * - The unit itself: "Heal (X) this unit" in any phase (X any dice expression), "Roll a D3. On a 2+, return a
 *   number of slain models to this unit equal to the roll", "If this unit is in combat, you can return D3 slain
 *   models to this unit", and "Each time this unit uses a FIGHT ability, after that FIGHT ability has been
 *   resolved, Heal (D3) this unit".
 */
import { type Effect, type EffectFilter, effectSchema, type When } from "./schema.js";
import type { z } from "zod";
import { type AbilityText, parseWhen, sentences, splitKeywords, type Translation } from "./translate.js";
import { unitAbilities } from "../battle/abilities.js";
import { chargeRollMortal, passedAcrossPick, passedEffectText, passedScopeHolds } from "./translate-move3.js";

type EffectIn = z.input<typeof effectSchema>;
type DoIn = EffectIn["do"];
const fx = (e: { whom?: Partial<Effect["whom"]>; conditions?: Partial<Effect["conditions"]>; do: DoIn }): Effect =>
  effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false, ...e.whom }, conditions: { attack: "any", ...e.conditions }, do: e.do });

/** Keyword words, capitals only. */
const KW = String.raw`[A-Z0-9][A-Z0-9'’-]*(?: [A-Z0-9][A-Z0-9'’-]*)*`;
/** A warscroll's name as the catalogues write it ("Zontari Endrin Dock"). */
const NAME = String.raw`[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*`;

/** The phases the steps play a declared mortal damage, slay or heal in (combat-abilities.ts STEP_PHASES). */
export const DAMAGE_PHASES: readonly string[] = ["combat", "charge", "shooting", "hero", "end-of-turn", "movement", "start-of-turn"];

/** "Once per Turn (Army)", "Once Per Battle(Army)", "Once Per Turn (Army,)": the catalogues' variants of the limits. */
export function normalTiming(t: string | undefined): string | undefined {
  if (t === undefined) return t;
  return t
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^Once per (Turn|Battle)/i, (_m, w: string) => `Once Per ${w[0]!.toUpperCase()}${w.slice(1).toLowerCase()}`)
    .replace(/^(Once Per (?:Turn|Battle)) ?\((?:army,?|Army,)\),? ?/i, "$1 (Army), ")
    .replace(/^(Once Per (?:Turn|Battle)) \(Army\)(?!,)\s*/, "$1 (Army), ")
    .replace(/^(Once Per (?:Turn|Battle) \(Army\)), ,? ?/, "$1, ");
}

// ------------------------------------------------------------------------------------------- the target

interface Target {
  /** "If this unit charged this turn, roll a dice. On a 3+, pick ...": a first dice (the effect's `gate`). */
  gate?: number;
  side: "enemy" | "friendly";
  filter?: EffectFilter;
  range?: number;
  wholly: boolean;
  includeSelf: boolean;
  conditions: Partial<Effect["conditions"]>;
  targets: "one" | "each";
  upTo?: number;
  /** "Pick a damaged enemy unit": read only with a roll against its damage points (which needs it damaged). */
  damagedTarget?: boolean;
  /** "that this unit passed across this phase | this turn" (translate-move3.ts): read only under a timing passedScopeHolds allows. */
  passedScope?: "phase" | "turn";
}

/** "[non-KW ][KW ]unit(s)" / "KW(S)" / "KW or KW" / "KW, KW or KW": a filter (undefined: any unit), or null. */
function unitsFilter(phrase: string, vocab: ReadonlySet<string>): EffectFilter | undefined | null {
  let m: RegExpExecArray | null;
  const not = /^non-([A-Z0-9][A-Z0-9'’-]*) (.+)$/.exec(phrase);
  let notKeywords: string[] | undefined;
  if (not) {
    const n = splitKeywords(not[1]!, vocab, false);
    if (!n) return null;
    notKeywords = n;
    phrase = not[2]!;
  }
  const out = (f: { keywords?: string[]; anyKeywords?: string[] }): EffectFilter => ({ ...f, ...(notKeywords ? { notKeywords } : {}) }) as EffectFilter;
  if (phrase === "unit" || phrase === "units") return notKeywords ? out({}) : undefined;
  if ((m = new RegExp(`^(${KW}) units?$`).exec(phrase))) {
    const ks = splitKeywords(m[1]!, vocab, false);
    return ks ? out({ keywords: ks }) : null;
  }
  if ((m = new RegExp(`^(${KW}) or (${KW})(?: units?)?$`).exec(phrase))) {
    const first = splitKeywords(m[1]!, vocab, false);
    const second = splitKeywords(m[2]!, vocab, !/ units?$/.test(phrase));
    if (!first || !second || second.length !== 1) return null;
    // "NIGHTHAUNT CAVALRY or WAR MACHINE": the shared keywords, then one of the last.
    return out({ ...(first.length > 1 ? { keywords: first.slice(0, -1) } : {}), anyKeywords: [first.at(-1)!, second[0]!] });
  }
  if ((m = new RegExp(`^(${KW})$`).exec(phrase))) {
    const ks = splitKeywords(m[1]!, vocab, true);
    return ks ? out({ keywords: ks }) : null;
  }
  // "SKYVESSEL or Zontari Endrin Dock": a keyword, or a warscroll by its name.
  if ((m = new RegExp(`^(${KW}) or (${NAME})$`).exec(phrase))) {
    const ks = splitKeywords(m[1]!, vocab, false);
    return ks && !notKeywords ? { keywords: ks, orWarscrolls: [m[2]!] } : null;
  }
  return null;
}

/** The self conditions of "If this unit ..., pick": charged, did not charge, (not) in combat. */
function selfConditions(list: string): Partial<Effect["conditions"]> | null {
  const c: Partial<Effect["conditions"]> = {};
  for (const part of list.split(" and ")) {
    let m: RegExpExecArray | null;
    if ((m = /^(?:this unit |it )?(charged|did not charge|has not charged) this (?:phase|turn)$/.exec(part))) c.charged = m[1] === "charged";
    else if ((m = /^(?:this unit |it )?is (not )?in combat$/.exec(part))) c.inCombat = m[1] === undefined;
    else if (/^(?:this unit |it )?is damaged$/.test(part)) c.damaged = true;
    // "was set up this turn using the 'Scions of the Storm' ability": a reserve arrival both engines mark (reserves.ts arrive).
    else if ((m = /^(?:this unit |it )?was set up this turn using the '([^']+)' ability$/.exec(part)) && unitAbilities().reserve.some((a) => a.arrival.name === m![1])) c.arrived = m[1]!;
    else return null;
  }
  return c;
}

/** A declared ability's target sentence(s). */
function parseTarget(declare: string[], vocab: ReadonlySet<string>): Target | null {
  let d = declare.join(". ");
  // Units this unit passed across (translate-move3.ts).
  const pa = passedAcrossPick(d, (phrase) => unitsFilter(phrase, vocab));
  if (pa) return { side: "enemy", ...(pa.filter ? { filter: pa.filter } : {}), wholly: false, includeSelf: false, conditions: pa.conditions, targets: pa.targets, ...(pa.upTo !== undefined ? { upTo: pa.upTo } : {}), passedScope: pa.scope };
  const conditions: Partial<Effect["conditions"]> = {};
  let m: RegExpExecArray | null;
  if ((m = /^This unit can only use this ability if it charged this turn\. (P.+)$/.exec(d))) {
    conditions.charged = true;
    d = m[1]!;
  }
  let gate: number | undefined;
  if ((m = /^If (this unit .+?), roll a dice\. On a ([2-6])\+, (p.+)$/.exec(d))) {
    gate = Number(m[2]);
    d = `If ${m[1]}, ${m[3]}`;
  }
  if ((m = /^If (this unit .+?), (p.+)$/.exec(d))) {
    const c = selfConditions(m[1]!);
    if (!c) return null;
    Object.assign(conditions, c);
    d = `P${m[2]!.slice(1)}`;
  }
  m = /^Pick (?:(an|a|each|up to ([2-6])(?: different)?|any number of) )?(visible )?(other |another )?(visible )?(damaged )?(enemy|friendly) (.+?) (in combat with (?:this unit|it)(?: and that charged this turn)?|that (?:is|are) in combat with (?:this unit|it)|that charged this turn and (?:is|are) in combat with (?:this unit|it)|(?:that (?:is|are) )?(wholly )?within (\d+)" of (?:this unit|it)|(?:that (?:is|are) )?(wholly )?within this unit's combat range)( and visible to this unit)? to be the targets?$/.exec(
    d,
  );
  if (!m || (m[1] === undefined) !== (m[4] === "another ")) return null; // "another" stands for "a" and "other"
  const side = m[7] as "enemy" | "friendly";
  const other = m[4] !== undefined;
  if (other && side === "enemy") return null;
  if (m[6] !== undefined && side !== "enemy") return null;
  const filter = unitsFilter(m[8]!, vocab);
  if (filter === null) return null;
  const where = m[9]!;
  const inCombat = where.includes("in combat with");
  if (inCombat && side !== "enemy") return null;
  const range = m[11] !== undefined ? Number(m[11]) : 3;
  if (range > 48) return null;
  const wholly = m[10] !== undefined || m[12] !== undefined;
  if (wholly && side === "enemy") return null;
  if (where.includes("charged this turn")) conditions.targetCharged = true;
  if (m[3] !== undefined || m[5] !== undefined || m[13] !== undefined) conditions.visible = true;
  const q = m[1] ?? "a";
  const targets = q === "each" || q === "any number of" ? "each" : "one";
  const upTo = m[2] !== undefined ? Number(m[2]) : undefined;
  return {
    side,
    ...(filter ? { filter } : {}),
    range,
    wholly,
    // "Pick a friendly X unit within ... of this unit": this unit is one of them unless "other" / "another".
    includeSelf: side === "friendly" && !other,
    conditions,
    targets,
    ...(upTo !== undefined ? { upTo } : {}),
    ...(m[6] !== undefined ? { damagedTarget: true } : {}),
    ...(gate !== undefined ? { gate } : {}),
  };
}

// ------------------------------------------------------------------------------------- the effects

/** The catalogues' spellings of the same things, made one. */
function normalEffect(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/^Roll D3\. On 2\+,/, "Roll a D3. On a 2+,")
    .replace(/an amount tof mortal/g, "an amount of mortal")
    .replace(/an amount of mortal damage equal on the target equal to the roll/g, "an amount of mortal damage on the target equal to the roll")
    .replace(/For each 6, /g, "For each 6+, ")
    .replace(/ is automatically slain/g, " is slain")
    .replace(/^Make an? [a-z][a-z -]* roll of (D3|D6)/, (_m, d: string) => (d === "D3" ? "Roll a D3" : "Roll a dice"))
    .replace(/^Roll a number of dice equal to the number of models in (this unit|the target unit)/, "Roll a dice for each model in $1")
    .replace(/equal to the roll\.?$/, "equal to the roll");
}

/** "an amount of mortal damage on the target equal to the roll" | "N mortal damage on the target" | "D3 mortal damage ...". */
function amount(s: string): { each?: number | "roll"; damage?: string } | null {
  let m: RegExpExecArray | null;
  if (/^an amount of mortal damage on (?:the|that|each) target equal to the roll$/.test(s)) return { each: "roll" };
  if ((m = /^([1-6]) mortal damage on (?:the|each) target$/.exec(s))) return { each: Number(m[1]) };
  if ((m = /^(D3|D6|2D3|2D6|D3\+[1-6]|D6\+[1-6]) mortal damage on (?:the|each) target$/.exec(s))) return { damage: m[1]! };
  return null;
}

/** A bonus to each roll: "Add N to each roll | the roll if <cond>". */
function rollBonusOf(s: string, vocab: ReadonlySet<string>): { bonus?: { keyword: string; add: number }; rollBonus?: { add: number; if: "target-charged" | "target-more-models" | "target-models-over" | "target-damaged" | "daemonic-points"; models?: number } } | null {
  // The hashut6 area: "Add the number of daemonic power points this unit has" (add 1 for each point of the unit with the ability).
  if (s === "Add the number of daemonic power points this unit has") return { rollBonus: { add: 1, if: "daemonic-points" } };
  const m = /^Add ([1-3]) to (?:each|the) roll if (.+)$/.exec(s);
  if (!m) return null;
  const add = Number(m[1]);
  const c = m[2]!;
  let k: RegExpExecArray | null;
  if (c === "the target charged this turn") return { rollBonus: { add, if: "target-charged" } };
  if (c === "there are more models in the target unit than this unit") return { rollBonus: { add, if: "target-more-models" } };
  if (c === "the target is damaged") return { rollBonus: { add, if: "target-damaged" } }; // the mortal4 area
  if ((k = /^the target unit has more than (\d+) models$/.exec(c))) return { rollBonus: { add, if: "target-models-over", models: Number(k[1]) } };
  if ((k = new RegExp(`^the target is (?:a |an )?(${KW})$`).exec(c))) {
    const ks = splitKeywords(k[1]!, vocab, true);
    return ks && ks.length === 1 ? { bonus: { keyword: ks[0]!, add } } : null;
  }
  return null;
}

/** More mortal damage inflicted (if any): against a keyword, or after a charge. */
function extraOf(s: string, vocab: ReadonlySet<string>): Record<string, unknown> | null {
  let m: RegExpExecArray | null;
  const kws = (phrase: string): string[] | null => {
    const parts = phrase.split(/, | or /);
    const out: string[] = [];
    for (const p of parts) {
      const ks = splitKeywords(p, vocab, true);
      if (!ks || ks.length !== 1) return null;
      out.push(ks[0]!);
    }
    return out.length > 0 && out.length <= 4 ? out : null;
  };
  if ((m = new RegExp(`^Add ([1-6]) to the (?:amount of )?(?:mortal )?damage inflicted(?: \\(if any\\))?(?: on the target)?,? (?:if any, )?if (?:the target is (?:a |an )?(${KW})|it has the (${KW}(?:, ${KW})*(?: or ${KW})?) keywords?|this unit charged this turn)$`).exec(s))) {
    const add = Number(m[1]);
    if (m[2] === undefined && m[3] === undefined) return { add, charged: true };
    const ks = kws((m[2] ?? m[3])!);
    return ks ? { add, anyKeywords: ks } : null;
  }
  if ((m = new RegExp(`^If the target is (?:a |an )?(${KW}), inflict an additional ([1-6]) mortal damage on it$`).exec(s))) {
    const ks = kws(m[1]!);
    return ks ? { add: Number(m[2]), anyKeywords: ks } : null;
  }
  if ((m = new RegExp(`^If the target unit is (?:a |an )?(${KW}), double the amount of mortal damage inflicted$`).exec(s))) {
    const ks = kws(m[1]!);
    return ks ? { double: true, anyKeywords: ks } : null;
  }
  return null;
}

const SLAY_RULES: Record<string, "roll-at-least-double-health" | "roll-exceeds-health" | "roll-at-least-health"> = {
  "is at least double": "roll-at-least-double-health",
  exceeds: "roll-exceeds-health",
  "equals or exceeds": "roll-at-least-health",
};

const dieOf = (w: string) => (/D3/.test(w) ? "D3" : "D6");
const eachOf = (s: string): 1 | "roll" | null => (s === "1 mortal damage on the target" ? 1 : /^an amount of mortal damage on the target equal to the roll$/.test(s) ? "roll" : null);

/**
 * Options to move that follow some mortal damage texts ("This unit can immediately use the 'Retreat' ability as if
 * it were your movement phase without any mortal damage being inflicted on it", "Then, this unit can move 6"...",
 * "Then, you can remove this unit ... and set it up again within 1" of the target"): never taken — where to go is a
 * choice neither policy makes (docs/abilities.md: as Predator Knights' RETREAT). Read as declined, so dropped.
 */
const DECLINED_MOVES: RegExp[] = [
  /\. This unit can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it$/,
  /\. Then, roll 2D6\. This unit can move a distance up to the value of the roll\. [Dd]uring that move, this unit can pass through models in the target unit but must end that move in combat$/,
  /\. Then, roll 2D6\. This unit can move a distance up to the value of the roll\. It can pass through models in the target unit but must end that move in combat$/,
  /\. Then, this unit can move 2D6"\. This unit can pass through models in the target unit but must end that move in combat$/,
  /\. Then, you can remove this unit from the battlefield and set it up again within 1" of the target$/,
  /, then you can remove this unit from the battlefield and set it up again on the battlefield within 1" of the target$/,
  /\. Then, this unit can move 6"\. It can move through the combat ranges of enemy units but cannot end that move in combat$/,
  /\. Then, this unit can move 6"\. During that move, it can pass through models in the target unit but must end that move in combat$/,
  // declared6 (Iridan the Witness): the same option worded "without any mortal damage being inflicted upon it", as the last bullet.
  /\. This unit can immediately use the 'Retreat' ability without any mortal damage being inflicted upon it$/,
];

/** The mortal damage or slay of an enemy-targeted effect text, whole, or null. */
function mortalEffect(text: string, vocab: ReadonlySet<string>, each: boolean): DoIn | null {
  let s = normalEffect(text);
  for (const re of DECLINED_MOVES) s = s.replace(re, "");
  // "Roll a D3. On a 2+: • Inflict ..." (bullets made sentences): one effect left, read as "On a 2+, inflict ...".
  s = s.replace(/On a ([2-6])\+:\. Inflict /, "On a $1+, inflict ");
  // declared6: "If the roll exceeds the target's Health characteristic: • 1 model in the target unit is slain." (one bullet left).
  s = s.replace(/^Roll a dice\. If the roll (is at least double|exceeds|equals or exceeds) the target's Health characteristic:\. 1 model in the target unit is slain$/, "Roll a dice. If the roll $1 the target's Health characteristic, 1 model in the target unit is slain");
  // A dice for each point of the unmodified charge roll (translate-move3.ts).
  const byRoll = chargeRollMortal(s);
  if (byRoll) return byRoll as DoIn;
  let m: RegExpExecArray | null;
  const extra: Record<string, unknown> = {};
  // A trailing sentence: more damage against a keyword or after a charge.
  if ((m = /^(.+)\. ([^.]+)$/.exec(s))) {
    const x = extraOf(m[2]!, vocab);
    if (x) {
      Object.assign(extra, { extra: x });
      s = m[1]!;
    }
  }
  // A first dice: "Roll a dice. On a 3+, roll ...".
  let gate: number | undefined;
  if ((m = /^Roll a dice\. On a ([2-6])\+, roll (.+)$/.exec(s))) {
    gate = Number(m[1]);
    s = `Roll ${m[2]}`;
  }
  // A bonus to each roll after the first sentence: "Roll a D3. Add 2 to the roll if the target charged this turn. On a 2+, ...".
  if ((m = /^(Roll [^.]+)\. (Add [1-3] to (?:each|the) roll if [^.]+|Add the number of daemonic power points this unit has)\. (.+)$/.exec(s))) {
    const b = rollBonusOf(m[2]!, vocab);
    if (!b) return null;
    Object.assign(extra, b);
    s = `${m[1]}. ${m[3]}`;
  }
  const out = (d: Record<string, unknown>): DoIn => ({ kind: "mortal", ...d, ...extra, ...(gate !== undefined ? { gate } : {}) }) as DoIn;
  const usesExtra = "extra" in extra;
  // One roll with a threshold.
  if ((m = /^Roll a (D3|dice)(?: for each target)?\. On a ([2-6])\+, inflict (.+)$/.exec(s))) {
    const a = amount(m[3]!);
    if (!a) return null;
    return out({ per: "once", dice: dieOf(m[1]!), on: Number(m[2]), each: a.each ?? 1, ...(a.damage ? { damage: a.damage } : {}) });
  }
  // A better result on a 6.
  if ((m = /^Roll a dice(?: for each target)?\. (?:On a 1, this ability has no effect\. )?On a ([2-5])-5, inflict ([^.]+)\. On a 6, inflict (D3|D6|2D3|2D6) mortal damage on the target$/.exec(s))) {
    const a = amount(m[2]!);
    if (!a || a.each === "roll") return null;
    return out({ per: "once", dice: "D6", on: Number(m[1]), each: a.each ?? 1, ...(a.damage ? { damage: a.damage } : {}), top: { from: 6, damage: m[3] } });
  }
  // A dice per model of either unit (those in combat with / within 3" of the target: all of them, a unit being one footprint).
  if ((m = /^Roll (a dice|(\d) dice|a D3|(\d) D3s) for each model in (this unit|the target unit)(?: that is (?:in combat with the target|within 3" of the target|within the target's combat range))?(?:, to a maximum of (\d+))?\. For each (?:roll of )?([2-6])\+, inflict (.+)$/.exec(s))) {
    const e = eachOf(m[7]!);
    if (e === null || usesExtra) return null;
    return out({ per: m[4] === "this unit" ? "model" : "target-model", dice: `${m[2] ?? m[3] ?? 1}${dieOf(m[1]!)}`, on: Number(m[6]), each: e, ...(m[5] ? { maxDice: Number(m[5]) } : {}) });
  }
  // A number of dice equal to the target's Health, its damage points, this unit's damage points (or N, the larger).
  if ((m = /^Roll (?:either (\d+) dice or )?a number of dice equal to (the target's Health characteristic|the number of damage points (?:the target|this unit) has)(?:, to a maximum of (\d+))?\. For each (?:roll of )?([2-6])\+, inflict (.+)$/.exec(s))) {
    const e = eachOf(m[5]!);
    if (e === null || usesExtra) return null;
    const per = m[2]!.startsWith("the target's Health") ? "target-health" : m[2]!.includes("this unit") ? "self-damage" : "target-damage";
    if (m[1] !== undefined && per !== "self-damage") return null;
    return out({ per, dice: "D6", on: Number(m[4]), each: e, ...(m[1] ? { minDice: Number(m[1]) } : {}), ...(m[3] ? { maxDice: Number(m[3]) } : {}) });
  }
  // N dice.
  if ((m = /^Roll (\d+) (dice|D3s)\. For each (?:roll of )?([2-6])\+, inflict (.+)$/.exec(s)) && Number(m[1]) >= 2 && Number(m[1]) <= 12) {
    const e = eachOf(m[4]!);
    if (e === null || usesExtra) return null;
    return out({ per: "once", dice: dieOf(m[2]!), rolls: Number(m[1]), on: Number(m[3]), each: e });
  }
  // Rolls against the target's characteristics.
  if ((m = /^Roll (\d+) dice\. For each roll that is higher than the target's Health characteristic, inflict 1 mortal damage on the target$/.exec(s)) && Number(m[1]) >= 2 && Number(m[1]) <= 12 && !usesExtra)
    return out({ per: "once", dice: "D6", rolls: Number(m[1]), each: 1, vs: { stat: "health", rule: "exceeds" } });
  if ((m = /^Roll a dice\. If the roll (exceeds|is equal to or less than|is less than) (the target's (Save|Health) characteristic|the number of damage points the target has), inflict (.+)$/.exec(s))) {
    const a = amount(m[4]!);
    if (!a) return null;
    const stat = m[3] === "Save" ? "save" : m[3] === "Health" ? "health" : "damage";
    const rule = m[1] === "exceeds" ? "exceeds" : m[1] === "is less than" ? "below" : "at-most";
    return out({ per: "once", dice: "D6", each: a.each ?? 1, ...(a.damage ? { damage: a.damage } : {}), vs: { stat, rule } });
  }
  if ((m = /^Roll 2D6\. If the roll is equal to or less than the number of models in the target unit, inflict (.+)$/.exec(s))) {
    const a = amount(m[1]!);
    if (!a || a.each === "roll") return null;
    return out({ per: "once", dice: "2D6", summed: true, each: a.each ?? 1, ...(a.damage ? { damage: a.damage } : {}), vs: { stat: "models", rule: "at-most" } });
  }
  // A plain roll (the damage is the roll): "Inflict D3 mortal damage on the target".
  if ((m = /^Inflict (D3|D6) mortal damage on (?:the target|each target|it)$/.exec(s)) && (each || !s.includes("each target"))) return out({ per: "once", dice: m[1], each: "roll" });
  if ((m = new RegExp(`^If the target is a non-(${KW}) unit, inflict (D3|D6) mortal damage on it\\. If the target is an? (${KW}), inflict (D3|D6)\\+([1-6]) mortal damage on it$`).exec(s)) && m[1] === m[3] && m[2] === m[4] && !usesExtra) {
    const ks = splitKeywords(m[1]!, vocab, false);
    if (!ks || ks.length !== 1) return null;
    return out({ per: "once", dice: m[2], each: "roll", extra: { add: Number(m[5]), anyKeywords: ks } });
  }
  if ((m = /^Make a number of (D3|D6) rolls equal to the current battle round number\. For each ([2-6])\+, inflict (.+)$/.exec(s))) {
    const e = eachOf(m[3]!);
    if (e === null || usesExtra) return null;
    return out({ per: "round", dice: m[1], on: Number(m[2]), each: e });
  }
  // Slays: one dice, or N dice each slaying a model.
  if (usesExtra || gate !== undefined) return null;
  if ((m = /^Roll a dice\. If the roll (is at least double|exceeds|equals or exceeds) the target's Health characteristic, 1 model in (?:the target|that) unit is slain$/.exec(s))) return { kind: "slay", rule: SLAY_RULES[m[1]!]! };
  // declared6: "Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed" (the whole unit).
  if (/^Roll 2D6\. If the roll exceeds the target's Health characteristic, it is automatically destroyed$/.test(s)) return { kind: "slay", rule: "2d6-exceeds-health" };
  if ((m = /^Roll (\d+) dice\. For each roll that (is at least double|exceeds|equals or exceeds) the target's Health characteristic, 1 model in the target unit is slain$/.exec(s)) && Number(m[1]) >= 2 && Number(m[1]) <= 12)
    return { kind: "slay", rule: SLAY_RULES[m[2]!]!, rolls: Number(m[1]) };
  return null;
}

/** The healing of a friendly-targeted effect text: "[Roll a dice. On a N+, ]Heal (X) the target | each target". */
function healEffect(text: string, t: Target): DoIn | null {
  const s = normalEffect(text);
  // "Make a field repairs roll of D6 for each model in this unit. For each 4-5, Heal (1) the target. For each 6, Heal (2) the target."
  const pm = /^Roll a dice for each model in this unit\. For each ([2-5])-5, Heal \(([1-6])\) the target\. For each 6\+, Heal \(([1-6])\) the target$/.exec(s); // (normalEffect: "For each 6," is "For each 6+,")
  if (pm) return t.targets === "one" && t.upTo === undefined ? { kind: "heal", amount: pm[2]!, perModel: { on: Number(pm[1]), top: { from: 6, amount: Number(pm[3]) } } } : null;
  const m = /^(?:Roll a dice\. On a ([2-6])\+, )?Heal \((\d+|D3|D6|2D3|2D6|D3\+[1-6]|D6\+[1-6])\) (the target|each target)$/.exec(s);
  if (!m) return null;
  if ((m[3] === "each target") !== (t.targets === "each" || t.upTo !== undefined)) return null;
  return { kind: "heal", amount: m[2]!, ...(m[1] ? { on: Number(m[1]) } : {}), ...(t.targets === "each" ? { targets: "each" as const } : {}), ...(t.upTo !== undefined ? { upTo: t.upTo } : {}) };
}

/** A declared text's effects, or null. */
function declared(when: When, declare: string[], effect: string[], vocab: ReadonlySet<string>): Effect[] | null {
  const t = parseTarget(declare, vocab);
  if (!t) return null;
  if (t.passedScope !== undefined && !passedScopeHolds(when, t.passedScope)) return null;
  const whom = { side: t.side, ...(t.filter ? { filter: t.filter } : {}), ...(t.range !== undefined ? { range: t.range } : {}), wholly: t.wholly, includeSelf: t.includeSelf };
  const text = t.passedScope !== undefined ? passedEffectText(effect.join(". ")) : effect.join(". ");
  if (t.side === "enemy") {
    const d = mortalEffect(text, vocab, t.targets === "each" || t.upTo !== undefined);
    if (!d) return null;
    if (t.damagedTarget && !(d.kind === "mortal" && d.vs?.stat === "damage")) return null;
    if (d.kind === "slay" && (t.targets !== "one" || t.upTo !== undefined)) return null;
    if (t.gate !== undefined && (d.kind !== "mortal" || d.gate !== undefined)) return null;
    if (t.gate !== undefined && d.kind === "mortal") d.gate = t.gate;
    const dd = d.kind === "mortal" ? { ...d, ...(t.targets === "each" ? { targets: "each" as const } : {}), ...(t.upTo !== undefined ? { upTo: t.upTo } : {}) } : d;
    return [fx({ whom, conditions: t.conditions, do: dd })];
  }
  if (t.conditions.charged !== undefined || t.conditions.targetCharged !== undefined || t.gate !== undefined) return null;
  const h = healEffect(text, t);
  return h ? [fx({ whom, conditions: t.conditions, do: h })] : null;
}

// ------------------------------------------------------------------------------------- the unit itself

/** "Heal (X) this unit" and the returning forms, alone, on the unit itself. */
function selfEffect(s: string): Effect[] | null {
  let m: RegExpExecArray | null;
  if ((m = /^Heal \((\d+|D3|D6|2D3|2D6|D3\+[1-6]|D6\+[1-6])\) this unit$/.exec(s))) return [fx({ do: { kind: "heal", amount: m[1]! } })];
  if (/^Heal \(X\) this unit, where X is half the number of damage points this unit has \(rounding up\)$/.test(s)) return [fx({ do: { kind: "heal", amount: "half-damage" } })];
  if ((m = /^Roll a D3\. On a ([2-3])\+, return a number of slain models to this unit equal to the roll$/.exec(s))) return [fx({ do: { kind: "return-models", count: "D3", least: Number(m[1]) } })];
  if ((m = /^If this unit is in combat, you can return (D3|D6|[1-6]) slain models? to this unit$/.exec(s))) return [fx({ conditions: { inCombat: true }, do: { kind: "return-models", count: m[1]! } })];
  // translate.ts reads it too, but not with a per-unit "Once Per Battle".
  if ((m = /^You can return (D3|D6|[1-6]) slain models? to this unit$/.exec(s))) return [fx({ do: { kind: "return-models", count: m[1]! } })];
  return null;
}

/** Whether the engines play a translation of these (damage.ts, combat-abilities.ts, healing.ts). */
export function damagePlayable(when: When, effects: readonly Effect[]): boolean {
  if (effects.length !== 1) return false;
  const e = effects[0]!;
  const d = e.do;
  if (when.timing === "passive") return d.kind === "heal" && d.amount !== "damage-dealt" && e.whom.side === "self";
  if (when.timing !== "phase" || when.limit === "once-per-phase-army" || !DAMAGE_PHASES.includes(when.phase)) return false;
  if (e.whom.side === "enemy") return d.kind === "mortal" || d.kind === "slay";
  if (e.whom.side === "friendly") return d.kind === "heal" && d.amount !== "damage-dealt" && d.amount !== "half-damage";
  // The unit itself: a heal in any of the phases (half its damage points where healing.ts plays it); returning
  // models where healing.ts plays it (your hero phase, a turn's start or end).
  const healingTs = (when.phase === "hero" && when.whose === "your") || when.phase === "end-of-turn" || when.phase === "start-of-turn";
  if (d.kind === "heal") return d.amount !== "damage-dealt" && (d.amount !== "half-damage" || healingTs);
  return d.kind === "return-models" && healingTs;
}

/**
 * The translation of `a` by these patterns, or null when none reads it (translate.ts keeps its own answer then).
 * Played when the engines play it (damagePlayable), else translated with the reason.
 */
export function damageTranslation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  const timing = normalTiming(a.timing);
  const text = (a.effect ?? "").trim();
  let effects: Effect[] | null = null;
  let when: When | string;
  if (timing === "Passive") {
    // "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (D3) this unit".
    const m = /^Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal \((D3|D6|\d)\) this unit$/.exec(text.replace(/\s+/g, " ").replace(/\bfight ability\b/gi, "FIGHT ability").replace(/\.$/, ""));
    if (!m) return null;
    when = { timing: "passive" };
    effects = [fx({ do: { kind: "heal", amount: m[1]! } })];
  } else {
    when = parseWhen(timing);
    if (typeof when === "string" || when.timing !== "phase") return null;
    const dec = /^Declare: ([\s\S]+?)\nEffect: ([\s\S]+)$/.exec(text);
    if (dec) effects = declared(when, sentences(dec[1]!), sentences(dec[2]!), vocab);
    else {
      const s = text.replace(/\s+/g, " ").replace(/\.$/, "");
      effects = selfEffect(s);
    }
  }
  if (!effects) return null;
  // An arrival this turn is a condition of a declared mortal damage or slay only (combat-abilities.ts, encode.ts arrivedCondition).
  if (effects.some((e) => e.conditions.arrived !== undefined && e.do.kind !== "mortal" && e.do.kind !== "slay")) return null;
  if (damagePlayable(when, effects)) return { kind: "played", when, effects };
  return { kind: "translated", when, effects, why: "the steps play declared mortal damage, slays and heals in a phase, and healing of the unit itself (a timing or limit they do not play)" };
}
