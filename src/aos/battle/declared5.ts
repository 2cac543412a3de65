/**
 * The declared abilities' fifth pass (docs/abilities.md "Declared abilities, fifth pass (declared5)"), the effects it
 * holds on a unit for a while (status.ts puts them; the kernel's twin is assembly/battle/declared5.ts):
 *
 * - `move` ("Add 2\" to the target's Move characteristic", "Add 3\" to the Move characteristic of each target"): added
 *   to the unit's Move characteristic while it holds it (moves.ts moveModifier "move": movement.ts's normal moves, runs
 *   and retreats). The policy's worth (moveScore): the weight of all its attacks (status.ts attackWeight, "any") on a
 *   friendly unit of the active army that is not in combat and has not moved, while this turn's movement phase is
 *   still to come (the step is at the start of the turn or in the hero phase); else 0.
 * - `vs: "health-2d6-exceeds"` ("Roll 2D6. If the result exceeds the target's Health characteristic, ..."): the dice
 *   are two D6 summed (status.ts useForAWhile), held against the target's Health (declared2.ts diceHolds).
 */
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";
import { isOnUnit, type Window } from "./status.js";

/** The sum of the `move` records held on unit `id` now (moves.ts moveModifier adds it to its Move characteristic). */
export function moveHeld(b: Battle, id: number): number {
  let sum = 0;
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind === "for-the-turn" && d.set === "move" && isOnUnit(b, pe, id)) sum += d.value ?? 0;
  }
  return sum;
}

/** status.ts durationScore for `move`: whether the Move bonus is worth anything on unit `x` (a friendly unit of the active army still to move this turn). */
export function moveWanted(b: Battle, x: number, v: number, friendly: boolean, win: Window): boolean {
  return friendly && v > 0 && win.moveAhead && b.ownerOf(x) === b.data.active && !b.inCombat(x) && !b.unit(x).moved;
}
