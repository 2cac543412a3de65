/**
 * Where each objective stands in a battle round, which are on the battlefield, and how they sit relative to
 * the territories ("wholly within", "on the border").
 */
import { InputError } from "../../core/errors.js";
import { BATTLEFIELD, contains, distanceToSegment, edges, EPSILON, OBJECTIVE_RADIUS, type Point, type Segment, whollyWithin } from "./geometry.js";
import type { Battleplan, Objective, TerritoryId } from "./schema.js";

export function objective(plan: Battleplan, id: string): Objective {
  const o = plan.objectives.find((x) => x.id === id);
  if (!o) {
    const ids = plan.objectives.map((x) => x.id).join(", ");
    throw new InputError(`objective: no objective "${id.slice(0, 40)}" on ${plan.name} (objectives: ${ids})`);
  }
  return o;
}

/** The map says the objective stands on the battlefield in this round (set up, not yet removed by the plan). */
export function inPlayByMap(o: Objective, round: number): boolean {
  return o.setUpInRound <= round && (o.removedInRound === undefined || round < o.removedInRound);
}

/** Where it stands in `round`; a Veins objective stands where it was placed (`placed`), else null. */
export function objectivePosition(o: Objective, round: number, placed?: Point | null): Point | null {
  if (!inPlayByMap(o, round)) return null;
  if (o.positions) return [...o.positions].reverse().find((p) => p.fromRound <= round)!.at;
  return placed ?? null;
}

/** The objectives on the battlefield in `round`, leaving out those removed during the battle. */
export function objectivesOnBattlefield(plan: Battleplan, round: number, removed: ReadonlySet<string> = new Set()): Objective[] {
  return plan.objectives.filter((o) => inPlayByMap(o, round) && !removed.has(o.id));
}

/** Why an objective is not on the battlefield in `round` per the map, or null if it is. */
export function notInPlayReason(o: Objective, round: number): string | null {
  if (o.setUpInRound > round) return `not on the battlefield in round ${round} (it is set up at the start of round ${o.setUpInRound})`;
  if (o.removedInRound !== undefined && round >= o.removedInRound) return `not on the battlefield in round ${round} (removed at the start of round ${o.removedInRound})`;
  return null;
}

/** The whole 40mm marker is inside the territory (Tooth and Nail's prime objectives, Feral Foray's raids,
 * Aggressive Expansion's picks). */
export function objectiveWhollyWithin(plan: Battleplan, territoryId: TerritoryId, at: Point): boolean {
  const t = plan.territories.find((x) => x.id === territoryId)!;
  return whollyWithin(t.polygon, { ...at, radius: OBJECTIVE_RADIUS });
}

/** A territory's border: its edges that are not the battlefield edge. */
export function borderOf(polygon: readonly Point[]): Segment[] {
  const alongEdge = (e: Segment) =>
    (e.from.x === e.to.x && (e.from.x === 0 || e.from.x === BATTLEFIELD.width)) ||
    (e.from.y === e.to.y && (e.from.y === 0 || e.from.y === BATTLEFIELD.depth));
  return edges(polygon).filter((e) => !alongEdge(e));
}

/** The territories whose border the objective's centre lies on (Savage Gains). */
export function bordersOf(plan: Battleplan, at: Point): TerritoryId[] {
  return plan.territories.filter((t) => borderOf(t.polygon).some((e) => distanceToSegment(at, e) < EPSILON)).map((t) => t.id);
}

/** The territory the point is in, if any (points on a shared border belong to both: returns the first). */
export function territoryAt(plan: Battleplan, at: Point): TerritoryId | null {
  return plan.territories.find((t) => contains(t.polygon, at))?.id ?? null;
}
