/**
 * Who attacks with what, in the battle engine and the Wasm kernel: the champion's weapon (CORE-CHAMPION),
 * Shoot in Combat (CORE-SHOOT-IN-COMBAT) and the command points the general generates (CORE-CP).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackInput, resolveAttacks } from "../../src/aos/battle/attacks.js";
import { attackContext, shootingWeapons } from "../../src/aos/battle/shooting.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { encodeBattle } from "../../src/aos/rollout/encode.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { pitchedBattleGame, PitchedBattleState } from "../../src/aos/battle/game.js";
import { startRound } from "../../src/aos/battle/round.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { STEP_KINDS } from "../../src/aos/rollout/encode.js";
import { battleAt, labels, pick, ScriptedRng } from "../support/battle-fixtures.js";
import { traceTs } from "../support/rollout-trace.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

describe("CORE-CHAMPION in a battle", () => {
  /** Liberators (5: 4 Warhammers, 1 Grandhammer) in combat with `target`. */
  function liberatorsFight(target: string, models?: number) {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 20, y: 10, ...(models ? { models } : {}) },
      { warscroll: target, owner: 1, x: 20, y: 10 },
    ]);
    const [lib, t] = ids as [number, number];
    b.unit(t).y = 10 + b.footprint(lib).radius + b.footprint(t).radius + 0.25;
    return { b, lib, t };
  }

  it("[CORE-CHAMPION] the Liberators' champion carries a Warhammer: 9 Warhammer and 2 Grandhammer attacks, die for die", () => {
    const { b, lib, t } = liberatorsFight("Mortek Guard");
    expect(b.profile(lib).weapons.map((w) => [w.name, w.carriers, w.champion])).toEqual([["Warhammer", 4, true], ["Grandhammer", 1, false]]);
    expect(planAttack(attackInput(b.profile(lib), b.unit(lib), "melee", b.profile(t), b.unit(t), attackContext(b, lib, t))!).weapons.map((w) => w.championBonus)).toEqual([1, 0]);
    // Eleven hit rolls of 1 (9 Warhammer attacks, 2 Grandhammer attacks) miss them all; a twelfth die would
    // be one attack too many, and without the champion one die would be left over.
    const rng = new ScriptedRng(Array(11).fill(1));
    const r = resolveAttacks(b.profile(lib), b.unit(lib), "melee", b.profile(t), b.unit(t), attackContext(b, lib, t), rng);
    expect([r.damage, rng.left()]).toEqual([0, 0]);
    // The exact mean into Mortek Guard (4+ save, 6+ ward): (1/6 + 2/9) x 5/6 = 35/108 per point of Damage,
    // 9 x 35/108 + 2 x 2 x 35/108 = 455/108.
    expect(exactAttackTs(planAttack(attackInput(b.profile(lib), b.unit(lib), "melee", b.profile(t), b.unit(t), attackContext(b, lib, t))!)).damage.mean).toBeCloseTo(455 / 108, 12);
  });

  it("[CORE-CHAMPION] the kernel gives the champion's Warhammer its attack too: the same damage from the same seed, reinforced or after casualties", () => {
    let compared = 0;
    for (const models of [5, 10]) {
      for (const left of [models, 3, 1]) {
        const { b, lib, t } = liberatorsFight("Chainrasps", models);
        b.unit(lib).models = left;
        for (let s = 0; s < 20; s++) {
          const seed = 1000 * models + 10 * left + s;
          const tu = b.unit(t);
          const before = { models: tu.models, damage: tu.damage };
          const encoded = encodeBattle(b.data);
          const r = resolveAttacks(b.profile(lib), b.unit(lib), "melee", b.profile(t), tu, attackContext(b, lib, t), new Rng(seed));
          expect(Array.from(core.aosRolloutAttack(encoded, lib, t, false, seed)), `${left} of ${models} Liberators, seed ${seed}, ${before.models} Chainrasps`).toEqual([r.damage, tu.models, tu.damage]);
          tu.models = b.profile(t).startModels;
          tu.damage = 0;
          compared++;
        }
      }
    }
    expect(compared).toBe(120);
  });
});

