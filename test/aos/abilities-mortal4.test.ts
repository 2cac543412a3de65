/**
 * The mortal4 area (docs/abilities.md "Mortal damage and slain models, fourth pass (mortal4)"): each form on a set-up
 * position with scripted dice (a ScriptedRng fails on any die the test did not expect), then the kernel playing the
 * same battles from such positions, seed for seed, checking that the abilities change some battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { destroyIfSlain } from "../../src/aos/battle/casualties.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { unitWard } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import * as E from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleAt, battleInRow, type PhaseKind, type ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (Hellflayer, Tomb Banshee, Cockatrice, Rippa's Snarlfangs).
const TEXT = {
  soulscent: declare("Soulscent", "Any Movement Phase", "Pick up to 3 enemy units that this unit passed across this phase to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll. If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn."),
  howl: declare("Ghostly Howl", "Once Per Battle(Army), Any Shooting Phase", "Pick an enemy unit in combat with this unit to be the target.", "Inflict D3 mortal damage on the target. If any models in the target unit are slain by this ability, the target cannot use commands for the rest of the turn."),
  gaze: declare("Petrifying Gaze", "Once Per Turn (Army,) Your Shooting Phase", 'Pick a visible enemy unit within 12" of this unit to be the target.', "Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target. If any damage points are allocated to the target by this ability, the target has STRIKE-LAST for the rest of the turn."),
  hamstring: declare("Hamstring", "Once per Turn (Army), Your Shooting Phase", 'If this unit\'s Mean-eye is on the battlefield and not in combat, pick a visible enemy unit within 15" of this unit to be the target.', "Roll a dice. Add 1 to the roll if the target is damaged. On a 5+, inflict 1 mortal damage on the target."),
} as const;
// The same clauses in a combat phase (the kernel's battles from combat positions use them).
const COMBAT = {
  scent: declare("Scent", "Any Combat Phase", "Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll. If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn."),
  howl: declare("Howl", "Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Inflict D3 mortal damage on the target. If any models in the target unit are slain by this ability, the target has STRIKE-LAST for the rest of the turn."),
  gaze: declare("Gaze", "Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target. If any damage points are allocated to the target by this ability, the target has STRIKE-LAST for the rest of the turn."),
  hamstring: declare("Hamstring", "Any Combat Phase", "If this unit's Mean-eye is on the battlefield, pick an enemy unit in combat with this unit to be the target.", "Roll a dice. Add 1 to the roll if the target is damaged. On a 4+, inflict 1 mortal damage on the target."),
} as const;

const vocab = keywordVocabulary(["INFANTRY"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.startsWith("for-the-turn:") && !t.includes("passed-across"));

/** A Crypt Flayer (FLY, WARD (6+); player 0) that passed across Vindictors (2 models, Health 2; player 1). */
function flown(dice: number[] | null) {
  const { b, ids } = battleAt(
    "savage-gains",
    [{ warscroll: "Crypt Flayers", owner: 0, x: 30, y: 2, models: 1 }, { warscroll: "Vindictors", owner: 1, x: 30, y: 7.5, models: 2 }],
    { ...(dice ? { dice } : { seed: 1 }), step: { kind: "movement", player: 0 } },
  );
  b.data.terrain = [];
  const [f, v] = ids as [number, number];
  b.unit(f).tokens.push(`for-the-turn:passed-across:${v}`);
  return { b, f, v };
}

