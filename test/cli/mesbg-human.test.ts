/** `tactica mesbg --agents human,policy`: a player alone plays a MESBG game against the AI at the terminal. */
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";

const ARGS = ["mesbg", "--agents", "human,policy", "--seed", "2", "--turns", "4"];
const ones = "1\n".repeat(3000);

describe("tactica mesbg with a human player", () => {
  it("plays the whole game from typed choices: the choices numbered on stderr with the log as it happens, the rest of the log and the result on stdout; the same choices give the same game", () => {
    const r = tactica(ARGS, ones);
    expect(r.code, r.err.slice(-500)).toBe(0);
    expect(r.err).toContain(
      "Player 1, your choice (1-3, s for the situation, q to quit):\n   1. Minas Tirith deploys in a battle line, forward\n   2. Minas Tirith deploys in a battle line, held back\n   3. Minas Tirith deploys in a deep block, forward",
    );
    // The opponent's moves are shown before the human's next choice.
    expect(r.err).toContain("Mordor wins the roll for the board half (5 to 4).\n[Mordor] Mordor takes the south half");
    expect(r.err.indexOf("[Mordor] The Dark Marshal activates")).toBeLessThan(r.err.indexOf("Captain of Minas Tirith does not spend Will to resist"));
    // 40 decisions of Minas Tirith in four turns, each asked once.
    expect(r.err.match(/your choice/g)).toHaveLength(40);
    expect(r.out).toContain("Minas Tirith (human) against Mordor (policy), The Forces Clash, seed 2");
    expect(r.out).toContain("Result: the turn cap (4) is reached — Mordor is ahead on what survives.");
    expect(r.out).not.toContain("your choice");
    expect(tactica(ARGS, ones).out).toBe(r.out);
    const json = tactica([...ARGS, "--json"], ones);
    expect(json.code).toBe(0);
    const record = JSON.parse(json.out) as { agents: string[]; steps: { player: number; action: number; text: string }[] };
    expect(record.agents).toEqual(["human", "policy"]);
    const mine = record.steps.filter((s) => s.player === 0);
    expect(mine).toHaveLength(40);
    expect(mine[0]!.text).toBe("Minas Tirith deploys in a battle line, forward");
  });

  it("a line that is not a choice is refused and asked again; s shows the situation; the end of the input is exit 2 naming the choice due", () => {
    const r = tactica(ARGS, "x\n99\n\n1\n1\ns\n");
    expect(r.code).toBe(2);
    expect(r.err).toContain('"x" is not a choice: type a number from 1 to 3 (? lists them again)');
    expect(r.err).toContain('"99" is not a choice: type a number from 1 to 3');
    expect(r.err).toContain("Minas Tirith deploys 23 models");
    expect(r.err).toContain("Turn 1 of at most 4, Mordor has priority — strength left Minas Tirith 100%, Mordor 100%");
    expect(r.err).toContain("  Gandalf the Grey at (28.6, 34.6), 3/3 W, M/W/F 3/6/3");
    expect(r.err).toContain("  The Dark Marshal at (15.3, 27.5), 1/1 W, M/W/F 0/8/0");
    expect(r.err).toContain("tactica: input ended before the game did: player 1 has a choice to make (1-24)");
    expect(r.out).toBe("");
  });

  it("q abandons the game (exit 0: the player chose to stop); an endless line is refused without hanging; a second human plays the other side", () => {
    const q = tactica(ARGS, "q\n");
    expect(q.code).toBe(0);
    expect(q.err).toContain("tactica: the game was abandoned (q)");
    const long = tactica(ARGS, `${"7".repeat(100_000)}\n`);
    expect(long.code).toBe(2);
    expect(long.err).toContain("characters long; type a number from 1 to 3");
    const two = tactica(["mesbg", "--agents", "policy,human", "--seed", "2", "--turns", "1"], ones);
    expect(two.code, two.err.slice(-300)).toBe(0);
    expect(two.err).toContain("Player 2, your choice (1-");
    expect(two.out).toContain("Minas Tirith (policy) against Mordor (human)");
    expect(tactica(["mesbg", "--agents", "human,nobody"]).err).toContain('agents[1]: must be "scripted" (or "policy"), "random", "mcts" or "human"');
  });
});
