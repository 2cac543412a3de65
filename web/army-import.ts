/**
 * The user's own army in the browser (issue 13's dashboard part): a pasted or loaded list — the AoS app's
 * export, Listbot, Sigdex, New Recruit (.ros, .rosz, .json) — imported with the CLI's importer
 * (src/aos/lists), or a roster JSON checked as `tactica armies FILE` checks one. Units are matched against
 * the bundled data and the BSData factions loaded in this browser (web/bsdata/), the bundled copy first, as
 * `tactica import FILE --bsdata DIR` does. The verdict is either a legal roster (with `extra`: the warscrolls
 * it names that the bundled data does not hold — BSData's, or those a .ros carried — which the game's saved
 * set-up then carries) or readable messages; nothing is kept until a verdict is good. Every name read from a
 * file is shown with textContent by the callers (web/dom.ts h), never as HTML.
 */
import { libraryWith, unbundledOf } from "./library.js";
import { bsdataLibrary } from "./bsdata/store.js";
import { factionsOf, findWarscroll, playLibrary, type Roster, rosterSchema, validateRoster, type Warscroll, type WarscrollLibrary } from "../src/aos/armies/index.js";
import { FORMATS_UNDERSTOOD, isRosterJson, LIST_LIMITS, looksLikeNewRecruitJson, parseListText, parseRos, reconcile } from "../src/aos/lists/index.js";
import { fieldPath } from "../src/core/errors.js";
import { jsonErrorOffset } from "./json-position.js";

export type ArmyCheck =
  | { ok: true; roster: Roster; extra: Warscroll[]; summary: string; warnings: string[]; format: string }
  | { ok: false; errors: string[]; at?: number };

/** The formats a user can give, for the page's hints and messages. */
export const ARMY_FORMATS = FORMATS_UNDERSTOOD;

const FORMAT_NAMES: Record<string, string> = {
  "aos-app": "the AoS app's export", listbot: "a Listbot export", sigdex: "a Sigdex export",
  "newrecruit-ros": "a New Recruit .ros", "newrecruit-rosz": "a New Recruit .rosz", "newrecruit-json": "a New Recruit .json",
};


/** The warscrolls and lores two rosters name, as plain data for the matchup's workers (analysis/matchup/job.ts). */
export function playLibraryOf(rosters: Roster[], extra: readonly Warscroll[]): ReturnType<typeof playLibrary> {
  return playLibrary(rosters, libraryWith(extra));
}

const friendly = (m: string) => m.replace(/^Invalid input: expected (\w+), received undefined$/, "is required ($1)");
const lineColumn = (text: string, at: number) => {
  const before = text.slice(0, at).split("\n");
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
};
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A roster's legality against the bundled data (plus `extra`): the verdict with its summary. */
function verdict(json: unknown, extra: Warscroll[], format: string, warnings: string[]): ArmyCheck {
  const parsed = rosterSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const errors = issues.slice(0, 6).map((i) => `${fieldPath(i.path)}: ${friendly(i.message)}`);
    if (issues.length > 6) errors.push(`and ${issues.length - 6} more`);
    return { ok: false, errors };
  }
  const r = parsed.data;
  const library = libraryWith(extra);
  const report = validateRoster(r, library);
  if (report.violations.length) {
    const errors = report.violations.slice(0, 6).map((v) => `[${v.rule}] ${v.message}`);
    if (report.violations.length > 6) errors.push(`and ${report.violations.length - 6} more`);
    return { ok: false, errors: [`${r.name} is not a legal army:`, ...errors, ...warnings.slice(0, 6)] };
  }
  const from = format === "roster" ? "" : ` — imported from ${FORMAT_NAMES[format] ?? format}`;
  const fromBsdata = unbundledOf(r, library).filter((w) => !extra.includes(w));
  const bs = fromBsdata.length ? ` (${fromBsdata.length} warscroll${fromBsdata.length === 1 ? "" : "s"} from the loaded BSData)` : "";
  return { ok: true, roster: r, extra: [...extra, ...fromBsdata], format, warnings, summary: `${r.name} — ${r.faction}, ${report.points} of ${r.pointsLimit} points, ${r.units.length} units${from}${bs}` };
}

/**
 * A pasted text or a loaded file's text: a roster JSON, or an export. `where` names it in messages ("the
 * pasted list", the file's name).
 */
