/**
 * Battle Damaged and Feral Roar (PB-REALM-FERAL-ROAR) and commands (CORE-CP) in the battle engine, on
 * positions set up for them (test/support/battle-fixtures.ts), with the numbers worked out by hand; then the
 * Wasm rollout kernel playing the same battles with Mega-Gargants battle-damaged and roaring.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { attackInput, resolveAttacks } from "../../src/aos/battle/attacks.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { Rng } from "../../src/core/rng.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { canIssue, canUseCommand, commandIssuer, useCommand } from "../../src/aos/battle/commands.js";
import { battleDamagedApplies, unitControl, weaponAttacks } from "../../src/aos/battle/damaged.js";
import { FERAL_ROAR, feralRoarTargets } from "../../src/aos/battle/feral-roar.js";
import { choices, settle } from "../../src/aos/battle/flow.js";
import { pitchedBattleGame, PitchedBattleState } from "../../src/aos/battle/game.js";
import { controlScore } from "../../src/aos/battle/objectives.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { encodeBattle, H, STEP_KINDS, U, UNIT, US, W, WEAPON } from "../../src/aos/rollout/encode.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, labels, pick } from "../support/battle-fixtures.js";
import { traceTs } from "../support/rollout-trace.js";
import { addToken, TOKEN } from "../../src/aos/battle/tokens.js";

const GATEBREAKER = "Gatebreaker Mega-Gargant";

/** Places `second` so that its footprint is `gap` inches (edge to edge) above the first's. */
function apart(b: Battle, first: number, second: number, gap: number): void {
  const a = b.unit(first);
  const u = b.unit(second);
  u.x = a.x;
  u.y = a.y + b.footprint(first).radius + b.footprint(second).radius + gap;
}

/** The Attacks of a weapon of `id` as the attack sequence gets it (attacks.ts attackInput). */
function meleeAttacks(b: Battle, id: number, target: number, weapon: string): unknown {
  const input = attackInput(b.profile(id), b.unit(id), "melee", b.profile(target), b.unit(target), { charged: false, targetCharged: false, hitModifier: 0, targetIsMonster: false })!;
  return input.attacker.weapons.find((w) => w.name === weapon)!.attacks;
}

const fixed = (n: number) => ({ count: 0, sides: 0, plus: n });

/** A Gatebreaker (player 0) in combat with 10 Mortek Guard (player 1), its damage points set, at the end of player 0's charge phase. */
function gatebreakerInCombat(damage: number, commandPoints: [number, number], extra: Placement[] = []): { b: Battle; g: number; enemy: number; ids: number[] } {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: GATEBREAKER, owner: 0, x: 20, y: 10 },
      { warscroll: "Mortek Guard", owner: 1, x: 20, y: 30 },
      ...extra,
    ],
    { step: { kind: "charge", player: 0 }, seed: 5 },
  );
  const [g, enemy] = ids as [number, number];
  apart(b, g, enemy, 1);
  b.unit(g).damage = damage;
  b.data.commandPoints = commandPoints;
  return { b, g, enemy, ids };
}

describe("Battle Damaged", () => {
  it("[PB-REALM-FERAL-ROAR] a Gatebreaker Mega-Gargant with 15 damage points fights with Fortcrusha Flail Attacks 4 and has Control 10; with 14, Attacks 6 and Control 20", () => {
    const { b, g, enemy } = gatebreakerInCombat(15, [0, 0]);
    expect(b.profile(g).battleDamaged).toEqual({ damagePoints: 15, control: 10 });
    expect(battleDamagedApplies(b.profile(g), b.unit(g))).toBe(true);
    expect(meleeAttacks(b, g, enemy, "Fortcrusha Flail")).toEqual(fixed(4));
    // The other weapons keep theirs (Battle Damaged names the flail only).
    expect(meleeAttacks(b, g, enemy, "Almighty Stomp")).toEqual(fixed(4));
    expect(meleeAttacks(b, g, enemy, "Death Grip")).toEqual(fixed(1));
    expect(unitControl(b.profile(g), b.unit(g))).toBe(10);
    expect(controlScore(b, g, 1)).toBe(10); // Control 10 x 1 model
    b.unit(g).damage = 14;
    expect(meleeAttacks(b, g, enemy, "Fortcrusha Flail")).toEqual(fixed(6));
    expect(controlScore(b, g, 1)).toBe(20);
  });

  it("[PB-REALM-FERAL-ROAR] the exact expected damage (src/aos/odds) of the damaged Gatebreaker on Liberators is 295/36; after Feral Roar 375/36", () => {
    // Per attack (hit 4+: 1/2, wound 2+: 5/6, Liberators save 3+):
    //   Death Grip       1 x 1/2 x 5/6 x (rend 2: 5+ saves, 4/6 unsaved) x D3.5 = 35/36
    //   Almighty Stomp   4 x 1/2 x 5/6 x (rend 2 +1 Anti-INFANTRY: 6+ saves, 5/6 unsaved) x D3 2 = 100/36
    //   Fortcrusha Flail A x 1/2 x 5/6 x 4/6 x 4 = 40/36 each: A = 4 damaged (160/36), 6 roaring (240/36).
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: GATEBREAKER, owner: 0, x: 20, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 20, y: 20 },
    ]);
    const [g, lib] = ids as [number, number];
    b.unit(g).damage = 20;
    const mean = () => exactAttackTs(planAttack(attackInput(b.profile(g), b.unit(g), "melee", b.profile(lib), b.unit(lib), { charged: false, targetCharged: false, hitModifier: 0, targetIsMonster: false })!)).damage.mean;
    expect(mean()).toBeCloseTo(295 / 36, 12);
    addToken(b.unit(g), TOKEN.feralRoar);
    expect(mean()).toBeCloseTo(375 / 36, 12);
  });
});

