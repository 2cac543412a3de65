/**
 * The sensible places a model can go in one activation, as a player sees them (ME-MOVE, ME-CHARGE,
 * ME-CONTROL-ZONE, ME-PRONE, ME-SPEAR, ME-THROWING-SPEAR): advance toward the nearest enemy (straight, or
 * veering 30°/60° either side), a half move (so a bow can still shoot), fall back, close up beside a friend
 * (a line, a Shieldwall), move behind an engaged friend to support it with a spear or pike, charge any
 * enemy it can reach (or two at once), hurl a throwing spear on the way in; when starting inside enemy
 * zones, move away without getting closer; when prone, crawl 1". Candidates that end within 0.3" of one
 * already listed are dropped.
 */
import { gapOf, hyp, inches, rotate, unit } from "./board.js";
import { terrorBars } from "./courage.js";
import { chargeSpot, chargeSpot2, findPath, inEnemyZone, maxAlong, type PathRules, spotFree, throwPoint, touchesEnemy } from "./paths.js";
import { clearShot } from "./shoot.js";
import { contacts, engaged, gap, living, type ModelState, other, type St } from "./state.js";

/**
 * What a plain move is for, as the policy reads it (labels carry model names, so they are for people only):
 * toward the nearest enemy (straight, veering, half a move), straight ahead (full or half), falling back,
 * closing up beside a friend, moving behind a friend to support it with a spear or to add a pike, moving
 * away from the enemies whose zones it started in, crawling.
 */
export type MoveTag = "toward" | "veer" | "half" | "ahead" | "aheadHalf" | "fallBack" | "closeUp" | "support" | "addPike" | "away" | "crawl";

export interface MoveOpt {
  kind: "move" | "charge" | "spear" | "stay";
  tag?: MoveTag;
  x: number;
  y: number;
  len: number;
  targets: number[];
  label: string;
  /** The waypoint of a two-leg path. */
  via?: { x: number; y: number } | null;
  /** ME-THROWING-SPEAR: where it stops to throw, and the path length to there. */
  throwAt?: { x: number; y: number; len: number };
}

/** The nearest enemies considered for a charge (bounds the work of one activation). */
const MAX_CHARGE_TARGETS = 8;

function nearestEnemy(st: St, m: ModelState): ModelState | undefined {
  let best: ModelState | undefined;
  let bg = Infinity;
  for (const e of st.d.models) {
    if (!e.alive || e.side === m.side) continue;
    const g = gap(st, m, e);
    if (g < bg) {
      bg = g;
      best = e;
    }
  }
  return best;
}

