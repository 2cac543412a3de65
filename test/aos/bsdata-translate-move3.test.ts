/**
 * The move3 area's translations (src/aos/abilities/translate-move3.ts and the readers it hooks into): the
 * catalogues' texts, the exact effects written, and near misses that must not be played
 * (test/aos/abilities-move3.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "CAVALRY", "FLY"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const anyEnemy = { side: "enemy", wholly: false, includeSelf: false };
const notFly = { ...anyEnemy, filter: { notKeywords: ["FLY"] } };
const passed = { attack: "any", passedAcross: true };
const D6 = { count: 1, sides: 6, plus: 0 };
const D3 = { count: 1, sides: 3, plus: 0 };

describe("units passed across", () => {
  it("[AB-TRANSLATE] 'Roll 4 | 6 | 10 dice. For each 4+, inflict 1 mortal damage on the target' on an enemy unit without FLY passed across this phase (Bomb Racks: 10 abilities)", () => {
    for (const n of [4, 6, 10])
      expect(declared("Your Movement Phase", "Pick an enemy unit that does not have FLY and that this unit passed across this phase to be the target.", `Roll ${n} dice. For each 4+, inflict 1 mortal damage on the target.`)).toEqual({
        kind: "played",
        when: { timing: "phase", phase: "movement", whose: "your", limit: "none" },
        effects: [{ whom: notFly, conditions: passed, do: { kind: "mortal", per: "once", dice: D6, on: 4, each: 1, targets: "one", rolls: n } }],
      });
  });

  it("[AB-TRANSLATE] Guild Bombs: 'If this unit used a MOVE ability this phase, pick ... passed across this turn', a D3 on 2+, once per battle for each unit (3 abilities)", () => {
    expect(
      declared(
        "Once Per Battle, Your Movement Phase",
        "If this unit used a MOVE ability this phase, pick an enemy unit that does not have FLY and that this unit passed across this turn to be the target.",
        "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.",
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "your", limit: "once-per-battle" },
      effects: [{ whom: notFly, conditions: passed, do: { kind: "mortal", per: "once", dice: D3, on: 2, each: "roll", targets: "one" } }],
    });
  });

  it("[AB-TRANSLATE] Boing! Boing! Boing! / Slashing Fins: 'Roll a dice for each model in this unit that passed across the target' is a dice per model (4 abilities)", () => {
    expect(declared("Any Movement Phase", "Pick an enemy unit that this unit passed across this phase to be the target.", "Roll a dice for each model in this unit that passed across the target. For each 4+, inflict 1 mortal damage on the target.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "any", limit: "none" },
      effects: [{ whom: anyEnemy, conditions: passed, do: { kind: "mortal", per: "model", dice: D6, on: 4, each: 1, targets: "one" } }],
    });
  });

  it("[AB-TRANSLATE] Trampled to Dust: a charge phase's 'passed across this turn' (2 abilities)", () => {
    expect(declared("Any Charge Phase", "Pick an enemy unit that this unit passed across this turn to be the target.", "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "none" },
      effects: [{ whom: anyEnemy, conditions: passed, do: { kind: "mortal", per: "once", dice: D3, on: 2, each: "roll", targets: "one" } }],
    });
  });

  it("[AB-TRANSLATE] a keyword filter: 'an enemy INFANTRY or CAVALRY unit that this unit passed across this phase'", () => {
    const t = declared("Your Movement Phase", "Pick an enemy INFANTRY or CAVALRY unit that this unit passed across this phase to be the target.", "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.");
    expect(t.kind === "played" && t.effects[0]!.whom).toEqual({ ...anyEnemy, filter: { anyKeywords: ["INFANTRY", "CAVALRY"] } });
  });

  it("[AB-TRANSLATE] near misses stay unplayed: 'this phase' in a charge or shooting phase, a second sentence (a ward if models are slain), a token placed, up to 3 with a ward", () => {
    const pick = "Pick an enemy unit that this unit passed across this phase to be the target.";
    const d3 = "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.";
    expect(declared("Any Charge Phase", pick, d3).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", pick, d3).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", "Pick an enemy unit that this unit passed across this turn to be the target.", d3).kind).not.toBe("played");
    expect(declared("Your Movement Phase", "Pick an enemy INFANTRY or CAVALRY unit that this unit passed across this phase to be the target.", "Place this unit's Tzul next to the target.").kind).not.toBe("played");
    expect(
      declared(
        "Any Movement Phase",
        "Pick up to 3 enemy units that this unit passed across this phase to be the targets.",
        "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll. If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn.",
      ).kind,
    ).not.toBe("played");
    // A plural pick with a singular noun, or the reverse, is not read.
    expect(declared("Your Movement Phase", "Pick up to 3 enemy unit that this unit passed across this phase to be the targets.", d3).kind).not.toBe("played");
  });
});

describe("N dice with a threshold (translate-damage.ts)", () => {
  it("[AB-TRANSLATE] 'Roll 6 dice. For each 4+' keeps its 4+ where the damage area's reader takes the text (it wrote on: 1, every dice counted)", () => {
    // "that is in combat with this unit" is the damage area's pick (translate.ts's own reads only "in combat with").
    const t = declared("Any Combat Phase", "Pick an enemy unit that is in combat with this unit to be the target.", "Roll 6 dice. For each 4+, inflict 1 mortal damage on the target.");
    expect(t.kind === "played" && t.effects[0]!.do).toEqual({ kind: "mortal", per: "once", dice: D6, on: 4, each: 1, targets: "one", rolls: 6 });
  });
});
