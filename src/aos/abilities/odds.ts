/**
 * The played abilities of two warscrolls in a one-on-one attack (`tactica odds aos --attacker --defender`):
 * the attack interpreter (attack.ts) on a battlefield of just those two units, in combat with each other for
 * a fight, apart for shooting. What holds there is switched on and named in the odds `context.abilities`;
 * the played abilities that need other units or another situation are named as off.
 */
import { attackMods, type AttackMods, type EffectView } from "./attack.js";
import { abilityKey, abilitiesOf, playedEffectsOf } from "./index.js";
import type { Ability } from "./schema.js";

export interface OddsUnit {
  warscroll: string;
  keywords: readonly string[];
  /** An imported warscroll's played translations (imported.ts translatedAbilitiesOf). */
  abilities?: readonly Ability[];
}

export interface OddsAbilities {
  mods: AttackMods;
  /** Abilities applied ("Warscroll/Ability"). */
  on: string[];
  /** Played abilities of the two warscrolls that do not hold one on one (need another unit, an objective...). */
  off: string[];
}

export function oddsAbilities(attacker: OddsUnit, defender: OddsUnit, melee: boolean, charged = { attacker: false, defender: false }): OddsAbilities {
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
  };
  const effects = playedEffectsOf([attacker, defender]);
  const mods = attackMods(view, effects, 0, 1, melee, true);
  const attackKinds = ["hit", "wound", "rend", "damage", "fail-unmodified", "ward"];
  const all = [...abilitiesOf(attacker.warscroll), ...(attacker.abilities ?? []), ...abilitiesOf(defender.warscroll), ...(defender.abilities ?? [])]
    .filter((a) => a.status === "played" && a.effects.some((e) => attackKinds.includes(e.do.kind)))
    .map(abilityKey);
  return { mods, on: mods.applied, off: [...new Set(all)].filter((k) => !mods.applied.includes(k)) };
}
