/**
 * CAMP-HQ: the players draw lots, then in that order each picks an HQ — a territory on the edge of the
 * map, at least two territories (hops) away from any other player's HQ — and places one Banner there.
 * The HQ starts under its player's control. Later, scattered Banners return to it (CAMP-RETREAT).
 */
import { raiseBanner } from "./banners.js";
import type { Board } from "./map.js";
import { type CampaignConfig, type CampaignData, log, type Player } from "./state.js";

/** At least this many hops between two HQs ("at least two territories away"). */
export const HQ_MIN_DISTANCE = 2;

export function hqOptions(board: Board, d: CampaignData, p: Player): number[] {
  const others = d.hq.filter((h, q) => q !== p && h !== null) as number[];
  return board.ids.flatMap((_, t) => (board.edge[t] && others.every((h) => board.distance[h]![t]! >= HQ_MIN_DISTANCE) ? [t] : []));
}

export function placeHq(config: CampaignConfig, d: CampaignData, p: Player, t: number): void {
  d.hq[p] = t;
  d.owner[t] = p;
  const b = raiseBanner(config, d, p, t);
  log(d, `  [CAMP-HQ] ${config.armies[p].name} sets up its HQ in ${config.board.names[t]}: ${b.name}, led by ${b.general.name} (${b.general.warscroll})`);
}
