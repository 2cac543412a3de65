/**
 * Warscroll and battle-trait abilities the battle plays beyond the attack sequence: setting units up in
 * reserve (CORE-RESERVES) and their arrival, and replacement units (CORE-REPLACEMENT). Each ability is data —
 * who it applies to, when, how many models, where the unit may be set up — typed by hand from the BSData
 * text into data/aos/unit-abilities.json, validated here, and checked against BSData by
 * test/aos/unit-abilities.test.ts. The rules that read it are in reserves.ts and replacement.ts.
 *
 * An ability applies to a player whose army has a unit with the ability's faction keyword (a battle trait),
 * or, when the ability names a user (a warscroll ability), while such a user is on the battlefield.
 */
import { z } from "zod";
import abilitiesJson from "../../../data/aos/unit-abilities.json" with { type: "json" };
import { parseOrThrow } from "../../core/errors.js";
import { hasKeyword, type UnitProfile } from "./units.js";
import { unitFilterSchema } from "../abilities/schema.js";

export { unitFilterSchema };

const keyword = z.string().trim().min(1).max(60);
const name = z.string().trim().min(1).max(120);
const id = z.string().regex(/^[a-z0-9-]{1,60}$/, "must be a kebab-case id");
const inches = (what: string) => z.number().min(0, `${what} cannot be negative`).max(48, `${what} must be at most 48"`);

export type UnitFilter = z.output<typeof unitFilterSchema>;

/** Where a unit arriving from reserve, or a replacement unit, may be set up. Distances in inches. */
export const placementSchema = z.strictObject({
  /** More than this from all enemy units (edge to edge). */
  moreThanFromEnemies: inches("moreThanFromEnemies").optional(),
  /** Wholly within this of a battlefield edge. */
  whollyWithinEdge: inches("whollyWithinEdge").optional(),
  /** Wholly within this of the unit using the ability. */
  whollyWithinUser: inches("whollyWithinUser").optional(),
  /** Not in combat (more than 3" from all enemy units). */
  notInCombat: z.boolean().default(false),
});
export type Placement = z.output<typeof placementSchema>;

export const reserveAbilitySchema = z.strictObject({
  id,
  name,
  /** The army keyword the ability belongs to. */
  faction: keyword,
  /** The BSData catalogue (file name) with its text, for the check. */
  catalogue: z.string().trim().min(1).max(120),
  /** Where the units wait ("in the Celestial Realm"), for the log. */
  location: z.string().trim().min(1).max(60),
  /** The ability has the DEPLOY keyword (24.1: such reserve units still in reserve at the start of round 4 are destroyed). */
  deploy: z.boolean(),
  /** Units that can be set up in reserve with it. */
  units: unitFilterSchema,
  /**
   * "more-on-battlefield": only while more friendly units of the faction are on the battlefield than are in
   * reserve (the Celestial Realm); "once-per-battle": once per battle for the army; "none".
   */
  limit: z.enum(["none", "more-on-battlefield", "once-per-battle"]),
  /** The arrival ability: its name, phase (the player's own), first battle round, and placement. */
  arrival: z.strictObject({
    name,
    phase: z.enum(["movement"]),
    fromRound: z.number().int().min(1).max(3),
    placement: placementSchema,
  }),
});
export type ReserveAbility = z.output<typeof reserveAbilitySchema>;

export const replacementAbilitySchema = z.strictObject({
  id,
  name,
  faction: keyword,
  catalogue: z.string().trim().min(1).max(120),
  /** An "Ability (Command)": it costs a command point and follows the command rules (CORE-CP, commands.ts). */
  command: z.boolean(),
  /** The player's own phase it is used in. */
  phase: z.enum(["hero", "movement"]),
  /** "Once Per Battle" / "Once Per Turn (Army)" / no limit of its own. */
  frequency: z.enum(["unlimited", "once-per-turn", "once-per-battle"]),
  /** The unit that uses it (a warscroll ability), or null (a battle trait: the army uses it). */
  user: z.strictObject({ units: unitFilterSchema, notInCombat: z.boolean().default(false) }).nullable(),
  /** The destroyed friendly units it can replace. */
  targets: unitFilterSchema,
  /** "half": half the target's models, rounding up; "all": an identical unit. */
  models: z.enum(["half", "all"]),
  placement: placementSchema,
});
export type ReplacementAbility = z.output<typeof replacementAbilitySchema>;

export const unitAbilitiesFileSchema = z.strictObject({
  source: z.string().max(500),
  reserve: z.array(reserveAbilitySchema).max(32),
  replacement: z.array(replacementAbilitySchema).max(32),
});
export type UnitAbilities = z.output<typeof unitAbilitiesFileSchema>;

let bundled: UnitAbilities | undefined;

/** The bundled abilities (parsed once; ids unique). */
export function unitAbilities(): UnitAbilities {
  if (!bundled) {
    const parsed = parseOrThrow(unitAbilitiesFileSchema, abilitiesJson, "data/aos/unit-abilities.json");
    const ids = [...parsed.reserve, ...parsed.replacement].map((a) => a.id);
    const dup = ids.find((x, i) => ids.indexOf(x) !== i);
    if (dup) throw new Error(`data/aos/unit-abilities.json: the id "${dup}" is used twice`);
    bundled = parsed;
  }
  return bundled;
}

/** Reserve abilities translated from imported warscrolls (setups.ts registers them; ids are kept per warscroll). */
export const translatedReserveAbilities = new Map<string, ReserveAbility>();

export function reserveAbility(abilityId: string): ReserveAbility {
  const a = unitAbilities().reserve.find((x) => x.id === abilityId) ?? translatedReserveAbilities.get(abilityId);
  if (!a) throw new Error(`no reserve ability "${abilityId}"`);
  return a;
}

/** Replacement abilities translated from imported warscrolls (timing2.ts registers them; ids are kept per warscroll and ability). */
export const translatedReplacementAbilities = new Map<string, ReplacementAbility>();

export function replacementAbility(abilityId: string): ReplacementAbility {
  const a = unitAbilities().replacement.find((x) => x.id === abilityId) ?? translatedReplacementAbilities.get(abilityId);
  if (!a) throw new Error(`no replacement ability "${abilityId}"`);
  return a;
}

/** Whether a unit's profile passes a filter (keywords as `hasKeyword` reads them). */
export function matches(p: UnitProfile, f: UnitFilter): boolean {
  if (f.warscrolls && !f.warscrolls.some((w) => w.toLowerCase() === p.warscroll.toLowerCase())) return false;
  if (f.keywords && !f.keywords.every((k) => hasKeyword(p, k))) return false;
  if (f.anyKeywords && !f.anyKeywords.some((k) => hasKeyword(p, k))) return false;
  if (f.notKeywords && f.notKeywords.some((k) => hasKeyword(p, k))) return false;
  if (f.minStartModels !== undefined && p.startModels < f.minStartModels) return false;
  return true;
}

/** Whether `owner`'s army has the faction keyword (on any of its units, on the battlefield or not). */
export function armyHasFaction(profiles: readonly UnitProfile[], owner: number, faction: string): boolean {
  return profiles.some((p) => p.owner === owner && hasKeyword(p, faction));
}
