/** Dice expressions: parsing, bounds and exact distributions. */
import { describe, expect, it } from "vitest";
import { dicePmf, diceToString, parseDice, type DiceExpr } from "../../src/core/dice.js";

const parsed = (s: string | number) => parseDice(s) as DiceExpr;

describe("dice expressions", () => {
  it("parses the forms the warscrolls use", () => {
    expect(parsed(3)).toEqual({ count: 0, sides: 0, plus: 3 });
    expect(parsed("D3")).toEqual({ count: 1, sides: 3, plus: 0 });
    expect(parsed("2D6")).toEqual({ count: 2, sides: 6, plus: 0 });
    expect(parsed("D3+1")).toEqual({ count: 1, sides: 3, plus: 1 });
    expect(parsed("d6 - 1")).toEqual({ count: 1, sides: 6, plus: -1 });
    expect(parsed("4")).toEqual({ count: 0, sides: 0, plus: 4 });
    expect(diceToString(parsed("2D6+3"))).toBe("2D6+3");
  });

  it("rejects what no warscroll has, with a sentence saying why", () => {
    expect(parseDice("D7")).toMatch(/only D3 and D6/);
    expect(parseDice("D")).toMatch(/not a dice expression/);
    expect(parseDice("9D6")).toMatch(/from 1 to 4 dice/);
    expect(parseDice(-1)).toMatch(/whole number/);
    expect(parseDice(2.5)).toMatch(/whole number/);
    expect(parseDice("1e9")).toMatch(/not a dice expression/);
    expect(parseDice(1e9)).toMatch(/whole number from 0 to 60/);
  });

  it("2D6 has the triangular distribution: P(7) = 6/36, P(2) = P(12) = 1/36", () => {
    const p = dicePmf(parsed("2D6"));
    expect(p).toHaveLength(13);
    expect(p[7]).toBeCloseTo(6 / 36, 15);
    expect(p[2]).toBeCloseTo(1 / 36, 15);
    expect(p[12]).toBeCloseTo(1 / 36, 15);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 15);
  });

  it("D3+1 is 2, 3 or 4 with 1/3 each; D6-2 cannot go below 0 (P(0) = 2/6)", () => {
    expect(dicePmf(parsed("D3+1"))).toEqual([0, 0, 1 / 3, 1 / 3, 1 / 3]);
    const q = dicePmf(parsed("D6-2"));
    expect(q[0]).toBeCloseTo(2 / 6, 15);
    expect(q).toHaveLength(5);
  });
});
