/** `tactica battle --agents human,policy`: a player alone plays a whole battle against the AI at the terminal. */
import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tactica } from "../support/cli.js";

const ARGS = ["battle", "--agents", "human,policy", "--plan", "savage-gains", "--seed", "3"];
const ones = "1\n".repeat(3000);

describe("tactica battle with a human player", () => {
  it("[PB-RESULT] ? asks the coach (top 3, win probability, reason); an mcts opponent's decisions come with its own search's win probability, VP margin and line", () => {
    // Stopped after 12 decisions (saved): the human's answers are 1s, the AI searches 20 iterations a decision.
    const dir = mkdtempSync(join(tmpdir(), "coach-human-"));
    const args = ["battle", "--agents", "human,mcts", "--budget", "20", "--plan", "savage-gains", "--seed", "3", "--save", join(dir, "g.json"), "--stop-after", "40"];
    const r = tactica(args, `?\n${ones}`, 300_000);
    expect(r.code, r.err.slice(-500)).toBe(0);
    const at = r.err.indexOf("Coach (500 iterations):");
    expect(at).toBeGreaterThan(0);
    const lines = r.err.slice(at).split("\n").slice(1, 3);
    expect(lines[0]).toMatch(/^ {2}1\. be the (attacker|defender) — \d+% to win; \d+% to win, VP margin [+−]\d+\.\d/);
    expect(lines[1]).toMatch(/^ {2}2\. be the (attacker|defender) — \d+% to win; /);
    expect(r.err).toMatch(/ {2}Player 2 \(mcts\): .+ — \d+% to win \[\d+%, \d+%\], VP margin [+−]\d+\.\d — by its search, \d+ of 20 iterations/);
  });

  it("[issue 11] plays the whole battle from a file of answers: the intro, the map with its legend on s, each choice with its numbers, the dice of every fight, the rest of the log and the scoring sheet on stdout; u takes back a choice and the same answers give the same battle", () => {
    const r = tactica(ARGS, `s\n${ones}`);
    expect(r.code, r.err.slice(-500)).toBe(0);
    // Before the first choice: the battleplan, who is who, both armies, the objectives' places, the territories.
    expect(r.err).toContain("Savage Gains (PB-BP-02, table 1, 12-inch long-edge strips, 20-inch no man's land) on a 60\" x 44\" battlefield");
    expect(r.err).toContain("You are Player 1, Mortek Shieldwall; Player 2, Hammers of the Warrior Chamber, is played by the AI.");
    expect(r.err).toContain("Player 1 (you), Mortek Shieldwall: 6 units, 38 models, 67 wounds in all");
    expect(r.err).toContain("  Mortek Guard (20): 20 models x 1 wound, Move 4\", Save 4+, Ward 6+");
    expect(r.err).toContain("Objectives: south-border (prime) at (30.0, 12.0), north-border (prime) at (30.0, 32.0), west at (14.0, 22.0), east at (46.0, 22.0)");
    expect(r.err).toContain("Territories (deployment zones): south: (0, 0) (60, 0) (60, 12) (0, 12); north: (0, 32) (60, 32) (60, 44) (0, 44).");
    expect(r.err.indexOf("You are Player 1")).toBeLessThan(r.err.indexOf("your choice"));
    // s: the text map to scale (60 columns of 1", 22 rows of 2") and its legend.
    expect(r.err).toContain('(x in 10", 1" a column, 2" a row; north at the top)');
    expect(r.err).toContain(". territory south   : territory north (not yet taken)");
    expect(r.err).toContain("Objectives: 1 south-border at (30.0, 12.0) (nobody), 2 north-border at (30.0, 32.0) (nobody)");
    expect(r.err).toContain(`  0" +${"-".repeat(60)}+`);
    expect(r.err).toContain("Player 1, your choice (1-2, s for the situation, ? for the coach, u to take back, q to quit):\n   1. be the attacker\n   2. be the defender");
    expect(r.err).toContain("Mortek Shieldwall won the roll-off and chose to be the attacker.");
    // A charge's exact 2D6 chance: 5.3" needs 5+, 30 of 36 rolls.
    expect(r.err).toContain('Liege-Kavalos charges Knight-Arcanum — 5.3" away: needs 5+ on 2D6, 83.3% to arrive');
    // A move's end point and distance; a list of 85 moves grouped by unit; a one-option decision taken without asking.
    expect(r.err).toContain('   1. Liege-Kavalos moves toward objective south-border — to (31.3, 11.4), 10.0"');
    expect(r.err).toContain("   1. Liege-Kavalos — 14 choices ▸");
    expect(r.err).toContain("Player 1: end the hero phase (the only choice)");
    // A spell's casting value and exact chance (5+ on 2D6: 30 of 36; unbound by a 2D6 above the roll).
    expect(r.err).toContain("Mortisan Boneshaper casts Metamorphosis on Liege-Kavalos — casting value 5: 83.3% to cast, 53.7% if Knight-Arcanum tries to unbind, 2.8% to miscast");
    // A tactic's text and its stated estimate.
    expect(r.err).toMatch(/battle tactic: Slay the Warlord — You complete this battle tactic if the model chosen to be your opponent's general is slain during this turn\. estimated \d+% to complete \(\d+ of 12 plays of this turn by the scripted policy\)/);
    // The dice of a fight: 9 attacks, 2 hits, no wound; then 14 damage (10 of it mortal) less 3 warded is 11 on the
    // Liege-Kavalos (re-measured when the passive, status and battle-trait abilities were played: the Deathriders
    // did not charge in this battle any more).
    expect(r.err).toContain("Liege-Kavalos fights Knight-Arcanum: 0 damage, 0 slain. Dice: 9 attacks, 2 hits, 0 wounds, 0 saved, 0 damage.");
    expect(r.err).toContain("Liberators fights Liege-Kavalos: 11 damage, 1 slain. Dice: 21 attacks, 15 hits (8 crits), 5 wounds, 2 saved, 14 damage (10 mortal), 3 warded.");
    expect(r.out).toContain("Result [PB-RESULT]");
    expect(r.out).not.toContain("your choice");
    // u: the territory choice taken back (after the AI answered it) and made again gives the very same battle.
    const u = tactica(ARGS, `1\n2\ns\nu\n${ones}`);
    expect(u.code, u.err.slice(-500)).toBe(0);
    expect(u.err).toContain('  Taken back: "take the north territory" (and what followed it). The game is replayed to just before it:');
    expect(u.out).toBe(r.out);
    const json = tactica([...ARGS, "--json"], ones);
    expect(json.code).toBe(0);
    const record = JSON.parse(json.out) as { agents: string[]; decisions: { player: number; action: number }[]; result: { outcome: string } };
    expect(record.agents).toEqual(["human", "policy"]);
    // Every decision of player 0 was the first choice listed (of a group, its first).
    expect(record.decisions.filter((s) => s.player === 0).every((s) => s.action === 0)).toBe(true);
  }, 300_000);

  it("a line that is not a choice is refused and asked again; s shows the situation; the end of the input is exit 2 naming the choice due", () => {
    const r = tactica(ARGS, "x\n99\n\n2\ns\n");
    expect(r.code).toBe(2);
    expect(r.err).toContain('"x" is not a choice: type a number from 1 to 2 (an empty line lists them again)');
    expect(r.err).toContain('"99" is not a choice: type a number from 1 to 2');
    expect(r.err).toContain("Mortek Shieldwall won the roll-off and chose to be the defender.");
    expect(r.err).toMatch(/Set-up — VP 0 : 0, command points 0 : 0/);
    // Before a unit is set up, each army says how many are still to come (its list would be empty).
    expect(r.err).toContain("Mortek Shieldwall: (6 units still to set up)\n");
    expect(r.err).toMatch(/\nHammers of the Warrior Chamber: \([67] units still to set up\)\n/); // the AI may have set one up
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

  it("hot seat (--agents human,human): the intro says both sides are played here, and no side is called the AI", () => {
    const r = tactica(["battle", "--agents", "human,human", "--plan", "savage-gains", "--seed", "3"], "q\n");
    expect(r.code).toBe(0);
    expect(r.err).toContain("Player 1, Mortek Shieldwall, and Player 2, Hammers of the Warrior Chamber, are both played here: each choice says whose it is.");
    expect(r.err).toContain("Player 1, Mortek Shieldwall: 6 units, 38 models, 67 wounds in all");
    expect(r.err).toContain("Player 2, Hammers of the Warrior Chamber: ");
    expect(r.err).not.toContain("the AI");
  });
});
