/**
 * Reserves (CORE-RESERVES, Tooth and Nail's No Reserves: PB-BP-09), replacement units (CORE-REPLACEMENT)
 * and tokens (CORE-TOKENS) in the Pitched Battle engine, each on a position set up for it
 * (test/support/battle-fixtures.ts), with the numbers worked out by hand in the comments.
 *
 * Footprints (units.ts): a 40mm base is 0.7874" in radius, a 25mm base 0.4921", a 130mm base 2.5591"; a unit
 * of n > 1 models is (base radius + 0.25) x sqrt(n / 0.85) across: 3 Annihilators 1.9489", 2 Prosecutors
 * 1.5913", 10 Mortek Guard 2.5455".
 */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { applyChance, choices } from "../../src/aos/battle/flow.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { contested, controlScore } from "../../src/aos/battle/objectives.js";
import { ARRIVE_FROM_ROUND } from "../../src/aos/battle/policy.js";
import { placeAndName } from "../../src/aos/battle/reserves.js";
import { replacementReinforced, replaceableBy } from "../../src/aos/battle/replacement.js";
import { replacementAbility } from "../../src/aos/battle/abilities.js";
import { startRound } from "../../src/aos/battle/round.js";
import type { Player } from "../../src/aos/battle/state.js";
import { tokenPositions } from "../../src/aos/battle/tokens.js";
import { playPolicy, playSetUp } from "../../src/aos/rollout/ts.js";
import { scoreTurn, startRound as scoringStartRound } from "../../src/aos/scoring/index.js";
import { battleAt, labels, pick } from "../support/battle-fixtures.js";

/** Edge-to-edge distance from a footprint of radius r at (x, y) to unit `id`. */
const gapTo = (b: Battle, x: number, y: number, r: number, id: number) => Math.hypot(x - b.unit(id).x, y - b.unit(id).y) - r - b.footprint(id).radius;

const ANNIHILATORS_R = (20 / 25.4 + 0.25) * Math.sqrt(3 / 0.85);
const MORTEK_R = (12.5 / 25.4 + 0.25) * Math.sqrt(10 / 0.85);

