/**
 * The Review's boards (web/review/review-boards.ts, run in the review worker), in Node: the board after k
 * steps is the engine's state after k steps; a step's line goes from where its unit stood to where the engine
 * put it; unchanged units are the same objects from step to step (a structured clone sends them once).
 */
import { describe, expect, it } from "vitest";
import { reviewBoards } from "../../web/review/review-boards.js";
import { BLUNDER, lastRoundSave, mesbgShortSave } from "../review/fixtures.js";
import { STARTERS } from "../../src/saves/setups.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import type { MesbgView } from "../../web/play/mesbg-adapter.js";
import type { AosView } from "../../web/play/aos-adapter.js";

describe("[REVIEW] the Review's boards", () => {
  it("[ME-MOVE] MESBG: views[k] is the state after k steps, each move's line from the model's place to the engine's", () => {
    const save = mesbgShortSave(12);
    const b = reviewBoards(save, 0, []);
    expect(b.game).toBe("mesbg");
    expect(b.views.length).toBe(save.steps.length + 1);
    expect(b.lines.length).toBe(save.steps.length);
    const s = STARTERS.mesbg(save.setup, save.seed).state as MesbgState;
    let moves = 0;
    save.steps.forEach((step, i) => {
      const was = s.data.models.map((m) => ({ x: m.x, y: m.y }));
      s.apply(step.action);
      const v = b.views[i + 1] as MesbgView;
      expect(v.models.map((m) => [m.x, m.y, m.wounds, m.alive])).toEqual(s.data.models.map((m) => [m.x, m.y, m.wounds, m.alive]));
      const mover = s.data.models.find((m) => m.alive && Math.hypot(m.x - was[m.id]!.x, m.y - was[m.id]!.y) > 0.05);
      if (mover) {
        moves++;
        expect(b.lines[i]).toEqual({ unit: mover.id, from: was[mover.id], to: { x: mover.x, y: mover.y }, moved: true, ...(/charges/.test(step.text) ? { target: expect.any(Number) } : {}) });
      } else expect(b.lines[i]?.moved ?? false).toBe(false);
      // An unmoved model is the previous board's own object.
      const still = v.models.findIndex((m, j) => m.x === was[j]!.x && m.y === was[j]!.y && m.id !== mover?.id);
      expect(v.models[still]).toBe((b.views[i] as MesbgView).models[still]);
    });
    // The first twelve decisions of the turn-4 position: the Dark Marshal's 6" advance and the charges (fixtures.ts).
    expect(save.steps[1]!.text).toBe('The Dark Marshal #10 advances 6.0" straight ahead');
    expect(b.lines[1]).toEqual({ unit: 10, from: { x: 24, y: 30 }, to: { x: 24, y: 24 }, moved: true });
    expect(moves).toBeGreaterThanOrEqual(4);
  });

  it("[REVIEW] AoS: the blunder's line ends where the engine put the Vindictors; the best choice's from the same position", () => {
    const save = lastRoundSave(BLUNDER);
    const s = STARTERS.aos(save.setup, save.seed).state as PitchedBattleState;
    const legal = s.legalActions(1);
    const best = legal.find((a) => s.actionToString(a) === "Heavens-sent: a replacement for Prosecutors near objective east at (53.0, 22.0)")!;
    expect(best).toBeDefined();
    const b = reviewBoards(save, 1, [{ index: 0, best, action: save.steps[0]!.action }]);
    const v0 = b.views[0] as AosView;
    const v1 = b.views[1] as AosView;
    const vind = v1.units.findIndex((u) => u.name === "Vindictors" && u.owner === 1);
    s.apply(save.steps[0]!.action);
    expect(b.lines[0]).toEqual({ unit: vind, from: { x: v0.units[vind]!.x, y: v0.units[vind]!.y }, to: { x: s.data.units[vind]!.x, y: s.data.units[vind]!.y }, moved: true });
    // Heavens-sent sets up the Prosecutors' replacement at (53, 22): a ring there (nothing moves).
    expect(b.best).toEqual([{ index: 0, line: { unit: expect.any(Number), from: { x: 53, y: 22 }, to: { x: 53, y: 22 }, moved: false, objective: "east" } }]);
    // The candidate list, log and sheet are not the review's: left out.
    expect([v1.choices, v1.log, v1.sheet]).toEqual([[], [], []]);
  });

  it("[REVIEW] AoS: every step's board has the score and command points as they stood then, not the game's last", () => {
    const save = lastRoundSave(BLUNDER);
    const b = reviewBoards(save, 1, []);
    const s = STARTERS.aos(save.setup, save.seed).state as PitchedBattleState;
    const seen = [[...s.data.victoryPoints, ...s.data.commandPoints]];
    for (const step of save.steps) {
      s.apply(step.action);
      seen.push([...s.data.victoryPoints, ...s.data.commandPoints]);
    }
    expect(b.views.map((v) => { const a = v as AosView; return [...a.victoryPoints, ...a.commandPoints]; })).toEqual(seen);
    // The last round's scoring changes the score within the save, so the check has something to catch.
    expect(new Set(seen.map((x) => x.join())).size).toBeGreaterThan(1);
  });
});
