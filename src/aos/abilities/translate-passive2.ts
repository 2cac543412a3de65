/**
 * The passive2 area's patterns (docs/abilities.md "Passive abilities, second pass"): wordings and kinds of passive
 * texts the earlier areas left unread.
 *
 * - "While this unit's NAME is on the battlefield, it has WIZARD (1) | PRIEST (1) [and the X keyword]" (and Dromm's
 *   "... it has PRIEST (1) and can use UNBIND abilities as if it had WIZARD (1)"): the kind `power` (create.ts gives the
 *   unit the power level and keyword when the battle is created: battle/passive2.ts grantPowers).
 * - "While this unit's NAME is on the battlefield | includes NAME, X" (X on the unit, read whole): X (namedModel's decision);
 *   the first damage point ignored "each phase" / "allocated to it each phase" (translate-ignorefirst.ts's kind).
 * - "This unit can use the 'Unbind' ability as if it had WIZARD (1)": Scorn of Sorcery's `unbind` in other words.
 * - "Add/Subtract N to/from this unit's | its power level" (with a condition the passive patterns read around it:
 *   "While this unit has 10 or more damage points, ...", "... while it is contesting an objective"): `power-level`.
 * - "Add N to chanting rolls for this unit" (`chanting`), "Subtract N from casting rolls and unbinding rolls for enemy
 *   WIZARDS while they are within 12\" of this unit" (`casting` and `unbinding`), with the passive conditions around.
 * - "While this unit is within the combat range of a friendly INFANTRY unit that has 5 or more models and there are no
 *   enemy units within this unit's combat range, this unit is not visible to enemy units": `hidden` with `clear`.
 * - "X while there are any friendly X units that have N or more models wholly within N\" of it": X with `near.minModels`.
 * - "Each time this unit successfully casts a spell, Heal (1) this unit after that SPELL ability has been resolved": `cast-heal`.
 * - "Each time a model in this unit is slain by a combat attack and that model was in combat with the attacking unit,
 *   roll a dice | N dice. On a N+ | For each N+, inflict X mortal damage on the attacking unit after the FIGHT ability
 *   has been resolved" (two sentences, read whole), with a condition before it: the kind `slain-roll`.
 */
import { type AbilityText, BASE_PATTERNS, type Clause, fx, parseUnits, parseWhomPhrase, splitKeywords, translateAbility, type Translation } from "./translate.js";
import { parseCondition } from "./translate-passive.js";
import type { Effect } from "./schema.js";

/** A named model: "Broken Nadja", "Karthaen, Huntcaller,", "Kixi-Taka, the Diviner", "Dromm, Wounder of Worlds,". */
const MODEL = String.raw`[A-Z][A-Za-z'’-]*(?:,? (?:the |of |[A-Z])[A-Za-z'’-]*)*,?`;

/** This area's kinds (translate.ts playable asks passive2Playable, not passivePlayable, about them). */
export const isPassive2Kind = (kind: string): boolean => ["power", "slain-roll", "power-level", "unbinding", "chanting", "cast-heal"].includes(kind);

/** The conditions on the unit itself both engines read for any record (attack.ts / effects.ts conditionsHold, sourceFor). */
const UNIT_CONDITIONS = ["attack", "charged", "inCombat", "near", "damaged", "damagePoints", "minModels", "maxModels", "fromRound", "toRound", "roundParity", "inCombatWith", "objective", "territory", "enemyWithin"];

/**
 * Whether the engines play an effect of this area's kinds as written (translate.ts playable): on the unit itself;
 * `power` without a condition (it is applied once, when the battle is created), `slain-roll` with a `near` one,
 * `power-level` with the unit-state conditions.
 */
export function passive2Playable(e: Effect): boolean {
  const keys = Object.keys(e.conditions).filter((k) => (e.conditions as Record<string, unknown>)[k] !== undefined);
  const allowed = e.do.kind === "power" ? ["attack"] : e.do.kind === "slain-roll" ? ["attack", "near"] : UNIT_CONDITIONS;
  // Unbinding and chanting modifiers may name other units (whom: sourceFor in both engines); the others are the unit's own.
  const whomOk = e.whom.side === "self" || e.do.kind === "unbinding" || e.do.kind === "chanting";
  return whomOk && keys.every((k) => allowed.includes(k)) && (e.do.kind === "slain-roll" || e.conditions.attack === "any");
}

