/**
 * The translator's patterns for effects held for a while (src/aos/abilities/translate-status.ts): the catalogues'
 * texts (a sentence or two each, quoted), the exact effects written, and near misses that must not be played
 * (test/aos/abilities-status.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "CITIES OF SIGMAR", "HUMAN", "SYLVANETH", "IRONJAWZ", "HERO"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const plain = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const inCombat = { side: "enemy", range: 3, wholly: false, includeSelf: false };
const self = { side: "self", wholly: false, includeSelf: false };

describe("effects for a while: translated and played", () => {
  it("[AB-TRANSLATE] an enemy debuff in the combat phase: 'Roll a dice. On a 3+, subtract 1 from hit rolls for the target's attacks for the rest of the turn'", () => {
    const t = declared("Any Combat Phase", "Pick an enemy INFANTRY unit in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from hit rolls for the target's attacks for the rest of the turn.");
    expect(t).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [{ whom: { ...inCombat, filter: { keywords: ["INFANTRY"] } }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "hit", value: -1, companionOnly: false, on: 3 } }],
    });
  });

  it("[AB-TRANSLATE] a friendly buff until the start of your next turn, visible, wholly within 12\"", () => {
    const t = declared(
      "Once Per Turn (Army), Your Hero Phase",
      'Pick a visible friendly CITIES OF SIGMAR HUMAN unit wholly within 12" of this unit to be the target.',
      "Roll a dice. On a 3+, add 1 to hit rolls for the target's combat attacks until the start of your next turn.",
    );
    expect(t).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["CITIES OF SIGMAR", "HUMAN"] }, range: 12, wholly: true, includeSelf: true },
          conditions: { attack: "melee", visible: true },
          do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false, on: 3, until: "your-next-turn" },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] the kinds: save, Attacks, Rend, ward, STRIKE-LAST, hit and wound together, against; the unit's conditions", () => {
    const one = (declare: string, effect: string, timing = "Once Per Turn (Army), Any Combat Phase") => {
      const t = declared(timing, declare, effect);
      expect(t.kind).toBe("played");
      return t.kind === "played" ? t.effects : [];
    };
    const enemy = "Pick an enemy unit in combat with this unit to be the target.";
    expect(one(enemy, "Roll a dice. On a 3+, subtract 1 from save rolls for the target for the rest of the turn.")[0]!.do).toEqual({ kind: "for-the-turn", set: "save", value: -1, companionOnly: false, on: 3 });
    expect(one(enemy, "Subtract 1 from the Attacks characteristic of the target's melee weapons for the rest of the turn.")[0]).toEqual({ whom: inCombat, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "attacks", value: -1, companionOnly: false } });
    expect(one(enemy, "Roll a dice. On a 4+, the target has STRIKE-LAST for the rest of the turn.")[0]!.do).toEqual({ kind: "for-the-turn", set: "strike-last", companionOnly: false, on: 4 });
    expect(one("If this unit charged this turn, pick an enemy unit in combat with it to be the target.", "Roll a dice. On a 3+, for the rest of the turn, subtract 1 from wound rolls for the target's attacks.")[0]).toMatchObject({
      conditions: { attack: "any", charged: true },
      do: { set: "wound", value: -1, on: 3 },
    });
    expect(one("Pick an enemy unit that charged this turn and is in combat with this unit to be the target.", "Subtract 1 from hit rolls and wound rolls for the target's combat attacks for the rest of the turn.").map((e) => [e.do, e.conditions])).toEqual([
      [{ kind: "for-the-turn", set: "hit", value: -1, companionOnly: false }, { attack: "melee", targetCharged: true }],
      [{ kind: "for-the-turn", set: "wound", value: -1, companionOnly: false }, { attack: "melee", targetCharged: true }],
    ]);
    const ward = one('Pick a visible friendly SYLVANETH unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, the target has WARD (5+) for the rest of the turn.", "Once Per Turn (Army), Any Hero Phase");
    expect(ward[0]!.do).toEqual({ kind: "for-the-turn", set: "ward", value: 5, companionOnly: false, on: 3 });
    expect(one('If this unit is in combat, pick a friendly IRONJAWZ unit wholly within 12" of this unit to be the target.', "Add 1 to hit rolls for the target's combat attacks for the rest of the turn.")[0]!.conditions).toEqual({ attack: "melee", inCombat: true });
    expect(one(enemy, "Add 1 to hit rolls for attacks that target the target for the rest of the turn.")[0]!.do).toEqual({ kind: "for-the-turn", set: "hit", value: 1, direction: "against", companionOnly: false });
  });

  it("[AB-TRANSLATE] on the unit itself, without Declare: 'If this unit charged this turn, it has STRIKE-FIRST for the rest of the turn'; 'Add 1 to the Attacks characteristic of this unit's melee weapons for the rest of the turn'; a dice", () => {
    expect(plain("Once Per Turn (Army), Any Combat Phase", "If this unit charged this turn, it has STRIKE-FIRST for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "any", charged: true }, do: { kind: "for-the-turn", set: "strike-first", companionOnly: false } }],
    });
    expect(plain("Once Per Turn (Army), Any Combat Phase", "Add 1 to the Attacks characteristic of this unit's melee weapons for the rest of the turn.")).toMatchObject({
      kind: "played",
      effects: [{ whom: self, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "attacks", value: 1 } }],
    });
    expect(plain("Your Hero Phase", "Roll a dice. On a 3+, this unit has WARD (5+) until the start of your next turn.")).toMatchObject({
      kind: "played",
      effects: [{ whom: self, do: { kind: "for-the-turn", set: "ward", value: 5, on: 3, until: "your-next-turn" } }],
    });
    expect(plain("Once Per Turn (Army), Your Shooting Phase", "If this unit has not used a MOVE ability this turn and was not set up this turn, add 1 to hit rolls for this unit's shooting attacks for the rest of the turn.")).toMatchObject({
      kind: "played",
      effects: [{ whom: self, conditions: { attack: "ranged", stationary: true }, do: { kind: "for-the-turn", set: "hit", value: 1 } }],
    });
    expect(plain("Once Per Turn (Army), Any Combat Phase", "If this unit did not charge this turn, add 1 to wound rolls for this unit's attacks for the rest of the turn.")).toMatchObject({
      kind: "played",
      effects: [{ whom: self, conditions: { charged: false }, do: { kind: "for-the-turn", set: "wound", value: 1 } }],
    });
  });

  it("[AB-TRANSLATE] up to N targets ('the targets'', 'a dice for each target'), another friendly unit, warscrolls by name", () => {
    const t = declared("Once Per Battle (Army), Your Combat Phase", 'Pick up to 3 friendly INFANTRY units wholly within 12" of this unit to be the targets.', "Add 1 to the Attacks characteristic of the targets' melee weapons for the rest of the turn.");
    expect(t).toMatchObject({ kind: "played", effects: [{ whom: { side: "friendly", filter: { keywords: ["INFANTRY"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee" }, do: { set: "attacks", value: 1, upTo: 3 } }] });
    const each = declared("Once Per Turn (Army), Any Combat Phase", "Pick up to 2 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. On a 4+, the target has STRIKE-LAST for the rest of the turn.");
    expect(each).toMatchObject({ kind: "played", effects: [{ whom: inCombat, do: { set: "strike-last", on: 4, upTo: 2 } }] });
    const other = declared("Once Per Turn (Army), Any Combat Phase", 'Pick another friendly INFANTRY unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, add 1 to wound rolls for the target's combat attacks for the rest of the turn.");
    expect(other).toMatchObject({ kind: "played", effects: [{ whom: { side: "friendly", includeSelf: false } }] });
    const named = declared("Once Per Turn (Army), Your Hero Phase", 'Pick a friendly Mortek Crawler, Gothizzar Harvester or Morghast Archai unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, add 1 to the Rend characteristic of the target's weapons until the start of your next turn.");
    expect(named).toMatchObject({ kind: "played", effects: [{ whom: { filter: { warscrolls: ["Mortek Crawler", "Gothizzar Harvester", "Morghast Archai"] } }, do: { set: "rend", value: 1, on: 3, until: "your-next-turn" } }] });
    // No range: anywhere on the battlefield (visible).
    expect(declared("Once Per Turn (Army), Your Hero Phase", "Pick a visible enemy unit to be the target.", "Roll a dice. On a 4+, subtract 1 from wound rolls for the target's attacks until the start of your next turn.")).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "enemy", wholly: false, includeSelf: false }, conditions: { visible: true }, do: { set: "wound", value: -1, on: 4, until: "your-next-turn" } }],
    });
    // One dice for several targets is not the form: unread.
    expect(declared("Any Combat Phase", "Pick up to 2 enemy units in combat with this unit to be the targets.", "Roll a dice. On a 4+, the target has STRIKE-LAST for the rest of the turn.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE] a fight-after reaction's Attacks bonus: 'If it is picked to do so, add 1 to the Attacks characteristic of the target's melee weapons for the rest of the turn'", () => {
    const t = translateAbility(
      {
        name: "X",
        timing: "Reaction: You declared a FIGHT ability for this unit",
        effect:
          "Pick a friendly INFANTRY unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. If it is picked to do so, add 1 to the Attacks characteristic of the target's melee weapons for the rest of the turn.",
      },
      vocab,
    );
    expect(t.kind).toBe("played");
    expect(t.kind === "played" ? t.effects[1] : null).toEqual({
      whom: { side: "friendly", filter: { keywords: ["INFANTRY"] }, range: 3, wholly: false, includeSelf: false },
      conditions: { attack: "melee" },
      do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false },
    });
  });

  it("[AB-TRANSLATE] near misses: no duration, a further clause, a command; a per-unit Once Per Battle is played", () => {
    // No duration: not an effect for a while (and no other pattern plays it).
    expect(declared("Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Subtract 1 from hit rolls for the target's attacks.").kind).not.toBe("played");
    // A further condition on the ward ("while it is wholly within 12" of and visible to this unit"): unread.
    expect(
      declared("Once Per Turn (Army), Your Hero Phase", 'Pick a visible friendly CITIES OF SIGMAR unit wholly within 12" of this unit to be the target.', 'Roll a dice. On a 3+, until the start of your next turn, the target has WARD (6+) while it is wholly within 12" of and visible to this unit.').kind,
    ).toBe("unread");
    // Both durations at once: unread.
    expect(declared("Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "For the rest of the turn, subtract 1 from hit rolls for the target's attacks for the rest of the turn.").kind).toBe("unread");
    // A per-unit "Once Per Battle" is played (the steps count it for each unit).
    expect(plain("Once Per Battle, Your Hero Phase", "For the rest of the turn, add 1 to hit rolls for this unit's attacks.")).toMatchObject({ kind: "played", when: { limit: "once-per-battle" } });
    // "Cannot use commands" is played since the declared abilities' second pass (bsdata-translate-declared2.test.ts).
    expect(declared("Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, the target cannot use commands for the rest of the turn.").kind).toBe("played");
  });
});
