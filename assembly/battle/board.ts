// Objectives on the battlefield, contesting and control (CORE-CONTEST, CORE-CONTROL, CORE-STANDARD) with the
// plans that change it — Altars of the Beast (PB-BP-07), the Backbone of Success (PB-BP-11) — and the
// territory tests ("wholly within"). Mirrors src/aos/battle/battle.ts objectives(), objectives.ts and
// src/aos/battleplans/geometry.ts.
import { CONTEST_REACH, contestingModels, distanceToSegment, EPSILON, markerDistance, OBJECTIVE_RADIUS } from "./math";
import {
  deployed, isLeader, nObjectives, nUnits, OI, oi, owner, polyN, polyX, polyY, setOi, ui, UI, ur, ud, UD, flag, controlKind, objDist, objX, objY,
  objectivesInPlay, refreshInPlay, polyEdge, polyMinX, polyMaxX, polyMinY, polyMaxY, deployedMask, deployedOf, ux, uy,
} from "./state";
export { objX, objY, refreshInPlay } from "./state";
import { MAX_OBJECTIVES, MAX_UNITS, UF } from "./layout";
import { unitControl } from "./commands";
import { controlEffects } from "./effects";
import { mountingDread } from "./traits";

// Ranges to an objective, to the marker's edge (unitToMarker).
const BACKBONE_RANGE: f64 = 6;
const ALTAR_RANGE: f64 = 3;

// ---- objectives in play ----------------------------------------------------------------------------------

/** On the battlefield now (battle.ts objectives()): set up by the map, not removed, with a position. */
// @ts-ignore: decorator
@inline export function inPlay(o: i32): bool {
  return (objectivesInPlay & (1 << o)) != 0;
}

// @ts-ignore: decorator
@inline export function control(o: i32): i32 {
  return oi(o, OI.CONTROL);
}

/** Objectives in play controlled by `player`, as a mask (battle.ts controlledBy). */
export function controlledBy(player: i32): i32 {
  let m = 0;
  for (let o = 0; o < nObjectives; o++) if (inPlay(o) && control(o) == player) m |= 1 << o;
  return m;
}

/** From the footprint's edge to the objective's centre (geometry.ts pointDistance): which objective is nearest. */
// @ts-ignore: decorator
@inline export function unitToObjective(u: i32, o: i32): f64 {
  return Math.max(0, objDist(u, o) - ur(u));
}

/** From the footprint's edge to the marker's edge (geometry.ts objectiveDistance): every range to an objective. */
// @ts-ignore: decorator
@inline export function unitToMarker(u: i32, o: i32): f64 {
  return Math.max(0, objDist(u, o) - ur(u) - OBJECTIVE_RADIUS);
}

/** unitToMarker(u, o) <= gap (gap >= 0), decided on the squared distance between centres when it is clear of the
 * threshold by far more than rounding (a relative 1e-9, as state.ts within), else by measuring: the same answer. */
export function markerWithin(u: i32, o: i32, gap: f64): bool {
  const lim = gap + ur(u) + OBJECTIVE_RADIUS;
  const dx = ux(u) - objX(o);
  const dy = uy(u) - objY(o);
  const d2 = dx * dx + dy * dy;
  const l2 = lim * lim;
  if (d2 > l2 * (1 + 1e-9)) return false;
  if (d2 < l2 * (1 - 1e-9)) return true;
  return unitToMarker(u, o) <= gap;
}

/** Some of the unit's models are within 3" of the marker's edge (contestingModels > 0); never a manifestation (CORE-BANISH). */
// @ts-ignore: decorator
@inline export function contests(u: i32, o: i32): bool {
  if (flag(u, UF.MANIFESTATION)) return false;
  // Decided on the squared distance between centres when it is clear of the reach by far more than rounding
  // (a relative 1e-9, as state.ts within), else by objDist: the same answer, mostly without a square root.
  const reach = ur(u) + CONTEST_REACH;
  const dx = ux(u) - objX(o);
  const dy = uy(u) - objY(o);
  const d2 = dx * dx + dy * dy;
  const r2 = reach * reach;
  if (d2 < r2 * (1 - 1e-9)) return true;
  if (d2 > r2 * (1 + 1e-9)) return false;
  return objDist(u, o) <= reach;
}

/** The first (lowest id) unit of `player` contesting `o`, or -1 (policy.ts anchor). */
export function anchorOf(player: i32, o: i32): i32 {
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (contests(u, o)) return u;
  }
  return -1;
}

/** objectives.ts controlScore: Control (Battle Damaged's while it applies) x models, at least 1; +1 with a STANDARD BEARER. */
export function controlScore(u: i32, models: i32, o: i32 = -1): i32 {
  const base = max<i32>(1, unitControl(u) * models) + (flag(u, UF.STANDARD) ? 1 : 0);
  // Mounting Dread (traits.ts): minus the battle round, on an objective, with the other modifiers; at least 1.
  const dread = o >= 0 ? mountingDread(u) : 0;
  // The played abilities (effects.ts controlEffects): Stalwart Defenders on an objective wholly within friendly territory, Beast.
  const score = controlEffects(u, base - dread, o >= 0 && objectiveWhollyWithin(owner(u), o));
  return dread > 0 ? max<i32>(1, score) : score;
}

