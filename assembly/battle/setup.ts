// The set-up of a template battle in the kernel (issue 17 item 4): the twin of src/aos/rollout/template.ts
// setUpFromTemplate, which plays the dice-decided parts of a Pitched Battle's set-up on the plan's set-up
// template — the roll-off for attacker (PB-ROLLOFF), the defender's terrain (PB-TERRAIN, src/aos/battle/
// setup.ts drawTerrain), each unit's spot (setup.ts rankZone, policy.ts pickDeploySpot: PB-DEPLOY-ZONE,
// 1/2" from friends, never on the tall part of unstable terrain, CORE-UNSTABLE) and round 1's dice at the
// end of deployment (round.ts startRound: the alpha objective's D3, PB-BP-06). Everything no die changes
// (the profiles, the attacker's choice, territories, grand strategies, the order of deployment, reserves,
// the zone grids with their lateral and depth values) comes worked out by the TypeScript engine in the
// set-up block (src/aos/rollout/kernel-setup.ts lays it out), with the kernel's encoding of one battle of
// each roll-off winner. The same seed draws the same dice in the same order as the TypeScript engine;
// test/aos/rollout-kernel-setup.test.ts holds the two equal.
//
// The kernel writes each battle's own slots (unit positions, terrain, control before deployment, the alpha
// roll) into that encoding, reloads the terrain and rebuilds the starting position from it; control after
// deployment (CORE-CONTROL) is the kernel's own updateControl (board.ts), the one that runs at each turn's
// end. A set-up it cannot take — a unit without room (its loss changes the armies: the engine decides what
// follows) — is marked for the TypeScript engine to play.
import { hypot, jsRound } from "./math";
import { nextU32, rngSeed, roll } from "../rng";
import { H, MAX_TERRAIN, MAX_UNITS, O, OBJECTIVE, TERRAIN, U, UNIT } from "./layout";

/** The set-up block's header slots (f64). */
export namespace SB {
  export const MAGIC: i32 = 0;
  export const TERRAIN_COUNT: i32 = 1;
  export const N_OBJ_POINTS: i32 = 2;
  export const OFF_OBJ_POINTS: i32 = 3;
  export const OFF_KINDS: i32 = 4;
  export const N_KINDS: i32 = 5;
  export const ALPHA: i32 = 6;
  /** Per roll-off winner w at WINNER + w * WINNER_STRIDE: the encoding's offset (-1: none), steps' offset and count, pre-deployment control's offset. */
  export const WINNER: i32 = 8;
  export const WINNER_STRIDE: i32 = 4;
  /** The number of zone grids (one per player, grid and footprint radius): each keeps its ruled-out points through a battle. */
  export const N_ZONES: i32 = 16;
  export const HEADER: i32 = 20;
}
export const SET_UP_MAGIC: i32 = 0x5e7a9;
/**
 * A deployment step: player, unit, footprint radius, rear (a shooter), reserve (nothing to place), the zone
 * grid's offset and size, the grid's number (per player, grid and radius) and where its flags start; then the
 * STEP_* slots below.
 */
export const STEP: i32 = 13;
/** A step's slots beyond the first nine (kernel-setup.ts STEP): the unit's models as deployed, where it stands while
 * waiting (its x, y before deployment), and 1 when the kernel may set up a battle in which this unit finds no room. */
const STEP_MODELS: i32 = 9;
const STEP_WAIT_X: i32 = 10;
const STEP_WAIT_Y: i32 = 11;
const STEP_LOSABLE: i32 = 12;
/** A zone grid point: x, y, lateral, depth (setup.ts ZonePoint). */
export const ZONE_POINT: i32 = 4;
/** A terrain kind (terrain.ts TERRAIN_TABLE): height, the tall part's share of the radius, abilities (bit 0 Cover, bit 1 Unstable). */
export const KIND: i32 = 3;
/** The zone grids' points, all grids together, that the kernel's scratch takes (kernel-setup.ts refuses more). */
export const MAX_ZONE: i32 = 8192;
/** Zone grids in one block (kernel-setup.ts refuses more). */
export const MAX_ZONES: i32 = 64;

