/**
 * ME-PRIORITY: each turn both players roll a D6 (a chance node with 36 equally likely outcomes, so the log
 * shows the dice). The higher roller chooses who has priority. On a tie the choice goes to the player who
 * did not choose last turn. Turn 1 follows ME-FORCES-CLASH instead: the higher roller simply has priority,
 * ties are re-rolled, and the winner counts as having chosen (so a tie in turn 2 goes to the other player —
 * the seed is silent on who "chose" in turn 1).
 */
import { act, argA, argB, K } from "./actions.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { CHANCE } from "../planner/game.js";
import { other, type St } from "./state.js";

export const ROLL_OFF = Array.from({ length: 36 }, (_, i) => ({ action: act(K.CHANCE, 1 + Math.floor(i / 6), 1 + (i % 6)), probability: 1 / 36 }));

export function describeRollOff(st: St, a: number, what: string): string {
  return `${what}: ${st.sideName(0)} rolls ${argA(a)}, ${st.sideName(1)} rolls ${argB(a)}`;
}

export const priorityHandler: Handler<FrameOf<"priority">> = {
  step: (_st, f) => (f.stage === "done" ? "pop" : "wait"),
  player: (_st, f) => (f.stage === "roll" ? CHANCE : f.chooser),
  chance: () => ROLL_OFF,
  options: (_st, f) => (f.stage === "roll" ? ROLL_OFF.map((o) => o.action) : [act(K.PRIORITY, 0), act(K.PRIORITY, 1)]),
  describe(st, f, a) {
    if (f.stage === "roll") return describeRollOff(st, a, "Priority roll");
    return argA(a) === f.chooser ? `${st.sideName(f.chooser)} takes priority` : `${st.sideName(f.chooser)} gives priority to ${st.sideName(argA(a))}`;
  },
  choose(st, f, a) {
    if (f.stage === "choose") {
      st.d.priority = argA(a) as 0 | 1;
      st.d.chooser = f.chooser as 0 | 1;
      st.log(`${st.sideName(st.d.priority)} has priority.`);
      f.stage = "done";
      return;
    }
    const [a0, a1] = [argA(a), argB(a)];
    if (st.d.turn <= 1) {
      if (a0 === a1) {
        st.log(`Initial priority: both roll ${a0}; roll again.`);
        return;
      }
      st.d.priority = a0 > a1 ? 0 : 1;
      st.d.chooser = st.d.priority;
      st.log(`${st.sideName(st.d.priority)} has priority (${a0} to ${a1}).`);
      f.stage = "done";
      return;
    }
    f.chooser = a0 === a1 ? other(st.d.chooser === -1 ? 1 : st.d.chooser) : a0 > a1 ? 0 : 1;
    st.log(a0 === a1 ? `Priority roll tied at ${a0}: ${st.sideName(f.chooser)} chooses.` : `Priority roll ${a0} to ${a1}: ${st.sideName(f.chooser)} chooses.`);
    f.stage = "choose";
  },
};
