/**
 * npx tsx analysis/bench/campaign-mcts.bench.ts [--iterations N] [--horizon T|end] [--confidence Z]
 *   [--cpu-minutes M] [--wall-minutes M] [--first K]
 *
 * The campaign's mcts player (src/campaign/search.ts) against the scripted policy: 2-player campaigns on
 * the bundled map with the first two bundled armies, 16 turns, every battle simulated (in the Wasm kernel),
 * campaign pair k seeded 1000 + k and played twice with the sides swapped. Games are played until the
 * process has used `--cpu-minutes` of CPU (default 15) or `--wall-minutes` have passed; each game's line and
 * the total — mcts wins / draws / losses, the win rate with its Wilson 95% interval (src/core/stats.ts), CPU
 * ms per mcts decision — go to stdout (the last line as JSON). One mcts agent plays every game, so its
 * battle table fills once for the whole run.
 */
import { bundledRosters } from "../../src/aos/armies/index.js";
import { campaignConfig, campaignOptionsSchema, campaignPolicy, campaignResult, CampaignState, kernelRollout, newCampaignData } from "../../src/campaign/index.js";
import { campaignMctsAgent } from "../../src/campaign/search.js";
import { Rng } from "../../src/core/rng.js";
import { wilson } from "../../src/core/stats.js";
import { loadCore } from "../../src/core/wasm.js";
import { type Agent, playOut } from "../../src/planner/agents.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const iterations = Number(arg("iterations", "200"));
const horizonText = arg("horizon", "2");
const horizon = horizonText === "end" ? Infinity : Number(horizonText);
const confidence = Number(arg("confidence", "1"));
const cpuLimitMs = Number(arg("cpu-minutes", "15")) * 60_000;
const wallLimitMs = Number(arg("wall-minutes", "60")) * 60_000;
const first = Number(arg("first", "0"));

const core = await loadCore();
const rosters = bundledRosters().map((r) => r.roster);
const config = campaignConfig(undefined, [rosters[0]!, rosters[1]!]);
config.rollout = kernelRollout(core);
const options = campaignOptionsSchema.parse({ turns: 16, battles: "simulated", influence: "final", log: false });
const mcts = campaignMctsAgent({ iterations }, core, { horizon, confidence });
let searchCpuMs = 0;
let decisions = 0;
const timed: Agent<CampaignState> = {
  name: "mcts",
  act(state, player, rng) {
    const before = process.cpuUsage();
    const a = mcts.act(state, player, rng);
    const used = process.cpuUsage(before);
    searchCpuMs += (used.user + used.system) / 1000;
    decisions++;
    return a;
  },
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const wallStart = performance.now();
let wins = 0;
let draws = 0;
let losses = 0;
let games = 0;
for (let g = first; cpuMs() < cpuLimitMs && performance.now() - wallStart < wallLimitMs; g++) {
  const side = g % 2;
  const start = cpuMs();
  const s = new CampaignState(config, newCampaignData(config, options), new Rng(1000 + Math.floor(g / 2)));
  playOut(s, (side === 0 ? [timed, campaignPolicy] : [campaignPolicy, timed]) as Agent<CampaignState>[], new Rng(2000 + g));
  const r = campaignResult(config, s.data);
  if (r.winner === side) wins++;
  else if (r.winner === null) draws++;
  else losses++;
  games++;
  console.log(`campaign ${g} (mcts is player ${side}): ${r.winner === null ? "draw" : r.winner === side ? "mcts wins" : "scripted wins"} ${r.influence[side]} to ${r.influence[1 - side]} Influence${s.data.eliminated.some((e) => e) ? " (elimination)" : ""}, ${(cpuMs() - start).toFixed(0)} CPU ms`);
}
const w = wilson(wins, games);
console.log(
  `mcts (${iterations} iterations, horizon ${horizonText}, confidence ${confidence}) against scripted: ${wins} wins, ${draws} draws, ${losses} losses of ${games}; win rate ${(100 * w.p).toFixed(1)}% (Wilson 95% ${(100 * w.low).toFixed(1)}-${(100 * w.high).toFixed(1)}%); ${(searchCpuMs / Math.max(1, decisions)).toFixed(0)} CPU ms a decision (${decisions} decisions); battle table ${mcts.table.size} entries, ${mcts.table.battlesPlayed} battles, ${(mcts.table.fillMs / 1000).toFixed(1)} s`,
);
console.log(JSON.stringify({ iterations, horizon: horizonText, confidence, games, wins, draws, losses, winRate: w.p, winInterval: [w.low, w.high], cpuMsPerDecision: searchCpuMs / Math.max(1, decisions), cpuMinutes: cpuMs() / 60_000 }));
