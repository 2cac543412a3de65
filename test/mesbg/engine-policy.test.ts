/**
 * The scripted policy reads what a move is for from its tag, never from its label: labels carry model names
 * (found while building the rollout kernel, which mirrors the policy — an enemy called "half move orc" sent
 * archers a full move forward, out of shooting; a friend called "support guard" made a spearman close up
 * beside it as if to support, and skip its Terror test).
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { choose, orc, position, warrior } from "../support/mesbg.js";

const decide = (s: ReturnType<typeof position>) => s.actionToString(mesbgPolicy.act(s, s.currentPlayer(), new Rng(1)));

describe("the policy and model names", () => {
  it('[ME-BOW] an archer out of range half-moves even toward an enemy called "half move orc"', () => {
    const s = position({ archer: warrior({ name: "Archer", wargear: ["hand weapon", "bow"] }) }, { o: orc() }, [
      { side: 0, profile: "archer", x: 20, y: 5, name: "Archer" },
      { side: 1, profile: "o", x: 20, y: 40, name: "half move orc" },
    ]);
    choose(s, "Archer activates");
    expect(decide(s)).toBe("Archer advances 3.0\" toward half move orc (half move)");
  });

  it("[ME-SPEAR] a spearman with no one to support advances, whatever its neighbour is called", () => {
    const s = position({ sp: warrior({ name: "Spearman", wargear: ["hand weapon", "spear"] }), w: warrior() }, { o: orc() }, [
      { side: 0, profile: "sp", x: 20, y: 5, name: "Spearman" },
      { side: 0, profile: "w", x: 23, y: 5, name: "support guard" },
      { side: 1, profile: "o", x: 20, y: 40, name: "Orc" },
    ]);
    choose(s, "Spearman activates");
    expect(decide(s)).toBe("Spearman advances 6.0\" toward Orc");
  });
});
