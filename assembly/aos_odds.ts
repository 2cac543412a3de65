// Age of Sigmar attack sequence (CORE-HIT … CORE-ALLOC): exact damage distribution and a seeded sampler.
// The twin of src/aos/odds/kernel.ts and sample.ts; the rules that read text or cap numbers were applied by
// src/aos/odds/plan.ts, which writes the plan layout below.
//
// Plan layout (f64 slots): header [nWeapons, save (0 none), saveMod, saveReroll, ward (0 none), models, health,
//   hitFail, woundFail (unmodified rolls up to these fail: 1 the rule's 1), the ward of Crit (Mortal) damage (0 the ward: the battle's
//   sampler only, plan.ts AttackPlan.mortalWard)]
// then per weapon 16 slots: [attacks.count, attacks.sides, attacks.plus, models, championBonus,
//   hit, hitMod, hitReroll, wound, woundMod, woundReroll, crit (0 none, 1 2 hits, 2 auto-wound, 3 mortal),
//   rend, damage.count, damage.sides, damage.plus]. Re-roll codes: 0 none, 1 ones, 2 failed.
import { addF, allocF64, getF, setF } from "./arena";
import { convolveInto, diceMax, dicePmf } from "./pmf";
import { roll, rngSeed } from "./rng";

const HEADER: i32 = 10;
const SLOTS: i32 = 16;

// @ts-ignore: decorator
@inline
function P(plan: usize, i: i32): i32 {
  return <i32>getF(plan, i);
}

// @ts-ignore: decorator
@inline
function W(plan: usize, w: i32, slot: i32): i32 {
  return <i32>getF(plan, HEADER + SLOTS * w + slot);
}

// ---- one roll's outcome classes -------------------------------------------------------------------------

// @ts-ignore: decorator
@inline
function hitClass(d: i32, hit: i32, mod: i32, fail: i32): i32 {
  return d <= fail ? 0 : d == 6 ? 2 : d + mod >= hit ? 1 : 0;
}

// @ts-ignore: decorator
@inline
function woundOk(d: i32, wound: i32, mod: i32, fail: i32): bool {
  return d > fail && d + mod >= wound;
}

// @ts-ignore: decorator
@inline
function isSaved(d: i32, save: i32, rend: i32, mod: i32): bool {
  return d != 1 && d - rend + mod >= save;
}

let pFail: f64 = 0;
let pHit: f64 = 0;
let pCrit: f64 = 0;

function hitRoll(hit: i32, mod: i32, reroll: i32, fail: i32): void {
  let c0: i32 = 0, c1: i32 = 0, c2: i32 = 0;
  for (let d = 1; d <= 6; d++) {
    const c = hitClass(d, hit, mod, fail);
    const again = (reroll == 1 && d == 1) || (reroll == 2 && c == 0);
    if (again) {
      for (let e = 1; e <= 6; e++) {
        const ce = hitClass(e, hit, mod, fail);
        if (ce == 0) c0 += 1; else if (ce == 1) c1 += 1; else c2 += 1;
      }
    } else {
      if (c == 0) c0 += 6; else if (c == 1) c1 += 6; else c2 += 6;
    }
  }
  pFail = <f64>c0 / 36;
  pHit = <f64>c1 / 36;
  pCrit = <f64>c2 / 36;
}

function woundRoll(wound: i32, mod: i32, reroll: i32, fail: i32): f64 {
  let n: i32 = 0;
  for (let d = 1; d <= 6; d++) {
    const ok = woundOk(d, wound, mod, fail);
    const again = (reroll == 1 && d == 1) || (reroll == 2 && !ok);
    if (again) {
      for (let e = 1; e <= 6; e++) n += woundOk(e, wound, mod, fail) ? 1 : 0;
    } else n += ok ? 6 : 0;
  }
  return <f64>n / 36;
}

function unsavedRoll(save: i32, rend: i32, mod: i32, reroll: i32): f64 {
  if (save == 0) return 1;
  let n: i32 = 0;
  for (let d = 1; d <= 6; d++) {
    const s = isSaved(d, save, rend, mod);
    const again = (reroll == 1 && d == 1) || (reroll == 2 && !s);
    if (again) {
      for (let e = 1; e <= 6; e++) n += isSaved(e, save, rend, mod) ? 0 : 1;
    } else n += s ? 0 : 6;
  }
  return <f64>n / 36;
}

