// The declared abilities' fifth pass (docs/abilities.md "Declared abilities, fifth pass (declared5)"), the kernel's
// twin of src/aos/battle/declared5.ts: the effects it holds on a unit for a while (status.ts puts them).
// - move (TURN_SET SET_MOVE, schema.ts DURATION_SETS' index): added to the unit's Move characteristic (moves.ts
//   moveModifier 0); worth the weight of all its attacks on a friendly unit of the active army not in combat that has
//   not moved, while this turn's movement phase is still to come (status.ts durationScore).
// - EF.D2_VS 4 ("Roll 2D6. If the result exceeds the target's Health characteristic"): two D6 summed (status.ts
//   useForAWhile), held against the target's Health (declared2.ts diceHolds).
// Room used (declared5): none of the layout's slots; the TURN_SET code and EF.D2_VS's value 4.
import { heldSum } from "./declared2";
import { active, inCombat, owner, st } from "./state";
import { US } from "./layout";

/** schema.ts DURATION_SETS.indexOf("move") (test/aos/abilities-declared5.test.ts checks it; the lead renumbers it at merge). */
export const SET_MOVE: i32 = 19;
/** EF.D2_VS's value for "Roll 2D6. If the result exceeds the target's Health characteristic". */
export const VS_HEALTH_2D6: i32 = 4;

/** declared5.ts moveHeld: the sum of the move records held on u. */
export function moveHeld(u: i32): i32 {
  return heldSum(u, SET_MOVE);
}

/** declared5.ts moveWanted (`friendly` and `moveAhead` from status.ts's window). */
export function moveWanted(x: i32, v: i32, friendly: bool, moveAhead: bool): bool {
  return friendly && v > 0 && moveAhead && owner(x) == active && !inCombat(x) && !st(x, US.MOVED);
}
