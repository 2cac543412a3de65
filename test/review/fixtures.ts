/**
 * Saved games for the review's tests (Node and the browser), made the way `--save` makes them: a
 * position entered by hand, the first decision forced, the rest played by the scripted policy.
 *
 * `lastRoundSave`: examples/positions/aos-last-round.json with the VP at 17-19 and the battle at the movement
 * phase of round 5's second turn (player 1, the Hammers, to move). Measured with 512 rollouts per choice
 * (test/review/review.test.ts states the bound): the Vindictors stand on the objective that decides the battle
 * — every choice that keeps them there wins ~99% of the rollouts, "Vindictors runs toward its own territory"
 * ~57% (30% before the bundled warscrolls' healing and charge-dice abilities were played).
 */
import aosLastRound from "../../examples/positions/aos-last-round.json" with { type: "json" };
import mesbgTurn4 from "../../examples/positions/mesbg-turn-4.json" with { type: "json" };
import { aosAgent } from "../../src/aos/agents.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { mesbgAgent } from "../../src/mesbg/agents.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import type { GameState } from "../../src/planner/game.js";
import { SAVE_FORMAT, type SavedGame, stateSnapshot, type Step } from "../../src/saves/format.js";
import { playRecorded } from "../../src/saves/play.js";
import { startAos, startMesbg } from "../../src/saves/setups.js";

export const BLUNDER = "Vindictors runs toward its own territory";

export function lastRoundPosition(): unknown {
  const pos = structuredClone(aosLastRound) as Record<string, unknown>;
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
  // As src/cli/saves.ts savedGame writes it (that module reads files; these saves are made in the browser too).
  return { format: SAVE_FORMAT, version: 1, game: kind, human: 0, setup, seed, steps, rng: rng.state() as [number, number, number, number], agents: ["scripted", "scripted"], options: {}, state: stateSnapshot(kind, state) };
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
  const setup = { position: structuredClone(mesbgTurn4) };
  const { state, rng } = startMesbg(setup, 3);
  const policy = mesbgAgent("scripted", { iterations: 1 }, null);
  return play<MesbgState>("mesbg", setup, 3, state, rng, [policy, policy] as never[], null, decisions);
}
