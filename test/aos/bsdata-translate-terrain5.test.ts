/**
 * The terrain5 area's translations (src/aos/abilities/translate-terrain5.ts): the catalogues' texts, the exact effects
 * written, and near misses that must not be played (test/aos/abilities-terrain5.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "CAVALRY", "HERO", "CITIES OF SIGMAR"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const D3_ROLL = "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.";

describe("terrain5: a terrain feature near the unit, an objective it contests", () => {
  it("[AB-TRANSLATE] Cursed Destroyers: Smash Down's terrain-mortal, a feature within 1\", every other unit within 3\" of it, friend and foe (2 abilities)", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", 'Pick a terrain feature within 1" of this unit, then pick each other unit (friendly and enemy) within 3" of that terrain feature to be the targets.', D3_ROLL)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "enemy", wholly: false, includeSelf: false },
          conditions: { attack: "any" },
          do: { kind: "terrain-mortal", range: 1, within: 3, dice: { count: 1, sides: 3, plus: 0 }, on: 2, each: "roll", sides: "both" },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] Cinders and Ashes: the mortal damage on each enemy unit contesting an objective the unit contests (sameObjective), no range (4 abilities)", () => {
    expect(
      declared(
        "Once Per Turn (Army), End of Any Turn",
        "If this unit contains a Cindergout, pick a terrain feature or objective contested by this unit, then pick any enemy units contesting that terrain feature or objective to be the targets.",
        D3_ROLL,
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "enemy", wholly: false, includeSelf: false },
          conditions: { attack: "any", sameObjective: true },
          do: { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, on: 2, each: "roll", targets: "each" },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] Hunters of the Frozen Wilds: Hidden Weapon Team's hidden with no escort, from every enemy unit, within 3\" of a terrain feature, no enemy within 9\" (2 abilities)", () => {
    expect(translateAbility({ name: "X", timing: "Passive", effect: 'This unit is not visible to enemy units while it is within 3" of a terrain feature and more than 9" from all enemy units.' }, vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "hidden", beyond: 0, terrain: 3, clear: 9 } }],
    });
    // Other timings and wordings: not this reading.
    expect(translateAbility({ name: "X", timing: "Your Hero Phase", effect: 'This unit is not visible to enemy units while it is within 3" of a terrain feature and more than 9" from all enemy units.' }, vocab).kind).not.toBe("played");
    expect(translateAbility({ name: "X", timing: "Passive", effect: 'This unit is not visible to enemy units while it is wholly within 3" of a terrain feature and more than 9" from all enemy units.' }, vocab).kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Marking Your Territory: the catalogue's \"cons\" read as \"contests\", the condition controlled-alone (2 abilities)", () => {
    expect(translateAbility({ name: "X", timing: "Passive", effect: "Add 1 to the Rend characteristic of this unit's Wolfgit Weapons while it cons an objective you control that is not contested by any other friendly units." }, vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", weapons: ["Wolfgit Weapons"], objective: "controlled-alone" }, do: { kind: "rend", value: 1, direction: "by" } }],
    });
    // Not contested by any other unit (friend or foe), or on another unit: not this reading.
    expect(translateAbility({ name: "X", timing: "Passive", effect: "Add 1 to the Rend characteristic of this unit's Wolfgit Weapons while it cons an objective you control that is not contested by any other units." }, vocab).kind).not.toBe("played");
    expect(translateAbility({ name: "X", timing: "Passive", effect: 'Add 1 to the Rend characteristic of melee weapons used by friendly INFANTRY units while they are wholly within 12" of this unit while it cons an objective you control that is not contested by any other friendly units.' }, vocab).kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Stonehorn Avalanche: the faction terrain target never arises, Bull Charge is never used: 3 mortal damage on a 3+ on an enemy unit in combat after a charge (2 abilities)", () => {
    const text = (rule: string) =>
      `Declare: If this unit charged this turn and has not used the '${rule}' ability this turn, pick an enemy unit in combat with this unit or an enemy faction terrain feature within this unit's combat range to be the target.\nEffect: Roll a dice. On a 3+:\n• If the target is a unit, inflict 3 mortal damage on it.\n• If the target is a faction terrain feature, inflict 6 mortal damage on it.`;
    expect(translateAbility({ name: "X", timing: "Once Per Turn (Army), Any Charge Phase", effect: text("Bull Charge") }, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { charged: true, attack: "any" }, do: { kind: "mortal", per: "once", dice: { count: 1, sides: 6, plus: 0 }, on: 3, each: 3, targets: "one" } }],
    });
    // Another named ability (one an engine might play): not read.
    expect(translateAbility({ name: "X", timing: "Once Per Turn (Army), Any Charge Phase", effect: text("Stampede") }, vocab).kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] near misses: a faction terrain feature's own ability, another effect, a timing the steps do not play", () => {
    // Vengeful Forest Spirits (Awakened Wyldwood): "this terrain feature" — faction terrain is never set up.
    expect(declared("Once Per Turn (Army), Any Combat Phase", 'Pick each enemy unit within 3" of this terrain feature to be the targets.', D3_ROLL).kind).not.toBe("played");
    // Cursed Destroyers' pick with a different effect, or outside a combat phase (terrainMortal is the combat step's).
    expect(declared("Any Combat Phase", 'Pick a terrain feature within 1" of this unit, then pick each other unit (friendly and enemy) within 3" of that terrain feature to be the targets.', "Inflict D3 mortal damage on each target.").kind).not.toBe("played");
    expect(declared("Your Hero Phase", 'Pick a terrain feature within 1" of this unit, then pick each other unit (friendly and enemy) within 3" of that terrain feature to be the targets.', D3_ROLL).kind).not.toBe("played");
    // Cinders and Ashes with an effect the patterns do not read.
    expect(
      declared(
        "End of Any Turn",
        "If this unit contains a Cindergout, pick a terrain feature or objective contested by this unit, then pick any enemy units contesting that terrain feature or objective to be the targets.",
        "The targets cannot contest objectives for the rest of the turn.",
      ).kind,
    ).not.toBe("played");
    // Light a Pyre: a control score equal to the roll (not read).
    expect(
      declared("Once Per Turn (army), End of Any Turn", 'If this unit is contesting an objective, pick a visible enemy unit within 6" of this unit to be the target.', "Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Add a number equal to the roll to this unit's control score for the rest of the turn.").kind,
    ).not.toBe("played");
  });
});
