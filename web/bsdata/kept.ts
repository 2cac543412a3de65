/**
 * The BSData factions kept in this browser: IndexedDB database "tactica-bsdata", store "kept", one record.
 * Read, checked (every warscroll and lore crosses bsdataImportSchema again), merged and written by the BSData
 * worker (bsdata-worker.ts), so the page's thread never parses or checks the 2,000-odd warscrolls of a
 * folder; the page holds the result (store.ts).
 */
import { z } from "zod";
import { type BsdataImport, bsdataImportSchema } from "../../src/aos/bsdata/import.js";
import { idbStore } from "../idb.js";

const KEY = "factions";
const VERSION = 1;
const run = idbStore("tactica-bsdata", "kept");

export const keptSchema = z.strictObject({
  version: z.literal(VERSION),
  /** Where the factions came from: a folder's name, or "3 files", one per load. */
  sources: z.array(z.string().max(300)).max(100),
  import: bsdataImportSchema,
  savedAt: z.string().max(40),
});
export type KeptBsdata = z.output<typeof keptSchema>;

/** What IndexedDB keeps, checked (undefined: nothing kept); a record that does not pass is an Error saying why. */
export async function readKeptBsdata(): Promise<KeptBsdata | undefined> {
  const raw = await run<unknown>("readonly", (s) => s.get(KEY));
  if (raw === undefined) return undefined;
  const r = keptSchema.safeParse(raw);
  if (!r.success) throw new Error(`the BSData kept in this browser does not read (${r.error.issues[0]?.message ?? "invalid"}); load the folder again`);
  return r.data;
}

export const writeKeptBsdata = (k: KeptBsdata): Promise<void> => run("readwrite", (s) => s.put(k, KEY));
export const deleteKeptBsdata = (): Promise<void> => run("readwrite", (s) => s.delete(KEY));

/**
 * A load's factions added to those kept: a faction (or lore) loaded again replaces its older copy; the
 * file errors are the last load's. Only factions with a readable warscroll are added.
 */
export function mergeKept(before: KeptBsdata | undefined, imp: BsdataImport, label: string): KeptBsdata {
  const factions = imp.factions.filter((f) => f.warscrolls.length > 0);
  const names = new Set(factions.map((f) => f.faction.toLowerCase()));
  const loreNames = new Set(imp.lores.map((l) => l.name.toLowerCase()));
  const sources = [...(before?.sources ?? []).filter((s) => s !== label), label].slice(-100);
  return keptSchema.parse({
    version: VERSION,
    sources,
    import: {
      dir: sources.join(", "),
      factions: [...(before?.import.factions ?? []).filter((f) => !names.has(f.faction.toLowerCase())), ...factions],
      lores: [...(before?.import.lores ?? []).filter((l) => !loreNames.has(l.name.toLowerCase())), ...imp.lores],
      loreFailures: imp.loreFailures,
      fileErrors: imp.fileErrors,
    },
    savedAt: new Date().toISOString(),
  });
}
