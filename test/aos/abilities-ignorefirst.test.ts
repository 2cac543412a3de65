/**
 * Ignoring the first damage point (docs/abilities.md "Ignoring the first damage point": translate-ignorefirst.ts,
 * src/aos/battle/ignore-first.ts, the kernel's assembly/battle/actions.ts allocateDamage): "Passive: Ignore the first
 * damage point that would be allocated to this unit in each phase", translated from the BSData text, played on a
 * set-up position with scripted dice (the first point through the wards each phase is ignored, mortal damage too),
 * and the kernel playing the same battles seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import { allocateDamage, inflictMortal } from "../../src/aos/battle/attacks.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { IGNORED_FIRST_TOKEN, ignoresFirst } from "../../src/aos/battle/ignore-first.js";
import { nextPhase } from "../../src/aos/battle/turn.js";
import { encodeBattle, H, U, UNIT, US2_IGNORED_FIRST } from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' text (/work/shared/data/bsdata-aos4): the Stonehorn Beastriders' Stone Skeleton; the Krulghast
// Cruciator's aura, not read.
const TEXT = {
  self: { name: "Stone Skeleton", timing: "Passive", effect: "Ignore the first damage point that would be allocated to this unit in each phase." },
  aura: { name: "Empowered Through Excruciation", timing: "Passive", effect: 'Ignore the first damage point that would be allocated to each friendly NIGHTHAUNT unit wholly within 12" of this unit in each phase.' },
} as const;
const vocab = keywordVocabulary(["NIGHTHAUNT"]);

const give = (b: Battle, warscroll: string) => giveTranslated(b, warscroll, TEXT.self, vocab);

const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("ignoring the first damage point, translated", () => {
  it("[AB:BSData/Stone Skeleton] an ignore-first effect on the unit itself; the auras are not read", () => {
    const t = translateAbility(TEXT.self, vocab);
    expect(t.kind).toBe("played");
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([[{ side: "self", wholly: false, includeSelf: false }, { kind: "ignore-first" }]]);
    expect(translateAbility(TEXT.aura, vocab).kind).not.toBe("played");
  });
});

/** Player 0's hero phase: Liberators (0; 5 models of Health 2) and enemy Liberators far away. */
function position(dice: number[] | null, seed = 1, more: Placement[] = []) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Liberators", owner: 0, x: 30, y: 10 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }, ...more], { ...(dice ? { dice } : { seed }), step: { kind: "hero", player: 0 } });
  b.data.terrain = [];
  return { b, ids };
}

describe("ignoring the first damage point, scripted dice", () => {
  it("[AB:BSData/Stone Skeleton] 3 mortal damage points through a WARD (5+) rolling 2, 3, 4: the first is ignored, 2 allocated (a model slain); 2 more in the same phase: both allocated; the next phase: 3 points, 2 allocated", () => {
    const { b, ids } = position([2, 3, 4]);
    give(b, "Liberators");
    const l = ids[0]!;
    const p = b.profile(l);
    const u = b.unit(l);
    expect([ignoresFirst(p), p.health, u.models]).toEqual([true, 2, 5]);
    const r = inflictMortal(p, u, 3, b.rng, 5);
    expect([r.damage, r.slain, u.models, u.damage, u.tokens.includes(IGNORED_FIRST_TOKEN), left(b)]).toEqual([3, 1, 4, 0, true, 0]);
    expect([allocateDamage(p, u, 2), u.models, u.damage]).toEqual([1, 3, 0]);
    nextPhase(b); // the hero phase ends: the movement phase
    expect(u.tokens.includes(IGNORED_FIRST_TOKEN)).toBe(false);
    expect([allocateDamage(p, u, 3), u.models, u.damage]).toEqual([1, 2, 0]);
    expect([allocateDamage(p, u, 1), u.models, u.damage]).toEqual([0, 2, 1]);
  });

  it("[AB:BSData/Stone Skeleton] a ward roll that saves every point leaves the first point to ignore for later; a single point is ignored whole; without the ability all are allocated", () => {
    const { b, ids } = position([5, 6], 1, [{ warscroll: "Vindictors", owner: 1, x: 20, y: 30 }]);
    give(b, "Liberators");
    const p = b.profile(ids[0]!);
    const u = b.unit(ids[0]!);
    expect(inflictMortal(p, u, 2, b.rng, 5).damage).toBe(0);
    expect(u.tokens.includes(IGNORED_FIRST_TOKEN)).toBe(false);
    expect([allocateDamage(p, u, 1), u.models, u.damage, u.tokens.includes(IGNORED_FIRST_TOKEN)]).toEqual([0, 5, 0, true]);
    expect([allocateDamage(p, u, 1), u.models, u.damage]).toEqual([0, 5, 1]);
    // The Vindictors (5 models of Health 2) have no such ability.
    const e = b.unit(ids[2]!);
    expect([ignoresFirst(b.profile(ids[2]!)), allocateDamage(b.profile(ids[2]!), e, 3), e.models, e.damage]).toEqual([false, 1, 4, 1]);
  });
});

describe("ignoring the first damage point in the kernel", () => {
  it("[AB:BSData/Stone Skeleton] the encoder sets H.IGNORE_FIRST's bit for units with it and U.STATE2 bit 31 on one that ignored a point this phase", () => {
    const { b, ids } = position(null, 1, [{ warscroll: "Vindictors", owner: 1, x: 20, y: 30 }]);
    give(b, "Liberators"); // both players' Liberators, not the Vindictors
    b.unit(ids[1]!).tokens.push(IGNORED_FIRST_TOKEN);
    const f = encodeBattle(b.data);
    expect([f[H.IGNORE_FIRST], f[H.IGNORE_FIRST_HI]]).toEqual([(1 << ids[0]!) | (1 << ids[1]!), 0]);
    const s2 = (id: number) => (f[f[H.OFF_UNITS]! + UNIT * id + U.STATE2]! | 0) & US2_IGNORED_FIRST;
    expect(ids.map((id) => s2(id) !== 0)).toEqual([false, true, false]);
  });

  const setups: [string, Placement[], string[]][] = [
    ["Liberators with it against Liberators, Vindictors and a Knight-Arcanum", [{ warscroll: "Vindictors", owner: 1, x: 20, y: 30 }, { warscroll: "Knight-Arcanum", owner: 1, x: 40, y: 34 }], ["Liberators"]],
    ["both sides' Liberators and the Vindictors with it", [{ warscroll: "Vindictors", owner: 1, x: 20, y: 30 }, { warscroll: "Vindictors", owner: 0, x: 40, y: 14 }], ["Liberators", "Vindictors"]],
  ];
  for (const [what, more, gifts] of setups) {
    it(`[AB:BSData/Stone Skeleton] ${what}: battles from the hero phase are identical, seed for seed`, () => {
      let changed = 0; // the seeds whose battle the ability changes (it is played, not idle)
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
        const { b } = position(null, seed, more);
        b.data.log = null;
        const without = rolloutTs(new PitchedBattleState(b), seed);
        for (const w of gifts) give(b, w);
        const s = new PitchedBattleState(b);
        const ts = rolloutTs(s, seed);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
        if (JSON.stringify(ts) !== JSON.stringify(without)) changed++;
      }
      expect(changed).toBeGreaterThan(0);
    });
  }

  it("[AB:BSData/Stone Skeleton] a point already ignored this phase is encoded: both engines alike", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = position(null, seed, [{ warscroll: "Vindictors", owner: 1, x: 30, y: 16 }]);
      give(b, "Liberators");
      b.unit(ids[0]!).tokens.push(IGNORED_FIRST_TOKEN);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
