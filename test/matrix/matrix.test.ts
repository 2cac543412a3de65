/**
 * `tactica matrix` (issue 16): the Bradley-Terry fit against a hand-worked case, the result's assembly from
 * chunk tallies, and determinism — the same result whatever the chunk size, the order chunks run in, or the
 * number of pool workers; a scripted cell is the matchup's battles with the pairing's seed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bradleyTerry, covariance, ELO_PER_THETA, mmStep } from "../../analysis/matrix/bradley-terry.js";
import { playMatrixChunk } from "../../analysis/matrix/play.js";
import { matrixCsv, matrixResult } from "../../analysis/matrix/report.js";
import { chunksOf, type MatrixRequest, matrixRequestSchema, pairings, pairSeed } from "../../analysis/matrix/request.js";
import { runMatrix } from "../../analysis/matrix/run.js";
import type { CellTally } from "../../analysis/matrix/tally.js";
import { playChunk } from "../../analysis/matchup/play.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { loadCore } from "../../src/core/wasm.js";
import { scratchDir, tactica } from "../support/cli.js";

const rosters = bundledRosters().map((r) => r.roster);

describe("[MATRIX-BT] Bradley-Terry by MM", () => {
  // Three lists whose battles are exactly what strengths 4 : 2 : 1 predict: A beat B 2 of 3 (4/(4+2) = 2/3),
  // B beat C 2 of 3 (2/3), A beat C 4 of 5 (4/5). Score equations W_i = sum_j n_ij p_i/(p_i+p_j):
  // A: 2 + 4 = 6 = 3*4/6 + 5*4/5; B: 1 + 2 = 3 = 3*2/6 + 3*2/3; C: 1 + 1 = 2 = 3*1/3 + 5*1/5. So the fit is
  // p = (4, 2, 1): theta = ln p less its mean ln 2 = (ln 2, 0, -ln 2).
  const wins = [6, 3, 2];
  const games = [
    [0, 3, 5],
    [3, 0, 3],
    [5, 3, 0],
  ];
  it("one MM step from equal strengths: p_A = 6/(3/2 + 5/2) = 1.5, p_B = 3/(3/2 + 3/2) = 1, p_C = 2/(3/2 + 5/2) = 0.5", () => {
    expect(mmStep(wins, games, [1, 1, 1])).toEqual([1.5, 1, 0.5]);
  });
  it("converges to theta = (ln 2, 0, -ln 2), summing to 0", () => {
    const fit = bradleyTerry(wins, games);
    expect(fit.converged).toBe(true);
    expect(fit.theta[0]).toBeCloseTo(Math.LN2, 10);
    expect(fit.theta[1]).toBeCloseTo(0, 10);
    expect(fit.theta[2]).toBeCloseTo(-Math.LN2, 10);
  });
  it("intervals from the information's pseudo-inverse: variances 31/102, 1/3, 31/102", () => {
    // Weights n q (1-q): AB 3*(2/3)(1/3) = 2/3, BC 2/3, AC 5*(4/5)(1/5) = 4/5. L = [[22/15, -2/3, -4/5],
    // [-2/3, 4/3, -2/3], [-4/5, -2/3, 22/15]]; its pseudo-inverse, worked with fractions, is
    // [[31/102, -1/6, -7/51], [-1/6, 1/3, -1/6], [-7/51, -1/6, 31/102]] (check: L+ L = I - J/3, e.g. B's row
    // times B's column: 1/9 + 4/9 + 1/9 = 2/3).
    const cov = covariance([Math.LN2, 0, -Math.LN2], games);
    const expected = [
      [31 / 102, -1 / 6, -7 / 51],
      [-1 / 6, 1 / 3, -1 / 6],
      [-7 / 51, -1 / 6, 31 / 102],
    ];
    cov.forEach((row, i) => row.forEach((x, j) => expect(x).toBeCloseTo(expected[i]![j]!, 12)));
    const fit = bradleyTerry(wins, games);
    expect(fit.se[1]).toBeCloseTo(Math.sqrt(1 / 3), 10);
    expect(fit.low[0]).toBeCloseTo(Math.LN2 - 1.959964 * Math.sqrt(31 / 102), 9);
    expect(fit.high[2]).toBeCloseTo(-Math.LN2 + 1.959964 * Math.sqrt(31 / 102), 9);
    expect(ELO_PER_THETA * Math.LN2).toBeCloseTo(120.41, 2); // twice as strong: 120 Elo points
  });
  it("refuses a list that won everything (no finite fit)", () => {
    expect(() => bradleyTerry([3, 0], [[0, 3], [3, 0]])).toThrow(/list 0 won 3 of 3 battles: no finite fit/);
  });
});

const tally = (games: number, aWins: number, bWins: number, vp: [number, number]): CellTally => ({ games, draws: games - aWins - bWins, wins: [aWins, bWins], vp, vp2: [vp[0] * vp[0], vp[1] * vp[1]] });

describe("[MATRIX-RESULT] the result from chunk tallies", () => {
  const req = matrixRequestSchema.parse({ lists: rosters.slice(0, 3), plans: ["savage-gains"], games: 4, chunkGames: 2 });
  it("cells merge their chunks; the ranking counts draws half and adds one drawn battle a pairing", () => {
    const chunks = chunksOf(req);
    expect(chunks.map((c) => [c.pair, c.from, c.to])).toEqual([[0, 0, 2], [0, 2, 4], [1, 0, 2], [1, 2, 4], [2, 0, 2], [2, 2, 4]]);
    // Pairing (0,1): 3-1; (0,2): 2-1 and a draw; (1,2): 1-3. Each chunk's VP sum is given; vp2 as if one battle.
    const r = matrixResult(req, [tally(2, 2, 0, [20, 10]), tally(2, 1, 1, [10, 10]), tally(2, 1, 0, [15, 5]), tally(2, 1, 1, [5, 5]), tally(2, 0, 2, [0, 20]), tally(2, 1, 1, [10, 10])]);
    expect(r.cells).toHaveLength(3);
    expect(r.pairs.map((p) => [p.a, p.b, p.games, p.aWins, p.draws, p.bWins])).toEqual([[0, 1, 4, 3, 0, 1], [0, 2, 4, 2, 1, 1], [1, 2, 4, 1, 0, 3]]);
    expect(r.pairs[0]!.aVp.mean).toBe(7.5); // (20 + 10) / 4
    expect(r.pairs[0]!.aWin.p).toBe(0.75);
    // Records: list 0 won 5, drew 1, lost 2; list 1 won 2, lost 6; list 2 won 4, drew 1, lost 3.
    const byList = Object.fromEntries(r.ranking.map((s) => [s.list, s]));
    expect(byList[rosters[0]!.name]).toMatchObject({ rank: 1, games: 8, wins: 5, draws: 1, losses: 2, meanWinRate: (3 / 4 + 2 / 4) / 2 });
    expect(byList[rosters[1]!.name]).toMatchObject({ rank: 3, wins: 2, draws: 0, losses: 6, meanWinRate: (1 / 4 + 1 / 4) / 2 });
    expect(byList[rosters[2]!.name]).toMatchObject({ rank: 2, wins: 4, draws: 1, losses: 3 });
    // The fit is Bradley-Terry over wins 5.5+1, 2+1, 4.5+1 (the prior's half win a pairing) of 10 battles each.
    const fit = bradleyTerry([6.5, 3, 5.5], [[0, 5, 5], [5, 0, 5], [5, 5, 0]]);
    expect(byList[rosters[0]!.name]!.strength.theta).toBe(fit.theta[0]);
    const csv = matrixCsv(r).trim().split("\n");
    expect(csv).toHaveLength(1 + 3 + 3);
    expect(csv[1]).toBe(`${rosters[0]!.name},${rosters[1]!.name},savage-gains,4,3,0,1,0.7500,${r.cells[0]!.aWin.low.toFixed(4)},${r.cells[0]!.aWin.high.toFixed(4)},0.0000,0.0000,${r.cells[0]!.draw.high.toFixed(4)},0.2500,${r.cells[0]!.bWin.low.toFixed(4)},${r.cells[0]!.bWin.high.toFixed(4)},7.5000,${r.cells[0]!.aVp.low.toFixed(4)},${r.cells[0]!.aVp.high.toFixed(4)},5.0000,${r.cells[0]!.bVp.low.toFixed(4)},${r.cells[0]!.bVp.high.toFixed(4)}`);
  });
  it("refuses two lists of the same name and a job over the battle limit", () => {
    expect(matrixRequestSchema.safeParse({ lists: [rosters[0], rosters[0]] }).success).toBe(false);
    expect(matrixRequestSchema.safeParse({ lists: rosters.slice(0, 2), games: 100_000, plans: ["savage-gains"] }).success).toBe(true);
  });
});

describe("[MATRIX-SEED] the same result whatever runs the chunks", () => {
  const base = { lists: rosters.slice(0, 3), plans: ["savage-gains", "the-vice"], games: 6, seed: 7 };
  it("chunk size 1 in reverse order and chunk size 4 in order give the same JSON; a cell is the matchup's battles with the pairing's seed", async () => {
    const core = await loadCore();
    const small = matrixRequestSchema.parse({ ...base, chunkGames: 1 });
    const big = matrixRequestSchema.parse({ ...base, chunkGames: 4 });
    const reversed = chunksOf(small).reverse();
    const tallies: CellTally[] = [];
    for (const c of reversed) tallies[c.index] = playMatrixChunk(small, c, core);
    const a = matrixResult(small, tallies);
    const b = await runMatrix(big, async (c) => playMatrixChunk(big, c, core), undefined, 3);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    // Pairing 2 is lists (1, 2); its the-vice cell is the matchup of those lists seeded pairSeed(7, 2).
    expect(pairings(3)[2]).toEqual([1, 2]);
    const m = playChunk({ a: rosters[1]!, b: rosters[2]!, seed: pairSeed(7, 2), engine: "wasm" }, { plan: "the-vice", planIndex: 0, from: 0, to: 6 }, core);
    const cell = a.cells.find((c) => c.a === 1 && c.b === 2 && c.plan === "the-vice")!;
    expect([cell.aWins, cell.draws, cell.bWins]).toEqual([m.sides[0].wins, m.draws, m.sides[1].wins]);
    expect(cell.aVp.mean).toBe(m.sides[0].vp / 6);
    expect(a.cells.reduce((s, c) => s + c.games, 0)).toBe(3 * 2 * 6);
  });
});

describe("[MATRIX-CHUNK] the default chunk: a cell up to 500 battles, split evenly", () => {
  const lists = bundledRosters().slice(0, 2).map((r) => r.roster);
  const sizes = (games: number, agents: "scripted" | "mcts" = "scripted") => chunksOf(matrixRequestSchema.parse({ lists, plans: ["savage-gains"], games, agents })).map((c) => c.to - c.from);
  it("200 games: one chunk; 900: 450 + 450; 1001: 334 + 334 + 333; mcts: one battle a chunk", () => {
    expect(sizes(200)).toEqual([200]);
    expect(sizes(500)).toEqual([500]);
    expect(sizes(900)).toEqual([450, 450]);
    expect(sizes(1001)).toEqual([334, 334, 333]);
    expect(sizes(3, "mcts")).toEqual([1, 1, 1]);
  });
});

describe("[MATRIX-CLI] tactica matrix", () => {
  it("1 and 2 pool workers print the same JSON; --out and --csv write the result", () => {
    const dir = scratchDir("matrix");
    const out = join(dir.dir, "m.json");
    const csv = join(dir.dir, "m.csv");
    const args = ["matrix", rosters[0]!.name, rosters[1]!.name, rosters[2]!.name, "--plans", "savage-gains", "--games", "6", "--chunk", "2", "--seed", "3", "--json"];
    const one = tactica([...args, "--workers", "1", "--out", out, "--csv", csv]);
    expect(one.err).toBe("");
    expect(one.code).toBe(0);
    const two = tactica([...args, "--workers", "2"]);
    expect(two.out).toBe(one.out);
    expect(readFileSync(out, "utf8")).toBe(one.out);
    const r = JSON.parse(one.out) as ReturnType<typeof matrixResult>;
    expect(r.kind).toBe("tactica-matrix");
    expect(r.lists).toEqual(rosters.slice(0, 3).map((x) => x.name));
    expect(r.ranking.map((s) => s.rank)).toEqual([1, 2, 3]);
    expect(readFileSync(csv, "utf8").trim().split("\n")).toHaveLength(1 + 3 + 3);
  });
  it("bad options exit 2 with the field named", () => {
    const cases: [string[], RegExp][] = [
      [["matrix", rosters[0]!.name], /at least two lists/],
      [["matrix", "--games", "0"], /--games: must be at least 1|games: must be at least 1/],
      [["matrix", "--agents", "random"], /agents: must be one of: scripted, mcts/],
      [["matrix", "--iterations", "5"], /for --agents mcts only/],
      [["matrix", "--queue", "http://127.0.0.1:1"], /--queue: .*must start redis:\/\//],
      [["matrix", "--queue", "redis://127.0.0.1:99999"], /--queue: /],
      [["matrix", "--queue", "redis://127.0.0.1:6379", "--job", "a:b"], /--job: /],
      [["matrix", "nonesuch.json", rosters[0]!.name], /LIST 1: /],
    ];
    for (const [args, message] of cases) {
      const r = tactica(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

export type { MatrixRequest };
