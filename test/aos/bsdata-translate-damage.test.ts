/**
 * The translator's patterns for mortal damage, slays and healing in every phase (src/aos/abilities/
 * translate-damage.ts): the catalogues' exact texts (a sentence or two each), the exact effects, and near misses
 * that must not translate (test/aos/abilities-damage.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { normalTiming } from "../../src/aos/abilities/translate-damage.js";

const vocab = keywordVocabulary(["MONSTER", "INFANTRY", "HERO", "CAVALRY", "SKYVESSEL", "MOULDER", "SKAVEN", "DEATH", "DAEMON", "WIZARD"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const pick = "Pick an enemy unit in combat with this unit to be the target.";
const d3Roll = "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.";
/** The `do` of a played translation, or its kind. */
const eff = (effect: string, declare = pick, timing = "Once Per Turn (Army), Any Combat Phase") => {
  const t = declared(timing, declare, effect);
  return t.kind === "played" ? t.effects[0]!.do : t.kind;
};
const D = (count: number, sides: number, plus = 0) => ({ count, sides, plus });

describe("mortal damage forms", () => {
  it("[AB-TRANSLATE] a first dice; dice as many as the target's Health, its damage points, this unit's (or N, the larger); a maximum", () => {
    expect(eff("Roll a dice. On a 3+, roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target.")).toEqual({
      kind: "mortal", per: "target-model", dice: D(1, 6), on: 5, each: 1, targets: "one", gate: 3,
    });
    expect(eff("Roll a number of dice equal to the number of damage points the target has. For each 5+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "target-damage", on: 5 });
    expect(eff("Roll either 3 dice or a number of dice equal to the number of damage points this unit has. For each 4+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "self-damage", minDice: 3, on: 4 });
    expect(eff("Roll a number of dice equal to the target's Health characteristic, to a maximum of 10. For each 4+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "target-health", maxDice: 10 });
    expect(eff("Roll a dice for each model in the target unit, to a maximum of 8. For each 5+, inflict 1 mortal damage on the target.")).toMatchObject({ per: "target-model", maxDice: 8, on: 5 });
    expect(eff('Make a shield bash roll of D6 for each model in this unit that is within 3" of the target. For each 6+, inflict 1 mortal damage on the target.')).toMatchObject({ per: "model", dice: D(1, 6), on: 6 });
    // "Either N dice" with the target's damage points is not a form the catalogues use: not read.
    expect(eff("Roll either 3 dice or a number of dice equal to the number of damage points the target has. For each 4+, inflict 1 mortal damage on the target.")).toBe("unread");
  });

  it("[AB-TRANSLATE] bonuses to each roll (a keyword, the target charged, more models, more than N), and more damage in total against a keyword or after a charge", () => {
    expect(eff("Roll a D3. Add 2 to the roll if the target charged this turn. On a 2+, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({ rollBonus: { add: 2, if: "target-charged" } });
    expect(eff("Roll a dice. Add 1 to the roll if the target unit has more than 10 models. On a 3+, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({ rollBonus: { add: 1, if: "target-models-over", models: 10 } });
    expect(eff("Roll a number of dice equal to the number of models in this unit. Add 1 to each roll if there are more models in the target unit than this unit. For each 3+, inflict 1 mortal damage on the target.")).toMatchObject({
      per: "model",
      rollBonus: { add: 1, if: "target-more-models" },
    });
    expect(eff("Roll 2 dice for each model in this unit. Add 2 to each roll if the target is CAVALRY. For each 5+, inflict 1 mortal damage on the target.")).toMatchObject({ dice: D(2, 6), bonus: { keyword: "CAVALRY", add: 2 } });
    expect(eff(`${d3Roll} Add 1 to the mortal damage inflicted (if any) if the target is CAVALRY.`)).toMatchObject({ extra: { add: 1, anyKeywords: ["CAVALRY"] } });
    expect(eff(`${d3Roll} If the target is INFANTRY, inflict an additional 3 mortal damage on it.`)).toMatchObject({ extra: { add: 3, anyKeywords: ["INFANTRY"] } });
    expect(eff(`${d3Roll} Add 1 to the damage inflicted (if any) on the target if it has the DEATH, DAEMON or WIZARD keyword.`)).toMatchObject({ extra: { add: 1, anyKeywords: ["DEATH", "DAEMON", "WIZARD"] } });
    expect(eff(`${d3Roll} Add 2 to the amount of mortal damage inflicted, if any, if this unit charged this turn.`)).toMatchObject({ extra: { add: 2, charged: true } });
    expect(eff(`${d3Roll} If the target unit is INFANTRY, double the amount of mortal damage inflicted.`)).toMatchObject({ extra: { double: true, anyKeywords: ["INFANTRY"] } });
    expect(eff("If the target is a non-MONSTER unit, inflict D6 mortal damage on it. If the target is a MONSTER, inflict D6+3 mortal damage on it.")).toMatchObject({
      per: "once", dice: D(1, 6), each: "roll", extra: { add: 3, anyKeywords: ["MONSTER"] },
    });
    // A bonus for a state the engines do not keep: not read.
    expect(eff("Roll 5 dice. Add 2 to each roll if the target is constricted. For each 5+, inflict 1 mortal damage on the target.")).toBe("unread");
    expect(eff(`${d3Roll} If the target is DRAGON, inflict an additional 3 mortal damage on it.`)).toBe("unread"); // a keyword no warscroll carries
  });

  it("[AB-TRANSLATE] rolls against the target's characteristics, summed 2D6, a better damage on a 6, N slays", () => {
    expect(eff("Roll a dice. If the roll exceeds the target's Save characteristic, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({ vs: { stat: "save", rule: "exceeds" }, each: "roll" });
    expect(eff("Roll a dice. If the roll is equal to or less than the target's Health characteristic, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({ vs: { stat: "health", rule: "at-most" } });
    expect(eff("Roll 6 dice. For each roll that is higher than the target's Health characteristic, inflict 1 mortal damage on the target.")).toMatchObject({ rolls: 6, vs: { stat: "health", rule: "exceeds" } });
    expect(eff("Roll a dice. If the roll is less than the number of damage points the target has, inflict an amount of mortal damage on the target equal to the roll.", "Pick a damaged enemy unit in combat with this unit to be the target.")).toMatchObject({ vs: { stat: "damage", rule: "below" } });
    expect(eff("Roll 2D6. If the roll is equal to or less than the number of models in the target unit, inflict D3+3 mortal damage on the target.")).toMatchObject({ dice: D(2, 6), summed: true, vs: { stat: "models", rule: "at-most" }, damage: D(1, 3, 3) });
    expect(eff("Roll a dice. On a 3-5, inflict D3 mortal damage on the target. On a 6, inflict 2D3 mortal damage on the target.")).toMatchObject({ on: 3, damage: D(1, 3), top: { from: 6, damage: D(2, 3) } });
    expect(eff("Roll a dice for each target. On a 1, this ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the target.", "Pick each enemy unit in combat with this unit to be the targets.")).toMatchObject({
      on: 2, each: 1, top: { from: 6, damage: D(1, 3) }, targets: "each",
    });
    expect(eff("Roll 3 dice. For each roll that is at least double the target's Health characteristic, 1 model in the target unit is slain.")).toEqual({ kind: "slay", rule: "roll-at-least-double-health", rolls: 3 });
    expect(eff("Roll a dice. If the roll exceeds the target's Health characteristic, 1 model in the target unit is automatically slain.")).toEqual({ kind: "slay", rule: "roll-exceeds-health" });
    // "Damaged enemy unit" is read only with a roll against its damage points (which needs it damaged).
    expect(eff(d3Roll, "Pick a damaged enemy unit in combat with this unit to be the target.")).toBe("unread");
  });

  it("[AB-TRANSLATE] the catalogues' spellings: \"Roll D3. On 2+\", \"an amount tof\"; optional moves after the damage read as declined", () => {
    expect(eff("Roll D3. On 2+, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({ dice: D(1, 3), on: 2, each: "roll" });
    expect(eff("Roll a D3. On a 2+: • Inflict an amount of mortal damage on the target equal to the roll. • This unit can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it.", pick, "Once Per Turn (Army), End of Any Turn")).toMatchObject({
      dice: D(1, 3), on: 2, each: "roll",
    });
    expect(eff('Inflict D3 mortal damage on the target. Then, you can remove this unit from the battlefield and set it up again within 1" of the target.')).toMatchObject({ dice: D(1, 3), each: "roll" });
    expect(eff(`${d3Roll.replace(/\.$/, "")}. Then, this unit can move 6". It can move through the combat ranges of enemy units but cannot end that move in combat.`)).toMatchObject({ on: 2 });
    // "Immediately uses" (not "can"): a move that must be made, not read.
    expect(eff("Roll a D3. On a 2+, this unit immediately uses the 'Retreat' ability without any mortal damage being inflicted on it. Then, inflict an amount of mortal damage on the target equal to the roll.")).toBe("unread");
  });
});

describe("declared targets and timings", () => {
  it("[AB-TRANSLATE] \"If this unit is (not) in combat | is damaged\", a dice before the pick, \"that is in combat\", \"up to 3 different\"", () => {
    const one = (declare: string, effect = d3Roll, timing = "Once Per Turn (Army), Any Combat Phase") => {
      const t = declared(timing, declare, effect);
      expect(t.kind, declare).toBe("played");
      return t.kind === "played" ? t.effects[0]! : null;
    };
    expect(one('If this unit is not in combat, pick a visible enemy unit within 6" of it to be the target.', "Roll a dice. On a 3+, inflict an amount of mortal damage on the target equal to the roll.", "Once Per Turn (Army), Your Shooting Phase")).toMatchObject({
      whom: { side: "enemy", range: 6 },
      conditions: { inCombat: false, visible: true },
    });
    expect(one("If this unit is damaged, pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.")).toMatchObject({
      conditions: { damaged: true },
      do: { upTo: 3 },
    });
    expect(one('If this unit charged this turn, roll a dice. On a 3+, pick an enemy unit within 1" of it to be the target.', "Roll a number of dice equal to the number of models in the target unit. For each 5+, inflict 1 mortal damage on the target.")).toMatchObject({
      conditions: { charged: true },
      do: { per: "target-model", gate: 3 },
    });
    expect(one("If this unit charged this turn, pick an enemy unit that is in combat with this unit to be the target.")).toMatchObject({ whom: { range: 3 }, conditions: { charged: true } });
    expect(one('Pick up to 3 different enemy units within 9" of this unit to be the targets.', "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.")?.do).toMatchObject({ upTo: 3 });
  });

  it("[AB-TRANSLATE] every phase's timing, a per-unit Once Per Battle, and the catalogues' variants of the limits", () => {
    for (const [timing, phase] of [["Any Movement Phase", "movement"], ["Start of Any Turn", "start-of-turn"], ["Enemy Hero Phase", "hero"], ["End of Your Turn", "end-of-turn"]] as const)
      expect(declared(timing, pick, d3Roll)).toMatchObject({ kind: "played", when: { phase } });
    expect(declared("Once Per Battle, Any Combat Phase", pick, d3Roll)).toMatchObject({ kind: "played", when: { limit: "once-per-battle" } });
    expect(normalTiming("Once per Turn (Army), Your Shooting Phase")).toBe("Once Per Turn (Army), Your Shooting Phase");
    expect(normalTiming("Once Per Battle(Army), Any Shooting Phase")).toBe("Once Per Battle (Army), Any Shooting Phase");
    expect(normalTiming("Once Per Turn (Army,) Your Shooting Phase")).toBe("Once Per Turn (Army), Your Shooting Phase");
    expect(normalTiming("Once Per Turn (army), End of Any Turn")).toBe("Once Per Turn (Army), End of Any Turn");
    expect(declared("Once Per Battle(Army), Any Shooting Phase", 'Pick a visible enemy unit within 12" of this unit to be the target.', "Inflict D3 mortal damage on the target.")).toMatchObject({ kind: "played", when: { limit: "once-per-battle-army" } });
    // The deployment phase has no step: translated only.
    expect(declared("Deployment Phase", pick, d3Roll).kind).toBe("translated");
  });
});

describe("healing", () => {
  it("[AB-TRANSLATE] Heal (X) of friendly units: one, up to N, each; a dice first; a keyword or a named warscroll; \"another\"; a heal per model", () => {
    expect(declared("Your Hero Phase", "Pick a friendly SKYVESSEL or Zontari Endrin Dock within this unit's combat range to be the target.", "Roll a dice. On a 2+, Heal (3) the target.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "none" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["SKYVESSEL"], orWarscrolls: ["Zontari Endrin Dock"] }, range: 3, wholly: false, includeSelf: true },
          conditions: { attack: "any" },
          do: { kind: "heal", amount: D(0, 0, 3), on: 2 },
        },
      ],
    });
    expect(declared("Once Per Turn (Army), End of Any Turn", 'Pick up to 3 visible friendly SKAVEN units wholly within 13" of this unit to be the targets.', "Heal (D3) each target.")).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "friendly", filter: { keywords: ["SKAVEN"] }, range: 13, wholly: true }, conditions: { visible: true }, do: { kind: "heal", amount: D(1, 3), upTo: 3 } }],
    });
    expect(declared("Once Per Turn (Army), End of Any Turn", 'Pick each friendly SKAVEN unit wholly within 13" of this unit to be the targets.', "Heal (D3) each target.")).toMatchObject({ kind: "played", effects: [{ do: { targets: "each" } }] });
    expect(declared("End of Any Turn", 'Pick another friendly MOULDER unit wholly within 13" of this unit to be the target.', "Heal (3) the target.")).toMatchObject({ kind: "played", effects: [{ whom: { includeSelf: false } }] });
    expect(declared("Once Per Battle, Any Hero Phase", 'Pick a visible friendly unit within 3" of this unit to be the target.', "Heal (2D3) the target.")).toMatchObject({ kind: "played", when: { limit: "once-per-battle" }, effects: [{ do: { amount: D(2, 3) } }] });
    expect(
      declared("End of Any Turn", "Pick a friendly SKYVESSEL or Zontari Endrin Dock within this unit's combat range to be the target.", "Make a field repairs roll of D6 for each model in this unit. For each 4-5, Heal (1) the target. For each 6, Heal (2) the target."),
    ).toMatchObject({ kind: "played", effects: [{ do: { kind: "heal", amount: D(0, 0, 1), perModel: { on: 4, top: { from: 6, amount: 2 } } } }] });
    // "Heal (X) each target" with a single target, and an enemy target's heal, are not read.
    expect(declared("End of Any Turn", 'Pick a friendly MOULDER unit wholly within 13" of this unit to be the target.', "Heal (D3) each target.").kind).toBe("unread");
    expect(declared("End of Any Turn", "Pick an enemy unit in combat with this unit to be the target.", "Heal (3) the target.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE] the unit itself: Heal (X) in any phase, half its damage points, returning on a D3 of 2+ or in combat, a D3 after each fight", () => {
    const self = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
    expect(self("Any Hero Phase", "Heal (D3) this unit.")).toMatchObject({ kind: "played", when: { phase: "hero", whose: "any" }, effects: [{ do: { kind: "heal", amount: D(1, 3) } }] });
    expect(self("Once Per Turn (Army), Any Hero Phase", "Heal (2D6) this unit.")).toMatchObject({ kind: "played", effects: [{ do: { amount: D(2, 6) } }] });
    expect(self("End of Any Turn", "Heal (X) this unit, where X is half the number of damage points this unit has (rounding up).")).toMatchObject({ kind: "played", effects: [{ do: { kind: "heal", amount: "half-damage" } }] });
    expect(self("End of Any Turn", "Roll a D3. On a 2+, return a number of slain models to this unit equal to the roll.")).toMatchObject({ kind: "played", effects: [{ do: { kind: "return-models", count: D(1, 3), least: 2 } }] });
    expect(self("End of Any Turn", "If this unit is in combat, you can return D3 slain models to this unit.")).toMatchObject({ kind: "played", effects: [{ conditions: { inCombat: true }, do: { kind: "return-models", count: D(1, 3) } }] });
    expect(self("Passive", "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (D3) this unit.")).toMatchObject({ kind: "played", when: { timing: "passive" }, effects: [{ do: { kind: "heal", amount: D(1, 3) } }] });
    // Half its damage points outside healing.ts's timings, and returning models in a combat phase: translated only.
    expect(self("Any Combat Phase", "Heal (X) this unit, where X is half the number of damage points this unit has (rounding up).").kind).toBe("translated");
    expect(self("Any Combat Phase", "Roll a D3. On a 2+, return a number of slain models to this unit equal to the roll.").kind).toBe("translated");
    // The objective4 area reads this one (translate-objective4.ts: the condition at use); here a condition the damage patterns do not read stays unread.
    expect(self("End of Any Turn", "If this unit is contesting an objective you do not control. Heal (D6) this unit.")).toMatchObject({ kind: "played", effects: [{ conditions: { objective: "not-controlled" } }] });
    expect(self("End of Any Turn", "If this unit is within 6\" of any enemy units. Heal (D6) this unit.").kind).toBe("unread");
  });
});
