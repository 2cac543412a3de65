/**
 * The set-up template (src/aos/rollout/template.ts) against the TypeScript engine, the authority: a battle
 * set up from the template — the roll-off, the terrain and round 1's dice drawn in the engine's order,
 * the units' spots searched on plain arrays, only the dice's slots written into a copy of the encoding — is
 * the battle `playSetUp(newInitialState(setup, seed))` gives, for many seeds on every battleplan: the same
 * state, the same RNG, the same encoding bit for bit, the same battle in the kernel.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters, type Roster } from "../../src/aos/armies/index.js";
import { battleplan, BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { encodeBattle, H, RESULT, TERRAIN } from "../../src/aos/rollout/encode.js";
import { encodeTemplateSetUp, rolloutTemplateWasm, setUpFromTemplate, setUpTemplate, templateState } from "../../src/aos/rollout/template.js";
import { playPolicy, playSetUp } from "../../src/aos/rollout/ts.js";
import { decodeRollout, rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { playChunk } from "../../analysis/matchup/play.js";
import { addResult, newTally } from "../../analysis/matchup/aggregate.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const SEEDS = Number(process.env.TACTICA_TEMPLATE_SEEDS ?? 8);
const rosters = bundledRosters().map((r) => r.roster);
const byName = (name: string) => rosters.find((r) => r.name === name)!;
/** The 1000-point pair (a unit in reserve: CORE-RESERVES), and a 2000-point pair too big for some zones (units destroyed for lack of room). */
const PAIRS: [Roster, Roster][] = [
  [byName("Mortek Shieldwall"), byName("Hammers of the Warrior Chamber")],
  [byName("Stomp of Giants"), byName("Procession of Grief")],
];

const full = (rs: [Roster, Roster], plan: (typeof BATTLEPLAN_IDS)[number], seed: number) => playSetUp(pitchedBattleGame.newInitialState({ rosters: rs, battleplan: plan }, seed));

describe("the set-up template: battles equal to freshly set-up ones", () => {
  for (const plan of BATTLEPLAN_IDS)
    it(`[PB-DEPLOY-ALT] [PB-TERRAIN] ${plan}: the same state, RNG, encoding and kernel battle for ${SEEDS} seeds x ${PAIRS.length} pairs`, () => {
      let destroyedForRoom = 0;
      const winners = new Set<number>();
      for (const rs of PAIRS) {
        const t = setUpTemplate({ rosters: rs, battleplan: plan })!;
        expect(t).not.toBeNull();
        for (let k = 0; k < SEEDS; k++) {
          const seed = deriveSeed(77, k);
          const fresh = full(rs, plan, seed);
          const s = setUpFromTemplate(t, seed)!;
          expect(s).not.toBeNull();
          winners.add(s.winner);
          expect(JSON.stringify(s.data)).toBe(JSON.stringify(fresh.data));
          expect(s.rng.state()).toEqual(fresh.battle.rng.state());
          const encoded = encodeTemplateSetUp(t, s)!;
          const expected = encodeBattle(fresh.data);
          expect(encoded.length).toBe(expected.length);
          expect(Array.from(encoded).every((v, i) => Object.is(v, expected[i]))).toBe(true);
          const after = deriveSeed(seed, 1);
          expect(rolloutTemplateWasm(core, t, s, after)).toEqual(rolloutWasm(core, fresh, after));
          if (fresh.data.units.some((u) => u.status === "destroyed" && u.models === 0 && !u.destroyedBy && !fresh.data.manifestations?.units.some((m) => m.unit === u.id))) destroyedForRoom++;
        }
      }
      // Both roll-off winners' templates are exercised over the seeds.
      expect(winners.size).toBe(2);
      // The 2000-point armies do not all fit some plans' territories: those set-ups are covered too.
      if (["marking-territory", "power-struggle", "the-vice", "power-in-numbers", "the-veins-of-ghur"].includes(plan)) expect(destroyedForRoom).toBeGreaterThan(0);
    });

  it("[PB-ROLLOFF] [PB-TERRAIN] the template draws the roll-off first (a float under 1/2: player 0), then the terrain, feature by feature", () => {
    const rs = PAIRS[0]!;
    const t = setUpTemplate({ rosters: rs, battleplan: "savage-gains" })!;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rng = new Rng(seed);
      const winner = rng.nextFloat() < 0.5 ? 0 : 1;
      const s = setUpFromTemplate(t, seed)!;
      expect(s.winner).toBe(winner);
      // The policy makes the roll-off's winner the attacker (policy.ts: "be the attacker").
      expect(s.data.attacker).toBe(winner);
      // The first feature: the first of its tries (radius 2 + 2u, then x and y inside 3" of the edges) whose
      // circle keeps more than 3" from every objective (setup.ts drawTerrain; no other feature stands yet).
      const objectives = battleplan("savage-gains").objectives.flatMap((o) => (o.positions ?? []).map((p) => p.at));
      const first = s.data.terrain[0]!;
      let tries = 0;
      for (;;) {
        tries++;
        const radius = 2 + rng.nextFloat() * 2;
        const x = radius + 3 + rng.nextFloat() * (60 - 2 * (radius + 3));
        const y = radius + 3 + rng.nextFloat() * (44 - 2 * (radius + 3));
        if (objectives.some((o) => Math.hypot(o.x - x, o.y - y) - radius <= 3)) continue;
        expect([first.x, first.y, first.radius]).toEqual([Math.round(x * 100) / 100, Math.round(y * 100) / 100, Math.round(radius * 100) / 100]);
        break;
      }
      expect(tries).toBeLessThan(200);
      // 1000 points: 6 features at most (PB-TERRAIN's table, setup.ts terrainCount).
      expect(s.data.terrain.length).toBeLessThanOrEqual(6);
      const encoded = encodeTemplateSetUp(t, s)!;
      expect(encoded[H.N_TERRAIN]).toBe(s.data.terrain.length);
      expect(encoded[encoded[H.OFF_TERRAIN]! + 0 * TERRAIN]).toBe(first.x);
    }
  });

  it("[PB-DEPLOY-ZONE] a template state is a battle of its own: playing it on leaves the template's next battles unchanged", () => {
    const rs = PAIRS[0]!;
    const t = setUpTemplate({ rosters: rs, battleplan: "first-blood" })!;
    const before = JSON.stringify(setUpFromTemplate(t, 9)!.data);
    const s = templateState(t, 8)!;
    s.reseed(5);
    playPolicy(s);
    expect(s.isTerminal()).toBe(true);
    expect(JSON.stringify(setUpFromTemplate(t, 9)!.data)).toBe(before);
  });

  it("[PB-DEPLOY-ALT] a matchup chunk in the kernel gives the tally of battles set up in full, battle for battle", () => {
    const [a, b] = PAIRS[0]!;
    for (const plan of ["the-vice", "survival-of-the-fittest"] as const) {
      const task = { plan, planIndex: 0, from: 0, to: 6 };
      const req = { a, b, seed: 3, engine: "wasm" as const };
      const tally = playChunk(req, task, core);
      // The same battles set up in full and played in the kernel (analysis/matchup/job.ts battleSeed).
      const stream = BATTLEPLAN_IDS.indexOf(plan);
      const expected = newTally();
      for (let g = 0; g < 6; g++) {
        const seed = deriveSeed(deriveSeed(3, stream), g);
        const state = full([a, b], plan, seed);
        addResult(expected, decodeRollout(core.aosRollouts(encodeBattle(state.data), [deriveSeed(seed, 1)], RESULT), 0, state.data));
      }
      expect(tally.games).toBe(6);
      expect(tally).toEqual(expected);
    }
  });
});
