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

/**
 * The unmodified save rolls of 1 and of 6 made in the last sampleOnce (after a re-roll, the re-rolled dice):
 * what the save-roll triggers read (src/aos/battle/save-triggers.ts; the kernel's aos_odds.ts saveOnes and
 * saveSixes). Counting rolls no dice.
 */
export const saveRolls = { ones: 0, sixes: 0 };

function rollSaved(w: WeaponPlan, plan: AttackPlan, rng: Rng): boolean {
  if (plan.save === 0) return false;
  const saved = (d: number) => d !== 1 && d - w.rend + plan.saveMod >= plan.save;
  let d = rng.d6();
  if ((plan.saveReroll === 1 && d === 1) || (plan.saveReroll === 2 && !saved(d))) d = rng.d6();
  if (d === 1) saveRolls.ones++;
  else if (d === 6) saveRolls.sixes++;
  return saved(d);
}

function rollWarded(points: number, ward: number, rng: Rng): number {
  if (ward === 0) return points;
  let kept = 0;
  for (let i = 0; i < points; i++) if (rng.d6() < ward) kept++;
  return kept;
}

/**
 * What the dice of one attack sequence came to, for the battle log (attacks.ts): counted as they are rolled,
 * with no die more or fewer than without it (the differential tests demand the same dice).
 */
export interface AttackTally {
  attacks: number;
  hits: number;
  /** Critical hits (unmodified 6s), of the hits. */
  crits: number;
  /** Wound rolls that succeeded, auto-wounds included. */
  wounds: number;
  /** Saves rolled and made. */
  saved: number;
  /** Damage points before the ward, and after it. */
  damage: number;
  warded: number;
  /** Mortal damage from Crit (Mortal), before the ward (counted in `damage` too). */
  mortal: number;
}

export function newTally(): AttackTally {
  return { attacks: 0, hits: 0, crits: 0, wounds: 0, saved: 0, damage: 0, warded: 0, mortal: 0 };
}

function damageThrough(w: WeaponPlan, plan: AttackPlan, rng: Rng, t: AttackTally | undefined, mortal = false): number {
  const points = rollDice(w.damage, rng);
  // A ward against mortal damage only (AttackPlan.mortalWard: the battle's Indomitable Loreseekers) for Crit (Mortal).
  const kept = rollWarded(points, mortal && plan.mortalWard ? plan.mortalWard : plan.ward, rng);
  if (t) {
    t.damage += points;
    t.warded += points - kept;
  }
  return kept;
}

function throughSave(w: WeaponPlan, plan: AttackPlan, rng: Rng, t?: AttackTally): number {
  if (rollSaved(w, plan, rng)) {
    if (t) t.saved++;
    return 0;
  }
  return damageThrough(w, plan, rng, t);
}

function throughWound(w: WeaponPlan, plan: AttackPlan, rng: Rng, t?: AttackTally): number {
  if (!rollWound(w, plan, rng)) return 0;
  if (t) t.wounds++;
  return throughSave(w, plan, rng, t);
}

/** Damage of one attack sequence of the whole unit; `tally`, if given, counts what the dice did. */
export function sampleOnce(plan: AttackPlan, rng: Rng, tally?: AttackTally): number {
  let dmg = 0;
  saveRolls.ones = 0;
  saveRolls.sixes = 0;
  for (const w of plan.weapons) {
    let attacks = w.championBonus;
    for (let m = 0; m < w.models; m++) attacks += rollDice(w.attacks, rng);
    if (tally) tally.attacks += attacks;
    for (let a = 0; a < attacks; a++) {
      const c = rollHit(w, plan, rng);
      if (c === 0) continue;
      if (tally) {
        tally.hits++;
        if (c === 2) tally.crits++;
      }
      if (c === 2 && w.crit === Crit.Mortal) {
        const before = tally ? tally.damage : 0;
        dmg += damageThrough(w, plan, rng, tally, true);
        if (tally) tally.mortal += tally.damage - before;
      } else if (c === 2 && w.crit === Crit.AutoWound) {
        if (tally) tally.wounds++;
        dmg += throughSave(w, plan, rng, tally);
      } else if (c === 2 && w.crit === Crit.TwoHits) {
        if (tally) tally.hits++;
        dmg += throughWound(w, plan, rng, tally) + throughWound(w, plan, rng, tally);
      } else dmg += throughWound(w, plan, rng, tally);
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
