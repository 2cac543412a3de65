import { describe, expect, it } from "vitest";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tactica } from "../support/cli.js";

describe("tactica coach", () => {
  it("advises an AoS position: the top K moves best first with win probability, expected VP, intervals, visits and a reason", () => {
    const r = tactica(["coach", "examples/positions/aos-last-round.json", "--budget", "300", "--top", "2", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.game).toBe("aos");
    expect(j.player).toBe(1);
    expect(j.iterations).toBe(300);
    expect(j.moves).toHaveLength(2);
    expect(j.moves[0].visits).toBeGreaterThanOrEqual(j.moves[1].visits);
    for (const m of j.moves) {
      expect(Object.keys(m).sort()).toEqual(["action", "expectedVpDiff", "label", "reason", "visits", "vpInterval", "winInterval", "winProbability"]);
      expect(m.winInterval[0]).toBeLessThanOrEqual(m.winProbability);
      expect(m.vpInterval[1]).toBeGreaterThanOrEqual(m.expectedVpDiff);
      expect(m.reason).toMatch(/to win, VP margin/);
    }
    // A battle-tactic decision: every move's reason gives the tactic's chance to complete.
    for (const m of j.moves) expect(m.reason).toMatch(/\d+% to complete /);
    // The same file and seed give the same advice.
    expect(tactica(["coach", "examples/positions/aos-last-round.json", "--budget", "300", "--top", "2", "--json"]).out).toBe(r.out);
  });

  it("the text answer numbers the player to decide as battle does (Player 1 is the first) and names the army", () => {
    const aos = tactica(["coach", "examples/positions/aos-last-round.json", "--budget", "20", "--top", "1"]);
    expect(aos.code).toBe(0);
    expect(aos.out.split("\n")[0]).toBe("Coach: Pitched Battle, Player 2 (Hammers of the Warrior Chamber) to decide (round 5, battle-tactic); 20 iterations, 20 searched");
    const mesbg = tactica(["coach", "examples/positions/mesbg-turn-4.json", "--budget", "20", "--top", "1"]);
    expect(mesbg.code).toBe(0);
    expect(mesbg.out.split("\n")[0]).toBe("Coach: MESBG, Player 2 (Mordor) to decide (turn 4); 20 iterations, 20 searched");
  });

  it("advises a MESBG position", () => {
    const r = tactica(["coach", "examples/positions/mesbg-turn-4.json", "--budget", "100", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.game).toBe("mesbg");
    expect(j.moves).toHaveLength(3);
    expect(j.moves.reduce((n: number, m: { visits: number }) => n + m.visits, 0)).toBeLessThanOrEqual(100);
    expect(j.moves[0].expectedVpDiff).toBeNull();
  });

  it("bad input: one line naming the field, exit 2", () => {
    const dir = mkdtempSync(join(tmpdir(), "coach-"));
    const junk = join(dir, "junk.json");
    writeFileSync(junk, JSON.stringify({ format: "chess" }));
    for (const [args, re] of [
      [["coach"], /give one file/],
      [["coach", junk], /format: must be "tactica-game"/],
      [["coach", "examples/positions/aos-last-round.json", "--top", "0"], /top: must be at least 1/],
      [["coach", "examples/positions/aos-last-round.json", "--budget", "lots"], /budget: "lots" is not a budget/],
    ] as const) {
      const r = tactica([...args]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(re);
    }
  });
});
