/**
 * What one simulated battle returns, whichever engine played it (the TypeScript engine or the Wasm
 * kernel): the plain record `tactica matchup` aggregates over thousands of seeded battles.
 */

/** Where victory points come from (the matchup reports VP by source). */
export const VP_SOURCES = ["objectives", "tactics", "strategy", "realm"] as const;
export type VpSource = (typeof VP_SOURCES)[number];

/** The source of a VP line, from the rule behind it. */
export function vpSource(ruleId: string): VpSource {
  if (ruleId.startsWith("PB-BT-")) return "tactics";
  if (ruleId.startsWith("PB-GS-")) return "strategy";
  if (ruleId.startsWith("PB-REALM-")) return "realm";
  return "objectives"; // PB-BP-*: the battleplan's objectives, raids, destroyed objectives, predators
}

export interface RolloutResult {
  /** Player 0 is roster a, player 1 roster b. */
  winner: 0 | 1 | null;
  outcome: "major-victory" | "minor-victory" | "draw";
  victoryPoints: [number, number];
  /** VP scored in each battle round (index 0 = round 1), grand strategies counted in round 5. */
  vpByRound: [number[], number[]];
  vpBySource: [Record<VpSource, number>, Record<VpSource, number>];
  /** Battle tactics completed, by id. */
  tacticsCompleted: [string[], string[]];
  /** Battle tactics picked, by id (to rate each tactic's success rate). */
  tacticsPicked: [string[], string[]];
  grandStrategy: [{ id: string; completed: boolean }, { id: string; completed: boolean }];
  /** Which player was the attacker. */
  attacker: 0 | 1;
  rounds: number;
}
