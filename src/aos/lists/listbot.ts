/**
 * Listbot and Sigdex text exports. Both print the army as a header of `Key: value` lines (Listbot:
 * `Allegiance: Seraphon`, `- Grand Alliance: Order`, `Battle Formation: X`; Sigdex: `Faction - Formation`
 * on the first line after the name) and the units under role headings (Leaders, Battleline, Units, Behemoths,
 * Artillery, Other, Regiments of Renown, Faction Terrain, Manifestations / Endless Spells) or under regiment
 * headings, each `Name (points)` with `-` bullets; the total is a `Total: N / M` line (Listbot, with Allies /
 * Wounds / Drops / LISTBOT VERSION lines under it) or `N / M pts`.
 */
import { matchFaction, matchGrandAlliance } from "./factions.js";
import { sectionHeader } from "./app.js";
import { addNote, applyBullet, BULLET, countPrefix, dropsLine, FOOTER, legendsSuffix, loreLine, normaliseText, pricedLine, SEPARATOR, splitPrice, totalLine, unitLine } from "./text.js";
import { emptyList, type ListUnit, newUnit, type ParsedList, type RegimentOfRenownList } from "./types.js";

const ROLE = /^(leaders?|heroes|battleline|units|other|others|behemoths?|artillery|monsters?|core battalions?|battalions?|endless spells?|manifestations?|invocations?|terrain|faction terrain|regiments? of renown)\s*:?$/i;

/** Blocks of core battalions: their lines are battalions, not units. */
const BATTALIONS = /^(?:core )?battalions?$/i;

export function looksLikeListbot(text: string): "listbot" | "sigdex" | null {
  const lines = normaliseText(text);
  if (lines.some((l) => /\bsigdex\b/i.test(l))) return "sigdex";
  if (lines.some((l) => /^\s*(?:allegiance|faction)\s*:/i.test(l) || /listbot/i.test(l))) return "listbot";
  if (lines.some((l) => /^\s*total\s*:?\s*\d/i.test(l)) && lines.some((l) => ROLE.test(l.trim()))) return "listbot";
  return null;
}

