/**
 * npm run bench:odds — time per exact AoS attack result in Wasm vs the TypeScript kernel vs a
 * 100,000-sample Monte Carlo estimate (Wasm sampler, and the TypeScript sampler for context), all measured
 * side by side in one run. Goal: exact Wasm ≥ 100x faster than the 100k-sample estimate, with zero
 * sampling error. Writes analysis/bench/results/odds.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { exactAttackWasm, parseAosOdds, type AosOddsInputJson } from "../../src/aos/odds/index.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { encodePlan } from "../../src/aos/odds/plan.js";
import { maxDamage, sampleAttackTs } from "../../src/aos/odds/sample.js";
import { exactFightWasm, parseMesbgOdds } from "../../src/mesbg/odds/index.js";
import { exactFightTs } from "../../src/mesbg/odds/kernel.js";
import { encodeFight, fightOutLength } from "../../src/mesbg/odds/plan.js";
import { loadCore } from "../../src/core/wasm.js";
import { fmtMs, table, time } from "./harness.js";

const SAMPLES = 100_000;

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
for (const [label, json] of Object.entries(profiles)) {
  const { plan } = parseAosOdds(json);
  const encoded = encodePlan(plan);
  const histLen = maxDamage(plan) + 1;
  const wasm = time(() => exactAttackWasm(plan, core));
  const ts = time(() => exactAttackTs(plan));
  const mcWasm = time(() => core.aosSample(encoded, SAMPLES, 1, histLen), 1500, 3);
  const mcTs = time(() => sampleAttackTs(plan, SAMPLES, 1), 1500, 3);
  ratios.push(mcWasm.ms / wasm.ms);
  rows.push([
    label, fmtMs(wasm.ms), fmtMs(ts.ms), fmtMs(mcWasm.ms), fmtMs(mcTs.ms),
    `${(ts.ms / wasm.ms).toFixed(1)}x`, `${(mcWasm.ms / wasm.ms).toFixed(0)}x`, `${(mcTs.ms / wasm.ms).toFixed(0)}x`,
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
const fmc = time(() => core.mesbgSample(encodeFight(fightPlan), SAMPLES, 1, fightOutLength(fightPlan)), 1500, 3);

const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
const report = [
  `# bench:odds — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus()[0]?.model ?? "cpu"} (${cpus().length} cores)`,
  "",
  "Time per result (median of batches). Ratios are measured in this one run: MC/exact = how many exact Wasm",
  `results fit in the time of one ${SAMPLES.toLocaleString("en")}-sample Monte Carlo estimate.`,
  "",
  table(
    ["AoS profile", "exact Wasm", "exact TS", `MC ${SAMPLES / 1000}k Wasm`, `MC ${SAMPLES / 1000}k TS`, "TS/Wasm", "MC Wasm / exact Wasm", "MC TS / exact Wasm"],
    rows,
  ),
  "",
  `Geometric mean of "MC Wasm / exact Wasm": ${geo.toFixed(0)}x (goal: ≥ 100x). Worst: ${Math.min(...ratios).toFixed(0)}x.`,
  "",
  table(
    ["MESBG fight (3 A, 3 W, Fate 3 vs 2 A two-handed, trapped)", "exact Wasm", "exact TS", `MC ${SAMPLES / 1000}k Wasm`, "MC / exact"],
    [["hero vs hero", fmtMs(fw.ms), fmtMs(ft.ms), fmtMs(fmc.ms), `${(fmc.ms / fw.ms).toFixed(0)}x`]],
  ),
  "",
].join("\n");

process.stdout.write(`${report}\n`);
const dir = new URL("./results/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("odds.md", dir), report);
