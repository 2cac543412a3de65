/**
 * What a choice is worth, measured the same way for every choice of a decision: `outcomes` copies of the
 * position, each with its own dice for the choice itself (the state re-seeded), the choice applied, then
 * `rollouts` games played to the end from each by the scripted policy (the search's own leaf evaluation:
 * the Wasm kernel, or TypeScript where the kernel cannot take the position). The copies and the rollouts
 * are seeded from the decision's seed alone, so two choices of one decision are played with the same dice
 * (common random numbers): the difference of their values is measured far more precisely than either value.
 *
 * A sample's score is the player's result: 1 a win, ½ a draw, 0 a loss (the review's "win probability" is
 * this expected score, as chess counts a draw half). AoS also gives the VP margin (the player's VP minus the
 * opponent's) of each sample.
 */
import { deriveSeed, Rng } from "../core/rng.js";
import type { Core } from "../core/wasm.js";
import type { PitchedBattleState } from "../aos/battle/game.js";
import { R, RESULT } from "../aos/rollout/encode.js";
import { rolloutTs as aosRolloutTs } from "../aos/rollout/ts.js";
import { rolloutStart } from "../aos/search.js";
import type { MesbgState } from "../mesbg/game.js";
import { rolloutTs as mesbgRolloutTs } from "../mesbg/rollout.js";
import { rolloutWasmMany } from "../mesbg/rolloutWasm.js";
import { playToKernelPoint } from "../mesbg/search.js";

export interface Samples {
  /** Per sample (outcome-major): 1 win, 0.5 draw, 0 loss, for the player. */
  score: number[];
  /** Per sample: the player's VP minus the opponent's (AoS). */
  vp: number[] | null;
}

export interface SampleSize {
  outcomes: number;
  rollouts: number;
}

const scoreOf = (winner: number | null, player: number) => (winner === player ? 1 : winner === null || winner < 0 ? 0.5 : 0);

/** `action` (null: the position as it stands, played on by the policy) in a Pitched Battle. */
export function aosSamples(core: Core, state: PitchedBattleState, player: number, action: number | null, seed: number, size: SampleSize): Samples {
  const score: number[] = [];
  const vp: number[] = [];
  const q = 1 - player;
  for (let k = 0; k < size.outcomes; k++) {
    const s = state.clone();
    s.reseed(deriveSeed(seed, 1000 + k));
    if (action !== null) s.apply(action);
    const { start, encoded } = rolloutStart(s, () => deriveSeed(seed, 3000 + k));
    const seeds = Array.from({ length: size.rollouts }, (_, j) => deriveSeed(seed, 10_000 + k * size.rollouts + j));
    if (start.isTerminal()) {
      const w = start.returns();
      const winner = w[0]! > 0 ? 0 : w[1]! > 0 ? 1 : null;
      const m = start.data.victoryPoints[player]! - start.data.victoryPoints[q]!;
      for (let j = 0; j < size.rollouts; j++) score.push(scoreOf(winner, player)), vp.push(m);
    } else if (!encoded) {
      for (const x of seeds) {
        const r = aosRolloutTs(start, x);
        score.push(scoreOf(r.winner, player));
        vp.push(r.victoryPoints[player]! - r.victoryPoints[q]!);
      }
    } else {
      const rec = core.aosRollouts(encoded, seeds, RESULT);
      for (let j = 0; j < seeds.length; j++) {
        const w = rec[j * RESULT + R.WINNER]!;
        score.push(scoreOf(w < 0 ? null : w, player));
        const v0 = rec[j * RESULT + R.VP0]!;
        const v1 = rec[j * RESULT + R.VP1]!;
        vp.push(player === 0 ? v0 - v1 : v1 - v0);
      }
    }
  }
  return { score, vp };
}

/** A copy of a MESBG state without its event log (the review copies it many times). */
export function quietCopy(state: MesbgState): MesbgState {
  const s = state.clone();
  s.record(false);
  s.st.d.events = [];
  return s;
}

/** `action` (null: the position as it stands) in a MESBG game; rollouts to the end (the kernel, else TypeScript). */
export function mesbgSamples(core: Core | null, state: MesbgState, player: number, action: number | null, seed: number, size: SampleSize): Samples {
  const score: number[] = [];
  for (let k = 0; k < size.outcomes; k++) {
    const s = quietCopy(state);
    s.reseed(deriveSeed(seed, 1000 + k));
    if (action !== null) s.apply(action);
    if (!s.isTerminal()) playToKernelPoint(s, new Rng(deriveSeed(seed, 3000 + k)));
    const seeds = Array.from({ length: size.rollouts }, (_, j) => deriveSeed(seed, 10_000 + k * size.rollouts + j));
    if (s.isTerminal()) {
      const r = s.data.result!;
      for (let j = 0; j < size.rollouts; j++) score.push(scoreOf(r.winner, player));
    } else if (core) {
      for (const r of rolloutWasmMany(core, s, seeds)) score.push(scoreOf(r.winner, player));
    } else {
      for (const x of seeds) score.push(scoreOf(mesbgRolloutTs(s, x).winner, player));
    }
  }
  return { score, vp: null };
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** The standard error of the mean of the paired differences a[i] − b[i]. */
export function pairedError(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 2) return Infinity;
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    s += d;
    s2 += d * d;
  }
  const m = s / n;
  const v = Math.max(0, (s2 - n * m * m) / (n - 1));
  return Math.sqrt(v / n);
}
