/**
 * The declared abilities' second pass (docs/abilities.md "Declared abilities, second pass"), the effects it holds
 * on a unit for a while (status.ts puts them; the kernel's twin is assembly/battle/declared2.ts):
 *
 * - `no-commands` ("the target cannot use commands for the rest of the turn / until the start of your next
 *   turn"): the unit cannot receive a command while it holds it (CORE-CP; the engines' command is Feral Roar,
 *   feral-roar.ts feralRoarTargets). The policy's worth (status.ts durationScore): 1 on an enemy MONSTER with
 *   Battle Damaged data (the only unit Feral Roar can change) while the start of a combat phase is still to come
 *   before the effect ends; else 0, so the ability is not used (a combat phase's own step comes after that
 *   phase's Feral Roar).
 */
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";
import { isOnUnit, type Window } from "./status.js";

/** Whether unit `id` cannot use commands now (a `no-commands` effect held on it). */
export function noCommands(b: Battle, id: number): boolean {
  for (const pe of battleEffects(b)) if (pe.effect.do.kind === "for-the-turn" && pe.effect.do.set === "no-commands" && isOnUnit(b, pe, id)) return true;
  return false;
}

/** status.ts durationScore for `no-commands` on unit `x`: 1 on an enemy MONSTER with Battle Damaged data while a combat phase's start is to come. */
export function noCommandsScore(b: Battle, x: number, friendly: boolean, win: Window): number {
  if (friendly || !win.combatLeft) return 0;
  return b.isMonster(x) && b.profile(x).battleDamaged !== undefined ? 1 : 0;
}
