/** The `RolloutResult` of a finished battle of the TypeScript engine, read from its scoring sheet. */
import type { PitchedBattleState } from "../battle/game.js";
import { type RolloutResult, VP_SOURCES, type VpSource, vpSource } from "./types.js";

export function resultFromState(s: PitchedBattleState): RolloutResult {
  const d = s.data;
  if (!d.end) throw new Error("resultFromState: the battle is not over");
  const zero = () => Object.fromEntries(VP_SOURCES.map((x) => [x, 0])) as Record<VpSource, number>;
  const vpByRound: [number[], number[]] = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]];
  const vpBySource: [Record<VpSource, number>, Record<VpSource, number>] = [zero(), zero()];
  for (const t of d.sheet)
    for (const l of t.lines) {
      vpByRound[l.player]![Math.min(5, Math.max(1, t.round)) - 1]! += l.victoryPoints;
      vpBySource[l.player][vpSource(l.ruleId)] += l.victoryPoints;
    }
  const picked = (side: "attacker" | "defender") => (d.scoring?.battleTacticsPicked[side] ?? []).map((t) => t.id);
  const attacker = d.attacker!;
  const sideOf = (p: 0 | 1) => (p === attacker ? "attacker" : "defender") as "attacker" | "defender";
  const completed = (p: 0 | 1) =>
    d.sheet.filter((t) => t.player === p && t.battleTacticCompleted).map((t) => d.scoring!.battleTacticsPicked[sideOf(p)].find((x) => x.round === t.round)?.id ?? "");
  const r = d.end.result;
  return {
    winner: r.winner === null ? null : r.winner === "attacker" ? attacker : ((1 - attacker) as 0 | 1),
    outcome: r.outcome,
    victoryPoints: [d.victoryPoints[0], d.victoryPoints[1]],
    vpByRound,
    vpBySource,
    tacticsCompleted: [completed(0), completed(1)],
    tacticsPicked: [picked(sideOf(0)), picked(sideOf(1))],
    grandStrategy: [
      { id: d.grandStrategies[0]!, completed: d.grandStrategyCompleted?.[0] ?? false },
      { id: d.grandStrategies[1]!, completed: d.grandStrategyCompleted?.[1] ?? false },
    ],
    attacker,
    rounds: d.round,
  };
}
