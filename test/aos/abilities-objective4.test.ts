/**
 * The objective4 area (docs/abilities.md "Objectives, terrain features and set-ups again (objective4)"): conditions
 * on contesting objectives read by both engines — at use (status.ts useForAWhile, healing.ts useHeal: `objective`)
 * and on an effect held for the rest of the turn at each attack (attack.ts, the kernel's effects.ts: `objectiveWhile`).
 * Each on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not expect); then the
 * kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { battleEffects, battleView, unitWard } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { useEndOfTurnHealing } from "../../src/aos/battle/healing.js";
import { useDeploymentRedeploys, useMarks } from "../../src/aos/battle/objective4.js";
import { afterDeployment } from "../../src/aos/battle/setup.js";
import { redeployAbilities } from "../../src/aos/battle/setups.js";
import * as E from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleAt, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (Bleakswords, Evocators, Abraxia), on bundled warscrolls.
const TEXT = {
  merciless: declare("Merciless Conquerors", "", "Once Per Turn (Army), Any Combat Phase", "For the rest of the turn, add 1 to the Attacks characteristic of this unit's melee weapons while it is contesting an objective you do not control."),
  empower: declare(
    "Empower",
    "Any Combat Phase",
    'If this unit is contesting an objective you control, pick a visible friendly non-HERO STORMCAST ETERNALS INFANTRY unit within 12" of this unit to be the target.',
    "Add 1 to wound rolls for the target's combat attacks for the rest of the turn.",
  ),
  unending: { name: "Unending Will to Conquer", timing: "End of Any Turn", effect: "If this unit is contesting an objective you do not control. Heal (D6) this unit." },
} as const;

const vocab = keywordVocabulary(["STORMCAST ETERNALS", "INFANTRY", "HERO"]);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.startsWith("for-the-turn:"));

/**
 * Liberators (player 0) on the west objective (14, 22) in combat with Vindictors (player 1) just north of them;
 * Prosecutors (player 0) 10" east. `control`: who controls the west objective.
 */
function onWest(dice: number[] | null, control: 0 | 1 | null) {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Liberators", owner: 0, x: 14, y: 22 },
      { warscroll: "Prosecutors", owner: 0, x: 24, y: 20 },
      { warscroll: "Vindictors", owner: 1, x: 14, y: 27.6 },
    ],
    { ...(dice ? { dice } : { seed: 1 }), step: { kind: "combat", player: 0 } },
  );
  b.data.terrain = [];
  b.data.control.west = control;
  return { b, l: ids[0]!, p: ids[1]!, v: ids[2]! };
}

describe("contesting objectives, scripted dice", () => {
  it("[AB:BSData/Merciless Conquerors] +1 Attacks for the rest of the turn, read at each attack while the unit contests an objective its army does not control", () => {
    const { b, l, v } = onWest([], 1);
    expect(b.inCombat(l)).toBe(true);
    giveTranslated(b, "Liberators", TEXT.merciless, vocab);
    useStepAbilities(b, 0, "combat");
    expect(held(b, l)).toEqual(["for-the-turn:Liberators/Merciless Conquerors#0"]);
    const attacks = () => attackMods(battleView(b), battleEffects(b), l, v, true, false).attacks;
    expect(attacks()).toBe(1);
    b.data.control.west = null; // nobody controls it: still not "you control"
    expect(attacks()).toBe(1);
    b.data.control.west = 0; // its army controls it now: the held effect does nothing
    expect(attacks()).toBe(0);
    b.data.control.west = 1;
    b.unit(l).x = 30; // off every objective (and out of combat): nothing
    b.unit(l).y = 4;
    expect(attacks()).toBe(0);
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Empower] used only while the unit contests an objective its army controls: +1 to wound for a picked SCE INFANTRY unit's combat attacks", () => {
    const ours = onWest([], 0);
    giveTranslated(ours.b, "Liberators", TEXT.empower, vocab);
    useStepAbilities(ours.b, 0, "combat");
    // The Liberators in combat score the wound modifier (the Prosecutors fight no one): the Liberators are the target.
    expect(held(ours.b, ours.l)).toEqual(["for-the-turn:Liberators/Empower#0"]);
    expect(attackMods(battleView(ours.b), battleEffects(ours.b), ours.l, ours.v, true, false).wound).toBe(1);
    const theirs = onWest([], 1);
    giveTranslated(theirs.b, "Liberators", TEXT.empower, vocab);
    useStepAbilities(theirs.b, 0, "combat");
    expect([held(theirs.b, theirs.l), held(theirs.b, theirs.p)]).toEqual([[], []]);
  });

  it("[AB:BSData/Unending Will to Conquer] the end of a turn: Heal (D6) while contesting an objective its army does not control (a 4: 4 of 5 damage points); none, no dice, when it controls it", () => {
    const { b, l } = onWest([4], 1);
    giveTranslated(b, "Liberators", TEXT.unending, vocab);
    b.unit(l).damage = 5;
    useEndOfTurnHealing(b);
    expect([b.unit(l).damage, left(b)]).toEqual([1, 0]);
    const ours = onWest([], 0);
    giveTranslated(ours.b, "Liberators", TEXT.unending, vocab);
    ours.b.unit(ours.l).damage = 5;
    useEndOfTurnHealing(ours.b);
    expect(ours.b.unit(ours.l).damage).toBe(5);
  });
});

