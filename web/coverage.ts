/**
 * "N of this army's M abilities are not played" for the dashboard's views that play armies (Matchup, Play AoS,
 * Campaign), from src/aos/abilities/roster-coverage.ts as the CLI prints it, read against the library the
 * battles play with (the bundled data, or playLibraryOf with an imported list's warscrolls, whose abilities the
 * translator reads as the battle does).
 */
import { armyCoverageLine, rosterCoverage } from "../src/aos/abilities/roster-coverage.js";
import { bundledLibrary, type Roster, type Warscroll } from "../src/aos/armies/index.js";
import { playLibraryOf } from "./army-import.js";
import { h } from "./dom.js";

/** The line and each ability not played ("Warscroll/Ability: why"). */
export function abilityCoverage(r: Roster, rosters: Roster[], extra: readonly Warscroll[]): { line: string; notPlayed: string[] } {
  const c = rosterCoverage(r, extra.length ? playLibraryOf(rosters, extra) : bundledLibrary());
  return { line: armyCoverageLine(c, false), notPlayed: c.notPlayedWhy };
}

/** A coverage line with its list in a disclosure (the line alone when nothing is left out); every name is a text node (h), never markup. */
export function coverageDisclosure(c: { line: string; notPlayed: readonly string[] }): HTMLElement {
  if (c.notPlayed.length === 0) return h("div", { class: "mu-coverage" }, c.line);
  return h("details", { class: "mu-coverage" }, h("summary", {}, c.line), h("ul", {}, ...c.notPlayed.map((n) => h("li", {}, n))));
}

/** A roster's coverage line and list (coverageDisclosure). */
export function coverageNote(r: Roster, rosters: Roster[], extra: readonly Warscroll[]): HTMLElement {
  return coverageDisclosure(abilityCoverage(r, rosters, extra));
}

/** Both armies' notes, or nothing while either side's list cannot be played. */
export function coverageNotes(sides: readonly ({ ok: true; roster: Roster; extra: Warscroll[] } | { ok: false })[]): HTMLElement[] {
  if (!sides.every((s) => s.ok)) return [];
  const ok = sides as { ok: true; roster: Roster; extra: Warscroll[] }[];
  const rosters = ok.map((s) => s.roster);
  const extra = ok.flatMap((s) => s.extra);
  return rosters.map((r) => coverageNote(r, rosters, extra));
}
