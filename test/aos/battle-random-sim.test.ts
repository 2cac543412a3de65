/**
 * The shared random-playout checker (test/support/random-sim.ts) over the Pitched Battle engine, on every
 * battleplan: every legal action applies, clone and JSON round-trips continue identically, and the
 * battle's invariants hold at every step.
 */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame, type PitchedBattleSetup, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { playOut, randomAgent } from "../../src/planner/agents.js";
import { Rng } from "../../src/core/rng.js";
import { check, randomSimTest } from "../support/random-sim.js";

const rosters = bundledRosters().map((r) => r.roster);
const GAMES_PER_PLAN = Number(process.env.TACTICA_SIM_GAMES ?? 150);

function invariants(s: PitchedBattleState): void {
  const d = s.data;
  d.units.forEach((u, i) => {
    const p = d.profiles[i]!;
    check(u.models >= 0 && u.models <= p.startModels, () => `${p.name}: ${u.models} models of ${p.startModels}`);
    check(u.damage >= 0 && u.damage < p.health, () => `${p.name}: ${u.damage} damage allocated with Health ${p.health}`);
    if (u.status === "destroyed") check(u.models === 0, () => `${p.name} destroyed with models left`);
    if (u.status === "deployed") {
      check(u.models > 0, () => `${p.name} on the battlefield with no models`);
      check(u.x >= 0 && u.x <= 60 && u.y >= 0 && u.y <= 44, () => `${p.name} off the battlefield at (${u.x}, ${u.y})`);
    }
  });
  check(d.round <= 5, `battle round ${d.round}`);
  // VP come only from the scoring fold (the plan's sources) and, at the end, the grand strategies.
  if (d.scoring && !d.end) {
    check(d.victoryPoints[s.battle.playerOf("attacker")] === d.scoring.victoryPoints.attacker, "attacker VP differ from the scoring fold");
    check(d.victoryPoints[s.battle.playerOf("defender")] === d.scoring.victoryPoints.defender, "defender VP differ from the scoring fold");
  }
}

function atEnd(s: PitchedBattleState): void {
  const d = s.data;
  expect(d.end).not.toBeNull();
  // PB-LENGTH: 5 battle rounds, unless Marking Territory's major victory ends it early (PB-BP-01).
  if (d.scoring!.gloriousVictory) expect(d.battleplan).toBe("marking-territory");
  else {
    expect(d.round).toBe(5);
    expect(d.scoring!.turnsThisRound).toBe(2);
  }
  const gs = d.end!.lines.reduce((a, l) => a + l.victoryPoints, 0);
  expect(d.victoryPoints[0] + d.victoryPoints[1]).toBe(d.scoring!.victoryPoints.attacker + d.scoring!.victoryPoints.defender + gs);
  expect(gs % 3).toBe(0); // grand strategies are worth 3 VP each (PB-GS-PICK)
  const r = s.returns();
  expect(r[0]! + r[1]!).toBe(0);
}

describe("Pitched Battle engine: random playouts", () => {
  for (const plan of BATTLEPLAN_IDS) {
    it(`[PB-LENGTH] ${GAMES_PER_PLAN} seeded random battles on ${plan}: legal actions apply, round-trips continue identically, invariants hold`, () => {
      const { terminals } = randomSimTest({
        game: pitchedBattleGame,
        options: (rng, i): PitchedBattleSetup => {
          const a = rosters[rng.roll(rosters.length) - 1]!;
          const b = rosters[rng.roll(rosters.length) - 1]!;
          return { rosters: [a, b], battleplan: plan, log: i % 10 === 0 };
        },
        games: GAMES_PER_PLAN,
        seed: BATTLEPLAN_IDS.indexOf(plan) + 1,
        maxSteps: 5000,
        roundTripEvery: 37,
        check: invariants,
        checkTerminal: atEnd,
      });
      expect(terminals).toBe(GAMES_PER_PLAN);
    });
  }

  it("[PB-SCORESHEET] replays: the same seed and the same actions give the same battle, byte for byte", () => {
    const opts = { rosters: [rosters[0]!, rosters[2]!] as [typeof rosters[0], typeof rosters[0]], battleplan: "savage-gains" as const, log: true };
    const first = pitchedBattleGame.newInitialState(opts, 99);
    const steps = playOut(first, [randomAgent, randomAgent], new Rng(5));
    const again = pitchedBattleGame.newInitialState(opts, 99);
    for (const step of steps) again.apply(step.action);
    expect(JSON.stringify(again.toJSON())).toBe(JSON.stringify(first.toJSON()));
    expect(again.data.log!.length).toBeGreaterThan(50);
  });
});