/** The sentence patterns (translate.ts BASE_PATTERNS, last). */
export function passive2Patterns(s: string, vocab: ReadonlySet<string>): Clause {
  if (/^This unit can use the 'Unbind' ability as if it had WIZARD \(1\)$/.test(s)) return [fx({ do: { kind: "unbind" } })];
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) (?:this unit's|its) power level$/.exec(s);
  if (m) return [fx({ do: { kind: "power-level", value: (m[1] === "Add" ? 1 : -1) * Number(m[2]) } })];
  if (/^Ignore the first damage point (?:that would be )?allocated to (?:this unit|it) (?:in )?each phase$/.test(s)) return [fx({ do: { kind: "ignore-first" } })];
  // "... that target friendly INFANTRY HEROES while those friendly units are within 3\" of this unit": "while they are".
  if (/ while those friendly units are /.test(s)) return basePatterns(s.replace(/ while those friendly units are /, " while they are "), vocab);
  const h = /^Each time this unit successfully casts a spell, Heal \(([1-3])\) this unit after that SPELL ability has been resolved$/.exec(s);
  if (h) return [fx({ do: { kind: "cast-heal", heal: Number(h[1]) } })];
  return rollsPatterns(s, vocab) ?? namedPower(s, vocab) ?? namedModel(s, vocab) ?? bigUnitNear(s, vocab);
}

/**
 * "X while there are any friendly IRONJAWZ units that have 10 or more models wholly within 12\" of it" (the Weirdnob
 * Shaman's Brutal Power), X on the unit itself without a condition: X with a `near` condition (them-within) whose
 * unit has that many models (`near.minModels`: attack.ts and the kernel's conditionsHold).
 */
function bigUnitNear(s: string, vocab: ReadonlySet<string>): Clause {
  const m = /^(.+) while there are any (friendly .+?) units that have (\d+) or more models (wholly within|within) (\d+)" of (?:it|this unit)$/.exec(s);
  if (!m) return null;
  const u = parseUnits(`${m[2]} units`, vocab);
  if (!u || u.side !== "friendly" || u.other || !u.filter || Number(m[3]) < 2 || Number(m[3]) > 40 || Number(m[5]) > 48) return null;
  const inner = basePatterns(m[1]!, vocab);
  if (!Array.isArray(inner) || !inner.every((e) => e.whom.side === "self" && e.conditions.near === undefined)) return null;
  const near = { filter: u.filter, range: Number(m[5]), wholly: m[4] === "wholly within", measured: "them-within" as const, minModels: Number(m[3]) };
  return inner.map((e) => ({ ...e, conditions: { ...e.conditions, near } }));
}

/** translate.ts's base patterns on a sentence (the first that reads it). */
function basePatterns(s: string, vocab: ReadonlySet<string>): Clause {
  for (const p of BASE_PATTERNS) {
    const r = p(s, vocab);
    if (r) return r;
  }
  return null;
}

/**
 * "While this unit's NAME is on the battlefield, X" / "While this unit includes [a|an ]NAME, X", X a clause the
 * patterns read whole on the unit itself without a condition ("ignore the first damage point ...", "add 1 to casting
 * rolls for this unit"): X. Decision (the champion's rule, docs/aos-battle-rules.md): the engines have no model
 * positions, so the named model is taken to be removed last: it is there while the unit is. A token (a sentence of
 * the same ability says "This unit's NAME is a token", which no pattern reads) never gets here.
 */
function namedModel(s: string, vocab: ReadonlySet<string>): Clause {
  const m = new RegExp(String.raw`^While this unit(?:'s (${MODEL}) is on the battlefield| includes (?:an? )?(${MODEL})), (.+)$`).exec(s);
  if (!m || /^(?:this|it)\b/i.test(m[1] ?? m[2]!)) return null;
  const inner = m[3]![0]!.toUpperCase() + m[3]!.slice(1);
  for (const p of BASE_PATTERNS) {
    const r = p(inner, vocab);
    if (!r) continue;
    if (!Array.isArray(r)) return null;
    const plain = r.every((e) => e.whom.side === "self" && Object.keys(e.conditions).every((k) => k === "attack" || (e.conditions as Record<string, unknown>)[k] === undefined) && e.conditions.attack === "any");
    return plain ? r : null;
  }
  return null;
}

/**
 * "Add/Subtract N to/from chanting rolls for this unit | UNITS ...", "Subtract N from casting rolls and unbinding rolls
 * for enemy WIZARDS while they are within 12\" of this unit" (the casting part is translate-casting.ts's kind).
 */
function rollsPatterns(s: string, vocab: ReadonlySet<string>): Clause {
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) (chanting rolls|unbinding rolls|casting rolls and unbinding rolls) for (.+)$/.exec(s);
  if (!m) return null;
  const value = (m[1] === "Add" ? 1 : -1) * Number(m[2]);
  const whom = parseWhomPhrase(m[4]!, vocab);
  if (!whom) return null;
  if (m[3] === "chanting rolls") return [fx({ whom, do: { kind: "chanting", value } })];
  if (m[3] === "unbinding rolls") return [fx({ whom, do: { kind: "unbinding", value } })];
  return [fx({ whom, do: { kind: "casting", value } }), fx({ whom, do: { kind: "unbinding", value } })];
}

