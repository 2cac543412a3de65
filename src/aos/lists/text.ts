/** Helpers every text-format parser shares: normalising the text, priced lines, bullets, totals. */
import type { EnhancementKind, ListEnhancement, ListLore, ListUnit, ParsedList } from "./types.js";

/** CRLF, no-break spaces, typographic dashes and quotes, tabs: one spelling. */
export function normaliseText(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .replace(/[\u2010-\u2013\u2212]/g, "-")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\t/g, " ")
    .split("\n")
    .map((l) => l.replace(/\s+$/, ""));
}

/** "-----" (any length ≥ 3), "=====", "+++" alone on a line. */
export const SEPARATOR = /^\s*(?:-{3,}|={3,}|_{3,}|\+{3,})\s*$/;
/** A bullet: •, *, - or + followed by a space (not a separator). */
export const BULLET = /^\s*(?:[•·*+]|-(?!-))\s*(.+)$/;

const NUM = /(\d{1,3}(?:,\d{3})+|\d{1,5})/;
const toNum = (s: string) => Number(s.replace(/,/g, ""));

/**
 * A line ending in a price: "Name (120)", "Name (120 pts)", "Name (120 points)", "Name - 120 pts", "Name [120]".
 * Returns the name and the points, or null.
 */
export function pricedLine(line: string): { name: string; points: number } | null {
  const t = line.trim();
  const m = /^(.*?)\s*[([]\s*(\d{1,4})\s*(?:pts?|points?)?\s*[)\]]\s*$/i.exec(t) ?? /^(.*?)\s+-\s*(\d{1,4})\s*(?:pts?|points?)\s*$/i.exec(t);
  if (!m || m[1]!.trim() === "") return null;
  return { name: m[1]!.trim().replace(/\s*[-:]$/, "").trim(), points: Number(m[2]) };
}

/** A unit line's points at most: the largest points limit a roster can have (ROSTER_LIMITS.maxPointsLimit). */
export const UNIT_POINTS_MAX = 10_000;
/** unitLine's problem for a line with no price at all. */
export const NO_POINTS = "no points on the line";

/** What the strict reader makes of a unit line: its name, its points, and why they could not be read. */
export interface UnitLine {
  name: string;
  points: number | null;
  /** Null when the points were read; else why not ("no points on the line", "points `abc` is not a whole number"). */
  problem: string | null;
}

/**
 * A line in a block of units, read strictly: a unit whatever its price says, so no unit is dropped for a
 * price this reader cannot take. The price is the last bracket ("Name (120)", "(120 pts)", "[120]") or a
 * "- 120 pts" tail; a bracket holding a digit or a single word is a price (a word like "abc" is a bad one),
 * one of several words ("(on Dracoth)") or "(Legends)" / "(SoG)" is part of the name.
 */
export function unitLine(line: string): UnitLine {
  const t = line.trim();
  const bracket = /^(.*?)\s*[([]\s*([^()[\]]*?)\s*[)\]]\s*(?:pts?|points?)?$/i.exec(t);
  const dashed = /^(.*?)\s+-\s*(\S+)\s*(?:pts?|points?)$/i.exec(t);
  const m = bracket && bracket[1]!.trim() !== "" && isPriceText(bracket[2]!) ? bracket : dashed && dashed[1]!.trim() !== "" ? dashed : null;
  if (!m) return { name: t, points: null, problem: NO_POINTS };
  const name = m[1]!.trim().replace(/\s*[-:]$/, "").trim();
  return { name, ...readPoints(m[2]!.replace(/\s*(?:pts?|points?)$/i, "")) };
}

/**
 * A unit's points as printed ("110", "1,100"; a .ros's "110.0"): a whole number from 0 to UNIT_POINTS_MAX,
 * else null and why ("points `abc` is not a whole number", "points 1100000 out of range (0 to 10000)").
 */
export function readPoints(raw: string): { points: number | null; problem: string | null } {
  const text = raw.trim();
  if (/^\d{1,3}(?:,\d{3})+$|^\d+(?:\.0+)?$/.test(text)) {
    const n = Number(text.replace(/,/g, ""));
    return n <= UNIT_POINTS_MAX ? { points: n, problem: null } : { points: null, problem: `points ${text.slice(0, 30)} out of range (0 to ${UNIT_POINTS_MAX})` };
  }
  if (/^-\s*\d/.test(text)) return { points: null, problem: `points \`${text.slice(0, 30)}\` cannot be negative` };
  return { points: null, problem: `points \`${text.slice(0, 30)}\` is not a whole number` };
}

function isPriceText(text: string): boolean {
  const t = text.trim();
  if (t === "" || /^(?:legends|scourge of ghyran|sog)$/i.test(t)) return false;
  return /\d/.test(t) || /^\S+$/.test(t);
}

/**
 * The army's total: "... 1990/2000 pts", "1,990 / 2,000 points", "Total: 1990 / 2000". The name may run
 * straight into the number ("...!!2000/2000 pts") or hold digits and slashes itself ("Team 2/3 1990/2000 pts"):
 * the total is the LAST "N / M pts" on the line, and of the digits the name and the count share, the split
 * that gives a count no larger than the limit's order wins.
 */
