/** `tactica odds aos|mesbg FILE [--json] [--samples N] [--seed S] [--engine wasm|ts]` */
import { ODDS_USAGE } from "./usage.js";
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { type AosOddsReport, aosOddsExact, aosOddsInputSchema, aosOddsSample, parseAosOdds, sampleWorkPerSample } from "../aos/odds/index.js";
import { exactWorkEstimate } from "../aos/odds/plan.js";
import { pickAosOddsEngine, pickMesbgOddsEngine } from "../core/odds-engine.js";
import { atLeast } from "../core/pmf.js";
import { parseOrThrow } from "../core/errors.js";
import { MAX_SAMPLES } from "../core/montecarlo.js";
import { loadCore } from "../core/wasm.js";
import { type MesbgOddsReport, mesbgOddsExact, mesbgOddsInputSchema, mesbgOddsSample } from "../mesbg/odds/index.js";
import { histogram, pct } from "./format.js";
import { readJsonInput } from "./io.js";
import { ODDS_LIMITS } from "../aos/odds/schema.js";
import type { Warscroll } from "../aos/armies/warscroll.js";
import type { WarscrollLibrary } from "../aos/armies/library.js";
import { InputError } from "../core/errors.js";

/**
 * "Warscroll/Ability,Warscroll/Ability": split at the commas after an ability's name, so a warscroll with a comma
 * in its name ("Lady Olynder, Mortarch of Grief/Grief-stricken") stays one key.
 */
export function splitAbilityKeys(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (const part of s.split(",")) {
    cur = cur === "" ? part : `${cur},${part}`;
    if (cur.includes("/")) {
      out.push(cur.trim());
      cur = "";
    }
  }
  if (cur.trim() !== "") out.push(cur.trim());
  return out.filter((x) => x.length > 0);
}

const unitName = z.string().trim().min(1).max(200, "must be at most 200 characters");
const modelsOpt = z.coerce.number().int("must be a whole number").min(1).max(ODDS_LIMITS.maxModels);

const optionsSchema = z.strictObject({
  game: z.enum(["aos", "mesbg"], { message: 'must be "aos" or "mesbg"' }),
  file: z.string().min(1, "give a JSON file (or - for stdin)").optional(),
  attacker: unitName.optional(),
  defender: unitName.optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  "attacker-models": modelsOpt.optional(),
  "defender-models": modelsOpt.optional(),
  phase: z.enum(["combat", "shooting"]).default("combat"),
  charged: z.boolean().optional(),
  "target-charged": z.boolean().optional(),
  /** For-the-turn abilities taken as set on the attacker ("Warscroll/Ability", comma-separated): their roll succeeded. */
  "for-the-turn": z
    .string()
    .max(2000)
    .transform((s) => splitAbilityKeys(s))
    .pipe(z.array(z.string().min(1).max(200)).max(20))
    .optional(),
  json: z.boolean(),
  // One message whatever is wrong ('' used to read "Too small", 1e20 two messages).
  samples: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `must be a whole number from 1 to ${MAX_SAMPLES}`)
    .pipe(z.coerce.number<string>().min(1, `must be a whole number from 1 to ${MAX_SAMPLES}`).max(MAX_SAMPLES, `must be a whole number from 1 to ${MAX_SAMPLES}`))
    .optional(),
  seed: seedOption,
  // auto: the faster path for this job (src/core/odds-engine.ts); the same answer either way.
  engine: z.enum(["auto", "wasm", "ts"]).default("auto"),
});

