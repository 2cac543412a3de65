/** Writing a save atomically (a temporary file beside it, then a rename) and reading one with a size bound. */
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { InputError, parseJsonText, writeErrorText } from "../core/errors.js";
import { MAX_SAVE_BYTES } from "./format.js";

/**
 * Writes `value` as JSON to `file` through a temporary file in the same folder and a rename, so the file is
 * either the old one or the new one, never half written. A failure is an InputError naming the file.
 * Synchronous: the game loop (and a human's turn at the terminal) is. `fs` is for tests (a failing write).
 */
export function writeJsonAtomic(file: string, value: unknown, fs: { write: typeof writeFileSync; rename: typeof renameSync } = { write: writeFileSync, rename: renameSync }): void {
  const text = JSON.stringify(value);
  if (text.length > MAX_SAVE_BYTES) throw new InputError(`cannot write ${file}: the save would be larger than ${MAX_SAVE_BYTES} bytes`);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    fs.write(tmp, text, { flag: "wx" });
    fs.rename(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new InputError(`cannot write ${file}: ${writeErrorText(e)}`);
  }
}

/** The JSON of a save or position file (at most MAX_SAVE_BYTES), or an InputError naming the file. */
export async function readSaveFile(file: string): Promise<unknown> {
  let text: string;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new InputError(`cannot read ${file}: ${s.isDirectory() ? "it is a folder, not a file" : "not a file"}`);
    if (s.size > MAX_SAVE_BYTES) throw new InputError(`${file}: larger than ${MAX_SAVE_BYTES} bytes; is this a saved game?`);
    text = await readFile(file, "utf8");
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException | null)?.code;
    throw new InputError(`cannot read ${file}: ${code === "ENOENT" ? "no such file" : code === "EACCES" || code === "EPERM" ? "permission denied" : (code ?? "error")}`);
  }
  return parseJsonText(text, file, MAX_SAVE_BYTES);
}
