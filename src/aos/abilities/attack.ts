/**
 * The TypeScript interpreter of the effect language for the attack sequence and the control score: the
 * played effects (index.ts playedEffects, data order) that concern one attack or one unit's control score,
 * read off the battlefield through a small view so the battle and the odds share it. The kernel's twin is
 * assembly/battle/effects.ts (the same effects, the same order, the same geometry: test/aos/abilities*.test.ts
 * and the rollout differential tests hold them equal).
 *
 * Rules of the interpreter (docs/abilities.md):
 * - an effect applies at most once to an attack or a score, however many units have the ability (the first
 *   unit with it, by id, that satisfies it);
 * - hit and wound modifiers add up and are then capped (CORE-HIT, CORE-WOUND: plan.ts); rend and damage
 *   modifiers add up, Rend never below 0; "fails on an unmodified 1-N" keeps the largest N; of several wards
 *   the lowest value applies (18.1);
 * - a "once per phase (army)" reaction to an attack (Shields of the Legion) is used on the first enemy attack
 *   in the phase it concerns that uses a weapon with a Rend characteristic of 1 or more.
 */
import { keywordIn, type PlayedEffect, passes } from "./index.js";
import { controlIgnored, ignorePositiveSave, holderOf, PASSIVE_ATTACK_KINDS, passiveAttackMod, passiveConditionsHold, passiveTargetHolds, type WeaponMod } from "./passive.js";
import { PASSIVE3_ATTACK_KINDS, passive3AttackMod, passive3Holds } from "./passive3.js";
import { attackerHolds, heldDamageSet, heldTargetHolds } from "./passive4.js";
import { attackerOrdersHold } from "./cities6.js";
import { targetControlHolds } from "./passive6.js";
import type { Effect } from "./schema.js";
import { killedMask } from "./kills5.js";
import type { DiceExpr } from "../../core/dice.js";
import { heldWeaponMod } from "../battle/declared4.js";
import { weaponAbilities } from "../odds/plan.js";

export interface EffectUnit {
  warscroll: string;
  keywords: readonly string[];
  owner: number;
}

/** What the interpreter reads of a battle. */
export interface EffectView {
  /** Units on the battlefield, by id (ascending). */
  ids(): readonly number[];
  unit(id: number): EffectUnit;
  charged(id: number): boolean;
  /** Edge-to-edge distance. */
  distance(a: number, b: number): number;
  /** Every part of `a` is within `range` of `b`. */
  whollyWithin(a: number, b: number, range: number): boolean;
  /** A "once per phase (army)" ability `key` was used by `player` this phase. */
  usedThisPhase(player: number, key: string): boolean;
  /** A for-the-turn effect (its token, turnToken) is on the unit: set earlier this turn by its ability. */
  turnOn(id: number, token: string): boolean;
  /** The unit has the token (`conditions.token`: Loyal Gryph-hound); absent (the odds): every token is there. */
  hasToken?(id: number, token: string): boolean;
  /** The unit is in combat (`conditions.inCombat`). */
  inCombat(id: number): boolean;
  /** The unit's kills (`conditions.killed`: src/aos/abilities/kills5.ts KILL_BITS); absent (the odds): none. */
  kills5?(id: number): number;
  /** The unit's daemonic power points (`conditions.daemonic`: battle/hashut6.ts); absent (the odds): the condition does not hold. */
  daemonic?(id: number): number;
  /** Damage by `attacker` is inflicted by a spell, a prayer or a manifestation's ability (`conditions.wardMagic`: hashut6); absent (the odds): never. */
  magicDamage?(attacker: number): boolean;
  /** The unit's models left (`conditions.targetMinModels`). */
  models(id: number): number;
  // Passive conditions (passive.ts); a view without one (the odds) makes that condition not hold.
  /** Damage points allocated to the unit. */
  damage?(id: number): number;
  /** The battle round. */
  round?(): number;
  /** Enemy units in combat with the unit. */
  combatEnemies?(id: number): readonly number[];
  /** The unit contests an objective: any, one its army controls, one it does not. */
  objective?(id: number, which: "any" | "controlled" | "not-controlled" | "outside-friendly-territory" | "controlled-in-enemy-territory" | "controlled-alone"): boolean;
  /** The unit is (wholly) within its army's creeping overgrowth (the sylvaneth6 area: battle/sylvaneth6.ts); absent (the odds): not. */
  overgrowth?(id: number, wholly: boolean): boolean;
  /** Both units contest one objective (the objective4 area: battle/objective4.ts). */
  sameObjective?(a: number, b: number): boolean;
  territory?(id: number, which: "wholly-outside-friendly" | "wholly-within-enemy" | "not-within-enemy" | "wholly-within-friendly"): boolean;
  /** An enemy unit is within `range` of the unit (edge to edge). */
  enemyWithin?(id: number, range: number): boolean;
  // Passive conditions of the third pass (passive3.ts).
  /** The unit has not used a MOVE ability this turn and was not set up this turn. */
  stationary?(id: number): boolean;
  /** Models were slain by the unit this turn. */
  slewThisTurn?(id: number): boolean;
  /** The unit is under orders (the cities6 area: battle/cities6.ts). */
  underOrders?(id: number): boolean;
  /** The unit's Control characteristic now (damaged.ts unitControl: `conditions.targetControl`, passive6.ts). */
  control?(id: number): number;
}

