// policy.ts twoHandsPay / stanceScore: one hand or two (ME-HAND-AND-A-HALF, ME-TWO-HANDED, ME-ELVEN) by the
// exact one-on-one fight against the strongest enemy of the combat, loop for loop as src/mesbg/odds/kernel.ts
// (duel, strikesPmf) so the choice is the engine's to the last bit. Scratch buffers are allocated once.
import { allocF64, addF, getF, setF } from "../arena";
import { woundCode, woundProbability } from "./heroics";
import { PF_BURLY, PF_ELVEN, PF_TWO_HANDED } from "./layout";
import { attacksOfProfile, defenceOf, fate, fightOf, goodSide, maxWounds, pflag, side, strengthOf, valueOf, wounds } from "./state";

const MAX_STATE = 21 * 7; // Wounds 0..20, Fate 0..6
let CDF: usize = 0;
let PA: usize = 0;
let PB: usize = 0;
let ST: usize = 0;
let NX: usize = 0;
let LOST: usize = 0;

export function allocStance(): void {
  CDF = allocF64(8);
  PA = allocF64(8);
  PB = allocF64(8);
  ST = allocF64(MAX_STATE);
  NX = allocF64(MAX_STATE);
  LOST = allocF64(21);
}

/** kernel.ts duelMaxPmf into pmf (8 entries). */
function duelMaxPmf(dice: i32, mod: i32, pmf: usize): void {
  for (let v = -1; v <= 6; v++) {
    let faces: i32 = 0;
    for (let f = 1; f <= 6; f++) if (f + mod <= v) faces++;
    let c: f64 = 1;
    for (let k = 0; k < dice; k++) c *= <f64>faces / 6;
    setF(CDF, v + 1, c);
  }
  for (let i = 0; i < 8; i++) setF(pmf, i, getF(CDF, i) - (i > 0 ? getF(CDF, i - 1) : 0));
}

/** kernel.ts strikesPmf, then the expected wounds lost (sum of k * P(k), k ascending). */
function expectedLost(prob: f64, strikes: i32, W: i32, F: i32): f64 {
  const stride = F + 1;
  const size = (W + 1) * stride;
  let state = ST;
  let next = NX;
  for (let i = 0; i < size; i++) setF(state, i, 0);
  setF(state, W * stride + F, 1);
  for (let s = 0; s < strikes; s++) {
    for (let i = 0; i < size; i++) setF(next, i, 0);
    for (let f = 0; f <= F; f++) addF(next, f, getF(state, f));
    for (let w = 1; w <= W; w++) {
      for (let f = 0; f <= F; f++) {
        const q = getF(state, w * stride + f);
        if (q == 0) continue;
        addF(next, w * stride + f, q * (1 - prob));
        const hurt = q * prob;
        let fail = hurt;
        for (let j = 1; j <= f; j++) {
          fail = fail * 0.5;
          addF(next, w * stride + (f - j), fail);
        }
        addF(next, (w - 1) * stride, fail);
      }
    }
    const t = state;
    state = next;
    next = t;
  }
  for (let k = 0; k <= W; k++) setF(LOST, k, 0);
  for (let w = 0; w <= W; w++) for (let f = 0; f <= F; f++) addF(LOST, W - w, getF(state, w * stride + f));
  let e: f64 = 0;
  for (let k = 0; k <= W; k++) e = e + <f64>k * getF(LOST, k);
  return e;
}

function rollOffFaces(goodElven: bool, evilElven: bool): i32 {
  if (goodElven && !evilElven) return 4;
  if (evilElven && !goodElven) return 2;
  return 3;
}

/** policy.ts stanceScore: value of the wounds m expects to deal minus those it expects to take. */
export function stanceScore(m: i32, foe: i32, two: bool): f64 {
  const foeTwo = pflag(foe, PF_TWO_HANDED);
  const aMod = two && !pflag(m, PF_BURLY) ? -1 : 0;
  const bMod = foeTwo && !pflag(foe, PF_BURLY) ? -1 : 0;
  duelMaxPmf(attacksOfProfile(m), aMod, PA);
  duelMaxPmf(attacksOfProfile(foe), bMod, PB);
  let aHigher: f64 = 0;
  let tie: f64 = 0;
  for (let i = 0; i < 8; i++) {
    for (let j = 0; j < 8; j++) {
      if (i > j) aHigher += getF(PA, i) * getF(PB, j);
      else if (i == j) tie += getF(PA, i) * getF(PB, j);
    }
  }
  const mineGood = side(m) == goodSide;
  const myElven = pflag(m, PF_ELVEN) && !two;
  const foeElven = pflag(foe, PF_ELVEN) && !foeTwo;
  const g = mineGood ? rollOffFaces(myElven, foeElven) : rollOffFaces(foeElven, myElven);
  const fa = fightOf(m);
  const fb = fightOf(foe);
  const aTie: f64 = fa > fb ? 1 : fa < fb ? 0 : mineGood ? <f64>g / 6 : <f64>(6 - g) / 6;
  const aWins = aHigher + tie * aTie;
  const bWins = 1 - aWins;
  const pa = woundProbability(woundCode(strengthOf(m), defenceOf(foe)), two ? 1 : 0);
  const pb = woundProbability(woundCode(strengthOf(foe), defenceOf(m)), foeTwo ? 1 : 0);
  const dealt = aWins * expectedLost(pa, attacksOfProfile(m), wounds(foe), fate(foe)) * (valueOf(foe) / <f64>maxWounds(foe));
  const taken = bWins * expectedLost(pb, attacksOfProfile(foe), wounds(m), fate(m)) * (valueOf(m) / <f64>maxWounds(m));
  return dealt - taken;
}
