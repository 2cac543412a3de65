/**
 * The passive2 area's kinds in the TypeScript engine (docs/abilities.md "Passive abilities, second pass"); the
 * kernel's twin is assembly/battle/passive2.ts.
 *
 * - `power` (grantPowers, at battle creation: create.ts newBattleData): "While this unit's NAME is on the
 *   battlefield, it has WIZARD (1)": the unit's power level and the keyword. Decision: the named model is removed
 *   last (the champion's rule: the engines have no model positions), so it has them while it is on the battlefield.
 *   The kernel reads the profile (encode.ts U.WIZARD, U.PRIEST and the keyword masks): no kernel code.
 * - `power-level` (powerLevel: what hero.ts, manifestations.ts and warscroll-spells.ts count spells and prayers
 *   against): the number after the unit's WIZARD / PRIEST keyword plus the modifiers of its own played effects whose
 *   conditions hold now (sourceFor), at least 0. Decision: it changes how many spells (prayers) the unit can use a
 *   phase, not whether it is a WIZARD (PRIEST) — a unit without one gains none, and one brought to 0 can still unbind
 *   (the texts' units keep 1 or more: WIZARD (3) - 1, WIZARD (9) - 3, WIZARD (1) + 1).
 * - `unbinding`, `chanting` (rollBonus): added to an unbinding roll's 2D6 (spells.ts castingRoll) and a chanting roll's
 *   D6 (warscroll-spells.ts chantingRoll; an unmodified 1 still fails). Decision (CORE-PRAYERS' banking is the
 *   engines' own, docs/abilities.md): a chant that is not answered banks the modified roll (at least 0).
 * - `cast-heal` (afterCast): Heal (N) the WIZARD after each SPELL ability it casts successfully has been resolved.
 *   Decision: an unbound spell is not cast successfully (its effect is not resolved: CORE-UNBIND).
 * - `slain-roll` (slainTriggers before a fight's attacks, applySlainTriggers after the FIGHT ability, after the
 *   save-roll triggers): for each model of the target slain by the fight's attacks, `dice` dice; each of `on`+
 *   inflicts `mortal` mortal damage, summed, on the attacking unit (its ward applies), killer the unit with the
 *   ability. Decision: every model of a unit in combat with the attacker was in combat with it (one footprint: a
 *   fight's target is within 3" of the attacker, CORE-FIGHT). An attacking unit already destroyed takes nothing.
 */
import { rollDice } from "../../core/dice.js";
import { type PlayedEffect, playedEffectsOf } from "../abilities/index.js";
import { sourceFor } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { inflictMortal } from "./attacks.js";
import { destroyIfSlain } from "./casualties.js";
import { battleEffects, battleView, unitWard } from "./effects.js";
import type { UnitProfile } from "./units.js";
import { healingForbidden } from "./healing.js";
import { castingTurnBonus, powerTurnBonus } from "./magic6.js";

/** `id`'s WIZARD (`kind` "wizard") or PRIEST power level now: its profile's, with the played power-level modifiers that hold. */
export function powerLevel(b: Battle, id: number, kind: "wizard" | "priest"): number {
  const p = b.profile(id);
  const base = kind === "wizard" ? p.wizardLevel : p.priestLevel;
  if (base === 0) return 0;
  const effects = battleEffects(b);
  const held = effects.some((pe) => pe.effect.do.kind === "power-turn") ? powerTurnBonus(b, id) : 0; // magic6.ts: for the rest of the turn
  if (!effects.some(isPowerLevel)) return Math.max(0, base + held);
  const v = battleView(b);
  let add = held;
  for (const pe of effects) if (isPowerLevel(pe) && sourceFor(v, pe, id) >= 0) add += (pe.effect.do as { value: number }).value;
  return Math.max(0, base + add);
}

/** The sum of the played passive `kind` modifiers ("unbinding", "chanting") that apply to `id` now, each ability's once (casting.ts castingBonus's rule). */
export function rollBonus(b: Battle, id: number, kind: "unbinding" | "chanting"): number {
  const effects = battleEffects(b);
  const held = kind === "chanting" && effects.some((pe) => pe.effect.do.kind === "casting-turn") ? castingTurnBonus(b, id, true) : 0; // magic6.ts: for a while
  if (!effects.some((pe) => pe.effect.do.kind === kind)) return held;
  const v = battleView(b);
  let sum = held;
  for (const pe of effects) if (pe.effect.do.kind === kind && pe.ability.when.timing === "passive" && sourceFor(v, pe, id) >= 0) sum += (pe.effect.do as { value: number }).value;
  return sum;
}

