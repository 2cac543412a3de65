/**
 * Exact distribution of the damage one unit's attacks inflict on another (CORE-HIT … CORE-ALLOC), in
 * TypeScript. `assembly/aos_odds.ts` is the Wasm twin with the same loops in the same order; the
 * differential test holds the two bit-identical.
 *
 * One attack is independent of the others, so the damage of one attack is a small distribution X, the
 * damage of t attacks is X convolved t times, and random Attacks mix those by P(T = t). Damage is pooled
 * (CORE-ALLOC): models slain = min(models, floor(damage / health)).
 */
import { dicePmf } from "../../core/dice.js";
import { convolve, mean } from "../../core/pmf.js";
import { type AttackPlan, Crit, type WeaponPlan } from "./plan.js";

/** [fail, hit, crit] of one hit roll (CORE-HIT), re-rolls before modifiers; unmodified rolls up to `fail` fail. */
export function hitRoll(hit: number, mod: number, reroll: number, fail = 1): [number, number, number] {
  const cls = (d: number) => (d <= fail ? 0 : d === 6 ? 2 : d + mod >= hit ? 1 : 0);
  const counts = [0, 0, 0];
  for (let d = 1; d <= 6; d++) {
    const c = cls(d);
    const again = (reroll === 1 && d === 1) || (reroll === 2 && c === 0);
    if (again) for (let e = 1; e <= 6; e++) counts[cls(e)]! += 1;
    else counts[c]! += 6;
  }
  return [counts[0]! / 36, counts[1]! / 36, counts[2]! / 36];
}

/** P(success) of a wound roll (CORE-WOUND); unmodified rolls up to `fail` fail. */
export function woundRoll(wound: number, mod: number, reroll: number, fail = 1): number {
  const ok = (d: number) => d > fail && d + mod >= wound;
  let n = 0;
  for (let d = 1; d <= 6; d++) {
    const again = (reroll === 1 && d === 1) || (reroll === 2 && !ok(d));
    if (again) for (let e = 1; e <= 6; e++) n += ok(e) ? 1 : 0;
    else n += ok(d) ? 6 : 0;
  }
  return n / 36;
}

/** P(the attack is not saved) (CORE-SAVE): save 0 means no save. */
export function unsavedRoll(save: number, rend: number, mod: number, reroll: number): number {
  if (save === 0) return 1;
  const saved = (d: number) => d !== 1 && d - rend + mod >= save;
  let n = 0;
  for (let d = 1; d <= 6; d++) {
    const again = (reroll === 1 && d === 1) || (reroll === 2 && !saved(d));
    if (again) for (let e = 1; e <= 6; e++) n += saved(e) ? 0 : 1;
    else n += saved(d) ? 0 : 6;
  }
  return n / 36;
}

/** Damage of one unsaved attack after the ward roll of each point (CORE-DAMAGE, CORE-WARD). */
export function wardedDamage(damage: number[], ward: number): number[] {
  if (ward === 0) return damage.slice();
  const keep = (ward - 1) / 6;
  const lose = (7 - ward) / 6;
  const out = new Array<number>(damage.length).fill(0);
  let binom = [1]; // distribution of points kept out of k
  for (let k = 0; k < damage.length; k++) {
    const pk = damage[k]!;
    if (pk !== 0) for (let j = 0; j <= k; j++) out[j]! += pk * binom[j]!;
    const next = new Array<number>(k + 2).fill(0);
    for (let j = 0; j <= k; j++) {
      next[j]! += binom[j]! * lose;
      next[j + 1]! += binom[j]! * keep;
    }
    binom = next;
  }
  return out;
}

/** Distribution of the damage of one attack of weapon `w` against the plan's target. */
export function attackDamage(w: WeaponPlan, plan: AttackPlan): number[] {
  const [pFail, pHit, pCrit] = hitRoll(w.hit, w.hitMod, w.hitReroll, plan.hitFail);
  const pWound = woundRoll(w.wound, w.woundMod, w.woundReroll, plan.woundFail);
  const pUnsaved = unsavedRoll(plan.save, w.rend, plan.saveMod, plan.saveReroll);
  const warded = wardedDamage(dicePmf(w.damage), plan.ward);
  // Z: a wounding attack, through the save. Y: a hit, through the wound roll.
  const z = warded.map((p) => pUnsaved * p);
  z[0]! += 1 - pUnsaved;
  const y = z.map((p) => pWound * p);
  y[0]! += 1 - pWound;
  let critical: number[];
  if (w.crit === Crit.TwoHits) critical = convolve(y, y); // CORE-CRIT-2HITS
  else if (w.crit === Crit.AutoWound) critical = z; // CORE-CRIT-AUTOWOUND
  else if (w.crit === Crit.Mortal) critical = warded; // CORE-CRIT-MORTAL: no wound or save roll; ward applies
  else critical = y;
  const x = new Array<number>(Math.max(y.length, critical.length)).fill(0);
  for (let k = 0; k < y.length; k++) x[k]! += pHit * y[k]!;
  for (let k = 0; k < critical.length; k++) x[k]! += pCrit * critical[k]!;
  x[0]! += pFail;
  let n = x.length;
  while (n > 1 && x[n - 1] === 0) n--;
  return x.slice(0, n);
}

/** Distribution of the number of attacks a weapon makes: per-model Attacks rolled per model, + champion. */
export function attackCount(w: WeaponPlan): number[] {
  const perModel = dicePmf(w.attacks);
  let t = [1];
  for (let m = 0; m < w.models; m++) t = convolve(t, perModel);
  if (w.championBonus > 0) t = [0, ...t];
  return t;
}

