// The Fight phase (src/mesbg/fight.ts): combats in the priority player's order, each as the seed lists it —
// supporters join (ME-SPEAR, ME-PIKE), weapons are declared (ME-HAND-AND-A-HALF, ME-TWO-HANDED,
// ME-SHIELDING), the duel is rolled (ME-DUEL, ME-CAVALRY), Might is spent (ME-MIGHT), the winner found
// (ME-ELVEN), losers back away or are trapped (ME-BACK-AWAY, ME-TRAPPED, Make Way), Knock to the Ground,
// the strikes (ME-STRIKES); then Will of Evil (ME-RULES).
import { allocF64 } from "../arena";
import { atan2, firstEntry, onBoard, rotate, segmentDistance, unit, ux, uy } from "./geom";
import { hit } from "./heroics";
import {
  MF_CHARGED, MF_CHARGED_BY_CAVALRY, MF_FOUGHT, MF_SUPPORTED, MF_TRANSFIXED, PF_BURLY, PF_CAVALRY, PF_ELVEN, PF_HAND_AND_A_HALF,
  PF_HERO, PF_INFANTRY, PF_LANCE, PF_PIKE, PF_SHIELD, PF_SPEAR, PF_TWO_HANDED, PF_WILL_OF_EVIL,
} from "./layout";
import { nPairs, OTHERS_CAP, PAIR_LONE, PAIR_N, PAIR_OTHERS } from "./pairing";
import { chooseStance, chooseStriker, chooseStrikeTarget } from "./policy";
import {
  CONTACT, OVERLAP, N, afterWillChange, alive, allocI32, attacksOfProfile, boardH, boardW, ct, d6, engaged, fightOf, gap, gapOf, goodSide,
  has, hyp, li, lf, might, nct, other, over, pflag, priority, prone, rad, setFlag, setMight, setPos, setProne, setWill, sf, si, side,
  strengthOf, will, x, y,
} from "./state";

export const STANCE_ONE: i32 = 0;
export const STANCE_TWO: i32 = 1;
export const STANCE_SHIELD: i32 = 2;

// the combat being fought
export let SIDE0: usize = 0;
export let SIDE1: usize = 0;
export let nSide0: i32 = 0;
export let nSide1: i32 = 0;
let SUPL: usize = 0; // supporters, ascending
let nSup: i32 = 0;
let SUPOF: usize = 0; // supporter -> supported (when SUPG == cg)
let SUPG: usize = 0;
let STANCE: usize = 0; // when STG == cg
let STG: usize = 0;
let BEST: usize = 0; // when BESTG == cg
let BESTG: usize = 0;
let MADD: usize = 0; // Might added, when MG == cg
let MG: usize = 0;
let TRAPG: usize = 0; // trapped when == cg
let TRAPL: usize = 0;
let nTrap: i32 = 0;
let LOSERS: usize = 0;
let nLosers: i32 = 0;
let STRIKERS: usize = 0;
let nStrikers: i32 = 0;
let INC: usize = 0; // in a combat of this phase (participantsOfAll)
let RESOLVED: usize = 0;
let cg: i32 = 0;
let winnerSide: i32 = -1;
let knock: bool = false;
// back away options
let BKX: usize = 0;
let BKY: usize = 0;
let BKB: usize = 0; // first blocker
let BKN: usize = 0; // blockers (capped at 2)
let FOES: usize = 0;
// free arcs (board.ts freeArcMiddles): blocked intervals, their order, the middles of the free ones
let ARCLO: usize = 0;
let ARCHI: usize = 0;
let ARCORD: usize = 0;
let ARCMID: usize = 0;
let nArc: i32 = 0;
let MWX: usize = 0;
let MWY: usize = 0;
let MWL: usize = 0;

export function allocFight(): void {
  SIDE0 = allocI32(N);
  SIDE1 = allocI32(N);
  SUPL = allocI32(N);
  SUPOF = allocI32(N);
  SUPG = allocI32(N);
  STANCE = allocI32(N);
  STG = allocI32(N);
  BEST = allocI32(N);
  BESTG = allocI32(N);
  MADD = allocI32(N);
  MG = allocI32(N);
  TRAPG = allocI32(N);
  TRAPL = allocI32(N);
  LOSERS = allocI32(N);
  STRIKERS = allocI32(N);
  INC = allocI32(N);
  RESOLVED = allocI32(N);
  BKX = allocF64(16);
  BKY = allocF64(16);
  BKB = allocI32(16);
  BKN = allocI32(16);
  ARCLO = allocF64(9 * N + 16);
  ARCHI = allocF64(9 * N + 16);
  ARCORD = allocI32(9 * N + 16);
  ARCMID = allocF64(9 * N + 16);
  FOES = allocI32(N);
  MWX = allocF64(4);
  MWY = allocF64(4);
  MWL = allocF64(4);
  cg = 0;
}