/** Plain moves (not charges) within `budget`; `zone` = enemies whose zones the model started in. */
export function planMoves(st: St, m: ModelState, budget: number, zone: number[]): MoveOpt[] {
  const info = st.info(m);
  const r = info.radius;
  const rules: PathRules = { mover: m, r, targets: [], ignoreZones: zone, charge: false };
  const out: MoveOpt[] = [];
  const add = (x: number, y: number, len: number, tag: MoveTag, label: string) => {
    if (len < 0.25 || out.some((o) => hyp(o.x - x, o.y - y) < 0.3)) return;
    out.push({ kind: "move", tag, x, y, len, targets: [], label });
  };
  const line = (dx: number, dy: number, len: number, tag: MoveTag, label: (l: number) => string) => {
    const l = maxAlong(st, rules, dx, dy, len);
    add(m.x + dx * l, m.y + dy * l, l, tag, label(l));
  };
  const e = nearestEnemy(st, m);
  if (!e || budget < 0.25) return out;
  const [ux, uy] = unit(e.x - m.x, e.y - m.y);
  if (zone.length > 0) {
    let cx = 0;
    let cy = 0;
    for (const z of zone) {
      cx += st.m(z).x / zone.length;
      cy += st.m(z).y / zone.length;
    }
    const [ax, ay] = unit(m.x - cx, m.y - cy);
    for (const deg of [0, 45, -45, 90, -90]) {
      const [dx, dy] = rotate(ax, ay, deg);
      line(dx, dy, budget, "away", (l) => `moves away ${inches(l)}`);
    }
    return out;
  }
  for (const deg of [0, 30, -30, 60, -60]) {
    const [dx, dy] = rotate(ux, uy, deg);
    line(dx, dy, budget, deg === 0 ? "toward" : "veer", (l) => `advances ${inches(l)} toward ${e.name}${deg === 0 ? "" : deg > 0 ? ` (veering ${deg}° left)` : ` (veering ${-deg}° right)`}`);
  }
  line(ux, uy, budget / 2, "half", (l) => `advances ${inches(l)} toward ${e.name} (half move)`);
  // Straight ahead and straight back, square to the board edges: what a model in a tight line can do
  // when the line to the nearest enemy grazes its neighbour's base.
  const fy = e.y >= m.y ? 1 : -1;
  line(0, fy, budget, "ahead", (l) => `advances ${inches(l)} straight ahead`);
  line(0, fy, budget / 2, "aheadHalf", (l) => `advances ${inches(l)} straight ahead (half move)`);
  line(0, -fy, budget, "fallBack", (l) => `falls back ${inches(l)}`);
  // Close up beside the nearest unengaged friend, square to the enemy.
  const friends = living(st, m.side).filter((f) => f !== m && !f.prone && gap(st, m, f) <= budget);
  friends.sort((a, b) => gap(st, m, a) - gap(st, m, b));
  const spot = (x: number, y: number, tag: MoveTag, label: string, allowedContact: number[] = []) => {
    if (!spotFree(st, x, y, r, [m.id]) || touchesEnemy(st, m.side, x, y, r, allowedContact) || inEnemyZone(st, m.side, x, y, r, zone)) return;
    const p = findPath(st, rules, x, y, budget);
    if (p) add(x, y, p.len, tag, label);
  };
  const mate = friends.find((f) => !engaged(st, f));
  if (mate) {
    const R = st.info(mate).radius + r + 0.003;
    spot(mate.x - uy * R, mate.y + ux * R, "closeUp", `closes up beside ${mate.name}`);
    spot(mate.x + uy * R, mate.y - ux * R, "closeUp", `closes up beside ${mate.name}`);
  }
  // ME-SPEAR / ME-PIKE: behind an engaged Infantry friend of the same base or smaller (a pike also behind a pike).
  if ((info.spear || info.pike) && info.infantry) {
    let n = 0;
    for (const f of friends) {
      if (n >= 3) break;
      const fi = st.info(f);
      if (!fi.infantry || fi.radius > r + 1e-9) continue;
      const foes = contacts(st, f);
      if (foes.length === 0) continue;
      const [vx, vy] = unit(f.x - foes[0]!.x, f.y - foes[0]!.y);
      const before = out.length;
      for (const deg of [0, 35, -35, 70, -70]) {
        const [dx, dy] = rotate(vx, vy, deg);
        const R = fi.radius + r + 0.003;
        spot(f.x + dx * R, f.y + dy * R, "support", `moves behind ${f.name} to support with its ${info.spear ? "spear" : "pike"}`);
        if (out.length > before) break;
      }
      n++;
    }
    if (info.pike) {
      for (const p1 of friends) {
        if (!st.info(p1).pike || engaged(st, p1)) continue;
        const held = living(st, m.side).find((f) => f !== p1 && engaged(st, f) && gap(st, p1, f) <= 0.01);
        if (!held) continue;
        const [vx, vy] = unit(p1.x - held.x, p1.y - held.y);
        const R = st.info(p1).radius + r + 0.003;
        spot(p1.x + vx * R, p1.y + vy * R, "addPike", `moves behind ${p1.name} to add its pike`);
        break;
      }
    }
  }
  return out;
}

/** ME-PRONE: crawl up to 1" (never into a zone, never into contact). */
export function planCrawls(st: St, m: ModelState, zone: number[]): MoveOpt[] {
  const e = nearestEnemy(st, m);
  if (!e) return [];
  const rules: PathRules = { mover: m, r: st.info(m).radius, targets: [], ignoreZones: zone, charge: false };
  const [ux, uy] = unit(e.x - m.x, e.y - m.y);
  const out: MoveOpt[] = [];
  for (const [deg, what] of [[180, "away"], [0, "forward"], [90, "sideways"], [-90, "sideways"]] as const) {
    const [dx, dy] = rotate(ux, uy, deg);
    const l = maxAlong(st, rules, dx, dy, 1);
    const x = m.x + dx * l;
    const y = m.y + dy * l;
    if (l < 0.25 || out.some((o) => hyp(o.x - x, o.y - y) < 0.3)) continue;
    out.push({ kind: "move", tag: "crawl", x, y, len: l, targets: [], label: `crawls ${inches(l)} ${what}` });
  }
  return out;
}

