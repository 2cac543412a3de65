/**
 * The Game interface: what the planner (MCTS, agents, arena) sees of any game. Modelled on OpenSpiel's
 * `State` (spiel.h), with TAG's idea that a multi-step activation (unit → order → target) is a sequence of
 * decisions, one per tree node. The planner knows nothing of any game; games know nothing of the planner.
 *
 * Dice inside an action are not tree nodes: `apply` rolls them with the state's own seeded RNG, so the
 * search is open-loop (each iteration re-seeds a clone) and never "knows" future dice. Only rare, few-
 * outcome, high-impact rolls (priority, battleplan, who goes first) are explicit CHANCE nodes.
 */

/** A player index (0 or 1), or one of the special "players" below. */
export type PlayerId = number;

export const CHANCE: PlayerId = -1;
export const SIMULTANEOUS: PlayerId = -2;
export const TERMINAL: PlayerId = -3;

/** An action is a small integer, meaningful only together with the state that listed it. */
export type Action = number;

export interface ChanceOutcome {
  action: Action;
  probability: number;
}

export interface GameState<S extends GameState<S> = any> {
  /** Number of players (2 for every game here). */
  readonly numPlayers: number;

  /**
   * Whose decision it is: a player index, CHANCE (call `chanceOutcomes` and apply one), SIMULTANEOUS
   * (every player picks; `applyJoint`), or TERMINAL.
   */
  currentPlayer(): PlayerId;

  /** The legal actions of `player` (sorted ascending, no duplicates); empty when it is not their turn. */
  legalActions(player?: PlayerId): Action[];

  /** A player-readable description of `action` in this state ("Mortek Guard charges Liberators"). */
  actionToString(action: Action, player?: PlayerId): string;

  /** Applies a legal action of the current player (or a chance outcome). Mutates this state. */
  apply(action: Action): void;

  /** At a SIMULTANEOUS node: one action per player, applied together. */
  applyJoint?(actions: Action[]): void;

  /** At a CHANCE node: the outcomes and their probabilities (summing to 1). */
  chanceOutcomes(): ChanceOutcome[];

  isTerminal(): boolean;

  /** Per-player returns at a terminal state (win 1, loss -1, draw 0, or the game's documented scale). */
  returns(): number[];

  /** A cheap evaluation in [-1, 1] per player for cut-off rollouts (the game documents its heuristic). */
  heuristic(player: PlayerId): number;

  /** An independent copy: applying actions to it never touches this state. */
  clone(): S;

  /** Replace the RNG stream (open-loop search re-seeds each iteration's clone). */
  reseed(seed: number): void;

  /**
   * The RNG's state, where the game can tell it: the closed-loop search compares it before and after an action
   * to know an action that draws no dice (one outcome, not a chance node of samples).
   */
  rngState?(): readonly number[];

  /** A plain JSON-serialisable snapshot from which `fromJSON` of the game rebuilds an equal state. */
  toJSON(): unknown;
}

/** A game: how to start a state and how to rebuild one from its JSON. */
export interface Game<S extends GameState<S>, Options = unknown> {
  readonly name: string;
  newInitialState(options: Options, seed: number): S;
  fromJSON(json: unknown): S;
}
