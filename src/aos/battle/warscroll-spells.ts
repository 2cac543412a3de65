/**
 * Warscroll spells and prayers (CORE-SPELLS, CORE-UNBIND, CORE-PRAYERS; docs/abilities.md "Warscroll spells and
 * prayers"): the played abilities whose timing is `spell` or `prayer` in the hero phase. A spell is cast like
 * Metamorphosis (spells.ts castingRollValue: a WIZARD (N) casts N spells a phase, a double 1 miscasts, an enemy
 * WIZARD within 30" may unbind); a prayer is chanted (chantingRoll below: a PRIEST (N) chants N prayers a phase,
 * a D6 plus its ritual points, never unbound). Each spell or prayer once a phase for the army.
 *
 * Targets: the units its effects name (each effect's `whom`; "self" effects are on the caster, whatever the
 * target), `visible` when an effect says so; one, or `when.targets` (up to N, every one, more on a high roll).
 * Its effects, in data order, each on the targets it names (ascending id):
 * - `mortal`: dice once, per model, per target model, as many as the casting roll or the target's Health (to a
 *   maximum), or a fixed amount; on a roll; worth 1, the roll or a rolled amount; `around`: on each other unit of
 *   the target's army within that of the target instead; then the ward, allocation and casualties;
 * - `slay` "casting-roll-exceeds-health": the target is destroyed when the unmodified casting roll exceeds its
 *   Health, and cannot be replaced;
 * - `for-the-turn`: a modifier on the unit (a token, attack.ts turnToken; `until` "your-next-turn": until the
 *   caster's army's next turn starts): hit / wound (by or against), save, rend, damage, attacks, ward,
 *   strike-first / strike-last, weapon abilities off, Grief-stricken's ignore-positive, control (per round);
 * - `conditions.castingRoll` (the casting roll, or the chanting roll with its ritual points): only when it was at
 *   least / at most that; `conditions.afterSlain`: only if the spell's mortal damage before it slew a model.
 *
 * The scripted rule (the kernel's twin is assembly/battle/warscroll-spells.ts, the same order and numbers): the
 * first caster by id that can cast or chant; of its spells and prayers the highest score (ties: data order);
 * its targets the highest scores, then the fewest wounds left, then the lowest id. A spell's score is its "self"
 * effects' on the caster plus its targets' (targetScore); effects needing a casting roll of at least N are left
 * out (the better outcome of a high roll), as is mortal damage that needs models slain first. A spell scoring
 * 0 is not cast. Warscroll spells come before Metamorphosis (policy.ts).
 */
import { afterCast, powerLevel, rollBonus } from "./passive2.js";
import { resisted } from "./common.js";
import { turnToken, whomHolds } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Ability, SpellTargets } from "../abilities/schema.js";
import { carriersLeft, inflictMortal } from "./attacks.js";
import type { Battle } from "./battle.js";
import { destroyIfSlain } from "./casualties.js";
import type { Choice } from "./choice.js";
import { weaponAttacks } from "./damaged.js";
import { battleEffects, battleView, unitWard } from "./effects.js";
import { castingRollValue } from "./spells.js";
import { lastGamble } from "./react4.js";
import { castingBonus } from "./casting.js";
import type { Player } from "./state.js";
import { addToken, hasToken, TOKEN } from "./tokens.js";
import { hasKeyword } from "./units.js";
import { visible } from "./visibility.js";
import { hasStrikeLast } from "./moves.js";
import { returnable, returnsForbidden } from "./healing.js";

/** The token of a spell's modifier "until the start of your next turn", cast by `player` (removed when that army's turn starts: turn.ts beginTurn). */
export const UNTIL_TOKEN_PREFIX = "until-your-next-turn:";
export function untilToken(player: number, turnTok: string): string {
  return `${UNTIL_TOKEN_PREFIX}${player}:${turnTok}`;
}

/** A unit destroyed by a spell that says it "cannot be replaced for the rest of the battle" (replacement.ts reads it). */
export const NO_REPLACEMENT_TOKEN = "cannot-be-replaced";

