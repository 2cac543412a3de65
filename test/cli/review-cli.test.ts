import { describe, expect, it } from "vitest";
import { scratchDir, tactica } from "../support/cli.js";
import { BLUNDER, lastRoundSave } from "../review/fixtures.js";

const KEYS = ["action", "best", "bestLabel", "choices", "confirmed", "expectedVpDiff", "expectedVpDiffBest", "index", "iterations", "label", "loss", "lossError", "mark", "phase", "round", "turn", "visits", "winBefore", "winBest", "winMade"];

describe("tactica review", () => {
  const scratch = scratchDir("review-");
  const blunder = scratch.file("blunder.json", lastRoundSave(BLUNDER));

  it("[REVIEW] --json: the documented shape; the blunder marked, the summary and the graph", () => {
    const r = tactica(["review", blunder, "--player", "1", "--budget", "40", "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(Object.keys(j).sort()).toEqual(["abilities", "budget", "decisions", "finished", "game", "graph", "player", "result", "samples", "seed", "steps", "summary"]);
    expect(j).toMatchObject({ game: "aos", player: 1, finished: true, budget: "40 iterations", seed: 1, samples: { outcomes: 8, rollouts: 48, candidates: 2, confirm: { outcomes: 8, rollouts: 48 } } });
    for (const d of j.decisions) expect(Object.keys(d).sort()).toEqual(KEYS);
    expect(j.decisions[0]).toMatchObject({ index: 0, round: 5, phase: "movement", label: BLUNDER, mark: "blunder" });
    expect(j.decisions[0].loss).toBeGreaterThan(0.31); // 41% measured (test/review/review.test.ts states the bound; 66% before the healing and charge-dice abilities)
    expect(Object.keys(j.summary).sort()).toEqual(["counts", "text", "worst"]);
    expect(j.graph.map((g: { label: string }) => g.label)).toEqual(["round 5, turn 2", "result"]);
    // The same file and seed: the same review.
    expect(tactica(["review", blunder, "--player", "1", "--budget", "40", "--json"]).out).toBe(r.out);
  });

  it("[REVIEW] the text: the marked decision, the summary line and an ASCII graph", () => {
    const r = tactica(["review", blunder, "--player", "1", "--budget", "40", "--ascii"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\?\? step 0, round 5, turn 2 \(movement\): Vindictors runs toward its own territory/);
    expect(r.out).toMatch(/Summary: .*blunder.*"Vindictors runs toward its own territory" in round 5 \(movement\) cost \d+%/);
    expect(r.out).toMatch(/round 5, turn 2 \|[#.]{30}\|/);
    expect(r.out).toMatch(/result {10}\|[#.]{30}\|/);
    expect(r.out).not.toMatch(/[█░]/);
  });

  it("[REVIEW] bad input: exit 2, one line naming the field", () => {
    const broken = lastRoundSave(null) as unknown as { steps: { action: number }[] };
    broken.steps[1]!.action = 5000;
    const files = { junk: scratch.file("junk.json", { format: "chess" }), broken: scratch.file("broken.json", broken), text: scratch.file("text.json", "{ not json") };
    for (const [args, re] of [
      [["review"], /give one file/],
      [["review", files.junk], /format: must be "tactica-game"/],
      [["review", files.broken], /broken\.json: steps\[1\]\.action: 5000 is not a legal choice/],
      [["review", files.text], /text\.json/],
      [["review", "examples/positions/aos-last-round.json"], /format: a position has no decisions to review/],
      [["review", blunder, "--player", "2"], /player: must be 0 or 1/],
      [["review", blunder, "--budget", "lots"], /budget: "lots" is not a budget/],
    ] as const) {
      const r = tactica([...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(re);
      expect(r.err.trim().split("\n").length <= 2 || args.length === 1).toBe(true);
    }
  });
});
