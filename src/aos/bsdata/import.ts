/**
 * An index of BSData files (catalogue.ts) imported as warscrolls and manifestation lores in our schema — the
 * same for the CLI's folder (folder.ts) and the dashboard's picked files (web/bsdata/). No file system here.
 * `bsdataImportSchema` is what an import kept outside the process (the CLI's disk cache, the browser's
 * IndexedDB) must pass before it is used again.
 */
import { z } from "zod";
import { manifestationLoreSchema, type ManifestationLore } from "../armies/manifestations.js";
import { type Warscroll, warscrollSchema } from "../armies/warscroll.js";
import { type BsIndex, factionCatalogues, factionUnits, findFaction } from "./catalogue.js";
import { importLores, type LoreFailure } from "./manifestations.js";
import { type FactionImport, type ImportFailure, importFactionUnits, libraryIdTest } from "./warscrolls.js";

export interface BsdataImport {
  dir: string;
  factions: FactionImport[];
  /** Manifestation lores the factions offer (CORE-BANISH), and the spells or manifestations that could not be read. */
  lores: ManifestationLore[];
  loreFailures: LoreFailure[];
  /** Files that could not be read, with why. */
  fileErrors: { file: string; error: string }[];
}

const text = (max: number) => z.string().max(max);

/** A BsdataImport read back from storage: every warscroll and lore crosses its schema again. */
export const bsdataImportSchema = z.strictObject({
  dir: text(4096),
  factions: z
    .array(
      z.strictObject({
        faction: text(200),
        warscrolls: z.array(warscrollSchema).max(2000),
        failures: z.array(z.strictObject({ faction: text(200), unit: text(400), reason: text(2000) })).max(2000),
        skipped: z.array(text(400)).max(2000),
      }),
    )
    .max(400),
  lores: z.array(manifestationLoreSchema).max(400),
  loreFailures: z.array(z.unknown()).max(4000),
  fileErrors: z.array(z.strictObject({ file: text(400), error: text(2000) })).max(1000),
});

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

/** Every imported warscroll, one per name (a unit several catalogues offer appears once, from the first). */
export function allWarscrolls(imp: BsdataImport): Warscroll[] {
  const out = new Map<string, Warscroll>();
  for (const f of imp.factions) for (const w of f.warscrolls) if (!out.has(w.name.toLowerCase())) out.set(w.name.toLowerCase(), w);
  return [...out.values()];
}

export function allFailures(imp: BsdataImport): ImportFailure[] {
  return imp.factions.flatMap((f) => f.failures);
}
