/**
 * PB-SCORESHEET: `tactica score` and the library under it, on the bundled examples (VP worked out by hand
 * turn by turn) and on broken records, each refused with one line naming the field.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tactica } from "../support/cli.js";
import { formatReport, scoreSheet } from "../../src/aos/scoresheet/index.js";

const root = repoRoot;
const dir = mkdtempSync(join(tmpdir(), "tactica-score-"));
const example = (name: string) => JSON.parse(readFileSync(join(root, "examples/scoresheets", `${name}.json`), "utf8"));

function file(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

/** The VP each turn scored for [attacker, defender]. */
const perTurn = (r: ReturnType<typeof scoreSheet>) => r.rounds.flatMap((round) => round.turns.map((t) => [t.victoryPoints.attacker, t.victoryPoints.defender]));

describe("scoring sheet examples", () => {
  it("[PB-SCORESHEET] [PB-BP-02] Savage Gains, 5 rounds: 30 VP each, Bob wins a minor victory on battle tactics (4 to 3)", () => {
    const r = scoreSheet(example("savage-gains"));
    expect(perTurn(r)).toEqual([
      [1 + 2, 0], // Alice: own border, west
      [0, 1 + 2 + 2 + 1], // Bob: own border, east, Ferocious Advance + all-MONSTER bonus
      [0, 1 + 2 + 2 + 2], // Bob: own border, east, west, Conquer
      [1 + 2 + 2 + 1 + 1, 0], // Alice: own border, west, Bring It Down! + bonus, Predators and Prey
      [1, 1], // Alice: own border; Alice's Stardrake slain: Bob's Predators and Prey
      [0, 1 + 2], // Bob: own border, east
      [0, 1 + 2 + 2 + 1], // Bob: own border, east, Broken Ranks + bonus
      [1 + 2 + 2 + 1, 0], // Alice: own border, east, Conquer, Predators and Prey
      [1 + 2 + 4 + 2 + 1, 0], // Alice: own border, east, Bob's border, Savage Spearhead, Predators and Prey
      [0, 1 + 2 + 1], // Bob: own border, Slay the Warlord + bonus
    ]);
    expect(r.endOfBattle.map((l) => `${l.player} +${l.victoryPoints} ${l.ruleId}`)).toEqual(["attacker +3 PB-GS-02", "defender +3 PB-GS-05"]);
    expect([r.attacker.victoryPoints, r.defender.victoryPoints]).toEqual([30, 30]);
    expect([r.attacker.battleTacticsCompleted, r.defender.battleTacticsCompleted]).toEqual([3, 4]);
    expect(r.result).toMatchObject({ outcome: "minor-victory", winner: "defender", ruleId: "PB-RESULT" });
    expect(r.result!.text).toBe("Minor victory for Bob (defender): victory points tied at 30; most battle tactics completed (4 to 3); Alice loses (PB-RESULT)");
    expect(r.rounds[2]!.notes[0]!.text).toBe("Seismic Shift: the defender, taking the second turn, removes west from play");
  });

  it("[PB-SCORESHEET] [PB-BP-11] Power in Numbers: destroyed objectives for 2, 2, 4 and 8 VP; Carol wins 21 to 17", () => {
    const r = scoreSheet(example("power-in-numbers"));
    expect(perTurn(r)).toEqual([[0, 0], [0, 2], [0, 2], [2 + 1 + 1 + 2, 0], [0, 0], [0, 2], [0, 2 + 4], [2, 0], [2 + 8, 0], [0, 2]]);
    expect(r.result).toMatchObject({ outcome: "major-victory", winner: "attacker", reason: "most victory points (21 to 17)" });
  });

  it("[PB-SCORESHEET] [PB-BP-01] Marking Territory ends in round 3 when Erin holds every objective left after Seismic Shift", () => {
    const r = scoreSheet(example("marking-territory"));
    expect(r.finished).toBe(true);
    expect(r.rounds).toHaveLength(3);
    expect(r.rounds[2]!.turns).toHaveLength(1);
    expect(r.result).toMatchObject({ outcome: "major-victory", winner: "attacker", ruleId: "PB-BP-01" });
    expect([r.attacker.battleTacticsCompleted, r.defender.battleTacticsCompleted]).toEqual([2, 1]);
    expect(formatReport(r)).not.toContain("Victory points:");
  });

  it("[PB-SCORESHEET] a record of a battle still being fought: running totals, no result, no grand strategy yet", () => {
    const sheet = example("savage-gains");
    sheet.rounds = sheet.rounds.slice(0, 2);
    delete sheet.attacker.grandStrategyCompleted;
    delete sheet.defender.grandStrategyCompleted;
    const r = scoreSheet(sheet);
    expect(r.finished).toBe(false);
    expect(r.result).toBeNull();
    expect([r.attacker.victoryPoints, r.defender.victoryPoints]).toEqual([10, 13]);
    expect(formatReport(r)).toContain("Battle in progress (battle round 2 of 5): no result yet.");
    sheet.attacker.grandStrategyCompleted = true;
    expect(() => scoreSheet(sheet)).toThrow(/attacker\.grandStrategyCompleted: a grand strategy is completed \(or not\) when the battle ends/);
  });
});

