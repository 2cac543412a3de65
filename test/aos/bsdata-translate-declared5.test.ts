/**
 * The declared abilities' fifth pass (src/aos/abilities/translate-declared5.ts and its hooks in translate-status.ts):
 * the catalogues' texts (/work/shared/data/bsdata-aos4), the exact effects written, and near misses that must not be
 * played (test/aos/abilities-declared5.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["OGOR MAWTRIBES", "MAWSEEKERS", "MAGGOTKIN OF NURGLE", "CITIES OF SIGMAR", "AELF", "INFANTRY", "HERO", "MONSTER", "CAVALRY", "WARRIORS OF CHAOS", "SKYVESSEL"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const declared = (timing: string, declare: string, effect: string) => tr(timing, `Declare: ${declare}\nEffect: ${effect}`);
const held = (x: Record<string, unknown>) => ({ kind: "for-the-turn", companionOnly: false, ...x });
const phase = (p: string, whose: string, limit: string) => ({ timing: "phase", phase: p, whose, limit });

describe("the Move characteristic for a while", () => {
  it("[AB-TRANSLATE] 'Add 3\" to the Move characteristic of each target' after 'Pick up to 3 ... to be targets' (Sorceress on Black Dragon, Command Underlings: 2 abilities)", () => {
    expect(declared("Once Per Turn (Army), Your Hero Phase", 'Pick up to 3 friendly CITIES OF SIGMAR AELF INFANTRY units wholly within 12" of this unit to be targets.', 'Add 3" to the Move characteristic of each target for the rest of the turn.')).toEqual({
      kind: "played",
      when: phase("hero", "your", "once-per-turn-army"),
      effects: [{ whom: { side: "friendly", filter: { keywords: ["CITIES OF SIGMAR", "AELF", "INFANTRY"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: held({ set: "move", value: 3, upTo: 3 }) }],
    });
  });

  it("[AB-TRANSLATE] a bullet list under 'On a 3+, until the start of your next turn:' with a line break in the duration (Cogsmith, Direct the Gyrocorps: 3)", () => {
    const whom = { side: "friendly", filter: { warscrolls: ["Gyrocopter", "Gyrobomber"] }, range: 18, wholly: true, includeSelf: true };
    expect(
      declared(
        "Once Per Turn (Army), Your Hero Phase",
        'Pick up to 3 visible friendly Gyrocopter or Gyrobomber units wholly within 18" of this unit to be the targets.',
        "Roll a dice for each target. On a 3+, until the start of your\r\nnext turn:\r\n• Add 1 to hit rolls for the target's attacks.\r\n• Add 2\" to the target's Move characteristic.",
      ),
    ).toEqual({
      kind: "played",
      when: phase("hero", "your", "once-per-turn-army"),
      effects: [
        { whom, conditions: { attack: "any", visible: true }, do: held({ set: "hit", value: 1, on: 3, until: "your-next-turn", upTo: 3 }) },
        { whom, conditions: { attack: "any", visible: true }, do: held({ set: "move", value: 2, on: 3, until: "your-next-turn", upTo: 3 }) },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: 'of this unit and each target' (Slavering for Sensation), a Move of 4\", a bullet the status step does not read ('Aye Aye, Captain!'), one bullet only", () => {
    expect(declared("Your Movement Phase", 'Pick up to 2 friendly Hellflayer units wholly within 12" of this unit to be the targets.', 'Add 2" to the Move characteristic of this unit and each target for the rest of the turn.').kind).not.toBe("played");
    expect(declared("Your Hero Phase", 'Pick a friendly INFANTRY unit wholly within 12" of this unit to be the target.', 'Add 4" to the target\'s Move characteristic for the rest of the turn.').kind).not.toBe("played");
    expect(
      declared("Once Per Turn (Army), Your Hero Phase", "Pick a friendly SKYVESSEL within this unit's combat range to be the target.", "For the rest of the turn: • The target can use a RETREAT or RUN ability and still use SHOOT abilities later in the turn. • No mortal damage is inflicted on the target by RETREAT abilities.").kind,
    ).not.toBe("played");
    expect(declared("Your Hero Phase", 'Pick a friendly INFANTRY unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, for the rest of the turn: • Add 1 to hit rolls for the target's attacks.").kind).not.toBe("played");
  });
});

describe("2D6 against the target's Health", () => {
  it("[AB-TRANSLATE] 'Roll 2D6. If the result exceeds the target's Health characteristic, for the rest of the turn: • STRIKE-LAST • no commands' (Lord-Vigilant on Morrgryph, Vice-like Grip: 3)", () => {
    const whom = { side: "enemy", filter: { keywords: ["HERO"], notKeywords: ["MONSTER"] }, range: 3, wholly: false, includeSelf: false };
    expect(declared("Once Per Turn (Army), Any Charge Phase", "Pick an enemy non-MONSTER HERO in combat with this unit to be the target.", "Roll 2D6. If the result exceeds the target's Health characteristic, for the rest of the turn: • The target has STRIKE-LAST. • The target cannot use commands.")).toEqual({
      kind: "played",
      when: phase("charge", "any", "once-per-turn-army"),
      effects: [
        { whom, conditions: { attack: "any" }, do: held({ set: "strike-last", vs: "health-2d6-exceeds" }) },
        { whom, conditions: { attack: "any" }, do: held({ set: "no-commands", vs: "health-2d6-exceeds" }) },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: 2D6 for each of several targets, 2D6 'is equal to or less than' Health", () => {
    expect(declared("Any Combat Phase", "Pick up to 2 enemy units in combat with this unit to be the targets.", "Roll 2D6. If the result exceeds the target's Health characteristic, the target has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll 2D6. If the result is equal to or less than the target's Health characteristic, the target has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("picks", () => {
  it("[AB-TRANSLATE] 'pick this unit and up to 2 friendly non-HERO non-CAVALRY WARRIORS OF CHAOS units' (Chaos Lord on Karkadrak, Drive the Legions Forward: 1): two 'non-' keywords", () => {
    expect(declared("Once Per Battle (Army), Any Charge Phase", 'Pick this unit and up to 2 friendly non-HERO non-CAVALRY WARRIORS OF CHAOS units wholly within 12" of this unit to be the targets.', "Add 2 to charge rolls for the targets for the rest of the turn.")).toEqual({
      kind: "played",
      when: phase("charge", "any", "once-per-battle-army"),
      effects: [{ whom: { side: "friendly", filter: { keywords: ["WARRIORS OF CHAOS"], notKeywords: ["HERO", "CAVALRY"] }, range: 12, wholly: true, includeSelf: false }, conditions: { attack: "any" }, do: held({ set: "charge", value: 2, andSelf: 2 }) }],
    });
  });

  it("[AB-TRANSLATE] near miss: a 'non-' word the vocabulary does not hold", () => {
    expect(declared("Any Charge Phase", 'Pick up to 2 friendly non-HERO non-WIBBLE WARRIORS OF CHAOS units wholly within 12" of this unit to be the targets.', "Add 2 to charge rolls for the targets for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("a mark for friendly units' attacks", () => {
  it("[AB-TRANSLATE] 'add 1 to wound rolls for combat attacks made by friendly MAGGOTKIN OF NURGLE units that target that enemy unit' (Orghotts Daemonspew, Grasping Tongue: 2): held on the enemy, against, with the attacker's filter", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, add 1 to wound rolls for combat attacks made by friendly MAGGOTKIN OF NURGLE units that target that enemy unit for the rest of the turn.")).toEqual({
      kind: "played",
      when: phase("combat", "any", "once-per-turn-army"),
      effects: [{ whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { attack: "melee", attackerFilter: { keywords: ["MAGGOTKIN OF NURGLE"] } }, do: held({ set: "wound", direction: "against", value: 1, on: 3 }) }],
    });
  });

  it("[AB-TRANSLATE] near misses: a Rend mark (Vulcharc: no held Rend against), a keyword the vocabulary does not hold, this unit's attacks on that MONSTER (Apex Predator)", () => {
    expect(declared("Once Per Turn (Army), Your Shooting Phase", 'Pick a visible enemy unit within 12" of this unit to be the target.', "For the rest of the turn, add 1 to the Rend characteristic of melee weapons used by friendly Kairic Acolytes units for attacks that target that enemy unit.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Add 1 to wound rolls for combat attacks made by friendly WIBBLE units that target that enemy unit for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Once Per Turn (Army), Any Combat Phase", "Pick an enemy MONSTER in combat with this unit to be the target.", "Add 1 to hit rolls for this unit's combat attacks that target that MONSTER for the rest of the turn. This ability also affects Companion weapons.").kind).not.toBe("played");
  });
});

describe("a better ward for a keyword", () => {
  it("[AB-TRANSLATE] 'the target has WARD (6+) until ... If you picked a MAWSEEKERS unit, it has WARD (5+) until ... instead' (Butcher, Trogg-Guts: 3): the 6+ and a 5+ held only on a MAWSEEKERS holder", () => {
    const whom = { side: "friendly", filter: { keywords: ["OGOR MAWTRIBES"] }, range: 12, wholly: true, includeSelf: true };
    expect(
      declared("Once Per Turn (Army), Any Movement Phase", 'Pick a visible friendly OGOR MAWTRIBES unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, the target has WARD (6+) until the start of your next turn. If you picked a MAWSEEKERS unit, it has WARD (5+) until the start of your next turn instead."),
    ).toEqual({
      kind: "played",
      when: phase("movement", "any", "once-per-turn-army"),
      effects: [
        { whom, conditions: { attack: "any", visible: true }, do: held({ set: "ward", value: 6, on: 3, until: "your-next-turn" }) },
        { whom, conditions: { attack: "any", visible: true, targetKeywords: ["MAWSEEKERS"] }, do: held({ set: "ward", value: 5, on: 3, until: "your-next-turn" }) },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: another duration for the keyword's ward, a worse ward, after a modifier", () => {
    const pick = 'Pick a visible friendly OGOR MAWTRIBES unit wholly within 12" of this unit to be the target.';
    expect(declared("Any Movement Phase", pick, "Roll a dice. On a 3+, the target has WARD (6+) until the start of your next turn. If you picked a MAWSEEKERS unit, it has WARD (5+) for the rest of the turn instead.").kind).not.toBe("played");
    expect(declared("Any Movement Phase", pick, "Roll a dice. On a 3+, the target has WARD (5+) until the start of your next turn. If you picked a MAWSEEKERS unit, it has WARD (6+) until the start of your next turn instead.").kind).not.toBe("played");
    expect(declared("Any Movement Phase", pick, "Roll a dice. On a 3+, add 1 to save rolls for the target until the start of your next turn. If you picked a MAWSEEKERS unit, it has WARD (5+) until the start of your next turn instead.").kind).not.toBe("played");
  });
});
