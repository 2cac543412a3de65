/**
 * Exact AoS attack odds (CORE-HIT … CORE-ALLOC, CORE-WARD, the weapon abilities, CORE-CHAMPION): every
 * expected number below is worked out by hand as a fraction, and each test also holds the TypeScript and
 * Wasm kernels to the independent rational oracle (test/support/aos-oracle.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { aosOddsExact, type AosOddsInputJson, type AosOddsReport } from "../../src/aos/odds/index.js";
import { championWeapons } from "../../src/aos/odds/plan.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { oracleDamage } from "../support/aos-oracle.js";
import { expectPmfClose } from "../support/rational.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

type Weapon = AosOddsInputJson["attacker"]["weapons"][number];
type Ctx = NonNullable<AosOddsInputJson["context"]>;

/** One model, one weapon, against `models` models of `health` with the given save/ward. */
function profile(weapon: Partial<Weapon>, defender: Partial<AosOddsInputJson["defender"]> = {}, context: Ctx = {}, attacker: Partial<AosOddsInputJson["attacker"]> = {}): AosOddsInputJson {
  return {
    attacker: { name: "A", models: 1, weapons: [{ name: "w", attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1, ...weapon }], ...attacker },
    defender: { name: "D", models: 1, health: 1, save: null, ward: null, ...defender },
    context,
  };
}

/** Runs both kernels, checks they are bit-identical and agree with the oracle; returns the TS report. */
function odds(input: AosOddsInputJson): AosOddsReport {
  const ts = aosOddsExact(input);
  const wasm = aosOddsExact(input, core);
  expect(wasm.damage.pmf).toEqual(ts.damage.pmf);
  expectPmfClose(ts.damage.pmf, oracleDamage(input as never));
  return ts;
}

/** P(at least one damage) for a single attack. */
const pDamage = (input: AosOddsInputJson) => 1 - odds(input).damage.pmf[0]!;

describe("hit rolls", () => {
  it("[CORE-HIT] a 4+ hits on 3 faces of 6; with wound 2+ the attack does damage 1/2 x 5/6", () => {
    expect(pDamage(profile({ hit: 4, wound: 2 }))).toBeCloseTo((1 / 2) * (5 / 6), 14);
  });
  it("[CORE-HIT] an unmodified 1 always fails: 2+ with +1 to hit still misses on a 1 (5/6)", () => {
    expect(pDamage(profile({ hit: 2, wound: 2 }, {}, { modifiers: { hit: 1 } }))).toBeCloseTo((5 / 6) * (5 / 6), 14);
  });
  it("[CORE-HIT] an unmodified 6 always hits (critical): 6+ with -1 to hit still hits on a 6 (1/6)", () => {
    expect(pDamage(profile({ hit: 6, wound: 2 }, {}, { modifiers: { hit: -1 } }))).toBeCloseTo((1 / 6) * (5 / 6), 14);
  });
  it("[CORE-HIT] hit modifiers are capped to -1..+1: +3 acts as +1 and -3 as -1", () => {
    const plus3 = pDamage(profile({ hit: 4, wound: 2 }, {}, { modifiers: { hit: 3 } }));
    expect(plus3).toBeCloseTo((4 / 6) * (5 / 6), 14); // 3,4,5,6
    const minus3 = pDamage(profile({ hit: 4, wound: 2 }, {}, { modifiers: { hit: -3 } }));
    expect(minus3).toBeCloseTo((2 / 6) * (5 / 6), 14); // 5,6
  });
  it("[CORE-HIT] re-rolls come before modifiers: re-roll 1s on a 4+ hits 1/2 + 1/6 x 1/2 = 7/12", () => {
    expect(pDamage(profile({ hit: 4, wound: 2 }, {}, { rerolls: { hit: "ones" } }))).toBeCloseTo((7 / 12) * (5 / 6), 14);
  });
  it("[CORE-HIT] re-rolling failed hits on a 4+: 1/2 + 1/2 x 1/2 = 3/4; a roll a +1 turns into a hit is not re-rolled", () => {
    expect(pDamage(profile({ hit: 4, wound: 2 }, {}, { rerolls: { hit: "failed" } }))).toBeCloseTo((3 / 4) * (5 / 6), 14);
    // 4+ with +1: faces 3..6 hit (4/6); the failed 1 and 2 are re-rolled: 4/6 + 2/6 x 4/6 = 32/36
    expect(pDamage(profile({ hit: 4, wound: 2 }, {}, { rerolls: { hit: "failed" }, modifiers: { hit: 1 } }))).toBeCloseTo((32 / 36) * (5 / 6), 14);
  });
});

