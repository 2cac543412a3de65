/**
 * The declared abilities' fourth pass (docs/abilities.md "Declared abilities, fourth pass (declared4)"): what the
 * engines do with the effects held for a while that translate-declared4.ts reads. The kernel's twin is
 * assembly/battle/declared4.ts.
 *
 * - A modifier of Companion or named weapons held for a while (`for-the-turn` attacks / rend / damage with
 *   `conditions.companionWeapons` or `conditions.weapons`): a weapon mod as the passive ones (passive.ts
 *   weaponAfterMods) — Companion weapons only, a positive Attacks modifier too; named weapons only, "specified", so a
 *   positive Attacks modifier reaches a named Companion weapon too. The status step's worth counts those weapons only
 *   (status.ts concerns).
 * - Ward rolls modified for a while (`set: "ward-roll"`: "subtract 1 from ward rolls made by the target for the rest of
 *   the turn"): the holder's ward rolls, against attacks and mortal damage (attack.ts, effects.ts unitWard, then
 *   passive.ts wardAfterRolls: a 6+ ward made worse is none). Worth (wardRollScore) the attacks that may target the unit
 *   (status.ts threatWeight) while it has a ward: on an enemy unit when negative, on a friendly one when positive.
 * - A follower put on the unit with the ability (`onSelf`: "both this unit's and the target's X", "the targets have
 *   WARD (5+) and this unit has STRIKE-LAST"): status.ts useForAWhile puts it on that unit with the target's dice, and
 *   the pick counts its worth there.
 */
import type { AttackMods } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Conditions, Effect } from "../abilities/schema.js";
import { isCompanion } from "./units.js";

type HeldDo = Extract<Effect["do"], { kind: "for-the-turn" }>;

/** Whether a held effect is a weapon mod of Companion or named weapons (declared4). */
export function isHeldWeaponMod(d: HeldDo, c: Pick<Conditions, "weapons" | "companionWeapons">): boolean {
  return (d.set === "attacks" || d.set === "rend" || d.set === "damage") && (c.weapons !== undefined || c.companionWeapons === true);
}

/** attack.ts attackMods: a held modifier of Companion or named weapons as a weapon mod; false when it is not one (attack.ts takes it). */
export function heldWeaponMod(m: AttackMods, d: HeldDo, c: Pick<Conditions, "weapons" | "companionWeapons">): boolean {
  if (!isHeldWeaponMod(d, c)) return false;
  const v = d.value ?? 0;
  m.weaponMods.push({
    rend: d.set === "rend" ? v : 0,
    damage: d.set === "damage" ? v : 0,
    attacks: d.set === "attacks" ? v : 0,
    ...(c.weapons ? { names: c.weapons.map((n) => n.toLowerCase()), specified: true } : {}),
    ...(c.companionWeapons ? { companion: true } : {}),
  });
  return true;
}

/** status.ts concerns: whether a held weapon mod concerns weapon `w` (its name, Companion or not). */
export function heldWeaponConcerns(c: Pick<Conditions, "weapons" | "companionWeapons">, w: { name: string; abilities: readonly string[] }): boolean {
  if (c.weapons && !c.weapons.some((n) => n.toLowerCase() === w.name.toLowerCase())) return false;
  if (c.companionWeapons && !isCompanion(w)) return false;
  return true;
}

/** status.ts useForAWhile: whether a group's effect goes on the unit with the ability (declared4 `onSelf`). */
export function onSelf(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  return d.kind === "for-the-turn" && d.onSelf === true;
}

/** status.ts durationScore for a held ward-roll modifier `v` (declared4): `threat` while the unit has a ward (`hasWard`: effects.ts unitWard) and the sign helps, else 0. */
export function wardRollScore(friendly: boolean, v: number, hasWard: boolean, threat: number): number {
  return friendly === v > 0 && hasWard ? threat : 0;
}