describe("Feral Roar", () => {
  it("[PB-REALM-FERAL-ROAR] at the start of the combat phase, for 1 command point: Attacks 6 and Control 20 for that combat phase only", () => {
    const { b, g, enemy } = gatebreakerInCombat(15, [2, 0]);
    pick(b, "end the charge phase");
    expect(b.data.step).toEqual({ kind: "feral-roar", player: 0 });
    expect(labels(b)).toEqual(["use no Feral Roar", `Feral Roar on ${GATEBREAKER} (1 command point)`]);
    pick(b, "Feral Roar on");
    expect(b.data.commandPoints).toEqual([1, 0]);
    expect(b.data.commandsUsed).toEqual([["feral-roar"], []]);
    expect(b.unit(g).tokens).toContain("feral-roar");
    expect(meleeAttacks(b, g, enemy, "Fortcrusha Flail")).toEqual(fixed(6));
    expect(controlScore(b, g, 1)).toBe(20);
    // Player B has no MONSTER: straight on to the fights, the active player picking first.
    expect(b.data.step).toEqual({ kind: "combat", player: 0 });
    expect(b.data.log!.some((l) => l.includes(`uses Feral Roar on ${GATEBREAKER} (issued by itself; 1 command point, 1 left)`))).toBe(true);
    // Both fight; then the phase ends and so does the roar.
    while (b.data.step.kind === "combat") {
      b.choiceCache = null;
      choices(b)[0]!.apply(b);
      settle(b);
    }
    expect(b.unit(g).tokens).not.toContain("feral-roar");
    expect(b.data.commandsUsed).toEqual([[], []]);
    expect(b.unit(g).damage).toBeGreaterThanOrEqual(15); // 10 Mortek Guard cannot deal the 20 more that slay it
    expect(meleeAttacks(b, g, enemy, "Fortcrusha Flail")).toEqual(fixed(4));
    expect(controlScore(b, g, 1)).toBe(10);
  });

  it("[PB-REALM-FERAL-ROAR] not offered below the threshold (14 damage points), without a command point or to a non-MONSTER; a Metamorphosis HERO counts as a MONSTER", () => {
    const below = gatebreakerInCombat(14, [1, 0]);
    pick(below.b, "end the charge phase");
    expect(below.b.data.step).toEqual({ kind: "combat", player: 0 });

    const broke = gatebreakerInCombat(15, [0, 3]);
    pick(broke.b, "end the charge phase");
    expect(broke.b.data.step).toEqual({ kind: "combat", player: 0 });
    expect(broke.b.data.commandPoints).toEqual([0, 3]);

    // Without its MONSTER keyword the Gatebreaker is a HERO only (Battle Damaged stays on its warscroll)...
    const hero = gatebreakerInCombat(15, [1, 0]);
    hero.b.profile(hero.g).keywords = hero.b.profile(hero.g).keywords.filter((k) => k !== "MONSTER");
    expect(feralRoarTargets(hero.b, 0)).toEqual([]);
    // ...until Metamorphosis makes it a MONSTER (PB-REALM-METAMORPHOSIS).
    addToken(hero.b.unit(hero.g), TOKEN.metamorphosis);
    expect(feralRoarTargets(hero.b, 0)).toEqual([hero.g]);
    pick(hero.b, "end the charge phase");
    expect(hero.b.data.step).toEqual({ kind: "feral-roar", player: 0 });
  });

  it("[PB-REALM-FERAL-ROAR] both players may use it, the active player first, each once per phase", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: GATEBREAKER, owner: 0, x: 20, y: 10 },
        { warscroll: "Beast-smasher Mega-Gargant", owner: 1, x: 20, y: 30 },
      ],
      { step: { kind: "charge", player: 0 }, seed: 9 },
    );
    const [g, s] = ids as [number, number];
    apart(b, g, s, 1);
    b.unit(g).damage = 16;
    b.unit(s).damage = 30;
    b.data.commandPoints = [1, 2];
    pick(b, "end the charge phase");
    expect(b.data.step).toEqual({ kind: "feral-roar", player: 0 });
    pick(b, "use no Feral Roar");
    expect(b.data.step).toEqual({ kind: "feral-roar", player: 1 });
    expect(labels(b)).toEqual(["use no Feral Roar", "Feral Roar on Beast-smasher Mega-Gargant (1 command point)"]);
    pick(b, "Feral Roar on");
    expect(b.data.commandPoints).toEqual([1, 1]);
    expect(b.data.commandsUsed).toEqual([[], ["feral-roar"]]);
    // The Menhir Club: 3 attacks while damaged, 5 while roaring.
    expect(meleeAttacks(b, s, g, "Menhir Club")).toEqual(fixed(5));
    expect(b.data.step).toEqual({ kind: "combat", player: 0 });
    // Once per phase per army: no second Feral Roar for player B this phase, even with a command point left.
    expect(canUseCommand(b, 1, FERAL_ROAR, s)).toBe(false);
    expect(feralRoarTargets(b, 1)).toEqual([]);
  });

  it("[PB-REALM-FERAL-ROAR] the scripted policy roars with a battle-damaged MONSTER in combat, not with one out of combat", () => {
    const fighting = gatebreakerInCombat(15, [1, 0]);
    pick(fighting.b, "end the charge phase");
    fighting.b.choiceCache = null;
    expect(choices(fighting.b)[policyAction(fighting.b)]!.label).toBe(`Feral Roar on ${GATEBREAKER} (1 command point)`);
    const apartFromAll = gatebreakerInCombat(15, [1, 0]);
    apart(apartFromAll.b, apartFromAll.g, apartFromAll.enemy, 10);
    pick(apartFromAll.b, "end the charge phase");
    expect(apartFromAll.b.data.step).toEqual({ kind: "feral-roar", player: 0 });
    apartFromAll.b.choiceCache = null;
    expect(choices(apartFromAll.b)[policyAction(apartFromAll.b)]!.label).toBe("use no Feral Roar");
  });
});

