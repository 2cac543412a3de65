/**
 * The campaign's mcts player (src/campaign/search.ts): it finds an order the scripted policy misses, it is a
 * function of its seed for an iteration budget, and a short campaign against the scripted player completes
 * the same way twice. Battles inside the search come from the battle table (real battles in the kernel).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { playPolicy, playSetUp } from "../../src/aos/rollout/ts.js";
import { rolloutsWasmCounted } from "../../src/aos/rollout/wasm.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { campaignAgent } from "../../src/campaign/agents.js";
import {
  BattleTable,
  bannerToOrder,
  campaignConfig,
  campaignOptionsSchema,
  campaignPolicy,
  campaignResult,
  CampaignState,
  chooseAction,
  decodeOrder,
  encodeOrder,
  fieldArmy,
  findBattles,
  kernelRollout,
  newCampaignData,
  policyAction,
  searchCampaign,
} from "../../src/campaign/index.js";
import { playOut } from "../../src/planner/agents.js";
import type { EdgeTally } from "../../src/planner/mcts.js";
import { campaignAt, mapOf, ROSTER_A, ROSTER_B } from "./fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/**
 * a - b - c, and b - x - y: the last turn of the campaign. Player 0's Banner in b; c, next to it, is a neutral
 * special section (5 Influence). Player 1's Banner in x, next to b. Each realm holds two territories (2
 * Influence each). Marching into c wins the campaign outright (7 to 2 whatever player 1 does: b, left
 * empty, is only occupied, CAMP-RAZE); the scripted policy instead attacks x (an adjacent enemy Banner it
 * matches in points, rule 2), which wins only if the battle is won.
 */
function lastTurn() {
  const map = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c", "x"] }, c: { special: { kind: "section", scenario: "the-vice" } }, x: { adj: ["y"] }, y: { edge: true } });
  return campaignAt({ map, banners: [{ owner: 0, at: "b", name: "Vorgath" }, { owner: 1, at: "x", name: "Yselda" }], owner: { a: 0, y: 1 }, hq: ["a", "y"], turn: 16, turns: 16, battles: "entered", seed: 3 });
}

