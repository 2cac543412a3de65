/**
 * The declared abilities' fourth pass (src/aos/abilities/translate-declared4.ts and its hooks in translate-status.ts):
 * the catalogues' texts (/work/shared/data/bsdata-aos4), the exact effects written, and near misses that must not be
 * played (test/aos/abilities-declared4.test.ts plays them in both engines).
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { declaredPick } from "../../src/aos/abilities/translate-status.js";

const vocab = keywordVocabulary(["BLOODBOUND", "HERO", "GITMOB", "CAVALRY", "HEDONITES OF SLAANESH", "WAR MACHINE", "UNIQUE", "IDONETH DEEPKIN", "SACROSANCT CHAMBER", "STORMCAST ETERNALS"]);
const tr = (timing: string, effect: string) => translateAbility({ name: "X", timing, effect }, vocab);
const declared = (timing: string, declare: string, effect: string) => tr(timing, `Declare: ${declare}\nEffect: ${effect}`);
const effectsOf = (t: ReturnType<typeof tr>) => (t.kind === "played" ? t.effects : t);
const combat = (limit: string) => ({ timing: "phase", phase: "combat", whose: "any", limit });
const held = (x: Record<string, unknown>) => ({ kind: "for-the-turn", companionOnly: false, ...x });

describe("Companion weapons held for a while", () => {
  it("[AB-TRANSLATE] 'add 1 to the Attacks characteristic of the targets' Companion melee weapons' after 'If this unit charged this turn, pick this unit and up to 2 ...' (Snarlboss, Vicious Snarls and Great Howls: 3 abilities)", () => {
    const t = declared("Once Per Turn (Army), Any Combat Phase", "If this unit charged this turn, pick this unit and up to 2 friendly GITMOB CAVALRY units within this unit's combat range to be the targets.", "For the rest of the turn, add 1 to the Attacks characteristic of the targets' Companion melee weapons.");
    expect(t).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [{ whom: { side: "friendly", filter: { keywords: ["GITMOB", "CAVALRY"] }, range: 3, wholly: false, includeSelf: false }, conditions: { charged: true, attack: "melee", companionWeapons: true }, do: held({ set: "attacks", value: 1, andSelf: 2 }) }],
    });
  });

  it("[AB-TRANSLATE] '... of the targets' Companion weapons' after 'Pick up to 3' (Siren Song of The Abyss: 2), after 'pick this unit and up to 1 other visible' (Pack Alpha: 2)", () => {
    expect(effectsOf(declared("Any Combat Phase", 'Pick up to 3 friendly IDONETH DEEPKIN units wholly within 12" of this unit to be the targets.', "For the rest of the turn, add 1 to the Attacks characteristic of the targets' Companion weapons."))).toEqual([
      { whom: { side: "friendly", filter: { keywords: ["IDONETH DEEPKIN"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "any", companionWeapons: true }, do: held({ set: "attacks", value: 1, upTo: 3 }) },
    ]);
    expect(effectsOf(declared("Any Combat Phase", "If this unit is in combat, pick this unit and up to 1 other visible friendly SACROSANCT CHAMBER CAVALRY unit within its combat range to be the targets.", "Add 1 to the Attacks characteristic of the targets' Companion melee weapons for the rest of the turn."))).toEqual([
      { whom: { side: "friendly", filter: { keywords: ["SACROSANCT CHAMBER", "CAVALRY"] }, range: 3, wholly: false, includeSelf: false }, conditions: { attack: "melee", visible: true, inCombat: true, companionWeapons: true }, do: held({ set: "attacks", value: 1, andSelf: 1 }) },
    ]);
  });

  it("[AB-TRANSLATE] 'subtract 1 from the Attacks characteristic of the target's Companion weapons' on an enemy that charged (Arachnarok Spider with Flinger, Beast-binding Webbing: 1)", () => {
    expect(effectsOf(declared("Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit that charged this turn and is in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from the Attacks characteristic of the target's Companion weapons for the rest of the turn."))).toEqual([
      { whom: { side: "enemy", range: 3, wholly: false, includeSelf: false }, conditions: { targetCharged: true, attack: "any", companionWeapons: true }, do: held({ set: "attacks", value: -1, on: 3 }) },
    ]);
  });

  it("[AB-TRANSLATE] 'This ability also affects Companion weapons' after an Attacks modifier of the targets' melee weapons: the modifier twice, the second for Companion weapons (Soulgorgers: 2)", () => {
    const whom = { side: "friendly", filter: { keywords: ["HEDONITES OF SLAANESH", "WAR MACHINE"], notKeywords: ["UNIQUE"] }, range: 12, wholly: true, includeSelf: true };
    expect(effectsOf(declared("Once Per Turn (Army), Your Movement Phase", 'Pick up to 3 visible friendly non-UNIQUE HEDONITES OF SLAANESH WAR MACHINES wholly within 12" of this unit to be the targets.', "Add 1 to the Attacks characteristic of the targets' melee weapons for the rest of the turn. This ability also affects Companion weapons."))).toEqual([
      { whom, conditions: { attack: "melee", visible: true }, do: held({ set: "attacks", value: 1, upTo: 3 }) },
      { whom, conditions: { attack: "melee", visible: true, companionWeapons: true }, do: held({ set: "attacks", value: 1, upTo: 3 }) },
    ]);
  });

  it("[AB-TRANSLATE] near misses: 'also affects Companion weapons' after a wound modifier (no Companion wound modifier is held), or alone", () => {
    expect(declared("Once Per Turn (Army), Any Combat Phase", 'Pick a visible friendly CAVALRY unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, add 1 to wound rolls for the target's combat attacks for the rest of the turn. This ability also affects Companion weapons.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", 'Pick a friendly CAVALRY unit wholly within 12" of this unit to be the target.', "This ability also affects Companion weapons.").kind).not.toBe("played");
  });
});

describe("named weapons held for a while", () => {
  it("[AB-TRANSLATE] 'Pick a friendly Blood Knights unit that charged this turn ...' and 'that unit's Templar Weapons' (Strike at the Heart: 3): a friendly target that charged; the name and its singular", () => {
    expect(declared("Any Combat Phase", 'Pick a friendly Blood Knights unit that charged this turn and is wholly within 12" of this unit to be the target.', "Add 1 to the Rend characteristic of that unit's Templar Weapons for the rest of the turn.")).toEqual({
      kind: "played",
      when: combat("none"),
      effects: [{ whom: { side: "friendly", filter: { warscrolls: ["Blood Knights"] }, range: 12, wholly: true, includeSelf: true }, conditions: { targetCharged: true, attack: "any", weapons: ["Templar Weapons", "Templar Weapon"] }, do: held({ set: "rend", value: 1 }) }],
    });
  });

  it("[AB-TRANSLATE] '... that did not charge this turn ...' (Sevenfold Slaughter: 2) and 'pick this unit and up to 2 friendly Pusgoyle Blightlords units' with named melee weapons (Master of Rot Flies: 2)", () => {
    expect(effectsOf(declared("Once Per Turn (Army), Any Combat Phase", 'Pick a friendly Rotswords unit that did not charge this turn and is wholly within 12" of this unit to be the target.', "Roll a dice. On a 2+, add 1 to the Attacks characteristic of the target's Ruined Master-crafted Weapons for the rest of the turn."))).toEqual([
      { whom: { side: "friendly", filter: { warscrolls: ["Rotswords"] }, range: 12, wholly: true, includeSelf: true }, conditions: { targetCharged: false, attack: "any", weapons: ["Ruined Master-crafted Weapons", "Ruined Master-crafted Weapon"] }, do: held({ set: "attacks", value: 1, on: 2 }) },
    ]);
    expect(effectsOf(declared("Any Combat Phase", 'If this unit charged this turn, pick this unit and up to 2 friendly Pusgoyle Blightlords units wholly within 12" of this unit to be the targets.', "Add 1 to the Rend characteristic of the targets' Rot Fly's Mouthparts and Sting melee weapons for the rest of the turn."))).toEqual([
      {
        whom: { side: "friendly", filter: { warscrolls: ["Pusgoyle Blightlords"] }, range: 12, wholly: true, includeSelf: false },
        conditions: { charged: true, attack: "melee", weapons: ["Rot Fly's Mouthparts and Sting", "Rot Fly's Mouthparts", "Sting", "Rot Fly's Mouthpart"] },
        do: held({ set: "rend", value: 1, andSelf: 2 }),
      },
    ]);
  });

  it("[AB-TRANSLATE] this unit's named weapons held for a while (Darkshards, Storm of Iron-tipped Bolts: 3; a text of the passive4 family, read by the same clause)", () => {
    expect(effectsOf(tr("Your Shooting Phase", "If this unit has not used a MOVE ability this turn and was not set up this turn, add 1 to the Attacks characteristic of this unit's Master-crafted Repeater Crossbows for the rest of the turn."))).toEqual([
      { whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", stationary: true, weapons: ["Master-crafted Repeater Crossbows", "Master-crafted Repeater Crossbow"] }, do: held({ set: "attacks", value: 1 }) },
    ]);
  });

  it("[AB-TRANSLATE] near misses: named weapons of units picked by keyword (their list is unknown); a friendly target that charged for mortal damage or a fight (only the status step reads it)", () => {
    expect(declared("Any Combat Phase", 'Pick a friendly CAVALRY unit wholly within 12" of this unit to be the target.', "Add 1 to the Rend characteristic of the target's Templar Weapons for the rest of the turn.").kind).not.toBe("played");
    expect(declaredPick('Pick a friendly Blood Knights unit that charged this turn and is wholly within 12" of this unit to be the target', vocab)).toBeNull();
    expect(declaredPick('Pick a friendly Rotswords unit that did not charge this turn and is wholly within 12" of this unit to be the target', vocab)).toBeNull();
    expect(declaredPick('Pick an enemy unit that did not charge this turn and is within 12" of this unit to be the target', vocab, true)).toBeNull();
  });
});

describe("this unit too, with the target's dice (onSelf)", () => {
  it("[AB-TRANSLATE] 'add 1 to the Attacks characteristic of both this unit's and the target's Draconith's Fangs and Talons' (Wrath of the Draconith: 4): the target's, then this unit's", () => {
    const whom = { side: "friendly", filter: { warscrolls: ["Stormdrake Guard"] }, range: 3, wholly: false, includeSelf: true };
    const conditions = { attack: "any", weapons: ["Draconith's Fangs and Talons", "Draconith's Fangs", "Talons"] };
    expect(declared("Once Per Turn (Army), Any Combat Phase", "Pick a friendly Stormdrake Guard unit within this unit's combat range to be the target.", "Roll a dice. On a 2+, add 1 to the Attacks characteristic of both this unit's and the target's Draconith's Fangs and Talons for the rest of the turn.")).toEqual({
      kind: "played",
      when: combat("once-per-turn-army"),
      effects: [
        { whom, conditions, do: held({ set: "attacks", value: 1, on: 2 }) },
        { whom, conditions, do: held({ set: "attacks", value: 1, on: 2, onSelf: true }) },
      ],
    });
  });

  it("[AB-TRANSLATE] 'the targets have WARD (5+) and this unit has STRIKE-LAST' after 'pick each' (Lord-Arcanum on Tauralon, Starlight Mantle: 2)", () => {
    const whom = { side: "friendly", filter: { keywords: ["STORMCAST ETERNALS"] }, range: 3, wholly: false, includeSelf: true };
    const conditions = { attack: "any", visible: true, inCombat: true };
    expect(effectsOf(declared("Once Per Turn (Army), Any Combat Phase", "If this unit is in combat, pick each visible friendly STORMCAST ETERNALS unit within its combat range to be the targets.", "For the rest of the turn, the targets have WARD (5+) and this unit has STRIKE-LAST."))).toEqual([
      { whom, conditions, do: held({ set: "ward", value: 5, each: true }) },
      { whom, conditions, do: held({ set: "strike-last", each: true, onSelf: true }) },
    ]);
  });

  it("[AB-TRANSLATE] near misses: 'both this unit's and the target's' after 'Pick up to 2' (a dice for each target) or after 'Pick this unit'", () => {
    expect(declared("Any Combat Phase", 'Pick up to 2 friendly CAVALRY units wholly within 12" of this unit to be the targets.', "Roll a dice for each target. On a 2+, add 1 to the Attacks characteristic of both this unit's and the target's melee weapons for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Combat Phase", "Pick this unit to be the target.", "Add 1 to the Attacks characteristic of both this unit's and the target's melee weapons for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("a pick of units named by a warscroll with 'of'", () => {
  it("[AB-TRANSLATE] 'Pick up to 2 visible Flamers of Tzeentch units ...' (Heart of the Inferno: 2): no side written, friendly (a buff)", () => {
    expect(declared("Once Per Turn (Army), Your Shooting Phase", 'Pick up to 2 visible Flamers of Tzeentch units wholly within 12" of this unit to be the targets.', "Add 1 to wound rolls for the targets' shooting attacks for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: { side: "friendly", filter: { warscrolls: ["Flamers of Tzeentch"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "ranged", visible: true }, do: held({ set: "wound", value: 1, upTo: 2 }) }],
    });
  });

  it("[AB-TRANSLATE] near misses: a side-less name without 'of' or 'the' stays unread; an enemy unit named so is enemy", () => {
    expect(declared("Your Shooting Phase", 'Pick up to 2 visible Vindictors units wholly within 12" of this unit to be the targets.', "Add 1 to wound rolls for the targets' shooting attacks for the rest of the turn.").kind).not.toBe("played");
    expect(declaredPick('Pick an enemy Flamers of Tzeentch unit within 12" of this unit to be the target', vocab)?.whom).toEqual({ side: "enemy", filter: { warscrolls: ["Flamers of Tzeentch"] }, range: 12, wholly: false, includeSelf: false });
  });
});

describe("ward rolls held for a while", () => {
  it("[AB-TRANSLATE] 'subtract 1 from ward rolls made by the target for the rest of the turn' (Knight-Relictor, Relic Censer: 3)", () => {
    expect(declared("Your Shooting Phase", 'Pick an enemy unit within 12" of this unit to be the target.', "Roll a dice. On a 2+, subtract 1 from ward rolls made by the target for the rest of the turn.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "none" },
      effects: [{ whom: { side: "enemy", range: 12, wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: held({ set: "ward-roll", value: -1, on: 2 }) }],
    });
  });

  it("[AB-TRANSLATE] near misses: ward rolls of the attacks' targets ('for attacks made by the target'), a ward roll that cannot be made", () => {
    expect(declared("Your Shooting Phase", 'Pick an enemy unit within 12" of this unit to be the target.', "Roll a dice. On a 2+, subtract 1 from ward rolls for attacks made by the target for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Your Shooting Phase", 'Pick an enemy unit within 12" of this unit to be the target.', "Ward rolls cannot be made for the target for the rest of the turn.").kind).not.toBe("played");
  });
});

describe("Charge (+1 Damage) held for a while", () => {
  it("[AB-TRANSLATE] 'weapons used by this unit and the target have Charge (+1 Damage)' (Skullmaster, Herald of Trampling Death: 1): the target's, then this unit's (onSelf)", () => {
    const whom = { side: "friendly", filter: { warscrolls: ["Bloodcrushers"] }, range: 3, wholly: false, includeSelf: true };
    expect(declared("Once Per Battle, Any Charge Phase", "Pick a friendly Bloodcrushers unit within this unit's combat range to be the target.", "For the rest of the turn, weapons used by this unit and the target have Charge (+1 Damage).")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "charge", whose: "any", limit: "once-per-battle" },
      effects: [
        { whom, conditions: { attack: "any" }, do: held({ set: "weapon-ability", ability: "Charge (+1 Damage)" }) },
        { whom, conditions: { attack: "any" }, do: held({ set: "weapon-ability", ability: "Charge (+1 Damage)", onSelf: true }) },
      ],
    });
  });

  it("[AB-TRANSLATE] 'The targets' melee weapons have Charge (+1 Damage)' after 'Pick each' (Khorgos Khul, Retinue of Blood: 1)", () => {
    expect(effectsOf(declared("Once Per Battle, Any Charge Phase", "Pick each friendly BLOODBOUND HERO within this unit's combat range to be the targets.", "The targets' melee weapons have Charge (+1 Damage) for the rest of the turn.", ))).toEqual([
      { whom: { side: "friendly", filter: { keywords: ["BLOODBOUND", "HERO"] }, range: 3, wholly: false, includeSelf: true }, conditions: { attack: "melee" }, do: held({ set: "weapon-ability", ability: "Charge (+1 Damage)", each: true }) },
    ]);
  });

  it("[AB-TRANSLATE] near misses: another weapon ability for a while (Anti-charge), Charge (+1 Damage) with a condition", () => {
    expect(declared("Any Charge Phase", "Pick a friendly BLOODBOUND unit within this unit's combat range to be the target.", "The target's melee weapons have Anti-charge (+1 Rend) for the rest of the turn.").kind).not.toBe("played");
    expect(declared("Any Charge Phase", "Pick a friendly BLOODBOUND unit within this unit's combat range to be the target.", "The target's melee weapons have Charge (+1 Damage) for the rest of the turn if it is a HERO.").kind).not.toBe("played");
  });
});
