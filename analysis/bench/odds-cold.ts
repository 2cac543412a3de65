/**
 * One odds job in a fresh process, as `tactica odds` runs it: bench:odds bundles this file (esbuild) and runs
 * it with plain node for each job and path. Prints the CPU milliseconds of loading the Wasm core (for the
 * wasm path) plus the job, and the path `--engine auto` would pick. Arguments: game (aos|mesbg), engine
 * (ts|wasm), samples (0: exact), the profile as JSON.
 */
import { aosOddsExact, aosOddsSample, parseAosOdds, sampleWorkPerSample } from "../../src/aos/odds/index.js";
import { exactWorkEstimate } from "../../src/aos/odds/plan.js";
import { pickAosOddsEngine, pickMesbgOddsEngine } from "../../src/core/odds-engine.js";
import { loadCore } from "../../src/core/wasm.js";
import { mesbgOddsExact, mesbgOddsSample } from "../../src/mesbg/odds/index.js";

const [game, engine, samplesArg, json] = process.argv.slice(2) as [string, string, string, string];
const input: unknown = JSON.parse(json);
const samples = Number(samplesArg) || undefined;
const u0 = process.cpuUsage();
const core = engine === "wasm" ? await loadCore() : undefined;
if (game === "aos") {
  if (samples) aosOddsSample(input, samples, 1, core);
  else aosOddsExact(input, core);
} else if (samples) mesbgOddsSample(input, samples, 1, core);
else mesbgOddsExact(input, core);
const u = process.cpuUsage(u0);
let auto: string;
if (game === "aos") {
  const { plan } = parseAosOdds(input);
  auto = pickAosOddsEngine({ samples, exactWork: exactWorkEstimate(plan).work, stepsPerSample: sampleWorkPerSample(plan) });
} else auto = pickMesbgOddsEngine(samples);
const all = process.cpuUsage(); // the whole process, start-up included (the benchmark's own CPU total)
process.stdout.write(JSON.stringify({ cpuMs: (u.user + u.system) / 1000, processCpuMs: (all.user + all.system) / 1000, auto }));