describe("campaign mcts agent", () => {
  it("[CAMP-INFLUENCE] on the last turn it marches into the undefended special section that decides the campaign, where the scripted policy attacks", () => {
    const f = lastTurn();
    expect(decodeOrder(policyAction(f.s, 0))).toEqual({ kind: "move", to: f.t("x"), then: null });
    const agent = campaignAgent("mcts", { iterations: 300 }, core);
    const a = agent.act(f.s, 0, new Rng(11));
    expect(decodeOrder(a)).toEqual({ kind: "move", to: f.t("c"), then: null });
    // Its search: marching into c wins every line (7 Influence to 2 at the end), the attack on x does not.
    const r = searchCampaign(f.s, { iterations: 300 }, 11, new BattleTable(core));
    const mine = r.joint![0]!.actions;
    const toC = mine.find((x) => x.action === encodeOrder({ kind: "move", to: f.t("c"), then: null }))!;
    const toX = mine.find((x) => x.action === encodeOrder({ kind: "move", to: f.t("x"), then: null }))!;
    expect(toC.winProbability).toBe(1);
    expect(toC.expectedVpDiff).toBe(5);
    expect(toX.winProbability).toBeLessThan(0.8);
    expect(toC.meanReturn).toBeGreaterThan(toX.meanReturn);
  });

  it("[CAMP-ORDERS] the same seed and iteration budget give the same orders; the search leaves the state as it was", () => {
    const f = lastTurn();
    const before = JSON.stringify(f.s.toJSON());
    const orders = (seed: number) => [0, 1].map((p) => campaignAgent("mcts", { iterations: 120 }, core).act(f.s, p, new Rng(seed)));
    const first = orders(5);
    expect(orders(5)).toEqual(first);
    expect(JSON.stringify(f.s.toJSON())).toBe(before);
    // Both are legal orders of the Banner each player writes for now.
    for (const p of [0, 1] as const) expect(f.s.legalActions(p)).toContain(first[p]);
    expect(bannerToOrder(f.s.data, 0)!.name).toBe("Vorgath");
  });

  it("[CAMP-ORDERS] the order played is the scripted one unless another beats it by more than the confidence asked", () => {
    const edge = (action: number, visits: number, mean: number, sd: number): EdgeTally => ({ action, visits, available: visits, sum: mean * visits, sumSq: (sd * sd + mean * mean) * visits, wins: 0, draws: 0, vpVisits: 0, vpSum: 0, vpSumSq: 0 });
    // 100 visits each, sd 0.5: the difference's standard error is sqrt(2·0.0025) = 0.0707.
    const edges = [edge(8, 100, 0.1, 0.5), edge(16, 100, 0.2, 0.5), edge(24, 5, 0.9, 0)];
    expect(chooseAction(edges, 8, 1)).toBe(16); // 0.1 ahead > 1 × 0.0707
    expect(chooseAction(edges, 8, 2)).toBe(8); // 0.1 < 2 × 0.0707: the scripted order stands
    expect(chooseAction(edges, 16, 1)).toBe(16); // 24's 0.9 comes from 5 visits, fewer than 8
  });

  it("[CAMP-LENGTH] a short campaign of mcts against the scripted player (battles simulated in the kernel) completes, the same twice from the same seeds", () => {
    const play = () => {
      const config = campaignConfig(undefined, [ROSTER_A, ROSTER_B]);
      config.rollout = kernelRollout(core);
      const s = new CampaignState(config, newCampaignData(config, campaignOptionsSchema.parse({ turns: 4, battles: "simulated", log: true })), new Rng(9));
      const mcts = campaignAgent("mcts", { iterations: 40 }, core);
      const steps = playOut(s, [mcts, campaignPolicy], new Rng(10));
      return { s, steps, result: campaignResult(config, s.data) };
    };
    const a = play();
    const b = play();
    expect(a.s.data.turn).toBe(4);
    expect(a.s.isTerminal()).toBe(true);
    expect(b.steps).toEqual(a.steps);
    expect(b.s.data.log).toEqual(a.s.data.log);
    expect(b.result).toEqual(a.result);
    // Every order the mcts player wrote was legal when written (applyJoint checks) and one per Banner a turn.
    const orders = a.s.data.history!.flatMap((h) => h.orders.filter((o) => o.player === 0));
    expect(orders.length).toBeGreaterThanOrEqual(4);
  });

  it("[CAMP-RETREAT] the kernel counts each player's units left on the battlefield as the TypeScript engine does (the Massacre test needs no replay)", () => {
    const config = campaignConfig(undefined, [ROSTER_A, ROSTER_B]);
    const armies = ([0, 1] as const).map((p) => fieldArmy(config.armies[p], { name: `General ${p}`, warscroll: config.armies[p].autoGeneralWarscrolls[0]!, commandTrait: null, artefact: null }, "Host", 2250));
    const state = playSetUp(pitchedBattleGame.newInitialState({ rosters: [armies[0]!.roster, armies[1]!.roster], battleplan: "first-blood" }, 21));
    const seeds = [1, 2, 3];
    const kernel = rolloutsWasmCounted(core, state, seeds);
    const counts = seeds.map((seed) => {
      const s = state.clone();
      s.reseed(seed);
      playPolicy(s);
      return [s.battle.deployed(0).length, s.battle.deployed(1).length];
    });
    expect(kernel.map((r) => r.onBattlefield)).toEqual(counts);
    expect(kernelRollout(core)(state, seeds[0]!).onBattlefield).toEqual(counts[0]);
    // Some battle of these ends with a side's units not all standing (the count is not just the army's size).
    expect(counts.some(([a, b]) => a! < armies[0]!.roster.units.length || b! < armies[1]!.roster.units.length)).toBe(true);
  });
});
