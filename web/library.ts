/**
 * The warscrolls a game is played with: the bundled data, the BSData factions loaded in this browser
 * (web/bsdata/store.ts; the bundled copy wins for a unit both have, as `tactica import --bsdata`), plus those
 * an imported list carried (a .ros's profiles).
 */
import { bundledLibrary, findWarscroll, mergeLibraries, type Warscroll, type WarscrollLibrary } from "../src/aos/armies/index.js";
import { withBsdata } from "./bsdata/store.js";

export function libraryWith(extra: readonly Warscroll[] = []): WarscrollLibrary {
  const base = withBsdata(bundledLibrary(), "bundled");
  return extra.length === 0 ? base : mergeLibraries(base.source, base, { source: "the list file", warscrolls: [...extra] });
}

/** The warscrolls a roster names that the bundled data does not hold (from BSData or the list), to play it elsewhere. */
export function unbundledOf(roster: { faction: string; units: { warscroll: string }[] }, library: WarscrollLibrary): Warscroll[] {
  const bundled = new Set(bundledLibrary().warscrolls);
  const out: Warscroll[] = [];
  for (const u of roster.units) {
    const w = findWarscroll(library, u.warscroll, roster.faction);
    if (w && !bundled.has(w) && !out.includes(w)) out.push(w);
  }
  return out;
}
