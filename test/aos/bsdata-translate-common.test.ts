/**
 * The 20 most common ability texts of the shared BSData snapshot (grouped by their full text over all factions,
 * as `tactica units --coverage` groups them; docs/abilities.md "The most common texts"), one test each, named
 * with the text's first words: what the translator writes, and what the engines do with it (on a set-up
 * position where that is short; the longer engine tests are named in each). The texts are quoted inline (a
 * sentence or two each); the ranking itself is checked against the snapshot in bsdata-translate.test.ts.
 */
import { describe, expect, it } from "vitest";
import { coverageOf } from "../../src/aos/abilities/index.js";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { controlWithEffects } from "../../src/aos/battle/effects.js";
import { chargeDice } from "../../src/aos/battle/effects.js";
import { battleAt } from "../support/battle-fixtures.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { translatedAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["CLANRATS", "WEAPON TEAM", "MONSTER"]);
const read = (timing: string, effect: string) => translateAbility({ name: "A", timing, effect }, vocab);
const self = { side: "self", wholly: false, includeSelf: false };
const any = { attack: "any" };
const passive = { timing: "passive" };

/** A battle with Liberators (0) and Vindictors (1), the Liberators carrying the text. */
function liberatorsWith(timing: string, effect: string): { b: Battle; lib: number } {
  const { b, ids } = battleAt("savage-gains", [
    { warscroll: "Liberators", owner: 0, x: 30, y: 10 },
    { warscroll: "Vindictors", owner: 1, x: 30, y: 30 },
  ]);
  const t = read(timing, effect);
  const a = translatedAbility("Liberators", "A", t)!;
  for (const p of b.data.profiles) if (p.warscroll === "Liberators") p.abilities = [a];
  return { b, lib: ids[0]! };
}