describe("CORE-CP: command points come from the general", () => {
  function twoArmies() {
    // Each army's first unit is its general (battle-fixtures): the Lord-Imperatant and the Liege-Kavalos.
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 5 },
      { warscroll: "Liberators", owner: 0, x: 30, y: 5 },
      { warscroll: "Liege-Kavalos", owner: 1, x: 10, y: 38 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 38 },
    ]);
    const [g0, , g1] = ids as [number, number, number];
    expect([b.profile(g0).isGeneral, b.profile(g1).isGeneral]).toEqual([true, true]);
    b.data.commandPoints = [0, 0];
    return { b, g0, g1 };
  }

  it("[CORE-CP] each battle round an army receives 1 command point while its general lives, none once it is slain; unspent points are kept", () => {
    const { b, g1 } = twoArmies();
    startRound(b); // round 2
    expect(b.data.commandPoints).toEqual([1, 1]);
    Object.assign(b.unit(g1), { status: "destroyed", models: 0 });
    startRound(b); // round 3
    expect(b.data.commandPoints).toEqual([2, 1]);
    expect(b.data.log).toContain(`${b.data.armies[1]} receives no command point: its general has been slain (CORE-CP).`);
  });

  it("[CORE-CP] a general in reserve still generates command points, until it is destroyed there at the start of round 4", () => {
    const { b, g0 } = twoArmies();
    Object.assign(b.unit(g0), { status: "reserve", reserve: "celestial-realm" });
    b.data.round = 2;
    startRound(b); // round 3: in reserve, alive
    expect(b.data.commandPoints).toEqual([1, 1]);
    startRound(b); // round 4: destroyed before the command points are given
    expect(b.unit(g0).status).toBe("destroyed");
    expect(b.data.commandPoints).toEqual([1, 2]);
  });

  it("[CORE-CP] [PB-REALM-FERAL-ROAR] the kernel gives no command points to an army whose general is slain: Mega-Gargant battles identical seed for seed, and that army never roars", () => {
    const giants = bundledRosters().map((r) => r.roster).find((r) => r.name === "Stomp of Giants")!;
    const roarKind = STEP_KINDS.indexOf("feral-roar");
    /** After deployment, every Mega-Gargant battle-damaged, no command points; player 1's general slain or not. */
    function battle(seed: number, slain: boolean): PitchedBattleState {
      const s = pitchedBattleGame.newInitialState({ rosters: [giants, giants], battleplan: "savage-gains" }, seed);
      playSetUp(s);
      s.data.profiles.forEach((p, id) => {
        if (p.battleDamaged) s.data.units[id]!.damage = p.battleDamaged.damagePoints;
      });
      s.data.commandPoints = [0, 0];
      const g = s.battle.general(1)!;
      if (slain) Object.assign(s.data.units[g]!, { status: "destroyed", models: 0, damage: 0 });
      return s;
    }
    const roarsOf = (s: PitchedBattleState, seed: number, player: number) => traceTs(s, seed).filter((r) => r[0] === roarKind && r[1] === player && r[2] >= 0).length;
    let alive = 0;
    let slain = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const withGeneral = battle(seed, false);
      const without = battle(seed, true);
      alive += roarsOf(withGeneral, seed, 1);
      slain += roarsOf(without, seed, 1);
      expect(rolloutWasm(core, without, seed), `seed ${seed}`).toEqual(rolloutTs(without, seed));
      expect(rolloutWasm(core, withGeneral, seed), `seed ${seed}`).toEqual(rolloutTs(withGeneral, seed));
    }
    expect(alive).toBeGreaterThan(0); // with its general, player 1 spends the points it gains on Feral Roar
    expect(slain).toBe(0); // without, it never has one
  });
});

