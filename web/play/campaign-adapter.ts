/**
 * The map campaign on the dashboard (runs in the play worker): the setup is `tactica campaign`'s in data (the
 * bundled map, two rosters, the turns), every battle simulated by the AoS engine, and the map drawn from the territories' hex positions.
 */
import { type BattleRecord, campaignPolicy, type CampaignState, fieldArmy, influenceNow } from "../../src/campaign/index.js";
import { playLibrary, type Roster } from "../../src/aos/armies/index.js";
import type { MatchupRequestInput } from "../../analysis/matchup/job.js";
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
  /** Every battle of the campaign so far (web/play/campaign-battles.ts shows them with their odds). */
  battles: CampaignBattleView[];
}

/** Battles per campaign battle's odds: "a few hundred", seeded, in the kernel (issue 12). */
export const BATTLE_ODDS_GAMES = 200;

export interface CampaignBattleView {
  /** The battle within its campaign: turn, territory and the two Banners. */
  key: string;
  turn: number;
  territory: string;
  banners: [string, string];
  points: [number, number];
  /** Who held the territory before the battle: the other realm is the attacker (null: neutral ground). */
  controller: 0 | 1 | null;
  battleplan: string | null;
  result: { winner: 0 | 1 | null; outcome: string; victoryPoints: [number, number] | null; massacre: boolean } | null;
  /**
   * The quick kernel matchup of the two armies as they were fielded (CAMP-GENERAL: the Banner's general and
   * its points) on the battleplan the battle was fought on: `tactica matchup`'s request (analysis/matchup/job.ts).
   * Null when it cannot be made again (a Banner since disbanded or destroyed, an entered result). Without a
   * seed: the page seeds it with the campaign's own (web/play/campaign-battles.ts).
   */
  request: MatchupRequestInput | null;
}

/** The campaign's battles, past turns' (the history) and this turn's. */
function battlesOf(state: CampaignState): CampaignBattleView[] {
  const d = state.data;
  const config = state.config;
  const records: { turn: number; b: BattleRecord }[] = (d.history ?? []).flatMap((r) => r.battles.map((b) => ({ turn: r.turn, b })));
  if (d.battles.length && !records.some((r) => r.turn === d.turn)) records.push(...d.battles.map((b) => ({ turn: d.turn, b })));
  return records.map(({ turn, b }) => {
    const banners = b.banners.map((id) => d.banners.find((x) => x.id === id));
    const res = b.result;
    let request: MatchupRequestInput | null = null;
    if (banners[0] && banners[1] && res?.battleplan) {
      try {
        const rosters = [0, 1].map((p) => fieldArmy(config.armies[p]!, banners[p]!.general, banners[p]!.name, b.points[p]!, config.library).roster) as [Roster, Roster];
        request = { a: rosters[0], b: rosters[1], plans: [res.battleplan], games: BATTLE_ODDS_GAMES, engine: "wasm", ...(config.library ? { library: libraryFor(rosters, config.library) } : {}) };
      } catch {
        request = null;
      }
    }
    const names = b.banners.map((id, p) => banners[p]?.name ?? `Banner ${id}`) as [string, string];
    return {
      key: `${turn}:${config.board.ids[b.territory]}:${b.banners.join("-")}`,
      turn,
      territory: config.board.names[b.territory]!,
      banners: names,
      points: b.points,
      controller: b.controller,
      battleplan: res?.battleplan ?? b.scenario,
      result: res ? { winner: res.winner, outcome: res.outcome, victoryPoints: res.victoryPoints, massacre: res.massacre } : null,
      request,
    };
  });
}

/** The warscrolls and lores two fielded rosters name, from the campaign's library (as the saved set-up's). */
const libraryFor = (rosters: Roster[], library: NonNullable<CampaignState["config"]["library"]>) => playLibrary(rosters, library);

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
      battles: battlesOf(state),
    };
  },
};
