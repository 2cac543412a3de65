/**
 * Footprints in the way and lines of sight (src/aos/battle/paths.ts, visibility.ts; the kernel's
 * assembly/battle/paths.ts): hand-made positions with the numbers worked out by hand, each also rolled out
 * to the end in the TypeScript engine and the Wasm kernel, which must play identical battles from it.
 *
 * The units: Knight-Arcanum and Lord-Imperatant are single models on 40mm bases (footprint radius
 * 20/25.4 = 0.7874", Move 5"); two of them touch at 1.5748" between centres. The Celestar Ballista is one
 * model on a 60mm base (1.1811"), its bolts reach 18".
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { fight } from "../../src/aos/battle/combat.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { destination } from "../../src/aos/battle/movement.js";
import { canSetUpAt } from "../../src/aos/battle/reserves.js";
import type { TerrainFeature } from "../../src/aos/battle/state.js";
import { canSee } from "../../src/aos/battle/visibility.js";
import { encodeBattle, RESULT } from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { choices } from "../../src/aos/battle/flow.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, labels, pick, type Placement } from "../support/battle-fixtures.js";
import { TRACE_SLOTS, traceTs } from "../support/rollout-trace.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const R40 = 20 / 25.4;
const R60 = 30 / 25.4; // the Ballista's 60mm base
const TOUCH = 2 * R40; // 1.5748"
const WOODS = (x: number, y: number, radius = 3): TerrainFeature => ({ x, y, radius, kind: "woods", height: 5, tallRadius: radius, abilities: ["Cover"] });
const RUINS = (x: number, y: number): TerrainFeature => ({ x, y, radius: 3, kind: "ruins", height: 3, tallRadius: 1.5, abilities: ["Cover", "Unstable"] });
const HILL = (x: number, y: number): TerrainFeature => ({ x, y, radius: 3, kind: "hill", height: 1, tallRadius: 0, abilities: ["Cover"] });

function at(placements: Placement[], opts: Parameters<typeof battleAt>[2] = {}, terrain: TerrainFeature[] = []): { b: Battle; ids: number[] } {
  const r = battleAt("savage-gains", placements, opts);
  r.b.data.terrain = terrain;
  return r;
}

/**
 * The scripted policy's first decision from this position, played in the engine (its label and the unit's
 * end, for the test to check against its hand-worked numbers) and in the kernel: the kernel's decision trace
 * (assembly/battle/flow.ts traced: the decision, the RNG, a fingerprint of every unit's position and state)
 * is the engine's for that decision and the one after it, so the kernel put the unit at the same spot.
 */
function firstDecision(b: Battle, unit: number, seed = 1): { label: string; x: number; y: number } {
  const s = new PitchedBattleState(b);
  const ts = traceTs(s, seed, 2);
  const { trace } = core.aosRolloutTrace(encodeBattle(s.data), seed, RESULT, 2);
  expect(Array.from(trace.slice(0, 2 * TRACE_SLOTS))).toEqual(ts.flat());
  const c = s.clone();
  c.reseed(seed);
  const label = choices(c.battle)[policyAction(c.battle)]!.label;
  c.apply(policyAction(c.battle));
  return { label, x: c.data.units[unit]!.x, y: c.data.units[unit]!.y };
}

/** The kernel plays the same battles as the engine from this position (every decision, die for die). */
function kernelAgrees(b: Battle): void {
  const s = new PitchedBattleState(b);
  for (const seed of [1, 2, 3, 4]) expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
}

