/**
 * A cache of parsed BSData imports on disk, so a second run does not re-read and re-parse every catalogue
 * (about 2 s for the 4th-edition folder). The key is the folder's absolute path and each .cat/.gst file's
 * name, size and modification time: any change to the folder makes a new entry. The cache lives in
 * $TACTICA_CACHE (or $XDG_CACHE_HOME/tactica, or ~/.cache/tactica); TACTICA_CACHE=off turns it off. What is
 * read back crosses the warscroll and lore schemas like any other file; a damaged entry is ignored.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { type BsdataImport, bsdataImportSchema } from "./import.js";

const CACHE_VERSION = 2; // 2: a command's cost other than 1 in its timing (warscrolls.ts abilityJson)

const cacheSchema = z.strictObject({
  version: z.literal(CACHE_VERSION),
  key: z.string(),
  import: bsdataImportSchema,
});

export function cacheDir(): string | null {
  const env = process.env.TACTICA_CACHE;
  if (env === "off" || env === "0") return null;
  if (env) return env;
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "tactica");
}

/** The folder's fingerprint: its path and each catalogue's name, size and mtime. */
export async function folderKey(dir: string): Promise<string> {
  const abs = path.resolve(dir);
  const names = (await readdir(abs)).filter((n) => /\.(cat|gst)$/i.test(n)).sort();
  const h = createHash("sha256").update(`${CACHE_VERSION}\0${abs}`);
  for (const n of names) {
    const s = await stat(path.join(abs, n));
    h.update(`\0${n}\0${s.size}\0${s.mtimeMs}`);
  }
  return h.digest("hex").slice(0, 32);
}

export async function readCached(dir: string): Promise<BsdataImport | undefined> {
  const root = cacheDir();
  if (!root) return undefined;
  try {
    const key = await folderKey(dir);
    const text = await readFile(path.join(root, `bsdata-${key}.json`), "utf8");
    const r = cacheSchema.safeParse(JSON.parse(text));
    if (!r.success || r.data.key !== key) return undefined;
    return r.data.import as BsdataImport;
  } catch {
    return undefined;
  }
}

export async function writeCached(dir: string, imp: BsdataImport): Promise<void> {
  const root = cacheDir();
  if (!root) return;
  try {
    const key = await folderKey(dir);
    await mkdir(root, { recursive: true });
    const file = path.join(root, `bsdata-${key}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ version: CACHE_VERSION, key, import: imp }));
    await rename(tmp, file);
  } catch {
    // A cache that cannot be written only costs the next run its time.
  }
}
