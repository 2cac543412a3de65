/**
 * Scoring a Pitched Battle as a fold over plain inputs, the same for the scoring sheet and the engine:
 *
 *   let s = startBattle({ battleplan: "savage-gains", attackerTerritory: "south" });
 *   s = startRound(s, { round: 1, first: "attacker" }).state;
 *   ({ state: s } = scoreTurn(s, { round: 1, player: "attacker", objectives: ["south-border"], ... }));
 *   ... 5 battle rounds (PB-LENGTH), then endBattle(s, grandStrategies) gives the last VP and the result.
 *
 * Every function is pure: it returns a new state and never mutates its input. Inputs that break a rule
 * throw a RuleError naming the field and the rule. startRound is in round.ts, scoreTurn in turn.ts.
 */
import { battleplan, type BattleplanId, objectivePosition, otherTerritory, type Point, type TerritoryId, territory } from "../battleplans/index.js";
import { type GrandStrategyId, grandStrategy } from "./catalog.js";
import { objectivesInPlay } from "./checks.js";
import { fail } from "./errors.js";
import { BATTLE_ROUNDS, opponentOf, type ScoringState, type Side, SIDES, type VictoryPointLine } from "./facts.js";
import { type BattleResult, battleResult } from "./result.js";

export interface BattleSetup {
  battleplan: BattleplanId;
  /** The territory the attacker picked (default: the plan's first territory). */
  attackerTerritory?: TerritoryId;
}

export function startBattle(setup: BattleSetup): ScoringState {
  const plan = battleplan(setup.battleplan);
  const attacker = setup.attackerTerritory ?? plan.territories[0].id;
  territory(plan, attacker);
  const zero = { attacker: 0, defender: 0 };
  return {
    battleplan: plan.id,
    territories: { attacker, defender: otherTerritory(plan, attacker) },
    round: 0,
    first: null,
    turnsThisRound: 0,
    alphaRoll: null,
    vantagePoint: null,
    placed: {},
    removed: [],
    history: [],
    victoryPoints: { ...zero },
    battleTacticsPicked: { attacker: [], defender: [] },
    battleTacticsCompleted: { ...zero },
    preyScored: { attacker: [], defender: [] },
    predatorsDestroyed: { ...zero },
    gloriousVictory: null,
  };
}

/** The battle is over: 5 rounds played, or a plan's own victory (PB-BP-01). */
export function battleOver(state: ScoringState): boolean {
  return state.gloriousVictory !== null || (state.round === BATTLE_ROUNDS && state.turnsThisRound === 2);
}

/** The objectives on the battlefield now and where they stand (null: a Veins objective set up without its
 * roll recorded), for the engine's geometry and the dashboard. */
export function objectivesNow(state: ScoringState): { id: string; at: Point | null; prime: boolean; number: number | null }[] {
  const plan = battleplan(state.battleplan);
  return objectivesInPlay(plan, state).map((o) => ({
    id: o.id,
    at: objectivePosition(o, state.round === 0 ? 1 : state.round, state.placed[o.id]),
    prime: o.prime,
    number: o.number ?? null,
  }));
}

/** The player whose turn comes next, or null between rounds. */
export function nextPlayer(state: ScoringState): Side | null {
  if (state.first === null || state.turnsThisRound === 2) return null;
  return state.turnsThisRound === 0 ? state.first : opponentOf(state.first);
}

export interface GrandStrategyOutcome {
  id: GrandStrategyId;
  completed: boolean;
}

export interface BattleEnd {
  lines: VictoryPointLine[];
  victoryPoints: Record<Side, number>;
  battleTacticsCompleted: Record<Side, number>;
  result: BattleResult;
}

/** The end of the battle: the grand strategies' 3 VP (PB-GS-PICK) and the result (PB-RESULT). */
export function endBattle(state: ScoringState, grandStrategies: Record<Side, GrandStrategyOutcome>): BattleEnd {
  const plan = battleplan(state.battleplan);
  if (!battleOver(state)) fail(["round"], `the battle is not over: battle round ${state.round} of ${BATTLE_ROUNDS}, ${state.turnsThisRound} turn(s) taken`, "PB-LENGTH");
  const lines: VictoryPointLine[] = [];
  if (plan.victoryPoints) {
    for (const side of SIDES) {
      const g = grandStrategy(grandStrategies[side].id);
      if (grandStrategies[side].completed) lines.push({ player: side, victoryPoints: 3, ruleId: g.ruleId, text: `${plan.name}: 3 VP for completing the grand strategy ${g.name}` });
    }
  }
  const victoryPoints = { ...state.victoryPoints };
  for (const l of lines) victoryPoints[l.player] += l.victoryPoints;
  const result = battleResult({
    victoryPointsDecide: plan.victoryPoints,
    victoryPoints,
    battleTacticsCompleted: state.battleTacticsCompleted,
    grandStrategyCompleted: { attacker: grandStrategies.attacker.completed, defender: grandStrategies.defender.completed },
    gloriousVictory: state.gloriousVictory?.winner ?? null,
  });
  return { lines, victoryPoints, battleTacticsCompleted: { ...state.battleTacticsCompleted }, result };
}
