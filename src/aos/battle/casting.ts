/**
 * Casting-roll modifiers (docs/abilities.md "Casting-roll modifiers"; translate-casting.ts writes them; the
 * kernel's twin is assembly/battle/casting.ts): the passive `casting` effects. Each played effect that applies
 * to the WIZARD (its `whom` from some unit with the ability, as moves.ts moveModifier reads a run modifier) adds
 * its value once, whatever the number of units with it; different abilities add up; one `unlessMiscast` only
 * while the WIZARD has not miscast this phase (spells are cast in the hero phase only: this turn). spells.ts
 * castingRollValue adds the sum to every casting roll (Metamorphosis, summon spells, warscroll spells); a double
 * 1 still miscasts; the `summon` ones are added by manifestations.ts castSummon to its summon spells'; a WIZARD with a played `miscast-goes-on` is not stopped by it (goesOnAfterMiscast).
 */
import { castingTurnBonus } from "./magic6.js";
import { sourceFor } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";

/** The sum of the passive casting-roll modifiers that apply to `wizard` now; `summon`: those "when it uses a SUMMON ability" instead. */
export function castingBonus(b: Battle, wizard: number, summon = false): number {
  const effects = battleEffects(b);
  const held = effects.some((pe) => pe.effect.do.kind === "casting-turn") ? castingTurnBonus(b, wizard, false) : 0; // magic6.ts: for a while
  if (!effects.some((pe) => pe.effect.do.kind === "casting")) return held;
  const v = battleView(b);
  const miscast = b.data.spells.blocked.includes(wizard) || (b.data.spells.miscast ?? []).includes(wizard);
  let sum = held;
  for (const pe of effects) {
    const d = pe.effect.do;
    if (d.kind !== "casting" || pe.ability.when.timing !== "passive" || (d.unlessMiscast && miscast) || !!d.summon !== summon) continue;
    if (sourceFor(v, pe, wizard) >= 0) sum += d.value;
  }
  return sum;
}

/** "If this unit miscasts a spell, ignore the restriction that would stop this unit from casting any more spells this turn". */
export function goesOnAfterMiscast(b: Battle, wizard: number): boolean {
  const effects = battleEffects(b);
  if (!effects.some((pe) => pe.effect.do.kind === "miscast-goes-on")) return false;
  const v = battleView(b);
  return effects.some((pe) => pe.effect.do.kind === "miscast-goes-on" && pe.ability.when.timing === "passive" && sourceFor(v, pe, wizard) >= 0);
}
