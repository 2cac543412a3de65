/**
 * The scripted Pitched Battle policy (src/aos/battle/policy.ts): it decides from the state alone, plays the
 * rules the file comment promises on set-up positions, and beats the random agent clearly.
 */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { choices } from "../../src/aos/battle/flow.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { policyAction, scriptedPolicy } from "../../src/aos/battle/policy.js";
import { resultFromState } from "../../src/aos/rollout/result.js";
import { playSetUp } from "../../src/aos/rollout/ts.js";
import { Rng } from "../../src/core/rng.js";
import { playOut, randomAgent } from "../../src/planner/agents.js";
import { baseRadiusInches, footprintRadius } from "../../src/aos/battle/units.js";
import { battleAt } from "../support/battle-fixtures.js";

const rosters = bundledRosters().map((r) => r.roster);
const thousand = rosters.filter((r) => r.pointsLimit === 1000 && r.mode === "pitched-battles-2021");

const decision = (b: Battle) => choices(b)[policyAction(b)]!.label;

describe("scripted policy", () => {
  it("[PB-RESULT] beats the random agent in at least 80 of 100 seeded battles (every plan, both armies, both sides)", () => {
    let wins = 0;
    for (let g = 0; g < 100; g++) {
      const side = g % 2;
      const pair = (g >> 1) % 2;
      const s = pitchedBattleGame.newInitialState({ rosters: [thousand[pair]!, thousand[1 - pair]!], battleplan: BATTLEPLAN_IDS[g % 12]! }, 500 + g);
      playOut(s, side === 0 ? [scriptedPolicy, randomAgent] : [randomAgent, scriptedPolicy], new Rng(g));
      if (resultFromState(s).winner === side) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(80);
  });

  it("decides from the state alone: it never draws from its RNG, and the same state gives the same action", () => {
    const s = pitchedBattleGame.newInitialState({ rosters: [rosters[0]!, rosters[2]!], battleplan: "the-vice" }, 11);
    playSetUp(s);
    for (let i = 0; i < 150 && !s.isTerminal(); i++) {
      if (s.currentPlayer() < 0) {
        s.apply(0);
        continue;
      }
      const r1 = new Rng(1);
      const r2 = new Rng(2);
      const a = scriptedPolicy.act(s, s.currentPlayer(), r1);
      expect(scriptedPolicy.act(s.clone(), s.currentPlayer(), r2)).toBe(a);
      expect(r1.state()).toEqual(new Rng(1).state());
      s.apply(a);
    }
  });

  it("[CORE-CHARGE] charges an enemy at most 7 1/2\" away (a 2D6 roll of 7: 21/36), not one 8\" away", () => {
    const at = (gap: number) => {
      // Centres apart by the two footprints' radii plus the gap (10 Liberators, 10 Mortek Guard).
      const r = footprintRadius(10, baseRadiusInches("40mm", [])) + footprintRadius(10, baseRadiusInches("25mm", []));
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: "Liberators", owner: 0, x: 20, y: 10, models: 10 },
        { warscroll: "Mortek Guard", owner: 1, x: 20, y: 10 + r + gap },
      ], { step: { kind: "charge", player: 0 } });
      return { b, gap: b.distance(ids[0]!, ids[1]!) };
    };
    const near = at(7.4);
    expect(near.gap).toBeCloseTo(7.4, 9);
    expect(decision(near.b)).toBe("Liberators charges Mortek Guard");
    const far = at(8);
    expect(far.gap).toBeCloseTo(8, 9);
    expect(decision(far.b)).toBe("end the charge phase");
  });

  it("[PB-REALM-METAMORPHOSIS] casts Metamorphosis when a wizard can, on the first HERO in range", () => {
    const { b } = battleAt("savage-gains", [
      { warscroll: "Lord-Imperatant", owner: 0, x: 20, y: 5 },
      { warscroll: "Knight-Arcanum", owner: 0, x: 25, y: 5 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 38 },
    ], { step: { kind: "hero", player: 0 } });
    expect(decision(b)).toBe("Knight-Arcanum casts Metamorphosis on Lord-Imperatant");
  });

  it("[CORE-CONTEST] the first unit on an objective holds it; the next advances on the nearest objective not held", () => {
    // Savage Gains: south-border (30, 12) is ours and held by the Liberators; the Vindictors beside it move on
    // to west (14, 22), running: it is out of a move's reach, they have no missile weapon, no enemy is near.
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 30, y: 9 },
      { warscroll: "Vindictors", owner: 0, x: 24, y: 9 },
      { warscroll: "Mortek Guard", owner: 1, x: 30, y: 38 },
    ]);
    b.data.control["south-border"] = 0;
    expect(decision(b)).toBe("Vindictors runs toward objective west");
    expect(b.unit(ids[0]!).moved).toBe(false);
  });

  it("[PB-TACTIC-PICK] picks the battle tactic most likely to complete: Conquer an objective the enemy holds alone nearby", () => {
    const { b } = battleAt("savage-gains", [
      { warscroll: "Liberators", owner: 0, x: 14, y: 14 },
      { warscroll: "Mortek Guard", owner: 1, x: 46, y: 36 },
    ], { step: { kind: "battle-tactic", player: 0 } });
    b.data.control.west = 1; // the enemy controls west (14, 22), no enemy is near it, our Liberators are 8" away
    expect(decision(b)).toBe("battle tactic: Conquer (west)");
  });
});