type MortalDo = Extract<PlayedEffect["effect"]["do"], { kind: "mortal" }>;
type TurnDo = Extract<PlayedEffect["effect"]["do"], { kind: "for-the-turn" }>;
type Casting = Extract<Ability["when"], { timing: "spell" | "prayer" }>;

const CONDITION_KEYS = new Set(["attack", "castingRoll", "afterSlain", "visible", "option"]);

/** A spell or prayer effect the engines play (see the file's comment). */
export function isSpellEffect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  if ((w.timing !== "spell" && w.timing !== "prayer") || w.phase !== "hero") return false;
  const c = pe.effect.conditions;
  if (Object.keys(c).some((k) => !CONDITION_KEYS.has(k) || (k === "attack" && c.attack !== "any" && pe.effect.do.kind !== "for-the-turn"))) return false;
  const d = pe.effect.do;
  if (d.kind === "mortal") {
    // A fixed amount (no dice) or dice without a modifier; one target at a time (the spell picks its targets).
    if (d.dice.count > 0 && d.dice.plus !== 0) return false;
    if (d.targets !== "one" || d.upTo !== undefined || (d.damage !== undefined && d.damage.plus !== 0)) return false;
    // The declared steps' forms (damage.ts: a minimum of dice, a first dice, a summed roll, a characteristic to beat, a
    // top band, a roll bonus, extra damage) and dice per damage point are not a spell's.
    if (d.per === "target-damage" || d.per === "self-damage" || d.minDice !== undefined || d.gate !== undefined || d.summed || d.vs || d.top || d.rollBonus || d.extra) return false;
    if (d.dice.count === 0 && (d.per !== "once" || d.on !== undefined || d.rolls !== undefined)) return false;
    return !(d.per === "casting-roll" && w.timing !== "spell");
  }
  if (d.kind === "slay") return d.rule === "casting-roll-exceeds-health" && w.timing === "spell" && pe.effect.whom.side === "enemy";
  // Returning slain models to a friendly target: a count or a Health budget, no roll first, no other count.
  if (d.kind === "return-models") return pe.effect.whom.side === "friendly" && (d.count !== undefined) !== (d.health !== undefined) && d.on === undefined && d.instead === undefined && d.least === undefined && d.targets === "one";
  if (d.kind !== "for-the-turn") return false;
  return !d.companionOnly && d.on === undefined && d.afterDamage === undefined && (d.set !== "control" || pe.effect.whom.side === "enemy");
}

/** The ability is a spell or prayer the engines can cast: every effect a spell effect, "afterSlain" only after mortal damage. */
export function spellOf(ability: Ability): boolean {
  const w = ability.when;
  if ((w.timing !== "spell" && w.timing !== "prayer") || w.phase !== "hero" || ability.effects.length === 0) return false;
  if (!ability.effects.every((e) => isSpellEffect({ ability, effect: e, key: "" }))) return false;
  if (ability.effects.some((e) => e.conditions.option !== undefined && e.whom.side === "self")) return false;
  return ability.effects.every((e, i) => !e.conditions.afterSlain || ability.effects.slice(0, i).some((x) => x.do.kind === "mortal"));
}

export interface BattleSpell {
  key: string;
  ability: Ability;
  effects: PlayedEffect[];
}

/** The battle's warscroll spells and prayers: each ability once, with its effects (data order). */
export function battleSpells(b: Battle): BattleSpell[] {
  const out: BattleSpell[] = [];
  for (const pe of battleEffects(b)) {
    if (!isSpellEffect(pe)) continue;
    const last = out[out.length - 1];
    if (last && last.key === pe.key && last.ability === pe.ability) last.effects.push(pe);
    else out.push({ key: pe.key, ability: pe.ability, effects: [pe] });
  }
  return out.filter((s) => s.effects.length === s.ability.effects.length && spellOf(s.ability));
}

