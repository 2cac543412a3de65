/**
 * One casting roll (CORE-SPELLS) and its unbinding (CORE-UNBIND), for every spell the engine plays
 * (Metamorphosis: hero.ts; the summon spells of a manifestation lore: manifestations.ts). 2D6: a double 1
 * miscasts (the spell fails, D3 mortal damage to the WIZARD, no more spells for it this phase); below the
 * casting value it fails; otherwise the first enemy WIZARD within 30" (or a unit that can unbind as if it had
 * WIZARD (1): unbindsAsWizard) tries to unbind (the defender always
 * tries: it costs nothing), once per casting roll, and unbinds it by rolling more than the casting roll.
 */
import { rollBonus } from "./passive2.js";
import { inflictMortal } from "./attacks.js";
import { battleEffects, unitWard } from "./effects.js";
import type { Battle } from "./battle.js";
import { destroyIfSlain } from "./casualties.js";
import { castingBonus, goesOnAfterMiscast } from "./casting.js";
import type { Player } from "./state.js";
import { afterUnbind, castingGamble, castingReroll, eaterFor, unbinderOf, unbindingDice } from "./react4.js";

export const UNBIND_RANGE = 30;

/** A unit that is not a WIZARD but "can use UNBIND abilities as if it had WIZARD (1)" (a played passive `unbind` effect: Scorn of Sorcery). */
export function unbindsAsWizard(b: Battle, id: number): boolean {
  const w = b.profile(id).warscroll.toLowerCase();
  return battleEffects(b).some((pe) => pe.effect.do.kind === "unbind" && pe.ability.when.timing === "passive" && pe.ability.warscroll.toLowerCase() === w);
}

/** True if `spell` (casting value `castingValue`) is cast by `wizard`: not miscast, not failed, not unbound. */
export function castingRoll(b: Battle, wizard: number, castingValue: number, spell: string, bonus = 0, targets: readonly number[] = []): boolean {
  return castingRollValue(b, wizard, castingValue, spell, 0, bonus, targets) > 0;
}

/**
 * castingRoll's casting roll (2D6, less `minus`: Cacophonic Choir's "subtract 1 ... for each target after the first")
 * when the spell is cast, else 0 (warscroll spells read it: "if the casting roll was 10+"). A double 1 miscasts
 * whatever the modifier. `bonus` is added to that roll (Indomitable Loreseekers' +1 for a SUMMON), and the passive
 * casting-roll modifiers that apply to the WIZARD (casting.ts castingBonus): the result is
 * compared with the casting value and is the one an unbinding roll must beat, not the value returned.
 */
export function castingRollValue(b: Battle, wizard: number, castingValue: number, spell: string, minus = 0, bonus = 0, targets: readonly number[] = []): number {
  const d = b.data;
  const name = b.profile(wizard).name;
  // react4.ts: Bargain With The Mist-Daemons' D6 when the spell is declared (null: the caster was destroyed by it).
  const gamble = castingGamble(b, wizard);
  if (gamble === null) return 0;
  const rest = bonus + castingBonus(b, wizard) + gamble - minus;
  // react4.ts: Arcane Tome's re-roll of one dice when the roll would miscast or fall short.
  const [a, c] = castingReroll(b, wizard, [b.rollD6(), b.rollD6()], rest, castingValue);
  const roll = a + c - minus;
  const modified = roll + bonus + castingBonus(b, wizard) + gamble; // and the passive casting-roll modifiers (casting.ts)
  if (a === 1 && c === 1) {
    // Miscast: the spell fails, D3 mortal damage to the wizard, no more spells this phase (unless it goes on: casting.ts).
    const dmg = b.rollD3();
    if (goesOnAfterMiscast(b, wizard)) (d.spells.miscast ??= []).push(wizard);
    else d.spells.blocked.push(wizard);
    const r = inflictMortal(b.profile(wizard), b.unit(wizard), dmg, b.rng, unitWard(b, wizard));
    b.say(`${name} miscasts ${spell} (double 1): ${r.damage} mortal damage.`);
    destroyIfSlain(b, wizard, null, r.slain);
    return 0;
  }
  if (modified < castingValue) {
    b.say(`${name} fails to cast ${spell} (${modified}).`);
    return 0;
  }
  const enemy = (1 - b.ownerOf(wizard)) as Player;
  // react4.ts eaterFor: Spell-eaters' unit can unbind a spell on a friendly unit it names.
  const eligible = b.deployed(enemy).filter((e) => (b.profile(e).wizardLevel > 0 || unbindsAsWizard(b, e) || eaterFor(b, e, targets) !== null) && b.distance(e, wizard) <= UNBIND_RANGE);
  const unbinder = unbinderOf(b, eligible); // react4.ts: a unit with Screamin' Mandrakk's reaction first
  if (unbinder !== undefined) {
    const eater = eaterFor(b, unbinder, targets);
    let u = 0;
    for (let i = unbindingDice(b, unbinder); i > 0; i--) u += b.rollD6(); // 2D6, or 3D6 (react4.ts)
    u += rollBonus(b, unbinder, "unbinding"); // passive2.ts: unbinding-roll modifiers
    if (eater) u += (eater.effect.do as { add: number }).add; // Spell-eaters' +1
    if (u > modified) {
      b.say(`${name} casts ${spell} (${modified}) but ${b.profile(unbinder).name} unbinds it (${u}).`);
      afterUnbind(b, unbinder, wizard, u, eater); // react4.ts: mortal damage on the caster
      return 0;
    }
  }
  b.say(`${name} casts ${spell} (${modified}).`);
  return roll;
}

