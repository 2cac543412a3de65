/**
 * The objective victory points each battleplan scores at the end of a player's turn (PB-BP-01..12), from
 * the turn facts and the control history. One function per scoring family; the words follow the seed.
 */
import { type Battleplan, betaObjectives, alphaObjective, bordersOf, objective, objectivePosition } from "../battleplans/index.js";
import type { ControlSnapshot, ScoringState, Side, TurnFacts, VictoryPointLine } from "./facts.js";
import { opponentOf } from "./facts.js";

const list = (ids: readonly string[]) => ids.join(", ");

export function objectiveVictoryPoints(plan: Battleplan, state: ScoringState, facts: TurnFacts): VictoryPointLine[] {
  const line = (victoryPoints: number, text: string): VictoryPointLine => ({ player: facts.player, victoryPoints, ruleId: plan.ruleId, text: `${plan.name}: ${text}` });
  const mine = facts.objectives;
  const theirs = facts.opponentObjectives;
  const moreThanOpponent = () =>
    mine.length > theirs.length ? [line(1, `1 VP for controlling more objectives than your opponent (${mine.length} to ${theirs.length})`)] : [];

  switch (plan.scoring) {
    case "none": // PB-BP-01
    case "destroy-objectives": // PB-BP-11: only destroying scores (destroyedObjectiveVictoryPoints)
      return [];
    case "savage-gains": {
      // PB-BP-02
      const own = state.territories[facts.player];
      const other = state.territories[opponentOf(facts.player)];
      return mine.map((id) => {
        const borders = bordersOf(plan, objectivePosition(objective(plan, id), facts.round)!);
        if (borders.includes(other)) return line(4, `4 VP for the objective on the border of your opponent's territory (${id})`);
        if (borders.includes(own)) return line(1, `1 VP for the objective on the border of your territory (${id})`);
        return line(2, `2 VP for ${id}, an objective not on the border of either player's territory`);
      });
    }
    case "one-two-more": // PB-BP-03, 05, 07, 08, 09, 10
      return [
        ...(mine.length >= 1 ? [line(1, `1 VP for controlling at least one objective (${list(mine)})`)] : []),
        ...(mine.length >= 2 ? [line(1, "1 VP for controlling two or more objectives")] : []),
        ...moreThanOpponent(),
      ];
    case "hold-your-ground": {
      // PB-BP-04: controlled at the end of this turn and of your previous turn, which may be last round's.
      const previous = [...state.history].reverse().find((s) => s.player === facts.player);
      const held = previous ? mine.filter((id) => previous.control[facts.player].includes(id)) : [];
      return [
        ...(held.length >= 1 ? [line(1, `1 VP for controlling at least one objective for two of your turns in a row (${list(held)})`)] : []),
        ...(held.length >= 2 ? [line(1, "1 VP for controlling two or more objectives for two of your turns in a row")] : []),
        ...moreThanOpponent(),
      ];
    }
    case "alpha-beta": {
      // PB-BP-06
      const alpha = alphaObjective(plan, state.alphaRoll!);
      const betas = betaObjectives(plan, state.alphaRoll!).map((o) => o.id);
      return [
        ...(mine.includes(alpha.id) ? [line(2, `2 VP for the alpha objective (${alpha.id}, objective ${alpha.number})`)] : []),
        ...mine.filter((id) => betas.includes(id)).map((id) => line(1, `1 VP for a beta objective (${id}, objective ${objective(plan, id).number})`)),
      ];
    }
    case "round-number": // PB-BP-12
      return mine.map((id) => line(facts.round, `${facts.round} VP for ${id} (the number of the battle round for each objective you control)`));
  }
}

/**
 * PB-BP-11: what destroying `objectiveId` scores at the end of `player`'s turn. `history` ends with this
 * turn's snapshot. The streak is the run of turn ends (both players') at which the player held it.
 */
export function destroyValue(history: readonly ControlSnapshot[], player: Side, objectiveId: string): { victoryPoints: 1 | 2 | 4 | 8; since: string } {
  const now = history.length - 1;
  const current = history[now]!;
  let start = now;
  while (start > 0 && history[start - 1]!.control[player].includes(objectiveId)) start--;
  const ownBefore = history
    .map((s, i) => (s.player === player && i < now ? i : -1))
    .filter((i) => i >= 0)
    .reverse();
  if (current.round === 5 && history[start]!.round === 1) return { victoryPoints: 8, since: "held from the first battle round to the end of your turn in the fifth" };
  if (ownBefore[1] !== undefined && ownBefore[1] >= start) return { victoryPoints: 4, since: "held since the end of your turn before last" };
  if (ownBefore[0] !== undefined && ownBefore[0] >= start) return { victoryPoints: 2, since: "held since the end of your last turn" };
  // Also when it was gained during the opponent's turn: that is the nearest criterion (a decision; README).
  return { victoryPoints: 1, since: "control gained this turn" };
}

export function destroyedObjectiveVictoryPoints(plan: Battleplan, history: readonly ControlSnapshot[], facts: TurnFacts): VictoryPointLine[] {
  return facts.destroyedObjectives.map((id) => {
    const v = destroyValue(history, facts.player, id);
    return {
      player: facts.player,
      victoryPoints: v.victoryPoints,
      ruleId: plan.ruleId,
      text: `${plan.name}: ${v.victoryPoints} VP for destroying ${id}, ${v.since}`,
    };
  });
}
