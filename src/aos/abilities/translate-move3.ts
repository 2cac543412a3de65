/**
 * The move3 area's translator (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"):
 * movement-, shooting- and charge-phase texts a wording away from what the engines play.
 *
 * Units passed across (read by translate-damage.ts parseTarget, played by the declared-ability steps with the
 * target condition `passedAcross`, battle/move3.ts):
 *   "[If this unit used a MOVE ability this phase, p|P]ick an | a | up to N enemy [KW ]unit(s) [that does not have
 *   FLY and ]that this unit passed across this phase | this turn to be the target(s)"
 * "this phase" only in a movement phase (the engines move no unit earlier in a turn, so the turn's record is the
 * phase's); "this turn" in a movement or charge phase. "If this unit used a MOVE ability this phase" is what
 * passing across a unit in the movement phase already says (it moved to do so), so it adds nothing.
 */
import type { Effect, EffectFilter, When } from "./schema.js";

export interface PassedTarget {
  filter?: EffectFilter;
  targets: "one";
  upTo?: number;
}

/**
 * The passed-across pick, or null. `units` reads the unit phrase ("unit", "INFANTRY or CAVALRY unit") into a
 * filter (undefined: any unit; null: not read).
 */
export function passedAcrossPick(d: string, units: (phrase: string) => EffectFilter | undefined | null): (PassedTarget & { scope: "phase" | "turn"; conditions: Partial<Effect["conditions"]> }) | null {
  const m = /^(?:If this unit used a MOVE ability this phase, p|P)ick (an|a|up to ([2-6])) enemy (.+?) (that does not have FLY and )?that this unit passed across this (phase|turn) to be the targets?$/.exec(d);
  if (!m) return null;
  const phrase = m[3]!;
  const plural = m[2] !== undefined;
  if (plural ? !/units$/.test(phrase) : !/unit$/.test(phrase)) return null;
  let filter = units(phrase);
  if (filter === null) return null;
  if (m[4] !== undefined) filter = { ...(filter ?? {}), notKeywords: [...(filter?.notKeywords ?? []), "FLY"] };
  return {
    ...(filter ? { filter } : {}),
    targets: "one",
    ...(m[2] !== undefined ? { upTo: Number(m[2]) } : {}),
    scope: m[5] as "phase" | "turn",
    conditions: { passedAcross: true },
  };
}

/** Whether a passed-across pick of `scope` reads whole under `when` (see the file comment). */
export function passedScopeHolds(when: When, scope: "phase" | "turn"): boolean {
  if (when.timing !== "phase") return false;
  return when.phase === "movement" || (scope === "turn" && when.phase === "charge");
}

/** "Roll a dice for each model in this unit that passed across the target": every model of the unit (one footprint). */
export function passedEffectText(s: string): string {
  return s.replace(/^Roll a dice for each model in this unit that passed across the target\./, "Roll a dice for each model in this unit.");
}

/**
 * The wordings of effects for a while that translate-status.ts reads once rewritten (its hook at the start of
 * translateStatus; the whole text is still read by its patterns, or nothing):
 * - "This unit can use this ability if it is not in combat. It has ...": "If this unit is not in combat, it has ...";
 * - "Pick a friendly X unit that is not in combat and is wholly within N" of this unit" with charge dice or a charge
 *   roll modifier: the step's pick already leaves out units in combat (they cannot charge: their score is 0);
 * - "a friendly Skyvessel": the SKYVESSEL keyword as the catalogue writes it in one declare (no warscroll has
 *   that name), when the vocabulary has the keyword;
 * - "Pick up to N friendly X units ... to be the targets. Effect: ... made by this unit and by each target": this
 *   unit and up to N others (translate-declared2.ts andSelfPick's form), the effect on "the target";
 * - "For the rest of the turn: • A. • B.": each bullet with its duration ("A for the rest of the turn. B for the
 *   rest of the turn."), read as the several sentences translate-status.ts reads.
 */
