/**
 * An arena job as plain data: which game, the two agents (kind and budget), how many games, the seed, and
 * the game's set-up (AoS: battleplans and the two armies; MESBG: the two forces; campaign: its length). It
 * crosses into the pool's workers as JSON text and is validated there again with this schema (a worker
 * message is an edge like any other).
 */
import { z } from "zod";
import { rosterSchema } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS, battleplanIdSchema } from "../../src/aos/battleplans/index.js";
import { AGENT_KINDS } from "../../src/planner/agents.js";
import { type Budget, MAX_ITERATIONS, MAX_TIME_MS } from "../../src/planner/budget.js";
import { MAX_TURNS as CAMPAIGN_MAX_TURNS, DEFAULT_TURNS as CAMPAIGN_DEFAULT_TURNS } from "../../src/campaign/schema.js";
import { MAX_TURNS_LIMIT as MESBG_MAX_TURNS } from "../../src/mesbg/game.js";
import { DEFAULT_MAX_TURNS as MESBG_DEFAULT_TURNS } from "../../src/mesbg/scenario.js";
import { playLibrarySchema } from "../matchup/job.js";

export const ARENA_GAMES = ["aos", "mesbg", "campaign"] as const;
export type ArenaGame = (typeof ARENA_GAMES)[number];

export const ARENA_LIMITS = { maxGames: 100_000 } as const;

/**
 * The battleplans played when --plans is not given: one of each kind of objective layout the battlepack has
 * (PB-BP-02 Savage Gains: four objectives on the centre line; PB-BP-06 Tectonic Interference: terrain-bound
 * objectives; PB-BP-09 Tooth and Nail: objectives in the territories), so a result does not rest on one map.
 */
export const DEFAULT_ARENA_PLANS = ["savage-gains", "tectonic-interference", "tooth-and-nail"] as const;

export const budgetSchema = z
  .strictObject({
    iterations: z.number().int("must be a whole number").min(1).max(MAX_ITERATIONS).optional(),
    timeMs: z.number().min(1).max(MAX_TIME_MS).optional(),
  })
  .refine((b) => (b.iterations === undefined) !== (b.timeMs === undefined), { message: "give iterations or a time, not both" });

export const agentSpecSchema = z.strictObject({ kind: z.enum(AGENT_KINDS), budget: budgetSchema });
export type AgentSpec = { kind: (typeof AGENT_KINDS)[number]; budget: Budget };

const common = {
  a: agentSpecSchema,
  b: agentSpecSchema,
  games: z.number().int("must be a whole number").min(1, "must be at least 1").max(ARENA_LIMITS.maxGames, `must be at most ${ARENA_LIMITS.maxGames}`),
  seed: z.number().int("must be a whole number").min(0).max(0xffffffff),
};

export const arenaRequestSchema = z.discriminatedUnion("game", [
  z.strictObject({
    game: z.literal("aos"),
    ...common,
    plans: z.array(battleplanIdSchema).min(1).max(BATTLEPLAN_IDS.length).default([...DEFAULT_ARENA_PLANS]),
    /** Side 0's army and side 1's (each agent plays each army in half the games). */
    armies: z.tuple([rosterSchema, rosterSchema]),
    /** The warscrolls and lores the rosters name, for imported lists (absent: the bundled data). */
    library: playLibrarySchema.optional(),
  }),
  z.strictObject({
    game: z.literal("mesbg"),
    ...common,
    /** Side 0's force and side 1's, as force JSON (src/mesbg/profiles.ts parseForce checks them). */
    forces: z.tuple([z.unknown(), z.unknown()]),
    turns: z.number().int().min(1).max(MESBG_MAX_TURNS).default(MESBG_DEFAULT_TURNS),
  }),
  z.strictObject({
    game: z.literal("campaign"),
    ...common,
    turns: z.number().int().min(1).max(CAMPAIGN_MAX_TURNS).default(CAMPAIGN_DEFAULT_TURNS),
  }),
]);
export type ArenaRequest = z.output<typeof arenaRequestSchema>;
export type ArenaRequestInput = z.input<typeof arenaRequestSchema>;

/** What game `index` is played as: the side agent a takes, the battleplan (AoS), and its seed. */
export interface GameSlot {
  index: number;
  /** Agent a plays side `aSide` (0 or 1): sides swap from one game to the next. */
  aSide: 0 | 1;
  /** The battleplan (AoS), or the scenario's name (MESBG "the-forces-clash", campaign "campaign"). */
  plan: string;
}

/** The name under which MESBG and campaign games are reported in `byPlan` (they have one scenario). */
export const SCENARIO_NAME: Record<Exclude<ArenaGame, "aos">, string> = { mesbg: "the-forces-clash", campaign: "campaign" };

/**
 * Game i: agent a plays side i % 2; AoS battleplans go round in pairs (games 2k and 2k+1 share a plan, one
 * with a on each side), so each plan gets as many games with a on side 0 as on side 1 (within one).
 */
export function gameSlot(req: Pick<ArenaRequest, "game"> & { plans?: readonly string[] }, index: number): GameSlot {
  const plan = req.game === "aos" ? req.plans![Math.floor(index / 2) % req.plans!.length]! : SCENARIO_NAME[req.game];
  return { index, aSide: (index % 2) as 0 | 1, plan };
}