describe("reserves", () => {
  it("[CORE-RESERVES] the log names where a unit waits, and the ability only where its name says more than the place", () => {
    expect(placeAndName("in the Celestial Realm", "The Celestial Realm")).toBe("in the Celestial Realm");
    expect(placeAndName("in a secret tunnel", "Tunnelling Ambush")).toBe("in a secret tunnel (Tunnelling Ambush)");
    expect(placeAndName("in the Celestial Realm", "Heavens-sent")).toBe("in the Celestial Realm (Heavens-sent)");
  });

  it("[CORE-RESERVES] The Celestial Realm is offered while more Stormcast units are on the battlefield than in reserve: 1 > 0 yes, 1 > 1 no", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 5 },
        { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
        { warscroll: "Liberators", owner: 0, x: 0, y: 0, models: 10 },
        { warscroll: "Mortek Guard", owner: 1, x: 30, y: 38 },
      ],
      { step: { kind: "deploy", player: 0 } },
    );
    const [, ann, lib] = ids as [number, number, number];
    b.unit(ann).status = "waiting";
    b.unit(lib).status = "waiting";
    b.data.round = 0;
    expect(labels(b).filter((l) => l.includes("in reserve"))).toEqual(["set up Annihilators in reserve in the Celestial Realm"]);
    pick(b, "set up Annihilators in reserve");
    expect(b.unit(ann).status).toBe("reserve");
    expect(b.unit(ann).reserve).toBe("celestial-realm");
    // The log names the place once: the ability is called after it.
    expect(b.data.log).toEqual(["Player A sets up Annihilators in reserve in the Celestial Realm."]);
    // Its deployment is done: the opponent has nothing left, so Player A sets up the Liberators — and now 1 unit
    // is on the battlefield and 1 in reserve: the ability cannot be used again.
    expect(b.data.step).toEqual({ kind: "deploy", player: 0 });
    expect(labels(b).some((l) => l.includes("in reserve"))).toBe(false);
    // Off the battlefield: not "deployed", not a target, contesting nothing, still of the starting army.
    expect(b.deployed(0)).not.toContain(ann);
    expect(b.profile(ann).startingArmy).toBe(true);
  });

  it("[CORE-RESERVES] a unit in reserve cannot be targeted and contests nothing; units without an ability are never offered it", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Annihilators", owner: 0, x: 46, y: 22 },
      { warscroll: "Celestar Ballista", owner: 1, x: 46, y: 30 },
    ]);
    const [ann, bal] = ids as [number, number];
    expect(b.profile(bal).warscroll).toBe("Celestar Ballista");
    b.data.active = 1;
    b.data.step = { kind: "shooting", player: 1 };
    expect(labels(b)).toContain("Celestar Ballista shoots Annihilators");
    expect(contested(b, ann).map(([o]) => o.id)).toEqual(["east"]);
    b.unit(ann).status = "reserve";
    b.unit(ann).reserve = "celestial-realm";
    expect(labels(b)).toEqual(["end the shooting phase"]);
    expect(b.deployed()).toEqual([bal]);
  });

  it("[PB-BP-09] Tooth and Nail, No Reserves: a unit set up in reserve has its models slain and is destroyed", () => {
    const { b, ids } = battleAt(
      "tooth-and-nail",
      [
        { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 5 },
        { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
        { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
      ],
      { step: { kind: "deploy", player: 0 } },
    );
    const ann = ids[1]!;
    b.unit(ann).status = "waiting";
    b.data.round = 0;
    const option = labels(b).find((l) => l.includes("in reserve"))!;
    expect(option).toBe("set up Annihilators in reserve in the Celestial Realm: no reserves in this battle, it would be destroyed");
    b.choiceCache = null;
    choices(b).find((c) => c.label === option)!.apply(b);
    expect(b.unit(ann)).toMatchObject({ status: "destroyed", models: 0, destroyedBy: { monster: false, predator: false, round: 0, turn: -1 } });
    expect(b.data.log!.some((l) => /sets up Annihilators in reserve in the Celestial Realm: no reserves in this battle \(PB-BP-09\), all its models are slain/.test(l))).toBe(true);
  });

  it("[CORE-RESERVES] at the start of battle round 4 a unit still in reserve is destroyed; one that arrived is not", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
      { warscroll: "Prosecutors", owner: 0, x: 40, y: 5 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 38 },
    ]);
    const [ann, pro] = ids as [number, number];
    Object.assign(b.unit(ann), { status: "reserve", reserve: "celestial-realm" });
    b.data.round = 2;
    startRound(b); // round 3: nothing happens
    expect(b.unit(ann).status).toBe("reserve");
    startRound(b); // round 4
    expect(b.data.round).toBe(4);
    expect(b.unit(ann)).toMatchObject({ status: "destroyed", models: 0, destroyedBy: { monster: false, predator: false, round: 4, turn: -1 } });
    expect(b.unit(ann).reserve).toBeUndefined();
    expect(b.unit(pro).status).toBe("deployed");
    expect(b.data.log).toContain("Annihilators is still in reserve in the Celestial Realm at the start of battle round 4: it is destroyed (CORE-RESERVES).");
  });

  it("[CORE-RESERVES] [PB-REALM-PREY] [PB-BT-03] destroyed in reserve at the start of round 4: a MONSTER counts for Predators and Prey in that round, but the general is not slain 'during this turn'", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Lord-Imperatant", owner: 0, x: 0, y: 0 },
        { warscroll: "Annihilators", owner: 0, x: 0, y: 0, keywords: ["MONSTER"] },
        { warscroll: "Liberators", owner: 0, x: 10, y: 3 },
        { warscroll: "Mortek Guard", owner: 1, x: 50, y: 40 },
      ],
      { step: { kind: "charge", player: 1 } },
    );
    const [lord, ann] = ids as [number, number];
    for (const id of [lord, ann]) Object.assign(b.unit(id), { status: "reserve", reserve: "celestial-realm" });
    // The scoring fold at the second turn of round 3 (the attacker, player 0, went first each round).
    const d = b.data;
    let s = d.scoring!;
    const turn = (round: number, player: "attacker" | "defender") => (s = scoreTurn(s, { round, player, objectives: [], opponentObjectives: [] }).state);
    turn(1, "attacker");
    turn(1, "defender");
    s = scoringStartRound(s, { round: 2, first: "attacker" }).state;
    turn(2, "attacker");
    turn(2, "defender");
    s = scoringStartRound(s, { round: 3, first: "attacker" }).state;
    turn(3, "attacker");
    Object.assign(d, { scoring: s, round: 3, turn: 1, active: 1 as Player });
    pick(b, "end the charge phase"); // nobody fights: the turn ends, round 4 starts
    expect(d.round).toBe(4);
    expect(b.unit(lord).status).toBe("destroyed");
    expect(b.unit(ann).status).toBe("destroyed");
    applyChance(b, 1);
    pick(b, "take the first turn");
    pick(b, "battle tactic: Slay the Warlord");
    for (const phase of ["hero", "movement", "shooting", "charge"]) pick(b, `end the ${phase} phase`);
    const sheet = d.sheet.at(-1)!;
    expect(sheet).toMatchObject({ round: 4, player: 1, battleTactic: "Slay the Warlord", battleTacticCompleted: false });
    // Player B: Predators and Prey (+1, an enemy MONSTER slain in round 4); no tactic VP; no objectives held.
    expect(sheet.lines).toEqual([{ player: 1, victoryPoints: 1, ruleId: "PB-REALM-PREY", text: expect.any(String) }]);
  });

  it("[CORE-RESERVES] Scions of the Storm: offered in its player's movement phase near each objective and the weakest enemies, always more than 9\" from every enemy (near Mortek Guard at (30, 22): 14\" east, 9.51\" edge to edge)", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 3 },
      { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 22 },
    ]);
    const [, ann, mg] = ids as [number, number, number];
    Object.assign(b.unit(ann), { status: "reserve", reserve: "celestial-realm" });
    const arrivals = labels(b).filter((l) => l.startsWith("Annihilators arrives"));
    // Objectives east (46, 22) and west (14, 22) are 16" from the Guard's centre (more than 9 + 1.95 + 2.55 =
    // 13.49"): the spot is the marker itself. Near the Guard, rings of 1": 13" is too close, 14" east is not.
    expect(arrivals).toContain("Annihilators arrives from reserve (Scions of the Storm) near objective east at (46.0, 22.0)");
    expect(arrivals).toContain("Annihilators arrives from reserve (Scions of the Storm) near objective west at (14.0, 22.0)");
    expect(arrivals).toContain("Annihilators arrives from reserve (Scions of the Storm) near Mortek Guard at (44.0, 22.0)");
    // South-border (30, 12) is 10" from it: the first legal spot of the rings is 4" away, SSW (28.47, 8.30).
    expect(arrivals).toContain("Annihilators arrives from reserve (Scions of the Storm) near objective south-border at (28.5, 8.3)");
    expect(arrivals).toHaveLength(5);
    pick(b, "near Mortek Guard");
    const u = b.unit(ann);
    expect([u.status, u.x, u.y, u.moved]).toEqual(["deployed", 44, 22, true]);
    expect(b.distance(ann, mg)).toBeCloseTo(14 - ANNIHILATORS_R - MORTEK_R, 9);
    expect(b.distance(ann, mg)).toBeCloseTo(9.5056, 3);
    // It was set up this phase: it cannot move again, but the phase goes on for the others.
    expect(labels(b).some((l) => l.startsWith("Annihilators moves"))).toBe(false);
  });

  it("[CORE-RESERVES] Emerge from the Deep: wholly within 9\" of a battlefield edge and more than 9\" from all enemy units (near north-border (30, 32): (30, 38), 44 - 38 + 2.56 = 8.56\")", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Gatebreaker Mega-Gargant", owner: 0, x: 0, y: 0 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 22 },
    ]);
    const [g, mg] = ids as [number, number];
    Object.assign(b.unit(g), { status: "reserve", reserve: "beneath-the-waves" });
    const r = 65 / 25.4; // a 130mm base
    // Rings around (30, 32): 6" north reaches y = 38 (44 - 38 + 2.56 <= 9); 6" at 67.5° reaches only 37.54.
    pick(b, "near objective north-border at (30.0, 38.0)");
    expect(b.unit(g)).toMatchObject({ status: "deployed", x: 30, y: 38 });
    expect(44 - 38 + r).toBeLessThanOrEqual(9);
    expect(gapTo(b, 30, 38, r, mg)).toBeGreaterThan(9);
  });

  it("[CORE-RESERVES] every arrival spot offered in a crowded position keeps more than 9\" from all enemy units and 1/2\" from friends", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 46, y: 26 },
      { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 22 },
      { warscroll: "Mortek Guard", owner: 1, x: 20, y: 12 },
      { warscroll: "Kavalos Deathriders", owner: 1, x: 40, y: 34 },
    ]);
    const [lib, ann, ...enemies] = ids as [number, number, number, number, number];
    Object.assign(b.unit(ann), { status: "reserve", reserve: "celestial-realm" });
    b.choiceCache = null;
    const spots = choices(b).flatMap((c) => (c.tag?.kind === "arrive" ? [c.tag.at] : []));
    expect(spots.length).toBe(6); // 4 objectives, the 2 weakest enemies
    for (const p of spots) {
      for (const e of enemies) expect(gapTo(b, p.x, p.y, ANNIHILATORS_R, e)).toBeGreaterThan(9);
      expect(gapTo(b, p.x, p.y, ANNIHILATORS_R, lib)).toBeGreaterThanOrEqual(0.5);
      expect(p.x - ANNIHILATORS_R).toBeGreaterThanOrEqual(0);
      expect(p.y + ANNIHILATORS_R).toBeLessThanOrEqual(44);
    }
  });

  it("[CORE-RESERVES] the scripted policy keeps one melee unit in reserve (the Annihilators), brings it in from battle round 2, and never reserves under No Reserves", () => {
    const sce = bundledRosters().find((r) => r.roster.name === "Hammers of the Warrior Chamber")!.roster;
    const obr = bundledRosters().find((r) => r.roster.faction === "Ossiarch Bonereapers")!.roster;
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [sce, obr], battleplan: "savage-gains" }, 3));
    const inReserve = s.data.units.filter((u) => u.status === "reserve").map((u) => s.data.profiles[u.id]!.name);
    expect(inReserve).toEqual(["Annihilators"]);
    playPolicy(s, (x) => x.data.round < ARRIVE_FROM_ROUND || x.data.units.some((u) => u.status === "reserve"));
    expect(s.data.round).toBe(ARRIVE_FROM_ROUND);
    expect(s.data.step.kind).toBe("movement");
    const t = pitchedBattleGame.newInitialState({ rosters: [sce, obr], battleplan: "tooth-and-nail" }, 3);
    playSetUp(t);
    expect(t.data.units.filter((u) => u.status === "reserve" || u.destroyedBy?.round === 0)).toEqual([]);
  });
});

