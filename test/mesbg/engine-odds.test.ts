/**
 * The engine's fight resolution against the exact one-on-one odds (`tactica odds mesbg`, src/mesbg/odds):
 * the same fights, played N times each by the engine from seeded positions (the loser backs away straight
 * back, or is trapped against the board edges; Fate is spent whenever offered, as the odds assume), must
 * give every probability within 4 standard errors of the exact value (z = 4, plus 1e-12), for the duel,
 * slaying, and each entry of both wounds-lost distributions.
 */
import { describe, expect, it } from "vitest";
import { deriveSeed } from "../../src/core/rng.js";
import { CHANCE, TERMINAL } from "../../src/planner/game.js";
import { advance } from "../../src/mesbg/engine.js";
import { argA, argB, K, kindOf } from "../../src/mesbg/actions.js";
import { positionState } from "../../src/mesbg/position.js";
import { mesbgOddsExact } from "../../src/mesbg/odds/index.js";
import { proportionTolerance } from "../../src/core/montecarlo.js";
import { R25, TOUCH, orc, warrior } from "../support/mesbg.js";

type Obj = Record<string, unknown>;
const N = 12_000;
const Z = 4;

interface Side {
  fight: number;
  attacks: number;
  strength: number;
  defence: number;
  wounds: number;
  fate?: number;
  twoHanded?: boolean;
  elven?: boolean;
  burly?: boolean;
  shielding?: boolean;
  /** The engine model carries a Staff of Power and an Elven weapon (Gandalf's wargear); twoHanded: it fights with the staff. */
  staff?: boolean;
}

/** The engine profile for an odds fighter (Defence given whole: no armour, a shield only if it shields). */
function profile(base: Obj, f: Side): Obj {
  const wargear = f.staff
    ? ["staff of power", "elven weapon"]
    : [f.twoHanded ? "two-handed weapon" : "hand weapon", ...(f.elven ? ["elven weapon"] : []), ...(f.shielding ? ["shield"] : [])];
  const hero = (f.fate ?? 0) > 0;
  return {
    ...base,
    fight: f.fight, attacks: f.attacks, strength: f.strength, defence: f.defence - (f.shielding ? 1 : 0), wounds: f.wounds,
    wargear, specialRules: f.burly ? ["Burly"] : [],
    ...(hero ? { fate: f.fate, might: 0, will: 0, keywords: { ...(base.keywords as Obj), type: ["Infantry", "Hero"] } } : {}),
  };
}

function engineFights(a: Side, b: Side, trapped: boolean, seed: number) {
  const board = trapped ? { w: 2 * TOUCH, h: 1 } : { w: 20, h: 20 };
  const x0 = trapped ? R25 : 10;
  const base = positionState(
    {
      sides: [
        { name: "Good", alignment: "good", profiles: { a: profile(warrior(), a) } },
        { name: "Evil", alignment: "evil", profiles: { b: profile(orc(), b) } },
      ],
      board,
      models: [
        { side: 0, profile: "a", x: x0, y: board.h / 2, name: "A" },
        { side: 1, profile: "b", x: x0 + TOUCH, y: board.h / 2, name: "B" },
      ],
      phase: "fight",
      record: true,
    },
    seed,
    { advance: false },
  );
  const out = { trapped: 0, aWins: 0, aSlays: 0, bSlays: 0, aLost: new Array<number>(a.wounds + 1).fill(0), bLost: new Array<number>(b.wounds + 1).fill(0) };
  for (let i = 0; i < N; i++) {
    const s = base.clone();
    s.reseed(deriveSeed(seed, i));
    advance(s.st);
    while (s.currentPlayer() !== CHANCE && s.currentPlayer() !== TERMINAL) {
      const acts = s.legalActions();
      const shields = (x: number) => (s.data.models[argA(x)]!.side === 0 ? a : b).shielding;
      const me = (x: number) => (s.data.models[argA(x)]!.side === 0 ? a : b);
      const pick =
        acts.find((x) => kindOf(x) === K.FATE) ??
        acts.find((x) => kindOf(x) === K.STANCE && argB(x) === 2 && shields(x)) ??
        acts.find((x) => kindOf(x) === K.STANCE && me(x).staff && argB(x) === (me(x).twoHanded ? 1 : 0)) ??
        acts[0]!;
      s.apply(pick);
    }
    const [ma, mb] = s.data.models;
    if (s.data.events.some((e) => e.includes("Good wins the duel"))) out.aWins++;
    if (s.data.events.some((e) => e.includes("cannot back away: trapped"))) out.trapped++;
    out.aLost[a.wounds - ma!.wounds]!++;
    out.bLost[b.wounds - mb!.wounds]!++;
    if (!mb!.alive) out.aSlays++;
    if (!ma!.alive) out.bSlays++;
  }
  return out;
}

