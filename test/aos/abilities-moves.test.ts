/**
 * Set-ups and redeployment (docs/abilities.md "Set-ups and redeployment": src/aos/battle/setups.ts, reserves.ts
 * and the kernel's assembly/battle/reserves.ts): imported warscrolls' reserves with their arrival and "remove this
 * unit from the battlefield and set it up again", translated from the BSData text, each on a set-up position
 * (the footprints' numbers worked by hand in the comments), the scripted policy's use of them, and the kernel
 * playing the same battles seed for seed.
 *
 * Footprints (units.ts): 5 Vindictors (40mm bases) are (0.7874 + 0.25) x sqrt(5 / 0.85) = 2.5161" in radius.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { chargeDice } from "../../src/aos/battle/effects.js";
import { choices } from "../../src/aos/battle/flow.js";
import { useDeploymentMoves } from "../../src/aos/battle/setups.js";
import { afterDeployment } from "../../src/aos/battle/setup.js";
import { charge } from "../../src/aos/battle/charge.js";
import { PitchedBattleState, pitchedBattleGame } from "../../src/aos/battle/game.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { playPolicy, playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { bundledLibrary, mergeLibraries, rosterSchema, type Roster, type Warscroll } from "../../src/aos/armies/index.js";
import { battleAt, labels, pick, ScriptedRng } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

const left = (b: Battle) => (b.rng as ScriptedRng).left();

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (/work/shared/data/bsdata-aos4), as translate.ts reads them (names shortened).
const TEXT = {
  tunnel: { name: "Secret Tunnel", timing: "Deployment Phase", effect: "Declare: Pick this unit if it has not been deployed.\nEffect: Set up this unit in reserve in a secret tunnel. It has now been deployed." },
  outOfTunnel: { name: "Out of the Tunnel", timing: "Your Movement Phase", effect: 'Declare: Pick this unit if it is in a secret tunnel.\nEffect: Set up this unit anywhere on the battlefield more than 9" from all enemy units.' },
  ambush: { name: "Ambush", timing: "Deployment Phase", effect: "Set up this unit in reserve waiting in ambush. It has now been deployed." },
  springAmbush: {
    name: "Spring the Ambush",
    timing: "Any Movement Phase",
    effect: 'Declare: Pick this unit if it is waiting in ambush.\nEffect: Set up this unit on the battlefield wholly within 9" of a battlefield edge and more than 9" from all enemy units.',
  },
  blink: { name: "Blink", timing: "Once Per Turn (Army), Your Movement Phase", effect: 'Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.' },
  shadowStep: { name: "Shadow Step", timing: "Your Movement Phase", effect: 'If this unit is not in combat, remove it from the battlefield and set it up again on the battlefield more than 9" from all enemy units.' },
  drums: {
    name: "Drums",
    timing: "Your Charge Phase",
    effect: 'For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for friendly STORMCAST ETERNALS units while they are wholly within 12" of this unit, to a maximum of 3.',
  },
  frenzy: { name: "Frenzy", timing: "Your Charge Phase", effect: "For the rest of the phase, add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3." },
  auraReroll: { name: "Inspiring", timing: "Passive", effect: 'You can re-roll charge rolls for friendly STORMCAST ETERNALS units while they are wholly within 12" of this unit.' },
  ownReroll: { name: "Eager", timing: "Once Per Turn (Army), Reaction: You declared a CHARGE ability for this unit", effect: "You can re-roll the charge roll." },
  oneDice: { name: "Bellow", timing: "Once Per Turn (Army), Reaction: You declared a CHARGE ability for a STORMCAST ETERNALS unit wholly within 12\" of this unit", effect: "Re-roll 1 dice in that charge roll." },
  four: { name: "Sure-footed", timing: "Reaction: You declared a CHARGE ability for this unit", effect: "Change one of the dice in the charge roll to a 4." },
  keepPace: { name: "Keep Pace", timing: "Passive", effect: 'While they are wholly within 12" of this unit, friendly STORMCAST ETERNALS units can use CHARGE abilities even if they used a RUN ability in the same turn.' },
  scouts: { name: "Scouts", timing: "Deployment Phase", effect: "This unit can use the 'Normal Move' ability as if it were your movement phase." },
  drill: {
    name: "Drill",
    timing: "Once Per Battle (Army), Deployment Phase",
    effect: "Declare: Pick this unit and up to 2 friendly Liberators units wholly within 12\" of this unit to be the targets.\nEffect: Each target can use the 'Normal Move' ability as if it were your movement phase.",
  },
} as const;

const vocab = keywordVocabulary(["STORMCAST ETERNALS"]);
const VINDICTORS_R = (20 / 25.4 + 0.25) * Math.sqrt(5 / 0.85);

/** Gives every unit of `warscroll` the played translation of each text (an imported warscroll's UnitProfile.abilities). */
const give = (b: Battle, warscroll: string, ...texts: (keyof typeof TEXT)[]) => texts.forEach((k) => giveTranslated(b, warscroll, TEXT[k], vocab));

