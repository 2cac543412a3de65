/**
 * Playing a game on with agents while recording every decision (chance outcomes included) for a save: the
 * same loop as `playOut` (src/planner/agents.ts), drawing from the RNG in the same order — so a game played
 * straight through and one saved, stopped and resumed are the same game — plus `--stop-after` and the
 * writes of the save file while a human plays (before each of their decisions and after it, so a crash or a
 * `q` loses nothing).
 */
import type { Rng } from "../core/rng.js";
import { type Agent, sampleChance } from "../planner/agents.js";
import { CHANCE, type GameState, SIMULTANEOUS } from "../planner/game.js";
import { MAX_STEPS, type Step } from "./format.js";

export interface PlayOptions {
  /** Which players are humans (their steps are marked, and the save is written around their decisions). */
  humans: readonly boolean[];
  /** Stop once this many decisions (players', not chance rolls) have been taken in this run. */
  stopAfter?: number;
  /** Writes the save (called while a human plays, and never otherwise: the caller saves at the end). */
  save?: () => void;
}

/** Plays on from `state`, appending to `steps`; true if it stopped (--stop-after) before the end. */
export function playRecorded<S extends GameState<S>>(state: S, agents: readonly Agent<S>[], rng: Rng, steps: Step[], opts: PlayOptions): boolean {
  const human = (p: number) => p >= 0 && opts.humans[p] === true;
  const anyHuman = opts.humans.some((h) => h);
  let decisions = 0;
  for (;;) {
    if (state.isTerminal()) return false;
    if (opts.stopAfter !== undefined && decisions >= opts.stopAfter) return true;
    if (steps.length >= MAX_STEPS) throw new Error(`the game did not end within ${MAX_STEPS} decisions`);
    const p = state.currentPlayer();
    if (p === SIMULTANEOUS) {
      if (anyHuman) opts.save?.();
      const joint = agents.map((a, q) => a.act(state, q, rng));
      joint.forEach((action, q) => steps.push({ player: q, action, text: state.actionToString(action, q), ...(human(q) ? { human: true } : {}) }));
      state.applyJoint!(joint);
      decisions += joint.length;
      if (anyHuman) opts.save?.();
      continue;
    }
    if (human(p)) opts.save?.();
    const action = p === CHANCE ? sampleChance(state, rng) : agents[p]!.act(state, p, rng);
    steps.push({ player: p, action, text: state.actionToString(action, p), ...(human(p) ? { human: true } : {}) });
    state.apply(action);
    if (p !== CHANCE) decisions++;
    if (human(p)) opts.save?.();
  }
}
