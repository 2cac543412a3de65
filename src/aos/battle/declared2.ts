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
import { mayChargeAfterMoving } from "./moves.js";

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

/** The records of `set` held on unit `id` now (the battle's for-the-turn effects of that set). */
function heldOf(b: Battle, id: number, set: "charge" | "charge-dice") {
  return battleEffects(b).filter((pe) => pe.effect.do.kind === "for-the-turn" && pe.effect.do.set === set && isOnUnit(b, pe, id));
}

/** "Add N to charge rolls for the target for the rest of the turn": the sum held on unit `id` (moves.ts moveModifier adds it). */
export function chargeHeld(b: Battle, id: number): number {
  let sum = 0;
  for (const pe of heldOf(b, id, "charge")) sum += (pe.effect.do as { value?: number }).value ?? 0;
  return sum;
}

/** "Add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3": `dice` after those held on `id`, in data order. */
export function chargeDiceHeld(b: Battle, id: number, dice: number): number {
  let n = dice;
  for (const pe of heldOf(b, id, "charge-dice")) n = Math.max(n, Math.min(3, n + ((pe.effect.do as { value?: number }).value ?? 0)));
  return n;
}

/** Whether an ability's for-the-turn effects include a charge-roll one (a charge phase's are then used at its start: combat-abilities.ts stepPhaseOf). */
export function chargeStartAbility(a: { effects: readonly { do: { kind: string; set?: string } }[] }): boolean {
  return a.effects.some((e) => e.do.kind === "for-the-turn" && (e.do.set === "charge" || e.do.set === "charge-dice"));
}

/**
 * status.ts durationScore for `charge` / `charge-dice` (with its melee weight): a friendly unit of the active army
 * that may still charge this turn (the step is before the charges; not in combat, no charge tried, a run or
 * retreat forgiven if it made one: charge.ts canCharge without the summoned unit's fatigue).
 */
export function mayChargeNow(b: Battle, x: number, friendly: boolean, win: Window): boolean {
  return friendly && win.chargeAhead && b.ownerOf(x) === b.data.active && !b.inCombat(x) && !b.unit(x).chargeTried && mayChargeAfterMoving(b, x);
}
