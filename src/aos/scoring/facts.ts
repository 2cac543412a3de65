/**
 * The plain inputs of scoring, what a player writes on the scoring sheet or the engine computes: the round
 * events (who goes first, the alpha D3, Veins 2D6, Seismic Shift, vantage point) and the turn facts (what
 * each player controls at the end of the turn, the battle tactic, plan-specific facts). Also the scoring
 * state that folds them: serialisable, so the engine can snapshot it with the rest of the game.
 */
import { z } from "zod";
import { battleplanIdSchema, objectiveIdSchema, pointSchema, territoryIdSchema } from "../battleplans/index.js";
import { battleTacticIdSchema } from "./catalog.js";

export const MAX_OBJECTIVES = 12;
export const BATTLE_ROUNDS = 5; // PB-LENGTH

export const sideSchema = z.enum(["attacker", "defender"], { message: 'must be "attacker" or "defender"' });
export type Side = z.output<typeof sideSchema>;
export const SIDES: readonly Side[] = ["attacker", "defender"];
export const opponentOf = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

const roundNumber = z.number().int().min(1).max(BATTLE_ROUNDS, `a battle lasts ${BATTLE_ROUNDS} battle rounds (PB-LENGTH)`);
const objectiveList = z.array(objectiveIdSchema).max(MAX_OBJECTIVES);

export const battleTacticRecordSchema = z.strictObject({
  id: battleTacticIdSchema,
  /** What was picked when revealing it: objective ids for Conquer / Aggressive Expansion, unit names otherwise. */
  picks: z.array(z.string().min(1).max(80)).max(3).default([]),
  completed: z.boolean(),
  /** The tactic's "1 additional victory point" condition was met (PB-BT-01/03/04/05/08). */
  bonus: z.boolean().default(false),
});
export type BattleTacticRecord = z.output<typeof battleTacticRecordSchema>;

export const turnFactsSchema = z.strictObject({
  round: roundNumber,
  player: sideSchema,
  /** Objectives the player whose turn it is controls at the end of the turn. */
  objectives: objectiveList.default([]),
  /** Objectives their opponent controls at the end of the turn. */
  opponentObjectives: objectiveList.default([]),
  /** PB-TACTIC-PICK: the battle tactic picked at the start of the hero phase (null: none picked). */
  battleTactic: battleTacticRecordSchema.nullable().default(null),
  /** PB-BP-05: enemy predator units destroyed by friendly predator units during this turn. */
  predatorsDestroyed: z.number().int().min(0).max(3).default(0),
  /** PB-BP-10: the objective raided after scoring (removed from play). */
  raid: objectiveIdSchema.nullable().default(null),
  /** PB-BP-11: objectives destroyed for VP at the end of the turn. */
  destroyedObjectives: objectiveList.default([]),
  /** PB-REALM-PREY: a MONSTER model of the opponent was slain during this turn (its unit need not be destroyed). */
  enemyMonstersSlain: z.boolean().default(false),
  /** PB-REALM-PREY: a MONSTER model of the player whose turn it is was slain during this turn (the opponent's point). */
  friendlyMonstersSlain: z.boolean().default(false),
});
export type TurnFacts = z.output<typeof turnFactsSchema>;
export type TurnFactsInput = z.input<typeof turnFactsSchema>;

export const roundEventsSchema = z.strictObject({
  round: roundNumber,
  /** Who takes the first turn of the battle round (PB-INITIATIVE). */
  first: sideSchema,
  /** PB-BP-06: the D3 for the alpha objective. */
  alphaRoll: z.number().int().min(1).max(3).optional(),
  /** PB-BP-12: the 2D6 rolled for each objective set up this round. */
  veinsRolls: z
    .record(objectiveIdSchema, z.number().int().min(2).max(12))
    .refine((r) => Object.keys(r).length <= 3, "at most 3 objectives are set up (PB-BP-12)")
    .optional(),
  /** PB-REALM-SEISMIC: the objective the player taking the second turn in round 3 removes (null: none). */
  seismicShift: objectiveIdSchema.nullable().optional(),
  /** PB-BP-03: the vantage point picked by the player taking the second turn. */
  vantagePoint: objectiveIdSchema.optional(),
});
export type RoundEvents = z.output<typeof roundEventsSchema>;
export type RoundEventsInput = z.input<typeof roundEventsSchema>;

const perSide = <T extends z.ZodType>(t: T) => z.strictObject({ attacker: t, defender: t });
const count = z.number().int().min(0).max(1000);

/** Who controlled what at the end of one turn. */
export const controlSnapshotSchema = z.strictObject({ round: roundNumber, player: sideSchema, control: perSide(objectiveList) });
export type ControlSnapshot = z.output<typeof controlSnapshotSchema>;

export const scoringStateSchema = z.strictObject({
  battleplan: battleplanIdSchema,
  territories: perSide(territoryIdSchema),
  /** The battle round under way (0 before the first starts). */
  round: z.number().int().min(0).max(BATTLE_ROUNDS),
  first: sideSchema.nullable(),
  turnsThisRound: z.number().int().min(0).max(2),
  alphaRoll: z.number().int().min(1).max(3).nullable(),
  vantagePoint: objectiveIdSchema.nullable(),
  /** Where Veins objectives were set up. */
  placed: z.record(objectiveIdSchema, pointSchema).refine((r) => Object.keys(r).length <= MAX_OBJECTIVES, `at most ${MAX_OBJECTIVES} objectives`),
  removed: z
    .array(z.strictObject({ objective: objectiveIdSchema, round: roundNumber, by: sideSchema, reason: z.enum(["seismic-shift", "raid", "destroyed"]) }))
    .max(MAX_OBJECTIVES),
  history: z.array(controlSnapshotSchema).max(2 * BATTLE_ROUNDS),
  victoryPoints: perSide(count),
  battleTacticsPicked: perSide(z.array(z.strictObject({ id: battleTacticIdSchema, round: roundNumber })).max(BATTLE_ROUNDS)),
  battleTacticsCompleted: perSide(count),
  /** PB-REALM-PREY: the battle rounds in which each player has scored Predators and Prey. */
  preyScored: perSide(z.array(roundNumber).max(BATTLE_ROUNDS)),
  predatorsDestroyed: perSide(count),
  /** PB-BP-01: the player who won a major victory by controlling every objective, and when. */
  gloriousVictory: z.strictObject({ winner: sideSchema, round: roundNumber }).nullable(),
});
export type ScoringState = z.output<typeof scoringStateSchema>;

/** One victory-point line: who scores, how many, by which rule, and why in the seed's words. */
export interface VictoryPointLine {
  player: Side;
  victoryPoints: number;
  ruleId: string;
  text: string;
}

/** A note with no VP (an objective moved, a command point gained), for the sheet and the log. */
export interface Note {
  ruleId: string;
  text: string;
  /** PB-BP-03: an extra start-of-round command point for this player. */
  commandPoint?: Side;
}