function wardedDamage(damage: usize, len: i32, ward: i32): usize {
  const out = allocF64(len);
  if (ward == 0) {
    for (let k = 0; k < len; k++) setF(out, k, getF(damage, k));
    return out;
  }
  const keep = <f64>(ward - 1) / 6;
  const lose = <f64>(7 - ward) / 6;
  let binom = allocF64(len + 1);
  let next = allocF64(len + 1);
  setF(binom, 0, 1);
  for (let k = 0; k < len; k++) {
    const pk = getF(damage, k);
    if (pk != 0) for (let j = 0; j <= k; j++) addF(out, j, pk * getF(binom, j));
    for (let j = 0; j <= k + 1; j++) setF(next, j, 0);
    for (let j = 0; j <= k; j++) {
      addF(next, j, getF(binom, j) * lose);
      addF(next, j + 1, getF(binom, j) * keep);
    }
    const t = binom;
    binom = next;
    next = t;
  }
  return out;
}

let attackLen: i32 = 0;

/** Damage distribution of one attack of weapon w; length in attackLen. */
function attackDamage(plan: usize, w: i32): usize {
  hitRoll(W(plan, w, 5), W(plan, w, 6), W(plan, w, 7), P(plan, 7));
  const fail = pFail, hitP = pHit, critP = pCrit;
  const pWound = woundRoll(W(plan, w, 8), W(plan, w, 9), W(plan, w, 10), P(plan, 8));
  const pUnsaved = unsavedRoll(P(plan, 1), W(plan, w, 12), P(plan, 2), P(plan, 3));
  const dc = W(plan, w, 13), ds = W(plan, w, 14), dp = W(plan, w, 15);
  const dlen = diceMax(dc, ds, dp) + 1;
  const warded = wardedDamage(dicePmf(dc, ds, dp), dlen, P(plan, 4));
  const z = allocF64(dlen);
  for (let k = 0; k < dlen; k++) setF(z, k, pUnsaved * getF(warded, k));
  addF(z, 0, 1 - pUnsaved);
  const y = allocF64(dlen);
  for (let k = 0; k < dlen; k++) setF(y, k, pWound * getF(z, k));
  addF(y, 0, 1 - pWound);
  const crit = W(plan, w, 11);
  let critical: usize = y;
  let clen = dlen;
  if (crit == 1) {
    clen = 2 * dlen - 1;
    critical = allocF64(clen);
    convolveInto(critical, y, dlen, y, dlen);
  } else if (crit == 2) critical = z;
  else if (crit == 3) critical = warded;
  const xlen = max(dlen, clen);
  const x = allocF64(xlen);
  for (let k = 0; k < dlen; k++) addF(x, k, hitP * getF(y, k));
  for (let k = 0; k < clen; k++) addF(x, k, critP * getF(critical, k));
  addF(x, 0, fail);
  let n = xlen;
  while (n > 1 && getF(x, n - 1) == 0) n--;
  attackLen = n;
  return x;
}

let countLen: i32 = 0;

/** Distribution of the number of attacks of weapon w; length in countLen. */
function attackCount(plan: usize, w: i32): usize {
  const ac = W(plan, w, 0), as = W(plan, w, 1), ap = W(plan, w, 2);
  const models = W(plan, w, 3), champ = W(plan, w, 4);
  const plen = diceMax(ac, as, ap) + 1;
  const perModel = dicePmf(ac, as, ap);
  const cap = models * (plen - 1) + 2;
  let t = allocF64(cap);
  let next = allocF64(cap);
  setF(t, 0, 1);
  let len = 1;
  for (let m = 0; m < models; m++) {
    len = convolveInto(next, t, len, perModel, plen);
    const tmp = t;
    t = next;
    next = tmp;
  }
  if (champ > 0) {
    for (let k = len; k > 0; k--) setF(t, k, getF(t, k - 1));
    setF(t, 0, 0);
    len += 1;
  }
  countLen = len;
  return t;
}

let weaponLen: i32 = 0;

