/**
 * The files a command writes (`--save` of battle / mesbg / campaign, `--out` of import and matrix, `--csv` of
 * matrix), checked BEFORE the command does its work, so nothing already saved is lost and a long job is not
 * thrown away at its end for a path that could never be written:
 *
 * - the path's folder must exist and the path must not be a folder (or a device, a pipe...);
 * - it must not be the same file as an input of the run (compared by device and inode, so a hard link or a
 *   symbolic link to an input is caught too) or as another output of it;
 * - an existing file is replaced only when it is a file this very command writes (a save of the same game, a
 *   matrix result: `replaces`), or with `--force`; else the user is told to remove it or give --force.
 *
 * Every refusal is an InputError (exit 2) naming the flag. Writes are atomic: a temporary file beside the
 * target, then a rename (a failed write leaves the old file).
 */
import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { access, link, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { InputError, writeErrorText } from "../core/errors.js";

/** A file the command reads: `flag` names it in messages (`--a`, `LIST 2`, `FILE`); "-" (stdin) and names that are no file are skipped. */
export interface InputFile {
  flag: string;
  file: string | undefined;
}

/** A file the command writes. */
export interface OutputFile {
  flag: string;
  file: string | undefined;
  /** An existing file it may replace without --force: what such a file is ("a tactica aos save"), and the test. */
  replaces?: { what: string; test: (file: string) => Promise<boolean> };
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/** The path's identity before it exists: its folder's real path and its name. */
async function pathKey(file: string): Promise<string> {
  try {
    return join(await realpath(dirname(resolve(file))), basename(file));
  } catch {
    return resolve(file);
  }
}

const sameFile = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;

/**
 * Refuses (InputError, exit 2, naming the flag) every output that cannot or must not be written; `force`
 * (--force) allows replacing an existing file, never an input, a folder or another output of the run.
 * `--force` without any output to write is refused too.
 */
export async function checkOutputs(outputs: readonly OutputFile[], inputs: readonly InputFile[], force: boolean): Promise<Map<string, Stats | null>> {
  const given = outputs.filter((o): o is OutputFile & { file: string } => o.file !== undefined);
  if (force && given.length === 0) {
    const flags = outputs.map((o) => o.flag).join(" or ");
    throw new InputError(`--force: lets ${flags} overwrite an existing file; give it only with ${flags}`);
  }
  const inputStats: { flag: string; file: string; stats: Stats }[] = [];
  for (const i of inputs) {
    if (i.file === undefined || i.file === "-") continue;
    const s = await statOrNull(i.file);
    if (s?.isFile()) inputStats.push({ flag: i.flag, file: i.file, stats: s });
  }
  const seen: { flag: string; key: string; stats: Stats | null }[] = [];
  const found = new Map<string, Stats | null>();
  for (const o of given) {
    const fail = (what: string) => new InputError(`${o.flag}: ${what}`);
    const cannot = (reason: string) => fail(`cannot write ${o.file}: ${reason}`);
    if (o.file === "-") throw fail(`"-" is not a file name here (write to a file)`);
    // Its folder: there, a folder, and writable.
    const folder = dirname(resolve(o.file));
    try {
      const d = await stat(folder);
      if (!d.isDirectory()) throw cannot("a part of the path is not a folder");
      await access(folder, constants.W_OK);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw cannot(writeErrorText(e));
    }
    let s: Stats | null;
    try {
      s = await stat(o.file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException | null)?.code;
      if (code !== "ENOENT") throw cannot(writeErrorText(e));
      s = null;
    }
    if (s?.isDirectory()) throw cannot("it is a folder");
    if (s && !s.isFile()) throw cannot("it is not a regular file");
    if (s) {
      const input = inputStats.find((i) => sameFile(i.stats, s));
      if (input) throw fail(`${o.file} is the same file as ${input.flag} ${input.file}, an input of this command: write to another file`);
    }
    const key = await pathKey(o.file);
    const twin = seen.find((x) => x.key === key || (s !== null && x.stats !== null && sameFile(x.stats, s)));
    if (twin) throw fail(`${o.file} is the same file as ${twin.flag}: give each its own file`);
    seen.push({ flag: o.flag, key, stats: s });
    if (s && !force && !(o.replaces && (await o.replaces.test(o.file).catch(() => false)))) {
      throw fail(`${o.file} already exists${o.replaces ? ` and is not ${o.replaces.what}` : ""}: remove it, write to another file, or give --force to overwrite it`);
    }
    found.set(o.flag, s);
  }
  return found;
}

/**
 * A long job's result at its end (`tactica matrix --out/--csv`): `o.file` was checked before the job
 * (checkOutputs, which gave `before`); a file that appeared there or changed during the job is not replaced
 * unless --force or it is what `o` may replace. Then, or when the file cannot be written any more, the result
 * goes to the first free `FILE.1` … `FILE.99` beside it, else to the system's temporary folder — never lost,
 * never over another file. Returns where it went and, when not to `o.file`, why.
 */
export async function writeJobResult(o: OutputFile & { file: string }, text: string, force: boolean, before: Stats | null | undefined): Promise<{ file: string; why?: string }> {
  const now = await statOrNull(o.file);
  const unchanged = now === null || (before != null && sameFile(before, now) && now.mtimeMs === before.mtimeMs && now.size === before.size);
  let why: string;
  if (unchanged || force || (o.replaces !== undefined && (await o.replaces.test(o.file).catch(() => false)))) {
    try {
      await writeAtomic(o.file, text, o.flag);
      return { file: o.file };
    } catch (e) {
      why = (e as Error).message;
    }
  } else {
    why = `${o.flag}: ${o.file} ${before == null ? "appeared" : "changed"} during the job${o.replaces ? ` and is not ${o.replaces.what}` : ""}: it is kept, not overwritten`;
  }
  const candidates = [...Array.from({ length: 99 }, (_, i) => `${o.file}.${i + 1}`), join(tmpdir(), `tactica-${basename(o.file)}-${process.pid}-${randomBytes(4).toString("hex")}`)];
  for (const file of candidates) {
    if (await statOrNull(file)) continue;
    // A temporary file linked to its name: the name is taken only if free, and never half written.
    const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
    try {
      await writeFile(tmp, text, { encoding: "utf8", flag: "wx" });
      await link(tmp, file);
      await rm(tmp, { force: true });
      return { file, why };
    } catch {
      await rm(tmp, { force: true });
    }
  }
  throw new InputError(`${why}; and no other file could be written`);
}

/** The JSON in `file` if it is at most `maxBytes` and parses; else undefined (for recognising a file, never for reading input). */
export async function peekJson(file: string, maxBytes: number): Promise<unknown> {
  try {
    const s = await stat(file);
    if (!s.isFile() || s.size > maxBytes) return undefined;
    const text = await readFile(file, "utf8");
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Writes via a temporary file beside it and a rename, so a reader never sees half a file and a failed write
 * leaves the old one; a failure is an InputError naming the flag and the file (exit 2), and the temporary
 * file is removed.
 */
export async function writeAtomic(file: string, text: string, flag: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(tmp, text, { encoding: "utf8", flag: "wx" });
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw new InputError(`${flag}: cannot write ${file}: ${writeErrorText(e)}`);
  }
}
