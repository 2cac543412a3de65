/**
 * The saved-game format, shared by the CLI (`--save` / `--resume`) and the dashboard (web/play/session.ts):
 *
 *   { format: "tactica-game", version: 1, game, human, setup, seed, steps, rng, agents?, options?, state?, savedAt? }
 *
 * A saved game is what the game started from (`setup`, each game's own schema: setups.ts), the seed its
 * start function takes, and every decision taken so far (chance outcomes included), plus the state of the
 * decision RNG (the one the agents and the chance rolls draw from) after the last step. Loading replays the
 * decisions through the engine, each checked to be legal for the player whose decision it was, so a file read
 * from disk can never put the engine in a state it could not reach; the engine's own dice come from its
 * seeded RNG, so the replay is die for die. `state` (the game's `toJSON` without its log) is written for
 * readers and tools; when present, the replayed game must match it.
 */
import { z } from "zod";
import { InputError } from "../core/errors.js";
import { CHANCE, type GameState, SIMULTANEOUS } from "../planner/game.js";

export const SAVE_FORMAT = "tactica-game";
export const MAX_STEPS = 200_000;
/** A save is bigger than other inputs (every decision, and the state): bounded all the same. */
export const MAX_SAVE_BYTES = 32_000_000;

export const GAME_KINDS = ["aos", "mesbg", "campaign"] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** One decision: who took it (CHANCE is -1), the action, its text and whether a human took it. */
export interface Step {
  player: number;
  action: number;
  text: string;
  /** The decision was a human's (absent: an AI's or a chance outcome). */
  human?: boolean;
}

const u32 = z.number().int().min(0).max(0xffffffff);
const optionValue = z.union([z.string().max(4096), z.number(), z.boolean(), z.null()]);

export const stepSchema = z.strictObject({
  player: z.number().int().min(-1).max(1),
  action: z.number().int().min(0).max(0x7fffffff),
  text: z.string().max(2000),
  human: z.boolean().optional(),
});

export const savedGameSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.literal(1),
  game: z.enum(GAME_KINDS),
  /** The side the human plays on the dashboard (0 or 1; a CLI game without a human writes 0). */
  human: z.union([z.literal(0), z.literal(1)]),
  /** What the game started from (each game's own schema checks it: setups.ts). */
  setup: z.unknown(),
  seed: u32,
  steps: z.array(stepSchema).max(MAX_STEPS),
  /** The decision RNG (xoshiro128** state) after the last step. */
  rng: z.tuple([u32, u32, u32, u32]),
  /** The agents that played (the CLI's --agents names); `--resume` uses them unless --agents is given. */
  agents: z.tuple([z.string().min(1).max(40), z.string().min(1).max(40)]).optional(),
  /** The command's options as given (the seed, the plan, ...), for the reader: the setup is what counts. */
  options: z
    .record(z.string().max(40), optionValue)
    .refine((r) => Object.keys(r).length <= 40, "at most 40 options")
    .optional(),
  /** The game's state after the last step (its toJSON, the log left out). */
  state: z.unknown().optional(),
  savedAt: z.string().max(40).optional(),
});
export type SavedGame = z.output<typeof savedGameSchema>;

/**
 * Applies `steps` to `state` (fresh from the setup), each checked to be the current player's and legal; an
 * illegal one is an InputError naming the step (`where: steps[12].action: ...`).
 */
export function replaySteps(state: GameState, steps: readonly Step[], where = "saved game"): void {
  const joint: number[] = [];
  steps.forEach((step, i) => {
    const p = state.currentPlayer();
    if (state.isTerminal()) throw new InputError(`${where}: steps[${i}]: the game was already over`);
    if (p === SIMULTANEOUS) {
      if (step.player !== joint.length) throw new InputError(`${where}: steps[${i}].player: must be ${joint.length} (orders are written by both players)`);
      if (!state.legalActions(step.player).includes(step.action)) throw new InputError(`${where}: steps[${i}].action: ${step.action} is not a legal choice here`);
      joint.push(step.action);
      if (joint.length === state.numPlayers) state.applyJoint!(joint.splice(0));
      return;
    }
    const legal = p === CHANCE ? state.chanceOutcomes().map((o) => o.action) : state.legalActions(p);
    if (step.player !== p) throw new InputError(`${where}: steps[${i}].player: the decision was ${p === CHANCE ? "a chance roll (-1)" : `player ${p}'s`}, not ${step.player}`);
    if (!legal.includes(step.action)) throw new InputError(`${where}: steps[${i}].action: ${step.action} is not a legal choice here (0 to ${legal.length - 1})`);
    state.apply(step.action);
  });
  if (joint.length) throw new InputError(`${where}: steps: ends half-way through a turn's orders`);
}

/** The state as a save writes it: the game's toJSON with the readable log left out (it can be long). */
export function stateSnapshot(kind: GameKind, state: GameState): unknown {
  const json = structuredClone(state.toJSON()) as Record<string, unknown>;
  if (kind === "mesbg") return { ...json, events: [] };
  const data = json.data as Record<string, unknown>;
  return { ...json, data: { ...data, log: null } };
}

/** The replayed game must be the saved `state` (when the file has one). */
export function checkSnapshot(kind: GameKind, state: GameState, saved: unknown, where = "saved game"): void {
  if (saved === undefined) return;
  if (JSON.stringify(stateSnapshot(kind, state)) !== JSON.stringify(saved)) {
    throw new InputError(`${where}: state: is not the state its steps replay to (edited by hand, or saved by a different version of the rules)`);
  }
}