describe("CORE-MOVE, CORE-FLY: footprints stop moves", () => {
  const placements = (fly: boolean): Placement[] => [
    { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20, ...(fly ? { keywords: ["FLY"] } : {}) },
    { warscroll: "Lord-Imperatant", owner: 0, x: 13, y: 20 },
    { warscroll: "Celestar Ballista", owner: 1, x: 40, y: 20 },
  ];

  it("[CORE-MOVE] a friend in the way: a unit cannot pass through it; it goes round, the full 5\" on the line 45 degrees aside", () => {
    // Toward (40, 20): straight, the friend at (13, 20) stops it at x = 13 - 1.5748 = 11.4252 (28.575" from
    // the target). The line 15 degrees aside passes the friend 3 sin 15° = 0.776" from its centre and 30
    // degrees 1.5": both touch it (after 1.53" and 2.12", ending 28.53" and 28.19" away). At 45 degrees it
    // passes 3 sin 45° = 2.121" from it, clear: the full 5" to (10 + 5/√2, 20 + 5/√2) = (13.5355, 23.5355),
    // hypot(26.4645, 3.5355) = 26.699" away; 60 degrees ends 27.84" away. Counter-clockwise is tried first.
    const { b, ids } = at(placements(false));
    pick(b, "Knight-Arcanum moves toward Celestar Ballista");
    const u = b.unit(ids[0]!);
    expect(u.x).toBeCloseTo(10 + 5 * Math.SQRT1_2, 9);
    expect(u.y).toBeCloseTo(20 + 5 * Math.SQRT1_2, 9);
    expect(Math.hypot(u.x - 13, u.y - 20)).toBeGreaterThanOrEqual(TOUCH);
    expect(b.data.log!.at(-1)).toContain('moves 5.0"');
    kernelAgrees(at(placements(false)).b);
  });

  it("[CORE-MOVE] the same in the kernel: the policy's move toward objective east (46, 22) with a friend 3\" ahead ends at (36 + 5/√2, 22 + 5/√2)", () => {
    // The same geometry shifted: from (36, 22) toward (46, 22), the friend at (39, 22). The 45-degree line's
    // nearest approach to the objective is 10 cos 45° = 7.07" on, so it runs its full 5"; it ends
    // hypot(6.4645, 3.5355) = 7.368" from the marker, nearer than the 30-degree line (stopped after 2.118",
    // 8.234") and the 60-degree one (its 5" reach the nearest approach: 8.660").
    const { b } = at([
      { warscroll: "Knight-Arcanum", owner: 0, x: 36, y: 22 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 39, y: 22 },
      { warscroll: "Celestar Ballista", owner: 1, x: 36, y: 36 },
    ]);
    const d = firstDecision(b, 0);
    expect(d.label).toBe("Knight-Arcanum moves toward objective east");
    expect(d.x).toBeCloseTo(36 + 5 * Math.SQRT1_2, 9);
    expect(d.y).toBeCloseTo(22 + 5 * Math.SQRT1_2, 9);
  });

  it("[CORE-FLY] FLY ignores other models as it moves: over the friend, straight to (15, 20), 2\" from the friend's centre (clear of it)", () => {
    const { b, ids } = at(placements(true));
    pick(b, "Knight-Arcanum moves toward Celestar Ballista");
    expect([b.unit(ids[0]!).x, b.unit(ids[0]!).y]).toEqual([15, 20]);
    kernelAgrees(at(placements(true)).b);
  });

  it("[CORE-FLY] FLY cannot end on another footprint: a move that would end on a friend ends beside it", () => {
    // The friend at (15, 20) is where the 5" would end. Whatever line wins, the end overlaps nobody.
    const { b, ids } = at([
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20, keywords: ["FLY"] },
      { warscroll: "Lord-Imperatant", owner: 0, x: 15, y: 20 },
      { warscroll: "Celestar Ballista", owner: 1, x: 40, y: 20 },
    ]);
    const end = destination(b, ids[0]!, { x: 40, y: 20 }, 5);
    expect(Math.hypot(end.x - 15, end.y - 20)).toBeGreaterThanOrEqual(TOUCH);
    // Straight it would stop at 15 - 1.5748 = 13.4252 (26.5748" away); the winner is nearer the target.
    expect(Math.hypot(40 - end.x, 20 - end.y)).toBeLessThan(40 - (15 - TOUCH));
  });

  it("[CORE-MOVE] two runs toward the same point never end on the same spot", () => {
    // Two Knights side by side run at the same enemy; the second cannot end where the first did.
    const { b, ids } = at([
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 10, y: 23 },
      { warscroll: "Celestar Ballista", owner: 1, x: 24, y: 21.5 },
    ], { dice: [6, 6] });
    pick(b, "Knight-Arcanum runs toward Celestar Ballista");
    pick(b, "Lord-Imperatant runs toward Celestar Ballista");
    const [k, l] = [b.footprint(ids[0]!), b.footprint(ids[1]!)];
    expect(Math.hypot(k.x - l.x, k.y - l.y)).toBeGreaterThanOrEqual(TOUCH - 1e-9);
    // The first ran its 11" straight... up to 3" from the Ballista: (24 - 1.1811 - 0.7874 - 3) on its line.
    const gap = b.distance(ids[0]!, ids[2]!);
    expect(gap).toBeGreaterThan(3);
    expect(gap).toBeCloseTo(3, 5);
  });
});

