/**
 * Effects held on a unit for a while (docs/abilities.md "Effects for a while"): "for the rest of the turn" and
 * "until the start of your next turn". One mechanism: the unit carries the records (the effect language's
 * `for-the-turn` effects) whose effect is on it, each with when it ends — a token `for-the-turn:<ability>#i`
 * (gone when the next turn starts) or `until-your-next-turn:<player>:for-the-turn:<ability>#i` (gone when that
 * player's next turn starts; turn.ts beginTurn). The kernel's twin is assembly/battle/status.ts: the unit's
 * UI.EF_TURN mask and its UI.SPELL_UNTIL0/1 masks, one bit per record.
 *
 * What reads them: the attack interpreter (abilities/attack.ts attackMods: hit, wound, save, rend, damage,
 * Attacks, ward, the weapon abilities off, Grief-stricken's ignore-positive), the ward (effects.ts unitWard) and
 * the fight order (combat.ts: STRIKE-FIRST, STRIKE-LAST).
 *
 * Who puts them: the declared-ability steps (combat-abilities.ts useStepAbilities, which calls useForAWhile here
 * for an ability's for-the-turn effects), the fight order (fight-order.ts), the warscroll spells
 * (warscroll-spells.ts) — any code may call putForAWhile.
 *
 * The policy (both engines, scripted and search alike: the search does not see it as a decision): the unit
 * with the ability puts its effects on the unit `whom` names that scores most (durationScore), then the fewest
 * wounds left, then the lowest id; none scoring above 0: the ability is not used (no dice).
 */
import { UNDER_ORDERS_TOKEN } from "./cities6.js";
import { passiveView } from "./passive.js";
import { chargeRollOf } from "./move3.js";
import { turnToken, whomHolds } from "../abilities/attack.js";
import { inCombatWithHolds } from "../abilities/passive.js";
export { attacksWithModifier } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { DiceExpr } from "../../core/dice.js";
import { carriersLeft } from "./attacks.js";
import type { Battle } from "./battle.js";
import { weaponAttacks } from "./damaged.js";
import { battleEffects, battleView, unitWard } from "./effects.js";
import type { Player } from "./state.js";
import { addToken, hasToken } from "./tokens.js";
import { resisted } from "./common.js";
import { eachTargets } from "./combat3.js";
import { hasKeyword, isCompanion, type WeaponProfile } from "./units.js";
import { visible } from "./visibility.js";
import { pickInOvergrowth } from "./sylvaneth6.js";
import { afterWanted, diceHolds, mayChargeNow, noCommandsScore } from "./declared2.js";
import { heldWeaponConcerns, isHeldWeaponMod, onSelf, wardRollScore } from "./declared4.js";
import { moveWanted } from "./declared5.js";
import { commandReady, isCommand, payCommand } from "./declared6.js";
import type { Conditions } from "../abilities/schema.js";

export type ForAWhile = Extract<PlayedEffect["effect"]["do"], { kind: "for-the-turn" }>;

/** The token of "until the start of `player`'s next turn" (warscroll-spells.ts untilToken is the same). */
export function untilTokenOf(player: number, turnTok: string): string {
  return `until-your-next-turn:${player}:${turnTok}`;
}

/**
 * Puts `pe`'s for-the-turn effect on unit `x`, put by `player`'s ability: for the rest of the turn, or with
 * `until: "your-next-turn"` until the start of that player's next turn. The clean entry point for any code that
 * gives a unit an effect for a while (spells, prayers, reactions).
 */
export function putForAWhile(b: Battle, pe: PlayedEffect, x: number, player: Player): void {
  const d = pe.effect.do as ForAWhile;
  addToken(b.unit(x), d.until === "your-next-turn" ? untilTokenOf(player, turnToken(pe)) : turnToken(pe));
}

/** Whether `pe`'s for-the-turn effect is on unit `x` now (for the rest of the turn or until a player's next turn). */
export function isOnUnit(b: Battle, pe: PlayedEffect, x: number): boolean {
  const t = turnToken(pe);
  const u = b.unit(x);
  return hasToken(u, t) || hasToken(u, untilTokenOf(0, t)) || hasToken(u, untilTokenOf(1, t));
}

/** STRIKE-FIRST / STRIKE-LAST held for a while on unit `id` (combat.ts reads it with the keyword and the tokens). */
export function strikeForAWhile(b: Battle, id: number, order: "first" | "last"): boolean {
  const set = order === "first" ? "strike-first" : "strike-last";
  for (const pe of battleEffects(b)) if (pe.effect.do.kind === "for-the-turn" && pe.effect.do.set === set && isOnUnit(b, pe, id)) return true;
  return false;
}

