/**
 * The end of a player's turn: the facts are checked against the plan and the battle so far, scored (the
 * plan's objectives, predators, battle tactic and bonus, Predators and Prey, raids, destroyed objectives),
 * and recorded; on Marking Territory the turn may end the battle (PB-BP-01).
 */
import { parseOrThrow } from "../../core/errors.js";
import { battleplan } from "../battleplans/index.js";
import { nextPlayer } from "./battle.js";
import { battleTactic } from "./catalog.js";
import { checkBattleTactic, checkControl, checkPlanFacts, objectivesInPlay } from "./checks.js";
import { fail } from "./errors.js";
import { type Note, opponentOf, type ScoringState, type Side, type TurnFacts, type TurnFactsInput, turnFactsSchema, type VictoryPointLine } from "./facts.js";
import { destroyedObjectiveVictoryPoints, objectiveVictoryPoints } from "./victoryPoints.js";

export interface TurnScore {
  round: number;
  player: Side;
  lines: VictoryPointLine[];
  notes: Note[];
  /** VP scored during this turn by each player (the opponent can score Predators and Prey in your turn). */
  victoryPoints: Record<Side, number>;
  /** Objectives removed at the end of this turn (raided or destroyed). */
  removed: string[];
  /** PB-BP-01: set if this turn ended the battle with a major victory. */
  gloriousVictory: Side | null;
}

/** The end of a player's turn: checks the facts, scores them, and records control for later turns. */
export function scoreTurn(state: ScoringState, input: TurnFactsInput): { state: ScoringState; score: TurnScore } {
  const facts: TurnFacts = parseOrThrow(turnFactsSchema, input, "turn facts");
  const plan = battleplan(state.battleplan);
  if (state.gloriousVictory) fail([], `the battle is over: the ${state.gloriousVictory.winner} won a major victory in round ${state.gloriousVictory.round}`, "PB-BP-01");
  if (state.round === 0) fail(["round"], "battle round 1 has not started", "PB-LENGTH");
  if (facts.round !== state.round) fail(["round"], `this is battle round ${state.round}, not ${facts.round}`, "PB-LENGTH");
  const expected = nextPlayer(state);
  if (expected === null) fail(["round"], `both players have taken their turn in battle round ${state.round}`, "PB-LENGTH");
  if (facts.player !== expected) {
    fail(["player"], `the ${expected} takes the ${state.turnsThisRound === 0 ? "first" : "second"} turn of battle round ${state.round}; each player takes one turn per round`, "PB-LENGTH");
  }
  checkControl(plan, state, facts);
  checkBattleTactic(plan, state, facts);
  checkPlanFacts(plan, state, facts);

  const player = facts.player;
  const opponent = opponentOf(player);
  const snapshot = { round: facts.round, player, control: { [player]: [...facts.objectives], [opponent]: [...facts.opponentObjectives] } as Record<Side, string[]> };
  const history = [...state.history, snapshot];
  const lines: VictoryPointLine[] = [];
  const notes: Note[] = [];
  const preyScored = { attacker: [...state.preyScored.attacker], defender: [...state.preyScored.defender] };
  const t = facts.battleTactic;

  if (plan.victoryPoints) {
    lines.push(...objectiveVictoryPoints(plan, state, facts));
    if (facts.predatorsDestroyed > 0) {
      const n = facts.predatorsDestroyed;
      lines.push({ player, victoryPoints: n, ruleId: "PB-BP-05", text: `${plan.name}: ${n} VP for ${n === 1 ? "an enemy predator unit" : `${n} enemy predator units`} destroyed by friendly predator units this turn` });
    }
    if (t?.completed) {
      const tactic = battleTactic(t.id);
      lines.push({ player, victoryPoints: 2, ruleId: tactic.ruleId, text: `${plan.name}: 2 VP for completing the battle tactic ${tactic.name}` });
      if (t.bonus) lines.push({ player, victoryPoints: 1, ruleId: tactic.ruleId, text: `${tactic.name}: 1 additional VP, ${tactic.bonus!.short}` });
    }
    // PB-REALM-PREY: once per battle round for each player, whoever's turn it was.
    for (const [side, slain] of [[player, facts.enemyMonstersSlain], [opponent, facts.friendlyMonstersSlain]] as const) {
      if (slain && !preyScored[side].includes(facts.round)) {
        preyScored[side].push(facts.round);
        lines.push({ player: side, victoryPoints: 1, ruleId: "PB-REALM-PREY", text: `Predators and Prey: 1 VP, enemy MONSTERS were slain in battle round ${facts.round}` });
      }
    }
    if (facts.raid) lines.push({ player, victoryPoints: 1, ruleId: "PB-BP-10", text: `${plan.name}: 1 VP for raiding ${facts.raid}, which is removed from play` });
    lines.push(...destroyedObjectiveVictoryPoints(plan, history, facts));
  } else if (t?.completed) {
    notes.push({ ruleId: plan.ruleId, text: `${plan.name}: battle tactic ${battleTactic(t.id).name} completed (no VP on this battleplan; it counts for the result)` });
  }

  const removedNow = [...(facts.raid ? [facts.raid] : []), ...facts.destroyedObjectives];
  const removed = [
    ...state.removed,
    ...removedNow.map((objective) => ({ objective, round: facts.round, by: player, reason: facts.raid === objective ? ("raid" as const) : ("destroyed" as const) })),
  ];
  const scored = { attacker: 0, defender: 0 };
  for (const l of lines) scored[l.player] += l.victoryPoints;

  // PB-BP-01: from round 3, a player controlling every objective on the battlefield wins at once.
  let gloriousVictory: Side | null = null;
  if (plan.gloriousVictoryFromRound !== undefined && facts.round >= plan.gloriousVictoryFromRound) {
    const all = objectivesInPlay(plan, state).map((o) => o.id);
    if (all.length > 0 && all.every((id) => facts.objectives.includes(id))) gloriousVictory = player;
    else if (all.length > 0 && all.every((id) => facts.opponentObjectives.includes(id))) gloriousVictory = opponent;
    if (gloriousVictory) notes.push({ ruleId: "PB-BP-01", text: `${plan.name}: the ${gloriousVictory} controls all of the objectives on the battlefield (${all.join(", ")}) and wins a major victory` });
  }

  const next: ScoringState = {
    ...state,
    turnsThisRound: state.turnsThisRound + 1,
    removed,
    history,
    victoryPoints: { attacker: state.victoryPoints.attacker + scored.attacker, defender: state.victoryPoints.defender + scored.defender },
    battleTacticsPicked: t ? { ...state.battleTacticsPicked, [player]: [...state.battleTacticsPicked[player], { id: t.id, round: facts.round }] } : state.battleTacticsPicked,
    battleTacticsCompleted: t?.completed ? { ...state.battleTacticsCompleted, [player]: state.battleTacticsCompleted[player] + 1 } : state.battleTacticsCompleted,
    preyScored,
    predatorsDestroyed: { ...state.predatorsDestroyed, [player]: state.predatorsDestroyed[player] + facts.predatorsDestroyed },
    gloriousVictory: gloriousVictory ? { winner: gloriousVictory, round: facts.round } : null,
  };
  return { state: next, score: { round: facts.round, player, lines, notes, victoryPoints: scored, removed: removedNow, gloriousVictory } };
}
