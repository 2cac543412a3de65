/**
 * The input of `tactica odds aos`: one attacking unit's weapons against one defending unit.
 * Field names follow the contract; every number is bounded so no input can hang the program.
 */
import { z } from "zod";
import { diceField } from "../../core/dice.js";

export const ODDS_LIMITS = { maxModels: 100, maxHealth: 50, maxWeapons: 8, maxKeywords: 40 } as const;

const keyword = z.string().min(1).max(60);
// A name is printed in every line of the answer: an empty or blank one would leave a hole there.
const name = z.string().trim().min(1, "must not be empty (leave the field out for the default name)").max(120);
const reroll = z.enum(["none", "ones", "failed"]);
const modifier = z.number().int().min(-3).max(3);
const failUpTo = z.number().int().min(1).max(5);

export const weaponSchema = z.strictObject({
  name: name.default("weapon"),
  type: z.enum(["melee", "ranged"]).default("melee"),
  attacks: diceField,
  hit: z.number().int().min(2, "must be 2 to 6 (a 2+ to 6+ roll)").max(6, "must be 2 to 6 (a 2+ to 6+ roll)"),
  wound: z.number().int().min(2, "must be 2 to 6 (a 2+ to 6+ roll)").max(6, "must be 2 to 6 (a 2+ to 6+ roll)"),
  rend: z.number().int().min(0).max(6).default(0),
  damage: diceField,
  abilities: z.array(z.string().max(80)).max(10).default([]),
  /** How many of the unit's models use this weapon (default: all of them). */
  models: z.number().int().min(1).max(ODDS_LIMITS.maxModels).optional(),
  /**
   * Whether the unit's champion uses this weapon (CORE-CHAMPION). Default (plan.ts championWeapons): the
   * weapons of its type every model carries, else the one carried by most (more than half) of the models —
   * the Warhammer of Liberators with 4 Warhammers and 1 Grandhammer.
   */
  champion: z.boolean().optional(),
});

export const attackerSchema = z.strictObject({
  name: name.default("Attacker"),
  models: z.number().int().min(1, "must be at least 1").max(ODDS_LIMITS.maxModels, `must be at most ${ODDS_LIMITS.maxModels}`),
  keywords: z.array(keyword).max(ODDS_LIMITS.maxKeywords).default([]),
  weapons: z.array(weaponSchema).min(1, "needs at least one weapon").max(ODDS_LIMITS.maxWeapons),
});

export const defenderSchema = z.strictObject({
  name: name.default("Defender"),
  models: z.number().int().min(1, "must be at least 1").max(ODDS_LIMITS.maxModels, `must be at most ${ODDS_LIMITS.maxModels}`),
  health: z.number().int().min(1).max(ODDS_LIMITS.maxHealth),
  /** Save characteristic (2..6), or null for "-" (no save). */
  save: z.number().int().min(2, "must be 2 to 6, or null for no save").max(6, "must be 2 to 6, or null for no save").nullable(),
  ward: z.number().int().min(2).max(6).nullable().default(null),
  keywords: z.array(keyword).max(ODDS_LIMITS.maxKeywords).default([]),
});

export const contextSchema = z.strictObject({
  /** The attacking unit charged this turn: Charge (+1 Damage). */
  charged: z.boolean().default(false),
  /** The target unit charged this turn: Anti-charge (+1 Rend). */
  targetCharged: z.boolean().default(false),
  modifiers: z
    .strictObject({
      hit: modifier.default(0),
      wound: modifier.default(0),
      save: modifier.default(0),
      rend: modifier.default(0),
      damage: modifier.default(0),
      /** A hit modifier for the Companion weapons only, which take it though positive (Ferocious Hunger: an exception to CORE-COMPANION). */
      companionHit: modifier.default(0),
    })
    .default({ hit: 0, wound: 0, save: 0, rend: 0, damage: 0, companionHit: 0 }),
  rerolls: z
    .strictObject({ hit: reroll.default("none"), wound: reroll.default("none"), save: reroll.default("none") })
    .default({ hit: "none", wound: "none", save: "none" }),
  /** "If the unmodified hit (wound) roll for an attack that targets this unit is 1-N, the attack fails": N (1: only the rule's 1). */
  failUnmodified: z.strictObject({ hit: failUpTo.default(1), wound: failUpTo.default(1) }).default({ hit: 1, wound: 1 }),
  /** The attacker's weapon abilities other than Companion have no effect (Immortal Bulwark). */
  noWeaponAbilities: z.boolean().default(false),
  /** Negative modifiers to the defender's save rolls are ignored, the weapons' Rend included (Nighthaunt's Ethereal). */
  ignoreNegativeSave: z.boolean().optional(),
  /** The abilities ("Warscroll/Ability", src/aos/abilities) whose effects these numbers include: the report says which are on. */
  abilities: z.array(z.string().min(1).max(200)).max(40).default([]),
});

export const aosOddsInputSchema = z.strictObject({
  attacker: attackerSchema,
  defender: defenderSchema,
  context: contextSchema.default({
    charged: false,
    targetCharged: false,
    modifiers: { hit: 0, wound: 0, save: 0, rend: 0, damage: 0, companionHit: 0 },
    rerolls: { hit: "none", wound: "none", save: "none" },
    failUnmodified: { hit: 1, wound: 1 },
    noWeaponAbilities: false,
    abilities: [],
  }),
});

export type AosOddsInput = z.output<typeof aosOddsInputSchema>;
export type AosOddsInputJson = z.input<typeof aosOddsInputSchema>;
export type Reroll = z.output<typeof reroll>;
