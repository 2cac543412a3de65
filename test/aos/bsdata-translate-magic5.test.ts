/**
 * The magic5 area (src/aos/abilities/translate-magic5.ts and translate-spells.ts's Declare step; docs/abilities.md
 * "Spells, prayers and manifestations, fifth pass (magic5)"): the catalogues' texts, the exact effects written, and
 * near misses that must not be played (test/aos/abilities-magic5.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["DEATHRATTLE", "DEADWALKERS"]);
const cast = (value: number, declare: string, effect: string) => translateAbility({ name: "S", timing: `Your Hero Phase; Spell, casting value ${value}`, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const vis = { attack: "any", visible: true };

describe("magic5: spells", () => {
  it("[AB-TRANSLATE] Tectonic Splintering (Verminlord Warpseer, 2): -1 charge die for the enemy target until the caster's next turn (declared2's charge-dice set, value -1)", () => {
    const declare = 'Pick a visible enemy unit within 18" to be the target, then make a casting roll of 2D6.';
    const effect = "Until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.";
    expect(cast(7, declare, effect)).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [{ whom: { side: "enemy", range: 18, wholly: false, includeSelf: false }, conditions: vis, do: { kind: "for-the-turn", set: "charge-dice", value: -1, companionOnly: false, until: "your-next-turn" } }],
    });
    // "For the rest of the turn" reads too (no until).
    expect(cast(7, declare, effect.replace("Until the start of your next turn", "For the rest of the turn"))).toMatchObject({ kind: "played", effects: [{ do: { set: "charge-dice", value: -1 } }] });
    // Near misses: subtract 2, no minimum, another roll.
    for (const e of [effect.replace("subtract 1", "subtract 2"), effect.replace(", to a minimum of 1", ""), effect.replace("charge rolls", "run rolls")]) expect(cast(7, declare, e).kind, e).toBe("unread");
  });

  it("[AB-TRANSLATE] Retribution or Salvation (Blades of the Hollow King, 2): the named model's clause read away; D3 mortal damage on an enemy, -1 to wound against a friendly Deathrattle or Deadwalkers unit", () => {
    const declare = 'This unit can cast this spell while its Cado Ezechiar is on the battlefield. Pick a visible unit within 12" of this unit to be the target, then make a casting roll of 2D6.';
    const effect = "If the target is an enemy unit, inflict D3 mortal damage on it. If the target is a friendly Deathrattle or Deadwalkers unit, subtract 1 from wound rolls for combat attacks that target that unit for the rest of the turn.";
    expect(cast(7, declare, effect)).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [
        { whom: { side: "enemy", range: 12, wholly: false, includeSelf: false }, conditions: vis, do: { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, each: "roll", targets: "one" } },
        { whom: { side: "friendly", filter: { anyKeywords: ["DEATHRATTLE", "DEADWALKERS"] }, range: 12, wholly: false, includeSelf: true }, conditions: { attack: "melee", visible: true }, do: { kind: "for-the-turn", set: "wound", direction: "against", value: -1, companionOnly: false } },
      ],
    });
    // Near misses: "this unit" named as the model, another condition, the clause alone with no pick.
    for (const d of [declare.replace("its Cado Ezechiar", "this unit"), declare.replace("is on the battlefield", "is in combat"), "This unit can cast this spell while its Cado Ezechiar is on the battlefield."])
      expect(cast(7, d, effect).kind, d).toBe("unread");
  });
});

describe("magic5: ritual points", () => {
  it("[AB-TRANSLATE] The Croneseer (Krethusa the Croneseer (Scourge of Ghyran), 2): a D3 of ritual points at the end of the enemy's hero phase", () => {
    const t = translateAbility({ name: "The Croneseer", timing: "Enemy Hero Phase", effect: "Give this unit D3 ritual points." }, vocab);
    expect(t).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "enemy", limit: "none" },
      effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "ritual-gain", points: "D3" } }],
    });
    expect(translateAbility({ name: "X", timing: "Your Hero Phase", effect: "Give this unit 1 ritual point." }, vocab)).toMatchObject({ kind: "played", when: { whose: "your" }, effects: [{ do: { kind: "ritual-gain", points: 1 } }] });
    // Near misses: another unit, a condition, a limit, another phase (Rhythm of Destruction's condition stays unread).
    for (const [timing, effect] of [
      ["Enemy Hero Phase", "Give a friendly PRIEST D3 ritual points."],
      ["End of Any Turn", "If any enemy models were slain this turn by this unit's combat attacks, give this unit D3 ritual points."],
      ["Once Per Turn (Army), Enemy Hero Phase", "Give this unit D3 ritual points."],
      ["Any Combat Phase", "Give this unit D3 ritual points."],
    ])
      expect(translateAbility({ name: "X", timing, effect }, vocab).kind, `${timing}: ${effect}`).not.toBe("played");
  });
});
