/**
 * The campaign's rules (CAMP-*) on small hand-made maps with scripted dice: every number below was worked
 * out by hand from the seed (map-campaign.txt) and the decisions in CATALOG.md and src/campaign/*.
 */
import { describe, expect, it } from "vitest";
import {
  allowedBanners,
  bannerAllowance,
  campaignGame,
  campaignResult,
  decodeOrder,
  describeOrder,
  enteredAction,
  enteredOutcomes,
  battleResultAction,
  influenceNow,
  legalOrders,
  massacreByVictoryPoints,
  massacreOf,
  orderInputSchema,
  writeOrders,
} from "../../src/campaign/index.js";
import { CHANCE, SIMULTANEOUS, TERMINAL } from "../../src/planner/game.js";
import { humanAgent } from "../../src/cli/human.js";
import { Rng } from "../../src/core/rng.js";
import { campaignAt, finish, give, LINE, mapOf, ROSTER_A, ROSTER_B, turnLog } from "./fixtures.js";

const MAJOR = "major-victory" as const;
const MINOR = "minor-victory" as const;

describe("CAMP-HQ", () => {
  const map = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"], edge: true }, c: { adj: ["d"] }, d: { adj: ["e"], edge: true }, e: { edge: true } });

  it("[CAMP-HQ] lots are drawn (1/2 each), then HQs are picked in that order on the edge, at least 2 territories from the other HQ", () => {
    const s = campaignGame.newInitialState({ map, armies: [ROSTER_A, ROSTER_B], battles: "entered" }, 1);
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([{ action: 0, probability: 0.5 }, { action: 1, probability: 0.5 }]);
    s.apply(1); // player 1 draws the first pick
    expect(s.currentPlayer()).toBe(1);
    // Edge territories a, b, d, e (c is not on the edge).
    expect(s.legalActions(1)).toEqual([0, 1, 3, 4]);
    expect(s.legalActions(0)).toEqual([]);
    s.apply(3); // d
    expect(s.currentPlayer()).toBe(0);
    // a is 3 hops from d and b 2; e is adjacent (1 hop) and d is taken (0).
    expect(s.legalActions(0)).toEqual([0, 1]);
    s.apply(1); // b
    const d = s.data;
    expect(d.hq).toEqual([1, 3]);
    expect(d.owner).toEqual([null, 0, null, 1, null]);
    // One Banner each, in its HQ, with its General (the army's first: automatic names, the roster's general).
    expect(d.banners.map((b) => [b.owner, b.at, b.name, b.general.name, b.general.warscroll])).toEqual([
      [1, 3, "Yselda the Pale's Host", "Yselda the Pale", "Lord-Imperatant"],
      [0, 1, "Vorgath the Grim's Host", "Vorgath the Grim", "Liege-Kavalos"],
    ]);
    expect(d.turn).toBe(1);
    expect(s.currentPlayer()).toBe(SIMULTANEOUS);
  });
});

describe("CAMP-BANNERS", () => {
  it("[CAMP-BANNERS] 9 territories give 4 Banners, 8 give 3, 11 give 4 (the seed's example); Razed ones do not count", () => {
    expect(bannerAllowance(1, 0)).toBe(1);
    expect(bannerAllowance(2, 0)).toBe(1);
    expect(bannerAllowance(3, 0)).toBe(2);
    expect(bannerAllowance(8, 0)).toBe(3);
    expect(bannerAllowance(9, 0)).toBe(4);
    expect(bannerAllowance(11, 0)).toBe(4);
    expect(bannerAllowance(12, 0)).toBe(5);
    // 9 territories, 1 of them Razed: 8 count, 3 Banners.
    expect(bannerAllowance(9, 1)).toBe(3);
    // "As long as they have at least one territory left, they will also have one Banner."
    expect(bannerAllowance(1, 1)).toBe(1);
    expect(bannerAllowance(0, 0)).toBe(0);
  });

  it("[CAMP-BANNERS] a surplus Banner is lost at the end of the turn: 3 territories support 2 of 3 Banners, the player picks which", () => {
    const f = campaignAt({ map: LINE, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 0, at: "b", name: "A2" }, { owner: 0, at: "c", name: "A3" }, { owner: 1, at: "e", name: "B1" }] });
    give(f, {});
    expect(f.s.currentPlayer()).toBe(0);
    expect(f.s.data.step).toEqual({ kind: "disband", player: 0 });
    expect(f.s.legalActions(0)).toEqual([f.banner("A1").id, f.banner("A2").id, f.banner("A3").id]);
    f.s.apply(f.banner("A3").id);
    expect(f.s.data.banners.filter((b) => b.owner === 0).map((b) => b.name)).toEqual(["A1", "A2"]);
    expect(f.s.data.log!.some((l) => l.includes("[CAMP-BANNERS] Mortek Shieldwall cannot support A3 (2 Banners for 3 territories): it is lost"))).toBe(true);
    expect(f.s.data.turn).toBe(2);
  });

  it("[CAMP-BANNERS] a deficit raises a new Banner with its General in a free territory the player picks; a Razed territory does not count", () => {
    // a, b, c: 3 territories, 1 Banner, 2 allowed.
    const f = campaignAt({ map: LINE, owner: { b: 0, c: 0 }, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    give(f, {});
    expect(f.s.data.step).toEqual({ kind: "raise", player: 0 });
    expect(f.s.legalActions(0)).toEqual([f.t("b"), f.t("c")]);
    f.s.apply(f.t("c"));
    const raised = f.s.data.banners.find((b) => b.at === f.t("c"))!;
    // The army's second General: automatic name 2, the roster's second HERO.
    expect([raised.name, raised.general.name, raised.general.warscroll]).toEqual(["Ilsa the Unbroken's Legion", "Ilsa the Unbroken", "Mortisan Boneshaper"]);
    expect(f.s.data.turn).toBe(2);

    // The same with b Razed: 2 territories count, 1 Banner allowed, nothing to raise.
    const g = campaignAt({ map: LINE, owner: { b: 0, c: 0 }, razed: ["b"], banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    give(g, {});
    expect(g.s.data.turn).toBe(2);
    expect(g.s.data.banners).toHaveLength(2);
  });

  it("[CAMP-BANNERS] with a single free territory the new Banner is raised there without asking", () => {
    const f = campaignAt({ map: LINE, owner: { b: 0 }, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 0, at: "c", name: "A2" }, { owner: 1, at: "e", name: "B1" }] });
    // a, b, c and d once A2 takes it: 4 territories, 2 Banners allowed, 2 held: nothing to raise.
    give(f, { A2: { move: "d" } });
    expect(f.s.data.turn).toBe(2);
    expect(f.s.data.banners.filter((b) => b.owner === 0)).toHaveLength(2);
  });
});

