/**
 * The react4 area's casting and unbinding reactions (docs/abilities.md "Casting and unbinding reactions (react4)";
 * the kernel's twin is assembly/battle/react4.ts): played inside the one casting roll every spell makes (spells.ts
 * castingRollValue: Metamorphosis, the summon spells, the warscroll spells).
 *
 * - `casting-gamble` (a reaction to the unit's own SPELL ability; Bargain With The Mist-Daemons): before the 2D6, a
 *   D6: a 1 inflicts its mortal damage on the caster (its ward rolled; a caster so destroyed casts nothing), `on`+
 *   adds `add` to the casting roll. The policy (both engines, no search choice): used on the unit's first spell
 *   while the army has not used it this phase (spells are cast in the hero phase only, so "Once Per Turn (Army)" is
 *   once a phase: BattleData.commandsUsed holds the ability's key, as the charge re-rolls' reactions).
 * - `casting-reroll` (Arcane Tome: "Re-roll 1 of the dice in the casting roll"): after the 2D6, when they would
 *   miscast (a double 1) or fall short of the casting value with every modifier, the first lowest dice is re-rolled
 *   (once a phase for the army, as above). A re-rolled double 1 still miscasts.
 * - `unbind-3d6` (Screamin' Mandrakk): an enemy unit with it that can unbind (a WIZARD, or a unit with `unbind`,
 *   within 30" of the caster) is the unbinder ("This unit uses the 'Unbind' ability"), before the first eligible unit
 *   by id (the rule without it), and its unbinding roll is 3D6 (plus its unbinding-roll modifiers).
 * - `unbind-for-target` (Spell-eaters): a unit with it can unbind (as if it had WIZARD (1), within 30" of the caster as
 *   the 'Unbind' ability says) a spell one of whose declared targets its whom names (a friendly NIGHTHAUNT unit wholly
 *   within 12" of it, itself included); as the unbinder (the first eligible unit by id, as any) it adds `add` to the
 *   unbinding roll, and an unbound spell takes `mortal` mortal damage on the caster. The spell's targets are the
 *   warscroll spell's declared ones and Metamorphosis' unit; a summon spell has none.
 * - `unbind-mortal` (Soul-eater, Mork Sez No!): after the unbinder with it unbinds the spell, `dice` mortal damage on
 *   the caster (`high.dice` instead when the unbinding roll, modified, was `high.atLeast`+); the caster's ward rolled,
 *   the unbinder its killer.
 */
import type { Effect, PlayedEffect } from "../abilities/index.js";
import { inflictMortal } from "./attacks.js";
import type { Battle } from "./battle.js";
import { destroyIfSlain } from "./casualties.js";
import { battleEffects, battleView, unitWard } from "./effects.js";
import { whomHolds } from "../abilities/attack.js";
import type { Player } from "./state.js";

type Kind = "casting-gamble" | "casting-reroll" | "unbind-3d6" | "unbind-mortal" | "unbind-for-target";

/** The first played effect of `kind` that unit `id`'s warscroll has, not used this phase if it is limited. */
function effectOf(b: Battle, id: number, kind: Kind): PlayedEffect | null {
  const w = b.profile(id).warscroll.toLowerCase();
  const me = b.ownerOf(id) as Player;
  for (const pe of battleEffects(b)) {
    if (pe.effect.do.kind !== kind || pe.ability.warscroll.toLowerCase() !== w) continue;
    const when = pe.ability.when;
    if (when.timing === "reaction" && when.limit === "once-per-turn-army" && b.data.commandsUsed[me].includes(pe.key)) continue;
    return pe;
  }
  return null;
}

function use(b: Battle, pe: PlayedEffect, id: number): void {
  const w = pe.ability.when;
  if (w.timing === "reaction" && w.limit === "once-per-turn-army") b.data.commandsUsed[b.ownerOf(id) as Player].push(pe.key);
}

/** What Bargain added to the last casting roll (warscroll-spells.ts reads it into "the casting roll was 10+"). */
let gambleAdded = 0;
export const lastGamble = (): number => gambleAdded;

