/**
 * The passive4 area's translations (docs/abilities.md "Passive abilities, fourth pass (passive4)"): the catalogues'
 * texts (/work/shared/data/bsdata-aos4), the exact effects, and near misses that must not be played.
 */
import { describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";

const vocab = keywordVocabulary(["DAEMON", "HERO", "MONSTER", "WAR MACHINE", "SLAVES TO DARKNESS"]);
const P = (effect: string) => ({ name: "x", timing: "Passive", effect });
const self = { side: "self", wholly: false, includeSelf: false };

describe("a weapon's Damage characteristic set to a value for attacks on some targets (damage-set)", () => {
  it("[AB-P4:damage-set] Hurakan Spirit of the Wind's Hunters of Majestic Beasts: its Bow of the Wind's Vengeance has Damage 3 against MONSTERS", () => {
    const t = translateAbility(P("The Damage characteristic of this unit's Bow of the Wind's Vengeance is 3 for attacks that target MONSTERS."), vocab);
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: self, conditions: { attack: "any", targetKeywords: ["MONSTER"], weapons: ["Bow of the Wind's Vengeance"] }, do: { kind: "damage-set", value: 3, direction: "by" } }],
    });
  });

  it("[AB-P4:damage-set] Bloodpelt Hunter's Biggest-Game Hunter: \"A and B\" read both ways (one weapon of that name, or two)", () => {
    const t = translateAbility(P("The Damage characteristic of this unit's Skullshatter Crossbow and Impaling Spear is 4 if the target is a MONSTER."), vocab);
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        {
          whom: self,
          conditions: { attack: "any", targetKeywords: ["MONSTER"], weapons: ["Skullshatter Crossbow and Impaling Spear", "Skullshatter Crossbow", "Impaling Spear"] },
          do: { kind: "damage-set", value: 4, direction: "by" },
        },
      ],
    });
  });

  it("[AB-P4:damage-set] near misses: tripled (not a set value), a random value, a keyword no warscroll carries, a duration", () => {
    // Doubled: the passive5 area's damage-double (bsdata-translate-passive5.test.ts); tripled is read by no pattern.
    expect(translateAbility(P("Triple the Damage characteristic of this unit's Thengavar for attacks that target MONSTERS."), vocab).kind).toBe("unread");
    expect(translateAbility(P("The Damage characteristic of this unit's Bow of the Wind's Vengeance is D3 for attacks that target MONSTERS."), vocab).kind).toBe("unread");
    expect(translateAbility(P("The Damage characteristic of this unit's Bow of the Wind's Vengeance is 3 for attacks that target ZZZ."), vocab).kind).toBe("unread");
    expect(translateAbility(P("For the rest of the turn, the Damage characteristic of this unit's Beast-skewer Bolts is 6 if the target is a MONSTER."), vocab).kind).not.toBe("played");
  });
});

describe("a fight-after reaction's pick of a keyword or a warscroll", () => {
  it("[AB-P4:fight-after] Centaurion Marshal's Marshal of the Legions: a friendly non-HERO DAEMON or a Chaos Legionnaires unit, +1 to hit for the rest of the turn", () => {
    const t = translateAbility(
      {
        name: "Marshal of the Legions",
        timing: "You declared a FIGHT ability for this unit",
        effect: "Pick a friendly non-HERO DAEMON or Chaos Legionnaires unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. If it is picked to do so, add 1 to hit rolls for the target's attacks for the rest of the turn.",
      },
      vocab,
    );
    const whom = { side: "friendly", filter: { keywords: ["DAEMON"], orWarscrolls: ["Chaos Legionnaires"], notKeywords: ["HERO"] }, range: 3, wholly: false, includeSelf: false };
    expect(t).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-fight", limit: "none" },
      effects: [
        { whom, conditions: { attack: "any" }, do: { kind: "fight-after" } },
        { whom, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false } },
      ],
    });
  });

  it("[AB-P4:fight-after] near misses: two warscroll-or-keyword words it does not know, a Regiment of Renown", () => {
    const fa = (pick: string) =>
      translateAbility({ name: "x", timing: "You declared a FIGHT ability for this unit", effect: `Pick a ${pick} that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved.` }, vocab).kind;
    expect(fa("friendly non-HERO ZZZ or Chaos Legionnaires unit")).toBe("unread");
    expect(fa("friendly non-HERO unit in this Regiment of Renown")).toBe("unread");
    expect(fa("friendly DAEMON or Chaos Legionnaires unit")).toBe("played");
  });
});