const FIGHTS: { name: string; a: Side; b: Side; trapped?: boolean }[] = [
  { name: "warrior against orc: equal Fight Values, the drawn-combat roll", a: { fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1 }, b: { fight: 3, attacks: 1, strength: 3, defence: 4, wounds: 1 } },
  { name: "captains: 2 Attacks and 2 Wounds each, Fate 1 for Good", a: { fight: 5, attacks: 2, strength: 4, defence: 6, wounds: 2, fate: 1 }, b: { fight: 4, attacks: 2, strength: 4, defence: 5, wounds: 2 } },
  { name: "two-handed Burly troll against an Elven-armed hero with Fate 2", a: { fight: 5, attacks: 1, strength: 4, defence: 5, wounds: 2, fate: 2, elven: true }, b: { fight: 5, attacks: 3, strength: 6, defence: 6, wounds: 3, twoHanded: true, burly: true } },
  { name: "two-handed warrior against a shielding orc, Evil elven", a: { fight: 4, attacks: 1, strength: 4, defence: 4, wounds: 1, twoHanded: true }, b: { fight: 3, attacks: 1, strength: 3, defence: 6, wounds: 1, shielding: true, elven: true } },
  // ME-ELVEN: the odds' elven means "using an Elven weapon"; the engine's staff-and-Elven-weapon model using its staff two-handed is not.
  { name: "a wizard with a Staff and an Elven weapon fighting two-handed: no Elven bonus", a: { fight: 3, attacks: 1, strength: 4, defence: 5, wounds: 2, fate: 1, twoHanded: true, staff: true }, b: { fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1 } },
  { name: "the same wizard fighting one-handed with its Elven weapon", a: { fight: 3, attacks: 1, strength: 4, defence: 5, wounds: 2, fate: 1, elven: true, staff: true }, b: { fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1 } },
  { name: "trapped both ways: every Attack is two strikes", a: { fight: 4, attacks: 2, strength: 4, defence: 5, wounds: 2, fate: 1 }, b: { fight: 4, attacks: 3, strength: 3, defence: 5, wounds: 3 }, trapped: true },
];

describe("engine fights against the exact odds", () => {
  for (const [k, f] of FIGHTS.entries()) {
    it(`[ME-DUEL] [ME-STRIKES] [ME-FATE]${f.a.staff ? " [ME-ELVEN]" : ""} ${f.name}: ${N} seeded engine fights agree with the exact odds (z = ${Z})`, () => {
      const side = (s: Side, good: boolean) => ({ side: good ? "good" : "evil", fight: s.fight, attacks: s.attacks, strength: s.strength, defence: s.defence, wounds: s.wounds, fate: s.fate ?? 0, twoHanded: !!s.twoHanded, elven: !!s.elven, burly: !!s.burly, shielding: !!s.shielding });
      const exact = mesbgOddsExact({ a: side(f.a, true), b: side(f.b, false), trapped: !!f.trapped });
      const got = engineFights(f.a, f.b, !!f.trapped, 1000 + k);
      expect(got.trapped).toBe(f.trapped ? N : 0);
      const near = (p: number, count: number, what: string) => expect(Math.abs(count / N - p), `${what}: engine ${count / N} vs exact ${p}`).toBeLessThanOrEqual(proportionTolerance(p, N, Z));
      near(exact.aWinsDuel, got.aWins, "a wins the duel");
      near(exact.aSlaysB, got.aSlays, "a slays b");
      near(exact.bSlaysA, got.bSlays, "b slays a");
      exact.aWoundsLost.forEach((p, w) => near(p, got.aLost[w]!, `a loses ${w} wounds`));
      exact.bWoundsLost.forEach((p, w) => near(p, got.bLost[w]!, `b loses ${w} wounds`));
    });
  }
});