describe("contesting objectives in the kernel", () => {
  it("the encoder writes EF.O4 (objectiveWhile) and EF.P_OBJECTIVE (objective) on the records", () => {
    const { b } = onWest(null, 1);
    for (const t of Object.values(TEXT)) giveTranslated(b, "Liberators", t, vocab);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.map((r) => x[r + E.EF.O4])).toContain(3);
    expect(records.map((r) => x[r + E.EF.P_OBJECTIVE]!).filter((n) => n > 0).sort()).toEqual([2, 3]);
  });

  it("[AB:BSData/Merciless Conquerors, Empower, Unending Will to Conquer] battles from the combat phase are identical, seed for seed, and the abilities change some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      const { b, l } = onWest(null, ([null, 0, 1] as const)[seed % 3]!);
      b.unit(l).damage = seed % 2;
      if (withAbilities) for (const t of Object.values(TEXT)) giveTranslated(b, "Liberators", t, vocab);
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

// ------------------------------------------------------------------------------------ passive: the target's objective, the same objective

// The catalogues' texts (Pusgoyle Blightlords, Vanari Bannerblade) on bundled warscrolls: the Liberators' Warhammer, STORMCAST ETERNALS INFANTRY.
const PASSIVE = {
  relentless: { name: "Relentless Attackers", timing: "Passive", effect: "Add 1 to the Rend characteristic of this unit's Warhammer for attacks that target enemy units contesting an objective." },
  banner: { name: "Defend the Banner", timing: "Passive", effect: "Add 1 to save rolls for friendly STORMCAST ETERNALS INFANTRY units while they are contesting the same objective as this unit." },
} as const;

describe("passive: the attack's target contesting, the same objective", () => {
  it("[AB:BSData/Relentless Attackers] +1 Rend for the named weapon while the attack's target contests an objective (any: the Vindictors on the west one); none once it contests none", () => {
    const { b, l, v } = onWest([], null);
    giveTranslated(b, "Liberators", PASSIVE.relentless, vocab);
    const mods = () => attackMods(battleView(b), battleEffects(b), l, v, true, false).weaponMods;
    expect(mods()).toEqual([{ rend: 1, damage: 0, attacks: 0, names: ["warhammer"] }]);
    [b.unit(v).x, b.unit(v).y] = [30, 22]; // 16" from the west and east objectives, 10" from the borders'
    expect(mods()).toEqual([]);
  });

  it("[AB:BSData/Defend the Banner] +1 save for a friendly SCE INFANTRY unit contesting the objective the Liberators contest (the Prosecutors at (10, 18)), and for the Liberators themselves; not for the Prosecutors off it", () => {
    const { b, l, p, v } = onWest([], null);
    giveTranslated(b, "Liberators", PASSIVE.banner, vocab);
    const save = (target: number) => attackMods(battleView(b), battleEffects(b), v, target, true, false).save;
    expect([save(l), save(p)]).toEqual([1, 0]); // the Prosecutors at (24, 20) contest nothing
    [b.unit(p).x, b.unit(p).y] = [10, 18];
    expect([save(l), save(p)]).toEqual([1, 1]);
    [b.unit(l).x, b.unit(l).y] = [46, 22]; // the Liberators on the east objective now: not the same
    expect([save(l), save(p)]).toEqual([1, 0]);
  });

  it("[AB:BSData/Relentless Attackers, Defend the Banner] battles from the combat phase are identical, seed for seed, and the abilities change some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      const { b, p } = onWest(null, null);
      [b.unit(p).x, b.unit(p).y] = [10, 18];
      if (withAbilities) for (const t of Object.values(PASSIVE)) giveTranslated(b, "Liberators", t, vocab);
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });

  it("the encoder writes EF.O4 bits 8 (targetContesting) and 16 (sameObjective)", () => {
    const { b } = onWest(null, null);
    for (const t of Object.values(PASSIVE)) giveTranslated(b, "Liberators", t, vocab);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.map((r) => x[r + E.EF.O4]).filter((n) => n !== 0)).toEqual([8, 16]);
  });
});