describe("wound and save rolls", () => {
  it("[CORE-WOUND] a 4+ wound roll with +1 wounds on 3-6 (4/6); a 2+ with +1 still fails on a 1 (5/6)", () => {
    expect(pDamage(profile({ hit: 2, wound: 4 }, {}, { modifiers: { wound: 1 } }))).toBeCloseTo((5 / 6) * (4 / 6), 14);
    expect(pDamage(profile({ hit: 2, wound: 2 }, {}, { modifiers: { wound: 1 } }))).toBeCloseTo((5 / 6) * (5 / 6), 14);
  });
  it("[CORE-WOUND] wound modifiers are capped: -2 acts as -1 (a 4+ needs 5+: 2/6)", () => {
    expect(pDamage(profile({ hit: 2, wound: 4 }, {}, { modifiers: { wound: -2 } }))).toBeCloseTo((5 / 6) * (2 / 6), 14);
  });
  it("[CORE-SAVE] a 4+ save against Rend 1 saves on 5-6: 4/6 of wounding attacks get through", () => {
    expect(pDamage(profile({ hit: 2, wound: 2, rend: 1 }, { save: 4 }))).toBeCloseTo((25 / 36) * (4 / 6), 14);
  });
  it("[CORE-SAVE] a positive save modifier is capped at +1; an unmodified 1 always fails; no save never saves", () => {
    // 4+ save, +2 capped to +1: saves on 3-6 → 2/6 get through
    expect(pDamage(profile({ hit: 2, wound: 2 }, { save: 4 }, { modifiers: { save: 2 } }))).toBeCloseTo((25 / 36) * (2 / 6), 14);
    // 2+ save with +1: the 1 still fails → 1/6 get through
    expect(pDamage(profile({ hit: 2, wound: 2 }, { save: 2 }, { modifiers: { save: 1 } }))).toBeCloseTo((25 / 36) * (1 / 6), 14);
    // negative save modifiers are not capped: 3+ save with -2 needs 5+ → 4/6 through
    expect(pDamage(profile({ hit: 2, wound: 2 }, { save: 3 }, { modifiers: { save: -2 } }))).toBeCloseTo((25 / 36) * (4 / 6), 14);
    expect(pDamage(profile({ hit: 2, wound: 2 }, { save: null }))).toBeCloseTo(25 / 36, 14);
  });
  it("[CORE-SAVE] the defender re-rolls failed saves: a 4+ save re-rolled lets 1/4 through", () => {
    expect(pDamage(profile({ hit: 2, wound: 2 }, { save: 4 }, { rerolls: { save: "failed" } }))).toBeCloseTo((25 / 36) * (1 / 4), 14);
  });
});

describe("damage, ward and allocation", () => {
  it("[CORE-DAMAGE] D3 damage per unsaved attack: pmf 1/3 each of 1, 2, 3 after a sure hit chain", () => {
    const r = odds(profile({ hit: 2, wound: 2, damage: "D3" }, { health: 5 }));
    const p = 25 / 36;
    expect(r.damage.pmf[0]).toBeCloseTo(1 - p, 14);
    for (const k of [1, 2, 3]) expect(r.damage.pmf[k]).toBeCloseTo(p / 3, 14);
    expect(r.damage.mean).toBeCloseTo(2 * p, 14);
  });
  it("[CORE-DAMAGE] damage dice are rolled per attack: 2 attacks of D3+1 have mean 2 x 3 x P(success)", () => {
    const r = odds(profile({ attacks: 2, hit: 2, wound: 2, damage: "D3+1" }, { health: 10 }));
    expect(r.damage.mean).toBeCloseTo(2 * 3 * (25 / 36), 13);
    expect(r.damage.pmf[8]).toBeCloseTo((25 / 36) ** 2 / 9, 14); // both 4s
  });
  it("[CORE-WARD] a 5+ ward removes each damage point on 5-6: damage 2 → P(0)=1/9, P(1)=4/9, P(2)=4/9 of unsaved", () => {
    const r = odds(profile({ hit: 2, wound: 2, damage: 2 }, { health: 5, ward: 5 }));
    const p = 25 / 36;
    expect(r.damage.pmf[1]).toBeCloseTo(p * (4 / 9), 14);
    expect(r.damage.pmf[2]).toBeCloseTo(p * (4 / 9), 14);
    expect(r.damage.pmf[0]).toBeCloseTo(1 - p + p / 9, 14);
  });
  it("[CORE-ALLOC] damage is pooled: two 3-damage attacks slay three 2-health models", () => {
    const r = odds(profile({ attacks: 2, hit: 2, wound: 2, damage: 3 }, { models: 5, health: 2 }));
    const p = 25 / 36;
    expect(r.slain.pmf[3]).toBeCloseTo(p * p, 14); // 6 damage → 3 models, not 2
    expect(r.slain.pmf[1]).toBeCloseTo(2 * p * (1 - p), 14); // 3 damage → 1 model, 1 point left
    expect(r.destroyed).toBe(0);
  });
  it("[CORE-ALLOC] models slain never exceed the unit: 3 damage against one 2-health model destroys it", () => {
    const r = odds(profile({ hit: 2, wound: 2, damage: 3 }, { models: 1, health: 2 }));
    expect(r.slain.pmf).toHaveLength(2);
    expect(r.destroyed).toBeCloseTo(25 / 36, 14);
  });
});