describe("CORE-SHOOT-IN-COMBAT", () => {
  /**
   * Player 0's shooting phase: Crypt Flayers (Death Scream 10": Shoot in Combat) in combat with Liberators,
   * Mortek Guard 6" from them; Prosecutors (Stormcall Javelin 10", no Shoot in Combat) in combat with
   * Chainrasps, far from the others.
   */
  function melee(dice?: number[]) {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Crypt Flayers", owner: 0, x: 15, y: 22 },
        { warscroll: "Prosecutors", owner: 0, x: 48, y: 22 },
        { warscroll: "Liberators", owner: 1, x: 15, y: 22 },
        { warscroll: "Mortek Guard", owner: 1, x: 15, y: 22 },
        { warscroll: "Chainrasps", owner: 1, x: 48, y: 22 },
      ],
      { step: { kind: "shooting", player: 0 }, ...(dice ? { dice } : {}) },
    );
    const [flayers, pro, lib, mortek, rasps] = ids as [number, number, number, number, number];
    b.data.terrain = [];
    const r = (id: number) => b.footprint(id).radius;
    b.unit(lib).y = 22 + r(flayers) + r(lib) + 0.25;
    b.unit(mortek).y = 22 - r(flayers) - r(mortek) - 6;
    b.unit(rasps).y = 22 + r(pro) + r(rasps) + 0.25;
    return { b, flayers, pro, lib, mortek, rasps };
  }

  it("[CORE-SHOOT-IN-COMBAT] a unit in combat shoots only with its Shoot in Combat weapons, at the unit it fights or another; one without them does not shoot", () => {
    const { b, flayers, pro, lib, mortek } = melee();
    expect([b.inCombat(flayers), b.inCombat(pro), b.inCombat(mortek)]).toEqual([true, true, false]);
    expect(b.distance(flayers, mortek)).toBeCloseTo(6, 9);
    expect(shootingWeapons(b, flayers).map((w) => w.name)).toEqual(["Death Scream"]);
    expect(shootingWeapons(b, pro)).toEqual([]);
    expect(labels(b)).toEqual(["Crypt Flayers shoots Liberators (Shoot in Combat)", "Crypt Flayers shoots Mortek Guard (Shoot in Combat)", "end the shooting phase"]);
    // Out of combat the Prosecutors throw their javelins as before.
    b.unit(pro).y = 5;
    b.unit(pro).x = 5;
    expect(b.inCombat(pro)).toBe(false);
    expect(labels(b).filter((l) => l.startsWith("Prosecutors"))).toEqual(["Prosecutors shoots Mortek Guard"]);
    expect(b.unit(lib).shot).toBe(false);
  });

  it("[CORE-SHOOT-IN-COMBAT] [CORE-CHAMPION] the Crypt Flayers shoot 13 Death Screams from combat (3 x 4 + the champion's 1): one 4 to hit, 3 to wound, 4 to save at Rend 1 (2, less 1 for the Mortek Guard's Shields of the Legion), 1 to ward, twelve 1s — 1 damage, 1 Mortek Guard slain", () => {
    const { b, mortek } = melee([4, 3, 4, 1, ...Array(12).fill(1)]);
    const before = b.unit(mortek).models;
    pick(b, "Crypt Flayers shoots Mortek Guard (Shoot in Combat)");
    expect((b.rng as ScriptedRng).left()).toBe(0);
    expect(b.unit(mortek).models).toBe(before - 1);
    // The log shows the dice (issue 11): 13 attacks, the one 4 hits, the 3 wounds, the 5 fails at Rend 2, 1 damage kept by the ward's 1.
    expect(b.data.log).toContain("Crypt Flayers shoots Mortek Guard: 1 damage, 1 slain. Dice: 13 attacks, 1 hit, 1 wound, 0 saved, 1 damage.");
    expect(labels(b)).toEqual(["end the shooting phase"]);
  });

  it("[CORE-SHOOT-IN-COMBAT] a unit with a second ranged weapon without Shoot in Combat shoots only the first from combat, in the kernel too (same damage from the same seed)", () => {
    const { b, flayers, mortek } = melee();
    const p = b.data.profiles[flayers]!;
    p.weapons.push({ ...p.weapons.find((w) => w.name === "Death Scream")!, name: "Bone Darts", abilities: [] });
    expect(shootingWeapons(b, flayers).map((w) => w.name)).toEqual(["Death Scream"]);
    const encoded = encodeBattle(b.data);
    const dist = b.distance(flayers, mortek);
    let damage = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const tu = b.unit(mortek);
      const profile = { ...p, weapons: shootingWeapons(b, flayers).filter((w) => w.range >= dist) };
      b.data.commandsUsed = [[], []]; // Shields of the Legion (once per phase) is open again, as in the encoded position
      const r = resolveAttacks(profile, b.unit(flayers), "ranged", b.profile(mortek), tu, attackContext(b, flayers, mortek, "ranged", profile.weapons.filter((w) => w.type === "ranged")), new Rng(seed));
      expect(Array.from(core.aosRolloutAttack(encoded, flayers, mortek, true, seed)), `seed ${seed}`).toEqual([r.damage, tu.models, tu.damage]);
      damage += r.damage;
      tu.models = b.profile(mortek).startModels;
      tu.damage = 0;
    }
    expect(damage).toBeGreaterThan(0);
  });

  it("[CORE-SHOOT-IN-COMBAT] the kernel's scripted player shoots from combat too: the same battles seed for seed, and the Flayers' shot from combat comes first", () => {
    const { b, flayers, lib } = melee();
    b.data.log = null;
    const state = new PitchedBattleState(b);
    const shootKind = STEP_KINDS.indexOf("shooting");
    // The policy shoots the target in range with the fewest wounds left, the first on a tie: the Liberators
    // (5 x 2) the Flayers fight, before the Mortek Guard (10 x 1).
    const first = traceTs(state, 1)[0]!;
    expect(first.slice(0, 4)).toEqual([shootKind, 0, flayers, lib]);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) expect(rolloutWasm(core, state, seed), `seed ${seed}`).toEqual(rolloutTs(state, seed));
  });
});
