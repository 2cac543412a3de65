/**
 * The kernel plays the same battles as the TypeScript engine from `make()`'s position, seed for seed, and the
 * TypeScript battles' logs show each of `used` at least once (the abilities under test are used, not just carried).
 */
import { expect } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import type { Core } from "../../src/core/wasm.js";

export function sameBattlesUsing(core: Core, make: () => Battle, used: RegExp[], seeds = [1, 2, 3, 4, 5, 6]): void {
  const seen = new Set<RegExp>();
  for (const seed of seeds) {
    const b = make();
    b.data.log = null;
    const s = new PitchedBattleState(b);
    expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    const t = s.clone();
    t.data.log = [];
    t.reseed(seed);
    playPolicy(t);
    for (const re of used) if (t.data.log!.some((l) => re.test(l))) seen.add(re);
  }
  expect(used.filter((re) => !seen.has(re)).map(String), "abilities no battle used").toEqual([]);
}

/**
 * The kernel plays the same battles as the TypeScript engine from `make(seed, true)`'s position, seed for seed, and
 * the abilities under test change at least one of them (`make(seed, false)`: the same position without them), so they
 * are played, not just carried.
 */
export function sameBattlesChanged(core: Core, make: (seed: number, withAbilities: boolean) => PitchedBattleState, seeds: readonly number[] = [1, 2, 3, 4, 5, 6], min = 0): void {
  expect(battlesChanged(core, make, seeds), "the seeds whose battle the abilities change").toBeGreaterThan(min);
}

/**
 * sameBattlesChanged's seed-for-seed check without its count's: how many of the seeds' battles the abilities change,
 * for a test that adds up the counts of several set-ups (`label` names the set-up in a failure).
 */
export function battlesChanged(core: Core, make: (seed: number, withAbilities: boolean) => PitchedBattleState, seeds: readonly number[], label = ""): number {
  let changed = 0;
  for (const seed of seeds) {
    const s = make(seed, true);
    const ts = rolloutTs(s, seed);
    expect(rolloutWasm(core, s, seed), `seed ${seed} ${label}`.trim()).toEqual(ts);
    if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(make(seed, false), seed))) changed++;
  }
  return changed;
}

/**
 * battlesChanged over the four set-ups an ability area's test plays: from player 0's hero phase and combat phase,
 * each with its state as the engine holds it (`encoded` false) and as the encoding carries it in (true); the
 * abilities change more than none of all their battles.
 */
export function sameBattlesChangedAcross(
  core: Core,
  make: (step: "hero" | "combat", encoded: boolean) => (seed: number, withAbilities: boolean) => PitchedBattleState,
  seeds: readonly number[] = [1, 2, 3, 4, 5, 6],
): void {
  let changed = 0;
  for (const step of ["hero", "combat"] as const) for (const encoded of [false, true]) changed += battlesChanged(core, make(step, encoded), seeds, `${step} ${encoded}`);
  expect(changed, "the battles the abilities change, over the four set-ups").toBeGreaterThan(0);
}

/**
 * sameBattlesChanged for a set-up position `start()` (a battle and its unit ids) and the abilities given to it by
 * `give`: more than `min` of the seeds' battles change.
 */
export function sameBattlesGiven<T extends { b: Battle }>(core: Core, start: () => T, give: (b: Battle) => void, seeds: readonly number[], min: number): void {
  sameBattlesChanged(core, (_seed, on) => {
    const { b } = start();
    if (on) give(b);
    return new PitchedBattleState(b);
  }, seeds, min);
}
