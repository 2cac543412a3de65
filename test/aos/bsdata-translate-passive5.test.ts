/**
 * The passive5 area's translations (docs/abilities.md "Passive abilities, fifth pass (passive5)"): the catalogues'
 * texts (/work/shared/data/bsdata-aos4), the exact effects, and near misses that must not be played.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["HERO", "MONSTER", "PRIEST", "WIZARD", "MANIFESTATION", "STORMCAST ETERNALS"]);
const P = (effect: string) => ({ name: "x", timing: "Passive", effect });
const self = { side: "self", wholly: false, includeSelf: false };

describe("damage-double: a weapon's Damage characteristic doubled for attacks on some targets", () => {
  it("[AB-P5:double] Yndrasta's The Prime Huntress: her Thengavar's Damage doubled against MONSTERS", () => {
    expect(translateAbility(P("Double the Damage characteristic of this unit's Thengavar for attacks that target MONSTERS."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", targetKeywords: ["MONSTER"], weapons: ["Thengavar"] }, do: { kind: "damage-double", direction: "by" } }],
    });
  });

  it("[AB-P5:double] Deathmaster Crixxit's Master of Assassins: melee weapons against an enemy HERO", () => {
    expect(translateAbility(P("Double the Damage characteristic of this unit's melee weapons for attacks that target an enemy HERO."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "melee", targetKeywords: ["HERO"] }, do: { kind: "damage-double", direction: "by" } }],
    });
  });

  it("[AB-P5:double] Null-Khemist's Nullsuit: every weapon against PRIESTS, WIZARDS, or MANIFESTATIONS (one of the three)", () => {
    expect(translateAbility(P("Double the Damage characteristic of this unit's weapons for attacks that target PRIESTS, WIZARDS, or MANIFESTATIONS."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", targetAnyKeywords: ["PRIEST", "WIZARD", "MANIFESTATION"] }, do: { kind: "damage-double", direction: "by" } }],
    });
  });

  it("[AB-P5:double] near misses: the enemy mark (no such condition), no target part, a keyword no warscroll carries, another unit's weapons, for the rest of the turn", () => {
    expect(translateAbility(P("Double the Damage characteristic of this unit's melee weapons for attacks that target the enemy mark."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of this unit's melee weapons."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of this unit's Thengavar for attacks that target ZZZ."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of this unit's weapons for attacks that target PRIESTS, ZZZ, or MANIFESTATIONS."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of melee weapons used by friendly HEROES for attacks that target MONSTERS."), vocab).kind).toBe("unread");
    expect(translateAbility({ name: "x", timing: "Any Combat Phase", effect: "For the rest of the turn, double the Damage characteristic of this unit's melee weapons for attacks that target MONSTERS." }, vocab).kind).not.toBe("played");
  });
});
