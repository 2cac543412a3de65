/**
 * Scoring a recorded battle: the scoring sheet is folded through the same functions the engine calls
 * (startBattle, startRound, scoreTurn, endBattle). Every error names its place in the record.
 */
import { InputError, parseOrThrow } from "../../core/errors.js";
import { battleplan, otherTerritory } from "../battleplans/index.js";
import {
  type BattleResult,
  battleOver,
  battleTactic,
  type BattleTacticRecord,
  endBattle,
  grandStrategy,
  type Note,
  opponentOf,
  RuleError,
  type ScoringState,
  scoreTurn,
  type Side,
  SIDES,
  startBattle,
  startRound,
  type VictoryPointLine,
} from "../scoring/index.js";
import { type Scoresheet, scoresheetSchema } from "./schema.js";

export interface ScoredTurn {
  player: Side;
  name: string;
  objectives: string[];
  opponentObjectives: string[];
  battleTactic: (BattleTacticRecord & { name: string; ruleId: string }) | null;
  lines: VictoryPointLine[];
  notes: Note[];
  /** VP scored in this turn, and each player's running total after it. */
  victoryPoints: Record<Side, number>;
  totals: Record<Side, number>;
}

export interface ScoredRound {
  round: number;
  first: Side;
  notes: Note[];
  turns: ScoredTurn[];
}

export interface ScoredPlayer {
  name: string;
  faction: string | null;
  territory: string;
  grandStrategy: { id: string; name: string; ruleId: string; completed: boolean | null };
  victoryPoints: number;
  battleTacticsCompleted: number;
}

export interface ScoreReport {
  pointsLimit: number;
  battleplan: { id: string; name: string; table: number; number: number; ruleId: string };
  /** False on Marking Territory, which has no victory points (PB-BP-01). */
  victoryPoints: boolean;
  attacker: ScoredPlayer;
  defender: ScoredPlayer;
  rounds: ScoredRound[];
  /** The grand strategies' VP; empty until the battle is over. */
  endOfBattle: VictoryPointLine[];
  finished: boolean;
  result: (BattleResult & { text: string }) | null;
}

/** Runs a scoring step; a rule broken there is reported at its place in the record. */
function at<T>(where: string, path: PropertyKey[], f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RuleError) throw new InputError(`${where}: ${e.under(path).message}`);
    throw e;
  }
}

