/**
 * Errors a user can act on. Anything that crosses the edge (CLI argument, file, form field, worker
 * message) is parsed with zod; a failure becomes an `InputError` whose message names the field and what is
 * wrong, in one line. The CLI prints it and exits with code 2; it never shows a stack trace.
 */
import type { z } from "zod";

export class InputError extends Error {
  override name = "InputError";
  constructor(message: string) {
    super(message);
  }
}

/** The user chose to stop (`q` in a game at the terminal): not an error, the CLI exits 0. */
export class UserQuit extends Error {
  override name = "UserQuit";
  constructor(message: string) {
    super(message);
  }
}

/** `attacker.weapons[0].hit` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out === "" ? "(the input)" : out;
}

/**
 * zod's wording for a missing field is "expected X, received undefined": say "is required". A command-line
 * number that is not one (`--games abc`, coerced to NaN) reads "expected number, received NaN": say so plainly.
 */
function friendly(message: string): string {
  const m = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  if (m) return `is required (${m[1]})`;
  if (message === "Invalid input: expected number, received NaN") return "must be a number";
  return message;
}

/** One line per issue, the first few only, so a hostile file cannot flood the terminal. */
export function describeZodError(error: z.ZodError, where?: string): string {
  const issues = error.issues.slice(0, 3).map((i) => `${fieldPath(i.path)}: ${friendly(i.message)}`);
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return `${where ? `${where}: ` : ""}${issues.join("; ")}${more}`;
}

/** Parse with a schema or throw an `InputError` naming the field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new InputError(describeZodError(r.error, where));
  return r.data;
}

/**
 * Parse JSON text with a size bound; a syntax error names the file and position, not a stack. A UTF-8
 * byte-order mark at the start (editors on Windows write one) is not part of the JSON and is skipped.
 */
export function parseJsonText(text: string, where: string, maxBytes = 1_000_000): unknown {
  if (text.length > maxBytes) throw new InputError(`${where}: larger than ${maxBytes} bytes; is this the right file?`);
  try {
    // "__proto__" as a key would be dropped or change an object's prototype in later copies: refused in
    // every file, so no table, record or profile can carry one (issue 17).
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, (key, value: unknown) => {
      if (key === "__proto__") throw new InputError(`${where}: the key "__proto__" is not allowed`);
      return value;
    });
  } catch (e) {
    if (e instanceof InputError) throw e;
    // V8 quotes the text round the fault, line breaks and all: written as \n so the error stays one line.
    throw new InputError(`${where}: not valid JSON (${(e as Error).message.replace(/\r/g, "\\r").replace(/\n/g, "\\n")})`);
  }
}

/** What a failed write (or a path that cannot be written) means to the user, from Node's error code. */
const WRITE_ERRORS: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOENT: "no such folder",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  ENOSPC: "no space left on the device",
  EROFS: "the file system is read-only",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many symbolic links",
};

/** Why a write failed, in the user's words (src/cli/output-file.ts, src/saves/file.ts). */
export function writeErrorText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && Object.hasOwn(WRITE_ERRORS, code) ? WRITE_ERRORS[code]! : (code ?? (e as Error).message);
}
