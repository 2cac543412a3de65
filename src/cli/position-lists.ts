/**
 * A hand-entered AoS position whose armies are the lists players have (issue 13): where a position names an
 * army, it may name a bundled army, or a roster JSON file or an exported list (the AoS app's text, Listbot,
 * Sigdex, New Recruit .ros / .rosz / .json), imported here against the bundled data plus --bsdata /
 * TACTICA_BSDATA. `--a` / `--b` replace the position's armies from the command line. The rosters and the
 * warscrolls they need are put into the position itself, so the game started from it (and any save of it)
 * needs no list file, and no BSData folder, again.
 *
 * A file named in the position is found beside the position file (a relative path is taken from the
 * position's folder); one given with --a / --b is taken from the working folder, as in every command.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import { bundledRosters, mergeLibraries, type Roster, rosterSchema } from "../aos/armies/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { POSITION_FORMAT } from "../saves/aos-position.js";
import { libraryOf, playLibrarySchema } from "../saves/library.js";
import { type LoadedList, loadListFile, playLibrary, withListWarscrolls } from "./lists.js";
import { loadLibrary } from "./units.js";

const isBundledName = (ref: string) => bundledRosters().some((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || r.file.replace(/^.*\//, "").replace(/\.json$/, "") === ref);

/**
 * `json` (a saved game or a position read from `file`) with every army a position names as a file replaced
 * by its roster, and the position's `library` holding the warscrolls its armies need; a saved game is
 * returned as it is (it carries its armies). `overrides` are --a / --b; `bsdata.dir` is --bsdata or
 * TACTICA_BSDATA, `bsdata.given` whether --bsdata itself was (the variable alone is read only when a list
 * is imported). Import warnings go to `warn`, each naming the army.
 */
export async function positionWithLists(
  json: unknown,
  file: string,
  overrides: [string | undefined, string | undefined],
  bsdata: { dir: string | undefined; given: boolean },
  warn: (s: string) => void,
): Promise<unknown> {
  const obj = json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const given = overrides.some((o) => o !== undefined);
  if (obj?.format !== POSITION_FORMAT || obj.game !== "aos") {
    if (given || bsdata.given) {
      const what = obj?.format === POSITION_FORMAT ? "a MESBG position names its forces" : "a saved game carries its armies and their warscrolls";
      throw new InputError(`${file}: --a, --b and --bsdata are for an AoS position (${what})`);
    }
    return json;
  }
  const armies = obj.armies;
  // Not a pair: the position's schema says what is wrong.
  if (!Array.isArray(armies) || armies.length !== 2) {
    if (given) throw new InputError(`${file}: armies: must be a pair of armies for --a / --b to replace`);
    return json;
  }
  const refs = armies.map((a, i) => overrides[i] ?? a);
  const needsFiles = refs.some((r) => typeof r === "string" && !isBundledName(r));
  if (!needsFiles && !given && !bsdata.given) return json;

  const base = await loadLibrary(bsdata.dir, "bundled");
  const own = obj.library === undefined ? undefined : libraryOf(parseOrThrow(playLibrarySchema, obj.library, `${file}: library`));
  const start = own ? mergeLibraries(base.source, base, own) : base;
  const loaded: LoadedList[] = [];
  const out: (string | Roster)[] = [];
  for (const [i, ref] of refs.entries()) {
    const field = overrides[i] !== undefined ? (i === 0 ? "--a" : "--b") : `${file}: armies[${i}]`;
    if (typeof ref !== "string") {
      out.push(parseOrThrow(rosterSchema, ref, field));
      continue;
    }
    const bundled = bundledRosters().find((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || r.file.replace(/^.*\//, "").replace(/\.json$/, "") === ref);
    if (bundled) {
      out.push(bundled.roster);
      continue;
    }
    const path = overrides[i] !== undefined || isAbsolute(ref) || file === "-" ? ref : resolve(dirname(file), ref);
    let list: LoadedList;
    try {
      list = await loadListFile(path, start);
    } catch (e) {
      if (e instanceof InputError)
        throw new InputError(`${field}: ${e.message} (an army is a bundled army's name, a roster file or an exported list: ${bundledRosters().map((r) => r.roster.name).join(", ")})`);
      throw e;
    }
    loaded.push(list);
    for (const w of list.warnings) warn(`${field}: ${path}: ${w}`);
    out.push(parseOrThrow(rosterSchema, list.json, field));
  }
  const rosters = out as [Roster, Roster];
  const library = withListWarscrolls(start, loaded);
  return { ...obj, armies: rosters, library: playLibrary(rosters, library) };
}
