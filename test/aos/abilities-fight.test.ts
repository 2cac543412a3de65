/**
 * The fight order's abilities (src/aos/battle/fight-order.ts, the kernel's assembly/battle/fight-order.ts): a
 * reaction to the unit's own FIGHT ability that lets a friendly unit fight immediately after it, with +1 to hit
 * for the rest of the turn when it does (schema.ts kinds "fight-after" and the "for-the-turn" after it). Each
 * ability on a set-up position: who fights when (the combat step's choices), the token, the attack modifier
 * and its effect on the exact odds worked out by hand; and the kernel playing the same battles from there.
 * Then Necromantic Limits (schema.ts kind "weapon-attacks"): the Terrorgheists' Talons at 10 damage points.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { turnToken } from "../../src/aos/abilities/attack.js";
import { playedEffects } from "../../src/aos/abilities/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { attackInput } from "../../src/aos/battle/attacks.js";
import { fight } from "../../src/aos/battle/combat.js";
import { weaponAttacks } from "../../src/aos/battle/damaged.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { addToken, TOKEN } from "../../src/aos/battle/tokens.js";
import { beginTurn, nextPhase } from "../../src/aos/battle/turn.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/** At the end of player 0's charge phase (seeded dice: the order of the fights does not depend on them). */
function at(units: Placement[], seed = 3) {
  return battleAt("savage-gains", units, { step: { kind: "charge", player: 0 }, seed });
}
const token = (key: string, i = 1) => {
  const pe = playedEffects([key.split("/")[0]!]).find((x) => x.key === key && x.ability.effects.indexOf(x.effect) === i)!;
  return turnToken(pe);
};
/** The step's choices as [unit, target] pairs. */
const picks = (b: Battle) => ((b.choiceCache = null), choices(b)).map((c) => c.tag as { kind: string; unit?: number; target?: number }).filter((t) => t.kind === "fight").map((t) => [t.unit, t.target]);
function meanDamage(b: Battle, a: number, t: number): number {
  const input = attackInput(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), attackContext(b, a, t, "melee"))!;
  return exactAttackTs(planAttack(input)).damage.mean;
}

// Liege-Kavalos and 5 Kavalos Deathriders (1.6" apart), both in combat with 5 Liberators.
const CAVALRY: Placement[] = [
  { warscroll: "Liege-Kavalos", owner: 0, x: 30, y: 10 },
  { warscroll: "Liberators", owner: 1, x: 30, y: 14.2 },
  { warscroll: "Kavalos Deathriders", owner: 0, x: 36, y: 10 },
];