/** "While this unit's NAME is on the battlefield, it has WIZARD (1) [and the X keyword]". */
function namedPower(s: string, vocab: ReadonlySet<string>): Clause {
  const m = new RegExp(String.raw`^While this unit's (${MODEL}) is on the battlefield, it has (?:\^\^)?(WIZARD|PRIEST) \(([1-3])\)(?: and the ([A-Z][A-Z'’ -]*) keyword| and (can use UNBIND abilities as if it had WIZARD \(1\)))?$`, "i").exec(s);
  if (!m || /^(?:this|it)\b/i.test(m[1]!)) return null;
  const power = m[2]!.toUpperCase() === "WIZARD" ? { wizard: Number(m[3]) } : { priest: Number(m[3]) };
  let keywords: string[] | undefined;
  if (m[4] !== undefined) {
    const ks = splitKeywords(m[4], vocab, false);
    if (!ks || ks.length !== 1) return null;
    keywords = ks;
  }
  const out: Effect[] = [fx({ do: { kind: "power", ...power, ...(keywords ? { keywords } : {}) } })];
  if (m[5] !== undefined) {
    if (m[2]!.toUpperCase() !== "PRIEST") return null;
    out.push(fx({ do: { kind: "unbind" } }));
  }
  return out;
}

/**
 * The slain-model trigger, a whole text (two sentences): "[While C, e|E]ach time a model in this unit is slain by a
 * combat attack and that model was in combat with the attacking unit, roll a dice | N dice. On a N+ | For each N+,
 * inflict X mortal damage on the attacking unit after the FIGHT ability has been resolved." Null for any other text.
 */
export function passive2Translation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const text = (a.effect ?? "").replace(/\s+/g, " ").trim().replace(/\.$/, "");
  const bullets = bulletAura(a, text, vocab);
  if (bullets) return bullets;
  const hidden = escortedHidden(text, vocab);
  if (hidden) return hidden;
  const m =
    /^(?:While (.+?), each|Each) time a model in this unit is slain by a combat attack and that model was in combat with the attacking unit, roll (a dice|[23] dice)\. (On a|For each) ([2-6])\+, inflict (\d|D3|D6) mortal damage on the attacking unit after the FIGHT ability has been resolved$/.exec(
      text,
    );
  if (!m) return null;
  const dice = m[2] === "a dice" ? 1 : Number(m[2]![0]);
  // "roll a dice. On a 5+" and "roll 2 dice. For each 5+": a single die takes "On a", several "For each".
  if ((dice === 1) !== (m[3] === "On a")) return null;
  let conditions: Partial<Effect["conditions"]> = { attack: "melee" };
  if (m[1] !== undefined) {
    const c = parseCondition(m[1], vocab, true);
    // The one condition the trigger's readers take: a friendly unit near (sourceFor, both engines).
    if (!c || Object.keys(c).some((k) => k !== "near")) return null;
    conditions = { ...conditions, ...c };
  }
  return { kind: "played", when: { timing: "passive" }, effects: [fx({ conditions, do: { kind: "slain-roll", dice, on: Number(m[4]), mortal: m[5]! } })] };
}

/**
 * "While they are wholly within 12\" of this unit: • Friendly X units have WARD (6+). • Friendly Y units have WARD
 * (5+)." (Ogor Mawtribes' Mawseekers): each bullet read as its own sentence with "while they are wholly within 12\" of
 * this unit" after it (translate-passive.ts reads those); every bullet must be played.
 */
function bulletAura(a: AbilityText, text: string, vocab: ReadonlySet<string>): Translation | null {
  const m = /^While they are ((?:wholly )?within \d+" of this unit): • (.+)$/.exec(text);
  if (!m) return null;
  const effects: Effect[] = [];
  for (const b of m[2]!.split(/\.? ?• /)) {
    const sentence = b.replace(/\.$/, "").trim();
    if (!/^Friendly /.test(sentence)) return null;
    const t = translateAbility({ name: a.name, timing: "Passive", effect: `${sentence} while they are ${m[1]}.` }, vocab);
    if (t.kind !== "played" || t.effects.some((e) => e.whom.side !== "friendly")) return null;
    effects.push(...t.effects);
  }
  return effects.length > 0 && effects.length <= 8 ? { kind: "played", when: { timing: "passive" }, effects } : null;
}

/**
 * "While this unit is within the combat range of a friendly INFANTRY unit that has 5 or more models and there are no
 * enemy units within this unit's combat range, this unit is not visible to enemy units": Hidden Weapon Team's `hidden`
 * (translate-common.ts) from every distance, while no enemy unit is within 3" of it (`clear`), with no "alone" clause.
 */
function escortedHidden(text: string, vocab: ReadonlySet<string>): Translation | null {
  const m = /^While this unit is within the combat range of a friendly ([A-Z0-9][A-Z0-9'’ -]*?) unit that has (\d+) or more models and there are no enemy units within this unit's combat range, this unit is not visible to enemy units$/.exec(text);
  if (!m) return null;
  const ks = splitKeywords(m[1]!, vocab, false);
  if (!ks || Number(m[2]) > 40) return null;
  return { kind: "played", when: { timing: "passive" }, effects: [fx({ do: { kind: "hidden", beyond: 0, escort: { filter: { keywords: ks }, minModels: Number(m[2]), range: 3 }, clear: 3 } })] };
}

