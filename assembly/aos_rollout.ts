// The AoS battle rollout kernel: from a Pitched Battle encoded by src/aos/rollout/encode.ts (any decision
// step after deployment), plays to the end with the scripted policy for both sides and writes a result
// record (encode.ts R.*). The rules mirror the TypeScript engine (src/aos/battle/) step for step and draw
// the same dice in the same order from the same xoshiro128** stream, so the same state and seed give the
// same battle; test/aos/rollout-*.test.ts hold the two equal. Files by concept in assembly/battle/.
import { inCombat, resolveAttacks } from "./battle/actions";
import { clearContestCache } from "./battle/board";
import { clearPolicyCache } from "./battle/policy";
import { decisions, play, setTrace } from "./battle/flow";
import { layoutValue, R, RESULT } from "./battle/layout";
import { loadManifestations, resetManifestations } from "./battle/manifest";
import { loadReserves, resetReserves } from "./battle/reserves";
import { loadEffects, resetEffects } from "./battle/effects";
import { loadTraits, resetTraits } from "./battle/traits";
import { resetHashut } from "./battle/hashut6";
import { attacker, deployed, dist, loadBattle, nUnits, owner, record, resetBattle, round, stF, ui, UI, vp0, vp1 } from "./battle/state";
import { gsDone0, gsDone1, outcome, winner } from "./battle/score";
import { rngSeed } from "./rng";
import { loadSpeed } from "./battle/speed";

export function writeResult(out: usize, error: i32): void {
  for (let i = 0; i < RESULT; i++) stF(out, i, 0);
  stF(out, R.WINNER, <f64>winner);
  stF(out, R.OUTCOME, <f64>outcome);
  stF(out, R.VP0, <f64>vp0);
  stF(out, R.VP1, <f64>vp1);
  for (let p = 0; p < 2; p++) {
    for (let r = 0; r < 5; r++) {
      let v: f64 = 0;
      for (let s = 0; s < 4; s++) v += record(p * 20 + r * 4 + s);
      stF(out, R.BY_ROUND + p * 5 + r, v);
    }
    for (let s = 0; s < 4; s++) {
      let v: f64 = 0;
      for (let r = 0; r < 5; r++) v += record(p * 20 + r * 4 + s);
      stF(out, R.BY_SOURCE + p * 4 + s, v);
    }
  }
  for (let i = 0; i < 32; i++) stF(out, R.PICKED + i, record(40 + i));
  stF(out, R.GS_COMPLETED, gsDone0 ? 1 : 0);
  stF(out, R.GS_COMPLETED + 1, gsDone1 ? 1 : 0);
  stF(out, R.ATTACKER, <f64>attacker);
  stF(out, R.ROUNDS, <f64>round);
  stF(out, R.DECISIONS, <f64>decisions);
  // CAMP-RETREAT's Massacre test: each player's units on the battlefield at the end.
  let field0: f64 = 0;
  let field1: f64 = 0;
  for (let u = 0; u < nUnits; u++)
    if (deployed(u)) {
      if (owner(u) == 0) field0 += 1;
      else field1 += 1;
    }
  stF(out, R.ON_BATTLEFIELD, field0);
  stF(out, R.ON_BATTLEFIELD + 1, field1);
  stF(out, RESULT - 1, <f64>error);
}

/** Reads an encoded battle once (profiles, map, starting position); 0 or an error code. */
export function aosRolloutLoad(state: usize): i32 {
  return loadState(state);
}

export function loadState(state: usize): i32 {
  clearContestCache();
  clearPolicyCache();
  const e = loadBattle(state);
  if (e == 0) loadManifestations();
  if (e == 0) loadReserves();
  if (e == 0) loadEffects();
  if (e == 0) loadTraits();
  if (e == 0) loadSpeed();
  return e;
}

/** One rollout of the loaded battle from its starting position with `seed`; writes RESULT f64 at `out`. */
export function aosRolloutRun(seed: u32, out: usize): i32 {
  resetBattle();
  resetManifestations();
  resetReserves();
  resetEffects();
  resetTraits();
  resetHashut();
  rngSeed(seed);
  const error = play();
  writeResult(out, error);
  return error;
}

/** `count` rollouts of the encoded battle at `state`, seeds (f64) at `seeds`, RESULT f64 each at `out`. */
export function aosRollouts(state: usize, seeds: usize, count: i32, out: usize): i32 {
  const e = loadState(state);
  if (e != 0) return e;
  let worst = 0;
  for (let i = 0; i < count; i++) {
    const r = aosRolloutRun(<u32>load<f64>(seeds + (<usize>i << 3)), out + (<usize>(i * RESULT) << 3));
    if (r != 0) worst = r;
  }
  return worst;
}

/** A rollout that also records each decision (step, player, a, b, c, RNG word 0, units' fingerprint: 7 f64) in `trace`, up to `cap`. */
export function aosRolloutTrace(state: usize, seed: u32, out: usize, trace: usize, cap: i32): i32 {
  const e = loadState(state);
  if (e != 0) return e;
  setTrace(trace, cap);
  const r = aosRolloutRun(seed, out);
  setTrace(0, 0);
  return r;
}

/**
 * One attack of `attacker` on `target` (melee or ranged, as actions.ts shoot picks the ranged weapons: in
 * range, and in combat only those with Shoot in Combat) in the encoded position, seeded; writes damage,
 * models and damage left.
 */
export function aosRolloutAttack(state: usize, attacker: i32, target: i32, ranged: i32, seed: u32, out: usize): i32 {
  const e = loadState(state);
  if (e != 0) return e;
  resetBattle();
  resetReserves();
  resetEffects();
  resetTraits();
  resetHashut();
  rngSeed(seed);
  const damage = resolveAttacks(attacker, target, ranged != 0, ranged != 0 ? dist(attacker, target) : 0, ranged != 0 && inCombat(attacker));
  stF(out, 0, <f64>damage);
  stF(out, 1, <f64>ui(target, UI.MODELS));
  stF(out, 2, <f64>ui(target, UI.DAMAGE));
  return 0;
}

/** The layout numbers, for the test that holds them equal to src/aos/rollout/encode.ts. */
export function aosRolloutLayout(i: i32): i32 {
  return layoutValue(i);
}
