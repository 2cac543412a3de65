// Magical powers (src/mesbg/magic.ts: ME-MAGIC, ME-RESIST, ME-POWERS, ME-WILL, ME-STAFF): who can cast, the
// casting roll with Will dice and Might, the Resist test (a natural 6 on a stored point refunds it; the free
// die of Resistant to Magic), and the five powers' effects.
import { hit } from "./heroics";
import {
  MF_AURA, MF_ACTIVATED, MF_CAST, MF_COMPELLED, MF_TRANSFIXED, POW_BLACK_DART, POW_COMPEL, POW_SORCEROUS_BLAST, POW_TERRIFYING_AURA,
  POW_TRANSFIX, PF_RESISTANT,
} from "./layout";
import { CHL, CHT1, CHT2, CHX, CHY, doMove, planCharges } from "./move";
import { pairOffNow, PAIR_LONE, PAIR_N, PAIR_OTHERS, nPairs } from "./pairing";
import { castMight, chooseCompel, resistDice } from "./policy";
import {
  N, alive, allocI32, d6, engaged, gap, has, li, lf, might, mv, nPowers, over, pflag, powerCv, powerKind, prone, setFlag, setMight,
  setProne, setWill, si, side, spendWill, will, willAvailable, willKeepingLast,
} from "./state";

/** magic.ts canCast. */
export function canCast(m: i32): bool {
  return alive(m) && nPowers(m) > 0 && !has(m, MF_CAST) && !prone(m) && !has(m, MF_TRANSFIXED) && willKeepingLast(m) >= 1 && !engaged(m);
}

let BLASTED: usize = 0;
let nBlasted: i32 = 0;
let CZ: usize = 0;

export function allocMagic(): void {
  BLASTED = allocI32(N);
  CZ = allocI32(N);
}

function canResist(caster: i32, t: i32): bool {
  return t != caster && alive(t) && (willAvailable(t) > 0 || pflag(t, PF_RESISTANT));
}

/** magic.ts resist: true when the power is resisted. */
function resist(t: i32, n: i32, castRoll: i32): bool {
  if (n == 0 && !pflag(t, PF_RESISTANT)) return false;
  const fromStore = n > 0 ? spendWill(t, n) : 0;
  if (!alive(t)) return true; // banished by Will of Evil: nothing left to affect
  const staffDie = n - fromStore;
  let refund = 0;
  let resisted = false;
  for (let i = 0; i < n; i++) {
    const d = d6();
    if (i >= staffDie && d == 6) refund++;
    if (d >= castRoll) resisted = true;
  }
  if (pflag(t, PF_RESISTANT)) {
    const free = d6();
    if (free >= castRoll) resisted = true;
  }
  setWill(t, will(t) + refund);
  return resisted;
}

/** One casting attempt from roll to effect (magic.ts castHandler); the policy chose power k, target t, dice. */
export function castPower(m: i32, k: i32, t: i32, dice: i32): void {
  setFlag(m, MF_CAST, true);
  spendWill(m, dice);
  let roll = 0;
  for (let i = 0; i < dice; i++) {
    const d = d6();
    if (d > roll) roll = d;
  }
  const cv = powerCv(m, k);
  // ME-MIGHT on the casting roll: the fewest points that cast it (or 1 more against a possible resist)
  if (might(m) != 0 && roll < 6 && !(roll >= cv && !canResist(m, t))) {
    const from = roll < cv ? cv - roll : 1;
    const top = min(might(m), 6 - roll);
    if (from <= top && castMight(m)) {
      setMight(m, might(m) - from);
      roll += from;
    }
  }
  if (roll < cv) return;
  // resist
  if (t != m) {
    if (!alive(t)) return;
    if (willAvailable(t) > 0) {
      if (resist(t, resistDice(t, willKeepingLast(t)), roll)) return;
    } else if (pflag(t, PF_RESISTANT)) {
      if (resist(t, 0, roll)) return;
    }
  }
  effect(m, k, t);
}

function effect(m: i32, k: i32, t: i32): void {
  const kind = powerKind(m, k);
  if (kind == POW_BLACK_DART) {
    hit(t, 6, 0, m);
    return;
  }
  if (kind == POW_SORCEROUS_BLAST) {
    // pair off first: the target's whole combat is knocked down with it
    pairOffNow();
    nBlasted = 0;
    for (let c = 0; c < nPairs; c++) {
      const lone = li(PAIR_LONE, c);
      const n = li(PAIR_N, c);
      let inIt = lone == t;
      for (let j = 0; j < n && !inIt; j++) if (li(PAIR_OTHERS, c * 16 + j) == t) inIt = true;
      if (!inIt) continue;
      if (lone != t) si(BLASTED, nBlasted++, lone);
      for (let j = 0; j < n; j++) {
        const o = li(PAIR_OTHERS, c * 16 + j);
        if (o != t) si(BLASTED, nBlasted++, o);
      }
      break;
    }
    hit(t, 5, 0, m);
    if (over) return;
    if (alive(t)) setProne(t, true);
    for (let j = 0; j < nBlasted; j++) {
      const o = li(BLASTED, j);
      if (alive(o)) setProne(o, true);
    }
    return;
  }
  if (kind == POW_TRANSFIX) {
    setFlag(t, MF_TRANSFIXED, true);
    return;
  }
  if (kind == POW_COMPEL) {
    compel(t);
    return;
  }
  if (kind == POW_TERRIFYING_AURA) {
    if (will(m) > 0) setFlag(m, MF_AURA, true);
    return;
  }
}

/** ME-POWERS Compel: the caster moves its victim up to half its Move (moveOptions.ts planCompel). */
function compel(t: i32): void {
  // It cannot be moved out of combat; a prone victim stays down. The policy only ever picks a charge (or
  // leaves it), so the plain moves of planCompel, which never change its choice, are not listed.
  if (!engaged(t) && !prone(t)) {
    const budget = <f64>mv(t) / 2;
    let nz = 0;
    const s = side(t);
    for (let e = 0; e < N; e++) {
      if (alive(e) && side(e) != s && !prone(e) && !engaged(e) && gap(t, e) < 0.995) si(CZ, nz++, e);
    }
    planCharges(t, budget, CZ, nz, true);
    const c = chooseCompel(t);
    if (c >= 0) doMove(t, lf(CHX, c), lf(CHY, c), lf(CHL, c), true, li(CHT1, c), li(CHT2, c));
  }
  setFlag(t, MF_COMPELLED, true);
  setFlag(t, MF_ACTIVATED, true);
  setFlag(t, MF_TRANSFIXED, true);
}
