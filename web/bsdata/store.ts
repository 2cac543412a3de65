/**
 * The BSData factions the user loaded in the browser: parsed in a worker (bsdata-worker.ts), kept in memory
 * for the pickers and in IndexedDB (database "tactica-bsdata", store "kept") so they survive a reload. A load
 * adds its factions to those kept (a faction loaded again replaces its older copy; lores likewise); a load
 * that brings no faction — a bad file, a folder with no catalogue — changes nothing kept, and its message
 * names the file. What is read back from IndexedDB crosses the import's schema (bsdataImportSchema) again;
 * a kept record that does not pass is dropped with a message. Nothing leaves the machine.
 */
import * as Comlink from "comlink";
import { z } from "zod";
import { mergeLibraries, type Warscroll, type WarscrollLibrary } from "../../src/aos/armies/index.js";
import { BSDATA_LIMITS } from "../../src/aos/bsdata/catalogue.js";
import { type BsdataImport, bsdataImportSchema } from "../../src/aos/bsdata/import.js";
import type { BsdataApi } from "./bsdata-worker.js";

export const BSDATA_FILE = /\.(cat|gst)$/i;

const DB = "tactica-bsdata";
const STORE = "kept";
const KEY = "factions";
const VERSION = 1;

const keptSchema = z.strictObject({
  version: z.literal(VERSION),
  /** Where the factions came from: a folder's name, or "3 files", one per load. */
  sources: z.array(z.string().max(300)).max(100),
  import: bsdataImportSchema,
  savedAt: z.string().max(40),
});
export type KeptBsdata = z.output<typeof keptSchema>;

export type LoadOutcome =
  | { ok: true; factions: string[]; warscrolls: number; fileErrors: { file: string; error: string }[] }
  | { ok: false; message: string; fileErrors: { file: string; error: string }[] };

let kept: KeptBsdata | undefined;
let library: { of: KeptBsdata; lib: WarscrollLibrary } | undefined;
let restoring: Promise<string | null> | undefined;
const listeners: (() => void)[] = [];
const changed = () => listeners.forEach((f) => f());

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB could not be opened"));
  });
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = f(tx.objectStore(STORE));
      let result: T;
      req.onsuccess = () => (result = req.result as T);
      // Resolved once the transaction commits: a reload right after a load finds the factions.
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error ?? req.error ?? new Error("IndexedDB request failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  } finally {
    db.close();
  }
}

/** The factions kept, as an import (undefined: none loaded). */
export function bsdataImport(): BsdataImport | undefined {
  return kept?.import as BsdataImport | undefined;
}

export function bsdataSources(): string[] {
  return kept?.sources ?? [];
}

/** Every loaded BSData warscroll, faction by faction (a unit two catalogues offer appears in each). */
export function bsdataWarscrolls(): Warscroll[] {
  return kept ? kept.import.factions.flatMap((f) => f.warscrolls) : [];
}

/** The loaded warscrolls and lores as a library (undefined: none loaded); the same object until a load changes them. */
export function bsdataLibrary(): WarscrollLibrary | undefined {
  if (!kept) return undefined;
  if (library?.of !== kept) library = { of: kept, lib: { source: `BSData (${kept.sources.join(", ")})`, warscrolls: bsdataWarscrolls(), lores: kept.import.lores } };
  return library.lib;
}

/**
 * The bundled data and the loaded BSData as one library, `prefer` winning for a unit both have — as the CLI's
 * loadLibrary (src/cli/units.ts): "bundled" for lists (the bundled warscrolls carry the 2021 roles), "bsdata"
 * for the odds of units named from BSData.
 */
export function withBsdata(bundled: WarscrollLibrary, prefer: "bundled" | "bsdata"): WarscrollLibrary {
  const bs = bsdataLibrary();
  if (!bs) return bundled;
  const hit = merged.find((m) => m.bs === bs && m.bundled === bundled && m.prefer === prefer);
  if (hit) return hit.lib;
  const source = `the bundled data and ${bs.source}`;
  const lib = prefer === "bundled" ? mergeLibraries(source, bundled, bs) : mergeLibraries(source, bs, bundled);
  merged = [...merged.filter((m) => m.bs === bs), { bs, bundled, prefer, lib }];
  return lib;
}
let merged: { bs: WarscrollLibrary; bundled: WarscrollLibrary; prefer: string; lib: WarscrollLibrary }[] = [];