describe("replacement units", () => {
  /** Liberators (10 models: reinforced) destroyed, Player A in its movement phase with `cp` command points. */
  function liberatorsDestroyed(cp: number, plan: "savage-gains" | "tooth-and-nail" = "savage-gains") {
    const at = battleAt(plan, [
      { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 3 },
      { warscroll: "Liberators", owner: 0, x: 0, y: 0, models: 10 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 22 },
    ]);
    const lib = at.ids[1]!;
    Object.assign(at.b.unit(lib), { status: "destroyed", models: 0, destroyedBy: { monster: false, predator: false, round: 1, turn: 0 } });
    at.b.data.commandPoints = [cp, cp];
    return { ...at, lib };
  }

  it("[CORE-REPLACEMENT] Heavens-sent replaces 10 reinforced Liberators with half, 5 models — not reinforced (5 is not more than half of 10); weapons on the same share; 1 command point", () => {
    const { b, lib } = liberatorsDestroyed(1);
    expect(b.profile(lib)).toMatchObject({ startModels: 10, reinforced: true });
    expect(b.profile(lib).weapons.map((w) => [w.name, w.carriers])).toEqual([["Warhammer", 8], ["Grandhammer", 2]]);
    pick(b, "Heavens-sent: a replacement for Liberators near objective east");
    const id = b.data.units.length - 1;
    expect(id).toBe(3); // a new unit, after the others
    expect(b.profile(id)).toMatchObject({ name: "Liberators (replacement)", warscroll: "Liberators", startModels: 5, reinforced: false, replacementOf: lib, startingArmy: false, isGeneral: false });
    // 8 of 10 and 2 of 10 models carry them: 4 and 1 of 5.
    expect(b.profile(id).weapons.map((w) => [w.name, w.carriers])).toEqual([["Warhammer", 4], ["Grandhammer", 1]]);
    expect(b.unit(id)).toMatchObject({ models: 5, damage: 0, status: "deployed", x: 46, y: 22, tokens: [], moved: true, added: { round: 1, turn: 0 } });
    expect(b.data.commandPoints[0]).toBe(0);
    expect(b.data.log!.at(-1)).toMatch(/uses Heavens-sent \(1 command point, 0 left\): Liberators \(replacement\) \(5 models\) is set up at \(46\.0, 22\.0\)/);
  });

  it("[CORE-REPLACEMENT] reinforced if the original was and it has more than half its models: 6 of 10 yes, 5 of 10 no; 3 Annihilators come back as 2", () => {
    expect(replacementReinforced(true, 10, 6)).toBe(true);
    expect(replacementReinforced(true, 10, 5)).toBe(false);
    expect(replacementReinforced(false, 10, 10)).toBe(false);
    expect(replacementReinforced(true, 20, 20)).toBe(true); // "identical to the target" (Supreme Lord of the Undead)
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 3 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 22 },
    ]);
    Object.assign(b.unit(ids[0]!), { status: "destroyed", models: 0 });
    b.data.commandPoints = [1, 0];
    pick(b, "Heavens-sent: a replacement for Annihilators near objective west");
    expect(b.unit(3)).toMatchObject({ models: 2, x: 14, y: 22 });
  });

  it("[CORE-REPLACEMENT] each unit is replaced once, a replacement is never replaced, Heavens-sent is once per battle and needs a command point", () => {
    const none = liberatorsDestroyed(0);
    expect(labels(none.b).some((l) => l.startsWith("Heavens-sent"))).toBe(false); // no command point
    const { b, lib } = liberatorsDestroyed(3);
    pick(b, "Heavens-sent: a replacement for Liberators near objective east");
    const repl = 3;
    expect(replaceableBy(b, 0, replacementAbility("heavens-sent"))).toEqual([]); // the original is replaced
    Object.assign(b.unit(repl), { status: "destroyed", models: 0 });
    b.data.turn = 1; // a later turn, more command points: still nothing to replace
    b.data.commandsUsed = [[], []];
    expect(replaceableBy(b, 0, replacementAbility("heavens-sent"))).toEqual([]);
    expect(b.data.profiles.filter((p) => p.replacementOf === lib)).toHaveLength(1);
    // A second destroyed unit: Heavens-sent was used this battle.
    b.data.units[0]!.status = "destroyed";
    b.data.units[0]!.models = 0;
    expect(labels(b).some((l) => l.startsWith("Heavens-sent"))).toBe(false);
  });

  it("[CORE-REPLACEMENT] [CORE-TOKENS] [PB-REALM-METAMORPHOSIS] what the original gained does not carry over: no Metamorphosis token, not a MONSTER, not a predator, not in the starting army", () => {
    const { b, lib } = liberatorsDestroyed(1);
    b.unit(lib).tokens = ["metamorphosis"];
    b.data.predators[0] = [lib];
    expect(b.isMonster(lib)).toBe(true);
    pick(b, "Heavens-sent: a replacement for Liberators near objective east");
    expect(b.unit(3).tokens).toEqual([]);
    expect(b.isMonster(3)).toBe(false);
    expect(b.data.predators[0]).toEqual([lib]);
    expect(b.profile(3).startingArmy).toBe(false);
  });

  it("[CORE-REPLACEMENT] [PB-START-ARMY] a Battleline replacement is not in the starting army: Broken Ranks cannot pick it", () => {
    const { b } = liberatorsDestroyed(1);
    pick(b, "Heavens-sent: a replacement for Liberators near objective east");
    expect(b.profile(3).roles).toContain("Battleline");
    b.data.active = 1;
    b.data.step = { kind: "battle-tactic", player: 1 };
    b.data.turn = 1;
    expect(labels(b).filter((l) => l.includes("Broken Ranks"))).toEqual([]);
  });

  it("[CORE-REPLACEMENT] Boneshaper (hero phase): a destroyed 20-model Mortek Guard comes back as 10, not reinforced, wholly within 12\" of the Boneshaper and not in combat; not while the Boneshaper is in combat", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 },
        { warscroll: "Mortek Guard", owner: 0, x: 0, y: 0, models: 20 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
      ],
      { step: { kind: "hero", player: 0 } },
    );
    const guard = ids[1]!;
    Object.assign(b.unit(guard), { status: "destroyed", models: 0 });
    b.data.commandPoints = [1, 1];
    const offered = labels(b).filter((l) => l.startsWith("Boneshaper"));
    expect(offered.length).toBeGreaterThan(0);
    pick(b, "Boneshaper (Mortisan Boneshaper): a replacement for Mortek Guard near objective south-border");
    const r = (12.5 / 25.4 + 0.25) * Math.sqrt(10 / 0.85);
    expect(b.profile(3)).toMatchObject({ startModels: 10, reinforced: false, replacementOf: guard });
    // South-border (30, 12) is 4" from the Boneshaper's centre: the marker itself. Wholly within 12": 4 + 2.55 - 0.49 <= 12.
    expect(b.unit(3)).toMatchObject({ x: 30, y: 12, moved: false });
    expect(Math.hypot(30 - 30, 12 - 8) + r - 12.5 / 25.4).toBeLessThanOrEqual(12);
    expect(b.inCombat(3)).toBe(false);
    expect(b.data.commandPoints[0]).toBe(0);
    // In combat, the Boneshaper cannot use it.
    const busy = battleAt(
      "savage-gains",
      [
        { warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 },
        { warscroll: "Mortek Guard", owner: 0, x: 0, y: 0, models: 20 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 11 },
      ],
      { step: { kind: "hero", player: 0 } },
    );
    Object.assign(busy.b.unit(busy.ids[1]!), { status: "destroyed", models: 0 });
    busy.b.data.commandPoints = [1, 1];
    expect(busy.b.inCombat(busy.ids[0]!)).toBe(true);
    expect(labels(busy.b).some((l) => l.startsWith("Boneshaper"))).toBe(false);
  });

  it("[CORE-REPLACEMENT] Summon Loyal Subjects: 20 Crypt Ghouls come back as 10 wholly within 6\" of a battlefield edge and more than 9\" from all enemy units", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Abhorrant Archregent", owner: 0, x: 10, y: 3 },
      { warscroll: "Crypt Ghouls", owner: 0, x: 0, y: 0, models: 20 },
      { warscroll: "Cryptguard", owner: 0, x: 0, y: 0 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
    ]);
    const [, ghouls, guard, enemy] = ids as [number, number, number, number];
    Object.assign(b.unit(ghouls), { status: "destroyed", models: 0 });
    b.data.commandPoints = [1, 0];
    b.choiceCache = null;
    const spots = choices(b).flatMap((c) => (c.tag?.kind === "replace" ? [c.tag.at] : []));
    expect(spots.length).toBe(5); // 4 objectives, the only enemy (the Cryptguard are still on the battlefield)
    const r = (12.5 / 25.4 + 0.25) * Math.sqrt(10 / 0.85);
    for (const p of spots) {
      expect(Math.min(p.x + r, 60 - p.x + r, p.y + r, 44 - p.y + r)).toBeLessThanOrEqual(6);
      expect(gapTo(b, p.x, p.y, r, enemy)).toBeGreaterThan(9);
    }
    // Near south-border (30, 12): 9" south, y + r = 3 + 2.55 = 5.55 <= 6 (8" south: 6.55; 9" at 247.5°: 6.23).
    pick(b, "Summon Loyal Subjects (Abhorrant Archregent): a replacement for Crypt Ghouls near objective south-border at (30.0, 3.0)");
    expect(b.profile(4)).toMatchObject({ startModels: 10, replacementOf: ghouls, reinforced: false });
    expect(b.unit(4)).toMatchObject({ models: 10, x: 30, y: 3, moved: true });
    // Once Per Turn (Army): the Cryptguard, destroyed too, wait for the next turn — even with another command
    // point and the command's once-per-phase reset.
    Object.assign(b.unit(guard), { status: "destroyed", models: 0 });
    b.data.commandPoints = [1, 0];
    b.data.commandsUsed = [[], []];
    expect(labels(b).some((l) => l.startsWith("Summon Loyal Subjects"))).toBe(false);
    b.data.round = 2;
    expect(labels(b).filter((l) => l.startsWith("Summon Loyal Subjects")).length).toBeGreaterThan(0);
  });

  it("[PB-BP-09] Fatigued Warriors: a replacement (a summoned unit) cannot shoot or charge in the turn it was added; elsewhere it can", () => {
    const setUp = (plan: "savage-gains" | "tooth-and-nail") => {
      const at = battleAt(plan, [
        { warscroll: "Lord-Imperatant", owner: 0, x: 5, y: 3 },
        { warscroll: "Prosecutors", owner: 0, x: 0, y: 0 },
        { warscroll: "Mortek Guard", owner: 1, x: 30, y: 22 },
      ]);
      Object.assign(at.b.unit(at.ids[1]!), { status: "destroyed", models: 0 });
      at.b.data.commandPoints = [1, 0];
      // 2 Prosecutors (1.59") near the Guard: 13" is not more than 9 + 1.59 + 2.55 = 13.14", 14" east is:
      // 9.86" edge to edge, within the javelins' 10".
      pick(at.b, "Heavens-sent: a replacement for Prosecutors near Mortek Guard at (44.0, 22.0)");
      pick(at.b, "end the movement phase");
      return at.b;
    };
    const free = setUp("savage-gains");
    expect(labels(free)).toContain("Prosecutors (replacement) shoots Mortek Guard");
    const tired = setUp("tooth-and-nail");
    expect(tired.distance(3, 2)).toBeCloseTo(14 - (20 / 25.4 + 0.25) * Math.sqrt(2 / 0.85) - MORTEK_R, 9);
    expect(labels(tired)).toEqual(["end the shooting phase"]);
    pick(tired, "end the shooting phase");
    expect(labels(tired)).toEqual(["end the charge phase"]);
    // The next turn it is no longer new.
    tired.data.turn = 1;
    tired.data.step = { kind: "charge", player: 0 };
    expect(labels(tired)).toContain("Prosecutors (replacement) charges Mortek Guard");
  });
});

