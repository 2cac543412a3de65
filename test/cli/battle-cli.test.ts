/** `tactica battle` end to end: a readable log and scoring sheet, a deterministic JSON record, bad input. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";

describe("tactica battle", () => {
  it("[PB-SCORESHEET] plays a battle and prints the log, the scoring sheet with rule IDs, and the result", () => {
    const r = tactica(["battle", "--plan", "savage-gains", "--seed", "7"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Savage Gains — Mortek Shieldwall against Hammers of the Warrior Chamber, seed 7");
    expect(r.out).toContain("— Battle round 5 —");
    expect(r.out).toMatch(/Scoring sheet \(PB-SCORESHEET\)/);
    expect(r.out).toMatch(/\[PB-BP-02\] Savage Gains/);
    expect(r.out).toMatch(/Result \[PB-RESULT\]: (Major victory|Minor victory|Draw)/);
  });

  it("[PB-BATTLEPLAN-ROLL] --json is the full record; the same seed gives the same battle byte for byte; the plan can be rolled", () => {
    const a = tactica(["battle", "--seed", "3", "--json"]);
    const b = tactica(["battle", "--seed", "3", "--json"]);
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const j = JSON.parse(a.out);
    expect(j.planRoll).toMatch(/^PB-BATTLEPLAN-ROLL: table roll \d \(table [12]\), plan roll \d$/);
    expect(j.decisions.length).toBeGreaterThan(100);
    const sheetVp = [0, 1].map((p) => j.sheet.flatMap((t: { lines: { player: number; victoryPoints: number }[] }) => t.lines).filter((l: { player: number }) => l.player === p).reduce((s: number, l: { victoryPoints: number }) => s + l.victoryPoints, 0));
    expect(sheetVp).toEqual(j.victoryPoints);
    expect(j.result.ruleId).toMatch(/^PB-(RESULT|BP-01)$/);
  });

  it("bad input: an unknown plan, an unknown agent, a file that is not a roster — one line, exit code 2", () => {
    const dir = mkdtempSync(join(tmpdir(), "tactica-battle-"));
    const notRoster = join(dir, "x.json");
    writeFileSync(notRoster, JSON.stringify({ hello: 1 }));
    for (const [args, message] of [
      [["battle", "--plan", "chess"], /battleplan: no battleplan "chess"/],
      [["battle", "--agents", "random,genius"], /agents: must be two of: scripted, policy, random, mcts, human/],
      [["battle", "--a", notRoster], /--a: faction: is required/],
      [["battle", "--seed=-1"], /seed: must be a whole number from 0 to 4294967295$/m],
      [["battle", "--seed", "99999999999999999999"], /^tactica: battle: seed: must be a whole number from 0 to 4294967295$/m],
      [["battle", "--seed", "1e99"], /seed: (Too big|must be a whole number)/],
    ] as [string[], RegExp][]) {
      const r = tactica(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });
});
