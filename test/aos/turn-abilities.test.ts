/**
 * The effect language's for-the-turn modifiers (schema.ts kind "for-the-turn"): set by a combat-phase ability
 * (src/aos/battle/combat-abilities.ts, before the fights) on the unit the scripted pick names, read by the
 * attack interpreter (abilities/attack.ts) for the rest of the turn, gone when the next turn starts. Each
 * ability on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not expect),
 * its effect on the exact odds of an attack worked out by hand, and the kernel's twin
 * (assembly/battle/combat-abilities.ts, effects.ts) playing the same battles from those positions.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { turnToken } from "../../src/aos/abilities/attack.js";
import { oddsAbilities } from "../../src/aos/abilities/odds.js";
import { playedEffects } from "../../src/aos/abilities/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { attackInput } from "../../src/aos/battle/attacks.js";
import { useCombatAbilities } from "../../src/aos/battle/combat-abilities.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { aosOddsInputSchema } from "../../src/aos/odds/schema.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/** Units in a row along y, each touching the next (0.25" apart edge to edge), at the end of player 0's charge phase. */
function row(units: Omit<Placement, "x" | "y">[], dice: number[] = []) {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: 30, y: 10 })), { dice, step: { kind: "charge", player: 0 } });
  let y = 10;
  ids.forEach((id, i) => {
    if (i > 0) y += b.footprint(ids[i - 1]!).radius + b.footprint(id).radius + 0.25;
    b.unit(id).y = y;
  });
  return { b, ids };
}

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const token = (key: string, i = 0) => {
  const pe = playedEffects([key.split("/")[0]!]).find((x) => x.key === key && x.ability.effects.indexOf(x.effect) === i)!;
  return turnToken(pe);
};
const turnTokens = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.startsWith("for-the-turn:"));
/** The exact mean damage of `a`'s melee attacks on `t` as the battle resolves them now (weapons: only those named). */
function meanDamage(b: Battle, a: number, t: number, weapons?: string[]): number {
  const input = attackInput(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), attackContext(b, a, t, "melee"))!;
  if (weapons) input.attacker.weapons = input.attacker.weapons.filter((w) => weapons.includes(w.name));
  return exactAttackTs(planAttack(input)).damage.mean;
}

