/**
 * The `tactica` command. Thin: parses arguments, calls the library, prints. Bad input (a zod failure, an
 * unknown option, a missing file) prints one line naming the field and exits with code 2; an internal error
 * prints one line and exits with 1 (TACTICA_DEBUG=1 shows the stack).
 */
import { InputError } from "../core/errors.js";
import { ARMIES_USAGE, armiesCommand } from "./armies.js";
import { BATTLE_USAGE, battleCommand } from "./battle.js";
import { CAMPAIGN_USAGE, campaignCommand } from "./campaign.js";
import { IMPORT_USAGE, importCommand } from "./import.js";
import { MATCHUP_USAGE, matchupCommand } from "./matchup.js";
import { MESBG_USAGE, mesbgCommand } from "./mesbg.js";
import { ODDS_USAGE, oddsCommand } from "./odds.js";
import { SCORE_USAGE, scoreCommand } from "./score.js";
import { UNITS_USAGE, unitsCommand } from "./units.js";

export const USAGE = `tactica — AI opponent and strategy analysis for Age of Sigmar, Middle-earth SBG and a map campaign

Commands:
${ODDS_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${MESBG_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${BATTLE_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${MATCHUP_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${SCORE_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${ARMIES_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${UNITS_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${IMPORT_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

${CAMPAIGN_USAGE.split("\n").map((l) => `  ${l}`).join("\n")}

  tactica help | --help       this text
  tactica --version`;

/** Each command's own usage, for `tactica COMMAND --help`. */
const COMMAND_USAGE: Record<string, string> = {
  odds: ODDS_USAGE,
  mesbg: MESBG_USAGE,
  matchup: MATCHUP_USAGE,
  battle: BATTLE_USAGE,
  score: SCORE_USAGE,
  armies: ARMIES_USAGE,
  units: UNITS_USAGE,
  campaign: CAMPAIGN_USAGE,
  import: IMPORT_USAGE,
};

export async function run(argv: string[], out: (s: string) => void = (s) => process.stdout.write(`${s}\n`)): Promise<number> {
  const [command, ...rest] = argv;
  // `tactica battle --help` (or -h, or `tactica help battle`): that command's usage.
  const usage = command === "help" && rest[0] !== undefined ? COMMAND_USAGE[rest[0]] : command !== undefined && (rest.includes("--help") || rest.includes("-h")) ? COMMAND_USAGE[command] : undefined;
  if (usage !== undefined) {
    out(usage);
    return 0;
  }
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      out(USAGE);
      return 0;
    case "--version":
      out("tactica 0.1.0");
      return 0;
    case "odds":
      return oddsCommand(rest, out);
    case "mesbg":
      return mesbgCommand(rest, out);
    case "matchup":
      return matchupCommand(rest, out);
    case "battle":
      return battleCommand(rest, out);
    case "score":
      return scoreCommand(rest, out);
    case "armies":
      return armiesCommand(rest, out);
    case "units":
      return unitsCommand(rest, out);
    case "campaign":
      return campaignCommand(rest, out);
    case "import":
      return importCommand(rest, out);
    default:
      throw new InputError(`unknown command "${command}" (try: tactica --help)`);
  }
}

/** Maps errors to the exit-code convention. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (e) {
    const err = e as Error & { code?: string };
    // node:util parseArgs errors are input errors too (unknown option, missing value).
    const isInput = e instanceof InputError || (typeof err.code === "string" && err.code.startsWith("ERR_PARSE_ARGS"));
    process.stderr.write(`tactica: ${err.message.split("\n")[0]}\n`);
    if (process.env.TACTICA_DEBUG) process.stderr.write(`${err.stack}\n`);
    return isInput ? 2 : 1;
  }
}
