/**
 * PB-RESULT: a major victory for the player with the most victory points (or, on Marking Territory, only by
 * controlling every objective from round 3, PB-BP-01). Otherwise the player who completed the most battle
 * tactics wins a minor victory; if those are equal too, the only player who completed their grand strategy
 * wins a minor victory; else the battle is a draw.
 */
import type { Side } from "./facts.js";

export interface ResultInput {
  /** False on a plan without victory points (Marking Territory): VP do not decide the battle. */
  victoryPointsDecide: boolean;
  victoryPoints: Record<Side, number>;
  battleTacticsCompleted: Record<Side, number>;
  grandStrategyCompleted: Record<Side, boolean>;
  /** PB-BP-01: the player who won by controlling every objective, if any. */
  gloriousVictory?: Side | null;
}

export interface BattleResult {
  outcome: "major-victory" | "minor-victory" | "draw";
  winner: Side | null;
  ruleId: string;
  /** Why, in words, with the numbers that decided it. */
  reason: string;
}

export function battleResult(r: ResultInput): BattleResult {
  const { attacker: a, defender: d } = r.victoryPoints;
  if (r.gloriousVictory) {
    return { outcome: "major-victory", winner: r.gloriousVictory, ruleId: "PB-BP-01", reason: "controlled all of the objectives on the battlefield from the third battle round on" };
  }
  if (r.victoryPointsDecide && a !== d) {
    return { outcome: "major-victory", winner: a > d ? "attacker" : "defender", ruleId: "PB-RESULT", reason: `most victory points (${Math.max(a, d)} to ${Math.min(a, d)})` };
  }
  const tied = r.victoryPointsDecide ? `victory points tied at ${a}; ` : "";
  const t = r.battleTacticsCompleted;
  if (t.attacker !== t.defender) {
    return {
      outcome: "minor-victory",
      winner: t.attacker > t.defender ? "attacker" : "defender",
      ruleId: "PB-RESULT",
      reason: `${tied}most battle tactics completed (${Math.max(t.attacker, t.defender)} to ${Math.min(t.attacker, t.defender)})`,
    };
  }
  const g = r.grandStrategyCompleted;
  if (g.attacker !== g.defender) {
    return {
      outcome: "minor-victory",
      winner: g.attacker ? "attacker" : "defender",
      ruleId: "PB-RESULT",
      reason: `${tied}battle tactics tied at ${t.attacker}; the only player to complete their grand strategy`,
    };
  }
  return {
    outcome: "draw",
    winner: null,
    ruleId: "PB-RESULT",
    reason: `${tied}battle tactics tied at ${t.attacker}; ${g.attacker ? "both" : "neither"} completed their grand strategy`,
  };
}
