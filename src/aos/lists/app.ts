/**
 * The Warhammer Age of Sigmar app's export text, in both layouts it has had:
 *
 * - dashed: `-----` between blocks, the army in one line `Grand Alliance Order | Seraphon | Sunclaw Starhost`;
 * - plain: the faction and the battle formation each on a line of its own, blocks separated by blank lines.
 *
 * Both: a first line (or lines) with the list's name and `1990/2000 pts`; `Spell Lore - X`, `Prayer Lore - X`,
 * `Manifestation Lore - X` (sometimes priced), `Drops: N`, the General's Handbook; then `General's Regiment`,
 * `Regiment N`, `Auxiliary Units`, `Regiment of Renown` (a priced bundle, then its members), `Faction Terrain`;
 * unit lines `Name (points)` and bullets under them (`•`, `*`, `-`): General, Reinforced, enhancements, weapon
 * loadouts, Legends; and the app's footer, which is skipped.
 */
import { matchFaction, matchGrandAlliance } from "./factions.js";
import {
  addNote, applyBullet, BULLET, countPrefix, dropsLine, FOOTER, legendsSuffix, loreLine, NO_POINTS, normaliseText, SEPARATOR, splitPrice, totalLine, unitLine,
} from "./text.js";
import { emptyList, type ListUnit, newUnit, type ParsedList, type RegimentOfRenownList } from "./types.js";

type Section =
  | { kind: "regiment"; name: string }
  | { kind: "auxiliary" }
  | { kind: "renown"; ror: RegimentOfRenownList | null }
  | { kind: "terrain" }
  | { kind: "other"; name: string };

