/**
 * `tactica mesbg` end to end, as a user runs it: a readable log, the --json record, replay by seed, and bad
 * input answered with one line naming the field and exit code 2.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tactica } from "../support/cli.js";

const root = repoRoot;
const dir = mkdtempSync(join(tmpdir(), "tactica-mesbg-"));

describe("tactica mesbg", () => {
  it("[ME-FORCES-CLASH] plays Minas Tirith against Mordor by default and prints a readable log ending in the result", () => {
    const r = tactica(["mesbg", "--seed", "7", "--turns", "4"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Minas Tirith (policy) against Mordor (policy), The Forces Clash, seed 7");
    expect(r.out).toContain("=== Turn 1 ===");
    expect(r.out).toContain("-- Move phase --");
    expect(r.out).toMatch(/Result: /);
    expect(r.out).toMatch(/Minas Tirith: \d+ models left/);
  });

  it("--json gives the full record, and the same seed replays the same game", () => {
    const a = tactica(["mesbg", "--seed", "3", "--agents", "random,policy", "--turns", "3", "--json"]);
    expect(a.code).toBe(0);
    const j = JSON.parse(a.out);
    expect(j.agents).toEqual(["random", "policy"]);
    expect(j.forces).toEqual(["Minas Tirith", "Mordor"]);
    expect(j.result.turns).toBeLessThanOrEqual(3);
    expect(j.steps.length).toBeGreaterThan(10);
    expect(j.events.length).toBeGreaterThan(10);
    expect(j.final.format).toBe("tactica-mesbg/1");
    const b = tactica(["mesbg", "--seed", "3", "--agents", "random,policy", "--turns", "3", "--json"]);
    expect(b.out).toBe(a.out);
  });

  it("[ME-FORCES-CLASH] mcts against scripted (policy's other name) with an iteration budget: the same seed, the same game", () => {
    const args = ["mesbg", "--seed", "4", "--turns", "1", "--agents", "mcts,scripted", "--budget", "3", "--json"];
    const a = tactica(args);
    expect(a.err).toBe("");
    expect(a.code).toBe(0);
    const j = JSON.parse(a.out);
    expect(j.agents).toEqual(["mcts", "scripted"]);
    expect(j.result.turns).toBe(1);
    expect(j.steps.filter((s: { player: number }) => s.player === 0).length).toBeGreaterThan(10);
    expect(tactica(args).out).toBe(a.out);
  });

  it("plays other forces from files", () => {
    const r = tactica(["mesbg", "--a", "data/mesbg/rohan.json", "--b", "data/mesbg/isengard.json", "--turns", "2", "--agents", "random,random"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Rohan and the Galadhrim (random) against Isengard (random)");
  });

  it("bad input: one line naming the field, exit code 2", () => {
    const cases: [string[], RegExp][] = [
      [["mesbg", "--agents", "policy"], /agents: give two agents/],
      [["mesbg", "--agents", "policy,genius"], /agents\[1\]: must be "scripted" \(or "policy"\), "random", "mcts" or "human"/],
      [["mesbg", "--agents", "mcts,scripted", "--budget", "fast"], /budget: "fast" is not a budget/],
      [["mesbg", "--seed", "-4"], /seed/],
      [["mesbg", "--turns", "0"], /turns/],
      [["mesbg", "--a", join(dir, "nope.json")], /cannot read \S*nope\.json: no such file/],
      [["mesbg", "--colour", "red"], /Unknown option/],
    ];
    const bad = JSON.parse(readFileSync(join(root, "data/mesbg/mordor.json"), "utf8"));
    bad.profiles.troll.move = 40;
    const f = join(dir, "bad.json");
    writeFileSync(f, JSON.stringify(bad));
    cases.push([["mesbg", "--b", f], /bad\.json: profiles\.troll\.move: must be 1 to 14/]);
    const good = join(dir, "good.json");
    writeFileSync(good, readFileSync(join(root, "data/mesbg/minas-tirith.json")));
    cases.push([["mesbg", "--b", good], /b\.alignment: the two forces must be one Good and one Evil/]);
    // ME-FORCES-CLASH: a Captain with 23 Warriors on 120mm bases cannot have them all within 6" of him.
    const giants = JSON.parse(readFileSync(join(root, "data/mesbg/minas-tirith.json"), "utf8"));
    giants.profiles.giant = { ...giants.profiles["warrior-shield"], name: "Giant", base: 120 };
    giants.models = [{ profile: "captain", count: 1 }, { profile: "giant", count: 23 }];
    const gf = join(dir, "giants.json");
    writeFileSync(gf, JSON.stringify(giants));
    cases.push([["mesbg", "--a", gf], /a\.models: Minas Tirith cannot deploy for The Forces Clash/]);
    for (const [args, msg] of cases) {
      const r = tactica(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });
});
