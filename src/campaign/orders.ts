/**
 * CAMP-ORDERS, CAMP-PHASES (Write Orders): each Banner gets one order a turn — Hold, Fortify, Recover,
 * Raze and Hold ("Raze"), Move, Raze and Move — and a Move may be a Forced March along a river
 * (CAMP-RIVER: two steps, rolled for when executed).
 *
 * Orders are written simultaneously: the campaign asks both players at once for the order of their first
 * Banner (by id), then of their second, and so on (a player with fewer Banners passes). The game is
 * perfect-information for the planner: a player's later orders may depend on their own earlier ones.
 *
 * An order is an action number: kind + 8·(to+1) + 8·129·(then+1), so the list of legal orders is sorted
 * and means the same in every copy of a state. PASS (7) is the only action of a player with no Banner
 * left to order.
 *
 * Legal orders: Fortify only in the player's own territory, never Fortified before in the campaign (a
 * territory may only be fortified once: CAMP-FORTIFY), not Razed; Recover only in a Razed territory; Raze
 * (and Raze and Move) only in a territory of the other player the Banner occupies, not Razed already
 * (CAMP-RAZE: razing hurts the territory's owner — razing one's own or a neutral territory would only hurt
 * the razer, who holds or is about to take it); a move into an adjacent territory that no
 * earlier order of the player already sends a Banner to, and that holds no Banner of theirs ordered to
 * stay (CAMP-ONE-BANNER). A Forced March goes two sections along a river, through and into territories
 * that held no enemy Banner at the start of the turn.
 */
import type { Action } from "../planner/game.js";
import { InputError } from "../core/errors.js";
import { isAlongRiver, territoryIndex } from "./map.js";
import { MAP_LIMITS, type OrderInput, type OrderKind } from "./schema.js";
import { type BannerState, type CampaignConfig, type CampaignData, type Order, type Player } from "./state.js";

export const PASS: Action = 7;
const STRIDE = 8;
const T = MAP_LIMITS.maxTerritories + 1;
const KIND_CODE: Record<OrderKind, number> = { hold: 0, fortify: 1, recover: 2, "raze-and-hold": 3, move: 4, "raze-and-move": 5 };
const CODE_KIND = Object.fromEntries(Object.entries(KIND_CODE).map(([k, v]) => [v, k])) as Record<number, OrderKind>;

export function encodeOrder(o: Order): Action {
  return KIND_CODE[o.kind] + STRIDE * ((o.to ?? -1) + 1) + STRIDE * T * ((o.then ?? -1) + 1);
}

export function decodeOrder(a: Action): Order {
  const kind = CODE_KIND[a % STRIDE];
  if (kind === undefined) throw new Error(`action ${a} is not an order`);
  const rest = Math.floor(a / STRIDE);
  const to = (rest % T) - 1;
  const then = Math.floor(rest / T) - 1;
  return { kind, to: to < 0 ? null : to, then: then < 0 ? null : then };
}

export const isMove = (o: Order) => o.kind === "move" || o.kind === "raze-and-move";
export const isRaze = (o: Order) => o.kind === "raze-and-hold" || o.kind === "raze-and-move";

/** The Banners `p` orders this turn, in slot order: theirs on the map, by id. */
export function slotBanners(d: CampaignData, p: Player): BannerState[] {
  return d.banners.filter((b) => b.owner === p && b.at !== null).sort((a, b) => a.id - b.id);
}

export function orderSlots(d: CampaignData): number {
  return Math.max(slotBanners(d, 0).length, slotBanners(d, 1).length);
}

/** The Banner `p` orders at the current slot, if any. */
export function bannerToOrder(d: CampaignData, p: Player): BannerState | undefined {
  return d.step.kind === "orders" ? slotBanners(d, p)[d.step.slot] : undefined;
}

export function orderOf(d: CampaignData, banner: number): Order | undefined {
  return d.orders.find((o) => o.banner === banner)?.order;
}

