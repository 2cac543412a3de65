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
 *                    grid's number (one per player, grid and radius: SB.N_ZONES of them) and its flags' offset;
 *                    the unit's models as deployed, its x and y while waiting, and 1 when the kernel may play a
 *                    battle in which it finds no room (losableUnits)
 *   zones            ZONE_POINT each: x, y, lateral, depth (setup.ts ZonePoint), in the grid's order
 *   encodings        encode.ts encodeBattle of one battle of each winner, with a full set of terrain
 *
 * A unit that finds no room is destroyed (setup.ts afterDeploy) and the set-up goes on without it: the kernel
 * writes it into the winner's encoding as encodeBattle would (STATUS 2, no models, where it stood while
 * waiting) when the block says that is all that changes (losableUnits). In the matrix of the six bundled
 * armies that was 17% of the battles, each played at ~0.9 ms through the TypeScript set-up against ~0.3 ms
 * set up and played in the kernel.
 *
 * What the kernel cannot take stays with the TypeScript engine (setUpBlock null, or a record with
 * SET_UP_PLAYED 0): terrain of a round-1 map event, deployment-phase moves (setups.ts useDeploymentMoves), zone grids beyond MAX_ZONE points or MAX_ZONES grids, a winner whose battle
 * the kernel refuses (encodeBattle's InputError) or for whom no battle with every feature placed turned up,
 * a unit without room whose loss changes more of the encoding than its status and models, and a unit without
 * room before one the template sets up in reserve (template.ts setUpFromTemplate).
 */
import { InputError } from "../../core/errors.js";
import type { Core } from "../../core/wasm.js";
import { mapEventsAtRoundStart } from "../battleplans/index.js";
import { objectivePoints, terrainCount, type ZonePoint } from "../battle/setup.js";
import { TERRAIN_TABLE } from "../battle/terrain.js";
import type { UnitProfile } from "../battle/units.js";
import type { BattleData, Player } from "../battle/state.js";
import { AB, ABILITY, encodeBattle, encodeSetUp, H, O, OBJECTIVE, RESULT, U, UNIT } from "./encode.js";
import { keywordInList } from "../keywords.js";
import { deploymentMoves, kernelDeploymentMove } from "../battle/setups.js";
import { rollOffWinner, setUpFromTemplate, type SetUpTemplate } from "./template.js";
import type { RolloutResult } from "./types.js";
import { decodeRollout } from "./wasm.js";

export const SET_UP_MAGIC = 0x5e7a9;
export const SB = { MAGIC: 0, TERRAIN_COUNT: 1, N_OBJ_POINTS: 2, OFF_OBJ_POINTS: 3, OFF_KINDS: 4, N_KINDS: 5, ALPHA: 6, WINNER: 8, WINNER_STRIDE: 4, N_ZONES: 16, HEADER: 20 } as const;
export const STEP = 13;
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

/**
 * For each roll-off winner, a battle the kernel's encoding can stand for: every feature placed, no unit lost
 * for lack of room — the first such battle among the first BASE_TRIES seeds (0, 1, 2, ...) of that winner, or
 * null. One pass over the seeds for both winners: a seed's roll-off is read before its set-up is played, so
 * each set-up is played once, and only for a winner still looking (the two winners used to scan the seeds
 * one after the other, each playing the other's set-ups too: ~2.5x the set-ups for the same two encodings).
 */
function baseEncodings(t: SetUpTemplate): [BaseBattle | null, BaseBattle | null] {
  const out: [BaseBattle | null, BaseBattle | null] = [null, null];
  const open = [0, 1].map((w) => t.byWinner[w] !== null && !t.byWinner[w]!.refused);
  const tries = [0, 0];
  const count = terrainCount(t.pointsLimit);
  // The bound only stops a template whose set-ups all return null (every seed loses a unit before a reserve).
  for (let seed = 0; (open[0] || open[1]) && seed < MAX_BASE_SEEDS; seed++) {
    const winner = rollOffWinner(seed);
    if (!open[winner]) continue;
    const s = setUpFromTemplate(t, seed);
    if (!s) continue;
    tries[winner]!++;
    const pre = t.byWinner[winner]!.pre;
    if (s.data.terrain.length === count && !s.data.units.some((u, id) => u.status === "destroyed" && pre.units[id]!.status !== "destroyed")) {
      open[winner] = false;
      try {
        out[winner] = { encoding: encodeBattle(s.data), seed };
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
      }
    } else if (tries[winner]! >= BASE_TRIES) open[winner] = false;
  }
  return out;
}

/** A battle of one roll-off winner with every feature placed and every unit set up: its encoding and seed. */
interface BaseBattle {
  encoding: Float64Array;
  /** The battle's seed (losableUnits plays its set-up again). */
  seed: number;
}

/**
 * The units the kernel may lose for lack of room in this winner's battles (by unit id). The kernel writes a
 * lost unit into the winner's encoding as destroyed with no models where it stood while waiting, and changes
 * nothing else there; so a unit qualifies only where its loss changes nothing else:
 * - not a HERO: the general's loss costs command points at round 1's start (commands.ts), an OSSIARCH
 *   BONEREAPERS HERO's the relentless discipline points (factions.ts), and a HERO can issue commands;
 * - no replacement ability it can use (encode.ts U.USER_MASK: no bit of a replacement record): the replacements
 *   still possible are an OR over the units left that can use one (H.SPARE_UNITS); a redeployment's bit (Ethereal
 *   Translocation: every NIGHTHAUNT unit) changes nothing else;
 * - set up after the last unit the template puts in reserve (a loss before one is the engine's: setUpFromTemplate);
 * and only if the base battle's set-up played again with all of them lost (setUpFromTemplate's forceLost:
 * deployment, control and round 1's start as the engine plays them) encodes as the base encoding with what
 * the kernel writes per battle (the units' spots, the terrain, control, round 1's alpha D3) and those units'
 * status and models changed — and nothing else (command points, faction points, pending rolls, effect masks).
 */
function losableUnits(t: SetUpTemplate, winner: Player, base: BaseBattle): Set<number> {
  const w = t.byWinner[winner]!;
  const offUnits = base.encoding[H.OFF_UNITS]!;
  const lastReserve = w.steps.reduce((at, s, i) => (s.reserve ? i : at), -1);
  // The ability records that are replacements (AB.KIND 1), as a mask over USER_MASK's bits.
  const offAbilities = base.encoding[H.OFF_ABILITIES]!;
  let replacements = 0;
  for (let k = 0; k < base.encoding[H.N_ABILITIES]!; k++) if (base.encoding[offAbilities + k * ABILITY + AB.KIND] === 1) replacements |= 1 << k;
  const candidates = new Set<number>();
  w.steps.forEach((s, i) => {
    if (i > lastReserve && !s.reserve && (base.encoding[offUnits + s.id * UNIT + U.USER_MASK]! & replacements) === 0 && !keywordInList(w.pre.profiles[s.id]!.keywords, "HERO")) candidates.add(s.id);
  });
  if (candidates.size === 0) return candidates;
  const forced = setUpFromTemplate(t, base.seed, candidates);
  if (!forced || forced.winner !== winner) return new Set();
  let expected: Float64Array;
  try {
    expected = encodeBattle(forced.data);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return new Set();
  }
  if (expected.length !== base.encoding.length) return new Set();
  // What the kernel plays from: the base encoding with the set-up's slots written (encodeSetUp), but for the
  // command points and the pending Veins rolls, which the kernel keeps from the base battle.
  const got = encodeSetUp(base.encoding, forced.data);
  got[H.CP0] = base.encoding[H.CP0]!;
  got[H.CP1] = base.encoding[H.CP1]!;
  const offObjectives = got[H.OFF_OBJECTIVES]!;
  for (let i = 0; i < got[H.N_OBJECTIVES]!; i++) got[offObjectives + i * OBJECTIVE + O.PENDING_VEINS] = base.encoding[offObjectives + i * OBJECTIVE + O.PENDING_VEINS]!;
  for (const id of candidates) {
    got[offUnits + id * UNIT + U.STATUS] = 2;
    got[offUnits + id * UNIT + U.MODELS] = 0;
  }
  for (let i = 0; i < got.length; i++) if (!Object.is(got[i], expected[i])) return new Set();
  return candidates;
}

/** Every deployment move of the battle is one the kernel plays (kernelDeploymentMove), at most one an army. */
function kernelPlaysDeploymentMoves(profiles: readonly UnitProfile[]): boolean {
  const list = deploymentMoves(profiles);
  if (!list.every(kernelDeploymentMove)) return false;
  const owners = list.flatMap((pe) => [...new Set(profiles.filter((p) => p.warscroll.trim().toLowerCase() === pe.ability.warscroll.trim().toLowerCase()).map((p) => p.owner))]);
  return new Set(owners).size === owners.length;
}

/** Seeds looked at in all for the two base encodings (BASE_TRIES each is the rule; this bounds a pathological template). */
const MAX_BASE_SEEDS = 1 << 16;

/**
 * The block, written straight into its Float64Array: a first pass lays it out (the steps, the zone grids in
 * the order the steps first name them, the grids' flag regions), the second fills it.
 */
function makeBlock(t: SetUpTemplate): SetUpBlock | null {
  const plan = t.plan;
  // Round 1's map events roll no dice today (events.ts: set-ups from round 2); the kernel rolls none either.
  if (mapEventsAtRoundStart(plan, 1).some((e) => e.kind === "set-up" && e.at === null)) return null;
  // Deployment-phase moves (setups.ts useDeploymentMoves) move units after the last set-up. The kernel's set-up plays
  // those of a set distance, one per army (kernelDeploymentMove: Chilling Horde; assembly/battle/deploy-moves.ts);
  // with any other (an imported Scouts, a random Move) the template's battles are set up in TypeScript
  // (setUpFromTemplate plays them).
  const pre = (t.byWinner[0] ?? t.byWinner[1])?.pre;
  if (pre && !kernelPlaysDeploymentMoves(pre.profiles)) return null;
  const bases = baseEncodings(t);
  if (!bases[0] && !bases[1]) return null;
  const points = objectivePoints(plan);
  // Layout: the zone grids (by identity, in the order the steps name them), and each step's grid number
  // and flags' offset — one region per winner, player, grid and radius (the engine tests with the unit's own radius).
  const zoneIds = new Map<readonly ZonePoint[], number>();
  const zoneList: (readonly ZonePoint[])[] = [];
  const grids = new Map<string, { no: number; flags: number }>();
  const stepGrid: { no: number; flags: number }[][] = [[], []];
  let flagCount = 0;
  let stepSlots = 0;
  for (const winner of [0, 1] as const) {
    const w = t.byWinner[winner];
    if (!w || !bases[winner]) continue;
    stepSlots += plan.objectives.length + w.steps.length * STEP;
    for (const s of w.steps) {
      let zone = zoneIds.get(s.zone);
      if (zone === undefined) {
        zoneIds.set(s.zone, (zone = zoneList.length));
        zoneList.push(s.zone);
      }
      const key = `${winner}:${s.player}:${zone}:${s.radius}`;
      let g = grids.get(key);
      if (!g) {
        grids.set(key, (g = { no: grids.size, flags: flagCount }));
        flagCount += s.zone.length;
      }
      stepGrid[winner]!.push(g);
    }
  }
  if (flagCount > MAX_ZONE || grids.size > MAX_ZONES) return null;
  const offPoints = SB.HEADER;
  const offKinds = offPoints + 2 * points.length;
  const offWinners = offKinds + KIND * TERRAIN_TABLE.length;
  const offZones = offWinners + stepSlots;
  const zoneOffsets: number[] = [];
  let at = offZones;
  for (const z of zoneList) {
    zoneOffsets.push(at);
    at += z.length * ZONE_POINT;
  }
  const offEncodings = at;
  const length = offEncodings + (bases[0]?.encoding.length ?? 0) + (bases[1]?.encoding.length ?? 0);
  const out = new Float64Array(length);
  out[SB.MAGIC] = SET_UP_MAGIC;
  out[SB.TERRAIN_COUNT] = terrainCount(t.pointsLimit);
  out[SB.N_OBJ_POINTS] = points.length;
  out[SB.OFF_OBJ_POINTS] = offPoints;
  points.forEach((p, i) => {
    out[offPoints + 2 * i] = p.x;
    out[offPoints + 2 * i + 1] = p.y;
  });
  out[SB.OFF_KINDS] = offKinds;
  out[SB.N_KINDS] = TERRAIN_TABLE.length;
  TERRAIN_TABLE.forEach((k, i) => {
    out[offKinds + KIND * i] = k.height;
    out[offKinds + KIND * i + 1] = k.tallShare;
    out[offKinds + KIND * i + 2] = (k.abilities.includes("Cover") ? 1 : 0) | (k.abilities.includes("Unstable") ? 2 : 0);
  });
  // setup.ts afterDeployment: round 1 starts (and rolls its dice) at once, but for the predators' picks (PB-BP-05).
  out[SB.ALPHA] = plan.alphaObjective && plan.id !== "survival-of-the-fittest" ? 1 : 0;
  out[SB.N_ZONES] = grids.size;
  const grandStrategies: SetUpBlock["grandStrategies"] = [null, null];
  at = offWinners;
  let encodingAt = offEncodings;
  for (const winner of [0, 1] as const) {
    const w = t.byWinner[winner];
    const base = bases[winner];
    const slot = SB.WINNER + winner * SB.WINNER_STRIDE;
    if (!w || !base) {
      out[slot] = -1;
      continue;
    }
    grandStrategies[winner] = w.pre.grandStrategies;
    const losable = losableUnits(t, winner, base);
    out[slot + 3] = at;
    for (const o of plan.objectives) {
      const c = w.pre.control[o.id];
      out[at++] = c === 0 || c === 1 ? c : -1;
    }
    out[slot + 1] = at;
    out[slot + 2] = w.steps.length;
    w.steps.forEach((s, i) => {
      const g = stepGrid[winner]![i]!;
      const waiting = w.pre.units[s.id]!;
      out.set([s.player, s.id, s.radius, s.rear ? 1 : 0, s.reserve ? 1 : 0, zoneOffsets[zoneIds.get(s.zone)!]!, s.zone.length, g.no, g.flags, base.encoding[base.encoding[H.OFF_UNITS]! + s.id * UNIT + U.MODELS]!, waiting.x, waiting.y, losable.has(s.id) ? 1 : 0], at);
      at += STEP;
    });
    out[slot] = encodingAt;
    out.set(base.encoding, encodingAt);
    encodingAt += base.encoding.length;
  }
  zoneList.forEach((z, k) => {
    let o = zoneOffsets[k]!;
    for (const p of z) {
      out[o++] = p.p.x;
      out[o++] = p.p.y;
      out[o++] = p.lateral;
      out[o++] = p.depth;
    }
  });
  return { block: out, grandStrategies };
}

/**
 * The battles of `seeds` set up from the template and played in the kernel, one call for them all: each
 * battle's result, or null where the TypeScript engine must play it (setUpFromTemplate, or in full). Null
 * when the kernel cannot set up any battle of this template.
 */
export function templateRolloutsWasm(core: Core, t: SetUpTemplate, seeds: ArrayLike<number>): (RolloutResult | null)[] | null {
  const r = templateRecordsWasm(core, t, seeds);
  if (!r) return null;
  return Array.from({ length: seeds.length }, (_, i) => {
    const at = i * RESULT;
    return r.records[at + SET_UP_PLAYED] === 1 ? decodeRollout(r.records, at, recordSetUp(r, at)) : null;
  });
}

/**
 * templateRolloutsWasm's kernel call without the decoding: battle i's record at i * RESULT in `records`
 * (SET_UP_PLAYED 1 where the kernel set it up and played it); null when the kernel cannot set up any battle
 * of this template. For a caller that needs a battle's winner and VP only (encode.ts R, wasm.ts recordWinner).
 */
export function templateRecordsWasm(core: Core, t: SetUpTemplate, seeds: ArrayLike<number>): { records: Float64Array; block: SetUpBlock } | null {
  const b = setUpBlock(t);
  if (!b) return null;
  return { records: core.aosSetUpRollouts(b.block, seeds, RESULT), block: b };
}

/** What a record at `at` of templateRecordsWasm is decoded with (decodeRollout): its roll-off winner's grand strategies. */
export function recordSetUp(r: { records: Float64Array; block: SetUpBlock }, at: number): Pick<BattleData, "grandStrategies"> {
  return { grandStrategies: r.block.grandStrategies[r.records[at + SET_UP_WINNER] as Player]! };
}
