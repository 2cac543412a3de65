/**
 * Passive abilities: the conditions and kinds docs/abilities.md "Passive abilities: conditions and kinds"
 * describes, read by the attack interpreter (attack.ts attackMods, controlAfterEffects) and the fight order
 * (battle/combat.ts). The kernel's twin is assembly/battle/passive.ts.
 *
 * Conditions on a unit's state (charged, in combat, models, damage points, in combat with an enemy X, contesting an
 * objective, territory, enemies near, battle round) are read on the "holder": the affected unit, or with
 * `holder: "source"` the unit with the ability. A view without the method a condition needs (the one-on-one odds:
 * odds.ts) makes that condition not hold, so the ability is listed as off there.
 */
import { diceToString, parseDice } from "../../core/dice.js";
import type { AttackMods, EffectView } from "./attack.js";
import { keywordIn, type PlayedEffect, passes } from "./index.js";
import type { Conditions, Do, Effect } from "./schema.js";
import { killMarked } from "./kills5.js";
import { isCompanion } from "../battle/units.js";

/** The holder of an effect's unit-state conditions: the affected unit `x`, or the unit with the ability `s`. */
export const holderOf = (e: Effect, s: number, x: number): number => (e.conditions.holder === "source" ? s : x);

/** "While this unit is in combat with (N or more) enemy X units (that charged this turn)" on `h` (also when an effect for a while is used: battle/status.ts). */
export function inCombatWithHolds(v: Pick<EffectView, "combatEnemies" | "unit" | "charged">, w: NonNullable<Conditions["inCombatWith"]>, h: number): boolean {
  if (!v.combatEnemies) return false;
  let n = 0;
  for (const y of v.combatEnemies(h)) if (passes(v.unit(y), w.filter) && (w.charged === undefined || v.charged(y) === w.charged)) n++;
  return n >= w.count;
}

/** The passive conditions on the holder `h` (the charged and inCombat ones are read by attack.ts conditionsHold). */
export function passiveConditionsHold(v: EffectView, c: Conditions, h: number): boolean {
  if (c.minModels !== undefined && v.models(h) < c.minModels) return false;
  if (c.maxModels !== undefined && v.models(h) > c.maxModels) return false;
  if (c.fromRound !== undefined || c.toRound !== undefined) {
    if (!v.round) return false;
    const r = v.round();
    if (r < (c.fromRound ?? 1) || r > (c.toRound ?? 5)) return false;
  }
  if (c.roundParity !== undefined && (!v.round || (v.round() % 2 === 1) !== (c.roundParity === "odd"))) return false;
  if (c.damaged !== undefined || c.damagePoints !== undefined) {
    if (!v.damage) return false;
    const d = v.damage(h);
    if (c.damaged !== undefined && d > 0 !== c.damaged) return false;
    if (c.damagePoints && (d < (c.damagePoints.min ?? 0) || d > (c.damagePoints.max ?? Infinity))) return false;
  }
  if (c.inCombatWith && !inCombatWithHolds(v, c.inCombatWith, h)) return false;
  if (c.objective !== undefined && (!v.objective || !v.objective(h, c.objective))) return false;
  if (c.territory !== undefined && (!v.territory || !v.territory(h, c.territory))) return false;
  if (c.enemyWithin && (!v.enemyWithin || v.enemyWithin(h, c.enemyWithin.range) === c.enemyWithin.none)) return false;
  // hashut6: the holder's daemonic power points (battle/hashut6.ts); without them (the odds) the effect does not apply.
  if (c.daemonic && (!v.daemonic || v.daemonic(h) < c.daemonic.min || v.daemonic(h) > c.daemonic.max)) return false;
  return true;
}

/** The conditions on the attack's target that attack.ts does not read itself: one of `targetAnyKeywords`. */
export function passiveTargetHolds(v: EffectView, c: Conditions, target: number): boolean {
  return c.targetAnyKeywords === undefined || c.targetAnyKeywords.some((k) => keywordIn(v.unit(target).keywords, k));
}

/** What an effect does to some of the attacker's weapons (named, Companion, or all of one type). */
export interface WeaponMod {
  /** Weapon names (lower case); absent: every weapon. */
  names?: string[];
  /** Only Companion weapons (positive modifiers then apply to them: "Companion weapons used by ..."). */
  companion?: boolean;
  rend: number;
  damage: number;
  attacks: number;
  /** A weapon ability the weapons have ("Crit (2 Hits)", "Anti-charge (+1 Rend)", ...). */
  ability?: string;
  /** Named weapons held for a while (declared4): "specified", so a positive Attacks modifier reaches a named Companion weapon too. */
  specified?: boolean;
  /** The passive4 area's damage-set: the weapons' Damage characteristic is this (then the modifiers are added). */
  damageSet?: number;
  /** The passive5 area's damage-double: a fixed Damage characteristic (or a set one) is doubled (then the modifiers are added). */
  damageDouble?: boolean;
}

