/**
 * The passive2 area's translations (docs/abilities.md "Passive abilities, second pass"; translate-passive2.ts): the
 * catalogues' exact texts (/work/shared/data/bsdata-aos4), the exact effects, and near misses that must not read.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["SCINARI", "DARKOATH", "HERO", "LUMINETH REALM-LORDS", "MAWSEEKERS", "OGOR MAWTRIBES", "IRONJAWZ"]);
const P = (effect: string, name = "Test") => ({ name, timing: "Passive", effect });
const SELF = { side: "self", wholly: false, includeSelf: false };

describe("named models with a power level", () => {
  it("[AB-P2:power] \"While this unit's Broken Nadja is on the battlefield, it has WIZARD (1)\" (Hexbane's Hunters): power wizard 1 on the unit", () => {
    const t = translateAbility(P("While this unit's Broken Nadja is on the battlefield, it has WIZARD (1)."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.conditions, e.do])).toEqual([[SELF, { attack: "any" }, { kind: "power", wizard: 1 }]]);
  });

  it("[AB-P2:power] the catalogues' other forms: ^^Wizard, PRIEST, a name with commas, a keyword given too, and Dromm's unbinding", () => {
    const read = (s: string) => {
      const t = translateAbility(P(s), vocab);
      return t.kind === "played" ? t.effects.map((e) => e.do) : t;
    };
    expect(read("While this unit's Cyreni of the Abyss is on the battlefield, it has ^^Wizard (1).")).toEqual([{ kind: "power", wizard: 1 }]);
    expect(read("While this unit's Morgwaeth the Bloodied is on the battlefield, it has PRIEST (1).")).toEqual([{ kind: "power", priest: 1 }]);
    expect(read("While this unit's Karthaen, Huntcaller, is on the battlefield, it has WIZARD (1).")).toEqual([{ kind: "power", wizard: 1 }]);
    expect(read("While this unit's Kixi-Taka, the Diviner is on the battlefield, it has WIZARD (1).")).toEqual([{ kind: "power", wizard: 1 }]);
    expect(read("While this unit's Myari Lightcaller is on the battlefield, it has WIZARD (1) and the SCINARI keyword.")).toEqual([{ kind: "power", wizard: 1, keywords: ["SCINARI"] }]);
    expect(read("While this unit's Dromm, Wounder of Worlds, is on the battlefield, it has PRIEST (1) and can use UNBIND abilities as if it had WIZARD (1)")).toEqual([{ kind: "power", priest: 1 }, { kind: "unbind" }]);
  });

  it("[AB-P2:power] near misses are not read: an unknown keyword, a WIZARD's unbinding after WIZARD, another clause after the name, a condition around it", () => {
    expect(translateAbility(P("While this unit's Myari Lightcaller is on the battlefield, it has WIZARD (1) and the ZZZ keyword."), vocab).kind).toBe("unread");
    expect(translateAbility(P("While this unit's Dromm is on the battlefield, it has WIZARD (1) and can use UNBIND abilities as if it had WIZARD (1)"), vocab).kind).toBe("unread");
    expect(translateAbility(P("While this unit's Gryph-crow is on the battlefield, it has FLY."), vocab).kind).toBe("unread");
    expect(translateAbility(P("If this unit charged this turn, while this unit's Zarbag is on the battlefield, it has WIZARD (1)."), vocab).kind).not.toBe("played");
  });
});

describe("unbinding as a WIZARD in other words", () => {
  it("[AB-P2:unbind] \"This unit can use the 'Unbind' ability as if it had WIZARD (1)\": Scorn of Sorcery's unbind; WIZARD (2) is not read", () => {
    const t = translateAbility(P("This unit can use the 'Unbind' ability as if it had WIZARD (1)."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => e.do)).toEqual([{ kind: "unbind" }]);
    expect(translateAbility(P("This unit can use the 'Unbind' ability as if it had WIZARD (2)."), vocab).kind).toBe("unread");
  });
});

describe("a roll for each model slain in combat", () => {
  const TEXT = (roll: string, on: string) =>
    `Each time a model in this unit is slain by a combat attack and that model was in combat with the attacking unit, ${roll}. ${on}, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.`;

  it("[AB-P2:slain-roll] \"... roll a dice. On a 5+, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved\": slain-roll 1 die, 5+, 1, melee", () => {
    const t = translateAbility(P(TEXT("roll a dice", "On a 5+")), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.conditions, e.do])).toEqual([[SELF, { attack: "melee" }, { kind: "slain-roll", dice: 1, on: 5, mortal: { count: 0, sides: 0, plus: 1 } }]]);
    const six = translateAbility(P(TEXT("roll a dice", "On a 6+")), vocab);
    expect(six.kind === "played" && six.effects[0]!.do).toMatchObject({ on: 6 });
  });

  it("[AB-P2:slain-roll] \"roll 2 dice. For each 5+\": 2 dice a model; with \"While this unit is wholly within 12\\\" of any friendly DARKOATH HEROES, each time ...\": a near condition", () => {
    const two = translateAbility(P(TEXT("roll 2 dice", "For each 5+")), vocab);
    expect(two.kind === "played" && two.effects[0]!.do).toEqual({ kind: "slain-roll", dice: 2, on: 5, mortal: { count: 0, sides: 0, plus: 1 } });
    const near = translateAbility(P(`While this unit is wholly within 12" of any friendly DARKOATH HEROES, e${TEXT("roll a dice", "On a 5+").slice(1)}`), vocab);
    expect(near.kind === "played" && near.effects[0]!.conditions).toEqual({ attack: "melee", near: { filter: { keywords: ["DARKOATH", "HERO"] }, range: 12, wholly: true, measured: "this-within" } });
  });

  it("[AB-P2:slain-roll] near misses: 2 dice with \"On a\", a shooting attack, the SHOOT ability, a condition the trigger does not take", () => {
    expect(translateAbility(P(TEXT("roll 2 dice", "On a 5+")), vocab).kind).not.toBe("played");
    expect(translateAbility(P(TEXT("roll a dice", "On a 5+").replace("combat attack", "shooting attack")), vocab).kind).not.toBe("played");
    expect(translateAbility(P(TEXT("roll a dice", "On a 5+").replace("FIGHT", "SHOOT")), vocab).kind).not.toBe("played");
    expect(translateAbility(P(`While this unit is damaged, e${TEXT("roll a dice", "On a 5+").slice(1)}`), vocab).kind).not.toBe("played");
  });
});

describe("power-level modifiers", () => {
  it("[AB-P2:power-level] \"While this unit has 10 or more damage points, subtract 1 from its power level\" (Lord of Change's Battle Damaged); Nagash's 3", () => {
    const t = translateAbility(P("While this unit has 10 or more damage points, subtract 1 from its power level."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.conditions, e.do])).toEqual([[SELF, { attack: "any", damagePoints: { min: 10 } }, { kind: "power-level", value: -1 }]]);
    const n = translateAbility(P("While this unit has 10 or more damage points, subtract 3 from its power level."), vocab);
    expect(n.kind === "played" && n.effects[0]!.do).toEqual({ kind: "power-level", value: -3 });
  });

  it("[AB-P2:power-level] \"Add 1 to this unit's power level while it is contesting an objective\" (Stormcoven's Gather the Aether): objective any", () => {
    const t = translateAbility(P("Add 1 to this unit's power level while it is contesting an objective."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.conditions, e.do])).toEqual([[SELF, { attack: "any", objective: "any" }, { kind: "power-level", value: 1 }]]);
  });

  it("[AB-P2:near-models] \"Add 1 to this unit's power level while there are any friendly IRONJAWZ units that have 10 or more models wholly within 12\\\" of it\" (Brutal Power): near with minModels 10", () => {
    const t = translateAbility(P('Add 1 to this unit\'s power level while there are any friendly IRONJAWZ units that have 10 or more models wholly within 12" of it.'), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.conditions, e.do])).toEqual([[{ attack: "any", near: { filter: { keywords: ["IRONJAWZ"] }, range: 12, wholly: true, measured: "them-within", minModels: 10 } }, { kind: "power-level", value: 1 }]]);
    expect(translateAbility(P('Add 1 to this unit\'s power level while there are any other friendly IRONJAWZ units that have 10 or more models wholly within 12" of it.'), vocab).kind).not.toBe("played");
  });

  it("[AB-P2:power-level] near misses: other units' power level, a modifier of 4", () => {
    expect(translateAbility(P("Add 1 to the power level of friendly WIZARDS while they are wholly within 12\" of this unit."), vocab).kind).not.toBe("played");
    expect(translateAbility(P("Add 4 to this unit's power level."), vocab).kind).not.toBe("played");
  });
});

describe("unbinding-roll and chanting-roll modifiers", () => {
  it("[AB-P2:unbinding] \"Subtract 1 from casting rolls and unbinding rolls for enemy WIZARDS while they are within 12\\\" of this unit\": casting and unbinding -1 on those enemies", () => {
    const t = translateAbility(P('Subtract 1 from casting rolls and unbinding rolls for enemy WIZARDS while they are within 12" of this unit.'), vocab);
    const whom = { side: "enemy", filter: { keywords: ["WIZARD"] }, range: 12, wholly: false, includeSelf: false };
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([
      [whom, { kind: "casting", value: -1 }],
      [whom, { kind: "unbinding", value: -1 }],
    ]);
  });

  it("[AB-P2:chanting] \"Add 1 to chanting rolls for this unit\"; \"While this unit is more than 6\\\" from all enemy units, add 1 ...\": enemyWithin none", () => {
    const t = translateAbility(P("Add 1 to chanting rolls for this unit."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.conditions, e.do])).toEqual([[SELF, { attack: "any" }, { kind: "chanting", value: 1 }]]);
    const far = translateAbility(P('While this unit is more than 6" from all enemy units, add 1 to chanting rolls for this unit.'), vocab);
    expect(far.kind === "played" && far.effects[0]!.conditions).toEqual({ attack: "any", enemyWithin: { range: 6, none: true } });
  });

  it("[AB-P2:chanting] near misses: \"visible enemy units\", banishment rolls, a modifier of 4", () => {
    expect(translateAbility(P('Subtract 1 from casting rolls and chanting rolls for visible enemy units while they are within 12" of this unit.'), vocab).kind).not.toBe("played");
    expect(translateAbility(P("Add 1 to casting rolls and banishment rolls for this unit."), vocab).kind).not.toBe("played");
    expect(translateAbility(P("Add 4 to chanting rolls for this unit."), vocab).kind).not.toBe("played");
  });
});

describe("named models: the rest of a sentence on the unit", () => {
  it("[AB-P2:named] \"While this unit's Fjul-Grimnir is on the battlefield, ignore the first damage point ... each phase\", \"While this unit includes Uglug, ... allocated to it each phase\", an Ogor Breacher: ignore-first on the unit", () => {
    for (const text of [
      "While this unit's Fjul-Grimnir is on the battlefield, ignore the first damage point that would be allocated to this unit each phase.",
      "While this unit's Kro-Jax is on the battlefield, ignore the first damage point that would be allocated to this unit in each phase.",
      "While this unit includes Uglug, ignore the first damage point allocated to it each phase.",
      "While this unit includes an Ogor Breacher, ignore the first damage point that would be allocated to this unit in each phase.",
    ]) {
      const t = translateAbility(P(text), vocab);
      expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.conditions, e.do]), text).toEqual([[SELF, { attack: "any" }, { kind: "ignore-first" }]]);
    }
  });

  it("[AB-P2:named] Deintalos the Exile's two sentences: WIZARD (1), and +1 to casting rolls while Prentice Marcov is there", () => {
    const t = translateAbility(P("While this unit's Deintalos the Exile is on the battlefield, it has WIZARD (1). While this unit's Prentice Marcov is on the battlefield, add 1 to casting rolls for this unit."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => e.do)).toEqual([
      { kind: "power", wizard: 1 },
      { kind: "casting", value: 1 },
    ]);
  });

  it("[AB-P2:named] near misses: a clause on other units, a token declared in the same ability; a condition after the whole sentence is read", () => {
    expect(translateAbility(P("While this unit's Fjul-Grimnir is on the battlefield, add 1 to hit rolls for attacks made by friendly FYRESLAYERS units while they are wholly within 12\" of this unit."), vocab).kind).not.toBe("played");
    expect(translateAbility(P("This unit's Skritter is a token. While this unit's Skritter is on the battlefield, ignore the first damage point that would be allocated to this unit each phase."), vocab).kind).not.toBe("played");
    // A condition after the clause is read around the whole ("X if it charged"): the hit modifier with `charged`.
    const c = translateAbility(P("While this unit's Uglug is on the battlefield, add 1 to hit rolls for this unit's attacks if it charged this turn."), vocab);
    expect(c.kind === "played" && c.effects.map((e) => [e.conditions, e.do])).toEqual([[{ attack: "any", charged: true }, { kind: "hit", value: 1, direction: "by" }]]);
  });
});

describe("other wordings of read clauses", () => {
  it("[AB-P2:wording] \"... attacks that target friendly INFANTRY HEROES while those friendly units are within 3\\\" of this unit\": Rend -1 against them", () => {
    const t = translateAbility(P('Subtract 1 from the Rend characteristic of weapons used for attacks that target friendly INFANTRY HEROES while those friendly units are within 3" of this unit.'), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([[{ side: "friendly", filter: { keywords: ["INFANTRY", "HERO"] }, range: 3, wholly: false, includeSelf: true }, { kind: "rend", value: -1, direction: "against" }]]);
  });

  it("[AB-P2:wording] \"While they are wholly within 12\\\" of this unit: • Friendly non-MAWSEEKERS OGOR MAWTRIBES INFANTRY units have WARD (6+). • Friendly MAWSEEKERS units have WARD (5+).\": two wards", () => {
    const t = translateAbility(P('While they are wholly within 12" of this unit: • Friendly non-MAWSEEKERS OGOR MAWTRIBES INFANTRY units have WARD (6+). • Friendly MAWSEEKERS units have WARD (5+). '), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([
      [{ side: "friendly", filter: { keywords: ["OGOR MAWTRIBES", "INFANTRY"], notKeywords: ["MAWSEEKERS"] }, range: 12, wholly: true, includeSelf: true }, { kind: "ward", value: 6 }],
      [{ side: "friendly", filter: { keywords: ["MAWSEEKERS"] }, range: 12, wholly: true, includeSelf: true }, { kind: "ward", value: 5 }],
    ]);
    // A bullet no pattern reads leaves the whole text unread.
    expect(translateAbility(P('While they are wholly within 12" of this unit: • Friendly MAWSEEKERS units have WARD (5+). • Friendly MAWSEEKERS units can use the \'Rally\' command.'), vocab).kind).not.toBe("played");
  });
});

describe("healing after each spell", () => {
  it("[AB-P2:cast-heal] \"Add 1 to casting rolls for this unit. Each time this unit successfully casts a spell, Heal (1) this unit after that SPELL ability has been resolved.\": casting +1 and cast-heal 1; a prayer's wording is not read", () => {
    const t = translateAbility(P("Add 1 to casting rolls for this unit. Each time this unit successfully casts a spell, Heal (1) this unit after that SPELL ability has been resolved."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([
      [SELF, { kind: "casting", value: 1 }],
      [SELF, { kind: "cast-heal", heal: 1 }],
    ]);
    expect(translateAbility(P("Each time this unit chants a prayer, Heal (1) this unit after that PRAYER ability has been resolved."), vocab).kind).toBe("unread");
  });
});

describe("not visible while escorted and no enemy is near", () => {
  it("[AB-P2:hidden] \"While this unit is within the combat range of a friendly INFANTRY unit that has 5 or more models and there are no enemy units within this unit's combat range, this unit is not visible to enemy units\": hidden from every distance, clear 3, no alone clause", () => {
    const t = translateAbility(P("While this unit is within the combat range of a friendly INFANTRY unit that has 5 or more models and there are no enemy units within this unit's combat range, this unit is not visible to enemy units."), vocab);
    expect(t.kind === "played" && t.effects.map((e) => e.do)).toEqual([{ kind: "hidden", beyond: 0, escort: { filter: { keywords: ["INFANTRY"] }, minModels: 5, range: 3 }, clear: 3 }]);
    // The terrain form is read by the terrain5 area (test/aos/bsdata-translate-terrain5.test.ts), not as an escort.
    const terrain = translateAbility(P('This unit is not visible to enemy units while it is within 3" of a terrain feature and more than 9" from all enemy units.'), vocab);
    expect(terrain.kind === "played" && terrain.effects.map((e) => e.do)).toEqual([{ kind: "hidden", beyond: 0, terrain: 3, clear: 9 }]);
  });
});

