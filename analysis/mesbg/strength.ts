/**
 * npx tsx analysis/mesbg/strength.ts A B GAMES BUDGET [LEAF] [SEED] [PAIRING] — a measured run of MESBG agent A
 * against agent B (random, scripted, mcts), The Forces Clash, sides swapped every other game (game i: A is
 * side i % 2), game i seeded deriveSeed(SEED, i). Prints one JSON line per game as it ends (so a run cut
 * short still counts), then A's wins/draws/losses with a Wilson 95% interval and the mean CPU time per
 * decision of each agent. LEAF: the mcts leaf ("end" or a number of turns; src/mesbg/search.ts). PAIRING:
 * "minas-tirith,mordor" (default) or "rohan,isengard". Environment MARGIN, MIN_VISITS, VERIFY, VERIFY_MARGIN and
 * VERIFY_BLOCK set the search's `margin`, `minVisits`, `verify`, `verifyMargin` and `verifyBlock` (src/mesbg/search.ts;
 * unset: the agent's defaults); FROM: the first game's index (default 0: games FROM … FROM+GAMES-1, so a run can
 * be split over processes).
 *
 * Until `tactica arena --game mesbg` exists this is how the README's MESBG strength figures were measured.
 */
import { readFileSync } from "node:fs";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { wilson } from "../../src/core/stats.js";
import { loadCore } from "../../src/core/wasm.js";
import { type Agent, agentKindOf, AGENT_KINDS, type AgentKind, playOut } from "../../src/planner/agents.js";
import { parseBudget } from "../../src/planner/budget.js";
import { mesbgAgent } from "../../src/mesbg/agents.js";
import { newGame, type MesbgState } from "../../src/mesbg/game.js";
import { parseForce } from "../../src/mesbg/profiles.js";
import { mesbgMctsAgent, type MesbgLeaf } from "../../src/mesbg/search.js";

const [aName = "mcts", bName = "scripted", gamesText = "10", budgetText = "50", leafText = "", seedText = "1", pairText = "minas-tirith,mordor"] = process.argv.slice(2);
const kind = (n: string): AgentKind => {
  const k = agentKindOf(n);
  if (!(AGENT_KINDS as readonly string[]).includes(k)) throw new Error(`unknown agent ${n}`);
  return k as AgentKind;
};
const budget = parseBudget(budgetText);
const core = await loadCore();
const leaf: MesbgLeaf | undefined = leafText === "" ? undefined : leafText === "end" ? "end" : Number(leafText);
const env = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined);
// Unset fields are the agent's defaults: with none set this is the agent `mesbgAgent("mcts")` makes.
const settings = { leaf, margin: env("MARGIN"), minVisits: env("MIN_VISITS"), verify: env("VERIFY"), verifyMargin: env("VERIFY_MARGIN"), verifyBlock: env("VERIFY_BLOCK") };
const from = env("FROM") ?? 0;
const make = (n: string): Agent<MesbgState> => (kind(n) === "mcts" ? mesbgMctsAgent(budget, core, settings) : mesbgAgent(kind(n), budget, core));
const [fa, fb] = pairText.split(",").map((f) => parseForce(JSON.parse(readFileSync(new URL(`../../data/mesbg/${f}.json`, import.meta.url), "utf8")), f));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Wraps an agent to count its decisions and CPU time. */
function timed(agent: Agent<MesbgState>) {
  const t = { decisions: 0, ms: 0 };
  const wrapped: Agent<MesbgState> = {
    name: agent.name,
    act(s, p, rng) {
      const c = cpu();
      const a = agent.act(s, p, rng);
      t.ms += cpu() - c;
      t.decisions++;
      return a;
    },
  };
  return { wrapped, t };
}

const games = Number(gamesText);
const seed = Number(seedText);
let wins = 0;
let draws = 0;
let losses = 0;
const A = timed(make(aName));
const B = timed(make(bName));
for (let i = from; i < from + games; i++) {
  const aSide = i % 2;
  const s = newGame(fa!, fb!, deriveSeed(seed, i));
  const agents = aSide === 0 ? [A.wrapped, B.wrapped] : [B.wrapped, A.wrapped];
  playOut(s, agents, new Rng(deriveSeed(seed, 1_000_000 + i)), 2_000_000);
  const r = s.returns()[aSide]!;
  if (r > 1e-9) wins++;
  else if (r < -1e-9) losses++;
  else draws++;
  console.log(JSON.stringify({ game: i, aSide, aReturn: Math.round(1000 * r) / 1000, reason: s.data.result!.reason, turn: s.data.turn }));
}
const w = wilson(wins, games);
console.log(
  JSON.stringify({
    a: aName, b: bName, budget: budgetText, leaf: leafText || "default", ...Object.fromEntries(Object.entries(settings).filter(([k]) => k !== "leaf").map(([k, v]) => [k, v ?? "default"])), from, pairing: pairText, games, wins, draws, losses,
    winRate: w.p, winInterval: [w.low, w.high],
    aMsPerDecision: A.t.ms / Math.max(1, A.t.decisions), bMsPerDecision: B.t.ms / Math.max(1, B.t.decisions),
  }),
);