export function scoreSheet(input: unknown, where = "scoresheet"): ScoreReport {
  const sheet: Scoresheet = parseOrThrow(scoresheetSchema, input, where);
  const plan = battleplan(sheet.battleplan);
  const names: Record<Side, string> = { attacker: sheet.attacker.name, defender: sheet.defender.name };
  checkPlayers(sheet, where);

  let state: ScoringState = startBattle({ battleplan: plan.id, ...(sheet.attacker.territory ? { attackerTerritory: sheet.attacker.territory } : {}) });
  const totals = { attacker: 0, defender: 0 };
  const rounds: ScoredRound[] = [];
  sheet.rounds.forEach((r, i) => {
    const { turns, ...events } = r;
    const first = turns[0]!.player;
    const started = at(where, ["rounds", i], () => startRound(state, { ...events, first }));
    state = started.state;
    const scored: ScoredTurn[] = [];
    turns.forEach((turn, j) => {
      const { state: next, score } = at(where, ["rounds", i, "turns", j], () => scoreTurn(state, { ...turn, round: r.round }));
      state = next;
      for (const s of SIDES) totals[s] += score.victoryPoints[s];
      const t = turn.battleTactic;
      scored.push({
        player: turn.player,
        name: names[turn.player],
        objectives: turn.objectives,
        opponentObjectives: turn.opponentObjectives,
        battleTactic: t ? { ...t, name: battleTactic(t.id).name, ruleId: battleTactic(t.id).ruleId } : null,
        lines: score.lines,
        notes: score.notes,
        victoryPoints: score.victoryPoints,
        totals: { ...totals },
      });
    });
    if (turns.length < 2 && i < sheet.rounds.length - 1) {
      throw new InputError(`${where}: rounds[${i}].turns: battle round ${r.round} has only the ${first}'s turn; each player takes one turn per round (PB-LENGTH)`);
    }
    rounds.push({ round: r.round, first, notes: started.notes, turns: scored });
  });

  const finished = battleOver(state);
  const report: ScoreReport = {
    pointsLimit: sheet.pointsLimit,
    battleplan: { id: plan.id, name: plan.name, table: plan.table, number: plan.number, ruleId: plan.ruleId },
    victoryPoints: plan.victoryPoints,
    attacker: player(sheet, "attacker", state),
    defender: player(sheet, "defender", state),
    rounds,
    endOfBattle: [],
    finished,
    result: null,
  };
  if (!finished) {
    for (const s of SIDES) {
      if (sheet[s].grandStrategyCompleted !== undefined) {
        throw new InputError(`${where}: ${s}.grandStrategyCompleted: a grand strategy is completed (or not) when the battle ends, and this record stops in battle round ${state.round} (PB-GS-PICK)`);
      }
    }
    return report;
  }
  // A major victory by control decides the battle without the grand strategies (PB-BP-01).
  for (const s of SIDES) {
    if (sheet[s].grandStrategyCompleted === undefined && state.gloriousVictory === null) {
      throw new InputError(`${where}: ${s}.grandStrategyCompleted: required when the battle is over (true or false) (PB-GS-PICK)`);
    }
  }
  const end = endBattle(state, {
    attacker: { id: sheet.attacker.grandStrategy, completed: sheet.attacker.grandStrategyCompleted ?? false },
    defender: { id: sheet.defender.grandStrategy, completed: sheet.defender.grandStrategyCompleted ?? false },
  });
  report.endOfBattle = end.lines;
  report.attacker.victoryPoints = end.victoryPoints.attacker;
  report.defender.victoryPoints = end.victoryPoints.defender;
  report.result = { ...end.result, text: resultText(end.result, names) };
  return report;
}

function checkPlayers(sheet: Scoresheet, where: string): void {
  const plan = battleplan(sheet.battleplan);
  const attacker = sheet.attacker.territory ?? plan.territories[0].id;
  if (!plan.territories.some((t) => t.id === attacker)) {
    throw new InputError(`${where}: attacker.territory: ${plan.name} has the territories ${plan.territories.map((t) => t.id).join(" and ")}, not ${attacker}`);
  }
  const d = sheet.defender.territory;
  if (d !== undefined && d !== otherTerritory(plan, attacker)) {
    throw new InputError(`${where}: defender.territory: the defender has the territory the attacker did not pick (${otherTerritory(plan, attacker)}), not ${d}`);
  }
  for (const s of SIDES) {
    if (sheet[s].predators && !plan.predators) throw new InputError(`${where}: ${s}.predators: ${plan.name} has no predator units (Survival of the Fittest only) (PB-BP-05)`);
  }
}

function player(sheet: Scoresheet, side: Side, state: ScoringState): ScoredPlayer {
  const p = sheet[side];
  const g = grandStrategy(p.grandStrategy);
  return {
    name: p.name,
    faction: p.faction ?? null,
    territory: state.territories[side],
    grandStrategy: { id: g.id, name: g.name, ruleId: g.ruleId, completed: p.grandStrategyCompleted ?? null },
    victoryPoints: state.victoryPoints[side],
    battleTacticsCompleted: state.battleTacticsCompleted[side],
  };
}

export function resultText(r: BattleResult, names: Record<Side, string>): string {
  if (r.outcome === "draw") return `Draw: ${r.reason} (${r.ruleId})`;
  const who = `${names[r.winner!]} (${r.winner})`;
  const kind = r.outcome === "major-victory" ? "Major victory" : "Minor victory";
  return `${kind} for ${who}: ${r.reason}; ${names[opponentOf(r.winner!)]} loses (${r.ruleId})`;
}
