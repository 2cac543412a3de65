/** What the list importer takes from the army library (one import line for the parsers). */
import { parseOrThrow } from "../../core/errors.js";
import { type Roster, type RosterJson, rosterSchema } from "../armies/roster.js";

export { findWarscroll, suggestWarscrolls, type WarscrollLibrary } from "../armies/library.js";
export { findLore } from "../armies/manifestations.js";
export { grandStrategyIdOf } from "../armies/roster.js";
export { GRAND_STRATEGIES } from "../scoring/catalog.js";
export { hasKeyword, NAME_MAX, type Warscroll } from "../armies/warscroll.js";
export type { Roster, RosterJson };

export function parseOrThrowRoster(json: RosterJson, where: string): Roster {
  return parseOrThrow(rosterSchema, json, where);
}