describe("weapon abilities", () => {
  it("[CORE-CRIT-2HITS] Crit (2 Hits) on a 4+: 2/6 score one hit and 1/6 scores two (mean hits 4/6)", () => {
    const r = odds(profile({ hit: 4, wound: 2, abilities: ["Crit (2 Hits)"] }, { models: 2 }));
    const w = 5 / 6;
    expect(r.damage.pmf[2]).toBeCloseTo((1 / 6) * w * w, 14);
    expect(r.damage.mean).toBeCloseTo((4 / 6) * w, 14);
  });
  it("[CORE-CRIT-AUTOWOUND] Crit (Auto-wound) with a 6+ wound roll: P(wound) = 2/6 x 1/6 + 1/6", () => {
    expect(pDamage(profile({ hit: 4, wound: 6, abilities: ["Crit (Auto-wound)"] }))).toBeCloseTo((2 / 6) * (1 / 6) + 1 / 6, 14);
  });
  it("[CORE-CRIT-AUTOWOUND] the auto-wounding attack still makes a save roll: 3+ save lets 2/6 through", () => {
    expect(pDamage(profile({ hit: 6, wound: 6, abilities: ["Crit (Auto-wound)"] }, { save: 3 }))).toBeCloseTo((1 / 6) * (2 / 6), 14);
  });
  it("[CORE-CRIT-MORTAL] Crit (Mortal) skips wound and save rolls: against a 2+ save, P(damage) = 1/6 + 2/6 x 1/2 x 1/6", () => {
    expect(pDamage(profile({ hit: 4, wound: 4, abilities: ["Crit (Mortal)"] }, { save: 2 }))).toBeCloseTo(1 / 6 + (2 / 6) * (1 / 2) * (1 / 6), 14);
  });
  it("[CORE-CRIT-MORTAL] the mortal damage equals Damage and the ward still applies (D3 vs ward 6+)", () => {
    const r = odds(profile({ hit: 6, wound: 6, damage: "D3", abilities: ["Crit (Mortal)"] }, { save: 2, health: 5, ward: 6 }));
    // Only crits damage (a 6+ to hit is always a crit). Damage D3, each point kept on 1-5 (5/6).
    const k = 5 / 6;
    expect(r.damage.pmf[3]).toBeCloseTo((1 / 6) * (1 / 3) * k ** 3, 14);
    expect(r.damage.mean).toBeCloseTo((1 / 6) * 2 * k, 14);
  });
  it("[CORE-ANTI] Anti-INFANTRY (+1 Rend) adds 1 Rend against INFANTRY only; two Anti abilities are cumulative", () => {
    const w = { hit: 2, wound: 2, abilities: ["Anti-INFANTRY (+1 Rend)", "Anti-HERO (+1 Rend)"] };
    expect(pDamage(profile(w, { save: 3, keywords: ["CAVALRY"] }))).toBeCloseTo((25 / 36) * (2 / 6), 14);
    expect(pDamage(profile(w, { save: 3, keywords: ["INFANTRY"] }))).toBeCloseTo((25 / 36) * (3 / 6), 14);
    expect(pDamage(profile(w, { save: 3, keywords: ["INFANTRY", "HERO"] }))).toBeCloseTo((25 / 36) * (4 / 6), 14);
  });
  it("[CORE-ANTI] Anti-charge (+1 Rend) applies when the target charged this turn", () => {
    const w = { hit: 2, wound: 2, abilities: ["Anti-charge (+1 Rend)"] };
    expect(pDamage(profile(w, { save: 4 }, { targetCharged: false }))).toBeCloseTo((25 / 36) * (3 / 6), 14);
    expect(pDamage(profile(w, { save: 4 }, { targetCharged: true }))).toBeCloseTo((25 / 36) * (4 / 6), 14);
  });
  it("[CORE-CHARGE-DMG] Charge (+1 Damage) turns Damage 1 into 2 only when the attacker charged", () => {
    const w = { hit: 2, wound: 2, damage: 1, abilities: ["Charge (+1 Damage)"] };
    expect(odds(profile(w, { health: 3 }, { charged: true })).damage.mean).toBeCloseTo(2 * (25 / 36), 14);
    expect(odds(profile(w, { health: 3 }, { charged: false })).damage.mean).toBeCloseTo(25 / 36, 14);
  });
  it("[CORE-COMPANION] Companion ignores a +1 to hit but not a -1", () => {
    const w = { hit: 4, wound: 2, abilities: ["Companion"] };
    expect(pDamage(profile(w, {}, { modifiers: { hit: 1 } }))).toBeCloseTo((3 / 6) * (5 / 6), 14);
    expect(pDamage(profile(w, {}, { modifiers: { hit: -1 } }))).toBeCloseTo((2 / 6) * (5 / 6), 14);
    expect(pDamage(profile(w, {}, { modifiers: { wound: 1 } }))).toBeCloseTo((3 / 6) * (5 / 6), 14);
  });
  it("[CORE-CHAMPION] 10 models with 2 Attacks and a champion make 21 attacks (mean damage 21 x 25/144 = 525/144)", () => {
    const input: AosOddsInputJson = {
      attacker: {
        name: "Mortek Guard", models: 10, keywords: ["CHAMPION"],
        weapons: [{ name: "Nadirite Blade", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1, abilities: ["Crit (2 Hits)", "Anti-CAVALRY (+1 Rend)"] }],
      },
      defender: { name: "Liberators", models: 5, health: 2, save: 3, ward: 6, keywords: ["INFANTRY"] },
    };
    const r = odds(input);
    expect(r.damage.mean).toBeCloseTo(525 / 144, 13);
    expect(r.damage.pmf).toHaveLength(43); // 21 attacks x up to 2 hits
  });
  it("[CORE-CHAMPION] a champion adds no attack to Companion weapons unless the unit is a BEAST", () => {
    const w = { attacks: 1, hit: 2, wound: 2, abilities: ["Companion"] };
    expect(odds(profile(w, { health: 9 }, {}, { models: 3, keywords: ["CHAMPION"] })).damage.pmf).toHaveLength(4);
    expect(odds(profile(w, { health: 9 }, {}, { models: 3, keywords: ["CHAMPION", "BEAST"] })).damage.pmf).toHaveLength(5);
  });
  it("[CORE-DAMAGE] random Attacks are rolled per model: 2 models with D3 attacks make 2-6 attacks", () => {
    const r = odds(profile({ attacks: "D3", hit: 2, wound: 2 }, { models: 6 }, {}, { models: 2 }));
    expect(r.damage.mean).toBeCloseTo(4 * (25 / 36), 13);
    expect(r.damage.pmf[6]).toBeCloseTo((1 / 9) * (25 / 36) ** 6, 15);
  });
});