/** Bargain's D6 before the casting roll: what it adds to the roll, or null when the caster was destroyed by it. */
export function castingGamble(b: Battle, wizard: number): number | null {
  gambleAdded = 0;
  const pe = effectOf(b, wizard, "casting-gamble");
  if (!pe) return 0;
  const d = pe.effect.do as Extract<Effect["do"], { kind: "casting-gamble" }>;
  use(b, pe, wizard);
  const r = b.rollD6();
  if (r === 1) {
    const o = inflictMortal(b.profile(wizard), b.unit(wizard), d.mortal, b.rng, unitWard(b, wizard, wizard));
    b.say(`${b.profile(wizard).name} uses ${pe.ability.name} (1): ${o.damage} mortal damage.`);
    destroyIfSlain(b, wizard, null, o.slain);
    return b.unit(wizard).status === "deployed" ? 0 : null;
  }
  if (r >= d.on) b.say(`${b.profile(wizard).name} uses ${pe.ability.name} (${r}): +${d.add} to the casting roll.`);
  gambleAdded = r >= d.on ? d.add : 0;
  return gambleAdded;
}

/** Arcane Tome: the casting roll's two dice, the first lowest re-rolled when they would miscast or fall short (`rest`: every other term of the roll). */
export function castingReroll(b: Battle, wizard: number, dice: [number, number], rest: number, castingValue: number): [number, number] {
  const [a, c] = dice;
  if (!(a === 1 && c === 1) && a + c + rest >= castingValue) return dice;
  const pe = effectOf(b, wizard, "casting-reroll");
  if (!pe) return dice;
  use(b, pe, wizard);
  const out: [number, number] = c < a ? [a, b.rollD6()] : [b.rollD6(), c];
  b.say(`${b.profile(wizard).name} uses ${pe.ability.name}: ${a} and ${c} -> ${out[0]} and ${out[1]}.`);
  return out;
}

/** The unit that tries to unbind among the `eligible` (ascending ids): the first with Screamin' Mandrakk's 3D6, else the first. */
export function unbinderOf(b: Battle, eligible: readonly number[]): number | undefined {
  return eligible.find((e) => effectOf(b, e, "unbind-3d6") !== null) ?? eligible[0];
}

/** The dice of `unbinder`'s unbinding roll: 3 with `unbind-3d6`, else 2. */
export function unbindingDice(b: Battle, unbinder: number): number {
  return effectOf(b, unbinder, "unbind-3d6") ? 3 : 2;
}

/** Spell-eaters: `e`'s `unbind-for-target` effect when a unit it names (a friendly NIGHTHAUNT unit wholly within 12") is among the spell's `targets`, else null. */
export function eaterFor(b: Battle, e: number, targets: readonly number[]): PlayedEffect | null {
  if (targets.length === 0) return null;
  const pe = effectOf(b, e, "unbind-for-target");
  if (!pe) return null;
  const v = battleView(b);
  return targets.some((t) => whomHolds(v, pe.effect, e, t)) ? pe : null;
}

/** Mortal damage on the caster from an unbinder's ability, the caster's ward rolled, the unbinder its killer. */
function mortalOnCaster(b: Battle, pe: PlayedEffect, unbinder: number, caster: number, dice: "D3" | "D6"): void {
  if (b.unit(caster).status !== "deployed") return;
  const points = dice === "D3" ? b.rollD3() : b.rollD6();
  const o = inflictMortal(b.profile(caster), b.unit(caster), points, b.rng, unitWard(b, caster, unbinder));
  b.say(`  ${pe.ability.name}: ${points} mortal damage on ${b.profile(caster).name}${o.damage !== points ? ` (${o.damage} after the ward)` : ""}.`);
  destroyIfSlain(b, caster, { unit: unbinder, melee: false }, o.slain);
}

/**
 * After `unbinder` unbound `caster`'s spell with an unbinding roll of `roll`: its `unbind-mortal` damage on the caster,
 * then Spell-eaters' (`eater`, when it was used) — each only while the caster is still on the battlefield.
 */
export function afterUnbind(b: Battle, unbinder: number, caster: number, roll: number, eater: PlayedEffect | null = null): void {
  const pe = effectOf(b, unbinder, "unbind-mortal");
  if (pe) {
    const d = pe.effect.do as Extract<Effect["do"], { kind: "unbind-mortal" }>;
    mortalOnCaster(b, pe, unbinder, caster, d.high && roll >= d.high.atLeast ? d.high.dice : d.dice);
  }
  if (eater) mortalOnCaster(b, eater, unbinder, caster, (eater.effect.do as Extract<Effect["do"], { kind: "unbind-for-target" }>).mortal);
}