const woundsLeft = (b: Battle, id: number) => b.unit(id).models * b.profile(id).health - b.unit(id).damage;

/** Twice the mean Attacks of `x`'s weapons (melee, ranged or all) times their carriers left: an integer. */
function attackScore(b: Battle, x: number, attack: "melee" | "ranged" | "any"): number {
  const p = b.profile(x);
  const u = b.unit(x);
  let score = 0;
  for (const w of p.weapons) {
    if (attack !== "any" && (attack === "melee") !== (w.type === "melee")) continue;
    const a = weaponAttacks(w, p, u);
    score += (a.count * (a.sides + 1) + 2 * a.plus) * carriersLeft(w, p, u);
  }
  return score;
}

/** Whether for-the-turn effect `pe` is on unit `x` now (for the turn or until a caster's next turn). */
export function spellOn(b: Battle, pe: PlayedEffect, x: number): boolean {
  const u = b.unit(x);
  const t = turnToken(pe);
  return hasToken(u, t) || hasToken(u, untilToken(0, t)) || hasToken(u, untilToken(1, t));
}

/** STRIKE-FIRST / STRIKE-LAST on unit `x` from a spell (combat.ts and moves.ts read it with the keyword and the tokens). */
export function spellStrike(b: Battle, x: number, set: "strike-first" | "strike-last"): boolean {
  if (b.unit(x).tokens.length === 0) return false;
  const effects = battleEffects(b);
  let strikes = strikeCache.get(effects);
  if (!strikes) {
    strikes = effects.filter((pe) => pe.effect.do.kind === "for-the-turn" && (pe.effect.do.set === "strike-first" || pe.effect.do.set === "strike-last") && isSpellEffect(pe));
    strikeCache.set(effects, strikes);
  }
  for (const pe of strikes) if ((pe.effect.do as TurnDo).set === set && spellOn(b, pe, x)) return true;
  return false;
}
const strikeCache = new WeakMap<readonly PlayedEffect[], PlayedEffect[]>();

/**
 * A modifier's worth on `x` (an integer, the same in the kernel): 0 when it does not help the caster's army or `x`
 * has it already; offensive ones (hit, wound, rend, damage, attacks by `x`'s weapons, STRIKE-FIRST / LAST, weapon
 * abilities off, ignore-positive) the attack score of the weapons it concerns (melee for the strike order); defensive
 * ones (hit or wound against `x`, save, ward) its wounds left; a control score's, its models times its Control.
 */
function modifierScore(b: Battle, pe: PlayedEffect, d: TurnDo, caster: number, x: number): number {
  const friendly = b.ownerOf(x) === b.ownerOf(caster);
  if (spellOn(b, pe, x)) return 0;
  const attack = pe.effect.conditions.attack;
  switch (d.set) {
    case "strike-first":
      if (!friendly || hasKeyword(b.profile(x), "STRIKE-FIRST") || hasToken(b.unit(x), TOKEN.strikeFirst) || spellStrike(b, x, "strike-first")) return 0;
      return attackScore(b, x, "melee");
    case "strike-last":
      if (friendly || hasStrikeLast(b, x) || spellStrike(b, x, "strike-last")) return 0;
      return attackScore(b, x, "melee");
    case "ward": {
      // Worth nothing to a unit with this ward or a better one already (18.1: the lowest applies).
      const own = unitWard(b, x);
      return friendly && (own === null || own > d.value!) ? woundsLeft(b, x) : 0;
    }
    case "save":
      return (d.value! > 0) === friendly ? woundsLeft(b, x) : 0;
    case "control":
      return friendly ? 0 : b.unit(x).models * b.profile(x).control;
    case "no-commands":
      // hero3: declared2.ts noCommandsScore's worth (1 on an enemy MONSTER with Battle Damaged data: Feral Roar, the
      // engines' only command); a spell is cast in its caster's hero phase, so that turn's combat phase is still to come.
      return !friendly && b.isMonster(x) && b.profile(x).battleDamaged !== undefined ? 1 : 0;
    case "weapon-abilities-off":
    case "ignore-positive":
      return friendly ? 0 : attackScore(b, x, attack);
    case "weapon-ability":
      return friendly ? attackScore(b, x, attack) : 0; // hero3: a Crit for a while (its weapons' Attacks, as the other modifiers)
    default: {
      const against = d.direction === "against";
      // By x's weapons: a positive one helps a friendly unit; against x (the attacks that target it): a negative one does.
      if ((d.value! > 0) !== (against ? !friendly : friendly)) return 0;
      return against ? woundsLeft(b, x) : attackScore(b, x, attack);
    }
  }
}