describe("broken records: one line naming the field", () => {
  const sg = () => example("savage-gains");
  const cases: [string, () => unknown, string | RegExp][] = [
    ["an objective that is not on the plan", () => { const s = sg(); s.rounds[0].turns[0].objectives = ["centre"]; return s; },
      'scoresheet: rounds[0].turns[0].objectives[0]: no objective "centre" on Savage Gains (objectives: south-border, north-border, west, east) (PB-BP-02)'],
    ["an objective that is no longer on the battlefield", () => { const s = sg(); s.rounds[3].turns[1].objectives.push("west"); return s; },
      "rounds[3].turns[1].objectives[2]: west is no longer on the battlefield (removed in round 3 by Seismic Shift) (PB-BP-02)"],
    ["an objective not yet on the battlefield", () => ({ pointsLimit: 1000, battleplan: "the-veins-of-ghur", attacker: { name: "A", grandStrategy: "vendetta" }, defender: { name: "B", grandStrategy: "vendetta" }, rounds: [{ round: 1, turns: [{ player: "attacker", objectives: ["vein-2"] }] }] }),
      "rounds[0].turns[0].objectives[0]: vein-2 is not on the battlefield in round 1 (it is set up at the start of round 3) (PB-BP-12)"],
    ["a battle tactic picked twice", () => { const s = sg(); s.rounds[1].turns[0].battleTactic = { id: "ferocious-advance", completed: false }; return s; },
      "rounds[1].turns[0].battleTactic.id: Ferocious Advance was already picked by the defender in round 1; no battle tactic can be picked twice in a battle (PB-TACTIC-PICK)"],
    ["a turn out of order", () => { const s = sg(); s.rounds[0].turns[1].player = "attacker"; return s; },
      "rounds[0].turns[1].player: the defender takes the second turn of battle round 1; each player takes one turn per round (PB-LENGTH)"],
    ["a round out of order", () => { const s = sg(); s.rounds[1].round = 3; return s; }, "rounds[1].round: expected battle round 2, not 3 (PB-LENGTH)"],
    ["more than 5 rounds", () => { const s = sg(); s.rounds.push({ ...s.rounds[4], round: 6 }); return s; }, /rounds: a battle lasts 5 battle rounds \(PB-LENGTH\)/],
    ["three turns in a round", () => { const s = sg(); s.rounds[0].turns.push(s.rounds[0].turns[0]); return s; }, /rounds\[0\]\.turns: each player takes one turn per battle round \(PB-LENGTH\)/],
    ["a round with one turn before the last", () => { const s = sg(); s.rounds[1].turns.pop(); return s; }, "rounds[1].turns: battle round 2 has only the defender's turn; each player takes one turn per round (PB-LENGTH)"],
    ["a raid in round 1", () => ({ pointsLimit: 2000, battleplan: "feral-foray", attacker: { name: "A", grandStrategy: "vendetta" }, defender: { name: "B", grandStrategy: "vendetta" }, rounds: [{ round: 1, turns: [{ player: "attacker", objectives: ["north-west"], raid: "north-west" }] }] }),
      "rounds[0].turns[0].raid: raids start from battle round 2, this is round 1 (PB-BP-10)"],
    ["a finished battle without the grand strategies", () => { const s = sg(); delete s.defender.grandStrategyCompleted; return s; }, "defender.grandStrategyCompleted: required when the battle is over (true or false) (PB-GS-PICK)"],
    ["Seismic Shift on a prime objective", () => { const s = sg(); s.rounds[2].seismicShift = "north-border"; return s; }, "rounds[2].seismicShift: north-border is a prime objective and cannot be removed (PB-REALM-SEISMIC)"],
    ["an unknown battleplan", () => ({ ...sg(), battleplan: "kill-team" }), /battleplan: must be one of marking-territory, savage-gains/],
    ["an unknown grand strategy", () => { const s = sg(); s.attacker.grandStrategy = "world-domination"; return s; }, /attacker\.grandStrategy: must be one of sever-the-head/],
    ["a points limit of 1500", () => ({ ...sg(), pointsLimit: 1500 }), /pointsLimit: must be 1000 or 2000 \(PB-LIMIT\)/],
    ["a misspelt field", () => { const s = sg(); s.rounds[0].turns[0].objectivs = []; return s; }, /rounds\[0\]\.turns\[0\]: Unrecognized key: "objectivs"/],
    ["a defender in the attacker's territory", () => { const s = sg(); s.defender.territory = "south"; return s; }, "defender.territory: the defender has the territory the attacker did not pick (north), not south"],
    ["a 10,000-character name", () => { const s = sg(); s.attacker.name = "x".repeat(10_000); return s; }, /attacker\.name: Too big/],
  ];
  for (const [what, make, message] of cases) {
    it(`[PB-SCORESHEET] ${what}`, () => {
      let error: Error | undefined;
      try {
        scoreSheet(make());
      } catch (e) {
        error = e as Error;
      }
      expect(error?.name).toBe("InputError");
      if (typeof message === "string") expect(error!.message).toContain(message);
      else expect(error!.message).toMatch(message);
      expect(error!.message.split("\n")).toHaveLength(1);
    });
  }
});

