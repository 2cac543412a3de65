/**
 * ME-FORCES-CLASH deployment: "The player who scored the highest chooses one half of the board and deploys
 * their models within their chosen half, with all their Warrior models deploying within 6" of a friendly
 * Hero model. The other player then deploys their models in their half of the board, but not within 12" of
 * any opposing model", under the same Hero rule.
 *
 * Decisions where the seed is silent: a side deploys in one of a few formations built around its Heroes
 * (FORMATIONS); no base stands within 2" of the centre line (the formations' front), so the second player
 * always has the back 14" of its half. Every model is checked against the rules where its formation puts
 * it; one that breaks a rule there (too far from every Hero, overlapping, off the board, within 12" of an
 * enemy) is moved to the legal spot nearest its place in the formation; if some model finds none, the whole
 * side deploys in a tight pack around its Heroes at the back of its half (the back 13.95": more than 12"
 * from any enemy, who is at least 2" behind the centre line). A force that cannot fit even in that tight
 * pack is refused when the game is created (`checkDeployable`), naming the force, so every model placed
 * obeys the rule.
 */
import { InputError } from "../core/errors.js";
import { CONTACT, gapOf } from "./board.js";
import { type Box, type Disc, ENEMY_GAP, findSpot, HERO_REACH, legalSpot, tightPack } from "./packing.js";
import { type Force, MM_PER_INCH } from "./profiles.js";
import { gap, living, type ModelState, other, type St } from "./state.js";

export const FORMATIONS = ["battle line, forward", "battle line, held back", "deep block, forward"] as const;

/** No base deploys nearer the centre line than this (the front of the forward formations). */
export const CENTRE_MARGIN = 2;

// ------------------------------------------------------------------------------------------ formations

interface Slot {
  id: number;
  x: number;
  /** Depth behind the formation's front line (inches). */
  d: number;
}

/**
 * A formation in local coordinates: x across the board (centred on 0), depth d back from the front line.
 * Each Hero leads a group: itself and fighters in the front rank, spears and pikes right behind them (in
 * base contact, ready to support), bows a rank further back, Cavalry on the group's flanks.
 */
function formationSlots(st: St, side: number, kind: number): Slot[] {
  const mine = living(st, side);
  const heroes = mine.filter((m) => st.info(m).hero);
  const warriors = mine.filter((m) => !st.info(m).hero);
  const perSide = kind === 2 ? 2 : 4; // front-rank models beside each hero
  const groups = heroes.map((h) => ({ hero: h, members: [] as ModelState[] }));
  const cls = (m: ModelState) => {
    const i = st.info(m);
    return i.cavalry ? 3 : i.bow && !i.spear && !i.pike ? 2 : i.spear || i.pike ? 1 : 0;
  };
  warriors.sort((a, b) => cls(a) - cls(b) || a.id - b.id).forEach((w, i) => groups[i % groups.length]!.members.push(w));
  const slots: Slot[] = [];
  let cursor = 0;
  for (const g of groups) {
    const local: Slot[] = [];
    const front = g.members.filter((m) => cls(m) === 0);
    const spears = g.members.filter((m) => cls(m) === 1);
    const bows = g.members.filter((m) => cls(m) === 2);
    const cav = g.members.filter((m) => cls(m) === 3);
    // Front ranks: the hero in the middle, then alternately right and left, shoulder to shoulder.
    const rows: ModelState[][] = [[g.hero]];
    for (const m of front) {
      const row = rows[rows.length - 1]!;
      if (row.length >= 1 + 2 * perSide) rows.push([m]);
      else row.push(m);
    }
    const firstRow: Slot[] = [];
    let depth = 0;
    rows.forEach((row, ri) => {
      let right = 0;
      let left = 0;
      row.forEach((m, i) => {
        const r = st.info(m).radius;
        let slot: Slot;
        if (i === 0) {
          slot = { id: m.id, x: 0, d: depth + r };
          right = r;
          left = -r;
        } else if (i % 2 === 1) {
          slot = { id: m.id, x: right + r + CONTACT / 2, d: depth + r };
          right += 2 * r + CONTACT / 2;
        } else {
          slot = { id: m.id, x: left - r - CONTACT / 2, d: depth + r };
          left -= 2 * r + CONTACT / 2;
        }
        local.push(slot);
        if (ri === 0) firstRow.push(slot);
      });
      depth += 2 * Math.max(...row.map((m) => st.info(m).radius)) + CONTACT;
    });
    // Spears directly behind the front rank (touching), nearest the hero first.
    const frontSlots = [...firstRow].sort((a, b) => Math.abs(a.x) - Math.abs(b.x));
    spears.forEach((m, i) => {
      const r = st.info(m).radius;
      const ahead = frontSlots[i];
      if (ahead) {
        const ar = st.info(st.m(ahead.id)).radius;
        local.push({ id: m.id, x: ahead.x, d: ahead.d + ar + r + CONTACT / 2 });
        // A later rank of fighters may stand there already: then this spear goes behind them all.
        if (rows.length > 1) local[local.length - 1]!.d = depth + r + CONTACT;
      } else local.push({ id: m.id, x: (i % 2 ? -1 : 1) * Math.ceil(i / 2) * (2 * r + 0.05), d: depth + 1 + r });
    });
    const back = Math.max(...local.map((s) => s.d + st.info(st.m(s.id)).radius)) + 1;
    placeRowAt(st, bows, back, local, perSide);
    // Cavalry on the flanks, outside the widest rank.
    const width = Math.max(...local.map((s) => Math.abs(s.x) + st.info(st.m(s.id)).radius));
    cav.forEach((m, i) => {
      const r = st.info(m).radius;
      const k = Math.floor(i / 2);
      local.push({ id: m.id, x: (i % 2 === 0 ? 1 : -1) * (width + 0.6 + r), d: r + k * (2 * r + 0.2) });
    });
    const minX = Math.min(...local.map((s) => s.x - st.info(st.m(s.id)).radius));
    const maxX = Math.max(...local.map((s) => s.x + st.info(st.m(s.id)).radius));
    for (const s of local) slots.push({ id: s.id, x: s.x - minX + cursor, d: s.d });
    cursor += maxX - minX + 2;
  }
  const shift = (cursor - 2) / 2;
  return slots.map((s) => ({ ...s, x: s.x - shift }));
}