function weaponDamage(plan: usize, w: i32): usize {
  const x = attackDamage(plan, w);
  const xlen = attackLen;
  const t = attackCount(plan, w);
  const tlen = countLen;
  const outLen = (tlen - 1) * (xlen - 1) + 1;
  const out = allocF64(outLen);
  let cur = allocF64(outLen);
  let next = allocF64(outLen);
  setF(cur, 0, 1);
  let clen = 1;
  for (let n = 0; n < tlen; n++) {
    const pn = getF(t, n);
    if (pn != 0) for (let k = 0; k < clen; k++) addF(out, k, pn * getF(cur, k));
    if (n + 1 < tlen) {
      clen = convolveInto(next, cur, clen, x, xlen);
      const tmp = cur;
      cur = next;
      next = tmp;
    }
  }
  weaponLen = outLen;
  return out;
}

// ---- the stage means (the dashboard's funnel): the twin of kernel.ts addWeaponStages ----------------------

// attacks, hits, wounds, unsaved, damage before the ward, after it: summed over the weapons by aosExact
// (globals, not a buffer: the kernels allocate nothing through the AS runtime, arena.ts).
let sAttacks: f64 = 0;
let sHits: f64 = 0;
let sWounds: f64 = 0;
let sUnsaved: f64 = 0;
let sDamage: f64 = 0;
let sWarded: f64 = 0;

function meanOf(p: usize, len: i32): f64 {
  let m: f64 = 0;
  for (let k = 0; k < len; k++) m += <f64>k * getF(p, k);
  return m;
}

function weaponStages(plan: usize, w: i32): void {
  hitRoll(W(plan, w, 5), W(plan, w, 6), W(plan, w, 7), P(plan, 7));
  const hitP = pHit, critP = pCrit;
  const pWound = woundRoll(W(plan, w, 8), W(plan, w, 9), W(plan, w, 10), P(plan, 8));
  const pUnsaved = unsavedRoll(P(plan, 1), W(plan, w, 12), P(plan, 2), P(plan, 3));
  const dc = W(plan, w, 13), ds = W(plan, w, 14), dp = W(plan, w, 15);
  const dlen = diceMax(dc, ds, dp) + 1;
  const dmg = dicePmf(dc, ds, dp);
  const t = attackCount(plan, w);
  const meanT = meanOf(t, countLen);
  const meanD = meanOf(dmg, dlen);
  const meanW = meanOf(wardedDamage(dmg, dlen, P(plan, 4)), dlen);
  const c = W(plan, w, 11);
  const hits = hitP + critP * (c == 1 ? 2 : 1);
  const wounds = hitP * pWound + critP * (c == 1 ? 2 * pWound : c == 0 ? pWound : 1);
  const unsaved = hitP * pWound * pUnsaved + critP * (c == 1 ? 2 * pWound * pUnsaved : c == 0 ? pWound * pUnsaved : c == 2 ? pUnsaved : 1);
  sAttacks += meanT;
  sHits += meanT * hits;
  sWounds += meanT * wounds;
  sUnsaved += meanT * unsaved;
  sDamage += meanT * unsaved * meanD;
  sWarded += meanT * unsaved * meanW;
}

/** Stage mean i (0 attacks .. 5 after the ward) of the last aosExact. */
export function aosStage(i: i32): f64 {
  return i == 0 ? sAttacks : i == 1 ? sHits : i == 2 ? sWounds : i == 3 ? sUnsaved : i == 4 ? sDamage : i == 5 ? sWarded : 0;
}

let resultLen: i32 = 0;

/** Exact damage pmf of the whole plan; returns its pointer, length via aosResultLength(). */
export function aosExact(plan: usize): usize {
  const nw = P(plan, 0);
  sAttacks = 0;
  sHits = 0;
  sWounds = 0;
  sUnsaved = 0;
  sDamage = 0;
  sWarded = 0;
  for (let w = 0; w < nw; w++) weaponStages(plan, w);
  let damage = allocF64(1);
  setF(damage, 0, 1);
  let len = 1;
  for (let w = 0; w < nw; w++) {
    const wd = weaponDamage(plan, w);
    const wl = weaponLen;
    const next = allocF64(len + wl - 1);
    len = convolveInto(next, damage, len, wd, wl);
    damage = next;
  }
  resultLen = len;
  return damage;
}

export function aosResultLength(): i32 {
  return resultLen;
}

// ---- sampling --------------------------------------------------------------------------------------------

function rollDice(count: i32, sides: i32, plus: i32): i32 {
  let v = plus;
  for (let i = 0; i < count; i++) v += roll(<u32>sides);
  return v < 0 ? 0 : v;
}

function rollWarded(points: i32, ward: i32): i32 {
  if (ward == 0) return points;
  let kept = 0;
  for (let i = 0; i < points; i++) if (roll(6) < ward) kept++;
  return kept;
}

