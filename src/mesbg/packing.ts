/**
 * Finding room for round bases at deployment (ME-FORCES-CLASH): pure geometry over discs, in inches. A spot
 * is legal when the base lies inside a box, overlaps no base already placed, is (for a Warrior) within 6" of
 * a friendly Hero placed before it, and (for the second player) more than 12" from every enemy. Candidate
 * spots are the preferred point itself, points touching one placed base (every 15 degrees, and where that
 * ring meets the box's sides), points touching two placed bases at once, and for Heroes a 0.5" grid over
 * the box; the legal candidate that scores lowest wins. Touching two bases is what packs tightly, so a
 * cluster grows ring by ring around its Hero.
 */
import { hyp, type Pt } from "./board.js";

export interface Disc {
  x: number;
  y: number;
  r: number;
}

/** Where base edges may lie: x0 <= x - r, x + r <= x1, and the same for y. */
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** ME-FORCES-CLASH: a Warrior deploys within this of a friendly Hero; the second player beyond ENEMY_GAP. */
export const HERO_REACH = 6;
export const ENEMY_GAP = 12;
/** The space left between two bases placed side by side (they still count as touching, board.ts CONTACT). */
export const SPACING = 0.005;
const EPS = 1e-9;

export interface SpotQuery {
  r: number;
  hero: boolean;
  box: Box;
  /** Every base placed so far (both sides): none may be overlapped. */
  placed: readonly Disc[];
  /** Friendly Heroes placed so far: a Warrior must be within HERO_REACH of one. */
  heroes: readonly Disc[];
  /** Enemies the base must stay more than ENEMY_GAP from (the second player's deployment). */
  enemies: readonly Disc[];
  /** Lower is better. */
  score: (x: number, y: number) => number;
}

export function legalSpot(q: SpotQuery, x: number, y: number): boolean {
  for (const o of q.placed) if (hyp(x - o.x, y - o.y) - q.r - o.r < -EPS) return false;
  return legalApartFromOverlap(q, x, y);
}

/** Every rule of `legalSpot` except "overlaps no placed base". */
function legalApartFromOverlap(q: SpotQuery, x: number, y: number): boolean {
  const { r, box } = q;
  if (x - r < box.x0 - EPS || x + r > box.x1 + EPS || y - r < box.y0 - EPS || y + r > box.y1 + EPS) return false;
  if (!q.hero && !q.heroes.some((h) => hyp(x - h.x, y - h.y) - r - h.r <= HERO_REACH + EPS)) return false;
  for (const e of q.enemies) if (hyp(x - e.x, y - e.y) - r - e.r <= ENEMY_GAP + 1e-6) return false;
  return true;
}

/** The best legal spot for one base, or null when there is none among the candidates. */
export function findSpot(q: SpotQuery, prefer: Pt): Pt | null {
  const { r, box } = q;
  // Bases worth touching: for a Warrior only those that could lie within reach of one of its Heroes.
  const near = q.hero
    ? q.placed
    : q.placed.filter((o) => q.heroes.some((h) => hyp(o.x - h.x, o.y - h.y) <= h.r + HERO_REACH + 2 * r + o.r + EPS));
  const cx: number[] = [prefer.x];
  const cy: number[] = [prefer.y];
  const add = (x: number, y: number) => {
    cx.push(x);
    cy.push(y);
  };
  for (const o of near) {
    const R = o.r + r + SPACING;
    for (let k = 0; k < 24; k++) add(o.x + R * Math.cos((k * Math.PI) / 12), o.y + R * Math.sin((k * Math.PI) / 12));
    // Where the ring of touching positions meets the lines the centre may not cross.
    for (const lx of [box.x0 + r, box.x1 - r]) {
      const dy2 = R * R - (lx - o.x) ** 2;
      if (dy2 >= 0) (add(lx, o.y + Math.sqrt(dy2)), add(lx, o.y - Math.sqrt(dy2)));
    }
    for (const ly of [box.y0 + r, box.y1 - r]) {
      const dx2 = R * R - (ly - o.y) ** 2;
      if (dx2 >= 0) (add(o.x + Math.sqrt(dx2), ly), add(o.x - Math.sqrt(dx2), ly));
    }
  }
  for (let i = 0; i < near.length; i++) {
    const a = near[i]!;
    const Ra = a.r + r + SPACING;
    for (let j = i + 1; j < near.length; j++) {
      const b = near[j]!;
      const Rb = b.r + r + SPACING;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const d = hyp(dx, dy);
      if (d > Ra + Rb || d < Math.abs(Ra - Rb) || d < EPS) continue;
      const along = (Ra * Ra - Rb * Rb + d * d) / (2 * d);
      const h = Math.sqrt(Math.max(0, Ra * Ra - along * along));
      const mx = a.x + (along * dx) / d;
      const my = a.y + (along * dy) / d;
      add(mx - (h * dy) / d, my + (h * dx) / d);
      add(mx + (h * dy) / d, my - (h * dx) / d);
    }
  }
  if (q.hero || q.heroes.length === 0)
    for (let x = box.x0 + r; x <= box.x1 - r + EPS; x += 0.5) for (let y = box.y0 + r; y <= box.y1 - r + EPS; y += 0.5) add(x, y);
  const scores = new Float64Array(cx.length);
  for (let i = 0; i < cx.length; i++) scores[i] = q.score(cx[i]!, cy[i]!);
  const order = Array.from(cx.keys()).sort((a, b) => scores[a]! - scores[b]! || a - b);
  const index = new DiscIndex(q.placed);
  for (const i of order) {
    const x = cx[i]!;
    const y = cy[i]!;
    if (legalApartFromOverlap(q, x, y) && !index.overlaps(x, y, r)) return { x, y };
  }
  return null;
}

