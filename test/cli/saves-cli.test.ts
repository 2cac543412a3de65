/**
 * `tactica battle|mesbg|campaign --save FILE --stop-after N --resume FILE` (issue 11, "Positions"): a game
 * stopped, saved and resumed is the game played straight through; a human's game is saved as it goes; a
 * file that is not a save is exit 2 naming the field; a CLI save opens in the dashboard's session and back.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Session } from "../../web/play/session.js";
import { aosAdapter } from "../../web/play/aos-adapter.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { scratchDir, tactica } from "../support/cli.js";

const BATTLE = ["battle", "--plan", "savage-gains", "--seed", "5"];

interface BattleRecord {
  decisions: { player: number; action: number }[];
  result: unknown;
  victoryPoints: [number, number];
  sheet: unknown;
  log: string[];
  stopped?: boolean;
}

describe("tactica --save / --stop-after / --resume", () => {
  it("[PB-RESULT] battle: stopped after 50 decisions and resumed, the battle is the one played straight through (same decisions, log, sheet, result)", () => {
    const s = scratchDir("saves");
    const file = join(s.dir, "battle.json");
    const straight = tactica([...BATTLE, "--json"]);
    expect(straight.code, straight.err).toBe(0);
    const stop = tactica([...BATTLE, "--stop-after", "50", "--save", file]);
    expect(stop.code, stop.err).toBe(0);
    expect(stop.out).toContain(`Stopped after 50 decisions (--stop-after); saved in ${file}: tactica battle --resume ${file} plays on.`);
    expect(stop.out).not.toContain("Scoring sheet");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved).toMatchObject({ format: "tactica-game", version: 1, game: "aos", human: 0, seed: 5, agents: ["policy", "random"] });
    expect(saved.steps.filter((x: { player: number }) => x.player >= 0)).toHaveLength(50);
    expect(saved.setup.battleplan).toBe("savage-gains");
    const resumed = tactica(["battle", "--resume", file, "--json"]);
    expect(resumed.code, resumed.err).toBe(0);
    const [a, b] = [JSON.parse(straight.out) as BattleRecord, JSON.parse(resumed.out) as BattleRecord];
    expect(b.decisions).toEqual(a.decisions);
    expect(b.log).toEqual(a.log);
    expect(b.sheet).toEqual(a.sheet);
    expect(b.result).toEqual(a.result);
    // The text output too, from the header to the result.
    expect(tactica(["battle", "--resume", file]).out).toBe(tactica(BATTLE).out);
  });

  it("[ME-FORCES-CLASH] mesbg and [CAMP-LENGTH] campaign: stopped, saved and resumed, the same game as straight through", () => {
    const s = scratchDir("saves");
    const m = join(s.dir, "m.json");
    const ARGS = ["mesbg", "--seed", "4", "--turns", "5"];
    expect(tactica([...ARGS, "--stop-after", "120", "--save", m]).code).toBe(0);
    const resumed = tactica(["mesbg", "--resume", m]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toBe(tactica(ARGS).out);
    const c = join(s.dir, "c.json");
    const CAMPAIGN = ["campaign", "--seed", "3", "--turns", "3"];
    expect(tactica([...CAMPAIGN, "--stop-after", "8", "--save", c]).code).toBe(0);
    expect(JSON.parse(readFileSync(c, "utf8")).options).toMatchObject({ seed: 3, turns: 3 });
    const back = tactica(["campaign", "--resume", c]);
    expect(back.code, back.err).toBe(0);
    expect(back.out).toBe(tactica(CAMPAIGN).out);
  });

  it("a human's battle is saved after every decision: the input runs out, exit 2, and --resume plays on to the battle the whole input gives", () => {
    const s = scratchDir("saves");
    const file = join(s.dir, "h.json");
    const HUMAN = [...BATTLE, "--agents", "human,policy"];
    const cut = tactica([...HUMAN, "--save", file], "1\n".repeat(8));
    expect(cut.code).toBe(2);
    expect(cut.err).toContain("input ended before the battle did");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.agents).toEqual(["human", "policy"]);
    expect(saved.steps.filter((x: { human?: boolean }) => x.human)).toHaveLength(8);
    const rest = tactica(["battle", "--resume", file, "--json"], "1\n".repeat(3000));
    expect(rest.code, rest.err.slice(-300)).toBe(0);
    expect(rest.err).toContain(`Resumed from ${file} after ${saved.steps.length} steps`);
    const whole = tactica([...HUMAN, "--json"], "1\n".repeat(3000));
    expect((JSON.parse(rest.out) as BattleRecord).decisions).toEqual((JSON.parse(whole.out) as BattleRecord).decisions);
    // --agents on the command line wins over the file's.
    const ai = tactica(["battle", "--resume", file, "--agents", "policy,policy"]);
    expect(ai.code).toBe(0);
    expect(ai.out).toContain("agents policy vs policy");
  });

  it("a file that is not a save is exit 2 naming the field; options that set a game up are refused beside --resume", () => {
    const s = scratchDir("saves");
    const notSave = s.file("x.json", { format: "tactica-gmae", version: 1 });
    const r = tactica(["battle", "--resume", notSave]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${notSave}: format: must be "tactica-game" (a saved game) or "tactica-position" (a position entered by hand)`);
    const mesbgSave = join(s.dir, "m.json");
    expect(tactica(["mesbg", "--turns", "2", "--stop-after", "3", "--save", mesbgSave]).code).toBe(0);
    const wrong = tactica(["battle", "--resume", mesbgSave]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain(`${mesbgSave}: game: this is a mesbg game, not aos`);
    const saved = JSON.parse(readFileSync(mesbgSave, "utf8"));
    const edited = s.file("e.json", { ...saved, steps: saved.steps.map((x: { action: number }, i: number) => (i === 2 ? { ...x, action: 777 } : x)) });
    const e = tactica(["mesbg", "--resume", edited]);
    expect(e.code).toBe(2);
    expect(e.err).toMatch(/steps\[2\]\.action: 777 is not a legal choice here/);
    expect(tactica(["mesbg", "--resume", mesbgSave, "--turns", "4"]).err).toContain("--turns: cannot be combined with --resume (the game's set-up is in the file)");
    expect(tactica(["battle", "--resume", notSave, "--plan", "savage-gains"]).err).toContain("--plan: cannot be combined with --resume");
    expect(tactica([...BATTLE, "--stop-after", "x"]).err).toContain("battle: stop-after: must be a whole number from 0 to 200000");
    expect(tactica(["battle", "--resume", join(s.dir, "none.json")]).err).toContain("no such file");
    const unwritable = tactica([...BATTLE, "--stop-after", "1", "--save", join(s.dir, "no", "dir.json")]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.err).toContain("no such folder");
  });

  it("[PB-DEPLOY] a battle saved by the CLI opens in the dashboard's session (web/play/session.ts) at the same state, and the dashboard's save plays on in the CLI", () => {
    const s = scratchDir("saves");
    const file = join(s.dir, "cli.json");
    expect(tactica([...BATTLE, "--agents", "policy,policy", "--stop-after", "30", "--save", file]).code).toBe(0);
    const cliSave = JSON.parse(readFileSync(file, "utf8"));
    const session = Session.restore(aosAdapter, cliSave);
    // The session replayed the CLI's steps, then its AI played on to the human's (player 0's) decision.
    expect(session.steps.slice(0, cliSave.steps.length)).toEqual(cliSave.steps);
    expect(session.humanToAct()).toBe(true);
    session.choose(session.view().choices[0]!.action);
    const webFile = join(s.dir, "web.json");
    writeFileSync(webFile, JSON.stringify(session.saved()));
    const r = tactica(["battle", "--resume", webFile, "--agents", "policy,policy", "--json"]);
    expect(r.code, r.err).toBe(0);
    const record = JSON.parse(r.out) as BattleRecord;
    expect(record.decisions.slice(0, session.steps.length)).toEqual(session.steps.map(({ player, action, text }) => ({ player, action, text })));
    expect(record.result).not.toBeNull();
    // And a game started in the dashboard opens in the CLI.
    const r2 = bundledRosters();
    const fresh = Session.start(aosAdapter, { a: r2[0]!.roster, b: r2[1]!.roster, battleplan: "roll" }, 9, 1);
    const freshFile = s.file("fresh.json", fresh.saved());
    const f = tactica(["battle", "--resume", freshFile, "--agents", "policy,random"]);
    expect(f.code, f.err).toBe(0);
    expect(f.out).toContain("Result [PB-RESULT]");
  });

  it("[PB-RESULT] a hand-entered position plays on with --resume (its dice from --seed), saves and resumes as the same game; a bad position is exit 2 naming the field", () => {
    const s = scratchDir("saves");
    const POS = "examples/positions/aos-last-round.json";
    const straight = tactica(["battle", "--resume", POS, "--seed", "3"]);
    expect(straight.code, straight.err).toBe(0);
    expect(straight.out).toContain("Position entered by hand: Savage Gains, battle round 5, Hammers of the Warrior Chamber's turn (hero phase) — VP 21 : 19.");
    expect(straight.out).toContain("Result [PB-RESULT]");
    const file = join(s.dir, "p.json");
    expect(tactica(["battle", "--resume", POS, "--seed", "3", "--stop-after", "4", "--save", file]).code).toBe(0);
    expect(tactica(["battle", "--resume", file]).out).toBe(straight.out);
    // A save carries its own dice: a --seed beside it would be ignored, so it is refused and the save kept.
    const before = readFileSync(file, "utf8");
    const seeded = tactica(["battle", "--resume", file, "--seed", "4", "--save", file]);
    expect(seeded.code).toBe(2);
    expect(seeded.err).toContain(`--seed: cannot be combined with --resume of a saved game (${file} carries its own dice); --seed sets the dice of a position (format "tactica-position")`);
    expect(readFileSync(file, "utf8")).toBe(before);
    const m = tactica(["mesbg", "--resume", "examples/positions/mesbg-turn-4.json", "--seed", "2"]);
    expect(m.code, m.err).toBe(0);
    expect(m.out).toMatch(/Result: /);
    const pos = JSON.parse(readFileSync(POS, "utf8"));
    pos.units[0].at = { x: 59, y: 10 };
    const bad = tactica(["battle", "--resume", s.file("bad.json", pos)]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/bad\.json: units\[0\]\.at: Liege-Kavalos .* is off the battlefield at \(59, 10\)/);
    const mpos = JSON.parse(readFileSync("examples/positions/mesbg-turn-4.json", "utf8"));
    mpos.models[12].wounds = 4;
    const badM = tactica(["mesbg", "--resume", s.file("badm.json", mpos)]);
    expect(badM.code).toBe(2);
    expect(badM.err).toContain("badm.json: models[12].wounds: Mordor Troll has 3 Wounds on its profile; 4 is more");
    expect(tactica(["mesbg", "--resume", POS]).err).toContain("game: this is an aos position, not mesbg");
  });
});