export function setResolved(c: i32, v: bool): void {
  si(RESOLVED, c, v ? 1 : 0);
}

// ------------------------------------------------------------------------------------------- queries

// @ts-ignore: decorator
@inline function sideList(s: i32): usize {
  return s == 0 ? SIDE0 : SIDE1;
}
// @ts-ignore: decorator
@inline function sideCount(s: i32): i32 {
  return s == 0 ? nSide0 : nSide1;
}
export function sideMember(s: i32, k: i32): i32 {
  return li(sideList(s), k);
}
export function sideSize(s: i32): i32 {
  return sideCount(s);
}

export function isSupporter(id: i32): bool {
  return li(SUPG, id) == cg;
}
export function stanceOf(id: i32): i32 {
  return li(STG, id) == cg ? li(STANCE, id) : STANCE_ONE;
}
export function isTrapped(id: i32): bool {
  return li(TRAPG, id) == cg;
}
function bestOf(id: i32): i32 {
  return li(BESTG, id) == cg ? li(BEST, id) : -100;
}
function mightOf(id: i32): i32 {
  return li(MG, id) == cg ? li(MADD, id) : 0;
}

/** Rollers on side s: its participants, then its supporters (ascending); k-th of rollerCount(s). */
function rollerCount(s: i32): i32 {
  let n = sideCount(s);
  for (let k = 0; k < nSup; k++) if (side(li(SUPL, k)) == s) n++;
  return n;
}
function roller(s: i32, k: i32): i32 {
  const n = sideCount(s);
  if (k < n) return li(sideList(s), k);
  let j = k - n;
  for (let q = 0; q < nSup; q++) {
    const id = li(SUPL, q);
    if (side(id) != s) continue;
    if (j == 0) return id;
    j--;
  }
  unreachable();
  return -1;
}

/** fight.ts cavalryBonus (ME-CAVALRY). */
export function cavalryBonus(m: i32): bool {
  if (!pflag(m, PF_CAVALRY) || !has(m, MF_CHARGED) || nct(m) == 0 || has(m, MF_CHARGED_BY_CAVALRY)) return false;
  for (let k = 0; k < nct(m); k++) if (!pflag(ct(m, k), PF_INFANTRY)) return false;
  return true;
}

/** fight.ts stanceChoices as a bit set (1 one-handed, 2 two-handed, 4 shielding). */
export function stanceChoices(m: i32): i32 {
  if (pflag(m, PF_TWO_HANDED)) return 2;
  let c = 1;
  if (pflag(m, PF_HAND_AND_A_HALF)) c |= 2;
  if (pflag(m, PF_SHIELD) && !pflag(m, PF_CAVALRY)) c |= 4;
  return c;
}
function firstChoice(c: i32): i32 {
  return (c & 1) != 0 ? STANCE_ONE : (c & 2) != 0 ? STANCE_TWO : STANCE_SHIELD;
}

function attacksOf(m: i32): i32 {
  if (isSupporter(m)) return 1;
  return attacksOfProfile(m) + (cavalryBonus(m) ? 1 : 0);
}

let ssBest: i32 = 0;
let ssFv: i32 = 0;
function sideScore(s: i32, eid: i32, ek: i32): void {
  let best = -100;
  let fv = 0;
  const n = rollerCount(s);
  for (let k = 0; k < n; k++) {
    const id = roller(s, k);
    best = max(best, bestOf(id) + mightOf(id) + (eid == id ? ek : 0));
    fv = max(fv, fightOf(id));
  }
  ssBest = best;
  ssFv = fv;
}

/** fight.ts leader: 0 or 1 winning on dice then Fight Value, -1 for a tie that goes to the D6. */
function leader(eid: i32, ek: i32): i32 {
  sideScore(0, eid, ek);
  const ab = ssBest;
  const af = ssFv;
  sideScore(1, eid, ek);
  if (ab != ssBest) return ab > ssBest ? 0 : 1;
  if (af != ssFv) return af > ssFv ? 0 : 1;
  return -1;
}

