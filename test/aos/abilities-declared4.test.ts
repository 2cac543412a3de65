/**
 * The declared4 area (docs/abilities.md "Declared abilities, fourth pass (declared4)"): each form on a set-up position
 * with scripted dice (a ScriptedRng fails on any die the test did not expect), the weapons' numbers the attack
 * interpreter then reads, and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attacksWithModifier } from "../../src/aos/abilities/attack.js";
import { weaponAfterMods } from "../../src/aos/abilities/passive.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { DURATION_SETS } from "../../src/aos/abilities/schema.js";
import { attackEffects, unitWard } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { strikeForAWhile } from "../../src/aos/battle/status.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleInRow, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (/work/shared/data/bsdata-aos4); where a text names a warscroll or weapon the bundled data does
// not have, the same text with a bundled one's names (Morbheg Knights: Grisly Lance, and Nightshrieker's Claws and Teeth, a Companion weapon).
const TEXT = {
  siren: declare("Siren Song of The Abyss", "Any Combat Phase", 'Pick up to 3 friendly IDONETH DEEPKIN units wholly within 12" of this unit to be the targets.', "For the rest of the turn, add 1 to the Attacks characteristic of the targets' Companion weapons."),
  webbing: declare("Beast-binding Webbing", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit that charged this turn and is in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from the Attacks characteristic of the target's Companion weapons for the rest of the turn."),
  // Strike at the Heart ("a friendly Blood Knights unit ... that unit's Templar Weapons").
  heart: declare("Strike at the Heart", "Any Combat Phase", 'Pick a friendly Morbheg Knights unit that charged this turn and is wholly within 12" of this unit to be the target.', "Add 1 to the Rend characteristic of that unit's Grisly Lances for the rest of the turn."),
  // Wrath of the Draconith ("a friendly Stormdrake Guard unit ... Draconith's Fangs and Talons").
  wrath: declare("Wrath of the Draconith", "Once Per Turn (Army), Any Combat Phase", "Pick a friendly Morbheg Knights unit within this unit's combat range to be the target.", "Roll a dice. On a 2+, add 1 to the Attacks characteristic of both this unit's and the target's Nightshrieker's Claws and Teeth for the rest of the turn."),
  mantle: declare("Starlight Mantle", "Once Per Turn (Army), Any Combat Phase", "If this unit is in combat, pick each visible friendly STORMCAST ETERNALS unit within its combat range to be the targets.", "For the rest of the turn, the targets have WARD (5+) and this unit has STRIKE-LAST."),
  // Herald of Trampling Death ("a friendly Bloodcrushers unit").
  trampling: declare("Herald of Trampling Death", "Once Per Battle, Any Charge Phase", "Pick a friendly Vindictors unit within this unit's combat range to be the target.", "For the rest of the turn, weapons used by this unit and the target have Charge (+1 Damage)."),
  censer: declare("Relic Censer", "Your Shooting Phase", 'Pick an enemy unit within 12" of this unit to be the target.', "Roll a dice. On a 2+, subtract 1 from ward rolls made by the target for the rest of the turn."),
  soulgorgers: declare(
    "Soulgorgers",
    "Once Per Turn (Army), Your Movement Phase",
    'Pick up to 3 visible friendly non-UNIQUE HEDONITES OF SLAANESH WAR MACHINES wholly within 12" of this unit to be the targets.',
    "Add 1 to the Attacks characteristic of the targets' melee weapons for the rest of the turn. This ability also affects Companion weapons.",
  ),
} as const;

const vocab = keywordVocabulary(["IDONETH DEEPKIN", "STORMCAST ETERNALS", "HEDONITES OF SLAANESH", "WAR MACHINE", "UNIQUE"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));
const MORBHEG = "Morbheg Knights";
const LANCE = "Grisly Lance";
const CLAWS = "Nightshrieker's Claws and Teeth";

/** Unit `id`'s melee weapons' Attacks (fixed part) and Rend after the effects on its attacks on `target`, by name. */
function weapons(b: Battle, id: number, target: number): Record<string, [number, number]> {
  const m = attackEffects(b, id, target, true, []);
  const out: Record<string, [number, number]> = {};
  for (const w of b.profile(id).weapons) {
    if (w.type !== "melee") continue;
    const x = weaponAfterMods({ ...w, attacks: attacksWithModifier(w, w.attacks, m.attacks) }, m);
    out[w.name] = [x.attacks.plus, x.rend];
  }
  return out;
}

