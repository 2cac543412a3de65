/**
 * Mortal damage, slays and healing in every phase (docs/abilities.md "Mortal damage, slays and healing in every
 * phase"): what the declared-ability steps (combat-abilities.ts useStepAbilities) play beyond their first forms.
 * The kernel's twin is assembly/battle/damage.ts: the same rolls in the same order, the same picks.
 *
 * - The dice of a mortal effect: as many as the target's Health characteristic, its damage points or the unit's
 *   own (`per`), at least `minDice` ("either 3 dice or ...": more dice only add damage, so the larger), at most
 *   `maxDice`; a first D6 (`gate`) below which nothing more is rolled; the dice summed into one roll (`summed`,
 *   "Roll 2D6"); a roll counting against the target's Health, Save, models or damage points (`vs`) instead of
 *   a threshold; a better damage on a high roll (`top`); bonuses to each roll (`bonus` against a keyword,
 *   `rollBonus`: the target charged, has more models than the unit, more than N models), and "equal to the
 *   roll" is the roll with them; more damage in total, if any (`extra`: plus N or doubled against a keyword,
 *   or if the unit with the ability charged this turn).
 * - Slays on N dice (`rolls`): each one that reaches the rule slays a model.
 * - Heal (X) of friendly units (`whom` friendly: one — the unit healed the most on average, then the lowest id —
 *   each of them, or the N best; `on`: a D6 first for each), and of the unit itself in the phases healing.ts does
 *   not play (a damaged unit only, as there).
 * - "Once Per Battle" (no "(Army)"): once for each unit (BattleData.effectsUsed holds `key#id`; the kernel's
 *   per-unit mask U.DMG_BATTLE), here and in healing.ts.
 */
import { chargeRollOf } from "./move3.js";
import type { DiceExpr } from "../../core/dice.js";
import { keywordIn, type PlayedEffect } from "../abilities/index.js";
import { whomHolds } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { battleView } from "./effects.js";
import { healingForbidden } from "./healing.js";
import type { Player } from "./state.js";
import { visible } from "./visibility.js";

type MortalDo = Extract<PlayedEffect["effect"]["do"], { kind: "mortal" }>;
type HealDo = Extract<PlayedEffect["effect"]["do"], { kind: "heal" }>;

/** The key of a per-unit "Once Per Battle" use in BattleData.effectsUsed. */
export const unitKey = (pe: PlayedEffect, id: number): string => `${pe.key}#${id}`;

/** Whether `id` used `pe`'s ability, once per battle for the unit, already. */
export function usedByUnit(b: Battle, pe: PlayedEffect, id: number): boolean {
  return (b.data.effectsUsed?.[b.ownerOf(id)] ?? []).includes(unitKey(pe, id));
}

export function markUsedByUnit(b: Battle, pe: PlayedEffect, id: number): void {
  (b.data.effectsUsed ??= [[], []])[b.ownerOf(id)].push(unitKey(pe, id));
}

/**
 * A heal the declared steps play (not healing.ts): of friendly units, or of the unit itself in a phase healing.ts
 * does not play (it plays your hero phase, the start and the end of a turn, and after a fight).
 */
export function isStepHeal(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind !== "heal" || w.timing !== "phase" || d.amount === "damage-dealt" || d.amount === "half-damage") return false;
  if (pe.effect.whom.side === "friendly") return true;
  return pe.effect.whom.side === "self" && !((w.phase === "hero" && w.whose === "your") || w.phase === "end-of-turn" || w.phase === "start-of-turn");
}

/** The number of dice of a mortal effect of `s` on `t` (its `per`, `rolls`, `minDice`, `maxDice`); summed dice: the rolls. */
export function mortalDiceCount(b: Battle, d: MortalDo, s: number, t: number): number {
  const per =
    d.per === "once"
      ? 1
      : d.per === "model"
        ? b.unit(s).models
        : d.per === "target-model"
          ? b.unit(t).models
          : d.per === "round"
            ? b.data.round
            : d.per === "target-health"
              ? b.profile(t).health
              : d.per === "target-damage"
                ? b.unit(t).damage
                : d.per === "charge-roll"
                  ? chargeRollOf(b, s) // move3.ts: the unmodified roll of its charge this turn
                  : b.unit(s).damage;
  let n = (d.summed ? 1 : d.dice.count) * (d.rolls ?? 1) * per;
  if (d.minDice !== undefined) n = Math.max(n, d.minDice);
  if (d.maxDice !== undefined) n = Math.min(n, d.maxDice);
  return n;
}

