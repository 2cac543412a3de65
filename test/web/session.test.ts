/** A dashboard game kept as setup + seed + decisions (web/play/session.ts): replayed exactly, checked step by step. */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { loadCore } from "../../src/core/wasm.js";
import { CHANCE } from "../../src/planner/game.js";
import { aosAdapter } from "../../web/play/aos-adapter.js";
import { noteOf, Session } from "../../web/play/session.js";

describe("dashboard saved games", () => {
  it("[PB-DEPLOY] a saved Pitched Battle restores to the identical position, and an illegal decision is refused by its step", () => {
    const r = bundledRosters();
    const s = Session.start(aosAdapter, { a: r[0]!.roster, b: r[1]!.roster, battleplan: "marking-territory" }, 1, 0);
    for (let i = 0; i < 30 && !s.state.isTerminal(); i++) s.choose(s.view().choices.at(-1)!.action);
    const saved = JSON.parse(JSON.stringify(s.saved()));
    const back = Session.restore(aosAdapter, saved);
    expect(JSON.stringify(back.view())).toBe(JSON.stringify(s.view()));
    expect(JSON.stringify(back.state.toJSON())).toBe(JSON.stringify(s.state.toJSON()));
    // The first decision is player 0's first deployment; 9999 is not one of its choices.
    const bad = { ...saved, steps: [{ ...saved.steps[0], action: 9999 }, ...saved.steps.slice(1)] };
    expect(() => Session.restore(aosAdapter, bad)).toThrow(/^saved game: steps\[0\]\.action: 9999 is not a legal choice here/);
    expect(() => Session.restore(aosAdapter, { ...saved, game: "mesbg" })).toThrow(/this is a mesbg game, not aos/);
    expect(() => Session.restore(aosAdapter, { ...saved, format: "x" })).toThrow(/format/);
  });

  it("[PB-RESULT] the AI is the search: each searched decision carries its reason, and the graph gains one point per decision", async () => {
    const core = await loadCore();
    const r = bundledRosters();
    const s = Session.start(aosAdapter, { a: r[0]!.roster, b: r[1]!.roster, battleplan: "marking-territory" }, 3, 0, { ai: { kind: "mcts", thinking: "quick", budget: { iterations: 12 } }, core, graph: true });
    for (let i = 0; i < 6 && !s.state.isTerminal(); i++) s.choose(s.view().choices[0]!.action);
    const decisions = s.steps.filter((x) => x.player !== CHANCE).length;
    // One point at the start, then one per decision (the human's and the AI's), none for the dice.
    expect(s.graph.length).toBe(1 + decisions);
    expect(s.graph.map((p) => p.step)).toEqual([0, ...s.steps.flatMap((x, i) => (x.player === CHANCE ? [] : [i + 1]))]);
    // lastAi is the tail of the steps since the human's last decision: step i + 1 is the point after it.
    const first = s.steps.length - s.lastAi.length;
    const searched = s.lastAi.map((x, j) => ({ x, at: first + j + 1 })).filter(({ x }) => x.note);
    expect(searched.length).toBeGreaterThan(0);
    for (const { x, at } of searched) {
      expect(x.player).toBe(1);
      // 12 iterations a search: the reason gives the played action's share of them.
      // 12 iterations: every action's share is under 20, so each figure carries its interval and "too few to tell".
      expect(x.note!.reason).toMatch(/^\d+% \[\d+%–\d+%\] to win, VP margin [+−]\d+\.\d \(\d+ of 12 searches: too few to tell\)/);
      expect(x.note!.iterations).toBe(12);
      // Its graph point is the search's figure turned to the human's side: 1 - the AI's win - the draws.
      const point = s.graph.find((p) => p.step === at)!;
      expect(point.source).toBe("search");
      expect(point.win).toBeCloseTo(1 - x.note!.win - x.note!.draw, 12);
      // ... resting on the searches of the action played: its interval's n.
      expect(point.n).toBe(x.note!.visits);
      expect(point.unit).toBe("searches");
    }
    // The saved game names the AI; it restores to the same position with the graph it was given.
    const saved = JSON.parse(JSON.stringify(s.saved()));
    expect(saved.options).toEqual({ ai: "mcts", thinking: "quick" });
    const back = Session.restore(aosAdapter, saved, { ai: { kind: "mcts", thinking: "quick", budget: { iterations: 12 } }, core, graph: true, points: s.graph });
    expect(JSON.stringify(back.state.toJSON())).toBe(JSON.stringify(s.state.toJSON()));
    expect(back.graph).toEqual(s.graph);
  });
});

describe("the AI's reason on the Play views (noteOf)", () => {
  const stats = (action: number, label: string, visits: number, win: number) => ({
    action, label, visits, meanReturn: 0, returnInterval: [0, 0] as [number, number], winProbability: win, winInterval: [0, 1] as [number, number], drawProbability: 0, expectedVpDiff: null, vpInterval: null,
  });
  const result = { player: 1, best: 1, actions: [stats(1, "A charges", 30, 0.5), stats(2, "A stays", 20, 0.25)], principalLine: [], iterations: 50, nodes: 50, elapsedMs: 1 };

  it("[ME-TURN] says whether MESBG's check by paired games let the search's pick displace the scripted choice", () => {
    // (Wilson 95%: 5 of 20 is [11.2%, 46.9%], 15 of 30 [33.2%, 66.8%])
    // no check (AoS, the campaign): the scripted choice kept over the most searched is "not clearly better"
    expect(noteOf({ result, chosen: 2 }, 1)!.reason).toBe('25% [11%–47%] to win (20 of 50 searches); kept the scripted choice over "A charges" (50% [33%–67%], 30 searches): not clearly better');
    expect(noteOf({ result, chosen: 2, check: { pairs: 16, meanDiff: -0.1, se: 0.05, passed: false } }, 1)!.reason).toBe(
      '25% [11%–47%] to win (20 of 50 searches); kept the scripted choice over "A charges" (50% [33%–67%], 30 searches): not better in 16 paired games played to the end (return −0.10 ± 0.05 a game)',
    );
    expect(noteOf({ result, chosen: 1, check: { pairs: 64, meanDiff: 0.2, se: 0.05, passed: true } }, 1)!.reason).toBe(
      '50% [33%–67%] to win (30 of 50 searches); better than the scripted choice in 64 paired games played to the end (return +0.20 ± 0.05 a game); next best "A stays" 25% [11%–47%] (20 searches)',
    );
  });
});
