/**
 * Exact one-on-one MESBG fight (ME-DUEL, ME-STRIKES, ME-TRAPPED, ME-FATE, ME-WOUND-CHART), in TypeScript.
 * `assembly/mesbg_odds.ts` is the Wasm twin, loop for loop.
 *
 * The duel: each side's highest die (after the two-handed -1) decides; a tie goes to the higher Fight
 * Value, then to the drawn-combat D6. The winner strikes; each wound may be stopped by Fate, spent one point
 * at a time on a 4+ each, whenever the model is wounded (the policy: always spend while any is left).
 */
import { woundProbability } from "../woundChart.js";
import type { FightPlan, SidePlan } from "./plan.js";

/** pmf over the highest modified die, index v+1 for v in -1..6 (8 entries). */
export function duelMaxPmf(dice: number, mod: number): number[] {
  // P(max <= v) = (faces f in 1..6 with f+mod <= v, over 6)^dice
  const cdf = new Array<number>(8).fill(0);
  for (let v = -1; v <= 6; v++) {
    let faces = 0;
    for (let f = 1; f <= 6; f++) if (f + mod <= v) faces++;
    let c = 1; // a product, not **, so the Wasm twin gets the same bits
    for (let k = 0; k < dice; k++) c *= faces / 6;
    cdf[v + 1] = c;
  }
  const pmf = new Array<number>(8).fill(0);
  for (let i = 0; i < 8; i++) pmf[i] = cdf[i]! - (i > 0 ? cdf[i - 1]! : 0);
  return pmf;
}

/** [P(a wins the duel), P(b wins the duel)]. */
export function duel(plan: FightPlan): [number, number] {
  const pa = duelMaxPmf(plan.a.duelDice, plan.a.duelMod);
  const pb = duelMaxPmf(plan.b.duelDice, plan.b.duelMod);
  let aHigher = 0;
  let tie = 0;
  for (let i = 0; i < 8; i++) {
    for (let j = 0; j < 8; j++) {
      if (i > j) aHigher += pa[i]! * pb[j]!;
      else if (i === j) tie += pa[i]! * pb[j]!;
    }
  }
  const aTie = plan.a.fight > plan.b.fight ? 1 : plan.a.fight < plan.b.fight ? 0 : plan.aIsGood ? plan.goodRollOffFaces / 6 : (6 - plan.goodRollOffFaces) / 6;
  const aWins = aHigher + tie * aTie;
  return [aWins, 1 - aWins];
}

/**
 * Distribution of wounds lost by `target` when `striker` makes its strikes: pmf[k] = P(k wounds lost),
 * k in 0..target.wounds (at target.wounds the model is slain and later strikes are moot).
 */
export function strikesPmf(striker: SidePlan, target: SidePlan): number[] {
  const p = woundProbability(striker.woundCode, striker.woundBonus);
  const W = target.wounds;
  const F = target.fate;
  const stride = F + 1;
  // state[w * stride + f]: P(w wounds left and f Fate left)
  let state = new Array<number>((W + 1) * stride).fill(0);
  state[W * stride + F] = 1;
  for (let s = 0; s < striker.strikes; s++) {
    const next = new Array<number>((W + 1) * stride).fill(0);
    for (let f = 0; f <= F; f++) next[f]! += state[f]!; // already slain
    for (let w = 1; w <= W; w++) {
      for (let f = 0; f <= F; f++) {
        const q = state[w * stride + f]!;
        if (q === 0) continue;
        next[w * stride + f]! += q * (1 - p);
        const hurt = q * p;
        // Fate: the j-th point succeeds with 1/2 after j-1 failures; all f failing costs the wound.
        let fail = hurt;
        for (let j = 1; j <= f; j++) {
          fail = fail * 0.5;
          next[w * stride + (f - j)]! += fail;
        }
        next[(w - 1) * stride]! += fail;
      }
    }
    state = next;
  }
  const lost = new Array<number>(W + 1).fill(0);
  for (let w = 0; w <= W; w++) for (let f = 0; f <= F; f++) lost[W - w]! += state[w * stride + f]!;
  return lost;
}

export interface MesbgOddsResult {
  aWinsDuel: number;
  bWinsDuel: number;
  aSlaysB: number;
  bSlaysA: number;
  /** P(one strike wounds), before Fate. */
  aWoundChance: number;
  bWoundChance: number;
  /** Wounds b loses (index = wounds), over all fights (b losing nothing when it wins the duel). */
  bWoundsLost: number[];
  aWoundsLost: number[];
}

export function exactFightTs(plan: FightPlan): MesbgOddsResult {
  const [aWins, bWins] = duel(plan);
  const bLost = strikesPmf(plan.a, plan.b);
  const aLost = strikesPmf(plan.b, plan.a);
  return assembleFight(aWins, bWins, bLost, aLost, plan);
}

/** Joins the duel and the strikes (shared by the TS and Wasm paths). */
export function assembleFight(aWins: number, bWins: number, bLost: number[], aLost: number[], plan: FightPlan): MesbgOddsResult {
  const bWoundsLost = bLost.map((p, k) => aWins * p + (k === 0 ? bWins : 0));
  const aWoundsLost = aLost.map((p, k) => bWins * p + (k === 0 ? aWins : 0));
  return {
    aWinsDuel: aWins,
    bWinsDuel: bWins,
    aSlaysB: aWins * bLost[plan.b.wounds]!,
    bSlaysA: bWins * aLost[plan.a.wounds]!,
    aWoundChance: woundProbability(plan.a.woundCode, plan.a.woundBonus),
    bWoundChance: woundProbability(plan.b.woundCode, plan.b.woundBonus),
    bWoundsLost,
    aWoundsLost,
  };
}
