/**
 * The kernel's set-up (assembly/battle/setup.ts, assembly/aos_setup.ts; src/aos/rollout/kernel-setup.ts lays
 * out its block) against the TypeScript engine, the authority: for many seeds on every battleplan, both
 * roll-off winners, an army with a unit in reserve (CORE-RESERVES) and unstable terrain (CORE-UNSTABLE) on
 * every battlefield, the battle the kernel sets up is the one `playSetUp(newInitialState(setup, seed))` gives —
 * the same encoding slot for slot (where each unit stands, the terrain, control, round 1's dice), the RNG at
 * the same place after the set-up's dice — and the kernel plays the same battle from it. Set-ups in which
 * units find no room (the 2000-point pair) are the kernel's too: the lost units destroyed in its encoding as
 * in the engine's (kernel-setup.ts losableUnits).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledLibrary, bundledRosters, mergeLibraries, rosterSchema, type Roster, type Warscroll } from "../../src/aos/armies/index.js";
import { type ChunkRequest, playChunk } from "../../analysis/matchup/play.js";
import { addResult, newTally } from "../../analysis/matchup/aggregate.js";
import { battleSeed } from "../../analysis/matchup/job.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { battleplan, BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { encodeBattle, H, RESULT, TERRAIN, U, UNIT } from "../../src/aos/rollout/encode.js";
import { SB, SET_UP_PLAYED, SET_UP_WINNER, setUpBlock, STEP, templateRolloutsWasm } from "../../src/aos/rollout/kernel-setup.js";
import { setUpTemplate } from "../../src/aos/rollout/template.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { noStandRadius } from "../../src/aos/battle/terrain.js";
import type { BattleData } from "../../src/aos/battle/state.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const SEEDS = Number(process.env.TACTICA_KERNEL_SETUP_SEEDS ?? 10);
const rosters = bundledRosters().map((r) => r.roster);
const byName = (name: string) => rosters.find((r) => r.name === name)!;
/** The 1000-point pair (a unit in reserve), and a 2000-point pair too big for some zones (units lost for lack of room). */
const PAIRS: [Roster, Roster][] = [
  [byName("Mortek Shieldwall"), byName("Hammers of the Warrior Chamber")],
  [byName("Stomp of Giants"), byName("Procession of Grief")],
];
const full = (rs: [Roster, Roster], plan: (typeof BATTLEPLAN_IDS)[number], seed: number) => playSetUp(pitchedBattleGame.newInitialState({ rosters: rs, battleplan: plan }, seed));
const lostForRoom = (d: BattleData) => d.units.some((u) => u.status === "destroyed" && u.models === 0 && !u.destroyedBy && !d.manifestations?.units.some((m) => m.unit === u.id));

