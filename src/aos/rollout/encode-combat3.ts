/**
 * The combat3 area's records in the kernel's flat state (docs/abilities.md "Combat phase and end of turn, third pass
 * (combat3)"; assembly/battle/combat3.ts). Room (layout 6, "combat3"): kind code 128 (SWITCH_ON_KIND), EF 180-182
 * (C3_AFTER_ROLL, C3_SWITCH_COUNT, C3_SWITCHED); the for-the-turn records' "pick each" uses EF.EACH_TARGET.
 */
import type { PlayedEffect } from "../abilities/index.js";
import { InputError } from "../../core/errors.js";
import { switchedBy } from "../battle/combat3.js";

/** "[Roll a dice. On a N+, ]for the rest of the turn, <aura>": the combat step's record (battle/combat3.ts useSwitchOn). */
export const SWITCH_ON_KIND = 128;

/** The effects the kernel plays with this area's code: a combat phase's switch-on. */
export function isKernelCombat3Effect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  return pe.effect.do.kind === "switch-on" && w.timing === "phase" && w.phase === "combat";
}

/** Writes record k's combat3 slots: a switch-on's dice and the records it switches on (they must follow it), a switched record's flag. */
export function combat3Record(pe: PlayedEffect, list: readonly PlayedEffect[], k: number, records: Float64Array, r: number, EF: { ON: number; C3_SWITCH_COUNT: number; C3_SWITCHED: number }): void {
  const d = pe.effect.do;
  if (pe.effect.conditions.switchedOn) records[r + EF.C3_SWITCHED] = 1;
  if (d.kind !== "switch-on") return;
  records[r + EF.ON] = d.on ?? 0;
  const followers = switchedBy(pe);
  records[r + EF.C3_SWITCH_COUNT] = followers.length;
  // The kernel reads the records it switches on from the one after it.
  if (followers.some((f, i) => list[k + 1 + i]?.key !== pe.key || list[k + 1 + i]?.effect !== f.effect))
    throw new InputError(`abilities: ${pe.key}: the rollout kernel reads an aura's switched-on effects right after its switch`);
}
