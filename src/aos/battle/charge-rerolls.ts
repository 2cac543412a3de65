/**
 * Charge re-rolls (docs/abilities.md "Charge re-rolls"): `charge-reroll` effects change a charge roll after its
 * dice are rolled — "You can re-roll charge rolls for friendly X units while they are wholly within N" of this
 * unit" (passive, the whole roll), "Reaction: You declared a CHARGE ability for this unit: You can re-roll the
 * charge roll" (Once Per Turn (Army)), "... for an X unit wholly within 12" of this unit: Re-roll 1 dice in that
 * charge roll", "... Change one of the dice in the charge roll to a 4". The kernel's twin is
 * assembly/battle/charge-rerolls.ts (kind code 104).
 *
 * When (both engines, the scripted policy and the search alike: the search does not see it as a decision — a
 * failed charge only gains by it): only after a roll with which the charge fails (charge.ts: no spot within 1/2"
 * of the target it reaches). One change a charge (a re-rolled dice is not re-rolled again), in this order: a dice
 * changed to a 4 if the charge then succeeds; else the whole roll re-rolled; else its lowest dice re-rolled (the
 * first lowest in the order rolled). Of each kind, the first effect in data order that applies to the charging
 * unit (attack.ts sourceFor: `whom` from a unit with the ability) and is not used: a reaction "Once Per Turn
 * (Army)" is kept with the phase's uses (BattleData.commandsUsed; the army charges only in its own charge phase,
 * so once a phase is once a turn), the kernel's H.EFFECT_PHASE*.
 */
import { sourceFor } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";
import type { Player } from "./state.js";

/** The first unused charge-reroll effect of kind `dice` that applies to `id`'s charge, or null. */
function rerollFor(b: Battle, id: number, dice: "all" | "one" | "four"): PlayedEffect | null {
  const v = battleView(b);
  const me = b.ownerOf(id) as Player;
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind !== "charge-reroll" || d.dice !== dice) continue;
    const w = pe.ability.when;
    if (w.timing === "reaction" && w.limit === "once-per-turn-army" && b.data.commandsUsed[me].includes(pe.key)) continue;
    if (sourceFor(v, pe, id) >= 0) return pe;
  }
  return null;
}

function use(b: Battle, pe: PlayedEffect, id: number): void {
  const w = pe.ability.when;
  if (w.timing === "reaction" && w.limit === "once-per-turn-army") b.data.commandsUsed[b.ownerOf(id) as Player].push(pe.key);
}

/** The index of the first lowest dice. */
function lowest(dice: readonly number[]): number {
  let j = 0;
  for (let i = 1; i < dice.length; i++) if (dice[i]! < dice[j]!) j = i;
  return j;
}

/**
 * After a charge roll `dice` with which `attempt` (the charge's end for those dice, or null) fails: the changed
 * dice and the end they give, or null when no effect applies. Rolls the new dice from the battle's RNG.
 */
export function rescueCharge<T>(b: Battle, id: number, dice: readonly number[], attempt: (dice: readonly number[]) => T | null): { dice: number[]; end: T | null } | null {
  if (!battleEffects(b).some((pe) => pe.effect.do.kind === "charge-reroll")) return null;
  const name = b.profile(id).name;
  const four = rerollFor(b, id, "four");
  if (four) {
    const j = lowest(dice);
    if (dice[j]! < 4) {
      const changed = [...dice];
      changed[j] = 4;
      const end = attempt(changed);
      if (end) {
        use(b, four, id);
        b.say(`${name} changes a dice of its charge roll from ${dice[j]} to a 4 (${four.ability.name}).`);
        return { dice: changed, end };
      }
    }
  }
  const all = rerollFor(b, id, "all");
  if (all) {
    use(b, all, id);
    const again = dice.map(() => b.rollD6());
    b.say(`${name} re-rolls its charge roll (${all.ability.name}): ${again.join(", ")}.`);
    return { dice: again, end: attempt(again) };
  }
  const one = rerollFor(b, id, "one");
  if (one) {
    use(b, one, id);
    const j = lowest(dice);
    const again = [...dice];
    again[j] = b.rollD6();
    b.say(`${name} re-rolls a dice of its charge roll (${one.ability.name}): ${dice[j]} to ${again[j]}.`);
    return { dice: again, end: attempt(again) };
  }
  return null;
}
