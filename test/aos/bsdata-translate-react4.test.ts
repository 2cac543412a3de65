/**
 * The react4 area (src/aos/abilities/translate-react4.ts, hooked in translate.ts; docs/abilities.md "Casting and
 * unbinding reactions (react4)"): the catalogues' texts, the exact effects written, and near misses that must not be
 * played (test/aos/abilities-react4.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["NIGHTHAUNT"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };

// The catalogues' texts (/work/shared/data/bsdata-aos4).
const REACT4_TEXT = {
  soulEater: { name: "Soul-eater", timing: "Passive", effect: "This unit can use UNBIND abilities as if it had WIZARD (1). Each time this unit unbinds a spell, inflict D3 mortal damage on the caster." },
  morkSezNo: { name: "Mork Sez No!", timing: "Passive", effect: "Each time this unit unbinds a spell, inflict D3 mortal damage on the caster. If the unbinding roll was 10+, inflict D6 mortal damage on the caster instead." },
  mandrakk: { name: "Screamin' Mandrakk", timing: "Reaction: Opponent declared a SPELL ability", effect: "This unit uses the 'Unbind' ability but the unbinding roll is 3D6 instead of 2D6." },
  bargain: { name: "Bargain With The Mist-Daemons", timing: "Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", effect: "Roll a dice. On a 1, inflict 2 mortal damage on this unit. On a 3+, add 2 to the casting roll." },
  tome: { name: "Arcane Tome", timing: "Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", effect: "Re-roll 1 of the dice in the casting roll." },
} as const;

describe("unbinding", () => {
  it("[AB-TRANSLATE] Soul-eater (Cygor, 1 ability): unbind as WIZARD (1), and D3 mortal damage on the caster each time it unbinds", () => {
    expect(translateAbility(REACT4_TEXT.soulEater, vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { whom: self, conditions: { attack: "any" }, do: { kind: "unbind" } },
        { whom: self, conditions: { attack: "any" }, do: { kind: "unbind-mortal", dice: "D3" } },
      ],
    });
  });

  it("[AB-TRANSLATE] Mork Sez No! (Gobsprakk, 1): D3, or D6 when the unbinding roll was 10+", () => {
    expect(translateAbility(REACT4_TEXT.morkSezNo, vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "unbind-mortal", dice: "D3", high: { atLeast: 10, dice: "D6" } } }],
    });
  });

  it("[AB-TRANSLATE] Screamin' Mandrakk (Gobsprakk, 1): a 3D6 unbinding roll, a reaction to an enemy spell", () => {
    expect(translateAbility(REACT4_TEXT.mandrakk, vocab)).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "opponent-spell", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "unbind-3d6" } }],
    });
  });

  it("[AB-TRANSLATE] Spell-eaters (Myrmourn Banshees, 3): unbinding for a friendly NIGHTHAUNT unit wholly within 12\" picked as the spell's target, +1, D3 mortal damage on the caster if unbound", () => {
    const text = `If a friendly NIGHTHAUNT unit wholly within 12" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had WIZARD (1). Add 1 to the unbinding roll for that ability. If the spell is unbound, inflict D3 mortal damage on the caster`;
    expect(tr("Reaction: Opponent declared a SPELL ability", text)).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "opponent-spell", limit: "none" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["NIGHTHAUNT"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "unbind-for-target", add: 1, mortal: "D3" } }],
    });
    // Near misses: a keyword no warscroll carries, "within" (not wholly), no mortal damage sentence.
    for (const t of [text.replace("NIGHTHAUNT", "SPOOKS"), text.replace("wholly within", "within"), text.replace(". If the spell is unbound, inflict D3 mortal damage on the caster", "")])
      expect(tr("Reaction: Opponent declared a SPELL ability", t).kind, t).not.toBe("played");
  });

  it("[AB-TRANSLATE] near misses: the banishing half (Spell-Shredding Symphony), another amount, another roll, another timing", () => {
    for (const [timing, effect] of [
      ["Passive", "This unit can use UNBIND and BANISH abilities as if it had WIZARD (1). In addition, each time this unit successfully unbinds a spell, inflict D3 mortal damage on the caster and each time this unit successfully banishes a MANIFESTATION, inflict D3 mortal damage on the unit that summoned that MANIFESTATION."],
      ["Passive", "Each time this unit unbinds a spell, inflict 3 mortal damage on the caster."],
      ["Passive", "Each time this unit unbinds a spell, inflict D3 mortal damage on the caster. If the casting roll was 10+, inflict D6 mortal damage on the caster instead."],
      ["Any Hero Phase", "Each time this unit unbinds a spell, inflict D3 mortal damage on the caster."],
      ["Reaction: Opponent declared a SPELL ability", "This unit uses the 'Unbind' ability but the unbinding roll is 4D6 instead of 2D6."],
      ["Reaction: Opponent declared a SPELL ability for a unit within 18\" of this unit", "This unit uses the 'Unbind' ability but the unbinding roll is 3D6 instead of 2D6."],
    ] as const)
      expect(tr(timing, effect).kind, effect).not.toBe("played");
  });
});

describe("the casting roll", () => {
  it("[AB-TRANSLATE] Bargain With The Mist-Daemons (Shardspeaker of Slaanesh, 3): a D6, 2 mortal damage on a 1, +2 on a 3+, once per turn for the army", () => {
    expect(translateAbility(REACT4_TEXT.bargain, vocab)).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-spell", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "casting-gamble", mortal: 2, on: 3, add: 2 } }],
    });
  });

  it("[AB-TRANSLATE] Arcane Tome (Fluxmaster, 2): one dice of the casting roll re-rolled, once per turn for the army", () => {
    expect(translateAbility(REACT4_TEXT.tome, vocab)).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-spell", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "casting-reroll" } }],
    });
  });

  it("[AB-TRANSLATE] near misses: Spellmaster's reaction to a SPELL of a WIZARD near it, an UNLIMITED spell, other dice", () => {
    for (const [timing, effect] of [
      ["Once Per Turn (Army), Reaction: You declared a SPELL ability for a WIZARD within 30\" of this unit and the casting roll equalled or exceeded the spell's casting value and that spell has not been unbound", "Make an unbinding roll of 2D6. If the roll exceeds the casting roll for the spell, the spell is unbound and its effect is not resolved. If the spell is unbound, add 1 to casting rolls for this unit for the rest of the phase."],
      ["Once Per Turn (Army), Reaction: You declared an UNLIMITED SPELL ability for this unit", "Re-roll 1 of the dice in the casting roll."],
      ["Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", "Re-roll the casting roll."],
      ["Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", "Roll a dice. On a 1, inflict 2 mortal damage on this unit. On a 3+, add 2 to the casting roll. On a 6, add 3 instead."],
      ["Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", "Roll a dice. On a 1, inflict D3 mortal damage on this unit. On a 3+, add 2 to the casting roll."],
    ] as const)
      expect(tr(timing, effect).kind, effect).not.toBe("played");
  });
});

describe("a SUMMON's casting-roll penalty on enemy units", () => {
  it("[AB-TRANSLATE] Aetheric Destabilisation (Knight-Incantor, 2): 'While they are within 30\" of this unit, subtract 1 from casting rolls for enemy units when they use SUMMON abilities'", () => {
    expect(tr("Passive", 'While they are within 30" of this unit, subtract 1 from casting rolls for enemy units when they use SUMMON abilities.')).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "enemy", range: 30, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "casting", value: -1, summon: true } }],
    });
  });

  it("[AB-TRANSLATE] near misses: every casting roll of enemy units (with no unbinding rolls), another roll", () => {
    for (const effect of ['Subtract 1 from casting rolls for enemy units while they are within 30" of this unit.', 'While they are within 30" of this unit, subtract 1 from chanting rolls for enemy units when they use SUMMON abilities.'])
      expect(tr("Passive", effect).kind, effect).not.toBe("played");
  });
});

