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
  addNote, applyBullet, BULLET, countPrefix, dropsLine, FOOTER, legendsSuffix, loreLine, normaliseText, pricedLine, SEPARATOR, splitPrice, totalLine,
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
  if (bodyStart !== -1) parseBody(list, lines.slice(bodyStart));
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
    list.warnings.push("no points total (\"1990/2000 pts\") in the list's header: the points limit is taken from the units");
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

function parseBody(list: ParsedList, lines: string[]): void {
  let section: Section | null = null;
  let unit: ListUnit | null = null;
  for (const raw of lines) {
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
      const priced = pricedLine(memberText);
      const c = countPrefix(priced ? priced.name : memberText);
      const lg = legendsSuffix(c.name);
      unit = newUnit(lg.name, priced ? priced.points : null, section.ror.name);
      unit.legends = lg.legends;
      if (c.count !== undefined) unit.models = c.count;
      section.ror.units.push(unit);
      continue;
    }
    if (bullet) {
      if (unit) applyBullet(unit, bullet[1]!);
      else addNote(list, bullet[1]!);
      continue;
    }
    const priced = pricedLine(l);
    const regiment = section?.kind === "regiment" ? section.name : section?.kind === "auxiliary" ? "Auxiliary" : null;
    if (priced) {
      const c = countPrefix(priced.name);
      const lg = legendsSuffix(c.name);
      unit = newUnit(lg.name, priced.points, regiment);
      unit.legends = lg.legends;
      if (c.count !== undefined) unit.models = c.count;
      list.units.push(unit);
    } else if (section?.kind === "regiment" || section?.kind === "auxiliary") {
      // A unit line without a price (a hand-edited export): kept, and said.
      const lg = legendsSuffix(countPrefix(l).name);
      unit = newUnit(lg.name, null, regiment);
      unit.legends = lg.legends;
      list.units.push(unit);
      list.warnings.push(`"${l.slice(0, 80)}" has no points on its line`);
    } else addNote(list, l);
  }
}
