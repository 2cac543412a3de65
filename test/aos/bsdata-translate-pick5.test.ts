/**
 * The pick5 area (src/aos/abilities/translate-pick5.ts): "pick 1 of the following effects" read as a choice of effects
 * held for a while, each option read whole as the ability with that option alone. The catalogues' texts
 * (/work/shared/data/bsdata-aos4), the exact effects written, and near misses that must not be played
 * (test/aos/abilities-pick5.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { pick5Split } from "../../src/aos/abilities/translate-pick5.js";

const vocab = keywordVocabulary(["MAGGOTKIN OF NURGLE", "HERO", "SKYFARERS", "INFANTRY"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const held = (x: Record<string, unknown>) => ({ kind: "for-the-turn", companionOnly: false, ...x });
// Spoilpox Scrivener, Herald of Nurgle (Maggotkin of Nurgle, the Gardeners of Nurgle, Regiments of Renown: 3 abilities), as the importer gives it.
const KEEP_COUNTING = "Declare: Pick a friendly Plaguebearers unit wholly within 12\" of this unit to be the target.\nEffect: Roll a dice. On a 2+, pick 1 of the following effects to apply until the start of your next turn:\r\n*Tally of Blows:* Add 1 to wound rolls for the target's combat attacks.\r\n*Recorded Stamina:* Add 5 to the target's control score.";
const PLAGUEBEARERS = { side: "friendly", filter: { warscrolls: ["Plaguebearers"] }, range: 12, wholly: true, includeSelf: true };

describe("pick 1 of the following effects, held for a while", () => {
  it("[AB-TRANSLATE] Keep Counting, I'm Watching You (Spoilpox Scrivener: 3 abilities): option 1 +1 to wound for the target's combat attacks, option 2 +5 control score, one dice (2+), until the start of your next turn", () => {
    expect(tr("Once Per Turn (Army), Your Hero Phase", KEEP_COUNTING)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [
        { whom: PLAGUEBEARERS, conditions: { attack: "melee", option: 1 }, do: held({ set: "wound", value: 1, on: 2, until: "your-next-turn" }) },
        { whom: PLAGUEBEARERS, conditions: { attack: "any", option: 2 }, do: held({ set: "control", value: 5, on: 2, until: "your-next-turn" }) },
      ],
    });
  });

  it("[AB-TRANSLATE] the split: the lead, the choice's duration and the options, bullets or *Name:* headings", () => {
    expect(pick5Split("Roll a dice. On a 2+, pick 1 of the following effects to apply until the start of your next turn:\r\n*Tally of Blows:* Add 1 to wound rolls for the target's combat attacks.\r\n*Recorded Stamina:* Add 5 to the target's control score.")).toEqual({
      lead: "Roll a dice. On a 2+, ",
      lasts: "until the start of your next turn",
      options: ["Add 1 to wound rolls for the target's combat attacks", "Add 5 to the target's control score"],
    });
    expect(pick5Split("If this unit charged this turn, pick 1 of the following effects to apply for the rest of the turn:\r\n• This unit has WARD (5+)\r\n• Add 1 to hit rolls for this unit's attacks.")).toEqual({
      lead: "If this unit charged this turn, ",
      lasts: "for the rest of the turn",
      options: ["This unit has WARD (5+)", "Add 1 to hit rolls for this unit's attacks"],
    });
    // A choice with a clause before it that is neither a dice nor the unit's condition, or one option: not a choice read here.
    expect(pick5Split("Roll 2D6. Otherwise, pick 1 of the following effects: • This unit has WARD (5+) • Add 1 to hit rolls for this unit's attacks")).toBeNull();
    expect(pick5Split("Pick 1 of the following effects for the rest of the turn: • This unit has WARD (5+)")).toBeNull();
  });

  it("[AB-TRANSLATE] a choice of effects on this unit in the combat phase (a near form: every option held for a while): played, each option tagged", () => {
    expect(tr("Any Combat Phase", "Roll a dice. On a 3+, pick 1 of the following effects to apply for the rest of the turn: • This unit has WARD (5+) • Add 1 to hit rolls for this unit's attacks.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [
        { whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", option: 1 }, do: held({ set: "ward", value: 5, on: 3 }) },
        { whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", option: 2 }, do: held({ set: "hit", value: 1, on: 3 }) },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses, not played: an option no pattern plays (All Too Predictable's Crit (2 Hits) on named weapons), control scores alone, several targets, a deployment-phase choice, the rest of the battle", () => {
    const allTooPredictable = tr("Any Combat Phase", "If this unit charged this turn, pick 1 of the following effects to apply for the rest of the turn:\r\n• This unit's Tzeentchian Spear and Vicious Beak has Crit (2 Hits)\r\n• Add 1 to the Rend characteristic of this unit's Tzeentchian Spear and Vicious Beak.");
    expect(allTooPredictable.kind).not.toBe("played");
    expect(tr("Your Hero Phase", "Declare: Pick a friendly Plaguebearers unit wholly within 12\" of this unit to be the target.\nEffect: Pick 1 of the following effects to apply for the rest of the turn: • Add 5 to the target's control score. • Subtract 2 from the target's control score.").kind).not.toBe("played");
    expect(tr("Your Hero Phase", "Declare: Pick up to 3 friendly Plaguebearers units wholly within 12\" of this unit to be the targets.\nEffect: Roll a dice for each target. On a 3+, pick 1 of the following effects to apply to that target for the rest of the turn: *A:* Add 1 to wound rolls for the target's combat attacks. *B:* Add 5 to the target's control score.").kind).not.toBe("played");
    expect(tr("Deployment Phase", "Pick 1 of the following effects to apply for the rest of the turn: • This unit has WARD (5+) • Add 1 to hit rolls for this unit's attacks.").kind).not.toBe("played");
    expect(tr("Your Hero Phase", "Pick 1 of the following effects to apply for the rest of the battle: • This unit has WARD (5+) • Add 1 to hit rolls for this unit's attacks.").kind).not.toBe("played");
  });
});