describe("the kernel's set-up: battles equal to the TypeScript engine's", () => {
  for (const plan of BATTLEPLAN_IDS)
    it(`[PB-ROLLOFF] [PB-TERRAIN] [PB-DEPLOY-ALT] [CORE-UNSTABLE] ${plan}: the same set-up, RNG and battle for ${SEEDS} seeds x ${PAIRS.length} pairs`, () => {
      const winners = new Set<number>();
      let kernel = 0;
      let engine = 0;
      let lostInKernel = 0;
      let reserves = 0;
      let unstable = 0;
      for (const rs of PAIRS) {
        const t = setUpTemplate({ rosters: rs, battleplan: plan })!;
        const b = setUpBlock(t)!;
        expect(b).not.toBeNull();
        const seeds = Array.from({ length: SEEDS }, (_, k) => deriveSeed(91, k));
        const results = templateRolloutsWasm(core, t, seeds)!;
        const records = core.aosSetUpRollouts(b.block, seeds, RESULT);
        seeds.forEach((seed, k) => {
          const fresh = full(rs, plan, seed);
          // The roll-off's winner, as the engine's first draw decides it (planner/agents.ts sampleChance).
          const winner = new Rng(seed).nextFloat() < 0.5 ? 0 : 1;
          expect(records[k * RESULT + SET_UP_WINNER]).toBe(winner);
          winners.add(winner);
          const view = core.aosSetUpState(b.block, seed, b.block.length);
          expect(view[4]).toBe(winner);
          if (records[k * RESULT + SET_UP_PLAYED] === 0) {
            // Left to the engine: only a set-up in which a unit found no room can be (a unit that can use a
            // replacement ability, or one lost before a unit the template sets up in reserve).
            expect(lostForRoom(fresh.data)).toBe(true);
            expect(results[k]).toBeNull();
            engine++;
            return;
          }
          expect(records[k * RESULT + SET_UP_PLAYED]).toBe(1);
          kernel++;
          if (lostForRoom(fresh.data)) lostInKernel++;
          if (fresh.data.units.some((u) => u.status === "reserve")) reserves++;
          if (fresh.data.terrain.some((f) => noStandRadius(f) > 0)) unstable++;
          // The RNG after the set-up's dice (roll-off, terrain, the alpha D3) is where the engine's is.
          expect(Array.from(view.subarray(0, 4))).toEqual(fresh.battle.rng.state());
          // The encoding the kernel plays from, slot for slot, against encodeBattle of the engine's set-up
          // (the encoding has room for every feature: compare the features the dice placed, then the rest).
          const expected = encodeBattle(fresh.data);
          const got = view.subarray(8, 8 + view[8 + H.LENGTH]!);
          expect(got[H.N_TERRAIN]).toBe(fresh.data.terrain.length);
          const ot = got[H.OFF_TERRAIN]!;
          const et = expected[H.OFF_TERRAIN]!;
          expect(Array.from(got.subarray(ot, ot + fresh.data.terrain.length * TERRAIN))).toEqual(Array.from(expected.subarray(et, et + fresh.data.terrain.length * TERRAIN)));
          if (got.length === expected.length) {
            const differ = Array.from(got).flatMap((v, i) => (Object.is(v, expected[i]) ? [] : [i]));
            expect(differ).toEqual([]);
          } else expect(Array.from(got.subarray(0, ot)).every((v, i) => i === H.N_TERRAIN || i === H.LENGTH || i >= H.OFF_TERRAIN ? true : Object.is(v, expected[i]))).toBe(true);
          // The battle: the kernel's record is the battle the engine's set-up leads to (played in the kernel,
          // which plays the TypeScript engine's battle: rollout-differential.test.ts).
          expect(results[k]).toEqual(rolloutWasm(core, fresh, deriveSeed(seed, 1)));
        });
      }
      expect(winners.size).toBe(2);
      expect(kernel).toBeGreaterThan(SEEDS);
      // The 1000-point pair sets a unit up in reserve in every battle (but under No Reserves: Tooth and Nail);
      // unstable terrain stands on every battlefield.
      if (battleplan(plan).noReserves) expect(reserves).toBe(0);
      else expect(reserves).toBeGreaterThanOrEqual(SEEDS);
      expect(unstable).toBe(kernel);
      // The 2000-point pair loses units for lack of room on these plans, and the kernel sets those battles up.
      if (["marking-territory", "power-struggle", "the-vice", "power-in-numbers", "the-veins-of-ghur"].includes(plan)) expect(lostInKernel).toBeGreaterThan(0);
      expect(engine).toBe(0);
    });

  it("[AB:Chainrasps/Chilling Horde] Procession of Grief's Chainrasps move at the end of deployment in the kernel's set-up, where the engine's set-up moves them", () => {
    const rs: [Roster, Roster] = [byName("Procession of Grief"), byName("Stomp of Giants")];
    let moved = 0;
    let compared = 0;
    for (const plan of ["savage-gains", "tooth-and-nail"] as const) {
      const t = setUpTemplate({ rosters: rs, battleplan: plan })!;
      const b = setUpBlock(t)!;
      expect(b).not.toBeNull(); // set up in the kernel, not left to the TypeScript template path
      for (let k = 0; k < 8; k++) {
        const seed = deriveSeed(17, k);
        const logged = playSetUp(pitchedBattleGame.newInitialState({ rosters: rs, battleplan: plan, log: true }, seed));
        const fresh = full(rs, plan, seed);
        const view = core.aosSetUpState(b.block, seed, b.block.length);
        if (view[5] !== 1) continue; // not SET_UP: left to the engine (a unit lost for lack of room)
        const got = view.subarray(8, 8 + view[8 + H.LENGTH]!);
        const expected = encodeBattle(fresh.data);
        const chainrasps = fresh.data.profiles.flatMap((p, id) => (p.warscroll === "Chainrasps" ? [id] : []));
        expect(chainrasps.length).toBe(2);
        const at = (e: ArrayLike<number>, id: number) => [e[e[H.OFF_UNITS]! + id * UNIT + U.X], e[e[H.OFF_UNITS]! + id * UNIT + U.Y]];
        for (const id of chainrasps) expect(at(got, id), `seed ${seed} unit ${id}`).toEqual(at(expected, id));
        compared++;
        moved += logged.data.log!.filter((l) => l.includes("(Chilling Horde)")).length;
      }
    }
    expect(compared).toBeGreaterThan(8);
    expect(moved).toBeGreaterThan(compared); // most set-ups move both units
  });

  it("[PB-DEPLOY-ZONE] the units the kernel may lose for lack of room: no HERO, none that can use a replacement ability, none before a unit set up in reserve", () => {
    // kernel-setup.ts losableUnits: the block's STEP slot 12 per deployment step.
    let losable = 0;
    let heroes = 0;
    for (const rs of PAIRS)
      for (const plan of ["the-vice", "marking-territory"] as const) {
        const t = setUpTemplate({ rosters: rs, battleplan: plan })!;
        const b = setUpBlock(t)!.block;
        for (const w of [0, 1] as const) {
          const off = b[SB.WINNER + w * SB.WINNER_STRIDE + 1]!;
          const n = b[SB.WINNER + w * SB.WINNER_STRIDE + 2]!;
          const steps = Array.from({ length: n }, (_, k) => b.subarray(off + k * STEP, off + (k + 1) * STEP));
          const lastReserve = steps.reduce((at, s, k) => (s[4] ? k : at), -1);
          const pre = t.byWinner[w]!.pre;
          steps.forEach((s, k) => {
            const id = s[1]!;
            const hero = pre.profiles[id]!.keywords.some((x) => x.toUpperCase() === "HERO");
            if (hero) heroes++;
            if (s[12] === 1) {
              losable++;
              expect(hero).toBe(false);
              expect(s[4]).toBe(0);
              expect(k).toBeGreaterThan(lastReserve);
            }
            // The models the kernel writes back for a unit it places: the encoding's own.
            const enc = b[SB.WINNER + w * SB.WINNER_STRIDE]!;
            if (!s[4]) expect(s[9]).toBe(b[enc + b[enc + H.OFF_UNITS]! + id * UNIT + U.MODELS]);
          });
        }
      }
    expect(heroes).toBeGreaterThan(0);
    expect(losable).toBeGreaterThan(0);
  });

  it("[PB-TERRAIN] a battlefield where some features found no place: the kernel sets up those placed, as the engine does", () => {
    // 2000 points, 8 features: on Tooth and Nail and First Blood some battlefields keep fewer (drawTerrain's
    // 200 tries each); seeds 1, 3, 5, 20 among them. The kernel's encoding has room for 8 and holds the count.
    const rs = PAIRS[1]!;
    let fewer = 0;
    for (const plan of ["tooth-and-nail", "first-blood"] as const) {
      const t = setUpTemplate({ rosters: rs, battleplan: plan })!;
      const b = setUpBlock(t)!;
      const seeds = [1, 3, 5, 20, 63, 67, 118];
      const results = templateRolloutsWasm(core, t, seeds)!;
      seeds.forEach((seed, k) => {
        const fresh = full(rs, plan, seed);
        if (fresh.data.terrain.length === 8 || lostForRoom(fresh.data)) return;
        fewer++;
        const view = core.aosSetUpState(b.block, seed, b.block.length);
        const got = view.subarray(8);
        expect(got[H.N_TERRAIN]).toBe(fresh.data.terrain.length);
        const expected = encodeBattle(fresh.data);
        const ot = got[H.OFF_TERRAIN]!;
        const et = expected[H.OFF_TERRAIN]!;
        expect(Array.from(got.subarray(ot, ot + fresh.data.terrain.length * TERRAIN))).toEqual(Array.from(expected.subarray(et, et + fresh.data.terrain.length * TERRAIN)));
        expect(Array.from(view.subarray(0, 4))).toEqual(fresh.battle.rng.state());
        expect(results[k]).toEqual(rolloutWasm(core, fresh, deriveSeed(seed, 1)));
      });
    }
    expect(fewer).toBeGreaterThan(0);
  });

  it("[PB-DEPLOY-ALT] a deployment-phase move (an imported Scouts: a normal move at the end of deployment) keeps the set-up in TypeScript: the kernel's set-up makes no such move, so the matchup's battles are those of the engine", () => {
    const vindictors = bundledLibrary().warscrolls.find((w) => w.name === "Vindictors")!;
    const scouts: Warscroll = {
      ...vindictors,
      name: "Vindictors (BSData)",
      keywords: vindictors.keywords.filter((k) => k !== "STORMCAST ETERNALS"),
      battlefieldRoles: [],
      abilities: [{ name: "Scouts", timing: "Deployment Phase", effect: "This unit can use the 'Normal Move' ability as if it were your movement phase." }],
    };
    const rosters: [Roster, Roster] = [
      rosterSchema.parse({ name: "Hammers", faction: "Stormcast Eternals", pointsLimit: 1000, general: "Lord-Imperatant", grandStrategy: "Hold the Line", units: [{ warscroll: "Lord-Imperatant" }, { warscroll: "Vindictors (BSData)", models: 5 }, { warscroll: "Liberators", models: 5 }] }),
      rosterSchema.parse({ name: "Grief", faction: "Nighthaunt", pointsLimit: 1000, general: "Chainrasps", grandStrategy: "Hold the Line", units: [{ warscroll: "Chainrasps", models: 10 }, { id: "Chainrasps 2", warscroll: "Chainrasps", models: 10 }] }),
    ];
    const library = mergeLibraries("test", bundledLibrary(), { source: "imported", warscrolls: [scouts] });
    expect(setUpBlock(setUpTemplate({ rosters, battleplan: "savage-gains", library })!)).toBeNull();
    // The matchup's chunk (template set-up in TypeScript, the battle in the kernel) against set-ups played in full.
    const req = { a: rosters[0], b: rosters[1], seed: 5, engine: "wasm" as const, library } as unknown as ChunkRequest; // the matchup request's library is its parsed JSON form
    const tally = playChunk(req, { plan: "savage-gains", planIndex: 0, from: 0, to: 8 }, core);
    const expected = newTally();
    for (let g = 0; g < 8; g++) {
      const seed = battleSeed(5, "savage-gains", g);
      addResult(expected, rolloutTs(playSetUp(pitchedBattleGame.newInitialState({ rosters, battleplan: "savage-gains", library }, seed)), deriveSeed(seed, 1)));
    }
    expect(tally).toEqual(expected);
  });
});
