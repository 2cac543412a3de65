/**
 * The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of
 * turn, third pass (combat3)"): the hooks the status step (status.ts useForAWhile) calls. The kernel's twin is
 * assembly/battle/combat3.ts.
 */
import type { PlayedEffect } from "../abilities/index.js";

type ForAWhile = Extract<PlayedEffect["effect"]["do"], { kind: "for-the-turn" }>;

/**
 * "Pick each ... to be the targets" (`each`): every unit the pick names (`every`, ascending ids) — a dice for each
 * with `on` — when at least one of them scores (`scoring`: how many do); none when none does (the ability is kept).
 * Null for the other picks.
 */
export function eachTargets(d: ForAWhile, every: readonly number[], scoring: number): number[] | null {
  if (d.each !== true) return null;
  return scoring > 0 ? [...every] : [];
}