// ------------------------------------------------------------------------------------ for the rest of the battle

// The catalogue's text (Darkoath Savagers) on the Liberators.
const OATH = { name: "Oath of Conquest", timing: "Once Per Battle, Any Hero Phase", effect: "If this unit is contesting an objective you control that is wholly within enemy territory, this unit has WARD (5+) for the rest of the battle." };
const MARK = "mark-oath-of-conquest";

/** First Blood: the east objective (45, 22) is wholly within player 1's territory; Liberators (player 0) on it, Vindictors (player 1) 8" north. */
function onEast(control: 0 | 1 | null, step: "hero" | "combat" = "hero") {
  const { b, ids } = battleAt("first-blood", [{ warscroll: "Liberators", owner: 0, x: 45, y: 22 }, { warscroll: "Vindictors", owner: 1, x: 45, y: 35 }], { seed: 1, step: { kind: step, player: 0 } });
  b.data.terrain = [];
  b.data.control.east = control;
  return { b, l: ids[0]!, v: ids[1]! };
}

describe("for the rest of the battle: a mark", () => {
  it("[AB:BSData/Oath of Conquest] at the end of a hero phase, on an objective its army controls wholly within enemy territory: the mark, then WARD (5+) for the rest of the battle, whatever happens to the objective", () => {
    const { b, l } = onEast(0);
    giveTranslated(b, "Liberators", OATH, vocab);
    expect(unitWard(b, l)).toBe(null);
    useMarks(b);
    expect(b.unit(l).tokens).toEqual([MARK]);
    expect(unitWard(b, l)).toBe(5);
    b.data.control.east = 1;
    [b.unit(l).x, b.unit(l).y] = [20, 10];
    expect(unitWard(b, l)).toBe(5);
    useMarks(b); // once: not marked again
    expect(b.unit(l).tokens).toEqual([MARK]);
  });

  it("[AB:BSData/Oath of Conquest] not on an objective the enemy controls, nor on one in no territory (First Blood's south)", () => {
    const theirs = onEast(1);
    giveTranslated(theirs.b, "Liberators", OATH, vocab);
    useMarks(theirs.b);
    expect([theirs.b.unit(theirs.l).tokens, unitWard(theirs.b, theirs.l)]).toEqual([[], null]);
    const { b, l } = onEast(null);
    b.data.control.south = 0;
    [b.unit(l).x, b.unit(l).y] = [30, 10];
    giveTranslated(b, "Liberators", OATH, vocab);
    useMarks(b);
    expect(b.unit(l).tokens).toEqual([]);
  });

  it("[AB:BSData/Oath of Conquest] battles from the hero phase (marked there by both engines) and from a later phase (the mark encoded: US.O4_MARK) are identical, seed for seed; the ability changes some", () => {
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const step of ["hero", "combat"] as const) {
        const setUp = (withAbility: boolean) => {
          const { b, l, v } = onEast(0, step);
          b.unit(v).y = 28;
          if (withAbility) giveTranslated(b, "Liberators", OATH, vocab);
          if (withAbility && step === "combat") b.unit(l).tokens.push(MARK);
          b.data.log = null;
          return new PitchedBattleState(b);
        };
        const s = setUp(true);
        const ts = rolloutTs(s, seed);
        expect(rolloutWasm(core, s, seed), `seed ${seed} ${step}`).toEqual(ts);
        if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(setUp(false), seed))) changed++;
      }
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("the encoder writes the mark's kind 170, EF.O4 bit 32 on the ward, US.O4_MARK on a marked unit", () => {
    const { b, l } = onEast(0, "combat");
    giveTranslated(b, "Liberators", OATH, vocab);
    b.unit(l).tokens.push(MARK);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.slice(-2).map((r) => [x[r + E.EF.KIND], x[r + E.EF.O4], x[r + E.EF.P_OBJECTIVE]])).toEqual([[170, 0, 5], [4, 32, 0]]); // after the bundled ones
    expect(x[x[E.H.OFF_UNITS]! + l * E.UNIT + E.U.STATE]! & E.US.O4_MARK).toBe(E.US.O4_MARK);
  });
});

