import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { playOut, randomAgent } from "../../src/planner/agents.js";
import { mctsAgent, mergeTallies, rootOptions, search, searchRoots, searchTally, summarize } from "../../src/planner/mcts.js";
import { DiceDuel, diceDuelBlindValues, diceDuelValues, negamax, perfectMove, Simultaneous, TicTacToe } from "./games.js";

describe("MCTS on tic-tac-toe", () => {
  it("takes a win in one", () => {
    // X to move: 2 wins the top row; O threatens nothing X must answer first.
    const s = TicTacToe.from("XX. OO. ...".replace(/ /g, ""));
    expect(s.toMove).toBe(0);
    const r = search(s, { seed: 1, iterations: 2000 });
    expect(r.best).toBe(2);
    expect(r.actions[0]!.winProbability).toBe(1); // every playout after the winning move is a win
  });

  it("blocks a loss in one", () => {
    // O to move: X threatens 2 (top row); every other move loses.
    const s = TicTacToe.from("XX. .O. ..X".replace(/ /g, ""));
    expect(s.toMove).toBe(1);
    const r = search(s, { seed: 2, iterations: 3000 });
    expect(r.best).toBe(2);
  });

  it("never loses against perfect play, as X or as O (20 games)", () => {
    const rng = new Rng(7);
    let losses = 0;
    let draws = 0;
    for (let g = 0; g < 20; g++) {
      const mctsSide = g % 2;
      const s = new TicTacToe();
      for (let ply = 0; !s.isTerminal(); ply++) {
        const a = s.toMove === mctsSide ? search(s, { seed: 1000 * g + ply, iterations: 3000 }).best : perfectMove(s, rng);
        s.apply(a);
      }
      const r = s.returns()[mctsSide]!;
      if (r < 0) losses++;
      if (r === 0) draws++;
    }
    expect(losses).toBe(0);
    expect(draws).toBe(20); // perfect play cannot be beaten either
    expect(Math.abs(negamax(new TicTacToe()))).toBe(0); // tic-tac-toe is a draw
  });

  it("with a budget of one iteration plays the prior's move (never worse than the scripted player)", () => {
    const s = new TicTacToe();
    for (const prior of [0, 4, 8]) expect(search(s, { seed: 3, iterations: 1, prior: () => prior }).best).toBe(prior);
    // With more budget the search leaves a bad prior: corner 0 is fine, but from this position 8 loses.
    const t = TicTacToe.from("XX. .O. ...".replace(/ /g, ""));
    expect(search(t, { seed: 3, iterations: 3000, prior: () => 8 }).best).toBe(2);
  });

  it("is deterministic: the same seed and budget give the same statistics", () => {
    const s = TicTacToe.from("X.. .O. ...".replace(/ /g, ""));
    const a = search(s, { seed: 11, iterations: 1500 });
    const b = search(s, { seed: 11, iterations: 1500 });
    expect(b.actions).toEqual(a.actions);
    expect(b.principalLine).toEqual(a.principalLine);
    expect(s.board.filter((v) => v !== -1)).toHaveLength(2); // the root is not changed
  });
});

describe("MCTS on a dice duel with exact values (dynamic programming)", () => {
  it("with the rolls as explicit chance nodes, converges to the exact values and picks the exact best", () => {
    const exact = diceDuelValues(4); // [-0.419, -0.311, -0.258, -0.182]: 4 dice is best
    expect(exact[3]).toBeCloseTo(-0.182, 3);
    const r = search(new DiceDuel(true, 4), { seed: 5, iterations: 60_000, widening: false });
    expect(r.best).toBe(4);
    expect(Math.abs(r.actions[0]!.meanReturn - exact[3]!)).toBeLessThan(0.025);
    // Less visited actions carry the bias of their still-learning subtrees; those with a tenth of the
    // visits are within 0.07.
    for (const a of r.actions) if (a.visits >= 6000) expect(Math.abs(a.meanReturn - exact[a.action - 1]!)).toBeLessThan(0.07);
    // The principal line goes through the chance node: 4 dice, then a score, then player 1's answer.
    expect(r.principalLine[0]).toMatchObject({ player: 0, action: 4 });
    expect(r.principalLine[1]!.player).toBe(-1);
  });

  it("open loop (the dice inside the action): the reply cannot see the roll, and the values are the blind game's", () => {
    // Player 1 cannot condition on player 0's score, so the search values the blind game: 4 dice is best
    // there (0.000), while 5 dice is worth -0.097 — 5 would be best if player 1 saw the score (see above).
    const exact = diceDuelBlindValues(5);
    expect(exact.map((v) => Number(v.toFixed(3)))).toEqual([-0.375, -0.199, -0.1, -0.045, -0.097]);
    const r = search(new DiceDuel(false, 5), { seed: 6, iterations: 60_000, widening: false });
    expect(r.best).toBe(4);
    expect(Math.abs(r.actions[0]!.meanReturn - exact[3]!)).toBeLessThan(0.025);
    for (const a of r.actions) if (a.visits >= 6000) expect(Math.abs(a.meanReturn - exact[a.action - 1]!)).toBeLessThan(0.07);
    // Intervals: the win probability's Wilson interval holds its estimate; draws are counted apart.
    const top = r.actions[0]!;
    expect(top.winInterval[0]).toBeLessThan(top.winProbability);
    expect(top.winInterval[1]).toBeGreaterThan(top.winProbability);
    expect(top.meanReturn).toBeCloseTo(2 * top.winProbability + top.drawProbability - 1, 9);
  });
});

