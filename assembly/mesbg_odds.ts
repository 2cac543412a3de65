// MESBG one-on-one fight (ME-DUEL, ME-STRIKES, ME-TRAPPED, ME-FATE, ME-WOUND-CHART): exact and sampled.
// The twin of src/mesbg/odds/kernel.ts and sample.ts. Layout written by src/mesbg/odds/plan.ts:
// [goodRollOffFaces, aIsGood, a: duelDice, duelMod, fight, strikes, woundCode, woundBonus, wounds, fate, b: (same 8)].
// Output: [aWinsDuel, bWinsDuel, 0, 0, 0, 0, bLost[0..Wb], aLost[0..Wa]] (exact: the strikes pmfs given a win;
// sample: counts, with aSlaysB and bSlaysA in slots 2 and 3).
import { addF, allocF64, getF, setF } from "./arena";
import { duelMaxPmf, woundsLostPmf } from "./mesbg_fight";
import { roll, rngSeed } from "./rng";

const A: i32 = 2;
const B: i32 = 10;

// @ts-ignore: decorator
@inline
function S(p: usize, side: i32, slot: i32): i32 {
  return <i32>getF(p, side + slot);
}

function woundProbability(code: i32, bonus: i32): f64 {
  if (code == 0) return 0;
  if (code > 10) {
    let first: i32 = 0;
    for (let d = 1; d <= 6; d++) if (d + bonus >= 6) first++;
    return <f64>(first * (7 - (code - 10))) / 36;
  }
  let n: i32 = 0;
  for (let d = 1; d <= 6; d++) if (d + bonus >= code) n++;
  return <f64>n / 6;
}

/** Wounds lost by target when striker strikes; writes W+1 entries at out (mesbg_fight.ts). */
function strikesPmf(p: usize, striker: i32, target: i32, out: usize): void {
  const W = S(p, target, 6);
  const size = (W + 1) * (S(p, target, 7) + 1);
  woundsLostPmf(woundProbability(S(p, striker, 4), S(p, striker, 5)), S(p, striker, 3), W, S(p, target, 7), allocF64(size), allocF64(size), out);
}

export function mesbgExact(p: usize): usize {
  const Wa = S(p, A, 6);
  const Wb = S(p, B, 6);
  const out = allocF64(6 + Wb + 1 + Wa + 1);
  const pa = allocF64(8);
  const pb = allocF64(8);
  duelMaxPmf(S(p, A, 0), S(p, A, 1), pa, allocF64(8));
  duelMaxPmf(S(p, B, 0), S(p, B, 1), pb, allocF64(8));
  let aHigher: f64 = 0;
  let tie: f64 = 0;
  for (let i = 0; i < 8; i++) {
    for (let j = 0; j < 8; j++) {
      if (i > j) aHigher += getF(pa, i) * getF(pb, j);
      else if (i == j) tie += getF(pa, i) * getF(pb, j);
    }
  }
  const fa = S(p, A, 2), fb = S(p, B, 2);
  const g = <i32>getF(p, 0);
  const aIsGood = getF(p, 1) != 0;
  const aTie: f64 = fa > fb ? 1 : fa < fb ? 0 : aIsGood ? <f64>g / 6 : <f64>(6 - g) / 6;
  const aWins = aHigher + tie * aTie;
  setF(out, 0, aWins);
  setF(out, 1, 1 - aWins);
  strikesPmf(p, A, B, out + (<usize>6 << 3));
  strikesPmf(p, B, A, out + (<usize>(6 + Wb + 1) << 3));
  return out;
}

// ---- sampling --------------------------------------------------------------------------------------------

function duelDie(dice: i32, mod: i32): i32 {
  let best: i32 = -100;
  for (let i = 0; i < dice; i++) {
    const v = roll(6) + mod;
    if (v > best) best = v;
  }
  return best;
}

function woundRoll(code: i32, bonus: i32): bool {
  if (code == 0) return false;
  if (code > 10) {
    if (roll(6) + bonus < 6) return false;
    return roll(6) >= code - 10;
  }
  return roll(6) + bonus >= code;
}

function strike(p: usize, striker: i32, target: i32): i32 {
  const W = S(p, target, 6);
  let wounds = W;
  let fate = S(p, target, 7);
  const strikes = S(p, striker, 3), code = S(p, striker, 4), bonus = S(p, striker, 5);
  for (let s = 0; s < strikes && wounds > 0; s++) {
    if (!woundRoll(code, bonus)) continue;
    let prevented = false;
    while (fate > 0 && !prevented) {
      fate--;
      prevented = roll(6) >= 4;
    }
    if (!prevented) wounds--;
  }
  return W - wounds;
}

export function mesbgSample(p: usize, samples: i32, seed: u32, out: usize): void {
  rngSeed(seed);
  const Wa = S(p, A, 6);
  const Wb = S(p, B, 6);
  const g = <i32>getF(p, 0);
  const aIsGood = getF(p, 1) != 0;
  const fa = S(p, A, 2), fb = S(p, B, 2);
  for (let s = 0; s < samples; s++) {
    const da = duelDie(S(p, A, 0), S(p, A, 1));
    const db = duelDie(S(p, B, 0), S(p, B, 1));
    let aWins: bool;
    if (da != db) aWins = da > db;
    else if (fa != fb) aWins = fa > fb;
    else aWins = (roll(6) >= 7 - g) == aIsGood;
    if (aWins) {
      addF(out, 0, 1);
      const lost = strike(p, A, B);
      addF(out, 6 + lost, 1);
      addF(out, 6 + Wb + 1, 1);
      if (lost == Wb) addF(out, 2, 1);
    } else {
      addF(out, 1, 1);
      const lost = strike(p, B, A);
      addF(out, 6 + Wb + 1 + lost, 1);
      addF(out, 6, 1);
      if (lost == Wa) addF(out, 3, 1);
    }
  }
}