/**
 * The token a for-the-turn effect leaves on the unit it is set on (src/aos/battle/tokens.ts, removed when the
 * next turn starts): the ability's key and the effect's place in the ability.
 */
export function turnToken(pe: PlayedEffect): string {
  return `for-the-turn:${pe.key}#${pe.ability.effects.indexOf(pe.effect)}`;
}

export interface AttackMods {
  hit: number;
  wound: number;
  rend: number;
  damage: number;
  /** Unmodified hit / wound rolls up to this fail (1: only the rule's 1). */
  hitFail: number;
  woundFail: number;
  /** The best ward an effect gives the target (0 none). */
  ward: number;
  /** A hit modifier for the attacker's Companion weapons only, which they take though positive (Ferocious Hunger). */
  companionHit: number;
  /** The attacker's weapon abilities other than Companion have no effect (Immortal Bulwark). */
  noWeaponAbilities: boolean;
  /** The attacker's weapons' Attacks characteristic (Companion weapons take only a negative one); held for a while. */
  attacks: number;
  /** Abilities that applied ("Warscroll/Ability"), for the log. */
  applied: string[];
  /** "Once per phase (army)" abilities used by this attack: [player, key]. */
  used: [number, string][];
  // Passive abilities (passive.ts):
  /** The negative parts of `hit` and `wound` (what "ignore negative modifiers" drops). */
  hitNeg: number;
  woundNeg: number;
  /** The attacker ignores these modifiers to its hit and wound rolls (cover's included). */
  ignoreHitWound: "negative" | "positive" | "both" | null;
  /** Save-roll modifier for the target (CORE-SAVE: a positive one is capped at +1 by the plan), passive or held for a while (status.ts), and what it ignores. */
  save: number;
  saveNeg: number;
  ignoreSave: "negative" | "positive" | "both" | null;
  /** Attacks, named weapons' Rend and Damage, weapon abilities granted. */
  weaponMods: WeaponMod[];
  /** The attacker's Crit abilities do nothing ("cannot score critical hits"). */
  noCrits: boolean;
  /** The attacker's Charge (+1 Damage) does nothing (passive3.ts: "has no effect on attacks that target this unit"). */
  noChargeDamage: boolean;
  /** Ward-roll modifiers for the target's ward rolls, and "ward rolls cannot be made" (passive.ts wardAfterRolls). */
  wardRoll: number;
  noWard: boolean;
}

export const noMods = (): AttackMods => ({
  hit: 0, wound: 0, rend: 0, damage: 0, hitFail: 1, woundFail: 1, ward: 0, companionHit: 0, noWeaponAbilities: false, applied: [], used: [],
  hitNeg: 0, woundNeg: 0, ignoreHitWound: null, save: 0, saveNeg: 0, ignoreSave: null, weaponMods: [], noCrits: false, noChargeDamage: false, wardRoll: 0, noWard: false, attacks: 0,
});

