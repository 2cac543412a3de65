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
 *
 * `casting-turn` (Discharge Armour, Divine Matriarch: "Declare: Pick a [visible ]friendly X wholly within 12\" of this
 * unit to be the target. Effect: [Roll a dice. On a 3+, ]add 1 to casting rolls[ and chanting rolls] for the target for
 * the rest of the turn | until the start of your next turn"), used right after the power-turn effects at the start of
 * the player's own hero phase (decision: "Any Hero Phase" is used in its own only — both engines cast and chant in
 * their own hero phase only, so a bonus put in the enemy's would change nothing). Effects in data order, the units of
 * the ability's warscroll by ascending id; **the policy** (scripted, both engines): the target is the friendly unit
 * `whom` names from the unit with the ability (visible to it if the text says so) that is a WIZARD (or a PRIEST when the
 * bonus is to chanting rolls too) and does not hold the effect already, the lowest id; none: not used (no dice). A
 * failed roll still uses it; "Once Per Turn (Army)": the army's first unit that uses it. Held as the token
 * `for-the-turn:<ability>#i`, or `until-your-next-turn:<player>:...` (status.ts untilTokenOf), the kernel's record bit in
 * UM.EF_TURN or UM.SPELL_UNTIL0/1; casting.ts castingBonus and passive2.ts rollBonus ("chanting") add `value`.
 */
import { sourceFor, turnToken, whomHolds } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { markUsedByUnit, usedByUnit } from "./damage.js";
import { battleEffects, battleView } from "./effects.js";
import { edgeDistance } from "./geometry.js";
import type { Player } from "./state.js";
import { addToken, hasToken } from "./tokens.js";
import { untilTokenOf } from "./status.js";
import { visible } from "./visibility.js";

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

const isCastingTurn = (pe: PlayedEffect): boolean => pe.effect.do.kind === "casting-turn" && pe.ability.when.timing === "phase" && pe.ability.when.phase === "hero" && pe.ability.when.whose !== "enemy";

/** Whether `pe`'s casting-turn effect is on unit `x` (for the rest of the turn, or until either player's next turn). */
function castingHeld(b: Battle, pe: PlayedEffect, x: number): boolean {
  const u = b.unit(x);
  const t = turnToken(pe);
  return hasToken(u, t) || hasToken(u, untilTokenOf(0, t)) || hasToken(u, untilTokenOf(1, t));
}

/** The casting-turn effects used at the start of `player`'s hero phase (after usePowerTurns). */
export function useCastingTurns(b: Battle, player: Player): void {
  const effects = battleEffects(b).filter(isCastingTurn);
  if (effects.length === 0) return;
  const v = battleView(b);
  for (const pe of effects) {
    const d = pe.effect.do;
    const w = pe.ability.when;
    if (d.kind !== "casting-turn" || w.timing !== "phase") continue;
    for (const s of b.deployed(player)) {
      if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      const x = b.deployed(player).find((t) => {
        const p = b.profile(t);
        if (p.wizardLevel === 0 && !(d.chanting && p.priestLevel > 0)) return false;
        return whomHolds(v, pe.effect, s, t) && (!pe.effect.conditions.visible || visible(b, s, t)) && !castingHeld(b, pe, t);
      });
      if (x === undefined) continue;
      const ok = d.on === undefined || b.rng.d6() >= d.on;
      if (ok) {
        addToken(b.unit(x), d.until === "your-next-turn" ? untilTokenOf(player, turnToken(pe)) : turnToken(pe));
        b.say(`${b.profile(s).name} uses ${pe.ability.name}: ${d.value > 0 ? "+" : ""}${d.value} to ${b.profile(x).name}'s casting rolls${d.chanting ? " and chanting rolls" : ""}.`);
      }
      if (w.limit === "once-per-turn-army") break;
    }
  }
}

/** The held casting-turn values on `id` now: casting rolls (`chanting` false) or chanting rolls. */
export function castingTurnBonus(b: Battle, id: number, chanting: boolean): number {
  let add = 0;
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind === "casting-turn" && isCastingTurn(pe) && (!chanting || d.chanting) && castingHeld(b, pe, id)) add += d.value;
  }
  return add;
}

/** "add 1 to banishment rolls for this unit" (`banishment`, passive): the sum over the played records that name `caster`, each ability's once (casting.ts castingBonus's rule). */
export function banishBonus(b: Battle, caster: number): number {
  const effects = battleEffects(b);
  if (!effects.some((pe) => pe.effect.do.kind === "banishment")) return 0;
  const v = battleView(b);
  let sum = 0;
  for (const pe of effects) {
    const d = pe.effect.do;
    if (d.kind === "banishment" && pe.ability.when.timing === "passive" && sourceFor(v, pe, caster) >= 0) sum += d.value;
  }
  return sum;
}