// The weapon being sampled and its target, read once per weapon (the hot loops below read only these).
let sWound: i32 = 0, sWoundMod: i32 = 0, sWoundRr: i32 = 0, sWoundFail: i32 = 1;
let sSave: i32 = 0, sRend: i32 = 0, sSaveMod: i32 = 0, sSaveRr: i32 = 0, sWard: i32 = 0;
let sDc: i32 = 0, sDs: i32 = 0, sDp: i32 = 0;

/** The unmodified save rolls of 1 and of 6 in the last sampleOnce (src/aos/odds/sample.ts saveRolls: the save-roll triggers). */
export let saveOnes: i32 = 0;
export let saveSixes: i32 = 0;

function throughSave(): i32 {
  if (sSave != 0) {
    let d = <i32>roll(6);
    let s = isSaved(d, sSave, sRend, sSaveMod);
    if ((sSaveRr == 1 && d == 1) || (sSaveRr == 2 && !s)) {
      d = <i32>roll(6);
      s = isSaved(d, sSave, sRend, sSaveMod);
    }
    if (d == 1) saveOnes++;
    else if (d == 6) saveSixes++;
    if (s) return 0;
  }
  return rollWarded(rollDice(sDc, sDs, sDp), sWard);
}

function throughWound(): i32 {
  const d = roll(6);
  let ok = woundOk(d, sWound, sWoundMod, sWoundFail);
  if ((sWoundRr == 1 && d == 1) || (sWoundRr == 2 && !ok)) ok = woundOk(roll(6), sWound, sWoundMod, sWoundFail);
  return ok ? throughSave() : 0;
}

/** Damage of one attack sequence of the whole unit (the battle rollouts resolve their attacks with it). */
export function sampleOnce(plan: usize): i32 {
  const nw = P(plan, 0);
  saveOnes = 0;
  saveSixes = 0;
  sSave = P(plan, 1);
  sSaveMod = P(plan, 2);
  sSaveRr = P(plan, 3);
  sWard = P(plan, 4);
  const hitFail = P(plan, 7);
  sWoundFail = P(plan, 8);
  // The battle's ward against Crit (Mortal) damage only (plan.ts AttackPlan.mortalWard, slot 9; 0: the ward).
  const mortalWard = P(plan, 9) != 0 ? P(plan, 9) : sWard;
  let dmg = 0;
  for (let w = 0; w < nw; w++) {
    let attacks = W(plan, w, 4);
    const models = W(plan, w, 3);
    const ac = W(plan, w, 0), as = W(plan, w, 1), ap = W(plan, w, 2);
    // Fixed Attacks roll no dice: each model adds max(0, plus), as rollDice would.
    if (ac <= 0) {
      if (models > 0) attacks += models * (ap < 0 ? 0 : ap);
    } else for (let m = 0; m < models; m++) attacks += rollDice(ac, as, ap);
    const hit = W(plan, w, 5), hmod = W(plan, w, 6), hrr = W(plan, w, 7), crit = W(plan, w, 11);
    sWound = W(plan, w, 8);
    sWoundMod = W(plan, w, 9);
    sWoundRr = W(plan, w, 10);
    sRend = W(plan, w, 12);
    sDc = W(plan, w, 13);
    sDs = W(plan, w, 14);
    sDp = W(plan, w, 15);
    for (let a = 0; a < attacks; a++) {
      const d = roll(6);
      let c = hitClass(d, hit, hmod, hitFail);
      if ((hrr == 1 && d == 1) || (hrr == 2 && c == 0)) c = hitClass(roll(6), hit, hmod, hitFail);
      if (c == 0) continue;
      if (c == 2 && crit == 3) dmg += rollWarded(rollDice(sDc, sDs, sDp), mortalWard);
      else if (c == 2 && crit == 2) dmg += throughSave();
      else if (c == 2 && crit == 1) {
        dmg += throughWound();
        dmg += throughWound();
      } else dmg += throughWound();
    }
  }
  return dmg;
}

/** Adds `samples` seeded attack sequences to the histogram `hist` (counts of each damage total). */
export function aosSample(plan: usize, samples: i32, seed: u32, hist: usize): void {
  rngSeed(seed);
  for (let s = 0; s < samples; s++) addF(hist, sampleOnce(plan), 1);
}

