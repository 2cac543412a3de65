/**
 * CAMP-GENERAL and CAMP-BATTLE: Generals, the army a Banner fields at its points, and battles decided by
 * the AoS engine. Points are the bundled warscrolls' (Liege-Kavalos 180, Mortisan Boneshaper 140, Mortek
 * Guard 110 per 10, Kavalos Deathriders 150, Gothizzar Harvester 200, Mortek Crawler 250, Necropolis
 * Stalkers 130; Lord-Imperatant 110, Knight-Arcanum 120, Liberators and Vindictors 90 per 5, Annihilators
 * 130, Prosecutors 150, Celestar Ballista 120).
 */
import type { CampaignConfig } from "../../src/campaign/state.js";
import { rolloutWasmOrTs } from "../../src/aos/rollout/wasm.js";
import { playPolicy, resultFromState, rolloutTs } from "../../src/aos/rollout/ts.js";
import { loadCore } from "../../src/core/wasm.js";
import { describe, expect, it } from "vitest";
import exampleArmy from "../../data/campaign/example-army.json" with { type: "json" };
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { campaignGame, campaignPolicy, fieldArmy, generalFor, loserHasUnitsLeft, resolveCampaignArmy } from "../../src/campaign/index.js";
import { Rng } from "../../src/core/rng.js";
import { playOut } from "../../src/planner/agents.js";
import type { RolloutResult } from "../../src/aos/rollout/types.js";
import { InputError } from "../../src/core/errors.js";
import { campaignAt, finish, give, LINE, mapOf, ROSTER_A, ROSTER_B, ROSTERS } from "./fixtures.js";

