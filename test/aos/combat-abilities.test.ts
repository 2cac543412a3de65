/**
 * The combat phase's non-FIGHT abilities (src/aos/battle/combat-abilities.ts, CORE-FIGHT-ORDER): each played
 * ability on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not expect),
 * the step's place and order (after Feral Roar, the active player's first), and the kernel's twin
 * (assembly/battle/combat-abilities.ts) playing the same battles from those positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useCombatAbilities } from "../../src/aos/battle/combat-abilities.js";
import { unitWard } from "../../src/aos/battle/effects.js";
import { strikeForAWhile } from "../../src/aos/battle/status.js";
import { inflictMortal } from "../../src/aos/battle/attacks.js";
import { PitchedBattleState, pitchedBattleGame } from "../../src/aos/battle/game.js";
import type { Player } from "../../src/aos/battle/state.js";
import { beginTurn, nextPhase } from "../../src/aos/battle/turn.js";
import { fightCandidates, fightPicker } from "../../src/aos/battle/combat.js";
import { encodeBattle, H } from "../../src/aos/rollout/encode.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/** Units in a row along y, each touching the next (0.25" apart edge to edge). */
function row(units: Omit<Placement, "x" | "y">[], dice: number[] = []) {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: 30, y: 10 })), { dice, step: { kind: "charge", player: 0 } });
  let y = 10;
  ids.forEach((id, i) => {
    if (i > 0) y += b.footprint(ids[i - 1]!).radius + b.footprint(id).radius + 0.25;
    b.unit(id).y = y;
  });
  return { b, ids };
}

