/**
 * The combat phase's and the end of a turn's abilities, third pass (src/aos/abilities/translate-combat3.ts and the
 * picks and effects it reads): the catalogues' texts, the exact effects written, and near misses that must not be
 * played (test/aos/abilities-combat3.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "MONSTER", "HERO", "SIGMARITE", "FOREST ELDER", "STORMCAST ETERNALS"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const declared = (timing: string, declare: string, effect: string) => tr(timing, `Declare: ${declare}\nEffect: ${effect}`);
const inCombat = { side: "enemy", range: 3, wholly: false, includeSelf: false };
const self = { side: "self", wholly: false, includeSelf: false };
const combat = (limit: string) => ({ timing: "phase", phase: "combat", whose: "any", limit });

describe("a combat phase's wordings of effects for the rest of the turn", () => {
  it("[AB-TRANSLATE] 'This unit has STRIKE-FIRST if it charged in the same turn' as a combat phase's ability (Assassin, In for the Kill: 3 abilities)", () => {
    expect(tr("Once Per Turn (Army), Any Combat Phase", "This unit has STRIKE-FIRST if it charged in the same turn.")).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [{ whom: self, conditions: { attack: "any", charged: true }, do: { kind: "for-the-turn", set: "strike-first", companionOnly: false } }],
    });
    // The passive text stays the passive STRIKE-FIRST it was.
    expect(tr("Passive", "This unit has STRIKE-FIRST if it charged in the same turn.")).toMatchObject({ kind: "played", effects: [{ do: { kind: "strike", order: "first" } }] });
  });

  it("[AB-TRANSLATE] 'For the rest of the phase, add 1 to hit rolls for combat attacks that target that enemy unit' (Comet Trail): the target, held for the rest of the turn", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "For the rest of the phase, add 1 to hit rolls for combat attacks that target that enemy unit.")).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [{ whom: inCombat, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "hit", value: 1, direction: "against", companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] near misses: a ward for the rest of the phase (the end of a turn has mortal damage), the phase outside the combat phase, STRIKE-FIRST without the charge", () => {
    expect(declared("Any Combat Phase", "Pick a friendly unit wholly within 12\" of this unit to be the target.", "The target has WARD (5+) for the rest of the phase.").kind).not.toBe("played");
    expect(declared("Your Shooting Phase", "Pick an enemy unit within 12\" of this unit to be the target.", "For the rest of the phase, add 1 to hit rolls for shooting attacks that target that enemy unit.").kind).not.toBe("played");
    expect(tr("Any Combat Phase", "This unit has STRIKE-FIRST if it did not charge in the same turn.").kind).not.toBe("played");
    expect(tr("Any Hero Phase", "This unit has STRIKE-FIRST if it charged in the same turn.").kind).not.toBe("played");
  });
});

describe("the catalogues' slips and named models", () => {
  it("[AB-TRANSLATE] 'the target has STRIKE-LAST^^' (Venomous Tail Strike) is STRIKE-LAST", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", "Pick an enemy MONSTER in combat with this unit to be the target.", "Roll a dice. On a 3+, the target has STRIKE-LAST^^ for the rest of the turn.")).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [{ whom: { ...inCombat, filter: { keywords: ["MONSTER"] } }, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false, on: 3 } }],
    });
  });

  it("[AB-TRANSLATE] 'If this unit's Elathain Ill-fated is on the battlefield, pick ...' (Soulnet, a slay), '... Hurrk da Howla ...' (Roar of Kragnos), 'in combat with this unit's Curseblood' (Gut-wrenching Howl)", () => {
    expect(declared("Any Combat Phase", "If this unit's Elathain Ill-fated is on the battlefield, pick an enemy INFANTRY unit in combat with this unit to be the target.", "Roll a dice. If the roll equals or exceeds the target's Health characteristic, 1 model in the target unit is slain.")).toEqual({
      kind: "played",
      when: combat("none"),
      effects: [{ whom: { ...inCombat, filter: { keywords: ["INFANTRY"] } }, conditions: { attack: "any" }, do: { kind: "slay", rule: "roll-at-least-health" } }],
    });
    const roar = declared("Any Combat Phase", "If this unit's Hurrk da Howla is on the battlefield, pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from the Attacks characteristic of the target's melee weapons for the rest of the turn.");
    expect(roar.kind === "played" && roar.effects).toEqual([{ whom: inCombat, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "attacks", value: -1, companionOnly: false, on: 3 } }]);
    const howl = declared("Any Combat Phase", "Pick an enemy unit in combat with this unit's Curseblood to be the target.", "Roll a dice. On a 4+, the target has STRIKE-LAST for the rest of the turn.");
    expect(howl.kind === "played" && howl.effects).toEqual([{ whom: inCombat, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false, on: 4 } }]);
  });

  it("[AB-TRANSLATE] near misses: a named model that is a token, a name in lower case (a quarry, not a model)", () => {
    expect(declared("Any Combat Phase", "This unit's Thexa is a token. If this unit's Thexa is on the battlefield, pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, the target has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "If this unit's quarry is on the battlefield, pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, the target has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("pick each unit for an effect for a while", () => {
  it("[AB-TRANSLATE] 'If this unit charged this turn, pick each enemy unit in combat with it to be the targets. Effect: The targets have STRIKE-LAST for the rest of the turn' (Unstoppable Charge: 2)", () => {
    expect(declared("Once Per Battle, Any Combat Phase", "If this unit charged this turn, pick each enemy unit in combat with it to be the targets.", "The targets have STRIKE-LAST for the rest of the turn.")).toEqual({
      kind: "played",
      when: combat("once-per-battle"),
      effects: [{ whom: inCombat, conditions: { attack: "any", charged: true }, do: { kind: "for-the-turn", set: "strike-last", companionOnly: false, each: true } }],
    });
  });

  it("[AB-TRANSLATE] each visible friendly SIGMARITE unit wholly within 12\" (Lead from the Front); each friendly FOREST ELDER with a dice each, the catalogue's slips (Eldest Of Elders: 2)", () => {
    const lead = declared("Once Per Battle, Any Combat Phase", 'If this unit is in combat, pick each visible friendly SIGMARITE unit wholly within 12" of this unit to be the targets.', "Add 1 to hit rolls and wound rolls for the targets' combat attacks for the rest of the turn.");
    const sigmarite = { side: "friendly", filter: { keywords: ["SIGMARITE"] }, range: 12, wholly: true, includeSelf: true };
    expect(lead.kind === "played" && lead.effects).toEqual([
      { whom: sigmarite, conditions: { attack: "melee", inCombat: true, visible: true }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false, each: true } },
      { whom: sigmarite, conditions: { attack: "melee", inCombat: true, visible: true }, do: { kind: "for-the-turn", set: "wound", value: 1, companionOnly: false, each: true } },
    ]);
    const elders = declared("Once Per Turn (Army), Any Combat Phase", "Pick each friendly FOREST ELDER within this unit's combat range to be the targets.", "Roll a dice for each target, On a 3+, add 1 to hit rolls for that target's combat attack until the start of your next turn.");
    expect(elders.kind === "played" && elders.effects).toEqual([
      { whom: { side: "friendly", filter: { keywords: ["FOREST ELDER"] }, range: 3, wholly: false, includeSelf: true }, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false, on: 3, until: "your-next-turn", each: true } },
    ]);
  });

  it("[AB-TRANSLATE] near misses: 'pick each' with one target named ('to be the target')", () => {
    expect(declared("Any Combat Phase", "Pick each enemy unit in combat with this unit to be the target.", "The target has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
    // The mixed effect on this unit ("the targets have WARD (5+) and this unit has STRIKE-LAST", Starlight Mantle) is read
    // since the declared4 area (onSelf: test/aos/bsdata-translate-declared4.test.ts).
  });
});

describe("mortal damage and an effect for a while on the same roll", () => {
  it("[AB-TRANSLATE] '... inflict an amount of mortal damage on the target equal to the roll and subtract 1 from wound rolls for the target's attacks for the rest of the turn' (Searing Desert Winds: 2, with its doubled 'this unit')", () => {
    const winds = declared("Once Per Turn (Army), Any Combat Phase", 'Pick up to 3 visible enemy units within 6" of this unit this unit to be the targets.', "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll and subtract 1 from wound rolls for the target's attacks for the rest of the turn.");
    const whom = { side: "enemy", range: 6, wholly: false, includeSelf: false };
    expect(winds).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [
        { whom, conditions: { attack: "any", visible: true }, do: { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, on: 2, each: "roll", targets: "one", upTo: 3 } },
        { whom, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "wound", value: -1, companionOnly: false, afterDamage: 1, afterRoll: true } },
      ],
    });
  });

  it("[AB-TRANSLATE] the bullet form: 'On a 2+: • Inflict ... • Subtract 1 from wound rolls made for the target's attacks for the rest of the turn' (Auxiliary Skyhook: 2)", () => {
    const hook = declared("Any Combat Phase", "Pick an enemy MONSTER in combat with this unit to be the target.", "Roll a D3. On a 2+:\r\n• Inflict an amount of mortal damage on the target equal to the roll.\r\n• Subtract 1 from wound rolls made for the target's attacks for the rest of the turn.");
    expect(hook.kind === "played" && hook.effects.map((e) => e.do)).toEqual([
      { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, on: 2, each: "roll", targets: "one" },
      { kind: "for-the-turn", set: "wound", value: -1, companionOnly: false, afterDamage: 1, afterRoll: true },
    ]);
  });

  it("[AB-TRANSLATE] near misses: until the start of your next turn, a clause on this unit, a third bullet, a clause no pattern reads", () => {
    const pick = "Pick an enemy unit in combat with this unit to be the target.";
    for (const effect of [
      "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll and subtract 1 from wound rolls for the target's attacks until the start of your next turn.",
      "Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Add 1 to save rolls for attacks made by that enemy unit that target this unit for the rest of the turn.",
      "Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Give this unit 1 ritual point.",
      "Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Subtract 1 from wound rolls for the target's attacks for the rest of the turn.\n• Heal (1) this unit.",
    ])
      expect(declared("Any Combat Phase", pick, effect).kind, effect).not.toBe("played");
  });
});

describe("an aura switched on for the rest of the turn", () => {
  const v2 = keywordVocabulary(["FYRESLAYERS", "TROGGOTH", "SAURUS", "INFANTRY"]);
  const aura = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, v2);

  it("[AB-TRANSLATE] 'Roll a dice. On a 2+, for the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are within 6\" of this unit' (Warpstone Fumes: 3)", () => {
    expect(aura("Once Per Turn (Army), Any Combat Phase", 'Roll a dice. On a 2+, for the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are within 6" of this unit.')).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [
        { whom: self, conditions: { attack: "any" }, do: { kind: "switch-on", on: 2 } },
        { whom: { side: "enemy", range: 6, wholly: false, includeSelf: false }, conditions: { attack: "any", switchedOn: true }, do: { kind: "hit", value: -1, direction: "by" } },
      ],
    });
  });

  it("[AB-TRANSLATE] +1 Attacks for friendly FYRESLAYERS melee weapons wholly within 12\" (Warrior-kings: 2; Shepherd of Destruction on a 4+: 2); +1 to wound for SAURUS INFANTRY (Wrath of the Seraphon)", () => {
    const kings = aura("Once Per Battle (Army), Your Combat Phase", 'For the rest of the turn, add 1 to the Attacks characteristic of melee weapons used by friendly FYRESLAYERS units while they are wholly within 12" of this unit.');
    expect(kings).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "your", limit: "once-per-battle-army" },
      effects: [
        { whom: self, conditions: { attack: "any" }, do: { kind: "switch-on" } },
        { whom: { side: "friendly", filter: { keywords: ["FYRESLAYERS"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee", switchedOn: true }, do: { kind: "attacks", value: 1, direction: "by", companionOnly: false } },
      ],
    });
    const shepherd = aura("Once Per Turn (Army), Any Combat Phase", 'Roll a dice. On a 4+, for the rest of the turn, add 1 to the Attacks characteristic of melee weapons used by friendly TROGGOTH units while they are wholly within 12" of this unit.');
    expect(shepherd.kind === "played" && shepherd.effects[0]!.do).toEqual({ kind: "switch-on", on: 4 });
    const wrath = aura("Once Per Battle, Any Combat Phase", 'For the rest of the turn, add 1 to wound rolls for combat attacks made by friendly SAURUS INFANTRY units while they are wholly within 12" of this unit.');
    expect(wrath.kind === "played" && wrath.effects[1]).toEqual({ whom: { side: "friendly", filter: { keywords: ["SAURUS", "INFANTRY"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee", switchedOn: true }, do: { kind: "wound", value: 1, direction: "by" } });
  });

  it("[AB-TRANSLATE] near misses: a bonus to the dice, another phase, a control score, no duration, a condition first", () => {
    for (const [timing, effect] of [
      ["Any Combat Phase", 'Roll a dice. Add 1 to the roll if this unit is wholly within 12" of any friendly SAURUS. On a 3+, for the rest of the turn, add 1 to hit rolls for combat attacks made by friendly SAURUS units while they are wholly within 12" of this unit.'],
      ["Your Hero Phase", 'For the rest of the turn, add 1 to wound rolls for combat attacks made by friendly SAURUS INFANTRY units while they are wholly within 12" of this unit.'],
      ["Any Combat Phase", 'For the rest of the turn, subtract 5 from the control scores of enemy units while they are within 12" of this unit.'],
      ["Any Combat Phase", 'Add 1 to wound rolls for combat attacks made by friendly SAURUS INFANTRY units while they are wholly within 12" of this unit.'],
      ["Any Combat Phase", 'If this unit charged this turn, for the rest of the turn, add 1 to wound rolls for combat attacks made by friendly SAURUS INFANTRY units while they are wholly within 12" of this unit.'],
    ] as const)
      expect(aura(timing, effect).kind, effect).not.toBe("played");
  });
});

describe("two more combat-phase forms", () => {
  const v4 = keywordVocabulary(["BLOODBOUND"]);
  it("[AB-TRANSLATE] 'Add 1 to the Attacks characteristics of friendly BLOODBOUND units' melee weapons for the rest of the turn' (Rage of Khorne: an aura on every such unit, switched on)", () => {
    expect(translateAbility({ name: "X", timing: "Once Per Battle (Army), Any Combat Phase", effect: "Add 1 to the Attacks characteristics of friendly BLOODBOUND units' melee weapons for the rest of the turn." }, v4)).toEqual({
      kind: "played",
      when: combat("once-per-battle-army"),
      effects: [
        { whom: self, conditions: { attack: "any" }, do: { kind: "switch-on" } },
        { whom: { side: "friendly", filter: { keywords: ["BLOODBOUND"] }, wholly: false, includeSelf: true }, conditions: { attack: "melee", switchedOn: true }, do: { kind: "attacks", value: 1, direction: "by", companionOnly: false } },
      ],
    });
  });

  it("[AB-TRANSLATE] 'This unit has STRIKE-FIRST for the rest of the turn but it cannot use commands this phase' (Doomfang: 2)", () => {
    expect(tr("Any Combat Phase", "This unit has STRIKE-FIRST for the rest of the turn but it cannot use commands this phase.")).toEqual({
      kind: "played",
      when: combat("none"),
      effects: [
        { whom: self, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "strike-first", companionOnly: false } },
        { whom: self, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "no-commands", companionOnly: false } },
      ],
    });
    expect(tr("Any Hero Phase", "This unit has STRIKE-FIRST for the rest of the turn but it cannot use commands this phase.").kind).not.toBe("played");
    expect(translateAbility({ name: "X", timing: "Any Combat Phase", effect: "Add 1 to the Attacks characteristics of friendly BLOODBOUND units' melee weapons." }, v4).kind).not.toBe("played");
  });
});

describe("a friendly unit picked to fight twice", () => {
  const v5 = keywordVocabulary(["RUINATION CHAMBER", "HERO"]);
  const text = (declare: string, effect: string) => translateAbility({ name: "X", timing: "Once Per Battle (Army), Any Combat Phase", effect: `Declare: ${declare}\nEffect: ${effect}` }, v5);
  const twice = "That unit can use 2 FIGHT abilities this phase. After the first is used, however, that unit has STRIKE-LAST for the rest of the turn.";
  it("[AB-TRANSLATE] 'Pick a friendly non-HERO RUINATION CHAMBER unit wholly within 12\" of this unit. Effect: That unit can use 2 FIGHT abilities this phase ...' (Deliver Judgement: 3)", () => {
    expect(text('Pick a friendly non-HERO RUINATION CHAMBER unit wholly within 12" of this unit.', twice)).toEqual({
      kind: "played",
      when: combat("once-per-battle-army"),
      effects: [{ whom: { side: "friendly", filter: { keywords: ["RUINATION CHAMBER"], notKeywords: ["HERO"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "fight-twice" } }],
    });
  });
  it("[AB-TRANSLATE] near misses: an enemy unit, up to 2 units, a condition on the pick, no STRIKE-LAST", () => {
    expect(text('Pick an enemy unit wholly within 12" of this unit.', twice).kind).not.toBe("played");
    expect(text('Pick up to 2 friendly RUINATION CHAMBER units wholly within 12" of this unit.', twice).kind).not.toBe("played");
    expect(text('If this unit charged this turn, pick a friendly RUINATION CHAMBER unit wholly within 12" of this unit.', twice).kind).not.toBe("played");
    expect(text('Pick a friendly RUINATION CHAMBER unit wholly within 12" of this unit.', "That unit can use 2 FIGHT abilities this phase.").kind).not.toBe("played");
  });
});