/** Dice of a spell's mortal damage on `t` (the casting roll for "as many dice as the casting roll"). */
function mortalDice(b: Battle, d: MortalDo, s: number, t: number, castRoll: number): number {
  const models = (id: number) => b.unit(id).models;
  let per: number;
  switch (d.per) {
    case "once": per = 1; break;
    case "model": per = models(s); break;
    case "target-model": per = models(t); break;
    case "round": per = b.data.round; break;
    case "casting-roll": per = castRoll; break;
    case "target-health": per = b.profile(t).health; break;
    default: throw new Error(`a spell's mortal damage per ${d.per} (isSpellEffect refuses it)`);
  }
  const n = d.dice.count * (d.rolls ?? 1) * per;
  return d.maxDice !== undefined ? Math.min(d.maxDice, n) : n;
}

/** Expected mortal damage on `t` times 12 (an integer); the casting roll's mean, 7, for its dice. */
function mortalOn(b: Battle, d: MortalDo, s: number, t: number): number {
  if (d.dice.count === 0) return 12 * d.dice.plus;
  const n = mortalDice(b, d, s, t, 7);
  const on = d.on ?? 1;
  let sum = 0;
  // Each counted roll's damage times 2: the roll, a fixed amount, or a rolled amount's mean.
  for (let r = 1; r <= d.dice.sides; r++) if (r >= on) sum += d.damage ? d.damage.count * (d.damage.sides + 1) : 2 * (d.each === "roll" ? r : d.each);
  return n * (6 / d.dice.sides) * sum;
}

/** The units a mortal effect on target `t` hits: `t`, or (around) each other unit of `t`'s army within that of it (ascending ids). */
function mortalVictims(b: Battle, d: MortalDo, t: number): number[] {
  if (d.around === undefined) return [t];
  return b.deployed(b.ownerOf(t)).filter((x) => x !== t && b.distance(x, t) <= d.around! + 1e-9);
}

/** 2D6 outcomes (of 36) above `n`. */
function waysAbove(n: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (a + c > n) ways++;
  return ways;
}

/** One effect's worth on `t` from `caster` (the scripted pick's numbers). */
function effectScore(b: Battle, pe: PlayedEffect, caster: number, t: number): number {
  const c = pe.effect.conditions;
  if (c.castingRoll?.atLeast !== undefined || c.afterSlain) return 0; // the better outcome of a high roll / a kill
  const d = pe.effect.do;
  const enemy = b.ownerOf(t) !== b.ownerOf(caster);
  if (d.kind === "mortal") return enemy ? mortalVictims(b, d, t).reduce((s, x) => s + mortalOn(b, d, caster, x), 0) : 0;
  if (d.kind === "slay") return enemy ? waysAbove(b.profile(t).health) * woundsLeft(b, t) : 0;
  if (d.kind === "for-the-turn") return modifierScore(b, pe, d, caster, t);
  if (d.kind === "return-models") return enemy || returnsForbidden(b, t) ? 0 : returnable(b, t, returnWanted(b, d, t, null)) * b.profile(t).health;
  return 0;
}

type ReturnDo = Extract<PlayedEffect["effect"]["do"], { kind: "return-models" }>;