const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];
const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("combat-phase abilities, scripted dice", () => {
  it("[AB:Necropolis Stalkers/Fourfold Slayers] a dice per target model, each 5+ a mortal damage with 3 or more Stalkers (6s with fewer)", () => {
    let { b, ids } = row([{ warscroll: "Necropolis Stalkers", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [5, 6, 4, 1, 5]);
    useCombatAbilities(b, 0);
    // 5 Liberators: five dice, three of 5+ = 3 mortal damage, no ward: 1 slain (Health 2), 1 allocated.
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 1, 0]);
    ({ b, ids } = row([{ warscroll: "Necropolis Stalkers", owner: 0, models: 2 }, { warscroll: "Liberators", owner: 1 }], [5, 6, 4, 1, 5]));
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 1, 0]); // only the 6
  });

  it("[AB:Crypt Horrors/Holy Blades of Bone] 2 dice per Horror, 5+ a mortal damage, +2 to each roll against CAVALRY; the target's ward still applies", () => {
    // 3 Horrors on Kavalos Deathriders (CAVALRY, WARD 6+): rolls 3,2,1,6,4,2 +2 = three of 5+; ward rolls 6,1,2 keep 2.
    let { b, ids } = row([{ warscroll: "Crypt Horrors", owner: 0 }, { warscroll: "Kavalos Deathriders", owner: 1 }], [3, 2, 1, 6, 4, 2, 6, 1, 2]);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 2, 0]);
    // On Liberators (no bonus, no ward): 6 and 5 count.
    ({ b, ids } = row([{ warscroll: "Crypt Horrors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3, 2, 1, 6, 4, 5]));
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 0, 0]);
  });

  it("[AB:Grimghast Reapers/Reaped Like Corn] a dice per target model, 6s (5+ against 20 or more models); not with fewer than 5 Reapers", () => {
    let { b, ids } = row([{ warscroll: "Grimghast Reapers", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }], [6, 5, 5, 1, 2, 3, 4, 6, 6, 1]);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([9, 1, 0]); // three 6s: 3 damage, 1 slain (Health 2)
    // 20 Mortek Guard (WARD 6+): 20 dice, each 5+ counts: five 5s and 6s, then the ward saves 1 of the 5.
    const twenty = [5, 6, 5, 6, 5, ...Array(15).fill(2)];
    ({ b, ids } = row([{ warscroll: "Grimghast Reapers", owner: 0 }, { warscroll: "Mortek Guard", owner: 1, models: 20 }], [...twenty, 6, 1, 1, 1, 1]));
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([16, 0, 0]);
    // 4 Reapers: not used, no dice.
    ({ b, ids } = row([{ warscroll: "Grimghast Reapers", owner: 0, models: 4 }, { warscroll: "Liberators", owner: 1 }], []));
    useCombatAbilities(b, 0);
    expect(state(b, ids[1]!)).toEqual([5, 0]);
  });

  it("[AB:Mortisan Soulreaper/Necrotic Impetus] a D3 for each enemy unit in combat, 2+ inflicts the roll; relentless discipline points for the damage; once per turn for the army", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Mortisan Soulreaper", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Mortisan Soulreaper", owner: 0 }], [1, 3]);
    // The Soulreaper (id 0) has both Liberators units in combat (ids 2 and 3, by id): 1 nothing, 3 = 3 damage.
    // The second Soulreaper does not use it (Once Per Turn (Army)): no more dice.
    useCombatAbilities(b, 0);
    expect([state(b, ids[0]!), state(b, ids[2]!), b.data.factionPoints[0], left(b)]).toEqual([[5, 0], [4, 1], 3, 0]);
  });

  it("[AB:Celestar Ballista/Stormbolt Tempest] on an enemy unit in combat that charged: a dice, 2+ inflicts the roll; once per battle for the army", () => {
    const { b, ids } = row([{ warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [4]);
    useCombatAbilities(b, 0); // the Liberators did not charge: not used
    expect(state(b, ids[1]!)).toEqual([5, 0]);
    b.unit(ids[1]!).charged = true;
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), b.data.effectsUsed?.[0]]).toEqual([3, 0, ["Celestar Ballista/Stormbolt Tempest"]]);
    useCombatAbilities(b, 0); // once per battle: no die is rolled
    expect(state(b, ids[1]!)).toEqual([3, 0]);
    expect(encodeBattle(b.data)[H.EFFECT_BATTLE0]).toBeGreaterThan(0);
  });

  for (const w of ["Mancrusher Gargant", "Mancrusher Mob"]) {
    it(`[AB:${w}/Stuff 'Em in Me Bag] a dice: at least double the target's Health slays a model; the target most likely to lose one`, () => {
      // Liberators (Health 2) and Chainrasps (Health 1) in combat: the Chainrasps (2+); a 1 does nothing.
      const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: w, owner: 0 }, { warscroll: "Chainrasps", owner: 1 }], [2]);
      useCombatAbilities(b, 0);
      expect([state(b, ids[0]!), state(b, ids[2]!), left(b)]).toEqual([[5, 0], [9, 0], 0]);
      const liberators = row([{ warscroll: w, owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3, 4]);
      useCombatAbilities(liberators.b, 0);
      expect(state(liberators.b, liberators.ids[1]!)).toEqual([5, 0]); // 3 < 4
      useCombatAbilities(liberators.b, 0);
      expect(state(liberators.b, liberators.ids[1]!)).toEqual([4, 0]);
    });
  }

  it("[AB:Warstomper Mega-Gargant/Hurled Body] a slain model is hurled: mortal damage equal to its Health on a visible enemy unit within 12\", the one that takes it all with the fewest wounds left", () => {
    // The Warstomper in combat with 5 Liberators (Health 2: a 4+ slays one); 3 Chainrasps (WARD 5+) 8" away and 2
    // Chainrasps 14" away (fewer wounds left, but out of range). Roll 5: a Liberator slain; its Health, 2 mortal
    // damage, on the 3 Chainrasps (both near ones take all 2; 3 wounds left against 8); ward rolls 6 and 2: 1 slain.
    const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Chainrasps", owner: 1, models: 3 }, { warscroll: "Chainrasps", owner: 1, models: 2 }], [5, 6, 2]);
    const [lib, gargant, near, far] = ids as [number, number, number, number];
    b.unit(near).x = b.unit(gargant).x + b.footprint(gargant).radius + b.footprint(near).radius + 8;
    b.unit(near).y = b.unit(gargant).y;
    b.unit(far).x = b.unit(gargant).x - b.footprint(gargant).radius - b.footprint(far).radius - 14;
    b.unit(far).y = b.unit(gargant).y;
    expect([b.distance(near, gargant), b.distance(far, gargant), b.inCombat(near)]).toEqual([8, 14, false].map((v) => (typeof v === "number" ? expect.closeTo(v, 9) : v)));
    useCombatAbilities(b, 0);
    expect([state(b, lib), state(b, near), state(b, far), left(b)]).toEqual([[4, 0], [2, 0], [2, 0], 0]);
    // A 3 slays nothing: no body to hurl, no more dice.
    const miss = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Warstomper Mega-Gargant", owner: 0 }], [3]);
    useCombatAbilities(miss.b, 0);
    expect([state(miss.b, miss.ids[0]!), left(miss.b)]).toEqual([[5, 0], 0]);
  });

  it("[CORE-FIGHT-ORDER] at the start of the combat phase, after Feral Roar: the active player's abilities, then the opponent's, then the fights", () => {
    // Player 0 (active): Necropolis Stalkers and Liberators in combat with player 1's Mancrusher Gargant.
    const { b, ids } = row([{ warscroll: "Necropolis Stalkers", owner: 0 }, { warscroll: "Mancrusher Gargant", owner: 1 }, { warscroll: "Liberators", owner: 0 }], [5, 6, 2]);
    nextPhase(b); // the charge phase ends
    // Fourfold Slayers: one die for the Gargant's one model, a 5: 1 mortal damage. Then Stuff 'Em in Me Bag:
    // the Stalkers' Health 4 cannot be doubled on a dice, the Liberators' can: a 6 slays one. Then the Sons of
    // Behemat's battle trait Jump Up and Down on an INFANTRY unit in combat with the Gargant: a 2, nothing.
    expect([state(b, ids[1]!), state(b, ids[2]!), left(b), b.data.step]).toEqual([[1, 1], [4, 0], 0, { kind: "combat", player: 0 }]);
  });
});