export function parseListbot(text: string, format: "listbot" | "sigdex", knownFactions: readonly string[] = []): ParsedList {
  const lines = normaliseText(text);
  const list = emptyList(format);
  let section: string | null = null;
  let ror: RegimentOfRenownList | null = null;
  let unit: ListUnit | null = null;
  let seenBody = false;
  const nameLines: string[] = [];
  let totalSeen = false;
  for (const [i, raw] of lines.entries()) {
    const l = raw.trim();
    if (l === "" || SEPARATOR.test(l)) continue;
    if (FOOTER.test(l) || /^(?:listbot|sigdex)\b/i.test(l)) continue;
    const total = totalLine(l);
    if (total && !totalSeen) {
      totalSeen = true;
      list.pointsDeclared = total.declared;
      list.pointsLimit = total.limit;
      if (!seenBody && total.before !== "") nameLines.push(total.before);
      continue;
    }
    if (/^(?:allies|wounds|extra command points|reinforced units|command points|models)\s*:/i.test(l)) continue;
    const drops = dropsLine(l);
    if (drops !== null) {
      list.drops = drops;
      continue;
    }
    const lore = loreLine(l.replace(/^-\s*/, ""));
    if (lore) {
      list.lores.push(lore);
      continue;
    }
    const kv = /^(?:-\s*)?(allegiance|faction|grand alliance|grand strategy|battle formation|formation|subfaction|army name|name)\s*:\s*(.+)$/i.exec(l);
    if (kv) {
      const key = kv[1]!.toLowerCase();
      const v = kv[2]!.trim();
      if (key === "allegiance" || key === "faction") list.faction = matchFaction(v, knownFactions) ?? v;
      else if (key === "grand alliance") list.grandAlliance = matchGrandAlliance(v) ?? v;
      else if (key === "army name" || key === "name") nameLines.push(v);
      else if (key === "grand strategy") list.grandStrategy = v;
      else {
        const p = splitPrice(v);
        list.formation = p.name;
        list.formationPoints = p.points;
      }
      continue;
    }
    const role = ROLE.exec(l);
    const regiment = sectionHeader(l);
    if (role || regiment) {
      seenBody = true;
      unit = null;
      ror = null;
      section = regiment?.kind === "regiment" ? regiment.name : regiment?.kind === "auxiliary" ? "Auxiliary" : (role?.[1] ?? l).toLowerCase();
      if (regiment?.kind === "renown") section = "regiments of renown";
      if (regiment?.kind === "terrain") section = "faction terrain";
      continue;
    }
    const bullet = BULLET.exec(raw);
    if (!seenBody) {
      // Sigdex's first lines: the name, then "Faction - Formation".
      const sig = /^(.+?)\s+-\s+(.+)$/.exec(l);
      const fac = sig ? matchFaction(sig[1]!, knownFactions) : matchFaction(l, knownFactions);
      if (fac && !list.faction) {
        list.faction = fac;
        if (sig) list.formation = sig[2]!.trim();
        continue;
      }
      if (bullet) addNote(list, bullet[1]!);
      else if (!totalSeen && !list.faction) nameLines.push(l);
      else addNote(list, l);
      continue;
    }
    if (section === "faction terrain" || section === "terrain") {
      const p = splitPrice(bullet ? bullet[1]! : l);
      if (!list.factionTerrain) list.factionTerrain = p;
      else addNote(list, `Terrain: ${l}`);
      continue;
    }
    if (section === "manifestations" || section === "manifestation" || section === "endless spells" || section === "endless spell" || section === "invocations") {
      const p = splitPrice(bullet ? bullet[1]! : l);
      list.lores.push({ kind: "manifestation", name: p.name, points: p.points });
      continue;
    }
    if (section === "regiments of renown") {
      if (bullet && unit) {
        applyBullet(unit, bullet[1]!);
        continue;
      }
      if (bullet && ror) {
        const c = countPrefix(splitPrice(bullet[1]!).name);
        const m = newUnit(c.name, splitPrice(bullet[1]!).points, ror.name);
        if (c.count !== undefined) m.models = c.count;
        ror.units.push(m);
        continue;
      }
      const p = splitPrice(l);
      ror = { name: p.name, points: p.points, units: [] };
      list.regimentsOfRenown.push(ror);
      continue;
    }
    if (bullet) {
      if (unit) applyBullet(unit, bullet[1]!);
      else addNote(list, bullet[1]!);
      continue;
    }
    // In a block of units every other line is a unit, read strictly: a price it cannot take is said, never a
    // reason to drop the unit into the notes (battalion blocks, which hold no units, keep their free text).
    const read = section !== null && BATTALIONS.test(section) ? null : unitLine(l);
    const priced = read ? (read.problem === null ? { name: read.name, points: read.points } : null) : pricedLine(l);
    if (priced || read) {
      const c = countPrefix(priced ? priced.name : read!.name);
      const lg = legendsSuffix(c.name);
      unit = newUnit(lg.name, priced ? priced.points : null, section && /^(general'?s regiment|regiment \d+|auxiliary)$/i.test(section) ? titleRegiment(section) : null);
      unit.legends = lg.legends;
      if (c.count !== undefined) unit.models = c.count;
      if (!priced) unit.unread = { line: i + 1, text: l, problem: read!.problem! };
      list.units.push(unit);
    } else addNote(list, l);
  }
  const name = nameLines.join(" ").replace(/\s+/g, " ").trim();
  list.name = name === "" ? null : name;
  if (!totalSeen) list.warnings.push("no points total in the list (a line such as \"Total: POINTS / LIMIT\"): the points limit is taken from the units");
  return list;
}

const titleRegiment = (s: string) => (s.toLowerCase().startsWith("general") ? "General's Regiment" : s.toLowerCase() === "auxiliary" ? "Auxiliary" : `Regiment ${/\d+/.exec(s)![0]}`);
