// The passive4 area in the kernel (docs/abilities.md "Passive abilities, fourth pass (passive4)"): the twin of the
// damage-set kind of src/aos/abilities/passive.ts (weaponAfterMods). Room passive4: kind codes 150-159 (150 used),
// EF 194, H 196-199, U 114-115, UI 74-75 (none of these slots used).

/** encode-passive.ts PASSIVE_KINDS["damage-set"]: a named weapon's Damage characteristic set to EF.VALUE (passive.ts weaponMods). */
export const DAMAGE_SET_KIND: i32 = 150;

/**
 * schema.ts DURATION_SETS.indexOf("damage-set") (EF.TURN_SET): an effect for a while setting a weapon's Damage
 * characteristic (test/aos/abilities-passive4.test.ts checks it against DURATION_SETS).
 */
export const SET_DAMAGE_SET: i32 = 18;