describe("combat-phase abilities in the kernel", () => {
  const positions: [string, Omit<Placement, "x" | "y">[]][] = [
    ["Fourfold Slayers, Stuff 'Em in Me Bag", [{ warscroll: "Necropolis Stalkers", owner: 0 }, { warscroll: "Mancrusher Gargant", owner: 1 }, { warscroll: "Liberators", owner: 0, models: 10 }]],
    ["Holy Blades of Bone on CAVALRY, Necrotic Impetus", [{ warscroll: "Crypt Horrors", owner: 0 }, { warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Mortisan Soulreaper", owner: 1 }, { warscroll: "Crypt Horrors", owner: 0 }]],
    ["Reaped Like Corn on 20, Stormbolt Tempest", [{ warscroll: "Grimghast Reapers", owner: 1, models: 20 }, { warscroll: "Mortek Guard", owner: 0, models: 20 }, { warscroll: "Celestar Ballista", owner: 1 }]],
    ["Hurled Body on Liberators and Chainrasps", [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Chainrasps", owner: 1, models: 3 }, { warscroll: "Chainrasps", owner: 1, models: 2 }]],
    ["Stuff 'Em in Me Bag (Mob) on Chainrasps", [{ warscroll: "Chainrasps", owner: 0, models: 20 }, { warscroll: "Mancrusher Mob", owner: 1 }, { warscroll: "Chainrasps", owner: 0 }]],
  ];
  for (const [what, units] of positions) {
    it(`[CORE-FIGHT-ORDER] ${what}: battles from the end of a charge phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const { b } = row(units);
        b.data.log = null;
        for (const id of b.deployed()) if (b.ownerOf(id) === 1) b.unit(id).charged = seed % 2 === 0; // Stormbolt Tempest's condition
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[CORE-FIGHT-ORDER] Stormbolt Tempest used earlier in the battle (BattleData.effectsUsed) is encoded: not used again in either engine", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b } = row([{ warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Liberators", owner: 1 }]);
      b.data.log = null;
      b.data.effectsUsed = [["Celestar Ballista/Stormbolt Tempest"], []];
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed)).toEqual(rolloutTs(s, seed));
    }
  });

  it("[CORE-FIGHT-ORDER] whole battles of the bundled armies with these abilities (Nighthaunt, Flesh-eater Courts, Sons of Behemat, Stormcast Eternals) are identical", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const pick = (name: string) => rosters.find((r) => r.units.some((u) => u.warscroll === name))!;
    const pairs: [string, string][] = [["Grimghast Reapers", "Crypt Horrors"], ["Mancrusher Gargant", "Celestar Ballista"], ["Crypt Horrors", "Mancrusher Gargant"]];
    for (const [g, [x, y]] of pairs.entries())
      for (const seed of [11, 12]) {
        const s = pitchedBattleGame.newInitialState({ rosters: [pick(x), pick(y)], battleplan: "savage-gains" }, 40 + g);
        playSetUp(s);
        expect(rolloutWasm(core, s, seed), `${x} v ${y}, seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
  });
});

export type { Player };

describe("Hold the Shieldwall", () => {
  it("[AB:Vindictors/Hold the Shieldwall] not having charged, in combat with a unit that charged: a dice, on 4+ STRIKE-FIRST for the rest of the turn (the Vindictors fight first though the charger's side is active)", () => {
    // Player 0 (active) Liberators charged into player 1's Vindictors, who roll a 4.
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [4]);
    b.unit(ids[0]!).charged = true;
    nextPhase(b);
    expect([b.unit(ids[1]!).tokens, left(b), fightCandidates(b), fightPicker(b)]).toEqual([["strike-first"], 0, [ids[1]], 1]);
    // The token goes at the start of the next turn.
    const next = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [3]);
    next.b.unit(next.ids[0]!).charged = true;
    nextPhase(next.b); // a 3: nothing, the active player picks first
    expect([next.b.unit(next.ids[1]!).tokens, fightPicker(next.b)]).toEqual([[], 0]);
    // Not used when no enemy in combat charged, nor by a unit that charged itself: no dice.
    const calm = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], []);
    nextPhase(calm.b);
    expect(calm.b.unit(calm.ids[1]!).tokens).toEqual([]);
    // The next turn starts without it.
    beginTurn(b, 1);
    expect(b.unit(ids[1]!).tokens).toEqual([]);
  });

  it("[AB:Cryptguard/Elite Guardians] in combat with a unit that charged: on a 3+ STRIKE-FIRST and no ward rolls for the rest of the turn, used when its melee weight beats the ward's share of the threat", () => {
    // 2 Cryptguard (WARD (6+); Cursed Weapon 3 attacks, Damage 1: weight 6 x 2 x 2 = 24) in combat with 5 Kavalos
    // Deathriders that charged (Blades 6 x 2 x 5 = 60, Hooves 4 x 2 x 5 = 40: threat 100; a 6+ ward stops 1/6 of it,
    // 16): 24 > 16, used. A 3: both for the rest of the turn.
    const used = row([{ warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Cryptguard", owner: 0, models: 2 }], [3]);
    const [kav, cg] = used.ids as [number, number];
    used.b.unit(kav).charged = true;
    expect(unitWard(used.b, cg)).toBe(6);
    useCombatAbilities(used.b, 0);
    expect([strikeForAWhile(used.b, cg, "first"), unitWard(used.b, cg), left(used.b)]).toEqual([true, null, 0]);
    // A 2: nothing.
    const miss = row([{ warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Cryptguard", owner: 0, models: 2 }], [2]);
    miss.b.unit(miss.ids[0]!).charged = true;
    useCombatAbilities(miss.b, 0);
    expect([strikeForAWhile(miss.b, miss.ids[1]!, "first"), unitWard(miss.b, miss.ids[1]!), left(miss.b)]).toEqual([false, 6, 0]);
    // 1 Cryptguard (weight 12 < 16): the ward is worth more; not used, no dice.
    const one = row([{ warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Cryptguard", owner: 0, models: 1 }], []);
    one.b.unit(one.ids[0]!).charged = true;
    useCombatAbilities(one.b, 0);
    expect([strikeForAWhile(one.b, one.ids[1]!, "first"), unitWard(one.b, one.ids[1]!)]).toEqual([false, 6]);
    // No enemy in combat with it charged: no dice.
    const calm = row([{ warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Cryptguard", owner: 0, models: 2 }], []);
    useCombatAbilities(calm.b, 0);
    expect(strikeForAWhile(calm.b, calm.ids[1]!, "first")).toBe(false);
    // The next turn starts without either.
    beginTurn(used.b, 1);
    expect([strikeForAWhile(used.b, cg, "first"), unitWard(used.b, cg)]).toEqual([false, 6]);
  });

  it("[AB:Cryptguard/Elite Guardians] without its ward its mortal damage is not warded, and the kernel plays the same battles", () => {
    // 4 mortal damage after a 3: no ward rolls (the script holds no dice for them), 4 models slain.
    const { b, ids } = row([{ warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Cryptguard", owner: 0 }], [3]);
    b.unit(ids[0]!).charged = true;
    useCombatAbilities(b, 0);
    const r = inflictMortal(b.profile(ids[1]!), b.unit(ids[1]!), 4, b.rng, unitWard(b, ids[1]!));
    expect([r, left(b)]).toEqual([{ damage: 4, slain: 4 }, 0]);
    for (const models of [10, 1])
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const pos = row([{ warscroll: "Kavalos Deathriders", owner: 1 }, { warscroll: "Cryptguard", owner: 0, models }, { warscroll: "Crypt Ghouls", owner: 0 }]);
        pos.b.data.log = null;
        pos.b.unit(pos.ids[0]!).charged = seed % 3 !== 0;
        const s = new PitchedBattleState(pos.b);
        expect(rolloutWasm(core, s, seed), `${models} models, seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
  });

  it("[AB:Vindictors/Hold the Shieldwall] the kernel plays the same battles (the token encoded, cleared at the next turn)", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b, ids } = row([{ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Mortek Guard", owner: 0 }]);
      b.data.log = null;
      b.unit(ids[0]!).charged = true;
      if (seed > 6) b.unit(ids[1]!).tokens.push("strike-first"); // encoded mid-turn
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
