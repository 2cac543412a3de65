/**
 * A BattleScribe data folder as an index: which files are catalogues, which catalogues are factions, and
 * what every id points to. BSData splits a faction in two: `<Faction>.cat` links units and sets their points
 * (`entryLink` + `cost name="pts"`), `<Faction> - Library.cat` holds the warscrolls themselves
 * (`sharedSelectionEntries`). Ids are resolved across every file of the folder, as New Recruit does.
 * Nothing here touches a file system: the CLI reads a folder with folder.ts, the dashboard reads the files
 * the user picks in a worker (web/bsdata/); both hand the texts to `indexBsdataFiles`.
 */
import { InputError } from "../../core/errors.js";
import { type XmlElement, child, items, parseXml, XML_LIMITS } from "./xml.js";

export const BSDATA_LIMITS = {
  /** The real AoS 4 folder has about 150 files and 27 MB. */
  maxFiles: 400,
  maxFileBytes: XML_LIMITS.maxBytes,
  maxTotalBytes: 120_000_000,
} as const;

export interface BsCatalogue {
  id: string;
  /** The catalogue's own name, without BSData's decorative prefixes ("۞ ", "✦ ", "þ "). */
  name: string;
  file: string;
  library: boolean;
  root: XmlElement;
}

export interface BsIndex {
  dir: string;
  gameSystem: XmlElement | undefined;
  catalogues: BsCatalogue[];
  /** Category (keyword) names by id, from the game system and every catalogue. */
  categories: Map<string, string>;
  /** Every element with an id that a link can target: entries, groups, profiles, rules. */
  byId: Map<string, XmlElement>;
  /** Files that could not be read or parsed, with why. The rest of the folder still loads. */
  fileErrors: { file: string; error: string }[];
}

const LINKABLE = new Set(["selectionEntry", "selectionEntryGroup", "profile", "rule", "categoryEntry"]);

/** BSData marks special catalogues with a symbol ("۞ Regiments of Renown", "✦ Path to Glory ..."). */
export function cleanCatalogueName(name: string): string {
  return name.replace(/^[^\p{L}\p{N}]+/u, "").trim();
}

function indexElement(el: XmlElement, byId: Map<string, XmlElement>, categories: Map<string, string>): void {
  const stack = [el];
  while (stack.length > 0) {
    const e = stack.pop()!;
    const id = e.attrs.id;
    if (id !== undefined && LINKABLE.has(e.name)) {
      // First definition wins: the same id is sometimes repeated in a catalogue that copies an entry.
      if (!byId.has(id)) byId.set(id, e);
      if (e.name === "categoryEntry" && e.attrs.name !== undefined && !categories.has(id)) categories.set(id, e.attrs.name);
    }
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
  }
}

/** Builds an index from already-read files (name → text). Used by the folder loader and by tests. */
export function indexBsdataFiles(files: { file: string; text: string }[], dir = "(memory)"): BsIndex {
  const byId = new Map<string, XmlElement>();
  const categories = new Map<string, string>();
  const catalogues: BsCatalogue[] = [];
  const fileErrors: { file: string; error: string }[] = [];
  let gameSystem: XmlElement | undefined;
  // The game system first, so its categories and shared entries win over copies in catalogues.
  const ordered = [...files].sort((a, b) => Number(b.file.endsWith(".gst")) - Number(a.file.endsWith(".gst")) || a.file.localeCompare(b.file));
  for (const { file, text } of ordered) {
    let root: XmlElement;
    try {
      root = parseXml(text, file);
    } catch (e) {
      fileErrors.push({ file, error: (e as Error).message });
      continue;
    }
    if (root.name === "gameSystem") {
      if (gameSystem) fileErrors.push({ file, error: "a second game system (.gst) in the folder; ignored" });
      else gameSystem = root;
    } else if (root.name === "catalogue") {
      if (!root.attrs.id || !root.attrs.name) {
        fileErrors.push({ file, error: "a <catalogue> without id or name" });
        continue;
      }
      catalogues.push({ id: root.attrs.id, name: cleanCatalogueName(root.attrs.name), file, library: root.attrs.library === "true", root });
    } else {
      fileErrors.push({ file, error: `root element <${root.name}> is neither <gameSystem> nor <catalogue>` });
      continue;
    }
    indexElement(root, byId, categories);
  }
  return { dir, gameSystem, catalogues, categories, byId, fileErrors };
}

/** Catalogues a user can pick as an army: every non-library catalogue. */
export function factionCatalogues(index: BsIndex): BsCatalogue[] {
  return index.catalogues.filter((c) => !c.library);
}

export function findFaction(index: BsIndex, name: string): BsCatalogue {
  const want = cleanCatalogueName(name).toLowerCase();
  const hit = factionCatalogues(index).find((c) => c.name.toLowerCase() === want);
  if (hit) return hit;
  const close = factionCatalogues(index)
    .filter((c) => c.name.toLowerCase().includes(want) || want.includes(c.name.toLowerCase()))
    .map((c) => `"${c.name}"`)
    .slice(0, 5);
  throw new InputError(
    `--faction: no faction "${name}" in ${index.dir}${close.length ? ` (did you mean ${close.join(", ")}?)` : " (tactica units --bsdata DIR lists them)"}`,
  );
}

/** A unit a faction catalogue offers: the library entry and the link that prices it. */
export interface BsUnitRef {
  entry: XmlElement;
  /** The faction's `entryLink` (points, reinforcement, regiment options); absent for a unit defined in place. */
  link: XmlElement | undefined;
  catalogue: BsCatalogue;
}

/** Resolves an `entryLink`/`infoLink` target. */
export function resolve(index: BsIndex, link: XmlElement): XmlElement | undefined {
  const id = link.attrs.targetId;
  return id === undefined ? undefined : index.byId.get(id);
}

/** The units a faction offers at its root: `entryLinks` to unit entries and unit entries defined in place. */
export function factionUnits(index: BsIndex, faction: BsCatalogue): BsUnitRef[] {
  const out: BsUnitRef[] = [];
  for (const link of items(faction.root, "entryLinks", "entryLink")) {
    if (link.attrs.type !== "selectionEntry") continue;
    const entry = resolve(index, link);
    if (entry?.name === "selectionEntry" && entry.attrs.type === "unit") out.push({ entry, link, catalogue: faction });
  }
  for (const container of ["selectionEntries", "sharedSelectionEntries"]) {
    for (const entry of items(faction.root, container, "selectionEntry")) {
      if (entry.attrs.type === "unit" && container === "selectionEntries") out.push({ entry, link: undefined, catalogue: faction });
    }
  }
  return out;
}

/** The points cost a link (or else the entry) sets; BSData's cost type for points has id "points". */
export function pointsOf(ref: BsUnitRef): number | undefined {
  for (const holder of [ref.link, ref.entry]) {
    const cost = items(holder, "costs", "cost").find((c) => c.attrs.typeId === "points" || c.attrs.name === "pts");
    if (cost?.attrs.value !== undefined) return Number(cost.attrs.value);
  }
  return undefined;
}

/** Category id by name (e.g. "Regimental Option"), from the game system. */
export function categoryIdByName(index: BsIndex, name: string): string | undefined {
  for (const c of items(index.gameSystem, "categoryEntries", "categoryEntry")) if (c.attrs.name === name) return c.attrs.id;
  for (const [id, n] of index.categories) if (n === name) return id;
  return undefined;
}

export { child, items };
