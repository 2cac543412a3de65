/**
 * Heroes, courage and special rules on positions set up for one rule each, dice scripted: ME-MIGHT,
 * ME-WILL, ME-FATE, ME-COURAGE, ME-RULES, ME-ACTIVE-PASSIVE.
 */
import { describe, expect, it } from "vitest";
import { intelligenceTest, test2d6 } from "../../src/mesbg/courage.js";
import { courageNeed, defenceOf } from "../../src/mesbg/state.js";
import { castOptions } from "../../src/mesbg/magic.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { Rng } from "../../src/core/rng.js";
import { choose, describeAll, events, evilHero, hasOption, hero, model, orc, position, type ScriptedRng, script, TOUCH, warrior } from "../support/mesbg.js";

const left = (s: { st: { rng: unknown } }) => (s.st.rng as ScriptedRng).left();

describe("Might", () => {
  it("[ME-MIGHT] hero against hero: the losing side spends first, then the other may answer; a die never goes above 6", () => {
    const s = position({ h: hero({ fight: 5, might: 2 }) }, { e: evilHero({ fight: 5, might: 2 }) }, [
      { side: 0, profile: "h", x: 10, y: 10, name: "H" },
      { side: 1, profile: "e", x: 10 + TOUCH, y: 10, name: "E" },
    ], { phase: "fight" }, [4, 5, 5, 1]);
    expect(s.currentPlayer()).toBe(0); // H rolled 4 against 5: Gondor is losing, so Gondor decides first
    expect(describeAll(s)).toEqual(["Gondor spends no Might", "H spends 2 Might to make its duel roll 6"]);
    choose(s, "H spends 2 Might");
    expect(s.currentPlayer()).toBe(1);
    // E can only draw level (6 is the highest a die can read): that forces the drawn-combat roll.
    expect(describeAll(s)).toEqual(["Mordor spends no Might", "E spends 1 Might to make its duel roll 6"]);
    choose(s, "E spends 1 Might");
    expect(model(s, "H").might).toBe(0);
    expect(model(s, "E").might).toBe(1);
    expect(events(s)).toContain("tied 6 with equal Fight Values; the drawn-combat roll is 5 (Good wins on 4+)");
    choose(s, "E backs away straight back");
    expect(left(s)).toEqual([]);
  });

  it("[ME-MIGHT] a hero may add Might to its own To Wound roll to make it succeed", () => {
    const s = position({ h: hero({ fight: 5, might: 1, strength: 3 }) }, { b: orc({ defence: 4 }) }, [
      { side: 0, profile: "h", x: 10, y: 10, name: "H" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [6, 1, 4]);
    choose(s, "B backs away straight back");
    expect(describeAll(s)).toEqual(["no Might", "H spends 1 Might to wound"]);
    choose(s, "H spends 1 Might to wound");
    expect(model(s, "B").alive).toBe(false);
    expect(model(s, "H").might).toBe(0);
  });
});

describe("Fate", () => {
  it("[ME-FATE] each wound may be stopped by Fate, one point at a time on a 4+; Might may lift a failed Fate roll", () => {
    const s = position({ h: hero({ fate: 2, might: 1, wounds: 1 }) }, { b: orc({ fight: 5, strength: 5 }) }, [
      { side: 0, profile: "h", x: 10, y: 10, name: "H" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [1, 6, 6, 2, 3]);
    choose(s, "H backs away straight back");
    expect(describeAll(s)).toEqual(["H takes the wound", "H spends a Fate point (of 2)"]);
    choose(s, "H spends a Fate point");
    expect(events(s)).toContain("H spends Fate: rolls 2 — fails (1 Fate left).");
    choose(s, "H spends a Fate point"); // a 2 is too far for 1 Might: no Might offered, on to the next point
    expect(describeAll(s)).toEqual(["H keeps its Might", "H spends 1 Might on the Fate roll"]);
    choose(s, "H spends 1 Might on the Fate roll");
    expect(model(s, "H").alive).toBe(true);
    expect(model(s, "H").wounds).toBe(1);
    expect(model(s, "H").fate).toBe(0);
    expect(model(s, "H").might).toBe(0);
  });
});

describe("Courage and Will", () => {
  it("[ME-COURAGE] Courage and Intelligence tests are 2D6 against the value: equal or more passes", () => {
    const s = position({ a: warrior({ courage: 7, intelligence: 9 }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 40, name: "B" },
    ]);
    script(s, [3, 4, 3, 3, 4, 4]);
    expect(test2d6(s.st, 7)).toEqual({ roll: 7, passed: true });
    expect(test2d6(s.st, 7)).toEqual({ roll: 6, passed: false });
    expect(intelligenceTest(s.st, model(s, "A"))).toEqual({ roll: 8, passed: false });
  });

  it("[ME-RULES] Terror: a Courage test at the start of the activation to charge; failing, the model may not move at all", () => {
    const pos = (dice: number[]) =>
      position({ a: warrior({ courage: 7 }) }, { t: orc({ specialRules: ["Terror"] }) }, [
        { side: 0, profile: "a", x: 10, y: 10, name: "A" },
        { side: 1, profile: "t", x: 10, y: 14, name: "T" },
      ], {}, dice);
    const s = pos([4, 4]);
    choose(s, "A activates");
    expect(hasOption(s, "A charges T")).toBe(false);
    choose(s, "A takes a Courage test to charge a Terror-causing enemy");
    expect(events(s)).toContain("A takes a Courage test: 8 (needs 7+) — passed.");
    expect(hasOption(s, "A takes a Courage test")).toBe(false);
    expect(hasOption(s, "A charges T")).toBe(true);
    const f = pos([1, 2]);
    choose(f, "A activates");
    choose(f, "A takes a Courage test");
    expect(model(f, "A").terror).toBe("failed");
    expect(model(f, "A").activated).toBe(true); // nothing left to do: no move at all
    expect(model(f, "A").y).toBe(10);
  });

  it("[ME-WILL] a Hero who fails a Courage test may add Will (or Might) points to the 2D6, one per point", () => {
    const s = position({ h: hero({ courage: 6, will: 2, might: 1 }) }, { t: orc({ specialRules: ["Terror"] }) }, [
      { side: 0, profile: "h", x: 10, y: 10, name: "H" },
      { side: 1, profile: "t", x: 10, y: 14, name: "T" },
    ], {}, [2, 3]);
    choose(s, "H activates");
    choose(s, "H takes a Courage test");
    expect(describeAll(s).sort()).toEqual(["H accepts the failed test", "H spends 1 Might to pass", "H spends 1 Will to pass"]);
    choose(s, "H spends 1 Will to pass");
    expect(model(s, "H").will).toBe(1);
    expect(model(s, "H").terror).toBe("passed");
    expect(hasOption(s, "H charges T")).toBe(true);
  });

  it("[ME-RULES] [ME-WILL] Will of Evil may spend its last Will point on a failed Courage test (only casting is barred), and is banished", () => {
    const wraith = evilHero({ name: "Wraith", courage: 6, will: 1, might: 0, fate: 0, specialRules: ["Will of Evil"] });
    const s = position({ t: warrior({ specialRules: ["Terror"] }) }, { w: wraith }, [
      { side: 0, profile: "t", x: 10, y: 14, name: "T" },
      { side: 1, profile: "w", x: 10, y: 10, name: "Wraith" },
    ], { priority: 1 }, [2, 3]);
    choose(s, "Wraith activates");
    choose(s, "Wraith takes a Courage test");
    // 2 + 3 = 5 against 6: one short, and its one Will point is on offer.
    expect(describeAll(s).sort()).toEqual(["Wraith accepts the failed test", "Wraith spends 1 Will to pass"]);
    // The scripted player keeps it (spending it would banish the Wraith).
    expect(s.actionToString(mesbgPolicy.act(s, 1, new Rng(1)))).toBe("Wraith accepts the failed test");
    choose(s, "Wraith spends 1 Will to pass");
    expect(events(s)).toContain("Wraith has no Will left and is banished (Will of Evil).");
    expect(model(s, "Wraith").alive).toBe(false);
  });

  it("[ME-RULES] Harbinger of Evil: -1 Courage within 12\" (one more needed on 2D6); a model that causes Terror ignores Terror", () => {
    const s = position({ a: warrior({ courage: 7 }), th: hero({ specialRules: ["Terror"] }) }, { h: orc({ specialRules: ["Harbinger of Evil", "Terror"] }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "Near" },
      { side: 0, profile: "a", x: 40, y: 10, name: "Far" },
      { side: 0, profile: "th", x: 10, y: 18, name: "Dread" },
      { side: 1, profile: "h", x: 10, y: 21, name: "Herald" },
    ]);
    expect(courageNeed(s.st, model(s, "Near"))).toBe(8);
    expect(courageNeed(s.st, model(s, "Far"))).toBe(7);
    choose(s, "Dread activates");
    expect(hasOption(s, "Courage test")).toBe(false);
    expect(hasOption(s, "Dread charges Herald")).toBe(true);
  });
});

describe("special rules", () => {
  it("[ME-RULES] Burly: no duel penalty for a two-handed weapon (the +1 To Wound stays)", () => {
    const s = position({ a: warrior({ wargear: ["two-handed weapon"], specialRules: ["Burly"], fight: 4 }) }, { b: orc({ defence: 5 }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [6, 6, 4]);
    expect(events(s)).toContain("Duel: A 6 [two-handed]  vs  B 6");
    expect(events(s)).toContain("Gondor wins the duel (tied 6, Fight Value 4 beats 3)");
    choose(s, "B backs away straight back");
    expect(events(s)).toContain("to wound B: 4 +1 (needs 5+) — wounds");
  });

  it("[ME-RULES] Shieldwall: +1 Defence with two or more shielded, standing Shieldwall friends in base contact", () => {
    const sw = warrior({ wargear: ["shield"], specialRules: ["Shieldwall"], defence: 4 });
    const s = position({ sw }, { b: orc() }, [
      { side: 0, profile: "sw", x: 10, y: 10, name: "Mid" },
      { side: 0, profile: "sw", x: 10 - TOUCH, y: 10, name: "Left" },
      { side: 0, profile: "sw", x: 10 + TOUCH, y: 10, name: "Right" },
      { side: 1, profile: "b", x: 10, y: 40, name: "B" },
    ]);
    expect(defenceOf(s.st, model(s, "Mid"))).toBe(6); // 4 + shield + Shieldwall
    expect(defenceOf(s.st, model(s, "Left"))).toBe(5); // one neighbour only
    model(s, "Right").prone = true;
    expect(defenceOf(s.st, model(s, "Mid"))).toBe(5);
  });

  it("[ME-ACTIVE-PASSIVE] a transfixed model loses its Active rules (Shieldwall) but keeps its Passive ones (Terror)", () => {
    const sw = warrior({ wargear: ["shield"], specialRules: ["Shieldwall", "Terror"], defence: 4 });
    const s = position({ sw }, { b: orc() }, [
      { side: 0, profile: "sw", x: 10, y: 10, name: "Mid", state: { transfixed: true } },
      { side: 0, profile: "sw", x: 10 - TOUCH, y: 10, name: "Left" },
      { side: 0, profile: "sw", x: 10 + TOUCH, y: 10, name: "Right" },
      { side: 1, profile: "b", x: 10, y: 13, name: "B" },
    ], { priority: 1 });
    expect(defenceOf(s.st, model(s, "Mid"))).toBe(5);
    choose(s, "B activates");
    expect(hasOption(s, "B takes a Courage test to charge a Terror-causing enemy")).toBe(true);
  });

  it("[ME-RULES] Will of Evil: 1 Will lost after a Fight phase it fought in, banished at 0; never casts with its last point", () => {
    const wraith = evilHero({ will: 1, might: 0, fate: 0, specialRules: ["Will of Evil"], magicalPowers: [{ name: "Black Dart", range: 12, castingValue: 5 }] });
    const s = position({ a: warrior({ fight: 5 }) }, { w: wraith }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "w", x: 10 + TOUCH, y: 10, name: "Wraith" },
    ], { phase: "fight" }, [1, 1, 1]);
    choose(s, "Wraith backs away straight back");
    expect(events(s)).toContain("Wraith gives up 1 Will for fighting (Will of Evil): 0 left.");
    expect(events(s)).toContain("Wraith has no Will left and is banished (Will of Evil).");
    expect(model(s, "Wraith").alive).toBe(false);
    expect(s.isTerminal()).toBe(true);
    expect(s.returns()).toEqual([1, -1]);
    const t = position({ a: warrior() }, { w: wraith }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "w", x: 10, y: 15, name: "Wraith" },
    ]);
    expect(castOptions(t.st, model(t, "Wraith"))).toEqual([]);
  });
});