describe("commands", () => {
  it("[CORE-CP] a command costs 1 command point and needs an issuer: the unit's own champion, a HERO within 12\", the general within 18\", a TOTEM within 18\"; once per phase per army", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Mortek Guard", owner: 0, x: 50, y: 40 }, // the general (the fixture's first unit), far away
        { warscroll: GATEBREAKER, owner: 0, x: 20, y: 10 },
        { warscroll: "Lord-Imperatant", owner: 0, x: 20, y: 30 },
        { warscroll: "Celestar Ballista", owner: 0, x: 40, y: 10, keywords: ["TOTEM"] },
        { warscroll: "Liberators", owner: 1, x: 5, y: 40 },
      ],
      { step: { kind: "charge", player: 0 } },
    );
    const [general, g, hero, totem, lib] = ids as [number, number, number, number, number];
    // The receiver: the Gatebreaker as a non-HERO MONSTER (no issuing to itself).
    b.profile(g).keywords = b.profile(g).keywords.filter((k) => k !== "HERO");
    b.unit(g).damage = 15;
    b.data.commandPoints = [2, 0];
    b.unit(totem).y = 200; // out of the way for now
    // A HERO 12 1/2" away cannot issue it; 12" away (edge to edge) can.
    apart(b, g, hero, 12.5);
    expect(canIssue(b, hero, g)).toBe(false);
    expect(commandIssuer(b, g)).toBeNull();
    expect(feralRoarTargets(b, 0)).toEqual([]);
    apart(b, g, hero, 12);
    expect(canIssue(b, hero, g)).toBe(true);
    expect(commandIssuer(b, g)).toBe(hero);
    // The general reaches 18": 17 1/2" away it issues (it comes first in id order), 18 1/2" away not.
    b.unit(hero).y = 200;
    apart(b, g, general, 18.5);
    expect(commandIssuer(b, g)).toBeNull();
    apart(b, g, general, 17.5);
    expect(commandIssuer(b, g)).toBe(general);
    // A TOTEM reaches 18" too.
    b.unit(general).y = 200;
    apart(b, g, totem, 18);
    expect(commandIssuer(b, g)).toBe(totem);
    // A unit with a champion issues commands to itself (Liberators: CHAMPION), not to others.
    expect(canIssue(b, lib, lib)).toBe(true);
    expect(canIssue(b, totem, totem)).toBe(true);
    // Use: 1 command point, then not again this phase (even with one left); a new phase clears it.
    expect(useCommand(b, 0, FERAL_ROAR, g)).toBe(totem);
    expect(b.data.commandPoints).toEqual([1, 0]);
    expect(canUseCommand(b, 0, FERAL_ROAR, g)).toBe(false);
    expect(() => useCommand(b, 0, FERAL_ROAR, g)).toThrow("Feral Roar cannot be used");
    pick(b, "end the charge phase");
    expect(b.data.commandsUsed).toEqual([[], []]);
    expect(canUseCommand(b, 0, FERAL_ROAR, g)).toBe(true);
    // Not on another army's unit, and not without command points.
    expect(canUseCommand(b, 1, FERAL_ROAR, g)).toBe(false);
    b.data.commandPoints = [0, 0];
    expect(canUseCommand(b, 0, FERAL_ROAR, g)).toBe(false);
  });
});

