/**
 * The Move phase on positions set up for one rule each: ME-MOVE, ME-CONTROL-ZONE, ME-CHARGE, ME-PRONE,
 * ME-MEASURE, and the turn and priority sequence (ME-TURN, ME-PRIORITY).
 */
import { describe, expect, it } from "vitest";
import { CHANCE } from "../../src/planner/game.js";
import { gapOf } from "../../src/mesbg/board.js";
import { castOptions } from "../../src/mesbg/magic.js";
import { choose, describeAll, events, gapBetween, hasOption, hero, model, orc, position, TOUCH, warrior } from "../support/mesbg.js";

describe("moving", () => {
  it("[ME-MOVE] an activated model moves up to its Move allowance, one model at a time", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "a", x: 20, y: 10, name: "A2" },
      { side: 1, profile: "b", x: 10, y: 40, name: "B" },
    ]);
    expect(describeAll(s).sort()).toEqual(["A activates", "A2 activates", "Gondor finishes moving"]);
    choose(s, "A activates");
    // Only A's options now: no other model activates until A is done.
    expect(describeAll(s).some((d) => d.includes("activates"))).toBe(false);
    choose(s, /^A advances 6\.0" toward B$/);
    expect(model(s, "A").y).toBeCloseTo(16, 9);
    expect(model(s, "A").moved).toBeCloseTo(6, 9);
    expect(model(s, "A").activated).toBe(true);
    expect(describeAll(s).sort()).toEqual(["A2 activates", "Gondor finishes moving"]);
  });

  it("[ME-MOVE] no model moves through another: a friend in the way stops the straight move; a charge goes round it", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "a", x: 10, y: 12, name: "F" },
      { side: 1, profile: "b", x: 10, y: 15, name: "B" },
    ]);
    choose(s, "A activates");
    const straight = describeAll(s).find((d) => /^A advances [\d.]+" toward B$/.test(d));
    expect(straight).toBe('A advances 1.0" toward B'); // 2" to F's centre less the two bases
    const charge = describeAll(s).find((d) => d.startsWith("A charges B"))!;
    const len = Number(/\(([\d.]+)"\)/.exec(charge)![1]);
    expect(len).toBeGreaterThan(5 - TOUCH); // longer than the blocked straight line
    choose(s, "A charges B");
    expect(gapBetween(s, "A", "B")).toBeLessThan(0.01);
    expect(gapBetween(s, "A", "F")).toBeGreaterThan(-0.003);
  });
});

describe("control zones", () => {
  it("[ME-CONTROL-ZONE] a move that is not a charge stops outside the 1\" zone of an unengaged enemy", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 15, name: "B" },
    ]);
    choose(s, "A activates");
    choose(s, /^A advances [\d.]+" toward B$/);
    const g = gapBetween(s, "A", "B");
    expect(g).toBeGreaterThanOrEqual(1);
    expect(g).toBeLessThan(1.03);
  });

  it("[ME-CONTROL-ZONE] starting inside an enemy's zone: stay, charge that enemy, or move away without getting closer", () => {
    const s = position({ a: warrior() }, { b: orc(), c: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 10 + TOUCH + 0.5, name: "B" },
      { side: 1, profile: "c", x: 13, y: 13, name: "C" },
    ]);
    choose(s, "A activates");
    const opts = describeAll(s);
    expect(opts.filter((d) => d.includes("charges"))).toEqual([expect.stringMatching(/^A charges B \(/)]);
    expect(opts.filter((d) => d.includes("advances"))).toEqual([]);
    const moves = s.legalActions().filter((a) => s.actionToString(a).includes("moves away"));
    expect(moves.length).toBeGreaterThan(0);
    for (const a of moves) {
      const c = s.clone();
      c.apply(a);
      expect(gapBetween(c, "A", "B")).toBeGreaterThanOrEqual(0.5 - 1e-9);
    }
    expect(opts).toContain("A stays where it is");
  });

  it("[ME-CONTROL-ZONE] models engaged in combat have no control zone", () => {
    const s = position({ a: warrior(), g: warrior() }, { e: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "e", x: 10, y: 10 + TOUCH + 0.5, name: "E" },
      { side: 0, profile: "g", x: 10, y: 10 + 2 * TOUCH + 0.5, name: "G" },
    ]);
    // E fights G, so A, 0.5" from E, is not in its zone: it may advance like anyone else.
    choose(s, "A activates");
    expect(hasOption(s, "moves away")).toBe(false);
    expect(hasOption(s, /^A advances/)).toBe(true);
  });
});