function placeRowAt(st: St, ms: ModelState[], depth: number, local: Slot[], perSide: number): void {
  ms.forEach((m, i) => {
    const r = st.info(m).radius;
    const rank = Math.floor(i / (1 + 2 * perSide));
    const k = i % (1 + 2 * perSide);
    const x = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * (2 * r + 0.05);
    local.push({ id: m.id, x, d: depth + r + rank * (2 * r + 0.3) });
  });
}

/** Forward depth (from the centre line) of each formation's front rank. */
const FRONT_DEPTH = [2, 9, 2];

/** The part of its half where `south`'s bases may stand; `strip` keeps only the back, out of the enemy's 12". */
function halfBox(w: number, h: number, south: boolean, strip: boolean): Box {
  const near = strip ? ENEMY_GAP - CENTRE_MARGIN + 0.05 : CENTRE_MARGIN;
  return south ? { x0: 0, x1: w, y0: 0, y1: h / 2 - near } : { x0: 0, x1: w, y0: h / 2 + near, y1: h };
}

/**
 * The tight pack of a side at the back of the south half of a w x h board (null: it does not fit). Always
 * packed in the south frame and mirrored for the north, so the answer never depends on which half it is.
 */
function packAtBack(bases: readonly { r: number; hero: boolean }[], w: number, h: number) {
  return tightPack(bases, halfBox(w, h, true, true));
}

/** Whether a force's bases fit, by their sizes and kinds (forces are parsed afresh for every game). */
const fits = new Map<string, boolean>();

/**
 * ME-FORCES-CLASH: refuses (InputError naming the force) a force whose Warriors cannot all stand within 6"
 * of a friendly Hero even packed tightly at the back of its half — the deployment every side can always fall
 * back on — so that deployment never breaks the rule.
 */
export function checkDeployable(force: Force, where: string, board: { w: number; h: number }): void {
  const bases: { r: number; hero: boolean }[] = [];
  for (const e of force.models) {
    const p = force.profiles[e.profile]!;
    for (let k = 0; k < e.count; k++) bases.push({ r: p.base / MM_PER_INCH / 2, hero: p.keywords.type.includes("Hero") });
  }
  const key = `${board.w}x${board.h}:${bases.map((b) => `${b.hero ? "H" : "W"}${b.r}`).join(",")}`;
  let ok = fits.get(key);
  if (ok === undefined) {
    ok = packAtBack(bases, board.w, board.h) !== null;
    if (fits.size > 1000) fits.clear();
    fits.set(key, ok);
  }
  if (!ok)
    throw new InputError(
      `${where}.models: ${force.name} cannot deploy for The Forces Clash: its Warriors do not all fit within 6" of a friendly Hero (ME-FORCES-CLASH) at the back of its half; field another Hero or fewer Warriors`,
    );
}

/**
 * Places `side` in its half with formation `kind`. The second player's formation is pushed back until it is
 * more than 12" from every enemy, and never off its own edge; then every model is checked and, if it breaks
 * a deployment rule where it stands, moved (see the file comment).
 */