/** The models a return effect asks for on `t`: a count, or a Health budget over its Health; `roll` its dice (null: their mean, rounded down). */
function returnWanted(b: Battle, d: ReturnDo, t: number, roll: number | null): number {
  const x = (d.health ?? d.count)!;
  const v = roll ?? Math.floor((x.count * (x.sides + 1)) / 2) + x.plus;
  return d.health ? Math.floor(v / b.profile(t).health) : v;
}

/** Whether effect `pe` of `caster` concerns unit `t` (whom, visibility). */
function names(b: Battle, pe: PlayedEffect, caster: number, t: number): boolean {
  if (pe.effect.whom.side === "self") return t === caster;
  return whomHolds(battleView(b), pe.effect, caster, t) && (!pe.effect.conditions.visible || visible(b, caster, t));
}

/** A target's worth: the effects that concern it (not the self ones), with its best option (pickOption). */
function targetScore(b: Battle, s: BattleSpell, caster: number, t: number): number {
  let score = 0;
  for (const pe of s.effects) if (pe.effect.whom.side !== "self" && pe.effect.conditions.option === undefined && names(b, pe, caster, t)) score += effectScore(b, pe, caster, t);
  return score + pickOption(b, s, caster, t).score;
}

/**
 * "Pick 1 of the following effects": the option the caster picks for target `t` — the one whose effects that name
 * it score the most, the first on a tie; 0 when no option names it.
 */
function pickOption(b: Battle, s: BattleSpell, caster: number, t: number): { option: number; score: number } {
  let best = { option: 0, score: 0 };
  for (let o = 1; o <= 4; o++) {
    let named = false;
    let score = 0;
    for (const pe of s.effects) {
      if (pe.effect.conditions.option !== o || pe.effect.whom.side === "self" || !names(b, pe, caster, t)) continue;
      named = true;
      score += effectScore(b, pe, caster, t);
    }
    if (named && (best.option === 0 || score > best.score)) best = { option: o, score };
  }
  return best;
}

/** The units the spell's targeted effects name from `caster` (ascending ids). */
function candidates(b: Battle, s: BattleSpell, caster: number, needVisible = true): number[] {
  const targeted = s.effects.filter((pe) => pe.effect.whom.side !== "self");
  if (targeted.length === 0) return [];
  const v = battleView(b);
  return b.deployed().filter((t) => targeted.some((pe) => whomHolds(v, pe.effect, caster, t) && (!needVisible || !pe.effect.conditions.visible || visible(b, caster, t))));
}

/** Of `ts`, the best (highest score, fewest wounds left, lowest id) first. */
function ranked(b: Battle, ts: readonly { t: number; score: number }[]): { t: number; score: number }[] {
  return [...ts].sort((x, y) => y.score - x.score || woundsLeft(b, x.t) - woundsLeft(b, y.t) || x.t - y.t);
}

/** 2D6 outcomes (of 36) that cast at `value` after subtracting `minus`: no double 1. */
function waysToCast(value: number, minus: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (!(a === 1 && c === 1) && a + c - minus >= value) ways++;
  return ways;
}

export interface SpellPick {
  /** The declared targets (ascending ids); none for a spell on the caster alone. */
  targets: number[];
  score: number;
}