// ------------------------------------------------------------------------------------------- the policy

/**
 * Where the turn stands when an ability is used, for the policy: the step's phase (STEP_PHASES order: which
 * attacks the rest of the turn still holds) and whether the effect lasts through the next (enemy) turn.
 */
export interface Window {
  /** A charge phase is still to come (the step is before the charge phase, or the effect lasts into the next turn). */
  chargeLeft: boolean;
  /** The active army's shooting phase is still to come. */
  shootingLeft: boolean;
  /** The effect lasts through the next turn, the other army's (until the start of the putting army's next turn, put in its own turn). */
  nextTurn: boolean;
  /** The army that puts the effect. */
  player: Player;
  /** The start of a combat phase is still to come (the step is before the combat phase, or the effect lasts into the next turn). */
  combatLeft: boolean;
  /** This turn's charges are still to come (the step is before them: declared2.ts mayChargeNow, afterWanted). */
  chargeAhead: boolean;
  /** This turn's movement phase is still to come (the step is at the start of the turn or in the hero phase: declared2.ts afterWanted). */
  moveAhead: boolean;
}

const BEFORE_CHARGE = ["start-of-turn", "hero", "movement", "shooting-start"];

export function windowOf(b: Battle, phase: string, d: ForAWhile, player: Player): Window {
  const nextTurn = d.until === "your-next-turn" && player === b.data.active;
  const chargeAhead = BEFORE_CHARGE.includes(phase) || phase === "charge-start";
  return { chargeLeft: chargeAhead || nextTurn, shootingLeft: BEFORE_CHARGE.includes(phase), nextTurn, player, combatLeft: (phase !== "combat" && phase !== "end-of-turn") || nextTurn, chargeAhead, moveAhead: phase === "start-of-turn" || phase === "hero" };
}

/** The charge reach the policy counts with (CORE-CHARGE: 2D6, at most 12"). */
const CHARGE_REACH = 12;

/** Twice a dice expression's mean (an integer), at least 0. */
const twiceMean = (d: DiceExpr) => Math.max(0, d.count * (d.sides + 1) + 2 * d.plus);

/** A weapon's weight: twice its mean Attacks times twice its mean Damage times its carriers left (an integer). */
function weaponWeight(b: Battle, id: number, w: WeaponProfile): number {
  const p = b.profile(id);
  const u = b.unit(id);
  return twiceMean(weaponAttacks(w, p, u)) * twiceMean(w.damage) * carriersLeft(w, p, u);
}

