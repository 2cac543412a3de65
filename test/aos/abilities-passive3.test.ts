/**
 * The passive3 area's conditions in play (docs/abilities.md "Passive abilities, third pass"; src/aos/abilities/passive3.ts,
 * src/aos/battle/passive3.ts, assembly/battle/passive3.ts): set-up positions read through the attack interpreter, and
 * the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { weaponAfterMods } from "../../src/aos/abilities/passive.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "FLESH-EATER COURTS", "HERO", "MANIFESTATION"]);

// The catalogues' texts (/work/shared/data/bsdata-aos4); the slain-this-turn one with the keyword of the bundled units.
const SHIELDWALL = { name: "Gromril Shieldwall", timing: "Passive", effect: "If this unit has not used a MOVE ability this turn and was not set up this turn, attacks that target this unit cannot score critical hits (treat them as regular hits instead)." };
const SWORD = { name: "The Sword of Unholy Power", timing: "Passive", effect: "If this unit has slain any enemy models this turn, for the rest of the turn, add 1 to the Attacks characteristic of melee weapons used by friendly STORMCAST ETERNALS units while they are wholly within 12\" of this unit." };

describe("stationary: no critical hits against a unit that has not moved", () => {
  it("[AB-P3:stationary] the Crypt Ghouls' attacks on Vindictors with Gromril Shieldwall cannot score critical hits; after the Vindictors moved, or were set up this turn, they can", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Crypt Ghouls", 1, 20, 14, 10)], { seed: 1, step: { kind: "combat", player: 1 } });
    giveTranslated(b, "Vindictors", SHIELDWALL, vocab);
    const [v, g] = [ids[0]!, ids[1]!];
    const mods = () => attackEffects(b, g, v, true, b.profile(g).weapons).noCrits;
    expect(mods()).toBe(true);
    b.unit(v).moved = true;
    expect(mods()).toBe(false);
    b.unit(v).moved = false;
    b.unit(v).added = { round: b.data.round, turn: b.data.turn };
    expect(mods()).toBe(false);
    b.unit(v).added = { round: b.data.round - 1, turn: b.data.turn };
    expect(mods()).toBe(true);
    // Its own attacks are unchanged (direction against).
    expect(attackEffects(b, v, g, true, b.profile(v).weapons).noCrits).toBe(false);
  });
});

describe("slain this turn: an aura while the unit with the ability has slain models", () => {
  it("[AB-P3:slew] Vindictors wholly within 12\" of Liberators with the text: +1 Attacks to their melee weapons only once the Liberators slew models this turn; 14\" away, none", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Vindictors", 0, 26, 10), at("Crypt Ghouls", 1, 26, 14, 10)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Liberators", SWORD, vocab);
    const [l, v, g] = [ids[0]!, ids[1]!, ids[2]!];
    const attacks = () => attackEffects(b, v, g, true, b.profile(v).weapons).weaponMods.reduce((n, w) => n + w.attacks, 0);
    expect(attacks()).toBe(0);
    b.unit(l).slewThisTurn = true;
    expect(attacks()).toBe(1);
    expect(attackEffects(b, l, g, true, b.profile(l).weapons).weaponMods.reduce((n, w) => n + w.attacks, 0)).toBe(1); // the Liberators are STORMCAST ETERNALS too
    b.unit(v).slewThisTurn = true; // the Vindictors' own kills are not the condition
    b.unit(l).slewThisTurn = undefined;
    expect(attacks()).toBe(0);
  });
});

const ALPHA = { name: "Alpha Cavalry", timing: "Passive", effect: "The Charge (+1 Damage) weapon ability has no effect on attacks that target this unit." };
const ANTICIPATED = { name: "Anticipated Strike", timing: "Passive", effect: "If this unit has not charged this turn, ignore the effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit." };

describe("no Charge (+1 Damage) against the unit", () => {
  it("[AB-P3:no-charge] Morbheg Knights' Grisly Lance loses Charge (+1 Damage) on Vindictors with Alpha Cavalry; with Anticipated Strike only while the Vindictors have not charged; other targets keep it", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Liberators", 0, 30, 10), at("Morbheg Knights", 1, 20, 14)], { seed: 1, step: { kind: "combat", player: 1 } });
    giveTranslated(b, "Vindictors", ALPHA, vocab);
    giveTranslated(b, "Liberators", ANTICIPATED, vocab);
    const [v, l, k] = [ids[0]!, ids[1]!, ids[2]!];
    b.unit(k).charged = true;
    const lance = b.profile(k).weapons.find((w) => w.name === "Grisly Lance")!;
    const lanceOn = (t: number) => weaponAfterMods(lance, attackEffects(b, k, t, true, [lance])).abilities.includes("Charge (+1 Damage)");
    expect(lance.abilities).toContain("Charge (+1 Damage)");
    expect([lanceOn(v), lanceOn(l)]).toEqual([false, false]);
    b.unit(l).charged = true; // Anticipated Strike: only while it has not charged
    expect([lanceOn(v), lanceOn(l)]).toEqual([false, true]);
    // The Vindictors' own weapons are not touched (direction against).
    expect(attackEffects(b, v, k, true, b.profile(v).weapons).noChargeDamage).toBe(false);
  });

  it("[AB-P3:no-charge] battles of Liege-Kavalos (Commander's Blade: Charge (+1 Damage)) charging Crypt Ghouls with Alpha Cavalry are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Liege-Kavalos", 0, 20, 14), at("Liege-Kavalos", 0, 34, 14), at("Crypt Ghouls", 1, 20, 24), at("Crypt Ghouls", 1, 34, 24)], { step: { kind: "hero", player: 0 }, log: false });
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = start();
      giveTranslated(b, "Crypt Ghouls", ALPHA, vocab);
      const s = new PitchedBattleState(b);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(rolloutTs(new PitchedBattleState(start().b), seed)) !== JSON.stringify(ts)) changed++;
    }
    expect(changed).toBeGreaterThan(2);
  });
});

const EMPOWERED = { name: "Empowered by Magic", timing: "Passive", effect: "Add 1 to the Damage characteristic of this unit's melee weapons while this unit is wholly within 12\" of any MANIFESTATIONS (friendly or enemy)." };
const asManifestation = (b: ReturnType<typeof battleAt>["b"], warscroll: string) => {
  for (const p of b.data.profiles) if (p.warscroll === warscroll) p.keywords = [...p.keywords, "MANIFESTATION"];
};

describe("a near unit of either army", () => {
  it("[AB-P3:either] Vindictors with Empowered by Magic: +1 Damage to their melee weapons wholly within 12\" of an enemy (or a friendly) unit with the MANIFESTATION keyword; farther away, none", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Spirit Hosts", 1, 20, 18), at("Liberators", 0, 40, 10)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Vindictors", EMPOWERED, vocab);
    const [v, h] = [ids[0]!, ids[1]!];
    const damage = () => attackEffects(b, v, h, true, b.profile(v).weapons).damage;
    expect(damage()).toBe(0);
    asManifestation(b, "Spirit Hosts");
    expect(damage()).toBe(1);
    expect(attackEffects(b, v, h, false, b.profile(v).weapons).damage).toBe(0); // melee weapons only
    const far = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Spirit Hosts", 1, 20, 34), at("Liberators", 0, 40, 10)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(far.b, "Vindictors", EMPOWERED, vocab);
    asManifestation(far.b, "Spirit Hosts");
    expect(attackEffects(far.b, far.ids[0]!, far.ids[1]!, true, far.b.profile(far.ids[0]!).weapons).damage).toBe(0);
    // A friendly one wholly within 12" counts too.
    const friendly = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Spirit Hosts", 1, 20, 34), at("Liberators", 0, 26, 10)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(friendly.b, "Vindictors", EMPOWERED, vocab);
    asManifestation(friendly.b, "Liberators");
    expect(attackEffects(friendly.b, friendly.ids[0]!, friendly.ids[1]!, true, friendly.b.profile(friendly.ids[0]!).weapons).damage).toBe(1);
  });

  it("[AB-P3:either] battles of Vindictors with Empowered by Magic near enemy 'manifestations' are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => {
      const r = battleAt("savage-gains", [at("Vindictors", 0, 20, 14), at("Vindictors", 0, 34, 14), at("Spirit Hosts", 1, 22, 24), at("Spirit Hosts", 1, 34, 24)], { step: { kind: "hero", player: 0 }, log: false });
      asManifestation(r.b, "Spirit Hosts");
      return r;
    };
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = start();
      giveTranslated(b, "Vindictors", EMPOWERED, vocab);
      const s = new PitchedBattleState(b);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(rolloutTs(new PitchedBattleState(start().b), seed)) !== JSON.stringify(ts)) changed++;
    }
    expect(changed).toBeGreaterThan(2);
  });
});

const TRAJECTORY = { name: "Calculated Trajectory", timing: "Passive", effect: "Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit with 5 or more models that is more than 12\" from this unit." };
// The Vanguard aura's text with the keyword of the bundled units.
const GUIDED = { name: "Guided Shots", timing: "Passive", effect: "Add 1 to hit rolls for shooting attacks made by friendly STORMCAST ETERNALS units if the target is within 9\" of this unit." };

describe("the target's distance from the unit with the ability", () => {
  it("[AB-P3:target-within] Calculated Trajectory on a Celestar Ballista: +1 to hit its shooting attacks on 20 Crypt Ghouls more than 12\" away, not on 4 of them, nor within 12\", nor in combat", () => {
    const { b, ids } = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 6), at("Crypt Ghouls", 1, 20, 30, 20), at("Crypt Ghouls", 1, 40, 30, 4), at("Crypt Ghouls", 1, 32, 12, 20)], { seed: 1, step: { kind: "shooting", player: 0 } });
    giveTranslated(b, "Celestar Ballista", TRAJECTORY, vocab);
    const [c, far, few, near] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    const hit = (t: number, melee = false) => attackEffects(b, c, t, melee, b.profile(c).weapons).hit;
    expect(b.distance(c, far)).toBeGreaterThan(12);
    expect(b.distance(c, near)).toBeLessThanOrEqual(12);
    expect([hit(far), hit(few), hit(near), hit(far, true)]).toEqual([1, 0, 0, 0]);
  });

  it("[AB-P3:target-within] Guided Shots on a Knight-Arcanum: +1 to hit the friendly Ballista's shooting attacks on a target within 9\" of the Knight-Arcanum, whoever shoots", () => {
    const { b, ids } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 20, 20), at("Celestar Ballista", 0, 40, 6), at("Crypt Ghouls", 1, 20, 26, 10), at("Crypt Ghouls", 1, 44, 30, 10)], { seed: 1, step: { kind: "shooting", player: 0 } });
    giveTranslated(b, "Knight-Arcanum", GUIDED, vocab);
    const [, c, close, away] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    expect([attackEffects(b, c, close, false, b.profile(c).weapons).hit, attackEffects(b, c, away, false, b.profile(c).weapons).hit]).toEqual([1, 0]);
  });

  it("[AB-P3:target-within] battles of Celestar Ballistas with Calculated Trajectory shooting at 20 Crypt Ghouls are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Celestar Ballista", 0, 16, 6), at("Celestar Ballista", 0, 40, 6), at("Knight-Arcanum", 0, 28, 10), at("Crypt Ghouls", 1, 20, 34, 20), at("Crypt Ghouls", 1, 40, 34, 20)], { step: { kind: "hero", player: 0 }, log: false });
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = start();
      giveTranslated(b, "Celestar Ballista", TRAJECTORY, vocab);
      giveTranslated(b, "Knight-Arcanum", GUIDED, vocab);
      const s = new PitchedBattleState(b);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(rolloutTs(new PitchedBattleState(start().b), seed)) !== JSON.stringify(ts)) changed++;
    }
    expect(changed).toBeGreaterThan(2);
  });
});

describe("the passive3 conditions in the kernel", () => {
  it("[AB-P3] battles with Gromril Shieldwall and the slain-this-turn aura are identical in both engines, seed for seed, and the abilities change them", () => {
    const start = () =>
      battleAt(
        "savage-gains",
        [at("Vindictors", 0, 20, 14), at("Liberators", 0, 30, 14), at("Crypt Ghouls", 1, 22, 18, 20), at("Liberators", 1, 34, 20)],
        { step: { kind: "hero", player: 1 }, log: false },
      );
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = start();
      giveTranslated(b, "Vindictors", SHIELDWALL, vocab);
      giveTranslated(b, "Liberators", SWORD, vocab);
      const s = new PitchedBattleState(b);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(rolloutTs(new PitchedBattleState(start().b), seed)) !== JSON.stringify(ts)) changed++;
    }
    expect(changed).toBeGreaterThan(2);
  });
});
