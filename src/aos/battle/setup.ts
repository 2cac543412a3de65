/**
 * Setting up a Pitched Battle: the roll-off for attacker and defender, the attacker's territory, terrain
 * (PB-TERRAIN), grand strategies (PB-GS-PICK) when a roster has none, alternating deployment
 * (PB-DEPLOY-ALT, PB-DEPLOY-ZONE), predator units (PB-BP-05), then who has priority in round 1 (PB-INITIATIVE).
 */
import { canSetUp, distanceToPolygon, type Point } from "../battleplans/index.js";
import { GRAND_STRATEGIES, startBattle } from "../scoring/index.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { edgeDistance } from "./geometry.js";
import { footprintRadius } from "./units.js";
import { updateControl } from "./objectives.js";
import { reserveChoices } from "./reserves.js";
import { startRound } from "./round.js";
import type { Player, TerrainFeature } from "./state.js";
import { canEndOn, noStandRadius, terrainFeature } from "./terrain.js";

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
  const features: TerrainFeature[] = [];
  const objectives = b.plan.objectives.flatMap((o) => (o.positions ?? []).map((p) => p.at));
  for (let i = 0; i < terrainCount(b.data.pointsLimit); i++) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const radius = 2 + b.rng.nextFloat() * 2;
      const x = radius + 3 + b.rng.nextFloat() * (60 - 2 * (radius + 3));
      const y = radius + 3 + b.rng.nextFloat() * (44 - 2 * (radius + 3));
      const c = { x, y, radius };
      if (features.some((f) => edgeDistance(f, c) <= 6)) continue;
      if (objectives.some((o) => Math.hypot(o.x - x, o.y - y) - radius <= 3)) continue;
      features.push(terrainFeature(features.length, round2(x), round2(y), round2(radius)));
      break;
    }
  }
  b.data.terrain = features;
  if (features.length) b.say(`Terrain: ${describeTerrain(features)}.`);
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
 * Where the next unit can stand: up to six spots of the deployment zone — front and back (toward and away
 * from the enemy territory) on the left, centre and right — that obey PB-DEPLOY-ZONE, keep 1/2" from
 * friendly units already set up and are off the tall part of unstable terrain (CORE-UNSTABLE).
 */
export function deploymentSpots(b: Battle, player: Player, id: number): Point[] {
  const own = b.data.territories[player]!;
  const enemyPoly = b.territoryPolygon((1 - player) as Player);
  const radius = footprintRadius(b.unit(id).models, b.profile(id).baseRadius);
  const friends = b.deployed(player).map((f) => b.footprint(f));
  const poly = b.territoryPolygon(player);
  const key = `${own}:${radius.toFixed(3)}`;
  let zone = b.spotCache.get(key);
  if (!zone) {
    // PB-DEPLOY-ZONE on a grid (3", then finer if nothing fits), cached per territory and footprint size.
    const xs = poly.map((p) => p.x);
    const ys = poly.map((p) => p.y);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    zone = [];
    for (let step = 3; step >= 0.75 && zone.length === 0; step /= 2)
      for (let x = x0 + radius; x <= x1 - radius + 1e-9; x += step)
        for (let y = y0 + radius; y <= y1 - radius + 1e-9; y += step) {
          const p = { x: round2(x), y: round2(y) };
          if (canSetUp(b.plan, own, { ...p, radius })) zone.push(p);
        }
    b.spotCache.set(key, zone);
  }
  // CORE-UNSTABLE: never set up on the tall part of unstable terrain.
  const valid = zone.filter((p) => friends.every((f) => edgeDistance(f, { ...p, radius }) >= 0.5) && canEndOn(b.data.terrain, { ...p, radius }));
  if (valid.length === 0) return [];
  // Lateral axis: perpendicular to the line between the territories' centres.
  const c = (ps: Point[]) => ({ x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length });
  const mine = c(poly);
  const theirs = c(enemyPoly);
  const ax = { x: -(theirs.y - mine.y), y: theirs.x - mine.x };
  const lateral = (p: Point) => p.x * ax.x + p.y * ax.y;
  const lo = Math.min(...valid.map(lateral));
  const hi = Math.max(...valid.map(lateral));
  const spots: Point[] = [];
  for (let third = 0; third < 3; third++) {
    const band = valid.filter((p) => {
      const t = hi === lo ? 1 : (lateral(p) - lo) / (hi - lo);
      return t >= third / 3 - 1e-9 && t <= (third + 1) / 3 + 1e-9;
    });
    if (band.length === 0) continue;
    const front = band.reduce((best, p) => (distanceToPolygon(enemyPoly, p) < distanceToPolygon(enemyPoly, best) ? p : best));
    const back = band.reduce((best, p) => (distanceToPolygon(enemyPoly, p) > distanceToPolygon(enemyPoly, best) ? p : best));
    for (const p of [front, back]) if (!spots.some((s) => Math.hypot(s.x - p.x, s.y - p.y) < 1)) spots.push(p);
  }
  return spots;
}

const SPOT_NAMES = ["left front", "left rear", "centre front", "centre rear", "right front", "right rear"];

export function deployChoices(b: Battle, player: Player): Choice[] {
  const id = nextToDeploy(b, player)!;
  const spots = deploymentSpots(b, player, id);
  // CORE-RESERVES: "set up in reserve" where an ability allows, after the spots (reserves.ts).
  const reserve = reserveChoices(b, player, id, (bb) => continueDeployment(bb, player));
  if (spots.length === 0)
    return [{ label: `${b.profile(id).name} cannot be set up (no room): it is destroyed`, apply: (bb) => afterDeploy(bb, player, id, null) }, ...reserve];
  return [
    ...spots.map((p, i) => ({
      label: `set up ${b.profile(id).name} ${SPOT_NAMES[i] ?? `at ${i}`} (${p.x.toFixed(1)}, ${p.y.toFixed(1)})`,
      apply: (bb: Battle) => afterDeploy(bb, player, id, p),
    })),
    ...reserve,
  ];
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

function afterDeployment(b: Battle): void {
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
