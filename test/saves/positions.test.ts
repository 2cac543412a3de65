/**
 * Hand-entered positions (src/saves/aos-position.ts, mesbg-position.ts; issue 11 "Positions"): the examples
 * load to the decision they describe, every field is validated (a unit off the battlefield, more damage or
 * wounds than the profile, an unknown warscroll or profile: the field named), and a game played on from a
 * position, saved and resumed is the same game.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { scriptedPolicy } from "../../src/aos/battle/policy.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { type Agent, randomAgent } from "../../src/planner/agents.js";
import { CHANCE } from "../../src/planner/game.js";
import { savedGame } from "../../src/cli/saves.js";
import { aosPositionState } from "../../src/saves/aos-position.js";
import { type LoadedGame, loadGame } from "../../src/saves/load.js";
import { mesbgPositionState } from "../../src/saves/mesbg-position.js";
import { playRecorded } from "../../src/saves/play.js";
import { bundledRosters } from "../../src/aos/armies/index.js";

const root = join(import.meta.dirname, "../..");
const example = (name: string) => JSON.parse(readFileSync(join(root, "examples/positions", name), "utf8"));
const AOS = example("aos-last-round.json");
const MESBG = example("mesbg-turn-4.json");

/** The AoS example with `patch` applied, loaded. */
const aos = (patch: Record<string, unknown>) => () => aosPositionState({ ...AOS, ...patch }, 1);
const withUnit = (i: number, u: Record<string, unknown>) => AOS.units.map((x: object, j: number) => (j === i ? u : x));
const mesbg = (patch: Record<string, unknown>) => () => mesbgPositionState({ ...MESBG, ...patch }, 1);
const withModel = (i: number, m: Record<string, unknown>) => MESBG.models.map((x: object, j: number) => (j === i ? { ...x, ...m } : x));