describe("an effect for the rest of the turn on what a mortal damage did, scripted dice", () => {
  it("[AB:BSData/Soulscent] a D3 of 2 on the unit passed across slays a Vindictor: the Hellflayer (here a Crypt Flayer, WARD 6+) has WARD (5+) for the rest of the turn", () => {
    const { b, f, v } = flown([2]);
    give(b, "Crypt Flayers", TEXT.soulscent);
    expect(unitWard(b, f)).toBe(6);
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(v).models, held(b, f), held(b, v), unitWard(b, f)]).toEqual([0, 1, ["for-the-turn:Crypt Flayers/Soulscent#1"], [], 5]);
    beginTurn(b, 1);
    expect([held(b, f), unitWard(b, f)]).toEqual([[], 6]);
  });

  it("[AB:BSData/Soulscent] a 1 inflicts nothing; 2 mortal damage on a Praetor (Health 3) slays no model: no ward", () => {
    const { b, f, v } = flown([1]);
    give(b, "Crypt Flayers", TEXT.soulscent);
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(v).models, b.unit(v).damage, held(b, f)]).toEqual([0, 2, 0, []]);
    // 2 mortal damage on a unit of Health 2 with no damage: one slain. With a Health of 3 (a Praetor) none is.
    const p = battleInRow([{ warscroll: "Praetors", owner: 1 }, { warscroll: "Crypt Flayers", owner: 0 }], [2], "movement");
    const [pr, fl] = p.ids as [number, number];
    p.b.unit(fl).tokens.push(`for-the-turn:passed-across:${pr}`);
    give(p.b, "Crypt Flayers", TEXT.soulscent);
    useStepAbilities(p.b, 0, "movement");
    expect([left(p.b), p.b.unit(pr).damage, p.b.unit(pr).models, held(p.b, fl)]).toEqual([0, 2, 3, []]);
  });

  it("[AB:BSData/Ghostly Howl] D3 mortal damage on the enemy unit in combat: a 2 slays a Liberator, which cannot use commands for the rest of the turn; a 1 slays none", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [2], "shooting");
    const [l] = ids as [number];
    give(b, "Vindictors", TEXT.howl);
    useStepAbilities(b, 0, "shooting");
    expect([left(b), b.unit(l).models, held(b, l)]).toEqual([0, 4, ["for-the-turn:Vindictors/Ghostly Howl#1"]]);
    const one = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [1], "shooting");
    give(one.b, "Vindictors", TEXT.howl);
    useStepAbilities(one.b, 0, "shooting");
    expect([left(one.b), one.b.unit(one.ids[0]!).damage, held(one.b, one.ids[0]!)]).toEqual([0, 1, []]);
  });

  it("[AB:BSData/Petrifying Gaze] a dice for each of 5 Liberators: one 6 is 1 mortal damage allocated, so STRIKE-LAST; no 6, nothing", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [6, 1, 5, 2, 3], "shooting");
    const [l] = ids as [number];
    give(b, "Vindictors", TEXT.gaze);
    useStepAbilities(b, 0, "shooting");
    expect([left(b), b.unit(l).damage, held(b, l)]).toEqual([0, 1, ["for-the-turn:Vindictors/Petrifying Gaze#1"]]);
    const none = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [5, 1, 5, 2, 3], "shooting");
    give(none.b, "Vindictors", TEXT.gaze);
    useStepAbilities(none.b, 0, "shooting");
    expect([left(none.b), none.b.unit(none.ids[0]!).damage, held(none.b, none.ids[0]!)]).toEqual([0, 0, []]);
  });

  it("[AB:BSData/Hamstring] +1 to the roll against a damaged target: a 4 inflicts 1 mortal damage on it, not on an undamaged one; not used in combat", () => {
    const far = (dice: number[], damaged: boolean) => {
      const r = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], dice, "shooting");
      r.b.unit(r.ids[1]!).y = r.b.unit(r.ids[0]!).y + 10; // 10" apart: not in combat, within 15"
      if (damaged) r.b.unit(r.ids[0]!).damage = 1;
      give(r.b, "Vindictors", TEXT.hamstring);
      useStepAbilities(r.b, 0, "shooting");
      return [left(r.b), r.b.unit(r.ids[0]!).models, r.b.unit(r.ids[0]!).damage];
    };
    expect(far([4], true)).toEqual([0, 4, 0]); // 1 + 1: a Liberator slain
    expect(far([4], false)).toEqual([0, 5, 0]);
    const close = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "shooting");
    give(close.b, "Vindictors", TEXT.hamstring);
    useStepAbilities(close.b, 0, "shooting");
    expect(close.b.unit(close.ids[0]!).damage).toBe(0);
  });
});

