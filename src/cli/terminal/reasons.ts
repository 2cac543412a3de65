/**
 * The terminal game's AI decisions with a one-line reason (issue 11). An `mcts` player's reason comes from its
 * own search of that decision (src/planner/explain.ts: the chosen action's win probability with its 95%
 * interval, the VP margin in AoS, the iterations behind it and, in AoS, the line it expects next). The
 * scripted and random players have no search behind a choice: their decisions are shown as the log tells
 * them, without a reason (a reason made up after the fact would be a second, cheaper coach that could
 * disagree with the real one; the README says so). A forced decision (one option) gets no line either.
 */
import type { Agent } from "../../planner/agents.js";
import { type ChoiceNote, isExplaining, pairedGames } from "../../planner/explain.js";
import type { GameState } from "../../planner/game.js";
import { printable } from "../text.js";

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** The reason line of a note: "62% to win [55%, 68%], VP margin +3.1 — by its search, 312 of 500 iterations; then …". */
export function reasonLine(note: ChoiceNote, winWord = "to win", marginWord = "VP margin"): string {
  const vp = note.expectedVpDiff === null ? "" : `, ${marginWord} ${note.expectedVpDiff >= 0 ? "+" : "−"}${Math.abs(note.expectedVpDiff).toFixed(1)}`;
  const then = note.then.length ? `; then ${note.then.join(", then ")}` : "";
  return `${pct(note.winProbability)} ${winWord} [${pct(note.winInterval[0])}, ${pct(note.winInterval[1])}]${vp} — by its search, ${note.visits} of ${note.iterations} iterations${then}${checkText(note)}`;
}

/** MESBG's check of the search's pick against the scripted choice (ChoiceNote.check), as a clause. */
function checkText(note: ChoiceNote): string {
  const c = note.check;
  if (!c) return "";
  return c.passed ? `; better than the scripted choice in ${pairedGames(c)}` : `; the scripted choice: the search's pick, "${printable(c.proposed)}", was not better in ${pairedGames(c)}`;
}

/**
 * `agent` as seen at the terminal: after each decision it searched, `say` gets "Player N (mcts): LABEL — reason".
 * Agents without a search are returned unchanged.
 */
export function withReasons<S extends GameState<S>>(agent: Agent<S>, seat: number, say: (line: string) => void, winWord?: string, marginWord?: string): Agent<S> {
  if (!isExplaining(agent)) return agent;
  const explaining = agent;
  return {
    name: agent.name,
    act(state, player, rng) {
      const action = agent.act(state, player, rng);
      const note = explaining.lastChoice;
      if (note && note.action === action) say(`  Player ${seat + 1} (${agent.name}): ${printable(state.actionToString(action, player))} — ${reasonLine(note, winWord, marginWord)}`);
      return action;
    },
  };
}
