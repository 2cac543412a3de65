/**
 * Attacks in a battle: the same attack sequence as `tactica odds` (src/aos/odds — one rule, one place),
 * sampled with the battle's seeded RNG, then the damage allocated to the target (CORE-ALLOC, CORE-SLAIN).
 */
import type { DiceExpr } from "../../core/dice.js";
import type { Rng } from "../../core/rng.js";
import { planAttack } from "../odds/plan.js";
import { type AttackTally, newTally, sampleOnce, saveRolls } from "../odds/sample.js";
import type { AosOddsInput } from "../odds/schema.js";
import { type AttackMods, noMods } from "../abilities/attack.js";
import { type TraitMods, WICKED_WEAPON } from "./traits.js";
import { afterIgnoring, wardAfterRolls, weaponAfterMods } from "../abilities/passive.js";
import { weaponAttacks } from "./damaged.js";
import { attacksWithModifier } from "./status.js";
import { afterIgnoredFirst } from "./ignore-first.js";
export { attacksWithModifier };
import { hasKeyword, isCompanion, type UnitProfile, type UnitState, type WeaponProfile } from "./units.js";

export interface AttackContext {
  /** The attacking unit charged this turn (Charge (+1 Damage)). */
  charged: boolean;
  /** The target charged this turn (Anti-charge (+1 Rend)). */
  targetCharged: boolean;
  /** Net hit modifier from the situation (cover: PB-COVER). */
  hitModifier: number;
  /** The target is a MONSTER for now (PB-REALM-METAMORPHOSIS), besides its keywords. */
  targetIsMonster: boolean;
  /** What the played abilities of both sides change (src/aos/abilities/attack.ts attackMods); none if absent. */
  mods?: AttackMods;
  /** Added to the Damage characteristic of the attacker's weapons by name (common.ts: momentum points); none if absent. */
  weaponDamage?: Readonly<Record<string, number>>;
  /** What the bundled battle traits change (traits.ts: passive ones, and reactions to the attack); none if absent. */
  traits?: TraitMods;
}

/** Carriers of a weapon after casualties: in proportion to the models left, at least one while any are. */
export function carriersLeft(w: WeaponProfile, p: UnitProfile, u: UnitState): number {
  if (u.models <= 0) return 0;
  return Math.max(1, Math.min(u.models, Math.round((w.carriers * u.models) / p.startModels)));
}

/** The odds input for `attacker`'s weapons of one type against `target`. */
export function attackInput(
  ap: UnitProfile,
  au: UnitState,
  type: "melee" | "ranged",
  tp: UnitProfile,
  tu: UnitState,
  ctx: AttackContext,
): AosOddsInput | null {
  const tr = ctx.traits;
  const m = ctx.mods ?? noMods();
  // Feeding Frenzy (traits.ts): +N to the Attacks characteristic of melee weapons, Companion ones included;
  // A Majestic Menagerie: +N to the Companion ones only.
  const more = (w: WeaponProfile, a: ReturnType<typeof weaponAttacks>) => {
    let n = tr && type === "melee" ? tr.attacks + (tr.companionAttacks !== 0 && isCompanion(w) ? tr.companionAttacks : 0) : 0;
    // Wicked Predator (traits.ts): its Talons' fixed Attacks up to 10 at most.
    if (tr && tr.wicked > 0 && type === "melee" && a.count === 0 && w.name.toLowerCase() === WICKED_WEAPON) n += Math.max(0, Math.min(tr.wicked, 10 - (a.plus + n)));
    return n !== 0 ? { ...a, plus: a.plus + n } : a;
  };
  const weapons = ap.weapons
    .filter((w) => w.type === type)
    // PB-REALM-FERAL-ROAR: the Attacks under Battle Damaged, unless Feral Roar is on the unit; Feeding Frenzy's (traits.ts);
    // then an Attacks modifier held for a while (status.ts attacksWithModifier); a weapon's Damage with its momentum (common.ts).
    .map((w) => ({ name: w.name, type: w.type, attacks: attacksWithModifier(w, more(w, weaponAttacks(w, ap, au)), m.attacks), hit: w.hit, wound: w.wound, rend: w.rend, damage: w.damage, abilities: w.abilities, models: carriersLeft(w, ap, au), champion: w.champion }))
    // Passive abilities (passive.ts): Attacks, a named weapon's Rend and Damage (a Damage set to a value: passive4), weapon abilities, no critical hits.
    .map((w) => (m.weaponMods.length > 0 || m.noCrits || m.noChargeDamage ? weaponAfterMods(w, m) : w))
    // Momentum (common.ts) is added after a Damage set to a value, as the kernel's actions.ts adds it.
    .map((w) => (ctx.weaponDamage?.[w.name] ? { ...w, damage: { ...w.damage, plus: w.damage.plus + ctx.weaponDamage[w.name]! } } : w));
  if (weapons.length === 0 || au.models <= 0) return null;
  const keywords = ctx.targetIsMonster && !hasKeyword(tp, "MONSTER") ? [...tp.keywords, "MONSTER"] : tp.keywords;
  // 18.1: of several wards, the lowest value applies (the traits' too); then the traits' ward-roll modifier
  // (Ruthless Extermination's -1: a 6+ ward never succeeds, so none is rolled), then the passive ones (passive.ts).
  let ward = m.ward === 0 ? tp.ward : tp.ward === null ? m.ward : Math.min(tp.ward, m.ward);
  if (tr && tr.ward !== 0) ward = ward === null ? tr.ward : Math.min(ward, tr.ward);
  if (tr && tr.wardRoll !== 0 && ward !== null) ward = ward + tr.wardRoll > 6 ? null : ward + tr.wardRoll;
  ward = wardAfterRolls(ward, m);
  return {
    attacker: { name: ap.name, models: au.models, keywords: ap.keywords, weapons },
    defender: { name: tp.name, models: tu.models, health: tp.health, save: tp.save, ward, keywords },
    context: {
      charged: ctx.charged,
      targetCharged: ctx.targetCharged,
      // Ignored modifiers (passive.ts): cover's -1 is a negative hit modifier too; the traits' with the rest.
      modifiers: {
        hit: afterIgnoring(ctx.hitModifier + m.hit + (tr?.hit ?? 0), Math.min(0, ctx.hitModifier) + m.hitNeg + Math.min(0, tr?.hit ?? 0), m.ignoreHitWound),
        wound: afterIgnoring(m.wound + (tr?.wound ?? 0), m.woundNeg + Math.min(0, tr?.wound ?? 0), m.ignoreHitWound),
        save: afterIgnoring(m.save + (tr?.save ?? 0), m.saveNeg + Math.min(0, tr?.save ?? 0), m.ignoreSave),
        rend: m.rend,
        damage: m.damage,
        companionHit: m.companionHit,
      },
      rerolls: { hit: "none", wound: "none", save: "none" },
      failUnmodified: { hit: m.hitFail, wound: m.woundFail },
      noWeaponAbilities: m.noWeaponAbilities,
      ...(tr?.ignoreNegativeSave ? { ignoreNegativeSave: true } : {}),
      abilities: tr && tr.applied.length > 0 ? [...m.applied, ...tr.applied.filter((x, i) => tr.applied.indexOf(x) === i)] : m.applied,
    },
  };
}