describe("AoS positions", () => {
  it("[PB-TACTIC-PICK] the example loads at the start of the Hammers' hero phase in round 5: its tactic to pick first, from the three it has not used", () => {
    const g = loadGame(AOS, 1, "aos") as LoadedGame<PitchedBattleState>;
    const d = g.state.data;
    expect(g.steps).toEqual([]);
    expect(g.state.currentPlayer()).toBe(1);
    expect(d.step).toEqual({ kind: "battle-tactic", player: 1 });
    expect(g.state.legalActions(1).map((a) => g.state.actionToString(a))).toEqual([
      "battle tactic: Broken Ranks (Mortek Guard (20))",
      "battle tactic: Broken Ranks (Mortek Guard (10))",
      "battle tactic: Slay the Warlord",
    ]);
    expect([d.round, d.turn, d.active, d.attacker]).toEqual([5, 1, 1, 0]);
    expect(d.victoryPoints).toEqual([21, 19]);
    expect(d.scoring!.victoryPoints).toEqual({ attacker: 21, defender: 19 });
    expect(d.commandPoints).toEqual([1, 2]);
    expect(d.control).toEqual({ "south-border": 0, "north-border": 1, west: 0, east: null });
    expect(d.scoring!.battleTacticsCompleted).toEqual({ attacker: 3, defender: 2 });
    // Units: 12 of the 20 Mortek Guard, the Boneshaper destroyed, the Harvester with 4 damage.
    expect(d.units[2]).toMatchObject({ status: "deployed", x: 14, y: 24, models: 12, damage: 0 });
    expect(d.units[1]!.status).toBe("destroyed");
    expect(d.units[5]).toMatchObject({ models: 1, damage: 4 });
  });

  it("[PB-RESULT] played on from the position with seed 3, stopped after 5 decisions, saved and resumed: the same battle as played straight through", () => {
    const agents = [scriptedPolicy, randomAgent] as Agent[];
    const straight = loadGame(AOS, 3, "aos") as LoadedGame<PitchedBattleState>;
    playRecorded(straight.state, agents as never, straight.rng, straight.steps, { humans: [false, false] });
    expect(straight.state.isTerminal()).toBe(true);
    const part = loadGame(AOS, 3, "aos") as LoadedGame<PitchedBattleState>;
    expect(playRecorded(part.state, agents as never, part.rng, part.steps, { humans: [false, false], stopAfter: 5 })).toBe(true);
    const saved = JSON.parse(JSON.stringify(savedGame({ ...part, agents: ["policy", "random"], options: {} })));
    expect(saved.setup).toEqual({ position: AOS });
    const back = loadGame(saved, 0, "aos") as LoadedGame<PitchedBattleState>;
    playRecorded(back.state, agents as never, back.rng, back.steps, { humans: [false, false] });
    expect(back.steps).toEqual(straight.steps);
    expect(back.state.data.end).toEqual(straight.state.data.end);
  });

  it("[CORE-PHASES] a position at the start of the shooting or charge phase: that phase's choices first, nothing moved", () => {
    const shoot = aosPositionState({ ...AOS, phase: "shooting" }, 1);
    expect(shoot.data.step).toEqual({ kind: "shooting", player: 1 });
    expect(shoot.legalActions(1).map((a) => shoot.actionToString(a))).toEqual(["Celestar Ballista shoots Gothizzar Harvester", "end the shooting phase"]);
    const charge = aosPositionState({ ...AOS, phase: "charge" }, 1);
    expect(charge.data.step).toEqual({ kind: "charge", player: 1 });
    expect(charge.legalActions(1).map((a) => charge.actionToString(a))).toEqual(["Lord-Imperatant charges Gothizzar Harvester", "Vindictors charges Gothizzar Harvester", "Annihilators charges Gothizzar Harvester", "end the charge phase"]);
    expect(charge.data.units.every((u) => !u.moved && !u.ran)).toBe(true);
  });

  it("[CORE-PHASES] a position at the start of the movement phase, with the tactic picked this turn: movement choices first, the tactic in play", () => {
    const s = aosPositionState({ ...AOS, phase: "movement", tactic: { id: "broken-ranks", units: ["Mortek Guard (20)"] } }, 1);
    expect(s.data.step).toEqual({ kind: "movement", player: 1 });
    expect(s.data.tactic).toEqual({ id: "broken-ranks", units: [2], objectives: [], opponentControlledWhenPicked: false });
    expect(s.legalActions(1).length).toBeGreaterThan(1);
    expect(aos({ tactic: { id: "broken-ranks", units: [2] } })).toThrow('position: tactic: the tactic is picked at the start of the hero phase: give it with phase "movement" or later only');
    expect(aos({ phase: "movement", tactic: { id: "conquer", objectives: [] } })).toThrow("position: tactic.id: conquer was picked before");
  });

  it("[CORE-ALLOC] every field is validated, the field named: off the battlefield, too much damage, too many models, unknown warscroll, a unit left out or entered twice, overlap", () => {
    expect(aos({ units: withUnit(0, { army: 0, unit: "Liege-Kavalos", at: { x: 59.5, y: 14 } }) })).toThrow(/^position: units\[0\]\.at: Liege-Kavalos .* is off the battlefield at \(59\.5, 14\): the battlefield is 60" by 44"$/);
    expect(aos({ units: withUnit(0, { army: 0, unit: "Liege-Kavalos", at: { x: 30, y: 14 }, damage: 7 }) })).toThrow("position: units[0].damage: Liege-Kavalos's models have Health 7: 7 damage would slay one");
    expect(aos({ units: withUnit(2, { army: 0, unit: "Mortek Guard (20)", at: { x: 14, y: 24 }, models: 21 }) })).toThrow("position: units[2].models: Mortek Guard (20) has 20 models (as fielded); 21 is more");
    expect(aos({ units: withUnit(2, { army: 0, unit: "Mortek Guard", at: { x: 14, y: 24 } }) })).toThrow('position: units[2].unit: Mortek Shieldwall has 2 units "Mortek Guard": give its place in the roster (2 or 3)');
    expect(aos({ units: withUnit(2, { army: 0, unit: "Bone Giant", at: { x: 14, y: 24 } }) })).toThrow('position: units[2].unit: Mortek Shieldwall has no unit "Bone Giant"');
    expect(aos({ units: AOS.units.slice(1) })).toThrow('position: units: Liege-Kavalos of Mortek Shieldwall is not entered (give its place, or status "destroyed")');
    expect(aos({ units: [...AOS.units, AOS.units[0]] })).toThrow("position: units[13].unit: Liege-Kavalos is entered twice (units[0] too)");
    expect(aos({ units: withUnit(0, { army: 0, unit: "Liege-Kavalos", at: { x: 14, y: 24 } }) })).toThrow(/^position: units\[2\]\.at: Mortek Guard \(20\) overlaps Liege-Kavalos/);
    expect(aos({ units: withUnit(1, { army: 0, unit: 1, status: "destroyed", at: { x: 1, y: 1 } }) })).toThrow("position: units[1].at: Mortisan Boneshaper is destroyed: it has no place on the battlefield");
    expect(aos({ units: withUnit(0, { army: 0, unit: 9, at: { x: 1, y: 1 } }) })).toThrow("position: units[0].unit: Mortek Shieldwall has 6 units (0 to 5)");
    const roster = structuredClone(bundledRosters()[0]!.roster);
    roster.units[5]!.warscroll = "Gothizzar Harvestor";
    expect(aos({ armies: [roster, AOS.armies[1]] })).toThrow(/^position: armies\[0\]: Mortek Shieldwall is not a legal army: .*Gothizzar Harvestor/);
    expect(aos({ armies: ["Nobody's Army", AOS.armies[1]] })).toThrow(/^position: armies\[0\]: "Nobody's Army" is not a bundled army/);
  });

  it("[PB-LENGTH] the turn, the objectives and the tactics are checked against the battleplan and the rounds played", () => {
    expect(aos({ round: 6 })).toThrow(/^position: round: /);
    expect(aos({ battleplan: "nowhere" })).toThrow(/^position: battleplan: must be one of/);
    expect(aos({ phase: "deployment" })).toThrow(/^position: phase: /);
    expect(aos({ phase: "combat" })).toThrow('position: phase: no unit is in combat (within 3" of an enemy unit): the combat phase has nothing to do');
    expect(aos({ control: { centre: 0 } })).toThrow("position: control.centre: not an objective in play in round 5 of Savage Gains (south-border, north-border, west, east)");
    expect(aos({ attackerTerritory: "west" })).toThrow('position: attackerTerritory: "west" is not a territory of Savage Gains (south or north)');
    expect(aos({ tactics: [[{ id: "conquer", round: 1, completed: true }, { id: "conquer", round: 2, completed: false }], []] })).toThrow("position: tactics[0][1].id: conquer is picked twice");
    expect(aos({ turn: "first", active: 1, tactics: [[], [{ id: "conquer", round: 5, completed: true }]] })).toThrow("position: tactics[1][0].round: Hammers of the Warrior Chamber has not had its turn of battle round 5 yet");
    expect(aos({ alphaRoll: 2 })).toThrow("position: alphaRoll: Savage Gains has no alpha objective");
    expect(aos({ battleplan: "tectonic-interference", attackerTerritory: "west", control: {} })).toThrow("position: alphaRoll: Tectonic Interference: give this round's D3 for the alpha objective (PB-BP-06)");
    expect(aos({ victoryPoints: [-1, 0] })).toThrow(/^position: victoryPoints\[0\]: /);
    expect(aos({ commandPoints: [1, 2.5] })).toThrow(/^position: commandPoints\[1\]: /);
  });
});