/** Called after every change to the loaded factions (a load, a restore, a forget). */
export function onBsdataChange(f: () => void): () => void {
  listeners.push(f);
  return () => {
    const i = listeners.indexOf(f);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** What IndexedDB keeps, checked (undefined: nothing kept); a record that does not pass is an Error saying why. */
export async function readKeptBsdata(): Promise<KeptBsdata | undefined> {
  const raw = await run<unknown>("readonly", (s) => s.get(KEY));
  if (raw === undefined) return undefined;
  const r = keptSchema.safeParse(raw);
  if (!r.success) throw new Error(`the BSData kept in this browser does not read (${r.error.issues[0]?.message ?? "invalid"}); load the folder again`);
  return r.data;
}

/**
 * The kept factions restored from IndexedDB, once per page (`again` reads them afresh, as a reload would).
 * Resolves to a message when what was kept could not be used (it is then forgotten), else null.
 */
export function restoreBsdata(again = false): Promise<string | null> {
  if (restoring && !again) return restoring;
  restoring = (async () => {
    try {
      kept = await readKeptBsdata();
      changed();
      return null;
    } catch (e) {
      kept = undefined;
      await run("readwrite", (s) => s.delete(KEY)).catch(() => undefined);
      changed();
      return (e as Error).message;
    }
  })();
  return restoring;
}

/** The files of a load, bounded before any is read: the name each goes by, and the label of the load. */
export function bsdataRequest(files: readonly { name: string; file: Blob }[], label?: string): { label: string; files: { name: string; file: Blob }[] } | { error: string } {
  const xml = files.filter((f) => BSDATA_FILE.test(f.name));
  if (xml.length === 0) return { error: files.length ? `no .cat or .gst file among ${files.length} file${files.length === 1 ? "" : "s"} (is this a BSData folder?)` : "no files" };
  if (xml.length > BSDATA_LIMITS.maxFiles) return { error: `more than ${BSDATA_LIMITS.maxFiles} .cat/.gst files; a BSData folder has about 150` };
  const total = xml.reduce((n, f) => n + f.file.size, 0);
  if (total > BSDATA_LIMITS.maxTotalBytes) return { error: `more than ${BSDATA_LIMITS.maxTotalBytes.toLocaleString("en")} bytes of XML` };
  return { label: label ?? `${xml.length} file${xml.length === 1 ? "" : "s"}`, files: xml };
}

/** Parses the files in a worker of their own (ended after), adds their factions to the kept ones. */
export async function loadBsdataFiles(files: readonly { name: string; file: Blob }[], label?: string): Promise<LoadOutcome> {
  const req = bsdataRequest(files, label);
  if ("error" in req) return { ok: false, message: req.error, fileErrors: [] };
  await restoreBsdata();
  const worker = new Worker(new URL("./bsdata-worker.ts", import.meta.url), { type: "module" });
  const api = Comlink.wrap<BsdataApi>(worker);
  let imp: BsdataImport;
  try {
    const failed = new Promise<never>((_, reject) =>
      worker.addEventListener("error", (e) => {
        e.preventDefault();
        reject(new Error(`the BSData worker failed${e.message ? `: ${e.message}` : " to load"}`));
      }),
    );
    imp = await Promise.race([api.importFiles(req), failed]);
  } catch (e) {
    return { ok: false, message: (e as Error).message, fileErrors: [] };
  } finally {
    api[Comlink.releaseProxy]();
    worker.terminate();
  }
  const factions = imp.factions.filter((f) => f.warscrolls.length > 0);
  if (factions.length === 0) {
    const why = imp.fileErrors.length ? "" : " (the files hold no unit a faction offers: is the game system or a library missing?)";
    return { ok: false, message: `${req.label}: no faction with a readable warscroll${why}`, fileErrors: imp.fileErrors };
  }
  const names = new Set(factions.map((f) => f.faction.toLowerCase()));
  const loreNames = new Set(imp.lores.map((l) => l.name.toLowerCase()));
  const before = kept?.import;
  const merged: BsdataImport = {
    dir: [...(kept?.sources ?? []), req.label].join(", "),
    factions: [...(before?.factions ?? []).filter((f) => !names.has(f.faction.toLowerCase())), ...factions],
    lores: [...(before?.lores ?? []).filter((l) => !loreNames.has(l.name.toLowerCase())), ...imp.lores],
    loreFailures: imp.loreFailures,
    fileErrors: imp.fileErrors,
  };
  const next: KeptBsdata = keptSchema.parse({ version: VERSION, sources: [...(kept?.sources ?? []).filter((s) => s !== req.label), req.label].slice(-100), import: merged, savedAt: new Date().toISOString() });
  try {
    await run("readwrite", (s) => s.put(next, KEY));
  } catch (e) {
    kept = next;
    changed();
    return { ok: true, factions: factions.map((f) => f.faction), warscrolls: factions.reduce((n, f) => n + f.warscrolls.length, 0), fileErrors: [...imp.fileErrors, { file: "(this browser)", error: `could not keep the factions for the next visit: ${(e as Error).message}` }] };
  }
  kept = next;
  changed();
  return { ok: true, factions: factions.map((f) => f.faction), warscrolls: factions.reduce((n, f) => n + f.warscrolls.length, 0), fileErrors: imp.fileErrors };
}

/** Forgets every loaded faction, here and in IndexedDB. */
export async function forgetBsdata(): Promise<void> {
  await run("readwrite", (s) => s.delete(KEY));
  kept = undefined;
  changed();
}
