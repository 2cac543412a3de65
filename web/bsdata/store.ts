/**
 * The BSData factions the user loaded in the browser, for the pickers: kept in memory here and in IndexedDB
 * (kept.ts) so they survive a reload. Parsing a load, merging it into what is kept (a faction loaded again
 * replaces its older copy; lores likewise), writing it, and reading and checking it back after a reload all
 * happen in the BSData worker (bsdata-worker.ts), never on the page's thread. A load that brings no faction
 * — a bad file, a folder with no catalogue — changes nothing kept, and its message names the file; a kept
 * record that does not pass its schema is dropped with a message. Nothing leaves the machine.
 */
import * as Comlink from "comlink";
import { mergeLibraries, type Warscroll, type WarscrollLibrary } from "../../src/aos/armies/index.js";
import { BSDATA_LIMITS } from "../../src/aos/bsdata/catalogue.js";
import type { BsdataImport } from "../../src/aos/bsdata/import.js";
import type { BsdataApi, WorkerLoad } from "./bsdata-worker.js";
import { deleteKeptBsdata, type KeptBsdata } from "./kept.js";

export { readKeptBsdata, type KeptBsdata } from "./kept.js";

export const BSDATA_FILE = /\.(cat|gst)$/i;

export type LoadOutcome =
  | { ok: true; factions: string[]; warscrolls: number; fileErrors: { file: string; error: string }[] }
  | { ok: false; message: string; fileErrors: { file: string; error: string }[] };

let kept: KeptBsdata | undefined;
let library: { of: KeptBsdata; lib: WarscrollLibrary } | undefined;
let merged: { bs: WarscrollLibrary; bundled: WarscrollLibrary; prefer: string; lib: WarscrollLibrary }[] = [];
let restoring: Promise<string | null> | undefined;
const listeners: (() => void)[] = [];
const changed = () => listeners.forEach((f) => f());

/** A BSData worker for one call, ended after it. */
async function withWorker<T>(f: (api: Comlink.Remote<BsdataApi>) => Promise<T>): Promise<T> {
  const worker = new Worker(new URL("./bsdata-worker.ts", import.meta.url), { type: "module" });
  const api = Comlink.wrap<BsdataApi>(worker);
  try {
    const failed = new Promise<never>((_, reject) =>
      worker.addEventListener("error", (e) => {
        e.preventDefault();
        reject(new Error(`the BSData worker failed${e.message ? `: ${e.message}` : " to load"}`));
      }),
    );
    return await Promise.race([f(api), failed]);
  } finally {
    api[Comlink.releaseProxy]();
    worker.terminate();
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

/** Called after every change to the loaded factions (a load, a restore, a forget). */
export function onBsdataChange(f: () => void): () => void {
  listeners.push(f);
  return () => {
    const i = listeners.indexOf(f);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/**
 * The kept factions restored from IndexedDB (read and checked in the worker), once per page (`again` reads
 * them afresh, as a reload would). Resolves to a message when what was kept could not be used (it is then
 * forgotten), else null.
 */
export function restoreBsdata(again = false): Promise<string | null> {
  if (restoring && !again) return restoring;
  restoring = withWorker((api) => api.restore()).then(
    (r) => {
      kept = r.kept;
      changed();
      return r.problem;
    },
    (e: unknown) => (e as Error).message,
  );
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

/** Parses the files in a worker of their own (ended after), which adds their factions to the kept ones. */
export async function loadBsdataFiles(files: readonly { name: string; file: Blob }[], label?: string): Promise<LoadOutcome> {
  const req = bsdataRequest(files, label);
  if ("error" in req) return { ok: false, message: req.error, fileErrors: [] };
  await restoreBsdata();
  let r: WorkerLoad;
  try {
    r = await withWorker<WorkerLoad>((api) => api.load(req) as Promise<WorkerLoad>);
  } catch (e) {
    return { ok: false, message: (e as Error).message, fileErrors: [] };
  }
  if (!r.ok) return r;
  kept = r.kept;
  changed();
  return { ok: true, factions: r.factions, warscrolls: r.warscrolls, fileErrors: r.fileErrors };
}

/** Forgets every loaded faction, here and in IndexedDB. */
export async function forgetBsdata(): Promise<void> {
  await deleteKeptBsdata();
  kept = undefined;
  changed();
}