describe("CAMP-GENERAL", () => {
  // x in the middle: y, z, v, w around it; z also touches u.
  const star = mapOf({ x: { adj: ["y", "z", "v", "w"] }, y: { edge: true }, z: { adj: ["u"] }, u: { edge: true }, v: {}, w: { edge: true } });

  it("[CAMP-GENERAL] a Banner fights with 2,250 points, +200 Fortified, +200 per adjacent Banner of its player not fighting itself", () => {
    const f = campaignAt({
      map: star,
      hq: ["y", "w"],
      fortified: ["x"],
      banners: [
        { owner: 0, at: "x", name: "A1" },
        { owner: 0, at: "y", name: "A2" },
        { owner: 0, at: "z", name: "A3" },
        { owner: 1, at: "w", name: "B1" },
        { owner: 1, at: "u", name: "B2" },
        { owner: 1, at: "v", name: "B3" },
      ],
    });
    give(f, { B1: { move: "x" }, B2: { move: "z" } });
    const [atX, atZ] = f.s.data.battles;
    expect(atX!.territory).toBe(f.t("x"));
    // A1: 2,250 + 200 (Fortified) + 200 (A2 in y); A3 in z fights its own battle and does not support.
    // B1: 2,250 + 200 (B3 in v).
    expect(atX!.points).toEqual([2650, 2450]);
    expect(atX!.fortified).toEqual([true, false]);
    expect(atX!.supporters).toEqual([[f.banner("A2").id], [f.banner("B3").id]]);
    expect(atZ!.points).toEqual([2250, 2250]);
    expect(turnLog(f)).toContain(
      "    [CAMP-BATTLE] x: A1 of Mortek Shieldwall (2,650 points: 2,250 + Fortified 200 + A2 supports 200) against B1 of Hammers of the Warrior Chamber (2,450 points: 2,250 + B3 supports 200) — a Pitched Battle",
    );
  });
});

describe("CAMP-ELIMINATION", () => {
  it("[CAMP-ELIMINATION] a realm whose last territory is taken is eliminated at the end of the turn; the campaign ends", () => {
    const f = campaignAt({ map: LINE, owner: { c: 1, d: 1, e: 1 }, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 1, at: "b", name: "B1" }] });
    give(f, { B1: { move: "a" } });
    f.s.apply(enteredAction(1, MAJOR));
    const d = f.s.data;
    expect(d.eliminated).toEqual([true, false]);
    expect(d.banners.map((b) => b.name)).toEqual(["B1"]);
    expect(d.owner.filter((o) => o === 0)).toHaveLength(0);
    expect(f.s.currentPlayer()).toBe(TERMINAL);
    expect(f.s.returns()).toEqual([-1, 1]);
    expect(campaignResult(f.config, d).reason).toBe("[CAMP-ELIMINATION] Mortek Shieldwall was eliminated");
  });

  it("[CAMP-ELIMINATION] a scattered Banner's realm that still holds a territory stays in the campaign", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0, d: 1, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(f, { B1: { move: "b" } });
    f.s.apply(enteredAction(1, MAJOR, true));
    // Player 1 now holds b, c, d, e: a second Banner to raise.
    expect(f.s.data.step).toEqual({ kind: "raise", player: 1 });
    finish(f);
    expect(f.s.data.eliminated).toEqual([false, false]);
    expect(f.s.data.turn).toBe(2);
    // Back at its HQ (a) at the start of the next turn.
    expect(f.banner("A1").at).toBe(f.t("a"));
  });
});

describe("CAMP-PHASES", () => {
  it("[CAMP-PHASES] write orders (simultaneous), execute, fight battles, retreat/scatter, end of turn — in that order", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "d", name: "B1" }] });
    const seen = [f.s.currentPlayer()];
    give(f, { A1: { move: "c" }, B1: { move: "c" } });
    seen.push(f.s.currentPlayer());
    f.s.apply(enteredAction(0, MINOR));
    // B1 falls back to d (its only free territory next to c); A1 holds c. End of turn: a, b, c are
    // player 0's (2 Banners allowed, 1 held): they pick where to raise the second.
    seen.push(f.s.currentPlayer());
    expect(f.s.data.step).toEqual({ kind: "raise", player: 0 });
    f.s.apply(f.t("a"));
    seen.push(f.s.currentPlayer());
    expect(seen).toEqual([SIMULTANEOUS, CHANCE, 0, SIMULTANEOUS]);
    const log = f.s.data.log!;
    const at = (s: string) => log.findIndex((l) => l.includes(s));
    const order = ["Orders [CAMP-ORDERS]", "Execute orders", "Fight battles", "[CAMP-RETREAT] B1 retreats from c to d", "End of turn", "Turn 2"].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });
});