/** Placed bases bucketed on a grid, so "does this base overlap one?" looks at a few neighbours only. */
class DiscIndex {
  private readonly cell = 1.5;
  private readonly cells = new Map<number, Disc[]>();
  private maxR = 0;
  constructor(discs: readonly Disc[]) {
    for (const d of discs) {
      const k = this.key(Math.floor(d.x / this.cell), Math.floor(d.y / this.cell));
      const list = this.cells.get(k);
      if (list) list.push(d);
      else this.cells.set(k, [d]);
      this.maxR = Math.max(this.maxR, d.r);
    }
  }
  private key(i: number, j: number): number {
    return (i + 1000) * 4096 + (j + 1000);
  }
  overlaps(x: number, y: number, r: number): boolean {
    const reach = r + this.maxR;
    const i0 = Math.floor((x - reach) / this.cell);
    const i1 = Math.floor((x + reach) / this.cell);
    const j0 = Math.floor((y - reach) / this.cell);
    const j1 = Math.floor((y + reach) / this.cell);
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++) {
        const list = this.cells.get(this.key(i, j));
        if (list) for (const o of list) if (hyp(x - o.x, y - o.y) - r - o.r < -EPS) return true;
      }
    return false;
  }
}

/**
 * A tight pack of a whole side in `box`, with nothing else on the board: Heroes first, spread evenly across
 * the box at its middle depth; then the Warriors, largest bases first, each at the free spot nearest to a
 * Hero. Returns the centres in the input order, or null if some Warrior finds no room within 6" of a Hero.
 */
export function tightPack(bases: readonly { r: number; hero: boolean }[], box: Box): Pt[] | null {
  const out: (Pt | null)[] = bases.map(() => null);
  const placed: Disc[] = [];
  const heroes: Disc[] = [];
  const heroIds = bases.map((_, i) => i).filter((i) => bases[i]!.hero);
  const midY = (box.y0 + box.y1) / 2;
  for (const [k, i] of heroIds.entries()) {
    const r = bases[i]!.r;
    const want = { x: box.x0 + ((box.x1 - box.x0) * (k + 0.5)) / heroIds.length, y: midY };
    const spot = findSpot({ r, hero: true, box, placed, heroes, enemies: [], score: (x, y) => hyp(x - want.x, y - want.y) }, want);
    if (!spot) return null;
    out[i] = spot;
    const d = { ...spot, r };
    placed.push(d);
    heroes.push(d);
  }
  const warriors = bases
    .map((_, i) => i)
    .filter((i) => !bases[i]!.hero)
    .sort((a, b) => bases[b]!.r - bases[a]!.r || a - b);
  const nearestHero = (x: number, y: number) => {
    let best = Infinity;
    for (const h of heroes) best = Math.min(best, hyp(x - h.x, y - h.y));
    return best;
  };
  for (const i of warriors) {
    const r = bases[i]!.r;
    const spot = findSpot({ r, hero: false, box, placed, heroes, enemies: [], score: nearestHero }, heroes[0] ?? { x: 0, y: 0 });
    if (!spot) return null;
    out[i] = spot;
    placed.push({ ...spot, r });
  }
  return out as Pt[];
}
