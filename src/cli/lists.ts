/**
 * Armies for every command: a bundled army's name, a roster JSON file, or an exported list (the AoS app's
 * text, Listbot / Sigdex, New Recruit .ros / .rosz / .json) imported on the fly.
 */
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import {
  bundledLibrary, bundledRosters, factionsOf, findWarscroll, type ManifestationLore, mergeLibraries, pointsWarning, type Roster, rosterSchema, validateRoster, type Warscroll, type WarscrollLibrary,
} from "../aos/armies/index.js";
import { importList, isRosterJson, LIST_LIMITS, type ListFormat, looksLikeNewRecruitJson } from "../aos/lists/index.js";
import { InputError, parseJsonText, parseOrThrow } from "../core/errors.js";
import { cannotRead, MAX_INPUT_BYTES } from "./io.js";
import { loadLibrary } from "./units.js";

async function readStdinBytes(): Promise<Uint8Array> {
  if (process.stdin.isTTY) throw new InputError("FILE: give a list file, or - and pipe it on stdin");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > LIST_LIMITS.maxBytes) throw new InputError(`stdin: larger than ${LIST_LIMITS.maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The bytes of a list file (or stdin for "-"), bounded; an InputError naming the file. */
export async function readListBytes(file: string): Promise<Uint8Array> {
  if (file === "-") return readStdinBytes();
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new InputError(`cannot read ${file}: ${s.isDirectory() ? "it is a folder, not a file" : "not a file"}`);
    if (s.size > LIST_LIMITS.maxBytes) throw new InputError(`${file}: larger than ${LIST_LIMITS.maxBytes} bytes; is this a list?`);
    return await readFile(file);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannotRead(file, e);
  }
}

export interface LoadedList {
  /** The roster JSON (a file's, or the imported list's). */
  json: unknown;
  /** Warscrolls the file itself carried (a .ros's profiles) that the library did not know. */
  warscrolls: Warscroll[];
  /** Import warnings (empty for a roster JSON). */
  warnings: string[];
  /** The export's format, or null for a roster JSON. */
  format: ListFormat | null;
  /** The total the export declares (null for a roster JSON, or a list without one). */
  pointsDeclared: number | null;
}

/** A roster JSON, or an export imported against `library`; an unknown unit or unreconciled points is a warning. */
export async function loadListFile(file: string, library: WarscrollLibrary, field?: string): Promise<LoadedList> {
  const bytes = await readListBytes(file);
  const text = Buffer.from(bytes).toString("utf8").trimStart();
  if (text.startsWith("{") && bytes.length <= MAX_INPUT_BYTES) {
    const json = parseJsonText(text, file, MAX_INPUT_BYTES);
    // A roster (or a file meant as one: the roster schema then names what is wrong), unless New Recruit's.
    if (isRosterJson(json) || !looksLikeNewRecruitJson(json)) return { json, warscrolls: [], warnings: [], format: null, pointsDeclared: null };
  }
  const report = importList(bytes, file === "-" ? "stdin" : file, library, factionsOf(library));
  if (!report.roster) throw new InputError(`${field ? `${field}: ` : ""}${file}: no unit of the list is known in ${library.source} (tactica import ${file} says more)`);
  return { json: report.roster, warscrolls: report.warscrolls, warnings: report.warnings, format: report.format, pointsDeclared: report.pointsDeclared };
}

/** The library a command plays with: `library`, plus the warscrolls the lists carried. */
export function withListWarscrolls(library: WarscrollLibrary, lists: LoadedList[]): WarscrollLibrary {
  const extra = lists.flatMap((l) => l.warscrolls);
  return extra.length === 0 ? library : mergeLibraries(library.source, library, { source: "the list files", warscrolls: extra });
}

export type { Roster };

export { playLibrary } from "../aos/armies/library.js";
import { playLibrary } from "../aos/armies/library.js";

/**
 * --a / --b for battle and matchup: a bundled army's name, a roster file or an exported list (imported on
 * the fly against the bundled data plus --bsdata / TACTICA_BSDATA); illegal armies are refused (exit 2).
 * `library` is undefined when both armies are played from the bundled data alone.
 */
export async function loadArmies(refs: [string | undefined, string | undefined], bsdata: string | undefined, warn: (s: string) => void = (s) => void process.stderr.write(`${s}\n`)): Promise<{ rosters: [Roster, Roster]; library: ReturnType<typeof playLibrary> | undefined; sizes: string | null }> {
  const base = await loadLibrary(bsdata, "bundled");
  const bundled = bundledRosters();
  const loaded: LoadedList[] = [];
  const rosters: Roster[] = [];
  for (const [i, ref] of refs.entries()) {
    const field = i === 0 ? "--a" : "--b";
    const byName = ref === undefined ? bundled[i] : bundled.find((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || basename(r.file, ".json") === ref);
    let json: unknown;
    if (byName) json = byName.roster;
    else {
      try {
        const l = await loadListFile(ref!, base, field);
        loaded.push(l);
        for (const w of l.warnings) warn(`${field}: ${ref}: ${w}`);
        json = l.json;
      } catch (e) {
        if (e instanceof InputError) throw new InputError(`${field}: ${e.message.replace(/^--[ab]: /, "")} (a roster file, an exported list, or one of: ${bundled.map((r) => r.roster.name).join(", ")})`);
        throw e;
      }
    }
    rosters.push(parseOrThrow(rosterSchema, json, field));
  }
  const library = withListWarscrolls(base, loaded);
  rosters.forEach((roster, i) => {
    const v = validateRoster(roster, library).violations[0];
    if (v) throw new InputError(`${i === 0 ? "--a" : "--b"}: ${roster.name} is not a legal army: [${v.rule}] ${v.message} (tactica armies FILE lists every problem)`);
  });
  const pair = rosters as [Roster, Roster];
  // The dashboard's Matchup warns under its pickers; the commands print it with their results.
  return { rosters: pair, library: library === bundledLibrary() ? undefined : playLibrary(pair, library), sizes: pointsWarning(pair[0], pair[1], library) };
}