// ------------------------------------------------------------------------------------ set up again at deployment

const DEPLOY = {
  operative: { name: "Independent Operative", timing: "Once Per Battle (Army), Deployment Phase", effect: 'Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.' },
  travelled: { name: "Well Travelled", timing: "Once Per Battle, Deployment Phase", effect: 'Remove this unit from the battlefield and set it up again on the battlefield more than 3" from all enemy units.' },
} as const;

/** Vindictors (player 0) at (30, 2) and (10, 4), a third on the west objective (14, 22); Liberators (player 1) at (30, 40); the deployment step. */
function deployed(step: "deploy" | "hero" = "deploy") {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Vindictors", owner: 0, x: 30, y: 2 },
      { warscroll: "Vindictors", owner: 0, x: 10, y: 4 },
      { warscroll: "Vindictors", owner: 0, x: 14, y: 22 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
    ],
    { seed: 1, step: { kind: step, player: 0 } },
  );
  b.data.terrain = [];
  return { b, ids };
}
const at = (b: Battle, ids: number[]) => ids.map((id) => [b.unit(id).x, b.unit(id).y]);

describe("set up again at deployment (TypeScript: the kernel starts after deployment)", () => {
  it("[AB:BSData/Independent Operative] Once Per Battle (Army): the first Vindictors by id goes to the south border's centre (30, 12): 0 + its Move 5 < 10\" from it; the second stays; the one on the west objective holds", () => {
    const { b, ids } = deployed();
    giveTranslated(b, "Vindictors", DEPLOY.operative, vocab);
    useDeploymentRedeploys(b);
    expect(at(b, ids)).toEqual([[30, 12], [10, 4], [14, 22], [30, 40]]);
    // Not a movement-phase redeployment (setups.ts reads movement-phase ones only), so no kernel record either.
    expect(redeployAbilities(b.data.profiles)).toEqual([]);
  });

  it("[AB:BSData/Well Travelled] Once Per Battle on each unit: the second goes to the east objective (46, 22) (the south border now has the first; the north border's centre is within 3\" of the Liberators)", () => {
    const { b, ids } = deployed();
    giveTranslated(b, "Vindictors", DEPLOY.travelled, vocab);
    useDeploymentRedeploys(b);
    expect(at(b, ids)).toEqual([[30, 12], [46, 22], [14, 22], [30, 40]]);
  });

  it("[AB:BSData/Independent Operative] the end of deployment (setup.ts afterDeployment) sets it up again before control is determined: the Vindictors then control the south border", () => {
    const { b, ids } = deployed();
    giveTranslated(b, "Vindictors", DEPLOY.operative, vocab);
    afterDeployment(b);
    expect(at(b, ids)[0]).toEqual([30, 12]);
    expect(b.data.control["south-border"]).toBe(0);
  });

  it("[AB:BSData/Independent Operative] battles after such a deployment (from the first hero phase) are identical in both engines, seed for seed, and the set-up changes some", () => {
    sameBattlesChanged(core, (seed, withAbility) => {
      const { b } = deployed("hero");
      if (withAbility) giveTranslated(b, "Vindictors", DEPLOY.operative, vocab);
      b.data.log = null;
      useDeploymentRedeploys(b);
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4]);
  });
});
