/**
 * The hero3 area (src/aos/abilities/translate-hero3.ts and its hooks in translate.ts, translate-status.ts and
 * translate-spells.ts; docs/abilities.md "Hero phases, spells and the start of a turn (hero3)"): the catalogues'
 * texts, the exact effects written, and near misses that must not be played (test/aos/abilities-hero3.test.ts plays
 * them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["DAUGHTERS OF KHAINE", "INFANTRY", "WARRIORS OF CHAOS", "HERO"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const spell = (value: number, declare: string, effect: string) => declared(`Your Hero Phase; Spell, casting value ${value}`, declare, effect);

describe("the dice in the Declare step", () => {
  it("[AB-TRANSLATE] Oracular Visions (Chaos Sorcerer Lord, 3 abilities): '... to be the target and roll a dice. Effect: On a 3+, the target has WARD (5+) until the start of your next turn'", () => {
    expect(declared("Once Per Turn (Army), Your Hero Phase", 'Pick a friendly WARRIORS OF CHAOS unit wholly within 12" of this unit to be the target and roll a dice.', "On a 3+, the target has WARD (5+) until the start of your next turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["WARRIORS OF CHAOS"] }, range: 12, wholly: true, includeSelf: true },
          conditions: { attack: "any" },
          do: { kind: "for-the-turn", set: "ward", value: 5, companionOnly: false, on: 3, until: "your-next-turn" },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: several targets with one dice, no 'On a N+' after it, a second effect sentence that is not read", () => {
    for (const [pick, effect] of [
      ['Pick up to 2 friendly WARRIORS OF CHAOS units wholly within 12" of this unit to be the targets and roll a dice.', "On a 3+, the target has WARD (5+) until the start of your next turn."],
      ['Pick a friendly WARRIORS OF CHAOS unit wholly within 12" of this unit to be the target and roll a dice.', "If the roll is 3+, the target has WARD (5+) until the start of your next turn."],
      ['Pick a friendly WARRIORS OF CHAOS unit wholly within 12" of this unit to be the target and roll a dice.', "On a 3+, the target has WARD (5+) until the start of your next turn. On a 6, it has STRIKE-FIRST for the rest of the turn."],
    ] as const)
      expect(declared("Once Per Turn (Army), Your Hero Phase", pick, effect).kind, effect).not.toBe("played");
  });
});

describe("no dice while this unit is in combat", () => {
  const PICK = 'Pick a visible friendly DAUGHTERS OF KHAINE INFANTRY unit wholly within 12" of this unit to be the target.';
  it("[AB-TRANSLATE] Paragon of Slaughter (High Gladiatrix, 4 abilities): 'If this unit is in combat, X. If this unit is not in combat, roll a dice. On a 3+, X.' is X on a 3+ with sureInCombat", () => {
    const X = "add 1 to the Rend characteristic of the target's melee weapons for the rest of the turn";
    expect(declared("Once Per Turn (Army), Your Hero Phase", PICK, `If this unit is in combat, ${X}. If this unit is not in combat, roll a dice. On a 3+, ${X}.`)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["DAUGHTERS OF KHAINE", "INFANTRY"] }, range: 12, wholly: true, includeSelf: true },
          conditions: { attack: "melee", visible: true },
          do: { kind: "for-the-turn", set: "rend", value: 1, companionOnly: false, on: 3, sureInCombat: true },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] the same on this unit itself (no Declare step)", () => {
    const t = translateAbility({ name: "X", timing: "Your Hero Phase", effect: "If this unit is in combat, this unit has WARD (5+) for the rest of the turn. If this unit is not in combat, roll a dice. On a 4+, this unit has WARD (5+) for the rest of the turn." }, vocab);
    expect(t.kind === "played" && t.effects).toEqual([{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "ward", value: 5, companionOnly: false, on: 4, sureInCombat: true } }]);
  });

  it("[AB-TRANSLATE] near misses: two different effects, 'Otherwise' with the effect below, the reverse condition", () => {
    for (const effect of [
      "If this unit is in combat, add 1 to the Rend characteristic of the target's melee weapons for the rest of the turn. If this unit is not in combat, roll a dice. On a 3+, add 1 to the Attacks characteristic of the target's melee weapons for the rest of the turn.",
      "If this unit is in combat, apply the effect below. Otherwise, roll a dice. On a 3+, apply the effect below. Add 1 to the Rend characteristic of the target's melee weapons for the rest of the turn.",
      "If this unit is not in combat, add 1 to the Rend characteristic of the target's melee weapons for the rest of the turn. If this unit is in combat, roll a dice. On a 3+, add 1 to the Rend characteristic of the target's melee weapons for the rest of the turn.",
    ])
      expect(declared("Once Per Turn (Army), Your Hero Phase", PICK, effect).kind, effect).not.toBe("played");
  });
});

describe("spells: the target cannot use commands", () => {
  const enemy = (range: number) => ({ side: "enemy", range, wholly: false, includeSelf: false });
  it("[AB-TRANSLATE] Deathly Candlelight (Amethyst Knellmage, 3 abilities): 'The target cannot use commands for the rest of the turn'", () => {
    expect(spell(7, 'Pick a visible enemy unit within 12" of this unit to be the target, then make a casting roll of 2D6.', "The target cannot use commands for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [{ whom: enemy(12), conditions: { attack: "any", visible: true }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] Terrible Madness (Thanquol on Boneripper, 2 abilities): until the start of your next turn, then a dice per model of the target, each 6 a mortal damage", () => {
    const t = spell(7, 'Pick a visible enemy unit within 13" of this unit to be the target, then make a casting roll of 2D6.', "The target cannot use commands until the start of your next turn. In addition, roll a number of dice equal to the number of models in the target unit. For each 6, inflict 1 mortal damage on the target.");
    expect(t).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [
        { whom: enemy(13), conditions: { attack: "any", visible: true }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false, until: "your-next-turn" } },
        { whom: enemy(13), conditions: { attack: "any", visible: true }, do: { kind: "mortal", per: "target-model", dice: { count: 1, sides: 6, plus: 0 }, on: 6, each: 1, targets: "one" } },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: no duration, for the battle, this unit, a second sentence no spell pattern reads", () => {
    const pick = 'Pick a visible enemy unit within 12" of this unit to be the target, then make a casting roll of 2D6.';
    for (const effect of [
      "The target cannot use commands.",
      "The target cannot use commands for the rest of the battle.",
      "This unit cannot use commands for the rest of the turn.",
      "The target cannot use commands for the rest of the turn. In addition, roll a number of dice equal to the number of models in the target unit. For each 6, inflict D3 mortal damage on the target.",
    ])
      expect(spell(7, pick, effect).kind, effect).not.toBe("played");
  });
});

describe("seizing an objective at the start of a turn", () => {
  const PICK = "Pick an objective you do not control and that you controlled earlier in the battle to be the target.";
  it("[AB-TRANSLATE] All Belongs to Tzeentch (Gaunt Summoner, 7 abilities): 'You control the target objective'", () => {
    expect(declared("Once Per Battle (Army), Start of Any Turn", PICK, "You control the target objective.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "start-of-turn", whose: "any", limit: "once-per-battle-army" },
      effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "seize" } }],
    });
  });

  it("[AB-TRANSLATE] near misses: another timing, an objective the army never held, a second effect", () => {
    expect(declared("Once Per Battle (Army), Your Hero Phase", PICK, "You control the target objective.").kind).not.toBe("played");
    expect(declared("Once Per Battle (Army), Start of Any Turn", "Pick an objective you do not control to be the target.", "You control the target objective.").kind).not.toBe("played");
    expect(declared("Once Per Battle (Army), Start of Any Turn", PICK, "You control the target objective. Heal (3) this unit.").kind).not.toBe("played");
  });
});

describe("Crit for a while", () => {
  const v = keywordVocabulary(["DEATHRATTLE", "SERAPHON", "IDONETH DEEPKIN"]);
  const d = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, v);
  it("[AB-TRANSLATE] King of Shambling Bones (Wight King, 2 abilities): 'Roll a dice. On a 3+, the target's melee weapons have Crit (2 Hits) for the rest of the turn'", () => {
    expect(d("Once Per Turn (Army), Your Hero Phase", "Pick a friendly DEATHRATTLE unit within this unit's combat range to be the target.", "Roll a dice. On a 3+, the target's melee weapons have Crit (2 Hits) for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["DEATHRATTLE"] }, range: 3, wholly: false, includeSelf: true }, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "weapon-ability", ability: "Crit (2 Hits)", companionOnly: false, on: 3 } }],
    });
  });

  it("[AB-TRANSLATE] Serpent Staff (Skink Starpriest): Crit (Auto-wound) until the start of your next turn on a 2+; Empowered by Memory (Lotann, a spell, 2 abilities): Crit (Auto-wound) for the rest of the turn", () => {
    const staff = d("Your Hero Phase", 'Pick a visible friendly SERAPHON unit wholly within 18" of this unit to be the target.', "Roll a dice. On a 2+, the target's melee weapons have Crit (Auto-wound) until the start of your next turn.");
    expect(staff.kind === "played" && staff.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "weapon-ability", ability: "Crit (Auto-wound)", companionOnly: false, on: 2, until: "your-next-turn" });
    const memory = d("Your Hero Phase; Spell, casting value 7", 'Pick a visible friendly IDONETH DEEPKIN unit wholly within 18" of this unit to be the target, then make a casting roll of 2D6.', "The target's melee weapons have Crit (Auto-wound) for the rest of the turn.");
    expect(memory).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["IDONETH DEEPKIN"] }, range: 18, wholly: true, includeSelf: true }, conditions: { attack: "melee", visible: true }, do: { kind: "for-the-turn", set: "weapon-ability", ability: "Crit (Auto-wound)", companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] near misses: a named roll with modifiers elsewhere ('Make an arcane manipulation roll of D6'), ranged weapons, another weapon ability, no duration", () => {
    const pick = 'Pick a visible friendly SERAPHON unit wholly within 18" of this unit to be the target.';
    for (const effect of [
      "Make an arcane manipulation roll of D6. On a 3+, the target's melee weapons have Crit (Mortal) until the start of your next turn.",
      "Roll a dice. On a 2+, the target's ranged weapons have Crit (Auto-wound) until the start of your next turn.",
      "Roll a dice. On a 2+, the target's melee weapons have Anti-charge (+1 Rend) until the start of your next turn.",
      "Roll a dice. On a 2+, the target's melee weapons have Crit (Auto-wound).",
    ])
      expect(d("Your Hero Phase", pick, effect).kind, effect).not.toBe("played");
  });
});