export function totalLine(line: string): { before: string; declared: number; limit: number } | null {
  const t = line.trim();
  const re = new RegExp(`${NUM.source}\\s*/\\s*${NUM.source}\\s*(?:pts?\\.?|points?)?\\s*$`, "i");
  const m = re.exec(t);
  if (!m) return null;
  const hasUnit = /(?:pts?\.?|points?)\s*$/i.test(t);
  const totalLabel = /^(?:total(?: points)?|points)\s*:?\s*$/i.test(t.slice(0, m.index).trim());
  if (!hasUnit && !totalLabel) return null;
  let before = t.slice(0, m.index);
  let declaredText = m[1]!;
  const limit = toNum(m[2]!);
  // Digits of the name may have been taken into the count: give them back while the count exceeds the limit.
  while (declaredText.length > 1 && !declaredText.includes(",") && toNum(declaredText) > Math.max(limit, 1) * 2) {
    before += declaredText[0];
    declaredText = declaredText.slice(1);
  }
  if (limit < 1) return null;
  return { before: before.replace(/\s*(?:[-:|,]|total(?: points)?:?)\s*$/i, "").trim(), declared: toNum(declaredText), limit };
}

/** "Spell Lore - Lore of X", "Manifestation Lore: Y (30)", "Prayer Lore - Z - (20) Points". */
export function loreLine(line: string): ListLore | null {
  const m = /^\s*(?:[•*-]\s*)?(Spell|Prayer|Manifestation)\s+Lores?\s*(?:[-:]\s*)?(.+)$/i.exec(line);
  if (!m) return null;
  const kind = m[1]!.toLowerCase() as ListLore["kind"];
  const { name, points } = splitPrice(m[2]!);
  if (name === "") return null;
  return { kind, name, points };
}

/** "X - (10) Points", "X (10)", "X (10 pts)" → name and price; otherwise the text and null. */
export function splitPrice(text: string): { name: string; points: number | null } {
  const t = text.trim();
  const m = /^(.*?)\s*(?:-\s*)?[([]\s*(\d{1,4})\s*(?:pts?|points?)?\s*[)\]]\s*(?:pts?|points?)?\s*$/i.exec(t) ?? /^(.*?)\s*-\s*(\d{1,4})\s*(?:pts?|points?)\s*$/i.exec(t);
  if (m && m[1]!.trim() !== "") return { name: m[1]!.trim().replace(/\s*[-:]$/, ""), points: Number(m[2]) };
  return { name: t, points: null };
}

const ENHANCEMENT_KEYS: [RegExp, EnhancementKind][] = [
  [/^command traits?$/i, "command trait"],
  [/^heroic traits?$/i, "heroic trait"],
  [/^(?:artefacts?(?: of power)?|artifacts?)$/i, "artefact"],
  [/^(?:spells?|spell lore)$/i, "spell"],
  [/^(?:prayers?|prayer lore)$/i, "prayer"],
  [/^(?:mount traits?|monstrous traits?)$/i, "mount trait"],
  [/^(?:enhancements?|big names?|blessings?|traits?|[a-z' ]+(?:traits?|upgrades?|enhancements?|rites?|gifts?|marks?|honours?|oaths?))$/i, "other"],
];

/**
 * A bullet under a unit: General, Reinforced, Legends, an enhancement ("Heroic Trait: X", "Enhancement: X
 * - (10) Points"), a weapon loadout ("2x Moonstone Hammer"), or anything else (kept as loadout text).
 */
export function applyBullet(unit: ListUnit, text: string): void {
  const t = text.trim();
  if (/^general$/i.test(t)) unit.general = true;
  else if (/^reinforced(?:\s*x?\s*\d)?$/i.test(t)) unit.reinforced = true;
  else if (/^(?:warhammer )?legends$/i.test(t)) unit.legends = true;
  else if (/^\d+\s*x\s+\S/i.test(t)) unit.loadout.push(t.replace(/^(\d+)\s*x\s+/i, "$1x "));
  else {
    const kv = /^([^:]{2,40}):\s*(.+)$/.exec(t);
    const kind = kv ? ENHANCEMENT_KEYS.find(([re]) => re.test(kv[1]!.trim()))?.[1] : undefined;
    if (kv && kind) {
      const { name, points } = splitPrice(kv[2]!);
      unit.enhancements.push({ kind, name, points } satisfies ListEnhancement);
    } else {
      const priced = splitPrice(t);
      if (priced.points !== null) unit.enhancements.push({ kind: "other", name: priced.name, points: priced.points });
      else unit.loadout.push(t);
    }
  }
}

/** "Drops: 3" */
export function dropsLine(line: string): number | null {
  const m = /^\s*drops\s*:\s*(\d{1,2})\s*$/i.exec(line);
  return m ? Number(m[1]) : null;
}

/** Footers of the app's versions and of the list sites: "Created with ...", "App: 1.2 | Data: 300", ... */
export const FOOTER = /^\s*(?:created with|exported (?:with|from|using)|generated (?:by|with)|app\s*:|app version|data version|listbot version|made with|sigdex\b|https?:\/\/)/i;

/** "10x Liberators" → count and name. */
export function countPrefix(name: string): { name: string; count: number | undefined } {
  const m = /^(\d{1,3})\s*x\s+(.+)$/i.exec(name.trim());
  return m ? { name: m[2]!.trim(), count: Number(m[1]) } : { name: name.trim(), count: undefined };
}

/** "Seraphon (Legends)", "Name [Legends]": the unit's name and whether it is a Legends unit. */
export function legendsSuffix(name: string): { name: string; legends: boolean } {
  const m = /^(.*?)\s*[([]\s*legends\s*[)\]]\s*$/i.exec(name);
  return m ? { name: m[1]!.trim(), legends: true } : { name, legends: false };
}

export function addNote(list: ParsedList, note: string): void {
  const t = note.trim();
  if (t !== "" && list.notes.length < 40) list.notes.push(t.slice(0, 300));
}
