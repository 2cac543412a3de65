/**
 * The Wasm rollout kernel (assembly/mesbg_rollout/) against the TypeScript engine (src/mesbg/rollout.ts), per
 * bundled pairing, from the same deployed position (the set-up played by the policy, at turn 1's priority
 * roll-off) with the scripted policy for both sides:
 *
 * - the same seed plays the same game: every result (winner, scores, turns, models left, wiped out) equal;
 * - as distributions, over independent seeds (the engine's 1..N, the kernel's from 1,000,001 on, 5N of them
 *   and at least 500): side 0's win rate and mean score, and the mean length, differ by less than 4.5
 *   standard errors of the difference (two-sided; a false alarm about once in 150,000 comparisons).
 *
 * MESBG_ROLLOUT_GAMES sets N (default 24, so the file runs in well under a minute on a loaded 2-core
 * machine); thousands for a real check: MESBG_ROLLOUT_GAMES=2000 npx vitest run test/mesbg/rollout-differential.test.ts
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { encodeState } from "../../src/mesbg/encode.js";
import { deployedGame, type RolloutResult, rolloutTs } from "../../src/mesbg/rollout.js";
import { rolloutWasmMany } from "../../src/mesbg/rolloutWasm.js";

const force = (f: string) => JSON.parse(readFileSync(`data/mesbg/${f}.json`, "utf8"));
const N = Number(process.env.MESBG_ROLLOUT_GAMES ?? 24);
const M = Math.max(5 * N, 500);
const TOLERANCE = 4.5;

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

function moments(xs: number[]): { mean: number; variance: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length - 1);
  return { mean, variance };
}

/** |mean(a) - mean(b)| in standard errors of the difference (0 when both samples are constant and equal). */
function zScore(a: number[], b: number[]): number {
  const A = moments(a);
  const B = moments(b);
  const se = Math.sqrt(A.variance / a.length + B.variance / b.length);
  const d = Math.abs(A.mean - B.mean);
  return se === 0 ? (d === 0 ? 0 : Infinity) : d / se;
}

describe.each([
  ["Minas Tirith vs Mordor", "minas-tirith", "mordor"],
  ["Rohan vs Isengard", "rohan", "isengard"],
])("[ME-FORCES-CLASH] rollouts of %s", (_label, a, b) => {
  let ts: RolloutResult[] = [];
  let wasmSame: RolloutResult[] = [];
  let wasmOther: RolloutResult[] = [];
  beforeAll(() => {
    const state = deployedGame(force(a), force(b), 1);
    const enc = encodeState(state);
    const seeds = Array.from({ length: N }, (_, i) => 1 + i);
    ts = seeds.map((s) => rolloutTs(state, s));
    wasmSame = rolloutWasmMany(core, enc, seeds);
    wasmOther = rolloutWasmMany(core, enc, Array.from({ length: M }, (_, i) => 1_000_001 + i));
  }, 180_000 + 500 * N); // a timeout is for a hang: 72 s were not enough once on a loaded 2-core CI run

  it("the same seed gives the same game in the kernel and the engine: every result equal", () => {
    expect(wasmSame).toEqual(ts);
    // games that end both ways are in the sample (a wipe-out; and, most seeds, no draw)
    expect(ts.some((r) => r.wipedOut)).toBe(true);
  });

  it(`win rate, mean score and mean length agree within ${TOLERANCE} standard errors over independent seeds`, () => {
    const win = (rs: RolloutResult[]) => rs.map((r) => (r.winner === 0 ? 1 : 0));
    const score = (rs: RolloutResult[]) => rs.map((r) => r.score[0]);
    const turns = (rs: RolloutResult[]) => rs.map((r) => r.turns);
    const z = { win: zScore(win(ts), win(wasmOther)), score: zScore(score(ts), score(wasmOther)), turns: zScore(turns(ts), turns(wasmOther)) };
    const mean = (xs: number[]) => (xs.reduce((p, q) => p + q, 0) / xs.length).toFixed(3);
    console.log(
      `${_label}: engine ${N} games, kernel ${M}: side 0 wins ${mean(win(ts))} / ${mean(win(wasmOther))} (z ${z.win.toFixed(2)}), ` +
        `mean score ${mean(score(ts))} / ${mean(score(wasmOther))} (z ${z.score.toFixed(2)}), turns ${mean(turns(ts))} / ${mean(turns(wasmOther))} (z ${z.turns.toFixed(2)})`,
    );
    expect(z.win).toBeLessThan(TOLERANCE);
    expect(z.score).toBeLessThan(TOLERANCE);
    expect(z.turns).toBeLessThan(TOLERANCE);
    // the kernel's results are games of this scenario: zero-sum scores in [-1, 1], a turn cap of 20
    for (const r of wasmOther) {
      expect(r.score[0] + r.score[1]).toBeCloseTo(0, 12);
      expect(Math.abs(r.score[0])).toBeLessThanOrEqual(1);
      expect(r.turns).toBeGreaterThanOrEqual(1);
      expect(r.turns).toBeLessThanOrEqual(20);
      if (r.wipedOut) expect(r.modelsLeft[r.winner === 0 ? 1 : 0]).toBe(0);
      else expect(r.turns).toBe(20);
    }
  });
});
