/**
 * Shooting on positions set up for one rule each, dice scripted: ME-SHOOT, ME-MISSILE-CHART,
 * ME-WOUND-CHART, ME-BOW, ME-THROWING-SPEAR (and prone models not blocking sight, ME-PRONE).
 */
import { describe, expect, it } from "vitest";
import { MISSILE_CHART } from "../../src/mesbg/profiles.js";
import { readyMissiles } from "../../src/mesbg/shoot.js";
import { cavalry, choose, describeAll, events, gapBetween, model, orc, position, type ScriptedRng, TOUCH, warrior } from "../support/mesbg.js";

type Obj = Record<string, unknown>;
const archer = (over: Obj = {}) => warrior({ name: "Archer", wargear: ["bow"], ...over });

describe("who can shoot, and at whom", () => {
  it("[ME-SHOOT] an engaged model cannot shoot; a free archer shoots a visible enemy in range, once a turn", () => {
    const s = position({ a: archer() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A1" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B1" },
      { side: 0, profile: "a", x: 20, y: 10, name: "A2" },
      { side: 1, profile: "b", x: 20, y: 25, name: "B2" },
      { side: 0, profile: "a", x: 30, y: 10, name: "A3" },
    ], { phase: "shoot" }, [1]);
    expect(readyMissiles(s.st, model(s, "A1"))).toEqual([]);
    expect(describeAll(s).filter((d) => d.startsWith("A2")).sort()).toEqual(["A2 shoots B1 with its bow", "A2 shoots B2 with its bow"]);
    expect(describeAll(s).some((d) => d.startsWith("A1"))).toBe(false);
    choose(s, "A2 shoots B2");
    expect(events(s)).toContain("A2 shoots at B2 (bow, S2): 1 (needs 4+) — miss");
    expect(model(s, "A2").shot).toBe(true);
    expect(describeAll(s).some((d) => d.startsWith("A2"))).toBe(false); // one shot a turn
  });

  it("[ME-SHOOT] a model that moved shoots one worse (4+ becomes 5+), but a 6 always hits", () => {
    const s = position({ a: archer(), c: archer({ shoot: 6 }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A", state: { movedAtAll: true, moved: 2 } },
      { side: 0, profile: "c", x: 12, y: 10, name: "C", state: { movedAtAll: true, moved: 2 } },
      { side: 1, profile: "b", x: 10, y: 25, name: "B" },
    ], { phase: "shoot" }, [4, 6, 1]);
    choose(s, "A shoots B");
    expect(events(s)).toContain("A shoots at B (bow, S2): 4 (needs 5+) — miss");
    choose(s, "C shoots B");
    expect(events(s)).toContain("C shoots at B (bow, S2): 6 (needs 6+) — hit"); // SV 6+ moved would need a 7
    expect((s.st.rng as ScriptedRng).left()).toEqual([]);
  });

  it("[ME-SHOOT] a target partially obscured by another model cannot be shot; the archer picks another", () => {
    const s = position({ a: archer(), f: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "f", x: 10.4, y: 15, name: "F" },
      { side: 1, profile: "b", x: 10, y: 20, name: "B1" },
      { side: 1, profile: "b", x: 16, y: 20, name: "B2" },
    ], { phase: "shoot" });
    expect(describeAll(s).sort()).toEqual(["A shoots B2 with its bow", "Gondor finishes shooting"]);
  });

  it("[ME-PRONE] a prone model does not block line of sight", () => {
    const s = position({ a: archer(), f: warrior() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 0, profile: "f", x: 10, y: 15, name: "F", state: { prone: true } },
      { side: 1, profile: "b", x: 10, y: 20, name: "B" },
    ], { phase: "shoot" });
    expect(describeAll(s).sort()).toEqual(["A shoots B with its bow", "Gondor finishes shooting"]);
  });
});

