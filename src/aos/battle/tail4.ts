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

/** The unit whose `resist-reroll` lets `target` re-roll a failed resistance roll (the first by data order, then id), or -1. */
export function rerollsResistance(b: Battle, target: number): number {
  const effects = battleEffects(b).filter((pe) => pe.effect.do.kind === "resist-reroll");
  if (effects.length === 0) return -1;
  const v = battleView(b);
  for (const pe of effects)
    for (const x of b.deployed(b.ownerOf(target))) if (b.profile(x).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase() && whomHolds(v, pe.effect, x, target)) return x;
  return -1;
}