export function move3StatusText(text: string, vocab: ReadonlySet<string>): string {
  let t = text;
  // "This unit can use this ability if it is not in combat. It has WARD (4+) for the rest of the turn.": the condition first.
  const own = /^This unit can use this ability if it is not in combat\. It (.+)$/.exec(t.replace(/\s+/g, " ").trim());
  if (own) return `If this unit is not in combat, it ${own[1]}`;
  const d = /^Declare: ([\s\S]+?)\nEffect: ([\s\S]+)$/.exec(t);
  if (!d) return t;
  let declare = d[1]!;
  let effect = d[2]!;
  // "a friendly X unit that is not in combat and is wholly within N" ..." for charge dice or charge rolls: the status
  // step gives those only to a unit that may still charge (status.ts durationScore: not in combat), so the pick is the same.
  if (/making charge rolls for the target|charge rolls for the target/.test(effect)) declare = declare.replace(/^(Pick an? (?:visible )?friendly [^.]+? unit) that is not in combat and is (wholly within \d+" of this unit to be the target\.?)$/, "$1 $2");
  if (vocab.has("SKYVESSEL")) declare = declare.replace(/\bfriendly Skyvessel\b/g, "friendly SKYVESSEL");
  const self = /^Pick up to ([2-3]) friendly (.+ to be the targets\.?)$/.exec(declare.trim());
  if (self && /\bmade by this unit and by each target\b/.test(effect)) {
    declare = `Pick this unit and up to ${self[1]} other friendly ${self[2]}`;
    effect = effect.replace(/\bmade by this unit and by each target\b/g, "made by the target");
  }
  const bullets = /^For the rest of the turn: • ([^•]+?)\.? • ([^•]+?)\.?$/.exec(effect.replace(/\s+/g, " ").trim());
  if (bullets) effect = `${bullets[1]} for the rest of the turn. ${bullets[2]} for the rest of the turn.`;
  t = `Declare: ${declare}\nEffect: ${effect}`;
  return t;
}

/** "Pick up to N ...": the effect's "for the targets" is each target's (translate-status.ts maps the other wordings). */
export function move3TargetsWording(s: string): string {
  return s.replace(/\bfor the targets\b/g, "for the target");
}

/**
 * "If this unit charged this phase | turn and the unmodified charge roll was N+, REST": the unit's charge this turn
 * (`charged`) and its unmodified roll (`chargeRoll`: battle/move3.ts records the dice of a charge that succeeded).
 */
export function chargeRollCondition(s: string): { rest: string; cond: Partial<Effect["conditions"]> } | null {
  const m = /^If this unit charged this (?:phase|turn) and the unmodified charge roll was ([3-9]|1[0-8])\+, (.+)$/.exec(s);
  return m ? { rest: m[2]!, cond: { charged: true, chargeRoll: Number(m[1]) } } : null;
}

/**
 * "Roll a number of dice equal to the unmodified charge roll [for that CHARGE ability]. For each 4+, inflict 1 mortal
 * damage on the target" | "For each roll that exceeds the target's Save characteristic, the target suffers 1 mortal
 * damage": a dice for each point of the unit's unmodified charge roll this turn (`per: "charge-roll"`), or null.
 */
export function chargeRollMortal(s: string): { kind: "mortal"; per: "charge-roll"; dice: "D6"; each: 1; on?: number; vs?: { stat: "save"; rule: "exceeds" } } | null {
  const m = /^Roll a number of dice equal to the unmodified charge roll(?: for that CHARGE ability)?\. For each (?:([2-6])\+, inflict 1 mortal damage on the target|roll that exceeds the target's Save characteristic, (?:the target suffers 1 mortal damage|inflict 1 mortal damage on the target))$/.exec(s);
  if (!m) return null;
  return { kind: "mortal", per: "charge-roll", dice: "D6", each: 1, ...(m[1] ? { on: Number(m[1]) } : { vs: { stat: "save", rule: "exceeds" } }) };
}
