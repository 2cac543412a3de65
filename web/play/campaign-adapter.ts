/**
 * The map campaign on the dashboard (runs in the play worker): the setup is `tactica campaign`'s in data (the
 * bundled map, two rosters, the turns), every battle simulated by the AoS engine, and the map drawn from the territories' hex positions.
 */
import { campaignPolicy, type CampaignState, influenceNow } from "../../src/campaign/index.js";
import { startCampaign } from "../../src/saves/setups.js";
import { campaignMctsAgent } from "../../src/campaign/search.js";
import { campaignHeuristic } from "../../src/campaign/scoring.js";
import type { Adapter } from "./session.js";

// The setup (two armies, the turns, Influence, a map, a library) is src/saves/setups.ts's, as the CLI's.
export { campaignSetupSchema } from "../../src/saves/setups.js";

export interface CampaignView {
  kind: "campaign";
  name: string;
  armies: [string, string];
  human: 0 | 1;
  turn: number;
  turns: number;
  phase: string;
  current: number;
  territories: {
    id: string; name: string; terrain: string; column: number; row: number; owner: number | null; razed: boolean; fortified: boolean;
    edge: boolean; bridge: boolean; river: boolean; special: string | null; hq: number | null;
  }[];
  banners: { id: number; owner: number; name: string; at: number | null }[];
  influence: [number, number];
  choices: { action: number; label: string }[];
  result: string | null;
  log: string[];
}

export const campaignAdapter: Adapter<CampaignState, CampaignView> = {
  kind: "campaign",
  start(setup, seed) {
    return startCampaign(setup, seed).state;
  },
  ai: campaignPolicy,
  mcts: (budget, core) => campaignMctsAgent(budget, core),
  vpName: "Influence",
  // A campaign played out costs battles: the graph's cheap figure is the Influence lead squashed to (-1, 1)
  // (the search's own heuristic) read as a chance, (1 + h) / 2 — a lean, not a measured probability.
  evaluate(state) {
    if (state.isTerminal()) {
      const r = state.returns();
      return { win: [r[0]! > 0 ? 1 : 0, r[1]! > 0 ? 1 : 0], draw: r[0] === 0 ? 1 : 0, source: "result" };
    }
    const h = campaignHeuristic(state.config, state.data, 0);
    return { win: [(1 + h) / 2, (1 - h) / 2], draw: 0, source: "heuristic (Influence lead)" };
  },
  view(state, human) {
    const d = state.data;
    const b = state.config.board;
    const names = state.config.armies.map((a) => a.roster.name) as [string, string];
    const current = state.currentPlayer();
    const mine = current === human || current === -2;
    return {
      kind: "campaign",
      name: b.map.name,
      armies: names,
      human,
      turn: d.turn,
      turns: d.options.turns,
      phase: d.phase,
      current,
      territories: b.map.territories.map((t, i) => ({
        id: t.id, name: t.name, terrain: t.terrain, column: t.position?.column ?? 0, row: t.position?.row ?? 0,
        owner: d.owner[i] ?? null, razed: d.razed[i]!, fortified: d.fortified[i]!, edge: b.edge[i]!, bridge: b.bridge[i]!, river: b.river[i] !== null,
        special: b.special[i] ? (b.special[i]!.kind === "lake" ? "the Lake" : "special section") : null,
        hq: d.hq[0] === i ? 0 : d.hq[1] === i ? 1 : null,
      })),
      banners: d.banners.map((x) => ({ id: x.id, owner: x.owner, name: x.name, at: x.at })),
      influence: [influenceNow(state.config, d, 0), influenceNow(state.config, d, 1)],
      choices: mine && !state.isTerminal() ? state.legalActions(human).map((action) => ({ action, label: state.actionToString(action, human) })) : [],
      result: state.isTerminal() ? (d.log ?? []).slice(-1)[0] ?? "over" : null,
      log: (d.log ?? []).slice(-80),
    };
  },
};
