/**
 * The passive6 area in the attack interpreter (docs/abilities.md "Passive abilities, sixth pass (passive6)"): the
 * attack's target compared with the attacking unit ("for attacks that target an enemy unit that has a higher | lower
 * Control characteristic than this unit"). Read by attack.ts attackMods for passive effects and for effects held for
 * a while; the kernel's twin is assembly/battle/passive6.ts, read by assembly/battle/effects.ts attackEffects.
 */
import type { EffectView } from "./attack.js";
import type { Conditions } from "./schema.js";

/**
 * `conditions.targetControl`: the target's Control characteristic (damaged.ts unitControl: Battle Damaged's value
 * when it applies) is higher / lower than the attacker's — the unit with the ability, as the translator reads these
 * texts only on the unit itself (translate-passive6.ts). A view without Control characteristics (the odds): not held.
 */
export function targetControlHolds(v: EffectView, c: Conditions, attacker: number, target: number): boolean {
  if (c.targetControl === undefined) return true;
  if (!v.control) return false;
  const t = v.control(target);
  const a = v.control(attacker);
  return c.targetControl === "higher" ? t > a : t < a;
}
