/**
 * Importing a BSData Age of Sigmar 4 folder (BattleScribe .gst/.cat XML) as warscrolls in our schema, so a
 * user can load every unit in the game. The data is read from the user's folder at run time; nothing of it
 * is bundled.
 */
import { InputError } from "../../core/errors.js";
import type { Warscroll } from "../armies/warscroll.js";
import { type BsIndex, factionCatalogues, factionUnits, findFaction, loadBsdataFolder } from "./catalogue.js";
import { type FactionImport, type ImportFailure, importFactionUnits, libraryIdTest } from "./warscrolls.js";
import { importLores, type LoreFailure } from "./manifestations.js";
import type { ManifestationLore } from "../armies/manifestations.js";

export type { BsIndex, BsCatalogue } from "./catalogue.js";
export { indexBsdataFiles, loadBsdataFolder, factionCatalogues, findFaction, cleanCatalogueName } from "./catalogue.js";
export type { FactionImport, ImportFailure } from "./warscrolls.js";
export { importLores, parseSetUp, type LoreFailure, type LoreImport } from "./manifestations.js";
export { cleanText, splitAbilities } from "./warscrolls.js";
export { parseXml, XmlError, XML_LIMITS } from "./xml.js";

export interface BsdataImport {
  dir: string;
  factions: FactionImport[];
  /** Manifestation lores the factions offer (CORE-BANISH), and the spells or manifestations that could not be read. */
  lores: ManifestationLore[];
  loreFailures: LoreFailure[];
  /** Files that could not be read, with why. */
  fileErrors: { file: string; error: string }[];
}

/** Imports the units of one faction (by name) or of every faction in an index. */
export function importFromIndex(index: BsIndex, faction?: string): BsdataImport {
  const libraryIds = libraryIdTest(index);
  // A faction before its armies of renown ("Ossiarch Bonereapers" before "Ossiarch Bonereapers - The Null
  // Myriad"), so a unit name several catalogues share resolves to the faction's own warscroll first.
  const order = (name: string) => [name.split(" - ")[0]!, name.includes(" - ") ? "1" : "0", name].join("\u0000");
  const cats = faction !== undefined ? [findFaction(index, faction)] : [...factionCatalogues(index)].sort((a, b) => order(a.name).localeCompare(order(b.name)));
  const factions = cats
    .map((c) => importFactionUnits(index, c, factionUnits(index, c), libraryIds))
    .filter((f) => faction !== undefined || f.warscrolls.length + f.failures.length > 0);
  const lores = importLores(index);
  return { dir: index.dir, factions, lores: lores.lores, loreFailures: lores.failures, fileErrors: index.fileErrors };
}

export async function importBsdata(dir: string, faction?: string): Promise<BsdataImport> {
  const index = await loadBsdataFolder(dir);
  if (!index.gameSystem && index.catalogues.length === 0)
    throw new InputError(`--bsdata ${dir}: no readable catalogue (${index.fileErrors[0]?.error ?? "no files"})`);
  return importFromIndex(index, faction);
}

/** Every imported warscroll, one per name (a unit several catalogues offer appears once, from the first). */
export function allWarscrolls(imp: BsdataImport): Warscroll[] {
  const out = new Map<string, Warscroll>();
  for (const f of imp.factions) for (const w of f.warscrolls) if (!out.has(w.name.toLowerCase())) out.set(w.name.toLowerCase(), w);
  return [...out.values()];
}

export function allFailures(imp: BsdataImport): ImportFailure[] {
  return imp.factions.flatMap((f) => f.failures);
}
