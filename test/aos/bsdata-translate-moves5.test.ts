/**
 * The moves5 area's translations (src/aos/abilities/translate-moves5.ts): the catalogues' texts, the exact effects
 * written, and near misses that must not be played (test/aos/abilities-moves5.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["INFANTRY"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };
const D6 = { count: 1, sides: 6, plus: 0 };
const D2 = { count: 2, sides: 6, plus: 0 };
const move = (dice: object, extra: object = {}, conditions: object = {}) => ({ whom: self, conditions: { attack: "any", ...conditions }, do: { kind: "phase-move", dice, ...extra } });

describe("moves after the unit's own SHOOT ability", () => {
  it("[AB-TRANSLATE] Fighter Vessels (4): 'Any Shooting Phase: If this unit used a SHOOT ability this phase, this unit can move D6\". It cannot end that move in combat.'", () => {
    expect(tr("Any Shooting Phase", 'If this unit used a SHOOT ability this phase, this unit can move D6". It cannot end that move in combat.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "any", limit: "none" },
      effects: [move(D6)],
    });
  });

  it("[AB-TRANSLATE] Fire and Flight (3, once per turn for the army, 2D6) and Zephyrspites (3, 'up to D6'): reactions to the unit's own SHOOT ability", () => {
    expect(tr("Once Per Turn (Army), Reaction: You declared a SHOOT ability for this unit", 'After that SHOOT ability has been resolved, this unit can move 2D6". It cannot move into combat during any part of that move.')).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-shoot", limit: "once-per-turn-army" },
      effects: [move(D2)],
    });
    expect(tr("Reaction: You declared a SHOOT ability for this unit", 'After that SHOOT ability has been resolved, this unit can move up to D6". It cannot move into combat during any part of that move.')).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-shoot", limit: "none" },
      effects: [move(D6)],
    });
  });

  it("near misses: a move that can end in combat, another unit's SHOOT ability, a combat phase, a fixed distance", () => {
    expect(tr("Any Shooting Phase", 'If this unit used a SHOOT ability this phase, this unit can move D6". It can end that move in combat.').kind).not.toBe("played");
    expect(tr("Reaction: You declared a SHOOT ability for a friendly unit", 'After that SHOOT ability has been resolved, this unit can move up to D6". It cannot move into combat during any part of that move.').kind).not.toBe("played");
    expect(tr("Any Combat Phase", 'If this unit used a SHOOT ability this phase, this unit can move D6". It cannot end that move in combat.').kind).not.toBe("played");
    expect(tr("Any Shooting Phase", 'If this unit used a SHOOT ability this phase, this unit can move 6". It cannot end that move in combat.').kind).not.toBe("played");
  });
});

describe("moves after the unit's own FIGHT ability and in the enemy's combat phase", () => {
  it("[AB-TRANSLATE] Fight And Fly (4): 'Reaction: You declared a FIGHT ability for this unit: If this unit charged this turn, this unit can move up to 2D6\" after that FIGHT ability has been resolved. It cannot end that move in combat.'", () => {
    expect(tr("Reaction: You declared a FIGHT ability for this unit", 'If this unit charged this turn, this unit can move up to 2D6" after that FIGHT ability has been resolved. It cannot end that move in combat.')).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-fight", limit: "none" },
      effects: [move(D2, {}, { charged: true })],
    });
  });

  it("[AB-TRANSLATE] Bounding Leaps (2): 'Once Per Turn (Army), Enemy Combat Phase: This unit can move up to 3\". It can move through the combat ranges of enemy units and end that move in combat.'", () => {
    expect(tr("Once Per Turn (Army), Enemy Combat Phase", 'This unit can move up to 3". It can move through the combat ranges of enemy units and end that move in combat.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "enemy", limit: "once-per-turn-army" },
      effects: [move({ count: 0, sides: 0, plus: 3 })],
    });
  });

  it("near misses: a FIGHT ability of another unit, a move that must end in combat, any combat phase", () => {
    expect(tr("Reaction: You declared a FIGHT ability for a friendly unit", 'If this unit charged this turn, this unit can move up to 2D6" after that FIGHT ability has been resolved. It cannot end that move in combat.').kind).not.toBe("played");
    expect(tr("Reaction: You declared a FIGHT ability for this unit", 'If this unit charged this turn, this unit can move up to 2D6" after that FIGHT ability has been resolved. It must end that move in combat.').kind).not.toBe("played");
    expect(tr("Once Per Turn (Army), Any Combat Phase", 'This unit can move up to 3". It can move through the combat ranges of enemy units and end that move in combat.').kind).not.toBe("played");
  });
});

describe("moves in the enemy's movement phase and at the end of a turn", () => {
  it("[AB-TRANSLATE] Can't Catch Us! (2): not in combat, D6, not ending in combat; Relentless Predators (2): more than 9\" from all enemy units, up to D6", () => {
    expect(tr("Once Per Turn (Army), Enemy Movement Phase", 'If this unit is not in combat, this unit can move D6". It cannot end that move in combat.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "enemy", limit: "once-per-turn-army" },
      effects: [move(D6, {}, { inCombat: false })],
    });
    expect(tr("Once Per Turn (Army), Enemy Movement Phase", 'If this unit is more than 9" from all enemy units, it can move up to D6". It cannot move into combat during any part of that move.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "enemy", limit: "once-per-turn-army" },
      effects: [move(D6, { clear: 9 })],
    });
  });

  it("[AB-TRANSLATE] The Beast Will Out (1): 'Once Per Turn (Army), End of Any Turn: If this unit is not in combat, it can move D6\". It can move into combat.'", () => {
    expect(tr("Once Per Turn (Army), End of Any Turn", 'If this unit is not in combat, it can move D6". It can move into combat.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-turn-army" },
      effects: [move(D6, {}, { inCombat: false })],
    });
  });

  it("[AB-TRANSLATE] Spinning Loons (2): 'Once Per Turn (Army), End of Any Turn: If this unit was not set up this phase, this unit can move 2D6\". It can move through the combat ranges of enemy units and can finish that move in combat.'", () => {
    expect(tr("Once Per Turn (Army), End of Any Turn", 'If this unit was not set up this phase, this unit can move 2D6". It can move through the combat ranges of enemy units and can finish that move in combat.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-turn-army" },
      effects: [move(D2)],
    });
    expect(tr("Once Per Turn (Army), End of Any Turn", 'If this unit was not set up this turn, this unit can move 2D6". It can move through the combat ranges of enemy units and can finish that move in combat.').kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Quicksilver Speed (2, a Normal Move if it charged) and Drifting on Spectral Tides (1, a dice first, 3+): the unit's Move instead of dice", () => {
    expect(tr("Once Per Turn (Army), End of Any Turn", "If this unit charged this turn and has not used the 'Power Through' command this turn, it can immediately use the 'Normal Move' ability as if it were your movement phase.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "once-per-turn-army" },
      effects: [move({ count: 0, sides: 0, plus: 0 }, { normal: true }, { charged: true })],
    });
    expect(tr("End of Any Turn", "Roll a dice. On a 3+, this unit can immediately use the 'Normal Move' or the 'Retreat' ability as if it were your movement phase.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "end-of-turn", whose: "any", limit: "none" },
      effects: [move({ count: 0, sides: 0, plus: 0 }, { normal: true, gate: 3 })],
    });
    expect(tr("End of Any Turn", "Roll a dice. On a 3+, this unit can immediately use the 'Retreat' ability as if it were your movement phase.").kind).not.toBe("played");
  });

  it("near misses: your movement phase, a move that must end in combat, the end of your turn, once per battle", () => {
    expect(tr("Once Per Turn (Army), Your Movement Phase", 'If this unit is not in combat, this unit can move D6". It cannot end that move in combat.').kind).not.toBe("played");
    expect(tr("Once Per Turn (Army), Enemy Movement Phase", 'If this unit is not in combat, this unit can move D6". It must end that move in combat.').kind).not.toBe("played");
    expect(tr("Once Per Turn (Army), End of Your Turn", 'If this unit is not in combat, it can move D6". It can move into combat.').kind).not.toBe("played");
    expect(tr("Once Per Battle (Army), End of Any Turn", 'If this unit is not in combat, it can move D6". It can move into combat.').kind).not.toBe("played");
  });
});
