/**
 * The mortal4 area's translations (src/aos/abilities/translate-mortal4.ts and the readers it hooks into): the
 * catalogues' texts, the exact effects written, and near misses that must not be played
 * (test/aos/abilities-mortal4.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "MONSTER", "HERO"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const D6 = { count: 1, sides: 6, plus: 0 };
const D3 = { count: 1, sides: 3, plus: 0 };
const self = { side: "self", wholly: false, includeSelf: false };
const inCombat = { side: "enemy", range: 3, wholly: false, includeSelf: false };

describe("an effect for the rest of the turn on what a declared mortal damage did", () => {
  it("[AB-TRANSLATE] Soulscent: 'If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn' after a D3 on up to 3 units passed across (5 abilities)", () => {
    expect(
      declared("Any Movement Phase", "Pick up to 3 enemy units that this unit passed across this phase to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll. If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "any", limit: "none" },
      effects: [
        { whom: { side: "enemy", wholly: false, includeSelf: false }, conditions: { attack: "any", passedAcross: true }, do: { kind: "mortal", per: "once", dice: D3, on: 2, each: "roll", targets: "one", upTo: 3 } },
        { whom: self, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "ward", value: 5, companionOnly: false, afterDamage: 1, afterSlain: true, afterSelf: true } },
      ],
    });
  });

  it("[AB-TRANSLATE] Ghostly Howl: 'If any models in the target unit are slain by this ability, the target cannot use commands for the rest of the turn' (2 abilities)", () => {
    expect(
      declared("Once Per Battle(Army), Any Shooting Phase", "Pick an enemy unit in combat with this unit to be the target.", "Inflict D3 mortal damage on the target. If any models in the target unit are slain by this ability, the target cannot use commands for the rest of the turn."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "any", limit: "once-per-battle-army" },
      effects: [
        { whom: inCombat, conditions: { attack: "any" }, do: { kind: "mortal", per: "once", dice: D3, each: "roll", targets: "one" } },
        { whom: inCombat, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false, afterDamage: 1, afterSlain: true } },
      ],
    });
  });

  it("[AB-TRANSLATE] Petrifying Gaze: 'For each 6, ...' then 'If any damage points are allocated to the target by this ability, the target has STRIKE-LAST for the rest of the turn' (1 ability)", () => {
    const range12 = { side: "enemy", range: 12, wholly: false, includeSelf: false };
    expect(
      declared("Once Per Turn (Army,) Your Shooting Phase", 'Pick a visible enemy unit within 12" of this unit to be the target.', "Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target. If any damage points are allocated to the target by this ability, the target has STRIKE-LAST for the rest of the turn."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [
        { whom: range12, conditions: { attack: "any", visible: true }, do: { kind: "mortal", per: "target-model", dice: D6, on: 6, each: 1, targets: "one" } },
        { whom: range12, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false, afterDamage: 1 } },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: a clause that is not for the rest of the turn, 'this unit' after models in the target unit, a clause after a heal, two clauses", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    expect(declared("Any Combat Phase", pick, "Inflict D3 mortal damage on the target. If any models in the target unit are slain by this ability, the target has STRIKE-LAST until the end of the battle.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", pick, "Inflict D3 mortal damage on the target. If any models in the target unit are slain by this ability, this unit has WARD (5+) for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", pick, "Inflict D3 mortal damage on the target. If any models are slain by this ability, heal (3) this unit.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", pick, "Inflict D3 mortal damage on the target. If any models are slain by this ability, this unit has WARD (5+) and STRIKE-FIRST for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick a friendly unit wholly within 12\" of this unit to be the target.", "Heal (3) the target. If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("named models in more spellings, a bonus against a damaged target", () => {
  it("[AB-TRANSLATE] Hamstring: 'If this unit's Mean-eye is on the battlefield and not in combat, pick ...' and 'Add 1 to the roll if the target is damaged' (2 abilities)", () => {
    expect(
      declared("Once per Turn (Army), Your Shooting Phase", 'If this unit\'s Mean-eye is on the battlefield and not in combat, pick a visible enemy unit within 15" of this unit to be the target.', "Roll a dice. Add 1 to the roll if the target is damaged. On a 5+, inflict 1 mortal damage on the target."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [
        { whom: { side: "enemy", range: 15, wholly: false, includeSelf: false }, conditions: { attack: "any", visible: true, inCombat: false }, do: { kind: "mortal", per: "once", dice: D6, on: 5, each: 1, targets: "one", rollBonus: { add: 1, if: "target-damaged" } } },
      ],
    });
  });

  it("[AB-TRANSLATE] Go For da Eyes: 'If this unit's Dakko Sharp-Stikka is on the battlefield, pick ...' (a capital after a hyphen: 1 ability)", () => {
    expect(
      declared("Once Per Turn (Army), Your Shooting Phase", 'If this unit\'s Dakko Sharp-Stikka is on the battlefield, pick a visible enemy unit within 18" of this unit to be the target.', "Roll a dice. Add 1 to the roll if the target is a MONSTER. On a 4+, inflict 1 mortal damage on the target."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "enemy", range: 18, wholly: false, includeSelf: false }, conditions: { attack: "any", visible: true }, do: { kind: "mortal", per: "once", dice: D6, on: 4, each: 1, bonus: { keyword: "MONSTER", add: 1 }, targets: "one" } }],
    });
  });

  it("[AB-TRANSLATE] near misses: a model called a token, a name in lower case, 'is on the battlefield and in combat', a bonus if the target is not damaged", () => {
    const effect = "Roll a dice. On a 4+, inflict 1 mortal damage on the target.";
    expect(declared("Your Shooting Phase", 'If this unit\'s Bomb Rat is on the battlefield, pick a visible enemy unit within 18" of this unit to be the target.', `${effect} The Bomb Rat is a token.`).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", 'If this unit\'s quarry is on the battlefield, pick a visible enemy unit within 18" of this unit to be the target.', effect).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", 'If this unit\'s Mean-eye is on the battlefield and in combat, pick a visible enemy unit within 18" of this unit to be the target.', effect).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", 'Pick a visible enemy unit within 18" of this unit to be the target.', "Roll a dice. Add 1 to the roll if the target is not damaged. On a 5+, inflict 1 mortal damage on the target.").kind).not.toBe("played");
  });
});

describe("a destroyed unit's mortal damage", () => {
  const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
  it("[AB-TRANSLATE] Watch Out!: 'If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range. On a 4+, inflict D3 mortal damage on that unit' (4 abilities)", () => {
    expect(tr("Passive", "If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range. On a 4+, inflict D3 mortal damage on that unit.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "destroyed-mortal", on: 4, damage: D3 } }],
    });
  });

  it("[AB-TRANSLATE] near misses: each unit (friendly and enemy), within 6\", a timing other than Passive, a D3+1", () => {
    const base = "If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range. On a 4+, inflict D3 mortal damage on that unit.";
    expect(tr("Passive", base.replace("each enemy unit", "each unit (friendly and enemy)")).kind).not.toBe("played");
    expect(tr("Passive", base.replace("within this unit's combat range", 'within 6" of this unit')).kind).not.toBe("played");
    expect(tr("Any Combat Phase", base).kind).not.toBe("played");
    expect(tr("Passive", base.replace("D3 mortal", "D3+1 mortal")).kind).not.toBe("played");
  });
});

describe("each other unit of either army", () => {
  it("[AB-TRANSLATE] Indiscriminate Slaughter: 'Pick each other unit (friendly and enemy) within this unit's combat range to be the targets' with a D3 on 2+ (3 abilities)", () => {
    expect(
      declared("Once Per Turn (Army), Any Combat Phase", "Pick each other unit (friendly and enemy) within this unit's combat range to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "mortal", per: "once", dice: D3, on: 2, each: "roll", targets: "each", bothSides: true } }],
    });
  });

  it("[AB-TRANSLATE] near misses: another range, an effect for a while, a heal", () => {
    expect(declared("Any Combat Phase", 'Pick each other unit (friendly and enemy) within 6" of this unit to be the targets.', "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick each other unit (friendly and enemy) within this unit's combat range to be the targets.", "The targets have STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick each other unit (friendly and enemy) within this unit's combat range to be the targets.", "Heal (D3) each target.").kind).not.toBe("played");
  });
});