/** The scripted targets of spell `s` from `caster`, and the spell's score; null when it scores 0. */
export function spellPick(b: Battle, s: BattleSpell, caster: number): SpellPick | null {
  const w = s.ability.when as Casting;
  const tg: SpellTargets = w.targets ?? {};
  let self = 0;
  for (const pe of s.effects) if (pe.effect.whom.side === "self") self += effectScore(b, pe, caster, caster);
  const targeted = s.effects.some((pe) => pe.effect.whom.side !== "self");
  if (!targeted) return self > 0 ? { targets: [], score: self } : null;
  const scored = ranked(b, candidates(b, s, caster).map((t) => ({ t, score: targetScore(b, s, caster, t) })).filter((x) => x.score > 0));
  let picked: { t: number; score: number }[];
  if (tg.every) picked = scored;
  else if (tg.penalty !== undefined) {
    // "Subtract 1 from the casting roll for each target you picked after the first": the count with the most
    // expected worth (the 2D6 outcomes that cast times the targets' scores), the fewest on a tie.
    // With the caster's casting-roll modifiers (casting.ts), as the roll will have them.
    const bonus = w.timing === "spell" ? castingBonus(b, caster) : 0;
    let best = 0;
    let bestValue = 0;
    let sum = 0;
    for (let k = 1; k <= scored.length; k++) {
      sum += scored[k - 1]!.score;
      const value = waysToCast(w.timing === "spell" ? w.castingValue : 0, (k - 1) * tg.penalty - bonus) * sum;
      if (value > bestValue) [best, bestValue] = [k, value];
    }
    picked = scored.slice(0, best);
  } else picked = scored.slice(0, tg.upTo ?? 1);
  if (picked.length === 0) return tg.optional && self > 0 ? { targets: [], score: self } : null;
  return { targets: picked.map((x) => x.t).sort((x, y) => x - y), score: self + picked.reduce((a, x) => a + x.score, 0) };
}

/** Whether `id` can cast a spell (timing "spell") or chant a prayer now, by its power level (1.1). */
function canUse(b: Battle, id: number, timing: "spell" | "prayer"): boolean {
  const d = b.data;
  const p = b.profile(id);
  if (timing === "prayer") return p.priestLevel > 0 && (d.spells.prayed ?? []).filter((x) => x === id).length < powerLevel(b, id, "priest");
  return p.wizardLevel > 0 && !d.spells.blocked.includes(id) && d.spells.cast.filter((x) => x === id).length < powerLevel(b, id, "wizard");
}

/**
 * The warscroll spells and prayers `player` can use now, each with its scripted targets: for each WIZARD or
 * PRIEST by id that can, its spells and prayers by score (ties: data order). The scripted policy takes the first.
 */
export function warscrollSpellChoices(b: Battle, player: Player): Choice[] {
  const spells = battleSpells(b);
  if (spells.length === 0) return [];
  const d = b.data;
  const cast = d.spells.warscroll ?? [];
  const out: Choice[] = [];
  for (const w of b.deployed(player)) {
    const p = b.profile(w);
    if (p.wizardLevel === 0 && p.priestLevel === 0) continue;
    const mine: (BattleSpell & SpellPick)[] = [];
    for (const s of spells) {
      if (s.ability.warscroll.toLowerCase() !== p.warscroll.toLowerCase() || cast.includes(s.key) || !canUse(b, w, (s.ability.when as Casting).timing)) continue;
      const pick = spellPick(b, s, w);
      if (pick) mine.push({ ...s, ...pick });
    }
    mine.sort((x, y) => y.score - x.score); // stable: data order on ties
    for (const s of mine) {
      const on = s.targets.length === 0 ? "" : ` on ${s.targets.map((t) => b.profile(t).name).join(", ")}`;
      const verb = (s.ability.when as Casting).timing === "prayer" ? "chants" : "casts";
      out.push({
        label: `${p.name} ${verb} ${s.ability.name}${on}`,
        tag: { kind: "spell", wizard: w, spell: s.key, target: s.targets[0] ?? w },
        apply: (bb) => castWarscrollSpell(bb, w, s.key, s.targets),
      });
    }
  }
  return out;
}

/**
 * CORE-PRAYERS (a decision: the seeds give only the PRIEST's power level, 1.1; docs/abilities.md): a chanting
 * roll of D6. An unmodified 1 fails and takes D3 ritual points from the PRIEST (to 0). Otherwise the roll plus
 * the PRIEST's ritual points is the chanting roll: at least the chanting value, the prayer is answered and its
 * ritual points go back to 0; below it, the prayer is not answered and the PRIEST gains the roll in ritual points.
 * Returns the chanting roll when answered, else 0. Prayers are not unbound.
 */
