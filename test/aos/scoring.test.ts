/**
 * Victory points per battleplan, battle tactics, grand strategies, Predators and Prey and the result, each
 * with numbers worked out by hand from the seed and the maps (src/aos/battleplans/table1.ts, table2.ts).
 */
import { describe, expect, it } from "vitest";
import type { BattleplanId, TerritoryId } from "../../src/aos/battleplans/index.js";
import {
  BATTLE_TACTICS,
  battleOver,
  battleResult,
  battleTacticOutcome,
  destroyValue,
  endBattle,
  GRAND_STRATEGIES,
  grandStrategyCompleted,
  objectivesNow,
  type Note,
  RuleError,
  scoreTurn,
  type ScoringState,
  scoringStateSchema,
  type Side,
  startBattle,
  startRound,
  type RoundEventsInput,
  type TurnFactsInput,
  type TurnScore,
} from "../../src/aos/scoring/index.js";

type Turn = Omit<TurnFactsInput, "round">;
interface Round {
  events?: Omit<RoundEventsInput, "round" | "first">;
  turns: Turn[];
}

/** Plays rounds through the public API; the first turn listed decides who goes first. */
function play(id: BattleplanId, rounds: Round[], attackerTerritory?: TerritoryId) {
  let state: ScoringState = startBattle({ battleplan: id, ...(attackerTerritory ? { attackerTerritory } : {}) });
  const scores: TurnScore[] = [];
  const notes: Note[][] = [];
  for (const r of rounds) {
    const round = state.round + 1;
    const started = startRound(state, { round, first: r.turns[0]?.player ?? "attacker", ...r.events });
    state = started.state;
    notes.push(started.notes);
    for (const t of r.turns) {
      const x = scoreTurn(state, { round, ...t });
      state = x.state;
      scores.push(x.score);
    }
  }
  return { state, scores, notes };
}

const A = "attacker" as const;
const D = "defender" as const;
const quiet = (player: Side): Turn => ({ player });
const quietRound: Round = { turns: [quiet(A), quiet(D)] };
const vp = (s: TurnScore) => s.victoryPoints;
const texts = (s: TurnScore) => s.lines.map((l) => `${l.player} +${l.victoryPoints} ${l.ruleId}`);

