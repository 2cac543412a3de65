/**
 * The bare kernel's battles per CPU-second in the tree this file is copied into (analysis/bench/kernel-history.sh
 * copies it into a worktree of each commit it measures): Mortek Shieldwall against Hammers of the Warrior Chamber,
 * the scripted policy on both sides from each plan's post-deployment position (seed 2024), as bench:rollouts plays
 * them. Only APIs every measured commit has. Prints one line: "<battles per CPU-second> <battles>"; imported (bench:kernel-ab),
 * it gives its positions and runs nothing.
 */
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { encodeBattle, RESULT } from "../../src/aos/rollout/encode.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { loadCore } from "../../src/core/wasm.js";
import { pathToFileURL } from "node:url";

/** The 12 plans' post-deployment positions of Mortek Shieldwall against the Hammers (seed 2024), encoded (also bench:kernel-ab's). */
export function benchPositions(): Float64Array[] {
  const rosters = bundledRosters().filter((r) => r.roster.pointsLimit === 1000 && r.roster.mode === "pitched-battles-2021").map((r) => r.roster);
  const [a, b] = [rosters[0]!, rosters[1]!];
  return BATTLEPLAN_IDS.map((plan) => encodeBattle(playSetUp(pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: plan }, 2024)).data));
}

export const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const core = await loadCore();
  const encoded = benchPositions();
  // Warm-up: every plan once (the kernel's tier-up).
  for (const e of encoded) core.aosRollouts(e, Array.from({ length: 500 }, (_, i) => 1_000_000 + i), RESULT);
  const N = Number(process.env.KERNEL_HISTORY_BATTLES ?? 2000);
  let battles = 0;
  let ms = 0;
  for (const e of encoded) {
    const seeds = Array.from({ length: N }, (_, i) => 1 + i);
    const t0 = cpuMs();
    core.aosRollouts(e, seeds, RESULT);
    ms += cpuMs() - t0;
    battles += N;
  }
  console.log(`${Math.round((battles * 1000) / ms)} ${battles}`);
}

// Run as a script (kernel-history.sh); imported, it only gives its positions.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