export function deploy(st: St, side: number, kind: number, second: boolean): void {
  const { w, h } = st.d.board;
  const south = (side === 0) === st.d.side0South;
  const slots = formationSlots(st, side, kind);
  let front = FRONT_DEPTH[kind] ?? 2;
  const maxDepth = Math.max(...slots.map((s) => s.d + st.info(st.m(s.id)).radius));
  const at = new Map<number, { x: number; y: number }>();
  const place = () => {
    for (const s of slots) {
      const m = st.m(s.id);
      at.set(s.id, {
        x: Math.min(w - st.info(m).radius, Math.max(st.info(m).radius, w / 2 + s.x)),
        y: south ? h / 2 - front - s.d : h / 2 + front + s.d,
      });
    }
  };
  place();
  const enemies: Disc[] = second ? living(st, other(side)).map((e) => ({ x: e.x, y: e.y, r: st.info(e).radius })) : [];
  if (second) {
    let closest = Infinity;
    for (const s of slots) {
      const p = at.get(s.id)!;
      for (const e of enemies) closest = Math.min(closest, gapOf(p.x, p.y, st.info(st.m(s.id)).radius, e.x, e.y, e.r));
    }
    if (closest <= 12.05) {
      front = Math.min(h / 2 - maxDepth, front + (12.1 - closest));
      place();
    }
  }
  // Heroes first (a Warrior's place is legal only near a Hero already placed), each in formation order.
  const order = [...slots].sort((a, b) => Number(st.info(st.m(b.id)).hero) - Number(st.info(st.m(a.id)).hero));
  const box = halfBox(w, h, south, false);
  const placed: Disc[] = [...enemies];
  const heroes: Disc[] = [];
  const query = (m: ModelState, want: { x: number; y: number }) => ({
    r: st.info(m).radius,
    hero: st.info(m).hero,
    box,
    placed,
    heroes,
    enemies,
    score: (x: number, y: number) => Math.hypot(x - want.x, y - want.y),
  });
  const accept = (m: ModelState, x: number, y: number) => {
    const d = { x, y, r: st.info(m).radius };
    at.set(m.id, { x, y });
    placed.push(d);
    if (st.info(m).hero) heroes.push(d);
  };
  const misfits: ModelState[] = [];
  for (const s of order) {
    const m = st.m(s.id);
    const p = at.get(s.id)!;
    if (legalSpot(query(m, p), p.x, p.y)) accept(m, p.x, p.y);
    else misfits.push(m);
  }
  let packed = true;
  for (const m of misfits) {
    const want = at.get(m.id)!;
    const spot = findSpot(query(m, want), want);
    if (!spot) {
      packed = false;
      break;
    }
    accept(m, spot.x, spot.y);
  }
  const mine = slots.map((s) => st.m(s.id));
  if (!packed) {
    const spots = packAtBack(mine.map((m) => ({ r: st.info(m).radius, hero: st.info(m).hero })), w, h);
    if (!spots) throw new InputError(`${st.sideName(side)} cannot deploy: its Warriors do not all fit within ${HERO_REACH}" of a friendly Hero (ME-FORCES-CLASH)`);
    mine.forEach((m, i) => at.set(m.id, { x: spots[i]!.x, y: south ? spots[i]!.y : h - spots[i]!.y }));
    st.log(`${st.sideName(side)} cannot stand in a ${FORMATIONS[kind]} with every Warrior within 6" of a Hero: it packs tightly around its Heroes at the back of its half.`);
  } else if (misfits.length > 0) {
    st.log(`${misfits.length} of ${st.sideName(side)}'s models close in on their Heroes (ME-FORCES-CLASH: every Warrior within 6" of a friendly Hero${second ? ', more than 12" from the enemy' : ""}).`);
  }
  for (const m of mine) {
    const p = at.get(m.id)!;
    m.x = p.x;
    m.y = p.y;
  }
}

/** ME-FORCES-CLASH deployment rules broken by `side` (empty when all is well). */
export function deploymentProblems(st: St, side: number, second: boolean): string[] {
  const out: string[] = [];
  const south = (side === 0) === st.d.side0South;
  const mine = living(st, side);
  const heroes = mine.filter((m) => st.info(m).hero);
  for (const m of mine) {
    const r = st.info(m).radius;
    if (south ? m.y + r > st.d.board.h / 2 + 1e-6 : m.y - r < st.d.board.h / 2 - 1e-6) out.push(`${m.name} is outside its half`);
    if (m.x - r < -1e-6 || m.x + r > st.d.board.w + 1e-6 || m.y - r < -1e-6 || m.y + r > st.d.board.h + 1e-6) out.push(`${m.name} is off the board`);
    if (!st.info(m).hero && !heroes.some((hh) => gap(st, m, hh) <= 6 + 1e-9)) out.push(`${m.name} is not within 6" of a friendly Hero`);
    for (const o of mine) if (o.id > m.id && gapOf(m.x, m.y, r, o.x, o.y, st.info(o).radius) < -0.002) out.push(`${m.name} overlaps ${o.name}`);
    if (second) for (const e of living(st, other(side))) if (gap(st, m, e) <= 12) out.push(`${m.name} is within 12" of ${e.name}`);
  }
  return out;
}
