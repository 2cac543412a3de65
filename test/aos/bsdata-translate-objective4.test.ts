/**
 * The objective4 area's translations (src/aos/abilities/translate-objective4.ts and the set-up readers it extends):
 * the catalogues' texts, the exact effects written, and near misses that must not be played
 * (test/aos/abilities-objective4.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "CAVALRY", "FLY", "HERO", "STORMCAST ETERNALS"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const declared = (timing: string, declare: string, effect: string) => tr(timing, `Declare: ${declare}\nEffect: ${effect}`);
const self = { side: "self", wholly: false, includeSelf: false };
const sceInfantry = { side: "friendly", filter: { keywords: ["STORMCAST ETERNALS", "INFANTRY"], notKeywords: ["HERO"] }, range: 12, wholly: false, includeSelf: true };

describe("contesting objectives: effects for a while and healing", () => {
  it("[AB-TRANSLATE] Merciless Conquerors: the timing written in the Declare (Timing empty), +1 Attacks to melee weapons for the rest of the turn while contesting an objective you do not control (3 abilities)", () => {
    expect(declared("", "Once Per Turn (Army), Any Combat Phase", "For the rest of the turn, add 1 to the Attacks characteristic of this unit's melee weapons while it is contesting an objective you do not control.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "melee", objectiveWhile: "not-controlled" }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] near misses: a Declare that is not a timing, an effect with a second Declare, a 'while' on another unit", () => {
    expect(declared("", "Pick this unit", "For the rest of the turn, add 1 to the Attacks characteristic of this unit's melee weapons.").kind).toBe("unread");
    expect(declared("Any Combat Phase", 'Pick a friendly INFANTRY unit within 12" of this unit to be the target.', "For the rest of the turn, add 1 to the Attacks characteristic of the target's melee weapons while it is contesting an objective you do not control.").kind).not.toBe("played");
    // "until the start of your next turn" is not a set read at each attack while contesting (the control of objectives changes between turns).
    expect(tr("Any Combat Phase", "Until the start of your next turn, add 1 to the Attacks characteristic of this unit's melee weapons while it is contesting an objective you do not control.").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Empower: 'If this unit is contesting an objective you control, pick ...' — the pick's effect for a while with the objective condition at use (2 abilities)", () => {
    expect(
      declared(
        "Any Combat Phase",
        'If this unit is contesting an objective you control, pick a visible friendly non-HERO STORMCAST ETERNALS INFANTRY unit within 12" of this unit to be the target.',
        "Add 1 to wound rolls for the target's combat attacks for the rest of the turn.",
      ),
    ).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [{ whom: sceInfantry, conditions: { attack: "melee", visible: true, objective: "controlled" }, do: { kind: "for-the-turn", set: "wound", value: 1, companionOnly: false } }],
    });
  });

  it("[AB-TRANSLATE] Overwhelming Storm: '... an objective that you control' and 'For the rest of the phase' in a combat phase on combat attacks (1 ability); not in a shooting phase", () => {
    const pick = 'If this unit is contesting an objective that you control, pick a friendly non-HERO STORMCAST ETERNALS INFANTRY unit within 12" of this unit to be the target.';
    expect(declared("Any Combat Phase", pick, "For the rest of the phase, add 1 to wound rolls for the target's combat attacks.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [{ whom: sceInfantry, conditions: { attack: "melee", objective: "controlled" }, do: { kind: "for-the-turn", set: "wound", value: 1, companionOnly: false } }],
    });
    expect(declared("Your Shooting Phase", pick, "For the rest of the phase, add 1 to wound rolls for the target's combat attacks.").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Unending Will to Conquer: 'If this unit is contesting an objective you do not control. Heal (D6) this unit.' at the end of any turn (2 abilities)", () => {
    expect(tr("End of Any Turn", "If this unit is contesting an objective you do not control. Heal (D6) this unit.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any", objective: "not-controlled" }, do: { kind: "heal", amount: { count: 1, sides: 6, plus: 0 } } }],
    });
    // Healing the engines do not play at that timing stays unplayed with its condition.
    expect(tr("Enemy Hero Phase", "If this unit is contesting an objective you do not control. Heal (D6) this unit.").kind).not.toBe("played");
  });
});

describe("set up again at deployment", () => {
  const redeploy = (n: number) => ({ kind: "played", when: expect.anything(), effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "redeploy", moreThanFromEnemies: n } }] });
  it("[AB-TRANSLATE] Independent Operative (Once Per Battle (Army)) and Well Travelled (Once Per Battle, more than 3\"): `redeploy` with the deployment timing (2 abilities)", () => {
    const text = (n: number) => `Remove this unit from the battlefield and set it up again on the battlefield more than ${n}" from all enemy units.`;
    const a = tr("Once Per Battle (Army), Deployment Phase", text(9));
    expect(a).toEqual(redeploy(9));
    expect(a.kind === "played" && a.when).toEqual({ timing: "phase", phase: "deployment", whose: "any", limit: "once-per-battle-army" });
    expect(tr("Once Per Battle, Deployment Phase", text(3))).toEqual(redeploy(3));
  });

  it("[AB-TRANSLATE] near misses: a further sentence (Through the Frosts' MOVE ban), near a terrain feature", () => {
    expect(tr("Once Per Battle (Army), Deployment Phase", 'Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units. This unit cannot use MOVE abilities in the first turn of the first battle round.').kind).not.toBe("played");
    expect(tr("Once Per Battle (Army), Deployment Phase", 'Remove this unit from the battlefield and set it up again wholly within 3" of a terrain feature and more than 9" from all enemy units. This unit cannot use MOVE abilities in the first turn of the first battle round.').kind).not.toBe("played");
  });
});

describe("passive: the attack's target contesting, the same objective", () => {
  it("[AB-TRANSLATE] Relentless Attackers: a named weapon's Rend 'for attacks that target enemy units contesting an objective' (3 abilities)", () => {
    expect(tr("Passive", "Add 1 to the Rend characteristic of this unit's Flyrider's Arsenal for attacks that target enemy units contesting an objective.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", weapons: ["Flyrider's Arsenal"], targetContesting: true }, do: { kind: "rend", value: 1, direction: "by" } }],
    });
  });

  it("[AB-TRANSLATE] Defend the Banner: save +1 for friendly X units 'while they are contesting the same objective as this unit', no range (2 abilities)", () => {
    expect(tr("Passive", "Add 1 to save rolls for friendly STORMCAST ETERNALS INFANTRY units while they are contesting the same objective as this unit.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["STORMCAST ETERNALS", "INFANTRY"] }, wholly: false, includeSelf: true }, conditions: { attack: "any", sameObjective: true }, do: { kind: "save", value: 1, direction: "against" } }],
    });
  });

  it("[AB-TRANSLATE] near misses: a save modifier against such targets, an objective you control, another unit's objective", () => {
    expect(tr("Passive", "Add 1 to save rolls for this unit for attacks that target enemy units contesting an objective.").kind).not.toBe("played");
    expect(tr("Passive", "Add 1 to the Rend characteristic of this unit's Flyrider's Arsenal for attacks that target enemy units contesting an objective you control.").kind).not.toBe("played");
    expect(tr("Passive", "Add 1 to save rolls for friendly STORMCAST ETERNALS INFANTRY units while they are contesting the same objective as a friendly HERO.").kind).not.toBe("played");
  });
});

describe("for the rest of the battle", () => {
  it("[AB-TRANSLATE] Oath of Conquest: a mark put when the unit contests an objective its army controls wholly within enemy territory, and WARD (5+) that needs it (4 abilities)", () => {
    expect(tr("Once Per Battle, Any Hero Phase", "If this unit is contesting an objective you control that is wholly within enemy territory, this unit has WARD (5+) for the rest of the battle.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "any", limit: "once-per-battle" },
      effects: [
        { whom: self, conditions: { attack: "any", objective: "controlled-in-enemy-territory" }, do: { kind: "mark", token: "mark-x" } },
        { whom: self, conditions: { attack: "any", token: "mark-x" }, do: { kind: "ward", value: 5 } },
      ],
    });
  });

  it("[AB-TRANSLATE] near misses: another phase, the rest of the turn, an objective not in enemy territory", () => {
    const text = "If this unit is contesting an objective you control that is wholly within enemy territory, this unit has WARD (5+) for the rest of the battle.";
    expect(tr("Once Per Battle, Your Movement Phase", text).kind).not.toBe("played");
    expect(tr("Once Per Battle, Any Hero Phase", text.replace("the battle", "the turn")).kind).not.toBe("played");
    expect(tr("Once Per Battle, Any Hero Phase", text.replace(" that is wholly within enemy territory", "")).kind).not.toBe("played");
  });
});
