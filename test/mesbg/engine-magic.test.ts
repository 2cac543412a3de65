/**
 * Magic on positions set up for one rule each, dice scripted: ME-MAGIC, ME-RESIST, ME-POWERS, ME-STAFF,
 * ME-WILL (casting), and Resistant to Magic (ME-RULES).
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { castOptions } from "../../src/mesbg/magic.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { choose, describeAll, events, evilHero, hasOption, hero, model, orc, position, type ScriptedRng, TOUCH, warrior } from "../support/mesbg.js";

type Obj = Record<string, unknown>;
const power = (name: string, castingValue: number, range = 12) => ({ name, range, castingValue });
const left = (s: { st: { rng: unknown } }) => (s.st.rng as ScriptedRng).left();

/** Evil caster "C" at (10, 10) moving first; Good models placed as given. */
function evilCaster(powers: Obj[], goods: { name: string; x: number; y: number; profile?: Obj; state?: Obj }[], dice: number[], casterOver: Obj = {}) {
  const good: Record<string, Obj> = {};
  goods.forEach((g, i) => (good[`g${i}`] = g.profile ?? warrior()));
  return position(good, { c: evilHero({ will: 3, might: 0, fate: 0, magicalPowers: powers, ...casterOver }) }, [
    { side: 1, profile: "c", x: 10, y: 10, name: "C" },
    ...goods.map((g, i) => ({ side: 0 as const, profile: `g${i}`, x: g.x, y: g.y, name: g.name, state: g.state })),
  ], { priority: 1 }, dice);
}

describe("casting", () => {
  it("[ME-MAGIC] one power per Move phase: spend Will dice, any die at the Casting Value casts; Might may raise it before the resist", () => {
    const s = evilCaster([power("Transfix", 5)], [{ name: "W", x: 10, y: 16 }], [2, 4], { might: 1 });
    choose(s, "C activates");
    choose(s, "C casts Transfix at W with 2 Will dice");
    expect(events(s)).toContain("C casts Transfix at W: 2, 4 (needs 5+; 1 Will left).");
    expect(describeAll(s)).toEqual(["C adds no Might", "C adds 1 Might to the casting roll"]);
    choose(s, "C adds 1 Might");
    expect(model(s, "W").transfixed).toBe(true);
    expect(hasOption(s, "casts")).toBe(false); // one power per Move phase
    expect(model(s, "C").cast).toBe(true);
  });

  it("[ME-MAGIC] no casting while engaged or prone, and only at targets within range", () => {
    const s = evilCaster([power("Transfix", 3, 6)], [{ name: "Near", x: 10, y: 15 }, { name: "Far", x: 10, y: 18 }], []);
    const targets = castOptions(s.st, model(s, "C")).map((a) => s.data.models[Math.floor(a / 256) % 256]!.name);
    expect([...new Set(targets)]).toEqual(["Near"]);
    model(s, "C").prone = true;
    expect(castOptions(s.st, model(s, "C"))).toEqual([]);
    model(s, "C").prone = false;
    model(s, "Far").x = 10 + TOUCH;
    model(s, "Far").y = 10;
    expect(castOptions(s.st, model(s, "C"))).toEqual([]);
  });
});

