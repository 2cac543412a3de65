/**
 * Identical single combats (and shots, spells, Terror tests, charges): positions set up for one rule each,
 * played with the same seed by the TypeScript engine (src/mesbg/rollout.ts playTs) and by the Wasm kernel
 * (assembly/mesbg_rollout/, playWasm) with the scripted policy for both sides, to the priority roll-off of
 * turn 2. The two states must be equal number for number (positions to the last bit, wounds, Might, Will,
 * Fate, prone, every flag: encode.ts's layout) and the two random streams must stand at the same place
 * (their next four numbers are equal), for every seed; then the whole game to the end gives the same result.
 * Each scenario also shows that its rule was exercised (some seed wounds, spends Fate, knocks down, ...).
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { encodeState, encodedModels, H, M, MF } from "../../src/mesbg/encode.js";
import { positionState, type MesbgState } from "../../src/mesbg/index.js";
import type { PositionInput } from "../../src/mesbg/position.js";
import { playTs, rolloutTs } from "../../src/mesbg/rollout.js";
import { playWasm, rolloutWasm } from "../../src/mesbg/rolloutWasm.js";
import { cavalry, evilHero, hero, orc, R25, R40, TOUCH, warrior } from "../support/mesbg.js";

type Obj = Record<string, unknown>;
const SEEDS = Number(process.env.MESBG_COMBAT_SEEDS ?? 20);
const data = (f: string) => JSON.parse(readFileSync(`data/mesbg/${f}.json`, "utf8")).profiles as Record<string, Obj>;
const mordor = data("mordor");
const isengard = data("isengard");
const minasTirith = data("minas-tirith");
const rohan = data("rohan");
const R60 = 60 / 25.4 / 2;

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

interface Placed {
  side: 0 | 1;
  profile: string;
  x: number;
  y: number;
  name?: string;
  state?: Obj;
}

function scenario(good: Record<string, Obj>, evil: Record<string, Obj>, models: Placed[], phase: "move" | "shoot" | "fight", extra: Partial<PositionInput> = {}): MesbgState {
  return positionState(
    {
      sides: [
        { name: "Gondor", alignment: "good", profiles: good },
        { name: "Mordor", alignment: "evil", profiles: evil },
      ],
      models,
      phase,
      record: false,
      ...extra,
    } as PositionInput,
    1,
    { advance: false },
  );
}

/** Plays `s` with each seed in both, to turn 2's roll-off; returns the engine's states for coverage checks. */
function sameInBoth(s: MesbgState): Float64Array[] {
  const enc = encodeState(s);
  const finals: Float64Array[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const t = playTs(s, seed, s.data.turn);
    const tsState = encodeState(t);
    const tsNext = [0, 1, 2, 3].map(() => t.st.rng.nextU32());
    const wasmState = playWasm(core, enc, seed, s.data.turn);
    const wasmNext = [0, 1, 2, 3].map(() => core.rngNext());
    expect(Array.from(wasmState), `seed ${seed}: the state after turn ${s.data.turn}`).toEqual(Array.from(tsState));
    expect(wasmNext, `seed ${seed}: the random stream`).toEqual(tsNext);
    expect(rolloutWasm(core, s, seed), `seed ${seed}: the whole game`).toEqual(rolloutTs(s, seed));
    finals.push(tsState);
  }
  return finals;
}

const field = (e: Float64Array, id: number, f: number) => encodedModels(e)[id]![f]!;
const dead = (e: Float64Array, id: number) => (field(e, id, M.FLAGS) & MF.alive) === 0;
const isProne = (e: Float64Array, id: number) => (field(e, id, M.FLAGS) & MF.prone) !== 0;
const some = (es: Float64Array[], f: (e: Float64Array) => boolean) => es.some(f);