describe("item 3: no 0\" moves", () => {
  it("[CORE-MOVE] a unit 3.05\" from an enemy is not offered a move or run toward it (it would get 0.05\" nearer); moves elsewhere are", () => {
    const place = (): Placement[] => [
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Celestar Ballista", owner: 1, x: 10 + R40 + R60 + 3.05, y: 20 },
    ];
    const { b } = at(place());
    expect(b.distance(0, 1)).toBeCloseTo(3.05, 9);
    const ls = labels(b);
    expect(ls).not.toContain("Knight-Arcanum moves toward Celestar Ballista");
    expect(ls).not.toContain("Knight-Arcanum runs toward Celestar Ballista");
    expect(ls).toContain("Knight-Arcanum moves toward its own territory");
    kernelAgrees(at(place()).b);
  });

  it("[CORE-RETREAT] a retreat is offered only if it can end out of combat range: hemmed in by friends it is not", () => {
    // A Knight in combat (gap 1") with a Ballista east of it; friends touching it north, south and west
    // leave only lines that cross them (no FLY): no retreat is offered, and no D3 is suffered for nothing.
    const x = 20;
    const hemmed = at([
      { warscroll: "Knight-Arcanum", owner: 0, x, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 0, x: x - TOUCH - 0.01, y: 20 },
      { warscroll: "Knight-Arcanum", owner: 0, x, y: 20 + TOUCH + 0.01 },
      { warscroll: "Lord-Imperatant", owner: 0, x, y: 20 - TOUCH - 0.01 },
      { warscroll: "Celestar Ballista", owner: 1, x: x + R40 + R60 + 1, y: 20 },
    ]).b;
    expect(hemmed.inCombat(0)).toBe(true);
    expect(labels(hemmed).filter((l) => l.startsWith("Knight-Arcanum retreats"))).toEqual([]);
    // Alone, it retreats west (away from the Ballista): offered.
    const free = at([
      { warscroll: "Knight-Arcanum", owner: 0, x, y: 20 },
      { warscroll: "Celestar Ballista", owner: 1, x: x + R40 + R60 + 1, y: 20 },
    ]).b;
    expect(labels(free)).toContain("Knight-Arcanum retreats toward its territory");
  });
});

