/**
 * The sylvaneth6 area's translations (src/aos/abilities/translate-sylvaneth6.ts): the catalogues' texts, the exact
 * effects written, and near misses that must not be played (test/aos/abilities-sylvaneth6.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["SYLVANETH", "INFANTRY", "HERO"]);
const passive = (effect: string) => translateAbility({ name: "X", timing: "Passive", effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };

describe("sylvaneth6: the creeping overgrowth and overgrown tokens", () => {
  it("[AB-TRANSLATE] Hunter's Endurance: Rend -1 against this unit while it is wholly within the creeping overgrowth (12 abilities)", () => {
    expect(passive("Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit while it is wholly within the creeping overgrowth.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", overgrowth: "wholly" }, do: { kind: "rend", value: -1, direction: "against" } }],
    });
  });

  it("[AB-TRANSLATE] One With The Forest: hit and wound -1 against this unit while it is wholly within the creeping overgrowth (1 ability); 'within' without 'wholly'", () => {
    expect(passive("Subtract 1 from hit rolls and wound rolls for attacks that target this unit while it is wholly within the creeping overgrowth.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { whom: self, conditions: { attack: "any", overgrowth: "wholly" }, do: { kind: "hit", value: -1, direction: "against" } },
        { whom: self, conditions: { attack: "any", overgrowth: "wholly" }, do: { kind: "wound", value: -1, direction: "against" } },
      ],
    });
    const t = passive("Subtract 1 from hit rolls for attacks that target this unit while it is within the creeping overgrowth.");
    expect(t.kind === "played" && t.effects.map((e) => e.conditions.overgrowth)).toEqual(["within"]);
  });

  it("[AB-TRANSLATE] Verdian Crown: overgrow, a terrain feature within 18\" without a friendly token (2 abilities)", () => {
    expect(
      translateAbility(
        { name: "Verdian Crown", timing: "Once Per Battle, Any Hero Phase", effect: 'Declare: Pick a terrain feature within 18" of this unit that does not have a friendly overgrown token to be the target.\nEffect: Give the target a friendly overgrown token' },
        vocab,
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "any", limit: "once-per-battle" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "overgrow", range: 18 } }],
    });
  });

  it("[AB-TRANSLATE] Slay The Trespassers!: wound +1 for combat attacks on the target on a 3+, the pick within the creeping overgrowth or visible and within friendly territory (3 abilities; 'Rolla dice' as the catalogue has it)", () => {
    expect(
      translateAbility(
        {
          name: "Slay The Trespassers!",
          timing: "Once Per Turn (Army), Your Hero Phase",
          effect: "Declare: Pick an enemy unit that is within the creeping overgrowth or that is visible to this unit and within friendly territory to be the target.\nEffect: Rolla dice. On a 3+, add 1 to wound rolls for combat attacks that target that enemy unit for the rest of the turn.",
        },
        vocab,
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "enemy", wholly: false, includeSelf: false },
          conditions: { attack: "melee", pickOvergrowth: "or-visible-in-friendly-territory" },
          do: { kind: "for-the-turn", set: "wound", direction: "against", value: 1, companionOnly: false, on: 3 },
        },
      ],
    });
    // Another pick (no "visible to this unit"): not this reading.
    expect(
      translateAbility(
        { name: "X", timing: "Once Per Turn (Army), Your Hero Phase", effect: "Declare: Pick an enemy unit that is within the creeping overgrowth or within friendly territory to be the target.\nEffect: Roll a dice. On a 3+, add 1 to wound rolls for combat attacks that target that enemy unit for the rest of the turn." },
        vocab,
      ).kind,
    ).not.toBe("played");
  });

  it("near misses: not read", () => {
    // Not an attack modifier on this unit, another condition, a timing the policy does not use.
    expect(passive("Add 1 to hit rolls for attacks made by this unit while it is wholly within the creeping overgrowth.").kind).not.toBe("played");
    expect(passive("Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit while it is wholly within the creeping undergrowth.").kind).not.toBe("played");
    expect(passive("Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit while it is wholly within the creeping overgrowth and in combat.").kind).not.toBe("played");
    const crown = (timing: string, declare: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: Give the target a friendly overgrown token` }, vocab).kind;
    expect(crown("Once Per Battle, Your Movement Phase", 'Pick a terrain feature within 18" of this unit that does not have a friendly overgrown token to be the target.')).not.toBe("played");
    expect(crown("Once Per Turn (Army), Any Hero Phase", 'Pick a terrain feature within 18" of this unit that does not have a friendly overgrown token to be the target.')).not.toBe("played");
    expect(crown("Once Per Battle, Any Hero Phase", 'Pick a terrain feature within 18" of this unit that has a friendly overgrown token to be the target.')).not.toBe("played");
    // Hands of the Everqueen, Budding Forest (faction terrain): unread.
    expect(passive("When this terrain feature is set up, give it a friendly overgrown token.").kind).not.toBe("played");
  });
});
