/** Reading user files and stdin with size bounds, and the CLI's error convention (exit 2 for bad input). */
import { readFile, stat } from "node:fs/promises";
import { InputError, parseJsonText } from "../core/errors.js";

export const MAX_INPUT_BYTES = 1_000_000;

/** What a failed read means to the user, from Node's error code. */
const READ_ERRORS: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOENT: "no such file",
  ENOTDIR: "no such file (a part of the path is not a folder)",
  EISDIR: "it is a folder, not a file",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
  EMFILE: "too many open files",
  EIO: "input/output error",
};

/** "cannot read FILE: permission denied" for any error of stat or read. */
export function cannotRead(file: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const why = typeof code === "string" && Object.hasOwn(READ_ERRORS, code) ? READ_ERRORS[code]! : (code ?? "error");
  return new InputError(`cannot read ${file}: ${why}`);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new InputError("FILE: give a JSON file, or - and pipe the JSON on stdin");
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_INPUT_BYTES) throw new InputError(`stdin: larger than ${MAX_INPUT_BYTES} bytes`);
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannotRead("stdin", e);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON in FILE (or stdin for "-"), or an InputError naming the file. */
export async function readJsonInput(file: string): Promise<unknown> {
  if (file === "-") return parseJsonText(await readStdin(), "stdin", MAX_INPUT_BYTES);
  let text: string;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new InputError(`cannot read ${file}: ${s.isDirectory() ? "it is a folder, not a file" : "not a file"}`);
    if (s.size > MAX_INPUT_BYTES) throw new InputError(`${file}: larger than ${MAX_INPUT_BYTES} bytes; is this the right file?`);
    text = await readFile(file, "utf8");
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw cannotRead(file, e);
  }
  return parseJsonText(text, file, MAX_INPUT_BYTES);
}
