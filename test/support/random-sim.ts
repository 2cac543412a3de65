/**
 * The shared random-playout checker, in the spirit of OpenSpiel's RandomSimTest: plays seeded random games
 * and checks, at every step, that the state behaves as the Game interface promises. Every game's test calls
 * it; a game adds its own invariants through `check`.
 */
import { expect } from "vitest";
import { CHANCE, type Game, type GameState, SIMULTANEOUS, TERMINAL } from "../../src/planner/game.js";
import { Rng } from "../../src/core/rng.js";

export interface RandomSimOptions<S extends GameState<S>, O> {
  game: Game<S, O>;
  options: (rng: Rng, index: number) => O;
  games: number;
  seed: number;
  /** Steps before the checker gives up on a game (a game that does not end is a bug). */
  maxSteps: number;
  /** Every how many steps to check clone and JSON round-trips (they are the expensive part). */
  roundTripEvery?: number;
  /** Called with each player's action just before it is applied (to remember what the step should do). */
  beforeApply?: (state: S, player: number, action: number) => void;
  /** Invariants checked after every step. */
  check?: (state: S) => void;
  /** Checked at the end of each game. */
  checkTerminal?: (state: S) => void;
}

/** Plain assertion for hot loops (vitest's expect costs microseconds a call). */
export function check(cond: boolean, message: string | (() => string)): void {
  if (!cond) throw new Error(typeof message === "string" ? message : message());
}

/** Continue `a` and `b` with the same actions and seeds for a few steps: they must stay identical. */
function sameContinuation<S extends GameState<S>>(a: S, b: S, rng: Rng, steps: number): void {
  expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
  for (let i = 0; i < steps && !a.isTerminal(); i++) {
    const p = a.currentPlayer();
    if (p === CHANCE) {
      const o = a.chanceOutcomes();
      const pick = o[rng.roll(o.length) - 1]!.action;
      a.apply(pick);
      b.apply(pick);
    } else if (p === SIMULTANEOUS) {
      const joint = Array.from({ length: a.numPlayers }, (_, q) => {
        const acts = a.legalActions(q);
        return acts[rng.roll(acts.length) - 1]!;
      });
      a.applyJoint!(joint);
      b.applyJoint!(joint);
    } else {
      const acts = a.legalActions(p);
      check(b.legalActions(p).join() === acts.join(), "a round-tripped state lists other legal actions");
      const pick = acts[rng.roll(acts.length) - 1]!;
      a.apply(pick);
      b.apply(pick);
    }
  }
  expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
}

export function randomSimTest<S extends GameState<S>, O>(opts: RandomSimOptions<S, O>): { steps: number; terminals: number } {
  const rng = new Rng(opts.seed);
  let steps = 0;
  let terminals = 0;
  for (let g = 0; g < opts.games; g++) {
    const state = opts.game.newInitialState(opts.options(rng, g), rng.nextU32());
    let n = 0;
    while (!state.isTerminal()) {
      check(n++ < opts.maxSteps, `game ${g} did not end within ${opts.maxSteps} steps`);
      const p = state.currentPlayer();
      check(p !== TERMINAL, "TERMINAL player at a non-terminal state");
      if (opts.roundTripEvery && n % opts.roundTripEvery === 0) {
        const seed = rng.nextU32();
        const before = JSON.stringify(state.toJSON());
        const a = state.clone();
        const b = opts.game.fromJSON(JSON.parse(before));
        a.reseed(seed);
        b.reseed(seed);
        sameContinuation(a, b, new Rng(seed), 20);
        // Playing on clones never touches the original.
        expect(JSON.stringify(state.toJSON())).toBe(before);
      }
      if (p === CHANCE) {
        const outcomes = state.chanceOutcomes();
        check(outcomes.length > 0, "a chance node with no outcome");
        check(Math.abs(outcomes.reduce((s, o) => s + o.probability, 0) - 1) < 1e-12, "chance probabilities do not sum to 1");
        state.apply(outcomes[rng.roll(outcomes.length) - 1]!.action);
      } else if (p === SIMULTANEOUS) {
        const joint = Array.from({ length: state.numPlayers }, (_, q) => {
          const acts = state.legalActions(q);
          check(acts.length > 0, `no legal action for player ${q} at a simultaneous node`);
          return acts[rng.roll(acts.length) - 1]!;
        });
        state.applyJoint!(joint);
      } else {
        const acts = state.legalActions(p);
        check(acts.length > 0, `no legal action for player ${p} at a non-terminal state`);
        check(acts.every((a, i) => i === 0 || a > acts[i - 1]!), "legal actions are not sorted and unique");
        for (const a of acts) check(state.actionToString(a, p).length > 0, `action ${a} has no description`);
        const pick = acts[rng.roll(acts.length) - 1]!;
        opts.beforeApply?.(state, p, pick);
        state.apply(pick);
      }
      opts.check?.(state);
      steps++;
    }
    expect(state.currentPlayer()).toBe(TERMINAL);
    expect(state.returns()).toHaveLength(state.numPlayers);
    opts.checkTerminal?.(state);
    terminals++;
  }
  return { steps, terminals };
}
