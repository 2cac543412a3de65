/**
 * The cities6 area's translations (docs/abilities.md "Cities of Sigmar: under orders (cities6)"): the catalogues'
 * texts (/work/shared/data/bsdata-aos4, Cities of Sigmar*.cat), the exact effects, and near misses that must not be played.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["HERO", "MONSTER", "INFANTRY", "WAR MACHINE", "CITIES OF SIGMAR", "SIGMARITE"]);
const P = (effect: string) => ({ name: "x", timing: "Passive", effect });
const self = { side: "self", wholly: false, includeSelf: false };

describe("passive texts conditioned on being under orders", () => {
  it("[AB-C6:pike] Allies of the Free Cities Vanari Auralan Wardens' Protective Pike-wall: no Charge (+1 Damage) against it while under orders and it has not charged", () => {
    expect(translateAbility(P("If this unit is under orders and has not charged this turn, ignore the effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "melee", underOrders: true, charged: false }, do: { kind: "no-charge-damage", direction: "against" } }],
    });
  });

  it("[AB-C6:break] Freeguild Gallants' Break Them Upon the Walls: Anti-charge (+1 Rend) on other friendly SIGMARITE units' melee weapons wholly within 12\", not Freeguild Gallants', while the unit with it (holder source) is under orders", () => {
    const text = 'While this unit is under orders, the melee weapons of other visible friendly **^^Sigmarite^^** units, excluding **Freeguild Gallants** units, have **Anti-charge (+1 Rend)** while they are wholly within 12" of this unit.';
    const plain = text.replace(/\*\*\^\^Sigmarite\^\^\*\*/, "SIGMARITE").replace(/\*\*/g, "");
    expect(translateAbility(P(plain), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        {
          whom: { side: "friendly", filter: { keywords: ["SIGMARITE"], notWarscrolls: ["Freeguild Gallants"] }, range: 12, wholly: true, includeSelf: false },
          conditions: { attack: "melee", underOrders: true, holder: "source" },
          do: { kind: "weapon-ability", ability: "Anti-charge (+1 Rend)", direction: "by" },
        },
      ],
    });
  });

  it("[AB-C6:while] \"While this unit is under orders, X\" and \"... is not under orders\" read by the passive patterns' conditions", () => {
    expect(translateAbility(P("While this unit is under orders, subtract 1 from the Rend characteristic of weapons used for attacks that target this unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", underOrders: true }, do: { kind: "rend", value: -1, direction: "against" } }],
    });
    expect(translateAbility(P("While this unit is not under orders, add 1 to hit rolls for attacks made by this unit."), vocab)).toMatchObject({ kind: "played", effects: [{ conditions: { underOrders: false }, do: { kind: "hit", value: 1 } }] });
  });

  it("[AB-C6:near-miss] near misses: a clause no pattern reads after the condition, another unit under orders, a keyword no warscroll carries, a name that is not a warscroll's form, bullets one of which is not read", () => {
    expect(translateAbility(P("While this unit is under orders, this unit's melee weapons have Shoot in Combat."), vocab).kind).toBe("unread");
    expect(translateAbility(P("While a friendly unit is under orders, add 1 to hit rolls for attacks made by this unit."), vocab).kind).toBe("unread");
    expect(translateAbility(P('While this unit is under orders, the melee weapons of other visible friendly ZZZ units, excluding Freeguild Gallants units, have Anti-charge (+1 Rend) while they are wholly within 12" of this unit.'), vocab).kind).toBe("unread");
    expect(translateAbility(P('While this unit is under orders, the melee weapons of other visible friendly SIGMARITE units, excluding GALLANTS units, have Anti-charge (+1 Rend) while they are wholly within 12" of this unit.'), vocab).kind).toBe("unread");
    expect(translateAbility(P("While this unit is under orders: • This unit's ranged weapons have Shoot in Combat. • Subtract 1 from the Rend characteristic of weapons used for attacks made by this unit at night."), vocab).kind).not.toBe("played");
    expect(translateAbility(P("While this unit is under orders: • This unit's ranged weapons have Shoot in Combat."), vocab).kind).not.toBe("played"); // one bullet: not this form
  });
});