describe("Companion weapons held for a while, scripted dice", () => {
  it("[AB:BSData/Siren Song of The Abyss] the Morbheg Knights' Companion weapon takes +1 Attacks, their lance none; the Vindictors (no Companion weapon) are worth nothing and not picked", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0, keywords: ["IDONETH DEEPKIN"] }, { warscroll: MORBHEG, owner: 0, keywords: ["IDONETH DEEPKIN"] }, { warscroll: "Liberators", owner: 1 }], [], "combat");
    const [v, m, l] = [ids[0]!, ids[1]!, ids[2]!];
    give(b, "Vindictors", TEXT.siren);
    expect(weapons(b, m, l)).toEqual({ [LANCE]: [2, 1], [CLAWS]: [3, 1] });
    useStepAbilities(b, 0, "combat");
    expect([held(b, v), held(b, m), left(b)]).toEqual([[], ["for-the-turn:Vindictors/Siren Song of The Abyss#0"], 0]);
    expect(attackEffects(b, m, l, true, []).weaponMods).toEqual([{ rend: 0, damage: 0, attacks: 1, companion: true }]);
    expect(weapons(b, m, l)).toEqual({ [LANCE]: [2, 1], [CLAWS]: [4, 1] });
  });

  it("[AB:BSData/Beast-binding Webbing] on a 3+ the enemy Morbheg Knights that charged have -1 Attacks on their Companion weapon only; a 2 does nothing; not used on a unit that did not charge (no dice)", () => {
    for (const [dice, charged, tokens, claws] of [
      // The Vindictors' own Hold the Shieldwall rolls first on an enemy that charged (a 1: nothing).
      [[1, 3], true, ["for-the-turn:Vindictors/Beast-binding Webbing#0"], 2],
      [[1, 2], true, [], 3],
      [[], false, [], 3],
    ] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: MORBHEG, owner: 1 }], [...dice], "combat");
      const [v, m] = [ids[0]!, ids[1]!];
      b.unit(m).charged = charged;
      give(b, "Vindictors", TEXT.webbing);
      useStepAbilities(b, 0, "combat");
      expect([held(b, m), left(b), weapons(b, m, v)], `dice ${dice}`).toEqual([tokens, 0, { [LANCE]: [2, 1], [CLAWS]: [claws, 1] }]);
    }
  });

  it("[AB:BSData/Soulgorgers] in the movement phase: +1 Attacks on every melee weapon of the Morbheg Knights, the Companion one too (the modifier twice: for the weapons, and for Companion weapons)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: MORBHEG, owner: 0, keywords: ["HEDONITES OF SLAANESH", "WAR MACHINE"] }, { warscroll: "Liberators", owner: 1 }], [], "movement");
    const [m, l] = [ids[1]!, ids[2]!];
    give(b, "Vindictors", TEXT.soulgorgers);
    useStepAbilities(b, 0, "movement");
    expect([held(b, m), left(b)]).toEqual([["for-the-turn:Vindictors/Soulgorgers#0", "for-the-turn:Vindictors/Soulgorgers#1"], 0]);
    expect(weapons(b, m, l)).toEqual({ [LANCE]: [3, 1], [CLAWS]: [4, 1] });
  });
});

describe("named weapons held for a while, scripted dice", () => {
  it("[AB:BSData/Strike at the Heart] a friendly Morbheg Knights unit that charged: +1 Rend on its Grisly Lance ('Grisly Lances' in the text), not on its Companion weapon; not used when it did not charge", () => {
    for (const charged of [true, false]) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: MORBHEG, owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "combat");
      const [m, l] = [ids[1]!, ids[2]!];
      b.unit(m).charged = charged;
      give(b, "Vindictors", TEXT.heart);
      useStepAbilities(b, 0, "combat");
      expect([held(b, m), left(b), weapons(b, m, l)], `charged ${charged}`).toEqual([charged ? ["for-the-turn:Vindictors/Strike at the Heart#0"] : [], 0, { [LANCE]: [2, charged ? 2 : 1], [CLAWS]: [3, 1] }]);
    }
  });
});

