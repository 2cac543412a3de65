/**
 * Unstable terrain (CORE-UNSTABLE) in the Wasm rollout kernel: battles on battlefields strewn with unstable
 * ruins and rocks are identical, seed for seed, in the TypeScript engine and the kernel — and the rule does
 * act in them: the TypeScript functions are wrapped (vi.mock) to count the moves, pile-ins and charges it
 * changed.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { contactPoint } from "../../src/aos/battle/geometry.js";
import type { TerrainFeature } from "../../src/aos/battle/state.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutsWasm } from "../../src/aos/rollout/wasm.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";

const counts = vi.hoisted(() => ({ shortened: 0, refused: 0, chargeRound: 0, chargeBlocked: 0, detoured: 0 }));

vi.mock("../../src/aos/battle/paths.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../../src/aos/battle/paths.js")>();
  return {
    ...m,
    // A move that did not end on the straight line toward where it was going: it went round something.
    moveEnd: (...a: Parameters<typeof m.moveEnd>) => {
      const [from, to] = a;
      const p = m.moveEnd(...a);
      const cross = (to.x - from.x) * (p.y - from.y) - (to.y - from.y) * (p.x - from.x);
      if (Math.abs(cross) > 1e-6) counts.detoured++;
      return p;
    },
  };
});

vi.mock("../../src/aos/battle/terrain.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../../src/aos/battle/terrain.js")>();
  return {
    ...m,
    standableAlong: (...a: Parameters<typeof m.standableAlong>) => {
      const p = m.standableAlong(...a);
      if (p !== a[2]) counts.shortened++;
      return p;
    },
    canEndOn: (...a: Parameters<typeof m.canEndOn>) => {
      const ok = m.canEndOn(...a);
      if (!ok) counts.refused++;
      return ok;
    },
    chargeEnd: (...a: Parameters<typeof m.chargeEnd>) => {
      const [terrain, from, target, gap, roll] = a;
      const p = m.chargeEnd(...a);
      if (roll >= gap - 0.5) {
        if (p === null) counts.chargeBlocked++;
        else if (!m.canEndOn(terrain, { ...contactPoint(from, target, Math.min(0.5, gap)), radius: from.radius })) counts.chargeRound++;
      }
      return p;
    },
  };
});

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const rosters = bundledRosters().map((r) => r.roster);
const GAMES = Number(process.env.TACTICA_ROLLOUT_GAMES ?? 30);

/** Twelve unstable features over the middle of the battlefield: ruins (the inner half over 1") and rocks. */
function strewn(rng: Rng): TerrainFeature[] {
  return Array.from({ length: 12 }, (_, i) => {
    const radius = 1.5 + rng.nextFloat() * 2;
    const ruins = i % 2 === 0;
    return {
      x: 6 + (i % 6) * 9.6 + rng.nextFloat() * 3,
      y: 12 + Math.floor(i / 6) * 14 + rng.nextFloat() * 6,
      radius: Math.round(radius * 100) / 100,
      kind: ruins ? "ruins" : "rocks",
      height: ruins ? 3 : 4,
      tallRadius: Math.round(radius * (ruins ? 0.5 : 1) * 100) / 100,
      abilities: ["Cover", "Unstable"],
    };
  });
}

describe("CORE-UNSTABLE in the rollout kernel", () => {
  it(`[CORE-UNSTABLE] [CORE-FLY] every plan on unstable terrain, some units given FLY: ${GAMES} battles each are identical in TypeScript and Wasm, and the rule acts in them`, () => {
    const rng = new Rng(404);
    Object.assign(counts, { shortened: 0, refused: 0, chargeRound: 0, chargeBlocked: 0, detoured: 0 });
    for (const [i, plan] of BATTLEPLAN_IDS.entries()) {
      const a = rosters[i % rosters.length]!;
      const b = rosters[(i + 2) % rosters.length]!;
      const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: plan, terrain: strewn(rng) }, 600 + i));
      for (const p of s.data.profiles) if (rng.roll(4) === 1 && !p.keywords.includes("FLY")) p.keywords.push("FLY");
      const seeds = Array.from({ length: GAMES }, (_, g) => 1000 * (i + 1) + g);
      const wasm = rolloutsWasm(core, s, seeds);
      const ts = seeds.map((seed) => rolloutTs(s, seed));
      const different = seeds.filter((_, g) => JSON.stringify(ts[g]) !== JSON.stringify(wasm[g]));
      expect(different, `${plan}: seeds whose battles differ`).toEqual([]);
    }
    // Pile-ins cut short, moves that went round unstable terrain (or a unit, or a combat range), spots
    // refused, charges that went round or failed.
    expect(counts.shortened).toBeGreaterThan(GAMES * 3);
    expect(counts.detoured).toBeGreaterThan(GAMES * 10);
    expect(counts.refused).toBeGreaterThan(GAMES * 10);
    expect(counts.chargeRound).toBeGreaterThan(GAMES);
    expect(counts.chargeBlocked).toBeGreaterThan(GAMES);
  }, 240_000); // 360 battles in the TypeScript engine: ~30 s alone, 60-70 s on a loaded machine
});
