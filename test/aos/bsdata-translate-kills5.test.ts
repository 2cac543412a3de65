/**
 * The kills5 area's translations (src/aos/abilities/translate-kills5.ts): the catalogues' texts, the exact effects
 * written, and near misses that must not be played (test/aos/abilities-kills5.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "HERO", "MONSTER", "STORMCAST ETERNALS"]);
const tr = (name: string, timing: string, effect: string) => translateAbility({ name, timing, effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };

describe("kills credited to the unit that made them", () => {
  it("[AB-TRANSLATE] Mantle of the First Storm: 'If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit' at the end of any turn (2 abilities)", () => {
    expect(tr("Mantle of the First Storm", "End of Any Turn", "If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any", killed: ["models-by-attacks"] }, do: { kind: "heal", amount: { count: 0, sides: 0, plus: 4 } } }],
    });
    // "combat attacks": the combat bit.
    const t = tr("X", "End of Any Turn", "If any enemy models were slain by this unit's combat attacks this turn, Heal (D3) this unit.");
    expect(t.kind === "played" && t.effects[0]!.conditions.killed).toEqual(["models-by-combat-attacks"]);
  });

  it("[AB-TRANSLATE] Oath of Murder: 'If this unit destroyed an enemy HERO or MONSTER this turn, this unit has STRIKE-FIRST for the rest of the battle' (4 abilities): a kill mark and a STRIKE-FIRST that needs it", () => {
    expect(tr("Oath of Murder", "Once Per Battle, End of Any Turn", "If this unit destroyed an enemy HERO or MONSTER this turn, this unit has STRIKE-FIRST for the rest of the battle.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-battle" },
      effects: [
        { whom: self, conditions: { attack: "any", killed: ["hero", "monster"] }, do: { kind: "kill-mark", token: "kill-oath-of-murder" } },
        { whom: self, conditions: { attack: "any", token: "kill-oath-of-murder" }, do: { kind: "strike", order: "first" } },
      ],
    });
  });

  it("[AB-TRANSLATE] Tribal Warleader: 'If this destroyed an enemy HERO this turn, this unit has WARD (4+) for the rest of the battle' (the catalogue's 'this' for 'this unit'; 1 ability)", () => {
    expect(tr("Tribal Warleader", "Once Per Battle, End of Any Turn", "If this destroyed an enemy HERO this turn, this unit has WARD (4+) for the rest of the battle.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-battle" },
      effects: [
        { whom: self, conditions: { attack: "any", killed: ["hero"] }, do: { kind: "kill-mark", token: "kill-tribal-warleader" } },
        { whom: self, conditions: { attack: "any", token: "kill-tribal-warleader" }, do: { kind: "ward", value: 4 } },
      ],
    });
  });

  it("[AB-TRANSLATE] In Their Element: 'The first time an enemy MONSTER is destroyed by this unit, add 1 to wound rolls for this unit's attacks for the rest of the battle' (2 abilities)", () => {
    expect(tr("In Their Element", "Passive", "The first time an enemy MONSTER is destroyed by this unit, add 1 to wound rolls for this unit's attacks for the rest of the battle.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", killed: ["monster-battle"] }, do: { kind: "wound", value: 1, direction: "by" } }],
    });
  });

  it("[AB-TRANSLATE] near misses: another timing, a limit for the army, a clause more, an effect for the turn only", () => {
    // Healing only where healing.ts plays it: not in the combat phase.
    expect(tr("X", "Any Combat Phase", "If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit.").kind).not.toBe("played");
    expect(tr("X", "End of Any Turn", "If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit, and add 1 to its power level.").kind).not.toBe("played");
    expect(tr("X", "Once Per Battle (Army), End of Any Turn", "If this unit destroyed an enemy HERO or MONSTER this turn, this unit has STRIKE-FIRST for the rest of the battle.").kind).not.toBe("played");
    expect(tr("X", "End of Any Turn", "If this unit destroyed an enemy HERO or MONSTER this turn, this unit has STRIKE-FIRST for the rest of the turn.").kind).not.toBe("played");
    expect(tr("X", "Passive", "The first time an enemy HERO is destroyed by this unit, add 1 to wound rolls for this unit's attacks for the rest of the battle.").kind).not.toBe("played");
  });
});
