/**
 * The campaign's scripted policy on hand-made positions: it expands, goes for special sections, fortifies
 * threatened Banners, attacks weaker neighbours, recovers Razed land, and answers the other decisions.
 */
import { describe, expect, it } from "vitest";
import { decodeOrder, describeOrder, enteredAction, policyAction } from "../../src/campaign/index.js";
import { campaignAt, give, LINE, mapOf } from "./fixtures.js";

const say = (f: ReturnType<typeof campaignAt>, p: 0 | 1 = 0) => describeOrder(f.config, decodeOrder(policyAction(f.s, p)));

describe("the campaign policy", () => {
  // b touches a (its own), c (plains), s (a special section); the enemy is far away at z.
  const map = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c", "s"] }, c: { adj: ["d"] }, s: { adj: ["d"], special: { kind: "section", scenario: "the-vice" } }, d: { adj: ["e"] }, e: { adj: ["z"] }, z: { edge: true } });

  it("[CAMP-INFLUENCE] expands into the most valuable free neighbour: a special section (5) before plains (1)", () => {
    const f = campaignAt({ map, hq: ["a", "z"], owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "z", name: "B1" }] });
    expect(say(f)).toBe("Move to s");
  });

  it("[CAMP-INFLUENCE] with nothing to take next to it, marches toward the best territory for its distance", () => {
    // A1 in a, b and c its own: the special s is 2 hops away via b.
    const f = campaignAt({ map, hq: ["a", "z"], owner: { b: 0, c: 0 }, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 1, at: "z", name: "B1" }] });
    expect(say(f)).toBe("Move to b");
  });

  it("[CAMP-FORTIFY] fortifies a Banner threatened by a stronger neighbour, holds once Fortified", () => {
    // B1 in c is supported by B2 in d: attacking it would be 2,250 against 2,450.
    const f = campaignAt({ map: LINE, owner: { a: 0, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }, { owner: 1, at: "d", name: "B2" }] });
    expect(say(f)).toBe("Fortify");
    f.s.data.fortified[f.t("b")] = true;
    f.s.data.fortifiedTurn[f.t("b")] = 0;
    expect(say(f)).toBe("Hold");
  });

  it("[CAMP-BATTLE] attacks an adjacent enemy Banner it outnumbers in points", () => {
    // A2 in x is next to c: A1 attacks B1 with 2,450 against 2,250.
    const star = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"] }, x: { adj: ["c"] }, c: { adj: ["d"] }, d: { adj: ["e"] }, e: { edge: true } });
    const f = campaignAt({ map: star, hq: ["a", "e"], owner: { a: 0, x: 0, d: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 0, at: "x", name: "A2" }, { owner: 1, at: "c", name: "B1" }] });
    expect(say(f)).toBe("Move to c");
  });

  it("[CAMP-RAZE] recovers its Razed territory when no enemy is next to it", () => {
    const f = campaignAt({ map: LINE, razed: ["b"], owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    expect(say(f)).toBe("Recover");
  });

  it("[CAMP-RAZE] occupying an enemy territory with no enemy Banner next to it, it Holds to take it (rather than march on to d)", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0, b: 0, c: 1, d: 1 }, banners: [{ owner: 0, at: "c", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    expect(say(f)).toBe("Hold");
    // Razed already: it Recovers (and takes c whole at the end of the turn).
    f.s.data.razed[f.t("c")] = true;
    expect(say(f)).toBe("Recover");
  });

  it("[CAMP-RAZE] razes when it pays: occupying c with B1 next to it (2,250 against its 2,250, too strong to attack with B2 behind), it may not keep c", () => {
    // B1 in d, supported there by B2 in e: attacking d would be 2,250 against 2,450; B1 attacking c, 2,250 against 2,250.
    const f = campaignAt({ map: LINE, owner: { a: 0, b: 0, c: 1 }, banners: [{ owner: 0, at: "c", name: "A1" }, { owner: 1, at: "d", name: "B1" }, { owner: 1, at: "e", name: "B2" }] });
    expect(say(f)).toBe("Raze and Hold");
    // With A2 in b supporting c (2,450 against B1's 2,250) it expects to keep c: Hold.
    const g = campaignAt({ map: LINE, owner: { a: 0, c: 1 }, banners: [{ owner: 0, at: "c", name: "A1" }, { owner: 0, at: "b", name: "A2" }, { owner: 1, at: "d", name: "B1" }, { owner: 1, at: "e", name: "B2" }] });
    expect(say(g)).toBe("Hold");
  });

  it("[CAMP-RAZE] Recover matters: a Banner with nothing else to take goes back to its realm's Razed territory", () => {
    // A1 in b; a (Razed) and c are its own, d the enemy's (2 hops): a is worth 1 - 1 + 0.5 for the Banner it supports.
    const f = campaignAt({ map: LINE, razed: ["a"], owner: { a: 0, c: 0, d: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    expect(say(f)).toBe("Move to a");
    f.s.data.razed[f.t("a")] = false;
    expect(say(f)).toBe("Move to c");
  });

  it("[CAMP-RETREAT] retreats where fewer enemy Banners stand next to it", () => {
    const m = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"] }, c: { adj: ["d", "x"] }, d: { adj: ["e", "y"] }, x: {}, e: { edge: true }, y: {} });
    const f = campaignAt({ map: m, hq: ["a", "e"], owner: { a: 0, d: 1, x: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 0, at: "y", name: "A2" }, { owner: 1, at: "c", name: "B1" }] });
    f.s.data.owner[f.t("y")] = 0;
    give(f, { A1: { move: "c" } });
    f.s.apply(enteredAction(0, "minor-victory"));
    // B1 can fall back to d (next to A2 in y) or x (no enemy next to it).
    expect(f.s.legalActions(1)).toEqual([f.t("d"), f.t("x")]);
    expect(policyAction(f.s, 1)).toBe(f.t("x"));
  });

  it("[CAMP-BANNERS] raises a new Banner nearest the frontier and loses a scattered one first", () => {
    // a, b, c are player 0's with A1 in c: a new Banner in b (2 hops from d) rather than a (3 hops).
    const f = campaignAt({ map: LINE, owner: { a: 0, b: 0 }, banners: [{ owner: 0, at: "c", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    give(f, {});
    expect(f.s.data.step).toEqual({ kind: "raise", player: 0 });
    expect(policyAction(f.s, 0)).toBe(f.t("b"));

    // A1 is massacred attacking c: player 0 keeps a and b (1 Banner) and loses the scattered A1, not A2.
    const g = campaignAt({ map: LINE, owner: { d: 1, e: 1 }, banners: [{ owner: 0, at: "a", name: "A2" }, { owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    g.s.data.owner[g.t("a")] = 0;
    give(g, { A1: { move: "c" } });
    g.s.apply(enteredAction(1, "major-victory", true)); // player 1's major victory, a Massacre
    expect(g.s.data.step).toEqual({ kind: "disband", player: 0 });
    expect(policyAction(g.s, 0)).toBe(g.banner("A1").id);
  });
});
