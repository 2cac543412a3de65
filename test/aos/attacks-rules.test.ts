/**
 * Who attacks with what, in the battle engine and the Wasm kernel: the champion's weapon (CORE-CHAMPION),
 * Shoot in Combat (CORE-SHOOT-IN-COMBAT) and the command points the general generates (CORE-CP).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackInput, resolveAttacks } from "../../src/aos/battle/attacks.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { encodeBattle } from "../../src/aos/rollout/encode.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, ScriptedRng } from "../support/battle-fixtures.js";

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
