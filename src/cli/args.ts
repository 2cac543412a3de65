/** Command-line parsing shared by the commands: node:util parseArgs, plus what it gets wrong for a user. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { MAX_SEED } from "../core/rng.js";

/**
 * parseArgs refuses `--seed -1` ("argument is ambiguous"): a value that looks like a negative number after an
 * option that takes a value is that option's value, as in `--seed=-1`, so the option's own range check
 * answers (the same message for both spellings).
 */
export function joinNegativeValues(argv: readonly string[], options: NonNullable<ParseArgsConfig["options"]>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const name = a.startsWith("--") && !a.includes("=") ? a.slice(2) : undefined;
    const next = argv[i + 1];
    if (name !== undefined && Object.hasOwn(options, name) && options[name]!.type === "string" && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** parseArgs with positionals allowed, strict options, and negative numbers as values. */
export function parseCommandArgs<O extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: O) {
  return parseArgs({ args: joinNegativeValues(argv, options), allowPositionals: true, strict: true, options });
}

export { MAX_SEED };

const SEED_RANGE = `must be a whole number from 0 to ${MAX_SEED}`;

/** --seed: a whole number 0..4294967295, one message whatever is wrong; an empty string is refused (it used to mean 0). */
export const seedOption = z
  .string()
  .trim()
  .min(1, { message: `must not be empty: a whole number from 0 to ${MAX_SEED}`, abort: true })
  .regex(/^\d{1,10}$/, SEED_RANGE)
  .pipe(z.coerce.number<string>().max(MAX_SEED, SEED_RANGE))
  .default(1);