/**
 * After a SPELL ability `wizard` cast (not unbound: spells.ts castingRoll's success) has been resolved: its played
 * `cast-heal` effects heal it (each ability's once; Harrowing Shrieks forbids it). Metamorphosis, a summon and a
 * warscroll spell (not a prayer) call it.
 */
export function afterCast(b: Battle, wizard: number): void {
  const effects = battleEffects(b);
  if (!effects.some((pe) => pe.effect.do.kind === "cast-heal")) return;
  const u = b.unit(wizard);
  if (u.status !== "deployed" || u.damage === 0 || healingForbidden(b, wizard)) return;
  const v = battleView(b);
  let heal = 0;
  for (const pe of effects) if (pe.effect.do.kind === "cast-heal" && pe.ability.when.timing === "passive" && sourceFor(v, pe, wizard) >= 0) heal += pe.effect.do.heal;
  const healed = Math.min(u.damage, heal);
  if (healed <= 0) return;
  u.damage -= healed;
  b.say(`  ${b.profile(wizard).name} heals ${healed} after casting.`);
}

const isPowerLevel = (pe: PlayedEffect) => pe.effect.do.kind === "power-level" && pe.ability.when.timing === "passive";

type SlainRollDo = Extract<PlayedEffect["effect"]["do"], { kind: "slain-roll" }>;

/** A unit's `power` effects, applied to its profile once (create.ts, after its translated abilities are set). */
export function grantPowers(p: UnitProfile): void {
  for (const pe of playedEffectsOf([p])) {
    const d = pe.effect.do;
    if (d.kind !== "power" || pe.ability.when.timing !== "passive") continue;
    if (d.wizard !== undefined && p.wizardLevel < d.wizard) {
      p.wizardLevel = d.wizard;
      p.keywords = [...p.keywords.filter((k) => !/^WIZARD\b/.test(k)), `WIZARD (${d.wizard})`];
    }
    if (d.priest !== undefined && p.priestLevel < d.priest) {
      p.priestLevel = d.priest;
      p.keywords = [...p.keywords.filter((k) => !/^PRIEST\b/.test(k)), `PRIEST (${d.priest})`];
    }
    for (const k of d.keywords ?? []) if (!p.keywords.includes(k)) p.keywords = [...p.keywords, k];
  }
}

export interface SlainTrigger {
  pe: PlayedEffect;
  /** The unit with the ability. */
  source: number;
}

const isSlainRoll = (pe: PlayedEffect) => pe.effect.do.kind === "slain-roll" && pe.ability.when.timing === "passive";

/** The slain-roll triggers that concern a fight of `attacker` on `target` (read before the dice, as save-triggers.ts). */
export function slainTriggers(b: Battle, target: number): SlainTrigger[] {
  const effects = battleEffects(b);
  if (!effects.some(isSlainRoll)) return [];
  const v = battleView(b);
  const out: SlainTrigger[] = [];
  for (const pe of effects) {
    if (!isSlainRoll(pe)) continue;
    const s = sourceFor(v, pe, target);
    if (s >= 0) out.push({ pe, source: s });
  }
  return out;
}

/** After the FIGHT ability: `slain` models of the target were slain by its attacks. */
export function applySlainTriggers(b: Battle, attacker: number, triggers: readonly SlainTrigger[], slain: number): void {
  if (slain <= 0) return;
  for (const t of triggers) {
    if (b.unit(attacker).status !== "deployed") return;
    const d = t.pe.effect.do as SlainRollDo;
    let points = 0;
    let hits = 0;
    for (let i = 0; i < slain * d.dice; i++) {
      if (b.rng.d6() < d.on) continue;
      hits++;
      points += rollDice(d.mortal, b.rng);
    }
    if (points <= 0) continue;
    const r = inflictMortal(b.profile(attacker), b.unit(attacker), points, b.rng, unitWard(b, attacker, t.source));
    b.say(`  ${b.profile(t.source).name}'s ${t.pe.ability.name}: ${slain} slain, ${hits} of ${slain * d.dice} dice ${d.on}+, ${points} mortal damage on ${b.profile(attacker).name}, ${r.damage} after its ward, ${r.slain} slain.`);
    destroyIfSlain(b, attacker, { unit: t.source, melee: false }, r.slain);
  }
}
