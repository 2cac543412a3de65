/**
 * A matchup's battles set up AND played in the Wasm kernel (issue 17 item 4): the set-up template
 * (template.ts) laid out once as a flat block — the terrain table and where terrain must not go, each roll-off
 * winner's deployment steps with their zone grids, control before deployment, and the kernel's encoding of one
 * battle of that winner — and then one kernel call per chunk of seeds (assembly/aos_setup.ts): per battle the
 * kernel draws the roll-off, the terrain, each unit's spot and round 1's dice from the battle's seed, in the
 * TypeScript engine's order (assembly/battle/setup.ts, the twin of setUpFromTemplate), works out control,
 * plays the battle from deriveSeed(seed, 1) and writes its record. test/aos/rollout-kernel-setup.test.ts holds
 * every battle equal to the template's (and so to a set-up played in full by the engine).
 *
 * THE BLOCK (f64; assembly/battle/setup.ts SB.* reads it):
 *   [0, SB.HEADER)   magic, terrain count, objective points (count, offset), terrain kinds (offset, count),
 *                    alpha (1: round 1's D3 is rolled at the end of deployment), then per roll-off winner:
 *                    the encoding's offset (-1: the engine plays that winner's battles), steps (offset,
 *                    count), control before deployment (offset: one slot per objective, -1 nobody)
 *   objective points x, y each (setup.ts objectivePoints)
 *   kinds            TERRAIN_TABLE: height, tallShare, abilities (bit 0 Cover, bit 1 Unstable)
 *   steps            STEP each: player, unit, footprint radius, rear, reserve, zone offset, zone size, the
 *                    grid's number (one per player, grid and radius: SB.N_ZONES of them) and its flags' offset
 *   zones            ZONE_POINT each: x, y, lateral, depth (setup.ts ZonePoint), in the grid's order
 *   encodings        encode.ts encodeBattle of one battle of each winner, with a full set of terrain
 *
 * What the kernel cannot take stays with the TypeScript engine (setUpBlock null, or a record with
 * SET_UP_PLAYED 0): terrain of a round-1 map event, zone grids beyond MAX_ZONE points or MAX_ZONES grids, a winner whose battle
 * the kernel refuses (encodeBattle's InputError) or for whom no battle with every feature placed turned up,
 * and any set-up in which a unit finds no room.
 */
import { InputError } from "../../core/errors.js";
import type { Core } from "../../core/wasm.js";
import { mapEventsAtRoundStart } from "../battleplans/index.js";
import { objectivePoints, terrainCount, type ZonePoint } from "../battle/setup.js";
import { TERRAIN_TABLE } from "../battle/terrain.js";
import type { BattleData, Player } from "../battle/state.js";
import { encodeBattle, RESULT } from "./encode.js";
import { setUpFromTemplate, type SetUpTemplate } from "./template.js";
import type { RolloutResult } from "./types.js";
import { decodeRollout } from "./wasm.js";

export const SET_UP_MAGIC = 0x5e7a9;
export const SB = { MAGIC: 0, TERRAIN_COUNT: 1, N_OBJ_POINTS: 2, OFF_OBJ_POINTS: 3, OFF_KINDS: 4, N_KINDS: 5, ALPHA: 6, WINNER: 8, WINNER_STRIDE: 4, N_ZONES: 16, HEADER: 20 } as const;
export const STEP = 9;
export const ZONE_POINT = 4;
export const KIND = 3;
export const MAX_ZONE = 8192;
export const MAX_ZONES = 64;
/** Record slots of a set-up chunk (assembly/aos_setup.ts): 1 when the kernel set the battle up and played it; the roll-off's winner. */
export const SET_UP_PLAYED = 61;
export const SET_UP_WINNER = 62;

/** Seeds tried for a battle of each winner with every terrain feature placed and every unit set up (the encoding the kernel patches). */
const BASE_TRIES = 64;

/** What the block knows of each winner besides the numbers: the grand strategies the records are decoded with. */
export interface SetUpBlock {
  block: Float64Array;
  grandStrategies: [BattleData["grandStrategies"] | null, BattleData["grandStrategies"] | null];
}

const blocks = new WeakMap<SetUpTemplate, SetUpBlock | null>();

/** The template's block for the kernel (made once per template), or null when the kernel cannot set its battles up. */
export function setUpBlock(t: SetUpTemplate): SetUpBlock | null {
  let b = blocks.get(t);
  if (b === undefined) blocks.set(t, (b = makeBlock(t)));
  return b;
}

/** A battle of `winner` that the kernel's encoding can stand for: every feature placed, no unit lost for lack of room. */
function baseEncoding(t: SetUpTemplate, winner: Player): Float64Array | null {
  const w = t.byWinner[winner];
  if (!w || w.refused) return null;
  const count = terrainCount(t.pointsLimit);
  for (let seed = 0, tries = 0; tries < BASE_TRIES; seed++) {
    const s = setUpFromTemplate(t, seed);
    if (!s || s.winner !== winner) continue;
    tries++;
    if (s.data.terrain.length !== count) continue;
    if (s.data.units.some((u, id) => u.status === "destroyed" && w.pre.units[id]!.status !== "destroyed")) continue;
    try {
      return encodeBattle(s.data);
    } catch (e) {
      if (e instanceof InputError) return null;
      throw e;
    }
  }
  return null;
}