/**
 * ME-CHARGE: every enemy it can reach (nearest first), then pairs of enemies it can touch at once. From
 * inside enemy zones only those enemies may be charged. ME-RULES Terror bars Terror-causers unless the
 * Courage test was passed (or `fearless`, for Compel).
 */
export function planCharges(st: St, m: ModelState, budget: number, zone: number[], fearless = false): MoveOpt[] {
  const r = st.info(m).radius;
  const ignore = zone.length > 0 ? living(st, other(m.side)).map((e) => e.id) : [];
  const foes = living(st, other(m.side))
    .map((e) => ({ e, g: gap(st, m, e) }))
    .filter(({ e, g }) => g <= budget + 1e-9 && (zone.length === 0 || zone.includes(e.id)) && (fearless || !terrorBars(st, m, e)))
    .sort((a, b) => a.g - b.g || a.e.id - b.e.id)
    .slice(0, MAX_CHARGE_TARGETS);
  const out: MoveOpt[] = [];
  for (const { e } of foes) {
    const s = chargeSpot(st, m, e, budget, ignore);
    if (s) out.push({ kind: "charge", x: s.x, y: s.y, len: s.len, via: s.via, targets: [e.id], label: `charges ${e.name} (${inches(s.len)})` });
  }
  let pairs = 0;
  for (let i = 0; i < foes.length && pairs < 4; i++) {
    for (let j = i + 1; j < foes.length && pairs < 4; j++) {
      const a = foes[i]!.e;
      const b = foes[j]!.e;
      if (gapOf(a.x, a.y, st.info(a).radius, b.x, b.y, st.info(b).radius) > 2 * r) continue;
      const s = chargeSpot2(st, m, a, b, budget, ignore);
      if (!s) continue;
      const [t1, t2] = a.id < b.id ? [a, b] : [b, a];
      out.push({ kind: "charge", x: s.x, y: s.y, len: s.len, targets: [t1.id, t2.id], label: `charges ${t1.name} and ${t2.name} together (${inches(s.len)})` });
      pairs++;
    }
  }
  return out;
}

/** ME-THROWING-SPEAR: a charge that stops 1" short to throw first (not from inside the target's zone). */
export function planSpearCharges(st: St, m: ModelState, charges: MoveOpt[]): MoveOpt[] {
  const info = st.info(m);
  if (!info.throwingSpear || m.thrown || m.shot) return [];
  const out: MoveOpt[] = [];
  for (const c of charges) {
    if (c.targets.length !== 1) continue;
    const t = st.m(c.targets[0]!);
    const tp = throwPoint(st, m, t, { x: c.x, y: c.y, len: c.len, via: c.via ?? null });
    if (!tp || !clearShot(st, tp.x, tp.y, m.id, t)) continue;
    out.push({ ...c, kind: "spear", label: `hurls a throwing spear at ${t.name}, then charges`, throwAt: tp });
  }
  return out;
}

/** ME-POWERS Compel: where the caster may move its victim (half its Move; it may be made to charge, no Terror test). */
export function planCompel(st: St, t: ModelState): MoveOpt[] {
  const stay: MoveOpt = { kind: "stay", x: t.x, y: t.y, len: 0, targets: [], label: `leaves ${t.name} where it is` };
  // It cannot be moved out of combat; a prone victim stays down (the seed is silent; it would have to stand).
  if (engaged(st, t) || t.prone) return [stay];
  const budget = st.info(t).p.move / 2;
  const zone = st.d.models.filter((e) => e.alive && e.side !== t.side && !e.prone && !engaged(st, e) && gap(st, t, e) < 0.995).map((e) => e.id);
  return [stay, ...planMoves(st, t, budget, zone), ...planCharges(st, t, budget, zone, true)];
}

/** Puts a model where a move or charge option ends, with what that means for this turn. */
export function doMove(st: St, m: ModelState, o: MoveOpt): void {
  m.x = o.x;
  m.y = o.y;
  m.moved += o.len;
  if (o.len > 0) m.movedAtAll = true;
  if (o.kind === "charge" || o.kind === "spear") {
    m.charged = true;
    m.chargedTargets = [...o.targets];
    // ME-CAVALRY: a charge by Cavalry takes away the charged Cavalry's bonus.
    if (st.info(m).cavalry) for (const t of o.targets) st.m(t).chargedByCavalry = true;
  }
}
