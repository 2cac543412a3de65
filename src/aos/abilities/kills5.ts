/**
 * The kills5 area's kill records (docs/abilities.md "Kills credited to the unit that made them (kills5)"): the bits
 * of a unit's kills, kept by both engines (src/aos/battle/kills5.ts on the unit, the kernel's UI.KILLS5), and the
 * mask a `killed` condition needs (any of its bits).
 */
import type { Effect } from "./schema.js";

export type Killed = NonNullable<Effect["conditions"]["killed"]>[number];

/** This turn's bits (cleared at the start of each turn) and the battle's (bit 8 on). */
export const KILL_BITS: Readonly<Record<Killed, number>> = {
  "models-by-attacks": 1,
  "models-by-combat-attacks": 2,
  hero: 4,
  monster: 8,
  "hero-by-combat-attacks": 16,
  "monster-battle": 256,
};

/** The bits of this turn (cleared at the start of a turn); the rest are the battle's. */
export const KILL_TURN_BITS = 255;

/** The first bit of the kernel's kill marks (bit MARK_BIT << j for the battle's j-th kill-mark token). */
export const KILL_MARK_BIT = 512;

/** The kernel carries at most this many different kill-mark tokens a battle. */
export const MAX_KILL_MARKS = 4;

/** An effect that holds once its unit has a kill mark (`conditions.token` "kill-..."): played whatever its ability's timing. */
export const killMarked = (pe: { effect: Effect }): boolean => pe.effect.conditions.token?.startsWith("kill-") === true;

/** The mask a `killed` condition needs (0: none). */
export function killedMask(killed: readonly Killed[] | undefined): number {
  let m = 0;
  for (const k of killed ?? []) m |= KILL_BITS[k];
  return m;
}

/** The bits a kill records: `slain` models of `target` (destroyed or not) by `attack` (an attack, `melee` a combat one). */
export function killBits(slain: number, destroyed: boolean, hero: boolean, monster: boolean, attack: boolean, melee: boolean): number {
  let m = 0;
  if (slain > 0 && attack) m |= KILL_BITS["models-by-attacks"];
  if (slain > 0 && attack && melee) m |= KILL_BITS["models-by-combat-attacks"];
  if (slain > 0 && attack && melee && hero) m |= KILL_BITS["hero-by-combat-attacks"];
  if (destroyed && hero) m |= KILL_BITS.hero;
  if (destroyed && monster) m |= KILL_BITS.monster | KILL_BITS["monster-battle"];
  return m;
}