describe("CORE-CHARGE: a charge ends in contact, not through or on other units", () => {
  // Charger at (10, 20), target Lord-Imperatant at (20, 20): gap 8.4252". The spots within 1/2" are
  // 2.0748" from the target's centre.
  const screened = (fly: boolean, sx: number, sy: number): Placement[] => [
    { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20, ...(fly ? { keywords: ["FLY"] } : {}) },
    { warscroll: "Lord-Imperatant", owner: 1, x: 20, y: 20 },
    { warscroll: "Knight-Arcanum", owner: 1, x: sx, y: sy },
  ];
  const ring = 2 * R40 + 0.5;

  it("[CORE-CHARGE] a screen at (15, 21) blocks the straight line; the charge goes round it to the spot 30 degrees aside", () => {
    // The line to the spot on the line, (17.9252, 20), passes 1" from the screen's centre (< 1.5748). Spots
    // turned from the line (counter-clockwise first, i.e. toward y < 20): 15 degrees, (17.996, 19.463) and
    // (17.996, 20.537): the lines to them pass 1.333" and 0.663" from the screen; 30 degrees toward y < 20,
    // (20 - 2.0748 cos 30°, 20 - 2.0748 sin 30°) = (18.2032, 18.9626): its line passes 13.388 / 8.268 =
    // 1.619" from the screen, clear; 8.268" away, within the roll of 12.
    const { b, ids } = at(screened(false, 15, 21), { dice: [6, 6], step: { kind: "charge", player: 0 } });
    pick(b, "Knight-Arcanum charges Lord-Imperatant");
    const u = b.unit(ids[0]!);
    expect(u.charged).toBe(true);
    expect(u.x).toBeCloseTo(20 - ring * Math.cos(Math.PI / 6), 9);
    expect(u.y).toBeCloseTo(20 - ring * Math.sin(Math.PI / 6), 9);
    expect(b.distance(ids[0]!, ids[1]!)).toBeCloseTo(0.5, 9);
    // A roll of 8 reaches only the blocked spot on the line (7.9252"): the 15-degree spots are 8.014" away.
    const short = at(screened(false, 15, 21), { dice: [4, 4], step: { kind: "charge", player: 0 } });
    pick(short.b, "Knight-Arcanum charges Lord-Imperatant");
    expect(short.b.unit(short.ids[0]!).charged).toBe(false);
    expect([short.b.unit(short.ids[0]!).x, short.b.unit(short.ids[0]!).y]).toEqual([10, 20]);
    expect(short.b.data.log!.at(-1)).toContain("no spot within 1/2\" of it that it reaches is clear");
    kernelAgrees(at(screened(false, 15, 21), { step: { kind: "charge", player: 0 } }).b);
  });

  it("[CORE-CHARGE] the same in the kernel: the policy charges a target 6.43\" away past a screen at (14.5, 21), to the spot 30 degrees round", () => {
    // Charger at (10, 20), target at (18, 20) (gap 6.4252" <= 7 1/2": the policy charges it, the first of two
    // equally wounded enemies in reach), screen 3.035" away at (14.5, 21). The line to the spot on the line
    // (15.9252, 20) passes 1" from the screen; the 15-degree spots' lines 1.397" and 0.595"; the 30-degree
    // spot toward y < 20, (18 - 2.0748 cos 30°, 20 - 2.0748 sin 30°) = (16.2032, 18.9626): 10.8715 / 6.2894 =
    // 1.7285", clear, 6.2894" away: a roll of 7 or more. The first seed whose roll makes it.
    const place = (): Placement[] => [
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 1, x: 18, y: 20 },
      { warscroll: "Knight-Arcanum", owner: 1, x: 14.5, y: 21 },
    ];
    let done = 0;
    for (let seed = 1; seed <= 20 && done < 2; seed++) {
      const d = firstDecision(at(place(), { step: { kind: "charge", player: 0 } }).b, 0, seed);
      expect(d.label).toBe("Knight-Arcanum charges Lord-Imperatant");
      if (d.x === 10) continue; // the roll fell short: it stays
      expect(d.x).toBeCloseTo(18 - ring * Math.cos(Math.PI / 6), 9);
      expect(d.y).toBeCloseTo(20 - ring * Math.sin(Math.PI / 6), 9);
      done++;
    }
    expect(done).toBe(2);
  });

  it("[CORE-CHARGE] [CORE-FLY] a unit standing on the spot: FLY ends beside it (45 degrees round), a walker where its line clears it (75 degrees)", () => {
    // The screen stands on the spot on the line, (17.9252, 20). A spot at angle a round the target is
    // 2 * 2.0748 sin(a/2) from it: clear (>= 1.5748) from a = 44.6 degrees. FLY flies over: the 45-degree
    // spot (18.5329, 18.5329), 8.658" away. Walking, the lines to the 45- and 60-degree spots pass 1.343"
    // and 1.558" from the screen; to 75 degrees, (20 - 2.0748 cos 75°, 20 - 2.0748 sin 75°) =
    // (19.4630, 17.9959), 1.642": clear, 9.673" away.
    const spot = 20 - ring;
    const fly = at(screened(true, spot, 20), { dice: [6, 6], step: { kind: "charge", player: 0 } });
    pick(fly.b, "Knight-Arcanum charges Lord-Imperatant");
    expect(fly.b.unit(fly.ids[0]!).x).toBeCloseTo(20 - ring * Math.SQRT1_2, 9);
    expect(fly.b.unit(fly.ids[0]!).y).toBeCloseTo(20 - ring * Math.SQRT1_2, 9);
    const walk = at(screened(false, spot, 20), { dice: [6, 6], step: { kind: "charge", player: 0 } });
    pick(walk.b, "Knight-Arcanum charges Lord-Imperatant");
    expect(walk.b.unit(walk.ids[0]!).x).toBeCloseTo(20 - ring * Math.cos((5 * Math.PI) / 12), 9);
    expect(walk.b.unit(walk.ids[0]!).y).toBeCloseTo(20 - ring * Math.sin((5 * Math.PI) / 12), 9);
    for (const { b, ids } of [fly, walk]) {
      expect(b.distance(ids[0]!, ids[2]!)).toBeGreaterThan(0);
      expect(b.distance(ids[0]!, ids[1]!)).toBeCloseTo(0.5, 9);
    }
    kernelAgrees(at(screened(true, spot, 20), { step: { kind: "charge", player: 0 } }).b);
  });
});