describe("CAMP-ORDERS", () => {
  it("[CAMP-ORDERS] a Banner in its own territory may Hold, Fortify or Move to each neighbour; occupying the enemy's, Raze and Hold or Raze and Move too", () => {
    const f = campaignAt({ map: LINE, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    const texts = (legal: number[]) => legal.map((a) => describeOrder(f.config, decodeOrder(a)));
    // Codes: kind + 8·(to+1): hold 0, fortify 1, raze 3, move a 12, raze and move a 13, move c 28, raze and move c 29.
    expect(f.s.legalActions(0)).toEqual([0, 1, 12, 28]);
    expect(texts(f.s.legalActions(0))).toEqual(["Hold", "Fortify", "Move to a", "Move to c"]);
    // Razed: Recover instead of Fortify.
    f.s.data.razed[f.t("b")] = true;
    expect(texts(f.s.legalActions(0))).toEqual(["Hold", "Recover", "Move to a", "Move to c"]);
    // Fortified already (not Razed): no second Fortify.
    f.s.data.razed[f.t("b")] = false;
    f.s.data.fortified[f.t("b")] = true;
    f.s.data.fortifiedTurn[f.t("b")] = 0;
    expect(texts(f.s.legalActions(0))).toEqual(["Hold", "Move to a", "Move to c"]);
    // CAMP-RAZE: in neutral land no Raze either; in the enemy's (occupied) land Raze and Hold, Raze and Move, no Fortify.
    f.s.data.fortified[f.t("b")] = false;
    f.s.data.owner[f.t("b")] = null;
    expect(texts(f.s.legalActions(0))).toEqual(["Hold", "Move to a", "Move to c"]);
    f.s.data.owner[f.t("b")] = 1;
    expect(f.s.legalActions(0)).toEqual([0, 3, 12, 13, 28, 29]);
    expect(texts(f.s.legalActions(0))).toEqual(["Hold", "Raze and Hold", "Move to a", "Raze and Move to a", "Move to c", "Raze and Move to c"]);
    // Occupied and Razed already: Recover, no second Raze.
    f.s.data.razed[f.t("b")] = true;
    expect(texts(f.s.legalActions(0))).toEqual(["Hold", "Recover", "Move to a", "Move to c"]);
    // "Raze" as a typed order is Raze and Hold.
    expect(orderInputSchema.parse({ banner: "A1", order: "raze" }).order).toBe("raze-and-hold");
  });

  it("[CAMP-ORDERS] Raze and Move: the territory is Razed, then a D6 of 3+ lets the Banner move (1-2: Hold)", () => {
    // A1 occupies b, player 1's (c is neutral).
    const at = (dice: number[]) => campaignAt({ map: LINE, owner: { a: 0, b: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }], dice });
    const stay = at([2]);
    give(stay, { A1: { razeMove: "c" } });
    expect(stay.banner("A1").at).toBe(stay.t("b"));
    expect(stay.s.data.razed[stay.t("b")]).toBe(true);
    expect(stay.s.data.log).toContain("    [CAMP-RAZE] A1 rolls 2 after razing: it cannot move this turn (Hold)");
    // It razed b this turn: b stays player 1's.
    expect(stay.s.data.owner[stay.t("b")]).toBe(1);
    const go = at([3]);
    give(go, { A1: { razeMove: "c" } });
    expect(go.banner("A1").at).toBe(go.t("c"));
    expect(go.s.data.razed[go.t("b")]).toBe(true);
    expect(go.s.data.owner[go.t("b")]).toBe(1);
    expect(go.s.data.owner[go.t("c")]).toBe(0);
  });
});

describe("CAMP-ORDERS as typed", () => {
  const at = () => campaignAt({ map: LINE, owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 0, at: "c", name: "A2" }, { owner: 1, at: "e", name: "B1" }] });

  it("[CAMP-ORDERS] typed orders are applied for every Banner (unlisted ones Hold); an illegal one is refused before any is applied", () => {
    const f = at();
    writeOrders(f.s, [{ orders: [{ banner: "A2", order: "move", to: "d" }, { banner: "a1", order: "fortify" }] }, { orders: [] }]);
    expect(f.s.data.turn).toBe(2);
    expect([f.banner("A1").at, f.banner("A2").at, f.banner("B1").at]).toEqual([f.t("b"), f.t("d"), f.t("e")]);
    expect(f.s.data.fortified[f.t("b")]).toBe(true);

    const g = at();
    const before = JSON.stringify(g.s.toJSON());
    // A1 leaves c free for A2, but c is not Razed: nothing to Recover.
    expect(() => writeOrders(g.s, [{ orders: [{ banner: "A1", order: "move", to: "c" }, { banner: "A2", order: "recover" }] }, { orders: [] }])).toThrow(
      "orders[0].orders[1]: A2 cannot recover from c (CAMP-ORDERS); it can: Hold, Fortify, Move to b, Move to d",
    );
    // CAMP-RAZE: A1 stands in its own b — razing it would only hurt its own realm.
    expect(() => writeOrders(g.s, [{ orders: [{ banner: "A1", order: "raze" }] }, { orders: [] }])).toThrow("orders[0].orders[0]: A1 cannot raze and hold from b (CAMP-ORDERS); it can: Hold, Fortify, Move to a");
    expect(() => writeOrders(g.s, [{ orders: [{ banner: "A1", order: "move", to: "atlantis" }] }, { orders: [] }])).toThrow('orders[0].orders[0].to: "atlantis" is not a territory of Test map');
    expect(() => writeOrders(g.s, [{ orders: [{ banner: "B1", order: "hold" }] }, { orders: [] }])).toThrow('orders[0].orders[0].banner: Mortek Shieldwall has no Banner "B1" on the map');
    expect(() => writeOrders(g.s, [{ orders: [{ banner: "A1", order: "move" }] }, { orders: [] }])).toThrow("orders[0]: orders[0].to: move and raze-and-move need `to`; other orders take none");
    expect(JSON.stringify(g.s.toJSON())).toBe(before);
  });
});

describe("CAMP-MOVE", () => {
  // b in the middle; around it forest, pass, marsh, mountain, jungle.
  const around = mapOf({
    b: { adj: ["f", "p", "m", "n", "j"], edge: true },
    f: { terrain: "forest" },
    p: { terrain: "pass", adj: ["z"] },
    m: { terrain: "marsh" },
    n: { terrain: "mountain" },
    j: { terrain: "jungle" },
    z: { edge: true },
  });
  const at = (dice: number[]) => campaignAt({ map: around, hq: ["b", "z"], fortified: ["b"], banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "z", name: "B1" }], dice });

  it("[CAMP-MOVE] Forest, Passes and Plains need no roll (the scripted dice would run out if one were rolled)", () => {
    for (const to of ["f", "p"]) {
      const f = at([]);
      give(f, { A1: { move: to } });
      expect(f.banner("A1").at).toBe(f.t(to));
      // CAMP-FORTIFY: moving out loses the fortification.
      expect(f.s.data.fortified[f.t("b")]).toBe(false);
    }
  });

  it("[CAMP-MOVE] Marshes, Mountains and Jungles: a D6 of 1-2 counts as Hold orders, 3-6 moves", () => {
    const cases: [string, number, string][] = [
      ["m", 2, "b"],
      ["m", 3, "m"],
      ["n", 1, "b"],
      ["n", 6, "n"],
      ["j", 2, "b"],
      ["j", 4, "j"],
    ];
    for (const [to, die, end] of cases) {
      const f = at([die]);
      give(f, { A1: { move: to } });
      expect(f.banner("A1").at, `${to} on a ${die}`).toBe(f.t(end));
      // A failed move is a Hold: the fortification stays.
      expect(f.s.data.fortified[f.t("b")]).toBe(end === "b");
    }
    const f = at([2]);
    give(f, { A1: { move: "m" } });
    expect(f.s.data.log).toContain("    [CAMP-MOVE] A1: m is marsh (Difficult Terrain); rolls 2: fails and holds");
  });
});

