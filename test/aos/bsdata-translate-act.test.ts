/**
 * The translator's declared-ability patterns (src/aos/abilities/translate.ts declaredTargeted): the catalogues'
 * exact texts, the exact effects, and near misses that must not translate (test/aos/abilities-act.test.ts plays
 * them in both engines).
 */
import { describe, expect, it } from "vitest";
import { declaredPlayable, keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["MONSTER", "INFANTRY", "HERO", "CAVALRY"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const d3Roll = "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.";
const inCombat = { side: "enemy", range: 3, wholly: false, includeSelf: false };

describe("declared abilities with an enemy target: translated and played", () => {
  it("[AB-TRANSLATE] the target phrases: in combat, charged this turn (either unit), did not charge, a keyword, up to 3, each, visible within N\"", () => {
    const one = (declare: string, effect = d3Roll) => {
      const t = declared("Once Per Turn (Army), Any Combat Phase", declare, effect);
      expect(t.kind).toBe("played");
      return t.kind === "played" ? t.effects[0]! : null;
    };
    expect(one("Pick an enemy unit in combat with this unit to be the target.")).toEqual({
      whom: inCombat,
      conditions: { attack: "any" },
      do: { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, on: 2, each: "roll", targets: "one" },
    });
    expect(one("Pick an enemy unit that charged this turn and is in combat with this unit to be the target.")?.conditions).toEqual({ attack: "any", targetCharged: true });
    expect(one("Pick an enemy unit in combat with this unit and that charged this turn to be the target.")?.conditions).toEqual({ attack: "any", targetCharged: true });
    expect(one("If this unit charged this turn, pick an enemy unit in combat with it to be the target.")?.conditions).toEqual({ attack: "any", charged: true });
    expect(one("If this unit did not charge this turn, pick an enemy unit in combat with it to be the target.")?.conditions).toEqual({ attack: "any", charged: false });
    expect(one("Pick an enemy MONSTER in combat with this unit to be the target.")?.whom).toEqual({ ...inCombat, filter: { keywords: ["MONSTER"] } });
    expect(one("Pick an enemy INFANTRY unit in combat with this unit to be the target.")?.whom).toEqual({ ...inCombat, filter: { keywords: ["INFANTRY"] } });
    expect(one("Pick a visible enemy HERO or MONSTER in combat with this unit to be the target.")).toMatchObject({ whom: { filter: { anyKeywords: ["HERO", "MONSTER"] } }, conditions: { visible: true } });
    expect(one("Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.")?.do).toMatchObject({ targets: "one", upTo: 3 });
    expect(one("Pick each enemy unit in combat with this unit to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.")?.do).toMatchObject({ targets: "each" });
    expect(one('Pick a visible enemy unit within 12" of this unit to be the target.')).toMatchObject({ whom: { side: "enemy", range: 12 }, conditions: { visible: true } });
    // Alpha Charge's charge phase.
    expect(declared("Any Charge Phase", 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.', d3Roll)).toMatchObject({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "none" },
      effects: [{ whom: { side: "enemy", range: 1 }, conditions: { charged: true } }],
    });
  });

  it("[AB-TRANSLATE] the effects: a roll's threshold with the roll, N or D3 mortal damage; a dice per model of either unit; N dice; a plain D3; the slays on double the Health, more than it or it; D3 rolls as many as the battle round", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    const eff = (effect: string) => {
      const t = declared("Any Combat Phase", pick, effect);
      return t.kind === "played" ? t.effects[0]!.do : t.kind;
    };
    expect(eff("Roll a dice. On a 3+, inflict D3 mortal damage on the target.")).toMatchObject({ per: "once", dice: { count: 1, sides: 6 }, on: 3, each: 1, damage: { count: 1, sides: 3, plus: 0 } });
    expect(eff("Roll a dice. On a 2+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "once", on: 2, each: 1 });
    expect(eff("Roll a dice for each model in this unit. For each 5+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "model", dice: { count: 1, sides: 6 }, on: 5, each: 1 });
    expect(eff("Roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "target-model", on: 5 });
    expect(eff("Roll a dice for each model in this unit that is in combat with the target. For each 3+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "model", on: 3 });
    expect(eff("Roll a number of dice equal to the number of models in the target unit. For each 6, inflict 1 mortal damage on the target.")).toMatchObject({ per: "target-model", on: 6 });
    expect(eff("Roll 6 dice. For each 3+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "once", dice: { count: 1, sides: 6 }, rolls: 6, on: 3, each: 1 });
    expect(eff("Inflict D3 mortal damage on the target.")).toMatchObject({ per: "once", dice: { count: 1, sides: 3 }, each: "roll" });
    expect(eff("Roll a dice. If the roll is at least double the target's Health characteristic, 1 model in the target unit is slain.")).toEqual({ kind: "slay", rule: "roll-at-least-double-health" });
    expect(eff("Roll a dice. If the roll exceeds the target's Health characteristic, 1 model in the target unit is slain.")).toEqual({ kind: "slay", rule: "roll-exceeds-health" });
    expect(eff("Roll a dice. If the roll equals or exceeds the target's Health characteristic, 1 model in the target unit is slain.")).toEqual({ kind: "slay", rule: "roll-at-least-health" });
    expect(eff("Make a number of D3 rolls equal to the current battle round number. For each 2+, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({ per: "round", dice: { count: 1, sides: 3 }, on: 2, each: "roll" });
  });

  it("[AB-TRANSLATE] near misses are not read, and timings the steps do not play are translated only", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    expect(declared("Any Combat Phase", pick, `${d3Roll} This unit has WARD (5+) for the rest of the turn.`).kind).toBe("unread"); // a sentence more
    // A bonus to each roll against a keyword is read now (translate-damage.ts), a bonus for another reason not.
    expect(declared("Any Combat Phase", pick, "Roll 2 dice for each model in this unit. Add 2 to each roll if the target is CAVALRY. For each 5+, inflict 1 mortal damage on the target.").kind).toBe("played");
    expect(declared("Any Combat Phase", pick, "Roll 2 dice for each model in this unit. Add 2 to each roll if the target is constricted. For each 5+, inflict 1 mortal damage on the target.").kind).toBe("unread");
    expect(declared("Any Combat Phase", "Pick a friendly unit in combat with this unit to be the target.", d3Roll).kind).toBe("unread");
    expect(declared("Any Combat Phase", "Pick an enemy DRAGON in combat with this unit to be the target.", d3Roll).kind).toBe("unread"); // a keyword no warscroll carries
    expect(declared("Any Combat Phase", "Pick an enemy unit that this unit passed across this phase to be the target.", d3Roll).kind).toBe("unread");
    expect(declared("Any Combat Phase", pick, "Roll a dice. If the roll exceeds the target's Health characteristic, 1 model in the target unit is slain and this unit can retreat.").kind).toBe("unread");
    // A movement phase and a per-unit Once Per Battle are played now (translate-damage.ts, damage.ts); a deployment phase is not.
    expect(declared("Any Movement Phase", 'Pick an enemy unit within 1" of this unit to be the target.', d3Roll)).toMatchObject({ kind: "played" });
    expect(declared("Once Per Battle, Any Combat Phase", pick, d3Roll)).toMatchObject({ kind: "played", when: { limit: "once-per-battle" } });
    expect(declared("Deployment Phase", pick, d3Roll)).toMatchObject({ kind: "translated" });
    expect(declared("Once Per Battle (Army), Any Combat Phase", pick, d3Roll).kind).toBe("played");
    expect(declaredPlayable({ timing: "phase", phase: "end-of-turn", whose: "enemy", limit: "once-per-turn-army" }, [])).toBe(false);
  });
});