/** ME-MIGHT: the first Might option of `s` in action order (lowest hero id): mHero/mK, or false. */
let mHero: i32 = -1;
let mK: i32 = 0;
function firstMightOption(s: i32): bool {
  const now = leader(-1, 0);
  let bestId = -1;
  let bestK = 0;
  const n = rollerCount(s);
  for (let q = 0; q < n; q++) {
    const id = roller(s, q);
    if (!pflag(id, PF_HERO) || might(id) == 0 || !alive(id)) continue;
    const base = bestOf(id) + mightOf(id);
    let draw = 0;
    let win = 0;
    for (let k = 1; k <= might(id) && base + k <= 6; k++) {
      const l = leader(id, k);
      if (l == s) {
        win = k;
        draw = -1;
        break;
      }
      if (l == -1 && now != -1 && draw == 0) draw = k;
    }
    const k = win > 0 ? win : draw > 0 ? draw : 0;
    if (k > 0 && (bestId < 0 || id < bestId)) {
      bestId = id;
      bestK = k;
    }
  }
  mHero = bestId;
  mK = bestK;
  return bestId >= 0;
}

// ---------------------------------------------------------------------------------------- back away

/** fight.ts backPathClear: -1 off the board, else the number of blockers (capped at 2); bpFirst the first. */
let bpFirst: i32 = -1;
function backPathClear(m: i32, px: f64, py: f64, movedId: i32, mx2: f64, my2: f64): i32 {
  const r = rad(m);
  if (!onBoard(px, py, r, boardW, boardH)) return -1;
  const mx = x(m);
  const my = y(m);
  unit(px - mx, py - my);
  const dx = ux;
  const dy = uy;
  const len = hyp(px - mx, py - my);
  let n = 0;
  bpFirst = -1;
  for (let b = 0; b < N; b++) {
    if (!alive(b) || b == m) continue;
    const bx = b == movedId ? mx2 : x(b);
    const by = b == movedId ? my2 : y(b);
    const br = rad(b);
    const hitsPath = firstEntry(mx, my, dx, dy, len, bx, by, r + br - OVERLAP) < len;
    const touchesAtEnd = side(b) != side(m) && gapOf(px, py, r, bx, by, br) <= CONTACT;
    if (hitsPath || touchesAtEnd) {
      if (n == 0) bpFirst = b;
      n++;
      if (n >= 2) return 2;
    }
  }
  return n;
}

/** fight.ts makeWay: where friend f steps (up to 1") off m's path to (px, py); mwX/mwY. */
let mwX: f64 = 0;
let mwY: f64 = 0;
function makeWay(m: i32, f: i32, px: f64, py: f64): bool {
  const r = rad(m);
  const fr = rad(f);
  const need = r + fr + 0.004;
  const mx = x(m);
  const my = y(m);
  unit(px - mx, py - my);
  const dx = ux;
  const dy = uy;
  const relx = x(f) - mx;
  const rely = y(f) - my;
  const along = relx * dx + rely * dy;
  const across = -relx * dy + rely * dx;
  const sd: f64 = across >= 0 ? 1 : -1;
  // up to three moves, tried shortest first (a stable sort)
  const m0x = -dy * sd * (need - Math.abs(across));
  const m0y = dx * sd * (need - Math.abs(across));
  const m1x = dy * sd * (need + Math.abs(across));
  const m1y = -dx * sd * (need + Math.abs(across));
  const back = 1 + Math.sqrt(Math.max(0, need * need - across * across)) - along;
  const nMoves = back > 0 ? 3 : 2;
  const m2x = dx * back;
  const m2y = dy * back;
  // the moves, shortest first (a stable sort of two or three)
  sf(MWX, 0, m0x);
  sf(MWY, 0, m0y);
  sf(MWL, 0, hyp(m0x, m0y));
  sf(MWX, 1, m1x);
  sf(MWY, 1, m1y);
  sf(MWL, 1, hyp(m1x, m1y));
  if (nMoves == 3) {
    sf(MWX, 2, m2x);
    sf(MWY, 2, m2y);
    sf(MWL, 2, hyp(m2x, m2y));
  }
  for (let i = 1; i < nMoves; i++) {
    const vx = lf(MWX, i);
    const vy = lf(MWY, i);
    const vl = lf(MWL, i);
    let j = i;
    while (j > 0 && lf(MWL, j - 1) > vl) {
      sf(MWX, j, lf(MWX, j - 1));
      sf(MWY, j, lf(MWY, j - 1));
      sf(MWL, j, lf(MWL, j - 1));
      j--;
    }
    sf(MWX, j, vx);
    sf(MWY, j, vy);
    sf(MWL, j, vl);
  }
  for (let q = 0; q < nMoves; q++) {
    const mvx = lf(MWX, q);
    const mvy = lf(MWY, q);
    const l = hyp(mvx, mvy);
    if (l > 1 + 1e-9) continue;
    const nx = x(f) + mvx;
    const ny = y(f) + mvy;
    if (!onBoard(nx, ny, fr, boardW, boardH)) continue;
    if (segmentDistance(mx, my, px, py, nx, ny) < need - 0.002) continue;
    let ok = true;
    for (let b = 0; b < N; b++) {
      if (!alive(b) || b == f || b == m) continue;
      const g = gapOf(nx, ny, fr, x(b), y(b), rad(b));
      if (g < -OVERLAP || (side(b) != side(f) && g <= CONTACT)) ok = false;
      if (ok && l > 1e-9 && firstEntry(x(f), y(f), mvx / l, mvy / l, l, x(b), y(b), fr + rad(b) - OVERLAP) < l) ok = false;
      if (!ok) break;
    }
    if (gapOf(nx, ny, fr, px, py, r) < -OVERLAP) ok = false;
    if (ok) {
      mwX = nx;
      mwY = ny;
      return true;
    }
  }
  return false;
}