describe("CAMP-RIVER", () => {
  // w | r1 - r2 (the bridge) - r3 | s: a river of three sections; e on the bank at the bridge.
  const river = mapOf(
    { w: { adj: ["r1"], edge: true }, r1: { terrain: "river", adj: ["r2"] }, r2: { terrain: "river", bridge: true, adj: ["r3", "e"] }, r3: { terrain: "river", adj: ["s"] }, s: { edge: true }, e: { edge: true } },
    [{ name: "Styx", sections: ["r1", "r2", "r3"] }],
  );
  const at = (where: string, dice: number[]) => campaignAt({ map: river, hq: ["w", "s"], banners: [{ owner: 0, at: where, name: "A1" }, { owner: 1, at: "s", name: "B1" }], dice });

  it("[CAMP-RIVER] crossing into a river section is Difficult Terrain (D6 1-2: Hold) unless it has a bridge", () => {
    const fail = at("w", [2]);
    give(fail, { A1: { move: "r1" } });
    expect(fail.banner("A1").at).toBe(fail.t("w"));
    expect(fail.s.data.log).toContain("    [CAMP-RIVER] A1: crossing the river at r1; rolls 2: fails and holds");
    const pass = at("w", [4]);
    give(pass, { A1: { move: "r1" } });
    expect(pass.banner("A1").at).toBe(pass.t("r1"));
    // The bridge: no roll.
    const bridge = at("e", []);
    give(bridge, { A1: { move: "r2" } });
    expect(bridge.banner("A1").at).toBe(bridge.t("r2"));
  });

  it("[CAMP-RIVER] one step along the river is a normal move; leaving the river is judged by the land", () => {
    const along = at("r1", []);
    give(along, { A1: { move: "r2" } });
    expect(along.banner("A1").at).toBe(along.t("r2"));
    const out = at("r3", []);
    out.s.data.owner[out.t("s")] = 1;
    give(out, { A1: { move: "s" } });
    // Into s, where B1 holds: a battle, no terrain roll.
    expect(out.s.data.battles.map((b) => b.territory)).toEqual([out.t("s")]);
  });

  it("[CAMP-RIVER] a Forced March along the river: D6 4-6 two moves, 2-3 one, 1 Hold", () => {
    const f = at("r1", []);
    const forced = f.s.legalActions(0).map(decodeOrder).filter((o) => o.then !== null);
    expect(forced).toEqual([{ kind: "move", to: f.t("r2"), then: f.t("r3") }]);
    // Not from the bank: a Forced March goes along the river only.
    expect(at("e", []).s.legalActions(0).map(decodeOrder).filter((o) => o.then !== null)).toEqual([]);
    for (const [die, end] of [[4, "r3"], [6, "r3"], [3, "r2"], [2, "r2"], [1, "r1"]] as const) {
      const g = at("r1", [die]);
      give(g, { A1: { move: "r2", then: "r3" } });
      expect(g.banner("A1").at, `a ${die}`).toBe(g.t(end));
    }
    const g = at("r1", [1]);
    give(g, { A1: { move: "r2", then: "r3" } });
    expect(g.s.data.log).toContain("    [CAMP-RIVER] A1 force-marches along the river: rolls 1: the troops refuse (Hold)");
  });

  it("[CAMP-RIVER] a Forced March whose second step is blocked by a Banner of its realm stops after the first step", () => {
    // A1 (ordered first) force-marches r1 → r2 → r3 and rolls 5, two moves; A2 holds in r3: A1 stops in r2.
    const f = campaignAt({ map: river, hq: ["w", "s"], banners: [{ owner: 0, at: "r1", name: "A1" }, { owner: 0, at: "r3", name: "A2" }, { owner: 1, at: "s", name: "B1" }], dice: [5] });
    expect(legalOrders(f.config, f.s.data, f.banner("A1")).some((o) => o.then === f.t("r3"))).toBe(true);
    give(f, { A1: { move: "r2", then: "r3" } });
    expect([f.banner("A1").at, f.banner("A2").at]).toEqual([f.t("r2"), f.t("r3")]);
    expect(f.s.data.log).toContain("    [CAMP-ONE-BANNER] A1 cannot join another Banner of its realm in r3: its Forced March stops after the first step, in r2");
    expect(f.s.data.log).toContain("    [CAMP-MOVE] A1 moves from r1 to r2");
    // With the first step taken too (A3, ordered after A1, holds in r2), A1 falls back to where it started.
    const g = campaignAt({ map: river, hq: ["w", "s"], banners: [{ owner: 0, at: "r1", name: "A1" }, { owner: 0, at: "r3", name: "A2" }, { owner: 0, at: "r2", name: "A3" }, { owner: 1, at: "s", name: "B1" }], dice: [5] });
    give(g, { A1: { move: "r2", then: "r3" } });
    expect([g.banner("A1").at, g.banner("A2").at, g.banner("A3").at]).toEqual([g.t("r1"), g.t("r3"), g.t("r2")]);
    expect(g.s.data.log).toContain("    [CAMP-ONE-BANNER] A1 cannot join another Banner of its realm in r3: its Forced March stops after the first step, in r2");
    expect(g.s.data.log).toContain("    [CAMP-ONE-BANNER] A1 cannot join another Banner of its realm in r2: it holds in r1");
  });
});