export function chantingRoll(b: Battle, priest: number, chantingValue: number, prayer: string): number {
  const u = b.unit(priest);
  const name = b.profile(priest).name;
  const r = b.rollD6();
  const points = u.ritualPoints ?? 0;
  if (r === 1) {
    const lost = b.rollD3();
    u.ritualPoints = Math.max(0, points - lost);
    b.say(`${name} chants ${prayer}: an unmodified 1, it fails (${lost} ritual points lost, ${u.ritualPoints} left).`);
    return 0;
  }
  const total = Math.max(0, r + rollBonus(b, priest, "chanting")) + points; // passive2.ts: chanting-roll modifiers
  if (total < chantingValue) {
    u.ritualPoints = total;
    b.say(`${name} chants ${prayer}: ${r}${points ? ` + ${points} ritual points` : ""} = ${total}, not answered (${u.ritualPoints} ritual points).`);
    return 0;
  }
  u.ritualPoints = 0;
  b.say(`${name} chants ${prayer}: ${r}${points ? ` + ${points} ritual points` : ""} = ${total}, answered.`);
  return total;
}

/** Mortal damage of `d` from `s` on `t` (the spell's dice; `castRoll` for the casting roll's dice); returns the models slain. */
function spellMortal(b: Battle, pe: PlayedEffect, d: MortalDo, s: number, t: number, castRoll: number): number {
  let points = 0;
  if (d.dice.count === 0) points = d.dice.plus;
  else {
    const n = mortalDice(b, d, s, t, castRoll);
    const on = d.on ?? 1;
    for (let i = 0; i < n; i++) {
      const r = b.rng.roll(d.dice.sides);
      if (r < on) continue;
      if (d.damage) for (let j = 0; j < d.damage.count; j++) points += b.rng.roll(d.damage.sides);
      else points += d.each === "roll" ? r : d.each;
    }
  }
  const r = inflictMortal(b.profile(t), b.unit(t), points, b.rng, unitWard(b, t, "spell")); // hashut6: a spell's or prayer's damage
  b.say(`  ${pe.ability.name} on ${b.profile(t).name}: ${points} mortal damage${points !== r.damage ? ` (${r.damage} after the ward)` : ""}${r.slain ? `, ${r.slain} slain` : ""}.`);
  destroyIfSlain(b, t, { unit: s, melee: false }, r.slain);
  return r.slain;
}

/** Puts for-the-turn effect `pe` (cast by `caster`) on `x`. */
function putModifier(b: Battle, pe: PlayedEffect, d: TurnDo, caster: number, x: number): void {
  addToken(b.unit(x), d.until === "your-next-turn" ? untilToken(b.ownerOf(caster), turnToken(pe)) : turnToken(pe));
  const what = d.value === undefined ? d.set : d.set === "ward" ? `WARD (${d.value}+)` : `${d.set} ${d.value > 0 ? "+" : ""}${d.value}${d.perRound ? " x the battle round" : ""}`;
  b.say(`  ${b.profile(x).name}: ${pe.ability.name} (${what}) ${d.until ? "until the start of the caster's next turn" : "for the rest of the turn"}.`);
}

