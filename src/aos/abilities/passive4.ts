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
  if (c.attackTargetCharged && !v.charged(target)) return false; // declared6: "against enemy units that charged this turn"
  return true;
}

/**
 * An effect for a while setting the Damage characteristic of the weapons (named ones, or all): a weapon mod, as the
 * passive ones (passive.ts weaponAfterMods). True when it took it. Other modifiers of named or Companion weapons held
 * for a while are battle/declared4.ts heldWeaponMod's.
 */
export function heldDamageSet(m: AttackMods, d: Extract<Do, { kind: "for-the-turn" }>, c: Conditions): boolean {
  if (d.set !== "damage-set") return false;
  m.weaponMods.push({ rend: 0, damage: 0, attacks: 0, damageSet: d.value ?? 0, ...(c.weapons ? { names: c.weapons.map((n) => n.toLowerCase()), specified: true } : {}) });
  return true;
}

/** The attacking unit passes the effect's `attackerFilter` ("attacks made by non-HERO units that target this unit"), if any. */
export function attackerHolds(v: EffectView, c: Conditions, attacker: number): boolean {
  return c.attackerFilter === undefined || passes(v.unit(attacker), c.attackerFilter);
}
