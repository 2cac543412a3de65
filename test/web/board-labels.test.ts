/**
 * The range rings' labels on the play boards (web/play/board.ts rangeLabelY): inside the ring's lowest point,
 * its highest where that is off the board, and never printed on top of one another when the board's edge cuts
 * several rings (a unit on the near edge: "move 5"" and "charge 12"" used to share one spot).
 */
import { describe, expect, it } from "vitest";
import { rangeLabelY } from "../../web/play/board.js";

describe("range ring labels", () => {
  it("sit just inside the ring's lowest point when it is on the board", () => {
    const placed: number[] = [];
    // A unit at y = 20 (SVG) on a 44"-deep board: the 6" ring's lowest point is at 26.
    expect(rangeLabelY(20, 6, 44, placed)).toBeCloseTo(25.6, 10);
    expect(rangeLabelY(20, 12, 44, placed)).toBeCloseTo(31.6, 10);
    expect(placed).toHaveLength(2);
  });

  it("go to the ring's highest point when the lowest is off the board, each ring its own line", () => {
    const placed: number[] = [];
    // A unit 3" from the near edge (y = 41 of 44): both rings run off the bottom; their tops are at 30 and 24.
    const move = rangeLabelY(41, 11, 44, placed);
    const charge = rangeLabelY(41, 17, 44, placed);
    expect(move).toBeCloseTo(31, 10);
    expect(charge).toBeCloseTo(25, 10);
  });

  it("step a line into the board when the edge cuts a ring on both sides, so none overlap", () => {
    const placed: number[] = [];
    // A board 10" deep and a unit in the middle with 20" and 30" rings: neither end is on the board.
    const ys = [rangeLabelY(5, 20, 10, placed), rangeLabelY(5, 30, 10, placed), rangeLabelY(5, 40, 10, placed)];
    expect(ys[0]).toBeCloseTo(9.6, 10);
    expect(ys[1]).toBeCloseTo(8.5, 10);
    expect(ys[2]).toBeCloseTo(7.4, 10);
  });
});