describe("MCTS with simultaneous moves (decoupled UCT)", () => {
  it("each side finds its dominant action", () => {
    // A prisoner's dilemma: defecting (1) is better for each side whatever the other does.
    const g = new Simultaneous(
      [[0.3, -1], [1, -0.5]],
      [[0.3, 1], [-1, -0.5]],
    );
    const r = search(g, { seed: 8, iterations: 4000 });
    expect(r.joint!.map((j) => j.best)).toEqual([1, 1]);
  });

  it("a side never sees the other's order: matching pennies stays a coin toss", () => {
    // Player 0 wins on equal picks. If player 1 saw player 0's pick it would always win.
    const g = new Simultaneous([[1, -1], [-1, 1]]);
    const r = search(g, { seed: 9, iterations: 4000 });
    const p1 = r.joint![1]!;
    const visits = p1.actions.reduce((s, a) => s + a.visits, 0);
    const p1Wins = p1.actions.reduce((s, a) => s + a.winProbability * a.visits, 0) / visits;
    expect(p1Wins).toBeGreaterThan(0.35);
    expect(p1Wins).toBeLessThan(0.65);
  });

  it("a mixed equilibrium: each side plays its first action 40% of the time and the game is worth 0.1 to player 0", () => {
    // Payoffs to player 0 [[1, -0.5], [-0.5, 0.5]], zero-sum. Indifference: 1.5p - 0.5 = 0.5 - p, so p = 0.4
    // for each side and the value is 1.5 * 0.4 - 0.5 = 0.1.
    const r = search(new Simultaneous([[1, -0.5], [-0.5, 0.5]]), { seed: 1, iterations: 20_000 });
    for (const j of r.joint!) {
      const total = j.actions.reduce((s, a) => s + a.visits, 0);
      expect(j.actions.find((a) => a.action === 0)!.visits / total).toBeCloseTo(0.4, 1);
      const value = j.actions.reduce((s, a) => s + a.meanReturn * a.visits, 0) / total;
      expect(Math.abs(value - (j.player === 0 ? 0.1 : -0.1))).toBeLessThan(0.02);
    }
  });
});

describe("root parallelism", () => {
  it("trees searched apart merge to the same answer in any order, and searchRoots is that merge", () => {
    const s = TicTacToe.from("X.. .O. ...".replace(/ /g, ""));
    const opts = { seed: 12, iterations: 2000 };
    const subs = rootOptions(opts, 4);
    expect(subs.map((o) => o.iterations)).toEqual([500, 500, 500, 500]);
    const tallies = subs.map((o) => searchTally(s, o));
    const forward = summarize(s, mergeTallies(tallies), subs[0]!.seed);
    const backward = summarize(s, mergeTallies([...tallies].reverse()), subs[0]!.seed);
    expect(backward.actions).toEqual(forward.actions);
    const direct = searchRoots(s, opts, 4);
    expect(direct.actions).toEqual(forward.actions);
    expect(direct.iterations).toBe(2000);
  });
});

describe("the mcts agent", () => {
  it("beats a random player at tic-tac-toe: no loss in 20 games, sides swapped, and wins most", () => {
    const agent = mctsAgent<TicTacToe>({ iterations: 800 });
    let wins = 0;
    let losses = 0;
    for (let g = 0; g < 20; g++) {
      const side = g % 2;
      const agents = side === 0 ? [agent, randomAgent] : [randomAgent, agent];
      const s = new TicTacToe();
      playOut(s, agents as never, new Rng(100 + g));
      const r = s.returns()[side]!;
      if (r > 0) wins++;
      if (r < 0) losses++;
    }
    expect(losses).toBe(0);
    expect(wins).toBeGreaterThanOrEqual(16);
  });
});
