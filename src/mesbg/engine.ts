/**
 * The frame interpreter: steps the top frame of the stack until one waits for a decision or a chance
 * outcome, or the game is over. `decide` applies a decision to the waiting frame and runs on.
 */
import { type Action, CHANCE, type ChanceOutcome, type PlayerId, TERMINAL } from "../planner/game.js";
import { courageHandler } from "./courage.js";
import { combatHandler, fightPhaseHandler } from "./fight.js";
import type { Frame } from "./frames.js";
import type { Handler, Handlers } from "./handler.js";
import { hitHandler, woundHandler } from "./heroics.js";
import { castHandler } from "./magic.js";
import { activationHandler, movePhaseHandler, spearChargeHandler } from "./move.js";
import { pairingHandler } from "./pairing.js";
import { priorityHandler } from "./priority.js";
import { gameHandler, setupHandler } from "./scenario.js";
import { shootPhaseHandler, shotHandler } from "./shoot.js";
import type { St } from "./state.js";

const HANDLERS: Handlers = {
  game: gameHandler,
  setup: setupHandler,
  priority: priorityHandler,
  movePhase: movePhaseHandler,
  activation: activationHandler,
  courage: courageHandler,
  cast: castHandler,
  spearCharge: spearChargeHandler,
  shootPhase: shootPhaseHandler,
  shot: shotHandler,
  hit: hitHandler,
  wound: woundHandler,
  pairing: pairingHandler,
  fightPhase: fightPhaseHandler,
  combat: combatHandler,
};

export function handlerOf(f: Frame): Handler {
  return HANDLERS[f.kind] as Handler;
}

/** Steps until a decision is needed or the game is over; a generous bound turns a bug into an error. */
export function advance(st: St): void {
  for (let i = 0; i < 100_000; i++) {
    if (st.d.result) {
      st.d.stack = [];
      return;
    }
    const f = st.top();
    if (!f) return;
    st.version++;
    const r = handlerOf(f).step(st, f);
    if (r === "wait") return;
    if (r === "pop") {
      if (st.top() !== f) throw new Error(`mesbg: ${f.kind} popped with a child on top`);
      st.d.stack.pop();
    }
  }
  throw new Error("mesbg: the engine made 100000 steps without a decision");
}

export function whoDecides(st: St): PlayerId {
  const f = st.top();
  if (!f || st.d.result) return TERMINAL;
  const h = handlerOf(f);
  return h.player ? h.player(st, f) : TERMINAL;
}

export function optionsNow(st: St): Action[] {
  const f = st.top();
  if (!f || st.d.result) return [];
  const h = handlerOf(f);
  if (!h.options) throw new Error(`mesbg: ${f.kind} waits without options`);
  return [...new Set(h.options(st, f))].sort((a, b) => a - b);
}

export function chanceNow(st: St): ChanceOutcome[] {
  const f = st.top();
  if (!f || whoDecides(st) !== CHANCE) return [];
  return handlerOf(f).chance!(st, f);
}

export function describeNow(st: St, a: Action): string {
  const f = st.top();
  if (!f) return "(game over)";
  return handlerOf(f).describe?.(st, f, a) ?? `action ${a}`;
}

export function decide(st: St, a: Action): void {
  const f = st.top();
  if (!f || st.d.result) throw new Error("mesbg: the game is over");
  handlerOf(f).choose!(st, f, a);
  advance(st);
}