describe("the rollout kernel with Feral Roar", () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCore();
  });
  const rosters = bundledRosters().map((r) => r.roster);
  const giants = rosters.find((r) => r.name === "Stomp of Giants")!;
  const ossiarch = rosters.find((r) => r.name === "Mortek Shieldwall")!;

  /** After deployment, the Mega-Gargants already battle-damaged and the armies rich in command points. */
  function damagedGiants(plan: "savage-gains" | "first-blood" | "the-vice", seed: number, pair: [typeof giants, typeof giants], commandPoints: [number, number] = [3, 3]): PitchedBattleState {
    const s = pitchedBattleGame.newInitialState({ rosters: pair, battleplan: plan }, seed);
    playSetUp(s);
    s.data.profiles.forEach((p, id) => {
      if (p.battleDamaged) s.data.units[id]!.damage = p.battleDamaged.damagePoints + (id % 4);
    });
    s.data.commandPoints = commandPoints;
    return s;
  }

  it("[PB-REALM-FERAL-ROAR] [CORE-CP] battles of battle-damaged Mega-Gargants roaring are identical seed for seed (TypeScript engine and Wasm kernel)", () => {
    const roarKind = STEP_KINDS.indexOf("feral-roar");
    let roars = 0;
    let declined = 0;
    let compared = 0;
    // With no command points to start with, every roar spends one gained in the kernel's own count: 1 a
    // round, and First Blood's vantage point (PB-BP-03).
    const cases: [Parameters<typeof damagedGiants>[0], number, [typeof giants, typeof giants], [number, number]][] = [
      ["savage-gains", 1, [giants, ossiarch], [3, 3]],
      ["first-blood", 2, [ossiarch, giants], [0, 0]],
      ["the-vice", 3, [giants, giants], [3, 3]],
      ["first-blood", 4, [giants, giants], [0, 0]],
    ];
    for (const [plan, seed, pair, cp] of cases) {
      const s = damagedGiants(plan, seed, pair, cp);
      for (let k = 0; k < 6; k++) {
        const rseed = 1000 * seed + k;
        const trace = traceTs(s, rseed);
        roars += trace.filter((r) => r[0] === roarKind && r[2] >= 0).length;
        declined += trace.filter((r) => r[0] === roarKind && r[2] < 0).length;
        expect(rolloutWasm(core, s, rseed), `${plan} seed ${rseed}`).toEqual(rolloutTs(s, rseed));
        compared++;
      }
    }
    expect(compared).toBe(24);
    expect(roars).toBeGreaterThan(5); // the policy roared, and spent command points doing it
    expect(declined).toBeGreaterThan(0); // and declined with no damaged MONSTER in combat
  });

  it("[PB-REALM-FERAL-ROAR] [CORE-CP] encoded mid-decision (player A's Gatebreaker roaring, player B's pick pending): the kernel continues identically", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: GATEBREAKER, owner: 0, x: 20, y: 10 },
        { warscroll: "Mortek Guard", owner: 0, x: 45, y: 10 },
        { warscroll: "Beast-smasher Mega-Gargant", owner: 1, x: 20, y: 30 },
        { warscroll: "Liberators", owner: 1, x: 45, y: 30 },
      ],
      { step: { kind: "charge", player: 0 }, log: false },
    );
    const [g, , s] = ids as [number, number, number];
    apart(b, g, s, 0.5);
    b.unit(g).damage = 17;
    b.unit(s).damage = 15;
    b.data.commandPoints = [1, 2];
    pick(b, "end the charge phase");
    pick(b, "Feral Roar on");
    expect(b.data.step).toEqual({ kind: "feral-roar", player: 1 });
    const f = encodeBattle(b.data);
    const o = (id: number) => f[H.OFF_UNITS]! + id * UNIT;
    expect(f[o(g) + U.STATE]! & US.FERAL_ROAR).toBe(US.FERAL_ROAR);
    expect(f[o(s) + U.STATE]! & US.FERAL_ROAR).toBe(0);
    expect([f[H.CP0], f[H.CP1], f[H.COMMANDS_USED0], f[H.COMMANDS_USED1]]).toEqual([0, 2, 1, 0]);
    expect(f[H.STEP]).toBe(STEP_KINDS.indexOf("feral-roar"));
    const state = new PitchedBattleState(b);
    for (const seed of [11, 12, 13, 14, 15, 16]) expect(rolloutWasm(core, state, seed), `seed ${seed}`).toEqual(rolloutTs(state, seed));
    // The policy, for player B: roar with the Beast-smasher (in combat, 15 damage points).
    b.choiceCache = null;
    expect(choices(b)[policyAction(b)]!.label).toBe("Feral Roar on Beast-smasher Mega-Gargant (1 command point)");
  });

  it("[PB-REALM-FERAL-ROAR] single combats of Mega-Gargants, battle-damaged or not, roaring or not: the same random stream gives the same damage", () => {
    const attackers = [GATEBREAKER, "Warstomper Mega-Gargant", "Beast-smasher Mega-Gargant"];
    const targets = ["Liberators", "Mortek Guard", "Gothizzar Harvester", "Mancrusher Gargant", GATEBREAKER];
    const rng = new Rng(4242);
    let damaged = 0;
    for (let c = 0; c < 150; c++) {
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: attackers[rng.roll(3) - 1]!, owner: 0, x: 20, y: 10 },
        { warscroll: targets[rng.roll(targets.length) - 1]!, owner: 1, x: 20, y: 20 },
      ]);
      const [ai, ti] = ids as [number, number];
      apart(b, ai, ti, 0.5);
      b.unit(ai).damage = 10 + rng.roll(25) - 1; // 10..34: either side of the threshold (15)
      if (rng.roll(2) === 1) addToken(b.unit(ai), TOKEN.feralRoar);
      if (battleDamagedApplies(b.profile(ai), b.unit(ai))) damaged++;
      const encoded = encodeBattle(b.data);
      const seed = rng.nextU32();
      const r = resolveAttacks(b.profile(ai), b.unit(ai), "melee", b.profile(ti), b.unit(ti), attackContext(b, ai, ti), new Rng(seed));
      expect(Array.from(core.aosRolloutAttack(encoded, ai, ti, false, seed)), `combat ${c}, seed ${seed}`).toEqual([r.damage, b.unit(ti).models, b.unit(ti).damage]);
    }
    expect(damaged).toBeGreaterThan(40);
  });

  it("[PB-REALM-FERAL-ROAR] a weapon's Battle Damaged Attacks and the unit's threshold and Control are encoded in their slots", () => {
    const s = damagedGiants("savage-gains", 1, [giants, ossiarch]);
    const f = encodeBattle(s.data);
    const id = s.data.profiles.findIndex((p) => p.warscroll === GATEBREAKER);
    const o = f[H.OFF_UNITS]! + id * UNIT;
    expect([f[o + U.DAMAGED_AT], f[o + U.DAMAGED_CONTROL], f[o + U.ISSUER]]).toEqual([15, 10, 0]);
    const flail = f[H.OFF_WEAPONS]! + (f[o + U.FIRST_WEAPON]! + s.data.profiles[id]!.weapons.findIndex((w) => w.name === "Fortcrusha Flail")) * WEAPON;
    expect([f[flail + W.ATTACKS_PLUS], f[flail + W.DAMAGED], f[flail + W.DAMAGED_ATTACKS_COUNT], f[flail + W.DAMAGED_ATTACKS_PLUS]]).toEqual([6, 1, 0, 4]);
    // A unit without Battle Damaged: threshold 0, Control unchanged (-1).
    const guard = s.data.profiles.findIndex((p) => p.warscroll === "Mortek Guard");
    const og = f[H.OFF_UNITS]! + guard * UNIT;
    expect([f[og + U.DAMAGED_AT], f[og + U.DAMAGED_CONTROL], f[og + U.ISSUER]]).toEqual([0, -1, 1]); // Mortek Guard: CHAMPION
  });
});
