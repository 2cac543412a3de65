/**
 * PB-LIMIT: the Pitched Battles table. The seed's table is empty; these are the catalog's defaults (as
 * commonly published for the General's Handbook 2021). One data table, keyed by points limit, that a user
 * can replace with their own JSON (`tactica armies FILE --limits limits.json`).
 */
import { z } from "zod";

const count = z.number().int().min(0).max(100);

export const pitchedBattleLimitSchema = z.strictObject({
  // A minimum above the maximum would make every roster illegal: refused, naming the field (issue 17 item 14).
  leaders: z
    .strictObject({ min: count, max: count })
    .refine((l) => l.min <= l.max, { path: ["min"], message: "must not be more than leaders.max (no roster could be legal)" }),
  battleline: z.strictObject({ min: count }),
  behemoths: z.strictObject({ max: count }),
  artillery: z.strictObject({ max: count }),
  /** Endless spells and invocations together (PB-ENDLESS). */
  endlessSpells: z.strictObject({ max: count }),
  /** Points that may be spent on allies (PB-ALLIES). */
  alliesPoints: z.number().int().min(0).max(10_000),
  /** Reinforced units; a unit reinforced twice counts as 2 (PB-REINFORCED). */
  reinforced: z.strictObject({ max: count }),
  /** Recommended terrain features for the battlefield (used when setting up, not for the roster). */
  terrainFeatures: count,
});

/** Keys are points limits ("1000", "2000"). */
export const pitchedBattleTableSchema = z
  .record(z.string().regex(/^[1-9]\d{1,4}$/, "a points limit like 1000"), pitchedBattleLimitSchema)
  .refine((t) => Object.keys(t).length > 0, { message: "needs at least one points limit" });

export type PitchedBattleLimit = z.output<typeof pitchedBattleLimitSchema>;
export type PitchedBattleTable = z.output<typeof pitchedBattleTableSchema>;

export const PITCHED_BATTLES_2021: PitchedBattleTable = {
  "1000": {
    leaders: { min: 1, max: 4 },
    battleline: { min: 2 },
    behemoths: { max: 2 },
    artillery: { max: 2 },
    endlessSpells: { max: 2 },
    alliesPoints: 200,
    reinforced: { max: 2 },
    terrainFeatures: 6,
  },
  "2000": {
    leaders: { min: 1, max: 6 },
    battleline: { min: 3 },
    behemoths: { max: 4 },
    artillery: { max: 4 },
    endlessSpells: { max: 3 },
    alliesPoints: 400,
    reinforced: { max: 4 },
    terrainFeatures: 8,
  },
};

/** AOS4-REGIMENTS (3.1): at least 1 regiment, at most 5, each 1 HERO and up to 3 more units. */
export const REGIMENT_LIMITS = { minRegiments: 1, maxRegiments: 5, unitsPerRegiment: 3 } as const;
/** AOS4-RoR (3.5): at most 1 Regiment of Renown. */
export const MAX_REGIMENTS_OF_RENOWN = 1;
