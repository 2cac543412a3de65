/**
 * npm run bench:odds — time per exact AoS attack result in Wasm vs the TypeScript kernel vs a
 * 100,000-sample Monte Carlo estimate (Wasm sampler, and the TypeScript sampler for context), all measured
 * side by side in one run. Goal: exact Wasm ≥ 100x faster than the 100k-sample estimate, with zero
 * sampling error. Then the jobs `tactica odds` runs, each in a fresh process on both paths, and the path
 * `--engine auto` picks (src/core/odds-engine.ts). Bounded to well under a minute: the TypeScript sampler
 * (~20-40x slower) is timed on 10,000 samples once, not 100,000 in batches (it took ~92% of 7 minutes).
 * Writes analysis/bench/results/odds.md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { exactAttackWasm, parseAosOdds, type AosOddsInputJson } from "../../src/aos/odds/index.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { encodePlan } from "../../src/aos/odds/plan.js";
import { maxDamage, sampleAttackTs } from "../../src/aos/odds/sample.js";
import { exactFightWasm, parseMesbgOdds } from "../../src/mesbg/odds/index.js";
import { exactFightTs } from "../../src/mesbg/odds/kernel.js";
import { sampleFightTs } from "../../src/mesbg/odds/sample.js";
import { encodeFight, fightOutLength } from "../../src/mesbg/odds/plan.js";
import { loadCore } from "../../src/core/wasm.js";
import { fmtMs, table, time } from "./harness.js";

const SAMPLES = 100_000;
/** The TypeScript sampler is timed on this many samples (one run after a warm-up) and scaled to SAMPLES. */
const TS_SAMPLES = 10_000;
const started = performance.now();

const profiles: Record<string, AosOddsInputJson> = {
  "40-model horde, two weapons": {
    attacker: {
      name: "Horde", models: 40, keywords: ["CHAMPION"],
      weapons: [
        { name: "Rusty spear", attacks: 2, hit: 4, wound: 4, rend: 0, damage: 1, abilities: ["Crit (2 Hits)"] },
        { name: "Biting beast", attacks: 1, hit: 4, wound: 3, rend: 0, damage: 1, abilities: ["Companion"] },
      ],
    },
    defender: { name: "Liberators", models: 10, health: 2, save: 4, ward: null, keywords: ["INFANTRY"] },
  },
  "monster, D6 attacks, D3+1 damage": {
    attacker: {
      name: "Mega-Gargant", models: 1, keywords: ["MONSTER"],
      weapons: [
        { name: "Club", attacks: "D6", hit: 3, wound: 2, rend: 2, damage: "D3+1", abilities: ["Crit (Mortal)", "Charge (+1 Damage)"] },
        { name: "Stomp", attacks: "2D6", hit: 4, wound: 3, rend: 1, damage: 1, abilities: ["Companion"] },
      ],
    },
    defender: { name: "Stormcast Paladins", models: 5, health: 3, save: 3, ward: 5, keywords: ["INFANTRY"] },
    context: { charged: true },
  },
  "Mortek Guard (the issue's example)": {
    attacker: { name: "Mortek Guard", models: 10, keywords: ["CHAMPION"], weapons: [{ name: "Nadirite Blades", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1, abilities: ["Crit (2 Hits)", "Anti-CAVALRY (+1 Rend)"] }] },
    defender: { name: "Liberators", models: 5, health: 2, save: 3, ward: 6, keywords: ["INFANTRY"] },
  },
  "20 elites, D3 damage, re-rolls": {
    attacker: { name: "Elites", models: 20, keywords: ["CHAMPION"], weapons: [{ name: "Blade", attacks: 3, hit: 3, wound: 3, rend: 1, damage: "D3", abilities: ["Crit (Auto-wound)"] }] },
    defender: { name: "Ogors", models: 12, health: 4, save: 5, ward: 6, keywords: ["INFANTRY"] },
    context: { rerolls: { hit: "ones", wound: "failed", save: "none" }, modifiers: { hit: 1, wound: 0, save: 0 } },
  },
  "10 cavalry on the charge": {
    attacker: { name: "Knights", models: 10, keywords: ["CHAMPION"], weapons: [{ name: "Lance", attacks: 3, hit: 3, wound: 3, rend: 1, damage: 2, abilities: ["Charge (+1 Damage)", "Anti-MONSTER (+1 Rend)"] }, { name: "Steed", attacks: 2, hit: 4, wound: 3, rend: 0, damage: 1, abilities: ["Companion"] }] },
    defender: { name: "Gargant", models: 1, health: 35, save: 4, ward: null, keywords: ["MONSTER"] },
    context: { charged: true },
  },
};