let blk: usize = 0;
// @ts-ignore: decorator
@inline function bF(i: i32): f64 {
  return load<f64>(blk + (<usize>i << 3));
}
// @ts-ignore: decorator
@inline function bI(i: i32): i32 {
  return <i32>load<f64>(blk + (<usize>i << 3));
}

/** Rng.nextFloat: a uniform float in [0, 1). */
// @ts-ignore: decorator
@inline function nextFloat(): f64 {
  return <f64>nextU32() / 4294967296.0;
}

// ---- the battle set up last (setUpBattle's results) --------------------------------------------------------

/** The roll-off's winner. */
export let setUpWinner: i32 = 0;
/** The terrain drawn: x, y, radius, height, tall part's radius, abilities (the encoding's TERRAIN slots). */
export const FEATURES = memory.data(MAX_TERRAIN * TERRAIN * 8, 16);
export let nFeatures: i32 = 0;
/** Where each unit stands (x, y) by unit id, for the units the steps placed. */
export const SPOTS = memory.data(MAX_UNITS * 2 * 8, 16);
/** Per unit: 1 when this battle's set-up lost it for lack of room (setUpBattle; writeSetUp writes it so). */
const LOST = memory.data(MAX_UNITS, 16);
/** The alpha objective's D3 rolled at the end of deployment (0: none). */
export let alphaRoll: i32 = 0;

// ---- scratch -------------------------------------------------------------------------------------------------

/** Friendly footprints set up so far: [player][k] x, y, radius. */
const FRIENDS = memory.data(2 * MAX_UNITS * 3 * 8, 16);
let nFriends0: i32 = 0;
let nFriends1: i32 = 0;
/**
 * rankZone's ruled-out flags, one byte per zone point of each grid (a grid's flags from its step's flag
 * offset). A grid's flags hold through a battle: its unstable terrain once, then each friendly footprint once
 * (ZONE_FRIENDS: how many of the player's units it has seen) — the same union of tests the engine makes
 * afresh for each unit, so the same points are left.
 */
const RULED_OUT = memory.data(MAX_ZONE, 16);
const ZONE_FRIENDS = memory.data(MAX_ZONES * 4, 16);
const ZONE_READY = memory.data(MAX_ZONES, 16);
/** rankZone's picks: zone point indices (at most 6). */
const PICKS = memory.data(8 * 4, 16);
let nPicks: i32 = 0;

// @ts-ignore: decorator
@inline function featF(i: i32, k: i32): f64 {
  return load<f64>(FEATURES + (<usize>(i * TERRAIN + k) << 3));
}

/** terrain.ts noStandRadius of feature i: the tall part of an Unstable feature more than 1" tall, else 0. */
function noStand(i: i32): f64 {
  return (<i32>featF(i, 5) & 2) != 0 && featF(i, 3) > 1 ? featF(i, 4) : 0;
}

function round2(v: f64): f64 {
  return jsRound(v * 100) / 100;
}

