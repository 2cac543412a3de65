/**
 * Seeded Monte Carlo of the same one-on-one fight, die by die; the independent check of kernel.ts, and the
 * twin of the sampler in assembly/mesbg_odds.ts (same dice, same order, so the same seed gives the same counts).
 */
import { Rng } from "../../core/rng.js";
import type { FightPlan, SidePlan } from "./plan.js";

function duelDie(rng: Rng, dice: number, mod: number): number {
  let best = -100;
  for (let i = 0; i < dice; i++) {
    const v = rng.d6() + mod;
    if (v > best) best = v;
  }
  return best;
}

function woundRoll(rng: Rng, code: number, bonus: number): boolean {
  if (code === 0) return false;
  if (code > 10) {
    if (rng.d6() + bonus < 6) return false;
    return rng.d6() >= code - 10;
  }
  return rng.d6() + bonus >= code;
}

/** Wounds lost by the target. */
function strike(rng: Rng, striker: SidePlan, target: SidePlan): number {
  let wounds = target.wounds;
  let fate = target.fate;
  for (let s = 0; s < striker.strikes && wounds > 0; s++) {
    if (!woundRoll(rng, striker.woundCode, striker.woundBonus)) continue;
    let prevented = false;
    while (fate > 0 && !prevented) {
      fate--;
      prevented = rng.d6() >= 4;
    }
    if (!prevented) wounds--;
  }
  return target.wounds - wounds;
}

/**
 * Counts over `samples` fights: [aWinsDuel, bWinsDuel, aSlaysB, bSlaysA, 0, 0, bLost[0..Wb], aLost[0..Wa]].
 */
export function sampleFightTs(plan: FightPlan, samples: number, seed: number): Float64Array {
  const Wa = plan.a.wounds;
  const Wb = plan.b.wounds;
  const out = new Float64Array(6 + Wb + 1 + Wa + 1);
  const rng = new Rng(seed);
  for (let s = 0; s < samples; s++) {
    const da = duelDie(rng, plan.a.duelDice, plan.a.duelMod);
    const db = duelDie(rng, plan.b.duelDice, plan.b.duelMod);
    let aWins: boolean;
    if (da !== db) aWins = da > db;
    else if (plan.a.fight !== plan.b.fight) aWins = plan.a.fight > plan.b.fight;
    else aWins = (rng.d6() >= 7 - plan.goodRollOffFaces) === plan.aIsGood; // the priority player's D6: Good wins on the top faces
    if (aWins) {
      out[0]!++;
      const lost = strike(rng, plan.a, plan.b);
      out[6 + lost]!++;
      out[6 + Wb + 1]!++;
      if (lost === Wb) out[2]!++;
    } else {
      out[1]!++;
      const lost = strike(rng, plan.b, plan.a);
      out[6 + Wb + 1 + lost]!++;
      out[6]!++;
      if (lost === Wa) out[3]!++;
    }
  }
  return out;
}