describe("missile weapons", () => {
  it("[ME-MISSILE-CHART] ranges and Strengths: bow 24\"/S2, orc bow 18\"/S2, elf bow 24\"/S3, throwing spear 8\"/S3, Uruk-hai bow 18\"/S3", () => {
    expect(MISSILE_CHART).toEqual({
      bow: { range: 24, strength: 2 },
      "orc bow": { range: 18, strength: 2 },
      "elf bow": { range: 24, strength: 3 },
      "throwing spear": { range: 8, strength: 3 },
      "uruk-hai bow": { range: 18, strength: 3 },
    });
    // An orc bow reaches a base 17.5" away (base to base) but not one 18.5" away.
    const s = position({ g: warrior() }, { o: orc({ wargear: ["orc bow"] }) }, [
      { side: 1, profile: "o", x: 10, y: 10, name: "O" },
      { side: 0, profile: "g", x: 10, y: 10 + TOUCH + 17.5, name: "Near" },
      { side: 0, profile: "g", x: 20, y: 10 + TOUCH * Math.SQRT1_2, name: "Edge" },
      { side: 0, profile: "g", x: 10, y: 10 - TOUCH - 18.5, name: "Far" },
    ], { phase: "shoot", priority: 1, board: { w: 48, h: 48 } });
    expect(describeAll(s).filter((d) => d.includes("shoots")).sort()).toEqual(["O shoots Edge with its orc bow", "O shoots Near with its orc bow"]);
    // An elf bow (S3) wounds Defence 4 on a 5+.
    const e = position({ a: archer({ wargear: ["elf bow"] }) }, { b: orc({ defence: 4 }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 30, name: "B" },
    ], { phase: "shoot" }, [4, 5]);
    choose(e, "A shoots B with its elf bow");
    expect(events(e)).toContain("to wound B: 5 (needs 5+) — wounds");
  });

  it("[ME-WOUND-CHART] S2 against D9 needs a 6 then a 6; against D10 it cannot wound (no dice are rolled)", () => {
    const pos = (defence: number, dice: number[]) =>
      position({ a: archer() }, { b: orc({ defence, wounds: 2 }) }, [
        { side: 0, profile: "a", x: 10, y: 10, name: "A" },
        { side: 1, profile: "b", x: 10, y: 30, name: "B" },
      ], { phase: "shoot" }, dice);
    const split = pos(9, [4, 6, 6]);
    choose(split, "A shoots B");
    expect(events(split)).toContain("to wound B: 6 (needs 6, then 6+)");
    expect(events(split)).toContain("second die: 6 (needs 6+) — wounds");
    expect(model(split, "B").wounds).toBe(1);
    const none = pos(10, [4]);
    choose(none, "A shoots B");
    expect(events(none)).toContain("S2 cannot wound B (D10).");
    expect((none.st.rng as ScriptedRng).left()).toEqual([]);
  });

  it("[ME-BOW] a bow shoots only if its bearer moved no more than half its Move allowance", () => {
    const s = position({ a: archer() }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "Half", state: { moved: 3, movedAtAll: true } },
      { side: 0, profile: "a", x: 14, y: 10, name: "More", state: { moved: 3.5, movedAtAll: true } },
      { side: 1, profile: "b", x: 12, y: 25, name: "B" },
    ], { phase: "shoot" });
    expect(describeAll(s).sort()).toEqual(["Gondor finishes shooting", "Half shoots B with its bow"]);
  });
});

describe("throwing spears", () => {
  const thrower = (over: Obj = {}) => cavalry({ name: "Rider", wargear: ["throwing spear"], ...over });

  it("[ME-THROWING-SPEAR] thrown in the Shoot phase even after a full move, unless it was thrown in the Move phase", () => {
    const s = position({ r: thrower() }, { b: orc() }, [
      { side: 0, profile: "r", x: 10, y: 10, name: "Full", state: { moved: 10, movedAtAll: true } },
      { side: 0, profile: "r", x: 14, y: 10, name: "Thrown", state: { moved: 4, movedAtAll: true, thrown: true } },
      { side: 1, profile: "b", x: 12, y: 16, name: "B" },
    ], { phase: "shoot" });
    expect(describeAll(s).sort()).toEqual(["Full shoots B with its throwing spear", "Gondor finishes shooting"]);
  });

  it("[ME-THROWING-SPEAR] thrown while charging: it stops 1\" short, throws with no moving penalty, then completes the charge", () => {
    const s = position({ r: thrower() }, { b: orc() }, [
      { side: 0, profile: "r", x: 10, y: 10, name: "R" },
      { side: 1, profile: "b", x: 10, y: 16, name: "B" },
    ], { phase: "move" }, [4, 1, 1, 6, 1, 1, 1, 1, 1]);
    choose(s, "R activates");
    choose(s, "R hurls a throwing spear at B, then charges");
    expect(events(s)).toContain("R shoots at B (throwing spear, S3): 4 (needs 4+) — hit");
    expect(events(s)).toContain("R completes its charge into B.");
    expect(model(s, "R").thrown).toBe(true);
    expect(model(s, "R").charged).toBe(true);
    expect(gapBetween(s, "R", "B")).toBeLessThan(0.01);
  });

  it("[ME-THROWING-SPEAR] if the spear slays the target, the charger may finish its move any way it likes", () => {
    const s = position({ r: thrower() }, { b: orc() }, [
      { side: 0, profile: "r", x: 10, y: 10, name: "R" },
      { side: 1, profile: "b", x: 10, y: 16, name: "B" },
      { side: 1, profile: "b", x: 14, y: 17, name: "B2" },
    ], { phase: "move" }, [5, 6]);
    choose(s, "R activates");
    choose(s, "R hurls a throwing spear at B, then charges");
    expect(model(s, "B").alive).toBe(false);
    expect(model(s, "R").activated).toBe(false);
    expect(describeAll(s).some((d) => d.startsWith("R charges B2"))).toBe(true);
    expect(describeAll(s).some((d) => d.startsWith("R hurls"))).toBe(false); // once per turn
  });
});
