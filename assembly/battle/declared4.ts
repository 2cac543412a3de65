// The declared abilities' fourth pass (docs/abilities.md "Declared abilities, fourth pass (declared4)"), the kernel's
// twin of src/aos/battle/declared4.ts: a modifier of Companion or named weapons held for a while — a for-the-turn
// record with EF.P_FLAGS bit 8 (a weapon's effect), EF.P_WEAPONS the named weapons' mask (0 every weapon) and bit 2
// Companion weapons only (encode-declared4.ts) — is a weapon mod as a passive one's (passive.ts weaponMods); a record
// with EF.D4_ON_SELF goes on the unit with the ability, with its group's dice (status.ts useForAWhile).
import { EF } from "./layout";
import { effectWard, efI } from "./effects";
import { pushWeaponMod } from "./passive";

// TURN_SET codes (schema.ts DURATION_SETS: rend 5, damage 6, attacks 7; declared4's ward-roll 17, appended: the lead
// renumbers it at merge, test/aos/abilities-declared4.test.ts checks it against DURATION_SETS.indexOf).
export const SET_WARD_ROLL: i32 = 17;
const SET_REND: i32 = 5;
const SET_DAMAGE: i32 = 6;
const SET_ATTACKS: i32 = 7;

/** Whether for-the-turn record k is a held weapon mod (declared4.ts isHeldWeaponMod). */
// @ts-ignore: decorator
@inline export function isHeldWeaponMod(k: i32): bool { return (efI(k, EF.P_FLAGS) & 8) != 0; }

/** attack.ts heldWeaponMod: record k's held modifier `v` of its set as a weapon mod; false when it is not one. */
export function heldWeaponMod(k: i32, set: i32, v: i32): bool {
  if (!isHeldWeaponMod(k)) return false;
  if (set != SET_REND && set != SET_DAMAGE && set != SET_ATTACKS) return false;
  pushWeaponMod(efI(k, EF.P_WEAPONS), (efI(k, EF.P_FLAGS) & 2) != 0, set == SET_REND ? v : 0, set == SET_DAMAGE ? v : 0, set == SET_ATTACKS ? v : 0);
  return true;
}

/** status.ts attackWeight's weapons for record k: the named weapons' mask (0 every weapon). */
export function heldWeaponMask(k: i32): i32 {
  return isHeldWeaponMod(k) ? efI(k, EF.P_WEAPONS) : 0;
}

/** status.ts attackWeight's Companion-only for record k (a held weapon mod of Companion weapons). */
export function heldCompanionOnly(k: i32): bool {
  return isHeldWeaponMod(k) && (efI(k, EF.P_FLAGS) & 2) != 0;
}

/** status.ts useForAWhile: record k goes on the unit with the ability, not the target (EF.D4_ON_SELF, declared4.ts onSelf). */
// @ts-ignore: decorator
@inline export function onSelf(k: i32): bool { return efI(k, EF.D4_ON_SELF) != 0; }

/** status.ts durationScore for record k's ward-roll modifier `v` on x (declared4.ts wardRollScore): `threat` while x has a ward and the sign helps. */
export function wardRollScore(friendly: bool, v: i32, x: i32, threat: i32): i32 {
  return friendly == v > 0 && effectWard(x) != 0 ? threat : 0;
}