describe("Fortified Position: bullets under one condition", () => {
  it("[AB-C6:fortified] Freeguild Fusiliers' Fortified Position: Shoot in Combat for its ranged weapons and Rend -1 against it, both while it is under orders", () => {
    expect(translateAbility(P("While this unit is under orders: \u2022 This unit's ranged weapons have Shoot in Combat. \u2022 Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { whom: self, conditions: { attack: "any", underOrders: true }, do: { kind: "shoot-in-combat" } },
        { whom: self, conditions: { attack: "any", underOrders: true }, do: { kind: "rend", value: -1, direction: "against" } },
      ],
    });
    expect(translateAbility(P("This unit's ranged weapons have Shoot in Combat."), vocab)).toEqual({ kind: "played", when: { timing: "passive" }, effects: [{ whom: self, conditions: { attack: "any" }, do: { kind: "shoot-in-combat" } }] });
  });
});

describe("declared abilities for friendly units under orders", () => {
  const D = (effect: string) => ({ name: "Coordinate Attacks", timing: "Once Per Turn (Army), Your Shooting Phase", effect: `Declare: Pick a visible enemy unit within 24" of this unit to be the target.\nEffect: ${effect}` });
  it("[AB-C6:coordinate] Fusil-Major on Ogor Warhulk's Coordinate Attacks: +1 to hit held on the target against attacks by friendly SIGMARITE units under orders", () => {
    expect(translateAbility(D("For the rest of the turn, add 1 to hit rolls for attacks made by friendly SIGMARITE units that are under orders that target that enemy unit."), vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [
        {
          whom: { side: "enemy", range: 24, wholly: false, includeSelf: false },
          conditions: { attack: "any", visible: true, attackerFilter: { keywords: ["SIGMARITE"] }, attackerUnderOrders: true },
          do: { kind: "for-the-turn", set: "hit", direction: "against", value: 1, companionOnly: false },
        },
      ],
    });
  });

  it("[AB-C6:coordinate] near misses: \"not under orders\", orders on the target, a keyword no warscroll carries", () => {
    expect(translateAbility(D("For the rest of the turn, add 1 to hit rolls for attacks made by friendly SIGMARITE units that are not under orders that target that enemy unit."), vocab).kind).not.toBe("played");
    expect(translateAbility(D("For the rest of the turn, add 1 to hit rolls for attacks made by friendly SIGMARITE units that target that enemy unit while it is under orders."), vocab).kind).not.toBe("played");
    expect(translateAbility(D("For the rest of the turn, add 1 to hit rolls for attacks made by friendly ZZZ units that are under orders that target that enemy unit."), vocab).kind).not.toBe("played");
  });
});

describe("\"If this unit is under orders, apply the effect below. Otherwise, roll a dice.\"", () => {
  const DROTH = (effect: string) => ({ name: "Allies Drothmasters", timing: "Any Combat Phase", effect: `Declare: Pick an enemy MONSTER in combat with this unit to be the target.\nEffect: ${effect}` });
  const BODY = "Subtract 2 from the Damage characteristic of the target's Companion melee weapons for the rest of the turn.";
  it("[AB-C6:sure] Allies of the Free Cities Vulkyn Flameseekers' Allies Drothmasters: -2 Damage to the MONSTER's Companion melee weapons on a 3+, with no dice while under orders", () => {
    expect(translateAbility(DROTH(`If this unit is under orders, apply the effect below. Otherwise, roll a dice. On a 3+, apply the effect below.\n${BODY}`), vocab)).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [
        {
          whom: { side: "enemy", filter: { keywords: ["MONSTER"] }, range: 3, wholly: false, includeSelf: false },
          conditions: { attack: "melee", companionWeapons: true },
          do: { kind: "for-the-turn", set: "damage", value: -2, companionOnly: false, on: 3, sureUnderOrders: true },
        },
      ],
    });
  });

  it("[AB-C6:sure] near misses: \"not under orders\", no \"Otherwise\" sentence, two effects below", () => {
    expect(translateAbility(DROTH(`If this unit is not under orders, apply the effect below. Otherwise, roll a dice. On a 3+, apply the effect below.\n${BODY}`), vocab).kind).not.toBe("played");
    expect(translateAbility(DROTH(`If this unit is under orders, apply the effect below. On a 3+, apply the effect below.\n${BODY}`), vocab).kind).not.toBe("played");
    expect(translateAbility(DROTH(`If this unit is under orders, apply the effect below. Otherwise, roll a dice. On a 3+, apply the effect below.\n${BODY} ${BODY}`), vocab).kind).not.toBe("played");
  });
});
