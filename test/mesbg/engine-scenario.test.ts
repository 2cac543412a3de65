/**
 * Profiles and forces (ME-PROFILE), and the scenario The Forces Clash (ME-FORCES-CLASH): the roll for the
 * board half, deployment rules for every formation of every bundled pairing, initial priority, victory by
 * wiping out the enemy, and the documented turn cap.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { CHANCE, TERMINAL } from "../../src/planner/game.js";
import { deploymentProblems, FORMATIONS, mesbgGame, newGame, parseForce } from "../../src/mesbg/index.js";
import { hasKeywords, profileInfo } from "../../src/mesbg/profiles.js";
import { choose, describeAll, events, gapBetween, model, orc, position, TOUCH, warrior } from "../support/mesbg.js";

const raw = (f: string) => JSON.parse(readFileSync(`data/mesbg/${f}.json`, "utf8"));
const FORCES = ["minas-tirith", "mordor", "rohan", "isengard"];

describe("profiles and forces", () => {
  it("[ME-PROFILE] the bundled forces load: profiles carry Mv/FV/SV/S/D/A/W/C/I, hero stores, keywords and wargear", () => {
    const forces = FORCES.map((f) => parseForce(raw(f), f));
    expect(forces.map((f) => f.alignment)).toEqual(["good", "evil", "good", "evil"]);
    const spear = forces[0]!.profiles["warrior-spear"]!;
    expect([spear.move, spear.fight, spear.shoot, spear.strength, spear.attacks, spear.wounds, spear.courage, spear.intelligence]).toEqual([6, 3, 4, 3, 1, 1, 7, 7]);
    // ME-ARMOUR on the profile: Defence 4 + armour + shield.
    expect(profileInfo("x", spear).defence).toBe(6);
    const gandalf = forces[0]!.profiles.gandalf!;
    expect([gandalf.might, gandalf.will, gandalf.fate]).toEqual([3, 6, 3]);
    expect(gandalf.magicalPowers.map((p) => p.name)).toEqual(["Sorcerous Blast", "Terrifying Aura", "Transfix"]);
  });

  it("[ME-PROFILE] a rule naming several keywords applies only to models with all of them", () => {
    const knight = parseForce(raw("minas-tirith"), "mt").profiles.knight!;
    expect(hasKeywords(knight, ["Minas Tirith", "Cavalry"])).toBe(true);
    expect(hasKeywords(knight, ["Minas Tirith", "Infantry"])).toBe(false);
    expect(hasKeywords(knight, ["Man"])).toBe(true);
  });

  it("[ME-PROFILE] a bad profile is refused with the field named (only Heroes have Might, Will and Fate)", () => {
    const f = raw("mordor");
    f.profiles["orc-shield"].might = 1;
    expect(() => parseForce(f, "mordor.json")).toThrow(InputError);
    expect(() => parseForce(f, "mordor.json")).toThrow(/mordor\.json: profiles\.orc-shield\.might: only Hero models have Might, Will and Fate/);
    const g = raw("mordor");
    g.models.push({ profile: "nazgul", count: 1 });
    expect(() => parseForce(g, "m")).toThrow(/models\[8\]\.profile: no profile "nazgul"/);
    const h = raw("mordor");
    h.models = [{ profile: "orc-shield", count: 3 }];
    expect(() => parseForce(h, "m")).toThrow(/a force needs at least one Hero/);
    expect(() => newGame(parseForce(raw("mordor"), "a"), parseForce(raw("isengard"), "b"), 1)).toThrow(/one Good and one Evil/);
  });
});

describe("The Forces Clash", () => {
  it("[ME-FORCES-CLASH] the higher D6 picks a board half and deploys first; ties are rolled again", () => {
    const s = mesbgGame.newInitialState({ a: raw("minas-tirith"), b: raw("mordor"), record: true }, 5);
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toHaveLength(36);
    choose(s, "Roll for the board half: Minas Tirith rolls 3, Mordor rolls 3");
    expect(s.currentPlayer()).toBe(CHANCE);
    choose(s, "Roll for the board half: Minas Tirith rolls 1, Mordor rolls 6");
    expect(s.currentPlayer()).toBe(1);
    expect(describeAll(s)).toEqual(["Mordor takes the south half", "Mordor takes the north half"]);
    choose(s, "Mordor takes the north half");
    expect(s.data.side0South).toBe(true);
    expect(s.currentPlayer()).toBe(1); // Mordor deploys first
    expect(describeAll(s)).toEqual(FORMATIONS.map((f) => `Mordor deploys in a ${f}`));
  });

  for (const [a, b] of [["minas-tirith", "mordor"], ["rohan", "isengard"], ["isengard", "minas-tirith"]] as const) {
    it(`[ME-FORCES-CLASH] every formation deploys legally (${a} against ${b}): own half, Warriors within 6" of a Hero, the second side over 12" away`, () => {
      for (let first = 0; first < FORMATIONS.length; first++) {
        for (let second = 0; second < FORMATIONS.length; second++) {
          const s = mesbgGame.newInitialState({ a: raw(a), b: raw(b) }, 11);
          choose(s, new RegExp(`rolls 5, .* rolls 2$`));
          s.apply(s.legalActions()[0]!);
          s.apply(s.legalActions()[first]!);
          s.apply(s.legalActions()[second]!);
          expect(deploymentProblems(s.st, 0, false)).toEqual([]);
          expect(deploymentProblems(s.st, 1, true)).toEqual([]);
          expect(s.currentPlayer()).toBe(CHANCE); // the roll for first priority
        }
      }
    });
  }

  /** Deploys `a` (side 0) and Mordor with the given formations; `aFirst`: side 0 won the roll and deploys first. */
  function deployed(a: unknown, aFirst: boolean, first: number, second: number) {
    const s = mesbgGame.newInitialState({ a, b: raw("mordor"), record: true }, 11);
    choose(s, aFirst ? /rolls 5, .* rolls 2$/ : /rolls 2, .* rolls 5$/);
    s.apply(s.legalActions()[0]!);
    s.apply(s.legalActions()[first]!);
    s.apply(s.legalActions()[second]!);
    return s;
  }
  const captainAnd = (profile: string, count: number, over: Record<string, unknown> = {}) => {
    const f = raw("minas-tirith");
    f.profiles[profile] = { ...(f.profiles[profile] ?? f.profiles["warrior-shield"]), ...over };
    f.models = [{ profile: "captain", count: 1 }, { profile, count }];
    return f;
  };

  // Before: a Captain and 45 Warriors had 3 (battle line) to 15 (deep block) Warriors outside 6" of him, and a
  // Captain and 45 Spearmen 32 in a deep block.
  for (const [label, force] of [
    ["45 Warriors", captainAnd("warrior-shield", 45)],
    ["45 Spearmen", captainAnd("warrior-spear", 45)],
    ["45 Archers", captainAnd("warrior-bow", 45)],
    ["59 Knights (40mm)", captainAnd("knight", 59)],
    ["30 60mm Warriors", captainAnd("big", 30, { base: 60, name: "Big" })],
  ] as const) {
    it(`[ME-FORCES-CLASH] a Captain and ${label}: every Warrior within 6" of the Captain in every formation, deploying first or second`, () => {
      for (const aFirst of [true, false])
        for (let first = 0; first < FORMATIONS.length; first++)
          for (let second = 0; second < FORMATIONS.length; second++) {
            const s = deployed(force, aFirst, first, second);
            const captain = s.data.models.find((m) => m.name === "Captain of Minas Tirith")!;
            const far = s.data.models.filter((m) => m.side === 0 && m !== captain && gapBetween(s, m.name, captain.name) > 6 + 1e-9);
            expect(far.map((m) => m.name)).toEqual([]);
            expect(deploymentProblems(s.st, 0, !aFirst)).toEqual([]);
            expect(deploymentProblems(s.st, 1, aFirst)).toEqual([]);
          }
    });
  }

  it("[ME-FORCES-CLASH] a force that cannot fit within 6\" of its Heroes is refused when the game is created, naming it", () => {
    // 120mm bases (radius 2.362") must have their centres within 6 + 0.492 + 2.362 = 8.854" of the Captain's,
    // so every base lies inside a disc of radius 11.216" (area 395.2 sq in) around him. His base takes 0.76 and
    // each 120mm base 17.53: at most (395.2 - 0.76) / 17.53 = 22.5, so 23 such Warriors can never fit.
    const f = captainAnd("giant", 23, { base: 120, name: "Giant" });
    f.name = "Giants of the Hills";
    expect(() => mesbgGame.newInitialState({ a: f, b: raw("mordor") }, 1)).toThrow(InputError);
    expect(() => mesbgGame.newInitialState({ a: f, b: raw("mordor") }, 1)).toThrow(/a\.models: Giants of the Hills cannot deploy for The Forces Clash: its Warriors do not all fit within 6" of a friendly Hero/);
    // Eight of them fit around him in the back 13.95" of the half (the room every side is sure of), and deploy legally.
    f.models[1]!.count = 8;
    for (const aFirst of [true, false]) {
      const s = deployed(f, aFirst, 2, 2);
      expect(deploymentProblems(s.st, 0, !aFirst)).toEqual([]);
      expect(deploymentProblems(s.st, 1, aFirst)).toEqual([]);
    }
  });

  it("[ME-FORCES-CLASH] the first side to wipe out the other wins: +1 and -1", () => {
    const s = position({ a: warrior({ fight: 4 }) }, { b: orc() }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10 + TOUCH, y: 10, name: "B" },
    ], { phase: "fight" }, [6, 1, 6]);
    choose(s, "B backs away straight back");
    expect(model(s, "B").alive).toBe(false);
    expect(s.isTerminal()).toBe(true);
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect(s.returns()).toEqual([1, -1]);
    expect(events(s)).toContain("Gondor has wiped out Mordor and wins.");
  });

  it("[ME-FORCES-CLASH] at the turn cap the game stops and each side scores its surviving share minus the other's", () => {
    const s = position({ a: warrior({ points: 10 }) }, { b: orc({ points: 10 }) }, [
      { side: 0, profile: "a", x: 10, y: 10, name: "A" },
      { side: 1, profile: "b", x: 10, y: 40, name: "B1" },
      { side: 1, profile: "b", x: 20, y: 40, name: "B2", state: { alive: false, wounds: 0 } },
    ], { phase: "fight", turn: 3, maxTurns: 3 });
    expect(s.isTerminal()).toBe(true);
    expect(s.data.result).toEqual({ winner: 0, reason: "turn cap" });
    expect(s.returns()).toEqual([0.5, -0.5]); // 100% of Gondor left against 50% of Mordor
    expect(s.heuristic(0)).toBe(0.5);
  });
});
