/**
 * PB-DEPLOY-ZONE: each unit is set up wholly within its territory and, on some plans, more than 9" or 12"
 * from the opponent's territory. A unit's footprint is a circle (centre and radius).
 */
import { type Circle, clipLeftOf, distance, distanceToPolygon, edges, EPSILON, type Point, type Segment, whollyWithin } from "./geometry.js";
import type { Battleplan, TerritoryId } from "./schema.js";

export function deploymentRuleText(plan: Battleplan): string {
  const base = "Each player must set up their units wholly within their territory";
  return plan.deploymentDistance === 0 ? `${base} (PB-DEPLOY-ZONE)` : `${base} and more than ${plan.deploymentDistance}" from their opponent's territory (PB-DEPLOY-ZONE)`;
}

/** Why a unit with this footprint cannot be set up here, or null if it can. */
export function whyNotSetUp(plan: Battleplan, own: TerritoryId, footprint: Circle): string | null {
  const mine = plan.territories.find((t) => t.id === own)!;
  const theirs = plan.territories.find((t) => t.id !== own)!;
  if (!whollyWithin(mine.polygon, footprint)) return `not wholly within the ${own} territory`;
  const gap = distanceToPolygon(theirs.polygon, footprint) - footprint.radius;
  if (plan.deploymentDistance > 0 && gap <= plan.deploymentDistance + EPSILON) {
    return `${gap.toFixed(2)}" from the ${theirs.id} territory; must be more than ${plan.deploymentDistance}"`;
  }
  return null;
}

export function canSetUp(plan: Battleplan, own: TerritoryId, footprint: Circle): boolean {
  return whyNotSetUp(plan, own, footprint) === null;
}

/**
 * Where a model's centre may stand (ignoring its base): the territory, less a strip along the shared border
 * as deep as the plan's distance. Every layout with a distance rule has territories sharing one border edge.
 */
export function deploymentZone(plan: Battleplan, own: TerritoryId): Point[] {
  const mine = plan.territories.find((t) => t.id === own)!;
  if (plan.deploymentDistance === 0) return mine.polygon;
  const theirs = plan.territories.find((t) => t.id !== own)!;
  const shared = sharedEdge(mine.polygon, theirs.polygon);
  if (!shared) throw new Error(`${plan.id}: territories share no border, cannot draw the deployment zone`);
  return clipLeftOf(mine.polygon, shared, plan.deploymentDistance);
}

/** The edge of `a` that `b` also has (reversed in `b`), oriented so `a` is on its left. */
function sharedEdge(a: readonly Point[], b: readonly Point[]): Segment | null {
  for (const e of edges(a)) {
    if (edges(b).some((f) => distance(e.from, f.to) < EPSILON && distance(e.to, f.from) < EPSILON)) return e;
  }
  return null;
}
