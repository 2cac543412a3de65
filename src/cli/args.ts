/** Command-line parsing shared by the commands: node:util parseArgs, plus what it gets wrong for a user. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
import { MAX_SEED } from "../core/rng.js";
import { InputError } from "../core/errors.js";
import { nearest } from "./nearest.js";

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

/**
 * parseArgs with positionals allowed, strict options, and negative numbers as values. Its own errors are
 * reworded for a user: an unknown option names the nearest one (a typo such as `--budjet`) and the --help
 * that lists them, a missing value says which option wants one.
 */
export function parseCommandArgs<O extends NonNullable<ParseArgsConfig["options"]>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: joinNegativeValues(argv, options), allowPositionals: true, strict: true, options });
  } catch (e) {
    throw new InputError(argsMessage(e as Error & { code?: string }, Object.keys(options)));
  }
}

/** A parseArgs error in the CLI's words (exported for its test). */
export function argsMessage(e: Error & { code?: string }, names: readonly string[]): string {
  if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const given = /^Unknown option '([^']*)'/.exec(e.message)?.[1] ?? "";
    const near = nearest(given.replace(/^-+/, "").split("=")[0]!, names);
    return `Unknown option '${given}'${near ? ` (did you mean --${near}?)` : ""}; the command's --help lists its options`;
  }
  if (e.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const missing = /^Option '(?:-\w, )?--([\w-]+) <value>' argument missing/.exec(e.message);
    if (missing) return `--${missing[1]}: needs a value`;
    const flag = /^Option '(?:-\w, )?--([\w-]+)' does not take an argument/.exec(e.message);
    if (flag) return `--${flag[1]}: takes no value (it is on when given)`;
  }
  return e.message;
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