/** board.ts wrapAngle. */
function wrapAngle(a: f64): f64 {
  let v = a;
  while (v > Math.PI) v -= 2 * Math.PI;
  while (v <= -Math.PI) v += 2 * Math.PI;
  return v;
}
function acosOf(c: f64): f64 {
  return atan2(Math.sqrt(1 - c * c), c);
}
function arcBlock(t0: f64, dir: f64, half: f64): void {
  const HALF: f64 = Math.PI / 2;
  const c = wrapAngle(dir - t0);
  for (let k = -1; k <= 1; k++) {
    const a = Math.max(c - half + <f64>k * 2 * Math.PI, -HALF);
    const b = Math.min(c + half + <f64>k * 2 * Math.PI, HALF);
    if (a < b) {
      sf(ARCLO, nArc, a);
      sf(ARCHI, nArc, b);
      nArc++;
    }
  }
}

/** board.ts freeArcMiddles for model m stepping around (u0x, u0y) away from the winners of side w: ARCMID[0..n). */
function freeArcMiddles(m: i32, u0x: f64, u0y: f64, w: i32): i32 {
  const HALF: f64 = Math.PI / 2;
  const px = x(m);
  const py = y(m);
  const r = rad(m);
  const t0 = atan2(u0y, u0x);
  nArc = 0;
  const wl = sideList(w);
  const wn = sideCount(w);
  for (let k = 0; k < wn; k++) {
    const id = li(wl, k);
    if (alive(id)) arcBlock(t0, atan2(y(id) - py, x(id) - px), HALF);
  }
  for (let e = 0; e < 4; e++) {
    const room = e == 0 ? boardW - r - px : e == 1 ? px - r : e == 2 ? boardH - r - py : py - r;
    const normal: f64 = e == 0 ? 0 : e == 1 ? Math.PI : e == 2 ? HALF : -HALF;
    if (room < 1) arcBlock(t0, normal, acosOf(Math.max(-1, room)));
  }
  for (let b = 0; b < N; b++) {
    if (!alive(b) || b == m) continue;
    const dx = x(b) - px;
    const dy = y(b) - py;
    const D = hyp(dx, dy);
    const dir = atan2(dy, dx);
    const R = r + rad(b) - OVERLAP;
    if (D <= R) arcBlock(t0, dir, Math.PI);
    else if (D < 1 + R) {
      if (D * D - R * R < 1) {
        const q = R / D;
        arcBlock(t0, dir, atan2(q, Math.sqrt(1 - q * q)));
      } else arcBlock(t0, dir, acosOf((1 + D * D - R * R) / (2 * D)));
    }
    if (side(b) != side(m)) {
      const R2 = r + rad(b) + CONTACT;
      if (D < 1 + R2) {
        const c = (1 + D * D - R2 * R2) / (2 * D);
        arcBlock(t0, dir, c <= -1 ? Math.PI : acosOf(c));
      }
    }
  }
  for (let i = 0; i < nArc; i++) {
    let j = i;
    si(ARCORD, j, i);
    while (j > 0 && lf(ARCLO, li(ARCORD, j - 1)) > lf(ARCLO, i)) {
      si(ARCORD, j, li(ARCORD, j - 1));
      j--;
    }
    si(ARCORD, j, i);
  }
  let nm = 0;
  let cur: f64 = -HALF;
  for (let q = 0; q < nArc; q++) {
    const i = li(ARCORD, q);
    const lo = lf(ARCLO, i);
    const hi = lf(ARCHI, i);
    if (lo > cur + 1e-9) sf(ARCMID, nm++, (cur + lo) / 2);
    if (hi > cur) cur = hi;
  }
  if (cur < HALF - 1e-9) sf(ARCMID, nm++, (cur + HALF) / 2);
  // in degrees, nearest to straight back first (left before right on a tie)
  for (let i = 0; i < nm; i++) {
    const d = (lf(ARCMID, i) * 180) / Math.PI;
    let j = i;
    while (j > 0 && (Math.abs(lf(ARCMID, j - 1)) > Math.abs(d) || (Math.abs(lf(ARCMID, j - 1)) == Math.abs(d) && lf(ARCMID, j - 1) < d))) {
      sf(ARCMID, j, lf(ARCMID, j - 1));
      j--;
    }
    sf(ARCMID, j, d);
  }
  return nm;
}

