/**
 * Saved games (src/saves, issue 11 "Positions"): a game recorded while it is played, saved, loaded and
 * played on is the game played straight through; a failed write leaves the old file; hostile files are
 * refused with the field named.
 */
import { mkdtempSync, readFileSync, renameSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { scriptedPolicy } from "../../src/aos/battle/policy.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { type Agent, playOut, randomAgent } from "../../src/planner/agents.js";
import { savedGame } from "../../src/cli/saves.js";
import { readSaveFile, writeJsonAtomic } from "../../src/saves/file.js";
import { MAX_SAVE_BYTES, SAVE_FORMAT } from "../../src/saves/format.js";
import { type LoadedGame, loadGame } from "../../src/saves/load.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import { playRecorded } from "../../src/saves/play.js";
import { startAos, startMesbg } from "../../src/saves/setups.js";
import minasTirith from "../../data/mesbg/minas-tirith.json" with { type: "json" };
import mordor from "../../data/mesbg/mordor.json" with { type: "json" };

const rosters = bundledRosters();
const aosSetup = { a: rosters[0]!.roster, b: rosters[1]!.roster, battleplan: "savage-gains" as const };
const aosAgents = [scriptedPolicy, randomAgent] as Agent[];

/** Plays the AoS setup with seed 7 for `n` decisions, saves it, loads it and plays it to the end. */
function stopAndResumeAos(n: number) {
  const game = startAos(aosSetup, 7);
  const steps: { player: number; action: number; text: string }[] = [];
  const stopped = playRecorded(game.state, aosAgents as never, game.rng, steps, { humans: [false, false], stopAfter: n });
  const saved = JSON.parse(JSON.stringify(savedGame({ kind: "aos", state: game.state, rng: game.rng, setup: aosSetup, seed: 7, steps, agents: ["policy", "random"], options: { seed: 7 } })));
  const back = loadGame(saved, 0, "aos") as LoadedGame<PitchedBattleState>;
  playRecorded(back.state, aosAgents as never, back.rng, back.steps, { humans: [false, false] });
  return { stopped, saved, back };
}

describe("saved games", () => {
  it("[PB-RESULT] a battle stopped after 40 decisions, saved and resumed ends as the same battle played straight through (same seed): every decision, the VP, the sheet", () => {
    const straight = startAos(aosSetup, 7);
    const straightSteps = playOut(straight.state, aosAgents as never, straight.rng, 100_000);
    const { stopped, saved, back } = stopAndResumeAos(40);
    expect(stopped).toBe(true);
    expect(saved.steps.filter((s: { player: number }) => s.player >= 0)).toHaveLength(40);
    expect(back.state.isTerminal()).toBe(true);
    expect(back.steps.map(({ player, action, text }) => ({ player, action, text }))).toEqual(straightSteps);
    expect(back.state.data.victoryPoints).toEqual(straight.state.data.victoryPoints);
    expect(JSON.stringify(back.state.toJSON())).toBe(JSON.stringify(straight.state.toJSON()));
  });

  it("[ME-FORCES-CLASH] a MESBG game stopped after 150 decisions and resumed is the game played straight through", () => {
    const setup = { a: minasTirith, b: mordor, turns: 6 };
    const agents = [mesbgPolicy, mesbgPolicy];
    const straight = startMesbg(setup, 11);
    const straightSteps = playOut(straight.state, agents, straight.rng, 1_000_000);
    const g = startMesbg(setup, 11);
    const steps: { player: number; action: number; text: string }[] = [];
    expect(playRecorded(g.state, agents, g.rng, steps, { humans: [false, false], stopAfter: 150 })).toBe(true);
    const saved = JSON.parse(JSON.stringify(savedGame({ kind: "mesbg", state: g.state, rng: g.rng, setup, seed: 11, steps, agents: ["policy", "policy"], options: {} })));
    const back = loadGame(saved, 0, "mesbg") as LoadedGame<MesbgState>;
    playRecorded(back.state, agents, back.rng, back.steps, { humans: [false, false] });
    expect(back.steps).toEqual(straightSteps);
    expect(back.state.data.result).toEqual(straight.state.data.result);
  });

  it("--stop-after 0 stops before any decision; a human's decisions are marked and the save is written before and after each", () => {
    const g = startAos(aosSetup, 3);
    const steps: { player: number; action: number; text: string; human?: boolean }[] = [];
    expect(playRecorded(g.state, aosAgents as never, g.rng, steps, { humans: [false, false], stopAfter: 0 })).toBe(true);
    // The first step is the attacker roll-off (a chance node): not taken either.
    expect(steps).toEqual([]);
    const g2 = startAos(aosSetup, 3);
    const writes: number[] = [];
    const first: Agent = { name: "first", act: (s, p) => s.legalActions(p)[0]! };
    playRecorded(g2.state, [first, scriptedPolicy] as never, g2.rng, steps, { humans: [true, false], stopAfter: 3, save: () => writes.push(steps.length) });
    const human = steps.filter((s) => s.human);
    expect(human.length).toBeGreaterThan(0);
    expect(human.every((s) => s.player === 0)).toBe(true);
    // Two writes per human decision: one before it (steps so far), one after (one more step).
    expect(writes.length).toBe(2 * human.length);
    expect(writes[1]! - writes[0]!).toBe(1);
  });

  it("a failed write leaves the old file as it was, and no temporary file behind", () => {
    const dir = mkdtempSync(join(tmpdir(), "tactica-saves-"));
    const file = join(dir, "game.json");
    writeJsonAtomic(file, { old: true });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ old: true });
    // The disk fills up half-way through the temporary file: the rename never happens.
    const failing = {
      write: ((path: string, text: string) => {
        writeFileSync(path, text.slice(0, 5));
        throw Object.assign(new Error("no space"), { code: "ENOSPC" });
      }) as never,
      rename: renameSync,
    };
    expect(() => writeJsonAtomic(file, { old: false, more: "x".repeat(100) }, failing)).toThrow(`cannot write ${file}: no space left on the device`);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ old: true });
    expect(readdirSync(dir)).toEqual(["game.json"]);
    // A folder that does not exist is named too.
    expect(() => writeJsonAtomic(join(dir, "nope", "g.json"), {})).toThrow(/cannot write .*g\.json: no such folder/);
    expect(existsSync(join(dir, "nope"))).toBe(false);
  });

  it("hostile saves are refused with the field named", () => {
    const { saved } = stopAndResumeAos(10);
    const bad = (patch: Record<string, unknown>) => () => loadGame({ ...saved, ...patch }, 0, "aos");
    expect(bad({ format: "x" })).toThrow('saved game: format: must be "tactica-game" (a saved game) or "tactica-position" (a position entered by hand)');
    expect(() => loadGame([1, 2], 0)).toThrow("saved game: format: must be");
    expect(bad({ version: 2 })).toThrow(/^saved game: version: /);
    expect(bad({ game: "mesbg" })).toThrow("saved game: game: this is a mesbg game, not aos");
    expect(bad({ seed: -1 })).toThrow(/^saved game: seed: /);
    expect(bad({ rng: [1, 2, 3] })).toThrow(/^saved game: rng: /);
    expect(bad({ extra: 1 })).toThrow(/^saved game: .*extra/);
    expect(bad({ agents: ["policy"] })).toThrow(/^saved game: agents/);
    expect(bad({ steps: [{ ...saved.steps[0], player: 0 }, ...saved.steps.slice(1)] })).toThrow("saved game: steps[0].player: the decision was a chance roll (-1), not 0");
    expect(bad({ steps: [saved.steps[0], { ...saved.steps[1], action: 9999 }, ...saved.steps.slice(2)] })).toThrow(/^saved game: steps\[1\]\.action: 9999 is not a legal choice here/);
    expect(bad({ steps: [{ ...saved.steps[0], text: "x".repeat(3000) }] })).toThrow(/^saved game: steps\[0\]\.text: /);
    expect(bad({ setup: { ...aosSetup, battleplan: "nowhere" } })).toThrow(/^setup: battleplan: /);
    expect(bad({ setup: { ...aosSetup, a: { ...aosSetup.a, units: [{ warscroll: "Nobody" }] } } })).toThrow(/^setup: a: .*Nobody/);
    // The steps replay to a different state than the one written: edited by hand.
    const state = structuredClone(saved.state) as { data: { victoryPoints: number[] } };
    state.data.victoryPoints = [30, 0];
    expect(bad({ state })).toThrow("saved game: state: is not the state its steps replay to");
    // Too many steps: refused by the bound, not replayed.
    expect(bad({ steps: Array.from({ length: 200_001 }, () => saved.steps[0]) })).toThrow(/^saved game: steps: /);
  });

  it("a save file larger than the bound, a folder or a missing file is refused naming the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tactica-saves-"));
    await expect(readSaveFile(join(dir, "none.json"))).rejects.toThrow(`cannot read ${join(dir, "none.json")}: no such file`);
    await expect(readSaveFile(dir)).rejects.toThrow("it is a folder, not a file");
    const big = join(dir, "big.json");
    writeFileSync(big, " ".repeat(MAX_SAVE_BYTES + 1));
    await expect(readSaveFile(big)).rejects.toThrow(`larger than ${MAX_SAVE_BYTES} bytes`);
    const text = join(dir, "t.json");
    writeFileSync(text, "{ not json");
    await expect(readSaveFile(text)).rejects.toThrow(/not valid JSON/);
    writeFileSync(text, JSON.stringify({ format: SAVE_FORMAT, __proto__x: 1 }).replace("__proto__x", "__proto__"));
    await expect(readSaveFile(text)).rejects.toThrow('the key "__proto__" is not allowed');
  });
});