/** Savage Gains (objectives south-border (30, 12), north-border (30, 32), west (14, 22), east (46, 22)), no terrain. */
function at(units: { warscroll: string; owner: 0 | 1; x: number; y: number }[], step: "movement" | "deploy" = "movement", seed = 1) {
  const { b, ids } = battleAt("savage-gains", units, { seed, step: { kind: step, player: 0 } });
  b.data.terrain = [];
  return { b, ids };
}

/**
 * The kernel plays the same battles as the TypeScript engine from the positions `position(seed)` sets up (seeds 1-6),
 * seed for seed; returns how often the scripted policy used ability `ability` in them.
 */
function kernelPlaysAndUses(ability: string, position: (seed: number) => Battle): number {
  let used = 0;
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const b = position(seed);
    b.data.log = null;
    const s = new PitchedBattleState(b);
    expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    const played = s.clone();
    played.reseed(seed);
    playPolicy(played);
    used += played.data.abilityUses.filter((u) => u.ability === ability).length;
  }
  return used;
}

describe("[AB:BSData/Secret Tunnel] a reserve and its arrival, translated as a pair", () => {
  it("[AB:BSData/Secret Tunnel] deployment offers 'set up in reserve in a secret tunnel'; in the movement phase it arrives more than 9\" from all enemy units", () => {
    const { b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 0, y: 0 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], "deploy");
    give(b, "Vindictors", "tunnel", "outOfTunnel");
    const [vin] = ids as [number, number];
    b.unit(vin).status = "waiting";
    b.data.round = 0;
    expect(labels(b).filter((l) => l.includes("in reserve"))).toEqual(["set up Vindictors in reserve in a secret tunnel (Secret Tunnel)"]);
    pick(b, "set up Vindictors in reserve");
    expect(b.unit(vin)).toMatchObject({ status: "reserve", reserve: "t-vindictors" });
    // Battle round 2, its movement phase: the spots are the objectives' centres but the north border's (the
    // Liberators are 8" from it: the ring search's first spot more than 9" from them), and the policy takes the
    // first objective not held.
    Object.assign(b.data, { round: 2, turn: 0, active: 0, step: { kind: "movement", player: 0 } });
    const arrivals = labels(b).filter((l) => l.startsWith("Vindictors arrives"));
    expect(arrivals.slice(0, 4)).toEqual([
      "Vindictors arrives from reserve (Out of the Tunnel) near objective south-border at (30.0, 12.0)",
      "Vindictors arrives from reserve (Out of the Tunnel) near objective north-border at (27.3, 25.5)",
      "Vindictors arrives from reserve (Out of the Tunnel) near objective west at (14.0, 22.0)",
      "Vindictors arrives from reserve (Out of the Tunnel) near objective east at (46.0, 22.0)",
    ]);
    b.choiceCache = null;
    choices(b)[policyAction(b)]!.apply(b);
    expect(b.unit(vin)).toMatchObject({ status: "deployed", x: 30, y: 12, moved: true });
  });

  it("[AB:BSData/Ambush] 'wholly within 9\" of a battlefield edge': near the south border's (30, 12), the ring search's first spot with y + 2.516 <= 9 is 6\" out at (30 - 6 sin 22.5°, 12 - 6 cos 22.5°)", () => {
    const { b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 0, y: 0 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    give(b, "Vindictors", "ambush", "springAmbush");
    const [vin] = ids as [number, number];
    Object.assign(b.unit(vin), { status: "reserve", reserve: "t-vindictors" });
    b.data.round = 2;
    b.choiceCache = null;
    choices(b)[policyAction(b)]!.apply(b);
    const u = b.unit(vin);
    expect([u.status, u.x, u.y]).toEqual(["deployed", 30 - 6 * 0.3826834323650898, 12 - 6 * 0.9238795325112867]);
    expect(u.y + VINDICTORS_R).toBeLessThanOrEqual(9);
  });

  it("[AB:BSData/Secret Tunnel] a reserve whose arrival is not read is not offered (translated, not played)", () => {
    const t = translateAbility(TEXT.tunnel, vocab);
    const { b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 0, y: 0 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], "deploy");
    const a = translatedAbility("Vindictors", "Secret Tunnel", t)!;
    for (const p of b.data.profiles) if (p.warscroll === "Vindictors") p.abilities = [a];
    b.unit(ids[0]!).status = "waiting";
    b.data.round = 0;
    expect(labels(b).some((l) => l.includes("in reserve"))).toBe(false);
  });
});