/** fight.ts BACK_GRID: every 15° from straight back, left before right. */
function backGrid(q: i32): f64 {
  return q == 0 ? 0 : <f64>(((q + 1) >> 1) * 15) * ((q & 1) != 0 ? 1 : -1);
}

/** Away from every living winner of side w (fight.ts backAwayOptions' test). */
function awayFromWinners(m: i32, w: i32, dx: f64, dy: f64): bool {
  const wl = sideList(w);
  const wn = sideCount(w);
  const mx = x(m);
  const my = y(m);
  for (let k = 0; k < wn; k++) {
    const id = li(wl, k);
    if (!alive(id)) continue;
    if (dx * (mx - x(id)) + dy * (my - y(id)) <= 1e-9) return false;
  }
  return true;
}

/**
 * The first of fight.ts backAwayOptions (the policy always takes option 0): a clear 1" step away from the
 * winners (straight back, then every 15° either side to 75°; failing those, the middle of the free arc
 * nearest straight back), else the first Make Way. boX/boY, and boFriend (-1 or the friend stepping aside
 * to boFx/boFy); false when trapped.
 */
let boX: f64 = 0;
let boY: f64 = 0;
let boFriend: i32 = -1;
let boFx: f64 = 0;
let boFy: f64 = 0;
function firstBackAway(m: i32): bool {
  const w = other(side(m));
  const wl = sideList(w);
  const wn = sideCount(w);
  let cnt = 0;
  for (let k = 0; k < wn; k++) if (alive(li(wl, k))) cnt++;
  if (cnt == 0) return false;
  let cx: f64 = 0;
  let cy: f64 = 0;
  for (let k = 0; k < wn; k++) {
    const id = li(wl, k);
    if (!alive(id)) continue;
    cx += x(id) / <f64>cnt;
    cy += y(id) / <f64>cnt;
  }
  const mx = x(m);
  const my = y(m);
  unit(mx - cx, my - cy);
  const bx0 = ux;
  const by0 = uy;
  let nb = 0;
  for (let q = 0; q < 11; q++) {
    rotate(bx0, by0, backGrid(q));
    const dx = ux;
    const dy = uy;
    if (!awayFromWinners(m, w, dx, dy)) continue;
    const px = mx + dx;
    const py = my + dy;
    const n = backPathClear(m, px, py, -1, 0, 0);
    if (n == 0) {
      boX = px;
      boY = py;
      boFriend = -1;
      return true;
    }
    if (n > 0) {
      sf(BKX, nb, px);
      sf(BKY, nb, py);
      si(BKN, nb, n);
      si(BKB, nb, bpFirst);
      nb++;
    }
  }
  // ME-BACK-AWAY: a gap at another angle
  const nm = freeArcMiddles(m, bx0, by0, w);
  for (let q = 0; q < nm; q++) {
    rotate(bx0, by0, lf(ARCMID, q));
    const dx = ux;
    const dy = uy;
    if (!awayFromWinners(m, w, dx, dy)) continue;
    const px = mx + dx;
    const py = my + dy;
    if (backPathClear(m, px, py, -1, 0, 0) == 0) {
      boX = px;
      boY = py;
      boFriend = -1;
      return true;
    }
  }
  // ME-TRAPPED: one unengaged friend alone in the way may Make Way
  for (let q = 0; q < nb; q++) {
    if (li(BKN, q) != 1) continue;
    const fr = li(BKB, q);
    if (side(fr) != side(m) || engaged(fr) || li(INC, fr) != 0) continue;
    const px = lf(BKX, q);
    const py = lf(BKY, q);
    if (!makeWay(m, fr, px, py)) continue;
    const tx = mwX;
    const ty = mwY;
    if (backPathClear(m, px, py, fr, tx, ty) == 0) {
      boX = px;
      boY = py;
      boFriend = fr;
      boFx = tx;
      boFy = ty;
      return true;
    }
  }
  return false;
}

