/**
 * A campaign's state as plain JSON: who controls each territory, which are Razed or Fortified, where each
 * Banner stands (or that it is scattered), this turn's orders, battles and retreats, and the step the
 * campaign waits on. Territories and Banners are referred to by index / id; the map and the armies live in
 * the immutable `CampaignConfig` beside it.
 */
import type { BattleplanId } from "../aos/battleplans/index.js";
import type { PitchedBattleState } from "../aos/battle/game.js";
import type { RolloutResult } from "../aos/rollout/types.js";
import type { WarscrollLibrary } from "../aos/armies/index.js";
import type { Rng } from "../core/rng.js";
import type { CampaignArmy } from "./armies.js";
import type { Board } from "./map.js";
import type { CampaignOptions, OrderKind } from "./schema.js";

export type Player = 0 | 1;
export const PLAYERS: readonly Player[] = [0, 1];

/** CAMP-GENERAL: a Banner's General, fixed for the Banner's life. */
export interface General {
  name: string;
  warscroll: string;
  commandTrait: string | null;
  artefact: string | null;
}

export interface BannerState {
  id: number;
  owner: Player;
  name: string;
  general: General;
  /** The territory it stands in; null while it is scattered (CAMP-RETREAT: back at its HQ next turn). */
  at: number | null;
}

/** CAMP-ORDERS. `to`: the territory moved into; `then`: a Forced March's second step (CAMP-RIVER). */
export interface Order {
  kind: OrderKind;
  to: number | null;
  then: number | null;
}

export interface WrittenOrder {
  banner: number;
  order: Order;
}

export type Outcome = "major-victory" | "minor-victory" | "draw";

export interface BattleResult {
  winner: Player | null;
  outcome: Outcome;
  /** How it was decided: the AoS engine (with the battleplan and VP) or the players' entry. */
  source: "simulated" | "entered";
  battleplan: BattleplanId | null;
  planRoll: string | null;
  victoryPoints: [number, number] | null;
  /** The units each side fielded (simulated battles). */
  armies: [string[], string[]] | null;
  /**
   * CAMP-RETREAT: the loser has no unit left on the battlefield, or the winner scored at least twice the
   * loser's VP and at least 10 more (retreat.ts `massacreOf`); entered battles say so. False for a draw.
   */
  massacre: boolean;
}

/** CAMP-BATTLE: a battle between two Banners in one territory. */
export interface BattleRecord {
  territory: number;
  /** Player 0's Banner, player 1's Banner. */
  banners: [number, number];
  /** CAMP-GENERAL: 2,250 + 200 if Fortified + 200 per supporting Banner. */
  points: [number, number];
  fortified: [boolean, boolean];
  /** Banner ids supporting each side (adjacent, same player, not in a battle this turn). */
  supporters: [number[], number[]];
  /** Who controlled the territory before the battle (CAMP-RETREAT: a draw leaves it so). */
  controller: Player | null;
  /** The special section's own scenario, or null for a Pitched Battle rolled per PB-BATTLEPLAN-ROLL. */
  scenario: BattleplanId | null;
  result: BattleResult | null;
}

/** CAMP-RETREAT: a Banner that must leave a battle's territory. */
export interface Retreat {
  banner: number;
  from: number;
  reason: "defeat" | "draw";
}

export type Phase = "setup" | "orders" | "battles" | "retreat" | "end-control" | "end-banners" | "over";

export type Step =
  /** CAMP-HQ: draw lots for the order of picking HQs (chance: 0 = player 0 picks first). */
  | { kind: "draw-lots" }
  /** CAMP-HQ: `player` picks an edge territory for their HQ. */
  | { kind: "hq"; player: Player }
  /** CAMP-ORDERS: both players write the order of their `slot`-th Banner (by id) at once. */
  | { kind: "orders"; slot: number }
  /** CAMP-BATTLE, entered mode: the result of battle `battle` (chance: the players give it). */
  | { kind: "battle-result"; battle: number }
  /** CAMP-RETREAT: `player` picks where `banner` retreats to. */
  | { kind: "retreat"; player: Player; banner: number }
  /** CAMP-BANNERS: `player` has a surplus Banner and picks which is lost. */
  | { kind: "disband"; player: Player }
  /** CAMP-BANNERS: `player` raises a new Banner and picks the territory. */
  | { kind: "raise"; player: Player }
  | { kind: "over" };

