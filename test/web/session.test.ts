/** A dashboard game kept as setup + seed + decisions (web/play/session.ts): replayed exactly, checked step by step. */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { aosAdapter } from "../../web/play/aos-adapter.js";
import { Session } from "../../web/play/session.js";

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
});
