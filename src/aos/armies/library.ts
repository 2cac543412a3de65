/**
 * A set of warscrolls to build armies from: the bundled data, a BSData import, or both. Looking a unit up
 * by name is case-insensitive; a name several factions share resolves to the preferred faction's warscroll.
 */
import { InputError, parseOrThrow } from "../../core/errors.js";
import { editDistance } from "../../core/edit-distance.js";
import type { ManifestationLore } from "./manifestations.js";
import type { Roster } from "./roster.js";
import { factionFileSchema, type Warscroll, warscrollSchema } from "./warscroll.js";

export interface WarscrollLibrary {
  /** Where the warscrolls come from, for messages ("the bundled data", "BSData ../shared/data/bsdata-aos4"). */
  source: string;
  warscrolls: Warscroll[];
  /** Manifestation lores an army can pick (CORE-BANISH; manifestations.ts). Absent: none. */
  lores?: ManifestationLore[];
}

const NORMS = new Map<string, string>();
/** Case and spacing folded; remembered per string (a battle looks its units up in the whole library). */
const norm = (s: string) => {
  let n = NORMS.get(s);
  if (n === undefined) {
    if (NORMS.size >= 50_000) NORMS.clear();
    n = s.trim().toLowerCase().replace(/\s+/g, " ");
    NORMS.set(s, n);
  }
  return n;
};

export function findWarscroll(lib: WarscrollLibrary, name: string, preferFaction?: string): Warscroll | undefined {
  const want = norm(name);
  const hits = lib.warscrolls.filter((w) => norm(w.name) === want);
  if (hits.length <= 1 || preferFaction === undefined) return hits[0];
  return hits.find((w) => norm(w.faction) === norm(preferFaction)) ?? hits[0];
}

/** Up to 3 warscroll names close to `name` (a typo, or a name that is part of a longer one). */
export function suggestWarscrolls(lib: WarscrollLibrary, name: string): string[] {
  const want = norm(name);
  const scored = new Map<string, number>();
  for (const w of lib.warscrolls) {
    const n = norm(w.name);
    const d = n.includes(want) || (want.length >= 6 && want.includes(n)) ? 1 : Math.abs(want.length - n.length) > 3 ? 99 : editDistance(want, n);
    if (d <= 3 && (!scored.has(w.name) || scored.get(w.name)! > d)) scored.set(w.name, d);
  }
  return [...scored].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([n]) => n);
}

/** The warscroll named `name`, or an InputError naming the source and close names. */
export function requireWarscroll(lib: WarscrollLibrary, name: string, field: string): Warscroll {
  const w = findWarscroll(lib, name);
  if (w) return w;
  const close = suggestWarscrolls(lib, name);
  throw new InputError(`${field}: no warscroll "${name}" in ${lib.source}${close.length ? ` (did you mean ${close.map((c) => `"${c}"`).join(", ")}?)` : ""}`);
}

export function factionsOf(lib: WarscrollLibrary): string[] {
  return [...new Set(lib.warscrolls.map((w) => w.faction))].sort();
}

/** Parses a faction file (data/aos/warscrolls/*.json): each warscroll gets the file's faction. */
export function parseFactionFile(json: unknown, where: string): Warscroll[] {
  const file = parseOrThrow(factionFileSchema, json, where);
  return file.warscrolls.map((w, i) => parseOrThrow(warscrollSchema, { faction: file.faction, ...w }, `${where}: warscrolls[${i}]`));
}

/** Joins libraries; later ones add units, earlier ones win on a name both have for the same faction. */
export function mergeLibraries(source: string, ...libs: WarscrollLibrary[]): WarscrollLibrary {
  const seen = new Set<string>();
  const warscrolls: Warscroll[] = [];
  const lores: ManifestationLore[] = [];
  for (const lib of libs) {
    for (const w of lib.warscrolls) {
      const key = `${norm(w.faction)}|${norm(w.name)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      warscrolls.push(w);
    }
    for (const l of lib.lores ?? []) if (!lores.some((x) => norm(x.name) === norm(l.name))) lores.push(l);
  }
  return { source, warscrolls, lores };
}

/**
 * The warscrolls and lores the rosters name, as plain data (a saved set-up's library, or what crosses into the
 * matchup's workers): the CLI's lists, the dashboard's import and the campaign's battle odds all take it.
 */
export function playLibrary(rosters: readonly Roster[], library: WarscrollLibrary): { source: string; warscrolls: Warscroll[]; lores: ManifestationLore[] } {
  const warscrolls: Warscroll[] = [];
  for (const r of rosters)
    for (const u of r.units) {
      const w = findWarscroll(library, u.warscroll, r.faction);
      if (w && !warscrolls.includes(w)) warscrolls.push(w);
    }
  const lores = (library.lores ?? []).filter((l) => rosters.some((r) => r.manifestationLore !== undefined && r.manifestationLore.trim().toLowerCase() === l.name.trim().toLowerCase()));
  return { source: library.source, warscrolls, lores };
}