// ---- control ---------------------------------------------------------------------------------------------

/** Control scores per objective: [player 0 all, player 0 Battleline, player 1 all, player 1 Battleline]. */
const SCORES = memory.data(MAX_OBJECTIVES * 4 * 4, 16);

/**
 * contestingModels is a pure function of (distance, footprint, models) and most units have not moved since
 * the last check: each unit and objective keeps its last inputs and answer (the lens area costs two acos).
 */
const CONTEST_D = memory.data(MAX_UNITS * MAX_OBJECTIVES * 8, 16);
const CONTEST_R = memory.data(MAX_UNITS * MAX_OBJECTIVES * 8, 16);
const CONTEST_N = memory.data(MAX_UNITS * MAX_OBJECTIVES * 4, 16);
const CONTEST_OUT = memory.data(MAX_UNITS * MAX_OBJECTIVES * 4, 16);

/** Forgets the cached answers (a new battle: other base sizes). */
export function clearContestCache(): void {
  for (let i = 0; i < MAX_UNITS * MAX_OBJECTIVES; i++) store<f64>(CONTEST_D + (<usize>i << 3), NaN);
}

/** Forgets unit slot `u`'s answers (a new unit in it: reserves.ts replaceUnit); the others stand. */
export function clearContestCacheOf(u: i32): void {
  for (let o = 0; o < MAX_OBJECTIVES; o++) store<f64>(CONTEST_D + (<usize>(u * MAX_OBJECTIVES + o) << 3), NaN);
}

function contestingCached(u: i32, o: i32): i32 {
  const i = u * MAX_OBJECTIVES + o;
  const d = objDist(u, o);
  const r = ur(u);
  const models = ui(u, UI.MODELS);
  if (load<f64>(CONTEST_D + (<usize>i << 3)) == d && load<f64>(CONTEST_R + (<usize>i << 3)) == r && load<i32>(CONTEST_N + (<usize>i << 2)) == models)
    return load<i32>(CONTEST_OUT + (<usize>i << 2));
  const n = contestingModels(d, r, models, ud(u, UD.BASE_RADIUS));
  store<f64>(CONTEST_D + (<usize>i << 3), d);
  store<f64>(CONTEST_R + (<usize>i << 3), r);
  store<i32>(CONTEST_N + (<usize>i << 2), models);
  store<i32>(CONTEST_OUT + (<usize>i << 2), n);
  return n;
}

function leaderWithin(player: i32, o: i32): bool {
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (isLeader(u) && unitToMarker(u, o) <= ALTAR_RANGE) return true;
  }
  return false;
}

/** CORE-CONTROL, after deployment and at the end of each turn (objectives.ts updateControl). */
export function updateControl(): void {
  for (let o = 0; o < nObjectives; o++) if (!inPlay(o)) setOi(o, OI.CONTROL, -1);
  if (controlKind == 1) {
    // PB-BP-07: control lapses when no friendly Leader is within 3".
    for (let o = 0; o < nObjectives; o++) {
      if (!inPlay(o)) continue;
      const c = control(o);
      setOi(o, OI.CONTROL, c >= 0 && leaderWithin(c, o) ? c : -1);
    }
    return;
  }
  // CORE-CONTEST: each unit counts for the nearest objective it contests (objectives.ts contestAssignments),
  // adding its control score to its army's total there (all of them, and its Battleline units').
  for (let i = 0; i < 4 * MAX_OBJECTIVES; i++) store<i32>(SCORES + (<usize>i << 2), 0);
  let battlelineNear = 0; // PB-BP-11: objectives with a Battleline unit (either side) within 6"
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (flag(u, UF.MANIFESTATION)) continue; // CORE-BANISH: a manifestation contests nothing
    const r = ur(u);
    const battleline = flag(u, UF.BATTLELINE);
    let best = -1;
    let bestModels = 0;
    let bestD: f64 = 0;
    const reach = r + CONTEST_REACH;
    const reach2 = reach * reach * (1 + 1e-9);
    const x = ux(u);
    const y = uy(u);
    for (let o = 0; o < nObjectives; o++) {
      if (!inPlay(o)) continue;
      // Far beyond the reach on squared centre distances (by more than rounding): contestingModels is 0, and
      // only the Backbone's 6" test would still measure it.
      if (!(controlKind == 2 && battleline)) {
        const dx = x - objX(o);
        const dy = y - objY(o);
        if (dx * dx + dy * dy > reach2) continue;
      }
      const c = objDist(u, o);
      if (controlKind == 2 && battleline && Math.max(0, c - r - OBJECTIVE_RADIUS) <= BACKBONE_RANGE) battlelineNear |= 1 << o;
      if (c > r + CONTEST_REACH) continue; // contestingModels is 0
      const n = contestingCached(u, o);
      if (n <= 0) continue;
      const d = Math.max(0, c - r);
      if (best < 0 || d < bestD) {
        best = o;
        bestD = d;
        bestModels = n;
      }
    }
    if (best < 0) continue;
    const at = SCORES + (<usize>(best * 4 + owner(u) * 2) << 2);
    const score = controlScore(u, bestModels, best);
    store<i32>(at, load<i32>(at) + score);
    if (battleline) store<i32>(at + 4, load<i32>(at + 4) + score);
  }
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o)) continue;
    const k = (battlelineNear & (1 << o)) != 0 ? 1 : 0;
    const s0 = load<i32>(SCORES + (<usize>(o * 4 + k) << 2));
    const s1 = load<i32>(SCORES + (<usize>(o * 4 + 2 + k) << 2));
    if (s0 != s1) setOi(o, OI.CONTROL, s0 > s1 ? 0 : 1);
  }
}

