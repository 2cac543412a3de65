/**
 * Plane geometry on the Pitched Battle battlefield, in inches. x runs along the long edge (0 = west,
 * 60 = east), y along the short edge (0 = south, 44 = north). Territories are convex polygons listed
 * counter-clockwise; units and objective markers are circles (centre + radius).
 */
import { z } from "zod";

/** PB-TERRAIN: "Battlefield 60"x44" unless a map says otherwise". */
export const BATTLEFIELD = { width: 60, depth: 44 } as const;

/** Objective markers are 40mm round; "wholly within" a territory means the whole marker is inside. */
export const OBJECTIVE_RADIUS = 20 / 25.4;

/** Numbers closer than this are equal (coordinates are given to 1/100"). */
export const EPSILON = 1e-6;

export const pointSchema = z.strictObject({
  x: z.number().min(0).max(BATTLEFIELD.width),
  y: z.number().min(0).max(BATTLEFIELD.depth),
});
export type Point = z.output<typeof pointSchema>;

export interface Circle {
  x: number;
  y: number;
  radius: number;
}

export interface Segment {
  from: Point;
  to: Point;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function distanceToSegment(p: Point, s: Segment): number {
  const dx = s.to.x - s.from.x;
  const dy = s.to.y - s.from.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - s.from.x) * dx + (p.y - s.from.y) * dy) / len2));
  return Math.hypot(p.x - (s.from.x + t * dx), p.y - (s.from.y + t * dy));
}

export function edges(polygon: readonly Point[]): Segment[] {
  return polygon.map((from, i) => ({ from, to: polygon[(i + 1) % polygon.length]! }));
}

/** Twice the signed area: positive for a counter-clockwise polygon. */
export function signedArea2(polygon: readonly Point[]): number {
  return edges(polygon).reduce((a, e) => a + (e.from.x * e.to.y - e.to.x * e.from.y), 0);
}

/** Inside or on the boundary of a convex counter-clockwise polygon. */
export function contains(polygon: readonly Point[], p: Point): boolean {
  return edges(polygon).every((e) => cross(e.from, e.to, p) >= -EPSILON * distance(e.from, e.to));
}

/** 0 inside, else the distance to the nearest edge. */
export function distanceToPolygon(polygon: readonly Point[], p: Point): number {
  if (contains(polygon, p)) return 0;
  return Math.min(...edges(polygon).map((e) => distanceToSegment(p, e)));
}

export function distanceToBoundary(polygon: readonly Point[], p: Point): number {
  return Math.min(...edges(polygon).map((e) => distanceToSegment(p, e)));
}

/** The whole circle is inside the polygon ("wholly within"). */
export function whollyWithin(polygon: readonly Point[], c: Circle): boolean {
  return contains(polygon, c) && distanceToBoundary(polygon, c) >= c.radius - EPSILON;
}

/** The centre lies on the polygon's boundary. */
export function onBoundary(polygon: readonly Point[], p: Point): boolean {
  return distanceToBoundary(polygon, p) < EPSILON;
}

/** Where two segments cross, or null if they do not. */
export function intersection(a: Segment, b: Segment): Point | null {
  const r = { x: a.to.x - a.from.x, y: a.to.y - a.from.y };
  const s = { x: b.to.x - b.from.x, y: b.to.y - b.from.y };
  const denom = r.x * s.y - r.y * s.x;
  if (Math.abs(denom) < EPSILON) return null;
  const qp = { x: b.from.x - a.from.x, y: b.from.y - a.from.y };
  const t = (qp.x * s.y - qp.y * s.x) / denom;
  const u = (qp.x * r.y - qp.y * r.x) / denom;
  if (t < -EPSILON || t > 1 + EPSILON || u < -EPSILON || u > 1 + EPSILON) return null;
  return { x: round2(a.from.x + t * r.x), y: round2(a.from.y + t * r.y) };
}

/** The part of a convex polygon on the left of the directed line `from → to`, moved `offset` to the left. */
export function clipLeftOf(polygon: readonly Point[], line: Segment, offset: number): Point[] {
  const len = distance(line.from, line.to);
  const side = (p: Point) => cross(line.from, line.to, p) / len - offset;
  const out: Point[] = [];
  for (const e of edges(polygon)) {
    const a = side(e.from);
    const b = side(e.to);
    if (a >= 0) out.push(e.from);
    if ((a >= 0) !== (b >= 0)) {
      const t = a / (a - b);
      out.push({ x: round2(e.from.x + t * (e.to.x - e.from.x)), y: round2(e.from.y + t * (e.to.y - e.from.y)) });
    }
  }
  return out;
}

function cross(a: Point, b: Point, p: Point): number {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