/** The bonus added to each roll of `d` from `s` on `t`: against a keyword, and `rollBonus`. */
export function rollBonusOf(b: Battle, d: MortalDo, s: number, t: number): number {
  let add = d.bonus && keywordIn(b.profile(t).keywords, d.bonus.keyword) ? d.bonus.add : 0;
  const rb = d.rollBonus;
  // hashut6: "Add the number of daemonic power points this unit has" (the unit with the ability's: battle/hashut6.ts).
  if (rb?.if === "daemonic-points") add += rb.add * (b.unit(s).daemonic ?? 0);
  else if (rb) {
    const on =
      rb.if === "target-charged" ? b.unit(t).charged : rb.if === "target-more-models" ? b.unit(t).models > b.unit(s).models : rb.if === "target-damaged" ? b.unit(t).damage > 0 : b.unit(t).models > (rb.models ?? 0);
    if (on) add += rb.add;
  }
  return add;
}

/** Whether a roll (with its bonus) `r` counts against `t`: `on`, or `vs` the target's characteristic. */
export function rollCounts(b: Battle, d: MortalDo, t: number, r: number, on: number): boolean {
  if (r < on) return false;
  if (!d.vs) return true;
  const stat = d.vs.stat === "health" ? b.profile(t).health : d.vs.stat === "save" ? (b.profile(t).save ?? 7) : d.vs.stat === "models" ? b.unit(t).models : b.unit(t).damage;
  if (d.vs.stat === "save" && b.profile(t).save === null) return false; // no Save characteristic: nothing exceeds it
  return d.vs.rule === "exceeds" ? r > stat : d.vs.rule === "at-most" ? r <= stat : r < stat;
}

/** Whether `extra` applies to `s`'s effect on `t`. */
export function extraApplies(b: Battle, d: MortalDo, s: number, t: number): boolean {
  const x = d.extra;
  if (!x) return false;
  if (x.charged && !b.unit(s).charged) return false;
  if (x.anyKeywords && !x.anyKeywords.some((k) => keywordIn(b.profile(t).keywords, k))) return false;
  return true;
}

/** The mortal damage after `extra` (if any was inflicted). */
export function withExtra(b: Battle, d: MortalDo, s: number, t: number, points: number): number {
  if (points <= 0 || !extraApplies(b, d, s, t)) return points;
  return d.extra!.double ? points * 2 : points + (d.extra!.add ?? 0);
}

const mean2 = (x: DiceExpr) => x.count * (x.sides + 1) + 2 * x.plus;

/**
 * The damage2 scale of a counted roll `r` (with its bonus) for the pick: twice the mean when a dice is rolled for
 * it, `k` times the fixed or rolled amount else (k = 2 when `top` or `damage` make the scale twice the mean).
 */
function faceValue(d: MortalDo, r: number): number {
  const k = d.damage || d.top ? 2 : 1;
  if (d.top && r >= d.top.from) return mean2(d.top.damage);
  if (d.damage) return mean2(d.damage);
  return k * (d.each === "roll" ? r : d.each);
}

/** The new forms' pick score of `d` from `s` on `t` (combat-abilities.ts mortalScore when one of them is present). */
export function mortalScoreNew(b: Battle, d: MortalDo, s: number, t: number, on: number): number {
  const n = mortalDiceCount(b, d, s, t);
  const bonus = rollBonusOf(b, d, s, t);
  const extra = extraApplies(b, d, s, t) ? d.extra! : null;
  const k = d.damage || d.top ? 2 : 1;
  const face = (r: number) => {
    if (!rollCounts(b, d, t, r + bonus, on)) return 0;
    let v = faceValue(d, r + bonus);
    if (extra?.add) v += k * extra.add;
    if (extra?.double) v *= 2;
    return v;
  };
  let sum = 0;
  if (d.summed) {
    // Every outcome of the summed dice (2D6: 36 of them).
    const outcomes = (count: number): number[] => (count === 0 ? [0] : outcomes(count - 1).flatMap((x) => Array.from({ length: d.dice.sides }, (_, i) => x + i + 1)));
    for (const r of outcomes(d.dice.count)) sum += face(r);
  } else for (let r = 1; r <= d.dice.sides; r++) sum += face(r);
  return n * sum * (d.gate !== undefined ? 7 - d.gate : 1);
}

/** Whether `d` uses one of the new forms (else combat-abilities.ts keeps its first formula, die for die). */
export function isNewMortal(d: MortalDo): boolean {
  return (
    d.per === "target-health" ||
    d.per === "target-damage" ||
    d.per === "self-damage" ||
    d.per === "charge-roll" ||
    d.minDice !== undefined ||
    d.maxDice !== undefined ||
    d.gate !== undefined ||
    d.summed === true ||
    d.vs !== undefined ||
    d.top !== undefined ||
    d.rollBonus !== undefined ||
    d.extra !== undefined ||
    (d.damage !== undefined && d.damage.plus !== 0) ||
    (d.bonus !== undefined && d.each === "roll")
  );
}

