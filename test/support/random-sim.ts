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
  /** Invariants checked after every step. */
  check?: (state: S) => void;
  /** Checked at the end of each game. */
  checkTerminal?: (state: S) => void;
}

/** Continue `a` and `b` with the same actions and seeds for a few steps: they must stay identical. */
function sameContinuation<S extends GameState<S>>(a: S, b: S, rng: Rng, steps: number): void {
  for (let i = 0; i < steps && !a.isTerminal(); i++) {
    expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
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
      expect(b.legalActions(p)).toEqual(acts);
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
      expect(n++, `game ${g} did not end within ${opts.maxSteps} steps`).toBeLessThan(opts.maxSteps);
      const p = state.currentPlayer();
      expect(p).not.toBe(TERMINAL);
      if (opts.roundTripEvery && n % opts.roundTripEvery === 0) {
        const seed = rng.nextU32();
        const a = state.clone();
        const b = opts.game.fromJSON(JSON.parse(JSON.stringify(state.toJSON())));
        const c = state.clone();
        a.reseed(seed);
        b.reseed(seed);
        c.reseed(seed);
        sameContinuation(a, b, new Rng(seed), 20);
        sameContinuation(c, a.clone(), new Rng(seed), 0);
      }
      if (p === CHANCE) {
        const outcomes = state.chanceOutcomes();
        expect(outcomes.length).toBeGreaterThan(0);
        expect(outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
        state.apply(outcomes[rng.roll(outcomes.length) - 1]!.action);
      } else if (p === SIMULTANEOUS) {
        const joint = Array.from({ length: state.numPlayers }, (_, q) => {
          const acts = state.legalActions(q);
          expect(acts.length).toBeGreaterThan(0);
          return acts[rng.roll(acts.length) - 1]!;
        });
        state.applyJoint!(joint);
      } else {
        const acts = state.legalActions(p);
        expect(acts.length, `no legal action for player ${p} at a non-terminal state`).toBeGreaterThan(0);
        expect([...new Set(acts)].sort((x, y) => x - y)).toEqual(acts);
        for (const a of acts) expect(typeof state.actionToString(a, p)).toBe("string");
        state.apply(acts[rng.roll(acts.length) - 1]!);
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