describe("this unit too, with the target's dice (onSelf), scripted dice", () => {
  it("[AB:BSData/Wrath of the Draconith] on a 2+ the target (the Morbheg Knights in combat) and this unit each take +1 Attacks on the named Companion weapon (named: a positive modifier reaches it); a 1 does nothing", () => {
    for (const [dice, ok] of [
      [2, true],
      [1, false],
    ] as const) {
      const { b, ids } = battleInRow([{ warscroll: MORBHEG, owner: 0 }, { warscroll: MORBHEG, owner: 0 }, { warscroll: "Liberators", owner: 1 }], [dice], "combat");
      const [a, t, l] = [ids[0]!, ids[1]!, ids[2]!];
      give(b, MORBHEG, TEXT.wrath);
      expect([b.inCombat(a), b.inCombat(t)]).toEqual([false, true]);
      useStepAbilities(b, 0, "combat");
      expect([held(b, t), held(b, a), left(b)], `dice ${dice}`).toEqual(ok ? [["for-the-turn:Morbheg Knights/Wrath of the Draconith#0"], ["for-the-turn:Morbheg Knights/Wrath of the Draconith#1"], 0] : [[], [], 0]);
      expect([weapons(b, t, l)[CLAWS], weapons(b, a, l)[CLAWS], weapons(b, t, l)[LANCE]]).toEqual(ok ? [[4, 1], [4, 1], [2, 1]] : [[3, 1], [3, 1], [2, 1]]);
    }
  });

  it("[AB:BSData/Starlight Mantle] in combat: WARD (5+) on each friendly STORMCAST ETERNALS unit within its combat range (itself too), STRIKE-LAST on itself only", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "combat");
    const [other, self] = [ids[0]!, ids[1]!];
    give(b, "Vindictors", TEXT.mantle);
    // Only the Vindictors in combat use it (the other is not in combat).
    expect([b.inCombat(other), b.inCombat(self)]).toEqual([false, true]);
    useStepAbilities(b, 0, "combat");
    const key = "for-the-turn:Vindictors/Starlight Mantle";
    expect([held(b, other), held(b, self), left(b)]).toEqual([[`${key}#0`], [`${key}#1`, `${key}#0`], 0]);
    expect([strikeForAWhile(b, self, "last"), strikeForAWhile(b, other, "last")]).toEqual([true, false]);
  });
});

describe("Charge (+1 Damage) held for a while", () => {
  it("[AB:BSData/Herald of Trampling Death] at the end of the charge phase: the Vindictors in combat and the Liberators with the ability take Charge (+1 Damage) on their weapons for the rest of the turn; once per battle for each unit", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: MORBHEG, owner: 1 }], [], "charge");
    const [l, v, m] = [ids[0]!, ids[1]!, ids[2]!];
    give(b, "Liberators", TEXT.trampling);
    useStepAbilities(b, 0, "charge");
    expect([held(b, v), held(b, l), left(b)]).toEqual([["for-the-turn:Liberators/Herald of Trampling Death#0"], ["for-the-turn:Liberators/Herald of Trampling Death#1"], 0]);
    expect(attackEffects(b, v, m, true, []).weaponMods).toEqual([{ rend: 0, damage: 0, attacks: 0, ability: "Charge (+1 Damage)" }]);
    expect(attackEffects(b, l, m, true, []).weaponMods).toEqual([{ rend: 0, damage: 0, attacks: 0, ability: "Charge (+1 Damage)" }]);
  });
});

describe("ward rolls held for a while, scripted dice", () => {
  it("the kernel's TURN_SET code is schema.ts DURATION_SETS' index (assembly/battle/declared4.ts SET_WARD_ROLL)", () => {
    expect(DURATION_SETS.indexOf("ward-roll")).toBe(17);
  });

  it("[AB:BSData/Relic Censer] at the start of the shooting phase, on a 2+ the enemy Morbheg Knights' WARD (6+) is none for the rest of the turn (-1: a 6 is a 5), against mortal damage too; the Liberators (no ward) are worth nothing; a 1 does nothing", () => {
    for (const [dice, ward] of [
      [2, null],
      [1, 6],
    ] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: MORBHEG, owner: 1 }, { warscroll: "Liberators", owner: 1 }], [dice], "shooting");
      const [v, m] = [ids[0]!, ids[1]!];
      give(b, "Vindictors", TEXT.censer);
      expect(unitWard(b, m)).toBe(6);
      useStepAbilities(b, 0, "shooting-start");
      expect([held(b, m), held(b, ids[2]!), left(b), unitWard(b, m)], `dice ${dice}`).toEqual([ward === null ? ["for-the-turn:Vindictors/Relic Censer#0"] : [], [], 0, ward]);
      // The attack's ward is the same (attacks.ts attackInput: wardAfterRolls with the attack's modifiers).
      const mods = attackEffects(b, v, m, true, []);
      expect(mods.wardRoll).toBe(ward === null ? -1 : 0);
    }
  });
});

