/**
 * The sylvaneth6 area (docs/abilities.md "The creeping overgrowth (sylvaneth6)"): each player's overgrown tokens on the
 * battlefield's terrain features (BattleData.overgrown), the creeping overgrowth's range from their count, the
 * condition "(wholly) within the creeping overgrowth" at an attack (attack.ts; the kernel's effects.ts) and Verdian
 * Crown's token at the end of a hero phase (sylvaneth6.ts useOvergrow). Set-up positions with scripted dice (a
 * ScriptedRng fails on any die the test did not expect); then the kernel playing the same battles from such
 * positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { battleEffects, battleView } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { inOvergrowth, OVERGROW_USED, overgrowthRange, pickInOvergrowth, useOvergrow } from "../../src/aos/battle/sylvaneth6.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import type { Player } from "../../src/aos/battle/state.js";
import { terrainFeature } from "../../src/aos/battle/terrain.js";
import * as E from "../../src/aos/rollout/encode.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChangedAcross } from "../support/same-battles.js";
import { heroAndMonsterRow, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (Kurnoth Hunters, Dryads, The Lady of Vines), on bundled warscrolls.
const TEXT = {
  endurance: { name: "Hunter's Endurance", timing: "Passive", effect: "Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit while it is wholly within the creeping overgrowth." },
  forest: { name: "One With The Forest", timing: "Passive", effect: "Subtract 1 from hit rolls and wound rolls for attacks that target this unit while it is wholly within the creeping overgrowth." },
  crown: {
    name: "Verdian Crown",
    timing: "Once Per Battle, Any Hero Phase",
    effect: 'Declare: Pick a terrain feature within 18" of this unit that does not have a friendly overgrown token to be the target.\nEffect: Give the target a friendly overgrown token',
  },
  trespassers: {
    name: "Slay The Trespassers!",
    timing: "Once Per Turn (Army), Your Hero Phase",
    effect: "Declare: Pick an enemy unit that is within the creeping overgrowth or that is visible to this unit and within friendly territory to be the target.\nEffect: Rolla dice. On a 3+, add 1 to wound rolls for combat attacks that target that enemy unit for the rest of the turn.",
  },
} as const;

const vocab = keywordVocabulary(["STORMCAST ETERNALS", "INFANTRY", "HERO", "MONSTER"]);
const left = (b: Battle) => (b.rng as ScriptedRng).left();

/** Liberators and a Lord-Imperatant (player 0) in a row with Vindictors and a Mancrusher Gargant (player 1). */
const row = (dice: number[] | null, step: "combat" | "hero" = "combat") => heroAndMonsterRow(0, dice, step);

/** A hill (Cover, not Unstable) of radius 2 whose centre is `gap` + 2 to the left of unit id's footprint edge. */
function hillLeftOf(b: Battle, id: number, gap: number) {
  const f = b.footprint(id);
  return terrainFeature(1, f.x - f.radius - gap - 2, f.y, 2);
}