/** Distribution of a weapon's total damage. */
export function weaponDamage(w: WeaponPlan, plan: AttackPlan): number[] {
  const x = attackDamage(w, plan);
  const t = attackCount(w);
  const out = new Array<number>((t.length - 1) * (x.length - 1) + 1).fill(0);
  let cur = [1];
  for (let n = 0; n < t.length; n++) {
    const pn = t[n]!;
    if (pn !== 0) for (let k = 0; k < cur.length; k++) out[k]! += pn * cur[k]!;
    if (n + 1 < t.length) cur = convolve(cur, x);
  }
  return out;
}

/**
 * The attack sequence's stage means, summed over the weapons (the dashboard's funnel): attacks made, hits
 * (CORE-HIT; Crit (2 Hits) counts its two hits), wounds (CORE-WOUND; an auto-wound and a Crit (Mortal)
 * count, as they skip the roll), unsaved (CORE-SAVE; a Crit (Mortal) skips the save), damage before the
 * ward and after it (CORE-WARD; the mean of the damage distribution).
 */
export interface AosStages {
  attacks: number;
  hits: number;
  wounds: number;
  unsaved: number;
  damage: number;
  afterWard: number;
}

export const STAGE_KEYS = ["attacks", "hits", "wounds", "unsaved", "damage", "afterWard"] as const;

export interface AosOddsResult {
  damage: { mean: number; pmf: number[] };
  slain: { mean: number; pmf: number[] };
  destroyed: number;
  /** The stage means (exact odds only: a sample's histogram has damage alone). */
  stages?: AosStages;
}

/** Damage pool and models slain from a damage pmf (CORE-ALLOC). */
export function summarise(damage: number[], models: number, health: number, stages?: AosStages): AosOddsResult {
  const slain = new Array<number>(models + 1).fill(0);
  for (let d = 0; d < damage.length; d++) slain[Math.min(models, Math.floor(d / health))]! += damage[d]!;
  return {
    damage: { mean: mean(damage), pmf: damage },
    slain: { mean: mean(slain), pmf: slain },
    destroyed: slain[models]!,
    ...(stages ? { stages } : {}),
  };
}

/**
 * Adds weapon `w`'s stage means to `acc`: the mean number of attacks times what one attack yields at each
 * stage. The same operations in the same order as assembly/aos_odds.ts weaponStages (bit-identical).
 */
export function addWeaponStages(acc: AosStages, w: WeaponPlan, plan: AttackPlan): void {
  const [, pHit, pCrit] = hitRoll(w.hit, w.hitMod, w.hitReroll, plan.hitFail);
  const pWound = woundRoll(w.wound, w.woundMod, w.woundReroll, plan.woundFail);
  const pUnsaved = unsavedRoll(plan.save, w.rend, plan.saveMod, plan.saveReroll);
  const dmg = dicePmf(w.damage);
  const meanT = mean(attackCount(w));
  const meanD = mean(dmg);
  const meanW = mean(wardedDamage(dmg, plan.ward));
  const c = w.crit;
  const hits = pHit + pCrit * (c === Crit.TwoHits ? 2 : 1);
  const wounds = pHit * pWound + pCrit * (c === Crit.TwoHits ? 2 * pWound : c === Crit.None ? pWound : 1);
  const unsaved = pHit * pWound * pUnsaved + pCrit * (c === Crit.TwoHits ? 2 * pWound * pUnsaved : c === Crit.None ? pWound * pUnsaved : c === Crit.AutoWound ? pUnsaved : 1);
  acc.attacks += meanT;
  acc.hits += meanT * hits;
  acc.wounds += meanT * wounds;
  acc.unsaved += meanT * unsaved;
  acc.damage += meanT * unsaved * meanD;
  acc.afterWard += meanT * unsaved * meanW;
}

export function stageMeans(plan: AttackPlan): AosStages {
  const acc: AosStages = { attacks: 0, hits: 0, wounds: 0, unsaved: 0, damage: 0, afterWard: 0 };
  for (const w of plan.weapons) addWeaponStages(acc, w, plan);
  return acc;
}

/**
 * The expected number of unmodified save rolls of `roll` (1 or 6) the attacks make (after a re-roll, the
 * re-rolled dice, as the sampler counts them: sample.ts saveRolls): what a save-roll trigger reads
 * (docs/abilities.md "Roll triggers"). Every attack that reaches the save step rolls one (not a Crit (Mortal)'s);
 * no Save characteristic, none.
 */
export function expectedSaveRolls(plan: AttackPlan, roll: 1 | 6): number {
  if (plan.save === 0) return 0;
  let n = 0;
  for (const w of plan.weapons) {
    const [, pHit, pCrit] = hitRoll(w.hit, w.hitMod, w.hitReroll, plan.hitFail);
    const pWound = woundRoll(w.wound, w.woundMod, w.woundReroll, plan.woundFail);
    const c = w.crit;
    const saves = pHit * pWound + pCrit * (c === Crit.TwoHits ? 2 * pWound : c === Crit.None ? pWound : c === Crit.AutoWound ? 1 : 0);
    const saved = (d: number) => d !== 1 && d - w.rend + plan.saveMod >= plan.save;
    let p = 0;
    for (let d = 1; d <= 6; d++) {
      const again = (plan.saveReroll === 1 && d === 1) || (plan.saveReroll === 2 && !saved(d));
      p += again ? 1 / 36 : d === roll ? 1 / 6 : 0;
    }
    n += mean(attackCount(w)) * saves * p;
  }
  return n;
}

export function exactAttackTs(plan: AttackPlan): AosOddsResult {
  let damage = [1];
  for (const w of plan.weapons) damage = convolve(damage, weaponDamage(w, plan));
  return summarise(damage, plan.models, plan.health, stageMeans(plan));
}
