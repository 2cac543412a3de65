/**
 * Rollouts in the TypeScript engine: a battle played to its end by the scripted policy for both sides. The
 * battle's own seeded RNG rolls every die and settles every roll-off, so a rollout is a function of
 * (state, seed) — the same stream the Wasm kernel draws from (src/aos/rollout/wasm.ts), decision for
 * decision.
 */
import type { PitchedBattleState } from "../battle/game.js";
import { policyAction } from "../battle/policy.js";
import type { Step } from "../battle/state.js";
import { CHANCE } from "../../planner/game.js";
import { sampleChance } from "../../planner/agents.js";
import { resultFromState } from "./result.js";
import type { RolloutResult } from "./types.js";

export { resultFromState } from "./result.js";

const SET_UP: ReadonlySet<Step["kind"]> = new Set(["rolloff-attacker", "choose-attacker", "territory", "grand-strategy", "deploy"]);

/** Steps of the battle that come before the end of deployment (the kernel starts after them). */
export function isSetUp(step: Step): boolean {
  return SET_UP.has(step.kind);
}

/** Plays `state` in place with the scripted policy for both sides while `more` holds (or to the end). */
export function playPolicy(state: PitchedBattleState, more: (s: PitchedBattleState) => boolean = () => true, maxSteps = 100_000): void {
  const rng = state.battle.rng;
  for (let i = 0; !state.isTerminal() && more(state); i++) {
    if (i >= maxSteps) throw new Error(`the battle did not end within ${maxSteps} decisions`);
    state.apply(state.currentPlayer() === CHANCE ? sampleChance(state, rng) : policyAction(state.battle));
  }
}

/** Set-up played by the policy: the roll-off, territories, grand strategies and deployment, in place. */
export function playSetUp(state: PitchedBattleState): PitchedBattleState {
  playPolicy(state, (s) => isSetUp(s.data.step));
  return state;
}

/** Plays a copy of `state` to the end with the scripted policy, the battle's RNG reseeded with `seed`. */
export function rolloutTs(state: PitchedBattleState, seed: number): RolloutResult {
  const s = state.clone();
  s.reseed(seed);
  playPolicy(s);
  return resultFromState(s);
}