describe("CORE-PILEIN: room round the enemy, or no pile-in", () => {
  // Knight-Arcanum at (10, 20) in combat with a Lord-Imperatant 2" away at (13.5748, 20): straight, the
  // pile-in ends 1/2" from it at (11.5, 20).
  const T = 10 + TOUCH + 2;

  it("[CORE-PILEIN] a friend on the spot: the pile-in ends at the spot 15 degrees round the target (11.5707, 19.4630)", () => {
    // The friend at (11.5, 21.5) is 1.5" from (11.5, 20): overlapping. The spot 15 degrees round, toward
    // y < 20: (13.5748 - 2.0748 cos 15°, 20 - 2.0748 sin 15°), 2.038" from the friend, its line 1.90" from
    // it, a move of 1.66" (<= 3"), still 1/2" from the target.
    const { b, ids } = at([
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 11.5, y: 21.5 },
      { warscroll: "Lord-Imperatant", owner: 1, x: T, y: 20 },
    ], { step: { kind: "combat", player: 0 } });
    fight(b, ids[0]!, ids[2]!);
    const u = b.unit(ids[0]!);
    const ring = TOUCH + 0.5;
    expect(u.x).toBeCloseTo(T - ring * Math.cos(Math.PI / 12), 9);
    expect(u.y).toBeCloseTo(20 - ring * Math.sin(Math.PI / 12), 9);
    expect(b.distance(ids[0]!, ids[1]!)).toBeGreaterThan(0);
    // The kernel: the policy's first fight is this one (the Knight is player A's first unit that may fight).
    const d = firstDecision(at([
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 11.5, y: 21.5 },
      { warscroll: "Lord-Imperatant", owner: 1, x: T, y: 20 },
    ], { step: { kind: "combat", player: 0 } }).b, 0);
    expect(d.label).toBe("Knight-Arcanum fights Lord-Imperatant");
    expect(d.x).toBeCloseTo(T - ring * Math.cos(Math.PI / 12), 9);
    expect(d.y).toBeCloseTo(20 - ring * Math.sin(Math.PI / 12), 9);
  });

  it("[CORE-PILEIN] it must stay in combat with every unit it was: an enemy 2.9\" behind it means no pile-in at all", () => {
    // Any spot 1/2" from the target is at least 11.5 - 5.5252 - 1.5748 = 4.4" from the enemy behind (> 3").
    const place = (): Placement[] => [
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 1, x: T, y: 20 },
      { warscroll: "Knight-Arcanum", owner: 1, x: 10 - TOUCH - 2.9, y: 20 },
    ];
    const { b, ids } = at(place(), { step: { kind: "combat", player: 0 } });
    expect(b.enemiesInCombat(ids[0]!)).toEqual([ids[1]!, ids[2]!]);
    fight(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).x, b.unit(ids[0]!).y]).toEqual([10, 20]);
    // From the charge phase (the policy ends it and the fights follow), the kernel plays the same battles.
    kernelAgrees(at(place(), { step: { kind: "charge", player: 0 } }).b);
  });
});

describe("set-ups keep clear of enemies", () => {
  it("[CORE-RESERVES] a set-up with no distance from enemies still never overlaps one (touching is not enough room either)", () => {
    const { b } = at([
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 1, x: 30, y: 20 },
    ]);
    const placement = {} as Parameters<typeof canSetUpAt>[5];
    expect(canSetUpAt(b, 0, 30 + TOUCH - 0.01, 20, R40, placement, null)).toBe(false);
    expect(canSetUpAt(b, 0, 30 + TOUCH, 20, R40, placement, null)).toBe(false);
    expect(canSetUpAt(b, 0, 30 + TOUCH + 0.01, 20, R40, placement, null)).toBe(true);
  });
});

