/**
 * The coverage lines every result that depends on abilities prints (`tactica matchup`, `battle`, `matrix`,
 * `coach`, `review`, `arena`, `campaign`; `odds` has its two warscrolls' form), from
 * src/aos/abilities/roster-coverage.ts, which the dashboard shares. `tactica units --coverage` lists the
 * abilities not played.
 */
import { type ArmyCoverage, armyCoverageLine, rosterCoverage } from "../aos/abilities/roster-coverage.js";
import { everyUnitOf } from "../campaign/armies.js";
import type { CampaignConfig } from "../campaign/state.js";

export { type ArmyCoverage, rosterCoverage } from "../aos/abilities/roster-coverage.js";
export { gameCoverage } from "../saves/coverage.js";

/** The lines that end a result's text: a blank line, then one per army; nothing when no army has warscroll abilities (MESBG). */
export function coverageBlock(cs: readonly ArmyCoverage[]): string[] {
  return cs.length === 0 ? [] : ["", ...cs.map((c) => armyCoverageLine(c, true))];
}

/** A campaign's armies: each realm's roster with its reinforcements' and Generals' warscrolls counted too. */
export function campaignCoverage(config: Pick<CampaignConfig, "armies" | "library">): ArmyCoverage[] {
  return config.armies.map((a) => rosterCoverage({ ...everyUnitOf(a), name: a.name }, config.library));
}