describe("identical combats, seed for seed", () => {
  it("[ME-DUEL][ME-STRIKES][ME-BACK-AWAY] one warrior against one orc", () => {
    const s = scenario({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10 },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10 },
    ], "fight");
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 0) || dead(e, 1))).toBe(true);
    expect(some(es, (e) => field(e, 0, M.X) !== 10 || field(e, 1, M.X) !== 10 + TOUCH)).toBe(true); // someone backed away
  });

  it("[ME-MIGHT][ME-FATE] two heroes: Might on the duel and on wounds, Fate on each wound", () => {
    const s = scenario({ h: hero({ fight: 5, attacks: 2, wounds: 2, might: 3, fate: 2 }) }, { e: evilHero({ fight: 5, attacks: 2, wounds: 2, might: 2, fate: 2 }) }, [
      { side: 0, profile: "h", x: 20, y: 20 },
      { side: 1, profile: "e", x: 20 + TOUCH, y: 20 },
    ], "fight");
    const es = sameInBoth(s);
    expect(some(es, (e) => field(e, 0, M.MIGHT) < 3 || field(e, 1, M.MIGHT) < 2)).toBe(true);
    expect(some(es, (e) => field(e, 0, M.FATE) < 2 || field(e, 1, M.FATE) < 2)).toBe(true);
  });

  it("[ME-HAND-AND-A-HALF][ME-SHIELDING][ME-TWO-HANDED] stances against a Burly troll", () => {
    const s = scenario(
      { sw: warrior({ name: "Swordsman", wargear: ["hand-and-a-half weapon"], fight: 4 }), sh: warrior({ name: "Shield", wargear: ["hand weapon", "shield"] }) },
      { troll: mordor.troll! },
      [
        { side: 0, profile: "sw", x: 20, y: 20 },
        { side: 0, profile: "sh", x: 20, y: 20 + 2 * (R25 + R60) + 0.3 },
        { side: 1, profile: "troll", x: 20 + R25 + R60, y: 20 },
      ],
      "fight",
    );
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 0))).toBe(true);
  });

  it("[ME-CAVALRY][ME-LANCE][ME-PRONE] a charging knight: an extra Attack, knocked to the ground, strikes doubled", () => {
    const s = scenario({ k: cavalry({ wargear: ["hand weapon", "lance"] }) }, { o: orc({ wounds: 3 }), p: orc({ name: "Orc 2" }) }, [
      { side: 0, profile: "k", x: 20, y: 20, state: { charged: true, chargedTargets: [1], moved: 8, movedAtAll: true } },
      { side: 1, profile: "o", x: 20 + R40 + R25, y: 20 },
      { side: 1, profile: "p", x: 30, y: 40 },
    ], "fight");
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 1))).toBe(true);
    expect(some(es, (e) => !dead(e, 1) && isProne(e, 1))).toBe(true);
  });

  it("[ME-SPEAR][ME-PIKE] a spear behind the warrior, two pikes behind the orc", () => {
    const s = scenario(
      { a: warrior(), sp: warrior({ name: "Spearman", wargear: ["hand weapon", "spear"] }) },
      { b: orc(), pk: orc({ name: "Pike", wargear: ["hand weapon", "pike"] }) },
      [
        { side: 0, profile: "a", x: 20, y: 20 },
        { side: 0, profile: "sp", x: 20 - TOUCH, y: 20 },
        { side: 1, profile: "b", x: 20 + TOUCH, y: 20 },
        { side: 1, profile: "pk", x: 20 + 2 * TOUCH, y: 20 },
        { side: 1, profile: "pk", x: 20 + 3 * TOUCH, y: 20 },
      ],
      "fight",
    );
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 0) || dead(e, 2))).toBe(true);
  });

  it("[ME-BACK-AWAY] a gap at another angle: each fighter has a friend touching behind it (blocking 86° either side) and slips out at 88°", () => {
    const s = scenario({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 20, y: 20 },
      { side: 1, profile: "b", x: 20 + TOUCH, y: 20 },
      { side: 0, profile: "a", x: 20 - TOUCH, y: 20 },
      { side: 1, profile: "b", x: 20 + 2 * TOUCH, y: 20 },
    ], "fight");
    const es = sameInBoth(s);
    // The loser's step: almost square to the line of the fight (|dy| = sin 88.17° = 0.9995), never trapped.
    const slipped = (e: Float64Array) => [0, 1].some((id) => !dead(e, id) && Math.abs(Math.abs(field(e, id, M.Y) - 20) - Math.sin((88.17 * Math.PI) / 180)) < 1e-3);
    expect(some(es, slipped)).toBe(true);
  });

  it("[ME-BACK-AWAY] between two board edges 0.05\" away: no 15° step fits, the free arc at 87.13°-90° does", () => {
    const s = scenario({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: R25 + 0.05, y: 10 },
      { side: 1, profile: "b", x: R25 + 0.05 + TOUCH, y: 10 },
    ], "fight", { board: { w: 2 * TOUCH + 0.1, h: 20 } });
    const es = sameInBoth(s);
    const t = (Math.acos(0.05) + Math.PI / 2) / 2;
    expect(some(es, (e) => [0, 1].some((id) => !dead(e, id) && Math.abs(Math.abs(field(e, id, M.Y) - 10) - Math.sin(t)) < 1e-9))).toBe(true);
  });

  it("[ME-TRAPPED][ME-PAIR] two ranks in contact: multiple combats, backs blocked, Make Way or trapped", () => {
    const models: Placed[] = [];
    for (let i = 0; i < 4; i++) {
      models.push({ side: 0, profile: "a", x: 20 + i * (TOUCH + 0.001), y: 20 });
      models.push({ side: 0, profile: "a", x: 20 + i * (TOUCH + 0.001), y: 20 - TOUCH - 0.004 });
      models.push({ side: 1, profile: "b", x: 20 + i * (TOUCH + 0.001) + 0.3, y: 20 + Math.sqrt(TOUCH ** 2 - 0.09) });
      models.push({ side: 1, profile: "b", x: R25, y: 2 + i * (TOUCH + 0.01) });
    }
    // one warrior pinned against the west edge by an orc: no room to back away
    models.push({ side: 0, profile: "a", x: R25 + TOUCH, y: 2 });
    const s = scenario({ a: warrior({ attacks: 2 }) }, { b: orc({ attacks: 2 }) }, models, "fight");
    const es = sameInBoth(s);
    expect(some(es, (e) => encodedModels(e).filter((m) => (m[M.FLAGS]! & MF.alive) === 0).length >= 2)).toBe(true);
  });

  it("[ME-STRIKES] a lone hero against two orcs splits its strikes", () => {
    const s = scenario({ h: hero({ attacks: 3, fight: 5, strength: 4 }) }, { o: orc() }, [
      { side: 0, profile: "h", x: 20, y: 20 },
      { side: 1, profile: "o", x: 20 + TOUCH, y: 20 },
      { side: 1, profile: "o", x: 20, y: 20 + TOUCH },
    ], "fight");
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 1) && dead(e, 2))).toBe(true);
  });

  it("[ME-ELVEN] drawn combats with Elven weapons on one side", () => {
    const s = scenario({ el: warrior({ name: "Elf", wargear: ["elven weapon"], fight: 4 }) }, { o: orc({ fight: 4 }) }, [
      { side: 0, profile: "el", x: 20, y: 20 },
      { side: 1, profile: "o", x: 20 + TOUCH, y: 20 },
    ], "fight");
    sameInBoth(s);
  });
});

