/**
 * The passive4 area in play (docs/abilities.md "Passive abilities, fourth pass (passive4)"): set-up positions read
 * through the attack interpreter, and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { weaponAfterMods } from "../../src/aos/abilities/passive.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, battleInRow, type Placement } from "../support/battle-fixtures.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { DURATION_SETS } from "../../src/aos/abilities/schema.js";
import { readFileSync } from "node:fs";
import { declareFightAfter } from "../../src/aos/battle/fight-order.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesGiven } from "../support/same-battles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "FLESH-EATER COURTS", "HERO", "MONSTER", "DAEMON"]);


// The catalogues' forms (Hurakan Spirit of the Wind's, Bloodpelt Hunter's) with the bundled units' weapons.
const BOLTS_SET = { name: "Hunters of Majestic Beasts", timing: "Passive", effect: "The Damage characteristic of this unit's Celestar Stormbolts is 3 for attacks that target MONSTERS." };
const MAW_SET = { name: "Biggest-Game Hunter", timing: "Passive", effect: "The Damage characteristic of this unit's Terrorgheist's Fanged Maw is 6 if the target is a MONSTER." };
const BOLTS_PLUS = { name: "Plus One", timing: "Passive", effect: "Add 1 to the Damage characteristic of this unit's Celestar Stormbolts." };

describe("damage-set: a weapon's Damage characteristic set to a value for attacks on some targets", () => {
  it("[AB-P4:damage-set] a Celestar Ballista's Stormbolts (Damage 1) have Damage 3 against a Royal Terrorgheist (MONSTER), 1 against Crypt Ghouls; its melee weapon is untouched; a +1 Damage modifier comes after the set value (4)", () => {
    const { b, ids } = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Royal Terrorgheist", 1, 20, 24), at("Crypt Ghouls", 1, 36, 24)], { seed: 1, step: { kind: "shooting", player: 0 } });
    giveTranslated(b, "Celestar Ballista", BOLTS_SET, vocab);
    const [c, t, g] = [ids[0]!, ids[1]!, ids[2]!];
    const weapon = (name: string) => b.profile(c).weapons.find((w) => w.name === name)!;
    const damage = (name: string, target: number, melee: boolean) => weaponAfterMods(weapon(name), attackEffects(b, c, target, melee, [weapon(name)])).damage;
    expect(weapon("Celestar Stormbolts").damage).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(damage("Celestar Stormbolts", t, false)).toEqual({ count: 0, sides: 0, plus: 3 });
    expect(damage("Celestar Stormbolts", g, false)).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(damage("Sacristan Engineers' Blades", t, true)).toEqual({ count: 0, sides: 0, plus: 1 });
    // A second battle (a battle reads its played effects once), with the +1 too.
    const two = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Royal Terrorgheist", 1, 20, 24), at("Crypt Ghouls", 1, 36, 24)], { seed: 1, step: { kind: "shooting", player: 0 } });
    giveTranslated(two.b, "Celestar Ballista", BOLTS_SET, vocab);
    giveTranslated(two.b, "Celestar Ballista", BOLTS_PLUS, vocab);
    const bolts = two.b.profile(two.ids[0]!).weapons.find((w) => w.name === "Celestar Stormbolts")!;
    const damage2 = (target: number) => weaponAfterMods(bolts, attackEffects(two.b, two.ids[0]!, target, false, [bolts])).damage;
    expect([damage2(two.ids[1]!), damage2(two.ids[2]!)]).toEqual([{ count: 0, sides: 0, plus: 4 }, { count: 0, sides: 0, plus: 2 }]);
  });

  it("[AB-P4:damage-set] a random Damage set to a value: the Royal Terrorgheist's Fanged Maw (D3+3) is 6 against a MONSTER (Mancrusher Gargant), D3+3 against Vindictors", () => {
    const { b, ids } = battleAt("savage-gains", [at("Royal Terrorgheist", 0, 20, 10), at("Mancrusher Gargant", 1, 20, 18), at("Vindictors", 1, 36, 18)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Royal Terrorgheist", MAW_SET, vocab);
    const [r, m, v] = [ids[0]!, ids[1]!, ids[2]!];
    const maw = b.profile(r).weapons.find((w) => w.name === "Terrorgheist's Fanged Maw")!;
    expect(weaponAfterMods(maw, attackEffects(b, r, m, true, [maw])).damage).toEqual({ count: 0, sides: 0, plus: 6 });
    expect(weaponAfterMods(maw, attackEffects(b, r, v, true, [maw])).damage).toEqual(maw.damage);
    expect(maw.damage).toEqual({ count: 1, sides: 3, plus: 3 });
  });

  it("[AB-P4:damage-set] battles of Celestar Ballistas with the set Damage shooting at Royal Terrorgheists are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Celestar Ballista", 0, 34, 10), at("Royal Terrorgheist", 1, 20, 30), at("Royal Terrorgheist", 1, 36, 30)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Celestar Ballista", BOLTS_SET, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });

  it("[AB-P4:damage-set] battles of Royal Terrorgheists (Fanged Maw set to 6) against Mancrusher Gargants, with a +1 Damage on it too, are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Royal Terrorgheist", 0, 20, 14), at("Mancrusher Gargant", 1, 20, 22), at("Mancrusher Gargant", 1, 36, 22)], { step: { kind: "hero", player: 0 }, log: false });
    const plus = { name: "Plus One", timing: "Passive", effect: "Add 1 to the Damage characteristic of this unit's Terrorgheist's Fanged Maw." };
    sameBattlesGiven(core, start, (b) => {
      giveTranslated(b, "Royal Terrorgheist", MAW_SET, vocab);
      giveTranslated(b, "Royal Terrorgheist", plus, vocab);
    }, [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

// Raptoryx's Crazed Flock, given to Morbheg Knights (Grisly Lance, and Nightshrieker's Claws and Teeth: Companion).
const FLOCK = { name: "Crazed Flock", timing: "Passive", effect: "If this unit charged this turn, for the rest of the turn, add 1 to the Attacks characteristic of its melee weapons. This ability also affects Companion weapons." };

describe("an Attacks modifier that also affects Companion weapons", () => {
  it("[AB-P4:companion] Morbheg Knights that charged: +1 Attacks on the Grisly Lance and on the Companion Claws and Teeth (3 -> 4); not charged, none", () => {
    const { b, ids } = battleAt("savage-gains", [at("Morbheg Knights", 0, 20, 10), at("Vindictors", 1, 20, 14)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Morbheg Knights", FLOCK, vocab);
    const [k, v] = [ids[0]!, ids[1]!];
    const attacks = () => b.profile(k).weapons.map((w) => weaponAfterMods(w, attackEffects(b, k, v, true, b.profile(k).weapons)).attacks.plus);
    const base = b.profile(k).weapons.map((w) => w.attacks.plus);
    expect(attacks()).toEqual(base);
    b.unit(k).charged = true;
    expect(attacks()).toEqual(base.map((n) => n + 1));
    expect(b.profile(k).weapons.find((w) => w.name === "Nightshrieker's Claws and Teeth")!.attacks.plus).toBe(3);
  });

  it("[AB-P4:companion] battles of Morbheg Knights with Crazed Flock charging Vindictors are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Morbheg Knights", 0, 20, 14), at("Morbheg Knights", 0, 34, 14), at("Vindictors", 1, 20, 24), at("Vindictors", 1, 34, 24)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Morbheg Knights", FLOCK, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

// Centaurion Marshal's Marshal of the Legions with the bundled units: a DAEMON keyword no bundled unit has, or Vindictors.
const MARSHAL = {
  name: "Marshal of the Legions",
  timing: "You declared a FIGHT ability for this unit",
  effect: "Pick a friendly non-HERO DAEMON or Vindictors unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. If it is picked to do so, add 1 to hit rolls for the target's attacks for the rest of the turn.",
};

describe("a fight-after reaction's pick of a keyword or a warscroll", () => {
  it("[AB-P4:fight-after] battles of a Lord-Imperatant with Marshal of the Legions beside Vindictors, against Crypt Ghouls, are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 14), at("Vindictors", 0, 24, 14), at("Crypt Ghouls", 1, 20, 18), at("Crypt Ghouls", 1, 26, 18)], { step: { kind: "combat", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Lord-Imperatant", MARSHAL, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

// Ghurish Ferocity's form (Battlemage on Griffon) and Skewering Bolts' / Storm of Iron-tipped Bolts' with the bundled units' weapons.
const FEROCITY = { name: "Ghurish Ferocity", timing: "Once Per Turn (Army), Any Combat Phase", effect: "Roll a dice. On a 2+, add 1 to the Damage characteristic of this unit's Terrorgheist's Fanged Maw for attacks that target enemy MONSTERS for the rest of the turn." };
const SKEWER = { name: "Skewering Bolts", timing: "Once Per Turn (Army), Your Shooting Phase", effect: "For the rest of the turn, the Damage characteristic of this unit's Celestar Stormbolts is 6 if the target is a MONSTER." };
const STORM = { name: "Storm of Iron-tipped Bolts", timing: "Your Shooting Phase", effect: "If this unit has not used a MOVE ability this turn and was not set up this turn, add 1 to the Attacks characteristic of this unit's Celestar Stormbolts for the rest of the turn." };

describe("effects for a while on named weapons, on the attacks on some targets, a Damage set to a value", () => {
  it("[AB-P4:held] the kernel's SET_DAMAGE_SET is DURATION_SETS' index of damage-set", () => {
    const src = readFileSync(new URL("../../assembly/battle/passive4.ts", import.meta.url), "utf8");
    expect(Number(/SET_DAMAGE_SET: i32 = (\d+)/.exec(src)![1])).toBe(DURATION_SETS.indexOf("damage-set"));
  });

  it("[AB-P4:held] combat step, a 2: Liberators' Grandhammer (Damage 2; the text's plural) is 3 against enemy Liberators made MONSTERS, 2 against Praetors, the Warhammer untouched; a 1: nothing", () => {
    const text = { ...FEROCITY, effect: FEROCITY.effect.replace("Terrorgheist's Fanged Maw", "Grandhammers") };
    const row = (dice: number[]) => {
      const r = battleInRow([{ warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Liberators", owner: 1 }], dice, "combat");
      giveTranslated(r.b, "Liberators", text, vocab);
      r.b.data.profiles[r.ids[2]!]!.keywords = [...r.b.data.profiles[r.ids[2]!]!.keywords, "MONSTER"];
      return r;
    };
    const { b, ids } = row([2]);
    const [p, l, m] = [ids[0]!, ids[1]!, ids[2]!];
    const w = (name: string) => b.profile(l).weapons.find((x) => x.name === name)!;
    const dmg = (name: string, t: number) => weaponAfterMods(w(name), attackEffects(b, l, t, true, [w(name)])).damage.plus;
    expect(dmg("Grandhammer", m)).toBe(2);
    useStepAbilities(b, 0, "combat");
    expect([dmg("Grandhammer", m), dmg("Grandhammer", p), dmg("Warhammer", m)]).toEqual([3, 2, 1]);
    const one = row([1]);
    useStepAbilities(one.b, 0, "combat");
    expect(one.b.unit(one.ids[1]!).tokens.filter((t) => t.includes("for-the-turn:"))).toEqual([]);
  });

  it("[AB-P4:held] shooting step: a Celestar Ballista's Stormbolts have Damage 6 against a Royal Terrorgheist for the rest of the turn (1 against Crypt Ghouls); +1 Attacks on them only while it has not moved", () => {
    const { b, ids } = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Royal Terrorgheist", 1, 20, 24), at("Crypt Ghouls", 1, 36, 24)], { seed: 1, step: { kind: "shooting", player: 0 } });
    giveTranslated(b, "Celestar Ballista", SKEWER, vocab);
    giveTranslated(b, "Celestar Ballista", STORM, vocab);
    const [c, t, g] = [ids[0]!, ids[1]!, ids[2]!];
    const bolts = b.profile(c).weapons.find((x) => x.name === "Celestar Stormbolts")!;
    const after = (target: number) => weaponAfterMods(bolts, attackEffects(b, c, target, false, [bolts]));
    useStepAbilities(b, 0, "shooting-start");
    expect(after(t).damage).toEqual({ count: 0, sides: 0, plus: 6 });
    expect(after(g).damage).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(after(g).attacks.plus).toBe(bolts.attacks.plus + 1);
    const moved = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Royal Terrorgheist", 1, 20, 24), at("Crypt Ghouls", 1, 36, 24)], { seed: 1, step: { kind: "shooting", player: 0 } });
    giveTranslated(moved.b, "Celestar Ballista", STORM, vocab);
    moved.b.unit(moved.ids[0]!).moved = true;
    useStepAbilities(moved.b, 0, "shooting-start");
    expect(weaponAfterMods(bolts, attackEffects(moved.b, moved.ids[0]!, moved.ids[2]!, false, [bolts])).attacks.plus).toBe(bolts.attacks.plus);
  });

  it("[AB-P4:held] battles with Ghurish Ferocity's form on Royal Terrorgheists against Mancrusher Gargants are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Royal Terrorgheist", 0, 20, 14), at("Mancrusher Gargant", 1, 20, 22), at("Mancrusher Gargant", 1, 36, 22)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Royal Terrorgheist", FEROCITY, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });

  it("[AB-P4:held] battles of Celestar Ballistas with Skewering Bolts' and Storm of Iron-tipped Bolts' forms against Royal Terrorgheists are identical in both engines, seed for seed, and the abilities change them", () => {
    const start = () => battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Celestar Ballista", 0, 34, 10), at("Royal Terrorgheist", 1, 20, 30), at("Royal Terrorgheist", 1, 36, 30)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Celestar Ballista", SKEWER, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Celestar Ballista", STORM, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

const MONSTERS_OFF = { name: "Monster Slayer", timing: "Passive", effect: "Subtract 1 from hit rolls for combat attacks made by enemy MONSTERS that target this unit." };
const SCARE = { name: "Scare Taktikz", timing: "Any Combat Phase", effect: "Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-HERO units that target this unit for the rest of the turn." };

describe("modifiers against the unit's attackers that pass a filter", () => {
  it("[AB-P4:attacker] Vindictors with the passive text: -1 to hit for a Royal Terrorgheist's (MONSTER) attacks on them, not for Crypt Ghouls' (nor on other units)", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Royal Terrorgheist", 1, 20, 18), at("Crypt Ghouls", 1, 30, 14), at("Liberators", 0, 40, 10)], { seed: 1, step: { kind: "combat", player: 1 } });
    giveTranslated(b, "Vindictors", MONSTERS_OFF, vocab);
    const [v, r, g, l] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    expect([attackEffects(b, r, v, true, []).hit, attackEffects(b, g, v, true, []).hit, attackEffects(b, r, l, true, []).hit, attackEffects(b, r, v, false, []).hit]).toEqual([-1, 0, 0, 0]);
  });

  it("[AB-P4:attacker] combat step, a 3: Scare Taktikz on Liberators: -1 to hit for Crypt Ghouls' attacks on them, not for a Lord-Imperatant's (HERO, played by the other army here)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Crypt Ghouls", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Abhorrant Archregent", owner: 1 }], [3], "combat");
    giveTranslated(b, "Liberators", SCARE, vocab);
    const [g, l, h] = [ids[0]!, ids[1]!, ids[2]!];
    useStepAbilities(b, 0, "combat");
    expect([attackEffects(b, g, l, true, []).hit, attackEffects(b, h, l, true, []).hit]).toEqual([-1, 0]);
  });

  it("[AB-P4:attacker] battles of Vindictors with the passive text against Royal Terrorgheists, and with Scare Taktikz against Crypt Ghouls, are identical in both engines, seed for seed, and the abilities change them", () => {
    const start = () => battleAt("savage-gains", [at("Vindictors", 0, 20, 14), at("Vindictors", 0, 34, 14), at("Royal Terrorgheist", 1, 20, 24), at("Royal Terrorgheist", 1, 36, 24)], { step: { kind: "hero", player: 1 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Vindictors", MONSTERS_OFF, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
    const start2 = () => battleAt("savage-gains", [at("Vindictors", 0, 20, 14), at("Vindictors", 0, 34, 14), at("Crypt Ghouls", 1, 20, 20), at("Crypt Ghouls", 1, 34, 20)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start2, (b) => giveTranslated(b, "Vindictors", SCARE, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

const DEMONSTRATE = {
  name: "Allow Me To Demonstrate",
  timing: "Once Per Turn (Army), Reaction: You declared a FIGHT ability for this unit",
  effect: "Pick a friendly non-HERO Vindictors unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. Add 1 to hit rolls for attacks made by this unit and the target for the rest of the turn.",
};

describe("a fight-after reaction's bonus to this unit and the target", () => {
  it("[AB-P4:fight-both] at a Lord-Imperatant's fight declaration, the Vindictors beside it are picked: +1 to hit for both at once (the Lord-Imperatant's own attacks in this fight), Liberators not", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Crypt Ghouls", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Vindictors", owner: 0 }], null, "combat");
    giveTranslated(b, "Lord-Imperatant", DEMONSTRATE, vocab);
    const [l, g, h, v] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    expect([attackEffects(b, h, g, true, []).hit, attackEffects(b, v, g, true, []).hit]).toEqual([0, 0]);
    expect(declareFightAfter(b, h)?.unit).toBe(v);
    expect([attackEffects(b, h, g, true, []).hit, attackEffects(b, v, g, true, []).hit, attackEffects(b, l, g, true, []).hit]).toEqual([1, 1, 0]);
  });

  it("[AB-P4:fight-both] battles of Lord-Imperatants with it beside Vindictors against Crypt Ghouls are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 14), at("Vindictors", 0, 24, 14), at("Crypt Ghouls", 1, 20, 18), at("Crypt Ghouls", 1, 26, 18)], { step: { kind: "combat", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Lord-Imperatant", DEMONSTRATE, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});
