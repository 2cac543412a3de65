/**
 * CAMP-INFLUENCE: each territory a player controls is worth 1 Influence, a special map section 5, the Lake
 * of Lost Souls 10 (a Razed special section its `razedInfluence`, default 1: map.ts). The player with the
 * most Influence at the end of the campaign wins.
 *
 * Decision: by default Influence is what a player controls when the campaign ends ("final"); the other
 * reading — each turn's holdings added up ("per-turn") — is the option `influence: "per-turn"`. A player
 * eliminated (CAMP-ELIMINATION) loses whatever the count.
 */
import { influenceOf } from "./map.js";
import { type CampaignConfig, type CampaignData, type Player, PLAYERS } from "./state.js";

/** The Influence of what `p` controls now. */
export function influenceNow(config: CampaignConfig, d: CampaignData, p: Player): number {
  let s = 0;
  d.owner.forEach((o, t) => {
    if (o === p) s += influenceOf(config.board, t, d.razed[t]!);
  });
  return s;
}

/** The Influence that decides the campaign (the running tally in per-turn mode). */
export function influenceScore(config: CampaignConfig, d: CampaignData, p: Player): number {
  return d.options.influence === "per-turn" ? d.influenceTally[p] : influenceNow(config, d, p);
}

export interface CampaignResult {
  influence: [number, number];
  winner: Player | null;
  reason: string;
}

export function campaignResult(config: CampaignConfig, d: CampaignData): CampaignResult {
  const influence = PLAYERS.map((p) => influenceScore(config, d, p)) as [number, number];
  const name = (p: Player) => config.armies[p].name;
  const out = d.eliminated.findIndex((e) => e);
  if (out >= 0 && !d.eliminated[1 - out]) {
    const w = (1 - out) as Player;
    return { influence, winner: w, reason: `[CAMP-ELIMINATION] ${name(out as Player)} was eliminated` };
  }
  if (influence[0] === influence[1]) return { influence, winner: null, reason: `[CAMP-INFLUENCE] ${influence[0]} Influence each: a draw` };
  const w: Player = influence[0] > influence[1] ? 0 : 1;
  return { influence, winner: w, reason: `[CAMP-INFLUENCE] ${name(w)} has the most Influence, ${influence[w]} to ${influence[1 - w]}` };
}

/** Win 1, loss -1, draw 0. */
export function campaignReturns(config: CampaignConfig, d: CampaignData): number[] {
  const r = campaignResult(config, d);
  return r.winner === null ? [0, 0] : r.winner === 0 ? [1, -1] : [-1, 1];
}

/** The Influence lead now, squashed to (-1, 1): 10 ahead reads as about 0.76. */
export function campaignHeuristic(config: CampaignConfig, d: CampaignData, p: Player): number {
  if (d.eliminated[p]) return -1;
  if (d.eliminated[1 - p]) return 1;
  const q = (1 - p) as Player;
  const lead = d.options.influence === "per-turn" ? d.influenceTally[p] + influenceNow(config, d, p) - d.influenceTally[q] - influenceNow(config, d, q) : influenceNow(config, d, p) - influenceNow(config, d, q);
  return Math.tanh(lead / 10);
}