const core = await loadCore();
const rows: string[][] = [];
const ratios: number[] = [];
const samplerRatios: number[] = [];
for (const [label, json] of Object.entries(profiles)) {
  const { plan } = parseAosOdds(json);
  const encoded = encodePlan(plan);
  const histLen = maxDamage(plan) + 1;
  const wasm = time(() => exactAttackWasm(plan, core));
  const ts = time(() => exactAttackTs(plan));
  const mcWasm = time(() => core.aosSample(encoded, SAMPLES, 1, histLen), 600, 2);
  const mcTs10k = time(() => sampleAttackTs(plan, TS_SAMPLES, 1), 0, 1);
  const mcTs = { ms: mcTs10k.ms * (SAMPLES / TS_SAMPLES) };
  samplerRatios.push(mcTs.ms / mcWasm.ms);
  ratios.push(mcWasm.ms / wasm.ms);
  rows.push([
    label, fmtMs(wasm.ms), fmtMs(ts.ms), fmtMs(mcWasm.ms), fmtMs(mcTs.ms),
    `${(ts.ms / wasm.ms).toFixed(1)}x`, `${(mcWasm.ms / wasm.ms).toFixed(0)}x`, `${(mcTs.ms / wasm.ms).toFixed(0)}x`, `${(mcTs.ms / mcWasm.ms).toFixed(0)}x`,
  ]);
}

const fightInput = {
  a: { side: "good", fight: 5, attacks: 3, strength: 4, defence: 7, wounds: 3, fate: 3, elven: true },
  b: { side: "evil", fight: 5, attacks: 2, strength: 5, defence: 6, wounds: 3, fate: 1, twoHanded: true },
  trapped: true,
};
const { plan: fightPlan } = parseMesbgOdds(fightInput);
const fw = time(() => exactFightWasm(fightPlan, core));
const ft = time(() => exactFightTs(fightPlan));
const fmc = time(() => core.mesbgSample(encodeFight(fightPlan), SAMPLES, 1, fightOutLength(fightPlan)), 600, 2);
const fmcTs = time(() => sampleFightTs(fightPlan, SAMPLES, 1), 600, 2);

// The jobs `tactica odds` runs, one per fresh process (what a command pays: loading the Wasm core, a cold
// JIT), on each path; medians of REPS runs of CPU time. The bundle is built here so plain node runs it.
const REPS = 3;
// In build/bench/, two folders below the repository like src/core/, so it finds build/core.wasm as the sources do.
const coldScript = fileURLToPath(new URL("../../build/bench/odds-cold.mjs", import.meta.url));
await build({ entryPoints: [fileURLToPath(new URL("./odds-cold.ts", import.meta.url))], outfile: coldScript, bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "warning" });
const horde = profiles["40-model horde, two weapons"]!;
const mortekJson = profiles["Mortek Guard (the issue's example)"]!;
const horde20 = { ...horde, attacker: { ...horde.attacker, models: 20 } };
const jobs: [string, "aos" | "mesbg", unknown, number][] = [
  ["AoS exact, Mortek Guard", "aos", mortekJson, 0],
  ["AoS exact, 20-model horde", "aos", horde20, 0],
  ["AoS exact, 40-model horde", "aos", horde, 0],
  ["AoS 30 samples, Mortek Guard", "aos", mortekJson, 30],
  ["AoS 1,000 samples, Mortek Guard", "aos", mortekJson, 1000],
  ["AoS 10,000 samples, Mortek Guard", "aos", mortekJson, 10_000],
  ["MESBG exact", "mesbg", fightInput, 0],
  ["MESBG 1,000 samples", "mesbg", fightInput, 1000],
  ["MESBG 100,000 samples", "mesbg", fightInput, 100_000],
];
let childrenCpuMs = 0;
const cold = (game: string, engine: string, input: unknown, samples: number) => {
  const runs = Array.from({ length: REPS }, () => JSON.parse(execFileSync(process.execPath, [coldScript, game, engine, String(samples), JSON.stringify(input)], { encoding: "utf8" })) as { cpuMs: number; processCpuMs: number; auto: string });
  for (const r of runs) childrenCpuMs += r.processCpuMs;
  const ms = runs.map((r) => r.cpuMs).sort((a, b) => a - b)[Math.floor(REPS / 2)]!;
  return { ms, auto: runs[0]!.auto };
};
const pathRows: string[][] = [];
let autoWorst = 1;
let autoTotal = 0;
let bestTotal = 0;
for (const [label, game, input, samples] of jobs) {
  const ts = cold(game, "ts", input, samples);
  const wasm = cold(game, "wasm", input, samples);
  const picked = ts.auto === "ts" ? ts.ms : wasm.ms;
  const best = Math.min(ts.ms, wasm.ms);
  autoWorst = Math.max(autoWorst, picked / best);
  autoTotal += picked;
  bestTotal += best;
  pathRows.push([label, `${ts.ms.toFixed(1)} ms`, `${wasm.ms.toFixed(1)} ms`, ts.auto === "ts" ? "TypeScript" : "Wasm", `${(picked / best).toFixed(2)}x`]);
}