describe("for-the-turn modifiers, scripted dice", () => {
  it("[AB:Guardian of Souls/Nightmare Lantern] on a 3+, +1 to wound for the rest of the turn on the friendly NIGHTHAUNT unit in combat with the most melee attacks", () => {
    // 10 Chainrasps (2 Attacks x 10 = score 40) and the Guardian (3 x 1 = 6), both in combat with Liberators.
    let { b, ids } = row([{ warscroll: "Chainrasps", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Guardian of Souls", owner: 0 }], [3]);
    useCombatAbilities(b, 0);
    const lantern = token("Guardian of Souls/Nightmare Lantern");
    expect([turnTokens(b, ids[0]!), turnTokens(b, ids[2]!), left(b)]).toEqual([[lantern], [], 0]);
    expect(attackEffects(b, ids[0]!, ids[1]!, true, []).wound).toBe(1);
    // The next turn starts without it.
    beginTurn(b, 1);
    expect(turnTokens(b, ids[0]!)).toEqual([]);

    // The Guardian alone: Chill Blade, 3 attacks, 4+ to hit (6s auto-wound), 3+ to wound, Rend 1, Damage 2, on
    // Liberators (save 3+, 4+ after Rend). Per attack: 2/6 x 4/6 + 1/6 = 7/18 wounds, then 1/2 unsaved, 2 damage:
    // 3 x 7/18 = 7/6. With +1 to wound (2+): 2/6 x 5/6 + 1/6 = 4/9 wounds, 3 x 4/9 = 4/3.
    ({ b, ids } = row([{ warscroll: "Guardian of Souls", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2]));
    useCombatAbilities(b, 0);
    expect([turnTokens(b, ids[0]!), meanDamage(b, ids[0]!, ids[1]!)]).toEqual([[], expect.closeTo(7 / 6, 12)]);
    ({ b, ids } = row([{ warscroll: "Guardian of Souls", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3]));
    useCombatAbilities(b, 0);
    expect(meanDamage(b, ids[0]!, ids[1]!)).toBeCloseTo(4 / 3, 12);
    // Not in combat: no unit is worth it, no die.
    ({ b, ids } = row([{ warscroll: "Guardian of Souls", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []));
    b.unit(ids[1]!).y = 40;
    useCombatAbilities(b, 0);
    expect(turnTokens(b, ids[0]!)).toEqual([]);
  });

  it("[AB:Royal Terrorgheist/Shriek of Terror] a dice per model of an enemy INFANTRY unit in combat, 6s a mortal damage; 3 or more allocated: -1 to hit for its attacks for the rest of the turn", () => {
    // 5 Liberators: three 6s, 3 damage (no ward) allocated: 1 slain, 1 damage point, and -1 to hit.
    let { b, ids } = row([{ warscroll: "Royal Terrorgheist", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [6, 6, 6, 1, 2]);
    useCombatAbilities(b, 0);
    const shriek = token("Royal Terrorgheist/Shriek of Terror", 1);
    expect([b.unit(ids[1]!).models, b.unit(ids[1]!).damage, turnTokens(b, ids[1]!), left(b)]).toEqual([4, 1, [shriek], 0]);
    expect(attackEffects(b, ids[1]!, ids[0]!, true, []).hit).toBe(-1);
    // The Liberators' hammers on the Terrorgheist (save 4+, 5+ after Rend 1; WARD 6+), 3+ to hit, 3+ to wound,
    // 6s Crit (Mortal): per damage point, non-crit hits 3/6 x 4/6 wound x 2/3 unsaved + crits 1/6, each 5/6 past
    // the ward = (2/9 + 1/6) x 5/6 = 35/108. With -1 to hit (4+): (2/6 x 4/6 x 2/3 + 1/6) x 5/6 = 85/324. The
    // 4 Liberators left: 3 Warhammers x 2 attacks + the champion's 1 (Damage 1), 1 Grandhammer x 2 (Damage 2):
    // 11 points' worth, 11 x 85/324 = 935/324.
    expect(meanDamage(b, ids[1]!, ids[0]!)).toBeCloseTo(935 / 324, 12);
    // Two 6s: 2 damage, 1 slain, no -1: the same 11 points' worth, 11 x 35/108 = 385/108.
    ({ b, ids } = row([{ warscroll: "Royal Terrorgheist", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [6, 6, 1, 1, 2]));
    useCombatAbilities(b, 0);
    expect([b.unit(ids[1]!).models, b.unit(ids[1]!).damage, turnTokens(b, ids[1]!), meanDamage(b, ids[1]!, ids[0]!)]).toEqual([4, 0, [], expect.closeTo(385 / 108, 12)]);
    // Allocated means after the ward: 3 Immortis Guard (WARD 6+), three 6s, the ward saves one: 2 allocated, no -1.
    ({ b, ids } = row([{ warscroll: "Royal Terrorgheist", owner: 0 }, { warscroll: "Immortis Guard", owner: 1 }], [6, 6, 6, 6, 1, 1]));
    useCombatAbilities(b, 0);
    expect([b.unit(ids[1]!).damage, turnTokens(b, ids[1]!), left(b)]).toEqual([2, [], 0]);
  });

  it("[AB:Abhorrant Ghoul King on Royal Terrorgheist/Ferocious Hunger] on a 3+, +1 to hit for its Companion melee weapons for the rest of the turn (the exception to CORE-COMPANION)", () => {
    let { b, ids } = row([{ warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }], [3]);
    const before = meanDamage(b, ids[0]!, ids[1]!, ["Terrorgheist's Skeletal Talons"]);
    useCombatAbilities(b, 0);
    expect([turnTokens(b, ids[0]!), left(b)]).toEqual([[token("Abhorrant Ghoul King on Royal Terrorgheist/Ferocious Hunger")], 0]);
    const input = attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "melee", b.profile(ids[1]!), b.unit(ids[1]!), attackContext(b, ids[0]!, ids[1]!, "melee"))!;
    // The Companion weapons take it, the King's own Gory Talons do not.
    expect(planAttack(input).weapons.map((w) => [w.name, w.hitMod])).toEqual([
      ["Gory Talons and Fangs", 0],
      ["Terrorgheist's Fanged Maw", 1],
      ["Terrorgheist's Skeletal Talons", 1],
    ]);
    // Skeletal Talons: 6 attacks, 4+ to hit, 2+ to wound, Rend 1, Damage 2, 6s Crit (Mortal), on Liberators
    // (save 3+, 4+ after Rend). Per attack 2/6 x 5/6 x 1/2 x 2 + 1/6 x 2 = 11/18, x 6 = 11/3; with +1 to hit
    // (3+): 3/6 x 5/6 x 1/2 x 2 + 1/6 x 2 = 3/4, x 6 = 9/2.
    expect([before, meanDamage(b, ids[0]!, ids[1]!, ["Terrorgheist's Skeletal Talons"])]).toEqual([expect.closeTo(11 / 3, 12), expect.closeTo(9 / 2, 12)]);
    // A 2: nothing.
    ({ b, ids } = row([{ warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2]));
    useCombatAbilities(b, 0);
    expect([turnTokens(b, ids[0]!), left(b)]).toEqual([[], 0]);
  });

  it("[AB:Abhorrant Ghoul King on Royal Terrorgheist/Ferocious Hunger] [CORE-COMPANION] the odds: the +1 after the Companion weapons' positive modifiers are ignored, within the -1..+1 cap", () => {
    const weapons = [
      { name: "Talons", attacks: 6, hit: 4, wound: 2, rend: 1, damage: 2, abilities: ["Companion"] },
      { name: "Sword", attacks: 2, hit: 3, wound: 3, rend: 0, damage: 1, abilities: [] },
    ];
    const plan = (modifiers: Record<string, number>) =>
      planAttack(aosOddsInputSchema.parse({ attacker: { models: 1, weapons }, defender: { models: 1, health: 10, save: 4 }, context: { modifiers } })).weapons.map((w) => w.hitMod);
    expect(plan({ hit: -1, companionHit: 1 })).toEqual([0, -1]); // cover's -1 and the +1 on the Companion weapon
    expect(plan({ hit: 1, companionHit: 1 })).toEqual([1, 1]); // a +1 the Companion weapon ignores, then its own +1
    expect(plan({ hit: 1 })).toEqual([0, 1]);
  });

  it("[AB:Immortis Guard/Immortal Bulwark] an enemy unit in combat that charged: its weapon abilities other than Companion have no effect for its combat attacks this turn (no dice)", () => {
    const { b, ids } = row([{ warscroll: "Immortis Guard", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []);
    useCombatAbilities(b, 0); // the Liberators did not charge: no target
    expect(turnTokens(b, ids[1]!)).toEqual([]);
    // Liberators on Immortis Guard (save 3+, 4+ after Rend 1; WARD 6+): 4 x 2 Warhammer attacks + the champion's
    // 1 (Damage 1) and 1 x 2 Grandhammer (Damage 2), 13 points' worth; 3+ to hit, 3+ to wound. With Crit (Mortal):
    // per damage point (3/6 x 4/6 x 1/2 + 1/6) x 5/6 = 5/18, x 13 = 65/18. Without: 4/6 x 4/6 x 1/2 x 5/6 = 5/27,
    // x 13 = 65/27.
    b.unit(ids[1]!).charged = true;
    expect(meanDamage(b, ids[1]!, ids[0]!)).toBeCloseTo(65 / 18, 12);
    useCombatAbilities(b, 0);
    expect([turnTokens(b, ids[1]!), left(b)]).toEqual([[token("Immortis Guard/Immortal Bulwark")], 0]);
    expect(meanDamage(b, ids[1]!, ids[0]!)).toBeCloseTo(65 / 27, 12);
    // Companion stays: Kavalos Deathriders' hooves keep ignoring positive modifiers (a plan without Crit, same Companion).
    const kav = row([{ warscroll: "Immortis Guard", owner: 0 }, { warscroll: "Kavalos Deathriders", owner: 1 }], []);
    kav.b.unit(kav.ids[1]!).charged = true;
    useCombatAbilities(kav.b, 0);
    // Nothing to switch off (Kavalos Blades have no ability, the hooves only Companion): not used.
    expect(turnTokens(kav.b, kav.ids[1]!)).toEqual([]);
  });

  it("[AB:Immortis Guard/Immortal Bulwark] [AB:Guardian of Souls/Nightmare Lantern] tactica odds' --for-the-turn: the modifier on the attacker when one of the two warscrolls can set it", () => {
    const kw = (w: string) => ({ warscroll: w, keywords: w === "Liberators" ? ["INFANTRY", "STORMCAST ETERNALS"] : ["NIGHTHAUNT", "INFANTRY", "HERO"] });
    const off = oddsAbilities(kw("Guardian of Souls"), kw("Liberators"), true);
    expect([off.mods.wound, off.off]).toEqual([0, ["Guardian of Souls/Nightmare Lantern"]]);
    const on = oddsAbilities(kw("Guardian of Souls"), kw("Liberators"), true, undefined, ["Guardian of Souls/Nightmare Lantern"]);
    expect([on.mods.wound, on.on]).toEqual([1, ["Guardian of Souls/Nightmare Lantern"]]);
    // Immortal Bulwark on a charging attacker only.
    const bulwark = (charged: boolean) => oddsAbilities({ warscroll: "Liberators", keywords: ["INFANTRY"] }, { warscroll: "Immortis Guard", keywords: ["INFANTRY"] }, true, { attacker: charged, defender: false }, ["Immortis Guard/Immortal Bulwark"]).mods.noWeaponAbilities;
    expect([bulwark(false), bulwark(true)]).toEqual([false, true]);
  });
});

describe("for-the-turn modifiers in the kernel", () => {
  const positions: [string, Omit<Placement, "x" | "y">[]][] = [
    ["Nightmare Lantern", [{ warscroll: "Chainrasps", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Guardian of Souls", owner: 0 }]],
    ["Shriek of Terror, Immortal Bulwark", [{ warscroll: "Royal Terrorgheist", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Immortis Guard", owner: 0 }]],
    ["Ferocious Hunger, Shriek of Terror on the other side", [{ warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 1 }, { warscroll: "Immortis Guard", owner: 0 }, { warscroll: "Royal Terrorgheist", owner: 1 }]],
  ];
  for (const [what, units] of positions) {
    it(`[AB:${what.split(",")[0]}] ${what}: battles from the end of a charge phase are identical, seed for seed (tokens encoded mid-turn on some)`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const { b, ids } = row(units);
        b.data.log = null;
        for (const id of b.deployed()) if (b.ownerOf(id) === 1) b.unit(id).charged = seed % 2 === 0; // Immortal Bulwark's target charged
        if (seed > 6) {
          // Set earlier this turn: encoded (U.EF_TURN), and the pick passes the unit over.
          if (what.startsWith("Nightmare")) b.unit(ids[0]!).tokens.push(token("Guardian of Souls/Nightmare Lantern"));
          else if (what.startsWith("Shriek")) b.unit(ids[1]!).tokens.push(token("Royal Terrorgheist/Shriek of Terror", 1), token("Immortis Guard/Immortal Bulwark"));
          else b.unit(ids[0]!).tokens.push(token("Abhorrant Ghoul King on Royal Terrorgheist/Ferocious Hunger"));
        }
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});
