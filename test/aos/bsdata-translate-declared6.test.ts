/**
 * The declared abilities' sixth pass (src/aos/abilities/translate-declared6.ts): the catalogues' texts
 * (/work/shared/data/bsdata-aos4), the exact effects written, and near misses that must not be played
 * (test/aos/abilities-declared6.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["ARCANITE", "OGOR MAWTRIBES", "INFANTRY", "HERO"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const declared = (timing: string, declare: string, effect: string) => tr(timing, `Declare: ${declare}\nEffect: ${effect}`);
const IMBUED = ['Pick a visible friendly ARCANITE unit wholly within 12" of this unit to be the target.', "The target's melee weapons have Crit (Mortal) until the start of your next turn."] as const;

describe("a warscroll command held for a while", () => {
  it("[AB-TRANSLATE] 'Once Per Turn (Army), Any Combat Phase; Command' with the Crit held until the start of your next turn (Magister, Imbued with Arcane Fire: 4 abilities): `command` on the effect", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase; Command", ...IMBUED)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["ARCANITE"] }, range: 12, wholly: true, includeSelf: true },
          conditions: { attack: "melee", visible: true },
          do: { kind: "for-the-turn", set: "weapon-ability", companionOnly: false, until: "your-next-turn", ability: "Crit (Mortal)", command: true },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] the same text without '; Command' has no `command` (the other areas' reading, unchanged)", () => {
    const t = declared("Once Per Turn (Army), Any Combat Phase", ...IMBUED);
    expect(t.kind).toBe("played");
    if (t.kind === "played") expect(t.effects.every((e) => e.do.kind === "for-the-turn" && e.do.command === undefined)).toBe(true);
  });

  it("[AB-TRANSLATE] near misses: a command without 'Once Per Turn (Army)' (once per phase only), a command whose effect is not held for a while, an unread effect", () => {
    expect(declared("Any Combat Phase; Command", ...IMBUED).kind).not.toBe("played");
    expect(declared("Once Per Battle (Army), Any Combat Phase; Command", ...IMBUED).kind).not.toBe("played");
    expect(declared("Your Hero Phase; Command", 'Pick a visible friendly non-HERO OGOR MAWTRIBES unit wholly within 12" of this unit to be the target.', "The target can immediately use the 'Eat 'Em Alive' ability as if it were the end of the turn and it were eligible to do so.").kind).not.toBe("played");
    expect(declared("Once Per Turn (Army), Any Combat Phase; Command", 'Pick a visible friendly OGOR MAWTRIBES INFANTRY unit wholly within 12" of this unit to be the target.', "Inflict D3 mortal damage on the target.").kind).not.toBe("played");
  });
});

describe("slays", () => {
  const TEXT = "Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed.";
  it("[AB-TRANSLATE] 'Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed' (Isharann Soulrender, Hangman's Knot: 2; Hobgrot Slittaboss, Toxic Stash: 1): the slay rule 2d6-exceeds-health", () => {
    expect(declared("Any Combat Phase", "Pick an enemy HERO in combat with this unit to be the target.", TEXT)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [{ whom: { side: "enemy", filter: { keywords: ["HERO"] }, range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "slay", rule: "2d6-exceeds-health" } }],
    });
    const once = declared("Once Per Battle, Any Combat Phase", "Pick an enemy INFANTRY HERO in combat with this unit to be the target.", TEXT);
    expect(once.kind === "played" && once.when.timing === "phase" ? [once.when.limit, once.effects[0]!.whom.filter] : once).toEqual(["once-per-battle", { keywords: ["INFANTRY", "HERO"] }]);
  });

  it("[AB-TRANSLATE] 'If the roll exceeds the target's Health characteristic: • 1 model in the target unit is slain. • This unit can immediately use the 'Retreat' ability ...' (Iridan the Witness, Dark Flight: 2): the slay, the retreat declined", () => {
    expect(
      declared(
        "Once Per Turn (Army), End of Any Turn",
        "Pick an enemy unit in combat with this unit to be the target.",
        "Roll a dice. If the roll exceeds the target's Health characteristic:\r\n• 1 model in the target unit is slain.\r\n• This unit can immediately use the 'Retreat' ability without any mortal damage being inflicted upon it.",
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "slay", rule: "roll-exceeds-health" } }],
    });
  });

  it("[AB-TRANSLATE] near misses: 2D6 'equals or exceeds', a D6 destroying the unit, 2D6 for each target, a bullet that is not an option (Ghorgon's heal)", () => {
    const pick = "Pick an enemy HERO in combat with this unit to be the target.";
    expect(declared("Any Combat Phase", pick, "Roll 2D6. If the roll equals or exceeds the target's Health characteristic, it is automatically destroyed.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", pick, "Roll a dice. If the roll exceeds the target's Health characteristic, it is automatically destroyed.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick each enemy unit in combat with this unit to be the targets.", "Roll 2D6 for each target. If the roll exceeds the target's Health characteristic, it is automatically destroyed.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", pick, "Roll a dice. If the roll exceeds the target's Health characteristic: • 1 model in the target unit is slain. • Heal (X) this unit, where X is an amount equal to the roll.").kind).not.toBe("played");
  });
});

describe("a Crit held against units that charged", () => {
  it("[AB-TRANSLATE] 'Pick this unit and up to 1 friendly Endrinriggers unit ... combat attacks made by the targets against enemy units that charged this turn have Crit (2 Hits)' (Endrinmaster with Dirigible Suit, Combat Engineers: 4): the held Crit with attackTargetCharged", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", 'Pick this unit and up to 1 friendly Endrinriggers unit wholly within 12" of this unit to be the targets.', "For the rest of the turn, combat attacks made by the targets against enemy units that charged this turn have Crit (2 Hits).")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "friendly", filter: { warscrolls: ["Endrinriggers"] }, range: 12, wholly: true, includeSelf: false },
          conditions: { attack: "melee", attackTargetCharged: true },
          do: { kind: "for-the-turn", set: "weapon-ability", companionOnly: false, andSelf: 1, ability: "Crit (2 Hits)" },
        },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: against units that did not charge, shooting attacks, this unit alone (the other areas' wording)", () => {
    const pick = 'Pick this unit and up to 1 friendly Endrinriggers unit wholly within 12" of this unit to be the targets.';
    expect(declared("Any Combat Phase", pick, "For the rest of the turn, combat attacks made by the targets against enemy units that did not charge this turn have Crit (2 Hits).").kind).not.toBe("played");
    expect(declared("Any Combat Phase", pick, "For the rest of the turn, shooting attacks made by the targets against enemy units that charged this turn have Crit (2 Hits).").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick this unit to be the target.", "For the rest of the turn, combat attacks made by this unit against enemy units that charged this turn have Crit (2 Hits).").kind).not.toBe("played");
  });
});
