/**
 * The BSData translator's set-up patterns (src/aos/abilities/translate-moves.ts; docs/abilities.md "Set-ups and
 * redeployment"): each exact text with its exact effect, the pairing of a reserve with its arrival, the near
 * misses that must not translate, and — when the shared BSData snapshot is present — the catalogues' pairs read.
 */
import { describe, expect, it } from "vitest";
import { coverageOf } from "../../src/aos/abilities/index.js";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { pairSetUps } from "../../src/aos/abilities/translate-moves.js";

const vocab = keywordVocabulary([]);
const SELF = { side: "self", wholly: false, includeSelf: false };
const t = (timing: string, effect: string) => translateAbility({ name: "A", timing, effect }, vocab);

describe("translator: set-ups", () => {
  it("[AB-TRANSLATE] a reserve at deployment: the three wordings, each the place the unit waits in", () => {
    expect(t("Deployment Phase", "Declare: Pick this unit if it has not been deployed.\nEffect: Set up this unit in reserve in a secret tunnel. It has now been deployed.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "deployment", whose: "any", limit: "none" },
      effects: [{ whom: SELF, conditions: { attack: "any" }, do: { kind: "reserve", location: "in a secret tunnel" } }],
    });
    expect(t("Deployment Phase", "Set up this unit in reserve waiting in ambush. It has now been deployed.")).toMatchObject({ kind: "played", effects: [{ do: { kind: "reserve", location: "waiting in ambush" } }] });
    expect(t("Once Per Battle (Army), Deployment Phase", "Declare: Pick this unit if it has not been deployed.\nEffect: Set up this unit in reserve beneath the waves. It has now been deployed.")).toMatchObject({
      kind: "played",
      when: { limit: "once-per-battle-army" },
      effects: [{ do: { kind: "reserve", location: "beneath the waves" } }],
    });
    // Near misses: more units than this one, "must be deployed using this ability", a reserve of passengers.
    expect(t("Deployment Phase", "Declare: This unit must be deployed using this ability.\nEffect: Set up this unit in reserve masked by illusion. It has now been deployed.").kind).not.toBe("played");
    expect(t("Deployment Phase", "Declare: Pick this unit and up to 2 friendly FLESH-EATER COURTS units in this unit's regiment that have not been deployed to be the targets.\nEffect: Set up the target units in reserve patrolling the borders. They have now been deployed.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE] an arrival: anywhere more than 9\" from all enemy units, or also wholly within 9\" of a battlefield edge (both orders); not with a further sentence", () => {
    expect(t("Your Movement Phase", 'Declare: Pick this unit if it is in a secret tunnel.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "your", limit: "none" },
      effects: [{ whom: SELF, conditions: { attack: "any" }, do: { kind: "arrive", location: "in a secret tunnel", moreThanFromEnemies: 9 } }],
    });
    // The catalogue's "i t" typo is read.
    expect(t("Any Movement Phase", 'Declare: Pick this unit if i t is waiting in ambush.\nEffect: Set up this unit on the battlefield wholly within 9" of a battlefield edge and more than 9" from all enemy units.')).toMatchObject({
      kind: "played",
      effects: [{ do: { kind: "arrive", location: "waiting in ambush", moreThanFromEnemies: 9, whollyWithinEdge: 9 } }],
    });
    expect(t("Your Movement Phase", 'Declare: Pick this unit if it is beneath the waves.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units and wholly within 9" of a battlefield edge.')).toMatchObject({
      effects: [{ do: { kind: "arrive", location: "beneath the waves", moreThanFromEnemies: 9, whollyWithinEdge: 9 } }],
    });
    // Near misses: a bonus after it (Corvus Cabal), a placement by another unit, enemy territory.
    expect(t("Your Movement Phase", 'Declare: Pick this unit if it is lurking in the shadows.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units. Then, add 1 to charge rolls for this unit for the rest of the turn.').kind).toBe("unread");
    expect(t("Your Movement Phase", 'Declare: Pick this unit if it is lying in wait.\nEffect: Set up this unit wholly within enemy territory and more than 9" from all enemy units.').kind).toBe("unread");
    expect(t("Once Per Turn (Army), Any Movement Phase", 'Declare: Pick this unit if it is in the tunnels below and includes any models armed with Grinderfists.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units.').kind).toBe("unread");
  });

  it("[AB-TRANSLATE] a reserve and an arrival are played only as a pair naming the same place", () => {
    const dep = t("Deployment Phase", "Set up this unit in reserve in a secret tunnel. It has now been deployed.");
    const arr = t("Your Movement Phase", 'Declare: Pick this unit if it is in a secret tunnel.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units.');
    const other = t("Your Movement Phase", 'Declare: Pick this unit if it is high above the battlefield.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units.');
    expect(pairSetUps([dep, arr]).map((x) => x.kind)).toEqual(["played", "played"]);
    expect(pairSetUps([dep, other]).map((x) => x.kind)).toEqual(["translated", "translated"]);
    expect(pairSetUps([dep])[0]).toMatchObject({ kind: "translated", why: expect.stringContaining("played with its arrival") });
  });

  it("[AB-TRANSLATE] remove this unit from the battlefield and set it up again: in your movement phase, with 'not in combat' and a battlefield edge", () => {
    expect(t("Once Per Turn (Army), Your Movement Phase", 'Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.')).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "movement", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: SELF, conditions: { attack: "any" }, do: { kind: "redeploy", moreThanFromEnemies: 9 } }],
    });
    expect(t("Your Movement Phase", 'If this unit is not in combat, remove it from the battlefield and set it up again on the battlefield more than 9" from all enemy units.')).toMatchObject({
      kind: "played",
      effects: [{ conditions: { inCombat: false }, do: { kind: "redeploy", moreThanFromEnemies: 9 } }],
    });
    expect(t("Your Movement Phase", 'Remove this unit from the battlefield and set it up again on the battlefield wholly within 6" of a battlefield edge and more than 9" from all enemy units.')).toMatchObject({
      effects: [{ do: { kind: "redeploy", moreThanFromEnemies: 9, whollyWithinEdge: 6 } }],
    });
    // Near misses: another timing, near a terrain feature, a further sentence.
    expect(t("End of Your Turn", 'Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.').kind).toBe("unread");
    expect(t("Your Movement Phase", 'Remove this unit from the battlefield and set it up again wholly within 3" of a terrain feature and more than 9" from all enemy units.').kind).toBe("unread");
    expect(t("Once Per Battle, Your Movement Phase", 'Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.').kind).toBe("unread");
  });

  it("[AB-TRANSLATE] 'Your Charge Phase: for the rest of the phase | turn, add 1 to the number of dice rolled when making charge rolls for ...': a played charge-dice effect; not once per turn (army), not an enemy's", () => {
    const v = keywordVocabulary(["DESTRUCTION"]);
    expect(translateAbility({ name: "A", timing: "Your Charge Phase", effect: 'For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for friendly DESTRUCTION units while they are wholly within 12" of this unit, to a maximum of 3.' }, v)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "your", limit: "none" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["DESTRUCTION"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "charge-dice", add: 1, max: 3 } }],
    });
    expect(t("Your Charge Phase", "For the rest of the phase, add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3.")).toMatchObject({ kind: "played", effects: [{ whom: SELF, do: { kind: "charge-dice", add: 1, max: 3 } }] });
    expect(t("Once Per Turn (Army), Your Charge Phase", "For the rest of the phase, add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3.").kind).not.toBe("played");
    expect(t("Your Charge Phase", "For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for enemy units while they are within 12\" of this unit, to a maximum of 3.").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] charge re-rolls: a passive aura, and the reactions to a CHARGE ability (the whole roll, 1 dice, a dice to a 4); near misses unread", () => {
    const v = keywordVocabulary(["LUMINETH REALM-LORDS", "OGOR MAWTRIBES"]);
    const tr = (timing: string, effect: string) => translateAbility({ name: "A", timing, effect }, v);
    expect(tr("Passive", 'You can re-roll charge rolls for friendly LUMINETH REALM-LORDS units while they are wholly within 6" of this unit.')).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["LUMINETH REALM-LORDS"] }, range: 6, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "charge-reroll", dice: "all" } }],
    });
    expect(tr("Once Per Turn (Army), Reaction: You declared a CHARGE ability for this unit", "You can re-roll the charge roll.")).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-charge", limit: "once-per-turn-army" },
      effects: [{ whom: SELF, conditions: { attack: "any" }, do: { kind: "charge-reroll", dice: "all" } }],
    });
    expect(tr('Once Per Turn (Army), Reaction: You declared a CHARGE ability for an OGOR MAWTRIBES unit wholly within 12" of this unit', "Re-roll 1 dice in that charge roll.")).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "friendly", filter: { keywords: ["OGOR MAWTRIBES"] }, range: 12, wholly: true, includeSelf: true }, do: { kind: "charge-reroll", dice: "one" } }],
    });
    expect(tr("Reaction: You declared a CHARGE ability for this unit", "Change one of the dice in the charge roll to a 4.")).toMatchObject({
      kind: "played",
      when: { limit: "none" },
      effects: [{ do: { kind: "charge-reroll", dice: "four" } }],
    });
    // Near misses: a further sentence (Blood Knights), an enemy's roll, an unknown keyword.
    expect(tr("Reaction: You declared a CHARGE ability for this unit", "You can re-roll the charge roll for that CHARGE ability. Then, before the charge move is made, you can pick a friendly Blood Knights unit.").kind).toBe("unread");
    expect(tr("Passive", 'You can re-roll charge rolls for enemy units while they are within 6" of this unit.').kind).toBe("unread");
    expect(tr('Reaction: You declared a CHARGE ability for a WIBBLE unit wholly within 12" of this unit', "Re-roll 1 dice in that charge roll.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE] charging after a run or retreat near the unit: the three auras, played; a warscroll's name or a pick unread", () => {
    const v = keywordVocabulary(["KRULEBOYZ", "INFANTRY", "ESHIN", "HELSMITHS OF HASHUT", "CAVALRY", "FLESH-EATER COURTS", "MONSTER"]);
    const tr = (effect: string) => translateAbility({ name: "A", timing: "Passive", effect }, v);
    expect(tr('While they are wholly within 12" of this unit, friendly KRULEBOYZ INFANTRY units can use CHARGE abilities even if they used a RUN ability in the same turn.')).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["KRULEBOYZ", "INFANTRY"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any" }, do: { kind: "charge-after", after: ["run"], shoot: false, charge: true, noRetreatDamage: false } }],
    });
    expect(tr('While they are wholly within 12" of this unit, friendly non-HERO FLESH-EATER COURTS MONSTERS can use CHARGE abilities even if they used a Run ability in the same turn.')).toMatchObject({
      kind: "played",
      effects: [{ whom: { filter: { keywords: ["FLESH-EATER COURTS", "MONSTER"], notKeywords: ["HERO"] } }, do: { kind: "charge-after", after: ["run"] } }],
    });
    expect(tr('While friendly ESHIN units are wholly within 13" of this unit, they can use SHOOT and/or CHARGE abilities even if they used a RUN ability in the same turn.')).toMatchObject({
      kind: "played",
      effects: [{ whom: { filter: { keywords: ["ESHIN"] }, range: 13 }, do: { kind: "charge-after", after: ["run"], shoot: true, charge: true } }],
    });
    expect(tr('While a friendly HELSMITHS OF HASHUT CAVALRY unit is wholly within 12" of this unit: • That unit can use a RETREAT ability and still use CHARGE abilities later in the turn. • No mortal damage is inflicted on that unit by RETREAT abilities.')).toMatchObject({
      kind: "played",
      effects: [{ do: { kind: "charge-after", after: ["retreat"], charge: true } }, { do: { kind: "charge-after", after: ["retreat"], noRetreatDamage: true } }],
    });
    // Attack Squadron's wording is read by the tail4 area (translate-tail4.ts: bsdata-translate-tail4.test.ts).
    expect(tr("While this unit is wholly within 12\" of any other friendly Grundstok Gunhaulers, it can use SHOOT abilities even if it used the 'Run' ability in the same turn.").kind).toBe("played");
  });

  it("[AB-TRANSLATE] a normal move in the deployment phase: both wordings; not once per battle, not in another phase, not for picked targets", () => {
    expect(t("Deployment Phase", "This unit can use the 'Normal Move' ability as if it were your movement phase.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "deployment", whose: "any", limit: "none" },
      effects: [{ whom: SELF, conditions: { attack: "any" }, do: { kind: "normal-move" } }],
    });
    expect(t("Deployment Phase", "This unit can immediately use the 'Normal Move' ability as if it were your movement phase.").kind).toBe("played");
    expect(t("Once Per Battle (Army), Deployment Phase", "This unit can use the 'Normal Move' ability as if it were your movement phase.").kind).not.toBe("played");
    expect(t("End of Any Turn", "This unit can immediately use the 'Normal Move' ability as if it were your movement phase.").kind).not.toBe("played");
    const v = keywordVocabulary(["STORMCAST ETERNALS", "DEATHRATTLE", "DEADWALKERS"]);
    expect(translateAbility({ name: "A", timing: "Deployment Phase", effect: "Declare: Pick up to 3 friendly STORMCAST ETERNALS INFANTRY units to be the targets.\nEffect: Each target can use the 'Normal Move' ability as if it were your movement phase." }, v)).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "friendly", filter: { keywords: ["STORMCAST ETERNALS", "INFANTRY"] }, wholly: false, includeSelf: true }, do: { kind: "normal-move", upTo: 3 } }],
    });
    expect(translateAbility({ name: "A", timing: "Deployment Phase", effect: "Declare: Pick up to 3 friendly DEATHRATTLE INFANTRY or DEADWALKERS INFANTRY units to be the targets.\nEffect: Each target can use the 'Normal Move' ability as if it were your movement phase." }, v)).toMatchObject({
      kind: "played",
      effects: [{ whom: { filter: { keywords: ["INFANTRY"], anyKeywords: ["DEATHRATTLE", "DEADWALKERS"] } }, do: { kind: "normal-move", upTo: 3 } }],
    });
    expect(t("Once Per Battle (Army), Deployment Phase", "Declare: Pick this unit and up to 3 friendly Namarti Thralls units wholly within 12\" of this unit to be the targets.\nEffect: Each target can use the 'Normal Move' ability as if it were your movement phase.")).toMatchObject({
      kind: "played",
      effects: [{ whom: SELF, do: { kind: "normal-move" } }, { whom: { side: "friendly", filter: { warscrolls: ["Namarti Thralls"] }, range: 12, wholly: true, includeSelf: false }, do: { kind: "normal-move", upTo: 3 } }],
    });
  });

  it("[AB-TRANSLATE] the coverage counts a pair (the bundled-style entries of one warscroll) and not a lone reserve", () => {
    const unit = (abilities: { name: string; timing: string; effect: string }[]) => ({ warscroll: "W", abilityNames: abilities.map((a) => a.name), abilities });
    const dep = { name: "Tunnel", timing: "Deployment Phase", effect: "Set up this unit in reserve in a secret tunnel. It has now been deployed." };
    const arr = { name: "Out", timing: "Your Movement Phase", effect: 'Declare: Pick this unit if it is in a secret tunnel.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units.' };
    expect(coverageOf([unit([dep, arr])], vocab).played).toBe(2);
    expect(coverageOf([unit([dep])], vocab).played).toBe(0);
  });
});
