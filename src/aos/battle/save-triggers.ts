/**
 * Triggers on unmodified save rolls (the effect language's `save-roll`, docs/abilities.md "Roll triggers"):
 * "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal
 * damage on the attacking unit after the FIGHT ability has been resolved" (Acid Ichor and its kin), and Loyal
 * Gryph-hound's "If you make an unmodified save roll of 1 for this unit, remove its Gryph-hound ... after the
 * ATTACK ability has been resolved". The kernel's twin is assembly/battle/save-triggers.ts.
 *
 * - Which triggers concern an attack is read before its dice (as the attack's modifiers are: attack.ts
 *   attackMods): the first unit with the ability (by id) for which the effect applies to the target.
 * - The sampler counts the unmodified save rolls of 1 and of 6 (src/aos/odds/sample.ts saveRolls; after a
 *   re-roll, the re-rolled dice; a target with no Save characteristic rolls none).
 * - After the attack ability (the target's damage allocated and its casualties removed; before Stolen Hours),
 *   in data order: `mortal` dice for each such roll, their sum inflicted on the attacking unit as mortal damage
 *   (its ward applies: effects.ts unitWard), killer the unit with the ability; `removeToken`: the token leaves
 *   the unit with the ability (one roll is enough). An attacking unit already destroyed takes nothing more.
 */
import { rollDice } from "../../core/dice.js";
import { type PlayedEffect } from "../abilities/index.js";
import { sourceFor } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { inflictMortal } from "./attacks.js";
import { destroyIfSlain } from "./casualties.js";
import { battleEffects, battleView, unitWard } from "./effects.js";
import { removeToken } from "./tokens.js";

type SaveRollDo = Extract<PlayedEffect["effect"]["do"], { kind: "save-roll" }>;

export interface SaveTrigger {
  pe: PlayedEffect;
  /** The unit with the ability. */
  source: number;
}

const isTrigger = (pe: PlayedEffect) => pe.effect.do.kind === "save-roll";

/** The save-roll triggers that concern `attacker`'s attacks of one type on `target` (read before the dice). */
export function saveTriggers(b: Battle, attacker: number, target: number, melee: boolean): SaveTrigger[] {
  const effects = battleEffects(b);
  if (!effects.some(isTrigger)) return [];
  const v = battleView(b);
  const out: SaveTrigger[] = [];
  for (const pe of effects) {
    if (!isTrigger(pe)) continue;
    const a = pe.effect.conditions.attack;
    if (a !== "any" && (a === "melee") !== melee) continue;
    const s = sourceFor(v, pe, target);
    if (s >= 0) out.push({ pe, source: s });
  }
  return out;
}

/** After the attack ability: each trigger with its rolls (`saves`: the sampler's count of 1s and 6s). */
export function applySaveTriggers(b: Battle, attacker: number, triggers: readonly SaveTrigger[], saves: { ones: number; sixes: number }): void {
  for (const t of triggers) {
    const d = t.pe.effect.do as SaveRollDo;
    const n = d.roll === 1 ? saves.ones : saves.sixes;
    if (n === 0) continue;
    const name = `${b.profile(t.source).name}'s ${t.pe.ability.name}`;
    if (d.removeToken !== undefined) {
      if (!b.unit(t.source).tokens.includes(d.removeToken)) continue;
      removeToken(b.unit(t.source), d.removeToken);
      b.say(`  ${name}: an unmodified save roll of ${d.roll}, the ${d.removeToken} token is removed.`);
      continue;
    }
    if (!d.mortal || b.unit(attacker).status !== "deployed") continue;
    let points = 0;
    for (let i = 0; i < n; i++) points += rollDice(d.mortal, b.rng);
    const r = inflictMortal(b.profile(attacker), b.unit(attacker), points, b.rng, unitWard(b, attacker, t.source));
    b.say(`  ${name}: ${n} unmodified save roll${n === 1 ? "" : "s"} of ${d.roll}, ${points} mortal damage on ${b.profile(attacker).name}, ${r.damage} after its ward, ${r.slain} slain.`);
    destroyIfSlain(b, attacker, { unit: t.source, melee: false }, r.slain);
  }
}
