/**
 * Deathrider Wedge's moves and Deathrider Commander (src/aos/battle/wedge.ts; the kernel's assembly/battle/wedge.ts):
 * after the Wedge's mortal damage the Deathriders unit, then its friendly target, move toward the objective they
 * would advance on — through enemies' combat ranges, never ending in one — 10", or 12" with Deathrider Commander.
 * Savage Gains' objectives: south-border (30, 12), north-border (30, 32), west (14, 22), east (46, 22).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { fight } from "../../src/aos/battle/combat.js";
import { COMBAT_RANGE } from "../../src/aos/battle/geometry.js";
import { wedgeDistance } from "../../src/aos/battle/wedge.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { sameBattlesUsing } from "../support/same-battles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const WEST = { x: 14, y: 22 };
/** Kavalos Deathriders (one model) at (6, 38), 17.9" from the west objective, nearest of the four. */
const D = { x: 6, y: 38 };
const DIR = { x: (WEST.x - D.x) / Math.hypot(WEST.x - D.x, WEST.y - D.y), y: (WEST.y - D.y) / Math.hypot(WEST.x - D.x, WEST.y - D.y) };

/**
 * The Deathriders at D, charged, in combat with Annihilators 0.25" beyond their edge on the side `side` (1: away from
 * the west objective, -1: between them and it), plus `more`; no terrain; player 0's combat phase.
 */
function wedgeAt(side: 1 | -1, more: Placement[], dice: number[] | null) {
  const { b, ids } = battleAt(
    "savage-gains",
    [{ warscroll: "Kavalos Deathriders", owner: 0, models: 1, ...D }, { warscroll: "Annihilators", owner: 1, x: 30, y: 10 }, ...more],
    { ...(dice ? { dice } : { seed: 1 }), step: { kind: "combat", player: 0 } },
  );
  b.data.terrain = [];
  const [d, a] = ids as [number, number];
  const gap = b.footprint(d).radius + b.footprint(a).radius + 0.25;
  b.unit(a).x = D.x - side * DIR.x * gap;
  b.unit(a).y = D.y - side * DIR.y * gap;
  b.unit(d).charged = true;
  return { b, ids, d, a };
}

