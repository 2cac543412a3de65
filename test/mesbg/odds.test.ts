/**
 * Exact MESBG one-on-one fights (ME-DUEL, ME-WOUND-CHART, ME-STRIKES, ME-TRAPPED, ME-FATE, ME-ELVEN,
 * ME-TWO-HANDED): numbers worked out by hand as fractions; Wasm held bit-identical to TypeScript, and both
 * to a seeded Monte Carlo within a stated tolerance.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { mesbgOddsExact, mesbgOddsSample, type MesbgOddsReport, parseMesbgOdds } from "../../src/mesbg/odds/index.js";
import { sampleFightTs } from "../../src/mesbg/odds/sample.js";
import { encodeFight, fightOutLength } from "../../src/mesbg/odds/plan.js";
import { woundEntryText, woundProbability, woundCode } from "../../src/mesbg/woundChart.js";
import { proportionTolerance } from "../../src/core/montecarlo.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { randomFight } from "../support/profiles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

type Side = Record<string, unknown>;
const warrior = (over: Side = {}): Side => ({ side: "good", fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1, ...over });
const orc = (over: Side = {}): Side => ({ side: "evil", fight: 3, attacks: 1, strength: 3, defence: 4, wounds: 1, ...over });

function fight(a: Side, b: Side, trapped = false): MesbgOddsReport {
  const input = { a, b, trapped };
  const ts = mesbgOddsExact(input);
  const wasm = mesbgOddsExact(input, core);
  expect(wasm).toEqual({ ...ts, engine: "wasm" });
  return ts;
}

describe("duel roll", () => {
  it("[ME-DUEL] one die each, higher Fight Value wins ties: P = 15/36 + 6/36 = 7/12", () => {
    expect(fight(warrior({ fight: 4 }), orc()).aWinsDuel).toBeCloseTo(7 / 12, 15);
  });
  it("[ME-DUEL] equal Fight Values: the drawn-combat D6 gives Good 4-6, so 15/36 + 6/36 x 1/2 = 1/2", () => {
    const r = fight(warrior(), orc());
    expect(r.aWinsDuel).toBeCloseTo(1 / 2, 15);
    expect(r.bWinsDuel).toBeCloseTo(1 / 2, 15);
  });
  it("[ME-DUEL] the highest single die wins: 2 Attacks against 1 with the lower FV win 125/216", () => {
    // P(max2 > d) = sum_d P(d) * (1 - (d/6)^2) = 1 - (1+4+9+16+25+36)/216 = 125/216
    expect(fight(warrior({ attacks: 2, fight: 2 }), orc()).aWinsDuel).toBeCloseTo(125 / 216, 15);
  });
  it("[ME-ELVEN] only Good elven: Good wins the drawn-combat roll on 3-6: 15/36 + 6/36 x 4/6", () => {
    expect(fight(warrior({ elven: true }), orc()).aWinsDuel).toBeCloseTo(15 / 36 + (6 / 36) * (4 / 6), 15);
  });
  it("[ME-ELVEN] only Evil elven: Evil wins on 1-4 (Good on 5-6); both elven: back to 4-6", () => {
    expect(fight(warrior(), orc({ elven: true })).aWinsDuel).toBeCloseTo(15 / 36 + (6 / 36) * (2 / 6), 15);
    expect(fight(warrior({ elven: true }), orc({ elven: true })).aWinsDuel).toBeCloseTo(1 / 2, 15);
    // from Evil's side: a is Evil with an Elven weapon
    expect(fight(orc({ elven: true }), warrior()).aWinsDuel).toBeCloseTo(15 / 36 + (6 / 36) * (4 / 6), 15);
  });
  it("[ME-ELVEN] a model fighting two-handed is not using an Elven weapon: elven with twoHanded is refused, naming the field", () => {
    expect(() => mesbgOddsExact({ a: warrior({ elven: true, twoHanded: true }), b: orc(), trapped: false })).toThrow(/a\.elven: a model fighting two-handed is not using an Elven-made weapon/);
    expect(() => mesbgOddsExact({ a: warrior(), b: orc({ elven: true, twoHanded: true }), trapped: false })).toThrow(/b\.elven/);
  });
  it("[ME-TWO-HANDED] -1 on each duel die (a natural 6 becomes 5): 10/36 wins outright, 5/36 ties", () => {
    // a's dice read 0..5, b's 1..6: P(a > b) = (1+2+3+4)/36, P(tie) = 5/36
    expect(fight(warrior({ twoHanded: true, fight: 4 }), orc()).aWinsDuel).toBeCloseTo(15 / 36, 15);
    expect(fight(warrior({ twoHanded: true, fight: 2 }), orc()).aWinsDuel).toBeCloseTo(10 / 36, 15);
  });
  it("[ME-TWO-HANDED] Burly ignores the duel penalty but keeps the +1 To Wound", () => {
    const r = fight(warrior({ twoHanded: true, burly: true }), orc());
    expect(r.aWinsDuel).toBeCloseTo(1 / 2, 15);
    expect(r.aWoundChance).toBeCloseTo(3 / 6, 15); // S3 vs D4 needs 5+, +1 → 4+
  });
  it("[ME-SHIELDING] shielding doubles the duel dice and makes no strikes on a win", () => {
    const r = fight(warrior({ shielding: true, fight: 2 }), orc());
    expect(r.aWinsDuel).toBeCloseTo(125 / 216, 15);
    expect(r.aSlaysB).toBe(0);
  });
});

describe("wounds", () => {
  it("[ME-WOUND-CHART] the chart: S3 v D5 needs 5, S1 v D6 6/4, S3 v D10 6/6, S1 v D9 cannot wound", () => {
    expect(woundEntryText(3, 5)).toBe("5");
    expect(woundEntryText(1, 6)).toBe("6/4");
    expect(woundEntryText(3, 10)).toBe("6/6");
    expect(woundEntryText(1, 9)).toBe("-");
    expect(woundEntryText(10, 1)).toBe("3");
    expect(woundProbability(woundCode(3, 5), 0)).toBeCloseTo(2 / 6, 15);
    expect(woundProbability(woundCode(1, 6), 0)).toBeCloseTo(3 / 36, 15);
    expect(woundProbability(woundCode(3, 10), 0)).toBeCloseTo(1 / 36, 15);
    expect(woundProbability(woundCode(1, 9), 1)).toBe(0);
  });
  it("[ME-TWO-HANDED] +1 To Wound goes to the first die of a split: S3 v D8 (6/4) becomes 5+ then 4+ = 2/6 x 3/6", () => {
    expect(woundProbability(woundCode(3, 8), 1)).toBeCloseTo(6 / 36, 15);
    const r = fight(warrior({ twoHanded: true, fight: 5 }), orc({ defence: 8 }));
    expect(r.aSlaysB).toBeCloseTo((15 / 36) * (6 / 36), 15);
  });
  it("[ME-STRIKES] the winner strikes once per Attack: 2 Attacks at 4+ slay a 1-wound model 1 - (1/2)^2 = 3/4 of the time", () => {
    const r = fight(warrior({ attacks: 2, fight: 5 }), orc({ fight: 3, defence: 3 })); // S3 v D3: 4+
    // a wins with 2 dice vs 1 (ties to a): 1 - P(b strictly higher) = 1 - 55/216 = 161/216
    expect(r.aWinsDuel).toBeCloseTo(161 / 216, 15);
    expect(r.aSlaysB).toBeCloseTo((161 / 216) * (3 / 4), 15);
    expect(r.bWoundsLost[1]).toBeCloseTo(r.aSlaysB, 15);
  });
  it("[ME-TRAPPED] a trapped loser takes two strikes per Attack: 1 - (1 - 1/2)^2 = 3/4 per won duel", () => {
    const r = fight(warrior({ fight: 5 }), orc({ defence: 3 }), true);
    expect(r.aSlaysB).toBeCloseTo((7 / 12) * (3 / 4), 15);
    // and the Orc, if it wins, strikes the trapped warrior twice: S3 v D5 needs 5+: 1 - (4/6)^2
    expect(r.bSlaysA).toBeCloseTo((5 / 12) * (1 - (4 / 6) ** 2), 15);
  });
  it("[ME-FATE] each wound can be stopped by Fate on a 4+, one point at a time: 1 Fate halves, 2 Fate quarter the chance", () => {
    const p = (7 / 12) * (1 / 2);
    expect(fight(warrior({ fight: 4 }), orc({ fate: 0, defence: 3 })).aSlaysB).toBeCloseTo(p, 15);
    expect(fight(warrior({ fight: 4 }), orc({ fate: 1, defence: 3 })).aSlaysB).toBeCloseTo(p / 2, 15);
    expect(fight(warrior({ fight: 4 }), orc({ fate: 2, defence: 3 })).aSlaysB).toBeCloseTo(p / 4, 15);
  });
  it("[ME-FATE] Fate spent on the first wound is gone for the second: 2 strikes, 2 Wounds, 1 Fate", () => {
    // each strike wounds 1/2. Slain needs both strikes to wound and the single Fate roll to fail: (1/2)^2 x 1/2
    const r = fight(warrior({ attacks: 2, fight: 6 }), orc({ wounds: 2, fate: 1, fight: 1, defence: 3 }));
    const win = 1 - 55 / 216; // ties to a on Fight Value
    expect(r.aSlaysB).toBeCloseTo(win * (1 / 8), 15);
    // Exactly one wound lost: one strike wounds (1/2) and Fate fails (1/2): 1/4; or both wound (1/4) and the
    // Fate roll saves the first (1/2), so the second gets through: 1/8. Total 3/8.
    expect(r.bWoundsLost[1]).toBeCloseTo(win * (1 / 4 + 1 / 8), 15);
  });
});

describe("MESBG odds: Wasm vs TypeScript vs Monte Carlo", () => {
  it("[ME-STRIKES] 300 random fights: the Wasm result is bit-identical to TypeScript, and probabilities sum to 1", () => {
    const rng = new Rng(42);
    for (let i = 0; i < 300; i++) {
      const input = randomFight(rng);
      const ts = mesbgOddsExact(input);
      const wasm = mesbgOddsExact(input, core);
      expect({ ...wasm, engine: "ts" }).toEqual(ts);
      expect(ts.bWoundsLost.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 13);
      expect(ts.aWinsDuel + ts.bWinsDuel).toBeCloseTo(1, 15);
    }
  });
  it("[ME-DUEL] the seeded samplers give identical counts in Wasm and TypeScript", () => {
    const rng = new Rng(8);
    for (let i = 0; i < 40; i++) {
      const { plan } = parseMesbgOdds(randomFight(rng));
      const seed = rng.nextU32();
      expect(Array.from(core.mesbgSample(encodeFight(plan), 3000, seed, fightOutLength(plan)))).toEqual(Array.from(sampleFightTs(plan, 3000, seed)));
    }
  });
  it("[ME-FATE] Monte Carlo (100,000 fights) agrees with the exact odds within 4.5 standard errors", () => {
    const rng = new Rng(1234);
    const n = 100_000;
    for (let i = 0; i < 40; i++) {
      const input = randomFight(rng);
      const exact = mesbgOddsExact(input, core);
      const mc = mesbgOddsSample(input, n, 500 + i, core);
      for (const key of ["aWinsDuel", "aSlaysB", "bSlaysA"] as const)
        expect(Math.abs(mc[key] - exact[key]), `${key} ${JSON.stringify(input)}`).toBeLessThanOrEqual(proportionTolerance(exact[key], n, 4.5));
      exact.bWoundsLost.forEach((p, k) => expect(Math.abs(mc.bWoundsLost[k]! - p)).toBeLessThanOrEqual(proportionTolerance(p, n, 4.5)));
    }
  });
});
