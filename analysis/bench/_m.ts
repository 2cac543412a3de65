import { bundledRosters } from "../../src/aos/armies/index.js";
import { pitchedBattleGame, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { loadCore } from "../../src/core/wasm.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { aosSearch } from "../../src/aos/search.js";
const core = await loadCore();
const rosters = bundledRosters().filter((r) => r.roster.pointsLimit === 1000 && r.roster.mode === "pitched-battles-2021").map((r) => r.roster);
function pos(plan: string, skip: number, minChoices: number): PitchedBattleState {
  const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: plan as any }, 7));
  let n = 0;
  while (!s.isTerminal()) { const p = s.currentPlayer(); if (p < 0) { s.apply(0); continue; } if (n >= skip && s.legalActions().length >= minChoices) break; s.apply(policyAction(s.battle)); n++; }
  return s;
}
for (const [plan, skip, min] of [["the-vice", 20, 8], ["savage-gains", 60, 5], ["first-blood", 100, 3]] as const) {
  const s = pos(plan, skip, min);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = aosSearch(core, s, { iterations: Number(process.env.IT ?? 2000) }, 1);
  const wall = performance.now() - t0; const cu = process.cpuUsage(c0); const ms = (cu.user + cu.system) / 1000; void wall;
  console.log(plan, s.data.step.kind, "round", s.data.round, "choices", s.legalActions().length, "iters", r.iterations, "nodes", r.nodes, `${ms.toFixed(0)} cpu-ms (wall ${wall.toFixed(0)})`, `${(r.iterations / ms * 1000).toFixed(0)} it/s`);
  for (const a of r.actions.slice(0, 4)) console.log("  ", a.label.slice(0, 60), a.visits, a.winProbability.toFixed(2), a.expectedVpDiff?.toFixed(1));
  console.log("   line:", r.principalLine.map((l) => l.label.slice(0, 30)).join(" | "));
}
