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
      "Player 1, your choice (1-3, s for the situation, ? for the coach, u to take back, q to quit):\n   1. Minas Tirith deploys in a battle line, forward\n   2. Minas Tirith deploys in a battle line, held back\n   3. Minas Tirith deploys in a deep block, forward",
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

  it("[issue 11] the intro, the map on s with its legend, a move's end point, a power's casting value and exact chance, a long list grouped; u takes back a choice and the same answers give the same game", () => {
    const TWO = ["mesbg", "--agents", "human,policy", "--seed", "2", "--turns", "1"];
    const twos = "2\n".repeat(3000);
    const r = tactica(TWO, `2\ns\n${twos}`);
    expect(r.code, r.err.slice(-500)).toBe(0);
    expect(r.err).toContain('The Forces Clash (ME-FORCES-CLASH) on a 48" x 48" board with no terrain, at most 1 turns');
    expect(r.err).toContain("You are Player 1, Minas Tirith (good); Player 2, Mordor (evil), is played by the AI.");
    expect(r.err).toContain("Player 1 (you), Minas Tirith: 23 models, 26 wounds in all");
    expect(r.err).toContain("  Warrior of Minas Tirith x8: Move 6\", Fight 3/4+, Strength 3, Defence 6, Attacks 1, Wounds 1, Courage 7");
    expect(r.err.indexOf("You are Player 1")).toBeLessThan(r.err.indexOf("your choice"));
    expect(r.err).toContain('(x in 10", 1" a column, 2" a row; north at the top)');
    expect(r.err).toContain('. the south half (y below 24"): Mordor\'s');
    expect(r.err).toContain("Minas Tirith (capitals): A Captain of Minas Tirith (19.4, 34.6); B Gandalf the Grey (28.6, 34.6); C Warrior of Minas Tirith (8)");
    expect(r.err).toContain('   2. Captain of Minas Tirith advances 5.1" toward Orc Warrior 8 — ends at (19.4, 29.5)');
    // 2 Will dice against a casting value of 5: 1 - (4/6)^2 = 20/36.
    expect(r.err).toContain("   2. Gandalf the Grey casts Sorcerous Blast at Orc Captain with 2 Will dice — casting value 5+: 55.6% that a die scores it, before resisting");
    expect(r.err).toContain("   2. Sorcerous Blast at Orc Captain — 7 choices ▸");
    const u = tactica(TWO, `2\n2\nu\n${twos}`);
    expect(u.code, u.err.slice(-500)).toBe(0);
    expect(u.err).toContain('  Taken back: "Captain of Minas Tirith spends 1 Will to resist" (and what followed it).');
    expect(u.out).toBe(tactica(TWO, twos).out);
  });

  it("[ME-TURN] ? asks the coach: the top 3 with win probability and the search's reason; an mcts opponent's decisions come with its search's numbers", () => {
    const args = ["mesbg", "--agents", "human,mcts", "--budget", "20", "--seed", "2", "--turns", "1"];
    const r = tactica(args, `?\n${ones}`, 300_000);
    expect(r.code, r.err.slice(-500)).toBe(0);
    const at = r.err.indexOf("Coach (500 iterations):");
    expect(at).toBeGreaterThan(0);
    const lines = r.err.slice(at).split("\n").slice(1, 4);
    // (the tree's pick is the scripted player's here: nothing for paired games to check, src/mesbg/coach.ts)
    expect(lines[0]).toMatch(/^ {2}1\. Minas Tirith deploys in .+ — \d+% to win, the most searched and the scripted player's choice too \(next: ".+", \d+%\)/);
    expect(lines[1]).toMatch(/^ {2}2\. Minas Tirith deploys in .+ — \d+% to win against \d+% for the recommendation$/);
    expect(r.err).toMatch(/ {2}Player 2 \(mcts\): .+ — \d+% to win \[\d+%, \d+%\] — by its search, \d+ of 20 iterations/);
    // The same answers, the same game: the coach's search changes nothing in it.
    expect(r.out).toBe(tactica(args, ones, 300_000).out);
  });

  it("a line that is not a choice is refused and asked again; s shows the situation; the end of the input is exit 2 naming the choice due", () => {
    const r = tactica(ARGS, "x\n99\n\n1\n1\ns\n");
    expect(r.code).toBe(2);
    expect(r.err).toContain('"x" is not a choice: type a number from 1 to 3 (an empty line lists them again)');
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
