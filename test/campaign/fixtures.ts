/**
 * Campaign positions set up for a rule: a small hand-made map, Banners where a test wants them, a scripted
 * RNG with the dice the test expects, and a helper that writes every Banner's order for the turn.
 */
import { bundledRosters } from "../../src/aos/armies/index.js";
import {
  bannerToOrder,
  boardOf,
  type CampaignArmy,
  type CampaignConfig,
  type CampaignMapJson,
  campaignOptionsSchema,
  CampaignState,
  encodeOrder,
  type MapTerritory,
  newCampaignData,
  type Order,
  PASS,
  parseMap,
  type Player,
  raiseBanner,
  resolveCampaignArmy,
  startTurn,
  type Terrain,
  territoryIndex,
} from "../../src/campaign/index.js";
import { Rng } from "../../src/core/rng.js";
import { ScriptedRng } from "../support/battle-fixtures.js";

export { ScriptedRng };

export const ROSTERS = bundledRosters().map((r) => r.roster);
/** Mortek Shieldwall (1,000 points) and Hammers of the Warrior Chamber (990). */
export const ROSTER_A = ROSTERS[0]!;
export const ROSTER_B = ROSTERS[1]!;

let armies: [CampaignArmy, CampaignArmy] | undefined;
export function defaultArmies(): [CampaignArmy, CampaignArmy] {
  armies ??= [resolveCampaignArmy(ROSTER_A, "a"), resolveCampaignArmy(ROSTER_B, "b")];
  return armies;
}

export interface TerritorySpec {
  terrain?: Terrain;
  adj?: string[];
  edge?: boolean;
  bridge?: boolean;
  special?: MapTerritory["special"];
}

/** A map from `{ id: { terrain, adj } }`; adjacency is made symmetric, names are the ids. */
export function mapOf(spec: Record<string, TerritorySpec>, rivers: { name: string; sections: string[] }[] = []): CampaignMapJson {
  const adj = new Map<string, Set<string>>(Object.keys(spec).map((id) => [id, new Set<string>()]));
  for (const [id, t] of Object.entries(spec))
    for (const a of t.adj ?? []) {
      adj.get(id)!.add(a);
      adj.get(a)!.add(id);
    }
  return {
    name: "Test map",
    territories: Object.entries(spec).map(([id, t]) => ({
      id,
      name: id,
      terrain: t.terrain ?? "plains",
      adjacent: [...adj.get(id)!].sort(),
      ...(t.edge ? { edge: true } : {}),
      ...(t.bridge ? { bridge: true } : {}),
      ...(t.special ? { special: t.special } : {}),
    })),
    rivers,
  };
}

/** a - b - c - d - e, all plains; a and e on the edge. */
export const LINE = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"] }, c: { adj: ["d"] }, d: { adj: ["e"] }, e: { edge: true } });

export interface BannerSpec {
  owner: Player;
  at: string | null;
  name: string;
}

export interface Position {
  map: CampaignMapJson;
  banners: BannerSpec[];
  /** Territory owners; a Banner's territory defaults to its owner's. */
  owner?: Record<string, Player | null>;
  razed?: string[];
  fortified?: string[];
  hq?: [string, string];
  dice?: number[];
  seed?: number;
  turn?: number;
  turns?: number;
  battles?: "entered" | "simulated";
  influence?: "final" | "per-turn";
}

export interface Fixture {
  s: CampaignState;
  config: CampaignConfig;
  t: (id: string) => number;
  banner: (name: string) => CampaignState["data"]["banners"][number];
  rng: Rng;
}

/** A campaign at the start of turn `turn` (orders, slot 0) in the given position. */
export function campaignAt(pos: Position): Fixture {
  const board = boardOf(parseMap(pos.map, "test map"));
  const config: CampaignConfig = { board, armies: defaultArmies() };
  const t = (id: string) => {
    const i = territoryIndex(board, id);
    if (i === undefined) throw new Error(`no territory ${id}`);
    return i;
  };
  const options = campaignOptionsSchema.parse({ turns: pos.turns ?? 16, battles: pos.battles ?? "entered", influence: pos.influence ?? "final", log: true });
  const d = newCampaignData(config, options);
  const hq = pos.hq ?? [pos.map.territories.find((x) => x.edge)!.id, [...pos.map.territories].reverse().find((x) => x.edge)!.id];
  d.hq = [t(hq[0]), t(hq[1])];
  d.pickOrder = [0, 1];
  for (const b of pos.banners) {
    const raised = raiseBanner(config, d, b.owner, b.at === null ? null : t(b.at));
    raised.name = b.name;
    if (b.at !== null) d.owner[t(b.at)] = b.owner;
  }
  for (const [id, p] of Object.entries(pos.owner ?? {})) d.owner[t(id)] = p;
  for (const id of pos.razed ?? []) d.razed[t(id)] = true;
  // Fortified before the first turn of the position (CAMP-FORTIFY: the bonus counts, the territory is spent).
  for (const id of pos.fortified ?? []) {
    d.fortified[t(id)] = true;
    d.fortifiedTurn[t(id)] = (pos.turn ?? 1) - 1;
  }
  d.turn = (pos.turn ?? 1) - 1;
  const rng = pos.dice ? new ScriptedRng([...pos.dice]) : new Rng(pos.seed ?? 1);
  const s = new CampaignState(config, d, rng);
  startTurn(config, d);
  const banner = (name: string) => {
    const b = s.data.banners.find((x) => x.name === name);
    if (!b) throw new Error(`no Banner ${name}`);
    return b;
  };
  return { s, config, t, banner, rng };
}

export type OrderSpec = "hold" | "fortify" | "recover" | "raze" | { move: string; then?: string } | { razeMove: string };

export function orderFrom(f: Fixture, spec: OrderSpec): Order {
  if (spec === "raze") return { kind: "raze-and-hold", to: null, then: null };
  if (typeof spec === "string") return { kind: spec, to: null, then: null };
  if ("razeMove" in spec) return { kind: "raze-and-move", to: f.t(spec.razeMove), then: null };
  return { kind: "move", to: f.t(spec.move), then: spec.then === undefined ? null : f.t(spec.then) };
}

/** Writes this turn's orders (Banners not named Hold) and lets the campaign execute them. */
export function give(f: Fixture, orders: Record<string, OrderSpec>): void {
  const turn = f.s.data.turn;
  while (f.s.data.step.kind === "orders" && f.s.data.turn === turn) {
    const joint = ([0, 1] as Player[]).map((p) => {
      const b = bannerToOrder(f.s.data, p);
      return b ? encodeOrder(orderFrom(f, orders[b.name] ?? "hold")) : PASS;
    });
    f.s.applyJoint(joint);
  }
}

/** Answers the end-of-turn decisions left (retreats, surplus Banners, new Banners) with their first legal action. */
export function finish(f: Fixture): void {
  const turn = f.s.data.turn;
  while (["retreat", "disband", "raise"].includes(f.s.data.step.kind) && f.s.data.turn === turn) f.s.apply(f.s.legalActions()[0]!);
}

/** The campaign log from the current turn's header on. */
export function turnLog(f: Fixture): string[] {
  const log = f.s.data.log!;
  let i = log.length - 1;
  while (i > 0 && !/^Turn \d+$/.test(log[i]!)) i--;
  return log.slice(i);
}