/** Which of a unit's weapons an effect concerns: Companion ones only, or those with a weapon ability other than Companion. */
function concerns(d: ForAWhile, w: WeaponProfile): boolean {
  const companion = isCompanion(w);
  if (d.companionOnly && !companion) return false;
  if (d.set === "weapon-abilities-off" && !w.abilities.some((a) => !/^companion$/i.test(a.trim()))) return false;
  // hero3: a Crit held for a while goes only to a weapon without one (passive.ts weaponAfterMods).
  if (d.set === "weapon-ability" && d.ability !== "Charge (+1 Damage)" && w.abilities.some((a) => /^crit\b/i.test(a.trim()))) return false;
  // declared4: Charge (+1 Damage) for a while goes only to a weapon without it.
  if (d.set === "weapon-ability" && d.ability === "Charge (+1 Damage)" && w.abilities.some((a) => /^charge\s*\(/i.test(a.trim()))) return false;
  return true;
}

/** Whether unit `x`'s army may shoot before the effect ends (its own shooting phase still to come, or the next turn is its). */
function mayShoot(b: Battle, x: number, win: Window): boolean {
  const mine = b.ownerOf(x);
  return (mine === b.data.active && win.shootingLeft) || (win.nextTurn && mine !== win.player);
}

/**
 * The weight of the attacks unit `x` may make before the effect ends with the weapons `d` concerns: its melee
 * weapons if it is in combat or (a charge phase is to come) an enemy unit is within 12"; its ranged weapons if
 * its army may shoot and an enemy unit is within a weapon's range (each weapon counted only then). `attack`:
 * the effect's condition (melee / ranged / any).
 */
export function attackWeight(b: Battle, x: number, d: ForAWhile, attack: "melee" | "ranged" | "any", win: Window, c?: Pick<Conditions, "weapons" | "companionWeapons">): number {
  const enemies = b.deployed((1 - b.ownerOf(x)) as Player);
  const melee = attack !== "ranged" && (b.inCombat(x) || (win.chargeLeft && enemies.some((e) => b.distance(x, e) <= CHARGE_REACH + 1e-9)));
  const shoot = attack !== "melee" && mayShoot(b, x, win);
  let score = 0;
  for (const w of b.profile(x).weapons) {
    if (!concerns(d, w)) continue;
    if (c && isHeldWeaponMod(d, c) && !heldWeaponConcerns(c, w)) continue; // declared4.ts: Companion or named weapons only
    if (w.type === "melee" ? !melee : !shoot || !enemies.some((e) => b.distance(x, e) <= w.range + 1e-9)) continue;
    score += weaponWeight(b, x, w);
  }
  return score;
}

/**
 * The weight of the attacks that may target unit `x` before the effect ends: each unit of the other army, its
 * melee weapons if it is within 3" of `x` or (a charge phase is to come) within 12", its ranged weapons in range
 * of `x` if its army may shoot.
 */
export function threatWeight(b: Battle, x: number, attack: "melee" | "ranged" | "any", win: Window): number {
  let score = 0;
  const all: ForAWhile = { kind: "for-the-turn", set: "hit", companionOnly: false };
  for (const e of b.deployed((1 - b.ownerOf(x)) as Player)) {
    const dist = b.distance(x, e);
    const melee = attack !== "ranged" && (dist <= 3 + 1e-9 || (win.chargeLeft && dist <= CHARGE_REACH + 1e-9));
    const shoot = attack !== "melee" && mayShoot(b, e, win);
    for (const w of b.profile(e).weapons) {
      if (w.type === "melee" ? !melee : !shoot || w.range + 1e-9 < dist) continue;
      if (!concerns(all, w)) continue;
      score += weaponWeight(b, e, w);
    }
  }
  return score;
}

/** Whether unit `x` has STRIKE-FIRST / STRIKE-LAST already (keyword, token or an effect held). */
function hasStrike(b: Battle, x: number, order: "first" | "last"): boolean {
  const token = order === "first" ? "strike-first" : "strike-last";
  return hasKeyword(b.profile(x), order === "first" ? "STRIKE-FIRST" : "STRIKE-LAST") || hasToken(b.unit(x), token) || strikeForAWhile(b, x, order);
}

/**
 * The worth of `pe`'s effect on unit `x` for the army `win.player` (an integer; 0: it does not help):
 * - a modifier of the unit's own attacks (hit, wound, rend, damage, Attacks "by"; weapon abilities off;
 *   STRIKE-FIRST / STRIKE-LAST): helps on a friendly unit when positive (STRIKE-FIRST), on an enemy unit when
 *   negative (weapon abilities off, STRIKE-LAST); worth attackWeight (STRIKE-FIRST/LAST: its melee attacks,
 *   0 if it has it already);
 * - a modifier of the attacks that target the unit (hit, wound "against", save, ward): helps on a friendly unit
 *   when it makes them worse (negative hit or wound, positive save, a ward), on an enemy unit when better;
 *   worth threatWeight;
 * - 0 on a unit that has the effect already.
 */
export function durationScore(b: Battle, pe: PlayedEffect, x: number, win: Window): number {
  const d = pe.effect.do as ForAWhile;
  if (isOnUnit(b, pe, x)) return 0;
  const friendly = b.ownerOf(x) === win.player;
  const v = d.value ?? 0;
  const attack = pe.effect.conditions.attack;
  switch (d.set) {
    case "strike-first":
    case "strike-last":
      if (friendly !== (d.set === "strike-first") || hasStrike(b, x, d.set === "strike-first" ? "first" : "last")) return 0;
      return attackWeight(b, x, d, "melee", win);
    case "weapon-abilities-off":
      return friendly ? 0 : attackWeight(b, x, d, attack, win);
    case "ignore-positive":
      return 0;
    case "control":
      return 0; // pick5: a control score held for a while is worth nothing to the step's policy (it has no objective policy; docs "pick5")
    case "no-commands":
      return noCommandsScore(b, x, friendly, win); // declared2.ts
    case "charge":
    case "charge-dice":
      return mayChargeNow(b, x, friendly, win) && v >= 0 ? attackWeight(b, x, d, "melee", win) : 0; // declared2.ts
    case "charge-after":
      return afterWanted(b, x, d, friendly, win) ? attackWeight(b, x, d, d.shoot ? "any" : "melee", win) : 0; // declared2.ts
    case "move":
      return moveWanted(b, x, v, friendly, win) ? attackWeight(b, x, d, "any", win) : 0; // declared5.ts
    case "weapon-ability":
      return friendly ? attackWeight(b, x, d, attack, win) : 0; // hero3: a Crit for a while
    case "ward":
      return friendly ? threatWeight(b, x, "any", win) : 0;
    case "no-ward": {
      // Elite Guardians: the share of the threat its ward would have stopped ((7 - ward) / 6), lost on a friendly unit.
      const w = unitWard(b, x);
      if (w === null) return 0;
      const lost = Math.floor((threatWeight(b, x, "any", win) * (7 - w)) / 6);
      return friendly ? -lost : lost;
    }
    case "ward-roll":
      return wardRollScore(friendly, v, unitWard(b, x) !== null, threatWeight(b, x, "any", win)); // declared4.ts
    case "save":
      return friendly === v > 0 ? threatWeight(b, x, attack, win) : 0;
    default:
      if (d.direction === "against") return friendly === v < 0 ? threatWeight(b, x, attack, win) : 0;
      return friendly === v > 0 ? attackWeight(b, x, d, attack, win, pe.effect.conditions) : 0;
  }
}

// -------------------------------------------------------------------------------------- the step's use

/**
 * An ability's for-the-turn effects that are used together (one target, one dice): every such effect of an
 * ability whose effects are all for-the-turn ones put by its use (no afterDamage, not after a fight-after);
 * else each alone. The lead is the first of them.
 */
export function durationGroup(pe: PlayedEffect): PlayedEffect[] | null {
  const effects = pe.ability.effects;
  const i = effects.indexOf(pe.effect);
  const all = effects.every((e) => e.do.kind === "for-the-turn" && e.do.afterDamage === undefined);
  if (!all) return [pe];
  if (i !== 0) return null; // a follower: used with the lead
  return effects.map((e) => ({ ability: pe.ability, effect: e, key: pe.key }));
}

const woundsLeft = (b: Battle, id: number) => b.unit(id).models * b.profile(id).health - b.unit(id).damage;

/**
 * Source `s` uses `pe`'s ability (its for-the-turn effects, durationGroup) in the step of `phase`: its use-time
 * conditions (on `s`: charged, inCombat, minModels), then the target (the units `whom` names, with
 * `targetCharged` and `visible`) scoring most, then the dice (`on`) and the effects put on it. Returns whether
 * the ability was used (the dice rolled, or the effects put without one).
 */
export function useForAWhile(b: Battle, pe: PlayedEffect, s: number, phase: string): boolean {
  const group = durationGroup(pe);
  if (!group) return false;
  const lead = group[0]!;
  const d = lead.effect.do as ForAWhile;
  const c = lead.effect.conditions;
  const u = b.unit(s);
  if (c.charged !== undefined && u.charged !== c.charged) return false;
  if (c.inCombat !== undefined && b.inCombat(s) !== c.inCombat) return false;
  if (c.minModels !== undefined && u.models < c.minModels) return false;
  // Elite Guardians: "If this unit is in combat with any enemy units that charged this turn" (no filter: encode.ts).
  if (c.inCombatWith !== undefined && !inCombatWithHolds({ ...battleView(b), ...passiveView(b) }, c.inCombatWith, s)) return false;
  // "has not used a MOVE ability this turn and was not set up this turn" (a reserve's set-up counts as a move: reserves.ts).
  if (c.stationary !== undefined && (u.moved || (u.added?.round === b.data.round && u.added.turn === b.data.turn)) === c.stationary) return false;
  if (c.chargeRoll !== undefined && chargeRollOf(b, s) < c.chargeRoll) return false; // move3.ts: "the unmodified charge roll was 8+"
  if (c.objective !== undefined && !passiveView(b).objective(s, c.objective)) return false; // objective4: "If this unit is contesting an objective you control, ..."
  if (isCommand(lead) && !commandReady(b, s)) return false; // declared6: a command needs a command point and an issuer
  const player = b.ownerOf(s);
  const win = windowOf(b, phase, d, player);
  const v = battleView(b);
  const options = group.some((g) => g.effect.conditions.option !== undefined);
  const scored: { x: number; score: number }[] = [];
  const every: number[] = [];
  for (const x of b.deployed()) {
    if (!whomHolds(v, lead.effect, s, x)) continue;
    if (c.targetCharged !== undefined && b.unit(x).charged !== c.targetCharged) continue;
    if (c.visible && x !== s && !visible(b, s, x)) continue;
    if (c.pickOvergrowth && x !== s && !pickInOvergrowth(b, s, x)) continue; // sylvaneth6: Slay The Trespassers!
    every.push(x);
    let sc = 0;
    // declared4 (onSelf): a follower put on the unit with the ability is worth what it is there.
    if (options) sc = bestOption(b, group, x, win).score; // pick5: "pick 1 of the following effects", the option worth most
    else for (const g of group) sc += durationScore(b, g, onSelf(g) ? s : x, win);
    if (sc > 0) scored.push({ x, score: sc });
  }
  // "Pick each ... to be the targets" (combat3.ts eachTargets): every unit the pick names, when one of them scores.
  const each = eachTargets(d, every, scored.length);
  // The best (the highest score, then the fewest wounds left, then the lowest id), or the N best for "up to N".
  const chosen: number[] = each ?? [];
  for (let i = 0; i < (each ? 0 : d.andSelf ?? d.upTo ?? 1); i++) {
    let best = -1;
    let bestScore = 0;
    for (const { x, score } of scored) {
      if (chosen.includes(x)) continue;
      if (best < 0 || score > bestScore || (score === bestScore && woundsLeft(b, x) < woundsLeft(b, best))) [best, bestScore] = [x, score];
    }
    if (best < 0) break;
    chosen.push(best);
  }
  // "Pick this unit and up to N ...": the unit too, if it or another scores (declared2.ts).
  if (d.andSelf !== undefined) {
    let own = 0;
    for (const g of group) own += durationScore(b, g, s, win);
    if (chosen.length === 0 && own <= 0) return false;
    chosen.push(s);
  }
  if (chosen.length === 0) return false;
  if (isCommand(lead)) payCommand(b, lead, s); // declared6: the command point, before any dice
  const lasts = d.until === "your-next-turn" ? "until the start of its army's next turn" : "for the rest of the turn";
  // pick5: each target's option, picked before any dice (bestOption).
  const picked = new Map<number, number>();
  if (options) for (const t of chosen) picked.set(t, bestOption(b, group, t, win).option);
  // A dice for each target, by ascending id.
  for (const t of chosen.sort((x, y) => x - y)) {
    // An enemy's resistance roll (common.ts: Ruination Chamber) may leave it without effect: none of its dice then.
    if (resisted(b, s, t, pe.ability.name)) continue;
    // hero3 (sureInCombat): no dice while the unit with the ability is in combat.
    // declared5: "Roll 2D6. If the result exceeds the target's Health characteristic" (two dice summed).
    // cities6 (sureUnderOrders): no dice while the unit with the ability is under orders.
    const r = (d.on === undefined && d.vs === undefined) || (d.sureInCombat && b.inCombat(s)) || (d.sureUnderOrders && b.unit(s).tokens.includes(UNDER_ORDERS_TOKEN)) ? null : d.vs === "health-2d6-exceeds" ? b.rng.d6() + b.rng.d6() : b.rng.d6();
    // The second pass's dice (declared2.ts diceHolds): against the target's Control or Health, a bonus if it is damaged.
    const ok = r === null || diceHolds(b, d, t, r);
    b.say(`${b.profile(s).name} uses ${pe.ability.name}${t !== s ? ` on ${b.profile(t).name}` : ""}${r === null ? "" : `: rolls ${r}`}${ok ? `, ${lasts}` : ", nothing"}.`);
    if (ok) for (const g of group) if (!options || g.effect.conditions.option === picked.get(t)) putForAWhile(b, g, onSelf(g) ? s : t, player);
  }
  return true;
}

/**
 * pick5 ("Pick 1 of the following effects", docs/abilities.md): the option of `group` (each effect's
 * `conditions.option`, 1-4) worth most on unit `x` — the sum of its effects' durationScore — the first on a tie;
 * its score (0: none helps).
 */
export function bestOption(b: Battle, group: readonly PlayedEffect[], x: number, win: Window): { option: number; score: number } {
  let best = { option: 1, score: -1 };
  for (let o = 1; o <= 4; o++) {
    let named = false;
    let score = 0;
    for (const g of group) {
      if (g.effect.conditions.option !== o) continue;
      named = true;
      score += durationScore(b, g, x, win);
    }
    if (named && score > best.score) best = { option: o, score };
  }
  return { option: best.option, score: Math.max(0, best.score) };
}
