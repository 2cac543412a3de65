/**
 * Generic agents over the Game interface, and the loop that plays a game with them. Game-specific scripted
 * policies live in their game's folder and implement the same `Agent` shape.
 */
import { Rng } from "../core/rng.js";
import { type Action, CHANCE, type GameState, SIMULTANEOUS } from "./game.js";

export interface Agent<S extends GameState<S> = GameState> {
  readonly name: string;
  /** The action for `player` in `state` (which it must not mutate). */
  act(state: S, player: number, rng: Rng): Action;
}

/** Uniformly random among the legal actions. */
export const randomAgent: Agent = {
  name: "random",
  act(state, player, rng) {
    const acts = state.legalActions(player);
    if (acts.length === 0) throw new Error(`random agent: no legal action for player ${player}`);
    return acts[rng.roll(acts.length) - 1]!;
  },
};

/** Samples a chance outcome by its probability. */
export function sampleChance(state: GameState, rng: Rng): Action {
  const outcomes = state.chanceOutcomes();
  let u = rng.nextFloat();
  for (const o of outcomes) {
    u -= o.probability;
    if (u < 0) return o.action;
  }
  return outcomes[outcomes.length - 1]!.action;
}

export interface PlayedStep {
  player: number;
  action: Action;
  text: string;
}

/**
 * Plays `state` to the end with one agent per player; chance nodes are sampled with `rng`. Returns every
 * decision taken, for logs and replays. `maxSteps` guards against a game that never ends.
 */
export function playOut<S extends GameState<S>>(state: S, agents: Agent<S>[], rng: Rng, maxSteps = 1_000_000, onStep?: (s: PlayedStep) => void): PlayedStep[] {
  const steps: PlayedStep[] = [];
  for (let i = 0; !state.isTerminal(); i++) {
    if (i >= maxSteps) throw new Error(`game did not end within ${maxSteps} steps`);
    const p = state.currentPlayer();
    if (p === SIMULTANEOUS) {
      const joint = agents.map((a, q) => a.act(state, q, rng));
      joint.forEach((action, q) => steps.push({ player: q, action, text: state.actionToString(action, q) }));
      state.applyJoint!(joint);
      continue;
    }
    const action = p === CHANCE ? sampleChance(state, rng) : agents[p]!.act(state, p, rng);
    const step = { player: p, action, text: state.actionToString(action, p) };
    steps.push(step);
    onStep?.(step);
    state.apply(action);
  }
  return steps;
}

/** The agents every game offers by name (`policy` is accepted as another name for `scripted`). */
export const AGENT_KINDS = ["random", "scripted", "mcts"] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** "policy" (the older name) → "scripted"; anything else unchanged. */
export function agentKindOf(name: string): string {
  return name === "policy" ? "scripted" : name;
}
