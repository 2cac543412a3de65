/**
 * Setting up a Pitched Battle: the roll-off for attacker and defender, the attacker's territory, terrain
 * (PB-TERRAIN), grand strategies (PB-GS-PICK) when a roster has none, alternating deployment
 * (PB-DEPLOY-ALT, PB-DEPLOY-ZONE), predator units (PB-BP-05), then who has priority in round 1 (PB-INITIATIVE).
 */
import { type Battleplan, canSetUp, type Circle, distanceToPolygon, type Point, type TerritoryId } from "../battleplans/index.js";
import { GRAND_STRATEGIES, startBattle } from "../scoring/index.js";
import type { Rng } from "../../core/rng.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { edgeDistance } from "./geometry.js";
import { footprintRadius } from "./units.js";
import { updateControl } from "./objectives.js";
import { reserveChoices } from "./reserves.js";
import { startRound } from "./round.js";
import type { Player, TerrainFeature } from "./state.js";
import { canEndOn, noStandRadius, terrainFeature } from "./terrain.js";
import { useDeploymentMoves } from "./setups.js";
import { useDeploymentRedeploys } from "./objective4.js";

export function chooseAttackerChoices(player: Player): Choice[] {
  return (["attacker", "defender"] as const).map((role) => ({
    label: `be the ${role}`,
    apply(b) {
      b.data.attacker = (role === "attacker" ? player : 1 - player) as Player;
      b.say(`${b.data.armies[player]} won the roll-off and chose to be the ${role}.`);
      b.data.step = { kind: "territory", player: b.data.attacker };
    },
  }));
}

export function territoryChoices(b: Battle, player: Player): Choice[] {
  return b.plan.territories.map((t) => ({
    label: `take the ${t.id} territory`,
    apply(bb) {
      const other = bb.plan.territories.find((x) => x.id !== t.id)!.id;
      bb.data.territories[player] = t.id;
      bb.data.territories[1 - player] = other;
      bb.data.scoring = startBattle({ battleplan: bb.plan.id, attackerTerritory: t.id });
      bb.say(`The attacker takes the ${t.id} territory; the defender sets up the battlefield.`);
      placeTerrain(bb);
      nextSetupStep(bb);
    },
  }));
}

/** The terrain count of the Pitched Battles table (PB-LIMIT): 6 at 1000 points, 8 at 2000. */
export function terrainCount(pointsLimit: number): number {
  return pointsLimit <= 1000 ? 6 : 8;
}

/**
 * PB-TERRAIN: features more than 3" from the edges, more than 6" from each other and more than 3" from
 * objectives; a feature that cannot be placed is not used. The defender places them: here at random
 * (seeded) spots that obey those distances, up to 200 tries each; the kinds (heights, Cover, Unstable:
 * CORE-UNSTABLE) come in the fixed order of terrain.ts TERRAIN_TABLE and draw no dice. A battlefield set up
 * beforehand (BattleOptions.terrain, PB-TERRAIN's "set up by a third party") is kept as it is.
 */
export function placeTerrain(b: Battle): void {
  if (b.data.terrain.length > 0) {
    b.say(`The battlefield was set up beforehand: ${describeTerrain(b.data.terrain)}.`);
    return;
  }
  const features = drawTerrain(b.rng, b.plan, b.data.pointsLimit);
  b.data.terrain = features;
  if (features.length && b.data.log) b.say(`Terrain: ${describeTerrain(features)}.`);
}

/** PB-TERRAIN's random placing (placeTerrain): the features and the dice they take from `rng`, in order. */
export function drawTerrain(rng: Rng, plan: Battleplan, pointsLimit: number): TerrainFeature[] {
  const features: TerrainFeature[] = [];
  const objectives = objectivePoints(plan);
  for (let i = 0; i < terrainCount(pointsLimit); i++) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const radius = 2 + rng.nextFloat() * 2;
      const x = radius + 3 + rng.nextFloat() * (60 - 2 * (radius + 3));
      const y = radius + 3 + rng.nextFloat() * (44 - 2 * (radius + 3));
      const c = { x, y, radius };
      if (features.some((f) => edgeDistance(f, c) <= 6)) continue;
      if (objectives.some((o) => Math.hypot(o.x - x, o.y - y) - radius <= 3)) continue;
      features.push(terrainFeature(features.length, round2(x), round2(y), round2(radius)));
      break;
    }
  }
  return features;
}

