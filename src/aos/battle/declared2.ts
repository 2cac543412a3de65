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
import { unitControl } from "./damaged.js";
import { keywordIn } from "../abilities/index.js";
import { isOnUnit, type Window } from "./status.js";
import { actsAfter, mayChargeAfterMoving } from "./moves.js";

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
  for (const pe of heldOf(b, id, "charge-dice")) {
    const v = (pe.effect.do as { value?: number }).value ?? 0;
    // magic5: "subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1".
    n = v < 0 ? Math.max(1, n + v) : Math.max(n, Math.min(3, n + v));
  }
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

/** A `charge-after` held on unit `id` forgives `what` (a run / a retreat) for its CHARGE abilities, or with `shoot` its SHOOT abilities (moves.ts actsAfter). */
export function afterHeld(b: Battle, id: number, what: "run" | "retreat", shoot: boolean): boolean {
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind !== "for-the-turn" || d.set !== "charge-after" || !d.after?.includes(what) || (shoot && !d.shoot)) continue;
    if (isOnUnit(b, pe, id)) return true;
  }
  return false;
}

/**
 * status.ts durationScore for `charge-after` (with the weight of its melee attacks, and its ranged ones with `shoot`):
 * a friendly unit of the active army, not in combat and with no charge tried, before the charges, that has not
 * moved yet with the movement phase to come (the policy's decision to run reads it: policy.ts wantsToRun) or that ran / retreated and is not forgiven
 * that move yet while the effect would forgive it.
 */
export function afterWanted(b: Battle, x: number, d: { after?: readonly ("run" | "retreat")[] | undefined }, friendly: boolean, win: Window): boolean {
  const u = b.unit(x);
  if (!friendly || !win.chargeAhead || b.ownerOf(x) !== b.data.active || b.inCombat(x) || u.chargeTried) return false;
  if (!u.moved) return win.moveAhead;
  const after = d.after ?? [];
  return (u.ran && after.includes("run") && !actsAfter(b, x, "run", false)) || (u.retreated && after.includes("retreat") && !actsAfter(b, x, "retreat", false));
}

/**
 * status.ts useForAWhile's dice `r` for target `t`: with `addIfDamaged` added if it has damage points and
 * `addIfKeywords` if it has one of the keywords (as its warscroll has them), then `r >= on`,
 * or against its Control characteristic (as Battle Damaged leaves it: damaged.ts unitControl) or Health (`vs`).
 */
export function diceHolds(b: Battle, d: { on?: number | undefined; vs?: string | undefined; addIfDamaged?: number | undefined; addIfKeywords?: { add: number; anyKeywords: string[] } | undefined }, t: number, r: number): boolean {
  const kw = d.addIfKeywords;
  const roll = r + (d.addIfDamaged !== undefined && b.unit(t).damage > 0 ? d.addIfDamaged : 0) + (kw && kw.anyKeywords.some((k) => keywordIn(b.profile(t).keywords, k)) ? kw.add : 0);
  if (d.vs === "control-exceeds") return roll > unitControl(b.profile(t), b.unit(t));
  if (d.vs === "control-at-most") return roll <= unitControl(b.profile(t), b.unit(t));
  if (d.vs === "health-at-most") return roll <= b.profile(t).health;
  if (d.vs === "health-2d6-exceeds") return roll > b.profile(t).health; // declared5: the roll is 2D6 (status.ts)
  return roll >= (d.on ?? 1);
}
