/**
 * Distances between footprints on the battlefield (ARCHITECTURE.md "Geometry"): a unit is a circle, and
 * distances are edge to edge. Combat range is 3" (CORE-MOVE); a charge ends within 1/2" (CORE-CHARGE); a
 * model contests an objective within its combat range (CORE-CONTEST). An objective is a 40 mm marker
 * (OBJECTIVE_RADIUS) and every range to an objective is measured to the marker's edge (objectiveDistance).
 */
import { BATTLEFIELD, type Circle, OBJECTIVE_RADIUS, type Point } from "../battleplans/geometry.js";

export const COMBAT_RANGE = 3;
export const CHARGE_END = 0.5;
/** CORE-CONTEST: how far from an objective marker's centre a model's base edge may be and still contest it. */
export const CONTEST_REACH = COMBAT_RANGE + OBJECTIVE_RADIUS;

export function edgeDistance(a: Circle, b: Circle): number {
  return Math.max(0, Math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius);
}

export function pointDistance(a: Circle, p: Point): number {
  return Math.max(0, Math.hypot(a.x - p.x, a.y - p.y) - a.radius);
}

/** Area of the intersection of two circles. */
export function lensArea(r1: number, r2: number, d: number): number {
  if (d >= r1 + r2) return 0;
  if (d <= Math.abs(r1 - r2)) return Math.PI * Math.min(r1, r2) ** 2;
  const a = r1 * r1 * Math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1));
  const b = r2 * r2 * Math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2));
  const c = 0.5 * Math.sqrt((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2));
  return a + b - c;
}

/**
 * From a footprint's edge to an objective marker's edge (0 when they touch or overlap): what every
 * "within N\" of an objective" measures — altars (PB-BP-07), the Backbone of Success (PB-BP-11), raids
 * (PB-BP-10) — as contestingModels does.
 */
export function objectiveDistance(a: Circle, o: Point): number {
  return Math.max(0, Math.hypot(a.x - o.x, a.y - o.y) - a.radius - OBJECTIVE_RADIUS);
}

/**
 * CORE-CONTEST: how many of a unit's models are within combat range of an objective. Models are spread
 * evenly over the footprint; a model counts when its base edge is within 3" of the marker's edge (the 40 mm
 * marker: CONTEST_REACH from its centre), so a model's centre must lie within CONTEST_REACH + its base
 * radius. At least one model contests while any part of the footprint is in range.
 */
export function contestingModels(unit: Circle, models: number, baseRadius: number, objective: Point): number {
  if (models <= 0) return 0;
  const reach = CONTEST_REACH + baseRadius;
  const d = Math.hypot(unit.x - objective.x, unit.y - objective.y);
  if (d > unit.radius + CONTEST_REACH) return 0;
  if (models === 1) return 1;
  // Model centres fill the disc of radius (footprint - base radius).
  const centres = Math.max(0.01, unit.radius - baseRadius);
  const share = lensArea(centres, reach, d) / (Math.PI * centres * centres);
  return Math.max(1, Math.min(models, Math.round(share * models)));
}

/** Keeps a footprint wholly on the battlefield. */
export function clampToBattlefield(p: Point, radius: number): Point {
  return {
    x: Math.min(BATTLEFIELD.width - radius, Math.max(radius, p.x)),
    y: Math.min(BATTLEFIELD.depth - radius, Math.max(radius, p.y)),
  };
}

/** The point at edge distance `gap` from `target` on the line from `from` (where a charge or pile-in ends). */
export function contactPoint(from: Circle, target: Circle, gap: number): Point {
  const dx = from.x - target.x;
  const dy = from.y - target.y;
  const len = Math.hypot(dx, dy) || 1;
  const r = from.radius + target.radius + gap;
  return clampToBattlefield({ x: target.x + (dx / len) * r, y: target.y + (dy / len) * r }, from.radius);
}

const ROT_C = 0.9659258262890683; // cos 15°
const ROT_S = 0.25881904510252074; // sin 15°

/**
 * The unit vectors 15°, 30°, ... `steps`·15° either side of (ux, uy), nearest first, each one way then the
 * other: the lines a move slides along and the spots round a target a charge or pile-in tries. The rotation is
 * applied step by step, as the kernel does (assembly/battle/paths.ts, terrain.ts), so the two agree to the bit.
 */
export function turnedDirections(ux: number, uy: number, steps: number): [number, number][] {
  const out: [number, number][] = [];
  let ax = ux;
  let ay = uy;
  let cx = ux;
  let cy = uy;
  for (let k = 1; k <= steps; k++) {
    const nax = ax * ROT_C - ay * ROT_S;
    ay = ax * ROT_S + ay * ROT_C;
    ax = nax;
    const ncx = cx * ROT_C + cy * ROT_S;
    cy = cy * ROT_C - cx * ROT_S;
    cx = ncx;
    out.push([ax, ay], [cx, cy]);
  }
  return out;
}