describe("[AB:BSData/Blink] remove this unit from the battlefield and set it up again", () => {
  it("[AB:BSData/Blink] the policy sets it up on the south border's centre (30, 12): 0 + Move 5 < its 21.54\" from there; it has then moved", () => {
    const { b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 10, y: 4 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    give(b, "Vindictors", "blink");
    const [vin] = ids as [number, number];
    expect(labels(b).filter((l) => l.includes("set up again"))).toEqual([
      "Vindictors is set up again (Blink) near objective south-border at (30.0, 12.0)",
      "Vindictors is set up again (Blink) near objective north-border at (27.3, 25.5)",
      "Vindictors is set up again (Blink) near objective west at (14.0, 22.0)",
      "Vindictors is set up again (Blink) near objective east at (46.0, 22.0)",
      "Vindictors is set up again (Blink) near Liberators at (45.0, 40.0)",
    ]);
    b.choiceCache = null;
    choices(b)[policyAction(b)]!.apply(b);
    expect(b.unit(vin)).toMatchObject({ x: 30, y: 12, moved: true });
    expect(b.data.abilityUses.at(-1)).toMatchObject({ ability: "r-vindictors", player: 0, round: 1, turn: 0 });
    expect(labels(b).some((l) => l.includes("set up again"))).toBe(false);
  });

  it("[AB:BSData/Blink] Once Per Turn (Army): the second unit with it is not offered it that turn; without a limit each unit is", () => {
    const two = (text: "blink" | "shadowStep") => {
      const { b, ids } = at([
        { warscroll: "Vindictors", owner: 0, x: 10, y: 4 },
        { warscroll: "Vindictors", owner: 0, x: 50, y: 4 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
      ]);
      give(b, "Vindictors", text);
      b.choiceCache = null;
      choices(b)[policyAction(b)]!.apply(b);
      expect(b.unit(ids[0]!)).toMatchObject({ x: 30, y: 12, moved: true });
      return labels(b).filter((l) => l.includes("set up again")).length;
    };
    expect(two("blink")).toBe(0);
    expect(two("shadowStep")).toBeGreaterThan(0);
  });

  it("[AB:BSData/Shadow Step] 'If this unit is not in combat': not offered to a unit in combat; the policy never uses it on a unit holding an objective or that would not gain more than its Move", () => {
    let { b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 30, y: 30 }, { warscroll: "Liberators", owner: 1, x: 30, y: 36 }]);
    give(b, "Vindictors", "shadowStep");
    expect(b.inCombat(ids[0]!)).toBe(true);
    expect(labels(b).some((l) => l.includes("set up again"))).toBe(false);
    // On the south border (contesting it, not controlled): it holds, no redeployment; it stays.
    ({ b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 30, y: 13 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]));
    give(b, "Vindictors", "shadowStep");
    b.choiceCache = null;
    const a = choices(b)[policyAction(b)]!;
    expect(a.tag?.kind).not.toBe("redeploy");
  });
});

describe("[AB:BSData/Drums] 'Your Charge Phase: for the rest of the turn, add 1 to the number of dice rolled when making charge rolls for ...'", () => {
  it("[AB:BSData/Drums] 3D6 for a friendly STORMCAST ETERNALS unit wholly within 12\" of the unit with it (itself included), 2D6 beyond; Frenzy for the unit itself", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Vindictors", owner: 0, x: 10, y: 10 },
        { warscroll: "Liberators", owner: 0, x: 18, y: 10 },
        { warscroll: "Liberators", owner: 0, x: 40, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 30 },
      ],
      { seed: 1, step: { kind: "charge", player: 0 } },
    );
    give(b, "Vindictors", "drums");
    expect(ids.slice(0, 3).map((id) => chargeDice(b, id))).toEqual([3, 3, 2]);
    const other = battleAt("savage-gains", [{ warscroll: "Vindictors", owner: 0, x: 10, y: 10 }, { warscroll: "Liberators", owner: 0, x: 18, y: 10 }, { warscroll: "Liberators", owner: 1, x: 30, y: 30 }], { seed: 1, step: { kind: "charge", player: 0 } });
    give(other.b, "Vindictors", "frenzy");
    expect(other.ids.slice(0, 2).map((id) => chargeDice(other.b, id))).toEqual([3, 2]);
  });

  it("[AB:BSData/Drums] [AB:BSData/Frenzy] the kernel plays the same battles from charge phases, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b } = battleAt(
        "savage-gains",
        [
          { warscroll: "Vindictors", owner: 0, x: 20, y: 14 },
          { warscroll: "Liberators", owner: 0, x: 28, y: 14 },
          { warscroll: "Liberators", owner: 1, x: 22 + seed, y: 24 + seed },
          { warscroll: "Vindictors", owner: 1, x: 40, y: 26 },
        ],
        { seed, step: { kind: "charge", player: 0 } },
      );
      b.data.terrain = [];
      give(b, "Vindictors", seed % 2 === 0 ? "drums" : "frenzy");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

