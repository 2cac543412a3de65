/**
 * What each frame kind provides to the interpreter (`engine.ts`). `step` does the automatic work of the top
 * frame and says whether it now waits for a decision ("wait"), is finished ("pop"), or has pushed a child or
 * changed stage and should be stepped again ("again"). A waiting frame names the deciding player (or CHANCE),
 * lists its options and applies the chosen one.
 */
import type { Action, ChanceOutcome, PlayerId } from "../planner/game.js";
import type { Frame, FrameOf } from "./frames.js";
import type { St } from "./state.js";

export type StepResult = "wait" | "pop" | "again";

export interface Handler<F extends Frame = Frame> {
  step(st: St, f: F): StepResult;
  player?(st: St, f: F): PlayerId;
  options?(st: St, f: F): Action[];
  chance?(st: St, f: F): ChanceOutcome[];
  describe?(st: St, f: F, a: Action): string;
  choose?(st: St, f: F, a: Action): void;
}

export type Handlers = { [K in Frame["kind"]]: Handler<FrameOf<K>> };