export async function oddsCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
      json: { type: "boolean", default: false },
      samples: { type: "string" },
      seed: { type: "string" },
      engine: { type: "string" },
      attacker: { type: "string" },
      defender: { type: "string" },
      bsdata: { type: "string" },
      "attacker-models": { type: "string" },
      "defender-models": { type: "string" },
      phase: { type: "string" },
      charged: { type: "boolean" },
      "target-charged": { type: "boolean" },
      "for-the-turn": { type: "string" },
    });
  if (positionals.length > 2) throw new InputError(`unexpected argument "${positionals[2]}"\n${ODDS_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { game: positionals[0], file: positionals[1], ...values }, "odds");
  const byName = opts.attacker !== undefined || opts.defender !== undefined;
  if (opts.game === "mesbg" && (byName || opts.bsdata !== undefined))
    throw new InputError("--attacker/--defender/--bsdata: units by name are Age of Sigmar warscrolls; use tactica odds aos");
  if (opts.file === undefined && !(opts.attacker !== undefined && opts.defender !== undefined))
    throw new InputError(`odds: give a JSON file (or - for stdin)${opts.game === "aos" ? ", or both --attacker NAME and --defender NAME" : ""}\n${ODDS_USAGE}`);
  let input: unknown = opts.file === undefined ? {} : await readJsonInput(opts.file);
  if (opts["for-the-turn"] !== undefined && (opts.attacker === undefined || opts.defender === undefined)) throw new InputError("--for-the-turn: give both --attacker NAME and --defender NAME");
  if (opts.game === "aos" && (byName || opts.charged !== undefined || opts["target-charged"] !== undefined)) {
    const r = await unitsByName(input, opts);
    input = r.input;
    if (!opts.json) for (const line of r.lines) out(line);
  }
  // The profile's errors name where it came from (the library's own parse below then cannot fail).
  const source = opts.file === undefined ? "--attacker/--defender" : opts.file === "-" ? "stdin" : opts.file;
  parseOrThrow(opts.game === "aos" ? aosOddsInputSchema : mesbgOddsInputSchema, input, source);
  const engine = opts.engine !== "auto" ? opts.engine : pickEngine(opts.game, input, opts.samples);
  const core = engine === "wasm" ? await loadCore() : undefined;
  if (opts.game === "aos") {
    const r = opts.samples ? aosOddsSample(input, opts.samples, opts.seed, core) : aosOddsExact(input, core);
    out(opts.json ? JSON.stringify(r) : formatAos(r));
  } else {
    const r = opts.samples ? mesbgOddsSample(input, opts.samples, opts.seed, core) : mesbgOddsExact(input, core);
    out(opts.json ? JSON.stringify(r) : formatMesbg(r));
  }
  return 0;
}

/** --engine auto: the faster path for the job's size (the input is valid here: parsed above). */
function pickEngine(game: "aos" | "mesbg", input: unknown, samples: number | undefined): "wasm" | "ts" {
  if (game === "mesbg") return pickMesbgOddsEngine(samples);
  const { plan } = parseAosOdds(input);
  return pickAosOddsEngine({ samples, exactWork: exactWorkEstimate(plan).work, stepsPerSample: sampleWorkPerSample(plan) });
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
    ...(r.abilities.length ? [`With the abilities: ${r.abilities.join(", ")}`] : []),
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

type OddsOptions = z.output<typeof optionsSchema>;

/** The played abilities of both warscrolls in the input (src/aos/abilities/odds-input.ts, shared with the dashboard's picker). */
async function applyAbilities(input: Record<string, unknown>, a: Warscroll, d: Warscroll, opts: OddsOptions, lib: WarscrollLibrary): Promise<string[]> {
  const { applyOddsAbilities } = await import("../aos/abilities/odds-input.js");
  return applyOddsAbilities(input, a, d, {
    phase: opts.phase, charged: opts.charged, targetCharged: opts["target-charged"],
    attackerModels: opts["attacker-models"] ?? a.unitSize, defenderModels: opts["defender-models"] ?? d.unitSize,
    forTheTurn: opts["for-the-turn"] ?? [],
  }, lib);
}

/**
 * Replaces the attacker and/or defender of the odds input with warscrolls looked up by name, and applies
 * the context flags. Models default to the unit's minimum size. Returns lines that say what was used.
 */
async function unitsByName(base: unknown, opts: OddsOptions): Promise<{ input: unknown; lines: string[] }> {
  const input: Record<string, unknown> = base !== null && typeof base === "object" && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  const lines: string[] = [];
  if (opts.attacker !== undefined || opts.defender !== undefined) {
    // Imported here: a profile file alone does not pay for loading the warscrolls and the BSData reader.
    const [{ loadLibrary }, { requireWarscroll }, { warscrollToAttacker, warscrollToDefender }] = await Promise.all([
      import("./units.js"),
      import("../aos/armies/library.js"),
      import("../aos/armies/odds.js"),
    ]);
    const lib = await loadLibrary(opts.bsdata, opts.bsdata === undefined ? "bundled" : "bsdata");
    const found: { attacker?: Warscroll; defender?: Warscroll } = {};
    if (opts.attacker !== undefined) {
      const w = requireWarscroll(lib, opts.attacker, "--attacker");
      found.attacker = w;
      const models = opts["attacker-models"] ?? w.unitSize;
      const side = warscrollToAttacker(w, models, opts.phase);
      input.attacker = side.json;
      lines.push(`Attacker: ${w.name} (${w.faction}), ${models} model${models === 1 ? "" : "s"} — ${side.weapons.map((x) => `${x.name} x${x.models}`).join(", ")} (${opts.phase === "combat" ? "melee" : "ranged"})`);
      for (const n of side.notes) lines.push(`  note: ${n}`);
    }
    if (opts.defender !== undefined) {
      const w = requireWarscroll(lib, opts.defender, "--defender");
      found.defender = w;
      const models = opts["defender-models"] ?? w.unitSize;
      input.defender = warscrollToDefender(w, models).json;
      lines.push(`Defender: ${w.name} (${w.faction}), ${models} model${models === 1 ? "" : "s"}, Health ${w.health}, Save ${w.save === null ? "-" : `${w.save}+`}${w.ward !== null ? `, Ward ${w.ward}+` : ""}`);
    }
    if (found.attacker && found.defender) lines.push(...(await applyAbilities(input, found.attacker, found.defender, opts, lib)));
  }
  if (opts.charged !== undefined || opts["target-charged"] !== undefined) {
    const ctx = input.context !== null && typeof input.context === "object" ? { ...(input.context as Record<string, unknown>) } : {};
    if (opts.charged !== undefined) ctx.charged = opts.charged;
    if (opts["target-charged"] !== undefined) ctx.targetCharged = opts["target-charged"];
    input.context = ctx;
  }
  if (lines.length > 0) lines.push("");
  return { input, lines };
}