describe("the 20 most common BSData ability texts", () => {
  it('[AB-TOP20 1, 47x] "This unit has a maximum control score of 1": played (control max 1): 5 Liberators contesting score 1', () => {
    expect(read("Passive", "This unit has a maximum control score of 1.")).toEqual({ kind: "played", when: passive, effects: [{ whom: self, conditions: any, do: { kind: "control", max: 1 } }] });
    const { b, lib } = liberatorsWith("Passive", "This unit has a maximum control score of 1.");
    expect(controlWithEffects(b, lib, 5, false)).toBe(1);
  });

  it('[AB-TOP20 2, 26x] "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit": played (save-roll trigger; test/aos/abilities-trig.test.ts plays it)', () => {
    expect(read("Passive", "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.")).toEqual({
      kind: "played",
      when: passive,
      effects: [{ whom: self, conditions: { attack: "melee" }, do: { kind: "save-roll", roll: 6, mortal: { count: 0, sides: 0, plus: 1 } } }],
    });
  });

  it('[AB-TOP20 3, 25x] "Once Per Turn (Army), Reaction: This unit was picked as the target of a non-CORE ability: Make a resistance roll of D6": played (resist; test/aos/abilities-common.test.ts plays it in both engines)', () => {
    expect(read("Once Per Turn (Army), Reaction: This unit was picked as the target of a non-CORE ability", "Make a resistance roll of D6. On a 4+, that ability has no effect on this unit.")).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "targeted", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: any, do: { kind: "resist", on: 4 } }],
    });
  });

  it('[AB-TOP20 4, 23x] "Once Per Turn (Army), Your Hero Phase: For the rest of the turn, this unit can use SHOOT and/or CHARGE abilities even if it used a RUN or RETREAT ability": played (charge-after; test/aos/abilities-move.test.ts)', () => {
    expect(read("Once Per Turn (Army), Your Hero Phase", "For the rest of the turn, this unit can use SHOOT and/or CHARGE abilities even if it used a RUN or RETREAT ability in the same turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: any, do: { kind: "charge-after", after: ["run", "retreat"], shoot: true, charge: true, noRetreatDamage: false } }],
    });
  });

  it('[AB-TOP20 5, 22x] "Any Charge Phase: Declare: If this unit charged this phase, pick an enemy unit within 1" of it to be the target": played (declared mortal damage; test/aos/abilities-act.test.ts)', () => {
    const t = read("Any Charge Phase", 'Declare: If this unit charged this phase, pick an enemy unit within 1" of it to be the target.\nEffect: Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.');
    expect(t.kind).toBe("played");
    expect(t.kind === "played" && t.effects.map((e) => [e.whom.side, e.whom.range, e.conditions.charged, e.do.kind])).toEqual([["enemy", 1, true, "mortal"]]);
  });

  it('[AB-TOP20 6, 22x] "This unit has a coherency range of 2"": not played — engine: no effect in the footprint model (a unit is one disc of its models packed 1/2" apart; nothing spreads a unit or removes models for coherency)', () => {
    const t = read("Passive", 'This unit has a coherency range of 2".');
    expect(t.kind).toBe("unread");
    expect(t.kind === "unread" && t.why).toMatch(/^engine: no effect in the footprint model/);
  });

  it('[AB-TRANSLATE] "This unit can pass across terrain features as if it had FLY" (Wall Crawler, 7x): not played — engine: no effect (terrain never stops a move, only where one ends)', () => {
    const t = read("Passive", "This unit can pass across terrain features as if it had FLY.");
    expect(t.kind).toBe("unread");
    expect(t.kind === "unread" && t.why).toMatch(/^engine: no effect: terrain never stops a move in these engines/);
  });

  it('[AB-TOP20 7, 18x] "Start of Any Turn: Heal (D3) this unit": played (healing at the start of a turn; test/aos/healing.test.ts)', () => {
    expect(read("Start of Any Turn", "Heal (D3) this unit.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "start-of-turn", whose: "any", limit: "none" },
      effects: [{ whom: self, conditions: any, do: { kind: "heal", amount: { count: 1, sides: 3, plus: 0 } } }],
    });
  });

  it('[AB-TOP20 8, 15x] "If this unit would be automatically destroyed, it is not automatically destroyed": played (not-destroyed, 6 damage points instead; test/aos/abilities-common.test.ts)', () => {
    expect(read("Passive", "If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate 6 damage points to it (ward rolls cannot be made for those damage points).")).toEqual({
      kind: "played",
      when: passive,
      effects: [{ whom: self, conditions: any, do: { kind: "not-destroyed", damage: { count: 0, sides: 0, plus: 6 } } }],
    });
  });

  it('[AB-TOP20 9, 14x] "This unit can use UNBIND abilities as if it had WIZARD (1)": played (unbind; test/aos/abilities-spell.test.ts)', () => {
    expect(read("Passive", "This unit can use UNBIND abilities as if it had WIZARD (1).")).toEqual({ kind: "played", when: passive, effects: [{ whom: self, conditions: any, do: { kind: "unbind" } }] });
  });

  it('[AB-TOP20 10, 15, 18: 14x, 11x, 9x] "While this unit has 10 or more damage points ..." (Battle Damaged): played by other engine code where the warscroll carries it as data (PB-REALM-FERAL-ROAR)', () => {
    const text = "While this unit has 10 or more damage points, the Attacks characteristic of its Thundertusk's Colossal Tusks is 2.";
    const c = coverageOf([{ warscroll: "Huskard on Thundertusk (BSData)", abilityNames: ["Battle Damaged"], abilities: [{ name: "Battle Damaged", timing: "Passive", effect: text }], battleDamaged: true }], vocab);
    expect(c.entries.map((e) => [e.status, e.note])).toEqual([["engine", "Battle Damaged data (PB-REALM-FERAL-ROAR)"]]);
  });

  it(`[AB-TOP20 11, 12x] "Immediately after resolving this unit's 'Full Power!' ability, you must roll a number of dice equal to the number of heat tokens": played where its warscroll's heat-token ability offers Full Throttle (test/aos/abilities-common.test.ts), not where it has none`, () => {
    const over = { name: "Overheating", timing: "Passive", effect: "Immediately after resolving this unit's 'Full Power!' ability, you must roll a number of dice equal to the number of heat tokens this unit has. For each 5+, allocate 1 damage point to this unit (ward rolls cannot be made for those damage points), then remove 1 of this unit's heat tokens." };
    expect(translateAbility(over, vocab)).toEqual({ kind: "played", when: passive, effects: [{ whom: self, conditions: any, do: { kind: "overheat", on: 5 } }] });
    const heat = (option: string) => ({ name: "Full Power!", timing: "Once Per Turn (Army), Any Hero Phase", effect: `Pick 1 or more of the following effects. For each effect you pick, give this unit a number of heat tokens equal to the number beside it. ${option}` });
    const cov = (option: string) =>
      coverageOf([{ warscroll: "Cogfort (BSData)", abilityNames: ["Full Power!", "Overheating"], abilities: [heat(option), over] }], vocab).entries.map((e) => e.status);
    expect(cov(`2 *Full Throttle*: For the rest of the turn, this unit's Move characteristic is 10". 6 *Get Us Out of Here!*: For the rest of the turn, this unit can use SHOOT abilities even if it used a RETREAT ability in the same turn.`)).toEqual(["translated", "translated-played"]);
    expect(cov(`1 *Load Triple Shot!*: This unit's Breacher Cannon has Crit (2 Hits).`)).toEqual(["translated", "translated"]);
  });

  it('[AB-TOP20 12, 12x] "Apply the effect below that corresponds with the number of daemonic power points this unit has": played since hashut6 — the points come from the Helsmiths of Hashut battle traits (battle/hashut6.ts), the 4+ ward with 3 points only against spells, prayers and manifestations (wardMagic)', () => {
    const t = read("Passive", "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 This unit has WARD (6+). 2 This unit has WARD (5+). 3 This unit has WARD (4+) against damage inflicted by SPELLS, PRAYERS, and abilites used by MANIFESTATIONS. Otherwise, it has WARD (5+).");
    expect(t.kind).toBe("played"); // test/aos/bsdata-translate-hashut6.test.ts: the exact effects
  });

  it('[AB-TOP20 13, 12x] "Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit while it is wholly within the creeping overgrowth": played — the condition overgrowth (sylvaneth6; test/aos/abilities-sylvaneth6.test.ts)', () => {
    const t = read("Passive", "Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit while it is wholly within the creeping overgrowth.");
    expect(t.kind === "played" && t.effects.map((e) => [e.do.kind, e.conditions.overgrowth])).toEqual([["rend", "wholly"]]);
  });

  it('[AB-TOP20 14, 11x] "This unit can use CHARGE abilities even if it used a RETREAT ability in the same turn. In addition, no mortal damage is inflicted on this unit by RETREAT abilities": played (charge-after; test/aos/abilities-move.test.ts)', () => {
    expect(read("Passive", "This unit can use CHARGE abilities even if it used a RETREAT ability in the same turn. In addition, no mortal damage is inflicted on this unit by RETREAT abilities.")).toEqual({
      kind: "played",
      when: passive,
      effects: [
        { whom: self, conditions: any, do: { kind: "charge-after", after: ["retreat"], shoot: false, charge: true, noRetreatDamage: false } },
        { whom: self, conditions: any, do: { kind: "charge-after", after: ["retreat"], shoot: false, charge: false, noRetreatDamage: true } },
      ],
    });
  });

  it('[AB-TOP20 16, 10x] "Add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3": played (charge-dice): 3 dice', () => {
    const { b, lib } = liberatorsWith("Passive", "Add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3.");
    expect(chargeDice(b, lib)).toBe(3);
  });

  it('[AB-TOP20 17, 10x] "Each time this unit has charged as a result of using a CHARGE ability, it gains 1 momentum point": played (momentum; test/aos/abilities-common.test.ts)', () => {
    const t = read(
      "Passive",
      "Each time this unit has charged as a result of using a CHARGE ability, it gains 1 momentum point. Each time it uses a RUN ability, it gains 2 momentum points. It can have a maximum of 3 momentum points at once. Add the number of momentum points this unit has to the Damage characteristic of its MAW-GRUNTA'S TUSKS. At the end of each battle round, subtract 1 from its momentum points, to a minimum of 0.",
    );
    expect(t).toEqual({ kind: "played", when: passive, effects: [{ whom: self, conditions: any, do: { kind: "momentum", charge: 1, run: 2, max: 3, weapon: "MAW-GRUNTA'S TUSKS", roundLoss: 1 } }] });
  });

  it('[AB-TOP20 19, 9x] "This unit can pass through models in non-MONSTER units and parts of terrain features that are less than 4" tall": played (pass-through; test/aos/abilities-common.test.ts)', () => {
    expect(read("Passive", 'This unit can pass through models in non-MONSTER units and parts of terrain features that are less than 4" tall.')).toEqual({
      kind: "played",
      when: passive,
      effects: [{ whom: self, conditions: any, do: { kind: "pass-through", notKeywords: ["MONSTER"], terrainBelow: 4 } }],
    });
  });

  it('[AB-TOP20 20, 9x] "While this unit is within the combat range of a friendly Clanrats unit that has 5 or more models ... not visible to enemy units more than 13" away": played (hidden; test/aos/abilities-common.test.ts)', () => {
    const t = read("Passive", 'While this unit is within the combat range of a friendly Clanrats unit that has 5 or more models, and there are no other friendly WEAPON TEAM units within that unit\'s combat range, this unit is not visible to enemy units more than 13" away.');
    expect(t).toEqual({ kind: "played", when: passive, effects: [{ whom: self, conditions: any, do: { kind: "hidden", beyond: 13, escort: { filter: { warscrolls: ["Clanrats"] }, minModels: 5, range: 3 }, alone: "WEAPON TEAM" } }] });
  });

  it('[AB-TOP20 21, 9x] "End of Any Turn: Heal (D6) this unit" (tied 20th): played (healing at the end of a turn; test/aos/healing.test.ts)', () => {
    const t = read("End of Any Turn", "Heal (D6) this unit.");
    expect(t.kind === "played" && t.effects.map((e) => e.do)).toEqual([{ kind: "heal", amount: { count: 1, sides: 6, plus: 0 } }]);
  });

  it('[AB-TRANSLATE:Magical Resistance, Arcane Heritage] "Reaction: Opponent declared a SPELL ability: If this unit [or a friendly X unit wholly within 12" of this unit] was picked to be the target of that spell, roll a dice": resist against spells, once a phase unless "more than once per phase"', () => {
    expect(read("Reaction: Opponent declared a SPELL ability", "If this unit was picked to be the target of that spell, roll a dice. On a 4+, ignore the effect of that spell on this unit.")).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "targeted", limit: "none" },
      effects: [{ whom: self, conditions: any, do: { kind: "resist", on: 4, against: "spell", oncePerPhase: true } }],
    });
    const shield = read("Reaction: Opponent declared a SPELL ability", "If this unit was picked to be the target of that spell, roll a dice. On a 3+, ignore the effect of that spell on this unit. This unit can use this ability more than once per phase but only once per SPELL ability.");
    expect(shield.kind === "played" && shield.effects[0]!.do).toEqual({ kind: "resist", on: 3, against: "spell" });
    const heritage = read(
      "Reaction: Opponent declared a SPELL ability",
      'If this unit or a friendly Stormdrake Guard unit wholly within 12" of this unit was picked to be the target of that spell, roll a dice. On a 4+, ignore the effect of that spell on this unit or that friendly unit. This unit can use this ability more than once per phase but only once per Spell ability',
    );
    expect(heritage.kind === "played" && heritage.effects[0]!.whom).toEqual({ side: "friendly", filter: { warscrolls: ["Stormdrake Guard"] }, range: 12, wholly: true, includeSelf: true });
    // Near misses: another unit's unbinding, a move in answer to a spell.
    expect(read("Reaction: Opponent declared a SPELL ability", "If a friendly NIGHTHAUNT unit wholly within 12\" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had WIZARD (1).").kind).toBe("unread");
    expect(read("Reaction: Opponent declared a SPELL ability", "If this unit was picked to be the target of that spell, roll a dice. On a 4+, ignore the effect of that spell on this unit or that friendly unit.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE] near misses of the common patterns are not read: another resistance roll's timing, a different destroyed-outright clause, momentum of another weapon phrase, pass-through of enemy INFANTRY models without their combat ranges (the escorted hidden form is read: passive2)", () => {
    expect(read("Once Per Turn (Army), Reaction: Opponent declared a SPELL ability", "Make a resistance roll of D6. On a 4+, that ability has no effect on this unit.").kind).toBe("unread");
    expect(read("Passive", "If this unit has 2 models and would be automatically destroyed, it is not automatically destroyed. Instead, 1 model in this unit is slain.").kind).toBe("unread");
    // Threshing Doom's pass-through of enemy INFANTRY models and combat ranges is read by the tail4 area (translate-tail4.ts).
    expect(read("Passive", "When this unit moves, it can pass through models in enemy INFANTRY units and can pass through the combat ranges of enemy INFANTRY units, but it cannot end a move in combat unless specified in the ability used.").kind).toBe("played");
    expect(read("Passive", "When this unit moves, it can pass through models in enemy INFANTRY units, but it cannot end a move in combat unless specified in the ability used.").kind).toBe("unread");
    // The escorted form with no enemy near is the passive2 area's (translate-passive2.ts: `hidden` with `clear`).
    expect(read("Passive", 'While this unit is within the combat range of a friendly INFANTRY unit that has 5 or more models and there are no enemy units within this unit\'s combat range, this unit is not visible to enemy units.').kind).toBe("played");
  });
});
