/**
 * The hashut6 area's translations (src/aos/abilities/translate-hashut6.ts): the catalogues' texts that depend on the
 * unit's daemonic power points, the exact effects written (one per point count, with conditions.daemonic), and near
 * misses that must not be played (test/aos/abilities-hashut6.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["HELSMITHS OF HASHUT", "INFANTRY", "HOBGROT", "WAR MACHINE", "HERO"]);
const tr = (name: string, effect: string, timing = "Passive") => translateAbility({ name, timing, effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };
const pts = (n: number, max = n) => ({ daemonic: { min: n, max } });

describe("daemonic power points", () => {
  it("[AB-TRANSLATE] Daemonic Strength: 'For each daemonic power point this unit has: • Add 1\" to its Move characteristic • Add 1 to the Attacks characteristic of its weapons' (7 abilities): +n\" Move and +n Attacks with n points", () => {
    const t = tr("Daemonic Strength", "For each daemonic power point this unit has: • Add 1\" to its Move characteristic • Add 1 to the Attacks characteristic of its weapons.");
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [1, 2, 3].flatMap((n) => [
        { whom: self, conditions: { attack: "any", ...pts(n) }, do: { kind: "move", value: n } },
        { whom: self, conditions: { attack: "any", ...pts(n) }, do: { kind: "attacks", value: n, direction: "by", companionOnly: false } },
      ]),
    });
  });

  it("[AB-TRANSLATE] Manglers of Metal (4) and Crush the Unworthy (4): 'Add 1 to X for each daemonic power point this unit|it has'", () => {
    expect(tr("Manglers of Metal", "Add 1 to the Rend characteristic of this unit's ranged weapons for each daemonic power point this unit has.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [1, 2, 3].map((n) => ({ whom: self, conditions: { attack: "ranged", ...pts(n) }, do: { kind: "rend", value: n, direction: "by" } })),
    });
    expect(tr("Crush the Unworthy", "Add 1 to charge rolls for each daemonic power point it has.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [1, 2, 3].map((n) => ({ whom: self, conditions: { attack: "any", ...pts(n) }, do: { kind: "charge", value: n } })),
    });
  });

  it("[AB-TRANSLATE] Infernal Empowerment: 'Apply the effect(s) below ... These effects are cumulative. 1+ ... 2+ ... 3+ ...' (2 abilities): each from its count up", () => {
    expect(
      tr(
        "Infernal Empowerment",
        "Apply the effect(s) below that corresponds with the number of daemonic power points this unit has. These effects are cumulative. 1+ Add 1\" to this unit's Move characteristic. 2+ Add 1 to wound rolls for this unit's combat attacks. 3+ Add 1 to the Rend characteristic of this unit's melee weapons.",
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { whom: self, conditions: { attack: "any", ...pts(1, 3) }, do: { kind: "move", value: 1 } },
        { whom: self, conditions: { attack: "melee", ...pts(2, 3) }, do: { kind: "wound", value: 1, direction: "by" } },
        { whom: self, conditions: { attack: "melee", ...pts(3, 3) }, do: { kind: "rend", value: 1, direction: "by" } },
      ],
    });
  });

  it("[AB-TRANSLATE] Black-Hearted Conqueror: '... wholly within 6\" of this unit. Add 6\" to the range of this ability for each daemonic power point this unit has' (2 abilities): the aura at 6, 12, 18, 24 on the points of the unit with it; HELSMITH read as HELSMITHS", () => {
    const t = tr(
      "Black-Hearted Conqueror",
      "Add 3 to the control scores of friendly HELSMITH OF HASHUT INFANTRY units while they are wholly within 6\" of this unit. Add 6\" to the range of this ability for each daemonic power point this unit has.",
    );
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [0, 1, 2, 3].map((n) => ({
        whom: { side: "friendly", filter: { keywords: ["HELSMITHS OF HASHUT", "INFANTRY"] }, range: 6 + 6 * n, wholly: true, includeSelf: true },
        conditions: { attack: "any", ...pts(n), holder: "source" },
        do: { kind: "control", add: 3 },
      })),
    });
  });

  it("[AB-TRANSLATE] Bull Charge: '... Roll a dice for each model in this unit. Add the number of daemonic power points this unit has. For each 6+, inflict 1 mortal damage on the target' (2 abilities): a roll bonus of 1 for each point", () => {
    expect(
      tr("Bull Charge", "Declare: If this unit charged this turn, pick a visible enemy unit within 1\" of it to be the target.\nEffect: Roll a dice for each model in this unit. Add the number of daemonic power points this unit has. For each 6+, inflict 1 mortal damage on the target.", "Any Charge Phase"),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "none" },
      effects: [
        {
          whom: { side: "enemy", range: 1, wholly: false, includeSelf: false },
          conditions: { charged: true, attack: "any", visible: true },
          do: { kind: "mortal", per: "model", dice: { count: 1, sides: 6, plus: 0 }, on: 6, each: 1, targets: "one", rollBonus: { add: 1, if: "daemonic-points" } },
        },
      ],
    });
    // The unmodified charge roll's dice with the points (a near miss of the move3 area) stay unread.
    expect(tr("X", "Declare: If this unit charged this turn, pick a visible enemy unit within 1\" of it to be the target.\nEffect: Roll a number of dice equal to the unmodified charge roll. Add the number of daemonic power points this unit has. For each 6+, inflict 1 mortal damage on the target.", "Any Charge Phase").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Daemonic Resilience (12) and Peerless Among Daemonsmiths (2): 'Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 ... 2 ... 3 ...': each with exactly its count; the 4+ ward against spells, prayers and manifestations' abilities (wardMagic) with the 5+ otherwise", () => {
    const ward = (value: number, n: number, magic = false) => ({ whom: self, conditions: { attack: "any", ...pts(n), ...(magic ? { wardMagic: true } : {}) }, do: { kind: "ward", value } });
    const casting = (value: number, n: number) => ({ whom: self, conditions: { attack: "any", ...pts(n) }, do: { kind: "casting", value } });
    expect(
      tr(
        "Daemonic Resilience",
        "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 This unit has WARD (6+). 2 This unit has WARD (5+). 3 This unit has WARD (4+) against damage inflicted by SPELLS, PRAYERS, and abilites used by MANIFESTATIONS. Otherwise, it has WARD (5+).",
      ),
    ).toEqual({ kind: "played", when: { timing: "passive" }, effects: [ward(6, 1), ward(5, 2), ward(5, 3), ward(4, 3, true)] });
    expect(
      tr(
        "Peerless Among Daemonsmiths",
        "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 This unit has WARD (6+). 2 Add 1 to casting rolls for this unit. In addition, this unit has WARD (5+). 3 Add 2 to casting rolls for this unit. In addition, this unit has WARD (4+) against damage inflicted by SPELLS, PRAYERS, and abilites used by MANIFESTATIONS. Otherwise, it has WARD (5+).",
      ),
    ).toEqual({ kind: "played", when: { timing: "passive" }, effects: [ward(6, 1), casting(1, 2), ward(5, 2), casting(2, 3), ward(5, 3), ward(4, 3, true)] });
  });

  it("[AB-TRANSLATE] near misses: a ward against another source; a clause no pattern reads; other timings", () => {
    expect(tr("X", "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 This unit has WARD (6+). 2 This unit has WARD (5+). 3 This unit has WARD (4+) against damage inflicted by MONSTERS. Otherwise, it has WARD (5+).").kind).toBe("unread");
    // The same form with clauses the engines play is read: exactly n points each.
    const t = tr("X", "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 This unit has WARD (6+). 2 This unit has WARD (5+). 3 Add 1 to casting rolls for this unit. In addition, this unit has WARD (4+).");
    expect(t.kind === "played" && t.effects.map((e) => [e.do.kind, e.conditions.daemonic])).toEqual([
      ["ward", { min: 1, max: 1 }],
      ["ward", { min: 2, max: 2 }],
      ["casting", { min: 3, max: 3 }],
      ["ward", { min: 3, max: 3 }],
    ]);
    expect(tr("X", "Add 1 to the Attacks characteristic of this unit's melee weapons for each daemonic power point this unit has, to a maximum of 2.").kind).not.toBe("played");
    expect(tr("X", "Add 1 to charge rolls for each daemonic power point it has.", "Your Hero Phase").kind).not.toBe("played");
    expect(
      tr("Stoked Fanaticism", "Ignore the first damage point allocated to each friendly non-HOBGROT HELSMITHS OF HASHUT unit each phase while it is wholly within 6\" of this unit. Add 6\" to the range of this ability for each daemonic power point this unit has").kind,
    ).toBe("unread");
  });
});
