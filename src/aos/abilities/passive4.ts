/**
 * The passive4 area in the attack interpreter (docs/abilities.md "Passive abilities, fourth pass (passive4)"): an effect
 * for a while (for-the-turn) on named weapons, on the attacks on some targets, or setting a weapon's Damage
 * characteristic (attack.ts attackMods' for-the-turn branch). The kernel's twin is in assembly/battle/effects.ts
 * (attackEffects) with assembly/battle/passive4.ts.
 */
import type { AttackMods, EffectView } from "./attack.js";
import { keywordIn, passes } from "./index.js";
import type { Conditions, Do } from "./schema.js";

/** An effect for a while's conditions on the attack's target: all of targetKeywords, one of targetAnyKeywords, targetMinModels. */
export function heldTargetHolds(v: EffectView, c: Conditions, target: number): boolean {
  const ks = v.unit(target).keywords;
  if (c.targetKeywords && !c.targetKeywords.every((k) => keywordIn(ks, k))) return false;
  if (c.targetAnyKeywords && !c.targetAnyKeywords.some((k) => keywordIn(ks, k))) return false;
  if (c.targetMinModels !== undefined && v.models(target) < c.targetMinModels) return false;
  return true;
}

/**
 * An effect for a while on named weapons (Attacks, Rend, Damage) or a Damage set to a value: a weapon mod, as the
 * passive ones (passive.ts weaponAfterMods: CORE-COMPANION for a positive Attacks modifier). True when it took it.
 */
export function heldWeaponMod(m: AttackMods, d: Extract<Do, { kind: "for-the-turn" }>, c: Conditions): boolean {
  if (c.weapons === undefined && d.set !== "damage-set") return false;
  const v = d.value ?? 0;
  const names = c.weapons ? { names: c.weapons.map((n) => n.toLowerCase()) } : {};
  if (d.set === "damage-set") m.weaponMods.push({ rend: 0, damage: 0, attacks: 0, damageSet: v, ...names });
  else if (d.set === "attacks" || d.set === "rend" || d.set === "damage") m.weaponMods.push({ rend: d.set === "rend" ? v : 0, damage: d.set === "damage" ? v : 0, attacks: d.set === "attacks" ? v : 0, ...names });
  else return false;
  return true;
}

/** The attacking unit passes the effect's `attackerFilter` ("attacks made by non-HERO units that target this unit"), if any. */
export function attackerHolds(v: EffectView, c: Conditions, attacker: number): boolean {
  return c.attackerFilter === undefined || passes(v.unit(attacker), c.attackerFilter);
}
