/**
 * Passive conditions of the third pass (docs/abilities.md "Passive abilities, third pass"), read by attack.ts
 * conditionsHold on the holder for every kind the attack, control and move interpreters read; the kernel's twin is
 * assembly/battle/passive3.ts. A view without the method a condition needs (the exact odds) makes it not hold.
 */
import type { AttackMods, EffectView } from "./attack.js";
import type { Conditions, Do } from "./schema.js";

/**
 * `stationary` (has not used a MOVE ability this turn and was not set up this turn) and `slewThisTurn` on the holder h;
 * `targetWithin` between the attack's target and the source s (edge to edge; no target: it does not hold).
 */
export function passive3Holds(v: EffectView, c: Conditions, h: number, s: number, target: number | undefined): boolean {
  if (c.stationary !== undefined && (!v.stationary || v.stationary(h) !== c.stationary)) return false;
  if (c.slewThisTurn !== undefined && (!v.slewThisTurn || v.slewThisTurn(h) !== c.slewThisTurn)) return false;
  if (c.targetWithin !== undefined) {
    if (target === undefined) return false;
    const d = v.distance(target, s);
    if (c.targetWithin.beyond ? d <= c.targetWithin.range + 1e-9 : d > c.targetWithin.range + 1e-9) return false;
  }
  return true;
}

/** The kinds passive3AttackMod adds to attackMods (attack.ts ATTACK_KINDS). */
export const PASSIVE3_ATTACK_KINDS = ["no-charge-damage"] as const;

/** attack.ts attackMods: an effect of passive3's kinds on the attack (1 taken, 0 not its own). */
export function passive3AttackMod(m: AttackMods, d: Do): 0 | 1 {
  if (d.kind === "no-charge-damage") {
    m.noChargeDamage = true;
    return 1;
  }
  return 0;
}
