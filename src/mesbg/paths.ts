/**
 * Where a model can go (ME-MOVE, ME-CONTROL-ZONE, ME-CHARGE). Moves are straight lines, or two legs around
 * the first model in the way ("any path" for the few shapes a player uses on an open board); no move passes
 * through another base. A move that is not a charge may not enter an unengaged, standing enemy's control
 * zone; a charge may, provided the first zone it enters is its target's; a model that starts inside zones
 * may only charge one of those enemies or move without getting closer to any of them.
 */
import { boardLimit, CONTACT, firstEntry, gapOf, hyp, onBoard, OVERLAP, rotate, unit, ZONE } from "./board.js";
import { engaged, type ModelState, type St } from "./state.js";

export interface Body {
  id: number;
  x: number;
  y: number;
  r: number;
  side: number;
  /** Has a control zone (standing, not engaged). */
  zone: boolean;
}

const bodyCache = new WeakMap<St, { snap: Float64Array; bodies: Body[] }>();

/**
 * The living models as bases, with who has a control zone. Cached against an exact snapshot of positions,
 * life and prone state, so a move made a moment ago is never missed.
 */
export function bodies(st: St): Body[] {
  const ms = st.d.models;
  const c = bodyCache.get(st);
  if (c && c.snap.length === ms.length * 3) {
    let same = true;
    for (let i = 0; i < ms.length && same; i++) {
      const m = ms[i]!;
      same = c.snap[3 * i] === m.x && c.snap[3 * i + 1] === m.y && c.snap[3 * i + 2] === (m.alive ? 1 : 0) + (m.prone ? 2 : 0);
    }
    if (same) return c.bodies;
  }
  const snap = new Float64Array(ms.length * 3);
  ms.forEach((m, i) => {
    snap[3 * i] = m.x;
    snap[3 * i + 1] = m.y;
    snap[3 * i + 2] = (m.alive ? 1 : 0) + (m.prone ? 2 : 0);
  });
  const list = ms.filter((m) => m.alive).map((m) => ({ id: m.id, x: m.x, y: m.y, r: st.info(m).radius, side: m.side, zone: !m.prone && !engaged(st, m) }));
  bodyCache.set(st, { snap, bodies: list });
  return list;
}

export interface PathRules {
  mover: ModelState;
  r: number;
  /** Charge targets (their bases may be touched at the end; the first zone entered must be one of theirs). */
  targets: number[];
  /** Enemies whose control zones are ignored (the mover started inside them, or is charging from inside one). */
  ignoreZones: number[];
  /** A charge (zones of targets may be entered) or a plain move (no zone may be entered). */
  charge: boolean;
}

interface Sweep {
  /** Distance at which the leg runs into a base (Infinity if never). */
  blockedAt: number;
  blocker: Body | null;
  /** First zone entry of each enemy, by id (cumulative distance along the path). */
  zoneAt: Map<number, number>;
  /** The first illegal zone entry for a plain move. */
  zoneBlockAt: number;
  zoneBlocker: Body | null;
}

const ZONE_R = ZONE - 0.005;

function sweepLeg(st: St, rules: PathRules, x0: number, y0: number, x1: number, y1: number, offset: number, acc: Map<number, number>): Sweep {
  const len = hyp(x1 - x0, y1 - y0);
  const [dx, dy] = unit(x1 - x0, y1 - y0);
  let blockedAt = Infinity;
  let blocker: Body | null = null;
  let zoneBlockAt = Infinity;
  let zoneBlocker: Body | null = null;
  if (len < 1e-9) return { blockedAt, blocker, zoneAt: acc, zoneBlockAt, zoneBlocker };
  const me = rules.mover;
  // Only bases near the leg's bounding box can touch it (a zone reaches 1" past a base).
  const reach = rules.r + ZONE + 1.2;
  const lox = Math.min(x0, x1) - reach;
  const hix = Math.max(x0, x1) + reach;
  const loy = Math.min(y0, y1) - reach;
  const hiy = Math.max(y0, y1) + reach;
  for (const b of bodies(st)) {
    if (b.id === me.id || b.x + b.r < lox || b.x - b.r > hix || b.y + b.r < loy || b.y - b.r > hiy) continue;
    const t = firstEntry(x0, y0, dx, dy, len, b.x, b.y, rules.r + b.r - OVERLAP);
    if (t < len - 1e-7 && t < blockedAt) {
      blockedAt = t;
      blocker = b;
    }
    if (b.side === me.side || !b.zone || rules.ignoreZones.includes(b.id)) continue;
    const z = firstEntry(x0, y0, dx, dy, len, b.x, b.y, rules.r + b.r + ZONE_R);
    if (z === Infinity) continue;
    const at = offset + z;
    const prev = acc.get(b.id);
    if (prev === undefined || at < prev) acc.set(b.id, at);
    if (!rules.charge && z < zoneBlockAt) {
      zoneBlockAt = z;
      zoneBlocker = b;
    }
  }
  return { blockedAt, blocker, zoneAt: acc, zoneBlockAt, zoneBlocker };
}

