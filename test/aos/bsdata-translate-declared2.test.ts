/**
 * The declared abilities' second pass (src/aos/abilities/translate-declared2.ts and the declares and effects it
 * reads): the catalogues' texts, the exact effects written, and near misses that must not be played
 * (test/aos/abilities-declared2.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "MONSTER", "HERO"]);
const declared = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const inCombat = { side: "enemy", range: 3, wholly: false, includeSelf: false };

describe("cannot use commands", () => {
  it("[AB-TRANSLATE] 'Roll a dice. On a 3+, the target cannot use commands for the rest of the turn' (an enemy in combat; 7 abilities in the snapshot)", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, the target cannot use commands for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: inCombat, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false, on: 3 } }],
    });
  });

  it("[AB-TRANSLATE] up to 3 targets with a dice each; until the start of your next turn; a visible enemy within 18\"; if this unit has not charged", () => {
    const up = declared("Once Per Turn (Army), Any Combat Phase", "Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. On a 4+, the target cannot use commands for the rest of the turn.");
    expect(up.kind === "played" && up.effects).toEqual([{ whom: inCombat, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false, on: 4, upTo: 3 } }]);
    const until = declared("Once Per Turn (Army), Your Hero Phase", 'Pick a visible enemy unit within 18" of this unit to be the target.', "Roll a dice. On a 3+, the target cannot use commands until the start of your next turn.");
    expect(until.kind === "played" && until.effects).toEqual([
      { whom: { side: "enemy", range: 18, wholly: false, includeSelf: false }, conditions: { attack: "any", visible: true }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false, on: 3, until: "your-next-turn" } },
    ]);
    const charged = declared("Once Per Turn (Army), Any Charge Phase", "If this unit has not charged this turn, pick an enemy unit in combat with it to be the target.", "Roll a dice. On a 3+, the target cannot use commands for the rest of the turn.");
    expect(charged.kind === "played" && charged.effects[0]!.conditions).toEqual({ attack: "any", charged: false });
  });

  it("[AB-TRANSLATE] near misses stay unplayed: a D3 against the target's Control, a second effect, no duration, this unit", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    for (const effect of [
      "Roll a D3. If the roll exceeds the target's Control characteristic, the target cannot use commands for the rest of the turn.",
      "Roll a dice. On a 3+: • The target cannot use commands for the rest of the turn. • Subtract an amount equal to the roll from the target's control score until the start of your next turn.",
      "Roll a dice. On a 3+, the target cannot use commands.",
    ])
      expect(declared("Any Combat Phase", pick, effect).kind, effect).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick this unit to be the target.", "This unit cannot use commands for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("charge rolls for a while", () => {
  const vocab2 = keywordVocabulary(["WAR MACHINE", "CITIES OF SIGMAR", "MOULDER", "WARHERD"]);
  const d2 = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab2);

  it("[AB-TRANSLATE] 'Add 2 to charge rolls for the target for the rest of the turn' on a visible friendly non-WAR MACHINE CITIES OF SIGMAR unit (a non- keyword of two words; 4 abilities)", () => {
    expect(d2("Once Per Turn (Army), Any Charge Phase", 'Pick a visible friendly non-WAR MACHINE CITIES OF SIGMAR unit wholly within 12" of this unit to be the target.', "Add 2 to charge rolls for the target for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["CITIES OF SIGMAR"], notKeywords: ["WAR MACHINE"] }, range: 12, wholly: true, includeSelf: true },
          conditions: { attack: "any", visible: true },
          do: { kind: "for-the-turn", set: "charge", value: 2, companionOnly: false },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] another friendly unit within this unit's combat range (+1); the dice to a maximum of 3", () => {
    const goad = d2("Your Charge Phase", "Pick another friendly MOULDER unit within this unit's combat range to be the target.", "Add 1 to charge rolls for the target for the rest of the turn.");
    expect(goad.kind === "played" && goad.effects).toEqual([
      { whom: { side: "friendly", filter: { keywords: ["MOULDER"] }, range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "charge", value: 1, companionOnly: false } },
    ]);
    const surge = d2("Once Per Turn (Army), Any Charge Phase", 'Pick a friendly WARHERD unit wholly within 12" of this unit to be the target.', "For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3.");
    expect(surge.kind === "played" && surge.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "charge-dice", value: 1, companionOnly: false });
  });

  it("[AB-TRANSLATE] near misses: a subtraction, a re-roll, a second clause, no duration, 'to a minimum of 1', a non- phrase no keyword names", () => {
    const pick = 'Pick a friendly unit wholly within 12" of this unit to be the target.';
    for (const effect of [
      "Subtract 2 from charge rolls for the target for the rest of the turn.",
      "You can re-roll charge rolls for the target for the rest of the turn.",
      "Add 1 to charge rolls for this unit and the target for the rest of the turn.",
      "Add 2 to charge rolls for the target.",
      "Add 2 to run rolls and charge rolls for the target for the rest of the turn.",
      "Until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.",
    ])
      expect(d2("Your Charge Phase", pick, effect).kind, effect).not.toBe("played");
    expect(d2("Your Charge Phase", 'Pick a friendly non-BIG THING unit wholly within 12" of this unit to be the target.', "Add 2 to charge rolls for the target for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("charges after a run or retreat for a while", () => {
  const vocab3 = keywordVocabulary(["BEASTS OF CHAOS", "OGOR MAWTRIBES", "HURAKAN"]);
  const d3 = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab3);
  const friend = (kw: string) => ({ side: "friendly", filter: { keywords: [kw] }, range: 12, wholly: true, includeSelf: true });

  it("[AB-TRANSLATE] 'For the rest of the turn, the target can use a RUN ability and still use CHARGE abilities later in the turn' (Infuse with Bestial Vigour)", () => {
    expect(
      d3("Once Per Turn (Army), Your Movement Phase", 'Pick a friendly BEASTS OF CHAOS unit wholly within 12" of this unit to be the target.', "For the rest of the turn, the target can use a RUN ability and still use CHARGE abilities later in the turn."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: friend("BEASTS OF CHAOS"), conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "charge-after", after: ["run"], shoot: false, companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] 'even if it used a RETREAT or RUN ability' with SHOOT, on a 3+; up to 3 targets ('each target can ...')", () => {
    const ogor = d3("Once Per Turn (Army), Your Movement Phase", 'Pick a visible friendly OGOR MAWTRIBES unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, for the rest of the turn, the target can still use SHOOT and/or CHARGE abilities even if it used a RETREAT or RUN ability in the same turn.");
    expect(ogor.kind === "played" && ogor.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "charge-after", after: ["run", "retreat"], shoot: true, companionOnly: false, on: 3 });
    const hurakan = d3("Once Per Battle (Army), Your Movement Phase", 'Pick up to 3 visible friendly HURAKAN units wholly within 12" of this unit to be the targets.', "For the rest of the turn, each target can use a RUN ability and still use SHOOT and/or CHARGE abilities later in the turn.");
    expect(hurakan.kind === "played" && hurakan.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "charge-after", after: ["run"], shoot: true, companionOnly: false, upTo: 3 });
  });

  it("[AB-TRANSLATE] near misses: SHOOT only with no mortal damage for retreats, a further clause, no duration", () => {
    const pick = 'Pick a friendly BEASTS OF CHAOS unit wholly within 12" of this unit to be the target.';
    for (const effect of [
      "For the rest of the turn: • The target can use a RETREAT or RUN ability and still use SHOOT abilities later in the turn. • No mortal damage is inflicted on the target by RETREAT abilities.",
      "For the rest of the turn, the target can use CHARGE abilities even if it used a RUN ability in the same turn, but each time it uses a MOVE ability, it must end the move closer to this unit.",
      "The target can use a RUN ability and still use CHARGE abilities later in the turn.",
      "For the rest of the turn, the target can use a RUN ability and still use SHOOT abilities later in the turn.",
    ])
      expect(d3("Your Movement Phase", pick, effect).kind, effect).not.toBe("played");
  });
});

describe("dice against the target, a bonus if it is damaged, the catalogues' slips", () => {
  const vocab4 = keywordVocabulary(["INFANTRY", "CAVALRY", "MONSTER", "FLY"]);
  const d4 = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab4);
  const combat = "Once Per Turn (Army), Any Combat Phase";

  it("[AB-TRANSLATE] 'Roll a dice for each target. If the roll exceeds the target's Control characteristic, the target has STRIKE-LAST for the rest of the turn' (up to 3 targets)", () => {
    expect(d4(combat, "Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. If the roll exceeds the target's Control characteristic, the target has STRIKE-LAST for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: inCombat, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false, vs: "control-exceeds", upTo: 3 } }],
    });
  });

  it("[AB-TRANSLATE] 'equal to or less than the target's control | Health characteristic'; 'Add 1 to the roll if the target is damaged. On a 3+'; the cannot-use-commands form", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    const one = (effect: string, declare = pick) => {
      const t = d4(combat, declare, effect);
      expect(t.kind, effect).toBe("played");
      return t.kind === "played" ? t.effects[0]!.do : null;
    };
    expect(one("Roll a dice. If the roll is equal to or less than the target's control characteristic, the target has STRIKE-LAST for the rest of the turn.")).toEqual({ kind: "for-the-turn", set: "strike-last", companionOnly: false, vs: "control-at-most" });
    expect(one("Roll a dice. If the roll is equal to or less than the target's Health characteristic, the target has STRIKE-LAST for the rest of the turn.", "Pick an enemy INFANTRY or CAVALRY unit in combat with this unit to be the target.")).toEqual({ kind: "for-the-turn", set: "strike-last", companionOnly: false, vs: "health-at-most" });
    expect(one("Roll a dice. Add 1 to the roll if the target is damaged. On a 3+, the target has STRIKE-LAST for the rest of the turn.", "Pick an enemy MONSTER in combat with this unit to be the target.")).toEqual({ kind: "for-the-turn", set: "strike-last", companionOnly: false, on: 3, addIfDamaged: 1 });
    expect(one("Roll a dice. If the roll exceeds the target's Control characteristic, the target cannot use commands for the rest of the turn.")).toEqual({ kind: "for-the-turn", set: "no-commands", companionOnly: false, vs: "control-exceeds" });
  });

  it("[AB-TRANSLATE] the catalogues' slips: 'Roll a dice, On a 3+' and 'the target unit's weapons' read as written right", () => {
    const slip = d4(combat, "Pick an enemy non-FLY INFANTRY or CAVALRY unit in combat with this unit to be the target.", "Roll a dice, On a 3+, the target has STRIKE-LAST for the rest of the turn.");
    expect(slip.kind === "played" && slip.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "strike-last", companionOnly: false, on: 3 });
    const unit = d4("Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from the Attacks characteristic of the target unit's weapons for the rest of the turn.");
    expect(unit.kind === "played" && unit.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "attacks", value: -1, companionOnly: false, on: 3 });
  });

  it("[AB-TRANSLATE] near misses: a D3 against Control, a bonus for a keyword, exceeding Health, the roll plus momentum points", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    for (const effect of [
      "Roll a D3. If the roll exceeds the target's Control characteristic, the target cannot use commands for the rest of the turn.",
      "Roll a dice. Add 1 to the roll if the target is a SENTENCED unit. On a 4+, the target has STRIKE-LAST for the rest of the turn.",
      "Roll a dice. If the roll exceeds the target's Health characteristic, the target has STRIKE-LAST for the rest of the turn.",
      "Roll a dice and add the number of momentum points this unit has to the roll. On a 5+, the target has STRIKE-LAST for the rest of the turn.",
      // "Roll a dice. Add 1 to the roll if the target is damaged. On a 5+, inflict 1 mortal damage on the target." is played
      // since the mortal4 area (a mortal damage's rollBonus: test/aos/bsdata-translate-mortal4.test.ts, Hamstring).
    ])
      expect(d4(combat, pick, effect).kind, effect).not.toBe("played");
  });
});

describe("a pick that excludes a warscroll", () => {
  it("[AB-TRANSLATE] 'Pick another friendly CITIES OF SIGMAR DUARDIN unit wholly within 12\" of this unit to be the target. You cannot pick a Longbeards unit.' (4 abilities)", () => {
    const v = keywordVocabulary(["CITIES OF SIGMAR", "DUARDIN"]);
    const t = translateAbility(
      { name: "X", timing: "Once Per Turn (Army), Any Combat Phase", effect: 'Declare: Pick another friendly CITIES OF SIGMAR DUARDIN unit wholly within 12" of this unit to be the target. You cannot pick a Longbeards unit.\nEffect: Roll a dice. On a 3+, add 1 to wound rolls for the target\'s combat attacks for the rest of the turn.' },
      v,
    );
    expect(t.kind === "played" && t.effects).toEqual([
      {
        whom: { side: "friendly", filter: { keywords: ["CITIES OF SIGMAR", "DUARDIN"], notWarscrolls: ["Longbeards"] }, range: 12, wholly: true, includeSelf: false },
        conditions: { attack: "melee" },
        do: { kind: "for-the-turn", set: "wound", value: 1, companionOnly: false, on: 3 },
      },
    ]);
    // Another second sentence: not read.
    const other = translateAbility({ name: "X", timing: "Any Combat Phase", effect: 'Declare: Pick another friendly DUARDIN unit wholly within 12" of this unit to be the target. It must be visible.\nEffect: Add 1 to wound rolls for the target\'s combat attacks for the rest of the turn.' }, v);
    expect(other.kind).not.toBe("played");
  });
});

describe("a dice with a bonus against a keyword", () => {
  it("[AB-TRANSLATE] 'Roll a dice. Add 1 to the roll if the target is INFANTRY. On a 4+, the target has STRIKE-LAST for the rest of the turn' (4 abilities); 'a WIZARD or PRIEST'", () => {
    const v = keywordVocabulary(["INFANTRY", "WIZARD", "PRIEST"]);
    const t = translateAbility({ name: "X", timing: "Once Per Turn (Army), Any Combat Phase", effect: "Declare: If this unit charged this turn, pick an enemy unit in combat with it to be the target.\nEffect: Roll a dice. Add 1 to the roll if the target is INFANTRY. On a 4+, the target has STRIKE-LAST for the rest of the turn." }, v);
    expect(t.kind === "played" && t.effects).toEqual([
      { whom: inCombat, conditions: { attack: "any", charged: true }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false, on: 4, addIfKeywords: { add: 1, anyKeywords: ["INFANTRY"] } } },
    ]);
    const two = translateAbility({ name: "X", timing: "Any Combat Phase", effect: "Declare: Pick an enemy unit in combat with this unit to be the target.\nEffect: Roll a dice. Add 1 to the roll if the target is a WIZARD or PRIEST. On a 3+, subtract 1 from hit rolls for the target's attacks for the rest of the turn." }, v);
    expect(two.kind === "played" && two.effects[0]!.do).toMatchObject({ on: 3, addIfKeywords: { add: 1, anyKeywords: ["WIZARD", "PRIEST"] } });
  });
});

describe("this unit and up to N others", () => {
  const v = keywordVocabulary(["IDONETH DEEPKIN", "SLAVES TO DARKNESS"]);
  it("[AB-TRANSLATE] 'Pick this unit and up to 1 friendly IDONETH DEEPKIN unit within this unit's combat range to be the targets' with 'for the targets' (3 abilities); 'that target has STRIKE-FIRST' (2)", () => {
    const t = translateAbility(
      { name: "X", timing: "Once Per Turn (Army), Your Charge Phase", effect: "Declare: Pick this unit and up to 1 friendly IDONETH DEEPKIN unit within this unit's combat range to be the targets.\nEffect: For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for the targets, to a maximum of 3." },
      v,
    );
    expect(t.kind === "played" && t.effects).toEqual([
      { whom: { side: "friendly", filter: { keywords: ["IDONETH DEEPKIN"] }, range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "charge-dice", value: 1, companionOnly: false, andSelf: 1 } },
    ]);
    const s = translateAbility(
      { name: "X", timing: "Once Per Turn (Army), Enemy Combat Phase", effect: "Declare: Pick this unit and up to 2 friendly SLAVES TO DARKNESS units within this unit's combat range to be the targets.\nEffect: Roll a dice for each target. On a 4+, that target has STRIKE-FIRST for the rest of the turn." },
      v,
    );
    expect(s.kind === "played" && s.effects[0]!.do).toEqual({ kind: "for-the-turn", set: "strike-first", companionOnly: false, on: 4, andSelf: 2 });
    // Enemy units with this unit: not read.
    expect(translateAbility({ name: "X", timing: "Any Combat Phase", effect: "Declare: Pick this unit and up to 2 enemy units in combat with it to be the targets.\nEffect: The target has STRIKE-LAST for the rest of the turn." }, v).kind).not.toBe("played");
  });
});