/** Casts warscroll spell or prayer `key` from `caster` on `targets` (declared before the roll), and plays its effects. */
export function castWarscrollSpell(b: Battle, caster: number, key: string, targets: readonly number[]): void {
  const spell = battleSpells(b).find((s) => s.key === key);
  if (!spell) throw new Error(`no warscroll spell ${key}`);
  const d = b.data;
  const w = spell.ability.when as Casting;
  (d.spells.warscroll ??= []).push(key); // each spell and prayer once a phase for the army, as Metamorphosis
  let roll: number;
  let modified = 0;
  if (w.timing === "prayer") {
    d.spells.prayed = [...(d.spells.prayed ?? []), caster];
    roll = chantingRoll(b, caster, w.chantingValue, spell.ability.name);
    modified = roll;
  } else {
    d.spells.cast.push(caster);
    const minus = (Math.max(1, targets.length) - 1) * (w.targets?.penalty ?? 0);
    roll = castingRollValue(b, caster, w.castingValue, spell.ability.name, minus, 0, targets); // the targets: Spell-eaters (react4.ts)
    // "If the casting roll was 10+" reads the modified roll (with the passive casting-roll modifiers: casting.ts);
    // the dice and the slay that say "the unmodified casting roll" read `roll` (2D6, less the targets' penalty).
    if (roll !== 0) modified = roll + castingBonus(b, caster) + lastGamble(); // and Bargain's +2 (react4.ts)
  }
  if (roll === 0) return;
  let all = [...targets];
  const more = w.targets?.more;
  if (more && modified >= more.atLeast) {
    // "If the chanting roll was 10+, you can pick another eligible unit to be a second target" / "... all enemy units within 12"".
    const rest = candidates(b, spell, caster, !more.every).filter((t) => !all.includes(t));
    const extra = more.every ? rest : ranked(b, rest.map((t) => ({ t, score: targetScore(b, spell, caster, t) })).filter((x) => x.score > 0)).slice(0, Math.max(0, (more.upTo ?? 1) - all.length)).map((x) => x.t);
    all = [...all, ...extra].sort((x, y) => x - y);
  }
  // CORE-SPELLS: reactions answer a spell that is cast: each enemy target's resistance roll (common.ts: Ruination
  // Chamber), by ascending id; a prayer is not a spell (the general roll only). A resisted target is dropped.
  all = [...all].sort((x, y) => x - y).filter((t) => !resisted(b, caster, t, spell.ability.name, w.timing !== "prayer"));
  const slain = new Map<number, number>();
  // Each target's option, picked once the spell is cast (before any effect is resolved).
  const options = new Map(all.map((t) => [t, pickOption(b, spell, caster, t).option]));
  for (const pe of spell.effects) {
    const c = pe.effect.conditions;
    if (c.castingRoll && ((c.castingRoll.atLeast !== undefined && modified < c.castingRoll.atLeast) || (c.castingRoll.atMost !== undefined && modified > c.castingRoll.atMost))) continue;
    const on = pe.effect.whom.side === "self" ? [caster] : all.filter((t) => names(b, pe, caster, t) || (more?.every && modified >= more.atLeast && whomHolds(battleView(b), pe.effect, caster, t)));
    for (const t of on) {
      if (b.unit(t).status !== "deployed") continue;
      if (c.afterSlain && !(slain.get(t) ?? 0)) continue;
      if (c.option !== undefined && options.get(t) !== c.option) continue;
      const e = pe.effect.do;
      if (e.kind === "mortal") {
        for (const x of mortalVictims(b, e, t)) if (b.unit(x).status === "deployed") slain.set(x, (slain.get(x) ?? 0) + spellMortal(b, pe, e, caster, x, roll));
      } else if (e.kind === "slay") {
        if (roll <= b.profile(t).health) continue;
        const u = b.unit(t);
        const n = u.models;
        u.models = 0;
        u.damage = 0;
        addToken(u, NO_REPLACEMENT_TOKEN);
        b.say(`  ${b.profile(t).name}: the casting roll ${roll} exceeds its Health, it is destroyed.`);
        destroyIfSlain(b, t, { unit: caster, melee: false }, n);
      } else if (e.kind === "for-the-turn") putModifier(b, pe, e, caster, t);
      else if (e.kind === "return-models") {
        if (returnsForbidden(b, t)) continue; // Harrowing Shrieks, Redemptor Casket (tail4.ts): no dice either
        const x = (e.health ?? e.count)!;
        let roll = x.plus;
        for (let i = 0; i < x.count; i++) roll += b.rng.roll(x.sides);
        const n = returnable(b, t, returnWanted(b, e, t, Math.max(0, roll)));
        if (n > 0) b.unit(t).models += n;
        b.say(`  ${pe.ability.name}: ${n} slain model${n === 1 ? "" : "s"} return${n === 1 ? "s" : ""} to ${b.profile(t).name}.`);
      }
    }
  }
  if (w.timing !== "prayer") afterCast(b, caster); // passive2.ts: a heal after a spell
}
