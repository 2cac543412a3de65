/**
 * The translator's roll-trigger and start-of-turn patterns (src/aos/abilities/translate.ts, docs/abilities.md
 * "Roll triggers and start-of-turn healing"): each with the exact text, the exact effects, and a near miss that
 * must not translate.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["FLESH-EATER COURTS", "NIGHTHAUNT", "STORMCAST ETERNALS"]);
const passive = (effect: string) => translateAbility({ name: "A", timing: "Passive", effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };

describe("save-roll triggers", () => {
  it("[AB-TRANSLATE:Acid Ichor] \"Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved\"", () => {
    expect(passive("Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "melee" }, do: { kind: "save-roll", roll: 6, mortal: { count: 0, sides: 0, plus: 1 } } }],
    });
  });

  it("[AB-TRANSLATE] \"If you make an unmodified save roll of 1 ...\" and its D3 form after \"that FIGHT ability\"", () => {
    expect(passive("If you make an unmodified save roll of 1 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.")).toMatchObject({
      kind: "played",
      effects: [{ conditions: { attack: "melee" }, do: { kind: "save-roll", roll: 1, mortal: { count: 0, sides: 0, plus: 1 } } }],
    });
    expect(passive("If you make an unmodified save roll of 1 for a combat attack that targets this unit, inflict D3 mortal damage on the attacking unit after that FIGHT ability has been resolved.")).toMatchObject({
      kind: "played",
      effects: [{ do: { kind: "save-roll", roll: 1, mortal: { count: 1, sides: 3, plus: 0 } } }],
    });
  });

  it("[AB-TRANSLATE] near misses are not read: another unit's saves, a roll of 5, a combat attack with a SHOOT ability, a spell's 'target unit'", () => {
    for (const text of [
      "If you make an unmodified save roll of 1 for a combat attack that targets a friendly NIGHTHAUNT unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.",
      "Each time you make an unmodified save roll of 5 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.",
      "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the SHOOT ability has been resolved.",
      "For the rest of the turn, each time you make an unmodified save roll of 6 for a combat attack that targets the target unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.",
    ])
      expect(passive(text).kind, text).toBe("unread");
  });
});

describe("start-of-turn healing", () => {
  it("[AB-TRANSLATE:Regeneration] \"Start of Any Turn: Heal (D3) this unit.\" is played; \"Start of Your Turn\" with a D6 too; Once Per Battle (one unit) too, once for each unit (translate-damage.ts)", () => {
    expect(translateAbility({ name: "Regeneration", timing: "Start of Any Turn", effect: "Heal (D3) this unit." }, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "start-of-turn", whose: "any", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "heal", amount: { count: 1, sides: 3, plus: 0 } } }],
    });
    expect(translateAbility({ name: "R", timing: "Start of Your Turn", effect: "Heal (D6) this unit." }, vocab)).toMatchObject({ kind: "played", when: { phase: "start-of-turn", whose: "your" } });
    expect(translateAbility({ name: "R", timing: "Once Per Battle, Start of Any Turn", effect: "Heal (D6) this unit." }, vocab)).toMatchObject({ kind: "played", when: { limit: "once-per-battle" } });
  });
});

describe("passive conditions on the target and on being in combat", () => {
  const v2 = keywordVocabulary(["FLESH-EATER COURTS"]);
  const p2 = (effect: string) => translateAbility({ name: "A", timing: "Passive", effect }, v2);

  it("[AB-TRANSLATE] \"Add 1 to hit rolls for this unit's attacks that target an enemy HERO\" and \"... shooting attacks that target enemy MONSTERS\" (both rolls): targetKeywords", () => {
    expect(p2("Add 1 to hit rolls for this unit's attacks that target an enemy HERO.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", targetKeywords: ["HERO"] }, do: { kind: "hit", value: 1, direction: "by" } }],
    });
    expect(p2("Add 1 to hit rolls and wound rolls for this unit's shooting attacks that target enemy MONSTERS.")).toMatchObject({
      kind: "played",
      effects: [
        { conditions: { attack: "ranged", targetKeywords: ["MONSTER"] }, do: { kind: "hit", value: 1 } },
        { conditions: { attack: "ranged", targetKeywords: ["MONSTER"] }, do: { kind: "wound", value: 1 } },
      ],
    });
    expect(p2("Add 1 to hit rolls for combat attacks made by this unit that target enemy MONSTERS.")).toMatchObject({ kind: "played", effects: [{ conditions: { attack: "melee", targetKeywords: ["MONSTER"] } }] });
  });

  it("[AB-TRANSLATE] \"... that target an enemy unit that has 10 or more models\": targetMinModels; \"while it is in combat\" control: inCombat", () => {
    expect(p2("Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit that has 10 or more models.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "ranged", targetMinModels: 10 }, do: { kind: "hit", value: 1, direction: "by" } }],
    });
    expect(p2("Add 8 to this unit's control score while it is in combat.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", inCombat: true }, do: { kind: "control", add: 8 } }],
    });
  });

  it("[AB-TRANSLATE] near misses: an unknown keyword, a further clause on the target, a weapon's own name, a save roll", () => {
    for (const text of [
      "Add 1 to hit rolls for this unit's attacks that target an enemy GOBBO.",
      // "... that is more than 12\" from this unit" is read now (targetWithin: bsdata-translate-passive3.test.ts); a clause of another kind is not.
      "Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit with 5 or more models that is wholly within 12\" of a terrain feature.",
      // A weapon's own Damage is read now (bsdata-translate-passive.test.ts); its own hit and wound rolls are not.
      "Add 1 to hit rolls and wound rolls for attacks made with this unit's Fellreaper if the target is a PRIEST or a WIZARD.",
      "Add 8 to this unit's control score while it is in combat with a HERO.",
    ])
      expect(p2(text).kind, text).toBe("unread");
    expect(p2("Add 1 to save rolls for this unit's attacks that target an enemy HERO.").kind).not.toBe("played");
  });
});