describe("CAMP-SIMULTANEOUS", () => {
  const pair = (x: "plains" | "marsh", y: "plains" | "marsh") => mapOf({ x: { terrain: x, adj: ["y"] }, y: { terrain: y }, q: { adj: ["x"], edge: true }, r: { adj: ["y"], edge: true } });
  const swap = (x: "plains" | "marsh", y: "plains" | "marsh", dice: number[]) => {
    const f = campaignAt({ map: pair(x, y), hq: ["x", "y"], banners: [{ owner: 0, at: "x", name: "A1" }, { owner: 1, at: "y", name: "B1" }], dice });
    give(f, { A1: { move: "y" }, B1: { move: "x" } });
    return f;
  };

  it("[CAMP-SIMULTANEOUS] Banners that would swap places roll off; the winner moves in and the loser stays to fight", () => {
    const f = swap("plains", "plains", [5, 2]);
    expect(f.banner("A1").at).toBe(f.t("y"));
    expect(f.banner("B1").at).toBe(f.t("y"));
    expect(f.s.data.battles.map((b) => [b.territory, b.controller])).toEqual([[f.t("y"), 1]]);
    expect(f.s.data.log).toContain("    [CAMP-SIMULTANEOUS] A1 and B1 would pass in the night: roll-off 5 to 2, A1 moves first");
    // A tie is rolled again: 3-3, then 1-4: B1 moves into x.
    const g = swap("plains", "plains", [3, 3, 1, 4]);
    expect(g.banner("B1").at).toBe(g.t("x"));
    expect(g.s.data.battles.map((b) => b.territory)).toEqual([g.t("x")]);
  });

  it("[CAMP-SIMULTANEOUS] if the winner fails its Difficult Terrain test the loser moves into the winner's territory instead", () => {
    // A1 wins 5-2 but fails its test into the marsh y (a 1); B1 moves into the plains x with no test.
    const f = swap("plains", "marsh", [5, 2, 1]);
    expect(f.banner("A1").at).toBe(f.t("x"));
    expect(f.banner("B1").at).toBe(f.t("x"));
    expect(f.s.data.battles.map((b) => [b.territory, b.controller])).toEqual([[f.t("x"), 0]]);
  });

  it("[CAMP-SIMULTANEOUS] if both fail their tests no Banner moves and no battle is fought", () => {
    // B1 wins 6-2, fails into the marsh x (2); A1 then fails into the marsh y (1).
    const f = swap("marsh", "marsh", [2, 6, 2, 1]);
    expect(f.banner("A1").at).toBe(f.t("x"));
    expect(f.banner("B1").at).toBe(f.t("y"));
    expect(f.s.data.battles).toEqual([]);
    expect(f.s.data.turn).toBe(2);
  });

  it("[CAMP-SIMULTANEOUS] two Banners marching into the same empty territory fight there; it was nobody's", () => {
    const f = campaignAt({ map: LINE, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "d", name: "B1" }] });
    give(f, { A1: { move: "c" }, B1: { move: "c" } });
    expect(f.s.data.battles.map((b) => [b.territory, b.controller])).toEqual([[f.t("c"), null]]);
  });
});

describe("CAMP-ONE-BANNER", () => {
  it("[CAMP-ONE-BANNER] a player cannot order two Banners into one territory, nor onto a Banner of theirs that stays", () => {
    const f = campaignAt({ map: LINE, owner: { b: 0 }, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 0, at: "c", name: "A2" }, { owner: 1, at: "e", name: "B1" }] });
    f.s.applyJoint([20 /* A1: move to b = 4 + 8·(1+1) */, 0]);
    const texts = f.s.legalActions(0).map((a) => describeOrder(f.config, decodeOrder(a)));
    expect(texts).toEqual(["Hold", "Fortify", "Move to d"]);
    const g = campaignAt({ map: LINE, owner: { c: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 0, at: "a", name: "A2" }, { owner: 1, at: "e", name: "B1" }] });
    g.s.applyJoint([0 /* A1 holds in b */, 0]);
    expect(legalOrders(g.config, g.s.data, g.banner("A2")).map((o) => describeOrder(g.config, o))).toEqual(["Hold", "Fortify"]);
  });

  it("[CAMP-ONE-BANNER] a Banner moving where another of its realm stays (after a failed test) holds instead", () => {
    // a - b - m (marsh): A2 in b fails to enter m (a 1) and stays; A1 moving a → b holds in a.
    const map = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["m"] }, m: { terrain: "marsh", adj: ["z"] }, z: { edge: true } });
    const f = campaignAt({ map, hq: ["a", "z"], banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 0, at: "b", name: "A2" }, { owner: 1, at: "z", name: "B1" }], dice: [1] });
    give(f, { A1: { move: "b" }, A2: { move: "m" } });
    expect([f.banner("A1").at, f.banner("A2").at]).toEqual([f.t("a"), f.t("b")]);
    expect(f.s.data.log).toContain("    [CAMP-ONE-BANNER] A1 cannot join another Banner of its realm in b: it holds in a");
  });
});