describe("objective victory points per battleplan", () => {
  it("[PB-BP-01] Marking Territory scores no VP; from round 3 controlling every objective is an immediate major victory", () => {
    const all = ["south", "north", "west", "east"];
    const g = play("marking-territory", [
      { turns: [{ player: A, objectives: all, battleTactic: { id: "savage-spearhead", completed: true }, enemyMonstersSlain: true }, quiet(D)] },
      { turns: [{ player: A, objectives: all }, quiet(D)] },
      { turns: [{ player: D, opponentObjectives: all }] },
    ]);
    expect(g.scores.map(vp)).toEqual(Array(5).fill({ attacker: 0, defender: 0 }));
    expect(g.scores.slice(0, 4).map((s) => s.gloriousVictory)).toEqual([null, null, null, null]); // rounds 1-2 do not count
    expect(g.scores[4]!.gloriousVictory).toBe(A); // at the end of the defender's turn, the attacker holds all four
    expect(g.state.battleTacticsCompleted.attacker).toBe(1);
    expect(battleOver(g.state)).toBe(true);
    expect(() => scoreTurn(g.state, { round: 3, player: A })).toThrow("(the input): the battle is over: the attacker won a major victory in round 3 (PB-BP-01)");
    const end = endBattle(g.state, { attacker: { id: "vendetta", completed: false }, defender: { id: "vendetta", completed: true } });
    expect(end.lines).toEqual([]);
    expect(end.result).toMatchObject({ outcome: "major-victory", winner: A, ruleId: "PB-BP-01" });
  });

  it("[PB-BP-01] Marking Territory without a major victory: minor by tactics, then grand strategy, else a draw; VP never decide", () => {
    const g = play("marking-territory", [
      quietRound,
      quietRound,
      { events: { seismicShift: "west" }, turns: [{ player: A, objectives: ["south", "north", "east"], opponentObjectives: [] }] },
    ]);
    // Seismic Shift removed west, so the attacker holds all three remaining objectives at the end of the turn.
    expect(g.scores[4]!.gloriousVictory).toBe(A);
    const h = play("marking-territory", [{ turns: [{ player: A, battleTactic: { id: "conquer", completed: false } }, { player: D, battleTactic: { id: "savage-spearhead", completed: true } }] }, quietRound, quietRound, quietRound, quietRound]);
    const gs = (a: boolean, d: boolean) => ({ attacker: { id: "vendetta" as const, completed: a }, defender: { id: "vendetta" as const, completed: d } });
    expect(endBattle(h.state, gs(true, false)).result).toMatchObject({ outcome: "minor-victory", winner: D, reason: "most battle tactics completed (1 to 0)" });
    const none = play("marking-territory", [quietRound, quietRound, quietRound, quietRound, quietRound]);
    expect(endBattle(none.state, gs(true, false)).result).toMatchObject({ outcome: "minor-victory", winner: A, reason: "battle tactics tied at 0; the only player to complete their grand strategy" });
    expect(endBattle(none.state, gs(true, true)).result).toMatchObject({ outcome: "draw", winner: null });
  });

  it("[PB-BP-02] Savage Gains scores 4 VP for the objective on the opponent border, 1 for your own, 2 for each on neither", () => {
    const g = play("savage-gains", [
      {
        turns: [
          { player: A, objectives: ["south-border", "west", "north-border"] },
          { player: D, objectives: ["south-border", "north-border", "east"], opponentObjectives: ["west"] },
        ],
      },
    ]);
    expect(vp(g.scores[0]!)).toEqual({ attacker: 1 + 2 + 4, defender: 0 });
    expect(vp(g.scores[1]!)).toEqual({ attacker: 0, defender: 4 + 1 + 2 });
    expect(g.scores[0]!.lines.map((l) => l.text)).toEqual([
      "Savage Gains: 1 VP for the objective on the border of your territory (south-border)",
      "Savage Gains: 2 VP for west, an objective not on the border of either player's territory",
      "Savage Gains: 4 VP for the objective on the border of your opponent's territory (north-border)",
    ]);
    // The attacker picks the other territory: the same objective is now their own border.
    const n = play("savage-gains", [{ turns: [{ player: A, objectives: ["north-border"] }] }], "north");
    expect(vp(n.scores[0]!).attacker).toBe(1);
  });

  it("[PB-BP-03] First Blood: 1 for one objective, 1 for two or more, 1 for more than the opponent; the vantage point gives +1 CP", () => {
    const g = play("first-blood", [
      { events: { vantagePoint: "north" }, turns: [{ player: A, objectives: ["west", "north"], opponentObjectives: ["east"] }, { player: D, objectives: ["east"], opponentObjectives: ["west", "north"] }] },
      { events: { vantagePoint: "east" }, turns: [{ player: D, objectives: ["east", "south"], opponentObjectives: ["west", "north"] }] },
    ]);
    expect(vp(g.scores[0]!).attacker).toBe(3);
    expect(vp(g.scores[1]!).defender).toBe(1);
    expect(vp(g.scores[2]!).defender).toBe(2); // 2 against 2: not more
    expect(g.notes[0]!.map((n) => n.text)).toEqual(["First Blood: the defender, taking the second turn, picks north as the vantage point"]);
    // Round 2's command points are received before the new pick: the attacker holds last round's vantage point.
    expect(g.notes[1]![0]).toEqual({ ruleId: "PB-BP-03", commandPoint: A, text: "First Blood: the attacker controls the vantage point (north) and receives 1 extra command point" });
    expect(g.notes[1]![1]!.text).toBe("First Blood: the attacker, taking the second turn, picks east as the vantage point");
  });

  it("[PB-BP-04] Power Struggle: the 1 + 1 VP need objectives held at the end of two of your turns in a row, across rounds", () => {
    const g = play("power-struggle", [
      { turns: [{ player: A, objectives: ["centre", "south-west"] }, { player: D, objectives: ["north-west"], opponentObjectives: ["centre", "south-west"] }] },
      {
        turns: [
          { player: D, objectives: ["north-west", "north-east"], opponentObjectives: ["centre"] },
          { player: A, objectives: ["centre", "south-west", "south-east"], opponentObjectives: ["north-west"] },
        ],
      },
      { turns: [{ player: A, objectives: ["south-east"] }] },
    ]);
    expect(vp(g.scores[0]!).attacker).toBe(1); // round 1: nothing held twice yet, only "more than the opponent"
    expect(vp(g.scores[1]!).defender).toBe(0);
    expect(vp(g.scores[2]!).defender).toBe(1 + 1); // north-west held at its round 1 and round 2 turns; 2 > 1
    expect(vp(g.scores[3]!).attacker).toBe(1 + 1 + 1); // centre and south-west held twice; 3 > 1
    expect(vp(g.scores[4]!).attacker).toBe(1 + 1); // south-east held at the end of round 2's and round 3's turns
  });

  it("[PB-BP-05] Survival of the Fittest: 1 VP per enemy predator destroyed by a friendly predator that turn, at most 3 in all", () => {
    const g = play("survival-of-the-fittest", [{ turns: [{ player: A, objectives: ["centre"], predatorsDestroyed: 2 }, quiet(D)] }]);
    expect(vp(g.scores[0]!).attacker).toBe(1 + 1 + 2);
    expect(g.scores[0]!.lines.at(-1)!.text).toBe("Survival of the Fittest: 2 VP for 2 enemy predator units destroyed by friendly predator units this turn");
    const next = startRound(g.state, { round: 2, first: A }).state;
    expect(() => scoreTurn(next, { round: 2, player: A, predatorsDestroyed: 2 })).toThrow(/predatorsDestroyed: the attacker would have destroyed 4 enemy predator units; each player has only 3 \(PB-BP-05\)/);
    expect(() => play("savage-gains", [{ turns: [{ player: A, predatorsDestroyed: 1 }] }])).toThrow(/predatorsDestroyed: Savage Gains has no predator units/);
  });

  it("[PB-BP-06] Tectonic Interference: 2 VP for the alpha objective, 1 per beta; the D3 is rolled each round", () => {
    const g = play("tectonic-interference", [
      { events: { alphaRoll: 2 }, turns: [{ player: A, objectives: ["centre", "south"] }, { player: D, objectives: ["north"], opponentObjectives: ["centre", "south"] }] },
      { events: { alphaRoll: 3 }, turns: [{ player: D, objectives: ["north"] }] },
    ]);
    expect(vp(g.scores[0]!).attacker).toBe(2 + 1);
    expect(vp(g.scores[1]!).defender).toBe(1);
    expect(vp(g.scores[2]!).defender).toBe(2);
    expect(g.notes[0]![0]!.text).toBe("Tectonic Interference: the D3 rolls 2: centre is the alpha objective, south and north the beta objectives");
    expect(() => play("tectonic-interference", [quietRound])).toThrow("alphaRoll: Tectonic Interference needs the D3 rolled for the alpha objective at the start of each battle round (PB-BP-06)");
    expect(() => play("savage-gains", [{ events: { alphaRoll: 1 }, turns: [] }])).toThrow(/alphaRoll: Savage Gains has no alpha objective/);
  });

  it("[PB-BP-07] Apex Predators: 1 for one altar, 1 for two, 1 for more than the opponent", () => {
    const g = play("apex-predators", [{ turns: [{ player: A, objectives: ["centre", "south-west"], opponentObjectives: ["north-east"] }] }]);
    expect(vp(g.scores[0]!).attacker).toBe(3);
  });

  it("[PB-BP-08] The Vice: corner objectives score in rounds 1-3; from round 4 only the centre objective exists", () => {
    const g = play("the-vice", [{ turns: [{ player: A, objectives: ["south-west", "south-east"] }, quiet(D)] }, quietRound, quietRound]);
    expect(vp(g.scores[0]!).attacker).toBe(3);
    const r4 = startRound(g.state, { round: 4, first: D });
    expect(r4.notes.map((n) => n.text).at(-1)).toBe("The Vice: objective centre is set up at (30\", 22\")");
    expect(() => scoreTurn(r4.state, { round: 4, player: D, objectives: ["south-west"] })).toThrow(
      "objectives[0]: south-west is not on the battlefield in round 4 (removed at the start of round 4) (PB-BP-08)",
    );
    expect(vp(scoreTurn(r4.state, { round: 4, player: D, objectives: ["centre"] }).score).defender).toBe(1 + 1); // 1 objective, more than 0
  });

  it("[PB-BP-09] Tooth and Nail: 1/1/1 for objectives; Seismic Shift may remove a border objective but not a prime one", () => {
    const g = play("tooth-and-nail", [{ turns: [{ player: A, objectives: ["west"], opponentObjectives: ["east"] }, quiet(D)] }, quietRound]);
    expect(vp(g.scores[0]!).attacker).toBe(1);
    expect(() => startRound(g.state, { round: 3, first: A, seismicShift: "west" })).toThrow("seismicShift: west is a prime objective and cannot be removed (PB-REALM-SEISMIC)");
    expect(startRound(g.state, { round: 3, first: A, seismicShift: "north" }).state.removed).toEqual([{ objective: "north", round: 3, by: D, reason: "seismic-shift" }]);
  });

  it("[PB-BP-10] Feral Foray: from round 2 raid an objective in enemy territory for +1 VP; it is removed", () => {
    expect(() => play("feral-foray", [{ turns: [{ player: A, objectives: ["north-west"], raid: "north-west" }] }])).toThrow(
      "raid: raids start from battle round 2, this is round 1 (PB-BP-10)",
    );
    const g = play("feral-foray", [quietRound, { turns: [{ player: A, objectives: ["north-west"], raid: "north-west" }] }]);
    expect(vp(g.scores[2]!).attacker).toBe(1 + 1 + 1);
    expect(g.scores[2]!.lines.at(-1)).toEqual({ player: A, victoryPoints: 1, ruleId: "PB-BP-10", text: "Feral Foray: 1 VP for raiding north-west, which is removed from play" });
    expect(g.scores[2]!.removed).toEqual(["north-west"]);
    expect(() => scoreTurn(g.state, { round: 2, player: D, objectives: ["north-west"] })).toThrow(
      "objectives[0]: north-west is no longer on the battlefield (removed in round 2 when the attacker raided it) (PB-BP-10)",
    );
    const r2 = play("feral-foray", [quietRound]).state;
    const s2 = startRound(r2, { round: 2, first: A }).state;
    expect(() => scoreTurn(s2, { round: 2, player: A, objectives: ["centre"], raid: "centre" })).toThrow(/raid: centre is not wholly within your opponent's territory \(north\)/);
    expect(() => scoreTurn(s2, { round: 2, player: A, objectives: ["south-west"], raid: "south-west" })).toThrow(/raid: south-west is not wholly within your opponent's territory/);
    expect(() => scoreTurn(s2, { round: 2, player: A, raid: "north-east" })).toThrow(/raid: you can only raid an objective you control/);
  });

  it("[PB-BP-11] Power in Numbers: destroying scores 1 (gained this turn), 2 (held since last turn), 4 (turn before last), best only", () => {
    const g = play("power-in-numbers", [
      { turns: [{ player: A, objectives: ["west", "centre"] }, { player: D, objectives: ["north"], opponentObjectives: ["west", "centre"] }] },
      { turns: [{ player: A, objectives: ["west", "south", "centre"], destroyedObjectives: ["west", "south"] }, { player: D, opponentObjectives: ["centre"] }] },
      { turns: [{ player: A, objectives: ["centre"], destroyedObjectives: ["centre"], battleTactic: { id: "savage-spearhead", completed: true } }] },
    ]);
    expect(vp(g.scores[0]!).attacker).toBe(0); // no VP for holding objectives on this plan
    expect(g.scores[2]!.lines.map((l) => l.text)).toEqual([
      "Power in Numbers: 2 VP for destroying west, held since the end of your last turn",
      "Power in Numbers: 1 VP for destroying south, control gained this turn",
    ]);
    // centre: held at the end of the attacker's turns in rounds 1, 2 and 3 and never lost: 4, not 2 + 4.
    expect(texts(g.scores[4]!)).toEqual(["attacker +2 PB-BT-08", "attacker +4 PB-BP-11"]);
    expect(() => play("power-in-numbers", [{ turns: [{ player: A, objectives: ["west"], destroyedObjectives: ["west"] }] }])).toThrow(
      "destroyedObjectives: objectives can be destroyed from battle round 2, this is round 1 (PB-BP-11)",
    );
    expect(() => play("power-in-numbers", [quietRound, { turns: [{ player: A, destroyedObjectives: ["west"] }] }])).toThrow(
      "destroyedObjectives[0]: you can only destroy an objective you control, and west is not in objectives (PB-BP-11)",
    );
  });

  it("[PB-BP-11] Power in Numbers: 8 VP for an objective held from round 1 to your turn in round 5; lost in between starts over", () => {
    const hold = (rounds: number, extra: Partial<Turn> = {}) =>
      Array.from({ length: rounds }, (_, i): Round => ({
        turns: [
          { player: A, objectives: ["south"], ...(i === rounds - 1 ? extra : {}) },
          { player: D, opponentObjectives: i === rounds - 1 ? [] : ["south"] },
        ],
      }));
    const g = play("power-in-numbers", hold(5, { destroyedObjectives: ["south"] }));
    expect(texts(g.scores[8]!)).toEqual(["attacker +8 PB-BP-11"]);
    expect(g.scores[8]!.lines[0]!.text).toBe("Power in Numbers: 8 VP for destroying south, held from the first battle round to the end of your turn in the fifth");
    // Lost during the defender's round-1 turn: in round 2 it counts as gained this turn.
    const lost = play("power-in-numbers", [
      { turns: [{ player: A, objectives: ["south"] }, { player: D, objectives: ["south"] }] },
      { turns: [{ player: A, objectives: ["south"], destroyedObjectives: ["south"] }] },
    ]);
    expect(vp(lost.scores[2]!).attacker).toBe(1);
    // The function the engine calls: the run of turn ends at which the player held it.
    const snap = (round: number, player: Side, attacker: string[]) => ({ round, player, control: { attacker, defender: [] } });
    expect(destroyValue([snap(1, A, ["x"]), snap(1, D, ["x"]), snap(2, D, ["x"]), snap(2, A, ["x"])], A, "x").victoryPoints).toBe(2);
    expect(destroyValue([snap(1, D, []), snap(1, A, ["x"]), snap(2, A, ["x"]), snap(2, D, ["x"]), snap(3, D, ["x"]), snap(3, A, ["x"])], A, "x").victoryPoints).toBe(4);
    // Gained during the opponent's turn (a decision): 1, the nearest criterion.
    expect(destroyValue([snap(1, A, []), snap(1, D, ["x"]), snap(2, A, ["x"])], A, "x")).toEqual({ victoryPoints: 1, since: "control gained this turn" });
  });

  it("[PB-BP-12] The Veins of Ghur: the round number in VP per objective; objectives appear in rounds 2 and 3 from 2D6", () => {
    expect(() => play("the-veins-of-ghur", [{ turns: [{ player: A, objectives: ["vein-1"] }] }])).toThrow(
      "objectives[0]: vein-1 is not on the battlefield in round 1 (it is set up at the start of round 2) (PB-BP-12)",
    );
    const g = play("the-veins-of-ghur", [
      quietRound,
      { events: { veinsRolls: { "vein-1": 9 } }, turns: [{ player: A, objectives: ["vein-1"] }, quiet(D)] },
      { events: { veinsRolls: { "vein-2": 7, "vein-3": 4 } }, turns: [{ player: D, objectives: ["vein-1", "vein-2", "vein-3"] }] },
    ]);
    expect(vp(g.scores[2]!).attacker).toBe(2);
    expect(vp(g.scores[4]!).defender).toBe(3 * 3);
    expect(g.notes[1]!.map((n) => n.text)).toEqual(['The Veins of Ghur: objective vein-1 is set up where its line crosses line 9 (30", 28")']);
    expect(g.state.placed).toEqual({ "vein-1": { x: 30, y: 28 }, "vein-2": { x: 15, y: 22 }, "vein-3": { x: 45, y: 13 } });
    expect(objectivesNow(g.state).map((o) => [o.id, o.at])).toEqual([["vein-1", { x: 30, y: 28 }], ["vein-2", { x: 15, y: 22 }], ["vein-3", { x: 45, y: 13 }]]);
    expect(() => play("the-veins-of-ghur", [quietRound, { events: { veinsRolls: { "vein-2": 7 } }, turns: [] }])).toThrow(
      "veinsRolls.vein-2: vein-2 is set up at the start of round 3, not round 2 (PB-BP-12)",
    );
  });
});

describe("battle tactics", () => {
  it("[PB-TACTIC-PICK] one battle tactic a turn, 2 VP when completed, never the same one twice in a battle", () => {
    const g = play("savage-gains", [
      { turns: [{ player: A, battleTactic: { id: "savage-spearhead", completed: true } }, { player: D, battleTactic: { id: "savage-spearhead", completed: false } }] },
    ]);
    expect(vp(g.scores[0]!).attacker).toBe(2);
    expect(vp(g.scores[1]!).defender).toBe(0); // each player has their own list: the defender may pick it too
    const r2 = startRound(g.state, { round: 2, first: D }).state;
    expect(() => scoreTurn(r2, { round: 2, player: D, battleTactic: { id: "savage-spearhead", completed: true } })).toThrow(
      "battleTactic.id: Savage Spearhead was already picked by the defender in round 1; no battle tactic can be picked twice in a battle (PB-TACTIC-PICK)",
    );
    expect(() => scoreTurn(r2, { round: 2, player: D, battleTactic: [{ id: "conquer" }] as never })).toThrow(/battleTactic: Invalid input: expected object, received array/);
  });

  const expected: [string, string, string, string, boolean][] = [
    ["PB-BT-01", "broken-ranks", "Broken Ranks", "enemy-battleline-unit", true],
    ["PB-BT-02", "conquer", "Conquer", "objective-opponent-controls", false],
    ["PB-BT-03", "slay-the-warlord", "Slay the Warlord", "none", true],
    ["PB-BT-04", "ferocious-advance", "Ferocious Advance", "three-friendly-units", true],
    ["PB-BT-05", "bring-it-down", "Bring It Down!", "enemy-monster", true],
    ["PB-BT-06", "aggressive-expansion", "Aggressive Expansion", "two-objectives-not-wholly-within-your-territory", false],
    ["PB-BT-07", "monstrous-takeover", "Monstrous Takeover", "friendly-monster", false],
    ["PB-BT-08", "savage-spearhead", "Savage Spearhead", "none", true],
  ];
  for (const [ruleId, id, name, pick, hasBonus] of expected) {
    it(`[${ruleId}] ${name}: in the catalog with its pick (${pick}) and ${hasBonus ? "a +1 VP bonus: 3 VP in all" : "no bonus"}`, () => {
      const t = BATTLE_TACTICS.find((x) => x.ruleId === ruleId)!;
      expect([t.id, t.name, t.pick.kind, t.bonus !== null]).toEqual([id, name, pick, hasBonus]);
      const turn = { player: A, battleTactic: { id: t.id, completed: true, bonus: true } };
      if (hasBonus) {
        const g = play("savage-gains", [{ turns: [turn] }]);
        expect(vp(g.scores[0]!).attacker).toBe(2 + 1);
        expect(g.scores[0]!.lines.map((l) => l.ruleId)).toEqual([ruleId, ruleId]);
      } else {
        expect(() => play("savage-gains", [{ turns: [turn] }])).toThrow(`battleTactic.bonus: ${name} has no bonus victory point (${ruleId})`);
      }
    });
  }

  it("[PB-BT-01] Broken Ranks: the picked enemy starting-army Battleline unit destroyed this turn; +1 if by a MONSTER", () => {
    const target = { battleline: true, startingArmy: true };
    expect(battleTacticOutcome({ id: "broken-ranks", target, destroyedThisTurn: true, destroyedByMonster: true })).toEqual({ completed: true, bonus: true });
    expect(battleTacticOutcome({ id: "broken-ranks", target, destroyedThisTurn: true, destroyedByMonster: false })).toEqual({ completed: true, bonus: false });
    expect(battleTacticOutcome({ id: "broken-ranks", target: { battleline: true, startingArmy: false }, destroyedThisTurn: true, destroyedByMonster: true })).toEqual({ completed: false, bonus: false });
  });

  it("[PB-BT-02] Conquer: an objective the opponent controlled when picked, controlled by you at the end of the turn", () => {
    expect(battleTacticOutcome({ id: "conquer", opponentControlledWhenPicked: true, youControlAtEndOfTurn: true }).completed).toBe(true);
    expect(battleTacticOutcome({ id: "conquer", opponentControlledWhenPicked: false, youControlAtEndOfTurn: true }).completed).toBe(false);
    const g = play("savage-gains", [{ turns: [quiet(A), { player: D, objectives: ["west"] }] }]);
    const r2 = startRound(g.state, { round: 2, first: A }).state;
    expect(() => scoreTurn(r2, { round: 2, player: A, objectives: [], battleTactic: { id: "conquer", picks: ["east"], completed: false } })).toThrow(
      "battleTactic.picks[0]: Conquer picks an objective your opponent controls; the defender did not control east at the end of the previous turn (PB-BT-02)",
    );
    expect(() => scoreTurn(r2, { round: 2, player: A, objectives: [], battleTactic: { id: "conquer", picks: ["west"], completed: true } })).toThrow(
      "battleTactic.completed: Conquer is completed exactly when you control west at the end of the turn; objectives says you do not, so completed must be false (PB-BT-02)",
    );
    expect(vp(scoreTurn(r2, { round: 2, player: A, objectives: ["west"], battleTactic: { id: "conquer", picks: ["west"], completed: true } }).score).attacker).toBe(2 + 2);
  });

  it("[PB-BT-03] Slay the Warlord: the enemy general slain this turn; +1 if by a MONSTER", () => {
    expect(battleTacticOutcome({ id: "slay-the-warlord", enemyGeneralSlainThisTurn: true, slainByMonster: true })).toEqual({ completed: true, bonus: true });
    expect(battleTacticOutcome({ id: "slay-the-warlord", enemyGeneralSlainThisTurn: false, slainByMonster: true })).toEqual({ completed: false, bonus: false });
  });

  it("[PB-BT-04] Ferocious Advance: 3 units run and finish within 3\" of each other; +1 if all 3 are MONSTERS", () => {
    const u = (monster: boolean) => ({ ran: true, monster, startingArmy: true });
    expect(battleTacticOutcome({ id: "ferocious-advance", units: [u(true), u(true), u(true)], finishedWithin3OfEachOther: true })).toEqual({ completed: true, bonus: true });
    expect(battleTacticOutcome({ id: "ferocious-advance", units: [u(true), u(true), u(false)], finishedWithin3OfEachOther: true })).toEqual({ completed: true, bonus: false });
    expect(battleTacticOutcome({ id: "ferocious-advance", units: [u(true), u(true), { ...u(true), ran: false }], finishedWithin3OfEachOther: true }).completed).toBe(false);
    expect(battleTacticOutcome({ id: "ferocious-advance", units: [u(true), u(true), u(true)], finishedWithin3OfEachOther: false }).completed).toBe(false);
    expect(() => play("savage-gains", [{ turns: [{ player: A, battleTactic: { id: "ferocious-advance", picks: ["Liberators", "Liberators", "Judicators"], completed: true } }] }])).toThrow(
      'battleTactic.picks[1]: "Liberators" is picked twice; the picks must be different (PB-BT-04)',
    );
    expect(() => play("savage-gains", [{ turns: [{ player: A, battleTactic: { id: "ferocious-advance", picks: ["Liberators"], completed: true } }] }])).toThrow(/so 3 pick\(s\), not 1/);
  });

  it("[PB-BT-05] Bring It Down!: the picked enemy MONSTER destroyed this turn; +1 if by a MONSTER", () => {
    expect(battleTacticOutcome({ id: "bring-it-down", target: { monster: true }, destroyedThisTurn: true, destroyedByMonster: false })).toEqual({ completed: true, bonus: false });
    expect(battleTacticOutcome({ id: "bring-it-down", target: { monster: true }, destroyedThisTurn: true, destroyedByMonster: true })).toEqual({ completed: true, bonus: true });
  });

  it("[PB-BT-06] Aggressive Expansion: both picks held at the end of the turn, neither wholly within your territory", () => {
    const pick = (whollyWithinYourTerritory: boolean, youControlAtEndOfTurn: boolean) => ({ whollyWithinYourTerritory, youControlAtEndOfTurn });
    expect(battleTacticOutcome({ id: "aggressive-expansion", picks: [pick(false, true), pick(false, true)] }).completed).toBe(true);
    expect(battleTacticOutcome({ id: "aggressive-expansion", picks: [pick(false, true), pick(false, false)] }).completed).toBe(false);
    expect(battleTacticOutcome({ id: "aggressive-expansion", picks: [pick(true, true), pick(false, true)] }).completed).toBe(false);
    // On Feral Foray the attacker's south-west objective is wholly within their (south) territory.
    expect(() => play("feral-foray", [{ turns: [{ player: A, battleTactic: { id: "aggressive-expansion", picks: ["south-west", "centre"], completed: false } }] }])).toThrow(
      "battleTactic.picks[0]: south-west is wholly within your territory; Aggressive Expansion picks objectives that are not (PB-BT-06)",
    );
    const g = play("feral-foray", [{ turns: [{ player: A, objectives: ["centre", "north-west"], battleTactic: { id: "aggressive-expansion", picks: ["centre", "north-west"], completed: true } }] }]);
    expect(vp(g.scores[0]!).attacker).toBe(1 + 1 + 1 + 2);
  });

  it("[PB-BT-07] Monstrous Takeover: the picked MONSTER contests an objective you control that no enemy MONSTER contests", () => {
    const monster = { monster: true, startingArmy: true };
    expect(battleTacticOutcome({ id: "monstrous-takeover", monster, contesting: [{ youControl: true, enemyMonsterContesting: false }] }).completed).toBe(true);
    expect(battleTacticOutcome({ id: "monstrous-takeover", monster, contesting: [{ youControl: true, enemyMonsterContesting: true }] }).completed).toBe(false);
    expect(battleTacticOutcome({ id: "monstrous-takeover", monster, contesting: [{ youControl: false, enemyMonsterContesting: false }, { youControl: true, enemyMonsterContesting: false }] }).completed).toBe(true);
  });

  it("[PB-BT-08] Savage Spearhead: 2+ starting-army units wholly within enemy territory; +1 if 2+ of them are MONSTERS", () => {
    const u = (monster: boolean, startingArmy = true) => ({ monster, startingArmy });
    expect(battleTacticOutcome({ id: "savage-spearhead", unitsWhollyWithinEnemyTerritory: [u(true), u(true), u(false)] })).toEqual({ completed: true, bonus: true });
    expect(battleTacticOutcome({ id: "savage-spearhead", unitsWhollyWithinEnemyTerritory: [u(true), u(false)] })).toEqual({ completed: true, bonus: false });
    expect(battleTacticOutcome({ id: "savage-spearhead", unitsWhollyWithinEnemyTerritory: [u(true), u(true, false)] })).toEqual({ completed: false, bonus: false });
  });
});

describe("grand strategies", () => {
  const unit = (over: Partial<{ startingArmy: boolean; onBattlefield: boolean; battleline: boolean; hero: boolean; monster: boolean; wizard: boolean; priest: boolean }> = {}) => ({
    startingArmy: true,
    onBattlefield: true,
    ...over,
  });
  const army = (units: ReturnType<typeof unit>[], generalSlain = false, terrainFeaturesControlled = 0) => ({ units, generalSlain, terrainFeaturesControlled });

  it("[PB-GS-01] Sever the Head: no HEROES of the opponent's starting army on the battlefield", () => {
    expect(grandStrategyCompleted("sever-the-head", { friendly: army([]), enemy: army([unit({ hero: true, onBattlefield: false }), unit()]) })).toBe(true);
    expect(grandStrategyCompleted("sever-the-head", { friendly: army([]), enemy: army([unit({ hero: true })]) })).toBe(false);
    expect(grandStrategyCompleted("sever-the-head", { friendly: army([]), enemy: army([unit({ hero: true, startingArmy: false })]) })).toBe(true);
  });

  it("[PB-GS-02] [PB-START-ARMY] Hold the Line: a Battleline unit of your starting army; a summoned one does not count", () => {
    expect(grandStrategyCompleted("hold-the-line", { friendly: army([unit({ battleline: true })]), enemy: army([]) })).toBe(true);
    expect(grandStrategyCompleted("hold-the-line", { friendly: army([unit({ battleline: true, startingArmy: false })]), enemy: army([]) })).toBe(false);
    expect(grandStrategyCompleted("hold-the-line", { friendly: army([unit({ battleline: true, onBattlefield: false })]), enemy: army([]) })).toBe(false);
  });

  it("[PB-GS-03] Vendetta: the enemy general slain and yours not", () => {
    expect(grandStrategyCompleted("vendetta", { friendly: army([], false), enemy: army([], true) })).toBe(true);
    expect(grandStrategyCompleted("vendetta", { friendly: army([], true), enemy: army([], true) })).toBe(false);
    expect(grandStrategyCompleted("vendetta", { friendly: army([], false), enemy: army([], false) })).toBe(false);
  });

  it("[PB-GS-04] Dominating Presence: more starting-army units on the battlefield than the opponent (3 > 2; 2 = 2 fails)", () => {
    const three = army([unit(), unit(), unit(), unit({ onBattlefield: false }), unit({ startingArmy: false })]);
    expect(grandStrategyCompleted("dominating-presence", { friendly: three, enemy: army([unit(), unit()]) })).toBe(true);
    expect(grandStrategyCompleted("dominating-presence", { friendly: army([unit(), unit()]), enemy: army([unit(), unit()]) })).toBe(false);
  });

  it("[PB-GS-05] [PB-GS-06] [PB-GS-07] Beast Master, Prized Sorcery, Pillars of Belief: any MONSTER / WIZARD / PRIEST of your starting army", () => {
    const end = { friendly: army([unit({ monster: true }), unit({ wizard: true, onBattlefield: false }), unit({ priest: true, startingArmy: false })]), enemy: army([]) };
    expect(grandStrategyCompleted("beast-master", end)).toBe(true);
    expect(grandStrategyCompleted("prized-sorcery", end)).toBe(false);
    expect(grandStrategyCompleted("pillars-of-belief", end)).toBe(false);
    expect(grandStrategyCompleted("prized-sorcery", { friendly: army([unit({ wizard: true })]), enemy: army([]) })).toBe(true);
    expect(grandStrategyCompleted("pillars-of-belief", { friendly: army([unit({ priest: true })]), enemy: army([]) })).toBe(true);
  });

  it("[PB-GS-08] Predator's Domain: more terrain features controlled than the opponent", () => {
    expect(grandStrategyCompleted("predators-domain", { friendly: army([], false, 3), enemy: army([], false, 2) })).toBe(true);
    expect(grandStrategyCompleted("predators-domain", { friendly: army([], false, 2), enemy: army([], false, 2) })).toBe(false);
  });

  it("[PB-GS-01] [PB-GS-08] the catalog holds all 8 with their rule IDs", () => {
    expect(GRAND_STRATEGIES.map((g) => `${g.ruleId} ${g.name}`)).toEqual([
      "PB-GS-01 Sever the Head",
      "PB-GS-02 Hold the Line",
      "PB-GS-03 Vendetta",
      "PB-GS-04 Dominating Presence",
      "PB-GS-05 Beast Master",
      "PB-GS-06 Prized Sorcery",
      "PB-GS-07 Pillars of Belief",
      "PB-GS-08 Predator's Domain",
    ]);
  });

  it("[PB-GS-PICK] a completed grand strategy scores 3 VP at the end of the battle", () => {
    const g = play("savage-gains", [{ turns: [{ player: A, objectives: ["west"] }, quiet(D)] }, quietRound, quietRound, quietRound, quietRound]);
    const end = endBattle(g.state, { attacker: { id: "hold-the-line", completed: true }, defender: { id: "beast-master", completed: false } });
    expect(end.lines).toEqual([{ player: A, victoryPoints: 3, ruleId: "PB-GS-02", text: "Savage Gains: 3 VP for completing the grand strategy Hold the Line" }]);
    expect(end.victoryPoints).toEqual({ attacker: 2 + 3, defender: 0 });
    expect(end.result).toMatchObject({ outcome: "major-victory", winner: A, reason: "most victory points (5 to 0)" });
  });
});

describe("Predators and Prey", () => {
  it("[PB-REALM-PREY] +1 VP once per battle round for each player if enemy MONSTERS were slain in it, in either player's turn", () => {
    const g = play("savage-gains", [
      { turns: [{ player: A, enemyMonstersSlain: true }, { player: D, friendlyMonstersSlain: true, enemyMonstersSlain: true }] },
      { turns: [{ player: D, friendlyMonstersSlain: true }, { player: A, enemyMonstersSlain: true }] },
    ]);
    expect(g.scores.map(vp)).toEqual([
      { attacker: 1, defender: 0 },
      { attacker: 0, defender: 1 }, // the attacker has had their point this round
      { attacker: 1, defender: 0 }, // the defender's monster slain in the defender's turn: the attacker's point
      { attacker: 0, defender: 0 },
    ]);
    expect(g.scores[2]!.lines[0]).toEqual({ player: A, victoryPoints: 1, ruleId: "PB-REALM-PREY", text: "Predators and Prey: 1 VP, enemy MONSTERS were slain in battle round 2" });
    expect(g.state.preyScored).toEqual({ attacker: [1, 2], defender: [1] });
  });
});

describe("the battle result", () => {
  const base = { victoryPointsDecide: true, victoryPoints: { attacker: 20, defender: 20 }, battleTacticsCompleted: { attacker: 3, defender: 3 }, grandStrategyCompleted: { attacker: false, defender: false } };

  it("[PB-RESULT] most VP: a major victory", () => {
    expect(battleResult({ ...base, victoryPoints: { attacker: 18, defender: 21 } })).toEqual({ outcome: "major-victory", winner: D, ruleId: "PB-RESULT", reason: "most victory points (21 to 18)" });
  });

  it("[PB-RESULT] tied VP: most battle tactics completed wins a minor victory", () => {
    expect(battleResult({ ...base, battleTacticsCompleted: { attacker: 4, defender: 3 } })).toMatchObject({ outcome: "minor-victory", winner: A, reason: "victory points tied at 20; most battle tactics completed (4 to 3)" });
  });

  it("[PB-RESULT] tied VP and tactics: the only player to complete their grand strategy wins a minor victory", () => {
    expect(battleResult({ ...base, grandStrategyCompleted: { attacker: false, defender: true } })).toMatchObject({ outcome: "minor-victory", winner: D });
  });

  it("[PB-RESULT] both or neither completed their grand strategy: a draw", () => {
    expect(battleResult({ ...base, grandStrategyCompleted: { attacker: true, defender: true } })).toMatchObject({ outcome: "draw", winner: null, reason: "victory points tied at 20; battle tactics tied at 3; both completed their grand strategy" });
    expect(battleResult(base)).toMatchObject({ outcome: "draw", reason: "victory points tied at 20; battle tactics tied at 3; neither completed their grand strategy" });
  });

  it("[PB-RESULT] a plan's own condition (PB-BP-01) wins whatever the VP; where VP do not decide, they are skipped", () => {
    expect(battleResult({ ...base, victoryPoints: { attacker: 0, defender: 9 }, gloriousVictory: A })).toMatchObject({ outcome: "major-victory", winner: A, ruleId: "PB-BP-01" });
    expect(battleResult({ ...base, victoryPointsDecide: false, victoryPoints: { attacker: 0, defender: 9 }, battleTacticsCompleted: { attacker: 2, defender: 1 } })).toMatchObject({ outcome: "minor-victory", winner: A, reason: "most battle tactics completed (2 to 1)" });
  });
});

describe("battle length and turn order", () => {
  it("[PB-LENGTH] 5 battle rounds of one turn per player; a 6th round, a double turn or an early end are refused", () => {
    const g = play("first-blood", [quietRound, quietRound, quietRound, quietRound, quietRound]);
    expect(battleOver(g.state)).toBe(true);
    expect(() => startRound(g.state, { round: 6, first: A })).toThrow("round events: round: a battle lasts 5 battle rounds (PB-LENGTH)");
    const r1 = startRound(startBattle({ battleplan: "first-blood" }), { round: 1, first: D }).state;
    expect(() => scoreTurn(r1, { round: 1, player: A })).toThrow("player: the defender takes the first turn of battle round 1; each player takes one turn per round (PB-LENGTH)");
    const afterD = scoreTurn(r1, { round: 1, player: D }).state;
    expect(() => scoreTurn(afterD, { round: 1, player: D })).toThrow("player: the attacker takes the second turn of battle round 1; each player takes one turn per round (PB-LENGTH)");
    expect(() => startRound(afterD, { round: 2, first: A })).toThrow("round: battle round 1 is not over: each player takes one turn per round (PB-LENGTH)");
    expect(() => startRound(r1, { round: 3, first: A })).toThrow("round: expected battle round 2, not 3 (PB-LENGTH)");
    expect(() => endBattle(afterD, { attacker: { id: "vendetta", completed: true }, defender: { id: "vendetta", completed: true } })).toThrow(/the battle is not over: battle round 1 of 5/);
  });

  it("the scoring state is plain data: it survives a JSON round trip and its own schema", () => {
    const g = play("power-in-numbers", [{ turns: [{ player: A, objectives: ["west"], enemyMonstersSlain: true }, quiet(D)] }]);
    const copy = JSON.parse(JSON.stringify(g.state));
    expect(scoringStateSchema.parse(copy)).toEqual(g.state);
    expect(() => scoreTurn(g.state, { round: 1, player: A })).toThrow(RuleError);
  });
});
