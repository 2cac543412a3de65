// The MESBG one-on-one fight's two distributions (ME-DUEL, ME-STRIKES, ME-FATE), loop for loop as
// src/mesbg/odds/kernel.ts: used by the exact odds (mesbg_odds.ts) and the rollout policy's stance choice
// (mesbg_rollout/stance.ts), so the two cannot drift apart. Callers pass the scratch buffers.
import { addF, getF, setF } from "./arena";

/** The pmf (8 entries: highest die -1..6) of the best of `dice` D6 each modified by `mod`; `cdf` is 8 scratch entries. */
export function duelMaxPmf(dice: i32, mod: i32, pmf: usize, cdf: usize): void {
  for (let v = -1; v <= 6; v++) {
    let faces: i32 = 0;
    for (let f = 1; f <= 6; f++) if (f + mod <= v) faces++;
    let c: f64 = 1;
    for (let k = 0; k < dice; k++) c *= <f64>faces / 6;
    setF(cdf, v + 1, c);
  }
  for (let i = 0; i < 8; i++) setF(pmf, i, getF(cdf, i) - (i > 0 ? getF(cdf, i - 1) : 0));
}

/**
 * Wounds lost (W+1 entries at `out`, overwritten) by a target with W Wounds and F Fate taking `strikes`
 * strikes that each wound with `prob`; Fate saves a wound on a 4+, one point at a time. `state` and `next`
 * are (W+1)*(F+1) scratch entries each.
 */
export function woundsLostPmf(prob: f64, strikes: i32, W: i32, F: i32, state: usize, next: usize, out: usize): void {
  const stride = F + 1;
  const size = (W + 1) * stride;
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
  for (let k = 0; k <= W; k++) setF(out, k, 0);
  for (let w = 0; w <= W; w++) for (let f = 0; f <= F; f++) addF(out, W - w, getF(state, w * stride + f));
}
