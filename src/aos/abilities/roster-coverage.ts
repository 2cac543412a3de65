/**
 * An army's ability coverage: how many of its warscrolls' abilities the engines play, read against the
 * library the battle plays with (the bundled data, or one with imported warscrolls, whose abilities the
 * translator reads with that library's keywords, as the battle does: create.ts). The one source of the
 * "N of this army's M abilities are not played" line of every output that depends on abilities (the CLI's
 * battle, matchup, matrix, coach, review, arena and campaign; the dashboard's views: docs/abilities.md).
 */
import { bundledLibrary, findWarscroll, type WarscrollLibrary } from "../armies/index.js";
import type { Roster } from "../armies/roster.js";
import type { BattleData } from "../battle/state.js";
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
  /**
   * Where they are listed: `tactica units --coverage` (the bundled warscrolls), or, for an army with imported
   * warscrolls (from a BSData folder or the list file itself, which the report may not have), the command's own --json.
   */
  listedBy: string;
}

/** The coverage of an army fielding these warscrolls (each counted once), looked up in `lib` (then the bundled data). */
function armyCoverage(army: string, fielded: readonly { warscroll: string; faction?: string }[], lib: WarscrollLibrary): ArmyCoverage {
  const bundled = bundledLibrary();
  const found = fielded.flatMap((u) => {
    const w = findWarscroll(lib, u.warscroll, u.faction) ?? findWarscroll(bundled, u.warscroll, u.faction);
    return w ? [w] : [];
  });
  const units = found.map((w) => ({ warscroll: w.name, abilityNames: w.abilities.map((a) => a.name), abilities: w.abilities, battleDamaged: w.battleDamaged !== undefined }));
  const c = coverageOf(units, libraryVocabulary(lib));
  // Imported: a warscroll the bundled data does not have (a library read from a file holds copies of the bundled ones).
  const imported = found.some((w) => !bundled.warscrolls.some((b) => b.name === w.name && b.faction === w.faction));
  return {
    army,
    abilities: c.total,
    notPlayed: c.notPlayed.length,
    notPlayedList: c.notPlayed.map((e) => `${e.warscroll}/${e.ability}`),
    notPlayedWhy: c.notPlayed.map((e) => `${e.warscroll}/${e.ability}: ${e.note}`),
    listedBy: imported ? "this command's --json" : "tactica units --coverage",
  };
}

/** The coverage of a roster's warscrolls (each warscroll once) in `library` (default: the bundled one). */
export function rosterCoverage(roster: Roster, library: WarscrollLibrary | undefined): ArmyCoverage {
  return armyCoverage(roster.name, roster.units.map((u) => ({ warscroll: u.warscroll, faction: roster.faction })), library ?? bundledLibrary());
}

/**
 * The coverage of both armies of a battle as it stands (a position entered by hand has no rosters): the
 * warscrolls its units were fielded from, manifestations aside (no roster lists them), in `library` (default:
 * the bundled one; a position's or saved game's own library when it has one).
 */
export function battleCoverage(d: Pick<BattleData, "armies" | "profiles">, library: WarscrollLibrary | undefined): [ArmyCoverage, ArmyCoverage] {
  const lib = library ?? bundledLibrary();
  // A warscroll name two factions share is told apart by the unit's faction keyword.
  const factions = new Map([...bundledLibrary().warscrolls, ...lib.warscrolls].map((w) => [w.faction.toUpperCase(), w.faction]));
  const side = (p: number) =>
    armyCoverage(
      d.armies[p]!,
      d.profiles
        .filter((u) => u.owner === p && !u.keywords.includes("MANIFESTATION"))
        .map((u) => {
          const faction = factions.get(u.keywords.find((k) => factions.has(k.toUpperCase()))?.toUpperCase() ?? "");
          return faction === undefined ? { warscroll: u.warscroll } : { warscroll: u.warscroll, faction };
        }),
      lib,
    );
  return [side(0), side(1)];
}

/** "Army: N of this army's M abilities are not played", or "Army: all M of this army's abilities are played";
 * `hint` adds the command that lists them (the CLI's; the dashboard lists them in a disclosure, and a matrix file
 * written before `listedBy` existed has none: then `tactica units --coverage`). */
export function armyCoverageLine(c: Pick<ArmyCoverage, "army" | "abilities" | "notPlayed"> & { listedBy?: string }, hint: boolean): string {
  return `${c.army}: ${coverageSentence(c.notPlayed, c.abilities, "army", hint && (c.listedBy ?? true))}`;
}