/** ME-TRAPPED: after the strikes a trapped survivor and its foes are parted just enough to stop touching. */
function separate(m: i32): void {
  let nf = 0;
  const s = side(m);
  for (let e = 0; e < N; e++) if (alive(e) && side(e) != s && gap(m, e) <= CONTACT) si(FOES, nf++, e);
  for (let k = 0; k < nf; k++) {
    const e = li(FOES, k);
    const need = CONTACT + 0.01 - gap(m, e);
    unit(x(m) - x(e), y(m) - y(e));
    const ex = ux;
    const ey = uy;
    for (let q = 0; q < 2; q++) {
      const who = q == 0 ? m : e;
      const sx = q == 0 ? ex : -ex;
      const sy = q == 0 ? ey : -ey;
      const nx = x(who) + sx * need;
      const ny = y(who) + sy * need;
      const r = rad(who);
      let free = onBoard(nx, ny, r, boardW, boardH);
      if (free) {
        for (let b = 0; b < N; b++) {
          if (!alive(b) || b == who) continue;
          if (!(gapOf(nx, ny, r, x(b), y(b), rad(b)) > (side(b) != side(who) ? CONTACT : -OVERLAP))) {
            free = false;
            break;
          }
        }
      }
      if (free) {
        setPos(who, nx, ny);
        break;
      }
    }
  }
}

function knockDown(m: i32): void {
  if (!knock || prone(m)) return;
  setProne(m, true);
}

// ------------------------------------------------------------------------------------------- combat

function addSupporter(s: i32, friend: i32): void {
  setFlag(s, MF_SUPPORTED, true);
  si(SUPG, s, cg);
  si(SUPOF, s, friend);
  // keep ascending
  let j = nSup;
  while (j > 0 && li(SUPL, j - 1) > s) {
    si(SUPL, j, li(SUPL, j - 1));
    j--;
  }
  si(SUPL, j, s);
  nSup++;
}

function usable(s: i32, sd: i32): bool {
  return alive(s) && side(s) == sd && !has(s, MF_SUPPORTED) && !prone(s) && li(INC, s) == 0 && pflag(s, PF_INFANTRY) &&
    (pflag(s, PF_SPEAR) || pflag(s, PF_PIKE)) && !engaged(s);
}

function setupSupport(): void {
  for (let sd = 0; sd < 2; sd++) {
    const n = sideCount(sd);
    for (let k = 0; k < n; k++) {
      const fm = li(sideList(sd), k);
      if (!pflag(fm, PF_INFANTRY)) continue;
      const fr = rad(fm);
      // the first spear or pike touching it: pikes first, then the lowest id
      let first = -1;
      for (let s = 0; s < N; s++) {
        if (!usable(s, sd) || !(rad(s) >= fr - 1e-9) || !(gap(s, fm) <= CONTACT)) continue;
        if (first < 0 || (pflag(s, PF_PIKE) && !pflag(first, PF_PIKE))) first = s;
      }
      if (first < 0) continue;
      addSupporter(first, fm);
      if (!pflag(first, PF_PIKE)) continue;
      for (let s = 0; s < N; s++) {
        if (!usable(s, sd) || !pflag(s, PF_PIKE) || !(rad(s) >= fr - 1e-9)) continue;
        if (gap(s, first) <= CONTACT || gap(s, fm) <= CONTACT) {
          addSupporter(s, fm);
          break;
        }
      }
    }
  }
}

function rollDuel(): void {
  for (let sd = 0; sd < 2; sd++) {
    const n = rollerCount(sd);
    for (let k = 0; k < n; k++) {
      const id = roller(sd, k);
      const st = stanceOf(id);
      const dice = attacksOf(id) * (st == STANCE_SHIELD ? 2 : 1);
      const mod = st == STANCE_TWO && !pflag(id, PF_BURLY) && !isSupporter(id) ? -1 : 0;
      let best = -100;
      for (let d = 0; d < dice; d++) {
        const v = d6();
        if (v > best) best = v;
      }
      si(BEST, id, best + mod);
      si(BESTG, id, cg);
    }
  }
}