export function checkArmyText(text: string, where = "the list"): ArmyCheck {
  if (text.trim() === "") return { ok: false, errors: [`${where}: paste ${ARMY_FORMATS}`] };
  if (text.length > LIST_LIMITS.maxBytes) return { ok: false, errors: [`${where}: larger than ${LIST_LIMITS.maxBytes.toLocaleString("en")} characters; is this a list?`] };
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const at = jsonErrorOffset(text) ?? text.length;
      const what = at >= text.length ? "the text ends too soon" : `unexpected ${JSON.stringify(text[at])}`;
      return { ok: false, errors: [`not valid JSON at ${lineColumn(text, at)}: ${what}`], at };
    }
    // A roster (or a file meant as one: the roster schema then names what is wrong), unless New Recruit's.
    if (isRosterJson(json) || !looksLikeNewRecruitJson(json)) return verdict(json, [], "roster", []);
  }
  try {
    const library = libraryWith();
    const report = reconcile(parseListText(text, where, factionsOf(library)), library);
    return fromReport(report, where);
  } catch (e) {
    return { ok: false, errors: [message(e)] };
  }
}

function fromReport(report: ReturnType<typeof reconcile>, where: string): ArmyCheck {
  const warnings = [...report.warnings];
  if (!report.roster) {
    const bs = bsdataLibrary();
    const known = bs
      ? `the bundled data or the loaded BSData (${factionsOf(bs).length} factions; is this list's faction among them?)`
      : "the bundled data (Ossiarch Bonereapers, Stormcast Eternals, Sons of Behemat, Nighthaunt, Flesh-eater Courts); other factions: load the BSData folder below";
    return { ok: false, errors: [`${where}: no unit of ${report.name || "the list"} is known in ${known}`, ...warnings.slice(0, 6)] };
  }
  return verdict(report.roster, report.warscrolls, report.format, warnings);
}

/** Bound on what a .rosz may unzip to (as src/aos/lists/newrecruit.ts). */
const MAX_UNZIPPED = LIST_LIMITS.maxBytes;

/** The .ros inside a .rosz, unzipped with the browser's DecompressionStream (no Node Buffer or zlib here). */
export async function unzipRosInBrowser(bytes: Uint8Array, where: string): Promise<string> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (v.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd === -1) throw new Error(`${where}: a zip without its central directory (a damaged .rosz?)`);
  const entries = v.getUint16(eocd + 10, true);
  let p = v.getUint32(eocd + 16, true);
  const utf8 = new TextDecoder("utf-8");
  for (let n = 0; n < entries && p + 46 <= bytes.length; n++) {
    if (v.getUint32(p, true) !== 0x02014b50) break;
    const method = v.getUint16(p + 10, true);
    const compSize = v.getUint32(p + 20, true);
    const size = v.getUint32(p + 24, true);
    const nameLen = v.getUint16(p + 28, true);
    const extraLen = v.getUint16(p + 30, true);
    const commentLen = v.getUint16(p + 32, true);
    const local = v.getUint32(p + 42, true);
    const name = utf8.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    if (!/\.ros$/i.test(name)) continue;
    if (size > MAX_UNZIPPED) throw new Error(`${where}: ${name} unzips to ${size} bytes, more than ${MAX_UNZIPPED}`);
    if (local + 30 > bytes.length || v.getUint32(local, true) !== 0x04034b50) throw new Error(`${where}: ${name}: bad local header`);
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    const data = bytes.slice(start, start + compSize);
    if (method === 0) return utf8.decode(data);
    if (method !== 8) throw new Error(`${where}: ${name} uses zip method ${method}; only stored and deflated entries are read`);
    try {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      const reader = stream.getReader();
      const parts: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > MAX_UNZIPPED) {
          await reader.cancel();
          throw new Error(`unzips to more than ${MAX_UNZIPPED} bytes`);
        }
        parts.push(value);
      }
      const out = new Uint8Array(total);
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
      return utf8.decode(out);
    } catch (e) {
      throw new Error(`${where}: ${name} cannot be unzipped (${message(e).slice(0, 80)})`);
    }
  }
  throw new Error(`${where}: a zip with no .ros inside; understood: a New Recruit .rosz`);
}

/** A loaded or dropped file: a .rosz is unzipped here, anything else read as UTF-8 text. */
export async function checkArmyFile(file: Blob & { name?: string }): Promise<ArmyCheck> {
  const where = file.name || "the file";
  if (file.size > LIST_LIMITS.maxBytes) return { ok: false, errors: [`${where}: larger than ${LIST_LIMITS.maxBytes.toLocaleString("en")} bytes; is this a list?`] };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    try {
      const library = libraryWith();
      return fromReport(reconcile(parseRos(await unzipRosInBrowser(bytes, where), where, "newrecruit-rosz"), library), where);
    } catch (e) {
      return { ok: false, errors: [message(e)] };
    }
  }
  return checkArmyText(new TextDecoder("utf-8", { fatal: false }).decode(bytes), where);
}