/** setup.ts drawTerrain: up to TERRAIN_COUNT features, 200 tries each, more than 6" apart and 3" from objectives. */
function drawTerrain(): void {
  nFeatures = 0;
  const count = bI(SB.TERRAIN_COUNT);
  const nObj = bI(SB.N_OBJ_POINTS);
  const offObj = bI(SB.OFF_OBJ_POINTS);
  const offKinds = bI(SB.OFF_KINDS);
  const nKinds = bI(SB.N_KINDS);
  for (let i = 0; i < count; i++) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const radius = 2 + nextFloat() * 2;
      const fx = nextFloat();
      const x = radius + 3 + fx * (60 - 2 * (radius + 3));
      const fy = nextFloat();
      const y = radius + 3 + fy * (44 - 2 * (radius + 3));
      let ok = true;
      // geometry.ts edgeDistance(f, c) <= 6 with each feature placed so far.
      for (let f = 0; f < nFeatures && ok; f++) if (Math.max(0, hypot(featF(f, 0) - x, featF(f, 1) - y) - featF(f, 2) - radius) <= 6) ok = false;
      if (!ok) continue;
      for (let o = 0; o < nObj && ok; o++) if (hypot(bF(offObj + 2 * o) - x, bF(offObj + 2 * o + 1) - y) - radius <= 3) ok = false;
      if (!ok) continue;
      // terrain.ts terrainFeature(nFeatures, round2(x), round2(y), round2(radius)).
      const k = offKinds + (nFeatures % nKinds) * KIND;
      const r = round2(radius);
      const at = FEATURES + (<usize>(nFeatures * TERRAIN) << 3);
      store<f64>(at, round2(x));
      store<f64>(at + 8, round2(y));
      store<f64>(at + 16, r);
      store<f64>(at + 24, bF(k));
      store<f64>(at + 32, jsRound(r * bF(k + 1) * 100) / 100);
      store<f64>(at + 40, bF(k + 2));
      nFeatures++;
      break;
    }
  }
}

// @ts-ignore: decorator
@inline function zx(zone: i32, k: i32): f64 {
  return bF(zone + k * ZONE_POINT);
}

