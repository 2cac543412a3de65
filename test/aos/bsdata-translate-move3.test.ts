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

  it("[AB-TRANSLATE] near misses stay unplayed: 'this phase' in a charge or shooting phase, a token placed, a plural pick with a singular noun", () => {
    const pick = "Pick an enemy unit that this unit passed across this phase to be the target.";
    const d3 = "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.";
    expect(declared("Any Charge Phase", pick, d3).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", pick, d3).kind).not.toBe("played");
    expect(declared("Your Shooting Phase", "Pick an enemy unit that this unit passed across this turn to be the target.", d3).kind).not.toBe("played");
    expect(declared("Your Movement Phase", "Pick an enemy INFANTRY or CAVALRY unit that this unit passed across this phase to be the target.", "Place this unit's Tzul next to the target.").kind).not.toBe("played");
    // Soulscent's "If any models are slain by this ability, this unit has WARD (5+) for the rest of the turn" is played since
    // the mortal4 area (test/aos/bsdata-translate-mortal4.test.ts).
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

describe("effects for a while in other wordings (translate-move3.ts move3StatusText)", () => {
  const v2 = keywordVocabulary(["SKYVESSEL", "STORMCAST ETERNALS", "INFANTRY"]);
  const d2 = (timing: string, declare: string, effect: string) => translateAbility({ name: "X", timing, effect: `Declare: ${declare}\nEffect: ${effect}` }, v2);

  it("[AB-TRANSLATE] 'Bring Every Gun to Bear!': 'a friendly Skyvessel' is the SKYVESSEL keyword (3 abilities)", () => {
    expect(d2("Once Per Turn (Army), Your Shooting Phase", 'Pick a friendly Skyvessel wholly within 24" of this unit to be the target.', "For the rest of the turn, add 1 to the Attacks characteristic of the target's ranged weapons.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["SKYVESSEL"] }, range: 24, wholly: true, includeSelf: true }, conditions: { attack: "ranged" }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] Division Commander: 'Pick up to 2 friendly Steam Tank units ... made by this unit and by each target' is this unit and up to 2 others (3 abilities)", () => {
    expect(d2("Once Per Battle, Your Shooting Phase", "Pick up to 2 friendly Steam Tank units to be the targets.", "For the rest of the turn, add 1 to hit rolls for shooting attacks made by this unit and by each target.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-battle" },
      effects: [{ whom: { side: "friendly", filter: { warscrolls: ["Steam Tank"] }, wholly: false, includeSelf: false }, conditions: { attack: "ranged" }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false, andSelf: 2 } }],
    });
  });

  it("[AB-TRANSLATE] Saintly Assault: 'For the rest of the turn: • Add 1 to charge rolls for the targets. • Add 1 to the Attacks characteristic of the targets' melee weapons.' (2 abilities)", () => {
    const whom = { side: "friendly", filter: { keywords: ["STORMCAST ETERNALS", "INFANTRY"] }, range: 6, wholly: true, includeSelf: true };
    expect(
      d2("Once Per Battle, Your Charge Phase", 'Pick up to 3 visible friendly STORMCAST ETERNALS INFANTRY units wholly within 6" of this unit to be the targets.', "For the rest of the turn: • Add 1 to charge rolls for the targets. • Add 1 to the Attacks characteristic of the targets' melee weapons."),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "your", limit: "once-per-battle" },
      effects: [
        { whom, conditions: { attack: "any", visible: true }, do: { kind: "for-the-turn", set: "charge", value: 1, companionOnly: false, upTo: 3 } },
        { whom, conditions: { attack: "melee", visible: true }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false, upTo: 3 } },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: a Skyvessel without the keyword in the vocabulary, 'this unit and each target' with a Move characteristic, bullets with a clause no pattern reads, three bullets", () => {
    expect(translateAbility({ name: "X", timing: "Your Shooting Phase", effect: 'Declare: Pick a friendly Skyvessel wholly within 24" of this unit to be the target.\nEffect: For the rest of the turn, add 1 to the Attacks characteristic of the target\'s ranged weapons.' }, keywordVocabulary([])).kind).not.toBe("played");
    expect(d2("Your Movement Phase", 'Pick up to 2 friendly Hellflayer units wholly within 12" of this unit to be the targets.', "Add 2\" to the Move characteristic of this unit and each target for the rest of the turn.").kind).not.toBe("played");
    expect(d2("Your Shooting Phase", 'Pick a visible enemy unit within 6" of this unit to be the target.', "For the rest of the phase: • All of this unit's shooting attacks must target that enemy unit. • The Attacks characteristic of this unit's Blastbelch is D6+2 instead of D3+2.").kind).not.toBe("played");
    expect(
      d2("Your Charge Phase", 'Pick up to 3 visible friendly INFANTRY units wholly within 6" of this unit to be the targets.', "For the rest of the turn: • Add 1 to charge rolls for the targets. • Add 1 to the Attacks characteristic of the targets' melee weapons. • The targets have STRIKE-FIRST.").kind,
    ).not.toBe("played");
  });
});

describe("the unmodified charge roll (translate-move3.ts chargeRollCondition)", () => {
  it("[AB-TRANSLATE] Force of a Falling Star: 'If this unit charged this phase and the unmodified charge roll was 8+, pick an enemy unit within 1\" of it ... STRIKE-LAST for the rest of the turn' (4 abilities)", () => {
    expect(declared("Any Charge Phase", 'If this unit charged this phase and the unmodified charge roll was 8+, pick an enemy unit within 1" of it to be the target.', "The target has STRIKE-LAST for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "none" },
      effects: [{ whom: { side: "enemy", range: 1, wholly: false, includeSelf: false }, conditions: { attack: "any", charged: true, chargeRoll: 8 }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] near misses: 'for the rest of the battle' (the passive6 area's charge mark reads it now: a mark, not move3's condition), a modified roll", () => {
    const rest = translateAbility({ name: "X", timing: "Once Per Battle, Any Charge Phase", effect: "If this unit charged this phase and the unmodified charge roll was 8+, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle." }, vocab);
    expect(rest.kind === "played" && rest.effects.map((e) => e.do.kind)).toEqual(["mark", "rend"]);
    expect(declared("Any Charge Phase", 'If this unit charged this phase and the charge roll was 8+, pick an enemy unit within 1" of it to be the target.', "The target has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("mortal damage by the charge roll (translate-move3.ts chargeRollMortal)", () => {
  it("[AB-TRANSLATE] 'Roll a number of dice equal to the unmodified charge roll. For each 4+, inflict 1 mortal damage' / '... exceeds the target's Save characteristic, the target suffers 1 mortal damage' (2 + 2 abilities)", () => {
    expect(declared("Once Per Turn (Army), Any Charge Phase", "If this unit charged this phase, pick an enemy unit in combat with it to be the target.", "Roll a number of dice equal to the unmodified charge roll. For each 4+, inflict 1 mortal damage on the target.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any", charged: true }, do: { kind: "mortal", per: "charge-roll", dice: D6, on: 4, each: 1, targets: "one" } }],
    });
    const save = declared("Any Charge Phase", 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.', "Roll a number of dice equal to the unmodified charge roll for that CHARGE ability. For each roll that exceeds the target's Save characteristic, the target suffers 1 mortal damage.");
    expect(save.kind === "played" && save.effects).toEqual([
      { whom: { side: "enemy", range: 1, wholly: false, includeSelf: false }, conditions: { attack: "any", charged: true }, do: { kind: "mortal", per: "charge-roll", dice: D6, each: 1, targets: "one", vs: { stat: "save", rule: "exceeds" } } },
    ]);
  });

  it("[AB-TRANSLATE] near misses: the modified roll, a daemonic power point bonus", () => {
    const pick = 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.';
    expect(declared("Any Charge Phase", pick, "Roll a number of dice equal to the charge roll. For each 4+, inflict 1 mortal damage on the target.").kind).not.toBe("played");
    expect(declared("Any Charge Phase", pick, "Roll a number of dice equal to the unmodified charge roll. Add the number of daemonic power points this unit has. For each 6+, inflict 1 mortal damage on the target.").kind).not.toBe("played");
  });
});

describe("two more wordings (translate-move3.ts move3StatusText)", () => {
  it("[AB-TRANSLATE] Slaughterer's Call: 'a friendly WARHERD unit that is not in combat and is wholly within 12\"' with charge dice (the pick leaves out units in combat already)", () => {
    const t = translateAbility(
      { name: "X", timing: "Once Per Turn (Army), Any Charge Phase", effect: 'Declare: Pick a friendly WARHERD unit that is not in combat and is wholly within 12" of this unit to be the target.\nEffect: For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3.' },
      keywordVocabulary(["WARHERD"]),
    );
    expect(t.kind === "played" && t.effects).toEqual([{ whom: { side: "friendly", filter: { keywords: ["WARHERD"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "charge-dice", value: 1, companionOnly: false } }]);
    // With another effect (one a unit in combat may gain), "that is not in combat" is not dropped: unread.
    const other = translateAbility({ name: "X", timing: "Any Charge Phase", effect: 'Declare: Pick a friendly WARHERD unit that is not in combat and is wholly within 12" of this unit to be the target.\nEffect: For the rest of the turn, add 1 to hit rolls for the target\'s attacks.' }, keywordVocabulary(["WARHERD"]));
    expect(other.kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] 'This unit can use this ability if it is not in combat. It has WARD (4+) for the rest of the turn.'", () => {
    expect(translateAbility({ name: "X", timing: "Once Per Turn (Army), Your Movement Phase", effect: "This unit can use this ability if it is not in combat. It has WARD (4+) for the rest of the turn." }, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", inCombat: false }, do: { kind: "for-the-turn", set: "ward", value: 4, companionOnly: false } }],
    });
  });
});