/** PB-BP-07: a Leader finished a move (not a retreat: the policy never retreats) within 3" of altars. */
export function altarLeaderMoved(u: i32): void {
  if (controlKind != 1 || !isLeader(u)) return;
  const me = owner(u);
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || unitToMarker(u, o) > ALTAR_RANGE) continue;
    if (!leaderWithin(1 - me, o)) setOi(o, OI.CONTROL, me);
  }
}

/** PB-BP-07: a Leader slew an enemy Leader in melee, both within 3" of altars. */
export function altarLeaderSlain(killer: i32, vx: f64, vy: f64, vr: f64): void {
  if (controlKind != 1 || !isLeader(killer)) return;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o)) continue;
    if (unitToMarker(killer, o) > ALTAR_RANGE || markerDistance(vx, vy, vr, objX(o), objY(o)) > ALTAR_RANGE) continue;
    setOi(o, OI.CONTROL, owner(killer));
  }
}

// ---- territories -----------------------------------------------------------------------------------------

/** battleplans/geometry.ts contains: inside or on the boundary of a convex counter-clockwise polygon. */
function contains(p: i32, x: f64, y: f64): bool {
  const n = polyN(p);
  for (let i = 0; i < n; i++) {
    const j = i + 1 == n ? 0 : i + 1;
    const ax = polyX(p, i);
    const ay = polyY(p, i);
    const cross = (polyX(p, j) - ax) * (y - ay) - (polyY(p, j) - ay) * (x - ax);
    if (!(cross >= -EPSILON * polyEdge(p, i))) return false;
  }
  return true;
}

function distanceToBoundary(p: i32, x: f64, y: f64): f64 {
  const n = polyN(p);
  let m = Infinity;
  for (let i = 0; i < n; i++) {
    const j = i + 1 == n ? 0 : i + 1;
    const d = distanceToSegment(x, y, polyX(p, i), polyY(p, i), polyX(p, j), polyY(p, j));
    if (d < m) m = d;
  }
  return m;
}

/** Some of the circle is inside player `p`'s territory (passive.ts; src/aos/battle/passive.ts partlyWithin). */
export function partlyWithinTerritory(p: i32, x: f64, y: f64, r: f64): bool {
  return contains(p, x, y) || distanceToBoundary(p, x, y) < r - EPSILON;
}

/** The whole circle is inside player `p`'s territory (whollyWithin). */
export function whollyWithinTerritory(p: i32, x: f64, y: f64, r: f64): bool {
  // A circle poking out of the territory's bounding box by more than rounding is not wholly within it.
  if (x - r < polyMinX(p) - 1e-5 || x + r > polyMaxX(p) + 1e-5 || y - r < polyMinY(p) - 1e-5 || y + r > polyMaxY(p) + 1e-5) return false;
  return contains(p, x, y) && distanceToBoundary(p, x, y) >= r - EPSILON;
}

/** The whole 40mm marker is within player `p`'s territory (tactics.ts whollyIn, turn.ts objectiveWhollyIn):
 * computed when the objectives move (touchObjectives), read by the tactics and raids. */
const OBJ_WHOLLY = memory.data(2 * 16 * 4, 16);

export function refreshObjectiveTerritories(): void {
  refreshInPlay();
  for (let o = 0; o < nObjectives; o++)
    for (let p = 0; p < 2; p++) store<i32>(OBJ_WHOLLY + (<usize>(p * 16 + o) << 2), inPlay(o) && whollyWithinTerritory(p, objX(o), objY(o), OBJECTIVE_RADIUS) ? 1 : 0);
}

// @ts-ignore: decorator
@inline export function objectiveWhollyWithin(p: i32, o: i32): bool {
  return load<i32>(OBJ_WHOLLY + (<usize>(p * 16 + o) << 2)) != 0;
}
