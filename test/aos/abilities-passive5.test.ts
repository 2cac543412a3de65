/**
 * The passive5 area in play (docs/abilities.md "Passive abilities, fifth pass (passive5)"): set-up positions read
 * through the attack interpreter, and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { weaponAfterMods } from "../../src/aos/abilities/passive.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesGiven } from "../support/same-battles.js";
import { readFileSync } from "node:fs";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { PASSIVE_KINDS } from "../../src/aos/rollout/encode-passive.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "WARRIOR CHAMBER", "FLESH-EATER COURTS", "HERO", "MONSTER", "PRIEST", "WIZARD", "MANIFESTATION"]);


// The catalogues' forms (Yndrasta's, Deathmaster Crixxit's) with the bundled units' weapons.
const BOLTS_DOUBLE = { name: "The Prime Huntress", timing: "Passive", effect: "Double the Damage characteristic of this unit's Celestar Stormbolts for attacks that target MONSTERS." };
const MAW_DOUBLE = { name: "The Prime Huntress", timing: "Passive", effect: "Double the Damage characteristic of this unit's Terrorgheist's Fanged Maw for attacks that target MONSTERS." };
const MELEE_HERO = { name: "Master of Assassins", timing: "Passive", effect: "Double the Damage characteristic of this unit's melee weapons for attacks that target an enemy HERO." };

describe("damage-double: a weapon's fixed Damage characteristic doubled for attacks on some targets", () => {
  it("[AB-P5:double] the kernel's DAMAGE_DOUBLE_KIND is encode-passive.ts's code (183, the passive5 room)", () => {
    const src = readFileSync(new URL("../../assembly/battle/passive5.ts", import.meta.url), "utf8");
    expect(Number(/DAMAGE_DOUBLE_KIND: i32 = (\d+)/.exec(src)![1])).toBe(PASSIVE_KINDS["damage-double"]);
    expect(PASSIVE_KINDS["damage-double"]).toBe(183);
  });

  it("[AB-P5:double] a Celestar Ballista's Stormbolts (Damage 1) have Damage 2 against a Royal Terrorgheist (MONSTER), 1 against Crypt Ghouls; its melee weapon is untouched; a +1 Damage modifier comes after the doubling (3)", () => {
    const place = () => battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Royal Terrorgheist", 1, 20, 24), at("Crypt Ghouls", 1, 36, 24)], { seed: 1, step: { kind: "shooting", player: 0 } });
    const { b, ids } = place();
    giveTranslated(b, "Celestar Ballista", BOLTS_DOUBLE, vocab);
    const [c, t, g] = [ids[0]!, ids[1]!, ids[2]!];
    const weapon = (name: string) => b.profile(c).weapons.find((w) => w.name === name)!;
    const damage = (name: string, target: number, melee: boolean) => weaponAfterMods(weapon(name), attackEffects(b, c, target, melee, [weapon(name)])).damage;
    expect(weapon("Celestar Stormbolts").damage).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(damage("Celestar Stormbolts", t, false)).toEqual({ count: 0, sides: 0, plus: 2 });
    expect(damage("Celestar Stormbolts", g, false)).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(damage("Sacristan Engineers' Blades", t, true)).toEqual(weapon("Sacristan Engineers' Blades").damage);
    const two = place();
    giveTranslated(two.b, "Celestar Ballista", BOLTS_DOUBLE, vocab);
    giveTranslated(two.b, "Celestar Ballista", { name: "Plus One", timing: "Passive", effect: "Add 1 to the Damage characteristic of this unit's Celestar Stormbolts." }, vocab);
    const bolts = two.b.profile(two.ids[0]!).weapons.find((w) => w.name === "Celestar Stormbolts")!;
    const damage2 = (target: number) => weaponAfterMods(bolts, attackEffects(two.b, two.ids[0]!, target, false, [bolts])).damage;
    expect([damage2(two.ids[1]!), damage2(two.ids[2]!)]).toEqual([{ count: 0, sides: 0, plus: 3 }, { count: 0, sides: 0, plus: 2 }]);
  });

  it("[AB-P5:double] a random Damage is left as it is: the Royal Terrorgheist's Fanged Maw (D3+3) against a Mancrusher Gargant (MONSTER)", () => {
    const { b, ids } = battleAt("savage-gains", [at("Royal Terrorgheist", 0, 20, 10), at("Mancrusher Gargant", 1, 20, 18)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Royal Terrorgheist", MAW_DOUBLE, vocab);
    const maw = b.profile(ids[0]!).weapons.find((w) => w.name === "Terrorgheist's Fanged Maw")!;
    expect(maw.damage).toEqual({ count: 1, sides: 3, plus: 3 });
    expect(weaponAfterMods(maw, attackEffects(b, ids[0]!, ids[1]!, true, [maw])).damage).toEqual(maw.damage);
  });

  it("[AB-P5:double] Vindictors' melee weapons against a Lord-Imperatant (HERO) doubled, against Crypt Ghouls not", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Lord-Imperatant", 1, 20, 14), at("Crypt Ghouls", 1, 30, 14)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Vindictors", MELEE_HERO, vocab);
    const spear = b.profile(ids[0]!).weapons[0]!;
    expect(spear.damage.count).toBe(0);
    const d = (target: number) => weaponAfterMods(spear, attackEffects(b, ids[0]!, target, true, [spear])).damage.plus;
    expect([d(ids[1]!), d(ids[2]!)]).toEqual([spear.damage.plus * 2, spear.damage.plus]);
  });

  it("[AB-P5:double] battles of Celestar Ballistas with doubled Damage shooting at Royal Terrorgheists are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Celestar Ballista", 0, 34, 10), at("Royal Terrorgheist", 1, 20, 30), at("Royal Terrorgheist", 1, 36, 30)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Celestar Ballista", BOLTS_DOUBLE, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });

  it("[AB-P5:double] battles of Vindictors (melee doubled against HEROES) against a Lord-Imperatant and Crypt Ghouls are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Vindictors", 0, 20, 14), at("Vindictors", 0, 32, 14), at("Lord-Imperatant", 1, 20, 22), at("Crypt Ghouls", 1, 32, 22)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Vindictors", MELEE_HERO, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

// Ironblaster (Scourge of Ghyran)'s Shrapnel Blast's form with a bundled unit's ranged weapon.
const SHRAPNEL = { name: "Shrapnel Blast", timing: "Once Per Turn (Army), Your Shooting Phase", effect: "For the rest of the phase: \u2022 Add 1 to the Attacks characteristic of this unit's ranged weapons. \u2022 This unit's ranged weapons have Crit (2 Hits)." };

describe("a shooting phase's rest of the phase on this unit's ranged attacks", () => {
  it("[AB-P5:shooting-phase] battles of Celestar Ballistas with Shrapnel Blast shooting at Royal Terrorgheists are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10), at("Celestar Ballista", 0, 34, 10), at("Royal Terrorgheist", 1, 20, 30), at("Royal Terrorgheist", 1, 36, 30)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Celestar Ballista", SHRAPNEL, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

// Lord-Celestant on Stardrake's form (EXTREMIS CHAMBER there) and Ripperdactyl Chief's (named weapons) with the bundled units.
const RALLY_ATTACKS = { name: "Vigilant Command", timing: "Once Per Battle, Any Combat Phase", effect: "Add 1 to the Attacks characteristic of other friendly WARRIOR CHAMBER units wholly within 12\" of this unit for the rest of the turn." };
const SPEARS = { name: "Spears", timing: "Once Per Battle, Any Combat Phase", effect: "Add 1 to the Attacks characteristic of Stormspears used by friendly Vindictors units wholly within 12\" of this unit for the rest of the turn." };

describe("the Attacks of each friendly unit wholly within range when used, for the rest of the turn", () => {
  it("[AB-P5:each] a Lord-Imperatant gives both Vindictors units wholly within 12\" +1 Attacks for the rest of the turn, not the Vindictors 30\" away, not itself", () => {
    const { b, ids } = battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 10), at("Vindictors", 0, 24, 10), at("Vindictors", 0, 16, 12), at("Vindictors", 0, 50, 10), at("Crypt Ghouls", 1, 24, 14)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Lord-Imperatant", RALLY_ATTACKS, vocab);
    const [lord, v1, v2, far, g] = ids as [number, number, number, number, number];
    // The Attacks modifier held for a while (attack.ts AttackMods.attacks, applied by attacks.ts to the Stormspear's 2).
    const spear = (v: number) => attackEffects(b, v, g, true, b.profile(v).weapons).attacks;
    expect(b.profile(v1).weapons[0]!.attacks.plus).toBe(2);
    expect([spear(v1), spear(v2), spear(far)]).toEqual([0, 0, 0]);
    useStepAbilities(b, 0, "combat");
    const token = "for-the-turn:Lord-Imperatant/Vigilant Command#0";
    expect([v1, v2, far, lord].map((x) => b.unit(x).tokens.includes(token))).toEqual([true, true, false, false]);
    expect([spear(v1), spear(v2), spear(far)]).toEqual([1, 1, 0]);
  });

  it("[AB-P5:each] battles of a Lord-Imperatant beside Vindictors against Crypt Ghouls are identical in both engines, seed for seed, and the ability changes them (the keyword form, and the named-weapons form)", () => {
    const start = () => battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 12), at("Vindictors", 0, 24, 14), at("Vindictors", 0, 14, 14), at("Crypt Ghouls", 1, 22, 20), at("Crypt Ghouls", 1, 14, 20)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Lord-Imperatant", RALLY_ATTACKS, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Lord-Imperatant", SPEARS, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});
