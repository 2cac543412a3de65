/**
 * The cities6 area in play (docs/abilities.md "Cities of Sigmar: under orders (cities6)"): Form Up's pick at the start
 * of a battle round, the underOrders condition read through the attack interpreter, and the kernel playing the same
 * battles (Form Up, the US.UNDER_ORDERS bit and the record's EF.C6_ORDERS), seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { cities6RoundStart, formUpPick, UNDER_ORDERS_TOKEN } from "../../src/aos/battle/cities6.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, battleInRow, type Placement } from "../support/battle-fixtures.js";
import { useCombatAbilities } from "../../src/aos/battle/combat-abilities.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged, sameBattlesUsing } from "../support/same-battles.js";
import { addToken } from "../../src/aos/battle/tokens.js";
import { shootingWeapons } from "../../src/aos/battle/shooting.js";
import { battleEffects } from "../../src/aos/battle/effects.js";
import { turnToken } from "../../src/aos/abilities/attack.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const CITY = ["CITIES OF SIGMAR", "SIGMARITE"];
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, keywords?: string[]): Placement => ({ warscroll, owner, x, y, ...(keywords ? { keywords } : {}) });
const vocab = keywordVocabulary(["CITIES OF SIGMAR", "SIGMARITE", "STORMCAST ETERNALS", "FLESH-EATER COURTS", "HERO", "MONSTER", "INFANTRY"]);
const orders = (b: ReturnType<typeof battleAt>["b"], id: number) => b.unit(id).tokens.includes(UNDER_ORDERS_TOKEN);

// The catalogues' texts (Cities of Sigmar - Library.cat; Allies of the Free Cities.cat), and one bullet of Fortified Position as the pattern reads it.
const BREAK = { name: "Break Them Upon the Walls", timing: "Passive", effect: 'While this unit is under orders, the melee weapons of other visible friendly SIGMARITE units, excluding Freeguild Gallants units, have Anti-charge (+1 Rend) while they are wholly within 12" of this unit.' };
const PIKE = { name: "Protective Pike-wall", timing: "Passive", effect: "If this unit is under orders and has not charged this turn, ignore the effect of the Charge (+1 Damage) ability for combat attacks made by enemy units that target this unit." };
const COORDINATE = {
  name: "Coordinate Attacks",
  timing: "Once Per Turn (Army), Your Shooting Phase",
  effect: 'Declare: Pick a visible enemy unit within 24" of this unit to be the target.\nEffect: For the rest of the turn, add 1 to hit rolls for attacks made by friendly SIGMARITE units that are under orders that target that enemy unit.',
};
const FORTIFIED = { name: "Fortified Position", timing: "Passive", effect: "While this unit is under orders: \u2022 This unit's ranged weapons have Shoot in Combat. \u2022 Subtract 1 from the Rend characteristic of weapons used for attacks that target this unit." };
const REND = { name: "Fortified Position", timing: "Passive", effect: "While this unit is under orders, subtract 1 from the Rend characteristic of weapons used for attacks that target this unit." };

describe("Form Up: three CITIES OF SIGMAR units of different warscrolls under orders for the battle round", () => {
  it("[AB-C6:formup] the first unit (by id) with two visible targets of other warscrolls wholly within 12\" uses it on the first two; a unit of its own warscroll, one beyond 12\" and one without the keyword are passed over", () => {
    const { b, ids } = battleAt("savage-gains", [
      at("Liberators", 0, 20, 10, CITY),
      at("Liberators", 0, 24, 10, CITY), // same warscroll as the user
      at("Vindictors", 0, 40, 10, CITY), // more than 12" away
      at("Knight-Arcanum", 0, 20, 14), // no CITIES OF SIGMAR
      at("Vindictors", 0, 16, 10, CITY),
      at("Celestar Ballista", 0, 20, 18, CITY),
      at("Crypt Ghouls", 1, 20, 40),
    ]);
    expect(formUpPick(b, 0)).toEqual([ids[0], ids[4], ids[5]]);
    expect(formUpPick(b, 1)).toBeNull();
    cities6RoundStart(b);
    expect(ids.map((id) => orders(b, id))).toEqual([true, false, false, false, true, true, false]);
    expect(b.data.log!.some((l) => /^Form Up: Liberators, Vindictors 2 and Celestar Ballista are under orders/.test(l))).toBe(true);
    // The next battle round: last round's orders go first, so the same three are picked again.
    b.unit(ids[1]!).tokens.push(UNDER_ORDERS_TOKEN);
    cities6RoundStart(b);
    expect(ids.map((id) => orders(b, id))).toEqual([true, false, false, false, true, true, false]);
  });

  it("[AB-C6:formup] no trio of different warscrolls: nobody is under orders; the keyword's absence: Form Up is never used", () => {
    const two = battleAt("savage-gains", [at("Liberators", 0, 20, 10, CITY), at("Vindictors", 0, 24, 10, CITY), at("Liberators", 0, 22, 14, CITY), at("Crypt Ghouls", 1, 20, 40)]);
    cities6RoundStart(two.b);
    expect(two.ids.map((id) => orders(two.b, id))).toEqual([false, false, false, false]);
    const none = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Vindictors", 0, 24, 10), at("Celestar Ballista", 0, 22, 14), at("Crypt Ghouls", 1, 20, 40)]);
    expect(formUpPick(none.b, 0)).toBeNull();
  });
});

describe("the underOrders condition through the attack interpreter", () => {
  it("[AB-C6:rend] Fortified Position's bullet: Rend -1 on attacks against the unit only while it is under orders", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10, CITY), at("Crypt Ghouls", 1, 20, 12)], { step: { kind: "combat", player: 1 } });
    giveTranslated(b, "Liberators", REND, vocab);
    const ghouls = b.profile(ids[1]!).weapons;
    expect(attackEffects(b, ids[1]!, ids[0]!, true, ghouls).rend).toBe(0);
    addToken(b.unit(ids[0]!), UNDER_ORDERS_TOKEN);
    expect(attackEffects(b, ids[1]!, ids[0]!, true, ghouls).rend).toBe(-1);
  });

  it("[AB-C6:break] Break Them Upon the Walls: Anti-charge (+1 Rend) on other friendly SIGMARITE units' melee weapons wholly within 12\" while the unit with it is under orders; not on itself, not on an excluded warscroll's, not beyond 12\"", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10, CITY), at("Vindictors", 0, 26, 10, CITY), at("Vindictors", 0, 45, 10, CITY), at("Crypt Ghouls", 1, 26, 12)], { step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Liberators", { ...BREAK, effect: BREAK.effect.replace("Freeguild Gallants", "Celestar Ballista") }, vocab);
    const anti = (id: number) => attackEffects(b, id, ids[3]!, true, b.profile(id).weapons).weaponMods.some((w) => w.ability === "Anti-charge (+1 Rend)");
    expect([anti(ids[0]!), anti(ids[1]!), anti(ids[2]!)]).toEqual([false, false, false]);
    addToken(b.unit(ids[0]!), UNDER_ORDERS_TOKEN);
    expect([anti(ids[0]!), anti(ids[1]!), anti(ids[2]!)]).toEqual([false, true, false]);
    // The excluded warscroll's units do not have it.
    const ex = battleAt("savage-gains", [at("Liberators", 0, 20, 10, CITY), at("Vindictors", 0, 26, 10, CITY), at("Crypt Ghouls", 1, 26, 12)], { step: { kind: "combat", player: 0 } });
    giveTranslated(ex.b, "Liberators", { ...BREAK, effect: BREAK.effect.replace("Freeguild Gallants", "Vindictors") }, vocab);
    addToken(ex.b.unit(ex.ids[0]!), UNDER_ORDERS_TOKEN);
    expect(attackEffects(ex.b, ex.ids[1]!, ex.ids[2]!, true, ex.b.profile(ex.ids[1]!).weapons).weaponMods.some((w) => w.ability === "Anti-charge (+1 Rend)")).toBe(false);
  });
});

describe("Coordinate Attacks: +1 to hit on the marked enemy for SIGMARITE attackers under orders", () => {
  it("[AB-C6:coordinate] with the mark on the Crypt Ghouls, a SIGMARITE unit under orders hits them at +1; one not under orders, one without SIGMARITE and another target at 0", () => {
    const { b, ids } = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10, CITY), at("Liberators", 0, 14, 10, CITY), at("Vindictors", 0, 26, 10, ["CITIES OF SIGMAR"]), at("Crypt Ghouls", 1, 20, 26), at("Varghulf Courtier", 1, 30, 26)], { step: { kind: "shooting", player: 0 } });
    giveTranslated(b, "Celestar Ballista", COORDINATE, vocab);
    const pe = battleEffects(b).find((p) => p.ability.name === "Coordinate Attacks")!;
    addToken(b.unit(ids[3]!), turnToken(pe));
    for (const id of [ids[1]!, ids[2]!]) addToken(b.unit(id), UNDER_ORDERS_TOKEN);
    const hit = (a: number, t: number) => attackEffects(b, a, t, true, b.profile(a).weapons).hit;
    expect([hit(ids[1]!, ids[3]!), hit(ids[0]!, ids[3]!), hit(ids[2]!, ids[3]!), hit(ids[1]!, ids[4]!)]).toEqual([1, 0, 0, 0]);
  });
});

describe("Fortified Position: Shoot in Combat while under orders", () => {
  const place = (seed: number, withAbilities: boolean, orders: boolean) => {
    const { b, ids } = battleAt("savage-gains", [at("Celestar Ballista", 0, 20, 10, CITY), at("Crypt Ghouls", 1, 20, 12.5)], { seed, step: { kind: "shooting", player: 0 } });
    if (withAbilities) giveTranslated(b, "Celestar Ballista", FORTIFIED, vocab);
    if (orders) addToken(b.unit(ids[0]!), UNDER_ORDERS_TOKEN);
    return { b, ids };
  };

  it("[AB-C6:fortified] a Celestar Ballista in combat shoots with its Stormbolts (no Shoot in Combat of their own) only while it is under orders", () => {
    const plain = place(1, true, false);
    expect(plain.b.inCombat(plain.ids[0]!)).toBe(true);
    expect(shootingWeapons(plain.b, plain.ids[0]!).map((w) => w.name)).toEqual([]);
    const ordered = place(1, true, true);
    expect(shootingWeapons(ordered.b, ordered.ids[0]!).map((w) => w.name)).toEqual(["Celestar Stormbolts"]);
    expect(shootingWeapons(place(1, false, true).b, ordered.ids[0]!).map((w) => w.name)).toEqual([]);
  });

  it("[AB-C6:fortified] the kernel's battles from that shooting phase are the TypeScript engine's, seed for seed, and the ability changes them", () => {
    sameBattlesChanged(core, (seed, w) => new PitchedBattleState(place(seed, w, true).b), [1, 2, 3, 4, 5, 6]);
  });
});

describe("Allies Drothmasters: no dice while under orders", () => {
  const DROTH = {
    name: "Allies Drothmasters",
    timing: "Any Combat Phase",
    effect: "Declare: Pick an enemy MONSTER in combat with this unit to be the target.\nEffect: If this unit is under orders, apply the effect below. Otherwise, roll a dice. On a 3+, apply the effect below.\nSubtract 2 from the Damage characteristic of the target's Companion melee weapons for the rest of the turn.",
  };
  const row = (dice: number[] | null, orders: boolean) => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0, keywords: CITY }, { warscroll: "Royal Terrorgheist", owner: 1 }], dice, "combat");
    giveTranslated(b, "Liberators", DROTH, vocab);
    if (orders) addToken(b.unit(ids[0]!), UNDER_ORDERS_TOKEN);
    const pe = battleEffects(b).find((p) => p.ability.name === "Allies Drothmasters")!;
    return { b, ids, on: () => b.unit(ids[1]!).tokens.includes(turnToken(pe)) };
  };

  it("[AB-C6:sure] under orders: the Terrorgheist's Companion weapons lose 2 Damage with no dice (the script has none); not under orders: a 2 fails, a 3 succeeds", () => {
    const a = row([], true);
    useCombatAbilities(a.b, 0);
    expect(a.on()).toBe(true);
    const maw = a.b.profile(a.ids[1]!).weapons.filter((w) => w.name === "Terrorgheist's Fanged Maw");
    expect(attackEffects(a.b, a.ids[1]!, a.ids[0]!, true, maw).weaponMods.some((w) => w.companion === true && w.damage === -2)).toBe(true);
    const two = row([2], false);
    useCombatAbilities(two.b, 0);
    expect(two.on()).toBe(false);
    const three = row([3], false);
    useCombatAbilities(three.b, 0);
    expect(three.on()).toBe(true);
  });

  it("[AB-C6:sure] the kernel's battles from that combat phase (under orders) are the TypeScript engine's, seed for seed, and the ability is used", () => {
    sameBattlesUsing(core, () => row(null, true).b, [/Allies Drothmasters/]);

  });
});

describe("the kernel plays Form Up and the condition as the TypeScript engine does", () => {
  const place = (seed: number, withAbilities: boolean) => {
    const { b } = battleAt(
      "savage-gains",
      [at("Liberators", 0, 20, 12, CITY), at("Vindictors", 0, 14, 12, CITY), at("Celestar Ballista", 0, 24, 16, CITY), at("Crypt Ghouls", 1, 18, 20), at("Varghulf Courtier", 1, 26, 22)],
      { seed, step: { kind: "combat", player: 0 } },
    );
    if (withAbilities) {
      giveTranslated(b, "Liberators", REND, vocab);
      giveTranslated(b, "Vindictors", REND, vocab);
      giveTranslated(b, "Celestar Ballista", REND, vocab);
      giveTranslated(b, "Liberators", BREAK, vocab);
      giveTranslated(b, "Vindictors", PIKE, vocab);
      giveTranslated(b, "Celestar Ballista", COORDINATE, vocab);
    }
    return b;
  };

  it("[AB-C6:kernel] battles from a combat phase of the first round: Form Up at the later rounds' starts, the Rend modifier while under orders — identical, seed for seed, and changed by the abilities", () => {
    sameBattlesChanged(core, (seed, w) => new PitchedBattleState(place(seed, w)), [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("[AB-C6:kernel] a position with units already under orders (the token encoded as US.UNDER_ORDERS) and the TypeScript logs showing Form Up used", () => {
    sameBattlesUsing(core, () => {
      const b = place(1, true);
      for (const id of [0, 1, 2]) addToken(b.unit(id), UNDER_ORDERS_TOKEN);
      return b;
    }, [/^Form Up: /, /Coordinate Attacks/]);
  });
});