const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
const report = [
  `# bench:odds — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"} (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at the end)`,
  "",
  "Time per result (median of batches). Ratios are measured in this one run: MC/exact = how many exact Wasm",
  `results fit in the time of one ${SAMPLES.toLocaleString("en")}-sample Monte Carlo estimate.`,
  "",
  table(
    ["AoS profile", "exact Wasm", "exact TS", `MC ${SAMPLES / 1000}k Wasm`, `MC ${SAMPLES / 1000}k TS (${TS_SAMPLES / 1000}k x ${SAMPLES / TS_SAMPLES})`, "TS/Wasm", "MC Wasm / exact Wasm", "MC TS / exact Wasm", "MC TS / MC Wasm"],
    rows,
  ),
  "",
  `Geometric mean of "MC Wasm / exact Wasm": ${geo.toFixed(0)}x (goal: ≥ 100x). Worst: ${Math.min(...ratios).toFixed(0)}x.`,
  `The TypeScript sampler is ${Math.min(...samplerRatios).toFixed(0)}-${Math.max(...samplerRatios).toFixed(0)}x slower than the Wasm one (the same samples: their histograms are identical).`,
  "",
  table(
    ["MESBG fight (3 A, 3 W, Fate 3 vs 2 A two-handed, trapped)", "exact Wasm", "exact TS", `MC ${SAMPLES / 1000}k Wasm`, `MC ${SAMPLES / 1000}k TS`, "MC Wasm / exact Wasm"],
    [["hero vs hero", fmtMs(fw.ms), fmtMs(ft.ms), fmtMs(fmc.ms), fmtMs(fmcTs.ms), `${(fmc.ms / fw.ms).toFixed(0)}x`]],
  ),
  "",
  `What a \`tactica odds\` job costs from a fresh process (CPU time, median of ${REPS}; the Wasm path includes loading`,
  "the core), and the path `--engine auto` picks (src/core/odds-engine.ts). Both paths give the same answer.",
  "",
  table(["job", "TypeScript", "Wasm", "auto picks", "auto / the faster"], pathRows),
  "",
  `auto's jobs together: ${autoTotal.toFixed(1)} ms against ${bestTotal.toFixed(1)} ms for the faster path of each (${(autoTotal / bestTotal).toFixed(2)}x); worst job ${autoWorst.toFixed(2)}x.`,
  `This benchmark: ${((process.cpuUsage().user + process.cpuUsage().system) / 1e6 + childrenCpuMs / 1000).toFixed(1)} s of CPU (its ${jobs.length * 2 * REPS} child processes included), ${((performance.now() - started) / 1000).toFixed(0)} s of wall time at a load of ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (goal: under a minute; wall time is about the CPU time on an idle machine).`,
  "",
].join("\n");

process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("odds.md", dir), report);