describe("CAMP-RAZE", () => {
  // a - b - c - d - e: player 0 holds a and b (A1 in b): 1 + floor(2/3) = 1 Banner; player 1 holds c, d and
  // e (B1 in e, B2 in d): 1 + floor(3/3) = 2.
  const raid = () => campaignAt({ map: LINE, hq: ["a", "e"], owner: { a: 0, c: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }, { owner: 1, at: "d", name: "B2" }] });

  it("[CAMP-RAZE] a Banner entering an undefended enemy territory occupies it: the owner keeps it that turn, control passes at the end of the next turn it stays without razing", () => {
    const f = raid();
    give(f, { A1: { move: "c" } });
    // End of turn 1: c is still player 1's; A1 occupies it.
    expect(f.s.data.turn).toBe(2);
    expect(f.banner("A1").at).toBe(f.t("c"));
    expect(f.s.data.owner[f.t("c")]).toBe(1);
    expect(f.s.data.log).toContain("    [CAMP-RAZE] A1 occupies c: it stays Hammers of the Warrior Chamber's until the end of the next turn A1 holds it without razing it");
    // Turn 2: A1 may Raze it now; it Holds, and c is player 0's at the end of the turn.
    expect(f.s.legalActions(0).map((a) => f.s.actionToString(a, 0))).toEqual(["A1: Hold", "A1: Raze and Hold", "A1: Move to b", "A1: Raze and Move to b", "A1: Move to d", "A1: Raze and Move to d"]);
    give(f, {});
    expect(f.s.data.owner[f.t("c")]).toBe(0);
    expect(f.s.data.log).toContain("    Mortek Shieldwall takes control of c from Hammers of the Warrior Chamber");
  });

  it("[CAMP-RAZE] razing an occupied territory hurts its owner: c stays player 1's, Razed, and player 1's 3 territories support 1 Banner, not 2", () => {
    const f = raid();
    expect([allowedBanners(f.s.data, 0), allowedBanners(f.s.data, 1)]).toEqual([1, 2]);
    give(f, { A1: { move: "c" } });
    give(f, { A1: "raze" });
    expect(f.s.data.razed[f.t("c")]).toBe(true);
    expect(f.s.data.owner[f.t("c")]).toBe(1);
    expect(f.s.data.log).toContain("    [CAMP-RAZE] A1 razes c: it counts for no Banner of Hammers of the Warrior Chamber until Recovered");
    expect(f.s.data.log).toContain("    [CAMP-RAZE] c stays Hammers of the Warrior Chamber's, Razed, while A1 occupies it");
    // Player 1: 1 + floor((3 - 1)/3) = 1 Banner for B1 and B2: it picks one to lose. Player 0 unchanged.
    expect([allowedBanners(f.s.data, 0), allowedBanners(f.s.data, 1)]).toEqual([1, 1]);
    expect(f.s.data.step).toEqual({ kind: "disband", player: 1 });
    f.s.apply(f.banner("B2").id);
    expect(f.s.data.turn).toBe(3);
    // Turn 3: A1 holds and takes c, Razed: player 0's 3 territories, one Razed, support 1 + floor(2/3) = 1.
    give(f, {});
    expect(f.s.data.owner[f.t("c")]).toBe(0);
    expect(f.s.data.razed[f.t("c")]).toBe(true);
    expect(allowedBanners(f.s.data, 0)).toBe(1);
    // Turn 4: Recover (now its own): 3 territories, 2 Banners — a new one is raised.
    give(f, { A1: "recover" });
    expect(f.s.data.razed[f.t("c")]).toBe(false);
    expect(allowedBanners(f.s.data, 0)).toBe(2);
    expect(f.s.data.log).toContain("    [CAMP-RAZE] A1 recovers c: it is no longer Razed");
  });

  it("[CAMP-RAZE] the human player (--agents human) is offered Raze and Hold and Raze and Move in the territory it occupies", () => {
    const f = raid();
    give(f, { A1: { move: "c" } });
    const prompts: string[] = [];
    const typed = ["2"];
    const human = humanAgent({ readLine: () => typed.shift() ?? null, prompt: (s) => void prompts.push(s) }, () => [], undefined, "campaign");
    const action = human.act(f.s, 0, new Rng(1));
    expect(prompts.at(-1)).toBe(
      ["", "Player 1, your choice (1-6, q to quit):", "   1. A1: Hold", "   2. A1: Raze and Hold", "   3. A1: Move to b", "   4. A1: Raze and Move to b", "   5. A1: Move to d", "   6. A1: Raze and Move to d"].join("\n"),
    );
    expect(decodeOrder(action)).toEqual({ kind: "raze-and-hold", to: null, then: null });
  });

  it("[CAMP-RAZE] the owner takes an occupied territory back by beating the occupier; a neutral territory is taken at once", () => {
    const f = raid();
    give(f, { A1: { move: "c" } });
    // Turn 2: B2 attacks the occupier in c and wins a minor victory: A1 falls back to b; c stays player 1's.
    give(f, { B2: { move: "c" } });
    f.s.apply(enteredAction(1, MINOR));
    expect([f.banner("A1").at, f.s.data.owner[f.t("c")]]).toEqual([f.t("b"), 1]);
    // Neutral land (no owner): control at the end of the turn the Banner enters it.
    const g = campaignAt({ map: LINE, owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    give(g, { A1: { move: "c" } });
    expect(g.s.data.owner[g.t("c")]).toBe(0);
  });

  it("[CAMP-RAZE] Recover undoes the razing at the end of the turn, but not for a Banner brought to battle", () => {
    const f = campaignAt({ map: LINE, razed: ["b"], banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    give(f, { A1: "recover" });
    expect(f.s.data.razed[f.t("b")]).toBe(false);
    expect(f.s.data.log).toContain("    [CAMP-RAZE] A1 recovers b: it is no longer Razed");

    const g = campaignAt({ map: LINE, razed: ["b"], banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(g, { A1: "recover", B1: { move: "b" } });
    g.s.apply(enteredAction(0, MINOR));
    expect(g.banner("A1").at).toBe(g.t("b"));
    expect(g.s.data.razed[g.t("b")]).toBe(true);
    expect(g.s.data.log).toContain("    [CAMP-RAZE] A1 was brought to battle: it cannot Recover b");
  });

  it("[CAMP-RAZE] a Razed special section is worth 1 Influence to its owner (or its razedInfluence); the occupier who Recovers it takes it whole", () => {
    const map = mapOf({
      a: { adj: ["s"], edge: true },
      s: { adj: ["t"], special: { kind: "section", scenario: "the-vice" } },
      t: { adj: ["e"], special: { kind: "section", scenario: "the-vice", razedInfluence: 3 } },
      e: { edge: true },
    });
    // A1 occupies s, player 1's; player 1 also holds t and e: 5 + 5 + 1 = 11 Influence.
    const f = campaignAt({ map, hq: ["a", "e"], owner: { s: 1, t: 1 }, banners: [{ owner: 0, at: "s", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    f.s.data.owner[f.t("a")] = 0;
    expect(influenceNow(f.config, f.s.data, 1)).toBe(11);
    give(f, { A1: "raze" });
    expect(influenceNow(f.config, f.s.data, 1)).toBe(1 + 5 + 1);
    f.s.data.razed[f.t("t")] = true;
    expect(influenceNow(f.config, f.s.data, 1)).toBe(1 + 3 + 1);
    // Turn 2: A1 Recovers s: it did not raze it this turn, so control passes — s is player 0's, whole (5).
    give(f, { A1: "recover" });
    expect([f.s.data.owner[f.t("s")], f.s.data.razed[f.t("s")]]).toEqual([0, false]);
    expect(influenceNow(f.config, f.s.data, 0)).toBe(1 + 5);
  });
});

describe("CAMP-FORTIFY", () => {
  it("[CAMP-FORTIFY] Fortify marks the territory; the defender keeps it if it wins, loses it if the territory is captured", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "d", name: "B1" }] });
    give(f, { A1: "fortify" });
    expect(f.s.data.fortified[f.t("b")]).toBe(true);
    expect(f.s.data.log).toContain("    [CAMP-FORTIFY] A1 fortifies b (+200 points from next turn while it stays; never again this campaign)");
    // Turn 2: B1 moves to c; turn 3 it attacks b. A1 wins: b stays Fortified.
    give(f, { B1: { move: "c" } });
    give(f, { B1: { move: "b" } });
    expect(f.s.data.battles[0]!.points).toEqual([2450, 2250]);
    f.s.apply(enteredAction(0, MINOR));
    expect(f.s.data.fortified[f.t("b")]).toBe(true);

    const g = campaignAt({ map: LINE, owner: { a: 0 }, fortified: ["b"], banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(g, { B1: { move: "b" } });
    g.s.apply(enteredAction(1, MINOR));
    expect(g.s.data.owner[g.t("b")]).toBe(1);
    expect(g.s.data.fortified[g.t("b")]).toBe(false);
    expect(g.banner("A1").at).toBe(g.t("a"));
  });
});

describe("CAMP-FORTIFY: once a campaign, from the turn after", () => {
  it("[CAMP-FORTIFY] the +200 counts from the turn after the order: attacked the turn it fortifies, A1 has 2,250; the next turn 2,450", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(f, { A1: "fortify", B1: { move: "b" } });
    expect(f.s.data.fortified[f.t("b")]).toBe(true);
    expect(f.s.data.battles[0]!.points).toEqual([2250, 2250]);
    expect(f.s.data.battles[0]!.fortified).toEqual([false, false]);
    f.s.apply(enteredAction(0, MINOR));
    // B1 falls back to c (its own); turn 2 it attacks again: now the works are ready.
    expect(f.banner("B1").at).toBe(f.t("c"));
    expect(f.s.data.turn).toBe(2);
    give(f, { B1: { move: "b" } });
    expect(f.s.data.battles[0]!.points).toEqual([2450, 2250]);
    expect(f.s.data.battles[0]!.fortified).toEqual([true, false]);
    expect(turnLog(f)).toContain("    [CAMP-BATTLE] b: A1 of Mortek Shieldwall (2,450 points: 2,250 + Fortified 200) against B1 of Hammers of the Warrior Chamber (2,250 points) — a Pitched Battle");
  });

  it("[CAMP-FORTIFY] a territory is fortified once a campaign: after its Banner leaves and comes back, Fortify is no longer an order there", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    const can = () => legalOrders(f.config, f.s.data, f.banner("A1")).map((o) => o.kind);
    expect(can()).toContain("fortify");
    give(f, { A1: "fortify" });
    expect([f.s.data.fortified[f.t("b")], f.s.data.fortifiedTurn[f.t("b")]]).toEqual([true, 1]);
    // Turn 2: Fortified already — no second Fortify.
    expect(can()).not.toContain("fortify");
    give(f, { A1: { move: "a" } });
    expect([f.s.data.fortified[f.t("b")], f.s.data.fortifiedTurn[f.t("b")]]).toEqual([false, 1]);
    // Turn 3: in a (never fortified) it may; back in b (turn 4) it may not.
    expect(can()).toContain("fortify");
    give(f, { A1: { move: "b" } });
    expect(f.banner("A1").at).toBe(f.t("b"));
    expect(can()).not.toContain("fortify");
    expect(() => writeOrders(f.s, [{ orders: [{ banner: "A1", order: "fortify" }] }, { orders: [] }])).toThrow("orders[0].orders[0]: A1 cannot fortify from b (CAMP-ORDERS)");
  });
});

describe("CAMP-BATTLE", () => {
  it("[CAMP-BATTLE] an entered battle is a chance node of nine results with a prior from the points (2,450 v 2,250)", () => {
    const f = campaignAt({ map: LINE, fortified: ["b"], banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(f, { B1: { move: "b" } });
    expect(f.s.currentPlayer()).toBe(CHANCE);
    const o = f.s.chanceOutcomes();
    // Player 0 wins with 0.9 · 2450/4700 = 0.469149: 40% of it a Massacre, 50% a major victory, 10% a
    // minor one; a draw 0.1; a minor victory that is a Massacre (actions 2 and 6) gets no prior.
    const w0 = (0.9 * 2450) / 4700;
    const w1 = 0.9 - w0;
    expect(o.map((x) => x.action)).toEqual([0, 1, 3, 4, 5, 7, 8]);
    [0.4 * w0, 0.5 * w0, 0.1 * w0, 0.1, 0.1 * w1, 0.5 * w1, 0.4 * w1].forEach((p, i) => expect(o[i]!.probability).toBeCloseTo(p, 12));
    expect(o[0]!.probability).toBeCloseTo(0.1876596, 6);
    expect(enteredOutcomes(f.s.data.battles[0]!).reduce((s, x) => s + x.probability, 0)).toBeCloseTo(1, 12);
    expect(f.s.actionToString(8)).toBe("b: B1 wins a major victory (a Massacre)");
    expect(f.s.actionToString(7)).toBe("b: B1 wins a major victory");
    // Typed by the players: the battle in b, a minor victory for player 0; a major one that was a Massacre.
    expect(battleResultAction(f.config, f.s.data, { territory: "b", outcome: "minor-victory", winner: 0 })).toBe(3);
    expect(battleResultAction(f.config, f.s.data, { territory: "b", outcome: "major-victory", winner: 1, massacre: true })).toBe(8);
    expect(() => battleResultAction(f.config, f.s.data, { territory: "c", outcome: "draw", winner: null })).toThrow("result.territory: the battle waiting for its result is in b, not c");
    expect(() => battleResultAction(f.config, f.s.data, { territory: "b", outcome: "draw", winner: 1 })).toThrow("result: winner: a draw has no winner; a victory has one");
    expect(() => battleResultAction(f.config, f.s.data, { territory: "b", outcome: "draw", winner: null, massacre: true })).toThrow("result: massacre: a draw is no Massacre");
  });
});

describe("CAMP-RETREAT", () => {
  it("[CAMP-RETREAT] the loser of a minor victory picks among its adjacent territories that hold no Banner", () => {
    const map = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"] }, c: { adj: ["d", "x"] }, d: { edge: true }, x: {} });
    const f = campaignAt({ map, owner: { a: 0, d: 1, x: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(f, { A1: { move: "c" } });
    f.s.apply(enteredAction(0, MINOR));
    expect(f.s.data.step).toEqual({ kind: "retreat", player: 1, banner: f.banner("B1").id });
    expect(f.s.legalActions(1)).toEqual([f.t("d"), f.t("x")]);
    f.s.apply(f.t("x"));
    expect(f.banner("B1").at).toBe(f.t("x"));
    expect(f.s.data.owner[f.t("c")]).toBe(0);
  });

  it("[CAMP-RETREAT] a Massacre scatters the loser to its HQ at the start of the next turn", () => {
    const f = campaignAt({ map: LINE, hq: ["a", "e"], owner: { a: 0, d: 1, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(f, { A1: { move: "c" } });
    f.s.apply(enteredAction(0, MAJOR, true));
    finish(f);
    // d was free to retreat to, but a Massacre scatters: B1 reappears in its HQ e.
    expect(f.s.data.log).toContain("    [CAMP-RETREAT] B1 is massacred and scatters: it returns to its HQ next turn");
    expect(f.banner("B1").at).toBe(f.t("e"));
    expect(f.s.data.log).toContain("  [CAMP-RETREAT] B1 regroups at its HQ, e");
  });

  it("[CAMP-RETREAT] a major victory that is no Massacre: the loser retreats like the loser of a minor one", () => {
    const f = campaignAt({ map: LINE, hq: ["a", "e"], owner: { a: 0, d: 1, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(f, { A1: { move: "c" } });
    f.s.apply(enteredAction(0, MAJOR));
    // One territory of its realm next to c with no Banner (d): B1 retreats there without a choice.
    expect(f.banner("B1").at).toBe(f.t("d"));
    expect(f.s.data.owner[f.t("c")]).toBe(0);
    expect(f.s.data.log).toContain("    [CAMP-RETREAT] B1 retreats from c to d");
    expect(f.s.data.log!.some((l) => l.includes("massacred"))).toBe(false);
  });

  it("[CAMP-RETREAT] a Massacre is the loser wiped out, or twice the loser's VP and 10 more", () => {
    // By the VP: 20 to 10 (twice, +10) yes; 10 to 0 yes; 12 to 6 (twice, only +6) no; 30 to 16 (+14, not twice) no.
    expect(massacreOf([20, 10], 0, 3)).toEqual({ massacre: true, why: "20 VP to 10: at least twice as many and 10 more" });
    expect(massacreOf([0, 10], 1, 1).massacre).toBe(true);
    expect(massacreOf([12, 6], 0, 2).massacre).toBe(false);
    expect(massacreOf([16, 30], 1, 4).massacre).toBe(false);
    expect(massacreByVictoryPoints(9, 0)).toBe(false);
    // The loser has no unit left on the battlefield: a Massacre whatever the VP (12 to 11).
    expect(massacreOf([12, 11], 0, 0)).toEqual({ massacre: true, why: "the loser has no unit left on the battlefield" });
    expect(massacreOf([12, 11], 0, null).massacre).toBe(false);
  });

  it("[CAMP-RETREAT] with no territory of its own to fall back to, the loser scatters; with a Banner in its HQ it regroups in the nearest free territory", () => {
    // a - b - c - d - e - f - g. B1 holds c; b is player 0's, d neutral: nowhere to go. Player 1 keeps e, f
    // and its HQ g, where B2 stands.
    const line7 = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"] }, c: { adj: ["d"] }, d: { adj: ["e"] }, e: { adj: ["f"] }, f: { adj: ["g"] }, g: { edge: true } });
    const f = campaignAt({ map: line7, hq: ["a", "g"], owner: { a: 0, e: 1, f: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }, { owner: 1, at: "g", name: "B2" }] });
    give(f, { A1: { move: "c" } });
    f.s.apply(enteredAction(0, MINOR));
    expect(f.s.data.log).toContain("    [CAMP-RETREAT] B1 is left with no territory of its realm to fall back to and scatters: it returns to its HQ next turn");
    finish(f);
    // Next turn: the HQ g holds B2, so B1 regroups in the nearest free territory of its realm, f (1 hop).
    expect(f.s.data.turn).toBe(2);
    expect(f.banner("B1").at).toBe(f.t("f"));
    expect(f.s.data.log).toContain("  [CAMP-RETREAT] B1 regroups near its HQ, f");
  });

  it("[CAMP-RETREAT] a draw sends both Banners back; the territory stays as it was (neutral, or its owner's)", () => {
    const f = campaignAt({ map: LINE, owner: { a: 0, e: 1 }, banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "d", name: "B1" }] });
    give(f, { A1: { move: "c" }, B1: { move: "c" } });
    f.s.apply(enteredAction(null, "draw"));
    expect([f.banner("A1").at, f.banner("B1").at]).toEqual([f.t("b"), f.t("d")]);
    expect(f.s.data.owner[f.t("c")]).toBe(null);

    const g = campaignAt({ map: LINE, owner: { a: 0, d: 1 }, fortified: ["c"], banners: [{ owner: 0, at: "b", name: "A1" }, { owner: 1, at: "c", name: "B1" }] });
    give(g, { A1: { move: "c" } });
    g.s.apply(enteredAction(null, "draw"));
    expect([g.banner("A1").at, g.banner("B1").at]).toEqual([g.t("b"), g.t("d")]);
    expect(g.s.data.owner[g.t("c")]).toBe(1);
    // B1 left c: its fortification is gone.
    expect(g.s.data.fortified[g.t("c")]).toBe(false);
  });
});

describe("CAMP-LENGTH", () => {
  it("[CAMP-LENGTH] the campaign ends after its last turn (16 by default; here 2)", () => {
    const f = campaignAt({ map: LINE, turns: 2, banners: [{ owner: 0, at: "a", name: "A1" }, { owner: 1, at: "e", name: "B1" }] });
    give(f, {});
    expect(f.s.isTerminal()).toBe(false);
    give(f, {});
    expect(f.s.isTerminal()).toBe(true);
    expect(f.s.data.turn).toBe(2);
    expect(f.s.data.log!.at(-1)).toBe("Campaign over after 2 turns [CAMP-LENGTH]: Influence 1 to 1. A draw — [CAMP-INFLUENCE] 1 Influence each: a draw");
    expect(campaignGame.newInitialState({ armies: [ROSTER_A, ROSTER_B] }, 1).data.options.turns).toBe(16);
  });
});

describe("CAMP-INFLUENCE", () => {
  const map = mapOf({
    a: { adj: ["s"], edge: true },
    s: { adj: ["l"], special: { kind: "section", scenario: "the-vice" } },
    l: { adj: ["e"], special: { kind: "lake", scenario: "survival-of-the-fittest" } },
    e: { edge: true },
  });

  it("[CAMP-INFLUENCE] 1 per territory, 5 per special section, 10 for the Lake of Lost Souls; the most wins", () => {
    const f = campaignAt({ map, hq: ["a", "e"], owner: { a: 0, s: 0 }, banners: [{ owner: 0, at: "l", name: "A1" }, { owner: 1, at: "e", name: "B1" }], turns: 1 });
    give(f, {});
    finish(f);
    const r = campaignResult(f.config, f.s.data);
    expect(r.influence).toEqual([1 + 5 + 10, 1]);
    expect(r.winner).toBe(0);
    expect(r.reason).toBe("[CAMP-INFLUENCE] Mortek Shieldwall has the most Influence, 16 to 1");
    expect(f.s.returns()).toEqual([1, -1]);
  });

  it("[CAMP-INFLUENCE] per-turn mode adds each turn's holdings up: 2 turns of 16 and 1", () => {
    const f = campaignAt({ map, hq: ["a", "e"], influence: "per-turn", owner: { a: 0, s: 0 }, banners: [{ owner: 0, at: "l", name: "A1" }, { owner: 1, at: "e", name: "B1" }], turns: 2 });
    // Player 0 raises a second Banner in a (the first free territory) and holds.
    for (let turn = 0; turn < 2; turn++) {
      give(f, {});
      finish(f);
    }
    expect(campaignResult(f.config, f.s.data).influence).toEqual([32, 2]);
  });
});
