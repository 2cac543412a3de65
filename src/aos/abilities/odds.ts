/**
 * The played abilities of two warscrolls in a one-on-one attack (`tactica odds aos --attacker --defender`):
 * the attack interpreter (attack.ts) on a battlefield of just those two units, in combat with each other for
 * a fight, apart for shooting. What holds there is switched on and named in the odds `context.abilities`;
 * the played abilities that need other units or another situation are named as off.
 */
import { attackMods, type AttackMods, type EffectView, sourceFor, turnToken, whomHolds } from "./attack.js";
import { abilityKey, abilitiesOf, keywordIn, type PlayedEffect, playedEffectsOf } from "./index.js";
import type { Ability } from "./schema.js";

export interface OddsUnit {
  warscroll: string;
  keywords: readonly string[];
  /** An imported warscroll's played translations (imported.ts translatedAbilitiesOf). */
  abilities?: readonly Ability[];
  /** Its models (a target's `targetMinModels`); absent: 1. */
  models?: number;
}

export interface OddsAbilities {
  mods: AttackMods;
  /** The defender's save-roll triggers that hold for these attacks (save-triggers.ts): not in the damage odds. */
  saveTriggers: PlayedEffect[];
  /** Abilities applied ("Warscroll/Ability"). */
  on: string[];
  /** Played abilities of the two warscrolls that do not hold one on one (need another unit, an objective...). */
  off: string[];
}

/**
 * `forTheTurn`: the for-the-turn abilities ("Warscroll/Ability") taken as set on the attacker this turn (their
 * roll succeeded: `tactica odds aos --for-the-turn`), when one of the two warscrolls has it and it can be set on
 * the attacker (Nightmare Lantern on a Guardian of Souls attacking, Shriek of Terror's -1 by a Royal Terrorgheist
 * defending against INFANTRY, Ferocious Hunger, Immortal Bulwark on an attacker that charged).
 */
export function oddsAbilities(attacker: OddsUnit, defender: OddsUnit, melee: boolean, charged = { attacker: false, defender: false }, forTheTurn: readonly string[] = []): OddsAbilities {
  const units = [
    { warscroll: attacker.warscroll, keywords: attacker.keywords, owner: 0 },
    { warscroll: defender.warscroll, keywords: defender.keywords, owner: 1 },
  ];
  const gap = melee ? 0 : Infinity;
  const view: EffectView = {
    ids: () => [0, 1],
    unit: (id) => units[id]!,
    charged: (id) => (id === 0 ? charged.attacker : charged.defender),
    distance: (a, b) => (a === b ? 0 : gap),
    whollyWithin: (a, b) => a === b,
    usedThisPhase: () => false,
    turnOn: (id, token) => turn.has(`${id}:${token}`),
    // One on one: in combat with each other for a fight, apart for shooting.
    inCombat: () => melee,
    models: (id) => (id === 0 ? attacker.models : defender.models) ?? 1,
    // Passive conditions (passive.ts): in combat with each other for a fight; no round, damage, objective or territory (off).
    combatEnemies: (id) => (melee ? [1 - id] : []),
    enemyWithin: () => melee,
  };
  const effects = playedEffectsOf([attacker, defender]);
  // The for-the-turn effects asked for, set on the attacker by the unit with the ability (whom and the pick's conditions).
  const turn = new Set<string>();
  for (const pe of effects) {
    if (pe.effect.do.kind !== "for-the-turn" || !forTheTurn.includes(pe.key)) continue;
    const s = units.findIndex((u) => u.warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase());
    const tc = pe.effect.conditions.targetCharged;
    // On the attacker, or on the defender for an effect on the attacks that target the unit (against, save, ward: status.ts).
    const d = pe.effect.do;
    const x = d.direction === "against" || d.set === "save" || d.set === "ward" ? 1 : 0;
    if (s >= 0 && whomHolds(view, pe.effect, s, x) && (tc === undefined || tc === (x === 0 ? charged.attacker : charged.defender))) turn.add(`${x}:${turnToken(pe)}`);
  }
  const mods = attackMods(view, effects, 0, 1, melee, true);
  const saveTriggers = effects.filter((pe) => pe.effect.do.kind === "save-roll" && (pe.effect.conditions.attack === "any" || (pe.effect.conditions.attack === "melee") === melee) && sourceFor(view, pe, 1) >= 0);
  const attackKinds = ["hit", "wound", "rend", "damage", "fail-unmodified", "ward", "for-the-turn", "save", "attacks", "weapon-ability", "no-crits", "ignore-modifiers", "ward-roll", "no-charge-damage"];
  const all = [...abilitiesOf(attacker.warscroll), ...(attacker.abilities ?? []), ...abilitiesOf(defender.warscroll), ...(defender.abilities ?? [])]
    .filter((a) => a.status === "played" && a.effects.some((e) => attackKinds.includes(e.do.kind) && !(e.do.kind === "ignore-modifiers" && e.do.rolls === "control")))
    .map(abilityKey);
  return { mods, saveTriggers, on: mods.applied, off: [...new Set(all)].filter((k) => !mods.applied.includes(k)) };
}