/** Is a path with these zone entries a legal charge of `targets` (length `total`)? */
function chargeZonesOk(rules: PathRules, zoneAt: Map<number, number>, total: number): boolean {
  let first = total;
  for (const t of rules.targets) {
    const z = zoneAt.get(t);
    if (z !== undefined && z < first) first = z;
  }
  for (const [id, z] of zoneAt) if (!rules.targets.includes(id) && z < first - 1e-6) return false;
  return true;
}

export interface PathResult {
  len: number;
  via: { x: number; y: number } | null;
}

function tryPath(st: St, rules: PathRules, tx: number, ty: number, via: { x: number; y: number } | null): { ok: boolean; len: number; sweep: Sweep } {
  const m = rules.mover;
  const acc = new Map<number, number>();
  if (!via) {
    const s = sweepLeg(st, rules, m.x, m.y, tx, ty, 0, acc);
    const len = hyp(tx - m.x, ty - m.y);
    const ok = s.blockedAt === Infinity && (rules.charge ? chargeZonesOk(rules, acc, len) : s.zoneBlockAt === Infinity);
    return { ok, len, sweep: s };
  }
  const l1 = hyp(via.x - m.x, via.y - m.y);
  const s1 = sweepLeg(st, rules, m.x, m.y, via.x, via.y, 0, acc);
  if (s1.blockedAt !== Infinity || (!rules.charge && s1.zoneBlockAt !== Infinity)) return { ok: false, len: 0, sweep: s1 };
  const s2 = sweepLeg(st, rules, via.x, via.y, tx, ty, l1, acc);
  const len = l1 + hyp(tx - via.x, ty - via.y);
  const ok = s2.blockedAt === Infinity && (rules.charge ? chargeZonesOk(rules, acc, len) : s2.zoneBlockAt === Infinity);
  return { ok, len, sweep: s2 };
}

/**
 * The shortest path found from the mover to (tx, ty) within `budget`: straight, else around the first base
 * or zone in the way (two waypoints each side). Null when none is legal.
 */
export function findPath(st: St, rules: PathRules, tx: number, ty: number, budget: number): PathResult | null {
  const m = rules.mover;
  if (hyp(tx - m.x, ty - m.y) > budget + 1e-9) return null;
  const straight = tryPath(st, rules, tx, ty, null);
  if (straight.ok) return straight.len <= budget + 1e-9 ? { len: straight.len, via: null } : null;
  const s = straight.sweep;
  const ob = s.blockedAt <= s.zoneBlockAt ? s.blocker : s.zoneBlocker;
  if (!ob) {
    // A charge that would enter another enemy's zone first: go around the nearest such enemy.
    return aroundZones(st, rules, tx, ty, budget);
  }
  const R = rules.r + ob.r + (ob === s.zoneBlocker && s.zoneBlockAt < s.blockedAt ? ZONE + 0.05 : 0.05);
  return viaAround(st, rules, ob, R, tx, ty, budget);
}

function viaAround(st: St, rules: PathRules, ob: Body, R: number, tx: number, ty: number, budget: number): PathResult | null {
  const m = rules.mover;
  const [ux, uy] = unit(tx - m.x, ty - m.y);
  let best: PathResult | null = null;
  const { w, h } = st.d.board;
  for (const extra of [0, 0.7]) {
    for (const sgn of [1, -1]) {
      const vx = ob.x - uy * sgn * (R + extra);
      const vy = ob.y + ux * sgn * (R + extra);
      if (!onBoard(vx, vy, rules.r, w, h)) continue;
      const est = hyp(vx - m.x, vy - m.y) + hyp(tx - vx, ty - vy);
      if (est > budget + 1e-9 || (best && est >= best.len)) continue;
      const p = tryPath(st, rules, tx, ty, { x: vx, y: vy });
      if (p.ok) best = { len: p.len, via: { x: vx, y: vy } };
    }
  }
  return best;
}

