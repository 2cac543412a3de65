/**
 * "N of this army's M abilities are not played" for the dashboard's views that play armies (Matchup, Play AoS,
 * Campaign), from src/aos/abilities/roster-coverage.ts as the CLI prints it, read against the library the
 * battles play with (the bundled data, or playLibraryOf with an imported list's warscrolls, whose abilities the
 * translator reads as the battle does).
 */
import { type ArmyCoverage, armyCoverageLine, rosterCoverage } from "../src/aos/abilities/roster-coverage.js";
import { bundledLibrary, type Roster, type Warscroll } from "../src/aos/armies/index.js";
import { playLibraryOf } from "./army-import.js";
import { h } from "./dom.js";

/** An army's coverage as the views show it: the line, and each ability not played with why (absent in a matrix file from before). */
export type ShownCoverage = Pick<ArmyCoverage, "army" | "abilities" | "notPlayed"> & { notPlayedWhy?: readonly string[] };

/** An army's coverage line with its list in a disclosure (the line alone when nothing is listed); every name is a text node (h), never markup. */
export function coverageDisclosure(c: ShownCoverage): HTMLElement {
  const line = armyCoverageLine(c, false);
  const listed = c.notPlayedWhy ?? [];
  if (listed.length === 0) return h("div", { class: "mu-coverage" }, line);
  return h("details", { class: "mu-coverage" }, h("summary", {}, line), h("ul", {}, ...listed.map((n) => h("li", {}, n))));
}

/** A roster's coverage line and list (coverageDisclosure), against the library its battles play with. */
export function coverageNote(r: Roster, rosters: Roster[], extra: readonly Warscroll[]): HTMLElement {
  return coverageDisclosure(rosterCoverage(r, extra.length ? playLibraryOf(rosters, extra) : bundledLibrary()));
}

/** Both armies' notes, or nothing while either side's list cannot be played. */
export function coverageNotes(sides: readonly ({ ok: true; roster: Roster; extra: Warscroll[] } | { ok: false })[]): HTMLElement[] {
  if (!sides.every((s) => s.ok)) return [];
  const ok = sides as { ok: true; roster: Roster; extra: Warscroll[] }[];
  const rosters = ok.map((s) => s.roster);
  const extra = ok.flatMap((s) => s.extra);
  return rosters.map((r) => coverageNote(r, rosters, extra));
}
