/**
 * Monte Carlo sampler of the same attack sequence, die by die, with the seeded RNG. It is the independent
 * check of the exact kernel (the property test compares them within a stated tolerance), and the fallback
 * for profiles too large for an exact result. `assembly/aos_odds.ts` samples with the same dice in the same
 * order, so the same seed gives the same histogram in both.
 */
import { rollDice } from "../../core/dice.js";
import { Rng } from "../../core/rng.js";
import { type AttackPlan, attackBounds, Crit, type WeaponPlan } from "./plan.js";
import { type AosOddsResult, summarise } from "./kernel.js";

export function maxDamage(plan: AttackPlan): number {
  let m = 0;
  for (const w of plan.weapons) {
    const b = attackBounds(w);
    m += b.attacksMax * b.damageMax;
  }
  return m;
}

function rollHit(w: WeaponPlan, plan: AttackPlan, rng: Rng): number {
  const cls = (d: number) => (d <= plan.hitFail ? 0 : d === 6 ? 2 : d + w.hitMod >= w.hit ? 1 : 0);
  const d = rng.d6();
  const c = cls(d);
  if ((w.hitReroll === 1 && d === 1) || (w.hitReroll === 2 && c === 0)) return cls(rng.d6());
  return c;
}

function rollWound(w: WeaponPlan, plan: AttackPlan, rng: Rng): boolean {
  const ok = (d: number) => d > plan.woundFail && d + w.woundMod >= w.wound;
  const d = rng.d6();
  if ((w.woundReroll === 1 && d === 1) || (w.woundReroll === 2 && !ok(d))) return ok(rng.d6());
  return ok(d);
}

function rollSaved(w: WeaponPlan, plan: AttackPlan, rng: Rng): boolean {
  if (plan.save === 0) return false;
  const saved = (d: number) => d !== 1 && d - w.rend + plan.saveMod >= plan.save;
  const d = rng.d6();
  if ((plan.saveReroll === 1 && d === 1) || (plan.saveReroll === 2 && !saved(d))) return saved(rng.d6());
  return saved(d);
}

function rollWarded(points: number, ward: number, rng: Rng): number {
  if (ward === 0) return points;
  let kept = 0;
  for (let i = 0; i < points; i++) if (rng.d6() < ward) kept++;
  return kept;
}

function throughSave(w: WeaponPlan, plan: AttackPlan, rng: Rng): number {
  if (rollSaved(w, plan, rng)) return 0;
  return rollWarded(rollDice(w.damage, rng), plan.ward, rng);
}

function throughWound(w: WeaponPlan, plan: AttackPlan, rng: Rng): number {
  return rollWound(w, plan, rng) ? throughSave(w, plan, rng) : 0;
}

/** Damage of one attack sequence of the whole unit. */
export function sampleOnce(plan: AttackPlan, rng: Rng): number {
  let dmg = 0;
  for (const w of plan.weapons) {
    let attacks = w.championBonus;
    for (let m = 0; m < w.models; m++) attacks += rollDice(w.attacks, rng);
    for (let a = 0; a < attacks; a++) {
      const c = rollHit(w, plan, rng);
      if (c === 0) continue;
      if (c === 2 && w.crit === Crit.Mortal) dmg += rollWarded(rollDice(w.damage, rng), plan.ward, rng);
      else if (c === 2 && w.crit === Crit.AutoWound) dmg += throughSave(w, plan, rng);
      else if (c === 2 && w.crit === Crit.TwoHits) dmg += throughWound(w, plan, rng) + throughWound(w, plan, rng);
      else dmg += throughWound(w, plan, rng);
    }
  }
  return dmg;
}

/** Histogram of damage over `samples` seeded attack sequences: counts[d] = how many came to d. */
export function sampleAttackTs(plan: AttackPlan, samples: number, seed: number): Float64Array {
  const counts = new Float64Array(maxDamage(plan) + 1);
  const rng = new Rng(seed);
  for (let s = 0; s < samples; s++) counts[sampleOnce(plan, rng)]!++;
  return counts;
}

/** A sampled histogram as the same result shape as the exact odds (pmf = frequencies). */
export function histogramToResult(counts: ArrayLike<number>, plan: AttackPlan): AosOddsResult {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i]!;
  let len = counts.length;
  while (len > 1 && counts[len - 1] === 0) len--;
  const pmf = Array.from({ length: len }, (_, i) => counts[i]! / n);
  return summarise(pmf, plan.models, plan.health);
}