describe("charging", () => {
  it("[ME-CHARGE] a charge ends in base contact: both are engaged and the charger moves no further", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 12, y: 14, name: "B" },
      { side: 1, profile: "b", x: 30, y: 40, name: "B2" },
    ]);
    choose(s, "A activates");
    choose(s, "A charges B (");
    expect(gapBetween(s, "A", "B")).toBeLessThanOrEqual(0.01);
    expect(gapBetween(s, "A", "B")).toBeGreaterThan(-0.003);
    expect(model(s, "A").charged).toBe(true);
    expect(model(s, "A").chargedTargets).toEqual([model(s, "B").id]);
    // Mordor moves next; B is engaged and cannot activate.
    expect(describeAll(s).sort()).toEqual(["B2 activates", "Mordor finishes moving"]);
  });

  it("[ME-CHARGE] entering an enemy's control zone forces a charge on that enemy: the nearer flank guard must be charged", () => {
    const s = position({ a: warrior({ move: 5 }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 15.8, name: "B1" },
      { side: 1, profile: "b", x: 11.2, y: 12.5, name: "B2" },
    ]);
    choose(s, "A activates");
    const charges = describeAll(s).filter((d) => d.includes("charges"));
    expect(charges.some((d) => d.startsWith("A charges B2 ("))).toBe(true);
    expect(charges.some((d) => d.startsWith("A charges B1 ("))).toBe(false); // its path crosses B2's zone first
  });

  it("[ME-CHARGE] a model may charge two enemies at once when its base can touch both", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 14, name: "B1" },
      { side: 1, profile: "b", x: 10 + TOUCH + 0.3, y: 14, name: "B2" },
    ]);
    choose(s, "A activates");
    choose(s, "A charges B1 and B2 together");
    expect(gapBetween(s, "A", "B1")).toBeLessThanOrEqual(0.01);
    expect(gapBetween(s, "A", "B2")).toBeLessThanOrEqual(0.01);
    expect(model(s, "A").chargedTargets).toEqual([1, 2]);
  });
});

describe("prone models", () => {
  it("[ME-PRONE] a prone enemy has no control zone: a model may move within 1\" of it without charging (not into contact)", () => {
    const s = position({ a: warrior() }, { e: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "e", x: 10, y: 14, name: "E", state: { prone: true } },
    ]);
    choose(s, "A activates");
    choose(s, /^A advances [\d.]+" toward E$/);
    const g = gapBetween(s, "A", "E");
    expect(g).toBeGreaterThan(0.01);
    expect(g).toBeLessThan(0.05);
    expect(model(s, "A").charged).toBe(false);
  });

  it("[ME-PRONE] a prone model cannot charge; standing costs half its Move and it may then charge with the rest", () => {
    const pos = (gap: number) =>
      position({ a: warrior() }, { b: orc() }, [
        { side: 0, profile: "a", x: 10, y: 10, name: "A", state: { prone: true } },
        { side: 1, profile: "b", x: 10, y: 10 + TOUCH + gap, name: "B" },
      ]);
    const s = pos(2.5);
    choose(s, "A activates");
    expect(hasOption(s, "charges")).toBe(false);
    expect(hasOption(s, "A stands up")).toBe(true);
    choose(s, "A stands up");
    expect(model(s, "A").prone).toBe(false);
    expect(model(s, "A").movedAtAll).toBe(true);
    expect(hasOption(s, "A charges B (2.5\")")).toBe(true);
    const far = pos(3.5);
    choose(far, "A activates");
    choose(far, "A stands up");
    expect(hasOption(far, "charges")).toBe(false); // 3.5" is beyond the 3" left
  });

  it("[ME-PRONE] a prone model may crawl 1\"; after crawling it may only stand up", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A", state: { prone: true } },
      { side: 1, profile: "b", x: 10, y: 20, name: "B" },
    ]);
    choose(s, "A activates");
    choose(s, 'A crawls 1.0" forward');
    expect(model(s, "A").y).toBeCloseTo(11, 6);
    expect(describeAll(s).sort()).toEqual(["A ends its activation", "A stands up"]);
    choose(s, "A stands up");
    expect(model(s, "A").activated).toBe(true); // nothing more to do: the activation ended
  });
});