/** A line that opens a block of units; null when it is not one. */
export function sectionHeader(line: string): Section | null {
  const t = line.trim().replace(/:$/, "");
  if (/^general'?s regiment$/i.test(t)) return { kind: "regiment", name: "General's Regiment" };
  const reg = /^regiment\s*(\d{1,2})$/i.exec(t);
  if (reg) return { kind: "regiment", name: `Regiment ${Number(reg[1])}` };
  if (/^auxiliar(?:y|ies)(?: units?)?$/i.test(t)) return { kind: "auxiliary" };
  if (/^regiments? of renown$/i.test(t)) return { kind: "renown", ror: null };
  const rorNamed = /^regiments? of renown\s*[-:]\s*(.+)$/i.exec(t);
  if (rorNamed) {
    const { name, points } = splitPrice(rorNamed[1]!);
    return { kind: "renown", ror: { name, points, units: [] } };
  }
  if (/^faction terrain(?: features?)?$/i.test(t)) return { kind: "terrain" };
  return null;
}

const HEADER_NOTE = /^(?:general'?s handbook\b|battle tactics?\b|battle tactic cards?\b|grand strategy\b|realm\b|mortal realm\b|army notes?\b)/i;

/** Whether the text looks like this format: a regiment block, or the dashed layout's `Grand Alliance … | …` line. */
export function looksLikeAppExport(text: string): boolean {
  return normaliseText(text).some((l) => /^\s*general'?s regiment\s*$/i.test(l) || /^\s*regiment\s*\d{1,2}\s*$/i.test(l) || /^\s*grand alliance\s+\w+\s*\|/i.test(l));
}

export function parseAppExport(text: string, knownFactions: readonly string[] = []): ParsedList {
  const lines = normaliseText(text);
  const list = emptyList("aos-app");
  const bodyStart = lines.findIndex((l) => sectionHeader(l) !== null);
  const headerEnd = bodyStart === -1 ? lines.length : bodyStart;
  parseHeader(list, lines.slice(0, headerEnd), knownFactions);
  if (bodyStart !== -1) parseBody(list, lines.slice(bodyStart), bodyStart);
  return list;
}

function parseHeader(list: ParsedList, lines: string[], knownFactions: readonly string[]): void {
  const totalAt = lines.findIndex((l) => totalLine(l) !== null);
  let rest: string[];
  if (totalAt !== -1) {
    const total = totalLine(lines[totalAt]!)!;
    // The name: what precedes the total on its line, and the lines above it (a name run over several lines).
    const nameParts = [...lines.slice(0, totalAt).map((l) => l.trim()).filter((l) => l !== "" && !SEPARATOR.test(l)), total.before];
    const name = nameParts.join(" ").replace(/\s+/g, " ").trim();
    list.name = name === "" ? null : name;
    list.pointsDeclared = total.declared;
    list.pointsLimit = total.limit;
    rest = lines.slice(totalAt + 1);
  } else {
    list.warnings.push("no points total in the list's header (a line ending \"POINTS/LIMIT pts\"): the points limit is taken from the units");
    rest = lines;
  }
  // The dashed layout: "Grand Alliance Order | Seraphon | Sunclaw Starhost".
  const pipeAt = rest.findIndex((l) => l.includes("|") && !FOOTER.test(l));
  let factionAt = -1;
  let formationAt = -1;
  if (pipeAt !== -1) {
    const parts = rest[pipeAt]!.split("|").map((p) => p.trim()).filter(Boolean);
    if (parts.length > 0 && matchGrandAlliance(parts[0]!)) list.grandAlliance = matchGrandAlliance(parts.shift()!)!;
    if (parts[0] !== undefined) list.faction = matchFaction(parts[0], knownFactions) ?? parts[0];
    if (parts[1] !== undefined) setFormation(list, parts.slice(1).join(" | "));
    factionAt = pipeAt;
  } else {
    // The plain layout: the faction on its own line (a known faction's name), the formation on the next.
    factionAt = rest.findIndex((l) => matchFaction(l.replace(/^\s*(?:faction|allegiance)\s*:\s*/i, ""), knownFactions) !== undefined);
    if (factionAt === -1) {
      // An unknown faction: the two lines just above the first lore / drops / handbook line.
      const keyAt = rest.findIndex((l) => loreLine(l) !== null || dropsLine(l) !== null || HEADER_NOTE.test(l.trim()));
      const candidates = rest.slice(0, keyAt === -1 ? rest.length : keyAt).map((l, i) => ({ l: l.trim(), i })).filter((x) => x.l !== "" && !SEPARATOR.test(x.l));
      if (candidates.length >= 2) factionAt = candidates[candidates.length - 2]!.i;
      else if (candidates.length === 1) factionAt = candidates[0]!.i;
      if (factionAt !== -1) list.warnings.push(`faction "${rest[factionAt]!.trim()}" is not one the importer knows; taken from its place in the header`);
    }
    if (factionAt !== -1) {
      const raw = rest[factionAt]!.replace(/^\s*(?:faction|allegiance)\s*:\s*/i, "").trim();
      list.faction = matchFaction(raw, knownFactions) ?? raw;
      const next = rest.findIndex((l, i) => i > factionAt && l.trim() !== "" && !SEPARATOR.test(l));
      if (next !== -1 && loreLine(rest[next]!) === null && dropsLine(rest[next]!) === null && !HEADER_NOTE.test(rest[next]!.trim()) && !/:/.test(rest[next]!)) {
        setFormation(list, rest[next]!.trim());
        formationAt = next;
      }
    }
  }
  rest.forEach((raw, i) => {
    const l = raw.trim();
    if (i === factionAt || i === formationAt || l === "" || SEPARATOR.test(l) || FOOTER.test(l)) return;
    const lore = loreLine(l);
    if (lore) return void list.lores.push(lore);
    const drops = dropsLine(l);
    if (drops !== null) return void (list.drops = drops);
    const kv = /^(?:[•*-]\s*)?(grand alliance|grand strategy|faction|allegiance|battle formation|formation|subfaction)\s*:\s*(.+)$/i.exec(l);
    if (kv) {
      const key = kv[1]!.toLowerCase();
      if (key === "grand alliance") list.grandAlliance = matchGrandAlliance(kv[2]!) ?? kv[2]!.trim();
      else if (key === "grand strategy") list.grandStrategy = kv[2]!.trim();
      else if (key === "faction" || key === "allegiance") list.faction = matchFaction(kv[2]!, knownFactions) ?? kv[2]!.trim();
      else setFormation(list, kv[2]!);
      return;
    }
    const ga = matchGrandAlliance(l);
    if (ga && i < (factionAt === -1 ? Infinity : factionAt) + 1) return void (list.grandAlliance = ga);
    // Free text between the total and the faction line, the General's Handbook, battle tactic cards: notes.
    addNote(list, l);
  });
}

function setFormation(list: ParsedList, text: string): void {
  const { name, points } = splitPrice(text.replace(/^\s*(?:battle formation|formation)\s*:\s*/i, ""));
  list.formation = name;
  list.formationPoints = points;
}

/** The units' blocks; `offset` is the index in the file of lines[0] (a warning names the file's line number). */
function parseBody(list: ParsedList, lines: string[], offset: number): void {
  let section: Section | null = null;
  let unit: ListUnit | null = null;
  for (const [i, raw] of lines.entries()) {
    const l = raw.trim();
    if (l === "" || SEPARATOR.test(l) || FOOTER.test(l)) continue;
    const header = sectionHeader(l);
    if (header) {
      section = header;
      unit = null;
      if (header.kind === "renown" && header.ror) list.regimentsOfRenown.push(header.ror);
      continue;
    }
    const lore = loreLine(l);
    if (lore) {
      list.lores.push(lore);
      continue;
    }
    const drops = dropsLine(l);
    if (drops !== null) {
      list.drops = drops;
      continue;
    }
    const bullet = BULLET.exec(raw);
    if (section?.kind === "terrain") {
      const text = bullet ? bullet[1]! : l;
      const { name, points } = splitPrice(text);
      if (list.factionTerrain === null) list.factionTerrain = { name, points };
      else addNote(list, `Faction terrain: ${text}`);
      continue;
    }
    if (section?.kind === "renown") {
      if (section.ror === null) {
        // The bundle: the first line of the block, with its price.
        const { name, points } = splitPrice(bullet ? bullet[1]! : l);
        section.ror = { name, points, units: [] };
        list.regimentsOfRenown.push(section.ror);
        continue;
      }
      const memberText = bullet ? bullet[1]! : l;
      const isDetail = bullet !== null && unit !== null && (/^(general|reinforced|legends)$/i.test(memberText) || /^\d+\s*x\s/i.test(memberText) || /:/.test(memberText));
      if (isDetail) {
        applyBullet(unit!, memberText);
        continue;
      }
      // A member's own price is optional (the bundle has the regiment's); one it prints but is not a price is said.
      const read = unitLine(memberText);
      unit = unitOf(read, section.ror.name);
      if (read.problem !== null && read.problem !== NO_POINTS) unit.unread = { line: offset + i + 1, text: l, problem: read.problem };
      section.ror.units.push(unit);
      continue;
    }
    if (bullet) {
      if (unit) applyBullet(unit, bullet[1]!);
      else addNote(list, bullet[1]!);
      continue;
    }
    if (section?.kind === "regiment" || section?.kind === "auxiliary") {
      // Every line of a regiment that is not a bullet is a unit: one whose price cannot be read (none, "abc",
      // "-110", too large) is kept, and said with its line.
      const read = unitLine(l);
      unit = unitOf(read, section.kind === "regiment" ? section.name : "Auxiliary");
      if (read.problem !== null) unit.unread = { line: offset + i + 1, text: l, problem: read.problem };
      list.units.push(unit);
    } else addNote(list, l);
  }
}

function unitOf(read: { name: string; points: number | null }, regiment: string): ListUnit {
  const c = countPrefix(read.name);
  const lg = legendsSuffix(c.name);
  const unit = newUnit(lg.name, read.points, regiment);
  unit.legends = lg.legends;
  if (c.count !== undefined) unit.models = c.count;
  return unit;
}