/** fight.ts usesElvenWeapon (ME-ELVEN): an Elven weapon counts only in the hand, not two-handed or supporting. */
function elvenOn(sd: i32): bool {
  const n = rollerCount(sd);
  for (let k = 0; k < n; k++) {
    const id = roller(sd, k);
    if (pflag(id, PF_ELVEN) && !isSupporter(id) && stanceOf(id) != STANCE_TWO) return true;
  }
  return false;
}

function attack(striker: i32, target: i32): void {
  const twice = isTrapped(target) || prone(target);
  const supporting = isSupporter(striker);
  const bonus = (!supporting && stanceOf(striker) == STANCE_TWO ? 1 : 0) +
    (!supporting && pflag(striker, PF_CAVALRY) && pflag(striker, PF_LANCE) && has(striker, MF_CHARGED) ? 1 : 0);
  const src = pflag(striker, PF_HERO) ? striker : -1;
  const s = strengthOf(striker);
  hit(target, s, bonus, src);
  if (over || !twice) return;
  hit(target, s, bonus, src);
}

/** One combat (fight.ts combatHandler) between `lone` and the others of combat c. */
function fightCombat(c: i32): void {
  cg++;
  nSide0 = 0;
  nSide1 = 0;
  nSup = 0;
  nTrap = 0;
  nLosers = 0;
  nStrikers = 0;
  knock = false;
  const lone = li(PAIR_LONE, c);
  const no = li(PAIR_N, c);
  for (let k = -1; k < no; k++) {
    const id = k < 0 ? lone : li(PAIR_OTHERS, c * OTHERS_CAP + k);
    if (!alive(id)) continue;
    if (side(id) == 0) si(SIDE0, nSide0++, id);
    else si(SIDE1, nSide1++, id);
  }
  sortList(SIDE0, nSide0);
  sortList(SIDE1, nSide1);
  if (nSide0 == 0 || nSide1 == 0) return;
  for (let k = 0; k < nSide0; k++) setFlag(li(SIDE0, k), MF_FOUGHT, true);
  for (let k = 0; k < nSide1; k++) setFlag(li(SIDE1, k), MF_FOUGHT, true);
  setupSupport();
  // stances: the priority player's models first, then the other's
  const p = priority == 1 ? 1 : 0;
  for (let q = 0; q < 2; q++) {
    const sd = q == 0 ? p : other(p);
    const n = sideCount(sd);
    for (let k = 0; k < n; k++) {
      const id = li(sideList(sd), k);
      const ch = stanceChoices(id);
      const st = popcnt<u32>(<u32>ch) > 1 ? chooseStance(id, ch) : firstChoice(ch);
      si(STANCE, id, st);
      si(STG, id, cg);
    }
  }
  rollDuel();
  // ME-MIGHT: the losing side first, then alternately (the policy spends whenever it can)
  let l0 = leader(-1, 0);
  let toAct = l0 == -1 ? other(priority) : other(l0);
  let passed0 = false;
  let passed1 = false;
  for (let round = 0; round < 1000; round++) {
    const l = leader(-1, 0);
    let spent = false;
    for (let guard = 0; guard < 4; guard++) {
      if (l == toAct) break;
      if (firstMightOption(toAct)) {
        setMight(mHero, might(mHero) - mK);
        si(MADD, mHero, mightOf(mHero) + mK);
        si(MG, mHero, cg);
        passed0 = false;
        passed1 = false;
        toAct = other(toAct);
        spent = true;
        break;
      }
      if (toAct == 0) passed0 = true;
      else passed1 = true;
      const otherPassed = toAct == 0 ? passed1 : passed0;
      if (l == -1 && !otherPassed) toAct = other(toAct);
      else break;
    }
    if (!spent) break;
  }
  // the winner
  let w = leader(-1, 0);
  if (w == -1) {
    const good = goodSide;
    const ge = elvenOn(good);
    const ee = elvenOn(other(good));
    const faces = ge && !ee ? 4 : ee && !ge ? 2 : 3;
    const d = d6();
    w = d >= 7 - faces ? good : other(good);
  }
  winnerSide = w;
  const ll = sideList(other(w));
  const ln = sideCount(other(w));
  for (let k = 0; k < ln; k++) {
    const id = li(ll, k);
    if (alive(id)) si(LOSERS, nLosers++, id);
  }
  const wl = sideList(w);
  const wn = sideCount(w);
  for (let k = 0; k < wn; k++) {
    const id = li(wl, k);
    if (alive(id) && cavalryBonus(id)) knock = true;
  }
  // back away, or trapped
  for (let k = 0; k < nLosers; k++) {
    const m = li(LOSERS, k);
    if (!alive(m)) continue;
    if (firstBackAway(m)) {
      if (boFriend >= 0) setPos(boFriend, boFx, boFy);
      setPos(m, boX, boY);
    } else {
      si(TRAPG, m, cg);
      si(TRAPL, nTrap++, m);
    }
    knockDown(m);
  }
  // strikers
  const rn = rollerCount(w);
  for (let k = 0; k < rn; k++) {
    const id = roller(w, k);
    if (!alive(id)) continue;
    if (prone(id) && !isSupporter(id)) {
      // a prone winner stands up instead of striking
      setProne(id, false);
      continue;
    }
    if (stanceOf(id) == STANCE_SHIELD) continue;
    if (has(id, MF_TRANSFIXED)) continue;
    si(STRIKERS, nStrikers++, id);
  }
  // the strikes
  let striker = -1;
  let attacksLeft = 0;
  for (let guard = 0; guard < 100000; guard++) {
    let targets = 0;
    let onlyTarget = -1;
    for (let k = 0; k < nLosers; k++) {
      const id = li(LOSERS, k);
      if (alive(id)) {
        targets++;
        onlyTarget = id;
      }
    }
    if (targets == 0) break;
    if (striker >= 0 && (attacksLeft == 0 || !alive(striker))) striker = -1;
    if (striker < 0) {
      let n = 0;
      for (let k = 0; k < nStrikers; k++) {
        const id = li(STRIKERS, k);
        if (alive(id)) si(STRIKERS, n++, id);
      }
      nStrikers = n;
      if (n == 0) break;
      const pick = n > 1 ? chooseStriker(STRIKERS, n) : 0;
      striker = li(STRIKERS, pick);
      for (let k = pick; k < n - 1; k++) si(STRIKERS, k, li(STRIKERS, k + 1));
      nStrikers = n - 1;
      attacksLeft = attacksOf(striker);
    }
    const target = targets > 1 ? chooseStrikeTarget(LOSERS, nLosers) : onlyTarget;
    attacksLeft--;
    attack(striker, target);
    if (over) return;
  }
  for (let k = 0; k < nTrap; k++) {
    const id = li(TRAPL, k);
    if (alive(id)) separate(id);
  }
}