/** Allocates damage points to a unit one at a time (CORE-ALLOC); returns the models slain. */
export function allocateDamage(tp: UnitProfile, tu: UnitState, points: number): number {
  if (points <= 0 || tu.models <= 0) return 0;
  // "Ignore the first damage point that would be allocated to this unit in each phase" (ignore-first.ts).
  points = afterIgnoredFirst(tp, tu, points);
  if (points <= 0) return 0;
  const total = tu.damage + points;
  const slain = Math.min(tu.models, Math.floor(total / tp.health));
  tu.models -= slain;
  tu.damage = tu.models === 0 ? 0 : total - slain * tp.health;
  return slain;
}

export interface AttackOutcome {
  damage: number;
  slain: number;
  /** What the dice came to (only when asked for: the battle log). */
  dice?: AttackTally;
}

/** The dice of an attack for the log: "12 attacks, 7 hits (2 crits), 4 wounds, 1 saved, 3 damage (1 warded)". */
export function diceText(t: AttackTally): string {
  const parts = [`${t.attacks} attack${t.attacks === 1 ? "" : "s"}`, `${t.hits} hit${t.hits === 1 ? "" : "s"}${t.crits ? ` (${t.crits} crit${t.crits === 1 ? "" : "s"})` : ""}`, `${t.wounds} wound${t.wounds === 1 ? "" : "s"}`, `${t.saved} saved`];
  parts.push(`${t.damage} damage${t.mortal ? ` (${t.mortal} mortal)` : ""}${t.warded ? `, ${t.warded} warded` : ""}`);
  return parts.join(", ");
}

/** Resolves `attacker`'s attacks of one type on `target` with the battle's RNG and allocates the damage. */
export function resolveAttacks(ap: UnitProfile, au: UnitState, type: "melee" | "ranged", tp: UnitProfile, tu: UnitState, ctx: AttackContext, rng: Rng, withDice = false): AttackOutcome {
  const input = attackInput(ap, au, type, tp, tu, ctx);
  if (!input) {
    // No attack, no save rolls (the save-roll triggers read the count: save-triggers.ts).
    saveRolls.ones = 0;
    saveRolls.sixes = 0;
    return { damage: 0, slain: 0, ...(withDice ? { dice: newTally() } : {}) };
  }
  // The tally only counts: the same dice are rolled with or without it.
  const dice = withDice ? newTally() : undefined;
  const plan = planAttack(input);
  // Indomitable Loreseekers (traits.ts): a ward against the attack's mortal damage (Crit (Mortal)) only.
  const mw = ctx.traits?.mortalWard ?? 0;
  if (mw !== 0) plan.mortalWard = plan.ward === 0 ? mw : Math.min(plan.ward, mw);
  const damage = sampleOnce(plan, rng, dice);
  return { damage, slain: allocateDamage(tp, tu, damage), ...(dice ? { dice } : {}) };
}

/**
 * Mortal damage (retreat D3, miscast D3): straight into the pool; the ward still applies (CORE-WARD): `ward`,
 * the unit's own or a better one an ability gives it (effects.ts unitWard).
 */
export function inflictMortal(tp: UnitProfile, tu: UnitState, points: number, rng: Rng, ward: number | null = tp.ward): AttackOutcome {
  let kept = points;
  if (ward !== null) {
    kept = 0;
    for (let i = 0; i < points; i++) if (rng.d6() < ward) kept++;
  }
  return { damage: kept, slain: allocateDamage(tp, tu, kept) };
}
