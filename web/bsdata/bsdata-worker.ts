/**
 * The BSData worker: the .cat/.gst files the user picked (or dropped) are read and parsed here, never on the
 * page's thread — the 4th-edition folder is about 27 MB of XML and seconds of work. The request crosses a
 * schema (how many files, how large, named how); a file that cannot be read or parsed is named in the
 * import's `fileErrors` and the rest still loads, as `tactica units --bsdata DIR` does. The factions found
 * are merged into those kept in IndexedDB here too, and a restore reads and checks the kept record here
 * (kept.ts), so the page's thread never parses or checks the warscrolls. One request per worker: the page
 * starts it for a load or a restore and ends it after (web/bsdata/store.ts).
 */
import * as Comlink from "comlink";
import { z } from "zod";
import { BSDATA_LIMITS, indexBsdataFiles } from "../../src/aos/bsdata/catalogue.js";
import { type BsdataImport, importFromIndex } from "../../src/aos/bsdata/import.js";
import { InputError, parseOrThrow } from "../../src/core/errors.js";
import { deleteKeptBsdata, type KeptBsdata, mergeKept, readKeptBsdata, writeKeptBsdata } from "./kept.js";

export type WorkerLoad =
  | { ok: true; kept: KeptBsdata; factions: string[]; warscrolls: number; fileErrors: { file: string; error: string }[] }
  | { ok: false; message: string; fileErrors: { file: string; error: string }[] };

const BSDATA_FILE = /\.(cat|gst)$/i;

const requestSchema = z.strictObject({
  label: z.string().min(1).max(300),
  files: z
    .array(z.strictObject({ name: z.string().min(1).max(300), file: z.instanceof(Blob) }))
    .min(1, "no files")
    .max(BSDATA_LIMITS.maxFiles, `more than ${BSDATA_LIMITS.maxFiles} files; a BSData folder has about 150`),
});

/** Comlink carries only name and message of an error: keep the name so the page tells input from bug. */
function rethrow(e: unknown): never {
  const err = e instanceof Error ? e : new Error(String(e));
  throw Object.assign(new Error(err.message), { name: err.name });
}

/** The files parsed (below), their factions added to the kept ones and written back. */
async function load(request: unknown): Promise<WorkerLoad> {
  const r = parseOrThrow(requestSchema, request, "BSData files");
  const imp = await importFiles(r);
  const factions = imp.factions.filter((f) => f.warscrolls.length > 0);
  if (factions.length === 0) {
    const why = imp.fileErrors.length ? "" : " (the files hold no unit a faction offers: is the game system or a library missing?)";
    return { ok: false, message: `${r.label}: no faction with a readable warscroll${why}`, fileErrors: imp.fileErrors };
  }
  // A kept record that does not read is replaced by this load (restore already said so).
  const before = await readKeptBsdata().catch(() => undefined);
  const kept = mergeKept(before, imp, r.label);
  const fileErrors = [...imp.fileErrors];
  await writeKeptBsdata(kept).catch((e: unknown) => fileErrors.push({ file: "(this browser)", error: `could not keep the factions for the next visit: ${(e as Error).message}` }));
  return { ok: true, kept, factions: factions.map((f) => f.faction), warscrolls: factions.reduce((n, f) => n + f.warscrolls.length, 0), fileErrors };
}

export const bsdataApi = {
  ping: () => true,
  async load(request: unknown): Promise<WorkerLoad> {
    try {
      return await load(request);
    } catch (e) {
      rethrow(e);
    }
  },
  /** The kept record, checked; one that does not read is deleted, and `problem` says why. */
  async restore(): Promise<{ kept: KeptBsdata | undefined; problem: string | null }> {
    try {
      return { kept: await readKeptBsdata(), problem: null };
    } catch (e) {
      await deleteKeptBsdata().catch(() => undefined);
      return { kept: undefined, problem: (e as Error).message };
    }
  },
};
export type BsdataApi = typeof bsdataApi;

/** The request's files read and parsed, within BSDATA_LIMITS; an unreadable file is named in `fileErrors`. */
async function importFiles(r: z.output<typeof requestSchema>): Promise<BsdataImport> {
  const texts: { file: string; text: string }[] = [];
  const skipped: { file: string; error: string }[] = [];
  let total = 0;
  for (const { name, file } of r.files) {
    if (!BSDATA_FILE.test(name)) {
      skipped.push({ file: name, error: "not a .cat or .gst file; skipped" });
      continue;
    }
    if (file.size > BSDATA_LIMITS.maxFileBytes) {
      skipped.push({ file: name, error: `larger than ${BSDATA_LIMITS.maxFileBytes} bytes; skipped` });
      continue;
    }
    total += file.size;
    if (total > BSDATA_LIMITS.maxTotalBytes) throw new InputError(`${r.label}: more than ${BSDATA_LIMITS.maxTotalBytes} bytes of XML`);
    texts.push({ file: name, text: await file.text() });
  }
  const index = indexBsdataFiles(texts, r.label);
  index.fileErrors.unshift(...skipped);
  if (!index.gameSystem && index.catalogues.length === 0)
    throw new InputError(`${r.label}: no readable catalogue (${index.fileErrors[0] ? `${index.fileErrors[0].file}: ${index.fileErrors[0].error}` : "no .cat or .gst file"})`);
  return importFromIndex(index);
}

Comlink.expose(bsdataApi);