describe("several weapons", () => {
  it("[CORE-DAMAGE] each weapon's damage adds into one pool: means add", () => {
    const input: AosOddsInputJson = {
      attacker: {
        name: "Gargant", models: 1,
        weapons: [
          { name: "club", attacks: "D6", hit: 3, wound: 3, rend: 2, damage: "D3+1", abilities: ["Crit (Mortal)"] },
          { name: "stomp", attacks: 2, hit: 4, wound: 2, rend: 0, damage: "D3", abilities: ["Companion"] },
        ],
      },
      defender: { name: "Target", models: 3, health: 5, save: 4, ward: 6 },
    };
    const both = odds(input);
    const club = odds({ ...input, attacker: { ...input.attacker, weapons: [input.attacker.weapons[0]!] } });
    const stomp = odds({ ...input, attacker: { ...input.attacker, weapons: [input.attacker.weapons[1]!] } });
    expect(both.damage.mean).toBeCloseTo(club.damage.mean + stomp.damage.mean, 12);
    expect(both.damage.pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 13);
  });
});

describe("champions and weapon options", () => {
  // Liberators: 4 Warhammers and 1 Grandhammer (2 Attacks, 3+, 3+, Rend 1, Crit (Mortal); Damage 1 and 2).
  const liberators = (champion?: { warhammer?: boolean; grandhammer?: boolean }): AosOddsInputJson => ({
    attacker: {
      name: "Liberators", models: 5, keywords: ["CHAMPION"],
      weapons: [
        { name: "Warhammer", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 1, abilities: ["Crit (Mortal)"], models: 4, ...(champion?.warhammer !== undefined ? { champion: champion.warhammer } : {}) },
        { name: "Grandhammer", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 2, abilities: ["Crit (Mortal)"], models: 1, ...(champion?.grandhammer !== undefined ? { champion: champion.grandhammer } : {}) },
      ],
    },
    defender: { name: "D", models: 20, health: 1, save: null },
  });

  it("[CORE-CHAMPION] no weapon is carried by every model: the champion uses the one most of the unit carries (9 Warhammer attacks, mean 6.5)", () => {
    // Per attack with no save: a crit (1/6) is 1 mortal damage, a plain hit (3/6) wounds on 3+ (4/6): 1/2
    // damage per Warhammer attack, 1 per Grandhammer attack. The champion carries a Warhammer: 4 x 2 + 1 = 9
    // attacks (4.5) and 2 Grandhammer attacks (2): 6.5; at most 9 + 2 x 2 = 13 damage.
    const r = odds(liberators());
    expect(r.damage.pmf).toHaveLength(9 + 2 * 2 + 1);
    expect(r.damage.mean).toBeCloseTo(6.5, 12);
    // (odds() also holds both kernels bit-identical and equal to the rational oracle, die by die.)
  });

  it("[CORE-CHAMPION] the data says otherwise: a champion with the Grandhammer makes 3 Grandhammer attacks (mean 7), none with neither", () => {
    // 8 Warhammer attacks (4) + 3 Grandhammer attacks (3).
    const grand = odds(liberators({ grandhammer: true }));
    expect(grand.damage.mean).toBeCloseTo(7, 12);
    expect(grand.damage.pmf).toHaveLength(8 + 3 * 2 + 1);
    // Marked off the Warhammer and nothing else said: the Grandhammer (1 of 5) is not "most of the unit".
    const none = odds(liberators({ warhammer: false }));
    expect(none.damage.mean).toBeCloseTo(6, 12);
    expect(none.damage.pmf).toHaveLength(8 + 2 * 2 + 1);
  });

  it("[CORE-CHAMPION] the champion's weapon of each type: a weapon every model carries, else one carried by more than half", () => {
    const w = (type: "melee" | "ranged", models?: number, champion?: boolean) => ({ type, ...(models !== undefined ? { models } : {}), ...(champion !== undefined ? { champion } : {}) });
    // Every model's melee weapon and the majority's ranged weapon (Judicators: 4 Skybolt Bows, 1 Shockbolt).
    expect(championWeapons([w("melee"), w("ranged", 1), w("ranged", 4)], 5)).toEqual([true, false, true]);
    // 3 of 5 is most; 2 of 5 is not; a tie goes to the first listed.
    expect(championWeapons([w("melee", 2), w("melee", 3)], 5)).toEqual([false, true]);
    expect(championWeapons([w("melee", 3), w("melee", 3)], 5)).toEqual([true, false]);
    // 1 of 10 carries the only ranged weapon (Gutter Runners' Saboteur Bombs): not the champion's.
    expect(championWeapons([w("melee"), w("ranged", 1)], 10)).toEqual([true, false]);
    // A weapon marked as the champion's is the only one of its type; one marked off is passed over.
    expect(championWeapons([w("melee", 4), w("melee", 1, true)], 5)).toEqual([false, true]);
    expect(championWeapons([w("melee", 4, false), w("melee", 3)], 5)).toEqual([false, true]);
  });
});