describe("tactica score", () => {
  it("[PB-SCORESHEET] prints each turn's VP with the rule behind every point, the totals and the result", () => {
    const r = tactica(["score", "examples/scoresheets/savage-gains.json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("Savage Gains — Battleplan Table 1, 2 (PB-BP-02) — 2000 points");
    expect(r.out).toContain("+4  Savage Gains: 4 VP for the objective on the border of your opponent's territory (north-border) (PB-BP-02)");
    expect(r.out).toContain("+1  Bob: Predators and Prey: 1 VP, enemy MONSTERS were slain in battle round 3 (PB-REALM-PREY)");
    expect(r.out).toContain("= Alice +10 → Alice 27, Bob 23");
    expect(r.out).toContain("Victory points: Alice 30, Bob 30");
    expect(r.out).toContain("Result: Minor victory for Bob (defender)");
  });

  it("[PB-SCORESHEET] --json gives the machine-readable record; - reads stdin", () => {
    const text = readFileSync(join(root, "examples/scoresheets/power-in-numbers.json"), "utf8");
    const r = tactica(["score", "-", "--json"], text);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.attacker.victoryPoints, j.defender.victoryPoints]).toEqual([21, 17]);
    expect(j.result.outcome).toBe("major-victory");
    expect(j.rounds[4].turns[0].lines[1]).toEqual({ player: "attacker", victoryPoints: 8, ruleId: "PB-BP-11", text: "Power in Numbers: 8 VP for destroying south, held from the first battle round to the end of your turn in the fifth" });
  });

  it("[PB-SCORESHEET] bad input: one line on stderr naming the field, exit code 2, no stack", () => {
    const broken = example("savage-gains");
    broken.rounds[0].turns[1].battleTactic.bonus = "yes";
    for (const [args, message] of [
      [["score", file("broken.json", broken)], /rounds\[0\]\.turns\[1\]\.battleTactic\.bonus: Invalid input: expected boolean, received string/],
      [["score", file("bad.json", "{ rounds: ")], /not valid JSON/],
      [["score", join(dir, "missing.json")], /cannot read \S*missing\.json: no such file/],
      [["score"], /score: file: is required/],
      [["score", "examples/scoresheets/savage-gains.json", "--pdf"], /Unknown option '--pdf'/],
    ] as [string[], RegExp][]) {
      const r = tactica(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });
});