/** Every position any objective of the plan takes (what terrain keeps 3" from), once per plan. */
const OBJECTIVE_POINTS = new WeakMap<Battleplan, readonly Point[]>();
export function objectivePoints(plan: Battleplan): readonly Point[] {
  let ps = OBJECTIVE_POINTS.get(plan);
  if (!ps) OBJECTIVE_POINTS.set(plan, (ps = plan.objectives.flatMap((o) => (o.positions ?? []).map((p) => p.at))));
  return ps;
}

function describeTerrain(features: readonly TerrainFeature[]): string {
  return features
    .map((f) => {
      const tall = noStandRadius(f);
      const what = `${f.kind ?? "feature"}${f.height === undefined ? "" : ` ${f.height}"`} (${(f.abilities ?? ["Cover"]).join(", ") || "no abilities"})`;
      return `${what} at (${f.x.toFixed(1)}, ${f.y.toFixed(1)}), radius ${f.radius}"${tall > 0 ? `, over 1" tall within ${tall}" of its centre (no move ends there)` : ""}`;
    })
    .join("; ");
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

export function grandStrategyChoices(player: Player): Choice[] {
  return GRAND_STRATEGIES.map((g) => ({
    label: `grand strategy: ${g.name}`,
    apply(b) {
      b.data.grandStrategies[player] = g.id;
      b.say(`${b.data.armies[player]} picks the grand strategy ${g.name}.`);
      nextSetupStep(b);
    },
  }));
}

/** After territories: missing grand strategies (attacker first), then deployment, starting with the attacker. */
function nextSetupStep(b: Battle): void {
  const a = b.data.attacker!;
  for (const p of [a, (1 - a) as Player]) {
    if (b.data.grandStrategies[p] === null) {
      b.data.step = { kind: "grand-strategy", player: p };
      return;
    }
  }
  b.data.step = { kind: "deploy", player: a };
}

export function nextToDeploy(b: Battle, player: Player): number | undefined {
  return b.data.units.find((u) => u.status === "waiting" && b.ownerOf(u.id) === player)?.id;
}

/**
 * A grid point of a deployment zone and what the spot search ranks it by: its position along the lateral
 * axis and its distance to the enemy territory. All three depend only on the battleplan, the two
 * territories and the footprint's radius, so they are computed once per process (ZONES), not per battle.
 */
export interface ZonePoint {
  readonly p: Point;
  readonly lateral: number;
  readonly depth: number;
  /** "(x, y)" to one decimal, for the choice's label. */
  readonly at: string;
}

/** PB-DEPLOY-ZONE grids per battleplan, keyed by `own:enemy:radius` (the exact radius). */
const ZONES = new WeakMap<Battleplan, Map<string, readonly ZonePoint[]>>();

function zoneGrid(plan: Battleplan, own: TerritoryId, poly: readonly Point[], enemyPoly: readonly Point[], enemy: TerritoryId, radius: number): readonly ZonePoint[] {
  let byKey = ZONES.get(plan);
  if (!byKey) ZONES.set(plan, (byKey = new Map()));
  const key = `${own}:${enemy}:${radius}`;
  let zone = byKey.get(key);
  if (zone) return zone;
  // PB-DEPLOY-ZONE on a grid (3", then finer if nothing fits).
  const xs = poly.map((p) => p.x);
  const ys = poly.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const points: Point[] = [];
  for (let step = 3; step >= 0.75 && points.length === 0; step /= 2)
    for (let x = x0 + radius; x <= x1 - radius + 1e-9; x += step)
      for (let y = y0 + radius; y <= y1 - radius + 1e-9; y += step) {
        const p = { x: round2(x), y: round2(y) };
        if (canSetUp(plan, own, { ...p, radius })) points.push(Object.freeze(p));
      }
  // Lateral axis: perpendicular to the line between the territories' centres.
  const c = (ps: readonly Point[]) => ({ x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length });
  const mine = c(poly);
  const theirs = c(enemyPoly);
  const ax = { x: -(theirs.y - mine.y), y: theirs.x - mine.x };
  zone = points.map((p) =>
    Object.freeze({ p, lateral: p.x * ax.x + p.y * ax.y, depth: distanceToPolygon(enemyPoly, p), at: `(${p.x.toFixed(1)}, ${p.y.toFixed(1)})` }),
  );
  byKey.set(key, zone);
  return zone;
}

/**
 * Terrain set up beforehand (BattleOptions.terrain) must leave each army room in either territory (the
 * attacker picks): if none of an army's units could stand anywhere in a territory's deployment zone, being
 * on the tall part of unstable terrain (CORE-UNSTABLE) at every spot of it, every unit of it would be
 * destroyed at set-up and the battle "won" with no models (issue 17 item 14). Returns that problem in
 * words, or null. A unit too big for a zone on any battlefield is not the terrain's doing and is not
 * counted; a single unit that finds no room (the terrain and its own units fill the zone) is destroyed at
 * set-up and the log says so (afterDeploy).
 */
export function terrainRoomProblem(plan: Battleplan, terrain: readonly TerrainFeature[], armies: readonly { army: string; radii: readonly number[] }[]): string | null {
  if (!terrain.some((f) => noStandRadius(f) > 0)) return null;
  for (const t of plan.territories) {
    const enemy = plan.territories.find((x) => x.id !== t.id)!;
    for (const { army, radii } of armies) {
      let fitsSomewhere = false; // some unit fits the zone on an empty battlefield
      let stands = false; // some unit fits it with this terrain
      for (const radius of new Set(radii)) {
        const zone = zoneGrid(plan, t.id, t.polygon, enemy.polygon, enemy.id, radius);
        if (zone.length === 0) continue;
        fitsSomewhere = true;
        if (zone.some((z) => canEndOn(terrain, { x: z.p.x, y: z.p.y, radius }))) {
          stands = true;
          break;
        }
      }
      if (fitsSomewhere && !stands)
        return `leaves no room to set up any unit of ${army} in the ${t.id} territory of ${plan.name}: every spot is on a part of unstable terrain more than 1" tall (CORE-UNSTABLE)`;
    }
  }
  return null;
}

/** Two spots less than 1" apart (Math.hypot is never below the larger of |dx| and |dy|). */
function near(s: Point, p: Point): boolean {
  const dx = s.x - p.x;
  const dy = s.y - p.y;
  return Math.max(Math.abs(dx), Math.abs(dy)) < 1 && Math.hypot(dx, dy) < 1;
}

/** The spots `deploymentSpots` offers, each with its distance to the enemy territory (what the policy weighs). */
export interface RankedSpots {
  spots: Point[];
  depths: number[];
  /** Each spot as "(x, y)" to one decimal. */
  at: string[];
  /**
   * Where each spot is, as the player sees it facing the enemy: "left", "centre" or "right" of the zone
   * (from the player's view), then "front" (its band's spot nearest the enemy territory) or "rear" (farthest).
   */
  names: string[];
}

/**
 * The lateral bands from the lowest lateral position to the highest. The lateral axis is the direction from
 * the player's territory to the enemy's turned a quarter turn anticlockwise: the player's left as they face
 * the enemy. So the lowest third is on their right.
 */
const BAND_NAMES = ["right", "centre", "left"] as const;

/**
 * Where the next unit can stand: up to six spots of the deployment zone — front and rear (toward and away
 * from the enemy territory) on the right, centre and left (in that order, as the player sees it) — that obey PB-DEPLOY-ZONE, keep 1/2" from
 * friendly units already set up and are off the tall part of unstable terrain (CORE-UNSTABLE).
 */
export function deploymentSpots(b: Battle, player: Player, id: number): Point[] {
  return rankedDeploymentSpots(b, player, id).spots;
}

export function rankedDeploymentSpots(b: Battle, player: Player, id: number): RankedSpots {
  const { zone, radius } = deploymentZone(b, player, id);
  const friends: Circle[] = [];
  for (const u of b.data.units) if (u.status === "deployed" && b.ownerOf(u.id) === player) friends.push(b.footprint(u.id));
  const picks: ZonePoint[] = [];
  const tags: number[] = [];
  rankZone(zone, friends, b.data.terrain, radius, picks, tags);
  return {
    spots: picks.map((z) => z.p),
    depths: picks.map((z) => z.depth),
    at: picks.map((z) => z.at),
    names: tags.map((t) => `${BAND_NAMES[t >> 1]} ${t & 1 ? "rear" : "front"}`),
  };
}

/**
 * The spot search of rankedDeploymentSpots on plain data (the engine's and the set-up template's, one
 * place): the zone's points that keep 1/2" from `friends` and are off the tall part of unstable terrain
 * (CORE-UNSTABLE), then each lateral third's front and rear. Appends the picked points to `picks` and
 * their names to `tags` as third * 2 + (1 for the rear).
 */
export function rankZone(zone: readonly ZonePoint[], friends: readonly Circle[], terrain: readonly TerrainFeature[], radius: number, picks: ZonePoint[], tags: number[]): void {
  const n = zone.length;
  if (ruledOut.length < n) ruledOut = new Uint8Array(2 * n);
  const out = ruledOut;
  out.fill(0, 0, n);
  // The grid runs along x (zoneGrid: x outermost, ascending), so each footprint and each unstable feature is
  // tested only against the points within its reach in x (plus 1": beyond it the tests pass whatever the rounding).
  for (const f of friends) {
    // 1/2" from friendly units: edgeDistance(f, p) >= 0.5, written out (the same arithmetic). Math.hypot is
    // never below the larger of |dx| and |dy|, so a footprint that far away passes without it.
    const reach = f.radius + radius + 1;
    for (let k = firstAtOrRightOf(zone, f.x - reach); k < n; k++) {
      const p = zone[k]!.p;
      if (p.x > f.x + reach) break;
      const dx = f.x - p.x;
      const dy = f.y - p.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) - f.radius - radius >= 0.5 + 1e-9) continue;
      if (!(Math.max(0, Math.hypot(dx, dy) - f.radius - radius) >= 0.5)) out[k] = 1;
    }
  }
  // CORE-UNSTABLE: never set up on the tall part of unstable terrain (terrain.ts canEndOn).
  for (const f of terrain) {
    const r0 = noStandRadius(f);
    if (!(r0 > 0)) continue;
    const reach = radius + r0;
    for (let k = firstAtOrRightOf(zone, f.x - reach - 1); k < n; k++) {
      const p = zone[k]!.p;
      if (p.x > f.x + reach + 1) break;
      const dx = p.x - f.x;
      const dy = p.y - f.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) >= reach + 1e-9) continue;
      if (Math.hypot(dx, dy) < reach) out[k] = 1;
    }
  }
  // The extremes of the lateral positions of the points left (finite numbers: the first of equals is kept, as Math.min/max would).
  let lo = Infinity;
  let hi = -Infinity;
  let valid = 0;
  for (let k = 0; k < n; k++) {
    if (out[k]) continue;
    valid++;
    const l = zone[k]!.lateral;
    if (l < lo) lo = l;
    if (l > hi) hi = l;
  }
  if (valid === 0) return;
  // Each lateral third's front (the first nearest the enemy territory) and back (the first farthest), in one pass.
  const front: (ZonePoint | null)[] = [null, null, null];
  const back: (ZonePoint | null)[] = [null, null, null];
  for (let k = 0; k < n; k++) {
    if (out[k]) continue;
    const z = zone[k]!;
    const t = hi === lo ? 1 : (z.lateral - lo) / (hi - lo);
    for (let third = 0; third < 3; third++) {
      if (!(t >= third / 3 - 1e-9 && t <= (third + 1) / 3 + 1e-9)) continue;
      const fz = front[third];
      if (!fz || z.depth < fz.depth) front[third] = z;
      const bz = back[third];
      if (!bz || z.depth > bz.depth) back[third] = z;
    }
  }
  const first = picks.length;
  for (let third = 0; third < 3; third++) {
    const fz = front[third];
    const bz = back[third];
    if (!fz || !bz) continue;
    for (const z of [fz, bz]) {
      let dup = false;
      for (let k = first; k < picks.length && !dup; k++) dup = near(picks[k]!.p, z.p);
      if (!dup) {
        picks.push(z);
        tags.push(third * 2 + (z === fz ? 0 : 1));
      }
    }
  }
}

