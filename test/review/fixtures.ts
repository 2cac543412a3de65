/**
 * Saved games for the review's tests, made the way `--save` makes them (src/cli/saves.ts savedGame): a
 * position entered by hand, the first decision forced, the rest played by the scripted policy.
 *
 * `lastRoundSave`: examples/positions/aos-last-round.json with the VP at 17-19 and the battle at the movement
 * phase of round 5's second turn (player 1, the Hammers, to move). Measured with 512 rollouts per choice
 * (test/review/review.test.ts states the bound): the Vindictors stand on the objective that decides the battle
 * — every choice that keeps them there wins 100% of the rollouts, "Vindictors runs toward its own territory"
 * wins 30%.
 */
import { readFileSync } from "node:fs";
import { aosAgent } from "../../src/aos/agents.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { savedGame } from "../../src/cli/saves.js";
import { mesbgAgent } from "../../src/mesbg/agents.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import type { GameState } from "../../src/planner/game.js";
import type { SavedGame, Step } from "../../src/saves/format.js";
import { playRecorded } from "../../src/saves/play.js";
import { startAos, startMesbg } from "../../src/saves/setups.js";

export const BLUNDER = "Vindictors runs toward its own territory";

export function lastRoundPosition(): unknown {
  const pos = JSON.parse(readFileSync("examples/positions/aos-last-round.json", "utf8"));
  return { ...pos, victoryPoints: [17, 19], phase: "movement" };
}

function play<S extends GameState<S>>(kind: "aos" | "mesbg", setup: unknown, seed: number, state: S, rng: import("../../src/core/rng.js").Rng, agents: never[], first: string | null, stopAfter?: number): SavedGame {
  const steps: Step[] = [];
  if (first !== null) {
    const p = state.currentPlayer();
    const action = state.legalActions(p).find((a) => state.actionToString(a, p) === first);
    if (action === undefined) throw new Error(`no choice "${first}" here`);
    steps.push({ player: p, action, text: first });
    state.apply(action);
  }
  playRecorded(state, agents, rng, steps, { humans: [false, false], ...(stopAfter !== undefined ? { stopAfter } : {}) });
  return savedGame({ kind, state, rng, setup, seed, steps, agents: ["scripted", "scripted"], options: {} });
}

/** The last-round battle with its first choice `first` (null: the policy's), played out by the policy. */
export function lastRoundSave(first: string | null): SavedGame {
  const setup = { position: lastRoundPosition() };
  const { state, rng } = startAos(setup, 1);
  const policy = aosAgent("scripted", { iterations: 1 }, null);
  return play<PitchedBattleState>("aos", setup, 1, state, rng, [policy, policy] as never[], first);
}

/** The MESBG example position (turn 4), `decisions` decisions played by the policy, unfinished. */
export function mesbgShortSave(decisions: number): SavedGame {
  const setup = { position: JSON.parse(readFileSync("examples/positions/mesbg-turn-4.json", "utf8")) };
  const { state, rng } = startMesbg(setup, 3);
  const policy = mesbgAgent("scripted", { iterations: 1 }, null);
  return play<MesbgState>("mesbg", setup, 3, state, rng, [policy, policy] as never[], null, decisions);
}
