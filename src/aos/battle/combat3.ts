/**
 * The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of
 * turn, third pass (combat3)"): the hooks the status step (status.ts useForAWhile) calls. The kernel's twin is
 * assembly/battle/combat3.ts.
 */
import type { PlayedEffect } from "../abilities/index.js";
import { turnToken, whomHolds } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { battleView } from "./effects.js";
import { addToken } from "./tokens.js";
import { FIGHT_TOKENS } from "./timing2.js";

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

/**
 * "[Roll a dice. On a N+, ]for the rest of the turn, <aura>" (`switch-on`, its ability's `switchedOn` effects after it):
 * source `s` switches the aura on for the rest of the turn — each of those effects' turnToken on `s` (attack.ts
 * sourceFor reads it; gone when the next turn starts). The policy (both engines; not a search decision: the aura
 * only helps its army or hurts the other): used when a unit one of the effects names from `s` (whom) is in combat now,
 * else kept. Returns whether it was used (the dice rolled, or switched on without one).
 */
export function useSwitchOn(b: Battle, pe: PlayedEffect, s: number): boolean {
  const d = pe.effect.do;
  if (d.kind !== "switch-on") return false;
  const followers = switchedBy(pe);
  const v = battleView(b);
  if (!b.deployed().some((x) => b.inCombat(x) && followers.some((f) => whomHolds(v, f.effect, s, x)))) return false;
  const r = d.on === undefined ? null : b.rng.d6();
  const on = r === null || r >= d.on!;
  b.say(`${b.profile(s).name} uses ${pe.ability.name}${r === null ? "" : `: rolls ${r}`}${on ? ", for the rest of the turn" : ", nothing"}.`);
  if (on) for (const f of followers) addToken(b.unit(s), turnToken(f));
  return true;
}

/** The `switchedOn` effects that follow a switch-on effect in its ability (consecutive). */
export function switchedBy(pe: PlayedEffect): PlayedEffect[] {
  const effects = pe.ability.effects;
  const out: PlayedEffect[] = [];
  for (let i = effects.indexOf(pe.effect) + 1; i < effects.length && effects[i]!.conditions.switchedOn; i++) out.push({ ability: pe.ability, effect: effects[i]!, key: pe.key });
  return out;
}

/**
 * A friendly unit picked to fight twice ("Pick a friendly X unit wholly within 12\" of this unit ... That unit can use 2
 * FIGHT abilities this phase"): of the units `whom` names from `s`, those that could be granted it (in combat, not
 * fought, not granted: timing2.ts useFightTwice), the one with the most wounds left, then the lowest id; -1 none.
 * The policy (both engines; not a search decision: a second fight only adds attacks).
 */
export function fightTwicePick(b: Battle, pe: PlayedEffect, s: number): number {
  const v = battleView(b);
  let best = -1;
  let bestLeft = 0;
  for (const x of b.deployed(b.ownerOf(s))) {
    const u = b.unit(x);
    if (!whomHolds(v, pe.effect, s, x) || !b.inCombat(x) || u.fought || u.tokens.some((t) => FIGHT_TOKENS.includes(t))) continue;
    const left = u.models * b.profile(x).health - u.damage;
    if (best < 0 || left > bestLeft) [best, bestLeft] = [x, left];
  }
  return best;
}