export interface TurnRecord {
  turn: number;
  orders: { player: Player; banner: string; order: string }[];
  events: string[];
  battles: BattleRecord[];
  territories: [number, number];
  banners: [number, number];
  influence: [number, number];
}

export interface CampaignData {
  version: 1;
  options: CampaignOptions;
  /** 0 during set-up, then 1 .. options.turns. */
  turn: number;
  phase: Phase;
  step: Step;
  hq: [number | null, number | null];
  /** CAMP-HQ: the order the lots gave. */
  pickOrder: Player[] | null;
  owner: (Player | null)[];
  razed: boolean[];
  /** CAMP-FORTIFY: Fortified now (its Banner has not left, the territory has not changed hands). */
  fortified: boolean[];
  /** CAMP-FORTIFY: the turn the territory was Fortified, kept after the fortification is lost (once a campaign). */
  fortifiedTurn: (number | null)[];
  banners: BannerState[];
  nextBannerId: number;
  /** How many Generals each player has raised (the next one comes from the army's list). */
  generalsRaised: [number, number];
  /** This turn's orders (in writing order). */
  orders: WrittenOrder[];
  /** Banner ids that moved this turn (CAMP-FORTIFY) and that fought (CAMP-RAZE: no Recover). */
  moved: number[];
  fought: number[];
  battles: BattleRecord[];
  retreats: Retreat[];
  eliminated: [boolean, boolean];
  /** CAMP-INFLUENCE, per-turn mode: the running tally. */
  influenceTally: [number, number];
  log: string[] | null;
  history: TurnRecord[] | null;
}

/** What never changes during a campaign: the map and the two armies. */
export interface CampaignConfig {
  board: Board;
  armies: [CampaignArmy, CampaignArmy];
  /** The warscrolls the armies name (default: the bundled data); imported lists bring their own. Not saved. */
  library?: WarscrollLibrary;
  /**
   * Plays a simulated battle from its post-set-up state to the end (default: the TypeScript engine). The
   * CLI passes the Wasm rollout kernel, which plays the identical battle faster. Not saved. The kernel's
   * record does not say which units are left, so when the Massacre test needs it (a won battle the VP do
   * not make a Massacre) the battle is played again in the TypeScript engine, unless the hook gives
   * `onBattlefield` (each player's units on the battlefield at the end).
   */
  rollout?: (state: PitchedBattleState, seed: number) => RolloutResult & { onBattlefield?: [number, number] };
  /**
   * The search's stand-in for a simulated battle (search.ts): a result drawn with `rng` from the battles the
   * AoS engine played for the same two armies, points and scenario. Not saved; the real campaign never has it.
   */
  resolveBattle?: (d: CampaignData, b: BattleRecord, rng: Rng) => BattleResult;
}

export function bannerById(d: CampaignData, id: number): BannerState {
  const b = d.banners.find((x) => x.id === id);
  if (!b) throw new Error(`no Banner ${id}`);
  return b;
}

/** The Banner standing in territory `t` (at most one per player: CAMP-ONE-BANNER), of `player` if given. */
export function bannerAt(d: CampaignData, t: number, player?: Player): BannerState | undefined {
  return d.banners.find((b) => b.at === t && (player === undefined || b.owner === player));
}

export function bannersOf(d: CampaignData, p: Player): BannerState[] {
  return d.banners.filter((b) => b.owner === p);
}

export function territoriesOf(d: CampaignData, p: Player): number[] {
  return d.owner.flatMap((o, t) => (o === p ? [t] : []));
}

export function log(d: CampaignData, line: string): void {
  d.log?.push(line);
  const rec = d.history?.[d.history.length - 1];
  if (rec && rec.turn === d.turn) rec.events.push(line.trim());
}