/** The new forms' dice of `d` from `s` on `t`: the mortal damage inflicted before the ward (combat-abilities.ts resolveMortal). */
export function rollMortalNew(b: Battle, d: MortalDo, s: number, t: number, on: number): number {
  if (d.gate !== undefined && b.rng.d6() < d.gate) return 0;
  const n = mortalDiceCount(b, d, s, t);
  const bonus = rollBonusOf(b, d, s, t);
  const roll = (x: DiceExpr) => {
    let v = x.plus;
    for (let j = 0; j < x.count; j++) v += b.rng.roll(x.sides);
    return Math.max(0, v);
  };
  let points = 0;
  for (let i = 0; i < n; i++) {
    let r = 0;
    if (d.summed) for (let j = 0; j < d.dice.count; j++) r += b.rng.roll(d.dice.sides);
    else r = b.rng.roll(d.dice.sides);
    r += bonus;
    if (!rollCounts(b, d, t, r, on)) continue;
    if (d.top && r >= d.top.from) points += roll(d.top.damage);
    else if (d.damage) points += roll(d.damage);
    else points += d.each === "roll" ? r : d.each;
  }
  return withExtra(b, d, s, t, points);
}

// ------------------------------------------------------------------------------------------- healing

/**
 * The pick score of Heal (X) on `t`: the damage points it would remove, summed over X's outcomes; for a heal per
 * model of `s` ("For each 4-5, Heal (1)"), the smaller of 6 times its damage points and its expected heal times 6.
 */
function healScore(b: Battle, d: HealDo, x: DiceExpr, s: number, t: number): number {
  const dmg = b.unit(t).damage;
  if (d.perModel) return Math.min(6 * dmg, b.unit(s).models * perModelFaces(d, x));
  if (x.count === 0) return Math.min(dmg, x.plus);
  const outcomes = (count: number): number[] => (count === 0 ? [x.plus] : outcomes(count - 1).flatMap((v) => Array.from({ length: x.sides }, (_, i) => v + i + 1)));
  return outcomes(x.count).reduce((sum, v) => sum + Math.min(dmg, Math.max(0, v)), 0);
}

/** The heal of a per-model roll of `r`. */
function perModelHeal(d: HealDo, x: DiceExpr, r: number): number {
  const p = d.perModel!;
  return p.top && r >= p.top.from ? p.top.amount : r >= p.on ? x.plus : 0;
}

/** The heal of the six faces of a per-model roll, summed. */
function perModelFaces(d: HealDo, x: DiceExpr): number {
  let sum = 0;
  for (let r = 1; r <= 6; r++) sum += perModelHeal(d, x, r);
  return sum;
}

function rollAmount(b: Battle, x: DiceExpr): number {
  let v = x.plus;
  for (let j = 0; j < x.count; j++) v += b.rng.roll(x.sides);
  return Math.max(0, v);
}

/**
 * A step heal used by `s` now (isStepHeal); returns whether it was used (a target healed or rolled for). The
 * targets: damaged units `whom` names (friendly: `visible` ones with that condition) that may be healed.
 */
export function useStepHeal(b: Battle, pe: PlayedEffect, s: number): boolean {
  const d = pe.effect.do as HealDo;
  const x = d.amount as DiceExpr;
  const c = pe.effect.conditions;
  const v = battleView(b);
  const owner = b.ownerOf(s) as Player;
  const candidates = b.deployed(owner).filter((t) => whomHolds(v, pe.effect, s, t) && b.unit(t).damage > 0 && (!c.visible || t === s || visible(b, s, t)) && !healingForbidden(b, t));
  let chosen: number[];
  if (pe.effect.whom.side === "self" || d.targets === "each") chosen = candidates;
  else {
    // The N best (one without upTo): the most healed on average, then the lowest id.
    const left = [...candidates];
    chosen = [];
    for (let i = 0; i < (d.upTo ?? 1); i++) {
      let best = -1;
      let bestScore = 0;
      for (const t of left) {
        const sc = healScore(b, d, x, s, t);
        if (sc > bestScore) [best, bestScore] = [t, sc];
      }
      if (best < 0) break;
      chosen.push(best);
      left.splice(left.indexOf(best), 1);
    }
    chosen.sort((p, q) => p - q);
  }
  if (chosen.length === 0) return false;
  for (const t of chosen) {
    if (d.on !== undefined && b.rng.d6() < d.on) {
      b.say(`${b.profile(s).name} uses ${pe.ability.name} on ${b.profile(t).name}: nothing.`);
      continue;
    }
    let amount = 0;
    if (d.perModel) for (let i = 0; i < b.unit(s).models; i++) amount += perModelHeal(d, x, b.rng.d6());
    else amount = rollAmount(b, x);
    const healed = Math.min(b.unit(t).damage, amount);
    b.unit(t).damage -= healed;
    b.say(`${b.profile(s).name} uses ${pe.ability.name}${t === s ? "" : ` on ${b.profile(t).name}`}: Heal (${amount}), ${healed} damage point${healed === 1 ? "" : "s"} removed.`);
  }
  return true;
}
