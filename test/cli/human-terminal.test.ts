/** The human agent's menu (issue 11): grouping by unit, back, the coach hook, one-option decisions; the session's take-back. */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { type Action, type GameState, TERMINAL } from "../../src/planner/game.js";
import { humanAgent, PAGE, stateLogFeed } from "../../src/cli/human.js";
import { playAtTerminal, tookBack } from "../../src/cli/terminal/session.js";

/** Three decisions of player 0: one of 30 orders (3 units x 10), one of two, then a single one. */
class Toy implements GameState<Toy> {
  readonly numPlayers = 2;
  picks: number[] = [];
  log: string[] = [];
  currentPlayer() {
    return this.picks.length < 3 ? 0 : TERMINAL;
  }
  legalActions(player?: number): Action[] {
    if (this.currentPlayer() !== 0 || (player !== undefined && player !== 0)) return [];
    return this.picks.length === 0 ? Array.from({ length: 30 }, (_, i) => i) : this.picks.length === 1 ? [5, 6] : [9];
  }
  actionToString(a: Action) {
    return `unit ${Math.floor(a / 10)} order ${a % 10}`;
  }
  apply(a: Action) {
    this.picks.push(a);
    this.log.push(`picked ${a}`);
  }
  chanceOutcomes() {
    return [];
  }
  isTerminal() {
    return this.currentPlayer() === TERMINAL;
  }
  returns() {
    return [0, 0];
  }
  heuristic() {
    return 0;
  }
  clone() {
    const t = new Toy();
    t.picks = [...this.picks];
    t.log = [...this.log];
    return t;
  }
  reseed() {}
  toJSON() {
    return this.picks;
  }
}

function typed(lines: string[]) {
  const prompts: string[] = [];
  return { prompts, io: { readLine: () => lines.shift() ?? null, prompt: (s: string) => void prompts.push(s) } };
}

describe("the human agent at the terminal (issue 11)", () => {
  it(`groups a list longer than ${PAGE} by unit (0 goes back), asks the coach on ?, and takes a one-option decision without asking`, () => {
    const { prompts, io } = typed(["?", "2", "0", "3", "4"]);
    const feed = stateLogFeed((s: Toy) => s.log);
    const human = humanAgent(io, feed, undefined, "toy", { groupOf: (_s, a) => `unit ${Math.floor(a / 10)}`, coach: () => ["  coach: unit 2 order 3 (win 61%)"] });
    const s = new Toy();
    expect(human.act(s, 0, new Rng(1))).toBe(23);
    expect(prompts[0]).toBe("\nPlayer 1, your choice (1-3, ? for the coach, q to quit):\n   1. unit 0 — 10 choices ▸\n   2. unit 1 — 10 choices ▸\n   3. unit 2 — 10 choices ▸");
    expect(prompts[1]).toContain("  coach: unit 2 order 3 (win 61%)");
    expect(prompts[2]).toMatch(/^\nPlayer 1, unit 1: your choice \(1-10, 0 back, \? for the coach, q to quit\):\n {3}1\. unit 1 order 0\n/);
    expect(prompts[2]).toContain("  10. unit 1 order 9\n   0. back to the list");
    expect(prompts[4]).toContain("Player 1, unit 2: your choice (1-10, 0 back");
    s.picks = [23, 5];
    expect(human.act(s, 0, new Rng(1))).toBe(9);
    expect(prompts.at(-1)).toBe("Player 1: unit 0 order 9 (the only choice)");
  });

  it("u takes back the last asked decision: the game is rebuilt from its start, replayed without it, and asked again (with nothing to take back it says so)", () => {
    const { prompts, io } = typed(["u", "5", "u", "7", "2"]);
    const feed = stateLogFeed((s: Toy) => s.log);
    const human = humanAgent<Toy>(io, feed, undefined, "toy", { takeBack: true });
    let starts = 0;
    const { state, steps } = playAtTerminal<Toy>({
      start: () => (starts++, { state: new Toy(), rng: new Rng(1) }),
      agents: [human, human],
      humans: [0],
      onTakeBack: tookBack(io, feed),
    });
    expect(prompts).toContain("  nothing to take back yet: no choice of yours has been made");
    expect(prompts).toContain('  Taken back: "unit 0 order 4" (and what followed it). The game is replayed to just before it:');
    expect(starts).toBe(3);
    expect(state.picks).toEqual([6, 6, 9]);
    expect(steps.map((x) => x.action)).toEqual([6, 6, 9]);
  });
});