describe("the creeping overgrowth", () => {
  it("the range from the number of friendly tokens: 0-2 6\", 3-5 9\", 6-8 12\", 9+ the whole battlefield", () => {
    expect([0, 1, 2, 3, 5, 6, 8, 9, 16].map(overgrowthRange)).toEqual([6, 6, 6, 9, 9, 12, 12, Infinity, Infinity]);
  });

  it("within (edge to edge) and wholly within (the whole footprint) the range of a feature with a friendly token; the enemy's tokens are not friendly", () => {
    const { b, l } = row([]);
    const r = b.footprint(l).radius;
    // Feature 0: its edge 6" from the Liberators' edge; feature 1: 6" - 2r (the whole footprint within 6" of its edge).
    b.data.terrain = [hillLeftOf(b, l, 6), hillLeftOf(b, l, 6 - 2 * r)];
    expect([inOvergrowth(b, l, false), inOvergrowth(b, l, true)]).toEqual([false, false]); // no token
    b.data.overgrown = [0, 3];
    expect([inOvergrowth(b, l, false), inOvergrowth(b, l, true)]).toEqual([false, false]); // player 1's tokens
    b.data.overgrown = [1, 0];
    expect([inOvergrowth(b, l, false), inOvergrowth(b, l, true)]).toEqual([true, false]); // 6": within, not wholly
    b.data.overgrown = [2, 0];
    expect([inOvergrowth(b, l, false), inOvergrowth(b, l, true)]).toEqual([true, true]);
    // 7" away: out of 6", within 9" with 3 tokens (two on features far away).
    b.data.terrain = [hillLeftOf(b, l, 7), terrainFeature(1, 60, 40, 2), terrainFeature(1, 60, 50, 2)];
    b.data.overgrown = [1 | 2, 0];
    expect(inOvergrowth(b, l, false)).toBe(false);
    b.data.overgrown = [1 | 2 | 4, 0];
    // Within 9"; wholly within only if 7 + 2r <= 9 (the Liberators' footprint is wider: r > 1).
    expect(r).toBeGreaterThan(1);
    expect([inOvergrowth(b, l, false), inOvergrowth(b, l, true)]).toEqual([true, false]);
    b.data.terrain[0] = hillLeftOf(b, l, 9 - 2 * r);
    expect(inOvergrowth(b, l, true)).toBe(true);
    // 9 tokens: the whole battlefield.
    b.data.terrain = Array.from({ length: 9 }, (_, i) => terrainFeature(1, 60, 4 + 5 * i, 2));
    b.data.overgrown = [511, 0];
    expect(inOvergrowth(b, l, true)).toBe(true);
    b.data.overgrown = [255, 0];
    expect(inOvergrowth(b, l, false)).toBe(false);
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Hunter's Endurance] [AB:BSData/One With The Forest] Rend -1, hit -1 and wound -1 against the Liberators only while they are wholly within the creeping overgrowth", () => {
    const { b, l, v } = row([]);
    giveTranslated(b, "Liberators", TEXT.endurance, vocab);
    giveTranslated(b, "Liberators", TEXT.forest, vocab);
    const r = b.footprint(l).radius;
    b.data.terrain = [hillLeftOf(b, l, 6 - 2 * r + 0.01)];
    const mods = () => {
      const m = attackMods(battleView(b), battleEffects(b), v, l, true, true);
      return [m.rend, m.hit, m.wound];
    };
    expect(mods()).toEqual([0, 0, 0]); // no token
    b.data.overgrown = [1, 0];
    expect(mods()).toEqual([0, 0, 0]); // within, not wholly (0.01" short)
    b.data.terrain = [hillLeftOf(b, l, 6 - 2 * r)];
    expect(mods()).toEqual([-1, -1, -1]);
    // The Liberators' own attacks: not "attacks that target this unit".
    const m = attackMods(battleView(b), battleEffects(b), l, v, true, true);
    expect([m.rend, m.hit, m.wound]).toEqual([0, 0, 0]);
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Verdian Crown] the end of a hero phase: the closest feature within 18\" without a friendly token gets one, once per battle", () => {
    const { b, h } = row([], "hero");
    giveTranslated(b, "Lord-Imperatant", TEXT.crown, vocab);
    // Feature 0 19" away (out of range), 1 10" away, 2 5" away but with the player's token, 3 12" away.
    b.data.terrain = [hillLeftOf(b, h, 19), hillLeftOf(b, h, 10), hillLeftOf(b, h, 5), hillLeftOf(b, h, 12)];
    b.data.terrain[3]!.y += 0.001; // not on top of the others (the distance stays 12" to within 1e-6)
    b.data.overgrown = [4, 1];
    useOvergrow(b);
    expect([b.data.overgrown, b.unit(h).tokens]).toEqual([[4 | 2, 1], ["gryph-hound", OVERGROW_USED]]);
    useOvergrow(b); // Once Per Battle
    expect(b.data.overgrown).toEqual([6, 1]);
    // Another unit of the army without the ability does nothing; a fresh Lord-Imperatant with no feature in range neither.
    b.unit(h).tokens = [];
    b.data.terrain = [hillLeftOf(b, h, 19)];
    b.data.overgrown = [0, 0];
    useOvergrow(b);
    expect([b.data.overgrown, b.unit(h).tokens]).toEqual([[0, 0], []]);
    expect(left(b)).toBe(0);
  });
});

/** Moves unit `id` to the centre of `player`'s territory (the mean of its corners). */
function intoTerritory(b: Battle, id: number, player: Player) {
  const poly = b.territoryPolygon(player);
  b.unit(id).x = poly.reduce((n, p) => n + p.x, 0) / poly.length;
  b.unit(id).y = poly.reduce((n, p) => n + p.y, 0) / poly.length;
}