describe("the kernel", () => {
  it("the encoder writes EF.M4_AFTER (bit 1 the models slain, bit 2 the unit with the ability) and the damaged bonus's EF.D_RB_IF 3", () => {
    const { b } = flown(null);
    give(b, "Crypt Flayers", TEXT.soulscent);
    give(b, "Crypt Flayers", COMBAT.howl);
    give(b, "Crypt Flayers", COMBAT.hamstring);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.map((r) => x[r + E.EF.M4_AFTER]).filter((v) => v !== 0)).toEqual([3, 1]);
    expect(records.filter((r) => x[r + E.EF.D_RB_ADD] === 1).map((r) => x[r + E.EF.D_RB_IF])).toEqual([3]);
  });

  for (const step of ["combat", "shooting", "hero"] as PhaseKind[]) {
    it(`[AB:BSData/Soulscent, Ghostly Howl, Petrifying Gaze, Hamstring] battles from the ${step} phase are identical, seed for seed, and the abilities change some`, () => {
      sameBattlesChanged(core, (seed, withAbilities) => {
        const { b, ids } = battleInRow([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, step);
        if (seed % 2 === 0) b.unit(ids[2]!).damage = 1;
        if (withAbilities) for (const t of [...Object.values(TEXT), ...Object.values(COMBAT)]) for (const w of ["Vindictors", "Liberators", "Praetors", "Chainrasps"]) give(b, w, t);
        b.data.log = null;
        return new PitchedBattleState(b);
      });
    });
  }

  it("[AB:BSData/Soulscent] battles from the movement phase are identical, seed for seed; a ward held mid-turn is encoded and plays the same", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, f } = flown(null);
      give(b, "Crypt Flayers", TEXT.soulscent);
      if (seed % 2 === 0) b.unit(f).tokens.push("for-the-turn:Crypt Flayers/Soulscent#1");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// ------------------------------------------------------------------------------------ a destroyed unit's mortal damage

// The catalogue's text (Loonboss on Mangler Squigs).
const WATCH = { name: "Watch Out!", timing: "Passive", effect: "If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range. On a 4+, inflict D3 mortal damage on that unit." };

describe("a destroyed unit's mortal damage, scripted dice", () => {
  it("[AB:BSData/Watch Out!] Vindictors destroyed between two enemy units: a dice for each by ascending id; Liberators 4 then a D3 of 2 (a model slain), Praetors 3 (nothing)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 1 }], [4, 2, 3], "combat");
    const [l, v, p, lord] = ids as [number, number, number, number];
    b.unit(lord).y += 10; // beyond the combat range
    give(b, "Vindictors", WATCH);
    b.unit(v).models = 0;
    expect(destroyIfSlain(b, v, { unit: l, melee: true }, 5)).toBe(true);
    expect([left(b), b.unit(v).status, b.unit(l).models, b.unit(l).damage, b.unit(p).damage, b.unit(lord).damage]).toEqual([0, "destroyed", 4, 0, 0, 0]);
  });

  it("[AB:BSData/Watch Out!] a unit it destroys plays its own (the first, with no models left, is no target); a unit without it rolls nothing", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [5, 3, 6, 1, 1], "combat");
    const [l, v, lord] = ids as [number, number, number];
    b.unit(l).models = 1;
    b.unit(v).models = 0; // one base at its centre
    b.unit(l).y = b.unit(v).y - b.footprint(v).radius - b.footprint(l).radius - 1; // 1" from the Vindictors
    b.unit(lord).x = b.unit(l).x;
    b.unit(lord).y = b.unit(l).y - b.footprint(l).radius - b.footprint(lord).radius - 1; // 1" from the Liberators, 4" and more from the Vindictors
    give(b, "Vindictors", WATCH);
    give(b, "Liberators", WATCH);
    b.unit(v).models = 0;
    destroyIfSlain(b, v, null, 5);
    // Vindictors: Liberators 5, D3 3 -> destroyed; Liberators: the Lord-Imperatant 6, D3 1, its ward (the Gryph-hound's) 1 fails
    // (Vindictors have no models left: no dice).
    expect([left(b), b.unit(l).status, b.unit(lord).damage]).toEqual([0, "destroyed", 1]);
    const none = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    none.b.unit(none.ids[1]!).models = 0;
    destroyIfSlain(none.b, none.ids[1]!, null, 5);
    expect(none.b.unit(none.ids[0]!).damage).toBe(0);
  });
});