describe("Elven weapons in use only (ME-ELVEN)", () => {
  it("[ME-ELVEN] a wizard with a Staff and an Elven weapon (two-handed by the policy's choice) and an Elven spear supporter: no Elven bonus for either", () => {
    const wizard = hero({ name: "Wizard", fight: 3, might: 0, fate: 0, wargear: ["staff of power", "elven weapon"] });
    const s = scenario({ wz: wizard, w: warrior({ fight: 3 }), sp: warrior({ name: "Elf spear", wargear: ["spear", "elven weapon"] }) }, { o: orc({ fight: 3 }) }, [
      { side: 0, profile: "wz", x: 20, y: 20 },
      { side: 1, profile: "o", x: 20 + TOUCH, y: 20 },
      { side: 0, profile: "w", x: 30, y: 20 },
      { side: 0, profile: "sp", x: 30 - TOUCH, y: 20 },
      { side: 1, profile: "o", x: 30 + TOUCH, y: 20 },
    ], "fight");
    sameInBoth(s);
  });
});

describe("identical shots, spells, tests and charges, seed for seed", () => {
  it("[ME-SHOOT][ME-BOW][ME-MIGHT] archers and a Hero archer over a screen of their own warriors", () => {
    const models: Placed[] = [{ side: 0, profile: "haldir", x: 24, y: 8 }];
    for (let i = 0; i < 5; i++) models.push({ side: 0, profile: "archer", x: 18 + 3 * i, y: 6 });
    for (let i = 0; i < 4; i++) models.push({ side: 0, profile: "wall", x: 18 + 3.2 * i, y: 10 });
    models.push({ side: 1, profile: "captain", x: 24, y: 28 });
    for (let i = 0; i < 6; i++) models.push({ side: 1, profile: "orc", x: 16 + 3 * i, y: 27 });
    const s = scenario({ haldir: rohan.haldir!, archer: rohan.archer!, wall: minasTirith["warrior-shield"]! }, { captain: mordor["orc-captain"]!, orc: mordor["orc-shield"]! }, models, "shoot");
    const es = sameInBoth(s);
    expect(some(es, (e) => encodedModels(e).some((m, id) => id >= 10 && (m[M.FLAGS]! & MF.alive) === 0))).toBe(true);
  });

  it("[ME-MAGIC][ME-RESIST][ME-POWERS] a Ringwraith (Black Dart, Compel, Transfix) against Gandalf's Will", () => {
    const s = scenario({ gandalf: minasTirith.gandalf!, captain: minasTirith.captain!, w: minasTirith["warrior-shield"]! }, { wraith: mordor.ringwraith!, orc: mordor["orc-shield"]! }, [
      { side: 0, profile: "gandalf", x: 22, y: 20 },
      { side: 0, profile: "captain", x: 26, y: 20 },
      { side: 0, profile: "w", x: 24, y: 19 },
      { side: 1, profile: "wraith", x: 24, y: 30 },
      { side: 1, profile: "orc", x: 22, y: 31 },
      { side: 1, profile: "orc", x: 26, y: 31 },
    ], "move", { priority: 1 });
    const es = sameInBoth(s);
    expect(some(es, (e) => field(e, 0, M.WILL) < 6 || field(e, 3, M.WILL) < 10)).toBe(true);
  });

  it("[ME-POWERS] Saruman (Sorcerous Blast, Compel, Terrifying Aura, Transfix) against Minas Tirith", () => {
    const s = scenario({ captain: minasTirith.captain!, w: minasTirith["warrior-shield"]!, k: minasTirith.knight! }, { saruman: isengard.saruman!, uruk: isengard["uruk-shield"]! }, [
      { side: 0, profile: "captain", x: 24, y: 18 },
      { side: 0, profile: "w", x: 22, y: 18 },
      { side: 0, profile: "k", x: 28, y: 17 },
      { side: 1, profile: "saruman", x: 24, y: 28 },
      { side: 1, profile: "uruk", x: 23, y: 26 },
      { side: 1, profile: "uruk", x: 25, y: 26 },
    ], "move", { priority: 1 });
    const es = sameInBoth(s);
    // Will to spare: a Terrifying Aura first (the staff's free point pays for it)
    expect(some(es, (e) => (field(e, 3, M.FLAGS) & MF.aura) !== 0)).toBe(true);
  });

  it("[ME-POWERS][ME-ACTIVE-PASSIVE] one power each: Compel and Transfix on a Hero, a Sorcerous Blast into a combat", () => {
    const caster = (name: string, power: string, cv: number) =>
      evilHero({ name, will: 4, might: 1, magicalPowers: [{ name: power, range: 12, castingValue: cv }] });
    const s = scenario(
      { h: hero({ will: 1, fate: 0 }), w: warrior() },
      { compel: caster("Compeller", "Compel", 3), transfix: caster("Transfixer", "Transfix", 3), blast: caster("Blaster", "Sorcerous Blast", 3), o: orc() },
      [
        { side: 0, profile: "h", x: 20, y: 20 },
        { side: 0, profile: "w", x: 30, y: 20 },
        { side: 1, profile: "o", x: 30 + TOUCH, y: 20 },
        { side: 1, profile: "o", x: 16, y: 27.5 },
        { side: 1, profile: "compel", x: 18, y: 28 },
        { side: 1, profile: "transfix", x: 22, y: 28 },
        { side: 1, profile: "blast", x: 34, y: 28 },
      ],
      "move",
      { priority: 1 },
    );
    const es = sameInBoth(s);
    // every caster casts in some game (the Transfixer when Compel has not already transfixed the Hero)
    for (const c of [4, 5, 6]) expect(some(es, (e) => field(e, c, M.WILL) < 4)).toBe(true);
    expect(some(es, (e) => isProne(e, 2))).toBe(true); // the blast on the Warrior knocked its whole combat down
  });

  it("[ME-RULES][ME-COURAGE][ME-WILL] Terror: a strong Hero tests to charge a troll and spends Will when it fails; the warriors beside it (too weak to charge it) take no test", () => {
    // The scripted player tests only to charge: the Hero (punch 12 against the troll's 15) would; the
    // warriors (6 against 15, score -6.8 below the -6 floor) would not. No Might, so any Will spent is on the test.
    const s = scenario({ h: hero({ courage: 6, will: 3, might: 0, fight: 5, attacks: 3, strength: 5 }), w: warrior({ courage: 8 }) }, { troll: mordor.troll! }, [
      { side: 0, profile: "h", x: 24, y: 20 },
      { side: 0, profile: "w", x: 22, y: 20 },
      { side: 0, profile: "w", x: 26, y: 20 },
      { side: 1, profile: "troll", x: 24, y: 24 },
    ], "move");
    const es = sameInBoth(s);
    expect(some(es, (e) => field(e, 0, M.WILL) < 3)).toBe(true);
  });

  it("[ME-RULES][ME-WILL][ME-RESIST] Will of Evil Heroes near their last Will point, under a wizard's powers: they resist but keep the last point", () => {
    // The Wraith with 1 Will may not cast and could resist only with its last point (legal, and banishing);
    // the one with 3 Will resists with 2 at most (the scripted player never spends a last point). The wizard
    // has 6 Will (no cap on dice). All move too slowly to reach a fight in turn 1.
    const wraith = evilHero({ name: "Wraith", move: 1, courage: 6, might: 0, fate: 0, specialRules: ["Will of Evil"], magicalPowers: [{ name: "Black Dart", range: 12, castingValue: 5 }] });
    const wizard = hero({ name: "Wizard", move: 2, will: 6, might: 0, fate: 0, magicalPowers: [{ name: "Sorcerous Blast", range: 12, castingValue: 5 }, { name: "Transfix", range: 12, castingValue: 3 }] });
    const s = scenario({ wz: wizard }, { w1: { ...wraith, will: 1 }, w3: { ...wraith, will: 3 } }, [
      { side: 0, profile: "wz", x: 24, y: 10 },
      { side: 1, profile: "w1", x: 22, y: 22 },
      { side: 1, profile: "w3", x: 26, y: 22 },
    ], "move", { priority: 1 });
    const es = sameInBoth(s);
    expect(some(es, (e) => field(e, 0, M.WILL) < 6)).toBe(true); // the wizard cast
    expect(es.every((e) => dead(e, 1) || field(e, 1, M.WILL) === 1)).toBe(true);
    expect(es.every((e) => dead(e, 2) || field(e, 2, M.WILL) >= 1)).toBe(true);
    expect(some(es, (e) => !dead(e, 2) && field(e, 2, M.WILL) < 3)).toBe(true); // it resisted (or cast) in some game
  });

  it("[ME-RULES][ME-WILL] Will of Evil reserve: a Wraith with 8 Will casts with 1 die at most (it keeps 7), the same in both", () => {
    const wraith = evilHero({ name: "Wraith", move: 1, courage: 6, will: 8, might: 0, fate: 0, specialRules: ["Will of Evil"], magicalPowers: [{ name: "Black Dart", range: 12, castingValue: 5 }] });
    const s = scenario({ w: warrior({ move: 1 }) }, { wr: wraith }, [
      { side: 0, profile: "w", x: 24, y: 12 },
      { side: 1, profile: "wr", x: 24, y: 22 },
    ], "move", { priority: 1 });
    const es = sameInBoth(s);
    expect(es.every((e) => field(e, 1, M.WILL) >= 7)).toBe(true);
    expect(some(es, (e) => field(e, 1, M.WILL) === 7)).toBe(true); // it cast (with its one spare point)
  });

  it("[ME-HAND-AND-A-HALF] Gandalf's stance by the exact fight odds, against an Orc and a troll, and a Burly staff-bearer's: the same in both", () => {
    const burly = { ...minasTirith.gandalf!, name: "Burly Wizard", specialRules: ["Burly"] };
    const s = scenario({ g: minasTirith.gandalf!, b: burly }, { orc: mordor["orc-shield"]!, troll: mordor.troll! }, [
      { side: 0, profile: "g", x: 10, y: 10 },
      { side: 1, profile: "orc", x: 10 + TOUCH, y: 10 },
      { side: 0, profile: "b", x: 30, y: 10 },
      { side: 1, profile: "troll", x: 30 + R25 + R60, y: 10 },
    ], "fight");
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 1))).toBe(true);
  });

  it("[ME-THROWING-SPEAR][ME-CHARGE] a throwing spear hurled on the way into a charge", () => {
    const s = scenario({ rw: rohan.warrior!, rider: rohan.rider! }, { orc: mordor["orc-shield"]!, warg: mordor["warg-rider"]! }, [
      { side: 0, profile: "rw", x: 20, y: 20 },
      { side: 0, profile: "rider", x: 28, y: 18 },
      { side: 1, profile: "orc", x: 20, y: 25 },
      { side: 1, profile: "warg", x: 28, y: 27 },
    ], "move");
    const es = sameInBoth(s);
    expect(some(es, (e) => dead(e, 2) || dead(e, 3))).toBe(true);
  });
});

describe("the encoded state", () => {
  it("is the engine's: an unadvanced Fight phase position pairs its combats first (ENTRY.pairThenFight)", () => {
    const s = scenario({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10 },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10 },
    ], "fight");
    expect(encodeState(s)[H.ENTRY]).toBe(7);
  });
});
