/**
 * The campaign's scripted policy: a sensible default player, deterministic (it never draws from the RNG).
 *
 * Orders, Banner by Banner (the slot the campaign asks for):
 * 1. Recover a Razed territory when no enemy Banner is adjacent (its own, or one it occupies: then it
 *    also takes it at the end of the turn, recovered).
 * 2. Attack an adjacent enemy Banner when this Banner would bring at least as many points as it
 *    (CAMP-GENERAL: supporting Banners of its own adjacent to the target, against the target's
 *    fortification and supporters), the most valuable target first.
 * 3. Occupying a territory of the enemy (CAMP-RAZE): Raze and Hold when razing pays — when it may not keep
 *    the territory: an enemy Banner next to it would attack it with at least as many points (the test of
 *    step 2 from the enemy's side). Whoever wins that battle then holds Razed land, which counts for no
 *    Banner until Recovered (a special section is worth 1 Influence). Otherwise Hold, and the territory
 *    is its realm's at the end of the turn. (Razing on the way out never pays for the policy: it leaves an
 *    occupied territory only to attack, and Raze and Move's D6 of 1-2 would call the attack off.)
 * 4. Threatened (an enemy Banner adjacent) or holding a special section with an enemy within 2 moves:
 *    Fortify if it can, else Hold.
 * 5. Expand: march into the most valuable adjacent territory it does not control and no enemy Banner
 *    holds (Influence, +1 for taking it from the enemy, -0.5 for a Difficult Terrain test; a Razed
 *    territory of its own is worth the Influence Recover gives back + 0.5 for the Banner it supports);
 *    with none next to it, step toward the territory that is worth most for its distance (special
 *    sections and the Lake first).
 * 6. Otherwise Fortify (free +200 points should someone come), or Hold.
 * HQ: the edge territory with the most Influence nearby (each territory's worth halved per hop), far from
 * the other HQ. Retreats go where the fewest enemy Banners are adjacent; a surplus Banner lost is a
 * scattered one, else the one farthest from the enemy; a new Banner is raised nearest the frontier.
 */
import { CHANCE, type Action, SIMULTANEOUS } from "../planner/game.js";
import type { Agent } from "../planner/agents.js";
import type { Rng } from "../core/rng.js";
import { FORTIFY_POINTS, SUPPORT_POINTS } from "./armies.js";
import type { CampaignState } from "./game.js";
import { influenceOf, needsTerrainTest } from "./map.js";
import { bannerToOrder, encodeOrder, legalOrders, occupies, PASS } from "./orders.js";
import type { CampaignConfig, CampaignData, Order, Player } from "./state.js";

function value(config: CampaignConfig, d: CampaignData, p: Player, t: number): number {
  if (d.owner[t] === p) return d.razed[t] ? influenceOf(config.board, t, false) - influenceOf(config.board, t, true) + 0.5 : 0;
  return influenceOf(config.board, t, d.razed[t]!) + (d.owner[t] === null ? 0 : 1);
}

/** Support points (CAMP-GENERAL) `p`'s Banners other than `except` would bring to a battle in `t`. */
function support(config: CampaignConfig, d: CampaignData, p: Player, t: number, except: number): number {
  return SUPPORT_POINTS * d.banners.filter((b) => b.owner === p && b.id !== except && b.at !== null && config.board.adjacent[t]!.includes(b.at)).length;
}

function enemyAdjacent(config: CampaignConfig, d: CampaignData, p: Player, t: number): number {
  return config.board.adjacent[t]!.filter((u) => d.banners.some((b) => b.at === u && b.owner !== p)).length;
}