describe("measuring", () => {
  it("[ME-MEASURE] distances run base to base, and a model is in range of itself", () => {
    expect(gapOf(0, 0, 0.5, 3, 4, 0.5)).toBeCloseTo(4, 12);
    const s = position({ w: hero({ will: 3, magicalPowers: [{ name: "Terrifying Aura", range: 0, castingValue: 2 }] }) }, { b: orc() }, [
      { side: 0, profile: "w", x: 10, y: 10, name: "W" },
      { side: 1, profile: "b", x: 10, y: 30, name: "B" },
    ]);
    // Range 0: the only model within 0" of the caster is the caster.
    expect(castOptions(s.st, model(s, "W")).map((a) => s.data.models[Math.floor(a / 256) % 256]!.name)).toEqual(["W", "W", "W"]);
  });
});

describe("turns and priority", () => {
  it("[ME-TURN] a turn runs Priority, Move, Shoot, Fight, End; the player with priority acts first in each phase", () => {
    const s = position({ a: warrior({ wargear: ["bow"] }) }, { b: orc({ wargear: ["orc bow"] }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 25, name: "B" },
    ], { priority: 1 });
    expect(s.currentPlayer()).toBe(1);
    choose(s, "Mordor finishes moving");
    choose(s, "Gondor finishes moving");
    expect(s.currentPlayer()).toBe(1); // Shoot phase: Mordor first again
    expect(describeAll(s).sort()).toEqual(["B shoots A with its orc bow", "Mordor finishes shooting"]);
    choose(s, "Mordor finishes shooting");
    choose(s, "Gondor finishes shooting");
    expect(s.currentPlayer()).toBe(CHANCE); // Fight (nothing to fight), End, and the next Priority roll
    const log = events(s);
    expect(log.indexOf("-- Shoot phase --")).toBeLessThan(log.indexOf("-- Fight phase --"));
    expect(log.indexOf("-- Fight phase --")).toBeLessThan(log.indexOf("=== Turn 2 ==="));
  });

  it("[ME-PRIORITY] the higher D6 chooses who has priority; a later tie goes to the player who did not choose last", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 40, name: "B" },
    ], { phase: "fight" });
    expect(s.currentPlayer()).toBe(CHANCE);
    const outcomes = s.chanceOutcomes();
    expect(outcomes).toHaveLength(36);
    expect(outcomes.every((o) => o.probability === 1 / 36)).toBe(true);
    choose(s, "Priority roll: Gondor rolls 2, Mordor rolls 5");
    expect(s.currentPlayer()).toBe(1);
    expect(describeAll(s)).toEqual(["Mordor gives priority to Gondor", "Mordor takes priority"]);
    choose(s, "Mordor gives priority to Gondor");
    expect(s.data.priority).toBe(0);
    expect(s.data.chooser).toBe(1);
    choose(s, "Gondor finishes moving");
    choose(s, "Mordor finishes moving");
    choose(s, "Priority roll: Gondor rolls 3, Mordor rolls 3");
    expect(s.currentPlayer()).toBe(0); // Mordor chose last turn, so Gondor chooses now
  });

  it("[ME-PRIORITY] in the first turn a tie is rolled again and the higher roll simply has priority", async () => {
    const { readFileSync } = await import("node:fs");
    const { mesbgGame } = await import("../../src/mesbg/index.js");
    const a = JSON.parse(readFileSync("data/mesbg/minas-tirith.json", "utf8"));
    const b = JSON.parse(readFileSync("data/mesbg/mordor.json", "utf8"));
    const s = mesbgGame.newInitialState({ a, b, record: true }, 3);
    choose(s, "Roll for the board half: Minas Tirith rolls 4, Mordor rolls 2");
    choose(s, "takes the south half");
    choose(s, "deploys in a battle line, forward");
    choose(s, "deploys in a battle line, forward");
    expect(s.currentPlayer()).toBe(CHANCE);
    choose(s, "Priority roll: Minas Tirith rolls 4, Mordor rolls 4");
    expect(s.currentPlayer()).toBe(CHANCE); // rolled again
    choose(s, "Priority roll: Minas Tirith rolls 2, Mordor rolls 6");
    expect(s.data.priority).toBe(1);
    expect(s.currentPlayer()).toBe(1); // no choice: Mordor moves first
    expect(events(s)).toContain("Initial priority: both roll 4; roll again.");
  });
});