describe("MESBG positions", () => {
  it("[ME-PRIORITY] the example loads at the start of turn 4's Move phase, Mordor (priority) to move first; the slain count in the starting strength", () => {
    const g = loadGame(MESBG, 1, "mesbg") as LoadedGame<MesbgState>;
    const d = g.state.data;
    expect(d.turn).toBe(4);
    expect(d.maxTurns).toBe(8);
    expect(d.priority).toBe(1);
    expect(g.state.currentPlayer()).toBe(1);
    expect(d.models.filter((m) => m.side === 0 && m.alive)).toHaveLength(10);
    expect(d.models.filter((m) => m.side === 0 && !m.alive)).toHaveLength(13);
    expect(d.models.filter((m) => m.side === 1 && m.alive)).toHaveLength(9);
    expect(d.models.filter((m) => m.side === 1)).toHaveLength(28);
    expect(d.models[0]).toMatchObject({ x: 20, y: 20, wounds: 1, might: 1, will: 0, fate: 1, alive: true });
    expect(d.models[10]).toMatchObject({ will: 6, might: 0, fate: 0 });
    expect(d.models[18]!.prone).toBe(true);
    expect(g.state.currentPlayer()).not.toBe(CHANCE);
  });

  it("[ME-FORCES-CLASH] played on from the position, stopped and resumed: the same game", () => {
    const agents = [mesbgPolicy, mesbgPolicy];
    const straight = loadGame(MESBG, 5, "mesbg") as LoadedGame<MesbgState>;
    playRecorded(straight.state, agents, straight.rng, straight.steps, { humans: [false, false] });
    const part = loadGame(MESBG, 5, "mesbg") as LoadedGame<MesbgState>;
    playRecorded(part.state, agents, part.rng, part.steps, { humans: [false, false], stopAfter: 40 });
    const back = loadGame(JSON.parse(JSON.stringify(savedGame({ ...part, agents: ["policy", "policy"], options: {} }))), 0, "mesbg") as LoadedGame<MesbgState>;
    playRecorded(back.state, agents, back.rng, back.steps, { humans: [false, false] });
    expect(back.steps).toEqual(straight.steps);
    expect(back.state.data.result).toEqual(straight.state.data.result);
  });

  it("[ME-WOUNDS] every field is validated, the field named: more wounds or Might than the profile, off the board, unknown profile, one model too many, overlapping bases", () => {
    expect(mesbg({ models: withModel(0, { wounds: 3 }) })).toThrow("position: models[0].wounds: Captain of Minas Tirith has 2 Wounds on its profile; 3 is more");
    expect(mesbg({ models: withModel(1, { might: 4 }) })).toThrow("position: models[1].might: Gandalf the Grey has 3 Might on its profile; 4 is more");
    expect(mesbg({ models: withModel(10, { will: 11 }) })).toThrow("position: models[10].will: The Dark Marshal has 10 Will on its profile; 11 is more");
    expect(mesbg({ models: withModel(2, { x: 47.8 }) })).toThrow(/^position: models\[2\]: Warrior of Minas Tirith at \(47\.8, 21\.5\) is off the board \(48" by 48"/);
    expect(mesbg({ models: withModel(2, { profile: "balrog" }) })).toThrow('position: models[2].profile: Minas Tirith has no profile "balrog"');
    expect(mesbg({ models: [...MESBG.models, { side: 0, profile: "gandalf", x: 40, y: 40 }] })).toThrow("position: models[19].profile: Minas Tirith fields 1 of Gandalf the Grey: this is one more");
    expect(mesbg({ models: withModel(3, { x: 18.5 }) })).toThrow("position: models[3]: Warrior of Minas Tirith at (18.5, 21.5) overlaps models[2]'s base");
    expect(mesbg({ models: MESBG.models.filter((m: { side: number }) => m.side === 0) })).toThrow("position: models: Mordor has no model left: the game is over");
    expect(mesbg({ forces: ["minas-tirith", "rohan"] })).toThrow(/^position: forces\[1\]\.alignment: the two forces must be one Good and one Evil/);
    expect(mesbg({ forces: ["gondor", "mordor"] })).toThrow(/^position: forces\[0\]: "gondor" is not a bundled force/);
    expect(mesbg({ phase: "end" })).toThrow(/^position: phase: /);
    expect(mesbg({ turn: 9 })).toThrow("position: turn: turn 9 is after the turn cap (maxTurns 8)");
    expect(mesbg({ models: withModel(0, { wounds: 0 }) })).toThrow(/^position: models\[0\]\.wounds: /);
  });
});

describe("positions for the coach", () => {
  it("loadGame takes a save or a position of either game and gives the state at a decision; a campaign position is refused", () => {
    expect((loadGame(AOS, 1) as LoadedGame<PitchedBattleState>).kind).toBe("aos");
    expect((loadGame(MESBG, 1) as LoadedGame<MesbgState>).kind).toBe("mesbg");
    expect(() => loadGame(AOS, 1, "mesbg")).toThrow("saved game: game: this is an aos position, not mesbg");
    expect(() => loadGame({ ...AOS, game: "campaign" }, 1)).toThrow('saved game: game: a position is of game "aos" or "mesbg"');
  });
});
