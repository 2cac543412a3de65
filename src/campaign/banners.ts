/**
 * CAMP-BANNERS: how many Banners a realm supports, raising new ones and losing surplus ones.
 * CAMP-GENERAL: every new Banner comes with its General. CAMP-ELIMINATION: a realm without territory.
 *
 * Decisions where the seed is silent:
 * - The count is checked at the end of every campaign turn (after battles and retreats); scattered Banners
 *   count toward it.
 * - A surplus Banner is picked by its player (any of theirs, scattered ones too).
 * - A new Banner is raised, with its General, in a territory of the player's that holds no Banner, picked by
 *   the player; with none free it is raised at a later end of turn, when one is.
 */
import { generalFor } from "./armies.js";
import { type BannerState, type CampaignConfig, type CampaignData, log, type Player, territoriesOf } from "./state.js";

/** CAMP-BANNERS: 1 Banner + 1 per 3 controlled territories that are not Razed (CAMP-RAZE); none without territory. */
export function bannerAllowance(territories: number, razed: number): number {
  if (territories <= 0) return 0;
  return 1 + Math.floor((territories - razed) / 3);
}

export function allowedBanners(d: CampaignData, p: Player): number {
  if (d.eliminated[p]) return 0;
  const mine = territoriesOf(d, p);
  return bannerAllowance(mine.length, mine.filter((t) => d.razed[t]).length);
}

/** CAMP-GENERAL: a new Banner of `p` in territory `at` (null: scattered), led by the player's next General. */
export function raiseBanner(config: CampaignConfig, d: CampaignData, p: Player, at: number | null): BannerState {
  const k = d.generalsRaised[p]++;
  const { general, banner } = generalFor(config.armies[p], p, k);
  const b: BannerState = { id: d.nextBannerId++, owner: p, name: banner, general, at };
  d.banners.push(b);
  return b;
}

/** Territories where `p` can raise a Banner: theirs, holding no Banner (CAMP-ONE-BANNER). */
export function raiseOptions(d: CampaignData, p: Player): number[] {
  return territoriesOf(d, p).filter((t) => !d.banners.some((b) => b.at === t));
}

export function bannerCount(d: CampaignData, p: Player): number {
  return d.banners.filter((b) => b.owner === p).length;
}

/** CAMP-BANNERS: the surplus Banner `id` is lost. */
export function disbandBanner(config: CampaignConfig, d: CampaignData, id: number): void {
  const b = d.banners.find((x) => x.id === id)!;
  d.banners = d.banners.filter((x) => x.id !== id);
  if (b.at !== null) d.fortified[b.at] = false;
  log(d, `    [CAMP-BANNERS] ${config.armies[b.owner].name} cannot support ${b.name} (${allowedBanners(d, b.owner)} Banners for ${territoriesOf(d, b.owner).length} territories): it is lost`);
}

/** CAMP-ELIMINATION: a player with no territory at the end of a turn leaves the campaign with their Banners. */
export function eliminate(config: CampaignConfig, d: CampaignData, p: Player): void {
  d.eliminated[p] = true;
  d.banners = d.banners.filter((b) => b.owner !== p);
  log(d, `    [CAMP-ELIMINATION] ${config.armies[p].name} holds no territory: eliminated`);
}
