/**
 * The tail4 area's translations (src/aos/abilities/translate-tail4.ts and the readers it hooks into): the catalogues'
 * texts, the exact effects written, and near misses that must not be played (test/aos/abilities-tail4.test.ts plays
 * them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY", "CAVALRY", "NAMARTI", "IDONETH DEEPKIN"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };

describe("passing through enemy units' models and combat ranges", () => {
  const text = (kw1: string, kw2: string, end = "a move") =>
    `When this unit moves, it can pass through models in enemy ${kw1} units and can pass through the combat ranges of enemy ${kw2} units, but it cannot end ${end} in combat unless specified in the ability used.`;

  it("[AB-TRANSLATE] Threshing Doom (7 abilities) and Barge Through ('enemy Infantry units', 'the move': 3): pass-through of enemy INFANTRY units' models and combat ranges", () => {
    const want = { kind: "played", when: { timing: "passive" }, effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "pass-through", notKeywords: [], terrainBelow: 0, enemyKeywords: ["INFANTRY"], ranges: true } }] };
    expect(tr("Passive", text("INFANTRY", "INFANTRY"))).toEqual(want);
    expect(tr("Passive", text("INFANTRY", "Infantry", "the move"))).toEqual(want);
  });

  it("near misses: two different keywords, a keyword no warscroll carries, another timing, without the combat ranges", () => {
    expect(tr("Passive", text("INFANTRY", "CAVALRY")).kind).not.toBe("played");
    expect(tr("Passive", text("GOBLIN", "GOBLIN")).kind).not.toBe("played");
    expect(tr("Any Movement Phase", text("INFANTRY", "INFANTRY")).kind).not.toBe("played");
    expect(tr("Passive", "When this unit moves, it can pass through models in enemy INFANTRY units, but it cannot end a move in combat unless specified in the ability used.").kind).not.toBe("played");
  });
});

describe("a combat phase's weapon abilities, read as the passive text", () => {
  it("[AB-TRANSLATE] Akhelian Insights: 'Any Combat Phase: Melee weapons used by friendly NAMARTI units have Crit (2 Hits) while they are wholly within 12\" of this unit' (4 abilities)", () => {
    expect(tr("Any Combat Phase", 'Melee weapons used by friendly NAMARTI units have Crit (2 Hits) while they are wholly within 12" of this unit.')).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["NAMARTI"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee" }, do: { kind: "weapon-ability", ability: "Crit (2 Hits)", direction: "by" } }],
    });
  });

  it("near misses: another phase, a limit, a modifier that is not a weapon ability (another area's), a Declare", () => {
    const crit = 'Melee weapons used by friendly NAMARTI units have Crit (2 Hits) while they are wholly within 12" of this unit.';
    expect(tr("Your Combat Phase", crit).kind).not.toBe("played");
    expect(tr("Once Per Turn, Any Combat Phase", crit).kind).not.toBe("played");
    expect(tr("Any Shooting Phase", crit).kind).not.toBe("played");
    expect(tr("Any Combat Phase", 'Add 1 to hit rolls for combat attacks made by friendly NAMARTI units while they are wholly within 12" of this unit.').kind).not.toBe("played");
    expect(tr("Any Combat Phase", `Declare: Pick a friendly NAMARTI unit.\nEffect: ${crit}`).kind).not.toBe("played");
  });
});

describe("shooting after a run near other units of the warscroll", () => {
  it("[AB-TRANSLATE] Attack Squadron: 'While this unit is wholly within 12\" of any other friendly Grundstok Gunhaulers, it can use SHOOT abilities even if it used the 'Run' ability in the same turn' (4 abilities)", () => {
    expect(tr("Passive", "While this unit is wholly within 12\" of any other friendly Grundstok Gunhaulers, it can use SHOOT abilities even if it used the 'Run' ability in the same turn.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        {
          whom: self,
          conditions: { attack: "any", near: { filter: { warscrolls: ["Grundstok Gunhauler", "Grundstok Gunhauler (Scourge of Ghyran)"] }, range: 12, wholly: true, measured: "this-within" } },
          do: { kind: "charge-after", after: ["run"], shoot: true, charge: false, noRetreatDamage: false },
        },
      ],
    });
  });

  it("near misses: CHARGE abilities (not this wording's), a keyword phrase in place of the warscroll's name", () => {
    expect(tr("Passive", "While this unit is wholly within 12\" of any other friendly Grundstok Gunhaulers, it can use CHARGE abilities even if it used the 'Run' ability in the same turn.").kind).not.toBe("played");
    expect(tr("Passive", "While this unit is wholly within 12\" of any other friendly INFANTRY units, it can use SHOOT abilities even if it used the 'Run' ability in the same turn.").kind).not.toBe("played");
  });
});

describe("Crit for the rest of the turn if the unit charged", () => {
  it("[AB-TRANSLATE] Severing Strike: 'Once Per Turn (Army), Any Combat Phase: If this unit charged this turn, this unit's melee weapons have Crit (Mortal)' (3 abilities): hero3's Crit for a while on the unit, if it charged", () => {
    expect(tr("Once Per Turn (Army), Any Combat Phase", "If this unit charged this turn, this unit's melee weapons have Crit (Mortal).")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "melee", charged: true }, do: { kind: "for-the-turn", set: "weapon-ability", ability: "Crit (Mortal)", companionOnly: false } }],
    });
  });

  it("near misses: another phase, once per phase for the army, a Crit the language has not", () => {
    const t = "If this unit charged this turn, this unit's melee weapons have Crit (Mortal).";
    expect(tr("Once Per Turn (Army), Your Shooting Phase", t).kind).not.toBe("played");
    expect(tr("Once Per Phase (Army), Any Combat Phase", t).kind).not.toBe("played");
    expect(tr("Any Combat Phase", "If this unit charged this turn, this unit's melee weapons have Crit (3 Hits).").kind).not.toBe("played");
  });
});

describe("re-rolling resistance rolls", () => {
  const rv = keywordVocabulary(["RUINATION CHAMBER"]);
  it("[AB-TRANSLATE] The Flames of Hope: 'You can re-roll resistance rolls for friendly RUINATION CHAMBER units while they are wholly within 12\" of this unit' (4 abilities): resist-reroll", () => {
    expect(translateAbility({ name: "X", timing: "Passive", effect: 'You can re-roll resistance rolls for friendly RUINATION CHAMBER units while they are wholly within 12" of this unit.' }, rv)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["RUINATION CHAMBER"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "resist-reroll" } }],
    });
  });

  it("near misses: 'within' (not wholly), chanting rolls, a keyword no warscroll carries", () => {
    const t = (s: string) => translateAbility({ name: "X", timing: "Passive", effect: s }, rv).kind;
    expect(t('You can re-roll resistance rolls for friendly RUINATION CHAMBER units while they are within 12" of this unit.')).not.toBe("played");
    expect(t('You can re-roll chanting rolls for friendly RUINATION CHAMBER units while they are wholly within 12" of this unit.')).not.toBe("played");
    expect(t('You can re-roll resistance rolls for friendly GOBLIN units while they are wholly within 12" of this unit.')).not.toBe("played");
  });
});

describe("no runs or retreats near an enemy unit", () => {
  const enemy = (range: number) => ({ side: "enemy", range, wholly: false, includeSelf: false });
  it("[AB-TRANSLATE] Terror Of The Deep Woods: 'Enemy units cannot use RUN or RETREAT abilities while they are within 9\" of this unit' (2 abilities): no-run, enemy units within 9\"", () => {
    expect(tr("Passive", 'Enemy units cannot use RUN or RETREAT abilities while they are within 9" of this unit.')).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: enemy(9), conditions: { attack: "any" }, do: { kind: "no-run", run: true, retreat: true } }],
    });
  });

  it("[AB-TRANSLATE] Captive Audience: 'Enemy units cannot use RETREAT abilities while they are in combat with this unit' (1 ability): no-run (retreats only), enemy units within 3\"", () => {
    expect(tr("Passive", "Enemy units cannot use RETREAT abilities while they are in combat with this unit.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: enemy(3), conditions: { attack: "any" }, do: { kind: "no-run", run: false, retreat: true } }],
    });
  });

  it("near misses: CHARGE abilities, friendly units, a second sentence, wholly within", () => {
    expect(tr("Passive", 'Enemy units cannot use CHARGE abilities while they are within 9" of this unit.').kind).not.toBe("played");
    expect(tr("Passive", 'Friendly units cannot use RUN abilities while they are within 9" of this unit.').kind).not.toBe("played");
    expect(tr("Passive", "Enemy units cannot use RETREAT abilities while they are in combat with this unit. This unit has WARD (5+).").kind).not.toBe("played");
    expect(tr("Passive", 'Enemy units cannot use RUN abilities while they are wholly within 9" of this unit.').kind).not.toBe("played");
  });
});

describe("a fight-after reaction's Crit bonus", () => {
  const fv = keywordVocabulary(["SERFS"]);
  const pick = "Pick a friendly SERFS unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved.";
  const reaction = (effect: string) => translateAbility({ name: "X", timing: "Reaction: You declared a FIGHT ability for this unit", effect }, fv);
  it("[AB-TRANSLATE] Executioner's Entourage: 'If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the rest of the turn' (4 abilities): the fight-after effect, then hero3's Crit for a while on the unit picked", () => {
    const whom = { side: "friendly", filter: { keywords: ["SERFS"] }, range: 3, wholly: false, includeSelf: false };
    expect(reaction(`${pick} If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the rest of the turn.`)).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-fight", limit: "none" },
      effects: [
        { whom, conditions: { attack: "any" }, do: { kind: "fight-after" } },
        { whom, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "weapon-ability", ability: "Crit (2 Hits)", companionOnly: false } },
      ],
    });
  });

  it("near misses: until the start of your next turn, the unit's own weapons, a Crit the language has not", () => {
    expect(reaction(`${pick} If it is picked to do so, the target's melee weapons have Crit (2 Hits) until the start of your next turn.`).kind).not.toBe("played");
    expect(reaction(`${pick} If it is picked to do so, this unit's melee weapons have Crit (2 Hits) for the rest of the turn.`).kind).not.toBe("played");
    expect(reaction(`${pick} If it is picked to do so, the target's melee weapons have Crit (3 Hits) for the rest of the turn.`).kind).not.toBe("played");
  });
});

describe("no models returned near the unit", () => {
  it("[AB-TRANSLATE] Redemptor Casket: 'Models cannot be returned to enemy units within 12\" of this unit' (2 abilities): no-return on enemy units within 12\"", () => {
    expect(tr("Passive", 'Models cannot be returned to enemy units within 12" of this unit.')).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "enemy", range: 12, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "no-return" } }],
    });
  });

  it("near misses: friendly units, healing too, another timing", () => {
    expect(tr("Passive", 'Models cannot be returned to friendly units within 12" of this unit.').kind).not.toBe("played");
    expect(tr("Passive", 'Enemy units within 12" of this unit cannot be healed or have models returned to them.').kind).not.toBe("played");
    expect(tr("Your Hero Phase", 'Models cannot be returned to enemy units within 12" of this unit.').kind).not.toBe("played");
  });
});
