// policy.ts twoHandsPay / stanceScore: one hand or two (ME-HAND-AND-A-HALF, ME-TWO-HANDED, ME-ELVEN) by the
// exact one-on-one fight against the strongest enemy of the combat, loop for loop as src/mesbg/odds/kernel.ts
// (duel, strikesPmf: both in ../mesbg_fight.ts, shared with the exact odds) so the choice is the engine's to the last bit. Scratch buffers are allocated once.
import { allocF64, getF } from "../arena";
import { duelMaxPmf, woundsLostPmf } from "../mesbg_fight";
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

/** The expected wounds lost (sum of k * P(k), k ascending) of mesbg_fight.ts woundsLostPmf. */
function expectedLost(prob: f64, strikes: i32, W: i32, F: i32): f64 {
  woundsLostPmf(prob, strikes, W, F, ST, NX, LOST);
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
  duelMaxPmf(attacksOfProfile(m), aMod, PA, CDF);
  duelMaxPmf(attacksOfProfile(foe), bMod, PB, CDF);
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
