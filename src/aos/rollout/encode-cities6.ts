/**
 * The encoder's part for the cities6 area (docs/abilities.md "Cities of Sigmar: under orders (cities6)"; the kernel's
 * assembly/battle/cities6.ts): a record's EF.C6_ORDERS, a unit's U.C6_UNIT and its US.UNDER_ORDERS bit.
 */
import { FORM_UP_KEYWORD, UNDER_ORDERS_TOKEN } from "../battle/cities6.js";
import { hasKeyword, type UnitProfile, type UnitState } from "../battle/units.js";
import type { Conditions } from "../abilities/schema.js";

/** EF.C6_ORDERS: conditions.underOrders on the holder, 1 it must be under orders, 2 must not be, 0 no such condition. */
export const ordersCondition = (c: Conditions): number => (c.underOrders === undefined ? 0 : c.underOrders ? 1 : 2);

/** U.C6_UNIT: bit 0 the unit has the keyword Form Up picks, bits 1.. its warscroll's index among the battle's profiles' warscrolls. */
export function cities6Unit(profiles: readonly UnitProfile[], p: UnitProfile): number {
  const types: string[] = [];
  for (const q of profiles) if (!types.includes(q.warscroll)) types.push(q.warscroll);
  return (hasKeyword(p, FORM_UP_KEYWORD) ? 1 : 0) | (types.indexOf(p.warscroll) << 1);
}

/** The unit's US.UNDER_ORDERS (its battle/cities6.ts token). */
export const underOrders = (u: UnitState): boolean => u.tokens.includes(UNDER_ORDERS_TOKEN);

/** The kernel code of the `shoot-in-combat` kind (EF.KIND; the cities6 room's kind 141; assembly/battle/cities6.ts SHOOT_IN_COMBAT_KIND). */
export const SHOOT_IN_COMBAT_KIND = 141;
