/**
 * The shape of a battleplan: its place on the battleplan tables, its map (territories, objectives and where
 * they stand each battle round) and its special rules as data. The 12 plans of the Pitched Battles 2021
 * battlepack are in table1.ts and table2.ts and are parsed by this schema when the module loads.
 */
import { z } from "zod";
import { pointSchema, signedArea2 } from "./geometry.js";

const kebab = (max: number) =>
  z.string().min(1).max(max).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be kebab-case (a-z, 0-9, -)");

export const BATTLEPLAN_IDS = [
  "marking-territory",
  "savage-gains",
  "first-blood",
  "power-struggle",
  "survival-of-the-fittest",
  "tectonic-interference",
  "apex-predators",
  "the-vice",
  "tooth-and-nail",
  "feral-foray",
  "power-in-numbers",
  "the-veins-of-ghur",
] as const;
export const battleplanIdSchema = z.enum(BATTLEPLAN_IDS, {
  message: `must be one of ${BATTLEPLAN_IDS.join(", ")}`,
});
export type BattleplanId = z.output<typeof battleplanIdSchema>;

export const TERRITORY_IDS = ["south", "north", "west", "east", "south-west", "north-east"] as const;
export const territoryIdSchema = z.enum(TERRITORY_IDS);
export type TerritoryId = z.output<typeof territoryIdSchema>;

export const objectiveIdSchema = kebab(24);
export type ObjectiveId = z.output<typeof objectiveIdSchema>;

export const territorySchema = z.strictObject({
  id: territoryIdSchema,
  /** Convex, counter-clockwise. */
  polygon: z
    .array(pointSchema)
    .min(3)
    .max(8)
    .refine((p) => signedArea2(p) > 0, "must be listed counter-clockwise"),
});
export type Territory = z.output<typeof territorySchema>;

const round = z.number().int().min(1).max(5);

/** A line on the map (The Veins of Ghur): a segment across the battlefield. */
export const lineSchema = z.strictObject({ from: pointSchema, to: pointSchema });

export const objectiveSchema = z
  .strictObject({
    id: objectiveIdSchema,
    /** Tectonic Interference's D3 and The Veins of Ghur's order of set-up. */
    number: z.number().int().min(1).max(3).optional(),
    /** Prime objectives cannot be removed from the battlefield (Seismic Shift, PB-REALM-SEISMIC). */
    prime: z.boolean(),
    /** Where it stands from a battle round on (the objectives of The Vice move in round 2). Absent for a
     * Veins objective, whose position is rolled when it is set up. */
    positions: z.array(z.strictObject({ fromRound: round, at: pointSchema })).min(1).max(5).optional(),
    /** The Veins of Ghur: the line it is set up on, where the 2D6 line crosses it. */
    line: lineSchema.optional(),
    /** Set up at the start of this battle round (before priority); 1 = before the battle. */
    setUpInRound: round.default(1),
    /** Removed at the start of this battle round (The Vice, round 4). */
    removedInRound: round.optional(),
  })
  .refine((o) => (o.positions === undefined) !== (o.line === undefined), "needs either positions or a line")
  .refine((o) => !o.positions || o.positions[0]!.fromRound === o.setUpInRound, "the first position must be from the round it is set up")
  .refine((o) => !o.positions || o.positions.every((p, i, a) => i === 0 || p.fromRound > a[i - 1]!.fromRound), "positions must be in round order")
  .refine((o) => o.removedInRound === undefined || o.removedInRound > o.setUpInRound, "removed after it is set up");
export type Objective = z.output<typeof objectiveSchema>;

/** How the plan scores objectives at the end of each turn (one family per shared wording). */
export const SCORING_KINDS = [
  "none", // PB-BP-01
  "savage-gains", // PB-BP-02
  "one-two-more", // PB-BP-03/05/07/08/09/10: 1 for ≥1, 1 for ≥2, 1 for more than the opponent
  "hold-your-ground", // PB-BP-04
  "alpha-beta", // PB-BP-06
  "destroy-objectives", // PB-BP-11
  "round-number", // PB-BP-12
] as const;
export type ScoringKind = (typeof SCORING_KINDS)[number];

export const specialRuleSchema = z.strictObject({ name: z.string().max(60), text: z.string().max(600) });

export const battleplanSchema = z
  .strictObject({
    id: battleplanIdSchema,
    name: z.string().min(1).max(60),
    /** PB-BP-xx */
    ruleId: z.string().regex(/^PB-BP-\d\d$/),
    table: z.union([z.literal(1), z.literal(2)]),
    /** The D6 result on its table (PB-BATTLEPLAN-ROLL). */
    number: z.number().int().min(1).max(6),
    /** Layout name, for people ("long-edge halves"). */
    layout: z.string().max(60),
    territories: z.tuple([territorySchema, territorySchema]),
    /** PB-DEPLOY-ZONE: units are set up wholly within their territory and more than this from the
     * opponent's territory (0 = no such restriction). */
    deploymentDistance: z.union([z.literal(0), z.literal(9), z.literal(12)]),
    objectives: z.array(objectiveSchema).max(12),
    /** The Veins of Ghur: the lines numbered 2..12 that a 2D6 roll picks. */
    rollLines: z.record(z.string().regex(/^([2-9]|1[0-2])$/), lineSchema).optional(),
    scoring: z.enum(SCORING_KINDS),
    /** Whether the battle tactic (2 VP) and grand strategy (3 VP) score; Marking Territory has no VP. */
    victoryPoints: z.boolean(),
    /** PB-BP-01: from round 3, controlling all objectives is an immediate major victory. */
    gloriousVictoryFromRound: round.optional(),
    /** PB-BP-09: no reserves; summoned units cannot shoot or charge the turn they arrive. */
    noReserves: z.boolean().default(false),
    fatiguedWarriors: z.boolean().default(false),
    /** PB-BP-07: Altars of the Beast replace the normal objective control. PB-BP-11: the Backbone of Success. */
    objectiveControl: z.enum(["normal", "altars-of-the-beast", "backbone-of-success"]).default("normal"),
    /** PB-BP-10: raiding objectives from round 2. */
    raidsFromRound: round.optional(),
    /** PB-BP-11: destroying objectives for VP from round 2. */
    destroyObjectivesFromRound: round.optional(),
    /** PB-BP-03: vantage point. PB-BP-05: predator units. PB-BP-06: alpha objective. */
    vantagePoint: z.boolean().default(false),
    predators: z.boolean().default(false),
    alphaObjective: z.boolean().default(false),
    specialRules: z.array(specialRuleSchema).max(6),
  })
  .refine((p) => new Set(p.objectives.map((o) => o.id)).size === p.objectives.length, "objective ids must be unique")
  .refine((p) => p.territories[0].id !== p.territories[1].id, "the two territories need different ids");

export type Battleplan = z.output<typeof battleplanSchema>;
export type BattleplanInput = z.input<typeof battleplanSchema>;
