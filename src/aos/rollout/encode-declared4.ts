/**
 * The declared4 area's encoding (docs/abilities.md "Declared abilities, fourth pass (declared4)"): a for-the-turn
 * record that modifies Companion or named weapons (battle/declared4.ts) carries the passive records' weapon slots —
 * EF.P_WEAPONS the named weapons' indices in the unit's weapon list (0 every weapon), EF.P_FLAGS bit 2 Companion
 * weapons only (a positive Attacks modifier too) and bit 8 a weapon's effect — read by the kernel's
 * assembly/battle/declared4.ts (attack modifiers and the status step's worth).
 */
import { InputError } from "../../core/errors.js";
import type { PlayedEffect } from "../abilities/index.js";
import { isHeldWeaponMod } from "../battle/declared4.js";
import { isCompanion } from "../battle/units.js";

type Profile = { warscroll: string; weapons: readonly { name: string; abilities: readonly string[] }[] };

/** The warscrolls whose units may hold record `pe` (named weapons are read only for these picks: translate-declared4.ts declared4Owners). */
function owners(pe: PlayedEffect): string[] {
  const e = pe.effect;
  const d = e.do as Extract<typeof e.do, { kind: "for-the-turn" }>;
  if (e.whom.side === "self" || d.onSelf) return [pe.ability.warscroll];
  const named = e.whom.filter?.warscrolls ?? [];
  return d.andSelf !== undefined ? [pe.ability.warscroll, ...named] : [...named];
}

/**
 * A held weapon mod's slots (null for any other record): the mask of the named weapons (the same in every unit that
 * may hold it, else an InputError; a bit no weapon has when none is named so) and whether the record is for Companion
 * weapons only — "the target's Companion weapons", or named weapons that are all Companion ones (their positive Attacks
 * modifier reaches them: "specified"; named weapons of both kinds are refused).
 */
export function heldWeaponSlots(pe: PlayedEffect, profiles: readonly Profile[]): { mask: number; companion: boolean } | null {
  const d = pe.effect.do;
  const c = pe.effect.conditions;
  if (d.kind !== "for-the-turn" || !isHeldWeaponMod(d, c)) return null;
  if (c.weapons === undefined) return { mask: 0, companion: c.companionWeapons === true };
  const names = c.weapons.map((n) => n.toLowerCase());
  const who = owners(pe).map((w) => w.toLowerCase());
  let first: number | undefined;
  let companion: boolean | undefined;
  for (const p of profiles) {
    if (!who.includes(p.warscroll.toLowerCase())) continue;
    let m = 0;
    p.weapons.forEach((w, i) => {
      if (!names.includes(w.name.toLowerCase())) return;
      if (i >= 31) throw new InputError(`abilities: ${pe.key}: the rollout kernel names a unit's first 31 weapons only`);
      m |= 1 << i;
      const comp = isCompanion(w);
      if (companion !== undefined && companion !== comp) throw new InputError(`abilities: ${pe.key}: the rollout kernel reads named weapons held for a while that are all Companion weapons or none`);
      companion = comp;
    });
    if (first !== undefined && first !== m) throw new InputError(`abilities: ${pe.key}: the rollout kernel needs the named weapons at the same places in every unit that may hold them`);
    first = m;
  }
  return { mask: first === undefined || first === 0 ? 1 << 31 : first, companion: companion === true || c.companionWeapons === true };
}
