/**
 * The magic6 area (docs/abilities.md "Spells, prayers and terrain, sixth pass (magic6)"; translate-magic6.ts writes its
 * effects; the kernel's twin is assembly/battle/magic6.ts): a power level for the rest of the turn (`power-turn`).
 *
 * "[Once Per Battle, ]Your Hero Phase: [If this unit's NAME is on the battlefield[ and within 3\" of a terrain feature],
 * [roll a dice. On a 4+, ]add 1 to this unit's | its power level for the rest of the turn." At the start of the active
 * player's hero phase (turn.ts beginTurn, after the "Start of Any Turn" steps and before the battle tactic and every
 * spell — nothing is between them), effects in data order, the player's units of the ability's warscroll by ascending id:
 * - a unit that is not a WIZARD or a PRIEST gains nothing (passive2.ts powerLevel's decision: a modifier changes how
 *   many spells a WIZARD casts, it does not make a WIZARD), so it does not use the ability (no dice, no use);
 * - `terrain` (Sniffer Spite): within that many inches of a generic terrain feature, edge to edge (terrain5's measure);
 * - "Once Per Battle" (for each unit, damage.ts usedByUnit): **the policy** uses it at the first hero phase of its own it
 *   can (a scripted decision, the same in both engines and for the search: an extra spell is taken as soon as it can be);
 * - `on`: a dice from the seeded dice; a failed roll still uses the ability.
 * The unit then holds the effect for the rest of the turn: the token `for-the-turn:<ability>#i` (abilities/attack.ts
 * turnToken; gone when the next turn starts, turn.ts removeTurnTokens), the kernel's bit k in UM.EF_TURN (encode.ts writes
 * it from the token). passive2.ts powerLevel adds `value` while the token is on the unit.
 */
import { turnToken } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { markUsedByUnit, usedByUnit } from "./damage.js";
import { battleEffects } from "./effects.js";
import { edgeDistance } from "./geometry.js";
import type { Player } from "./state.js";
import { addToken, hasToken } from "./tokens.js";

const isPowerTurn = (pe: PlayedEffect): boolean => pe.effect.do.kind === "power-turn" && pe.ability.when.timing === "phase" && pe.ability.when.phase === "hero" && pe.ability.when.whose === "your";

/** The power-turn effects used at the start of `player`'s hero phase. */
export function usePowerTurns(b: Battle, player: Player): void {
  const effects = battleEffects(b).filter(isPowerTurn);
  if (effects.length === 0) return;
  for (const pe of effects) {
    const d = pe.effect.do;
    const w = pe.ability.when;
    if (d.kind !== "power-turn" || w.timing !== "phase") continue;
    for (const s of b.deployed(player)) {
      if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      const p = b.profile(s);
      if (p.wizardLevel === 0 && p.priestLevel === 0) continue;
      if (w.limit === "once-per-battle" && usedByUnit(b, pe, s)) continue;
      const near = d.terrain;
      if (near !== undefined && !b.data.terrain.some((f) => edgeDistance(b.footprint(s), f) <= near + 1e-9)) continue;
      if (w.limit === "once-per-battle") markUsedByUnit(b, pe, s);
      if (d.on !== undefined && b.rng.d6() < d.on) continue;
      addToken(b.unit(s), turnToken(pe));
      b.say(`${p.name} uses ${pe.ability.name}: ${d.value > 0 ? "+" : ""}${d.value} power level for the rest of the turn.`);
    }
  }
}

/** The held power-turn values on `id` now (passive2.ts powerLevel). */
export function powerTurnBonus(b: Battle, id: number): number {
  let add = 0;
  const u = b.unit(id);
  for (const pe of battleEffects(b)) if (isPowerTurn(pe) && hasToken(u, turnToken(pe))) add += (pe.effect.do as { value: number }).value;
  return add;
}
