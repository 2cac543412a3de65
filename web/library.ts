/** The warscrolls a game is played with: the bundled data plus those an imported list carried (a .ros's profiles). */
import { bundledLibrary, mergeLibraries, type Warscroll, type WarscrollLibrary } from "../src/aos/armies/index.js";

export function libraryWith(extra: readonly Warscroll[] = []): WarscrollLibrary {
  const bundled = bundledLibrary();
  return extra.length === 0 ? bundled : mergeLibraries(bundled.source, bundled, { source: "the list file", warscrolls: [...extra] });
}
