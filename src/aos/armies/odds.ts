/**
 * A warscroll as one side of the odds input (src/aos/odds/schema.ts): the attacker with the weapons of one
 * phase, or the defender's characteristics. Weapon abilities the odds do not model are left out and named,
 * so a user sees what the numbers ignore.
 */
import { InputError } from "../../core/errors.js";
import { parseAosOdds } from "../odds/index.js";
import { ODDS_LIMITS } from "../odds/schema.js";
import type { Warscroll } from "./warscroll.js";

export type AttackPhase = "combat" | "shooting";

export interface OddsSide {
  json: Record<string, unknown>;
  /** What was left out, in words ("Blood-hungry on Goreaxe: not modelled by the odds"). */
  notes: string[];
  /** Weapons used and by how many models. */
  weapons: { name: string; models: number }[];
}

const knownCache = new Map<string, boolean>();

/** Whether the odds understand a weapon ability: asks the odds' own parser, so the rule stays in one place. */
export function oddsUnderstands(ability: string): boolean {
  const hit = knownCache.get(ability);
  if (hit !== undefined) return hit;
  let ok = true;
  try {
    parseAosOdds({
      attacker: { models: 1, weapons: [{ attacks: 1, hit: 4, wound: 4, damage: 1, abilities: [ability] }] },
      defender: { models: 1, health: 1, save: null },
    });
  } catch {
    ok = false;
  }
  knownCache.set(ability, ok);
  return ok;
}

function checkModels(w: Warscroll, models: number, field: string): void {
  if (!Number.isInteger(models) || models < 1 || models > ODDS_LIMITS.maxModels)
    throw new InputError(`${field}: must be a whole number from 1 to ${ODDS_LIMITS.maxModels} (${w.name} has ${w.unitSize} models at minimum size)`);
}

/** The attacker object for `phase`: melee weapons in combat, ranged ones when shooting. */
export function warscrollToAttacker(w: Warscroll, models: number, phase: AttackPhase, field = "--attacker"): OddsSide {
  checkModels(w, models, `${field}-models`);
  const type = phase === "combat" ? "melee" : "ranged";
  const notes: string[] = [];
  const weapons: Record<string, unknown>[] = [];
  const used: { name: string; models: number }[] = [];
  for (const wp of w.weapons) {
    if (wp.type !== type) continue;
    // Weapon.models is per minimum-size unit: a reinforced unit carries it on proportionally more models.
    const carriers = wp.models === undefined ? models : Math.min(models, Math.round((wp.models * models) / w.unitSize));
    if (carriers === 0) continue;
    const abilities = wp.abilities.filter((a) => {
      const ok = oddsUnderstands(a);
      if (!ok) notes.push(`${a} on ${wp.name}: not modelled by the odds`);
      return ok;
    });
    weapons.push({ name: wp.name, type: wp.type, attacks: wp.attacks, hit: wp.hit, wound: wp.wound, rend: wp.rend, damage: wp.damage, abilities, ...(carriers < models ? { models: carriers } : {}), ...(wp.champion !== undefined ? { champion: wp.champion } : {}) });
    used.push({ name: wp.name, models: carriers });
  }
  const other = phase === "combat" ? "shooting" : "combat";
  // The hint in the caller's words: the CLI's flag, or the dashboard's phase field (a field not named "--...").
  if (weapons.length === 0)
    throw new InputError(`${field}: ${w.name} has no ${type} weapons (${field.startsWith("--") ? `try --phase ${other}` : `pick the ${other} phase`})`);
  if (weapons.length > ODDS_LIMITS.maxWeapons) throw new InputError(`${field}: ${w.name} has more than ${ODDS_LIMITS.maxWeapons} ${type} weapons`);
  return {
    json: { name: w.name, models, keywords: w.keywords.slice(0, ODDS_LIMITS.maxKeywords), weapons },
    notes,
    weapons: used,
  };
}

export function warscrollToDefender(w: Warscroll, models: number, field = "--defender"): OddsSide {
  checkModels(w, models, `${field}-models`);
  if (w.health > ODDS_LIMITS.maxHealth) throw new InputError(`${field}: ${w.name} has Health ${w.health}; the odds take at most ${ODDS_LIMITS.maxHealth}`);
  return {
    json: { name: w.name, models, health: w.health, save: w.save, ward: w.ward, keywords: w.keywords.slice(0, ODDS_LIMITS.maxKeywords) },
    notes: [],
    weapons: [],
  };
}

/** Either side, for the index's single export. */
export function warscrollToOddsSide(w: Warscroll, side: "attacker" | "defender", models: number, phase: AttackPhase = "combat"): OddsSide {
  return side === "attacker" ? warscrollToAttacker(w, models, phase) : warscrollToDefender(w, models);
}
