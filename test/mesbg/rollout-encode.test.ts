/**
 * The flat state the Wasm rollout kernel reads (src/mesbg/encode.ts): its layout is the kernel's
 * (assembly/mesbg_rollout/layout.ts repeats the numbers; this test reads that file and compares), every
 * decision point it supports — as reached in play — gives the engine's game seed for seed, and anything
 * else is refused with a message that says why.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { CHANCE } from "../../src/planner/game.js";
import * as E from "../../src/mesbg/encode.js";
import type { MesbgState } from "../../src/mesbg/index.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { deployedGame, playTs, rolloutResult, rolloutTs } from "../../src/mesbg/rollout.js";
import { rolloutWasm, rolloutWasmMany } from "../../src/mesbg/rolloutWasm.js";

const force = (f: string) => JSON.parse(readFileSync(`data/mesbg/${f}.json`, "utf8"));
let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/** `export const NAME: i32 = 12;` lines of the kernel's layout file. */
function kernelConstants(): Map<string, number> {
  const text = readFileSync("assembly/mesbg_rollout/layout.ts", "utf8");
  return new Map([...text.matchAll(/export const (\w+): i32 = (-?\d+);/g)].map((m) => [m[1]!, Number(m[2])]));
}
const snake = (camel: string) => camel.replace(/([A-Z])/g, "_$1").toUpperCase();

describe("the layout", () => {
  it("is the same in src/mesbg/encode.ts and assembly/mesbg_rollout/layout.ts, field by field", () => {
    const k = kernelConstants();
    for (const name of ["FORMAT_VERSION", "HEADER_SIZE", "PROFILE_STRIDE", "MODEL_STRIDE", "COMBAT_STRIDE", "MAX_MODELS"] as const) expect(k.get(name), name).toBe(E[name]);
    const groups: [string, Record<string, number>][] = [["H_", E.H], ["P_", E.P], ["M_", E.M], ["C_", E.C], ["PF_", E.PF], ["MF_", E.MF], ["ENTRY_", E.ENTRY]];
    let checked = 0;
    for (const [prefix, table] of groups) {
      for (const [name, value] of Object.entries(table)) {
        const kname = prefix + (name === name.toUpperCase() ? name : snake(name));
        expect(k.get(kname), kname).toBe(value);
        checked++;
      }
    }
    E.POWER_KINDS.forEach((p, i) => expect(k.get(`POW_${p.toUpperCase().replace(/ /g, "_")}`), p).toBe(i));
    expect(checked).toBeGreaterThan(80);
  });

  it("holds every model's state: positions to the bit, stores, flags and charge targets", () => {
    const s = deployedGame(force("rohan"), force("isengard"), 3);
    const e = E.encodeState(s);
    expect(e.length).toBe(e[E.H.SIZE]);
    const models = E.encodedModels(e);
    s.data.models.forEach((m, i) => {
      expect(models[i]![E.M.X]).toBe(m.x);
      expect(models[i]![E.M.Y]).toBe(m.y);
      expect(models[i]![E.M.WOUNDS]).toBe(m.wounds);
      expect(models[i]![E.M.FLAGS]! & E.MF.alive).toBe(E.MF.alive);
    });
    expect(e[E.H.ENTRY]).toBe(E.ENTRY.priorityRoll);
    expect(e[E.H.TURN]).toBe(1);
  });
});

/** Plays a policy game from `s`, handing every state waiting at a supported decision point to `visit`. */
function visitDecisionPoints(s: MesbgState, seed: number, visit: (s: MesbgState, entry: number) => void): void {
  const rng = new Rng(seed);
  const g = s.clone();
  g.st.rng = new Rng(seed + 1);
  for (let i = 0; i < 100_000 && !g.isTerminal(); i++) {
    let entry = -1;
    try {
      entry = E.encodeState(g)[E.H.ENTRY]!;
    } catch {
      /* not a supported point */
    }
    if (entry >= 0) visit(g, entry);
    const p = g.currentPlayer();
    const acts = g.legalActions();
    g.apply(p === CHANCE ? acts[rng.roll(acts.length) - 1]! : mesbgPolicy.act(g, p, rng));
  }
  visit(g, E.ENTRY.over);
}

describe("every supported decision point, as reached in play", () => {
  it("[ME-TURN] priority roll-offs and choices, Move, Shoot and Fight phases between steps, the end: the kernel plays the engine's game", () => {
    const seen = new Map<number, number>();
    let compared = 0;
    for (const [a, b, seed] of [["minas-tirith", "mordor", 5], ["rohan", "isengard", 6]] as const) {
      visitDecisionPoints(deployedGame(force(a), force(b), seed), seed, (s, entry) => {
        const n = seen.get(entry) ?? 0;
        seen.set(entry, n + 1);
        if (n % 5 !== 0 || n > 10) return; // a sample of each kind: its 1st, 6th and 11th
        expect(rolloutWasm(core, s, 11), `entry ${entry}, turn ${s.data.turn}`).toEqual(rolloutTs(s, 11));
        compared++;
      });
    }
    for (const e of [E.ENTRY.priorityRoll, E.ENTRY.priorityChoose, E.ENTRY.move, E.ENTRY.shoot, E.ENTRY.fight, E.ENTRY.over]) expect(seen.get(e) ?? 0, `entry ${e}`).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(15);
  });

  it("a finished game is encoded as over, and the kernel gives back its result", () => {
    const done = playTs(deployedGame(force("minas-tirith"), force("mordor"), 2), 9);
    expect(done.isTerminal()).toBe(true);
    expect(E.encodeState(done)[E.H.ENTRY]).toBe(E.ENTRY.over);
    expect(rolloutWasm(core, done, 1)).toEqual(rolloutResult(done));
  });
});

describe("refusals", () => {
  it("a state inside an activation is refused, naming where it waits", () => {
    const s = deployedGame(force("minas-tirith"), force("mordor"), 1);
    const rng = new Rng(4);
    while (s.st.top()?.kind !== "activation") {
      const p = s.currentPlayer();
      const acts = s.legalActions();
      s.apply(p === CHANCE ? acts[rng.roll(acts.length) - 1]! : mesbgPolicy.act(s, p, rng));
    }
    expect(() => E.encodeState(s)).toThrow(/the kernel starts only at a priority roll-off, or between activations, shots or combats; this state waits at .*activation:start/);
  });

  it("the kernel refuses a buffer of another layout version", () => {
    const e = E.encodeState(deployedGame(force("rohan"), force("isengard"), 1));
    e[E.H.FORMAT] = 99;
    expect(() => rolloutWasmMany(core, e, [1])).toThrow(/not an encoded MESBG state of this layout version/);
    e[E.H.FORMAT] = E.FORMAT_VERSION;
    e[E.H.MODEL_STRIDE] = 21;
    expect(() => rolloutWasmMany(core, e, [1])).toThrow(/layout version/);
  });
});
