/**
 * One loader for every file a game can continue from — a saved game (format.ts) or a hand-entered position
 * (aos-position.ts, mesbg-position.ts) — giving the game's state at a decision: what `--resume` plays on
 * from, and what `tactica coach FILE` will search from.
 */
import { InputError } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import type { GameState } from "../planner/game.js";
import { POSITION_FORMAT } from "./aos-position.js";
import { checkSnapshot, GAME_KINDS, type GameKind, replaySteps, SAVE_FORMAT, type SavedGame, savedGameSchema, type Step } from "./format.js";
import { parseOrThrow } from "../core/errors.js";
import { STARTERS, startPosition } from "./setups.js";

export interface LoadedGame<S extends GameState<S> = GameState> {
  kind: GameKind;
  state: S;
  /** The decision RNG to play on with (the saved one, or a fresh one from the seed for a position). */
  rng: Rng;
  setup: unknown;
  seed: number;
  /** The decisions so far (none for a position). */
  steps: Step[];
  /** The saved game, when the file was one. */
  saved?: SavedGame;
  /** How the battleplan was rolled, when it was. */
  note?: string;
}

/**
 * `json` is a saved game or a position of game `kind` (any game when absent); `seed` seeds a position's dice
 * (a saved game has its own). Anything else is an InputError naming the field (`where: format: ...`).
 */
export function loadGame(json: unknown, seed: number, kind?: GameKind, where = "saved game"): LoadedGame {
  const obj = json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const format = obj?.format;
  if (format === POSITION_FORMAT) {
    const game = obj!.game;
    if (typeof game !== "string" || !(GAME_KINDS as readonly string[]).includes(game) || game === "campaign") throw new InputError(`${where}: game: a position is of game "aos" or "mesbg"`);
    if (kind && game !== kind) throw new InputError(`${where}: game: this is ${game === "aos" ? "an" : "a"} ${game} position, not ${kind}`);
    const setup = { position: json };
    const started = startPosition(game as "aos" | "mesbg", json, seed, where);
    return { kind: game as GameKind, state: started.state, rng: started.rng, setup, seed, steps: [] };
  }
  if (format !== SAVE_FORMAT) throw new InputError(`${where}: format: must be "${SAVE_FORMAT}" (a saved game) or "${POSITION_FORMAT}" (a position entered by hand)`);
  const saved = parseOrThrow(savedGameSchema, json, where);
  if (kind && saved.game !== kind) throw new InputError(`${where}: game: this is ${saved.game === "aos" ? "an" : "a"} ${saved.game} game, not ${kind}`);
  const started = STARTERS[saved.game](saved.setup, saved.seed);
  replaySteps(started.state, saved.steps, where);
  checkSnapshot(saved.game, started.state, saved.state, where);
  return { kind: saved.game, state: started.state, rng: Rng.fromState(saved.rng), setup: saved.setup, seed: saved.seed, steps: saved.steps.map((s) => ({ ...s })), saved, ...(started.note ? { note: started.note } : {}) };
}