describe("the kernel, seed for seed", () => {
  /** Player 0: two Morbheg Knights and Vindictors; player 1: Morbheg Knights, Liberators, Vindictors; in a row, from `step`. */
  function setUp(seed: number, step: "hero" | "combat", withAbilities: boolean) {
    const { b, ids } = battleInRow(
      [
        { warscroll: MORBHEG, owner: 0, keywords: ["IDONETH DEEPKIN", "HEDONITES OF SLAANESH", "WAR MACHINE"] },
        { warscroll: "Vindictors", owner: 0, keywords: ["IDONETH DEEPKIN"] },
        { warscroll: MORBHEG, owner: 0, keywords: ["IDONETH DEEPKIN", "HEDONITES OF SLAANESH", "WAR MACHINE"] },
        { warscroll: "Liberators", owner: 1 },
        { warscroll: MORBHEG, owner: 1, keywords: ["IDONETH DEEPKIN", "HEDONITES OF SLAANESH", "WAR MACHINE"] },
        { warscroll: "Vindictors", owner: 1, keywords: ["IDONETH DEEPKIN"] },
      ],
      null,
      step,
    );
    if (withAbilities) {
      give(b, MORBHEG, TEXT.wrath);
      give(b, MORBHEG, TEXT.heart);
      give(b, "Vindictors", TEXT.siren);
      give(b, "Vindictors", TEXT.webbing);
      give(b, "Vindictors", TEXT.mantle);
      give(b, "Liberators", TEXT.soulgorgers);
      give(b, "Liberators", TEXT.censer);
      give(b, "Liberators", TEXT.trampling);
      give(b, "Vindictors", TEXT.censer);
    }
    b.unit(ids[2]!).charged = seed % 2 === 0;
    b.unit(ids[4]!).charged = seed % 3 === 0;
    b.data.log = null;
    b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
    return new PitchedBattleState(b);
  }

  /**
   * Units `a` and `c` both in combat with `e` (touching it, 1/4" apart) and within 3" of each other: `a` below `e`, `c`
   * turned around `e` by the least angle that keeps them 1/4" apart.
   */
  function around(b: Battle, e: number, a: number, c: number): void {
    const [E, A, C] = [b.unit(e), b.unit(a), b.unit(c)];
    const [re, ra, rc] = [b.footprint(e).radius, b.footprint(a).radius, b.footprint(c).radius];
    [A.x, A.y] = [E.x, E.y - (re + ra + 0.25)];
    for (let deg = 10; deg <= 180; deg += 5) {
      const t = (deg * Math.PI) / 180;
      const d = re + rc + 0.25;
      [C.x, C.y] = [E.x + d * Math.sin(t), E.y - d * Math.cos(t)];
      if (Math.hypot(C.x - A.x, C.y - A.y) - ra - rc >= 0.25) break;
    }
    expect([b.inCombat(a), b.inCombat(c), Math.hypot(C.x - A.x, C.y - A.y) - ra - rc <= 3]).toEqual([true, true, true]);
  }

  it("[AB:BSData/Wrath of the Draconith, Starlight Mantle] battles from the combat phase with the target and this unit both in combat (this unit's part, onSelf, on another unit than the target) are identical in both engines, seed for seed, and the abilities change some", () => {
    const position = (seed: number, withAbilities: boolean) => {
      const { b, ids } = battleInRow([{ warscroll: MORBHEG, owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: MORBHEG, owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Morbheg Knights", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], null, "combat");
      around(b, ids[1]!, ids[0]!, ids[2]!);
      around(b, ids[4]!, ids[3]!, ids[5]!);
      if (withAbilities) {
        give(b, MORBHEG, TEXT.wrath);
        give(b, "Vindictors", TEXT.mantle);
      }
      b.unit(ids[0]!).damage = seed % 2; // which Morbheg Knights is the target (the fewest wounds left)
      b.data.log = null;
      b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
      return new PitchedBattleState(b);
    };
    sameBattlesChanged(core, position);
  });

  for (const step of ["combat", "hero"] as const) {
    it(`[AB:BSData/Siren Song of The Abyss, Beast-binding Webbing, Strike at the Heart, Wrath of the Draconith, Starlight Mantle, Soulgorgers, Relic Censer, Herald of Trampling Death] battles from the ${step} phase are identical in both engines, seed for seed, and the abilities change some`, () => {
      sameBattlesChanged(core, (seed, withAbilities) => setUp(seed, step, withAbilities));
    });
  }
});
