/**
 * The passive6 area's translations (docs/abilities.md "Passive abilities, sixth pass (passive6)"): the catalogues'
 * texts (/work/shared/data/bsdata-aos4), the exact effects, and near misses that must not be played.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["HERO", "MONSTER", "NIGHTHAUNT", "HEDONITES OF SLAANESH"]);
const P = (effect: string) => ({ name: "x", timing: "Passive", effect });
const self = { side: "self", wholly: false, includeSelf: false };

describe("targetControl: the attack's target has a higher / lower Control characteristic than this unit", () => {
  it("[AB-P6:control] Kurdoss Valentian (Scourge of Ghyran)'s Inescapable Mockery: +1 hit and wound for its combat attacks on a lower Control", () => {
    expect(translateAbility(P("Add 1 to hit rolls and wound rolls for this unit's combat attacks that target an enemy unit that has a lower Control characteristic than this unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { whom: self, conditions: { attack: "melee", targetControl: "lower" }, do: { kind: "hit", value: 1, direction: "by" } },
        { whom: self, conditions: { attack: "melee", targetControl: "lower" }, do: { kind: "wound", value: 1, direction: "by" } },
      ],
    });
  });

  it("[AB-P6:control] Symbaresh Twinsouls' Ego-driven Excess: +1 Damage for the rest of the turn on a higher Control, once per battle (army)", () => {
    expect(
      translateAbility({ name: "x", timing: "Once Per Battle (Army), Any Combat Phase", effect: "For the rest of the turn, add 1 to the Damage characteristic of this unit's melee weapons for attacks that target an enemy unit that has a higher Control characteristic than this unit." }, vocab),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-battle-army" },
      effects: [{ whom: self, conditions: { attack: "melee", targetControl: "higher" }, do: { kind: "for-the-turn", set: "damage", value: 1, companionOnly: false } }],
    });
  });

  it("[AB-P6:control] near misses: an equal Control, \"than the target\", another unit's attacks (an aura), the Control of a friendly unit, a stray second clause", () => {
    expect(translateAbility(P("Add 1 to hit rolls for this unit's combat attacks that target an enemy unit that has an equal Control characteristic to this unit."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Add 1 to hit rolls for this unit's combat attacks that target an enemy unit that has a lower Control characteristic than the target."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Add 1 to hit rolls for attacks made by friendly NIGHTHAUNT units that target an enemy unit that has a lower Control characteristic than this unit."), vocab).kind).not.toBe("played");
    expect(translateAbility(P("Add 1 to hit rolls for this unit's combat attacks that target a friendly unit that has a lower Control characteristic than this unit."), vocab).kind).toBe("unread");
    expect(translateAbility(P("Add 1 to hit rolls for this unit's combat attacks that target an enemy unit that has a lower Control characteristic than this unit. Subtract 1 from save rolls for this unit."), vocab).kind).not.toBe("played");
  });
});

describe("charge marks: \"Once Per Battle, Any Charge Phase: If this unit charged this phase and ..., BODY for the rest of the battle\"", () => {
  const C = (effect: string, timing = "Once Per Battle, Any Charge Phase") => translateAbility({ name: "Ruinous Charge", timing, effect }, vocab2);
  const vocab2 = keywordVocabulary(["HERO", "DARKOATH"]);
  const when = { timing: "phase", phase: "charge", whose: "any", limit: "once-per-battle" };

  it("[AB-P6:charge-mark] the unmodified charge roll 8+: a mark, and +1 Rend on all this unit's weapons needing it", () => {
    expect(C("If this unit charged this phase and the unmodified charge roll was 8+, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle.")).toEqual({
      kind: "played",
      when,
      effects: [
        { whom: self, conditions: { attack: "any", charged: true, chargeRoll: 8 }, do: { kind: "mark", token: "mark-ruinous-charge" } },
        { whom: self, conditions: { attack: "any", token: "mark-ruinous-charge" }, do: { kind: "rend", value: 1, direction: "by" } },
      ],
    });
  });

  it("[AB-P6:charge-mark] wholly within enemy territory: a mark, and the DARKOATH aura (+1 hit for combat attacks wholly within 12\") needing it", () => {
    expect(C("If this unit is wholly within enemy territory and charged this phase, for the rest of the battle, add 1 to hit rolls for combat attacks made by friendly DARKOATH units while they are wholly within 12\" of this unit.")).toEqual({
      kind: "played",
      when,
      effects: [
        { whom: self, conditions: { attack: "any", charged: true, territory: "wholly-within-enemy" }, do: { kind: "mark", token: "mark-ruinous-charge" } },
        { whom: { side: "friendly", filter: { keywords: ["DARKOATH"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee", token: "mark-ruinous-charge" }, do: { kind: "hit", value: 1, direction: "by" } },
      ],
    });
  });

  it("[AB-P6:charge-mark] only in combat with 1 enemy unit, that is only in combat with this unit: a mark with soleCombat", () => {
    expect(C("If this unit charged this phase and is only in combat with 1 enemy unit, and that enemy unit is only in combat with this unit, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle.")).toEqual({
      kind: "played",
      when,
      effects: [
        { whom: self, conditions: { attack: "any", charged: true, soleCombat: true }, do: { kind: "mark", token: "mark-ruinous-charge" } },
        { whom: self, conditions: { attack: "any", token: "mark-ruinous-charge" }, do: { kind: "rend", value: 1, direction: "by" } },
      ],
    });
  });

  it("[AB-P6:charge-mark] near misses: no \"for the rest of the battle\" (or twice), not Once Per Battle, another phase, only in combat with 1 enemy unit, a kind the attack interpreter does not read", () => {
    expect(C("If this unit charged this phase and the unmodified charge roll was 8+, add 1 to the Rend characteristic of this unit's weapons.").kind).not.toBe("played");
    expect(C("If this unit charged this phase and the unmodified charge roll was 8+, for the rest of the battle, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle.").kind).not.toBe("played");
    expect(C("If this unit charged this phase and the unmodified charge roll was 8+, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle.", "Any Charge Phase").kind).not.toBe("played");
    expect(C("If this unit charged this phase and the unmodified charge roll was 8+, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle.", "Once Per Battle, Any Combat Phase").kind).not.toBe("played");
    expect(C("If this unit charged this phase and is only in combat with 2 enemy units, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle.").kind).not.toBe("played");
    expect(C("If this unit charged this phase and the unmodified charge roll was 8+, add 2 to this unit's control score for the rest of the battle.").kind).not.toBe("played");
  });
});