function aroundZones(st: St, rules: PathRules, tx: number, ty: number, budget: number): PathResult | null {
  const m = rules.mover;
  const acc = new Map<number, number>();
  sweepLeg(st, rules, m.x, m.y, tx, ty, 0, acc);
  let first: Body | null = null;
  let at = Infinity;
  for (const [id, z] of acc) {
    if (rules.targets.includes(id) || z >= at) continue;
    at = z;
    first = bodies(st).find((b) => b.id === id) ?? null;
  }
  if (!first) return null;
  return viaAround(st, rules, first, rules.r + first.r + ZONE + 0.05, tx, ty, budget);
}

/**
 * The farthest a plain move can go from the mover along unit (dx, dy), up to `len`: stops short of bases,
 * of zones it may not enter, of the board edge, and (for zones it started in) at once if it would get closer.
 */
export function maxAlong(st: St, rules: PathRules, dx: number, dy: number, len: number): number {
  const m = rules.mover;
  const { w, h } = st.d.board;
  let t = boardLimit(m.x, m.y, dx, dy, len, rules.r, w, h);
  const reach = rules.r + ZONE + 1.2;
  const ex = m.x + dx * t;
  const ey = m.y + dy * t;
  const lox = Math.min(m.x, ex) - reach;
  const hix = Math.max(m.x, ex) + reach;
  const loy = Math.min(m.y, ey) - reach;
  const hiy = Math.max(m.y, ey) + reach;
  for (const b of bodies(st)) {
    if (b.id === m.id || b.x + b.r < lox || b.x - b.r > hix || b.y + b.r < loy || b.y - b.r > hiy) continue;
    // Friends may be touched; an enemy (one without a zone: prone or engaged) may be passed close by but
    // never touched, since base contact is a charge.
    const pad = b.side === m.side ? 0.002 : CONTACT + 0.005;
    t = Math.min(t, firstEntry(m.x, m.y, dx, dy, t, b.x, b.y, rules.r + b.r + pad) - 0.002);
    if (b.side === m.side || !b.zone) continue;
    if (rules.ignoreZones.includes(b.id)) {
      // ME-CONTROL-ZONE: moving inside a zone it started in, but never closer to that enemy.
      if (dx * (m.x - b.x) + dy * (m.y - b.y) < -1e-9) return 0;
      continue;
    }
    t = Math.min(t, firstEntry(m.x, m.y, dx, dy, t, b.x, b.y, rules.r + b.r + ZONE + 0.01) - 0.002);
  }
  return Math.max(0, t);
}

/** Is a spot free for a base of radius r (no overlap with any other living model but `except`)? */
export function spotFree(st: St, x: number, y: number, r: number, except: readonly number[]): boolean {
  const { w, h } = st.d.board;
  if (!onBoard(x, y, r, w, h)) return false;
  for (const b of bodies(st)) if (!except.includes(b.id) && gapOf(x, y, r, b.x, b.y, b.r) < -OVERLAP) return false;
  return true;
}

/** Enemies (other than `allowed`) whose base a model at (x, y) would touch. */
export function touchesEnemy(st: St, side: number, x: number, y: number, r: number, allowed: readonly number[]): boolean {
  for (const b of bodies(st)) if (b.side !== side && !allowed.includes(b.id) && gapOf(x, y, r, b.x, b.y, b.r) <= CONTACT) return true;
  return false;
}

/** Inside an enemy's control zone (other than the allowed ones) at (x, y)? */
export function inEnemyZone(st: St, side: number, x: number, y: number, r: number, allowed: readonly number[]): boolean {
  for (const b of bodies(st)) if (b.side !== side && b.zone && !allowed.includes(b.id) && gapOf(x, y, r, b.x, b.y, b.r) < ZONE_R) return true;
  return false;
}

export interface ChargeSpot {
  x: number;
  y: number;
  len: number;
  via: { x: number; y: number } | null;
}

/**
 * ME-CHARGE: the shortest reachable spot in base contact with `target` (tried every 15° around it, nearest
 * side first), touching no other enemy, with a legal charge path within `budget`.
 */
