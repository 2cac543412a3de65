/** `tactica battle --agents human,policy`: a player alone plays a whole battle against the AI at the terminal. */
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";

const ARGS = ["battle", "--agents", "human,policy", "--plan", "savage-gains", "--seed", "3"];
const ones = "1\n".repeat(3000);

describe("tactica battle with a human player", () => {
  it("plays the whole battle from typed choices: the choices numbered on stderr, the rest of the log and the scoring sheet on stdout; the same choices give the same battle", () => {
    const r = tactica(ARGS, ones);
    expect(r.code, r.err.slice(-500)).toBe(0);
    expect(r.err).toContain("Player 1, your choice (1-2, s for the situation, q to quit):\n   1. be the attacker\n   2. be the defender");
    expect(r.err).toContain("Mortek Shieldwall won the roll-off and chose to be the attacker.");
    expect(r.out).toContain("Result [PB-RESULT]");
    expect(r.out).not.toContain("your choice");
    expect(tactica(ARGS, ones).out).toBe(r.out);
    const json = tactica([...ARGS, "--json"], ones);
    expect(json.code).toBe(0);
    const record = JSON.parse(json.out) as { agents: string[]; decisions: { player: number; action: number }[]; result: { outcome: string } };
    expect(record.agents).toEqual(["human", "policy"]);
    // Every decision of player 0 was the first choice listed.
    expect(record.decisions.filter((s) => s.player === 0).every((s) => s.action === 0)).toBe(true);
  });

  it("a line that is not a choice is refused and asked again; s shows the situation; the end of the input is exit 2 naming the choice due", () => {
    const r = tactica(ARGS, "x\n99\n\n2\ns\n");
    expect(r.code).toBe(2);
    expect(r.err).toContain('"x" is not a choice: type a number from 1 to 2 (? lists them again)');
    expect(r.err).toContain('"99" is not a choice: type a number from 1 to 2');
    expect(r.err).toContain("Mortek Shieldwall won the roll-off and chose to be the defender.");
    expect(r.err).toMatch(/Set-up — VP 0 : 0, command points 0 : 0/);
    expect(r.err).toContain("tactica: input ended before the battle did: player 1 has a choice to make (1-6)");
    expect(r.out).toBe("");
  });

  it("[issue 17 item 15] q abandons the battle: exit 0 (the user chose to stop), no sheet; an endless line is refused without hanging", () => {
    const q = tactica(ARGS, "q\n");
    expect(q.code).toBe(0);
    expect(q.err).toContain("tactica: the battle was abandoned (q)");
    expect(q.out).toBe("");
    const long = tactica(ARGS, `${"7".repeat(100_000)}\n`);
    expect(long.code).toBe(2);
    expect(long.err).toContain("characters long; type a number from 1 to 2");
    expect(tactica(["battle", "--agents", "human,nobody"]).err).toContain("agents: must be two of: scripted, policy, random, mcts, human");
  });
});