function makeBlock(t: SetUpTemplate): SetUpBlock | null {
  const plan = t.plan;
  // Round 1's map events roll no dice today (events.ts: set-ups from round 2); the kernel rolls none either.
  if (mapEventsAtRoundStart(plan, 1).some((e) => e.kind === "set-up" && e.at === null)) return null;
  const out: number[] = new Array<number>(SB.HEADER).fill(0);
  out[SB.MAGIC] = SET_UP_MAGIC;
  out[SB.TERRAIN_COUNT] = terrainCount(t.pointsLimit);
  const points = objectivePoints(plan);
  out[SB.N_OBJ_POINTS] = points.length;
  out[SB.OFF_OBJ_POINTS] = out.length;
  for (const p of points) out.push(p.x, p.y);
  out[SB.OFF_KINDS] = out.length;
  out[SB.N_KINDS] = TERRAIN_TABLE.length;
  for (const k of TERRAIN_TABLE) out.push(k.height, k.tallShare, (k.abilities.includes("Cover") ? 1 : 0) | (k.abilities.includes("Unstable") ? 2 : 0));
  // setup.ts afterDeployment: round 1 starts (and rolls its dice) at once, but for the predators' picks (PB-BP-05).
  out[SB.ALPHA] = plan.alphaObjective && plan.id !== "survival-of-the-fittest" ? 1 : 0;
  const zones = new Map<readonly ZonePoint[], number>();
  const pendingZones: (readonly ZonePoint[])[] = [];
  const stepSlots: { at: number; zone: readonly ZonePoint[] }[] = [];
  // The grids' flags in the kernel: one region per player, grid and radius (the engine tests with the unit's own radius).
  const grids = new Map<string, { no: number; flags: number }>();
  const gridIds = new Map<readonly ZonePoint[], number>();
  let flagCount = 0;
  const bases: [Float64Array | null, Float64Array | null] = [baseEncoding(t, 0), baseEncoding(t, 1)];
  const grandStrategies: SetUpBlock["grandStrategies"] = [null, null];
  for (const winner of [0, 1] as const) {
    const w = t.byWinner[winner];
    const slot = SB.WINNER + winner * SB.WINNER_STRIDE;
    out[slot] = -1;
    if (!w || !bases[winner]) {
      bases[winner] = null;
      continue;
    }
    grandStrategies[winner] = w.pre.grandStrategies;
    out[slot + 3] = out.length;
    for (const o of plan.objectives) {
      const c = w.pre.control[o.id];
      out.push(c === 0 || c === 1 ? c : -1);
    }
    out[slot + 1] = out.length;
    out[slot + 2] = w.steps.length;
    for (const s of w.steps) {
      if (!zones.has(s.zone)) {
        zones.set(s.zone, -1);
        pendingZones.push(s.zone);
      }
      stepSlots.push({ at: out.length + 5, zone: s.zone });
      if (!gridIds.has(s.zone)) gridIds.set(s.zone, gridIds.size);
      const key = `${winner}:${s.player}:${gridIds.get(s.zone)}:${s.radius}`;
      let g = grids.get(key);
      if (!g) {
        grids.set(key, (g = { no: grids.size, flags: flagCount }));
        flagCount += s.zone.length;
      }
      out.push(s.player, s.id, s.radius, s.rear ? 1 : 0, s.reserve ? 1 : 0, 0, s.zone.length, g.no, g.flags);
    }
  }
  if (!bases[0] && !bases[1]) return null;
  if (flagCount > MAX_ZONE || grids.size > MAX_ZONES) return null;
  out[SB.N_ZONES] = grids.size;
  for (const z of pendingZones) {
    zones.set(z, out.length);
    for (const p of z) out.push(p.p.x, p.p.y, p.lateral, p.depth);
  }
  for (const s of stepSlots) out[s.at] = zones.get(s.zone)!;
  for (const winner of [0, 1] as const) {
    const base = bases[winner];
    if (!base) continue;
    out[SB.WINNER + winner * SB.WINNER_STRIDE] = out.length;
    for (let i = 0; i < base.length; i++) out.push(base[i]!);
  }
  return { block: Float64Array.from(out), grandStrategies };
}

/**
 * The battles of `seeds` set up from the template and played in the kernel, one call for them all: each
 * battle's result, or null where the TypeScript engine must play it (setUpFromTemplate, or in full). Null
 * when the kernel cannot set up any battle of this template.
 */
export function templateRolloutsWasm(core: Core, t: SetUpTemplate, seeds: ArrayLike<number>): (RolloutResult | null)[] | null {
  const b = setUpBlock(t);
  if (!b) return null;
  const records = core.aosSetUpRollouts(b.block, seeds, RESULT);
  const results: (RolloutResult | null)[] = new Array(seeds.length);
  for (let i = 0; i < seeds.length; i++) {
    const at = i * RESULT;
    results[i] = records[at + SET_UP_PLAYED] === 1 ? decodeRollout(records, at, { grandStrategies: b.grandStrategies[records[at + SET_UP_WINNER] as Player]! }) : null;
  }
  return results;
}