export function chargeSpot(st: St, m: ModelState, target: ModelState, budget: number, ignoreZones: number[]): ChargeSpot | null {
  const r = st.info(m).radius;
  const tr = st.info(target).radius;
  const R = r + tr;
  if (hyp(target.x - m.x, target.y - m.y) - R > budget + 1e-9) return null;
  const base = Math.atan2(m.y - target.y, m.x - target.x);
  const rules: PathRules = { mover: m, r, targets: [target.id], ignoreZones, charge: true };
  const spots: { x: number; y: number; crow: number }[] = [];
  // Only bases close to the target can be in the way of a spot around it.
  const near = bodies(st).filter((b) => b.id !== m.id && b.id !== target.id && hyp(b.x - target.x, b.y - target.y) <= R + r + b.r + 0.05);
  const { w, h } = st.d.board;
  for (let k = 0; k <= 24; k++) {
    const off = (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2);
    if (off === -12) continue; // +180 and -180 are the same spot
    const a = base + (off * Math.PI) / 12;
    const x = target.x + R * Math.cos(a);
    const y = target.y + R * Math.sin(a);
    const crow = hyp(x - m.x, y - m.y);
    if (crow > budget + 1e-9 || !onBoard(x, y, r, w, h)) continue;
    // Free of every base, and touching no enemy but the target.
    if (near.some((b) => gapOf(x, y, r, b.x, b.y, b.r) < (b.side === m.side ? -OVERLAP : CONTACT + 1e-9))) continue;
    spots.push({ x, y, crow });
  }
  spots.sort((p, q) => p.crow - q.crow);
  // Straight lines first (the nearest free spot reached straight is the shortest charge), then detours.
  for (const sp of spots) {
    const p = tryPath(st, rules, sp.x, sp.y, null);
    if (p.ok) return { x: sp.x, y: sp.y, len: p.len, via: null };
  }
  let best: ChargeSpot | null = null;
  for (const sp of spots.slice(0, 8)) {
    if (best && sp.crow >= best.len) break;
    const p = findPath(st, rules, sp.x, sp.y, budget);
    if (p && (!best || p.len < best.len)) best = { x: sp.x, y: sp.y, len: p.len, via: p.via };
  }
  return best;
}

/** ME-CHARGE multiple targets: a spot touching both bases (where the circles around them cross). */
export function chargeSpot2(st: St, m: ModelState, t1: ModelState, t2: ModelState, budget: number, ignoreZones: number[]): ChargeSpot | null {
  const r = st.info(m).radius;
  const R1 = r + st.info(t1).radius;
  const R2 = r + st.info(t2).radius;
  const d = hyp(t2.x - t1.x, t2.y - t1.y);
  if (d > R1 + R2 || d < Math.abs(R1 - R2) || d < 1e-9) return null;
  const a = (R1 * R1 - R2 * R2 + d * d) / (2 * d);
  const hh = Math.sqrt(Math.max(0, R1 * R1 - a * a));
  const ux = (t2.x - t1.x) / d;
  const uy = (t2.y - t1.y) / d;
  const rules: PathRules = { mover: m, r, targets: [t1.id, t2.id], ignoreZones, charge: true };
  let best: ChargeSpot | null = null;
  for (const s of [1, -1]) {
    const x = t1.x + a * ux - s * hh * uy;
    const y = t1.y + a * uy + s * hh * ux;
    if (!spotFree(st, x, y, r, [m.id])) continue;
    if (touchesEnemy(st, m.side, x, y, r, [t1.id, t2.id])) continue;
    const p = findPath(st, rules, x, y, budget);
    if (p && (!best || p.len < best.len)) best = { x, y, len: p.len, via: p.via };
  }
  return best;
}

/**
 * ME-THROWING-SPEAR: the point on a charge path where the charger is exactly 1" from its target (where it
 * stops to throw), and the path length to it; null if the last leg starts within 1".
 */
export function throwPoint(st: St, m: ModelState, target: ModelState, spot: ChargeSpot): { x: number; y: number; len: number } | null {
  const sx = spot.via ? spot.via.x : m.x;
  const sy = spot.via ? spot.via.y : m.y;
  const before = spot.via ? hyp(spot.via.x - m.x, spot.via.y - m.y) : 0;
  const R = st.info(m).radius + st.info(target).radius + ZONE;
  const legLen = hyp(spot.x - sx, spot.y - sy);
  if (hyp(sx - target.x, sy - target.y) < R - 1e-9 || legLen < 1e-9) return null;
  const [dx, dy] = unit(spot.x - sx, spot.y - sy);
  const t = firstEntry(sx, sy, dx, dy, legLen + 1e-6, target.x, target.y, R + 1e-6);
  if (t === Infinity) return null;
  return { x: sx + dx * t, y: sy + dy * t, len: before + t };
}

export { rotate, unit };
