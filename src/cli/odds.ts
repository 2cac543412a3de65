/** `tactica odds aos|mesbg FILE [--json] [--samples N] [--seed S] [--engine wasm|ts]` */
import { parseArgs } from "node:util";
import { z } from "zod";
import { type AosOddsReport, aosOddsExact, aosOddsSample } from "../aos/odds/index.js";
import { atLeast } from "../core/pmf.js";
import { parseOrThrow } from "../core/errors.js";
import { MAX_SAMPLES } from "../core/montecarlo.js";
import { loadCore } from "../core/wasm.js";
import { type MesbgOddsReport, mesbgOddsExact, mesbgOddsSample } from "../mesbg/odds/index.js";
import { histogram, pct } from "./format.js";
import { readJsonInput } from "./io.js";

export const ODDS_USAGE = `tactica odds aos FILE [--json] [--samples N] [--seed S] [--engine wasm|ts]
tactica odds mesbg FILE [--json] [--samples N] [--seed S] [--engine wasm|ts]

  FILE        a JSON profile (see README "Odds input"); - reads stdin
  --json      machine-readable output
  --samples N Monte Carlo estimate from N seeded samples instead of the exact result (1..${MAX_SAMPLES})
  --seed S    seed for --samples (default 1)
  --engine    wasm (default) or ts: which implementation computes it`;

const optionsSchema = z.strictObject({
  game: z.enum(["aos", "mesbg"], { message: 'must be "aos" or "mesbg"' }),
  file: z.string().min(1, "give a JSON file (or - for stdin)"),
  json: z.boolean(),
  samples: z.coerce.number().int("must be a whole number").min(1).max(MAX_SAMPLES).optional(),
  seed: z.coerce.number().int("must be a whole number").min(0).max(4294967295).default(1),
  engine: z.enum(["wasm", "ts"]).default("wasm"),
});

export async function oddsCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: "boolean", default: false },
      samples: { type: "string" },
      seed: { type: "string" },
      engine: { type: "string" },
    },
  });
  if (positionals.length > 2) throw new (await import("../core/errors.js")).InputError(`unexpected argument "${positionals[2]}"\n${ODDS_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { game: positionals[0], file: positionals[1], ...values }, "odds");
  const input = await readJsonInput(opts.file);
  const core = opts.engine === "wasm" ? await loadCore() : undefined;
  if (opts.game === "aos") {
    const r = opts.samples ? aosOddsSample(input, opts.samples, opts.seed, core) : aosOddsExact(input, core);
    out(opts.json ? JSON.stringify(r) : formatAos(r));
  } else {
    const r = opts.samples ? mesbgOddsSample(input, opts.samples, opts.seed, core) : mesbgOddsExact(input, core);
    out(opts.json ? JSON.stringify(r) : formatMesbg(r));
  }
  return 0;
}

function methodLine(r: { method: string; engine: string; samples?: number; seed?: number }): string {
  return r.method === "exact"
    ? `exact (${r.engine === "wasm" ? "Wasm" : "TypeScript"})`
    : `Monte Carlo, ${r.samples} samples, seed ${r.seed} (${r.engine === "wasm" ? "Wasm" : "TypeScript"})`;
}

export function formatAos(r: AosOddsReport): string {
  const slainAtLeast = atLeast(r.slain.pmf);
  const lines = [
    `${r.attacker} attacking ${r.defender} (${r.models} model${r.models === 1 ? "" : "s"}, Health ${r.health}) — ${methodLine(r)}`,
    "",
    `Damage:        mean ${r.damage.mean.toFixed(3)}`,
    `Models slain:  mean ${r.slain.mean.toFixed(3)} of ${r.models}`,
    `Unit destroyed: ${pct(r.destroyed, 2)}`,
    "",
    "Chance to slay at least k models:",
    ...slainAtLeast.slice(1).map((p, i) => `  ${String(i + 1).padStart(3)}+  ${pct(p, 2).padStart(7)}`).filter((_, i) => i < 12 || i === slainAtLeast.length - 2),
    "",
    "Models slain (exactly):",
    ...histogram(r.slain.pmf, (k) => String(k)),
    "",
    "Damage (exactly):",
    ...histogram(r.damage.pmf, (k) => String(k)),
  ];
  return lines.join("\n");
}

export function formatMesbg(r: MesbgOddsReport): string {
  const lines = [
    `${r.a} against ${r.b} — ${methodLine(r)}`,
    "",
    `${r.a} wins the duel: ${pct(r.aWinsDuel, 2)}   slays: ${pct(r.aSlaysB, 2)}   wound chance per strike: ${pct(r.aWoundChance, 2)}`,
    `${r.b} wins the duel: ${pct(r.bWinsDuel, 2)}   slays: ${pct(r.bSlaysA, 2)}   wound chance per strike: ${pct(r.bWoundChance, 2)}`,
    "",
    `Wounds ${r.b} loses:`,
    ...histogram(r.bWoundsLost, (k) => String(k)),
    "",
    `Wounds ${r.a} loses:`,
    ...histogram(r.aWoundsLost, (k) => String(k)),
  ];
  return lines.join("\n");
}