describe("resisting", () => {
  it("[ME-RESIST] [ME-MEASURE] any resist die equal to or above the casting roll resists; a natural 6 on a Will die gives the point back", () => {
    const s = evilCaster([power("Transfix", 3)], [{ name: "H", x: 10, y: 16, profile: hero({ will: 2, might: 0, fate: 0 }) }], [4, 6]);
    choose(s, "C activates");
    choose(s, "C casts Transfix at H with 1 Will die");
    expect(s.currentPlayer()).toBe(0); // the target's player decides
    expect(describeAll(s)).toEqual(["H does not spend Will to resist", "H spends 1 Will to resist", "H spends 2 Will to resist"]);
    choose(s, "H spends 1 Will to resist");
    expect(events(s)).toContain("H resists with 1 Will: 6 against 4 — resisted (a 6 gives back 1 Will).");
    expect(model(s, "H").will).toBe(2);
    expect(model(s, "H").transfixed).toBe(false);
  });

  it("[ME-RESIST] a lower resist roll fails; Resistant to Magic adds a free die even with no Will, and its 6 gives nothing back", () => {
    const s = evilCaster([power("Transfix", 3)], [{ name: "H", x: 10, y: 16, profile: hero({ will: 1, might: 0, fate: 0 }) }], [5, 4]);
    choose(s, "C activates");
    choose(s, "C casts Transfix at H with 1 Will die");
    choose(s, "H spends 1 Will to resist");
    expect(events(s)).toContain("H resists with 1 Will: 4 against 5 — fails.");
    expect(model(s, "H").will).toBe(0);
    expect(model(s, "H").transfixed).toBe(true);
    const d = evilCaster([power("Transfix", 3)], [{ name: "D", x: 10, y: 16, profile: warrior({ specialRules: ["Resistant to Magic"] }) }], [4, 6]);
    choose(d, "C activates");
    choose(d, "C casts Transfix at D with 1 Will die");
    expect(events(d)).toContain("D resists with 0 Will and a free die (Resistant to Magic): 6 against 4 — resisted.");
    expect(model(d, "D").will).toBe(0);
  });
});

