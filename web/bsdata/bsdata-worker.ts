/**
 * The BSData worker: the .cat/.gst files the user picked (or dropped) are read and parsed here, never on the
 * page's thread — the 4th-edition folder is about 27 MB of XML and seconds of work. The request crosses a
 * schema (how many files, how large, named how); a file that cannot be read or parsed is named in the
 * import's `fileErrors` and the rest still loads, as `tactica units --bsdata DIR` does. One request per
 * worker: the page starts it for a load and ends it after (web/bsdata/store.ts).
 */
import * as Comlink from "comlink";
import { z } from "zod";
import { BSDATA_LIMITS, indexBsdataFiles } from "../../src/aos/bsdata/catalogue.js";
import { type BsdataImport, importFromIndex } from "../../src/aos/bsdata/import.js";
import { InputError, parseOrThrow } from "../../src/core/errors.js";

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

export const bsdataApi = {
  ping: () => true,
  async importFiles(request: unknown): Promise<BsdataImport> {
    try {
      const r = parseOrThrow(requestSchema, request, "BSData files");
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
    } catch (e) {
      rethrow(e);
    }
  },
};
export type BsdataApi = typeof bsdataApi;

Comlink.expose(bsdataApi);
