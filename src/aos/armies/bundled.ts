/**
 * The bundled example data: warscrolls typed by hand for five factions and example rosters. Imported as JSON
 * modules so it works in Node, in workers and in the browser alike; every file still crosses its schema.
 */
import fec from "../../../data/aos/warscrolls/flesh-eater-courts.json" with { type: "json" };
import nh from "../../../data/aos/warscrolls/nighthaunt.json" with { type: "json" };
import obr from "../../../data/aos/warscrolls/ossiarch-bonereapers.json" with { type: "json" };
import sob from "../../../data/aos/warscrolls/sons-of-behemat.json" with { type: "json" };
import sce from "../../../data/aos/warscrolls/stormcast-eternals.json" with { type: "json" };
import rFec2000 from "../../../data/aos/rosters/flesh-eater-courts-2000-regiments.json" with { type: "json" };
import rNh2000 from "../../../data/aos/rosters/nighthaunt-2000.json" with { type: "json" };
import rObr1000 from "../../../data/aos/rosters/ossiarch-bonereapers-1000.json" with { type: "json" };
import rSob2000 from "../../../data/aos/rosters/sons-of-behemat-2000.json" with { type: "json" };
import rSce1000 from "../../../data/aos/rosters/stormcast-eternals-1000.json" with { type: "json" };
import rSce1000r from "../../../data/aos/rosters/stormcast-eternals-1000-regiments.json" with { type: "json" };
import lores from "../../../data/aos/lores/manifestation-lores.json" with { type: "json" };
import { parseOrThrow } from "../../core/errors.js";
import { parseFactionFile, type WarscrollLibrary } from "./library.js";
import { type ManifestationLore, parseLoreFile } from "./manifestations.js";
import { type Roster, rosterSchema } from "./roster.js";

const FACTION_FILES: [string, unknown][] = [
  ["ossiarch-bonereapers.json", obr],
  ["stormcast-eternals.json", sce],
  ["sons-of-behemat.json", sob],
  ["nighthaunt.json", nh],
  ["flesh-eater-courts.json", fec],
];

const ROSTER_FILES: [string, unknown][] = [
  ["ossiarch-bonereapers-1000.json", rObr1000],
  ["stormcast-eternals-1000.json", rSce1000],
  ["sons-of-behemat-2000.json", rSob2000],
  ["nighthaunt-2000.json", rNh2000],
  ["flesh-eater-courts-2000-regiments.json", rFec2000],
  ["stormcast-eternals-1000-regiments.json", rSce1000r],
];

let library: WarscrollLibrary | undefined;

/** Every bundled warscroll (parsed once). */
export function bundledLibrary(): WarscrollLibrary {
  library ??= {
    source: "the bundled data",
    warscrolls: FACTION_FILES.flatMap(([file, json]) => parseFactionFile(json, `data/aos/warscrolls/${file}`)),
    lores: bundledLores(),
  };
  return library;
}

let loreList: ManifestationLore[] | undefined;

/** The bundled manifestation lores (data/aos/lores/manifestation-lores.json, parsed once). */
export function bundledLores(): ManifestationLore[] {
  loreList ??= parseLoreFile(lores, "data/aos/lores/manifestation-lores.json");
  return loreList;
}

export interface BundledRoster {
  file: string;
  roster: Roster;
}

export function bundledRosters(): BundledRoster[] {
  return ROSTER_FILES.map(([file, json]) => ({ file: `data/aos/rosters/${file}`, roster: parseOrThrow(rosterSchema, json, `data/aos/rosters/${file}`) }));
}
