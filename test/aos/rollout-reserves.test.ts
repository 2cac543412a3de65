/**
 * Reserves (CORE-RESERVES), replacement units (CORE-REPLACEMENT) and Fatigued Warriors (PB-BP-09) in the Wasm
 * rollout kernel (assembly/battle/reserves.ts) against the TypeScript engine: from positions with units in
 * reserve, destroyed units an ability can replace, replacements already set up, both engines play the
 * identical battle, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { encodeBattle, H, MAX_UNITS, U, UF, UNIT, US } from "../../src/aos/rollout/encode.js";
import { isSetUp, playPolicy, playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { rolloutWasmOrTs } from "../../src/aos/rollout/wasm.js";
import { InputError } from "../../src/core/errors.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { CHANCE } from "../../src/planner/game.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const rosters = bundledRosters().map((r) => r.roster);
const byName = (name: string) => rosters.find((r) => r.name === name)!;

function same(s: PitchedBattleState, seeds: number[], what: string): void {
  for (const seed of seeds) expect(rolloutWasm(core, s, seed), `${what}, seed ${seed}`).toEqual(rolloutTs(s, seed));
}

/** Random actions (chance nodes included) while `more` holds. */
function playRandom(s: PitchedBattleState, rng: Rng, more: (s: PitchedBattleState) => boolean): void {
  for (let k = 0; k < 100_000 && !s.isTerminal() && more(s); k++) {
    const acts = s.currentPlayer() === CHANCE ? [0, 1] : s.legalActions();
    s.apply(acts[rng.roll(acts.length) - 1]!);
  }
}

