/**
 * Importing the lists players already have (issue 13): detect the format by content, parse it, match its
 * units against a warscroll library and reconcile its points. One file per format:
 * app.ts (the AoS app's text), listbot.ts (Listbot and Sigdex text), newrecruit.ts (.ros, .rosz, .json).
 */
import { InputError } from "../../core/errors.js";
import { looksLikeAppExport, parseAppExport } from "./app.js";
import type { WarscrollLibrary } from "./deps.js";
import { looksLikeListbot, parseListbot } from "./listbot.js";
import { isZip, looksLikeNewRecruitJson, looksLikeRos, parseNewRecruitJson, parseRos, unzipRos } from "./newrecruit.js";
import { type ImportReport, reconcile } from "./reconcile.js";
import { FORMATS_UNDERSTOOD, type ParsedList } from "./types.js";

export { FORMATS_UNDERSTOOD, LIST_FORMATS, type ListFormat, type ParsedList } from "./types.js";
export { type ImportReport, type ImportedUnit, reconcile, warscrollMatcher } from "./reconcile.js";
export { parseAppExport } from "./app.js";
export { parseListbot } from "./listbot.js";
export { looksLikeNewRecruitJson, parseRos, parseNewRecruitJson, unzipRos } from "./newrecruit.js";

/** Bounds: a real list is a few KB of text, a .ros with profiles some hundred KB. */
export const LIST_LIMITS = { maxBytes: 4_000_000 } as const;

/** Parses a list file's bytes into a ParsedList, detecting the format; an InputError (exit 2) for anything else. */
export function parseListBytes(bytes: Uint8Array, where: string, knownFactions: readonly string[] = []): ParsedList {
  if (bytes.length > LIST_LIMITS.maxBytes) throw new InputError(`${where}: larger than ${LIST_LIMITS.maxBytes} bytes; is this a list?`);
  if (isZip(bytes)) return parseRos(unzipRos(bytes, where), where, "newrecruit-rosz");
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return parseListText(text, where, knownFactions);
}

export function parseListText(text: string, where: string, knownFactions: readonly string[] = []): ParsedList {
  if (looksLikeRos(text)) return parseRos(text, where, "newrecruit-ros");
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw new InputError(`${where}: starts like JSON but is not valid JSON; understood: ${FORMATS_UNDERSTOOD}`);
    }
    if (looksLikeNewRecruitJson(json)) return parseNewRecruitJson(json, where);
    throw new InputError(`${where}: a JSON file that is neither a roster nor a New Recruit export; understood: ${FORMATS_UNDERSTOOD}`);
  }
  if (looksLikeAppExport(text)) return parseAppExport(text, knownFactions);
  const lb = looksLikeListbot(text);
  if (lb) return parseListbot(text, lb, knownFactions);
  throw new InputError(`${where}: not a list this importer understands; understood: ${FORMATS_UNDERSTOOD}`);
}

/** Whether a JSON value is one of our rosters rather than an export (it has `units` with `warscroll`). */
export function isRosterJson(json: unknown): boolean {
  return json !== null && typeof json === "object" && !Array.isArray(json) && Array.isArray((json as { units?: unknown }).units) && "faction" in json;
}

export function importList(bytes: Uint8Array, where: string, library: WarscrollLibrary, knownFactions: readonly string[] = []): ImportReport {
  return reconcile(parseListBytes(bytes, where, knownFactions), library);
}