/**
 * The kinds passive.ts adds to attackMods (attack.ts): Save, Attacks, a named weapon's Rend/Damage, weapon
 * abilities, no critical hits, ignored modifiers. Returns 0 for an effect not its own (attack.ts's switch takes it),
 * 1 when it took it, 2 for its own that does nothing to an attack (ignored control modifiers).
 */
export function passiveAttackMod(m: AttackMods, d: Do, c: Conditions): 0 | 1 | 2 {
  const perWeapon = c.weapons !== undefined || c.companionWeapons === true;
  const weaponMod = (x: Partial<WeaponMod>) =>
    m.weaponMods.push({ rend: 0, damage: 0, attacks: 0, ...(c.weapons ? { names: c.weapons.map((n) => n.toLowerCase()) } : {}), ...(c.companionWeapons ? { companion: true } : {}), ...x });
  switch (d.kind) {
    case "save":
      m.save += d.value;
      m.saveNeg += Math.min(0, d.value);
      return 1;
    case "attacks":
      weaponMod({ attacks: d.value, ...(d.companionOnly ? { companion: true } : {}) });
      return 1;
    case "weapon-ability":
      weaponMod({ ability: d.ability });
      return 1;
    case "rend":
    case "damage":
      if (!perWeapon) return 0;
      weaponMod(d.kind === "rend" ? { rend: d.value } : { damage: d.value });
      return 1;
    case "damage-set": // passive4: the named weapons' Damage is this value
      weaponMod({ damageSet: d.value });
      return 1;
    case "damage-double": // passive5: the weapons' fixed Damage is doubled
      weaponMod({ damageDouble: true });
      return 1;
    case "no-crits":
      m.noCrits = true;
      return 1;
    case "ward-roll":
      if (d.none) m.noWard = true;
      else m.wardRoll += d.value ?? 0;
      return 1;
    case "ignore-modifiers":
      if (d.rolls === "hit-wound") m.ignoreHitWound = mergeSign(m.ignoreHitWound, d.sign);
      else if (d.rolls === "save") m.ignoreSave = mergeSign(m.ignoreSave, d.sign);
      else return 2;
      return 1;
  }
  return 0;
}

type Sign = "negative" | "positive" | "both" | null;
const mergeSign = (a: Sign, b: Exclude<Sign, null>): Sign => (a === null || a === b ? b : "both");

/** Grief-stricken's ignore-positive on the attack's target: its positive save modifiers are ignored (attack.ts). */
export function ignorePositiveSave(m: AttackMods): void {
  if (m.save !== 0) m.ignoreSave = mergeSign(m.ignoreSave, "positive");
}

/** A modifier after ignoring: its negative parts `neg` (<= 0) and the rest, with what is ignored. */
export function afterIgnoring(total: number, neg: number, ignore: Sign): number {
  if (ignore === "both") return 0;
  if (ignore === "negative") return total - neg;
  if (ignore === "positive") return neg;
  return total;
}

/** The kinds attackMods reads through passiveAttackMod (with attack.ts's own). */
export const PASSIVE_ATTACK_KINDS = ["save", "attacks", "weapon-ability", "no-crits", "ignore-modifiers", "ward-roll", "damage-set", "damage-double"] as const;

/**
 * A ward after the ward-roll modifiers (docs/abilities.md): "subtract 1 from ward rolls" makes a 5+ ward a 6+ one (a
 * roll of 6 minus 1 is 5); past 6+ no roll can succeed, and "ward rolls cannot be made": none (null).
 */
export function wardAfterRolls(ward: number | null, m: Pick<AttackMods, "wardRoll" | "noWard">): number | null {
  if (ward === null || m.noWard) return null;
  const w = ward - m.wardRoll;
  return w > 6 ? null : Math.max(2, w);
}

/** Whether `m.weaponMods` entry `x` concerns the weapon `name` (Companion or not). */
export function weaponModApplies(x: WeaponMod, name: string, companion: boolean): boolean {
  if (x.names && !x.names.includes(name.toLowerCase())) return false;
  if (x.companion && !companion) return false;
  return true;
}

/**
 * A weapon's numbers after the weapon mods: Rend and Damage added, Attacks added to the characteristic's fixed
 * part (CORE-COMPANION: a positive Attacks modifier not aimed at Companion weapons leaves them alone), and the
 * weapon abilities granted (a Crit only to a weapon with none: a weapon has at most one Crit ability; the same
 * ability twice once). `noCrits`: the Crit abilities do nothing ("cannot score critical hits").
 */
