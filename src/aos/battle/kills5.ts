/**
 * The kills5 area's engine code (docs/abilities.md "Kills credited to the unit that made them (kills5)"): each unit's
 * kills (src/aos/abilities/kills5.ts KILL_BITS on `Unit.kills5`; the kernel's twin assembly/battle/kills5.ts on
 * UI.KILLS5), noted by casualties.ts destroyIfSlain; read by the `killed` condition (attack.ts conditionsHold at an
 * attack, healing.ts useHeal at a heal, useKillMarks here) on the unit with the ability; and the kill marks for the rest
 * of the battle (the `kill-mark` kind).
 */
import { KILL_TURN_BITS, killBits, killedMask, type Killed } from "../abilities/kills5.js";
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";
import type { Player } from "./state.js";
import type { UnitState } from "./units.js";

/**
 * destroyIfSlain: `slain` models of `target` were slain by `killer` (its attack: `attack`, a combat attack: `melee`),
 * `destroyed` its last; only a kill of an enemy unit counts.
 */
export function noteKill(b: Battle, target: number, killer: number, slain: number, destroyed: boolean, attack: boolean, melee: boolean): void {
  if (b.ownerOf(killer) === b.ownerOf(target)) return;
  const bits = killBits(slain, destroyed, b.isHero(target), b.isMonster(target), attack, melee);
  if (bits !== 0) b.unit(killer).kills5 = (b.unit(killer).kills5 ?? 0) | bits;
}

/** turn.ts beginTurn: this turn's kills are cleared, the battle's kept. */
export function clearTurnKills(u: UnitState): void {
  if (u.kills5 === undefined) return;
  const left = u.kills5 & ~KILL_TURN_BITS;
  if (left === 0) delete u.kills5;
  else u.kills5 = left;
}

/** The `killed` condition on unit `s` (any of its kills). */
export function killedHolds(b: Battle, s: number, killed: readonly Killed[]): boolean {
  return ((b.unit(s).kills5 ?? 0) & killedMask(killed)) !== 0;
}

/** The effect view's kills5 method (attack.ts conditionsHold). */
export function kills5View(b: Battle): { kills5: (id: number) => number } {
  return { kills5: (id) => b.unit(id).kills5 ?? 0 };
}

/**
 * The end of a turn, after its healing (turn.ts; the kernel's flow.ts): each kill mark whose timing fits ("Your" /
 * "Enemy" / "Any" against the active player), for the active player's units then the opponent's, by ascending id: a
 * unit of the ability's warscroll without the token gets it for the rest of the battle when the effect's `killed`
 * condition holds. Always used (the mark only adds the ability's other effects); "Once Per Battle" is the mark itself.
 */
export function useKillMarks(b: Battle): void {
  const list = battleEffects(b).filter((pe) => pe.effect.do.kind === "kill-mark");
  if (list.length === 0) return;
  const active = b.data.active as Player;
  for (const player of [active, (1 - active) as Player]) {
    for (const pe of list) {
      const w = pe.ability.when;
      if (w.timing !== "phase" || w.phase !== "end-of-turn" || (w.whose === "your" && player !== active) || (w.whose === "enemy" && player === active)) continue;
      const token = (pe.effect.do as { token: string }).token;
      const killed = pe.effect.conditions.killed;
      for (const id of b.deployed(player)) {
        if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase() || b.unit(id).tokens.includes(token)) continue;
        if (killed !== undefined && !killedHolds(b, id, killed)) continue;
        b.unit(id).tokens.push(token);
        b.say(`${b.profile(id).name} uses ${pe.ability.name}: for the rest of the battle.`);
      }
    }
  }
}