/**
 * CAMP-RAZE: the Banner stands in a territory the other player controls — it occupies it (control passes at
 * the end of the next turn it stays there without razing it; until then it may Raze it).
 */
export function occupies(d: CampaignData, banner: BannerState): boolean {
  return banner.at !== null && d.owner[banner.at] !== null && d.owner[banner.at] !== banner.owner;
}

export function legalOrders(config: CampaignConfig, d: CampaignData, banner: BannerState): Order[] {
  const board = config.board;
  const t = banner.at!;
  const p = banner.owner;
  const enemyAt = (u: number) => d.banners.some((b) => b.at === u && b.owner !== p);
  const mine = d.orders.filter((o) => d.banners.find((b) => b.id === o.banner)?.owner === p);
  // CAMP-ONE-BANNER: no two of the player's moves into one territory, and none onto a Banner that stays.
  const blocked = (u: number) =>
    mine.some((o) => o.order.to === u || o.order.then === u) ||
    d.banners.some((b) => b.owner === p && b.at === u && b.id !== banner.id && mine.some((o) => o.banner === b.id && !isMove(o.order)));
  const out: Order[] = [{ kind: "hold", to: null, then: null }];
  if (d.owner[t] === p && d.fortifiedTurn[t] === null && !d.razed[t]) out.push({ kind: "fortify", to: null, then: null });
  const canRaze = occupies(d, banner) && !d.razed[t];
  if (d.razed[t]) out.push({ kind: "recover", to: null, then: null });
  if (canRaze) out.push({ kind: "raze-and-hold", to: null, then: null });
  for (const u of board.adjacent[t]!) {
    if (blocked(u)) continue;
    out.push({ kind: "move", to: u, then: null });
    if (canRaze) out.push({ kind: "raze-and-move", to: u, then: null });
    if (isAlongRiver(board, t, u) && !enemyAt(u))
      for (const v of board.adjacent[u]!) if (v !== t && isAlongRiver(board, u, v) && !enemyAt(v) && !blocked(v)) out.push({ kind: "move", to: u, then: v });
  }
  return out.sort((a, b) => encodeOrder(a) - encodeOrder(b));
}

export function describeOrder(config: CampaignConfig, o: Order): string {
  const n = (t: number | null) => config.board.names[t!]!;
  switch (o.kind) {
    case "hold":
      return "Hold";
    case "fortify":
      return "Fortify";
    case "recover":
      return "Recover";
    case "raze-and-hold":
      return "Raze and Hold";
    case "move":
      return o.then === null ? `Move to ${n(o.to)}` : `Forced March to ${n(o.to)} and on to ${n(o.then)}`;
    case "raze-and-move":
      return `Raze and Move to ${n(o.to)}`;
  }
}

/** An order a player typed, as the action of the current slot; an InputError names the field. */
export function orderActionFromInput(config: CampaignConfig, d: CampaignData, p: Player, input: OrderInput, field: string): Action {
  const banner = bannerToOrder(d, p);
  if (!banner) throw new InputError(`${field}.banner: ${config.armies[p].name} has no Banner to order now`);
  if (banner.name.toLowerCase() !== input.banner.toLowerCase()) throw new InputError(`${field}.banner: the order now is for ${banner.name}, not "${input.banner}"`);
  const place = (id: string | undefined, f: string) => {
    if (id === undefined) return null;
    const t = territoryIndex(config.board, id);
    if (t === undefined) throw new InputError(`${field}.${f}: "${id}" is not a territory of ${config.board.map.name}`);
    return t;
  };
  const order: Order = { kind: input.order, to: place(input.to, "to"), then: place(input.then, "then") };
  const code = encodeOrder(order);
  const legal = legalOrders(config, d, banner);
  if (!legal.some((o) => encodeOrder(o) === code))
    throw new InputError(`${field}: ${banner.name} cannot ${describeOrder(config, order).toLowerCase()} from ${config.board.names[banner.at!]} (CAMP-ORDERS); it can: ${legal.map((o) => describeOrder(config, o)).join(", ")}`);
  return code;
}
