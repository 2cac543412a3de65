/**
 * An army's ability coverage: how many of its warscrolls' abilities the engines play, read against the
 * library the battle plays with (the bundled data, or one with imported warscrolls, whose abilities the
 * translator reads with that library's keywords, as the battle does: create.ts). The one source of the
 * "N of this army's M abilities are not played" line of `tactica matchup`, `battle` and the dashboard.
 */
import { bundledLibrary, findWarscroll, type WarscrollLibrary } from "../armies/index.js";
import type { Roster } from "../armies/roster.js";
import { coverageOf, coverageSentence } from "./index.js";
import { libraryVocabulary } from "./imported.js";

export interface ArmyCoverage {
  army: string;
  abilities: number;
  notPlayed: number;
  /** "Warscroll/Ability" of each ability not played. */
  notPlayedList: string[];
  /** "Warscroll/Ability: why" of each. */
  notPlayedWhy: string[];
}

/** The coverage of a roster's warscrolls (each warscroll once) in `library` (default: the bundled one). */
export function rosterCoverage(roster: Roster, library: WarscrollLibrary | undefined): ArmyCoverage {
  const lib = library ?? bundledLibrary();
  const units = roster.units.flatMap((u) => {
    const w = findWarscroll(lib, u.warscroll, roster.faction) ?? findWarscroll(bundledLibrary(), u.warscroll, roster.faction);
    return w ? [{ warscroll: w.name, abilityNames: w.abilities.map((a) => a.name), abilities: w.abilities, battleDamaged: w.battleDamaged !== undefined }] : [];
  });
  const c = coverageOf(units, libraryVocabulary(lib));
  return {
    army: roster.name,
    abilities: c.total,
    notPlayed: c.notPlayed.length,
    notPlayedList: c.notPlayed.map((e) => `${e.warscroll}/${e.ability}`),
    notPlayedWhy: c.notPlayed.map((e) => `${e.warscroll}/${e.ability}: ${e.note}`),
  };
}

/** "Army: N of this army's M abilities are not played", or "Army: all M of this army's abilities are played";
 * `hint` adds the command that lists them (the CLI's; the dashboard lists them in a disclosure). */
export function armyCoverageLine(c: ArmyCoverage, hint: boolean): string {
  return `${c.army}: ${coverageSentence(c.notPlayed, c.abilities, "army", hint)}`;
}
