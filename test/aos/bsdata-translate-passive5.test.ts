/**
 * The passive5 area's translations (docs/abilities.md "Passive abilities, fifth pass (passive5)"): the catalogues'
 * texts (/work/shared/data/bsdata-aos4), the exact effects, and near misses that must not be played.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["HERO", "MONSTER", "PRIEST", "WIZARD", "MANIFESTATION", "STORMCAST ETERNALS", "EXTREMIS CHAMBER"]);
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

  it("[AB-P5:double] near misses: the enemy mark (no such condition), no target part, a list of three keywords (the magic5 family's text), a keyword no warscroll carries, another unit's weapons, for the rest of the turn", () => {
    expect(translateAbility(P("Double the Damage characteristic of this unit's melee weapons for attacks that target the enemy mark."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of this unit's melee weapons."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of this unit's Thengavar for attacks that target ZZZ."), vocab).kind).toBe("unread");
    // Null-Khemist's Nullsuit ("... PRIESTS, WIZARDS, or MANIFESTATIONS") is the magic5 area's family: its list is not read here.
    expect(translateAbility(P("Double the Damage characteristic of this unit's weapons for attacks that target PRIESTS, WIZARDS, or MANIFESTATIONS."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Double the Damage characteristic of melee weapons used by friendly HEROES for attacks that target MONSTERS."), vocab).kind).toBe("unread");
    expect(translateAbility({ name: "x", timing: "Any Combat Phase", effect: "For the rest of the turn, double the Damage characteristic of this unit's melee weapons for attacks that target MONSTERS." }, vocab).kind).not.toBe("played");
  });
});

describe("a shooting phase's \"For the rest of the phase\" bullets on this unit's ranged attacks", () => {
  const LUCKY = "For the rest of the phase: \u2022 Add 1 to the Attacks characteristic of this unit's ranged weapons. \u2022 This unit's ranged weapons have Crit (2 Hits).";
  it("[AB-P5:shooting-phase] Ironblaster (Scourge of Ghyran): +1 Attacks and Crit (2 Hits) on its ranged attacks for the rest of the turn", () => {
    expect(translateAbility({ name: "x", timing: "Once Per Turn (Army), Your Shooting Phase", effect: LUCKY }, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [
        { whom: self, conditions: { attack: "ranged" }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false } },
        { whom: self, conditions: { attack: "ranged" }, do: { kind: "for-the-turn", set: "weapon-ability", ability: "Crit (2 Hits)", companionOnly: false } },
      ],
    });
  });

  it("[AB-P5:shooting-phase] near misses: melee weapons (attacks after the shooting phase), another phase, a bullet no pattern reads", () => {
    expect(translateAbility({ name: "x", timing: "Your Shooting Phase", effect: LUCKY.replace("ranged weapons. ", "melee weapons. ") }, vocab).kind).toBe("unread");
    expect(translateAbility({ name: "x", timing: "Your Combat Phase", effect: LUCKY }, vocab).kind).toBe("unread");
    expect(translateAbility({ name: "x", timing: "Your Shooting Phase", effect: LUCKY.replace("Crit (2 Hits)", "Crit (3 Hits)") }, vocab).kind).toBe("unread");
  });
});

describe("the Attacks of each friendly unit wholly within range when the ability is used", () => {
  const C = (effect: string) => ({ name: "x", timing: "Once Per Battle, Any Combat Phase", effect });
  it("[AB-P5:each] Lord-Celestant on Stardrake: each other friendly EXTREMIS CHAMBER unit wholly within 12\", +1 Attacks for the rest of the turn", () => {
    expect(translateAbility(C('Add 1 to the Attacks characteristic of other friendly EXTREMIS CHAMBER units wholly within 12" of this unit for the rest of the turn.'), vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-battle" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["EXTREMIS CHAMBER"] }, range: 12, wholly: true, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false, each: true } }],
    });
  });

  it("[AB-P5:each] Ripperdactyl Chief: the Moonstone Warspears of each friendly Ripperdactyl Riders unit wholly within 12\"", () => {
    expect(translateAbility(C('Add 1 to the Attacks characteristic of Moonstone Warspears used by friendly Ripperdactyl Riders units wholly within 12" of this unit for the rest of the turn.'), vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-battle" },
      effects: [{ whom: { side: "friendly", filter: { warscrolls: ["Ripperdactyl Riders"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any", weapons: ["Moonstone Warspears", "Moonstone Warspear"] }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false, each: true } }],
    });
  });

  it("[AB-P5:each] near misses: passive, an aura (\"while they are\"), a keyword no warscroll carries", () => {
    expect(translateAbility({ name: "x", timing: "Passive", effect: 'Add 1 to the Attacks characteristic of other friendly EXTREMIS CHAMBER units wholly within 12" of this unit for the rest of the turn.' }, vocab).kind).toBe("unread");
    expect(translateAbility(C('Add 1 to the Attacks characteristic of other friendly EXTREMIS CHAMBER units while they are wholly within 12" of this unit for the rest of the turn.'), vocab).kind).toBe("unread");
    expect(translateAbility(C('Add 1 to the Attacks characteristic of other friendly ZZZ units wholly within 12" of this unit for the rest of the turn.'), vocab).kind).toBe("unread");
  });
});
