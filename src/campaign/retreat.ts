/**
 * CAMP-RETREAT (Retreat/Scatter phase): a Banner that lost a battle (or drew) retreats into an adjacent
 * territory its player controls; with none to go to — or after a Massacre — it scatters and is placed back
 * in its HQ at the start of the next campaign turn.
 *
 * A Massacre (the catalog's decision): the loser has no unit left on the battlefield, or the winner scored
 * at least twice the loser's victory points and at least 10 more. Not every major victory is one: a battle
 * won 12 to 9 is a major victory in the Pitched Battle rules (PB-RESULT) and its loser retreats.
 *
 * Decisions where the seed is silent:
 * - A retreat needs an adjacent territory of the player's that holds no Banner (CAMP-ONE-BANNER); with two
 *   or more, the player picks. Retreats are taken in battle order (player 0 first after a draw).
 * - A scattered Banner returns to its HQ if no Banner stands there (taking the HQ back at the end of the
 *   turn if the enemy had it); otherwise to the nearest territory of its player that holds no Banner
 *   (fewest hops from the HQ, then map order); with none it would stay scattered another turn (a guard:
 *   a realm within its Banner allowance always has a free territory at the start of a turn). Scattered
 *   Banners still count toward the Banner limit (CAMP-BANNERS).
 */
import { type BannerState, type CampaignConfig, type CampaignData, log } from "./state.js";

/** VP that make a Massacre on their own: at least twice the loser's and at least 10 more. */
export function massacreByVictoryPoints(winner: number, loser: number): boolean {
  return winner >= 2 * loser && winner >= loser + 10;
}

/**
 * CAMP-RETREAT: whether a won battle is a Massacre, and why (for the log). `loserOnBattlefield`: the
 * loser's units left on the battlefield at the end (null: not known, only the VP decide).
 */
export function massacreOf(vp: [number, number], winner: 0 | 1, loserOnBattlefield: number | null): { massacre: boolean; why: string } {
  const w = vp[winner];
  const l = vp[1 - winner]!;
  if (massacreByVictoryPoints(w, l)) return { massacre: true, why: `${w} VP to ${l}: at least twice as many and 10 more` };
  if (loserOnBattlefield === 0) return { massacre: true, why: "the loser has no unit left on the battlefield" };
  return { massacre: false, why: `${w} VP to ${l} is not twice as many and 10 more, and the loser has units left` };
}

export function retreatOptions(config: CampaignConfig, d: CampaignData, banner: BannerState, from: number): number[] {
  return config.board.adjacent[from]!.filter((u) => d.owner[u] === banner.owner && !d.banners.some((b) => b.at === u));
}

export function retreatTo(config: CampaignConfig, d: CampaignData, banner: BannerState, to: number): void {
  const from = banner.at!;
  // CAMP-FORTIFY: the fortifying Banner leaving loses the fortification (a beaten attacker leaves it be).
  if (d.owner[from] === banner.owner) d.fortified[from] = false;
  banner.at = to;
  log(d, `    [CAMP-RETREAT] ${banner.name} retreats from ${config.board.names[from]} to ${config.board.names[to]}`);
}

export function scatter(config: CampaignConfig, d: CampaignData, banner: BannerState, why: string): void {
  const from = banner.at;
  if (from !== null && d.owner[from] === banner.owner) d.fortified[from] = false;
  banner.at = null;
  log(d, `    [CAMP-RETREAT] ${banner.name} is ${why} and scatters: it returns to its HQ next turn`);
}

/** The start of a campaign turn: scattered Banners come back (see the header). */
export function placeScattered(config: CampaignConfig, d: CampaignData): void {
  const board = config.board;
  for (const b of [...d.banners].sort((x, y) => x.id - y.id)) {
    if (b.at !== null) continue;
    const hq = d.hq[b.owner]!;
    const free = (t: number) => !d.banners.some((x) => x.at === t);
    let to: number | undefined = free(hq) ? hq : undefined;
    if (to === undefined) {
      const mine = d.owner.flatMap((o, t) => (o === b.owner && free(t) ? [t] : []));
      mine.sort((x, y) => board.distance[hq]![x]! - board.distance[hq]![y]! || x - y);
      to = mine[0];
    }
    if (to === undefined) {
      log(d, `  [CAMP-RETREAT] ${b.name} finds no free territory of its realm: it stays scattered`);
      continue;
    }
    b.at = to;
    log(d, `  [CAMP-RETREAT] ${b.name} regroups ${to === hq ? "at its HQ" : "near its HQ"}, ${board.names[to]}`);
  }
}
