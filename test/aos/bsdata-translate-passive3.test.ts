/**
 * The passive3 area's translations (docs/abilities.md "Passive abilities, third pass"): the catalogues' texts
 * (/work/shared/data/bsdata-aos4), the exact effects, and near misses that must not be played.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["DEATHRATTLE", "DEADWALKERS", "SOULBLIGHT GRAVELORDS", "DAUGHTERS OF KHAINE", "CITIES OF SIGMAR", "HERO"]);
const P = (effect: string) => ({ name: "x", timing: "Passive", effect });
const self = { side: "self", wholly: false, includeSelf: false };

describe("a condition naming a list of warscrolls (a comma inside it)", () => {
  it("[AB-P3:comma] Blood Hags' Wicked Wardens: Anti-charge (+1 Rend) on its melee weapons while wholly within 12\" of one of three warscrolls", () => {
    const t = translateAbility(P("While this unit is wholly within 12\" of a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron of Blood or Shrine of Dark Tribute, this unit's melee weapons have ANTI-CHARGE (+1 REND)."), vocab);
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        {
          whom: self,
          conditions: { attack: "melee", near: { filter: { warscrolls: ["Hag Queen on Cauldron of Blood", "Slaughter Queen on Cauldron of Blood", "Shrine of Dark Tribute"] }, range: 12, wholly: true, measured: "this-within" } },
          do: { kind: "weapon-ability", ability: "Anti-charge (+1 Rend)", direction: "by" },
        },
      ],
    });
  });

  it("[AB-P3:comma] near misses: a list with a keyword no warscroll carries, an enemy list, a clause no pattern reads", () => {
    expect(translateAbility(P("While this unit is wholly within 12\" of a friendly Hag Queen, ZZZ or Shrine of Dark Tribute, this unit's melee weapons have ANTI-CHARGE (+1 REND)."), vocab).kind).toBe("unread");
    expect(translateAbility(P("While this unit is wholly within 12\" of an enemy Hag Queen, Slaughter Queen or Shrine of Dark Tribute, this unit's melee weapons have ANTI-CHARGE (+1 REND)."), vocab).kind).toBe("unread");
    expect(translateAbility(P("While this unit is wholly within 12\" of a friendly Hag Queen, Slaughter Queen or Shrine of Dark Tribute, this unit can fly."), vocab).kind).toBe("unread");
  });
});

describe("stationary and slain-this-turn conditions", () => {
  it("[AB-P3:stationary] Ironbreakers' Gromril Shieldwall: no critical hits against it while it has not moved nor been set up this turn", () => {
    const t = translateAbility(P("If this unit has not used a MOVE ability this turn and was not set up this turn, attacks that target this unit cannot score critical hits (treat them as regular hits instead)."), vocab);
    expect(t).toEqual({ kind: "played", when: { timing: "passive" }, effects: [{ whom: self, conditions: { attack: "any", stationary: true }, do: { kind: "no-crits", direction: "against" } }] });
    // Half of the condition is not it: "has not used a MOVE ability this turn" alone is read by no predicate.
    expect(translateAbility(P("If this unit has not used a MOVE ability this turn, attacks that target this unit cannot score critical hits (treat them as regular hits instead)."), vocab).kind).toBe("unread");
  });

  it("[AB-P3:slew] Mannfred's The Sword of Unholy Power: +1 Attacks for friendly DEATHRATTLE or DEADWALKERS melee weapons wholly within 12\" while Mannfred has slain models this turn (his, holder source)", () => {
    const t = translateAbility(P("If this unit has slain any enemy models this turn, for the rest of the turn, add 1 to the Attacks characteristic of melee weapons used by friendly DEATHRATTLE and DEADWALKERS units while they are wholly within 12\" of this unit."), vocab);
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        {
          whom: { side: "friendly", filter: { anyKeywords: ["DEATHRATTLE", "DEADWALKERS"] }, range: 12, wholly: true, includeSelf: true },
          conditions: { attack: "melee", slewThisTurn: true, holder: "source" },
          do: { kind: "attacks", value: 1, direction: "by", companionOnly: false },
        },
      ],
    });
    // "for the rest of the turn" after a condition that may stop holding within the turn: not read.
    expect(translateAbility(P("If this unit is damaged, for the rest of the turn, add 1 to the Attacks characteristic of melee weapons used by friendly DEATHRATTLE units while they are wholly within 12\" of this unit."), vocab).kind).toBe("unread");
  });
});

describe("Charge (+1 Damage) with no effect on attacks that target the unit", () => {
  it("[AB-P3:no-charge] Mournfang Pack's Alpha Cavalry (every attack) and Vanari Auralan Wardens' Anticipated Strike (combat attacks, while it has not charged)", () => {
    expect(translateAbility(P("The Charge (+1 Damage) weapon ability has no effect on attacks that target this unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "no-charge-damage", direction: "against" } }],
    });
    expect(translateAbility(P("If this unit has not charged this turn, ignore the effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "melee", charged: false }, do: { kind: "no-charge-damage", direction: "against" } }],
    });
  });

  it("[AB-P3:no-charge] near misses: another weapon ability, the unit's own attacks (under orders is now read: the cities6 area's Protective Pike-wall, bsdata-translate-cities6.test.ts)", () => {
    expect(translateAbility(P("If this unit is under orders and has not charged this turn, ignore the effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit."), vocab).kind).toBe("played");
    expect(translateAbility(P("The Anti-charge (+1 Rend) weapon ability has no effect on attacks that target this unit."), vocab).kind).toBe("unread");
    expect(translateAbility(P("The Charge (+1 Damage) weapon ability has no effect on attacks made by this unit."), vocab).kind).toBe("unread");
  });
});

describe("a near unit of either army", () => {
  it("[AB-P3:either] Kairic Acolytes' Empowered by Magic: +1 Damage to its melee weapons while wholly within 12\" of any MANIFESTATIONS (friendly or enemy)", () => {
    const v = keywordVocabulary(["MANIFESTATION", "HERO"]);
    expect(translateAbility(P("Add 1 to the Damage characteristic of this unit's melee weapons while this unit is wholly within 12\" of any MANIFESTATIONS (friendly or enemy)."), v)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "melee", near: { filter: { keywords: ["MANIFESTATION"] }, range: 12, wholly: true, measured: "this-within", either: true } }, do: { kind: "damage", value: 1, direction: "by" } }],
    });
    // A keyword no warscroll carries; "(friendly or enemy)" on other units' effects (the near unit measured from them is not this form).
    expect(translateAbility(P("Add 1 to the Damage characteristic of this unit's melee weapons while this unit is wholly within 12\" of any ZZZ (friendly or enemy)."), v).kind).toBe("unread");
    expect(translateAbility(P("Add 1 to the Damage characteristic of melee weapons used by friendly HERO units while this unit is wholly within 12\" of any MANIFESTATIONS (friendly or enemy)."), v).kind).toBe("unread");
  });
});

describe("the target's distance from the unit with the ability", () => {
  it("[AB-P3:target-within] Tormentor Bombard's Calculated Trajectory (5+ models, more than 12\" away) and the Vanguard aura (the target within 9\" of this unit)", () => {
    const v = keywordVocabulary(["VANGUARD CHAMBER", "HERO"]);
    expect(translateAbility(P("Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit with 5 or more models that is more than 12\" from this unit."), v)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "ranged", targetMinModels: 5, targetWithin: { range: 12, beyond: true } }, do: { kind: "hit", value: 1, direction: "by" } }],
    });
    expect(translateAbility(P("Add 1 to hit rolls for shooting attacks made by friendly VANGUARD CHAMBER units if the target is within 9\" of this unit."), v)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["VANGUARD CHAMBER"] }, wholly: false, includeSelf: true }, conditions: { attack: "ranged", targetWithin: { range: 9, beyond: false } }, do: { kind: "hit", value: 1, direction: "by" } }],
    });
  });

  it("[AB-P3:target-within] near misses: a Rend modifier, enemy units' attacks, more than 48\"", () => {
    const v = keywordVocabulary(["VANGUARD CHAMBER", "HERO"]);
    expect(translateAbility(P("Add 1 to the Rend characteristic of weapons used by friendly VANGUARD CHAMBER units if the target is within 9\" of this unit."), v).kind).toBe("unread");
    expect(translateAbility(P("Subtract 1 from hit rolls for shooting attacks made by enemy units if the target is within 9\" of this unit."), v).kind).toBe("unread");
    expect(translateAbility(P("Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit with 5 or more models that is more than 50\" from this unit."), v).kind).toBe("unread");
  });
});