/** rankZone's scratch: 1 = the zone point is ruled out (reused, grown as needed). */
let ruledOut = new Uint8Array(256);

/** The first point of `zone` (ascending in x) with x >= `x`. */
function firstAtOrRightOf(zone: readonly ZonePoint[], x: number): number {
  let lo = 0;
  let hi = zone.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (zone[mid]!.p.x < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The zone grid unit `id` of `player` is set up on, and its footprint's radius. */
export function deploymentZone(b: Battle, player: Player, id: number): { zone: readonly ZonePoint[]; radius: number } {
  const own = b.data.territories[player]!;
  const enemy = b.data.territories[1 - player]!;
  const radius = footprintRadius(b.unit(id).models, b.profile(id).baseRadius);
  // The grid is cached per territory and footprint size (to 1/1000"): the first radius of a size is the one used.
  const key = `${own}:${enemy}:${radius.toFixed(3)}`;
  let zone = b.spotCache.get(key);
  if (!zone) {
    zone = zoneGrid(b.plan, own, b.territoryPolygon(player), b.territoryPolygon((1 - player) as Player), enemy, radius);
    b.spotCache.set(key, zone);
  }
  return { zone, radius };
}

/** The ranked spots behind the current deployment choices (kept with them; recomputed if they are not at hand). */
export function rankedSpotsOfChoices(b: Battle, choices: readonly Choice[], player: Player, id: number): RankedSpots {
  const r = b.deploySpots;
  return r && r.choices === choices && r.player === player && r.id === id ? r.ranked : rankedDeploymentSpots(b, player, id);
}

export function deployChoices(b: Battle, player: Player): Choice[] {
  const id = nextToDeploy(b, player)!;
  const ranked = rankedDeploymentSpots(b, player, id);
  const spots = ranked.spots;
  // CORE-RESERVES: "set up in reserve" where an ability allows, after the spots (reserves.ts).
  const reserve = reserveChoices(b, player, id, (bb) => continueDeployment(bb, player));
  const cs: Choice[] =
    spots.length === 0
      ? [{ label: `${b.profile(id).name} cannot be set up (no room): it is destroyed`, apply: (bb) => afterDeploy(bb, player, id, null) }, ...reserve]
      : [
          ...spots.map((p, i) => ({
            label: `set up ${b.profile(id).name} ${ranked.names[i]} ${ranked.at[i]}`,
            apply: (bb: Battle) => afterDeploy(bb, player, id, p),
          })),
          ...reserve,
        ];
  b.deploySpots = { choices: cs, player, id, ranked };
  return cs;
}

function afterDeploy(b: Battle, player: Player, id: number, at: Point | null): void {
  const u = b.unit(id);
  if (at) {
    u.x = at.x;
    u.y = at.y;
    u.status = "deployed";
    b.say(`${b.data.armies[player]} sets up ${b.profile(id).name} at (${at.x.toFixed(1)}, ${at.y.toFixed(1)}).`);
  } else {
    u.status = "destroyed";
    u.models = 0;
    // Said, so a battle that loses units here reads why (issue 17 item 14).
    b.say(`${b.data.armies[player]} cannot set up ${b.profile(id).name}: no room left in its territory (the zone, 1/2" from its other units, off unstable terrain over 1" tall); it is destroyed.`);
  }
  continueDeployment(b, player);
}

/** After `player` deployed a unit (on the battlefield, in reserve or destroyed): the next deployment step. */
function continueDeployment(b: Battle, player: Player): void {
  const other = (1 - player) as Player;
  if (b.data.deployedFirst === null && nextToDeploy(b, player) === undefined) b.data.deployedFirst = player;
  // PB-DEPLOY-ALT: alternate; the player with units left sets up the rest.
  if (nextToDeploy(b, other) !== undefined) b.data.step = { kind: "deploy", player: other };
  else if (nextToDeploy(b, player) !== undefined) b.data.step = { kind: "deploy", player };
  else afterDeployment(b);
}

/** The end of deployment: control (CORE-CONTROL), then predators (PB-BP-05) or battle round 1 (its dice). */
export function afterDeployment(b: Battle): void {
  // Deployment-phase set-ups again ("Remove this unit from the battlefield and set it up again ...": objective4.ts), then moves
  // ("can use the 'Normal Move' ability as if it were your movement phase": setups.ts).
  useDeploymentRedeploys(b);
  useDeploymentMoves(b);
  // CORE-CONTROL: control is determined after deployment.
  updateControl(b, b.data.attacker!);
  if (b.plan.id === "survival-of-the-fittest") b.data.step = { kind: "predators", player: b.data.attacker! };
  else startRound(b);
}

/** PB-BP-05: each player picks 3 different friendly units as predators, the attacker first. */
export function predatorChoices(b: Battle, player: Player): Choice[] {
  const picked = b.data.predators[player];
  const candidates = b.deployed(player).filter((id) => !picked.includes(id));
  return candidates.map((id) => ({
    label: `pick ${b.profile(id).name} as a predator`,
    tag: { kind: "predator", unit: id },
    apply(bb) {
      bb.data.predators[player].push(id);
      const done = bb.data.predators[player].length >= 3 || bb.deployed(player).length === bb.data.predators[player].length;
      if (!done) return;
      bb.say(`${bb.data.armies[player]}'s predators: ${bb.data.predators[player].map((u) => bb.profile(u).name).join(", ")}.`);
      if (player === bb.data.attacker) bb.data.step = { kind: "predators", player: (1 - player) as Player };
      else startRound(bb);
    },
  }));
}