describe("an Attacks modifier that also affects Companion weapons", () => {
  it("[AB-P4:companion] Raptoryx's Crazed Flock: +1 Attacks for its melee weapons if it charged, and the same on its Companion weapons", () => {
    const t = translateAbility(P("If this unit charged this turn, for the rest of the turn, add 1 to the Attacks characteristic of its melee weapons. This ability also affects Companion weapons."), vocab);
    const on = { whom: self, do: { kind: "attacks", value: 1, direction: "by", companionOnly: false } };
    expect(t).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [
        { ...on, conditions: { attack: "melee", charged: true } },
        { ...on, conditions: { attack: "melee", charged: true, companionWeapons: true } },
      ],
    });
  });

  it("[AB-P4:companion] near misses: another first sentence (a Rend modifier), the sentence alone", () => {
    expect(translateAbility(P("If this unit charged this turn, add 1 to the Rend characteristic of its melee weapons. This ability also affects Companion weapons."), vocab).kind).toBe("unread");
    expect(translateAbility(P("This ability also affects Companion weapons."), vocab).kind).toBe("unread");
  });
});

describe("effects for a while on named weapons, on the attacks on some targets, and a Damage set to a value", () => {
  const vocab2 = keywordVocabulary(["MONSTER", "WAR MACHINE", "HERO"]);
  const T = (timing: string, effect: string) => translateAbility({ name: "x", timing, effect }, vocab2);

  it("[AB-P4:held] Darkshards' Storm of Iron-tipped Bolts: +1 Attacks on its Master-crafted Repeater Crossbows (the plural and the singular) while it has not moved nor been set up", () => {
    const t = T("Your Shooting Phase", "If this unit has not used a MOVE ability this turn and was not set up this turn, add 1 to the Attacks characteristic of this unit's Master-crafted Repeater Crossbows for the rest of the turn.");
    expect(t).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any", stationary: true, weapons: ["Master-crafted Repeater Crossbows", "Master-crafted Repeater Crossbow"] }, do: { kind: "for-the-turn", set: "attacks", value: 1, companionOnly: false } }],
    });
  });

  it("[AB-P4:held] Battlemage on Griffon's Ghurish Ferocity: on a 2+, +1 Damage on the named weapons (\"A and B\" both ways) for attacks that target enemy MONSTERS", () => {
    const t = T("Once Per Turn (Army), Any Combat Phase", "Roll a dice. On a 2+, add 1 to the Damage characteristic of this unit's Griffon's Razor Claws and Twin Beaks for attacks that target enemy MONSTERS for the rest of the turn.");
    expect(t).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "once-per-turn-army" },
      effects: [
        {
          whom: self,
          conditions: { attack: "any", targetKeywords: ["MONSTER"], weapons: ["Griffon's Razor Claws and Twin Beaks", "Griffon's Razor Claws", "Twin Beaks", "Griffon's Razor Claws and Twin Beak"] },
          do: { kind: "for-the-turn", set: "damage", value: 1, companionOnly: false, on: 2 },
        },
      ],
    });
  });

  it("[AB-P4:held] Deathshrieker Rocket Battery's Hungering Flames and Beast-skewer Killbow's Skewering Bolts: the Damage set for the rest of the turn against a MONSTER or WAR MACHINE / a MONSTER", () => {
    expect(T("Once Per Turn (Army), Your Shooting Phase", "For the rest of the turn, the Damage characteristic of this unit's Hashu-Zharr Rockets is 5 if the target is a MONSTER or WAR MACHINE.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "any", targetAnyKeywords: ["MONSTER", "WAR MACHINE"], weapons: ["Hashu-Zharr Rockets", "Hashu-Zharr Rocket"] }, do: { kind: "for-the-turn", set: "damage-set", value: 5, companionOnly: false } }],
    });
    expect(T("Once Per Turn (Army), Your Shooting Phase", "For the rest of the turn, the Damage characteristic of this unit's Beast-skewer Bolts is 6 if the target is a MONSTER.")).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "shooting", whose: "your", limit: "once-per-turn-army" },
      effects: [{ whom: self, conditions: { attack: "any", targetKeywords: ["MONSTER"], weapons: ["Beast-skewer Bolts", "Beast-skewer Bolt"] }, do: { kind: "for-the-turn", set: "damage-set", value: 6, companionOnly: false } }],
    });
  });

  it("[AB-P4:held] near misses: \"3 instead of D3\" with rage dice after it, a picked target's named weapons, its melee weapons' Damage set, a keyword no warscroll carries", () => {
    expect(T("Once Per Turn (Army), Your Shooting Phase", "For the rest of the turn, the Damage characteristic of this unit's Throwin' Rocks is 3 instead of D3. Then, you can spend up to 3 rage dice.").kind).not.toBe("played");
    expect(T("Any Combat Phase", "Declare: Pick a friendly HERO unit wholly within 12\" of this unit to be the target.\nEffect: Add 1 to the Damage characteristic of the target's Blades for the rest of the turn.").kind).not.toBe("played");
    expect(T("Your Shooting Phase", "For the rest of the turn, the Damage characteristic of this unit's melee weapons is 3 if the target is a MONSTER.").kind).not.toBe("played");
    expect(T("Your Shooting Phase", "For the rest of the turn, the Damage characteristic of this unit's Bolts is 3 if the target is a ZZZ.").kind).not.toBe("played");
  });
});