function bestOrder(config: CampaignConfig, d: CampaignData, p: Player): Action {
  const board = config.board;
  const banner = bannerToOrder(d, p);
  if (!banner) return PASS;
  const t = banner.at!;
  const legal = legalOrders(config, d, banner);
  const pick = (o: Order | undefined) => (o ? encodeOrder(o) : undefined);
  const find = (kind: Order["kind"], to: number | null = null) => legal.find((o) => o.kind === kind && o.to === to && o.then === null);
  const enemyAt = (u: number) => d.banners.find((b) => b.at === u && b.owner !== p);
  const threatened = enemyAdjacent(config, d, p, t) > 0;

  if (d.razed[t] && !threatened) return pick(find("recover"))!;

  // Attack the weaker adjacent enemy Banners (points as CAMP-GENERAL counts them, roughly).
  let attack: { o: Order; score: number } | undefined;
  for (const o of legal) {
    if (o.kind !== "move" || o.then !== null) continue;
    const e = enemyAt(o.to!);
    if (!e) continue;
    const mine = support(config, d, p, o.to!, banner.id);
    const theirs = (d.fortified[o.to!] && d.owner[o.to!] === e.owner ? FORTIFY_POINTS : 0) + support(config, d, e.owner, o.to!, e.id);
    if (mine < theirs) continue;
    const score = mine - theirs + 100 * influenceOf(board, o.to!, d.razed[o.to!]!) - (needsTerrainTest(board, t, o.to!) ? 50 : 0);
    if (!attack || score > attack.score) attack = { o, score };
  }
  if (attack) return encodeOrder(attack.o);

  if (occupies(d, banner)) {
    // CAMP-RAZE: an enemy Banner next to it that would attack (its points at least this Banner's: it has no fortification here).
    const mine = support(config, d, p, t, banner.id);
    const attacker = d.banners.some((e) => e.owner !== p && e.at !== null && board.adjacent[t]!.includes(e.at) && support(config, d, e.owner, t, e.id) >= mine);
    return (attacker ? pick(find("raze-and-hold")) : undefined) ?? pick(find("hold"))!;
  }

  const special = board.special[t] && d.owner[t] === p;
  const enemyNear = d.banners.some((b) => b.owner !== p && b.at !== null && board.distance[t]![b.at]! <= 2);
  if (threatened || (special && enemyNear)) return pick(find("fortify")) ?? pick(find("hold"))!;

  // Expand into the best free neighbour.
  let expand: { o: Order; score: number } | undefined;
  for (const o of legal) {
    if (o.kind !== "move" || o.then !== null || enemyAt(o.to!)) continue;
    const v = value(config, d, p, o.to!);
    if (v <= 0) continue;
    const score = v - (needsTerrainTest(board, t, o.to!) ? 0.5 : 0);
    if (!expand || score > expand.score) expand = { o, score };
  }
  if (expand) return encodeOrder(expand.o);

  // Step toward the territory worth most for its distance.
  let target = -1;
  let best = 0;
  for (let u = 0; u < board.n; u++) {
    const v = value(config, d, p, u);
    if (v <= 0 || enemyAt(u)) continue;
    const s = v / (1 + board.distance[t]![u]!);
    if (s > best) (best = s), (target = u);
  }
  if (target >= 0) {
    let step: { o: Order; score: number } | undefined;
    for (const o of legal) {
      if (o.kind !== "move" || enemyAt(o.to!)) continue;
      const end = o.then ?? o.to!;
      const score = board.distance[t]![target]! - board.distance[end]![target]! - (needsTerrainTest(board, t, o.to!) ? 0.5 : 0);
      if (score > 0 && (!step || score > step.score)) step = { o, score };
    }
    if (step) return encodeOrder(step.o);
  }
  return pick(find("fortify")) ?? pick(find("hold"))!;
}

export function policyAction(state: CampaignState, player: Player): Action {
  const config = state.config;
  const d = state.data;
  const board = config.board;
  const s = d.step;
  const legal = state.legalActions(player);
  const argmax = (score: (a: Action) => number) => legal.reduce((best, a) => (score(a) > score(best) ? a : best), legal[0]!);
  switch (s.kind) {
    case "orders":
      return bestOrder(config, d, player);
    case "hq": {
      const other = d.hq[(1 - player) as Player];
      return argmax((t) => {
        let v = 0;
        for (let u = 0; u < board.n; u++) v += influenceOf(board, u, false) * 0.5 ** board.distance[t]![u]!;
        return v + (other === null ? 0 : board.distance[other]![t]!);
      });
    }
    case "retreat":
      return argmax((u) => -10 * enemyAdjacent(config, d, player, u) + influenceOf(board, u, d.razed[u]!));
    case "disband": {
      const scattered = legal.find((id) => d.banners.find((b) => b.id === id)!.at === null);
      if (scattered !== undefined) return scattered;
      const farthest = (id: Action) => {
        const at = d.banners.find((b) => b.id === id)!.at!;
        return Math.min(99, ...d.banners.filter((b) => b.owner !== player && b.at !== null).map((b) => board.distance[at]![b.at!]!));
      };
      return argmax(farthest);
    }
    case "raise":
      return argmax((t) => {
        const frontier = Math.min(...d.owner.flatMap((o, u) => (o !== player ? [board.distance[t]![u]!] : [99])));
        return -frontier + 0.01 * board.adjacent[t]!.filter((u) => d.owner[u] !== player).length;
      });
    default:
      return legal[0]!;
  }
}

/** The scripted player as an Agent (for playOut and the arena). */
export const campaignPolicy: Agent<CampaignState> = {
  name: "campaign-policy",
  act(state: CampaignState, player: number, _rng: Rng): Action {
    const p = state.currentPlayer();
    if (p === CHANCE) throw new Error("the policy does not play chance nodes");
    if (p !== SIMULTANEOUS && p !== player) throw new Error(`not player ${player}'s decision`);
    return policyAction(state, player as Player);
  },
};
