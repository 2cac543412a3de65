/**
 * From a parsed list to the roster every command reads, and the import report: each unit matched to a
 * warscroll (or a warning naming it and the nearest known names — never a silent drop), the points
 * reconciled (the declared total against the units' printed points plus priced formation, lore and terrain
 * lines), regiments, Regiments of Renown, the general, enhancements and the manifestation lore.
 */
import { findLore, findWarscroll, GRAND_STRATEGIES, grandStrategyIdOf, hasKeyword, NAME_MAX, parseOrThrowRoster, suggestWarscrolls, type Roster, type RosterJson, type Warscroll, type WarscrollLibrary } from "./deps.js";
import type { ListUnit, ParsedList } from "./types.js";

export interface ImportedUnit {
  name: string;
  /** The line's points; when its line has none it can read, the data's points for the unit (else null). */
  points: number | null;
  /** "list" (printed on its line), "data" (the line's could not be read: the warscroll's), null (none known). */
  pointsFrom: "list" | "data" | null;
  regiment: string | null;
  general: boolean;
  reinforced: boolean;
  enhancements: string[];
  /** The matched warscroll's name, or null when no data knows the unit. */
  warscroll: string | null;
}

export interface ImportReport {
  format: ParsedList["format"];
  name: string;
  faction: string | null;
  formation: string | null;
  pointsDeclared: number | null;
  pointsLimit: number | null;
  /** The units' printed points plus priced Regiments of Renown, formation, lore and terrain lines. */
  pointsCounted: number;
  /** Whether pointsCounted equals pointsDeclared (null: the list declares no total). */
  pointsReconcile: boolean | null;
  units: ImportedUnit[];
  regimentsOfRenown: { name: string; points: number | null; units: string[] }[];
  lores: { kind: string; name: string; points: number | null }[];
  factionTerrain: { name: string; points: number | null } | null;
  drops: number | null;
  /** The list's grand strategy when it is one of the 2021 pack's (in the roster too), else null. */
  grandStrategy: string | null;
  warnings: string[];
  /** Unit lines (New Recruit: selections, line null) whose points could not be read, each also a warning: exit 1. */
  unreadLines: { line: number | null; text: string; problem: string }[];
  /** Profiles the file carried (a .ros) for units no library knows: the roster needs them to be played. */
  warscrolls: Warscroll[];
  /** The roster (null when no unit of the list is known: there is nothing to play). */
  roster: Roster | null;
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['‘’`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A name lookup that forgives case, apostrophes, accents and punctuation ("Lord-Celestant" = "Lord Celestant"). */
export function warscrollMatcher(lib: WarscrollLibrary): (name: string, faction?: string | null) => Warscroll | undefined {
  const byFold = new Map<string, Warscroll[]>();
  for (const w of lib.warscrolls) {
    const k = fold(w.name);
    byFold.set(k, [...(byFold.get(k) ?? []), w]);
  }
  return (name, faction) => {
    const exact = findWarscroll(lib, name, faction ?? undefined);
    if (exact) return exact;
    const hits = byFold.get(fold(name)) ?? byFold.get(fold(name.replace(/\s*\((?:legends|scourge of ghyran|sog)\)\s*$/i, ""))) ?? [];
    if (hits.length <= 1 || !faction) return hits[0];
    return hits.find((w) => fold(w.faction) === fold(faction)) ?? hits[0];
  };
}

const ENHANCEMENT_TYPE = { "command trait": "command trait", artefact: "artefact", spell: "spell", prayer: "prayer", "heroic trait": "heroic trait", "mount trait": "mount trait", other: "other" } as const;

export function reconcile(list: ParsedList, library: WarscrollLibrary): ImportReport {
  const warnings = [...list.warnings];
  const match = warscrollMatcher(library);
  const faction = list.faction;
  const usedIds = new Map<string, number>();
  const rosterUnits: NonNullable<RosterJson["units"]> = [];
  const idOf = new Map<ListUnit, string>();
  const warscrollOf = new Map<ListUnit, Warscroll>();
  const ownProfiles: Warscroll[] = [];
  /** A unit whose line's points could not be read: the data's points for it. */
  const dataPoints = new Map<ListUnit, number>();
  const unreadLines: ImportReport["unreadLines"] = [];

  const place = (u: ListUnit, preferFaction: string | null) => {
    const w = match(u.name, preferFaction) ?? u.profile;
    if (u.unread) {
      // Said with its line; counted at the data's points (a reinforced unit's twice) when the data knows the unit.
      const { line, text, problem } = u.unread;
      unreadLines.push(u.unread);
      const data = w && w !== u.profile ? w.points * (u.reinforced && w.unitSize > 1 ? 2 : 1) + u.enhancements.reduce((s, e) => s + (e.points ?? 0), 0) : null;
      if (data !== null) dataPoints.set(u, data);
      warnings.push(`${line === null ? text.slice(0, 100) : `line ${line} "${text.slice(0, 80)}"`}: ${problem}; ${data !== null ? `${u.name} is counted at ${data} pts from ${library.source}` : `${u.name.slice(0, 80)} has no points known`}`);
    }
    if (!w) {
      const close = suggestWarscrolls(library, u.name);
      warnings.push(
        `unknown unit "${u.name.slice(0, 80)}" (${u.points ?? "no"} pts) is not in ${library.source}: left out of the roster${close.length ? `; nearest names: ${close.map((c) => `"${c}"`).join(", ")}` : "; no close name"}${u.profileError ? ` (its profile in the file cannot be read: ${u.profileError})` : ""}`,
      );
      return;
    }
    warscrollOf.set(u, w);
    if (w === u.profile && !ownProfiles.some((p) => p.name === w.name)) ownProfiles.push(w);
    const n = (usedIds.get(w.name.toLowerCase()) ?? 0) + 1;
    usedIds.set(w.name.toLowerCase(), n);
    const id = n === 1 ? w.name : `${w.name} ${n}`.slice(0, NAME_MAX);
    idOf.set(u, id);
    const entry: NonNullable<RosterJson["units"]>[number] = { warscroll: w.name, ...(n > 1 ? { id } : {}) };
    if (u.reinforced && w.unitSize > 1) entry.reinforced = 1;
    else if (u.reinforced) warnings.push(`${u.name} is marked Reinforced but its warscroll has ${w.unitSize} model: not reinforced`);
    else if (u.models !== undefined && w.unitSize > 1 && u.models === 2 * w.unitSize) entry.reinforced = 1;
    const notes = [...u.loadout, ...(u.legends ? ["Legends"] : [])].join("; ");
    if (notes) entry.notes = notes.slice(0, 4000);
    rosterUnits.push(entry);
    // The printed points against the data's (a list built with other points, or a different data version).
    if (u.points !== null && w !== u.profile) {
      const enh = u.enhancements.reduce((s, e) => s + (e.points ?? 0), 0);
      const data = w.points * (entry.reinforced === 1 ? 2 : 1);
      if (u.regiment === null || !list.regimentsOfRenown.some((r) => r.name === u.regiment))
        if (data + enh !== u.points && data !== u.points) warnings.push(`${u.name}: the list prints ${u.points} pts, ${library.source} has ${data}${enh ? ` (+${enh} for enhancements)` : ""}`);
    }
    if (u.legends) warnings.push(`${u.name} is a Legends unit`);
  };
  for (const u of list.units) place(u, faction);
  for (const r of list.regimentsOfRenown) for (const u of r.units) place(u, null);

  // The general: the unit marked General; else the first unit of the General's Regiment.
  const marked = [...list.units, ...list.regimentsOfRenown.flatMap((r) => r.units)].filter((u) => u.general && idOf.has(u));
  if (marked.length > 1) warnings.push(`${marked.length} units are marked General (${marked.map((u) => u.name).join(", ")}): the first is the general`);
  let general = marked[0];
  if (!general) {
    general = list.units.find((u) => u.regiment === "General's Regiment" && idOf.has(u)) ?? list.units.find((u) => idOf.has(u) && hasKeyword(warscrollOf.get(u)!, "HERO")) ?? list.units.find((u) => idOf.has(u));
    if (general) warnings.push(`no unit is marked General: ${general.name} is taken as the general`);
  }

  // Regiments in the order the list gives them, the General's Regiment first; the leader is its first HERO.
  const regimentNames = [...new Set(list.units.map((u) => u.regiment).filter((r): r is string => r !== null && r !== "Auxiliary"))];
  regimentNames.sort((a, b) => (a === "General's Regiment" ? -1 : b === "General's Regiment" ? 1 : 0));
  const regiments = regimentNames.flatMap((name) => {
    const members = list.units.filter((u) => u.regiment === name && idOf.has(u));
    if (members.length === 0) return [];
    const leader = members.find((u) => hasKeyword(warscrollOf.get(u)!, "HERO")) ?? members[0]!;
    return [{ leader: idOf.get(leader)!, units: members.filter((u) => u !== leader).map((u) => idOf.get(u)!) }];
  });
  const auxiliary = list.units.filter((u) => u.regiment === "Auxiliary");
  if (auxiliary.length > 0)
    warnings.push(`auxiliary units (${auxiliary.map((u) => u.name).join(", ")}): the validator has no auxiliary rule, so AOS4-REGIMENTS reports them as units in no regiment`);

  const enhancements = [...list.units, ...list.regimentsOfRenown.flatMap((r) => r.units)].flatMap((u) =>
    idOf.has(u) ? u.enhancements.map((e) => ({ type: ENHANCEMENT_TYPE[e.kind], name: e.name.slice(0, NAME_MAX), unit: idOf.get(u)! })) : [],
  );

  const manifestation = list.lores.find((l) => l.kind === "manifestation");
  const lore = manifestation ? findLore(library.lores ?? [], manifestation.name) : undefined;
  if (manifestation && !lore) warnings.push(`manifestation lore "${manifestation.name}" is not in ${library.source}: kept in the notes, not played`);

  const pointsOf = (u: ListUnit) => u.points ?? dataPoints.get(u) ?? 0;
  const pointsCounted =
    list.units.reduce((s, u) => s + pointsOf(u), 0) +
    list.regimentsOfRenown.reduce((s, r) => s + (r.points ?? r.units.reduce((t, u) => t + pointsOf(u), 0)), 0) +
    (list.formationPoints ?? 0) +
    list.lores.reduce((s, l) => s + (l.points ?? 0), 0) +
    (list.factionTerrain?.points ?? 0);
  const pointsReconcile = list.pointsDeclared === null ? null : pointsCounted === list.pointsDeclared;
  if (pointsReconcile === false)
    warnings.push(`the points do not reconcile: the list declares ${list.pointsDeclared}, its lines add up to ${pointsCounted} (${pointsCounted > list.pointsDeclared! ? "+" : ""}${pointsCounted - list.pointsDeclared!})`);

  const rosterFaction = faction ?? mostCommonFaction([...warscrollOf.values()]);
  if (!faction && rosterFaction) warnings.push(`the list names no faction: ${rosterFaction} (most of its units) is taken`);
  const name = (list.name ?? "").slice(0, NAME_MAX).trim() || `Imported ${rosterFaction ?? "army"} list`;
  const pointsLimit = list.pointsLimit ?? Math.max(1000, Math.ceil(pointsCounted / 500) * 500);
  const notes = [
    `Imported from ${list.format}.`,
    list.formation ? `Battle formation: ${list.formation}${list.formationPoints ? ` (${list.formationPoints} pts)` : ""}.` : "",
    ...list.lores.filter((l) => l !== manifestation || !lore).map((l) => `${l.kind[0]!.toUpperCase()}${l.kind.slice(1)} lore: ${l.name}${l.points ? ` (${l.points} pts)` : ""}.`),
    list.factionTerrain ? `Faction terrain: ${list.factionTerrain.name}${list.factionTerrain.points ? ` (${list.factionTerrain.points} pts)` : ""}.` : "",
    list.drops !== null ? `Drops: ${list.drops}.` : "",
    ...list.notes.map((n) => (/[.!?]$/.test(n) ? n : `${n}.`)),
  ].filter(Boolean);

  // PB-GS-PICK: a 2021 list's grand strategy, when it is one of the pack's; else said (the roster then has none).
  const gsId = list.grandStrategy === null ? undefined : grandStrategyIdOf(list.grandStrategy);
  const grandStrategy = gsId === undefined ? undefined : GRAND_STRATEGIES.find((g) => g.id === gsId)!.name;
  if (list.grandStrategy !== null && grandStrategy === undefined)
    warnings.push(`grand strategy "${list.grandStrategy.slice(0, 60)}" is not one of the Pitched Battles 2021 pack's (${GRAND_STRATEGIES.map((g) => g.name).join(", ")}): left out of the roster`);

  let roster: Roster | null = null;
  if (rosterUnits.length > 0 && general && rosterFaction) {
    const json: RosterJson = {
      name,
      faction: rosterFaction,
      // A list in regiments is a 4th-edition list; one grouped by battlefield role (Listbot, Sigdex of 2021) is not.
      mode: regiments.length > 0 || list.regimentsOfRenown.length > 0 ? "regiments-4th" : "pitched-battles-2021",
      pointsLimit,
      ...(grandStrategy ? { grandStrategy } : {}),
      general: idOf.get(general)!,
      units: rosterUnits,
      enhancements: enhancements.slice(0, 40),
      regiments,
      regimentsOfRenown: list.regimentsOfRenown
        .filter((r) => r.units.some((u) => idOf.has(u)))
        .map((r) => ({ name: r.name.slice(0, NAME_MAX), points: r.points ?? 0, units: r.units.filter((u) => idOf.has(u)).map((u) => idOf.get(u)!) })),
      ...(lore ? { manifestationLore: lore.name } : {}),
      notes: notes.join(" ").slice(0, 4000),
    };
    roster = parseOrThrowRoster(json, "imported roster");
  } else warnings.push("no unit of the list is known: no roster");

  return {
    format: list.format,
    name,
    faction: rosterFaction,
    formation: list.formation,
    pointsDeclared: list.pointsDeclared,
    pointsLimit: list.pointsLimit,
    pointsCounted,
    pointsReconcile,
    units: list.units.map((u) => unitReport(u, warscrollOf, dataPoints)),
    regimentsOfRenown: list.regimentsOfRenown.map((r) => ({ name: r.name, points: r.points, units: r.units.map((u) => u.name) })),
    lores: list.lores,
    factionTerrain: list.factionTerrain,
    drops: list.drops,
    grandStrategy: grandStrategy ?? null,
    warnings,
    unreadLines,
    warscrolls: ownProfiles,
    roster,
  };
}

function unitReport(u: ListUnit, warscrollOf: Map<ListUnit, Warscroll>, dataPoints: Map<ListUnit, number>): ImportedUnit {
  const data = dataPoints.get(u);
  return {
    name: u.name,
    points: u.points ?? data ?? null,
    pointsFrom: u.points !== null ? "list" : data !== undefined ? "data" : null,
    regiment: u.regiment,
    general: u.general,
    reinforced: u.reinforced,
    enhancements: u.enhancements.map((e) => e.name),
    warscroll: warscrollOf.get(u)?.name ?? null,
  };
}

function mostCommonFaction(ws: Warscroll[]): string | null {
  const n = new Map<string, number>();
  for (const w of ws) n.set(w.faction, (n.get(w.faction) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
