// The passive5 area in the kernel (docs/abilities.md "Passive abilities, fifth pass (passive5)"): the twin of the
// damage-double kind of src/aos/abilities/passive.ts (weaponAfterMods), read by passive.ts weaponMods (wDamageDouble)
// and actions.ts resolveAttacks. Room passive5: kind codes 183-191 (183 used), EF 213-215, H 213-215, U 122-123,
// UI 79 and 82-83, US bit 1<<30 (none of these slots used).

/** encode-passive.ts PASSIVE_KINDS["damage-double"]: a fixed (or set) Damage characteristic doubled (passive.ts weaponMods). */
export const DAMAGE_DOUBLE_KIND: i32 = 183;