describe("a destroyed unit's mortal damage in the kernel", () => {
  it("the encoder writes kind code 162 with the dice (EF.ON 4, D3 damage)", () => {
    const { b } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], null, "combat");
    give(b, "Vindictors", WATCH);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT).filter((r) => x[r + E.EF.KIND] === 162);
    expect(records.map((r) => [x[r + E.EF.ON], x[r + E.EF.DMG_COUNT], x[r + E.EF.DMG_SIDES]])).toEqual([[4, 1, 3]]);
  });

  for (const step of ["combat", "shooting", "hero"] as PhaseKind[]) {
    it(`[AB:BSData/Watch Out!] battles from the ${step} phase are identical, seed for seed, and the ability changes some`, () => {
      sameBattlesChanged(core, (seed, withAbilities) => {
        const { b, ids } = battleInRow([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, step);
        b.unit(ids[1]!).models = 1 + (seed % 2);
        b.unit(ids[2]!).models = 1;
        if (withAbilities) for (const w of ["Vindictors", "Liberators", "Praetors", "Chainrasps"]) give(b, w, WATCH);
        b.data.log = null;
        return new PitchedBattleState(b);
      });
    });
  }
});

// ------------------------------------------------------------------------------------ each other unit of either army

// The catalogue's text (Dreadlord on Black Dragon).
const SLAUGHTER = declare("Indiscriminate Slaughter", "Once Per Turn (Army), Any Combat Phase", "Pick each other unit (friendly and enemy) within this unit's combat range to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.");

describe("mortal damage on each other unit of either army, scripted dice", () => {
  it("[AB:BSData/Indiscriminate Slaughter] two enemy units and one friendly unit in range: a D3 for each by ascending id, the friendly one too", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], [2, 1, 1, 3, 1], "combat");
    const [l, v, p, lord] = ids as [number, number, number, number];
    b.unit(lord).x = b.unit(v).x + b.footprint(v).radius + b.footprint(lord).radius + 1; // 1" east of the Vindictors
    b.unit(lord).y = b.unit(v).y;
    give(b, "Vindictors", SLAUGHTER);
    useStepAbilities(b, 0, "combat");
    // By ascending id (the fixture numbers the units 2, 0, 3, 1): the Lord-Imperatant 2 (its ward, the Gryph-hound's, 1
    // and 1), Liberators 3 (a model slain, 1 damage point), Praetors 1 (nothing).
    expect([left(b), b.unit(l).models, b.unit(l).damage, b.unit(p).damage, b.unit(lord).damage]).toEqual([0, 4, 1, 0, 2]);
  });

  it("[AB:BSData/Indiscriminate Slaughter] as many friendly units as enemy ones in range: not used, no dice", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [], "combat");
    give(b, "Vindictors", SLAUGHTER);
    useStepAbilities(b, 0, "combat");
    expect([b.unit(ids[0]!).damage, b.unit(ids[2]!).damage]).toEqual([0, 0]);
  });
});

describe("mortal damage on each other unit of either army in the kernel", () => {
  for (const step of ["combat", "hero"] as PhaseKind[]) {
    it(`[AB:BSData/Indiscriminate Slaughter] battles from the ${step} phase are identical, seed for seed, and the ability changes some`, () => {
      sameBattlesChanged(core, (seed, withAbilities) => {
        const { b } = battleInRow([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Annihilators", owner: 1 }], null, step);
        if (withAbilities) for (const w of ["Vindictors", "Liberators", "Praetors"]) give(b, w, SLAUGHTER);
        b.data.log = null;
        return new PitchedBattleState(b);
      });
    });
  }
});