/** Two charging units of player 0 at x = 14 and 40 (y 10), each `gap` inches (edge to edge) south of an enemy Liberators. */
function charges(chargers: [string, string], gap: number, dice: number[] | null, seed = 1) {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: chargers[0], owner: 0, x: 14, y: 10 },
      { warscroll: chargers[1], owner: 0, x: 40, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 14, y: 30 },
      { warscroll: "Liberators", owner: 1, x: 40, y: 30 },
    ],
    { ...(dice ? { dice } : { seed }), step: { kind: "charge", player: 0 } },
  );
  b.data.terrain = [];
  for (const i of [2, 3]) b.unit(ids[i]!).y = 10 + b.footprint(ids[i - 2]!).radius + b.footprint(ids[i]!).radius + gap;
  return { b, ids };
}

describe("[AB:BSData/Inspiring] charge re-rolls: only after a roll with which the charge fails", () => {
  it("[AB:BSData/Inspiring] a friendly STORMCAST ETERNALS unit wholly within 12\": 1+2 fails a 6\" charge, re-rolled 3+4 arrives; 4+4 is not re-rolled", () => {
    let { b, ids } = charges(["Vindictors", "Liberators"], 6, [1, 2, 3, 4]);
    give(b, "Vindictors", "auraReroll");
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]);
    ({ b, ids } = charges(["Vindictors", "Liberators"], 6, [4, 4]));
    give(b, "Vindictors", "auraReroll");
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]);
    // The Liberators 26" away are not wholly within 12": 1+2 stays a failure.
    ({ b, ids } = charges(["Vindictors", "Liberators"], 6, [1, 2]));
    give(b, "Vindictors", "auraReroll");
    charge(b, ids[1]!, ids[3]!);
    expect([b.unit(ids[1]!).charged, left(b)]).toEqual([false, 0]);
  });

  it("[AB:BSData/Eager] Once Per Turn (Army): the first failed charge re-rolls (1+1, 1+1: failed, used), the second unit's 1+2 is not re-rolled", () => {
    const { b, ids } = charges(["Vindictors", "Vindictors"], 6, [1, 1, 1, 1, 1, 2]);
    give(b, "Vindictors", "ownReroll");
    charge(b, ids[0]!, ids[2]!);
    charge(b, ids[1]!, ids[3]!);
    expect([b.unit(ids[0]!).charged, b.unit(ids[1]!).charged, left(b)]).toEqual([false, false, 0]);
    expect(b.data.commandsUsed[0]).toContain("Vindictors/Eager");
  });

  it("[AB:BSData/Bellow] one dice re-rolled, the first lowest: the Liberators 26\" away keep 1+5 (a 7\" charge fails); the Vindictors' 1+5 has its 1 re-rolled to a 2: 7 arrives", () => {
    const { b, ids } = charges(["Vindictors", "Liberators"], 7, [1, 5, 1, 5, 2]);
    give(b, "Vindictors", "oneDice");
    charge(b, ids[1]!, ids[3]!);
    expect([b.unit(ids[1]!).charged, left(b)]).toEqual([false, 3]);
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]);
  });

  it("[AB:BSData/Sure-footed] a dice changed to a 4 only if the charge then succeeds: 1+2 for 5\" becomes 4+2; 1+1 for 7\" stays", () => {
    let { b, ids } = charges(["Vindictors", "Liberators"], 5, [1, 2]);
    give(b, "Vindictors", "four");
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]);
    ({ b, ids } = charges(["Vindictors", "Liberators"], 7, [1, 1]));
    give(b, "Vindictors", "four");
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([false, 0]);
  });

  it("[AB:BSData/Inspiring] [AB:BSData/Eager] [AB:BSData/Bellow] [AB:BSData/Sure-footed] the kernel plays the same battles from charge phases, seed for seed", () => {
    const sets: (keyof typeof TEXT)[][] = [["auraReroll"], ["ownReroll"], ["oneDice"], ["four"], ["four", "ownReroll", "oneDice"]];
    for (const [i, texts] of sets.entries())
      for (const gap of [5, 7, 9])
        for (const seed of [1, 2]) {
          const { b } = charges(["Vindictors", "Liberators"], gap, null, seed + 10 * i);
          give(b, "Vindictors", ...texts);
          b.data.log = null;
          const s = new PitchedBattleState(b);
          expect(rolloutWasm(core, s, seed + 10 * i), `${texts.join(", ")}, gap ${gap}, seed ${seed}`).toEqual(rolloutTs(s, seed + 10 * i));
        }
  });
});