/** A combat-phase ability used before the fights (src/aos/battle/combat-abilities.ts) and what it does on average. */
export interface BeforeTheFight {
  ability: string;
  /** Expected mortal damage on the defender before its ward, and after it (a slay: expected models slain, both). */
  expected: number;
  afterWard: number;
  slay: boolean;
}

/**
 * The attacker's played combat-phase abilities (mortal damage, slays) on the defender one on one, in combat
 * (the attack odds do not include them: they are not part of the attack sequence). `ward`: the defender's.
 */
export function beforeTheFight(attacker: OddsUnit & { models: number }, defender: OddsUnit & { models: number; health: number; ward: number | null }, charged: { defender: boolean }): BeforeTheFight[] {
  const out: BeforeTheFight[] = [];
  for (const a of abilitiesOf(attacker.warscroll)) {
    const w = a.when;
    if (a.status !== "played" || w.timing !== "phase" || w.phase !== "combat") continue;
    for (const e of a.effects) {
      const d = e.do;
      if (e.conditions.targetCharged !== undefined && e.conditions.targetCharged !== charged.defender) continue;
      if (e.conditions.minModels !== undefined && attacker.models < e.conditions.minModels) continue;
      if (e.whom.filter?.keywords && !e.whom.filter.keywords.every((k) => keywordIn(defender.keywords, k))) continue;
      if (d.kind === "slay") {
        // combat-abilities.ts slayNeeds: the least roll that slays.
        const needs = d.rule === "roll-at-least-double-health" ? 2 * defender.health : d.rule === "roll-exceeds-health" ? defender.health + 1 : defender.health;
        const p = Math.max(0, 7 - needs) / 6;
        out.push({ ability: abilityKey(a), expected: p, afterWard: p, slay: true });
      } else if (d.kind === "mortal") {
        let on = d.on ?? 1;
        if (d.better && (d.better.of === "self" ? attacker.models : defender.models) >= d.better.models) on = d.better.on;
        const bonus = d.bonus && keywordIn(defender.keywords, d.bonus.keyword) ? d.bonus.add : 0;
        // "round": one on one there is no battle round; counted as round 1.
        const n = d.dice.count * (d.rolls ?? 1) * (d.per === "once" || d.per === "round" ? 1 : d.per === "model" ? attacker.models : defender.models);
        const each = d.damage ? (d.damage.count * (d.damage.sides + 1)) / 2 + d.damage.plus : null;
        let sum = 0;
        for (let r = 1; r <= d.dice.sides; r++) if (r + bonus >= on) sum += each ?? (d.each === "roll" ? r : d.each);
        const expected = (n * sum) / d.dice.sides;
        out.push({ ability: abilityKey(a), expected, afterWard: defender.ward === null ? expected : (expected * (defender.ward - 1)) / 6, slay: false });
      }
    }
  }
  return out;
}
