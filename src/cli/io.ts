/** Reading user files and stdin with size bounds, and the CLI's error convention (exit 2 for bad input). */
import { readFile, stat } from "node:fs/promises";
import { InputError, parseJsonText } from "../core/errors.js";

export const MAX_INPUT_BYTES = 1_000_000;

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new InputError("FILE: give a JSON file, or - and pipe the JSON on stdin");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw new InputError(`stdin: larger than ${MAX_INPUT_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON in FILE (or stdin for "-"), or an InputError naming the file. */
export async function readJsonInput(file: string): Promise<unknown> {
  if (file === "-") return parseJsonText(await readStdin(), "stdin", MAX_INPUT_BYTES);
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new InputError(`${file}: not a file`);
    size = s.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if (size > MAX_INPUT_BYTES) throw new InputError(`${file}: larger than ${MAX_INPUT_BYTES} bytes; is this the right file?`);
  return parseJsonText(await readFile(file, "utf8"), file, MAX_INPUT_BYTES);
}
