/**
 * The Fight phase on positions set up for one rule each, with every die scripted: ME-DUEL, ME-BACK-AWAY,
 * ME-TRAPPED, ME-STRIKES, ME-CAVALRY, ME-HAND-AND-A-HALF, ME-TWO-HANDED, ME-SPEAR, ME-PIKE, ME-ELVEN,
 * ME-LANCE, ME-ARMOUR, ME-SHIELDING, ME-PAIR. Dice are listed in the order the engine rolls them: the
 * priority side's duel dice (participants, then supporters), the other side's, the drawn-combat D6 if any,
 * then each strike's To Wound die.
 */
import { describe, expect, it } from "vitest";
import { CHANCE } from "../../src/planner/game.js";
import { pairOffNow } from "../../src/mesbg/pairing.js";
import { cavalry, choose, describeAll, events, gapBetween, hasOption, hero, model, orc, position, R25, R40, type ScriptedRng, TOUCH, warrior } from "../support/mesbg.js";

type Obj = Record<string, unknown>;

/** Good "A" at (10, 10) in contact with Evil "B" to its east; the Fight phase starts at once. */
function duel(a: Obj, b: Obj, dice: number[], extra: Obj = {}) {
  return position({ a }, { b }, [
    { side: 0, profile: "a", x: 10, y: 10, name: "A" },
    { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
  ], { phase: "fight", ...extra }, dice);
}

const evilWizard = () => ({ ...orc({ name: "Evil Wizard", might: 0, will: 1, fate: 0, wargear: ["staff of power", "elven weapon"] }), keywords: { race: ["Man"], faction: ["Mordor"], type: ["Infantry", "Hero"] } });

const diceLeft = (s: ReturnType<typeof duel>) => (s.st.rng as ScriptedRng).left();

describe("the duel", () => {
  it("[ME-DUEL] each side rolls a die per Attack and the highest single die wins: 2 Attacks rolling 2 and 5 beat a 4", () => {
    const s = duel(warrior({ attacks: 2 }), orc(), [2, 5, 4, 1, 1]);
    expect(events(s)).toContain("Gondor wins the duel (5 beats 4)");
    choose(s, "B backs away straight back");
    expect(diceLeft(s)).toEqual([]); // both strikes rolled (1 and 1: no wound)
    expect(model(s, "B").alive).toBe(true);
    expect(s.currentPlayer()).toBe(CHANCE); // the next turn's priority roll
  });

  it("[ME-DUEL] a tie goes to the higher Fight Value, with no roll-off die", () => {
    const s = duel(warrior({ fight: 3 }), orc({ fight: 4 }), [6, 6, 1]);
    expect(events(s)).toContain("Mordor wins the duel (tied 6, Fight Value 4 beats 3)");
    choose(s, "A backs away straight back");
    expect(diceLeft(s)).toEqual([]);
  });

  it("[ME-DUEL] a tie with equal Fight Values: the priority player's D6 — 1-3 Evil, 4-6 Good", () => {
    const evil = duel(warrior(), orc(), [4, 4, 3]);
    expect(events(evil)).toContain("the drawn-combat roll is 3 (Good wins on 4+)");
    expect(events(evil)).toContain("Mordor wins the duel");
    const good = duel(warrior(), orc(), [4, 4, 4]);
    expect(events(good)).toContain("Gondor wins the duel");
  });
});

describe("drawn combats and Elven weapons", () => {
  it("[ME-ELVEN] Good with an Elven weapon wins the roll-off on 3-6", () => {
    const s = duel(warrior({ wargear: ["elven weapon"] }), orc(), [2, 2, 3]);
    expect(events(s)).toContain("the drawn-combat roll is 3 (Good wins on 3+)");
    expect(events(s)).toContain("Gondor wins the duel");
  });
  it("[ME-ELVEN] Evil with an Elven weapon wins the roll-off on 1-4; both with one: back to 4-6", () => {
    const s = duel(warrior(), orc({ wargear: ["elven weapon"] }), [2, 2, 4]);
    expect(events(s)).toContain("(Good wins on 5+)");
    expect(events(s)).toContain("Mordor wins the duel");
    const both = duel(warrior({ wargear: ["elven weapon"] }), orc({ wargear: ["elven weapon"] }), [2, 2, 4]);
    expect(events(both)).toContain("(Good wins on 4+)");
    expect(events(both)).toContain("Gondor wins the duel");
  });
});

describe("Elven weapons only in use (ME-ELVEN: \"Models using an Elven-made weapon\")", () => {
  // Gandalf's profile: a Staff of Power (hand-and-a-half) and an Elven weapon. Fight Values equal, no Might.
  const wizard = () => hero({ name: "Wizard", might: 0, fate: 0, wargear: ["staff of power", "elven weapon"] });

  it("[ME-ELVEN] a model fighting with its staff two-handed gets no Elven bonus: a drawn-combat roll of 3 goes to Evil", () => {
    // A rolls 3 (two-handed: reads 2), B rolls 2: tied 2, Fight Values 3 and 3; the D6 is 3 (Good needs 4+); Mordor's strike 1.
    const s = duel(wizard(), orc(), [3, 2, 3, 1]);
    choose(s, "A fights with its weapon two-handed");
    expect(events(s)).toContain("the drawn-combat roll is 3 (Good wins on 4+)");
    expect(events(s)).toContain("Mordor wins the duel");
  });

  it("[ME-ELVEN] the same model fighting one-handed (the Elven weapon in hand) wins that roll of 3", () => {
    const s = duel(wizard(), orc(), [2, 2, 3]);
    choose(s, "A fights with its weapon one-handed");
    expect(events(s)).toContain("the drawn-combat roll is 3 (Good wins on 3+)");
    expect(events(s)).toContain("Gondor wins the duel");
  });

  it("[ME-ELVEN] an Evil model fighting two-handed with a Staff and an Elven weapon: back to Good on 4-6", () => {
    const s = duel(warrior(), evilWizard(), [2, 3, 4, 1]);
    choose(s, "B fights with its weapon two-handed");
    expect(events(s)).toContain("the drawn-combat roll is 4 (Good wins on 4+)");
    expect(events(s)).toContain("Gondor wins the duel");
  });

  it("[ME-ELVEN] a spear supporter fights with its spear: its Elven weapon does not count", () => {
    // A (no Elven weapon) rolls 2, its supporter S 2, B 2: tied, Fight Values 3 and 3; the D6 is 3 (Good needs 4+).
    const s = position({ a: warrior(), sp: warrior({ wargear: ["spear", "elven weapon"] }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "sp", x: 10 - TOUCH, y: 10, name: "S" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [2, 2, 2, 3, 1]);
    expect(events(s)).toContain("S supports A with its spear.");
    expect(events(s)).toContain("the drawn-combat roll is 3 (Good wins on 4+)");
    expect(events(s)).toContain("Mordor wins the duel");
  });
});

describe("backing away and being trapped", () => {
  it("[ME-BACK-AWAY] the loser moves exactly 1\" straight away from the winner, in a direction its player picks", () => {
    const s = duel(warrior({ fight: 4 }), orc(), [5, 2, 1]);
    // In the open: straight back and every 15° either side up to 75° (90° would not be away from A).
    const turns = [15, 30, 45, 60, 75].flatMap((d) => [`B backs away back and ${d}° to the left`, `B backs away back and ${d}° to the right`]);
    expect(describeAll(s)).toEqual(["B backs away straight back", ...turns]);
    const before = { ...model(s, "B") };
    choose(s, "B backs away straight back");
    expect(model(s, "B").x - before.x).toBeCloseTo(1, 9);
    expect(model(s, "B").y).toBeCloseTo(before.y, 9);
    expect(gapBetween(s, "A", "B")).toBeCloseTo(1, 9);
  });

  it("[ME-BACK-AWAY] it may end inside another enemy's control zone, never in base contact", () => {
    // C (Good) stands 1.5" east of B: backing straight away leaves B 0.5" from C — allowed.
    const s = position({ a: warrior({ fight: 4 }), c: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
      { side: 0, profile: "c", x: 10 + 2 * TOUCH + 1.5, y: 10, name: "C" },
    ], { phase: "fight" }, [5, 2, 1]);
    choose(s, "B backs away straight back");
    expect(gapBetween(s, "B", "C")).toBeCloseTo(0.5, 9);
    // With C only 0.6" away, straight back would run into C. Centres 1.584" apart, bases touching at 0.994":
    // a 1" step ends in contact when cos(angle) >= (1 + 1.584² - 0.994²) / (2 x 1.584) = 0.796, i.e. within
    // 37.3° of C — so 0°, 15° and 30° are not offered, 45° is.
    const t = position({ a: warrior({ fight: 4 }), c: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
      { side: 0, profile: "c", x: 10 + 2 * TOUCH + 0.6, y: 10, name: "C" },
    ], { phase: "fight" }, [5, 2]);
    expect(hasOption(t, "B backs away straight back")).toBe(false);
    expect(hasOption(t, "B backs away back and 30° to the left")).toBe(false);
    expect(hasOption(t, "B backs away back and 45° to the left")).toBe(true);
    expect(hasOption(t, "B backs away back and 45° to the right")).toBe(true);
  });

  it("[ME-TRAPPED] a loser with its back to the board edge is trapped: each Attack against it is a set of two strikes", () => {
    // B's base touches the east edge: every step away from A (to its west) has some eastward part.
    const s = duel(warrior({ attacks: 2, fight: 4 }), orc(), [5, 2, 3, 1, 1, 1, 1], { board: { w: 10 + TOUCH + R25, h: 20 } });
    expect(events(s)).toContain("B cannot back away: trapped.");
    expect(events(s).match(/to wound B/g)).toHaveLength(4);
    expect(diceLeft(s)).toEqual([]);
    // After the strikes the two are parted just enough to stop touching.
    expect(gapBetween(s, "A", "B")).toBeGreaterThan(0.01);
    expect(gapBetween(s, "A", "B")).toBeLessThan(0.05);
  });

  it("[ME-TRAPPED] one unengaged friend blocking the way may Make Way (up to 1\"); then the loser is not trapped", () => {
    // A strip of board 0.1" wider than a base: B can only go straight back (2.9° off is already off the board),
    // where C stands 0.1" behind it. (In the open B would step past C, 75° off straight back: ME-BACK-AWAY.)
    const h = 2 * R25 + 0.1;
    const s = position({ a: warrior({ fight: 4 }) }, { b: orc(), c: orc() }, [
      { side: 0, profile: "a", x: 10, y: h / 2, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: h / 2, name: "B" },
      { side: 1, profile: "c", x: 10 + 2 * TOUCH + 0.1, y: h / 2, name: "C" },
    ], { phase: "fight", board: { w: 20, h } }, [5, 2, 1]);
    // Its only way out, so it is taken at once. The shortest step clearing the path: straight on by
    // 1 + (2 x 0.492 + 0.004) - (0.984 + 0.1) = 0.904".
    expect(events(s)).toContain("C makes way.");
    expect(model(s, "C").x - (10 + 2 * TOUCH + 0.1)).toBeCloseTo(0.904, 6);
    expect(model(s, "C").y).toBe(h / 2);
    expect(gapBetween(s, "A", "B")).toBeCloseTo(1, 6);
    expect(events(s).match(/to wound B/g)).toHaveLength(1); // one strike: not trapped
  });

  it("[ME-BACK-AWAY] every 15°: with 0.4\" of room to the edge behind it, B backs away 75° off straight back (cos 75° = 0.26 <= 0.4 < cos 60°)", () => {
    const s = duel(warrior({ fight: 4 }), orc(), [5, 2, 1], { board: { w: 10 + TOUCH + R25 + 0.4, h: 20 } });
    expect(describeAll(s)).toEqual(["B backs away back and 75° to the left", "B backs away back and 75° to the right"]);
    const b0 = { ...model(s, "B") };
    choose(s, "B backs away back and 75° to the left");
    expect(model(s, "B").x - b0.x).toBeCloseTo(Math.cos((75 * Math.PI) / 180), 12);
    expect(model(s, "B").y - b0.y).toBeCloseTo(Math.sin((75 * Math.PI) / 180), 12);
    expect(events(s)).not.toContain("trapped");
  });

  it("[ME-BACK-AWAY] a gap at another angle: with 0.05\" of room no 15° step fits, but the free arc 87.13°-90° does (its middle, 88.57°)", () => {
    // A step at angle t off straight back ends on the board when cos t <= 0.05: t >= acos(0.05) = 87.134°;
    // at 90° or more it no longer takes B away from A. The free arcs' middles: ±88.567°.
    const s = duel(warrior({ fight: 4 }), orc(), [5, 2, 1], { board: { w: 10 + TOUCH + R25 + 0.05, h: 20 } });
    expect(describeAll(s)).toEqual(["B backs away back and 89° to the left", "B backs away back and 89° to the right"]);
    const b0 = { ...model(s, "B") };
    choose(s, "B backs away back and 89° to the right");
    const t = ((Math.acos(0.05) + Math.PI / 2) / 2);
    expect(model(s, "B").x - b0.x).toBeCloseTo(Math.cos(t), 9);
    expect(model(s, "B").y - b0.y).toBeCloseTo(-Math.sin(t), 9);
    expect(Math.hypot(model(s, "B").x - b0.x, model(s, "B").y - b0.y)).toBeCloseTo(1, 12);
    expect(events(s)).not.toContain("trapped");
    expect(events(s).match(/to wound B/g)).toHaveLength(1);
  });

  it("[ME-TRAPPED] if one friend making way is not enough (three friends behind), no Make Way: trapped", () => {
    const c60 = (deg: number) => ({ x: 10 + TOUCH + TOUCH * Math.cos((deg * Math.PI) / 180), y: 10 + TOUCH * Math.sin((deg * Math.PI) / 180) });
    const s = position({ a: warrior({ fight: 4 }) }, { b: orc(), c: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
      { side: 1, profile: "c", ...c60(0), name: "C" },
      { side: 1, profile: "c", ...c60(62), name: "D" },
      { side: 1, profile: "c", ...c60(-62), name: "E" },
    ], { phase: "fight" }, [5, 2, 1, 1]);
    expect(events(s)).toContain("B cannot back away: trapped.");
    expect(events(s).match(/to wound B/g)).toHaveLength(2);
  });

  it("[ME-PRONE] strikes against a prone model are always as against a trapped one (two per Attack)", () => {
    const s = duel(warrior({ fight: 4 }), orc(), [5, 2, 1, 1], {
      models: [
        { side: 0, profile: "a", x: 10, y: 10, name: "A" },
        { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B", state: { prone: true } },
      ],
    });
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("A strikes B twice (trapped)");
    expect(diceLeft(s)).toEqual([]);
  });

  it("[ME-PRONE] a prone model that wins makes no strikes but stands up", () => {
    const s = duel(warrior({ fight: 4 }), orc(), [5, 2], {
      models: [
        { side: 0, profile: "a", x: 10, y: 10, name: "A", state: { prone: true } },
        { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
      ],
    });
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("A wins from the ground and stands up instead of striking.");
    expect(model(s, "A").prone).toBe(false);
    expect(diceLeft(s)).toEqual([]);
  });
});

describe("strikes", () => {
  it("[ME-STRIKES] the winner makes one strike per Attack, To Wound on the chart (S3 vs D4 needs 5+)", () => {
    const s = duel(warrior({ attacks: 3, fight: 4 }), orc({ defence: 4 }), [6, 1, 1, 2, 4, 5, 6]);
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("to wound B: 4 (needs 5+) — fails");
    expect(events(s)).toContain("to wound B: 5 (needs 5+) — wounds");
    expect(model(s, "B").alive).toBe(false);
    expect(diceLeft(s)).toEqual([6]); // B died at the second strike: the third is never rolled
  });

  it("[ME-STRIKES] a lone winner of a multiple combat directs each Attack at any loser, after all of them back away", () => {
    const s = position({ a: warrior({ attacks: 3, fight: 4 }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B1" },
      { side: 1, profile: "b", x: 10, y: 10 + TOUCH, name: "B2" },
    ], { phase: "fight" }, [6, 1, 1, 2, 3, 1, 6, 2]);
    expect(events(s)).toContain("Combat: A vs B1 + B2");
    choose(s, "B1 backs away straight back");
    choose(s, "B2 backs away straight back");
    expect(describeAll(s)).toEqual(["A directs an Attack at B1", "A directs an Attack at B2"]);
    choose(s, "at B1");
    choose(s, "at B2");
    expect(model(s, "B2").alive).toBe(false);
    // The last Attack has one living target left: no choice to make.
    expect(model(s, "B1").alive).toBe(true);
    expect((s.st.rng as ScriptedRng).left()).toEqual([]);
  });

  it("[ME-STRIKES] when the lone model loses, every winner strikes it, in the order the winners' player picks", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B1" },
      { side: 1, profile: "b", x: 10, y: 10 + TOUCH, name: "B2" },
    ], { phase: "fight" }, [1, 4, 5, 2, 3]);
    choose(s, "A backs away");
    expect(describeAll(s)).toEqual(["B1 strikes next", "B2 strikes next"]);
    choose(s, "B2 strikes next");
    expect(events(s).indexOf("B2 strikes A")).toBeLessThan(events(s).indexOf("B1 strikes A"));
    expect((s.st.rng as ScriptedRng).left()).toEqual([]);
  });
});

describe("weapons", () => {
  it("[ME-TWO-HANDED] -1 on each duel die: a natural 6 reads 5 and loses a 5-5 tie to the higher Fight Value", () => {
    const s = duel(warrior({ wargear: ["two-handed weapon"], fight: 3 }), orc({ fight: 4 }), [6, 5, 1]);
    expect(events(s)).toContain("A 6 (-1) [two-handed]");
    expect(events(s)).toContain("Mordor wins the duel (tied 5, Fight Value 4 beats 3)");
  });

  it("[ME-TWO-HANDED] +1 To Wound for its strikes; on a split result the +1 goes on the first die", () => {
    const s = duel(warrior({ wargear: ["two-handed weapon"], fight: 4 }), orc({ defence: 5 }), [6, 2, 4]);
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("to wound B: 4 +1 (needs 5+) — wounds");
    const split = duel(warrior({ wargear: ["two-handed weapon"], fight: 4 }), orc({ defence: 8 }), [6, 2, 5, 4]);
    choose(split, "B backs away straight back");
    expect(events(split)).toContain("to wound B: 5 +1 (needs 6, then 4+)");
    expect(events(split)).toContain("second die: 4 (needs 4+) — wounds");
  });

  it("[ME-HAND-AND-A-HALF] at the start of each combat the player picks one- or two-handed", () => {
    const s = duel(hero({ wargear: ["hand-and-a-half weapon"], might: 0, fight: 4 }), orc(), [6, 2, 4]);
    expect(describeAll(s)).toEqual(["A fights with its weapon one-handed", "A fights with its weapon two-handed"]);
    choose(s, "two-handed");
    expect(events(s)).toContain("A 6 (-1) [two-handed]");
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("to wound B: 4 +1 (needs 5+) — wounds");
  });

  it("[ME-SPEAR] an unengaged spear in contact behind a friend adds one Attack with its own Fight Value and Strength", () => {
    const s = position({ a: warrior(), sp: warrior({ wargear: ["spear"], strength: 4, fight: 5 }) }, { b: orc({ fight: 4 }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "sp", x: 10 - TOUCH, y: 10, name: "S" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 5, 5, 4, 4]);
    expect(events(s)).toContain("S supports A with its spear.");
    // 5-5 tie: the spear's Fight Value 5 beats B's 4.
    expect(events(s)).toContain("Gondor wins the duel (tied 5, Fight Value 5 beats 4)");
    choose(s, "B backs away straight back");
    choose(s, "A strikes next");
    expect(events(s)).toContain("S strikes B: S4.");
    expect(events(s)).toContain("to wound B: 4 (needs 4+) — wounds");
  });

  it("[ME-SPEAR] a supporter cannot be struck, and one model takes only one spear's support", () => {
    const s = position({ a: warrior(), sp: warrior({ wargear: ["spear"] }) }, { b: orc({ fight: 4 }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "sp", x: 10 - TOUCH, y: 10, name: "S1" },
      { side: 0, profile: "sp", x: 10, y: 10 - TOUCH, name: "S2" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 2, 6, 1]);
    expect(events(s).match(/supports A/g)).toHaveLength(1);
    expect(events(s)).toContain("Duel: A 1; S1 2 [support]  vs  B 6");
    // S1 behind A blocks every step within 86.35° of straight back (asin(0.982 / 0.984)); S2 the southern gap
    // beyond; A slips out north, 88° to its right (the middle of 86.35°-90°), its only way.
    expect(events(s)).toContain('A backs away 1" back and 88° to the right.');
    expect(events(s)).toContain("B strikes A");
    expect(events(s)).not.toContain("B strikes S");
  });

  it("[ME-SPEAR] a spear supports only a friend with the same base or smaller (not a Cavalry model)", () => {
    const s = position({ k: cavalry(), sp: warrior({ wargear: ["spear"] }) }, { b: orc() }, [
      { side: 0, profile: "k", x: 10, y: 10, name: "K" },
      { side: 0, profile: "sp", x: 10 - R40 - R25, y: 10, name: "S" },
      { side: 1, profile: "b", x: 10 + R40 + R25, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 6, 1]);
    expect(events(s)).not.toContain("supports");
  });

  it("[ME-PIKE] a pike supports through another pike: two pikes back one fighter", () => {
    const s = position({ a: warrior(), pk: warrior({ wargear: ["pike"] }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "pk", x: 10 - TOUCH, y: 10, name: "P1" },
      { side: 0, profile: "pk", x: 10 - 2 * TOUCH, y: 10, name: "P2" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 1, 6, 5, 1]);
    expect(events(s)).toContain("P1 supports A with its pike.");
    expect(events(s)).toContain("P2 adds its pike behind P1.");
    expect(events(s)).toContain("Gondor wins the duel (6 beats 5)");
  });

  it("[ME-PIKE] a pike cannot support through a spear (both must be pikes)", () => {
    const s = position({ a: warrior(), sp: warrior({ wargear: ["spear"] }), pk: warrior({ wargear: ["pike"] }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "sp", x: 10 - TOUCH, y: 10, name: "S" },
      { side: 0, profile: "pk", x: 10 - 2 * TOUCH, y: 10, name: "P" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 6, 5, 1]);
    expect(events(s)).toContain("S supports A with its spear.");
    expect(events(s)).not.toContain("P adds");
  });

  it("[ME-SHIELDING] a shielding model rolls twice its Attacks in the duel, and makes no strikes if it wins", () => {
    const s = duel(warrior({ wargear: ["shield"], fight: 4 }), orc(), [1, 6, 3]);
    expect(describeAll(s)).toEqual(["A fights with its weapon one-handed", "A fights shielding"]);
    choose(s, "A fights shielding");
    expect(events(s)).toContain("A 1,6 [shielding]");
    choose(s, "B backs away straight back");
    expect(events(s)).not.toContain("A strikes");
    expect((s.st.rng as ScriptedRng).left()).toEqual([]);
  });

  it("[ME-SHIELDING] Cavalry cannot elect to be shielding", () => {
    const s = position({ k: cavalry({ wargear: ["shield"] }) }, { b: orc() }, [
      { side: 0, profile: "k", x: 10, y: 10, name: "K" },
      { side: 1, profile: "b", x: 10 + R40 + R25, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 6, 1]);
    expect(hasOption(s, "shielding")).toBe(false);
  });

  it("[ME-ARMOUR] armour +1, heavy armour +2, shield +1 Defence: S3 needs 6+ against D3 with heavy armour and shield", () => {
    const s = duel(warrior({ fight: 4 }), orc({ defence: 3, wargear: ["heavy armour", "shield"] }), [6, 1, 5]);
    expect(describeAll(s)).toEqual(["B fights with its weapon one-handed", "B fights shielding"]);
    choose(s, "B fights with its weapon one-handed");
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("to wound B: 5 (needs 6+) — fails");
    expect(s.st.info(model(s, "B")).defence).toBe(6);
  });

  it("[ME-LANCE] a Cavalry model with a lance has +1 To Wound in a turn it charged, and not otherwise", () => {
    const pos = (charged: boolean) =>
      position({ k: cavalry({ wargear: ["lance"], fight: 4 }) }, { b: orc({ keywords: { race: ["Troll"], faction: ["Mordor"], type: ["Monster", "Warrior"] } }) }, [
        { side: 0, profile: "k", x: 10, y: 10, name: "K", state: { charged, chargedTargets: charged ? [1] : [] } },
        { side: 1, profile: "b", x: 10 + R40 + R25, y: 10, name: "B" },
      ], { phase: "fight" }, [6, 1, 4]);
    const c = pos(true);
    choose(c, "B backs away straight back");
    expect(events(c)).toContain("to wound B: 4 +1 (needs 5+) — wounds");
    const n = pos(false);
    choose(n, "B backs away straight back");
    expect(events(n)).toContain("to wound B: 4 (needs 5+) — fails");
  });
});

describe("cavalry", () => {
  it("[ME-CAVALRY] a Cavalry model that charged only Infantry rolls an extra die, and Knocks its losers to the Ground", () => {
    const s = position({ k: cavalry({ fight: 4, attacks: 1 }) }, { b: orc() }, [
      { side: 0, profile: "k", x: 10, y: 10, name: "K" },
      { side: 1, profile: "b", x: 10, y: 16, name: "B" },
    ], { phase: "move" }, [1, 6, 4, 1, 1, 1, 1]);
    choose(s, "K activates");
    choose(s, "K charges B");
    expect(events(s)).toContain("Duel: K 1,6 [charging cavalry]  vs  B 4");
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("B is knocked to the ground.");
    expect(model(s, "B").prone).toBe(true);
    // Two Attacks (1 + the extra), each a pair of strikes against the prone loser.
    expect(events(s).match(/to wound B/g)).toHaveLength(4);
  });

  it("[ME-CAVALRY] no bonus after being charged by enemy Cavalry, nor for charging a Monster", () => {
    const s = position({ k: cavalry({ fight: 4 }) }, { b: orc(), w: cavalry({ name: "Warg", keywords: { race: ["Orc"], faction: ["Mordor"], type: ["Cavalry", "Warrior"] } }) }, [
      { side: 0, profile: "k", x: 10, y: 10, name: "K" },
      { side: 1, profile: "b", x: 10, y: 16, name: "B" },
      { side: 1, profile: "w", x: 16, y: 14, name: "W" },
    ], { phase: "move" }, [6, 1, 5, 1]);
    choose(s, "K activates");
    choose(s, "K charges B");
    choose(s, "W activates"); // Gondor has nobody else to move: Mordor's turn to move

    choose(s, "W charges K");
    runUntilFight(s);
    expect(events(s)).toMatch(/Duel: K 6 {2}vs/); // one die: the bonus is gone
    const m = position({ k: cavalry({ fight: 4 }) }, { t: orc({ keywords: { race: ["Troll"], faction: ["Mordor"], type: ["Monster", "Warrior"] } }) }, [
      { side: 0, profile: "k", x: 10, y: 10, name: "K" },
      { side: 1, profile: "t", x: 10, y: 16, name: "T" },
    ], { phase: "move" }, [6, 1, 1]);
    choose(m, "K activates");
    choose(m, "K charges T");
    expect(events(m)).toMatch(/Duel: K 6 {2}vs/);
  });
});

function runUntilFight(s: ReturnType<typeof duel>): void {
  for (let i = 0; i < 20 && !events(s).includes("Duel:"); i++) {
    const d = describeAll(s);
    const done = d.findIndex((x) => x.endsWith("finishes moving") || x.endsWith("finishes shooting"));
    s.apply(s.legalActions()[done >= 0 ? done : 0]!);
  }
}

describe("pairing off", () => {
  it("[ME-PAIR] models are paired one-on-one where possible: a chain A1-B1-A2-B2 makes two combats", () => {
    const s = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A1" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B1" },
      { side: 0, profile: "a", x: 10 + 2 * TOUCH, y: 10, name: "A2" },
      { side: 1, profile: "b", x: 10 + 3 * TOUCH, y: 10, name: "B2" },
    ], { phase: "move" }, 1);
    const combats = pairOffNow(s.st).map((c) => [c.lone, ...c.others].map((id) => s.data.models[id]!.name).sort().join("-"));
    expect(combats.sort()).toEqual(["A1-B1", "A2-B2"]);
  });

  it("[ME-PAIR] one model touching two enemies makes a multiple combat; a choice between best pairings goes to the priority player", () => {
    const three = position({ a: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B1" },
      { side: 1, profile: "b", x: 10, y: 10 + TOUCH, name: "B2" },
    ], { phase: "move" }, 1);
    expect(pairOffNow(three.st)).toEqual([{ lone: 0, others: [1, 2] }]);
    // A 4-cycle: A1, A2 each touch B1 and B2. Two ways to make two one-on-one combats.
    const h = TOUCH / Math.SQRT2;
    const s = position({ a: warrior({ fight: 4 }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10 + h, name: "A1" },
      { side: 0, profile: "a", x: 10, y: 10 - h, name: "A2" },
      { side: 1, profile: "b", x: 10 + h, y: 10, name: "B1" },
      { side: 1, profile: "b", x: 10 - h, y: 10, name: "B2" },
    ], { phase: "fight", priority: 1 }, 1);
    expect(s.currentPlayer()).toBe(1);
    expect(describeAll(s)).toEqual(["pair off: A1 vs B1; A2 vs B2", "pair off: A1 vs B2; A2 vs B1"]);
  });
});
