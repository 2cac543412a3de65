/**
 * The attack sequence's stage means (the dashboard's funnel: attacks, hits, wounds, unsaved, damage, after
 * the ward), reported by the exact odds in TypeScript and in the Wasm kernel: worked out by hand, the two
 * kernels bit-identical, and the last stage equal to the mean of the damage distribution.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { aosOddsExact, type AosOddsInputJson, STAGE_KEYS } from "../../src/aos/odds/index.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { randomAosInput } from "../support/profiles.js";
import mortek from "../../examples/mortek-vs-liberators.json" with { type: "json" };

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

function one(weapon: Partial<AosOddsInputJson["attacker"]["weapons"][number]>, defender: Partial<AosOddsInputJson["defender"]>): AosOddsInputJson {
  return {
    attacker: { name: "A", models: 1, weapons: [{ name: "w", attacks: 6, hit: 4, wound: 4, rend: 0, damage: 1, ...weapon }] },
    defender: { name: "D", models: 10, health: 1, save: null, ward: null, ...defender },
  };
}

/** Both kernels: their stages must be bit-identical; returns them. */
function stages(input: unknown) {
  const ts = aosOddsExact(input);
  const wasm = aosOddsExact(input, core);
  expect(wasm.stages).toEqual(ts.stages);
  // The same mean by two routes (a sum of per-attack means, and the mean of the convolved pmf): equal up to rounding.
  expect(Math.abs(ts.stages!.afterWard - ts.damage.mean)).toBeLessThanOrEqual(1e-12 * Math.max(1, ts.damage.mean));
  return ts.stages!;
}

describe("the attack sequence's stage means (the odds funnel)", () => {
  it("[CORE-HIT] Mortek Guard example: 21 attacks (champion), 17.5 hits (Crit 2 Hits), 8.75 wounds, 4.375 unsaved, 4.375 x 5/6 after the 6+ ward", () => {
    const s = stages(mortek);
    // 10 models x 2 + 1 (CORE-CHAMPION); 3+ to hit: 3/6 hit, 1/6 crit worth 2 hits; 4+ to wound;
    // 3+ save with Rend 1 (Anti-CAVALRY does not apply to INFANTRY): 4+, so half are unsaved; Damage 1.
    expect(s.attacks).toBe(21);
    expect(s.hits).toBeCloseTo(21 * (3 / 6 + 2 / 6), 12);
    expect(s.wounds).toBeCloseTo(17.5 / 2, 12);
    expect(s.unsaved).toBeCloseTo(8.75 / 2, 12);
    expect(s.damage).toBeCloseTo(4.375, 12);
    expect(s.afterWard).toBeCloseTo(4.375 * 5 / 6, 12);
  });

  it("[CORE-CRIT-MORTAL] a Crit (Mortal) counts as a wound and as unsaved (it skips both rolls); the ward still applies", () => {
    // 6 attacks: 4+ hit (2/6 hit, 1/6 crit), 4+ wound, 4+ save, Damage 2, 5+ ward (keeps 4/6 of each point).
    const s = stages(one({ damage: 2, abilities: ["Crit (Mortal)"] }, { save: 4, ward: 5 }));
    expect(s.attacks).toBe(6);
    expect(s.hits).toBeCloseTo(3, 12);
    expect(s.wounds).toBeCloseTo(6 * (2 / 6 / 2 + 1 / 6), 12); // 2
    expect(s.unsaved).toBeCloseTo(6 * (2 / 6 / 4 + 1 / 6), 12); // 1.5
    expect(s.damage).toBeCloseTo(3, 12);
    expect(s.afterWard).toBeCloseTo(2, 12);
  });

  it("[CORE-CRIT-AUTOWOUND] an auto-wound skips the wound roll, not the save", () => {
    // 4+ hit, 5+ wound (2/6), 4+ save (1/2 unsaved), Damage 1, no ward.
    const s = stages(one({ wound: 5, abilities: ["Crit (Auto-wound)"] }, { save: 4 }));
    expect(s.hits).toBeCloseTo(3, 12);
    expect(s.wounds).toBeCloseTo(6 * (2 / 6 * 2 / 6 + 1 / 6), 12); // 5/3
    expect(s.unsaved).toBeCloseTo(6 * (2 / 6 * 2 / 6 / 2 + 1 / 6 / 2), 12); // 5/6
    expect(s.afterWard).toBe(s.damage);
  });

  it("[CORE-WARD] 300 random profiles: Wasm and TypeScript stage means bit-identical, non-increasing down the funnel after the hits", () => {
    const rng = new Rng(4242);
    for (let i = 0; i < 300; i++) {
      const input = randomAosInput(rng);
      const s = stages(input);
      for (const k of STAGE_KEYS) expect(Number.isFinite(s[k]), k).toBe(true);
      expect(s.unsaved).toBeLessThanOrEqual(s.wounds + 1e-9);
      expect(s.afterWard).toBeLessThanOrEqual(s.damage + 1e-9);
    }
  });
});
