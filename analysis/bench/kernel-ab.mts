/**
 * npm run bench:kernel-ab -- A.wasm B.wasm [...]: two or more builds of the kernel (npm run build:wasm's output, or
 * `asc` + `wasm-opt` to a file of your own) on the same battles in one process, plan by plan, the builds interleaved
 * within each plan and round: a speed change measured against the noise of a shared machine. Mortek Shieldwall
 * against Hammers of the Warrior Chamber, the 12 plans' post-deployment positions (seed 2024) encoded by this tree,
 * KERNEL_AB_BATTLES (300) seeds a plan a round, KERNEL_AB_ROUNDS (6) rounds; each build's battles per CPU-second
 * from the fastest round of each plan (other work only slows a round), and its ratio to the first build. It first
 * plays 300 seeds of every plan in every build and says which builds play different battles from the first (a speed
 * change must not; a rules change will).
 */
import { RESULT } from "../../src/aos/rollout/encode.js";
import { compileCore, type Core, instantiateCore } from "../../src/core/wasm.js";
import { benchPositions, cpuMs } from "./kernel-history-probe.mjs";

const files = process.argv.slice(2);
if (files.length < 2) {
  console.error("usage: npm run bench:kernel-ab -- A.wasm B.wasm [...]");
  process.exit(2);
}
const cores: Core[] = [];
for (const f of files) cores.push(instantiateCore(await compileCore(f)));
const encoded = benchPositions();
const N = Number(process.env.KERNEL_AB_BATTLES ?? 300);
const seeds = Array.from({ length: N }, (_, i) => 1 + i);
const check = Array.from({ length: 300 }, (_, i) => 1 + i);
const first = encoded.map((e) => JSON.stringify(Array.from(cores[0]!.aosRollouts(e, check, RESULT))));
cores.forEach((core, ci) => {
  if (ci === 0) return;
  const differ = encoded.filter((e, ei) => JSON.stringify(Array.from(core.aosRollouts(e, check, RESULT))) !== first[ei]).length;
  if (differ > 0) console.log(`${files[ci]}: different battles from ${files[0]} on ${differ} of ${encoded.length} plans`);
});
const fastest = files.map(() => encoded.map(() => Infinity));
for (let round = 0; round < Number(process.env.KERNEL_AB_ROUNDS ?? 6); round++)
  encoded.forEach((e, ei) =>
    cores.forEach((core, ci) => {
      const t0 = cpuMs();
      core.aosRollouts(e, seeds, RESULT);
      fastest[ci]![ei] = Math.min(fastest[ci]![ei]!, cpuMs() - t0);
    }),
  );
const rate = fastest.map((ms) => (N * encoded.length * 1000) / ms.reduce((x, y) => x + y, 0));
files.forEach((f, i) => console.log(`${f}: ${Math.round(rate[i]!)} battles per CPU-second, ${(rate[i]! / rate[0]!).toFixed(3)}x the first`));
