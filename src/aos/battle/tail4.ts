/**
 * The tail4 area (docs/abilities.md "Weapon abilities, pass-through moves and permissions (tail4)"): the engine's hooks
 * for the area's kinds. The kernel's twin is assembly/battle/tail4.ts (the same rules, the same dice in the same places:
 * test/aos/abilities-tail4.test.ts). The pass-through form (enemy X units' models and combat ranges) is in common.ts.
 *
 * - `resist-reroll` (The Flames of Hope: "You can re-roll resistance rolls for friendly RUINATION CHAMBER units while
 *   they are wholly within 12\" of this unit"): common.ts resisted asks `rerollsResistance` when a resistance roll
 *   failed; if a unit of the target's army with the effect names the target (whom, from that unit), the roll is made
 *   again (the policy of both engines: a failed roll is always re-rolled; not a decision of the search). Only the
 *   Ruination Chamber's resistance roll (`resist` without `against`): the spell reactions' "roll a dice" is not one.
 */
import { whomHolds } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";
import type { Player } from "./state.js";

/**
 * `no-run` (Terror of the Deep Woods, Captive Audience): whether unit `id` may not use a run (`what` "run") or a retreat
 * ("retreat") now — an enemy unit with the effect names it (whom: enemy, within its range). movement.ts movementChoices
 * offers neither then (the kernel's paths.ts offeredPace: no run; its policy never retreats).
 */
export function runBanned(b: Battle, id: number, what: "run" | "retreat"): boolean {
  const effects = battleEffects(b).filter((pe) => pe.effect.do.kind === "no-run" && pe.effect.do[what]);
  if (effects.length === 0) return false;
  const v = battleView(b);
  for (const pe of effects)
    for (const x of b.deployed((1 - b.ownerOf(id)) as Player)) if (b.profile(x).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase() && whomHolds(v, pe.effect, x, id)) return true;
  return false;
}

/**
 * `no-return` (Redemptor Casket): whether slain models may not be returned to unit `id` now — an enemy unit with the
 * effect names it (whom: enemy, within its range). healing.ts returnsForbidden (every return of slain models: the
 * return-models step, warscroll spells, Muster Guard) asks it, as it asks Harrowing Shrieks' healingForbidden.
 */
export function returnBanned(b: Battle, id: number): boolean {
  const effects = battleEffects(b).filter((pe) => pe.effect.do.kind === "no-return");
  if (effects.length === 0) return false;
  const v = battleView(b);
  for (const pe of effects)
    for (const x of b.deployed((1 - b.ownerOf(id)) as Player)) if (b.profile(x).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase() && whomHolds(v, pe.effect, x, id)) return true;
  return false;
}

/** The unit whose `resist-reroll` lets `target` re-roll a failed resistance roll (the first by data order, then id), or -1. */
export function rerollsResistance(b: Battle, target: number): number {
  const effects = battleEffects(b).filter((pe) => pe.effect.do.kind === "resist-reroll");
  if (effects.length === 0) return -1;
  const v = battleView(b);
  for (const pe of effects)
    for (const x of b.deployed(b.ownerOf(target))) if (b.profile(x).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase() && whomHolds(v, pe.effect, x, target)) return x;
  return -1;
}
