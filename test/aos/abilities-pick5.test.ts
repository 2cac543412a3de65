/**
 * The pick5 area ("pick 1 of the following effects", docs/abilities.md): the status step (status.ts useForAWhile, the
 * kernel's assembly/battle/status.ts) picks the option worth most on the target (bestOption: the sum of its effects'
 * durationScore, the first on a tie) and puts only that option's effects; a control score held for a while (the
 * option the policy gives nothing) is read by both engines' control scores. Scripted dice, then the kernel seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DURATION_SETS } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { battleEffects, controlWithEffects } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { putForAWhile } from "../../src/aos/battle/status.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleInRow, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// Keep Counting, I'm Watching You (Spoilpox Scrivener) with a bundled warscroll for Plaguebearers (Liberators).
const KEEP = {
  name: "Keep Counting, I'm Watching You",
  timing: "Once Per Turn (Army), Your Hero Phase",
  effect: "Declare: Pick a friendly Liberators unit wholly within 12\" of this unit to be the target.\nEffect: Roll a dice. On a 2+, pick 1 of the following effects to apply until the start of your next turn:\r\n*Tally of Blows:* Add 1 to wound rolls for the target's combat attacks.\r\n*Recorded Stamina:* Add 5 to the target's control score.",
};
// A choice on this unit in the combat phase: a ward or +1 to hit (a near form the translator reads: bsdata-translate-pick5.test.ts).
const GUARD = { name: "Guard or Strike", timing: "Any Combat Phase", effect: "Roll a dice. On a 3+, pick 1 of the following effects to apply for the rest of the turn: • This unit has WARD (5+) • Add 1 to hit rolls for this unit's attacks." };

const vocab = keywordVocabulary(["STORMCAST ETERNALS"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));
const KEEP0 = "until-your-next-turn:0:for-the-turn:Vindictors/Keep Counting, I'm Watching You#0";
const KEEP1 = "until-your-next-turn:0:for-the-turn:Vindictors/Keep Counting, I'm Watching You#1";

describe("pick 1 of the following effects, scripted dice", () => {
  it("[AB:BSData/Keep Counting, I'm Watching You] the Liberators in combat: option 1 (+1 to wound, worth their melee attacks) beats option 2 (a control score, worth 0); on a 2+ only option 1 is put, on a 1 nothing", () => {
    for (const [dice, tokens] of [
      [2, [KEEP0]],
      [1, []],
    ] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [dice], "hero");
      const [v, l] = [ids[0]!, ids[1]!];
      give(b, "Vindictors", KEEP);
      expect(b.inCombat(l)).toBe(true);
      useStepAbilities(b, 0, "hero");
      expect([held(b, l), held(b, v), left(b)], `dice ${dice}`).toEqual([tokens, [], 0]);
      expect(controlWithEffects(b, l, 5, false)).toBe(5); // option 2 not put
    }
  });

  it("[AB:BSData/Keep Counting, I'm Watching You] the Liberators far from every enemy (no attack to come): no option is worth anything, the ability is not used (no dice)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [], "hero");
    b.unit(ids[2]!).y += 30;
    give(b, "Vindictors", KEEP);
    useStepAbilities(b, 0, "hero");
    expect([held(b, ids[1]!), left(b)]).toEqual([[], 0]);
  });

  it("[AB:BSData/Keep Counting, I'm Watching You] option 2 held (put by hand): +5 to the Liberators' control score until the start of their army's next turn; the kernel's control set is DURATION_SETS' index", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [], "hero");
    give(b, "Vindictors", KEEP);
    const pe = battleEffects(b).find((e) => e.effect.do.kind === "for-the-turn" && e.effect.do.set === "control")!;
    putForAWhile(b, pe, ids[1]!, 0);
    expect([held(b, ids[1]!), controlWithEffects(b, ids[1]!, 5, false)]).toEqual([[KEEP1], 10]);
    expect(DURATION_SETS.indexOf("control")).toBe(11); // assembly/battle/status.ts SET_CONTROL, effects.ts's TURN_SET 11
  });

  it("[AB:BSData/Guard or Strike] this unit in combat: a ward worth the enemy's attacks on it, +1 to hit worth its own; the one worth more is put (the Liberators' 10 models against 5 Vindictors: the ward), on a 3+", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0, models: 5 }, { warscroll: "Liberators", owner: 1, models: 10 }], [3], "combat");
    give(b, "Vindictors", GUARD);
    useStepAbilities(b, 0, "combat");
    expect([held(b, ids[0]!), left(b)]).toEqual([["for-the-turn:Vindictors/Guard or Strike#0"], 0]);
  });
});

describe("the kernel, seed for seed", () => {
  function setUp(seed: number, step: "hero" | "combat", withAbilities: boolean, far = false) {
    const { b, ids } = battleInRow(
      [
        { warscroll: "Vindictors", owner: 0 },
        { warscroll: "Liberators", owner: 0 },
        { warscroll: "Vindictors", owner: 1, models: 5 + (seed % 3) },
        { warscroll: "Liberators", owner: 1, models: 5 + (seed % 2) * 5 },
        { warscroll: "Vindictors", owner: 1 },
      ],
      null,
      step,
    );
    if (far) b.unit(ids[2]!).y += 2;
    if (withAbilities) {
      give(b, "Vindictors", KEEP);
      give(b, "Vindictors", GUARD);
      give(b, "Liberators", GUARD);
    }
    b.data.log = null;
    b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
    return { s: new PitchedBattleState(b), b, ids };
  }

  for (const step of ["hero", "combat"] as const) {
    it(`[AB:BSData/Keep Counting, I'm Watching You, Guard or Strike] battles from the ${step} phase are identical in both engines, seed for seed, and the abilities change some`, () => {
      let changed = 0;
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { s } = setUp(seed, step, true, seed > 3);
        const ts = rolloutTs(s, seed);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
        if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(setUp(seed, step, false, seed > 3).s, seed))) changed++;
      }
      expect(changed).toBeGreaterThan(0);
    });
  }

  it("[AB:BSData/Keep Counting, I'm Watching You] with option 2's control score held (put by hand) on units near the objectives: identical in both engines, seed for seed, and the control score changes some", () => {
    const position = (seed: number, control: boolean) => {
      // Player 0's Liberators (5 models: control 5) and player 1's (8 models: 8) on either side of an objective, touching it.
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0, models: 5 }, { warscroll: "Liberators", owner: 1, models: 8 }], null, seed % 2 === 0 ? "combat" : "hero");
      give(b, "Vindictors", KEEP);
      const o = b.objectives()[seed % b.objectives().length]!;
      const [l0, l1] = [b.unit(ids[1]!), b.unit(ids[2]!)];
      [l0.x, l0.y] = [o.x, o.y - b.footprint(ids[1]!).radius];
      [l1.x, l1.y] = [o.x, o.y + b.footprint(ids[2]!).radius];
      if (control) {
        const pe = battleEffects(b).find((e) => e.effect.do.kind === "for-the-turn" && e.effect.do.set === "control")!;
        putForAWhile(b, pe, ids[1]!, 0);
      }
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      return new PitchedBattleState(b);
    };
    sameBattlesChanged(core, position);
  });
});