describe("fighting immediately after", () => {
  it("[AB:Liege-Kavalos/Master of Cavalry] the Deathriders within its combat range fight right after it, +1 to hit for their combat attacks; then the alternation goes on", () => {
    const { b, ids } = at(CAVALRY);
    const [liege, libs, riders] = ids as [number, number, number];
    expect(b.distance(liege, riders)).toBeLessThanOrEqual(3);
    nextPhase(b); // the combat phase
    expect(picks(b)).toEqual([[liege, libs], [riders, libs]]);
    const before = meanDamage(b, riders, libs);
    fight(b, liege, libs);
    expect(b.unit(libs).status).toBe("deployed");
    // Player 0 again, and only the Deathriders; the +1 comes when they are picked.
    expect([b.data.step, picks(b), b.unit(riders).tokens]).toEqual([{ kind: "combat", player: 0 }, [[riders, libs]], []]);
    fight(b, riders, libs);
    expect(b.unit(riders).tokens).toEqual([token("Liege-Kavalos/Master of Cavalry")]);
    expect([attackEffects(b, riders, libs, true, []).hit, attackEffects(b, riders, libs, false, []).hit]).toEqual([1, 0]);
    // Kavalos Blades (3 attacks, 3+, 4+, Rend 1) on Liberators (save 3+, 4+ after Rend): 4/6 x 1/2 x 1/2 = 1/6 a
    // damage an attack; with +1 to hit (2+) 5/6 x 1/4 = 5/24: +1/24 for each of the 16 Blade attacks (5 x 3 and the
    // champion's 1). The Hooves are Companion: a friendly +1 to hit does not reach them (CORE-COMPANION).
    b.unit(libs).models = 5;
    b.unit(libs).damage = 0;
    expect(meanDamage(b, riders, libs) - before).toBeCloseTo(16 / 24, 12);
    beginTurn(b, 1);
    expect(b.unit(riders).tokens).toEqual([]);
  });

  it("[AB:Liege-Kavalos/Master of Cavalry] not used: Deathriders beyond its combat range, or that have fought; without it the opponent picks next", () => {
    let { b, ids } = at([CAVALRY[0]!, CAVALRY[1]!, { ...CAVALRY[2]!, x: 30, y: 18.6 }]);
    let [liege, libs, riders] = ids as [number, number, number];
    expect(b.distance(liege, riders)).toBeGreaterThan(3);
    nextPhase(b);
    fight(b, liege, libs);
    expect([b.data.step, b.data.fightNext]).toEqual([{ kind: "combat", player: 1 }, undefined]);
    // The Deathriders fight first: then the Liege-Kavalos' reaction finds none that has not fought.
    ({ b, ids } = at(CAVALRY));
    [liege, libs, riders] = ids as [number, number, number];
    nextPhase(b);
    fight(b, riders, libs);
    expect(b.data.step).toEqual({ kind: "combat", player: 1 });
    fight(b, libs, riders);
    fight(b, liege, libs);
    expect([b.data.fightNext, b.unit(riders).tokens]).toEqual([undefined, []]);
  });

  it("[AB:Liege-Kavalos/Master of Cavalry] the strike order holds (CORE-STRIKE-ORDER): a STRIKE-FIRST Liege-Kavalos cannot take normal Deathriders along while an enemy STRIKE-FIRST unit has not fought", () => {
    const { b, ids } = at(CAVALRY);
    const [liege, libs, riders] = ids as [number, number, number];
    addToken(b.unit(liege), TOKEN.strikeFirst);
    addToken(b.unit(libs), TOKEN.strikeFirst);
    nextPhase(b);
    expect(picks(b)).toEqual([[liege, libs]]);
    fight(b, liege, libs);
    // The Liberators (STRIKE-FIRST) first; the Deathriders were not eligible right after, so no +1 either.
    expect([b.data.step, b.data.fightNext]).toEqual([{ kind: "combat", player: 1 }, undefined]);
    fight(b, libs, liege);
    fight(b, riders, libs);
    expect(b.unit(riders).tokens).toEqual([]);
  });

  it("[AB:Crypt Haunter Courtier/Knightly Exemplar] Crypt Horrors within its combat range fight right after it, +1 to hit for their attacks", () => {
    const { b, ids } = at([
      { warscroll: "Crypt Haunter Courtier", owner: 0, x: 30, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 14.6, models: 10 },
      { warscroll: "Crypt Horrors", owner: 0, x: 35, y: 11 },
    ]);
    const [courtier, libs, horrors] = ids as [number, number, number];
    expect([b.distance(courtier, horrors) <= 3, b.inCombat(horrors)]).toEqual([true, true]);
    b.unit(libs).models = 5;
    const before = meanDamage(b, horrors, libs);
    b.unit(libs).models = 10;
    nextPhase(b);
    fight(b, courtier, libs);
    expect(picks(b)).toEqual([[horrors, libs]]);
    fight(b, horrors, libs);
    expect([b.unit(horrors).tokens, attackEffects(b, horrors, libs, true, []).hit, b.data.step]).toEqual([[token("Crypt Haunter Courtier/Knightly Exemplar")], 1, { kind: "combat", player: 1 }]);
    // Club and Septic Talons (4 attacks, 4+, 3+, Rend 1, Damage 2, Crit (Auto-wound)) on Liberators (4+ after
    // Rend): wounds 2/6 x 4/6 + 1/6 = 7/18 an attack, half unsaved, 2 damage: 7/18; with 3+ to hit 3/6 x 4/6 +
    // 1/6 = 1/2: 1/2. 13 attacks (3 x 4 and the champion's 1): 13 x 7/18 = 91/18, then 13/2.
    b.unit(libs).models = 5;
    b.unit(libs).damage = 0;
    expect([before, meanDamage(b, horrors, libs)]).toEqual([expect.closeTo(91 / 18, 12), expect.closeTo(13 / 2, 12)]);
  });

  it("[AB:Knight of Shrouds on Ethereal Steed/Cavalry Overseer] a friendly non-HERO NIGHTHAUNT CAVALRY unit fights right after it; a HERO is not picked", () => {
    // No bundled warscroll is a non-HERO NIGHTHAUNT CAVALRY unit: Spirit Hosts given the CAVALRY keyword, and a
    // second Knight of Shrouds (a HERO) with a lower id.
    const { b, ids } = at([
      { warscroll: "Knight of Shrouds on Ethereal Steed", owner: 0, x: 30, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 14.2 },
      { warscroll: "Knight of Shrouds on Ethereal Steed", owner: 0, x: 26, y: 11 },
      { warscroll: "Spirit Hosts", owner: 0, x: 35, y: 10, keywords: ["CAVALRY"] },
    ]);
    const [knight, libs, knight2, hosts] = ids as [number, number, number, number];
    expect([b.distance(knight, knight2) <= 3, b.distance(knight, hosts) <= 3, b.inCombat(knight2), b.inCombat(hosts)]).toEqual([true, true, true, true]);
    nextPhase(b);
    fight(b, knight, libs);
    expect(picks(b)).toEqual([[hosts, libs]]);
    fight(b, hosts, libs);
    expect([b.unit(hosts).tokens, b.unit(knight2).tokens, attackEffects(b, hosts, libs, true, []).hit]).toEqual([[token("Knight of Shrouds on Ethereal Steed/Cavalry Overseer")], [], 1]);
  });
});

