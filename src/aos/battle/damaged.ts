/**
 * Battle Damaged and Feral Roar (PB-REALM-FERAL-ROAR). The Pitched Battles 2021 realm command reads a
 * warscroll's damage table "as if it has suffered 0 wounds"; 4th-edition warscrolls have no damage tables,
 * and their equivalent is the passive Battle Damaged ability: "While this unit has N or more damage points,
 * the Attacks characteristic of its X is A [and this unit has a Control characteristic of C]". So a unit's
 * Attacks and Control are read here: the Battle Damaged values once its damage points (UnitState.damage,
 * CORE-ALLOC) reach the threshold, unless Feral Roar is on it this combat phase.
 *
 * Every rule that reads a weapon's Attacks or a unit's Control in a battle goes through these functions
 * (attacks.ts for shooting and combat, objectives.ts control scores, turn.ts terrain control). The scripted
 * policy's estimates (expected damage, attack weight) keep the warscroll's printed Attacks: they are
 * heuristics, not rules (a decision recorded in the README).
 */
import type { DiceExpr } from "../../core/dice.js";
import { hasToken, TOKEN } from "./tokens.js";
import type { UnitProfile, UnitState, WeaponProfile } from "./units.js";

/** The unit's Battle Damaged applies now: it has one, enough damage points, and no Feral Roar this phase. */
export function battleDamagedApplies(p: UnitProfile, u: UnitState): boolean {
  const bd = p.battleDamaged;
  return bd !== undefined && u.damage >= bd.damagePoints && !hasToken(u, TOKEN.feralRoar);
}

/** A weapon's Attacks characteristic as the unit uses it now. */
export function weaponAttacks(w: WeaponProfile, p: UnitProfile, u: UnitState): DiceExpr {
  if (w.damagedAttacks !== undefined && battleDamagedApplies(p, u)) return w.damagedAttacks;
  // Necromantic Limits (units.ts limitedAttacksOf): not Battle Damaged, so Feral Roar does not lift it.
  if (w.limitedAttacks !== undefined && u.damage >= w.limitedAttacks.damagePoints) return w.limitedAttacks.attacks;
  return w.attacks;
}

/** The unit's Control characteristic now. */
export function unitControl(p: UnitProfile, u: UnitState): number {
  const c = p.battleDamaged?.control;
  return c !== undefined && c !== null && battleDamagedApplies(p, u) ? c : p.control;
}
