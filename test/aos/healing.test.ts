/**
 * Healing and returning slain models (src/aos/battle/healing.ts, docs/abilities.md): each played ability on a
 * set-up position with scripted dice (a ScriptedRng fails on any die the test did not expect), and the
 * kernel's twin (assembly/battle/healing.ts) playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { fight } from "../../src/aos/battle/combat.js";
import { pitchedBattleGame, PitchedBattleState } from "../../src/aos/battle/game.js";
import { returnable, useEndOfTurnHealing } from "../../src/aos/battle/healing.js";
import { beginTurn, nextPhase } from "../../src/aos/battle/turn.js";
import { footprintRadius } from "../../src/aos/battle/units.js";
import { playPolicy, playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });

describe("healing, scripted dice", () => {
  it("[AB:Crypt Haunter Courtier/Blessed Blood] at the end of your hero phase, a damaged Courtier heals D3 damage points; an undamaged one rolls nothing", () => {
    const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Liberators", 1, 40, 34)], { dice: [2], step: { kind: "hero", player: 0 } });
    b.unit(ids[0]!).damage = 4;
    nextPhase(b);
    expect([b.unit(ids[0]!).damage, left(b), b.data.step.kind]).toEqual([2, 0, "movement"]);
    // Heal (3) of 1 damage point removes 1.
    const low = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Liberators", 1, 40, 34)], { dice: [3], step: { kind: "hero", player: 0 } });
    low.b.unit(low.ids[0]!).damage = 1;
    nextPhase(low.b);
    expect([low.b.unit(low.ids[0]!).damage, left(low.b)]).toEqual([0, 0]);
    const fresh = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Liberators", 1, 40, 34)], { dice: [], step: { kind: "hero", player: 0 } });
    nextPhase(fresh.b);
    expect(fresh.b.unit(fresh.ids[0]!).damage).toBe(0);
  });

  it("[AB:Dreadscythe Harridans/Harrowing Shrieks] an enemy unit in combat with the Harridans is not healed (no dice rolled); out of combat it is", () => {
    const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Dreadscythe Harridans", 1, 20, 14.5)], { dice: [], step: { kind: "hero", player: 0 } });
    b.unit(ids[0]!).damage = 4;
    expect(b.distance(ids[0]!, ids[1]!)).toBeLessThanOrEqual(3);
    nextPhase(b);
    expect(b.unit(ids[0]!).damage).toBe(4);
    const far = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Dreadscythe Harridans", 1, 40, 34)], { dice: [1], step: { kind: "hero", player: 0 } });
    far.b.unit(far.ids[0]!).damage = 4;
    nextPhase(far.b);
    expect([far.b.unit(far.ids[0]!).damage, left(far.b)]).toEqual([3, 0]);
  });

  it("[AB:Knight of Shrouds on Ethereal Steed/Stolen Hours] after its fight, Heal (X) with X the damage points its attacks allocated", () => {
    // The Knight (5 damage points) fights 10 Chainrasps (Health 1, Save 6, WARD (6+)): the Sword's first
    // attack hits (4), wounds (3), is not saved (1) and both its damage points pass the ward (1, 1); the second
    // the same; the other 3 miss (1, 1, 1), and the Steed's 3 attacks too: 2 x 2 = 4 damage, 4 Chainrasps
    // slain. Heal (4): 5 - 4 = 1 damage point left.
    const k = battleAt("savage-gains", [at("Knight of Shrouds on Ethereal Steed", 0, 20, 10), at("Chainrasps", 1, 20, 13.5)], { dice: [4, 3, 1, 1, 1, 4, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    k.b.unit(k.ids[0]!).damage = 5;
    k.b.unit(k.ids[0]!).inCombatAtStart = k.b.unit(k.ids[1]!).inCombatAtStart = true;
    expect(k.b.inCombat(k.ids[0]!)).toBe(true);
    fight(k.b, k.ids[0]!, k.ids[1]!);
    expect([k.b.unit(k.ids[1]!).models, k.b.unit(k.ids[0]!).damage, left(k.b)]).toEqual([6, 1, 0]);
    // X is at most the wounds the target had left: 2 Chainrasps take only 2 of the 4 damage points.
    const few = battleAt("savage-gains", [at("Knight of Shrouds on Ethereal Steed", 0, 20, 10), at("Chainrasps", 1, 20, 13.5)], { dice: [4, 3, 1, 1, 1, 4, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    few.b.unit(few.ids[0]!).damage = 5;
    few.b.unit(few.ids[1]!).models = 2;
    fight(few.b, few.ids[0]!, few.ids[1]!);
    expect([few.b.unit(few.ids[1]!).status, few.b.unit(few.ids[0]!).damage]).toEqual(["destroyed", 3]);
  });

  it("[AB:Varghulf Courtier/Victory Feast] at the end of a turn in which it slew models, Heal (D6); not otherwise; the flag goes when the next turn starts", () => {
    const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Liberators", 1, 40, 34)], { dice: [4], step: { kind: "combat", player: 0 } });
    b.unit(ids[0]!).damage = 5;
    b.unit(ids[0]!).slewThisTurn = true;
    useEndOfTurnHealing(b);
    expect([b.unit(ids[0]!).damage, left(b)]).toEqual([1, 0]);
    beginTurn(b, 1);
    expect(b.unit(ids[0]!).slewThisTurn).toBeUndefined();
    b.unit(ids[0]!).damage = 5;
    useEndOfTurnHealing(b); // slew nothing this turn: no dice
    expect(b.unit(ids[0]!).damage).toBe(5);
  });
});

describe("returning slain models, scripted dice", () => {
  it("[AB:Lady Olynder, Mortarch of Grief/No Rest for the Wicked] once per battle, a D3+3 Health of models for each NIGHTHAUNT unit with slain models, when a mean roll returns 8 Health or more", () => {
    // Chainrasps 20 -> 12 (8 slain, Health 1) and Grimghast Reapers 10 -> 7 (Health 2): a mean roll of 5
    // returns 5 + 2 x 2 = 9 Health. D3 rolls 3 and 1: 6 Chainrasps (18) and 4 / 2 = 2 Reapers (9).
    const units = [at("Lady Olynder, Mortarch of Grief", 0, 10, 8), at("Chainrasps", 0, 10, 20, 20), at("Grimghast Reapers", 0, 22, 10, 10), at("Liberators", 1, 50, 36)];
    const { b, ids } = battleAt("savage-gains", units, { dice: [3, 1], step: { kind: "hero", player: 0 } });
    b.unit(ids[1]!).models = 12;
    b.unit(ids[2]!).models = 7;
    nextPhase(b);
    expect([b.unit(ids[1]!).models, b.unit(ids[2]!).models, left(b), b.data.effectsUsed]).toEqual([18, 9, 0, [[`Lady Olynder, Mortarch of Grief/No Rest for the Wicked#${ids[0]}`], []]]); // once for her (damage.ts)
    // Once per battle: the next hero phase rolls nothing.
    b.unit(ids[1]!).models = 10;
    b.data.step = { kind: "hero", player: 0 };
    nextPhase(b);
    expect(b.unit(ids[1]!).models).toBe(10);
    // 3 Chainrasps slain (3 Health on a mean roll): not used in round 1, used from round 4 (a 2: 5 return, 3 can).
    const few = battleAt("savage-gains", units, { dice: [2], step: { kind: "hero", player: 0 } });
    few.b.unit(few.ids[1]!).models = 17;
    nextPhase(few.b);
    expect([few.b.unit(few.ids[1]!).models, left(few.b)]).toEqual([17, 1]);
    few.b.data.round = 4;
    few.b.data.step = { kind: "hero", player: 0 };
    nextPhase(few.b);
    expect([few.b.unit(few.ids[1]!).models, left(few.b)]).toEqual([20, 0]);
  });

  it("[AB:Lady Olynder, Mortarch of Grief/No Rest for the Wicked] the footprint grows about its centre and stops before a model that would come within 3\" of an enemy unit not in combat with it, leave the battlefield, overlap a footprint or stand on unstable terrain", () => {
    const { b, ids } = battleAt("savage-gains", [at("Chainrasps", 0, 20, 20, 20), at("Liberators", 1, 20, 30), at("Chainrasps", 0, 50, 30, 10)], { dice: [] });
    b.unit(ids[0]!).models = 12;
    // Put the Liberators 3.2" from the 12-model footprint's edge: 13 models leave 3.2 - (r13 - r12) > 3", 14 do not.
    const base = b.profile(ids[0]!).baseRadius;
    const r = (n: number) => footprintRadius(n, base);
    b.unit(ids[1]!).y = 20 + r(12) + 3.2 + b.footprint(ids[1]!).radius;
    expect(3.2 - (r(13) - r(12))).toBeGreaterThan(3);
    expect(3.2 - (r(14) - r(12))).toBeLessThanOrEqual(3);
    expect(returnable(b, ids[0]!, 5)).toBe(1);
    // Already in combat with them: it may grow (up to the models slain).
    b.unit(ids[1]!).y = 20 + r(12) + 1 + b.footprint(ids[1]!).radius;
    expect(returnable(b, ids[0]!, 5)).toBe(5);
    expect(returnable(b, ids[0]!, 50)).toBe(8);
    // Not past the battlefield's edge (y = 0): the 12-model footprint's edge at 0.05".
    b.unit(ids[1]!).y = 40;
    b.unit(ids[0]!).y = r(12) + 0.05;
    expect(returnable(b, ids[0]!, 8)).toBe(0);
    // Nor into another footprint (a friend 0.05" away: one more model adds r13 - r12 = 0.11").
    b.unit(ids[0]!).y = 20;
    b.unit(ids[2]!).x = 20 + r(12) + 0.05 + b.footprint(ids[2]!).radius;
    b.unit(ids[2]!).y = 20;
    expect(returnable(b, ids[0]!, 8)).toBe(0);
    b.unit(ids[2]!).x = 20 + r(12) + 0.2 + b.footprint(ids[2]!).radius; // room for one: r13 - r12 < 0.2 < r14 - r12
    expect([r(13) - r(12) < 0.2, r(14) - r(12) > 0.2, returnable(b, ids[0]!, 8)]).toEqual([true, true, 1]);
    // Nor onto the tall part of unstable terrain (CORE-UNSTABLE): a rock whose tall part is 0.05" from the edge.
    b.unit(ids[2]!).x = 50;
    b.data.terrain = [{ x: 20 - r(12) - 0.05 - 1, y: 20, radius: 1, height: 2, tallRadius: 1, abilities: ["Unstable"] }];
    expect(returnable(b, ids[0]!, 8)).toBe(0);
  });

  it("[AB:Abhorrant Archregent/Countless Servants] a SERFS or KNIGHTS unit wholly within 12\": the most wounds back (3 Ghouls = 3, 1 Horror = 4), then a dice: 3+ returns them", () => {
    const units = [at("Abhorrant Archregent", 0, 20, 10), at("Crypt Ghouls", 0, 20, 16, 20), at("Crypt Horrors", 0, 12, 10, 3), at("Liberators", 1, 50, 36)];
    const { b, ids } = battleAt("savage-gains", units, { dice: [3], step: { kind: "hero", player: 0 } });
    b.unit(ids[1]!).models = 15;
    b.unit(ids[2]!).models = 1;
    nextPhase(b);
    expect([b.unit(ids[1]!).models, b.unit(ids[2]!).models, left(b)]).toEqual([15, 2, 0]);
    const miss = battleAt("savage-gains", units, { dice: [2], step: { kind: "hero", player: 0 } });
    miss.b.unit(miss.ids[1]!).models = 15;
    miss.b.unit(miss.ids[2]!).models = 1;
    nextPhase(miss.b);
    expect([miss.b.unit(miss.ids[1]!).models, miss.b.unit(miss.ids[2]!).models, left(miss.b)]).toEqual([15, 1, 0]);
    // Only the Ghouls lost models: 3 of them return.
    const serfs = battleAt("savage-gains", units, { dice: [6], step: { kind: "hero", player: 0 } });
    serfs.b.unit(serfs.ids[1]!).models = 15;
    nextPhase(serfs.b);
    expect(serfs.b.unit(serfs.ids[1]!).models).toBe(18);
  });

  it("[AB:Gothizzar Harvester/Repair Construct] [AB:Gothizzar Harvester/Bone Cage] [AB:Gothizzar Harvester/Bone Harvest] full at the start; a full Harvester returns 1 model (3 of Health 1) and is empty; at the end of a turn an empty one fills on a 4+ per destroyed enemy unit (+1 if it fought)", () => {
    const units = [at("Gothizzar Harvester", 0, 20, 10), at("Mortek Guard", 0, 20, 18, 10), at("Kavalos Deathriders", 0, 12, 10, 5), at("Liberators", 1, 50, 36), at("Vindictors", 1, 40, 36)];
    const { b, ids } = battleAt("savage-gains", units, { dice: [2, 3], step: { kind: "hero", player: 0 } });
    expect(b.unit(ids[0]!).tokens).toEqual(["bone-cage-full"]);
    b.unit(ids[1]!).models = 8; // 2 of Health 1 can return: 2 wounds
    b.unit(ids[2]!).models = 3; // 1 of Health 3: 3 wounds
    nextPhase(b);
    expect([b.unit(ids[1]!).models, b.unit(ids[2]!).models, b.unit(ids[0]!).tokens]).toEqual([8, 4, []]);
    // Empty: nothing more in the next hero phase.
    b.data.step = { kind: "hero", player: 0 };
    nextPhase(b);
    expect(b.unit(ids[1]!).models).toBe(8);
    // End of the turn: no enemy unit destroyed yet, no dice; then 2 destroyed and it fought: 2 + 1, 3 + 1: full.
    useEndOfTurnHealing(b);
    expect(left(b)).toBe(2);
    for (const id of [ids[3]!, ids[4]!]) Object.assign(b.unit(id), { status: "destroyed", models: 0, destroyedBy: { monster: false, predator: false, round: 1, turn: 0 } });
    b.unit(ids[0]!).fought = true;
    useEndOfTurnHealing(b);
    expect([b.unit(ids[0]!).tokens, left(b)]).toEqual([["bone-cage-full"], 0]);
    // Full again: 3 Mortek Guard of Health 1 (3 wounds) beat 1 Deathrider (3 wounds, a higher id).
    b.unit(ids[1]!).models = 6;
    b.data.step = { kind: "hero", player: 0 };
    nextPhase(b);
    expect([b.unit(ids[1]!).models, b.unit(ids[2]!).models]).toEqual([9, 4]);
  });

  it("[AB:Dreadscythe Harridans/Harrowing Shrieks] no slain models return to an enemy unit in combat with the Harridans", () => {
    const units = [at("Abhorrant Archregent", 0, 20, 10), at("Crypt Horrors", 0, 20, 20, 3), at("Dreadscythe Harridans", 1, 20, 25)];
    const { b, ids } = battleAt("savage-gains", units, { dice: [], step: { kind: "hero", player: 0 } });
    b.unit(ids[1]!).models = 1;
    expect(b.inCombat(ids[1]!)).toBe(true);
    nextPhase(b);
    expect(b.unit(ids[1]!).models).toBe(1);
  });
});

describe("healing and returning in the kernel", () => {
  const positions: [string, Placement[], (b: Battle, ids: number[]) => void][] = [
    ["Blessed Blood, Countless Servants, Victory Feast", [at("Crypt Haunter Courtier", 0, 20, 10), at("Abhorrant Archregent", 0, 26, 10), at("Crypt Ghouls", 0, 20, 17, 20), at("Crypt Horrors", 0, 12, 10, 3), at("Varghulf Courtier", 0, 30, 16), at("Liberators", 1, 30, 24, 10), at("Vindictors", 1, 12, 30)],
      (b, ids) => {
        b.unit(ids[0]!).damage = 5;
        b.unit(ids[2]!).models = 12;
        b.unit(ids[3]!).models = 2;
        b.unit(ids[4]!).damage = 6;
      }],
    ["No Rest for the Wicked, Stolen Hours, Harrowing Shrieks", [at("Lady Olynder, Mortarch of Grief", 0, 10, 8), at("Chainrasps", 0, 14, 20, 20), at("Knight of Shrouds on Ethereal Steed", 0, 24, 23), at("Grimghast Reapers", 0, 30, 12, 10), at("Crypt Haunter Courtier", 1, 24, 26), at("Crypt Ghouls", 1, 14, 28, 20), at("Dreadscythe Harridans", 0, 40, 30, 10)],
      (b, ids) => {
        b.unit(ids[1]!).models = 9;
        b.unit(ids[2]!).damage = 6;
        b.unit(ids[3]!).models = 6;
        b.unit(ids[4]!).damage = 4;
        b.unit(ids[5]!).models = 14;
      }],
    ["Repair Construct, Bone Cage, Bone Harvest", [at("Gothizzar Harvester", 0, 20, 14), at("Mortek Guard", 0, 20, 22, 20), at("Kavalos Deathriders", 0, 12, 10, 5), at("Chainrasps", 1, 20, 28, 10), at("Spirit Hosts", 1, 26, 16, 3)],
      (b, ids) => {
        b.unit(ids[1]!).models = 13;
        b.unit(ids[2]!).models = 2;
      }],
  ];
  for (const [what, units, prepare] of positions) {
    it(`[AB:${what.split(", ")[0]}] ${what}: battles from a hero phase are identical, seed for seed`, () => {
      const used = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = battleAt("savage-gains", units, { step: { kind: "hero", player: 0 }, log: false });
        prepare(b, ids);
        if (seed > 4) b.unit(ids[0]!).slewThisTurn = true; // encoded mid-turn
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
        // The abilities are used in these battles (the TypeScript log names each use).
        const logged = s.clone();
        logged.data.log = [];
        logged.reseed(seed);
        playPolicy(logged);
        for (const name of what.split(", ")) if (logged.data.log.some((l) => l.includes(name))) used.add(name);
      }
      expect([...used].sort()).toEqual(what.split(", ").filter((n) => n !== "Bone Cage" && n !== "Harrowing Shrieks").sort());
    });
  }

  it("[AB:Lady Olynder, Mortarch of Grief/No Rest for the Wicked] whole battles of the bundled Nighthaunt, Flesh-eater Courts and Ossiarch Bonereapers armies are identical in both engines", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const pick = (name: string) => rosters.find((r) => r.units.some((u) => u.warscroll === name))!;
    const pairs: [string, string][] = [["Lady Olynder, Mortarch of Grief", "Abhorrant Archregent"], ["Gothizzar Harvester", "Lady Olynder, Mortarch of Grief"], ["Abhorrant Archregent", "Gothizzar Harvester"]];
    for (const [g, [x, y]] of pairs.entries())
      for (const seed of [21, 22]) {
        const s = pitchedBattleGame.newInitialState({ rosters: [pick(x), pick(y)], battleplan: "savage-gains" }, 50 + g);
        playSetUp(s);
        expect(rolloutWasm(core, s, seed), `${x} v ${y}, seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
  });
});

describe("Harrowing Shrieks in the kernel", () => {
  it("[AB:Dreadscythe Harridans/Harrowing Shrieks] a Courtier in combat with the Harridans is not healed in its hero phase: the same battles in both engines", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Dreadscythe Harridans", 1, 20, 14.5)], { step: { kind: "hero", player: 0 }, log: false });
      b.unit(ids[0]!).damage = 4;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const one = s.clone();
      one.reseed(seed);
      nextPhase(one.battle); // the hero phase ends: no Blessed Blood
      expect(one.battle.unit(ids[0]!).damage).toBe(4);
    }
  });
});

describe("translated healing in both engines", () => {
  it("[AB-TRANSLATE] an imported warscroll's \"Heal (D3) this unit\" at the end of any turn is played, the same battles in TypeScript and the kernel", async () => {
    const { bundledLibrary, mergeLibraries } = await import("../../src/aos/armies/index.js");
    const { rosterSchema } = await import("../../src/aos/armies/index.js");
    const varghulf = bundledLibrary().warscrolls.find((w) => w.name === "Varghulf Courtier")!;
    const regen = { ...varghulf, name: "Regenerating Courtier", abilities: [{ name: "Regeneration", timing: "End of Any Turn", effect: "Heal (D3) this unit." }] };
    const library = mergeLibraries("test", bundledLibrary(), { source: "imported", warscrolls: [regen] });
    const rosters = [
      rosterSchema.parse({ name: "Feast", faction: "Flesh-eater Courts", pointsLimit: 1000, general: "Regenerating Courtier", grandStrategy: "Hold the Line", units: [{ warscroll: "Regenerating Courtier" }, { warscroll: "Crypt Ghouls", models: 20 }] }),
      rosterSchema.parse({ name: "Hammers", faction: "Stormcast Eternals", pointsLimit: 1000, general: "Liberators", grandStrategy: "Hold the Line", units: [{ warscroll: "Liberators", models: 10 }, { id: "Liberators 2", warscroll: "Liberators", models: 10 }] }),
    ] as const;
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [rosters[0], rosters[1]], battleplan: "savage-gains", library }, 11));
    expect(s.data.profiles[0]!.abilities?.map((a) => [a.name, a.status, a.effects.map((e) => e.do.kind)])).toEqual([["Regeneration", "played", ["heal"]]]);
    let healed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = s.clone();
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      healed += logged.data.log.filter((l) => l.includes("uses Regeneration")).length;
    }
    expect(healed).toBeGreaterThan(0);
  });
});
