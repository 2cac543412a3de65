/**
 * The declared abilities' sixth pass (src/aos/abilities/translate-declared6.ts): the catalogues' texts
 * (/work/shared/data/bsdata-aos4), the exact effects written, and near misses that must not be played
 * (test/aos/abilities-declared6.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["ARCANITE", "OGOR MAWTRIBES", "INFANTRY"]);
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
