/**
 * "N of this army's M abilities are not played": the coverage line every result that depends on abilities
 * prints (`tactica matchup`, `battle`, `odds`), and its JSON form. `tactica units --coverage` lists them.
 */
import { type Coverage, coverageOf } from "../aos/abilities/index.js";
import { libraryVocabulary } from "../aos/abilities/imported.js";
import { bundledLibrary, findWarscroll, type WarscrollLibrary } from "../aos/armies/index.js";
import type { Roster } from "../aos/armies/roster.js";

export interface ArmyCoverage {
  army: string;
  abilities: number;
  notPlayed: number;
  /** "Warscroll/Ability" of each ability not played. */
  notPlayedList: string[];
}

/** The coverage of a roster's warscrolls (each warscroll once) in `library` (default: the bundled one). */
export function rosterCoverage(roster: Roster, library: WarscrollLibrary | undefined): ArmyCoverage {
  const lib = library ?? bundledLibrary();
  const units = roster.units.flatMap((u) => {
    const w = findWarscroll(lib, u.warscroll, roster.faction) ?? findWarscroll(bundledLibrary(), u.warscroll, roster.faction);
    return w ? [{ warscroll: w.name, abilityNames: w.abilities.map((a) => a.name), abilities: w.abilities, battleDamaged: w.battleDamaged !== undefined }] : [];
  });
  // The translator reads an imported warscroll with the library's keywords, as the battle does (create.ts).
  const c: Coverage = coverageOf(units, libraryVocabulary(lib));
  return { army: roster.name, abilities: c.total, notPlayed: c.notPlayed.length, notPlayedList: c.notPlayed.map((e) => `${e.warscroll}/${e.ability}`) };
}

export function coverageLines(cs: readonly ArmyCoverage[]): string[] {
  return cs.map((c) => `${c.army}: ${c.notPlayed} of this army's ${c.abilities} abilities are not played (tactica units --coverage lists them)`);
}
