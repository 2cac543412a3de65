/**
 * PB-ROSTER: an army roster as a validated data file — the units and their sizes, the faction, the grand
 * strategy, which units are allies or coalition units, the general, enhancements (command trait, artefacts,
 * spells, prayers), battalions, endless spells, and for 4th-edition armies the regiments.
 *
 * Units are referred to by `id`; a unit without one is referred to by its warscroll name (which must then
 * be unique in the roster).
 */
import { z } from "zod";
import { NAME_MAX, nameField } from "./warscroll.js";
import { GRAND_STRATEGIES, type GrandStrategyId } from "../scoring/catalog.js";

/**
 * PB-GS-PICK: a roster's grand strategy, by name ("Hold the Line") or id ("hold-the-line"), any case. The one
 * check every command makes at the edge (armies, battle, matchup, campaign), as the battle engine reads it.
 */
export function grandStrategyIdOf(text: string): GrandStrategyId | undefined {
  const key = text.trim().toLowerCase();
  return GRAND_STRATEGIES.find((g) => g.id === key || g.name.toLowerCase() === key || g.name.toLowerCase().replace(/[^a-z]+/g, "-") === key)?.id;
}

export function isGrandStrategyName(text: string): boolean {
  return grandStrategyIdOf(text) !== undefined;
}

/** Bounds against absurd files: a real 2000-point army has 10-25 units. */
export const ROSTER_LIMITS = { maxUnits: 60, maxPointsLimit: 10_000, maxEnhancements: 40, maxNotes: 4000 } as const;

export const ROSTER_MODES = ["pitched-battles-2021", "regiments-4th"] as const;
export type RosterMode = (typeof ROSTER_MODES)[number];

const ref = nameField;
const notes = z.string().max(ROSTER_LIMITS.maxNotes).optional();

export const rosterUnitSchema = z.strictObject({
  /** How the rest of the roster refers to this unit; defaults to the warscroll name. */
  id: nameField.optional(),
  warscroll: nameField,
  /** Number of models; with `reinforced` absent it says how often the unit is reinforced (PB-REINFORCED). */
  models: z.number().int("models must be a whole number").min(1, "models must be at least 1").max(200).optional(),
  /** 0: minimum size; 1: reinforced (2x); 2: reinforced twice (3x, Battleline only). */
  reinforced: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: "must be 0, 1 or 2 (how many times the unit is reinforced)" }).optional(),
  /** PB-ALLIES: an allied unit. */
  ally: z.boolean().default(false),
  /** PB-COALITION: a coalition unit. */
  coalition: z.boolean().default(false),
  /** Keywords given when the unit is set up (a Mark of Chaos, ...): PB-ROSTER asks for them on the roster. */
  keywords: z.array(z.string().trim().min(1).max(60)).max(10).default([]),
  /** Command models, spells and prayers known, and anything else the roster's Notes column holds. */
  notes,
});

export const ENHANCEMENT_TYPES = ["command trait", "artefact", "spell", "prayer", "heroic trait", "mount trait", "other"] as const;

export const enhancementSchema = z.strictObject({
  type: z.enum(ENHANCEMENT_TYPES),
  name: nameField,
  /** The unit that has it. */
  unit: ref,
});

export const battalionSchema = z.strictObject({
  name: nameField,
  /** PB-BATTALIONS: core battalions are allowed, warscroll battalions are not. */
  kind: z.enum(["core", "warscroll"]),
  units: z.array(ref).max(20).default([]),
});

export const endlessSpellSchema = z.strictObject({
  name: nameField,
  kind: z.enum(["endless spell", "invocation"]).default("endless spell"),
  points: z.number().int("points must be a whole number").min(0, "points cannot be negative").max(1000).default(0),
});

export const regimentSchema = z.strictObject({
  /** The HERO that leads the regiment. */
  leader: ref,
  /** Up to 3 more units its regiment options allow. */
  units: z.array(ref).max(10).default([]),
});

export const regimentOfRenownSchema = z.strictObject({
  name: nameField,
  /** The regiment's own points cost; its units' warscroll points are not added. */
  points: z.number().int("points must be a whole number").min(0, "points cannot be negative").max(2000),
  units: z.array(ref).min(1).max(10),
});

export const rosterSchema = z.strictObject({
  name: nameField.default("Army"),
  faction: nameField,
  /** "pitched-battles-2021" (battlefield roles, PB-*) or "regiments-4th" (AOS4-REGIMENTS). */
  mode: z.enum(ROSTER_MODES).default("pitched-battles-2021"),
  pointsLimit: z.number().int("pointsLimit must be a whole number").min(1, "pointsLimit must be positive").max(ROSTER_LIMITS.maxPointsLimit),
  /** The unit whose model is the general (1.4.2). */
  general: ref,
  /** PB-GS-PICK: 1 grand strategy, on the roster (Pitched Battles 2021). */
  grandStrategy: nameField
    .refine(isGrandStrategyName, { message: `must be a grand strategy of the Pitched Battles 2021 pack (${GRAND_STRATEGIES.map((g) => g.name).join(", ")})` })
    .optional(),
  units: z.array(rosterUnitSchema).min(1, "a roster needs at least one unit").max(ROSTER_LIMITS.maxUnits, `at most ${ROSTER_LIMITS.maxUnits} units`),
  battalions: z.array(battalionSchema).max(10).default([]),
  endlessSpells: z.array(endlessSpellSchema).max(10).default([]),
  /**
   * The manifestation lore the army picks (4th edition, 7.0): its WIZARDS know its summon spells. A lore of the
   * bundled data (data/aos/lores/) or of a BSData import; checked by validateRoster (PB-ROSTER, PB-FACTION,
   * PB-ENDLESS).
   */
  manifestationLore: nameField.optional(),
  enhancements: z.array(enhancementSchema).max(ROSTER_LIMITS.maxEnhancements).default([]),
  regiments: z.array(regimentSchema).max(10).default([]),
  regimentsOfRenown: z.array(regimentOfRenownSchema).max(5).default([]),
  notes,
});

export type Roster = z.output<typeof rosterSchema>;
export type RosterJson = z.input<typeof rosterSchema>;
export type RosterUnit = z.output<typeof rosterUnitSchema>;

export { NAME_MAX };
