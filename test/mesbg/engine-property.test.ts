/**
 * The shared random-playout checker (test/support/random-sim.ts) over MESBG: every legal action applies,
 * clone and JSON round-trips continue identically, chance outcomes sum to 1, every game ends. MESBG's own
 * invariants after every step: no model ends its move inside an enemy's control zone without being engaged
 * (unless it started there and got no closer); wounds, Might, Will and Fate never go negative; spent points
 * are never regained except a Will point for a natural 6 on a resist die; wounds never come back.
 * Also: the same seed and the same actions replay the same game byte for byte.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { playOut, randomAgent, type Agent } from "../../src/planner/agents.js";
import { CHANCE } from "../../src/planner/game.js";
import { type MesbgOptions, mesbgGame, type MesbgState, zoneViolation } from "../../src/mesbg/index.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { randomSimTest } from "../support/random-sim.js";

const force = (f: string) => JSON.parse(readFileSync(`data/mesbg/${f}.json`, "utf8"));
const PAIRS = [
  [force("minas-tirith"), force("mordor")],
  [force("rohan"), force("isengard")],
  [force("mordor"), force("rohan")],
];

function invariants() {
  let prev: { wounds: number; might: number; will: number; fate: number }[] | null = null;
  let lastMove = "";
  let seen = 0;
  return (s: MesbgState) => {
    const d = s.data;
    for (const m of d.models) {
      expect(m.wounds >= 0 && m.might >= 0 && m.will >= 0 && m.fate >= 0, `${m.name} has a negative store`).toBe(true);
      if (!m.alive) expect(m.wounds).toBe(0);
    }
    const lm = JSON.stringify(d.lastMove);
    if (lm !== lastMove) {
      lastMove = lm;
      const v = zoneViolation(s.st);
      expect(v, v ?? "").toBeNull();
    }
    const fresh = d.events.slice(seen).join("\n");
    seen = d.events.length;
    if (prev && prev.length === d.models.length) {
      const refunds = [...fresh.matchAll(/^ {2}(.+) resists with .*\(a 6 gives back (\d+) Will\)\.$/gm)];
      d.models.forEach((m, i) => {
        const p = prev![i]!;
        expect(m.wounds, `${m.name} regained a wound`).toBeLessThanOrEqual(p.wounds);
        expect(m.might, `${m.name} regained Might`).toBeLessThanOrEqual(p.might);
        expect(m.fate, `${m.name} regained Fate`).toBeLessThanOrEqual(p.fate);
        const back = refunds.filter((r) => r[1] === m.name).reduce((n, r) => n + Number(r[2]), 0);
        expect(m.will - p.will, `${m.name} regained Will without a natural 6`).toBeLessThanOrEqual(back);
      });
    }
    prev = d.models.map((m) => ({ wounds: m.wounds, might: m.might, will: m.will, fate: m.fate }));
  };
}

describe("MESBG random playouts", () => {
  it("[ME-FORCES-CLASH] random games of every bundled pairing: legal actions apply, round-trips hold, invariants hold, every game ends", () => {
    let check = invariants();
    const r = randomSimTest<MesbgState, MesbgOptions>({
      game: mesbgGame,
      options: (_rng, i) => {
        check = invariants();
        const [a, b] = PAIRS[i % PAIRS.length]!;
        return { a, b, record: true, maxTurns: 12 };
      },
      games: 6,
      seed: 20261130,
      maxSteps: 20_000,
      roundTripEvery: 97,
      check: (s) => check(s),
      checkTerminal: (s) => {
        expect(s.data.result).not.toBeNull();
        const ret = s.returns();
        expect(ret[0]! + ret[1]!).toBeCloseTo(0, 12);
      },
    });
    expect(r.terminals).toBe(6);
    expect(r.steps).toBeGreaterThan(3000);
  });

  it("[ME-FORCES-CLASH] the scripted policy plays whole games under the same invariants, and beats a random player", () => {
    let wins = 0;
    for (let g = 0; g < 3; g++) {
      const s = mesbgGame.newInitialState({ a: PAIRS[0]![0], b: PAIRS[0]![1], record: true }, 500 + g);
      const check = invariants();
      const agents: Agent<MesbgState>[] = g % 2 === 0 ? [mesbgPolicy, randomAgent as Agent<MesbgState>] : [randomAgent as Agent<MesbgState>, mesbgPolicy];
      const rng = new Rng(900 + g);
      for (let i = 0; !s.isTerminal(); i++) {
        expect(i).toBeLessThan(20_000);
        const p = s.currentPlayer();
        const acts = s.legalActions();
        s.apply(p === CHANCE ? acts[rng.roll(acts.length) - 1]! : agents[p]!.act(s, p, rng));
        check(s);
      }
      const mine = g % 2 === 0 ? 0 : 1;
      if (s.returns()[mine]! > 0) wins++;
    }
    expect(wins).toBe(3);
  });

  it("[ME-TURN] determinism: the same seed and the same actions give the same game, byte for byte", () => {
    const play = () => {
      const s = mesbgGame.newInitialState({ a: PAIRS[1]![0], b: PAIRS[1]![1], record: true, maxTurns: 6 }, 77);
      const steps = playOut(s, [mesbgPolicy, randomAgent as Agent<MesbgState>], new Rng(78));
      return { s, steps };
    };
    const one = play();
    const two = play();
    expect(JSON.stringify(two.s.toJSON())).toBe(JSON.stringify(one.s.toJSON()));
    // Replaying the recorded actions on a fresh game with the same seed gives the same final state.
    const replay = mesbgGame.newInitialState({ a: PAIRS[1]![0], b: PAIRS[1]![1], record: true, maxTurns: 6 }, 77);
    for (const st of one.steps) replay.apply(st.action);
    expect(JSON.stringify(replay.toJSON())).toBe(JSON.stringify(one.s.toJSON()));
    // A different seed gives a different game.
    const other = mesbgGame.newInitialState({ a: PAIRS[1]![0], b: PAIRS[1]![1], record: true, maxTurns: 6 }, 79);
    playOut(other, [mesbgPolicy, randomAgent as Agent<MesbgState>], new Rng(78));
    expect(JSON.stringify(other.toJSON())).not.toBe(JSON.stringify(one.s.toJSON()));
  });
});
