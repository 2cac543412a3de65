/**
 * The `tactica` command. Thin: parses arguments, calls the library, prints. Bad input (a zod failure, an
 * unknown option, a missing file) prints one line naming the field and exits with code 2; an internal error
 * prints one line and exits with 1 (TACTICA_DEBUG=1 shows the stack). A player who quits a game (`q`) exits 0.
 *
 * Each command is imported only when it runs (`--help` loads nothing but usage.ts): the built CLI
 * (build/cli/, scripts/build-cli.mjs) keeps each command in its own chunk.
 */
import { InputError, UserQuit } from "../core/errors.js";
import { printable } from "./text.js";
import { COMMAND_USAGE, USAGE } from "./usage.js";

type Out = (s: string) => void;
type Command = (argv: string[], out: Out) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  odds: async () => (await import("./odds.js")).oddsCommand,
  mesbg: async () => (await import("./mesbg.js")).mesbgCommand,
  matchup: async () => (await import("./matchup.js")).matchupCommand,
  battle: async () => (await import("./battle.js")).battleCommand,
  score: async () => (await import("./score.js")).scoreCommand,
  armies: async () => (await import("./armies.js")).armiesCommand,
  units: async () => (await import("./units.js")).unitsCommand,
  campaign: async () => (await import("./campaign.js")).campaignCommand,
  import: async () => (await import("./import.js")).importCommand,
  arena: async () => (await import("./arena.js")).arenaCommand,
  coach: async () => (await import("./coach.js")).coachCommand,
  matrix: async () => (await import("./matrix.js")).matrixCommand,
  worker: async () => (await import("./worker.js")).workerCommand,
  review: async () => (await import("./review.js")).reviewCommand,
};

export { USAGE };

export async function run(argv: string[], out: Out = (s) => process.stdout.write(`${s}\n`)): Promise<number> {
  const print: Out = (s) => out(printable(s));
  const [command, ...rest] = argv;
  // `tactica battle --help` (or -h, or `tactica help battle`): that command's usage.
  const own = (name: string | undefined) => (name !== undefined && Object.hasOwn(COMMAND_USAGE, name) ? COMMAND_USAGE[name] : undefined);
  const usage = command === "help" && rest[0] !== undefined ? own(rest[0]) : rest.includes("--help") || rest.includes("-h") ? own(command) : undefined;
  if (usage !== undefined) {
    print(usage);
    return 0;
  }
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      print(USAGE);
      return 0;
    case "--version":
      print("tactica 0.1.0");
      return 0;
  }
  if (!Object.hasOwn(COMMANDS, command)) {
    // Loaded only for a mistyped command: the entry point stays small (test/cli/bundle.test.ts).
    const { nearest } = await import("./nearest.js");
    const near = nearest(command.slice(0, 60), Object.keys(COMMANDS));
    throw new InputError(`unknown command "${command.slice(0, 60)}"${near ? `: did you mean ${near}?` : ""} (tactica --help lists the commands)`);
  }
  const commandFn = await COMMANDS[command]!();
  return commandFn(rest, print);
}

/** An error is the user's to fix (exit 2) when it says so: its class, or its name once it crossed a worker. */
export function isInputError(e: unknown): boolean {
  if (e instanceof InputError) return true;
  const err = e as { name?: unknown; code?: unknown } | null;
  if (err === null || typeof err !== "object") return false;
  // node:util parseArgs errors are input errors too (unknown option, missing value); an InputError thrown in
  // a worker arrives through Comlink as a plain Error that kept its name.
  return err.name === "InputError" || (typeof err.code === "string" && err.code.startsWith("ERR_PARSE_ARGS"));
}

/** Maps errors to the exit-code convention. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (e) {
    const err = e as Error;
    const message = String(err?.message ?? e).split("\n")[0]!;
    process.stderr.write(`tactica: ${printable(message)}\n`);
    if (process.env.TACTICA_DEBUG) process.stderr.write(`${printable(String(err?.stack))}\n`);
    if (e instanceof UserQuit) return 0;
    return isInputError(e) ? 2 : 1;
  }
}
