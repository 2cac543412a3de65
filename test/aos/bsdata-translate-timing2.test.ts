/**
 * The timing2 area's translator patterns (src/aos/abilities/translate-timing2.ts; docs/abilities.md "Timings:
 * commands, replacements and spellings"): each exact catalogue text with its exact effect, and the near misses that
 * must not translate.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { abilityJson } from "../../src/aos/bsdata/warscrolls.js";
import { parseXml } from "../../src/aos/bsdata/xml.js";

const vocab = keywordVocabulary(["HEDONITES OF SLAANESH", "DAEMON", "DISCIPLES OF TZEENTCH", "DAUGHTERS OF KHAINE", "AELF", "DEATH", "SERAPHON", "MAGGOTKIN OF NURGLE"]);
const SELF = { side: "self", wholly: false, includeSelf: false };
const t = (timing: string, effect: string) => translateAbility({ name: "A", timing, effect }, vocab);

describe("translator: replacement abilities (timing2)", () => {
  it("[AB-TIMING2] Locus of Slaanesh (Your Hero Phase; Command): half the models of a destroyed non-HERO HEDONITES OF SLAANESH DAEMON unit of 3+ models, wholly within 12\" of this unit, more than 9\" from enemies", () => {
    expect(
      t(
        "Your Hero Phase; Command",
        'Declare: Pick a friendly non-HERO HEDONITES OF SLAANESH DAEMON unit that started the battle with 3 or more models and has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 12" of this unit and more than 9" from all enemy units.',
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "none" },
      effects: [
        {
          whom: SELF,
          conditions: { attack: "any" },
          do: {
            kind: "replace",
            command: true,
            userNotInCombat: false,
            targets: { keywords: ["HEDONITES OF SLAANESH", "DAEMON"], notKeywords: ["HERO"], minStartModels: 3 },
            models: "half",
            moreThanFromEnemies: 9,
            whollyWithinUser: 12,
          },
        },
      ],
    });
  });

  it("[AB-TIMING2] the other catalogue forms: several non-X, KW or KW, a battlefield edge, a warscroll name (the 'Guardunit' typo), an identical unit, the limits", () => {
    expect(
      t(
        "Once Per Turn (Army), Your Movement Phase; Command",
        'Declare: Pick a friendly non-HERO non-UNIQUE DISCIPLES OF TZEENTCH DAEMON unit that has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 9" of this unit and more than 9" from all enemy units.',
      ),
    ).toMatchObject({
      kind: "played",
      when: { phase: "movement", limit: "once-per-turn-army" },
      effects: [{ do: { command: true, targets: { keywords: ["DISCIPLES OF TZEENTCH", "DAEMON"], notKeywords: ["HERO", "UNIQUE"] }, whollyWithinUser: 9, moreThanFromEnemies: 9 } }],
    });
    const gift = t(
      "Once Per Battle, Your Movement Phase; Command",
      'Declare: Pick a friendly non-UNIQUE DAUGHTERS OF KHAINE AELF INFANTRY or CAVALRY unit that has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 9" of a battlefield edge and more than 9" from all enemy units.',
    );
    expect(gift).toMatchObject({ kind: "played", when: { limit: "once-per-battle" } });
    expect(gift.kind === "played" && gift.effects[0]!.do).toEqual({
      kind: "replace",
      command: true,
      userNotInCombat: false,
      targets: { keywords: ["DAUGHTERS OF KHAINE", "AELF"], anyKeywords: ["INFANTRY", "CAVALRY"], notKeywords: ["UNIQUE"] },
      models: "half",
      moreThanFromEnemies: 9,
      whollyWithinEdge: 9,
    });
    expect(
      t(
        "Your Hero Phase; Command",
        'Declare: If this unit is not in combat, pick a friendly Mortek Guardunit that has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 12" of this unit and more than 9" from all enemy units.',
      ),
    ).toMatchObject({ kind: "played", effects: [{ do: { userNotInCombat: true, targets: { warscrolls: ["Mortek Guard"] } } }] });
    expect(
      t(
        "Once Per Battle, Your Hero Phase",
        'Declare: Pick a friendly non-HERO non-UNIQUE DEATH unit that has been destroyed to be the target.\nEffect: Set up a replacement unit identical to the target wholly within 12" of this unit and more than 9" from all enemy units.',
      ),
    ).toMatchObject({ kind: "played", when: { phase: "hero", limit: "once-per-battle" }, effects: [{ do: { command: false, models: "all", targets: { keywords: ["DEATH"], notKeywords: ["HERO", "UNIQUE"] } } }] });
    expect(
      t(
        "Once Per Turn (Army), Your Hero Phase; Command",
        'Declare: Pick a friendly SERAPHON unit that started the battle with 3 or more models and that has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 12" of this unit and more than 9" from all enemy units.',
      ),
    ).toMatchObject({ kind: "played", effects: [{ do: { targets: { keywords: ["SERAPHON"], minStartModels: 3 } } }] });
  });

  it("[AB-TIMING2] near misses: another place (a faction terrain), a command costing 2, no limit and no command, the end of a turn, damage on the replacement", () => {
    const locus =
      'Declare: Pick a friendly MAGGOTKIN OF NURGLE DAEMON unit that started the battle with 3 or more models and that has been destroyed to be the target Effect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 6" of this unit or a friendly Feculent Gnarlmaw and more than 9" from all enemy units.';
    expect(t("Once Per Turn (Army), Your Movement Phase; Command", locus).kind).not.toBe("played");
    const half =
      'Declare: Pick a friendly SERAPHON unit that has been destroyed to be the target.\nEffect: Set up a replacement unit with half the number of models from the target unit (rounding up) wholly within 12" of this unit and more than 9" from all enemy units.';
    expect(t("Once Per Battle, Your Movement Phase; Command (cost 2)", half).kind).not.toBe("played");
    expect(t("Your Hero Phase", half).kind).not.toBe("played");
    expect(t("Once Per Turn (Army), End of Your Turn; Command", half).kind).not.toBe("played");
    expect(
      t(
        "Once Per Battle, Your Movement Phase; Command",
        'Declare: This unit can use this ability even if it has been destroyed.\nEffect: Set up a replacement unit with 8 damage points allocated to it (ward rolls cannot be made for those damage points) wholly within the creeping overgrowth and more than 9" from all enemy units.',
      ).kind,
    ).not.toBe("played");
  });
});

describe("translator: effects for a while, the timing2 forms (translate-status.ts)", () => {
  it("[AB-TIMING2] two modifiers joined by 'and' under one duration: +1 to hit for its attacks, -1 to hit for attacks that target it", () => {
    expect(t("Once Per Battle, Your Hero Phase", "For the rest of the turn, add 1 to hit rolls for this unit's attacks and subtract 1 from hit rolls for attacks that target this unit.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-battle" },
      effects: [
        { whom: SELF, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false } },
        { whom: SELF, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "hit", value: -1, direction: "against", companionOnly: false } },
      ],
    });
    // Near misses: a second part no pattern reads, two durations.
    expect(t("Once Per Battle, Your Hero Phase", "For the rest of the turn, add 1 to hit rolls for this unit's attacks and this unit can move 3\".").kind).toBe("unread");
    expect(t("Once Per Battle, Your Hero Phase", "For the rest of the turn, add 1 to hit rolls for this unit's attacks and subtract 1 from hit rolls for attacks that target this unit until the start of your next turn.").kind).toBe("unread");
  });

  it("[AB-TIMING2] a condition on the unit, then a dice: 'If this unit charged this turn, roll a dice. On a 3+, this unit has STRIKE-FIRST for the rest of the turn'", () => {
    expect(t("Once Per Turn (Army), Any Combat Phase", "If this unit charged this turn, roll a dice. On a 3+, this unit has STRIKE-FIRST for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: SELF, conditions: { attack: "any", charged: true }, do: { kind: "for-the-turn", set: "strike-first", on: 3, companionOnly: false } }],
    });
    // Near misses: a third sentence, a dice without "On a N+".
    expect(t("Once Per Turn (Army), Any Combat Phase", "If this unit charged this turn, roll a dice. On a 3+, this unit has STRIKE-FIRST for the rest of the turn. On a 1, inflict 1 mortal damage on this unit.").kind).not.toBe("played");
    expect(t("Once Per Turn (Army), Any Combat Phase", "If this unit charged this turn, roll a dice. Add 1 to the roll.").kind).not.toBe("played");
  });
});

describe("translator: timing spellings (timing2)", () => {
  it("[AB-TIMING2] 'Reaction: Opponent declared a Spell ability' (The Shield Inviolate) reads as the SPELL spelling: the same resist effect", () => {
    const effect = "If this unit was picked to be the target of that spell, roll a dice. On a 3+, ignore the effect of that spell on this unit. This unit can use this ability more than once per phase but only once per SPELL ability.";
    const spelled = t("Reaction: Opponent declared a Spell ability", effect);
    expect(spelled).toEqual(t("Reaction: Opponent declared a SPELL ability", effect));
    expect(spelled).toMatchObject({ kind: "played", when: { timing: "reaction", to: "targeted" }, effects: [{ do: { kind: "resist", on: 3, against: "spell" } }] });
    expect(t("Reaction: Opponent declared a Spell or PRAYER ability", effect).kind).not.toBe("played");
  });
});

describe("translator: fighting twice (timing2)", () => {
  it("[AB-TIMING2] 'This unit can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the turn' (Battle-fury) and the in-combat form", () => {
    expect(t("Once Per Battle, Any Combat Phase", "This unit can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-battle" },
      effects: [{ whom: SELF, conditions: { attack: "any" }, do: { kind: "fight-twice" } }],
    });
    expect(t("Once Per Battle, Any Combat Phase", "If this unit is in combat, it can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the phase.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-battle" },
      effects: [{ whom: SELF, conditions: { attack: "any", inCombat: true }, do: { kind: "fight-twice" } }],
    });
    // The HEROES form (Engine of Domination).
    expect(
      t(
        "Once Per Turn (Army), Any Combat Phase",
        "If this unit is in combat with any enemy HEROES, it can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the phase and can only be picked to use a second FIGHT ability if it is still in combat with any enemy HEROES.",
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: SELF, conditions: { attack: "any", inCombat: true }, do: { kind: "fight-twice", heroes: true } }],
    });
    // Near misses: another keyword, a further rule, another phase.
    expect(
      t(
        "Once Per Turn (Army), Any Combat Phase",
        "If this unit is in combat with any enemy MONSTERS, it can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the phase and can only be picked to use a second FIGHT ability if it is still in combat with any enemy MONSTERS.",
      ).kind,
    ).not.toBe("played");
    expect(t("Once Per Battle, Any Combat Phase", "This unit can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the turn. When using the second FIGHT ability, this unit must pick a different target.").kind).not.toBe("played");
    expect(t("Once Per Battle, Your Hero Phase", "This unit can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("translator: Hold the Shieldwall's effect and the fight-after Attacks wordings (timing2)", () => {
  it("[AB-TIMING2] 'If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice. On a 4+, this unit has STRIKE-FIRST for the rest of the turn' is the bundled Hold the Shieldwall's strike", () => {
    expect(t("Any Combat Phase", "If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice. On a 4+, this unit has STRIKE-FIRST for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [{ whom: SELF, conditions: { attack: "any", charged: false, targetCharged: true }, do: { kind: "strike", order: "first", on: 4 } }],
    });
    // Near misses: a limit the step does not count for this kind, another phase.
    expect(t("Once Per Turn (Army), Any Combat Phase", "If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice. On a 4+, this unit has STRIKE-FIRST for the rest of the turn.").kind).not.toBe("played");
    expect(t("Any Charge Phase", "If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice. On a 4+, this unit has STRIKE-FIRST for the rest of the turn.").kind).not.toBe("played");
  });

  it("[AB-TIMING2] the fight-after reaction's Attacks bonus: 'that unit's' and 'its melee weapons' read as 'the target's'", () => {
    const v = keywordVocabulary(["BRUTE", "HELSMITHS OF HASHUT"]);
    const pick = "Pick a friendly BRUTE unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. ";
    const r = (bonus: string) => translateAbility({ name: "A", timing: "Reaction: You declared a FIGHT ability for this unit", effect: pick + bonus }, v);
    const target = r("If it is picked to do so, add 1 to the Attacks characteristic of the target's melee weapons for the rest of the turn.");
    expect(target.kind).toBe("played");
    expect(r("If it is picked to do so, add 1 to the Attacks characteristic of that unit's melee weapons for the rest of the turn.")).toEqual(target);
    expect(r("If it is picked to do so, add 1 to the Attacks characteristic of its melee weapons for the rest of the turn.")).toEqual(target);
    expect(r("If it is picked to do so, add 1 to the Attacks characteristic of this unit's melee weapons for the rest of the turn.").kind).toBe("unread");
  });
});

describe("importer: a command's cost (timing2)", () => {
  const profile = (cost: string) =>
    parseXml(
      `<profile name="Cmd" typeName="Ability (Command)"><characteristics><characteristic name="Timing">Your Hero Phase</characteristic><characteristic name="Cost">${cost}</characteristic><characteristic name="Declare"></characteristic><characteristic name="Effect">Heal (1) this unit.</characteristic></characteristics></profile>`,
    );
  it("[AB-TIMING2] 'Command' for the usual 1 command point, 'Command (cost N)' for any other cost (The Goddess of Life's 2), so the translator reads only the 1-point commands", () => {
    expect(abilityJson(profile("1")).timing).toBe("Your Hero Phase; Command");
    expect(abilityJson(profile("2")).timing).toBe("Your Hero Phase; Command (cost 2)");
  });
});

