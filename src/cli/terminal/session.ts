/**
 * A game at the terminal with a human player: the loop of `playOut` (src/planner/agents.ts) that can take a
 * decision back. On `u` the human agent throws TakeBack; the session rebuilds the game from its start (the
 * same seed: the engines are deterministic) and applies the decisions recorded before the human's last
 * asked decision — chance outcomes and the AI's decisions as they were, without asking the agents again —
 * then restores the loop's RNG as it stood at that decision and asks the human again. A one-option decision
 * (taken without asking) is not taken back: the one before it is.
 */
import { Rng } from "../../core/rng.js";
import { type Agent, type PlayedStep, sampleChance } from "../../planner/agents.js";
import { type Action, CHANCE, type GameState, SIMULTANEOUS } from "../../planner/game.js";
import { TakeBack } from "../human.js";

/** One node of the game as played: who decided, what, and the loop's RNG just before. */
interface Played {
  player: number;
  actions: Action[];
  texts: string[];
  rng: [number, number, number, number];
  /** The players (0, 1) a human was asked at this node (more than one choice). */
  asked: number[];
}

export interface TerminalGame<S extends GameState<S>> {
  /** A fresh game and the RNG the loop samples chance nodes (and agents) with, as the command starts it. */
  start(): { state: S; rng: Rng };
  agents: Agent<S>[];
  /** Which players are human. */
  humans: readonly number[];
  /** After a take-back: the rebuilt state and the decision taken back (null: there was none to take back). */
  onTakeBack(state: S, undone: PlayedStep | null): void;
  maxSteps?: number;
}

function applyNode<S extends GameState<S>>(state: S, p: Played): void {
  if (p.player === SIMULTANEOUS) state.applyJoint!(p.actions);
  else state.apply(p.actions[0]!);
}

/** Plays the game to its end; returns the final state (a rebuilt one after a take-back) and every decision. */
export function playAtTerminal<S extends GameState<S>>(g: TerminalGame<S>): { state: S; steps: PlayedStep[] } {
  let { state, rng } = g.start();
  const played: Played[] = [];
  const maxSteps = g.maxSteps ?? 1_000_000;
  const isHuman = (q: number) => g.humans.includes(q);
  const asks = (s: S, q: number) => isHuman(q) && s.legalActions(q).length > 1;
  while (!state.isTerminal()) {
    if (played.length >= maxSteps) throw new Error(`game did not end within ${maxSteps} steps`);
    const p = state.currentPlayer();
    const before = rng.state();
    try {
      if (p === SIMULTANEOUS) {
        const asked = [0, 1].filter((q) => asks(state, q));
        const joint = g.agents.map((a, q) => a.act(state, q, rng));
        played.push({ player: p, actions: joint, texts: joint.map((a, q) => state.actionToString(a, q)), rng: before, asked });
        state.applyJoint!(joint);
        continue;
      }
      const asked = p >= 0 && asks(state, p) ? [p] : [];
      const action = p === CHANCE ? sampleChance(state, rng) : g.agents[p]!.act(state, p, rng);
      played.push({ player: p, actions: [action], texts: [state.actionToString(action, p)], rng: before, asked });
      state.apply(action);
    } catch (e) {
      if (!(e instanceof TakeBack)) throw e;
      // Back to the last node where a human was asked (or, with none, to where the game stands now).
      let k = played.length;
      while (k > 0 && played[k - 1]!.asked.length === 0) k--;
      const back = k > 0 ? k - 1 : played.length;
      const undone = k > 0 ? played[back]! : null;
      const fresh = g.start();
      state = fresh.state;
      for (let i = 0; i < back; i++) applyNode(state, played[i]!);
      rng = back < played.length ? Rng.fromState(played[back]!.rng) : Rng.fromState(before);
      played.length = back;
      const q = undone ? undone.asked[0]! : 0;
      g.onTakeBack(state, undone ? { player: undone.player === SIMULTANEOUS ? q : undone.player, action: undone.actions[undone.player === SIMULTANEOUS ? q : 0]!, text: undone.texts[undone.player === SIMULTANEOUS ? q : 0]! } : null);
    }
  }
  const steps: PlayedStep[] = [];
  for (const n of played) {
    if (n.player === SIMULTANEOUS) n.actions.forEach((action, q) => steps.push({ player: q, action, text: n.texts[q]! }));
    else steps.push({ player: n.player, action: n.actions[0]!, text: n.texts[0]! });
  }
  return { state, steps };
}

/** The seats played by "human" in an --agents list. */
export function humanSeats(agents: readonly string[]): number[] {
  return agents.flatMap((n, i) => (n === "human" ? [i] : []));
}

/** What the player is told after `u`: the decision taken back, and the situation it is back at. */
export function tookBack<S>(io: { prompt(text: string): void }, news: { skip(state: S): void }, status?: (state: S) => string[]) {
  return (state: S, undone: PlayedStep | null): void => {
    news.skip(state);
    if (!undone) {
      io.prompt("  nothing to take back yet: no choice of yours has been made");
      return;
    }
    io.prompt([`  Taken back: "${undone.text}" (and what followed it). The game is replayed to just before it:`, ...(status ? status(state) : [])].join("\n"));
  };
}
