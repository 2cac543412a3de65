/**
 * The translator's passive patterns (src/aos/abilities/translate-passive.ts; docs/abilities.md "Passive abilities:
 * conditions and kinds"): each with real catalogue texts and the exact effects written, and near misses that must
 * not translate.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["SKAVEN", "SAURUS", "BEASTS OF CHAOS", "NIGHTHAUNT", "DEADWALKERS", "DEATHRATTLE", "FLESH-EATER COURTS", "STORMCAST ETERNALS", "DAUGHTERS OF KHAINE", "FYRESLAYERS", "NAMARTI", "KRULEBOYZ"]);
const passive = (effect: string) => translateAbility({ name: "A", timing: "Passive", effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };
const played = (...effects: unknown[]) => ({ kind: "played", when: { timing: "passive" }, effects });

describe("passive conditions", () => {
  it("[AB-TRANSLATE:Hatred of Heroes] \"While this unit is in combat with any enemy HEROES, ...\" for friendly units near it: the condition on the unit with the ability (holder \"source\")", () => {
    const whom = { side: "friendly", filter: { keywords: ["BEASTS OF CHAOS"] }, range: 12, wholly: true, includeSelf: true };
    const conditions = { attack: "melee", inCombatWith: { filter: { keywords: ["HERO"] }, count: 1 }, holder: "source" };
    expect(passive("While this unit is in combat with any enemy HEROES, add 1 to hit rolls and wound rolls for combat attacks made by friendly BEASTS OF CHAOS units wholly within 12\" of this unit.")).toEqual(
      played({ whom, conditions, do: { kind: "hit", value: 1, direction: "by" } }, { whom, conditions, do: { kind: "wound", value: 1, direction: "by" } }),
    );
    // Steelheart's Champions: enemy units that charged.
    expect(passive("Add 1 to save rolls for this unit while it is in combat with any enemy units that charged in the same turn.")).toEqual(
      played({ whom: self, conditions: { attack: "any", inCombatWith: { charged: true, count: 1 } }, do: { kind: "save", value: 1, direction: "against" } }),
    );
  });

  it("[AB-TRANSLATE:Cloud of Flies] objectives: \"while it is contesting an objective you control\", \"... you do not control\" (Dracoline Fury's STRIKE-FIRST)", () => {
    expect(passive("Subtract 1 from hit rolls for attacks that target this unit while it is contesting an objective you control.")).toEqual(
      played({ whom: self, conditions: { attack: "any", objective: "controlled" }, do: { kind: "hit", value: -1, direction: "against" } }),
    );
    expect(passive("While this unit is contesting an objective you do not control, it has STRIKE-FIRST.")).toEqual(
      played({ whom: self, conditions: { attack: "any", objective: "not-controlled" }, do: { kind: "strike", order: "first" } }),
    );
  });

  it("[AB-TRANSLATE:Violent Despoilers] territory: wholly outside friendly territory, wholly within enemy territory, not within enemy territory", () => {
    expect(passive("Add 1 to hit rolls for this unit's attacks while it is wholly outside friendly territory.")).toEqual(
      played({ whom: self, conditions: { attack: "any", territory: "wholly-outside-friendly" }, do: { kind: "hit", value: 1, direction: "by" } }),
    );
    expect(passive("Add 1 to wound rolls for this unit's attacks while it is wholly within enemy territory.")).toMatchObject({ kind: "played", effects: [{ conditions: { territory: "wholly-within-enemy" } }] });
    expect(passive("Add 1 to wound rolls for this unit's attacks while it contests an objective that is wholly outside friendly territory.")).toEqual(
      played({ whom: self, conditions: { attack: "any", objective: "outside-friendly-territory" }, do: { kind: "wound", value: 1, direction: "by" } }),
    );
    expect(passive("Add 1 to the Rend characteristic of this unit's melee weapons while it is not within enemy territory.")).toEqual(
      played({ whom: self, conditions: { attack: "melee", territory: "not-within-enemy" }, do: { kind: "rend", value: 1, direction: "by" } }),
    );
  });

  it("[AB-TRANSLATE:Myrmidon Rage] damage points, models, battle rounds, enemies near", () => {
    expect(passive("While this unit is damaged, add 2 to the Attacks characteristic of its melee weapons.")).toEqual(
      played({ whom: self, conditions: { attack: "melee", damaged: true }, do: { kind: "attacks", value: 2, direction: "by", companionOnly: false } }),
    );
    expect(passive("While this unit has 5-9 damage points, add 1 to the Attacks characteristic of its melee weapons.")).toMatchObject({ kind: "played", effects: [{ conditions: { damagePoints: { min: 5, max: 9 } } }] });
    expect(passive("While this unit contains 2 models, it has WARD (5+).")).toEqual(played({ whom: self, conditions: { attack: "any", minModels: 2, maxModels: 2 }, do: { kind: "ward", value: 5 } }));
    expect(passive("In the first battle round, this unit has WARD (4+). In the second battle round, this unit has WARD (5+). In the third and subsequent battle rounds, this unit has WARD (6+).")).toEqual(
      played(
        { whom: self, conditions: { attack: "any", fromRound: 1, toRound: 1 }, do: { kind: "ward", value: 4 } },
        { whom: self, conditions: { attack: "any", fromRound: 2, toRound: 2 }, do: { kind: "ward", value: 5 } },
        { whom: self, conditions: { attack: "any", fromRound: 3 }, do: { kind: "ward", value: 6 } },
      ),
    );
    expect(passive("If the current battle round number is even, subtract 1 from hit rolls for attacks made by enemy units that target a friendly SKAVEN unit while it is wholly within 13\" of this unit.")).toEqual(
      played({ whom: { side: "friendly", filter: { keywords: ["SKAVEN"] }, range: 13, wholly: true, includeSelf: true }, conditions: { attack: "any", roundParity: "even" }, do: { kind: "hit", value: -1, direction: "against" } }),
    );
    expect(passive("While this unit is in combat and has not charged this turn, add 1 to the Damage characteristic of this unit's melee weapons.")).toEqual(
      played({ whom: self, conditions: { attack: "melee", inCombat: true, charged: false }, do: { kind: "damage", value: 1, direction: "by" } }),
    );
  });

  it("[AB-TRANSLATE:Curse of Loyalty] \"If this unit charged this turn, [for the rest of the turn, ]...\" for other units: the charge of the unit with the ability", () => {
    expect(passive("If this unit charged this turn, add 3 to the control scores of friendly NIGHTHAUNT units while they are wholly within 12\" of this unit.")).toEqual(
      played({ whom: { side: "friendly", filter: { keywords: ["NIGHTHAUNT"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any", charged: true, holder: "source" }, do: { kind: "control", add: 3 } }),
    );
    expect(passive("If this unit charged this turn, for the rest of the turn, subtract 5 from the control scores of enemy units while they are in combat with this unit.")).toMatchObject({ kind: "played", effects: [{ conditions: { charged: true, holder: "source" }, do: { add: -5 } }] });
    // Charge rolls (moves.ts reads the conditions through the same sourceFor).
    expect(passive("If this unit charged this turn, add 1 to charge rolls for friendly SAURUS units while they are wholly within 18\" of this unit for the rest of the turn.")).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "friendly", filter: { keywords: ["SAURUS"] }, range: 18, wholly: true }, conditions: { charged: true, holder: "source" }, do: { kind: "charge", value: 1 } }],
    });
  });

  it("[AB-TRANSLATE] near misses: a condition no pattern reads, a condition after a clause on other units, \"instead\"", () => {
    for (const text of [
      "This unit has STRIKE-FIRST while it is in combat with a blissmarked unit.",
      // (Marking Your Territory's "cons an objective you control that is not contested by any other friendly units" is
      // read by the terrain5 area now: test/aos/bsdata-translate-terrain5.test.ts.)
      "This unit has STRIKE-FIRST while it cons an objective you control.",
      // "it" after a clause on other units could be either: not read.
      "Add 1 to hit rolls for attacks made by friendly NIGHTHAUNT units wholly within 12\" of this unit while it is damaged.",
      // "instead" of an earlier sentence's effect: the translator reads sentences one by one.
      "While this unit has 10 or more damage points, add 2 to the Attacks characteristic of its melee weapons instead.",
      "If this unit is damaged or if any models in this unit were slain this turn, add 1 to hit rolls for this unit's attacks for the rest of the turn.",
    ])
      expect(passive(text).kind, text).toBe("unread");
  });
});

describe("passive kinds", () => {
  it("[AB-TRANSLATE:Cornered Rat] \"... instead\" of the sentence before under damage points that do not overlap: both effects", () => {
    const text = "While this unit has 5-9 damage points, add 1 to the Attacks characteristic of its melee weapons. While this unit has 10 or more damage points, add 2 to the Attacks characteristic of its melee weapons instead.";
    expect(passive(text)).toEqual(
      played(
        { whom: self, conditions: { attack: "melee", damagePoints: { min: 5, max: 9 } }, do: { kind: "attacks", value: 1, direction: "by", companionOnly: false } },
        { whom: self, conditions: { attack: "melee", damagePoints: { min: 10 } }, do: { kind: "attacks", value: 2, direction: "by", companionOnly: false } },
      ),
    );
    // Overlapping ranges: "instead" would have to take the first away, which the effects cannot say: not read.
    expect(passive(text.replace("5-9", "5 or more")).kind).toBe("unread");
  });

  it("[AB-TRANSLATE] ward rolls: for the damage points this unit's attacks inflict, for enemy units near it, none", () => {
    expect(passive("Subtract 1 from ward rolls for damage points inflicted by this unit's combat attacks.")).toEqual(played({ whom: self, conditions: { attack: "melee" }, do: { kind: "ward-roll", value: -1, direction: "by" } }));
    expect(passive("Subtract 1 from ward rolls for enemy units while they are within 13\" of this unit.")).toEqual(
      played({ whom: { side: "enemy", range: 13, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "ward-roll", value: -1, direction: "against" } }),
    );
    expect(passive("Ward rolls cannot be made for damage points inflicted by this unit's attacks.")).toEqual(played({ whom: self, conditions: { attack: "any" }, do: { kind: "ward-roll", none: true, direction: "by" } }));
    expect(passive("Ward rolls cannot be made for a WARD-SMASHED unit even if this unit has been destroyed.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE:Choking Spore-clouds] Attacks modifiers: this unit's weapons, other units' (enemy units in combat with it), Companion weapons", () => {
    expect(passive("Subtract 1 from the Attacks characteristic of weapons used by enemy units while they are in combat with this unit.")).toEqual(
      played({ whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "attacks", value: -1, direction: "by", companionOnly: false } }),
    );
    expect(passive("If this unit has not charged this turn, add 1 to the Attacks characteristic and Damage characteristic of this unit's melee weapons.")).toEqual(
      played(
        { whom: self, conditions: { attack: "melee", charged: false }, do: { kind: "attacks", value: 1, direction: "by", companionOnly: false } },
        { whom: self, conditions: { attack: "melee", charged: false }, do: { kind: "damage", value: 1, direction: "by" } },
      ),
    );
  });

  it("[AB-TRANSLATE:Wall of Meat] save modifiers: this unit's, friendly units' near it, enemy units' near it", () => {
    expect(passive("Add 1 to save rolls for this unit if it has not charged this turn.")).toEqual(played({ whom: self, conditions: { attack: "any", charged: false }, do: { kind: "save", value: 1, direction: "against" } }));
    expect(passive("Add 1 to save rolls for friendly DAUGHTERS OF KHAINE INFANTRY units while they are wholly within 12\" of this unit.")).toEqual(
      played({ whom: { side: "friendly", filter: { keywords: ["DAUGHTERS OF KHAINE", "INFANTRY"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "save", value: 1, direction: "against" } }),
    );
    expect(passive("Subtract 1 from save rolls for enemy units while they are within 6\" of this unit.")).toEqual(
      played({ whom: { side: "enemy", range: 6, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "save", value: -1, direction: "against" } }),
    );
    expect(passive("Ignore modifiers to save rolls for this unit (positive and negative).")).toEqual(played({ whom: self, conditions: { attack: "any" }, do: { kind: "ignore-modifiers", rolls: "save", sign: "both", direction: "against" } }));
  });

  it("[AB-TRANSLATE:Lightning Strikes] a named weapon's Rend, Damage or Attacks; the attack's target by keywords or models; \"A and B\" read both ways", () => {
    expect(passive("Add 1 to the Damage characteristic of this unit's Celestial Greatswords for attacks that target an enemy unit that has 5 or more models.")).toEqual(
      played({ whom: self, conditions: { attack: "any", targetMinModels: 5, weapons: ["Celestial Greatswords"] }, do: { kind: "damage", value: 1, direction: "by" } }),
    );
    expect(passive("Add 1 to the Rend characteristic of this unit's Dawnrider Lances and Blades if it charged in the same turn.")).toEqual(
      played({ whom: self, conditions: { charged: true, attack: "any", weapons: ["Dawnrider Lances and Blades", "Dawnrider Lances", "Blades"] }, do: { kind: "rend", value: 1, direction: "by" } }),
    );
    expect(passive("Add 1 to the Damage characteristic of this unit's melee weapons for attacks that target HEROES or MONSTERS.")).toEqual(
      played({ whom: self, conditions: { attack: "melee", targetAnyKeywords: ["HERO", "MONSTER"] }, do: { kind: "damage", value: 1, direction: "by" } }),
    );
    expect(passive("While this unit is damaged, add 3 to the Attacks characteristic of its Warpforged Blade.")).toMatchObject({ kind: "played", effects: [{ conditions: { damaged: true, weapons: ["Warpforged Blade"] }, do: { kind: "attacks", value: 3 } }] });
    // A weapon's Damage tripled is not a modifier: not read (doubled: the passive5 area's damage-double, bsdata-translate-passive5.test.ts).
    expect(passive("Triple the Damage characteristic of this unit's Thengavar for attacks that target MONSTERS.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE:Locus of Undeath] weapon abilities given; \"cannot score critical hits\"; \"only critical hits score successful hits\"", () => {
    expect(passive("Melee weapons used by other friendly DEADWALKERS units have Crit (Auto-wound) while they are wholly within 12\" of this unit.")).toEqual(
      played({ whom: { side: "friendly", filter: { keywords: ["DEADWALKERS"] }, range: 12, wholly: true, includeSelf: false }, conditions: { attack: "melee" }, do: { kind: "weapon-ability", ability: "Crit (Auto-wound)", direction: "by" } }),
    );
    expect(passive("This unit's melee weapons have Crit (2 Hits) if it charged in the same turn.")).toEqual(
      played({ whom: self, conditions: { charged: true, attack: "melee" }, do: { kind: "weapon-ability", ability: "Crit (2 Hits)", direction: "by" } }),
    );
    expect(passive("Attacks that target this unit cannot score critical hits (treat them as regular hits instead).")).toEqual(played({ whom: self, conditions: { attack: "any" }, do: { kind: "no-crits", direction: "against" } }));
    // The unmodified 6 is the critical hit: every other unmodified roll fails.
    expect(passive("Only critical hits score successful hits for shooting attacks that target this unit.")).toEqual(
      played({ whom: self, conditions: { attack: "ranged" }, do: { kind: "fail-unmodified", rolls: ["hit"], upTo: 5, direction: "against" } }),
    );
    // A condition the engines do not track (a RUN ability used); "has not used a MOVE ability this turn and was not set
    // up this turn" is read now (stationary: bsdata-translate-passive3.test.ts).
    expect(passive("If this unit has not used a RUN ability this turn and was not set up this turn, attacks that target this unit cannot score critical hits (treat them as regular hits instead).").kind).toBe("unread");
  });

  it("[AB-TRANSLATE:Supreme Swordmaster] ignored modifiers: hit and wound rolls, control scores", () => {
    expect(passive("Ignore negative modifiers to hit rolls and wound rolls for this unit's attacks.")).toEqual(
      played({ whom: self, conditions: { attack: "any" }, do: { kind: "ignore-modifiers", rolls: "hit-wound", sign: "negative", direction: "by" } }),
    );
    expect(passive("Ignore negative modifiers to the control scores of friendly FYRESLAYERS units while they are wholly within 12\" of this unit.")).toEqual(
      played({ whom: { side: "friendly", filter: { keywords: ["FYRESLAYERS"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "ignore-modifiers", rolls: "control", sign: "negative", direction: "against" } }),
    );
  });

  it("[AB-TRANSLATE:I Got Dis, Boss!] wards for both units by warscroll name; units by warscroll names; \"this unit and friendly X units\"", () => {
    const snarl = { warscrolls: ["Snarlboss"] };
    expect(passive("While a friendly Snarlboss is within this unit's combat range, both this unit and that Snarlboss have WARD (5+).")).toEqual(
      played(
        { whom: { side: "friendly", filter: snarl, range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "ward", value: 5 } },
        { whom: self, conditions: { attack: "any", near: { filter: snarl, range: 3, wholly: false, measured: "them-within" } }, do: { kind: "ward", value: 5 } },
      ),
    );
    expect(passive("Add 1 to wound rolls for combat attacks made by friendly Rotswords units that did not charge this turn while they are wholly within 12\" of this unit.")).toEqual(
      played({ whom: { side: "friendly", filter: { warscrolls: ["Rotswords"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee", charged: false }, do: { kind: "wound", value: 1, direction: "by" } }),
    );
    expect(passive("Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit and friendly NAMARTI units while they are wholly within 12\" of this unit.")).toEqual(
      played(
        { whom: self, conditions: { attack: "any" }, do: { kind: "rend", value: -1, direction: "against" } },
        { whom: { side: "friendly", filter: { keywords: ["NAMARTI"] }, range: 12, wholly: true, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "rend", value: -1, direction: "against" } },
      ),
    );
    // Ward against one kind of damage: not read (the engines' wards cover all damage).
    expect(passive("This unit has WARD (3+) against damage points inflicted by SPELL abilities, PRAYER abilities and abilities used by MANIFESTATIONS.").kind).toBe("unread");
  });
});
