import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { randomRollout, search, searchRoots } from "../../src/planner/mcts.js";
import { type Action, type GameState, type PlayerId, TERMINAL } from "../../src/planner/game.js";
import { DiceDuel, diceDuelValues, perfectMove, TicTacToe } from "./games.js";

/** Player 0 tosses a coin with the state's RNG; player 1 then calls it (0 or 1) and wins if right. */
class CoinCall implements GameState<CoinCall> {
  readonly numPlayers = 2;
  coin = -1;
  call = -1;
  rng = new Rng(1);
  currentPlayer(): PlayerId {
    return this.coin < 0 ? 0 : this.call < 0 ? 1 : TERMINAL;
  }
  legalActions(player?: PlayerId): Action[] {
    const p = this.currentPlayer();
    return p < 0 || (player !== undefined && player !== p) ? [] : p === 0 ? [0] : [0, 1];
  }
  actionToString(a: Action): string {
    return this.coin < 0 ? "toss" : `call ${a}`;
  }
  apply(a: Action): void {
    if (this.coin < 0) this.coin = this.rng.roll(2) - 1;
    else this.call = a;
  }
  chanceOutcomes() {
    return [];
  }
  isTerminal(): boolean {
    return this.call >= 0;
  }
  returns(): number[] {
    return this.call === this.coin ? [-1, 1] : [1, -1];
  }
  heuristic(): number {
    return 0;
  }
  clone(): CoinCall {
    const c = new CoinCall();
    Object.assign(c, { coin: this.coin, call: this.call, rng: Rng.fromState(this.rng.state()) });
    return c;
  }
  reseed(seed: number): void {
    this.rng.reseed(seed);
  }
  rngState(): readonly number[] {
    return this.rng.state();
  }
  toJSON(): unknown {
    return { coin: this.coin, call: this.call };
  }
}

/** Player 0 tosses (wins on heads, loses on tails) or takes a draw; one decision. */
class TossOrDraw extends CoinCall {
  result = 0;
  done = false;
  override currentPlayer(): PlayerId {
    return this.done ? TERMINAL : 0;
  }
  override legalActions(player?: PlayerId): Action[] {
    return this.done || (player !== undefined && player !== 0) ? [] : [0, 1];
  }
  override apply(a: Action): void {
    this.result = a === 0 ? (this.rng.roll(2) === 1 ? 1 : -1) : 0;
    this.done = true;
  }
  override isTerminal(): boolean {
    return this.done;
  }
  override returns(): number[] {
    return [this.result, -this.result];
  }
  override clone(): TossOrDraw {
    const c = new TossOrDraw();
    Object.assign(c, { result: this.result, done: this.done, rng: Rng.fromState(this.rng.state()) });
    return c;
  }
}

const closed = { expandAfter: 4 };

describe("closed-loop MCTS (stored states, sampled chance outcomes)", () => {
  it("tic-tac-toe: takes a win in one and blocks a loss in one", () => {
    const win = TicTacToe.from("XX. OO. ...".replace(/ /g, ""));
    const r = search(win, { seed: 1, iterations: 2000, closedLoop: closed });
    expect(r.best).toBe(2);
    expect(r.actions[0]!.winProbability).toBe(1);
    const block = TicTacToe.from("XX. .O. ..X".replace(/ /g, ""));
    expect(search(block, { seed: 2, iterations: 3000, closedLoop: closed }).best).toBe(2);
  });

  it("tic-tac-toe: never loses against perfect play, as X or as O (10 games)", () => {
    const rng = new Rng(7);
    let draws = 0;
    for (let g = 0; g < 10; g++) {
      const side = g % 2;
      const s = new TicTacToe();
      while (!s.isTerminal()) s.apply(s.toMove === side ? search(s, { seed: 100 * g + s.board.filter((v) => v >= 0).length, iterations: 3000, closedLoop: closed }).best : perfectMove(s, rng));
      expect(s.returns()[side]!).toBeGreaterThanOrEqual(0);
      if (s.returns()[side] === 0) draws++;
    }
    expect(draws).toBe(10);
  });

  it("a move that draws no dice has one stored outcome: the tree of 1,000 iterations holds at most one node per expansion", () => {
    const s = new TicTacToe();
    const r = search(s, { seed: 3, iterations: 1000, closedLoop: { expandAfter: 1 } });
    // expandAfter 1: every iteration adds at most one node; with sampled duplicates there would be more
    // nodes than iterations + 1.
    expect(r.nodes).toBeLessThanOrEqual(1001);
    expect(r.actions.reduce((n, a) => n + a.visits, 0)).toBe(1000);
  });

  it("with a budget of one iteration plays the prior's move", () => {
    const s = new TicTacToe();
    for (const prior of [0, 4, 8]) expect(search(s, { seed: 3, iterations: 1, prior: () => prior, closedLoop: closed }).best).toBe(prior);
  });

  it("explicit chance nodes: converges to the dice duel's exact values and picks the exact best", () => {
    const exact = diceDuelValues(4); // 4 dice is best
    const r = search(new DiceDuel(true, 4), { seed: 5, iterations: 60_000, widening: false, closedLoop: { expandAfter: 1 } });
    expect(r.best).toBe(4);
    expect(Math.abs(r.actions[0]!.meanReturn - exact[3]!)).toBeLessThan(0.025);
  });

  it("dice rolled inside an action: the reply sees the roll, as at the table (the open loop cannot)", () => {
    // Player 0 tosses a coin (inside the action); player 1 wins by calling it. Seen, the call always wins: the
    // toss is worth exactly -1 to player 0; blind (the open loop) it is worth 0.
    const closedValue = search(new CoinCall(), { seed: 6, iterations: 3000, closedLoop: { expandAfter: 1 } }).actions[0]!.meanReturn;
    const openValue = search(new CoinCall(), { seed: 6, iterations: 3000 }).actions[0]!.meanReturn;
    expect(closedValue).toBeLessThan(-0.9);
    expect(Math.abs(openValue)).toBeLessThan(0.1);
  });

  it("...but a decision never sees the dice of its own action: choosing between a fair toss and a sure draw is worth 0 either way", () => {
    // Player 0 chooses to toss (win on heads) or to draw. Were the stored outcome foreseen, tossing would look
    // like a sure win in the tree that kept heads. Its value must be the expectation, 0.
    const r = search(new TossOrDraw(), { seed: 7, iterations: 20_000, widening: false, closedLoop: { expandAfter: 1 } });
    const toss = r.actions.find((a) => a.action === 0)!;
    // Within 3 standard errors of 0 (returns are ±1: the standard error is 1/sqrt(visits)).
    expect(Math.abs(toss.meanReturn)).toBeLessThan(3 / Math.sqrt(toss.visits));
    expect(toss.visits).toBeGreaterThan(200);
  });

  it("is deterministic and leaves the root alone; root parallelism merges closed-loop trees", () => {
    const s = TicTacToe.from("X.. .O. ...".replace(/ /g, ""));
    const a = search(s, { seed: 11, iterations: 1500, closedLoop: closed });
    const b = search(s, { seed: 11, iterations: 1500, closedLoop: closed });
    expect(b.actions).toEqual(a.actions);
    expect(b.principalLine).toEqual(a.principalLine);
    expect(s.board.filter((v) => v !== -1)).toHaveLength(2);
    const roots = searchRoots(s, { seed: 11, iterations: 1500, closedLoop: closed }, 3);
    expect(roots.iterations).toBe(1500);
    expect(roots.actions.reduce((n, x) => n + x.visits, 0)).toBe(1500);
  });
});
