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
