import { bundledRosters } from "../../src/aos/armies/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { loadCore } from "../../src/core/wasm.js";
import { aosAgent } from "../../src/aos/agents.js";
import { playOut } from "../../src/planner/agents.js";
import { Rng, deriveSeed } from "../../src/core/rng.js";
const core = await loadCore();
const rosters = bundledRosters().filter((r) => r.roster.pointsLimit === 1000 && r.roster.mode === "pitched-battles-2021").map((r) => r.roster);
const it = Number(process.env.IT ?? 200), games = Number(process.env.N ?? 4), plan = process.env.PLAN ?? "the-vice";
let w = 0, d = 0, l = 0; let searches = 0, ms = 0;
for (let g = 0; g < games; g++) {
  const side = g % 2;
  const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[1]!], battleplan: plan as any }, deriveSeed(Number(process.env.SEED ?? 99), g));
  const m = aosAgent("mcts", { iterations: it }, core) as any;
  const timed = { name: "mcts", act: (st: any, p: number, r: Rng) => { const t0 = process.cpuUsage(); const a = m.act(st, p, r); if (st.legalActions(p).length > 1) { searches++; const u = process.cpuUsage(t0); ms += (u.user + u.system) / 1000; } return a; } };
  const sc = process.env.VS === "mcts" ? aosAgent("mcts", { iterations: Number(process.env.IT_B ?? 100) }, core) : aosAgent((process.env.VS ?? "scripted") as any, {}, core);
  const agents = side === 0 ? [timed, sc] : [sc, timed];
  const t0 = performance.now();
  playOut(s, agents as any, new Rng(deriveSeed(Number(process.env.SEED ?? 99), 1000 + g)));
  const r = s.returns()[side]!;
  if (r > 0) w++; else if (r < 0) l++; else d++;
  console.log(`game ${g} mcts side ${side} (${s.data.armies[side]}) ret ${r} vp ${s.data.victoryPoints.join("-")} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`mcts ${w}W ${d}D ${l}L; ${searches} searches, ${(ms / searches).toFixed(0)} CPU-ms per searched decision`);
