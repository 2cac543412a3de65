/**
 * The timing2 area's records and unit slots in the kernel's flat state (docs/abilities.md "Timings: commands,
 * replacements and spellings"; assembly/battle/timing2.ts). Replacement abilities translated from their text are
 * ability records like the bundled ones (encode.ts reserveSlots, battle/timing2.ts battleReplacements).
 *
 * Room (layout 6, "timing2"): kind codes 160-161 (FIGHT_TWICE_KIND, FIGHT_TWICE_HEROES_KIND); U 120 (U.FIGHT_TWICE), the kernel's UI 80.
 */
import type { PlayedEffect } from "../abilities/index.js";
import { FIGHT_TWICE_HEROES_TOKEN, FIGHT_TWICE_TOKEN, FOUGHT_TWICE_TOKEN, SECOND_FIGHT_HEROES_TOKEN, SECOND_FIGHT_TOKEN } from "../battle/timing2.js";
import type { UnitState } from "../battle/units.js";

/** "This unit can use 2 FIGHT abilities this phase" (battle/timing2.ts useFightTwice): the combat step's records. */
export const FIGHT_TWICE_KIND = 160;
/** The HEROES form (`heroes`: in combat with an enemy HERO to use it and to be picked for the second). */
export const FIGHT_TWICE_HEROES_KIND = 161;

/** The record's kind code. */
export function timing2Kind(pe: PlayedEffect): number {
  const d = pe.effect.do;
  return d.kind === "fight-twice" && d.heroes ? FIGHT_TWICE_HEROES_KIND : FIGHT_TWICE_KIND;
}

/** The effects the kernel plays with this area's code: a combat-phase fight-twice. */
export function isKernelTiming2Effect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  return pe.effect.do.kind === "fight-twice" && w.timing === "phase" && w.phase === "combat";
}

/** U.FIGHT_TWICE from the unit's tokens: 0 no, 1 granted, 2 the first used and the second open, 3 both used; 4 and 5 the HEROES form's 1 and 2. */
export function fightTwiceState(u: UnitState): number {
  const t = u.tokens;
  return t.includes(FIGHT_TWICE_TOKEN) ? 1 : t.includes(SECOND_FIGHT_TOKEN) ? 2 : t.includes(FOUGHT_TWICE_TOKEN) ? 3 : t.includes(FIGHT_TWICE_HEROES_TOKEN) ? 4 : t.includes(SECOND_FIGHT_HEROES_TOKEN) ? 5 : 0;
}
