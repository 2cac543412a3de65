/** `tactica score FILE [--json]`: the digital scoring sheet of a Pitched Battle (PB-SCORESHEET). */
import { SCORE_USAGE } from "./usage.js";
import { z } from "zod";
import { parseCommandArgs } from "./args.js";
import { formatReport, scoreSheet } from "../aos/scoresheet/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { readJsonInput } from "./io.js";


const optionsSchema = z.strictObject({
  file: z.string().min(1, "give a JSON score file (or - for stdin)"),
  json: z.boolean(),
});

export async function scoreCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { json: { type: "boolean", default: false } });
  if (positionals.length > 1) throw new InputError(`unexpected argument "${positionals[1]!.slice(0, 60)}"\n${SCORE_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { file: positionals[0], ...values }, "score");
  const input = await readJsonInput(opts.file);
  const report = scoreSheet(input, opts.file === "-" ? "stdin" : opts.file);
  out(opts.json ? JSON.stringify(report, null, 2) : formatReport(report));
  return 0;
}