describe("rollout kernel: reserves and replacement units", () => {
  it("[CORE-RESERVES] [CORE-REPLACEMENT] every pair of bundled armies after the policy's set-up (the Celestial Realm, Heavens-sent, Boneshaper, Summon Loyal Subjects): identical battles", () => {
    let replacements = 0;
    let reserves = 0;
    let k = 0;
    for (const a of rosters)
      for (const b of rosters) {
        const plan = BATTLEPLAN_IDS[k % 12]!;
        const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: plan }, 500 + k));
        reserves += s.data.units.filter((u) => u.status === "reserve").length;
        const seeds = [11 * k + 1, 11 * k + 2];
        same(s, seeds, `${a.name} vs ${b.name} on ${plan}`);
        const end = s.clone();
        end.reseed(seeds[0]!);
        playPolicy(end);
        replacements += end.data.profiles.filter((p) => p.replacementOf !== undefined).length;
        k++;
      }
    expect(k).toBe(36);
    expect(reserves).toBeGreaterThan(5);
    expect(replacements).toBeGreaterThan(20);
  });

  it("[CORE-RESERVES] [CORE-REPLACEMENT] after a random set-up (several units in reserve) and random play, any step: identical battles", () => {
    const rng = new Rng(4242);
    let compared = 0;
    let inReserve = 0;
    for (let g = 0; g < 30; g++) {
      const plan = BATTLEPLAN_IDS[g % 12]!;
      const s = pitchedBattleGame.newInitialState({ rosters: [rosters[rng.roll(rosters.length) - 1]!, rosters[rng.roll(rosters.length) - 1]!], battleplan: plan }, 700 + g);
      playRandom(s, rng, (x) => isSetUp(x.data.step));
      inReserve += s.data.units.filter((u) => u.status === "reserve").length;
      const steps = rng.roll(150) - 1;
      let n = 0;
      playRandom(s, rng, () => n++ < steps);
      if (s.isTerminal()) continue;
      same(s, [rng.nextU32(), rng.nextU32()], `${plan} from ${s.data.step.kind}, round ${s.data.round}`);
      compared += 2;
    }
    expect(inReserve).toBeGreaterThan(3);
    expect(compared).toBeGreaterThan(40);
  });

  it("[CORE-RESERVES] a unit still in reserve late in round 3 is destroyed at the start of round 4 in both engines", () => {
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [byName("Hammers of the Warrior Chamber"), byName("Mortek Shieldwall")], battleplan: "savage-gains" }, 21));
    playPolicy(s, (x) => !(x.data.round === 3 && x.data.turn === 1 && x.data.step.kind === "shooting"));
    // Put a Stormcast unit on the battlefield back in reserve (as if it had never arrived).
    const id = s.data.units.findIndex((u, i) => u.status === "deployed" && s.data.profiles[i]!.keywords.includes("STORMCAST ETERNALS") && !s.data.profiles[i]!.isGeneral);
    expect(id).toBeGreaterThanOrEqual(0);
    Object.assign(s.data.units[id]!, { status: "reserve", reserve: "celestial-realm" });
    s.battle.choiceCache = null;
    const f = encodeBattle(s.data);
    const o = f[H.OFF_UNITS]! + id * UNIT;
    expect([f[o + U.STATUS], f[o + U.RESERVE]]).toEqual([3, 0]);
    same(s, [1, 2, 3, 4, 5, 6], "a unit in reserve in round 3");
    const end = s.clone();
    end.reseed(1);
    playPolicy(end);
    expect(end.data.units[id]!.destroyedBy).toMatchObject({ round: 4, turn: -1 });
  });

  it("[CORE-RESERVES] Emerge from the Deep (wholly within 9\" of an edge): a Mega-Gargant in reserve arrives the same in both engines", () => {
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [byName("Stomp of Giants"), byName("Mortek Shieldwall")], battleplan: "the-vice" }, 8));
    const g = s.data.units.findIndex((u) => u.status === "deployed" && s.data.profiles[u.id]!.owner === 0);
    Object.assign(s.data.units[g]!, { status: "reserve", reserve: "beneath-the-waves" });
    s.battle.choiceCache = null;
    same(s, [3, 4, 5, 6], "Emerge from the Deep");
    const end = s.clone();
    end.reseed(3);
    playPolicy(end, (x) => x.data.units[g]!.status === "reserve");
    const u = end.data.units[g]!;
    const r = (65 / 25.4) * 1; // one Mega-Gargant on a 130mm base
    expect(Math.min(u.x + r, 60 - u.x + r, u.y + r, 44 - u.y + r)).toBeLessThanOrEqual(9);
  });

  it("[CORE-REPLACEMENT] Supreme Lord of the Undead (hero phase, once per battle, an identical unit wholly within 12\" of its user, not a command): identical battles", () => {
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [byName("Procession of Grief"), byName("Hammers of the Warrior Chamber")], battleplan: "first-blood" }, 5));
    // Lady Olynder stands in for Nagash: the ability reads the warscroll's name.
    const olynder = s.data.profiles.findIndex((p) => p.warscroll.startsWith("Lady Olynder"));
    s.data.profiles[olynder]!.warscroll = "Nagash, Supreme Lord of the Undead";
    const f = encodeBattle(s.data);
    // The 6th ability (2 reserve, 4 replacement), and the 7th: the battle's redeployments come after them, and Lady
    // Olynder, a NIGHTHAUNT unit, may use the Nighthaunt battle trait's Ethereal Translocation (setups.ts).
    expect(f[f[H.OFF_UNITS]! + olynder * UNIT + U.USER_MASK]).toBe((1 << 5) | (1 << 6));
    let used = 0;
    // 24 seeds: with footprints that block moves (CORE-MOVE) and the Liberators' champion on a Warhammer
    // (CORE-CHAMPION) only some battles use it.
    for (let seed = 1; seed <= 24; seed++) {
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const end = s.clone();
      end.reseed(seed);
      playPolicy(end);
      const repl = end.data.profiles.filter((p) => p.replacementOf !== undefined && p.owner === 0);
      used += repl.length;
      for (const p of repl) expect(p.startModels).toBe(end.data.profiles[p.replacementOf!]!.startModels);
    }
    expect(used).toBeGreaterThan(0);
  });

  it("[CORE-REPLACEMENT] a position with replacements already set up and originals replaced encodes them (flags, slots) and plays on identically", () => {
    // Seed 4: a replacement is set up in round 3 (with seed 2 the battle on the 24"-apart territories ends without one).
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [byName("Mortek Shieldwall"), byName("Hammers of the Warrior Chamber")], battleplan: "power-struggle" }, 4));
    playPolicy(s, (x) => x.data.profiles.filter((p) => p.replacementOf !== undefined).length < 1);
    expect(s.isTerminal()).toBe(false);
    const f = encodeBattle(s.data);
    const off = f[H.OFF_UNITS]!;
    const repl = s.data.profiles.findIndex((p) => p.replacementOf !== undefined);
    const original = s.data.profiles[repl]!.replacementOf!;
    expect(f[off + repl * UNIT + U.FLAGS]! & UF.REPLACEMENT).toBe(UF.REPLACEMENT);
    expect(f[off + repl * UNIT + U.FLAGS]! & UF.STARTING_ARMY).toBe(0);
    expect(f[off + repl * UNIT + U.REPLACE_MASK]).toBe(0);
    expect(f[off + original * UNIT + U.STATE]! & US.REPLACED).toBe(US.REPLACED);
    expect(f[off + repl * UNIT + U.ADDED]).toBeGreaterThan(0);
    same(s, [9, 10, 11, 12], "after a replacement");
  });

  it("[CORE-REPLACEMENT] the kernel keeps a unit slot for every replacement still possible: a battle that would need more than MAX_UNITS is refused, and the matchup plays it in TypeScript", () => {
    const fec = byName("The Royal Hunt");
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [fec, fec], battleplan: "savage-gains" }, 1));
    const f = encodeBattle(s.data);
    // 6 SERFS or KNIGHTS units per army (Crypt Horrors, Morbheg Knights, 2 x Crypt Ghouls, Crypt Flayers, Cryptguard).
    expect(f[H.SPARE_UNITS]).toBe(12);
    expect(s.data.units.length + 12).toBeLessThanOrEqual(MAX_UNITS);
    // Crowd the battle: more Crypt Ghouls, each a unit and a slot more, until 22 + c units and 12 + c slots
    // pass MAX_UNITS.
    expect(s.data.units.length).toBe(22);
    const crowded = s.clone();
    const ghouls = crowded.data.profiles.findIndex((p) => p.warscroll === "Crypt Ghouls");
    const c = Math.floor((MAX_UNITS - 34) / 2) + 1;
    for (let i = 0; i < c; i++) {
      const id = crowded.data.units.length;
      // A name of its own, as a roster's units have (a battle tactic picks units by name: PB-BT-04).
      crowded.data.profiles.push({ ...structuredClone(crowded.data.profiles[ghouls]!), name: `Ghouls extra ${i + 1}` });
      crowded.data.units.push({ ...structuredClone(crowded.data.units[ghouls]!), id });
    }
    expect(crowded.data.units.length + 12 + c).toBeGreaterThan(MAX_UNITS);
    expect(crowded.data.units.length).toBeLessThanOrEqual(MAX_UNITS);
    expect(() => encodeBattle(crowded.data)).toThrow(InputError);
    expect(() => encodeBattle(crowded.data)).toThrow(/counting the \d+ replacement units that may still be set up/);
    expect(rolloutWasmOrTs(core, crowded, 5)).toEqual(rolloutTs(crowded, 5));
  });
});
