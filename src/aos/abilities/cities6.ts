/**
 * The cities6 area's reading of an attack (docs/abilities.md "Cities of Sigmar: under orders (cities6)"): the
 * attacking unit is under orders (`attackerUnderOrders`: "attacks made by friendly SIGMARITE units that are under
 * orders that target that enemy unit"). The kernel's twin: assembly/battle/cities6.ts attackerOrdersHold (EF.C6_ATTACKER).
 */
import type { EffectView } from "./attack.js";
import type { Conditions } from "./schema.js";

/** The attacking unit is under orders when the effect asks it (a view without underOrders, the odds: it is not). */
export function attackerOrdersHold(v: EffectView, c: Conditions, attacker: number): boolean {
  return c.attackerUnderOrders === undefined || (v.underOrders?.(attacker) ?? false);
}
