/**
 * A rollout: from a state, the scripted policy (policy.ts) plays both sides to the end of the game — a
 * wipe-out, or the turn cap scored by what survives (game.ts `returns`). This is the TypeScript reference
 * that the Wasm kernel (assembly/mesbg_rollout/, `rolloutWasm`) is held equal to.
 *
 * One random stream drives the whole rollout: the state's Rng is replaced by `new Rng(seed)`, the engine
 * rolls its dice from it, and a chance node (a priority roll-off) takes `roll(n)` of its n outcomes (listed
 * ascending, as `legalActions` gives them) from the same stream. The kernel does the same, so the same
 * state and seed give the same game in both.
 */
import { Rng } from "../core/rng.js";
import { CHANCE } from "../planner/game.js";
import { advance, decide } from "./engine.js";
import { mesbgGame, type MesbgState } from "./game.js";
import { mesbgPolicy } from "./policy.js";

export interface RolloutResult {
  /** 0 or 1, or -1 for a draw (both wiped out, or equal shares at the turn cap). */
  winner: number;
  /** Each side's return: +1/-1 for a wipe-out, else its surviving share minus the opponent's. */
  score: [number, number];
  /** The turn the game ended in. */
  turns: number;
  /** Living models per side at the end. */
  modelsLeft: [number, number];
  wipedOut: boolean;
}

export function rolloutResult(s: MesbgState): RolloutResult {
  const d = s.data;
  const r = d.result;
  const ret = s.returns();
  const left: [number, number] = [0, 0];
  for (const m of d.models) if (m.alive) left[m.side]++;
  return {
    winner: r ? r.winner : -1,
    score: [ret[0]!, ret[1]!],
    turns: d.turn,
    modelsLeft: left,
    wipedOut: r?.reason === "wiped out",
  };
}

/** Plays a copy of `state` to the end with the scripted policy for both sides; `state` is not changed. */
export function rolloutTs(state: MesbgState, seed: number): RolloutResult {
  return rolloutResult(playTs(state, seed));
}

/**
 * The rollout itself: a copy of `state` played with `seed` until the game ends — or, with `stopAfterTurn`,
 * until the priority roll-off of the first turn after it (the differential tests compare the kernel's state
 * there, and the stream's next numbers: the copy's `st.rng`).
 */
export function playTs(state: MesbgState, seed: number, stopAfterTurn = Infinity): MesbgState {
  const s = state.clone();
  s.record(false);
  const rng = new Rng(seed);
  s.st.rng = rng;
  // A position set up and not yet stepped (position.ts `advance: false`) starts here, with this stream;
  // at a decision already reached, stepping again changes nothing.
  advance(s.st);
  for (let i = 0; !s.isTerminal(); i++) {
    if (i > 1_000_000) throw new Error("mesbg rollout: no end after 1,000,000 decisions");
    const f = s.st.top();
    if (f?.kind === "priority" && f.stage === "roll" && s.data.turn > stopAfterTurn) break;
    const p = s.currentPlayer();
    let a: number;
    if (p === CHANCE) {
      const acts = s.legalActions();
      a = acts[rng.roll(acts.length) - 1]!;
    } else a = mesbgPolicy.act(s, p, rng);
    // The engine's own step (MesbgState.apply without re-checking legality: the policy picks a listed action).
    decide(s.st, a);
  }
  return s;
}

/**
 * A fresh game of The Forces Clash between two forces, played by the scripted policy through the set-up
 * (board half, deployment) to the first decision of turn 1: its priority roll-off. The rollouts of the
 * differential tests and the benchmark start here.
 */
export function deployedGame(a: unknown, b: unknown, seed: number, maxTurns?: number): MesbgState {
  const s = mesbgGame.newInitialState({ a, b, maxTurns }, seed);
  const rng = new Rng(seed);
  while (!s.isTerminal()) {
    const f = s.st.top();
    if (f?.kind === "priority" && f.stage === "roll") break;
    const p = s.currentPlayer();
    const acts = s.legalActions();
    s.apply(p === CHANCE ? acts[rng.roll(acts.length) - 1]! : mesbgPolicy.act(s, p, rng));
  }
  return s;
}