describe("tokens", () => {
  it("[CORE-TOKENS] a token follows its unit: after a 5\" move the Metamorphosis token is still on the Lord-Imperatant, placed next to it again", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 5 },
      { warscroll: "Mortek Guard", owner: 1, x: 50, y: 38 },
    ]);
    const lord = ids[0]!;
    b.unit(lord).tokens = ["metamorphosis"];
    const r = 20 / 25.4; // one model on a 40mm base
    expect(tokenPositions(b, lord)).toEqual([{ x: 10, y: 5 - (r + 0.5) }]);
    pick(b, "Lord-Imperatant moves toward objective east");
    const u = b.unit(lord);
    expect(Math.hypot(u.x - 10, u.y - 5)).toBeCloseTo(5, 9);
    expect(u.tokens).toEqual(["metamorphosis"]);
    expect(tokenPositions(b, lord)).toEqual([{ x: u.x, y: u.y - (r + 0.5) }]);
    expect(b.isMonster(lord)).toBe(true);
  });

  it("[CORE-TOKENS] tokens are not models and cannot be targeted: the control score on an objective and the targets offered are the same with and without one", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 46, y: 22, models: 10 },
        { warscroll: "Celestar Ballista", owner: 1, x: 46, y: 34 },
      ],
      { step: { kind: "shooting", player: 1 } },
    );
    const [lib] = ids as [number];
    b.data.active = 1;
    const before = { contest: contested(b, lib), score: controlScore(b, lib, 10), targets: labels(b) };
    b.unit(lib).tokens = ["metamorphosis"];
    expect(contested(b, lib)).toEqual(before.contest);
    expect(controlScore(b, lib, 10)).toBe(before.score);
    expect(controlScore(b, lib, 10)).toBe(10); // Control 1 x 10 models
    expect(labels(b)).toEqual(before.targets);
    expect(b.unit(lib).models).toBe(10);
  });
});