describe("fighting immediately after, in the kernel", () => {
  const positions: [string, Placement[]][] = [
    ["Liege-Kavalos/Master of Cavalry", CAVALRY],
    ["Crypt Haunter Courtier/Knightly Exemplar", [
      { warscroll: "Crypt Haunter Courtier", owner: 0, x: 30, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 14.6, models: 10 },
      { warscroll: "Crypt Horrors", owner: 0, x: 35, y: 11 },
      { warscroll: "Liberators", owner: 1, x: 40, y: 14 },
    ]],
  ];
  for (const [what, units] of positions) {
    it(`[AB:${what}] battles from the end of a charge phase, and from the moment the unit is picked to fight next, are identical seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = at(units, seed);
        b.data.log = null;
        if (seed > 3) {
          // Mid-combat: the hero has fought, its unit is to fight next (encoded: H.FIGHT_NEXT, its record).
          nextPhase(b);
          fight(b, ids[0]!, ids[1]!);
          expect(b.data.fightNext?.unit, `seed ${seed}`).toBe(ids[2]);
        }
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});

describe("Necromantic Limits", () => {
  const talons = (b: Battle, id: number) => b.profile(id).weapons.find((w) => w.name === "Terrorgheist's Skeletal Talons")!;
  for (const warscroll of ["Royal Terrorgheist", "Abhorrant Ghoul King on Royal Terrorgheist"]) {
    it(`[AB:${warscroll}/Necromantic Limits] its Skeletal Talons have Attacks 4 from 10 damage points, and Feral Roar does not lift it (it is not Battle Damaged)`, () => {
      const { b, ids } = at([
        { warscroll, owner: 0, x: 30, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 17, models: 10 },
      ]);
      const [g, libs] = ids as [number, number];
      const attacksOf = () => weaponAttacks(talons(b, g), b.profile(g), b.unit(g));
      b.unit(g).damage = 9;
      expect(attacksOf()).toEqual({ count: 0, sides: 0, plus: 6 });
      b.unit(g).damage = 10;
      expect(attacksOf()).toEqual({ count: 0, sides: 0, plus: 4 });
      addToken(b.unit(g), TOKEN.feralRoar);
      expect(attacksOf()).toEqual({ count: 0, sides: 0, plus: 4 });
      // The Talons alone (4+ to hit, 2+ to wound, Rend 1, Damage 2, Crit (Mortal)) on Liberators (save 3+, 4+ after
      // Rend): per attack, non-crit hits 2/6 x 5/6 x 1/2 unsaved x 2 + crits 1/6 x 2 = 5/18 + 6/18 = 11/18 damage;
      // 6 attacks 11/3, 4 attacks 22/9.
      const input = attackInput(b.profile(g), b.unit(g), "melee", b.profile(libs), b.unit(libs), attackContext(b, g, libs, "melee"))!;
      input.attacker.weapons = input.attacker.weapons.filter((w) => w.name === "Terrorgheist's Skeletal Talons");
      expect(exactAttackTs(planAttack(input)).damage.mean).toBeCloseTo(22 / 9, 12);
      b.unit(g).damage = 9;
      const fresh = attackInput(b.profile(g), b.unit(g), "melee", b.profile(libs), b.unit(libs), attackContext(b, g, libs, "melee"))!;
      fresh.attacker.weapons = fresh.attacker.weapons.filter((w) => w.name === "Terrorgheist's Skeletal Talons");
      expect(exactAttackTs(planAttack(fresh)).damage.mean).toBeCloseTo(11 / 3, 12);
    });
  }

  it("[AB:Royal Terrorgheist/Necromantic Limits] the kernel plays the same battles with a Terrorgheist at 9, 10 and 12 damage points", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = at([
        { warscroll: "Royal Terrorgheist", owner: 0, x: 30, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 17, models: 10 },
        { warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 0, x: 40, y: 12 },
      ], seed);
      b.data.log = null;
      b.unit(ids[0]!).damage = [9, 10, 12][seed % 3]!;
      b.unit(ids[2]!).damage = [10, 12, 9][seed % 3]!;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