const errorOf = (json: unknown): string => {
  try {
    resolveCampaignArmy(json, "army");
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("the army was accepted");
};

describe("CAMP-GENERAL: the army a Banner fields", () => {
  const auto = resolveCampaignArmy(ROSTER_A, "a");
  const vorgath = generalFor(auto, 0, 0);

  it("[CAMP-GENERAL] Mortek Shieldwall at 2,250: General + roster (1,000) + automatic reinforcements in order = 13 units, 2,160 points", () => {
    expect(vorgath.general).toEqual({ name: "Vorgath the Grim", warscroll: "Liege-Kavalos", commandTrait: null, artefact: null });
    const f = fieldArmy(auto, vorgath.general, vorgath.banner, 2250);
    // 1,000; round 2: +220 +110 +150 +200 = 1,680; round 3: +220 +110 +150 = 2,160, the Harvester (200) does not fit.
    expect(f.points).toBe(2160);
    expect(f.units).toEqual([
      "Vorgath the Grim",
      "Mortisan Boneshaper",
      "Mortek Guard (20)",
      "Mortek Guard (10)",
      "Kavalos Deathriders",
      "Gothizzar Harvester",
      "Mortek Guard (20) #2",
      "Mortek Guard (10) #2",
      "Kavalos Deathriders #2",
      "Gothizzar Harvester #2",
      "Mortek Guard (20) #3",
      "Mortek Guard (10) #3",
      "Kavalos Deathriders #3",
    ]);
    expect(f.roster.general).toBe("Vorgath the Grim");
    expect(f.roster.pointsLimit).toBe(2250);
  });

  it("[CAMP-GENERAL] Fortified (2,450), the third Harvester fits too: 14 units, 2,360 points", () => {
    const f = fieldArmy(auto, vorgath.general, vorgath.banner, 2450);
    expect(f.points).toBe(2360);
    expect(f.units).toHaveLength(14);
    expect(f.units.at(-1)).toBe("Gothizzar Harvester #3");
  });

  it("[CAMP-GENERAL] a campaign army's own reinforcements: skipped when they do not fit, the next one tried; the General's cost counts", () => {
    const army = resolveCampaignArmy(exampleArmy, "example");
    const [morthrax, selkhar] = [generalFor(army, 0, 0), generalFor(army, 0, 1)];
    // 820 + Liege-Kavalos 180 = 1,000; Crawlers 1,750; Harvester 1,950; Guard (30) 2,280 does not fit;
    // Stalkers 2,080; Guard (10) 2,190.
    const at2250 = fieldArmy(army, morthrax.general, morthrax.banner, 2250);
    expect(at2250.points).toBe(2190);
    expect(at2250.units.slice(6)).toEqual(["Crawler I", "Crawler II", "Crawler III", "Harvester II", "Necropolis Stalkers", "Mortek Guard (10) II"]);
    // At 2,450 the Guard (30) fits (2,280), then the Stalkers (2,410); the last Guard would make 2,520.
    const at2450 = fieldArmy(army, morthrax.general, morthrax.banner, 2450);
    expect(at2450.points).toBe(2410);
    expect(at2450.units.slice(6)).toEqual(["Crawler I", "Crawler II", "Crawler III", "Harvester II", "Mortek Guard (30)", "Necropolis Stalkers"]);
    // A Boneshaper General (140): 960 + 750 + 200 + 330 = 2,240; nothing else fits.
    const selkharAt2250 = fieldArmy(army, selkhar.general, selkhar.banner, 2250);
    expect(selkharAt2250.points).toBe(2240);
    expect(selkharAt2250.units).toHaveLength(11);
    expect(selkharAt2250.roster.enhancements).toEqual([{ type: "artefact", name: "Artisan's Key", unit: "Mortisan Selkhar" }]);
  });

  it("[CAMP-GENERAL] Generals come in the listed order with their Banners' names, then automatically named", () => {
    const army = resolveCampaignArmy(exampleArmy, "example");
    const g = [0, 1, 2, 3, 4].map((k) => generalFor(army, 0, k));
    expect(g.map((x) => [x.banner, x.general.name, x.general.warscroll])).toEqual([
      ["The Bone Tithe", "Liege Morthrax", "Liege-Kavalos"],
      ["The Ivory Host", "Mortisan Selkhar", "Mortisan Boneshaper"],
      ["The Reaping Tithe", "Soulreaper Vhalek", "Mortisan Soulreaper"],
      ["Vorgath the Grim's Vanguard", "Vorgath the Grim", "Liege-Kavalos"],
      ["Ilsa the Unbroken's Company", "Ilsa the Unbroken", "Mortisan Boneshaper"],
    ]);
    expect(g[0]!.general).toEqual({ name: "Liege Morthrax", warscroll: "Liege-Kavalos", commandTrait: "Peerless Commander", artefact: "Marrowpact" });
  });

  it("[CAMP-GENERAL] a UNIQUE hero leads one Banner only: Lady Olynder is the first General, then never again", () => {
    const nh = resolveCampaignArmy(ROSTERS[3]!, "nh");
    expect(nh.autoGeneralWarscrolls).toEqual(["Lady Olynder, Mortarch of Grief", "Knight of Shrouds on Ethereal Steed", "Guardian of Souls", "Spirit Torment"]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((k) => generalFor(nh, 1, k).general.warscroll)).toEqual([
      "Lady Olynder, Mortarch of Grief",
      "Knight of Shrouds on Ethereal Steed",
      "Guardian of Souls",
      "Spirit Torment",
      "Knight of Shrouds on Ethereal Steed",
      "Guardian of Souls",
      "Spirit Torment",
      "Knight of Shrouds on Ethereal Steed",
    ]);
  });

  it("[CAMP-GENERAL] Generals must be unique HEROES of the faction, with no artefact twice; the army at most 2,250 points", () => {
    const army = (patch: Record<string, unknown>) => ({ ...exampleArmy, ...patch });
    const g = exampleArmy.generals;
    expect(errorOf(army({ generals: [g[0], { ...g[1], artefact: "Marrowpact" }] }))).toBe(
      'army.generals[1].artefact: generals[0] already carries "Marrowpact"; no two Generals take the same artefact',
    );
    expect(errorOf(army({ generals: [g[0], { ...g[1], name: "Liege Morthrax" }] }))).toBe('army.generals[1].name: "Liege Morthrax" leads another Banner; Generals are unique within an empire');
    expect(errorOf(army({ generals: [{ name: "Bob", warscroll: "Mortek Guard" }] }))).toBe("army.generals[0].warscroll: Mortek Guard is not a HERO; a General is a HERO");
    expect(errorOf(army({ generals: [{ name: "Bob", warscroll: "Lord-Imperatant" }] }))).toBe("army.generals[0].warscroll: Lord-Imperatant is Stormcast Eternals, not Ossiarch Bonereapers");
    expect(errorOf(army({ generals: [{ name: "Mortek Guard", warscroll: "Liege-Kavalos" }] }))).toBe('army.generals[0].name: "Mortek Guard" is the name of a unit; give the General a name of its own');
    expect(errorOf(army({ reinforcements: [{ warscroll: "Mortek Guard", models: 15 }] }))).toBe("army.reinforcements[0].models: Mortek Guard comes in units of 10, 20 or 30 models (got 15)");
    expect(errorOf(army({ reinforcements: [{ warscroll: "Liberators" }] }))).toBe("army.reinforcements[0].warscroll: Liberators is Stormcast Eternals; an army of Ossiarch Bonereapers takes it only as an ally");
    const big = { ...ROSTER_A, pointsLimit: 2000, units: [...ROSTER_A.units, { id: "More Guard", warscroll: "Mortek Guard", models: 30 }, { id: "Crawler", warscroll: "Mortek Crawler" }, { id: "Crawler 2", warscroll: "Mortek Crawler" }, { id: "Crawler 3", warscroll: "Mortek Crawler" }, { id: "Crawler 4", warscroll: "Mortek Crawler" }] };
    // 1,000 + 330 + 4 · 250 = 2,330 points (PB-LIMIT's own 2,000 is not checked: the campaign sets the limit).
    expect(errorOf({ roster: big })).toBe("army.roster: the army costs 2330 points; a Banner's army is at most 2250 (CAMP-GENERAL)");
    const nh = ROSTERS[3]!;
    expect(errorOf({ roster: nh, generals: [{ name: "A", warscroll: "Lady Olynder, Mortarch of Grief" }, { name: "B", warscroll: "Lady Olynder, Mortarch of Grief" }] })).toBe(
      "army.generals[1].warscroll: Lady Olynder, Mortarch of Grief is UNIQUE and already leads generals[0]; no-one can be in two places at once",
    );
  });
});

describe("CAMP-BATTLE: simulated by the AoS engine", () => {
  const play = (map = LINE, seed = 5, rollout?: CampaignConfig["rollout"]) => {
    const f = campaignAt({ map, battles: "simulated", seed, owner: { a: 0, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "d", name: "B1" }] });
    if (rollout) f.config.rollout = rollout;
    give(f, { A1: { move: "c" }, B1: { move: "c" } });
    finish(f);
    return f;
  };

  it("[CAMP-BATTLE] a Pitched Battle on a rolled battleplan, each side fielding its army at its points (its General first)", () => {
    const f = play();
    const b = f.s.data.history![0]!.battles[0]!;
    expect(b.points).toEqual([2250, 2250]);
    const r = b.result!;
    expect(r.source).toBe("simulated");
    expect(BATTLEPLAN_IDS).toContain(r.battleplan);
    expect(r.planRoll).toMatch(/^PB-BATTLEPLAN-ROLL: table [12], plan [1-6]$/);
    // Mortek Shieldwall: 13 units at 2,250 (above). Hammers: 990; round 2 +760 = 1,750; round 3 Liberators,
    // Vindictors, Annihilators = 2,240: 15 units.
    expect(r.armies![0]).toHaveLength(13);
    expect(r.armies![0]![0]).toBe("Vorgath the Grim");
    expect(r.armies![1]).toHaveLength(15);
    expect(r.armies![1]![0]).toBe("Yselda the Pale");
    expect(r.victoryPoints).toHaveLength(2);
    expect(r.winner === null).toBe(r.outcome === "draw");
    // CAMP-BATTLE: the winner controls the territory; a draw leaves it neutral.
    expect(f.s.data.owner[f.t("c")]).toBe(r.winner);
    // The same seed, the same battle.
    expect(play().s.data.history![0]!.battles[0]!.result).toEqual(r);
  });

  it("[CAMP-BATTLE] played in the Wasm rollout kernel (as the CLI does), each battle is the one the TypeScript engine plays", async () => {
    const core = await loadCore();
    for (const seed of [5, 6, 7, 8]) {
      expect(play(LINE, seed, (s, sd) => rolloutWasmOrTs(core, s, sd)).s.data.history![0]!.battles[0]!.result).toEqual(play(LINE, seed).s.data.history![0]!.battles[0]!.result);
    }
  });

  it("[CAMP-RETREAT] a simulated battle is a Massacre when the winner has twice the loser's VP and 10 more (27 to 9), though the loser has units left", async () => {
    // Seed 6: Hammers (B1) win 27 to 9 VP (27 >= 2 x 9 and 27 - 9 >= 10), a major victory; three units of A1 are left
    // (32 to 7 and two left before the passive, status and battle-trait abilities were played;
    // 30 to 12 and three left before the Lord-Imperatant's Loyal Gryph-hound was played; two before the warscrolls' healing and returning models were played; 26 to 9 before Heralds of Righteousness
    // gave the Hammers' Prosecutors 3D6 charges).
    // (Since the combat-phase abilities, seeds 20 and 39 of this line wipe an army out as well; the no-unit-left
    // Massacre is held by the test of the counting hook below.)
    let left: number[] = [];
    const counting: CampaignConfig["rollout"] = (s0, sd) => {
      const s = s0.clone();
      s.reseed(sd);
      playPolicy(s);
      left = [s.battle.deployed(0).length, s.battle.deployed(1).length];
      return resultFromState(s);
    };
    const f = play(LINE, 6, counting);
    const r = f.s.data.history![0]!.battles[0]!.result!;
    expect([r.winner, r.outcome, r.victoryPoints]).toEqual([1, "major-victory", [9, 27]]);
    expect(left[0]).toBe(3);
    expect(left[1]).toBeGreaterThan(0);
    expect(r.massacre).toBe(true);
    expect(f.s.data.log).toContain("    [CAMP-RETREAT] A1 is massacred and scatters: it returns to its HQ next turn");
    expect(f.s.data.log!.find((l) => l.includes("Result"))).toContain("— a Massacre (twice the VP and 10 more)");
    // Through the Wasm kernel (rolloutWasmOrTs): the same battle and the same result.
    const core = await loadCore();
    expect(play(LINE, 6, (s, sd) => rolloutWasmOrTs(core, s, sd)).s.data.history![0]!.battles[0]!.result).toEqual(r);
  });

  it("[CAMP-RETREAT] a simulated major victory of 20 to 15 VP with units left is no Massacre (20 < 2 x 15): the loser retreats", () => {
    // Seed 10 (21 to 11 before the bundled warscrolls were filled in from their catalogues; re-measured when healing and returning models were played: seed 2's battle became 29 to 14, a Massacre;
    // seed 8's was 23 to 15 before Heralds of Righteousness joined them, 20 to 11 before the passive, status and
    // battle-trait abilities, now 17 to 16).
    const f = play(LINE, 10);
    const r = f.s.data.history![0]!.battles[0]!.result!;
    expect([r.winner, r.outcome, r.victoryPoints, r.massacre]).toEqual([0, "major-victory", [20, 15], false]);
    expect(f.banner("B1").at).toBe(f.t("d"));
    expect(f.s.data.log).toContain("    [CAMP-RETREAT] B1 retreats from c to d");
  });

  it("[CAMP-RETREAT] a rollout hook that counts the units left is believed: 15 to 9 VP, none of the loser's left, a Massacre; two left, none", () => {
    const base = play(LINE, 5).s.data.history![0]!.battles[0]!.result!;
    const fake = (onBattlefield: [number, number]): CampaignConfig["rollout"] => (s0, sd) => ({ ...rolloutTs(s0, sd), winner: 0, outcome: "major-victory", victoryPoints: [15, 9], onBattlefield });
    expect(base.massacre).toBe(false);
    const wiped = play(LINE, 5, fake([5, 0])).s.data.history![0]!.battles[0]!.result!;
    expect([wiped.victoryPoints, wiped.massacre]).toEqual([[15, 9], true]);
    const standing = play(LINE, 5, fake([5, 2])).s.data.history![0]!.battles[0]!.result!;
    expect([standing.victoryPoints, standing.massacre]).toEqual([[15, 9], false]);
  });

  it("[CAMP-RETREAT] a default campaign played in the Wasm kernel (replaying in TypeScript only where the Massacre test needs the units) is the TypeScript engine's, Massacres included", async () => {
    const core = await loadCore();
    const campaign = (rollout?: CampaignConfig["rollout"]) => {
      const s = campaignGame.newInitialState({ armies: [ROSTER_A, ROSTER_B], turns: 8, log: true }, 3);
      if (rollout) s.config.rollout = rollout;
      playOut(s, [campaignPolicy, campaignPolicy], new Rng(3));
      return s.data.history!;
    };
    const ts = campaign();
    const battles = ts.flatMap((t) => t.battles);
    expect(battles.length).toBeGreaterThan(3);
    expect(battles.some((b) => b.result!.massacre)).toBe(true);
    expect(battles.some((b) => b.result!.winner !== null && !b.result!.massacre)).toBe(true);
    expect(campaign((s, sd) => rolloutWasmOrTs(core, s, sd))).toEqual(ts);
  });

  it("[CAMP-RETREAT] the record proves the loser has units left when it completed a strategy that needs one standing, or the winner failed Sever the Head", () => {
    // Player 0 won; only the grand strategies matter to the test.
    const r = (loser: [string, boolean], winner: [string, boolean]): RolloutResult =>
      ({ winner: 0, grandStrategy: [{ id: winner[0], completed: winner[1] }, { id: loser[0], completed: loser[1] }] }) as unknown as RolloutResult;
    // Hold the Line, Dominating Presence, Beast Master, Prized Sorcery, Pillars of Belief need a unit of the loser standing.
    for (const id of ["hold-the-line", "dominating-presence", "beast-master", "prized-sorcery", "pillars-of-belief"]) {
      expect(loserHasUnitsLeft(r([id, true], ["vendetta", true])), id).toBe(true);
      expect(loserHasUnitsLeft(r([id, false], ["vendetta", true])), id).toBe(false);
    }
    // Sever the Head completed, Vendetta or Predators' Domain prove nothing; the winner failing Sever the Head does (a HERO stands).
    expect(loserHasUnitsLeft(r(["sever-the-head", true], ["hold-the-line", true]))).toBe(false);
    expect(loserHasUnitsLeft(r(["vendetta", true], ["hold-the-line", true]))).toBe(false);
    expect(loserHasUnitsLeft(r(["predators-domain", true], ["hold-the-line", true]))).toBe(false);
    expect(loserHasUnitsLeft(r(["vendetta", false], ["sever-the-head", false]))).toBe(true);
    expect(loserHasUnitsLeft(r(["vendetta", false], ["sever-the-head", true]))).toBe(false);
    expect(loserHasUnitsLeft({ ...r(["hold-the-line", true], ["vendetta", true]), winner: null })).toBe(false);
  });

  it("[CAMP-BATTLE] in a special map section the battle is fought on the section's own scenario", () => {
    const special = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"] }, c: { adj: ["d"], special: { kind: "section", scenario: "the-vice" } }, d: { adj: ["e"] }, e: { edge: true } });
    const r = play(special, 7).s.data.history![0]!.battles[0]!.result!;
    expect(r.battleplan).toBe("the-vice");
    expect(r.planRoll).toBe(null);
  });

  it("[CAMP-BATTLE] a bare roster is a campaign army with automatic reinforcements", () => {
    const a = resolveCampaignArmy(ROSTER_B, "b");
    expect(a.automatic).toBe(true);
    expect(a.basePoints).toBe(880);
    expect(a.reinforcements.map((r) => r.points).slice(0, 5)).toEqual([180, 180, 130, 150, 120]);
    expect(resolveCampaignArmy(exampleArmy, "x").automatic).toBe(false);
  });
});
