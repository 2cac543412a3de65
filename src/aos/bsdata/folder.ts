/**
 * A BSData folder read from disk (the CLI's `--bsdata DIR`): the .gst and .cat files of the folder, within
 * `BSDATA_LIMITS`, indexed by catalogue.ts and imported by import.ts. The only part of src/aos/bsdata that
 * needs Node's file system, kept apart so the dashboard's worker (web/bsdata/) never bundles it.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { InputError } from "../../core/errors.js";
import { BSDATA_LIMITS, type BsIndex, indexBsdataFiles } from "./catalogue.js";
import { type BsdataImport, importFromIndex } from "./import.js";

/** Reads every .gst and .cat file of a folder, within `BSDATA_LIMITS`. */
export async function loadBsdataFolder(dir: string): Promise<BsIndex> {
  let names: string[];
  try {
    const s = await stat(dir);
    if (!s.isDirectory()) throw new InputError(`--bsdata ${dir}: not a folder`);
    names = await readdir(dir);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`--bsdata ${dir}: cannot read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const xmlFiles = names.filter((n) => /\.(cat|gst)$/i.test(n)).sort();
  if (xmlFiles.length === 0) throw new InputError(`--bsdata ${dir}: no .gst or .cat files (is this a BSData folder?)`);
  if (xmlFiles.length > BSDATA_LIMITS.maxFiles) throw new InputError(`--bsdata ${dir}: more than ${BSDATA_LIMITS.maxFiles} catalogue files`);
  const files: { file: string; text: string }[] = [];
  const fileErrors: { file: string; error: string }[] = [];
  let total = 0;
  for (const file of xmlFiles) {
    const full = path.join(dir, file);
    const s = await stat(full);
    if (!s.isFile()) continue;
    if (s.size > BSDATA_LIMITS.maxFileBytes) {
      fileErrors.push({ file, error: `larger than ${BSDATA_LIMITS.maxFileBytes} bytes; skipped` });
      continue;
    }
    total += s.size;
    if (total > BSDATA_LIMITS.maxTotalBytes) throw new InputError(`--bsdata ${dir}: more than ${BSDATA_LIMITS.maxTotalBytes} bytes of XML`);
    files.push({ file, text: await readFile(full, "utf8") });
  }
  const index = indexBsdataFiles(files, dir);
  index.fileErrors.unshift(...fileErrors);
  return index;
}

export async function importBsdata(dir: string, faction?: string): Promise<BsdataImport> {
  const index = await loadBsdataFolder(dir);
  if (!index.gameSystem && index.catalogues.length === 0)
    throw new InputError(`--bsdata ${dir}: no readable catalogue (${index.fileErrors[0]?.error ?? "no files"})`);
  return importFromIndex(index, faction);
}
