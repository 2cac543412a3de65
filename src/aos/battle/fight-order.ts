/**
 * "Fight immediately after" (docs/abilities.md "Fighting immediately after"): the effect language's
 * `fight-after`, a reaction to the unit's own FIGHT ability (Knight of Shrouds on Ethereal Steed/Cavalry
 * Overseer, Liege-Kavalos/Master of Cavalry, Crypt Haunter Courtier/Knightly Exemplar and the translated BSData
 * texts): "Pick a friendly X unit that has not used a FIGHT ability this turn and is within this unit's combat
 * range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability
 * used by this unit has been resolved. If it is picked to do so, add 1 to hit rolls for the target's attacks for
 * the rest of the turn."
 *
 * - When a unit is picked to fight (its declaration, before its pile-in), each of its abilities with a
 *   fight-after effect, in data order, picks the first friendly unit (ascending id) that `whom` names (measured
 *   then), has not fought this turn and is in combat; the first ability that finds one is the one used.
 * - After the fight has been resolved, that unit fights next (its player's pick, out of the alternation) if it
 *   may be picked now: still on the battlefield, in combat, not fought, and passing the strike order
 *   (CORE-STRIKE-ORDER: "Abilities that allow a unit to use a FIGHT ability immediately after another unit do
 *   not override the STRIKE-FIRST or STRIKE-LAST constraints"). Then the alternation goes on from its fight.
 * - "Once Per Turn (Army)" (translated BSData texts): the army's first such reaction that finds a unit uses it for
 *   the turn (BattleData.commandsUsed, which the combat phase clears; the kernel's H.EFFECT_PHASE masks).
 * - The scripted rule, in both engines and in the search alike: it is always used (a second fight at once, and
 *   the +1). The search still picks that unit's target among its fight choices.
 * - The for-the-turn effect right after the fight-after one in the ability is set on the unit when it starts
 *   that fight (the token combat-abilities.ts uses, read by the attack interpreter, gone when the turn ends).
 *
 * The kernel's twin is assembly/battle/fight-order.ts (the same pick, the same order).
 */
import { turnToken, whomHolds } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";
import type { FightNext } from "./state.js";
import { putForAWhile } from "./status.js";

/** A played fight-after effect (a reaction to the unit's own FIGHT ability). */
export function isFightAfterEffect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  return pe.effect.do.kind === "fight-after" && w.timing === "reaction" && w.to === "own-fight";
}

/** A for-the-turn effect that follows a fight-after effect in its ability: set on the unit that fights after. */
export function isFightAfterTurnEffect(pe: PlayedEffect): boolean {
  const i = pe.ability.effects.indexOf(pe.effect);
  const es = pe.ability.effects;
  // passive4: the second effect put at the pick (on the unit with the ability), after the target's.
  const second = i > 1 && es[i - 2]!.do.kind === "fight-after" && es[i - 1]!.do.kind === "for-the-turn" && pe.effect.do.kind === "for-the-turn" && pe.effect.do.atPick === true;
  return pe.effect.do.kind === "for-the-turn" && i > 0 && (es[i - 1]!.do.kind === "fight-after" || second) && pe.ability.when.timing === "reaction";
}

/** At `id`'s declaration of a fight: the friendly unit its fight-after ability lets fight right after it, or null. */
export function declareFightAfter(b: Battle, id: number): FightNext | null {
  const effects = battleEffects(b);
  if (!effects.some((e) => e.effect.do.kind === "fight-after")) return null;
  const name = b.profile(id).warscroll.toLowerCase();
  for (const pe of effects) {
    if (!isFightAfterEffect(pe) || pe.ability.warscroll.toLowerCase() !== name) continue;
    const player = b.ownerOf(id);
    const limited = pe.ability.when.timing === "reaction" && pe.ability.when.limit === "once-per-turn-army";
    if (limited && b.data.commandsUsed[player].includes(pe.key)) continue;
    const v = battleView(b);
    for (const y of b.deployed(player)) {
      if (y === id || b.unit(y).fought || !b.inCombat(y) || !whomHolds(v, pe.effect, id, y)) continue;
      // "Once Per Turn (Army)": used when it picks its target (the combat phase is once a turn: kept with the phase's commands).
      if (limited) b.data.commandsUsed[player].push(pe.key);
      const i = pe.ability.effects.indexOf(pe.effect);
      const next = pe.ability.effects[i + 1];
      const token = next && next.do.kind === "for-the-turn" ? turnToken({ ability: pe.ability, effect: next, key: pe.key }) : null;
      // passive4: effects for a while put at the pick, on the target and on this unit ("this unit and the target").
      for (const e of pe.ability.effects.slice(i + 1, i + 3))
        if (e.do.kind === "for-the-turn" && e.do.atPick) putForAWhile(b, { ability: pe.ability, effect: e, key: pe.key }, e.whom.side === "self" ? id : y, player);
      return { unit: y, token, by: pe.key };
    }
  }
  return null;
}