describe("[AB:BSData/Keep Pace] friendly units wholly within 12\" can charge after a run", () => {
  it("[AB:BSData/Keep Pace] Liberators that ran are offered a charge wholly within 12\" of the Vindictors, not beyond; the kernel plays the same battles", () => {
    const offered = (x: number) => {
      const { b, ids } = battleAt("savage-gains", [{ warscroll: "Vindictors", owner: 0, x: 10, y: 10 }, { warscroll: "Liberators", owner: 0, x, y: 10 }, { warscroll: "Liberators", owner: 1, x, y: 20 }], { seed: 1, step: { kind: "charge", player: 0 } });
      give(b, "Vindictors", "keepPace");
      Object.assign(b.unit(ids[1]!), { ran: true, moved: true });
      return labels(b).filter((l) => l.startsWith("Liberators charges"));
    };
    expect(offered(18)).toEqual(["Liberators charges Liberators"]);
    expect(offered(40)).toEqual([]);
    for (const seed of [1, 2, 3, 4]) {
      const { b } = battleAt(
        "savage-gains",
        [
          { warscroll: "Vindictors", owner: 0, x: 10 + seed, y: 6 },
          { warscroll: "Liberators", owner: 0, x: 16, y: 6 },
          { warscroll: "Liberators", owner: 1, x: 20 + seed, y: 38 },
        ],
        { seed, step: { kind: "movement", player: 0 } },
      );
      b.data.terrain = [];
      give(b, "Vindictors", "keepPace");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("[AB:BSData/Scouts] a normal move at the end of deployment", () => {
  it("[AB:BSData/Scouts] toward the nearest objective not held, its Move (5\"): (30, 4) to (30, 9), 3\" short of the south border's (30, 12); one on an objective stays", () => {
    const { b, ids } = at([{ warscroll: "Vindictors", owner: 0, x: 30, y: 4 }, { warscroll: "Vindictors", owner: 0, x: 14, y: 20 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], "deploy");
    give(b, "Vindictors", "scouts");
    useDeploymentMoves(b);
    expect([b.unit(ids[0]!).x, b.unit(ids[0]!).y]).toEqual([30, 9]);
    expect([b.unit(ids[1]!).x, b.unit(ids[1]!).y]).toEqual([14, 20]); // contesting the west objective: it holds
    expect(b.unit(ids[0]!).moved).toBe(false);
  });

  it("[AB:BSData/Drill] 'Pick this unit and up to 2 friendly Liberators units wholly within 12\"': the unit and the first 2 Liberators by id that would move; Once Per Battle (Army): the second Vindictors' is not used", () => {
    const { b, ids } = at(
      [
        { warscroll: "Vindictors", owner: 0, x: 30, y: 4 },
        { warscroll: "Liberators", owner: 0, x: 24, y: 4 },
        { warscroll: "Liberators", owner: 0, x: 36, y: 4 },
        { warscroll: "Liberators", owner: 0, x: 38, y: 8 },
        { warscroll: "Liberators", owner: 0, x: 58, y: 4 },
        { warscroll: "Vindictors", owner: 0, x: 58, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
      ],
      "deploy",
    );
    give(b, "Vindictors", "drill");
    const y0 = ids.map((id) => b.unit(id).y);
    useDeploymentMoves(b);
    const movedUnits = ids.filter((id, i) => b.unit(id).y !== y0[i] || b.unit(id).x !== [30, 24, 36, 38, 58, 58, 30][i]);
    // The Vindictors at (30, 4), the Liberators at (24, 4) and (36, 4); not the third (38, 8) nor the far ones.
    expect(movedUnits).toEqual([ids[0], ids[1], ids[2]]);
  });

  it("[AB:BSData/Scouts] the end of deployment (setup.ts afterDeployment, which the kernel's set-up template calls too) makes the move", () => {
    const { b } = at([{ warscroll: "Vindictors", owner: 0, x: 30, y: 4 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], "deploy");
    give(b, "Vindictors", "scouts");
    // The deployment's end (setup.ts afterDeployment) moves them before control is determined.
    const before = b.unit(0).y;
    afterDeployment(b);
    expect(b.unit(0).y).toBeGreaterThan(before);
  });
});

describe("[AB:Chainrasps/Chilling Horde] up to 3 Chainrasps units move 6\" at the end of deployment", () => {
  it("[AB:Chainrasps/Chilling Horde] the first 3 by id that would move, 6\" along a normal move's line toward the objective each advances on; one holding an objective stays", () => {
    const { b, ids } = at(
      [
        { warscroll: "Chainrasps", owner: 0, x: 30, y: 4 },
        { warscroll: "Chainrasps", owner: 0, x: 14, y: 22 },
        { warscroll: "Chainrasps", owner: 0, x: 50, y: 4 },
        { warscroll: "Chainrasps", owner: 0, x: 6, y: 4 },
        { warscroll: "Chainrasps", owner: 0, x: 58, y: 14 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
      ],
      "deploy",
    );
    useDeploymentMoves(b);
    const where = ids.map((id) => [Number(b.unit(id).x.toFixed(3)), Number(b.unit(id).y.toFixed(3))]);
    // (30, 4) toward the south border's (30, 12): 6" north. The second contests the west objective (14, 22): it holds.
    // (50, 4) toward the east objective (46, 22), 18.44" away: + 6 x (-4, 18) / 18.44 = (48.698, 9.857). (6, 4)
    // toward the west (14, 22), 19.70" away: + 6 x (8, 18) / 19.70 = (8.437, 9.483). The fifth would move too, but
    // the pick is of 3, and every Chainrasps unit has the ability but Once Per Battle (Army) makes only the first one's.
    expect(where).toEqual([[30, 10], [14, 22], [48.698, 9.857], [8.437, 9.483], [58, 14], [30, 40]]);
    expect(b.data.log!.filter((l) => l.includes("Chilling Horde"))).toEqual([
      'Chainrasps moves 6.0" at deployment (Chilling Horde) to (30.0, 10.0).',
      'Chainrasps 3 moves 6.0" at deployment (Chilling Horde) to (48.7, 9.9).',
      'Chainrasps 4 moves 6.0" at deployment (Chilling Horde) to (8.4, 9.5).',
    ]);
  });
});

describe("set-ups in the kernel", () => {
  const cases: [string, (keyof typeof TEXT)[], boolean][] = [
    ["Blink", ["blink"], false],
    ["Shadow Step", ["shadowStep"], false],
    ["Secret Tunnel", ["tunnel", "outOfTunnel"], true],
    ["Ambush", ["ambush", "springAmbush"], true],
  ];
  for (const [what, texts, reserve] of cases) {
    it(`[AB:BSData/${what}] battles from a set-up position are identical, seed for seed`, () => {
      let used = 0;
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = at(
          [
            { warscroll: "Vindictors", owner: 0, x: 6 + seed, y: 4 },
            { warscroll: "Liberators", owner: 0, x: 40, y: 6 },
            { warscroll: "Liberators", owner: 1, x: 20 + seed, y: 38 },
            { warscroll: "Vindictors", owner: 1, x: 50, y: 40 - seed },
          ],
          "movement",
          seed,
        );
        give(b, "Vindictors", ...texts);
        if (reserve) {
          Object.assign(b.unit(ids[0]!), { status: "reserve", reserve: "t-vindictors" });
          Object.assign(b.unit(ids[3]!), { status: "reserve", reserve: "t-vindictors" });
        }
        b.data.log = null;
        if (seed % 3 === 0) b.data.terrain = [{ x: 20, y: 14, radius: 2, height: 4 }];
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
        const played = s.clone();
        played.reseed(seed);
        playPolicy(played);
        if (!reserve) used += played.data.abilityUses.filter((u) => u.ability === "r-vindictors").length;
        // Arrived: on the battlefield, or destroyed there (not at the start of round 4 in reserve: turn -1).
        else used += played.data.units.filter((u, i) => (i === ids[0] || i === ids[3]) && (u.status === "deployed" || (!!u.destroyedBy && u.destroyedBy.turn !== -1))).length;
      }
      // The abilities are used in these battles (a redeployment, an arrival).
      expect(used).toBeGreaterThan(0);
    });
  }
});

describe("an imported army with set-up and charge abilities in play", () => {
  const vindictors = bundledLibrary().warscrolls.find((w) => w.name === "Vindictors")!;
  const texts = (ks: (keyof typeof TEXT)[]) => ks.map((k) => ({ name: TEXT[k].name, timing: TEXT[k].timing, effect: TEXT[k].effect }));
  // Not Battleline (the policy keeps such a unit in reserve) and not STORMCAST ETERNALS (the bundled Celestial Realm
  // would be offered first): the translated reserve is the one it takes.
  const imported: Warscroll = {
    ...vindictors,
    name: "Vindictors (BSData)",
    keywords: vindictors.keywords.filter((k) => k !== "STORMCAST ETERNALS"),
    battlefieldRoles: [],
    abilities: texts(["tunnel", "outOfTunnel", "blink", "scouts", "auraReroll"]),
  };
  const rosters: [Roster, Roster] = [
    rosterSchema.parse({ name: "Hammers", faction: "Stormcast Eternals", pointsLimit: 1000, general: "Lord-Imperatant", grandStrategy: "Hold the Line", units: [{ warscroll: "Lord-Imperatant" }, { warscroll: "Vindictors (BSData)", models: 5 }, { id: "Vindictors 2", warscroll: "Vindictors (BSData)", models: 5 }, { warscroll: "Liberators", models: 5 }] }),
    rosterSchema.parse({ name: "Grief", faction: "Nighthaunt", pointsLimit: 1000, general: "Chainrasps", grandStrategy: "Hold the Line", units: [{ warscroll: "Chainrasps", models: 10 }, { id: "Chainrasps 2", warscroll: "Chainrasps", models: 10 }] }),
  ];

  it("[AB:BSData/Secret Tunnel] [AB:BSData/Blink] [AB:BSData/Scouts] [AB:BSData/Inspiring] the translated abilities are the units' played abilities, the policy's set-up keeps one in a secret tunnel, and whole battles are identical in both engines", () => {
    const library = mergeLibraries("test", bundledLibrary(), { source: "imported", warscrolls: [imported] });
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters, battleplan: "savage-gains", library }, 11));
    expect(s.data.profiles[1]!.abilities!.map((a) => a.name)).toEqual(["Secret Tunnel", "Out of the Tunnel", "Blink", "Scouts", "Inspiring"]);
    expect(s.data.units.filter((u) => u.status === "reserve").map((u) => u.reserve)).toEqual(["t-vindictors-bsdata"]);
    const seeds = [1, 2, 3, 4, 5, 6];
    expect(seeds.map((seed) => rolloutWasm(core, s, seed))).toEqual(seeds.map((seed) => rolloutTs(s, seed)));
  });
});

describe("[AB:Nighthaunt battle traits/Ethereal Translocation] a command: a NIGHTHAUNT unit not in combat set up again more than 9\" from all enemy units", () => {
  it("[AB:Nighthaunt battle traits/Ethereal Translocation] offered to each NIGHTHAUNT unit with an issuer for 1 command point; the policy takes the south border (30, 12); the point is spent and the command used for the phase, once per turn", () => {
    const { b, ids } = at([
      { warscroll: "Guardian of Souls", owner: 0, x: 10, y: 4 },
      { warscroll: "Spirit Hosts", owner: 0, x: 50, y: 4 },
      { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
    ]);
    const [gos, hosts] = ids as [number, number, number];
    b.data.commandPoints = [2, 0];
    // The Spirit Hosts (no HERO, CHAMPION or general; the Guardian is 40" away) have no issuer: the Guardian only.
    const offered = labels(b).filter((l) => l.includes("Ethereal Translocation"));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((l) => l.startsWith("Guardian of Souls is set up again (Ethereal Translocation) near "))).toBe(true);
    expect(offered[0]).toBe("Guardian of Souls is set up again (Ethereal Translocation) near objective south-border at (30.0, 12.0)");
    b.choiceCache = null;
    choices(b)[policyAction(b)]!.apply(b);
    expect(b.unit(gos)).toMatchObject({ x: 30, y: 12, moved: true });
    expect([b.data.commandPoints[0], b.data.commandsUsed[0], b.data.abilityUses.at(-1)]).toEqual([1, ["r-ethereal-translocation"], { ability: "r-ethereal-translocation", player: 0, round: 1, turn: 0 }]);
    // Once per turn (and the command once per phase): the Spirit Hosts, with the Guardian now 20" away, still not.
    expect(labels(b).some((l) => l.includes("Ethereal Translocation"))).toBe(false);
    expect(b.unit(hosts).moved).toBe(false);
    // Without a command point: not offered.
    const poor = at([{ warscroll: "Guardian of Souls", owner: 0, x: 10, y: 4 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    poor.b.data.commandPoints = [0, 0];
    expect(labels(poor.b).some((l) => l.includes("Ethereal Translocation"))).toBe(false);
    // Not to a unit in combat, and not to an army without NIGHTHAUNT units.
    const fighting = at([{ warscroll: "Guardian of Souls", owner: 0, x: 30, y: 30 }, { warscroll: "Liberators", owner: 1, x: 30, y: 33 }]);
    fighting.b.data.commandPoints = [2, 0];
    expect(fighting.b.inCombat(fighting.ids[0]!)).toBe(true);
    expect(labels(fighting.b).some((l) => l.includes("Ethereal Translocation"))).toBe(false);
    const other = at([{ warscroll: "Liberators", owner: 0, x: 10, y: 4 }, { warscroll: "Guardian of Souls", owner: 1, x: 30, y: 40 }]);
    other.b.data.commandPoints = [2, 2];
    expect(labels(other.b).some((l) => l.includes("Ethereal Translocation"))).toBe(false);
  });

  it("[AB:Nighthaunt battle traits/Ethereal Translocation] the kernel plays the same battles from movement phases, seed for seed, and uses it", () => {
    const used = kernelPlaysAndUses("r-ethereal-translocation", (seed) => {
      const { b } = at(
        [
          { warscroll: "Guardian of Souls", owner: 0, x: 8 + seed, y: 4 },
          { warscroll: "Chainrasps", owner: 0, x: 50, y: 6 },
          { warscroll: "Spirit Hosts", owner: 0, x: 40, y: 3 },
          { warscroll: "Liberators", owner: 1, x: 20 + seed, y: 38 },
          { warscroll: "Vindictors", owner: 1, x: 50, y: 40 - seed },
        ],
        "movement",
        seed,
      );
      b.data.commandPoints = [seed % 3, 1];
      return b;
    });
    expect(used).toBeGreaterThan(0);
  });
});

describe("[AB:Crypt Flayers/To Our Liege] not in combat: set up again wholly within 12\" of a friendly FLESH-EATER COURTS HERO and more than 9\" from all enemy units", () => {
  // Crypt Flayers' footprint 2.3188" (3 models on 50mm bases), a Crypt Haunter Courtier's 0.9843": wholly within 12" of
  // the Courtier is a centre within 12 - 2.3188 + 0.9843 = 10.6655" of its centre.
  const flayers = (heroes: { x: number; y: number }[], enemy = { x: 30, y: 40 }) => {
    const { b, ids } = at([{ warscroll: "Crypt Flayers", owner: 0, x: 10, y: 4 }, ...heroes.map((h) => ({ warscroll: "Crypt Haunter Courtier", owner: 0 as const, ...h })), { warscroll: "Liberators", owner: 1, ...enemy }]);
    return { b, ids };
  };

  it("[AB:Crypt Flayers/To Our Liege] the spots near a Courtier at (50, 30): the east objective's centre (46, 22), 8.94\" from it, is one; the policy takes it (0 + Move 6 < 40.2\")", () => {
    const { b, ids } = flayers([{ x: 50, y: 30 }]);
    const offered = labels(b).filter((l) => l.includes("To Our Liege"));
    expect(offered).toContain('Crypt Flayers is set up again (To Our Liege) near objective east wholly within 12" of Crypt Haunter Courtier at (46.0, 22.0)');
    expect(offered.every((l) => l.includes('wholly within 12" of Crypt Haunter Courtier'))).toBe(true);
    b.choiceCache = null;
    choices(b)[policyAction(b)]!.apply(b);
    expect(b.unit(ids[0]!)).toMatchObject({ x: 46, y: 22, moved: true });
    expect(Math.hypot(46 - 50, 22 - 30)).toBeLessThanOrEqual(12 - b.footprint(ids[0]!).radius + b.footprint(ids[1]!).radius);
  });

  it("[AB:Crypt Flayers/To Our Liege] two Courtiers: each one's spots; the objective spot nearest its objective, the first Courtier's on a tie (the south border's centre by the one at (30, 20))", () => {
    const { b, ids } = flayers([{ x: 30, y: 20 }, { x: 50, y: 30 }]);
    const offered = labels(b).filter((l) => l.includes("To Our Liege"));
    expect(offered.filter((l) => l.includes("Courtier 2")).length).toBeGreaterThan(0);
    b.choiceCache = null;
    choices(b)[policyAction(b)]!.apply(b);
    expect(b.unit(ids[0]!)).toMatchObject({ x: 30, y: 12, moved: true });
  });

  it("[AB:Crypt Flayers/To Our Liege] not offered without a friendly FLESH-EATER COURTS HERO, nor to Flayers in combat", () => {
    const alone = at([{ warscroll: "Crypt Flayers", owner: 0, x: 10, y: 4 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    expect(labels(alone.b).some((l) => l.includes("To Our Liege"))).toBe(false);
    const fighting = flayers([{ x: 50, y: 30 }], { x: 10, y: 9 });
    expect(fighting.b.inCombat(fighting.ids[0]!)).toBe(true);
    expect(labels(fighting.b).some((l) => l.includes("To Our Liege"))).toBe(false);
  });

  it("[AB:Crypt Flayers/To Our Liege] the kernel plays the same battles from movement phases, seed for seed, and uses it", () => {
    const used = kernelPlaysAndUses("r-crypt-flayers", (seed) =>
      at(
        [
          { warscroll: "Crypt Flayers", owner: 0, x: 8 + seed, y: 4 },
          { warscroll: "Crypt Haunter Courtier", owner: 0, x: 30 + 2 * seed, y: 18 },
          { warscroll: "Crypt Haunter Courtier", owner: 0, x: 50, y: 30 - seed },
          { warscroll: "Liberators", owner: 1, x: 20 + seed, y: 38 },
          { warscroll: "Vindictors", owner: 1, x: 50, y: 42 - seed },
        ],
        "movement",
        seed,
      ).b,
    );
    expect(used).toBeGreaterThan(0);
  });
});