describe("Deathrider Wedge's moves (wedge.ts)", () => {
  it("[AB:Kavalos Deathriders/Deathrider Wedge] after its D3 mortal damage the unit moves 10\" straight toward the objective it would advance on, out of combat", () => {
    const { b, d, a } = wedgeAt(1, [], [3]);
    expect([b.inCombat(d), wedgeDistance(b, d)]).toEqual([true, 10]);
    fight(b, d, a);
    expect(b.unit(d).x).toBeCloseTo(D.x + DIR.x * 10, 9);
    expect(b.unit(d).y).toBeCloseTo(D.y + DIR.y * 10, 9);
    // Out of combat, nobody else is: the combat phase, and player 0's turn, end.
    expect([b.inCombat(d), b.unit(a).models, left(b)]).toEqual([false, 2, 0]);
    expect(b.data.log!.slice(-3)).toEqual([
      "Kavalos Deathriders uses Deathrider Wedge on Annihilators: 3 mortal damage, 1 slain.",
      'Kavalos Deathriders moves 10.0" (Deathrider Wedge, up to 10") toward objective west, to (10.5, 29.1).',
      "Player B's turn (round 1).",
    ]);
  });

  it("[AB:Kavalos Deathriders/Deathrider Wedge] it moves through the enemy's combat range (round its footprint) but does not end in combat", () => {
    // The Annihilators stand between it and the objective: the straight line is stopped at once; a line aside gets
    // past them and out of their combat range.
    const { b, d, a } = wedgeAt(-1, [], [3]);
    const before = Math.hypot(WEST.x - D.x, WEST.y - D.y);
    fight(b, d, a);
    const after = Math.hypot(WEST.x - b.unit(d).x, WEST.y - b.unit(d).y);
    const gap = Math.hypot(b.unit(d).x - b.unit(a).x, b.unit(d).y - b.unit(a).y) - b.footprint(d).radius - b.footprint(a).radius;
    const moved = Math.hypot(b.unit(d).x - D.x, b.unit(d).y - D.y);
    // Off the straight line (the Annihilators are on it), nearer the objective, at most 10", out of combat.
    const offLine = Math.abs((b.unit(d).x - D.x) * DIR.y - (b.unit(d).y - D.y) * DIR.x);
    expect([b.inCombat(d), gap > COMBAT_RANGE, after < before - 1, moved > 5 && moved <= 10 + 1e-9, offLine > 1]).toEqual([false, true, true, true, true]);
  });

  it("[AB:Kavalos Deathriders/Deathrider Wedge] a unit holding an objective, or with no objective to advance on, stays in combat", () => {
    // On the west objective (contesting it, which no friend holds): it stays.
    const { b, d, a } = wedgeAt(1, [], [3]);
    b.unit(d).x = WEST.x;
    b.unit(d).y = WEST.y;
    b.unit(a).x = WEST.x - DIR.x * (b.footprint(d).radius + b.footprint(a).radius + 0.25);
    b.unit(a).y = WEST.y - DIR.y * (b.footprint(d).radius + b.footprint(a).radius + 0.25);
    fight(b, d, a);
    expect([b.unit(d).x, b.unit(d).y, b.inCombat(d), left(b)]).toEqual([WEST.x, WEST.y, true, 0]);
    // No objective in play: it would advance on an enemy (policy.ts advanceTarget), so it stays.
    const c = wedgeAt(1, [], [3]);
    c.b.objectives = () => [];
    fight(c.b, c.d, c.a);
    expect([c.b.unit(c.d).x, c.b.unit(c.d).y]).toEqual([D.x, D.y]);
  });

  it("[AB:Liege-Kavalos/Deathrider Commander] a Deathriders unit wholly within 12\" of a friendly Liege-Kavalos that sees it moves 12\" instead of 10\"", () => {
    // The Liege-Kavalos 7.2" away (not within 3": not the friendly target, no extra D3).
    const { b, d, a, ids } = wedgeAt(1, [{ warscroll: "Liege-Kavalos", owner: 0, x: 2, y: 32 }], [3]);
    expect([wedgeDistance(b, d), wedgeDistance(b, ids[2]!)]).toEqual([12, 12]);
    fight(b, d, a);
    expect(b.unit(d).x).toBeCloseTo(D.x + DIR.x * 12, 9);
    expect(b.unit(d).y).toBeCloseTo(D.y + DIR.y * 12, 9);
    expect([b.unit(ids[2]!).x, b.unit(ids[2]!).y, left(b)]).toEqual([2, 32, 0]);
  });

  it("[AB:Liege-Kavalos/Deathrider Commander] not wholly within 12\", or not seen by the Liege-Kavalos: 10\"", () => {
    // 13" away: the Deathriders' far edge is beyond 12".
    const far = wedgeAt(1, [{ warscroll: "Liege-Kavalos", owner: 0, x: 6, y: 25 }], null);
    expect(wedgeDistance(far.b, far.d)).toBe(10);
    // 7.2" away, a wall of sight-blocking terrain between them.
    const hid = wedgeAt(1, [{ warscroll: "Liege-Kavalos", owner: 0, x: 2, y: 32 }], null);
    expect(wedgeDistance(hid.b, hid.d)).toBe(12);
    hid.b.data.terrain = [{ x: 4, y: 35, radius: 2, height: 4 }];
    expect(wedgeDistance(hid.b, hid.d)).toBe(10);
  });

  it("[AB:Kavalos Deathriders/Deathrider Wedge] [AB:Liege-Kavalos/Deathrider Commander] the friendly target (a Liege-Kavalos within 3\") adds D3 and then moves 12\" toward its own objective", () => {
    // The Liege-Kavalos just beside the Deathriders, on the far side from the west objective.
    const { b, d, a, ids } = wedgeAt(1, [{ warscroll: "Liege-Kavalos", owner: 0, x: 0, y: 0 }], [3, 2]);
    const l = ids[2]!;
    const side = { x: -DIR.y, y: DIR.x };
    const gap = b.footprint(d).radius + b.footprint(l).radius + 0.25;
    b.unit(l).x = D.x + side.x * gap;
    b.unit(l).y = D.y + side.y * gap;
    const from = { x: b.unit(l).x, y: b.unit(l).y };
    fight(b, d, a);
    // 3 + 2 mortal damage on Annihilators (3 health each): one slain, 2 on the next.
    expect([b.unit(a).models, b.unit(a).damage, b.inCombat(d), left(b)]).toEqual([2, 2, false, 0]);
    // The Deathriders move first, 12" straight; then the Liege toward the objective it would advance on (west, the
    // nearest): its straight line would end on the Deathriders, so it takes a line aside, the full 12".
    expect(b.data.log!.slice(-4)).toEqual([
      "Kavalos Deathriders uses Deathrider Wedge on Annihilators: 5 mortal damage, 1 slain.",
      'Kavalos Deathriders moves 12.0" (Deathrider Wedge, up to 12") toward objective west, to (11.4, 27.3).',
      'Liege-Kavalos moves 12.0" (Deathrider Wedge, up to 12") toward objective west, to (15.0, 29.1).',
      "Player B's turn (round 1).",
    ]);
    expect(Math.hypot(b.unit(l).x - from.x, b.unit(l).y - from.y)).toBeCloseTo(12, 9);
    expect(b.distance(l, d)).toBeGreaterThan(0);
  });

  it("[AB:Kavalos Deathriders/Deathrider Wedge] [AB:Liege-Kavalos/Deathrider Commander] the kernel plays the same battles", () => {
    sameBattlesUsing(
      core,
      () => {
        const { b, ids } = wedgeAt(1, [{ warscroll: "Liege-Kavalos", owner: 0, x: 2, y: 32 }, { warscroll: "Liberators", owner: 1, x: 40, y: 30 }], null);
        b.unit(ids[0]!).charged = true;
        return b;
      },
      [/Deathrider Wedge, up to 12"/],
    );
    // The enemy between it and its objective: a line aside, through the combat range.
    sameBattlesUsing(core, () => wedgeAt(-1, [{ warscroll: "Liberators", owner: 1, x: 40, y: 30 }], null).b, [/Deathrider Wedge, up to 10"/]);
    // A Liege-Kavalos in reach whose sight a tall terrain feature blocks (the kernel's canSee): 10".
    sameBattlesUsing(
      core,
      () => {
        const { b } = wedgeAt(1, [{ warscroll: "Liege-Kavalos", owner: 0, x: 2, y: 32 }, { warscroll: "Liberators", owner: 1, x: 40, y: 30 }], null);
        b.data.terrain = [{ x: 4, y: 35, radius: 2, height: 4 }];
        return b;
      },
      [/Deathrider Wedge, up to 10"/],
    );
  });
});