describe("Slay The Trespassers!: the pick within the creeping overgrowth or visible and within friendly territory", () => {
  it("pickInOvergrowth: an enemy unit in the enemy's territory only with a friendly token's overgrowth around it; in friendly territory and visible, always", () => {
    const { b, h, v } = row([], "hero");
    intoTerritory(b, v, 1);
    expect(pickInOvergrowth(b, h, v)).toBe(false);
    b.data.terrain = [hillLeftOf(b, v, 5.5)];
    b.data.overgrown = [0, 1]; // the enemy's token: not friendly to the Lord-Imperatant's army
    expect(pickInOvergrowth(b, h, v)).toBe(false);
    b.data.overgrown = [1, 0]; // within 6" (edge to edge) of a feature with a friendly token
    expect(pickInOvergrowth(b, h, v)).toBe(true);
    b.data.overgrown = [0, 0];
    intoTerritory(b, v, 0);
    expect(pickInOvergrowth(b, h, v)).toBe(true);
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Slay The Trespassers!] your hero phase: a 3 gives +1 to wound rolls for combat attacks on the picked Vindictors; no eligible enemy unit, no dice", () => {
    const none = row([], "hero");
    giveTranslated(none.b, "Lord-Imperatant", TEXT.trespassers, vocab);
    intoTerritory(none.b, none.v, 1);
    intoTerritory(none.b, none.g, 1);
    none.b.unit(none.g).y += 8;
    useStepAbilities(none.b, 0, "hero"); // neither enemy unit qualifies: no dice (the ScriptedRng has none)
    expect(left(none.b)).toBe(0);
    const { b, l, h, v, g } = row([3], "hero");
    giveTranslated(b, "Lord-Imperatant", TEXT.trespassers, vocab);
    intoTerritory(b, g, 1);
    b.data.terrain = [hillLeftOf(b, v, 1)];
    b.data.overgrown = [1, 0]; // the Vindictors within the overgrowth; the Gargant in its own territory, far away
    useStepAbilities(b, 0, "hero");
    expect(left(b)).toBe(0);
    const wound = (t: number) => attackMods(battleView(b), battleEffects(b), l, t, true, false).wound;
    expect([wound(v), wound(g), attackMods(battleView(b), battleEffects(b), l, v, false, false).wound]).toEqual([1, 0, 0]);
    expect(h).toBe(1);
  });
});

describe("both engines", () => {
  it("the encoder writes kind 134 and EF.SY6_CODE (18 + 256 Once Per Battle), EF.SY6_OVERGROWTH 2, H.SY6_OVERGROWN0/1 and US.SY6_USED", () => {
    const { b, h } = row(null, "hero");
    giveTranslated(b, "Lord-Imperatant", TEXT.crown, vocab);
    giveTranslated(b, "Liberators", TEXT.endurance, vocab);
    b.data.terrain = [terrainFeature(1, 10, 10, 2), terrainFeature(1, 50, 10, 2)];
    b.data.overgrown = [2, 1];
    b.unit(h).tokens.push(OVERGROW_USED);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    const rows = records.map((r) => [x[r + E.EF.KIND], x[r + E.EF.SY6_CODE], x[r + E.EF.SY6_OVERGROWTH]]);
    // The Liberators' Rend record (kind 2: EFFECT_KINDS' rend) with the condition, then the Lord-Imperatant's overgrow record.
    expect(rows.filter((q) => q[1] !== 0 || q[2] !== 0)).toEqual([
      [2, 0, 2],
      [134, 18 + 256, 0],
    ]);
    expect([x[E.H.SY6_OVERGROWN0], x[E.H.SY6_OVERGROWN1]]).toEqual([2, 1]);
    expect(x[x[E.H.OFF_UNITS]! + h * E.UNIT + E.U.STATE]! & E.US.SY6_USED).toBe(E.US.SY6_USED);
  });

  it("[AB:BSData/Hunter's Endurance] [AB:BSData/One With The Forest] [AB:BSData/Verdian Crown] battles from hero and combat phase positions (tokens given, held and encoded) are identical, seed for seed; the abilities change some", () => {
    sameBattlesChangedAcross(core, (step, encoded) => (seed: number, withAbility: boolean) => {
      const { b, l, h, v } = row(null, step);
      b.data.terrain = [hillLeftOf(b, l, 1), hillLeftOf(b, h, 1), terrainFeature(1, 58, b.footprint(v).y, 2)];
      if (withAbility) {
        giveTranslated(b, "Lord-Imperatant", TEXT.crown, vocab);
        giveTranslated(b, "Liberators", TEXT.endurance, vocab);
        giveTranslated(b, "Liberators", TEXT.forest, vocab);
        giveTranslated(b, "Vindictors", TEXT.endurance, vocab);
        giveTranslated(b, "Mancrusher Gargant", TEXT.crown, vocab);
        giveTranslated(b, "Lord-Imperatant", TEXT.trespassers, vocab);
        giveTranslated(b, "Mancrusher Gargant", TEXT.trespassers, vocab);
      }
      if (encoded) {
        b.data.overgrown = [1, 0];
        if (withAbility) b.unit(h).tokens.push(OVERGROW_USED);
      }
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});