const EPS = 1e-9;

/** The affected unit `x` is whom the effect names, from the source `s`. */
export function whomHolds(v: EffectView, e: Effect, s: number, x: number): boolean {
  const w = e.whom;
  const su = v.unit(s);
  const xu = v.unit(x);
  if (w.side === "self") return x === s;
  if (w.side === "friendly") {
    if (xu.owner !== su.owner) return false;
    if (x === s && !w.includeSelf) return false;
  } else if (xu.owner === su.owner) return false;
  if (!passes(xu, w.filter)) return false;
  if (w.range !== undefined && x !== s) {
    if (w.wholly ? !v.whollyWithin(x, s, w.range) : v.distance(x, s) > w.range + EPS) return false;
  }
  return true;
}

/** The conditions that do not concern the attack itself: charged, a friendly unit near. */
function conditionsHold(v: EffectView, e: Effect, s: number, x: number): boolean {
  const c = e.conditions;
  // The unit-state conditions are the holder's: the affected unit, or the unit with the ability (passive.ts).
  const h = holderOf(e, s, x);
  if (c.charged !== undefined && v.charged(h) !== c.charged) return false;
  // A token on the unit with the ability (Loyal Gryph-hound's WARD (5+) while its hound is there).
  if (c.token !== undefined && v.hasToken && !v.hasToken(s, c.token)) return false;
  // kills5: the kills of the unit with the ability ("The first time an enemy MONSTER is destroyed by this unit"); absent (the odds): none.
  if (c.killed !== undefined && ((v.kills5?.(s) ?? 0) & killedMask(c.killed)) === 0) return false;
  if (c.inCombat !== undefined && v.inCombat(h) !== c.inCombat) return false;
  if (!passiveConditionsHold(v, c, h)) return false;
  // sylvaneth6: "while it is wholly within the creeping overgrowth" (the holder).
  if (c.overgrowth !== undefined && !(v.overgrowth?.(h, c.overgrowth === "wholly") ?? false)) return false;
  // cities6: the holder is (not) under orders (a view without it, the odds: the condition does not hold).
  if (c.underOrders !== undefined && (!v.underOrders || v.underOrders(h) !== c.underOrders)) return false;
  // objective4: "while they are contesting the same objective as this unit" (the affected unit and the unit with the ability).
  if (c.sameObjective && !(v.sameObjective?.(x, s) ?? false)) return false;
  if (c.near) {
    const n = c.near;
    const me = v.unit(x).owner;
    let found = false;
    for (const y of v.ids()) {
      if (y === x || (v.unit(y).owner !== me && !n.either) || !passes(v.unit(y), n.filter)) continue; // either: "(friendly or enemy)" (passive3)
      if (n.minModels !== undefined && v.models(y) < n.minModels) continue; // "that have 10 or more models" (passive2)
      // them-within: y is (wholly) within range of the source; this-within: the affected unit is of y.
      const [a, b] = n.measured === "them-within" ? [y, s] : [x, y];
      if (n.wholly ? v.whollyWithin(a, b, n.range) : v.distance(a, b) <= n.range + EPS) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/**
 * The first source (by id) of the effect's ability for which it applies to `x`, or -1. `target`: the attack's target,
 * for the targetWithin condition (measured from the source: passive3.ts).
 */
export function sourceFor(v: EffectView, pe: PlayedEffect, x: number, target?: number): number {
  for (const s of v.ids()) {
    if (v.unit(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
    // An aura switched on for the rest of the turn (the combat3 area): only while the unit has it on.
    if (pe.effect.conditions.switchedOn && !v.turnOn(s, turnToken(pe))) continue;
    // passive3.ts: a passive ability's stationary and slain-this-turn conditions (the status area reads its own).
    if (whomHolds(v, pe.effect, s, x) && conditionsHold(v, pe.effect, s, x) && (pe.ability.when.timing !== "passive" || passive3Holds(v, pe.effect.conditions, holderOf(pe.effect, s, x), s, target))) return s;
  }
  return -1;
}

const ATTACK_KINDS = new Set<string>(["hit", "wound", "rend", "damage", "fail-unmodified", "ward", "for-the-turn", ...PASSIVE_ATTACK_KINDS, ...PASSIVE3_ATTACK_KINDS]);

/**
 * The modifiers `effects` give `attacker`'s attacks of one type on `target`. `rendWeapon`: a weapon used has
 * a Rend characteristic of 1 or more (when a reaction that lowers Rend is worth using).
 */
export function attackMods(v: EffectView, effects: readonly PlayedEffect[], attacker: number, target: number, melee: boolean, rendWeapon: boolean): AttackMods {
  const m = noMods();
  // Grief-stricken (a spell's ignore-positive on the attacker): its positive hit and wound modifiers are ignored.
  const ignorePositive = ignoresPositive(v, effects, attacker);
  for (const pe of effects) {
    const e = pe.effect;
    const d = e.do;
    if (!ATTACK_KINDS.has(d.kind)) continue;
    if (e.conditions.attack !== "any" && (e.conditions.attack === "melee") !== melee) continue;
    if (d.kind === "for-the-turn") {
      // Set earlier on the unit it concerns (combat-abilities.ts, warscroll-spells.ts: the attacker, or the target
      // for "against", save and ward); its pick's conditions were checked then.
      const onTarget = d.direction === "against" || d.set === "save" || d.set === "ward" || d.set === "ward-roll" || d.set === "no-ward";
      if (d.set === "strike-first" || d.set === "strike-last" || d.set === "control" || d.set === "no-commands" || d.set === "charge" || d.set === "charge-dice" || d.set === "charge-after" || !v.turnOn(onTarget ? target : attacker, turnToken(pe))) continue;
      // objective4: "... while it is contesting an objective you do not control", read on the unit holding it at each attack.
      const ow = e.conditions.objectiveWhile;
      if (ow !== undefined && !(v.objective?.(onTarget ? target : attacker, ow) ?? false)) continue;
      if (d.set === "ignore-positive") {
        if (!m.applied.includes(pe.key)) m.applied.push(pe.key);
        continue;
      }
      const value = d.value ?? 0;
      // Grief-stricken: positive modifiers to the ignoring unit's hit and wound rolls (the attacker's), and to its save rolls.
      if (value > 0 && (d.set === "hit" || d.set === "wound") && ignorePositive) continue;
      if (value > 0 && d.set === "save" && ignoresPositive(v, effects, target)) continue;
      // passive4: the attack's target (its keywords, models), named weapons, a Damage set to a value.
      if (!heldTargetHolds(v, e.conditions, target) || !attackerHolds(v, e.conditions, attacker) || !attackerOrdersHold(v, e.conditions, attacker)) continue;
      if (!targetControlHolds(v, e.conditions, attacker, target)) continue; // passive6: the target's Control against the attacker's
      // declared4 (battle/declared4.ts): a modifier of Companion or named weapons; passive4 (passive4.ts): a Damage set.
      if (heldWeaponMod(m, d, e.conditions) || heldDamageSet(m, d, e.conditions)) {
        if (!m.applied.includes(pe.key)) m.applied.push(pe.key);
        continue;
      }
      if (d.set === "weapon-abilities-off") m.noWeaponAbilities = true;
      // hero3: a Crit held for a while, a weapon mod as the passive weapon-ability's (passive.ts weaponAfterMods: only to a weapon without one).
      else if (d.set === "weapon-ability") m.weaponMods.push({ rend: 0, damage: 0, attacks: 0, ability: d.ability! });
      else if (d.set === "ward-roll") m.wardRoll += value; // declared4: the holder's ward rolls (passive.ts wardAfterRolls)
      else if (d.set === "no-ward") m.noWard = true; // Elite Guardians: "ward rolls cannot be made for it" (passive.ts wardAfterRolls)
      else if (d.companionOnly) m.companionHit += value;
      else if (d.set === "hit") [m.hit, m.hitNeg] = [m.hit + value, m.hitNeg + Math.min(0, value)];
      else if (d.set === "wound") [m.wound, m.woundNeg] = [m.wound + value, m.woundNeg + Math.min(0, value)];
      else if (d.set === "save") [m.save, m.saveNeg] = [m.save + value, m.saveNeg + Math.min(0, value)];
      else if (d.set === "rend") m.rend += value;
      else if (d.set === "damage") m.damage += value;
      else if (d.set === "attacks") m.attacks += value;
      else if (d.set === "ward") m.ward = m.ward === 0 ? value : Math.min(m.ward, value);
      if (!m.applied.includes(pe.key)) m.applied.push(pe.key);
      continue;
    }
    if (e.conditions.targetCharged !== undefined && v.charged(target) !== e.conditions.targetCharged) continue;
    // The attack's target: its keywords (as its warscroll has them) and models.
    if (e.conditions.targetKeywords && !e.conditions.targetKeywords.every((k) => keywordIn(v.unit(target).keywords, k))) continue;
    if (e.conditions.targetMinModels !== undefined && v.models(target) < e.conditions.targetMinModels) continue;
    if (!passiveTargetHolds(v, e.conditions, target)) continue;
    if (!targetControlHolds(v, e.conditions, attacker, target)) continue; // passive6: the target's Control against the attacker's
    if (!attackerHolds(v, e.conditions, attacker) || !attackerOrdersHold(v, e.conditions, attacker)) continue; // passive4; cities6: the attacker under orders: "attacks made by enemy MONSTERS that target this unit"
    // objective4: "for attacks that target enemy units contesting an objective".
    if (e.conditions.targetContesting && !(v.objective?.(target, "any") ?? false)) continue;
    // hashut6: a ward against spells, prayers and manifestations' abilities only.
    if (e.conditions.wardMagic && !(v.magicDamage?.(attacker) ?? false)) continue;
    const dir = d.kind === "ward" ? "against" : (d as { direction: "by" | "against" }).direction;
    const x = dir === "by" ? attacker : target;
    if (ignorePositive && (d.kind === "hit" || d.kind === "wound") && d.value > 0) continue;
    const s = sourceFor(v, pe, x, target);
    if (s < 0) continue;
    // "For every N models in the target unit, add M to its Attacks characteristic" (Titanic Boulderclub): the target's
    // models when the attacks are picked; nothing below N.
    const times = d.kind === "attacks" && d.perTargetModels !== undefined ? Math.floor(v.models(target) / d.perTargetModels) : 1;
    if (times === 0) continue;
    const when = pe.ability.when;
    const limited = when.timing === "reaction" && when.limit === "once-per-phase-army";
    if (limited) {
      const player = v.unit(s).owner;
      if (!rendWeapon || v.usedThisPhase(player, pe.key) || m.used.some(([p, k]) => p === player && k === pe.key)) continue;
      m.used.push([player, pe.key]);
    }
    const taken = passiveAttackMod(m, d.kind === "attacks" && times !== 1 ? { ...d, value: d.value * times } : d, e.conditions) || passive3AttackMod(m, d);
    if (taken !== 0) {
      if (taken === 1 && !m.applied.includes(pe.key)) m.applied.push(pe.key);
      continue;
    }
    switch (d.kind) {
      case "hit": [m.hit, m.hitNeg] = [m.hit + d.value, m.hitNeg + Math.min(0, d.value)]; break;
      case "wound": [m.wound, m.woundNeg] = [m.wound + d.value, m.woundNeg + Math.min(0, d.value)]; break;
      case "rend": m.rend += d.value; break;
      case "damage": m.damage += d.value; break;
      case "fail-unmodified":
        if (d.rolls.includes("hit")) m.hitFail = Math.max(m.hitFail, d.upTo);
        if (d.rolls.includes("wound")) m.woundFail = Math.max(m.woundFail, d.upTo);
        break;
      case "ward": m.ward = m.ward === 0 ? d.value : Math.min(m.ward, d.value); break;
    }
    if (!m.applied.includes(pe.key)) m.applied.push(pe.key);
  }
  // Grief-stricken on the target: its positive save modifiers are ignored too (passive.ts).
  if (ignoresPositive(v, effects, target)) ignorePositiveSave(m);
  return m;
}

/**
 * The dice of `id`'s charge roll (CORE-CHARGE: 2D6) after the played charge-dice effects: each adds its dice,
 * to its maximum (Heralds of Righteousness: "Add 1 to the number of dice ... to a maximum of 3").
 */
export function chargeDiceAfterEffects(v: EffectView, effects: readonly PlayedEffect[], id: number): number {
  let dice = 2;
  for (const pe of effects) {
    const d = pe.effect.do;
    if (d.kind !== "charge-dice" || sourceFor(v, pe, id) < 0) continue;
    dice = Math.max(dice, Math.min(d.max, dice + d.add));
  }
  return dice;
}

/** What the control interpreter reads besides the view: the objective's place. */
export interface ControlContext {
  /** The objective being contested is wholly within the territory of the unit's army. */
  objectiveInFriendlyTerritory: boolean;
}

/** Whether a spell's ignore-positive (Grief-stricken) is on unit `id` now (its token). */
export function ignoresPositive(v: EffectView, effects: readonly PlayedEffect[], id: number): boolean {
  for (const pe of effects) if (pe.effect.do.kind === "for-the-turn" && pe.effect.do.set === "ignore-positive" && v.turnOn(id, turnToken(pe))) return true;
  return false;
}

/** A unit's control score after the played control effects: `base` plus additions, then the maxima. */
export function controlAfterEffects(v: EffectView, effects: readonly PlayedEffect[], id: number, base: number, ctx: ControlContext): number {
  let add = 0;
  let max = Infinity;
  const ignorePositive = ignoresPositive(v, effects, id);
  // "Ignore negative modifiers to the control scores of friendly X units ..." (passive.ts).
  const ignored = controlIgnored(v, effects, id, sourceFor);
  for (const pe of effects) {
    const d = pe.effect.do;
    // A spell's control modifier for the rest of the turn (Omens of Decay: times the battle round), on the unit.
    if (d.kind === "for-the-turn" && d.set === "control") {
      if (v.turnOn(id, turnToken(pe))) add += (d.value ?? 0) * (d.perRound ? (v.round?.() ?? 1) : 1);
      continue;
    }
    if (d.kind !== "control") continue;
    if (ignorePositive && (d.add ?? 0) > 0 && d.max === undefined) continue; // Grief-stricken: positive modifiers ignored
    const c = pe.effect.conditions;
    if (c.contesting === "objective-in-friendly-territory" && !ctx.objectiveInFriendlyTerritory) continue;
    if (c.contesting === "objective-you-control") continue; // not in the vocabulary the interpreter plays
    if (d.add !== undefined && d.add < 0 && (ignored === "negative" || ignored === "both")) continue;
    if (d.add !== undefined && d.add > 0 && (ignored === "positive" || ignored === "both")) continue;
    if (sourceFor(v, pe, id) < 0) continue;
    if (d.add !== undefined) add += d.add;
    if (d.max !== undefined) max = Math.min(max, d.max);
  }
  // 'Some abilities modify a unit's control score, but it cannot be reduced to less than 1' (CORE-CONTROL).
  return Math.max(1, Math.min(max, base + add));
}

/** A weapon's Attacks with an Attacks modifier (attack.ts AttackMods.attacks): Companion weapons take only a negative one (CORE-COMPANION). */
export function attacksWithModifier(w: { abilities: readonly string[] }, attacks: DiceExpr, mod: number): DiceExpr {
  if (mod === 0) return attacks;
  const companion = weaponAbilities(w.abilities, "abilities").companion;
  const m = companion ? Math.min(0, mod) : mod;
  if (m === 0) return attacks;
  // A decision (the seeds are silent): a fixed Attacks characteristic stays at least 1; a random one is its roll
  // plus the modifier (never below 0, as any dice expression's plus). The kernel's actions.ts does the same.
  return attacks.count === 0 ? { count: 0, sides: 0, plus: Math.max(1, attacks.plus + m) } : { ...attacks, plus: attacks.plus + m };
}