describe("modifiers against the unit's attackers that pass a filter (attackerFilter)", () => {
  const vocab3 = keywordVocabulary(["MONSTER", "HERO"]);
  it("[AB-P4:attacker] Gutrippaz' Scare Taktikz: on a 3+, -1 to hit for attacks made by non-HERO units that target it, for the rest of the turn", () => {
    const t = translateAbility({ name: "Scare Taktikz", timing: "Any Combat Phase", effect: "Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-HERO units that target this unit for the rest of the turn." }, vocab3);
    expect(t).toEqual({
      kind: "played",
      when: { timing: "phase", phase: "combat", whose: "any", limit: "none" },
      effects: [{ whom: self, conditions: { attack: "any", attackerFilter: { notKeywords: ["HERO"] } }, do: { kind: "for-the-turn", set: "hit", value: -1, direction: "against", companionOnly: false, on: 3 } }],
    });
  });

  it("[AB-P4:attacker] a passive text: -1 to hit for combat attacks made by enemy MONSTERS that target this unit, +1 to hit for its combat attacks that target enemy MONSTERS", () => {
    const t = translateAbility(P("Subtract 1 from hit rolls for combat attacks made by enemy MONSTERS that target this unit. Add 1 to hit rolls for combat attacks made by this unit that target enemy MONSTERS."), vocab3);
    expect(t.kind).toBe("played");
    expect(t.kind === "played" && t.effects[0]).toEqual({ whom: self, conditions: { attack: "melee", attackerFilter: { keywords: ["MONSTER"] } }, do: { kind: "hit", value: -1, direction: "against" } });
    expect(t.kind === "played" && t.effects.length).toBe(2);
  });

  it("[AB-P4:attacker] near misses: a keyword no warscroll carries, friendly attackers", () => {
    expect(translateAbility(P("Subtract 1 from hit rolls for combat attacks made by enemy ZZZ that target this unit."), vocab3).kind).toBe("unread");
    expect(translateAbility(P("Subtract 1 from hit rolls for combat attacks made by friendly MONSTERS that target this unit."), vocab3).kind).toBe("unread");
  });
});

describe("a fight-after reaction's bonus to this unit and the target", () => {
  const vocab4 = keywordVocabulary(["SYBARITE", "HERO"]);
  const AFTER = "The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved.";
  it("[AB-P4:fight-both] Lord of Hubris' Allow Me To Demonstrate: +1 to hit for both, put at the pick (atPick), on the target and on this unit", () => {
    const t = translateAbility({ name: "Allow Me To Demonstrate", timing: "Once Per Turn (Army), Reaction: You declared a FIGHT ability for this unit", effect: `Pick a friendly non-HERO SYBARITE unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} Add 1 to hit rolls for attacks made by this unit and the target for the rest of the turn.` }, vocab4);
    const whom = { side: "friendly", filter: { keywords: ["SYBARITE"], notKeywords: ["HERO"] }, range: 3, wholly: false, includeSelf: false };
    const bonus = { kind: "for-the-turn", set: "hit", value: 1, atPick: true, companionOnly: false };
    expect(t).toEqual({
      kind: "played",
      when: { timing: "reaction", to: "own-fight", limit: "once-per-turn-army" },
      effects: [
        { whom, conditions: { attack: "any" }, do: { kind: "fight-after" } },
        { whom, conditions: { attack: "any" }, do: bonus },
        { whom: self, conditions: { attack: "any" }, do: bonus },
      ],
    });
  });

  it("[AB-P4:fight-both] the Bloodmaster's wording (combat attacks, \"that friendly Bloodletters unit\"); near misses: wound rolls, another unit", () => {
    const r = (bonus: string) => translateAbility({ name: "x", timing: "Reaction: You declared a Fight ability for this unit", effect: `Pick a friendly Bloodletters unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} ${bonus}` }, vocab4);
    const t = r("For the rest of the turn, add 1 to hit rolls for combat attacks made by this unit and that friendly Bloodletters unit.");
    expect(t.kind === "played" && t.effects.slice(1).map((e) => [e.whom.side, e.conditions.attack, e.do])).toEqual([
      ["friendly", "melee", { kind: "for-the-turn", set: "hit", value: 1, atPick: true, companionOnly: false }],
      ["self", "melee", { kind: "for-the-turn", set: "hit", value: 1, atPick: true, companionOnly: false }],
    ]);
    expect(r("Add 1 to wound rolls for attacks made by this unit and the target for the rest of the turn.").kind).toBe("unread");
    expect(r("Add 1 to hit rolls for attacks made by this unit and another unit for the rest of the turn.").kind).toBe("unread");
  });
});
