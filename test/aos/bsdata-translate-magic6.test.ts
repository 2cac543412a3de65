/**
 * The magic6 area (src/aos/abilities/translate-magic6.ts; docs/abilities.md "Spells, prayers and terrain, sixth pass
 * (magic6)"): the catalogues' texts, the exact effects written, and near misses that must not be played
 * (test/aos/abilities-magic6.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary([]);
const self = { side: "self", wholly: false, includeSelf: false };

// The catalogues' texts (/work/shared/data/bsdata-aos4).
const DEFFCAP = { name: "Deffcap Mushroom", timing: "Once Per Battle, Your Hero Phase", effect: "Add 1 to this unit's power level for the rest of the turn." };
const RETCHLING = { name: "Retchling", timing: "Once Per Battle, Your Hero Phase", effect: "If this unit's Fecula Flyblown is on the battlefield, add 1 to its power level for the rest of the turn." };
const SNIFFER = { name: "Sniffer Spite", timing: "Your Hero Phase", effect: 'If this unit\'s Zarbag is on the battlefield and within 3" of a terrain feature, roll a dice. On a 4+, add 1 to this unit\'s power level for the rest of the turn.' };

describe("magic6: a power level for the rest of the turn", () => {
  it("[AB-TRANSLATE] Deffcap Mushroom (Fungoid Cave-Shaman, 2): +1 power level for the rest of the turn, once per battle for the unit", () => {
    expect(translateAbility(DEFFCAP, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-battle" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "power-turn", value: 1 } }],
    });
  });

  it("[AB-TRANSLATE] Retchling (The Wurmspat, 2): the named model's clause read away (the champion's decision), 'its' power level", () => {
    expect(translateAbility(RETCHLING, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-battle" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "power-turn", value: 1 } }],
    });
  });

  it("[AB-TRANSLATE] Sniffer Spite (Zarbag's Gitz, 2): within 3\" of a terrain feature, a dice, on a 4+ +1 power level; every hero phase of its own", () => {
    expect(translateAbility(SNIFFER, vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "power-turn", value: 1, on: 4, terrain: 3 } }],
    });
  });

  it("[AB-TRANSLATE] near misses are not played: another phase, an army limit, 'for the rest of the battle', another unit, 'its' with no named model, a lower-case start, other conditions", () => {
    const misses: [string, string][] = [
      ["Once Per Battle, Enemy Hero Phase", DEFFCAP.effect],
      ["Once Per Battle, Any Hero Phase", DEFFCAP.effect],
      ["Once Per Battle (Army), Your Hero Phase", DEFFCAP.effect],
      ["Once Per Turn, Your Hero Phase", DEFFCAP.effect],
      ["Once Per Battle, Your Movement Phase", DEFFCAP.effect],
      ["Your Hero Phase; Spell, casting value 6", DEFFCAP.effect],
      [DEFFCAP.timing, "Add 1 to this unit's power level for the rest of the battle."],
      [DEFFCAP.timing, "Add 1 to the target's power level for the rest of the turn."],
      [DEFFCAP.timing, "Add 1 to its power level for the rest of the turn."],
      [DEFFCAP.timing, "add 1 to this unit's power level for the rest of the turn."],
      [DEFFCAP.timing, "If this unit's Fecula Flyblown is on the battlefield, Add 1 to its power level for the rest of the turn."],
      [DEFFCAP.timing, "If this unit is in combat, add 1 to its power level for the rest of the turn."],
      [SNIFFER.timing, SNIFFER.effect.replace("a terrain feature", "an objective")],
      [SNIFFER.timing, SNIFFER.effect.replace("roll a dice", "roll 2D6")],
      [SNIFFER.timing, "Roll a dice. On a 4+, Add 1 to this unit's power level for the rest of the turn."],
    ];
    for (const [timing, effect] of misses) expect(translateAbility({ name: "X", timing, effect }, vocab).kind, `${timing}: ${effect}`).not.toBe("played");
  });
});

const DISCHARGE = { name: "Discharge Armour", timing: "Once Per Turn (Army), Any Hero Phase", effect: 'Declare: Pick a friendly OSSIARCH BONEREAPERS WIZARD wholly within 12" of this unit to be the target.\nEffect: Roll a dice. On a 3+, add 1 to casting rolls for the target for the rest of the turn.' };
const MATRIARCH = { name: "Divine Matriarch", timing: "Your Hero Phase", effect: 'Declare: Pick a visible friendly DAUGHTERS OF KHAINE PRIEST or WIZARD wholly within 12" of this unit to be the target.\nEffect: Add 1 to casting rolls and chanting rolls for the target until the start of your next turn.' };
const vocab2 = keywordVocabulary(["OSSIARCH BONEREAPERS", "DAUGHTERS OF KHAINE"]);

describe("magic6: casting rolls for a while on a picked friendly unit", () => {
  it("[AB-TRANSLATE] Discharge Armour (Morghast Archai, 3): a friendly OSSIARCH BONEREAPERS WIZARD wholly within 12\", on a 3+ +1 to its casting rolls for the rest of the turn", () => {
    expect(translateAbility(DISCHARGE, vocab2)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["OSSIARCH BONEREAPERS", "WIZARD"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "casting-turn", value: 1, on: 3 } }],
    });
  });

  it("[AB-TRANSLATE] Divine Matriarch (Morathi-Khaine, 2): a visible friendly DAUGHTERS OF KHAINE PRIEST or WIZARD, +1 to casting and chanting rolls until the start of your next turn", () => {
    expect(translateAbility(MATRIARCH, vocab2)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "none" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["DAUGHTERS OF KHAINE"], anyKeywords: ["PRIEST", "WIZARD"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any", visible: true }, do: { kind: "casting-turn", value: 1, chanting: true, until: "your-next-turn" } }],
    });
  });

  it("[AB-TRANSLATE] near misses are not played: an enemy target, up to 2 targets, the enemy's hero phase, another roll, another phase, chanting alone, a further clause", () => {
    const misses: [string, string][] = [
      [DISCHARGE.timing, DISCHARGE.effect.replace("a friendly", "an enemy")],
      [DISCHARGE.timing, DISCHARGE.effect.replace("Pick a friendly OSSIARCH BONEREAPERS WIZARD", "Pick up to 2 friendly OSSIARCH BONEREAPERS WIZARDS").replace("to be the target.", "to be the targets.")],
      ["Once Per Turn (Army), Enemy Hero Phase", DISCHARGE.effect],
      ["Once Per Turn (Army), Any Combat Phase", DISCHARGE.effect],
      ["Once Per Battle, Any Hero Phase", DISCHARGE.effect],
      [DISCHARGE.timing, DISCHARGE.effect.replace("casting rolls", "unbinding rolls")],
      [DISCHARGE.timing, DISCHARGE.effect.replace("casting rolls", "chanting rolls")],
      [DISCHARGE.timing, DISCHARGE.effect.replace("for the rest of the turn", "for the rest of the battle")],
      [DISCHARGE.timing, DISCHARGE.effect.replace("the rest of the turn.", "the rest of the turn. Then, inflict 1 mortal damage on this unit.")],
      [MATRIARCH.timing, MATRIARCH.effect.replace("PRIEST or WIZARD", "PRIEST or MONSTER")],
      [MATRIARCH.timing, MATRIARCH.effect.replace("DAUGHTERS OF KHAINE PRIEST or WIZARD", "PRIEST or WIZARD")],
    ];
    for (const [timing, effect] of misses) expect(translateAbility({ name: "X", timing, effect }, vocab2).kind, `${timing}: ${effect}`).not.toBe("played");
  });
});

describe("magic6: banishment rolls", () => {
  it("[AB-TRANSLATE] Arcane Resonance (Bloodwrack Medusa, 2): the summon casting modifier and +1 to banishment rolls for this unit", () => {
    const effect = "Add 1 to casting rolls for this unit when it uses a SUMMON ability and add 1 to banishment rolls for this unit.";
    expect(translateAbility({ name: "Arcane Resonance", timing: "Passive", effect }, vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { whom: self, conditions: { attack: "any" }, do: { kind: "casting", value: 1, summon: true } },
        { whom: self, conditions: { attack: "any" }, do: { kind: "banishment", value: 1 } },
      ],
    });
    for (const e of [effect.replace("banishment rolls for this unit", "banishment rolls for friendly WIZARDS"), effect.replace("banishment", "unbinding"), "Add 1 to banishment rolls for this unit and add 1 to casting rolls for this unit."])
      expect(translateAbility({ name: "X", timing: "Passive", effect: e }, vocab).kind, e).not.toBe("played");
  });
});