describe("the five powers", () => {
  it("[ME-POWERS] Black Dart: one Strength 6 hit (D5 is wounded on a 4+), even on a target engaged in combat", () => {
    const s = evilCaster([power("Black Dart", 5)], [
      { name: "W", x: 10, y: 16, profile: warrior({ defence: 5 }) },
    ], [5, 4]);
    choose(s, "C activates");
    choose(s, "C casts Black Dart at W with 1 Will die");
    expect(events(s)).toContain("A Black Dart strikes W (S6).");
    expect(events(s)).toContain("to wound W: 4 (needs 4+) — wounds");
    expect(model(s, "W").alive).toBe(false);
  });

  it("[ME-POWERS] Sorcerous Blast: one Strength 5 hit, and the target's whole combat, friend and foe, is knocked down", () => {
    const s = position({ g: hero({ will: 3, magicalPowers: [power("Sorcerous Blast", 5)] }), f: warrior() }, { e: orc() }, [
      { side: 0, profile: "g", x: 10, y: 10, name: "G" },
      { side: 1, profile: "e", x: 10, y: 16, name: "E" },
      { side: 0, profile: "f", x: 10, y: 16 + TOUCH, name: "F" },
    ], {}, [5, 1]);
    choose(s, "G activates");
    choose(s, "G casts Sorcerous Blast at E with 1 Will die");
    expect(events(s)).toContain("to wound E: 1 (needs 4+) — fails");
    expect(events(s)).toContain("E, F are knocked to the ground.");
    expect(model(s, "E").prone).toBe(true);
    expect(model(s, "F").prone).toBe(true);
    expect(model(s, "G").prone).toBe(false);
  });

  it("[ME-POWERS] Transfix (until the End phase): no move, no shooting, no strikes if it wins its fight", () => {
    const s = evilCaster([power("Transfix", 3)], [
      { name: "W", x: 10, y: 10 + TOUCH + 3, profile: warrior({ wargear: ["bow"], fight: 5 }) },
      { name: "X", x: 30, y: 30 },
    ], [3, 1, 1, 1]);
    choose(s, "C activates");
    choose(s, "C casts Transfix at W with 1 Will die");
    choose(s, "C charges W");
    // Gondor's Move phase: W cannot activate; X can.
    expect(describeAll(s).sort()).toEqual(["Gondor finishes moving", "X activates"]);
    choose(s, "Gondor finishes moving");
    // No shooting for W (engaged anyway), then the fight: W wins on Fight Value but cannot strike.
    choose(s, "C backs away straight back");
    expect(events(s)).toContain("Gondor wins the duel");
    expect(events(s)).not.toContain("W strikes");
    expect(model(s, "W").transfixed).toBe(false); // the End phase has passed
  });

  it("[ME-POWERS] Compel: the caster moves the target up to half its Move; it can move no further and is transfixed", () => {
    const s = evilCaster([power("Compel", 4)], [{ name: "W", x: 10, y: 20 }], [4]);
    choose(s, "C activates");
    choose(s, "C casts Compel at W with 1 Will die");
    expect(s.currentPlayer()).toBe(1);
    expect(describeAll(s)[0]).toBe("Compel: leaves W where it is");
    choose(s, /^Compel: W advances 3\.0" toward C$/);
    expect(model(s, "W").y).toBeCloseTo(17, 6);
    expect(model(s, "W").transfixed).toBe(true);
    expect(model(s, "W").compelled).toBe(true);
    choose(s, "C ends its activation");
    expect(hasOption(s, "W activates")).toBe(false);
  });

  it("[ME-POWERS] Terrifying Aura (exhaustion): the caster causes Terror until its Will runs out", () => {
    const s = position({ g: hero({ will: 1, magicalPowers: [power("Terrifying Aura", 2, 0)] }) }, { e: orc() }, [
      { side: 0, profile: "g", x: 10, y: 10, name: "G" },
      { side: 1, profile: "e", x: 10, y: 14, name: "E" },
    ], {}, [2]);
    choose(s, "G activates");
    choose(s, "G casts Terrifying Aura with 1 Will die");
    // Its last Will point went on the casting: at 0 Will the aura is exhausted at once.
    expect(events(s)).toContain("G has no Will left to sustain a Terrifying Aura.");
    const t = position({ g: hero({ will: 2, magicalPowers: [power("Terrifying Aura", 2, 0)] }) }, { e: orc() }, [
      { side: 0, profile: "g", x: 10, y: 10, name: "G" },
      { side: 1, profile: "e", x: 10, y: 14, name: "E" },
    ], {}, [2]);
    choose(t, "G activates");
    choose(t, "G casts Terrifying Aura with 1 Will die");
    expect(model(t, "G").aura).toBe(true);
    choose(t, "G ends its activation");
    choose(t, "E activates");
    expect(hasOption(t, "E takes a Courage test to charge a Terror-causing enemy")).toBe(true);
    expect(hasOption(t, "E charges G")).toBe(false);
  });
});

describe("the Staff of Power", () => {
  it("[ME-STAFF] a hand-and-a-half weapon, and one Will point each turn spent without reducing the store", () => {
    const s = position({ g: hero({ will: 2, might: 0, wargear: ["staff of power"], magicalPowers: [power("Transfix", 3)] }) }, { h: evilHero({ will: 3, might: 0, fate: 0, magicalPowers: [power("Transfix", 3)] }) }, [
      { side: 0, profile: "g", x: 10, y: 10, name: "G" },
      { side: 1, profile: "h", x: 10, y: 16, name: "H" },
    ], {}, [1, 5, 1]);
    choose(s, "G activates");
    choose(s, "G casts Transfix at H with 1 Will die");
    expect(model(s, "G").will).toBe(2); // the free point
    choose(s, "G ends its activation");
    choose(s, "H activates");
    choose(s, "H casts Transfix at G with 1 Will die");
    choose(s, "G spends 1 Will to resist");
    expect(model(s, "G").will).toBe(1); // the free point of this turn is gone
    expect(left(s)).toEqual([]);
    const f = position({ g: hero({ wargear: ["staff of power"], might: 0, fight: 4 }) }, { b: orc() }, [
      { side: 0, profile: "g", x: 10, y: 10, name: "G" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, []);
    expect(describeAll(f)).toEqual(["G fights with its weapon one-handed", "G fights with its weapon two-handed"]);
  });
});

describe("Will (ME-WILL: no cap on the dice; ME-RULES Will of Evil: only casting keeps the last point)", () => {
  it("[ME-WILL] a caster may spend any number of its Will points as dice: 5 Will, 1 to 5 dice (no cap of 3)", () => {
    const s = evilCaster([power("Transfix", 6)], [{ name: "W", x: 10, y: 16 }], [1, 2, 3, 4, 5], { will: 5 });
    choose(s, "C activates");
    expect(describeAll(s).filter((d) => d.startsWith("C casts"))).toEqual([1, 2, 3, 4, 5].map((n) => `C casts Transfix at W with ${n} Will ${n === 1 ? "die" : "dice"}`));
    choose(s, "with 5 Will dice");
    expect(model(s, "C").will).toBe(0);
    expect(events(s)).toContain("C casts Transfix at W: 1, 2, 3, 4, 5 (needs 6+; 0 Will left).");
  });

  it("[ME-RESIST] a target may resist with all of its Will: 4 Will, 0 to 4 dice", () => {
    const s = evilCaster([power("Transfix", 3)], [{ name: "H", x: 10, y: 16, profile: hero({ will: 4, might: 0, fate: 0 }) }], [5, 1, 2, 3, 4]);
    choose(s, "C activates");
    choose(s, "C casts Transfix at H with 1 Will die");
    expect(describeAll(s)).toEqual(["H does not spend Will to resist", ...[1, 2, 3, 4].map((n) => `H spends ${n} Will to resist`)]);
    choose(s, "H spends 4 Will to resist");
    expect(events(s)).toContain("H resists with 4 Will: 1, 2, 3, 4 against 5 — fails.");
    expect(model(s, "H").will).toBe(0);
  });

  /** Good caster G (Transfix, casting value 3) 6" from an Evil Will of Evil Hero with 1 Will left. */
  const wraithTargeted = (dice: number[]) =>
    position({ g: hero({ will: 3, might: 0, fate: 0, magicalPowers: [power("Transfix", 3)] }) }, { w: evilHero({ will: 1, might: 0, fate: 0, specialRules: ["Will of Evil"] }) }, [
      { side: 0, profile: "g", x: 10, y: 10, name: "G" },
      { side: 1, profile: "w", x: 10, y: 16, name: "Wraith" },
    ], { priority: 0 }, dice);

  it("[ME-RULES] [ME-RESIST] Will of Evil may spend its last point on a Resist test (only casting is barred), and is banished at once", () => {
    const s = wraithTargeted([4]);
    choose(s, "G activates");
    choose(s, "G casts Transfix at Wraith with 1 Will die");
    expect(describeAll(s)).toEqual(["Wraith does not spend Will to resist", "Wraith spends 1 Will to resist"]);
    // The scripted player does not throw its last point away.
    expect(s.actionToString(mesbgPolicy.act(s, 1, new Rng(1)))).toBe("Wraith does not spend Will to resist");
    choose(s, "Wraith spends 1 Will to resist");
    // Spent before any die is rolled: its store is 0, so it is banished; no resist die is rolled.
    expect(events(s)).toContain("Wraith has no Will left and is banished (Will of Evil).");
    expect(model(s, "Wraith").alive).toBe(false);
    expect(left(s)).toEqual([]);
    expect(s.returns()).toEqual([1, -1]);
  });
});

describe("Will", () => {
  it("[ME-WILL] casting spends one Will point per die, chosen before rolling", () => {
    const s = evilCaster([power("Transfix", 6)], [{ name: "W", x: 10, y: 16 }], [1, 2, 3]);
    choose(s, "C activates");
    expect(describeAll(s).filter((d) => d.startsWith("C casts")).sort()).toEqual([
      "C casts Transfix at W with 1 Will die",
      "C casts Transfix at W with 2 Will dice",
      "C casts Transfix at W with 3 Will dice",
    ]);
    choose(s, "with 3 Will dice");
    expect(model(s, "C").will).toBe(0);
    expect(events(s)).toContain("The power fails.");
  });
});