export function weaponAfterMods<W extends { name: string; attacks: { count: number; sides: number; plus: number }; rend: number; damage: { count: number; sides: number; plus: number }; abilities: readonly string[] }>(w: W, m: AttackMods): W {
  const companion = isCompanion(w);
  let rend = 0;
  let damage = 0;
  let attacks = 0;
  // passive4: a Damage characteristic set to a value (the highest of several), the Damage modifiers added after it.
  let set = 0;
  // passive5: a fixed (or set) Damage characteristic doubled, once however many say so, before the modifiers.
  let double = false;
  const abilities = [...w.abilities];
  for (const x of m.weaponMods) {
    if (!weaponModApplies(x, w.name, companion)) continue;
    if (x.damageSet !== undefined) set = Math.max(set, x.damageSet);
    if (x.damageDouble) double = true;
    rend += x.rend;
    damage += x.damage;
    if (!(companion && x.attacks > 0 && !x.companion && !x.specified)) attacks += x.attacks;
    if (x.ability) {
      // Only to a weapon without one: a Crit (a weapon has at most one), Anti-charge, Charge (+1 Damage).
      const has = (re: RegExp) => abilities.some((a) => re.test(a.trim()));
      const already = x.ability.startsWith("Crit") ? has(/^crit\b/i) : x.ability.startsWith("Anti") ? has(/^anti-charge\b/i) : has(/^charge\s*\(/i);
      if (!already) abilities.push(x.ability);
    }
  }
  // passive3.ts: "The Charge (+1 Damage) weapon ability has no effect on attacks that target this unit".
  const kept = abilities.filter((a) => !(m.noCrits && /^crit\b/i.test(a.trim())) && !(m.noChargeDamage && /^charge\s*\(/i.test(a.trim())));
  if (rend === 0 && damage === 0 && attacks === 0 && set === 0 && !double && kept.length === w.abilities.length && !m.noCrits && !m.noChargeDamage) return w;
  const fixed = set > 0 ? { count: 0, sides: 0, plus: set } : w.damage;
  // A random Damage is left as it is (a doubled dice is no expression the samplers roll; none on the snapshot).
  const base = double && fixed.count === 0 ? { ...fixed, plus: fixed.plus * 2 } : fixed;
  return { ...w, rend: w.rend + rend, damage: { ...base, plus: base.plus + damage }, attacks: { ...w.attacks, plus: w.attacks.plus + attacks }, abilities: kept };
}

/** STRIKE-FIRST / STRIKE-LAST from a passive `strike` effect (no dice) that holds for unit `id` now (combat.ts). */
export function passiveStrike(v: EffectView, effects: readonly PlayedEffect[], id: number, order: "first" | "last", sourceFor: (v: EffectView, pe: PlayedEffect, x: number) => number): boolean {
  for (const pe of effects) {
    const d = pe.effect.do;
    // kills5: a STRIKE-FIRST for the rest of the battle needs its kill mark (conditions.token "kill-..."), whatever its ability's timing.
    if (d.kind !== "strike" || d.order !== order || d.on !== undefined || (pe.ability.when.timing !== "passive" && !killMarked(pe))) continue;
    if (sourceFor(v, pe, id) >= 0) return true;
  }
  return false;
}

/** How the control modifiers of unit `id` are ignored ("Ignore negative modifiers to the control scores of ..."). */
export function controlIgnored(v: EffectView, effects: readonly PlayedEffect[], id: number, sourceFor: (v: EffectView, pe: PlayedEffect, x: number) => number): Sign {
  let sign: Sign = null;
  for (const pe of effects) {
    const d = pe.effect.do;
    if (d.kind === "ignore-modifiers" && d.rolls === "control" && sourceFor(v, pe, id) >= 0) sign = mergeSign(sign, d.sign);
  }
  return sign;
}

/**
 * The exact odds (odds-input.ts applyOddsAbilities): an odds input's weapons (JSON, dice as written) after the weapon
 * mods, as the battle's attackInput applies them; weapons whose dice do not parse are left as they are (the schema
 * then says why).
 */
export function oddsWeaponsAfterMods(weapons: readonly Record<string, unknown>[], m: AttackMods): Record<string, unknown>[] {
  if (m.weaponMods.length === 0 && !m.noCrits && !m.noChargeDamage) return [...weapons];
  return weapons.map((w) => {
    const attacks = parseDice(w.attacks as number | string);
    const damage = parseDice(w.damage as number | string);
    if (typeof attacks === "string" || typeof damage === "string" || typeof w.name !== "string" || typeof w.rend !== "number") return w;
    const x = weaponAfterMods({ name: w.name, attacks, rend: w.rend, damage, abilities: Array.isArray(w.abilities) ? (w.abilities as string[]) : [] }, m);
    return { ...w, attacks: diceToString(x.attacks), rend: Math.max(0, x.rend), damage: diceToString(x.damage), abilities: x.abilities };
  });
}