describe("CORE-VISIBILITY: terrain that blocks sight", () => {
  const a = { x: 10, y: 20, radius: 1 };
  const t = { x: 30, y: 20, radius: 1 };

  it("[CORE-VISIBILITY] five sight lines between the footprints: a wood between them hides a target wholly behind it, not one partly clear", () => {
    // The lines run at y = 19, 19.5, 20, 20.5, 21. A wood of radius 3 at (20, 20) crosses them all.
    expect(canSee([WOODS(20, 20)], a, t)).toBe(false);
    // At (20, 21.9) the line y = 19 passes 2.9" from its centre: still crossed. At (20, 22) 3": touching is not crossing.
    expect(canSee([WOODS(20, 21.9)], a, t)).toBe(false);
    expect(canSee([WOODS(20, 22)], a, t)).toBe(true);
    // A ruin's walls (its inner 1.5") at (20, 21.6): the line y = 19 passes 2.6" away: seen.
    expect(canSee([RUINS(20, 21.6)], a, t)).toBe(true);
    expect(canSee([RUINS(20, 20)], a, t)).toBe(false);
    // A hill (1") blocks nothing; a wood either unit stands in does not block their sight.
    expect(canSee([HILL(20, 20)], a, t)).toBe(true);
    expect(canSee([WOODS(29, 20)], a, t)).toBe(true);
    // Two woods leaving only the centre line open (the lines at y = 19.5 and 20.5 pass 2.9" from them), and
    // a thin one that closes it.
    expect(canSee([WOODS(20, 23.4), WOODS(20, 16.6)], a, t)).toBe(true);
    expect(canSee([WOODS(20, 23.4), WOODS(20, 16.6), WOODS(20, 20, 0.1)], a, t)).toBe(false);
  });

  it("[CORE-VISIBILITY] shooting: no line to a target behind woods, so it is not offered; the Ballista shoots the one it sees (engine and kernel)", () => {
    const place = (): Placement[] => [
      { warscroll: "Celestar Ballista", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 1, x: 26, y: 20 },
      { warscroll: "Knight-Arcanum", owner: 1, x: 24, y: 30 },
    ];
    // Woods at (18, 20): every line to the Lord (y within 0.4" of 20 at x = 18) crosses them; the line
    // to the Knight passes 8 * 10 / hypot(14, 10) = 4.65" from their centre.
    const { b } = at(place(), { step: { kind: "shooting", player: 0 } }, [WOODS(18, 20)]);
    const ls = labels(b);
    expect(ls).toContain("Celestar Ballista shoots Knight-Arcanum");
    expect(ls).not.toContain("Celestar Ballista shoots Lord-Imperatant");
    // On a hill instead, both are in range and seen.
    const open = at(place(), { step: { kind: "shooting", player: 0 } }, [HILL(18, 20)]);
    expect(labels(open.b)).toContain("Celestar Ballista shoots Lord-Imperatant");
    kernelAgrees(at(place(), { step: { kind: "shooting", player: 0 } }, [WOODS(18, 20)]).b);
    // The policy shoots the enemy with the fewest wounds left, the first on ties (both have 6): the Lord when
    // it is seen, else the Knight — in the kernel too.
    expect(firstDecision(at(place(), { step: { kind: "shooting", player: 0 } }, [HILL(18, 20)]).b, 0).label).toBe("Celestar Ballista shoots Lord-Imperatant");
    expect(firstDecision(at(place(), { step: { kind: "shooting", player: 0 } }, [WOODS(18, 20)]).b, 0).label).toBe("Celestar Ballista shoots Knight-Arcanum");
  });

  it("[CORE-VISIBILITY] [PB-REALM-METAMORPHOSIS] a spell's target must be visible to the caster: not the hero behind a wood, still itself", () => {
    const place = (): Placement[] => [
      { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 20 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 20, y: 20 },
      { warscroll: "Celestar Ballista", owner: 1, x: 50, y: 35 },
    ];
    const { b } = at(place(), { step: { kind: "hero", player: 0 } }, [WOODS(15, 20, 2)]);
    const ls = labels(b);
    expect(ls).toContain("Knight-Arcanum casts Metamorphosis on Knight-Arcanum");
    expect(ls).not.toContain("Knight-Arcanum casts Metamorphosis on Lord-Imperatant");
    expect(labels(at(place(), { step: { kind: "hero", player: 0 } }).b)).toContain("Knight-Arcanum casts Metamorphosis on Lord-Imperatant");
    kernelAgrees(at(place(), { step: { kind: "hero", player: 0 } }, [WOODS(15, 20, 2)]).b);
  });
});