function sortList(p: usize, n: i32): void {
  for (let i = 1; i < n; i++) {
    const v = li(p, i);
    let j = i;
    while (j > 0 && li(p, j - 1) > v) {
      si(p, j, li(p, j - 1));
      j--;
    }
    si(p, j, v);
  }
}

/** The Fight phase: the lowest open combat each time (the policy's pick), then Will of Evil. */
export function fightPhase(): void {
  for (let i = 0; i < N; i++) si(INC, i, 0);
  for (let c = 0; c < nPairs; c++) {
    si(INC, li(PAIR_LONE, c), 1);
    const n = li(PAIR_N, c);
    for (let j = 0; j < n; j++) si(INC, li(PAIR_OTHERS, c * OTHERS_CAP + j), 1);
  }
  for (;;) {
    if (over) return;
    let pick = -1;
    for (let c = 0; c < nPairs; c++) {
      if (li(RESOLVED, c) != 0) continue;
      if (!alive(li(PAIR_LONE, c))) continue;
      const n = li(PAIR_N, c);
      let any = false;
      for (let j = 0; j < n; j++) if (alive(li(PAIR_OTHERS, c * OTHERS_CAP + j))) any = true;
      if (!any) continue;
      pick = c;
      break;
    }
    if (pick < 0) break;
    si(RESOLVED, pick, 1);
    fightCombat(pick);
  }
  if (over) return;
  // ME-RULES Will of Evil
  for (let m = 0; m < N; m++) {
    if (!alive(m) || !has(m, MF_FOUGHT) || !pflag(m, PF_WILL_OF_EVIL)) continue;
    setWill(m, max(0, will(m) - 1));
    afterWillChange(m);
  }
}

export function winnerOfCombat(): i32 {
  return winnerSide;
}