/** setup.ts firstAtOrRightOf: the first point of the zone (ascending in x) with x >= `x`. */
function firstAtOrRightOf(zone: i32, n: i32, x: f64): i32 {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (zx(zone, mid) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** setup.ts near: two spots less than 1" apart. */
function near(ax: f64, ay: f64, bx: f64, by: f64): bool {
  const dx = ax - bx;
  const dy = ay - by;
  return Math.max(Math.abs(dx), Math.abs(dy)) < 1 && hypot(dx, dy) < 1;
}

// rankZone's thirds of the lateral range, `third / 3 - 1e-9` and `(third + 1) / 3 + 1e-9` as the engine computes them.
const THIRD0_LO: f64 = 0.0 / 3 - 1e-9;
const THIRD0_HI: f64 = 1.0 / 3 + 1e-9;
const THIRD1_LO: f64 = 1.0 / 3 - 1e-9;
const THIRD1_HI: f64 = 2.0 / 3 + 1e-9;
const THIRD2_LO: f64 = 2.0 / 3 - 1e-9;
const THIRD2_HI: f64 = 3.0 / 3 + 1e-9;

/** setup.ts rankZone, operation for operation: the picked zone points (indices) in PICKS. */
function rankZone(zone: i32, n: i32, player: i32, radius: f64, zoneNo: i32, flagsAt: i32): void {
  nPicks = 0;
  const flags = RULED_OUT + <usize>flagsAt;
  if (load<u8>(ZONE_READY + <usize>zoneNo) == 0) {
    memory.fill(flags, 0, <usize>n);
    // CORE-UNSTABLE: never set up on the tall part of unstable terrain (terrain.ts canEndOn).
    for (let i = 0; i < nFeatures; i++) {
      const r0 = noStand(i);
      if (!(r0 > 0)) continue;
      const fx = featF(i, 0);
      const fy = featF(i, 1);
      const reach = radius + r0;
      for (let k = firstAtOrRightOf(zone, n, fx - reach - 1); k < n; k++) {
        const px = zx(zone, k);
        if (px > fx + reach + 1) break;
        if (load<u8>(flags + <usize>k) != 0) continue;
        const dx = px - fx;
        const dy = bF(zone + k * ZONE_POINT + 1) - fy;
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= reach + 1e-9) continue;
        if (hypot(dx, dy) < reach) store<u8>(flags + <usize>k, 1);
      }
    }
    store<u8>(ZONE_READY + <usize>zoneNo, 1);
    store<i32>(ZONE_FRIENDS + (<usize>zoneNo << 2), 0);
  }
  // 1/2" from friendly units: the footprints this grid has not seen yet.
  const nf = player == 0 ? nFriends0 : nFriends1;
  const fb = FRIENDS + (<usize>(player * MAX_UNITS * 3) << 3);
  for (let i = load<i32>(ZONE_FRIENDS + (<usize>zoneNo << 2)); i < nf; i++) {
    const fx = load<f64>(fb + (<usize>(i * 3) << 3));
    const fy = load<f64>(fb + (<usize>(i * 3 + 1) << 3));
    const fr = load<f64>(fb + (<usize>(i * 3 + 2) << 3));
    const reach = fr + radius + 1;
    for (let k = firstAtOrRightOf(zone, n, fx - reach); k < n; k++) {
      const px = zx(zone, k);
      if (px > fx + reach) break;
      if (load<u8>(flags + <usize>k) != 0) continue;
      const dx = fx - px;
      const dy = fy - bF(zone + k * ZONE_POINT + 1);
      if (Math.max(Math.abs(dx), Math.abs(dy)) - fr - radius >= 0.5 + 1e-9) continue;
      if (!(Math.max(0, hypot(dx, dy) - fr - radius) >= 0.5)) store<u8>(flags + <usize>k, 1);
    }
  }
  store<i32>(ZONE_FRIENDS + (<usize>zoneNo << 2), nf);
  let lo: f64 = Infinity;
  let hi: f64 = -Infinity;
  let valid = 0;
  for (let k = 0; k < n; k++) {
    if (load<u8>(flags + <usize>k) != 0) continue;
    valid++;
    const l = bF(zone + k * ZONE_POINT + 2);
    if (l < lo) lo = l;
    if (l > hi) hi = l;
  }
  if (valid == 0) return;
  let front0 = -1, front1 = -1, front2 = -1;
  let back0 = -1, back1 = -1, back2 = -1;
  let fd0: f64 = 0, fd1: f64 = 0, fd2: f64 = 0;
  let bd0: f64 = 0, bd1: f64 = 0, bd2: f64 = 0;
  const span = hi - lo;
  for (let k = 0; k < n; k++) {
    if (load<u8>(flags + <usize>k) != 0) continue;
    const lateral = bF(zone + k * ZONE_POINT + 2);
    const depth = bF(zone + k * ZONE_POINT + 3);
    const t = hi == lo ? 1.0 : (lateral - lo) / span;
    // Each third's front (the first of least depth) and back (the first of most depth); a point on a
    // boundary (within 1e-9) counts for both thirds.
    if (t >= THIRD0_LO && t <= THIRD0_HI) {
      if (front0 < 0 || depth < fd0) { front0 = k; fd0 = depth; }
      if (back0 < 0 || depth > bd0) { back0 = k; bd0 = depth; }
    }
    if (t >= THIRD1_LO && t <= THIRD1_HI) {
      if (front1 < 0 || depth < fd1) { front1 = k; fd1 = depth; }
      if (back1 < 0 || depth > bd1) { back1 = k; bd1 = depth; }
    }
    if (t >= THIRD2_LO && t <= THIRD2_HI) {
      if (front2 < 0 || depth < fd2) { front2 = k; fd2 = depth; }
      if (back2 < 0 || depth > bd2) { back2 = k; bd2 = depth; }
    }
  }
  for (let third = 0; third < 3; third++) {
    const fz = third == 0 ? front0 : third == 1 ? front1 : front2;
    const bz = third == 0 ? back0 : third == 1 ? back1 : back2;
    if (fz < 0 || bz < 0) continue;
    for (let j = 0; j < 2; j++) {
      const z = j == 0 ? fz : bz;
      const x = zx(zone, z);
      const y = bF(zone + z * ZONE_POINT + 1);
      let dup = false;
      for (let k = 0; k < nPicks && !dup; k++) {
        const p = load<i32>(PICKS + (<usize>k << 2));
        dup = near(zx(zone, p), bF(zone + p * ZONE_POINT + 1), x, y);
      }
      if (!dup) {
        store<i32>(PICKS + (<usize>nPicks << 2), z);
        nPicks++;
      }
    }
  }
}

/** policy.ts pickDeploySpot: toward or away from the enemy by `rear`, spread out from the player's units, the first of equals. */
function pickDeploySpot(zone: i32, player: i32, rear: bool): i32 {
  const nf = player == 0 ? nFriends0 : nFriends1;
  const fb = FRIENDS + (<usize>(player * MAX_UNITS * 3) << 3);
  let best = 0;
  let bestScore: f64 = -Infinity;
  for (let i = 0; i < nPicks; i++) {
    const z = load<i32>(PICKS + (<usize>i << 2));
    const sx = zx(zone, z);
    const sy = bF(zone + z * ZONE_POINT + 1);
    const depth = bF(zone + z * ZONE_POINT + 3);
    let spread: f64 = 12;
    for (let f = 0; f < nf; f++) spread = Math.min(spread, hypot(load<f64>(fb + (<usize>(f * 3) << 3)) - sx, load<f64>(fb + (<usize>(f * 3 + 1) << 3)) - sy));
    const score = (rear ? depth : -depth) + 0.25 * spread;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** setUpBattle's answers. */
export const OTHER_WINNER: i32 = 0;
export const SET_UP: i32 = 1;
export const FOR_THE_ENGINE: i32 = 2;

/**
 * The set-up of the battle seeded `seed` from the block at `block` (template.ts setUpFromTemplate) when the
 * roll-off's winner is `only`: SET_UP when the kernel can play it (the results in setUpWinner, FEATURES,
 * SPOTS, alphaRoll; writeSetUp puts them into the encoding), FOR_THE_ENGINE when the TypeScript engine must
 * (no encoding for this roll-off winner, or a unit without room), OTHER_WINNER when the other player won.
 */
export function setUpBattle(block: usize, seed: u32, only: i32): i32 {
  blk = block;
  rngSeed(seed);
  // The roll-off (planner/agents.ts sampleChance over its two outcomes of 1/2, in that order).
  setUpWinner = nextFloat() - 0.5 < 0 ? 0 : 1;
  if (setUpWinner != only) return OTHER_WINNER;
  const w = SB.WINNER + setUpWinner * SB.WINNER_STRIDE;
  if (bI(w) < 0) return FOR_THE_ENGINE;
  drawTerrain();
  nFriends0 = 0;
  nFriends1 = 0;
  memory.fill(ZONE_READY, 0, <usize>bI(SB.N_ZONES));
  const offSteps = bI(w + 1);
  const nSteps = bI(w + 2);
  let lost = false;
  for (let s = 0; s < nSteps; s++) {
    const q = offSteps + s * STEP;
    store<u8>(LOST + <usize>bI(q + 1), 0);
    if (bI(q + 4) != 0) {
      // Into reserve: as in the template's encoding — unless a unit was lost before it (template.ts
      // setUpFromTemplate: whether the reserve ability is still offered is then the engine's to decide).
      if (lost) return FOR_THE_ENGINE;
      continue;
    }
    const player = bI(q);
    const unit = bI(q + 1);
    const radius = bF(q + 2);
    const zone = bI(q + 5);
    const n = bI(q + 6);
    rankZone(zone, n, player, radius, bI(q + 7), bI(q + 8));
    if (nPicks == 0) {
      // No room: the engine destroys the unit (setup.ts afterDeploy) and the set-up goes on without it. The
      // block says whether the encoding of such a battle is the winner's with only this unit's status and
      // models changed (kernel-setup.ts losableUnits); if not, the engine sets the battle up.
      if (bI(q + STEP_LOSABLE) == 0) return FOR_THE_ENGINE;
      store<u8>(LOST + <usize>unit, 1);
      lost = true;
      continue;
    }
    const i = nPicks <= 1 ? 0 : pickDeploySpot(zone, player, bI(q + 3) != 0);
    const z = load<i32>(PICKS + (<usize>i << 2));
    const x = zx(zone, z);
    const y = bF(zone + z * ZONE_POINT + 1);
    store<f64>(SPOTS + (<usize>(unit * 2) << 3), x);
    store<f64>(SPOTS + (<usize>(unit * 2 + 1) << 3), y);
    const k = player == 0 ? nFriends0++ : nFriends1++;
    const fb = FRIENDS + (<usize>((player * MAX_UNITS + k) * 3) << 3);
    store<f64>(fb, x);
    store<f64>(fb + 8, y);
    store<f64>(fb + 16, radius);
  }
  // setup.ts afterDeployment: control (the caller, once the position is loaded), then round.ts startRound's
  // dice: the alpha objective's D3 (PB-BP-06).
  alphaRoll = bI(SB.ALPHA) != 0 ? roll(3) : 0;
  return SET_UP;
}

/**
 * The set-up's slots written into the winner's encoding at `base` (encode.ts encodeSetUp's twin): where each
 * placed unit stands, the terrain (fewer features than the encoding has room for when some found no place),
 * control as it was before deployment, the alpha roll.
 */
export function writeSetUp(base: usize): void {
  const w = SB.WINNER + setUpWinner * SB.WINNER_STRIDE;
  const offUnits = <i32>load<f64>(base + (<usize>H.OFF_UNITS << 3));
  const offSteps = bI(w + 1);
  const nSteps = bI(w + 2);
  for (let s = 0; s < nSteps; s++) {
    const q = offSteps + s * STEP;
    if (bI(q + 4) != 0) continue;
    const unit = bI(q + 1);
    const o = base + (<usize>(offUnits + unit * UNIT) << 3);
    // The encoding is patched in place battle after battle: every step unit's status and models are written,
    // as deployed or as lost for lack of room (encode.ts: STATUS 2, no models, where it stood while waiting).
    if (load<u8>(LOST + <usize>unit) != 0) {
      store<f64>(o + (<usize>U.X << 3), bF(q + STEP_WAIT_X));
      store<f64>(o + (<usize>U.Y << 3), bF(q + STEP_WAIT_Y));
      store<f64>(o + (<usize>U.STATUS << 3), 2);
      store<f64>(o + (<usize>U.MODELS << 3), 0);
      continue;
    }
    store<f64>(o + (<usize>U.X << 3), load<f64>(SPOTS + (<usize>(unit * 2) << 3)));
    store<f64>(o + (<usize>U.Y << 3), load<f64>(SPOTS + (<usize>(unit * 2 + 1) << 3)));
    store<f64>(o + (<usize>U.STATUS << 3), 1);
    store<f64>(o + (<usize>U.MODELS << 3), bF(q + STEP_MODELS));
  }
  store<f64>(base + (<usize>H.N_TERRAIN << 3), <f64>nFeatures);
  const offTerrain = <i32>load<f64>(base + (<usize>H.OFF_TERRAIN << 3));
  memory.copy(base + (<usize>offTerrain << 3), FEATURES, <usize>(nFeatures * TERRAIN) << 3);
  const nObjectives = <i32>load<f64>(base + (<usize>H.N_OBJECTIVES << 3));
  const offObjectives = <i32>load<f64>(base + (<usize>H.OFF_OBJECTIVES << 3));
  const offControl = bI(w + 3);
  for (let i = 0; i < nObjectives; i++) store<f64>(base + (<usize>(offObjectives + i * OBJECTIVE + O.CONTROL) << 3), bF(offControl + i));
  store<f64>(base + (<usize>H.PENDING_ALPHA << 3), <f64>alphaRoll);
}
