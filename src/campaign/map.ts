/**
 * The campaign map as the rules read it: territories by index, adjacency lists, hop distances, rivers, and
 * the terrain questions of CAMP-MOVE and CAMP-RIVER. Built once per parsed map (a `Board` is immutable and
 * shared by every state of a campaign).
 */
import defaultMapJson from "../../data/campaign/default-map.json" with { type: "json" };
import { parseOrThrow } from "../core/errors.js";
import { type CampaignMap, campaignMapSchema, DIFFICULT_TERRAINS, type MapTerritory, type Terrain } from "./schema.js";

export interface Board {
  readonly map: CampaignMap;
  readonly n: number;
  readonly ids: readonly string[];
  readonly names: readonly string[];
  readonly terrain: readonly Terrain[];
  /** Neighbours of each territory, ascending. */
  readonly adjacent: readonly (readonly number[])[];
  readonly edge: readonly boolean[];
  readonly bridge: readonly boolean[];
  readonly special: readonly (MapTerritory["special"] | null)[];
  /** Which river a section belongs to and its place along the river's course. */
  readonly river: readonly ({ river: number; index: number } | null)[];
  /** Hops between two territories (the map is connected). */
  readonly distance: readonly (readonly number[])[];
}

const boards = new WeakMap<CampaignMap, Board>();

export function boardOf(map: CampaignMap): Board {
  const cached = boards.get(map);
  if (cached) return cached;
  const index = new Map(map.territories.map((t, i) => [t.id, i]));
  const n = map.territories.length;
  const adjacent = map.territories.map((t) => t.adjacent.map((a) => index.get(a)!).sort((a, b) => a - b));
  const river: ({ river: number; index: number } | null)[] = new Array(n).fill(null);
  map.rivers.forEach((r, ri) => r.sections.forEach((s, si) => (river[index.get(s)!] = { river: ri, index: si })));
  const distance = map.territories.map((_, from) => {
    const d = new Array<number>(n).fill(Infinity);
    d[from] = 0;
    const queue = [from];
    for (let q = 0; q < queue.length; q++) {
      const t = queue[q]!;
      for (const a of adjacent[t]!) if (d[a] === Infinity) (d[a] = d[t]! + 1, queue.push(a));
    }
    return d;
  });
  const board: Board = {
    map,
    n,
    ids: map.territories.map((t) => t.id),
    names: map.territories.map((t) => t.name),
    terrain: map.territories.map((t) => t.terrain),
    adjacent,
    edge: map.territories.map((t) => t.edge),
    bridge: map.territories.map((t) => t.bridge),
    special: map.territories.map((t) => t.special ?? null),
    river,
    distance,
  };
  boards.set(map, board);
  return board;
}

/** A map from JSON, or an InputError naming the field. */
export function parseMap(json: unknown, where = "map"): CampaignMap {
  return parseOrThrow(campaignMapSchema, json, where);
}

let defaultMapParsed: CampaignMap | undefined;

/** The bundled default map (data/campaign/default-map.json). */
export function defaultMap(): CampaignMap {
  defaultMapParsed ??= parseMap(defaultMapJson, "data/campaign/default-map.json");
  return defaultMapParsed;
}

export function territoryIndex(board: Board, id: string): number | undefined {
  const i = board.ids.indexOf(id);
  return i < 0 ? undefined : i;
}

/** CAMP-RIVER: moving from one section of a river to the next or previous one ("up/down river"). */
export function isAlongRiver(board: Board, from: number, to: number): boolean {
  const a = board.river[from];
  const b = board.river[to];
  return !!a && !!b && a.river === b.river && Math.abs(a.index - b.index) === 1;
}

/**
 * CAMP-MOVE, CAMP-RIVER: does a move from `from` into `to` need a Difficult Terrain test (D6, 1-2: Hold)?
 * Marshes, Mountains and Jungles always; a river section when the Banner crosses it (enters it from off the
 * river) unless the section has a bridge; moving along the river is never difficult.
 */
export function needsTerrainTest(board: Board, from: number, to: number): boolean {
  const t = board.terrain[to]!;
  if (DIFFICULT_TERRAINS.includes(t)) return true;
  if (t === "river") return !isAlongRiver(board, from, to) && !board.bridge[to];
  return false;
}

/** Why a move needs the test, for the log. */
export function terrainTestReason(board: Board, to: number): string {
  return board.terrain[to] === "river" ? `crossing the river at ${board.names[to]}` : `${board.names[to]} is ${board.terrain[to]} (Difficult Terrain)`;
}

/**
 * CAMP-INFLUENCE: 1 per territory, 5 per special map section, 10 for the Lake of Lost Souls. CAMP-RAZE:
 * a Razed special section is worth its `razedInfluence` (default 1) until Recovered.
 */
export function influenceOf(board: Board, t: number, razed: boolean): number {
  const s = board.special[t];
  if (!s) return 1;
  if (razed) return s.razedInfluence ?? 1;
  return s.kind === "lake" ? 10 : 5;
}
