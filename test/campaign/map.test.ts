/**
 * The campaign map as data: the bundled default map, and the checks a user's map file must pass (each
 * error naming the field).
 */
import { describe, expect, it } from "vitest";
import defaultMapJson from "../../data/campaign/default-map.json" with { type: "json" };
import { boardOf, defaultMap, hqOptions, influenceOf, isAlongRiver, needsTerrainTest, parseMap, TERRAINS } from "../../src/campaign/index.js";
import { InputError } from "../../src/core/errors.js";
import { campaignAt, mapOf } from "./fixtures.js";

const errorOf = (json: unknown): string => {
  try {
    parseMap(json, "map.json");
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("the map was accepted");
};

const clone = () => structuredClone(defaultMapJson) as { territories: Record<string, unknown>[]; rivers: Record<string, unknown>[] } & Record<string, unknown>;

describe("the default map", () => {
  const map = defaultMap();
  const board = boardOf(map);

  it("[CAMP-MOVE] has 42 territories of every terrain kind, adjacency symmetric, a river with a bridge", () => {
    expect(map.territories).toHaveLength(42);
    const count = (t: string) => map.territories.filter((x) => x.terrain === t).length;
    expect(Object.fromEntries(TERRAINS.map((t) => [t, count(t)]))).toEqual({ plains: 16, forest: 8, pass: 3, marsh: 5, mountain: 4, jungle: 3, river: 3 });
    for (const t of map.territories) for (const a of t.adjacent) expect(map.territories.find((x) => x.id === a)!.adjacent).toContain(t.id);
    expect(map.rivers).toEqual([{ name: "The Styx", sections: ["styx-headwaters", "the-bone-bridge", "styx-narrows"] }]);
    expect(map.territories.filter((t) => t.bridge).map((t) => t.id)).toEqual(["the-bone-bridge"]);
  });

  it("[CAMP-INFLUENCE] has 4 special map sections and the Lake of Lost Souls: 37 + 4·5 + 10 = 67 Influence in all", () => {
    const specials = map.territories.filter((t) => t.special);
    expect(specials.map((t) => [t.name, t.special!.kind, t.special!.scenario])).toEqual([
      ["Tower of the Ashen Seer", "section", "first-blood"],
      ["Shrine of the Eclipse", "section", "power-struggle"],
      ["Lake of Lost Souls", "lake", "survival-of-the-fittest"],
      ["The Brass Citadel", "section", "marking-territory"],
      ["Gravewood Barrow", "section", "apex-predators"],
    ]);
    expect(map.territories.reduce((s, _, t) => s + influenceOf(board, t, false), 0)).toBe(67);
  });

  it("[CAMP-HQ] has 22 edge territories; an HQ in Hollow Downs rules out its 3 edge neighbours and itself", () => {
    expect(map.territories.filter((t) => t.edge)).toHaveLength(22);
    const f = campaignAt({ map: defaultMapJson as never, banners: [{ owner: 0, at: "hollow-downs", name: "A1" }, { owner: 1, at: "sunset-reach", name: "B1" }], hq: ["hollow-downs", "sunset-reach"] });
    f.s.data.hq = [f.t("hollow-downs"), null];
    // Hollow Downs (column 0, row 3) touches Mirefen and Verdant Tangle on the edge, and Elderglade, Shrine inside.
    expect(hqOptions(board, f.s.data, 1).map((t) => board.ids[t])).not.toContain("mirefen");
    expect(hqOptions(board, f.s.data, 1)).toHaveLength(22 - 3);
  });

  it("[CAMP-RIVER] the Styx: along it is not Difficult, crossing it is except at the Bone Bridge", () => {
    const i = (id: string) => board.ids.indexOf(id);
    expect(isAlongRiver(board, i("styx-headwaters"), i("the-bone-bridge"))).toBe(true);
    expect(needsTerrainTest(board, i("styx-headwaters"), i("the-bone-bridge"))).toBe(false);
    expect(needsTerrainTest(board, i("gullet-pass"), i("styx-headwaters"))).toBe(true);
    expect(needsTerrainTest(board, i("gullet-pass"), i("the-bone-bridge"))).toBe(false);
    expect(needsTerrainTest(board, i("the-bone-bridge"), i("gullet-pass"))).toBe(false);
    expect(needsTerrainTest(board, i("styx-narrows"), i("serpent-jungle"))).toBe(true);
  });
});

describe("a map file's checks", () => {
  it("ids must be unique", () => {
    const m = clone();
    m.territories[2]!.id = "greyfield-march";
    expect(errorOf(m)).toMatch(/^map\.json: territories\[2\]\.id: "greyfield-march" is used by territories\[0\] too; ids must be unique/);
  });

  it("names must be unique too (orders and the log show territories by name), whatever their case", () => {
    const m = clone();
    const first = String(m.territories[0]!.name).toUpperCase();
    m.territories[2]!.name = ` ${first}`;
    expect(errorOf(m)).toBe(`map.json: territories[2].name: "${first}" is the name of territories[0] too; names must be unique`);
  });

  it("adjacency must be symmetric and name known territories", () => {
    const m = clone();
    (m.territories[1]!.adjacent as string[]).push("styx-narrows");
    expect(errorOf(m)).toBe('map.json: territories[1].adjacent[5]: "styx-narrows" does not list "cragmoor-heights" as adjacent; adjacency must be symmetric');
    const n = clone();
    (n.territories[0]!.adjacent as string[])[0] = "atlantis";
    expect(errorOf(n)).toMatch(/territories\[0\]\.adjacent\[0\]: "atlantis" is not the id of a territory/);
  });

  it("[CAMP-RIVER] bridges only on river sections; rivers of adjacent river sections; every river section in a river", () => {
    const m = clone();
    m.territories[0]!.bridge = true;
    expect(errorOf(m)).toBe('map.json: territories[0].bridge: only a river section can have a bridge ("greyfield-march" is plains)');
    const n = clone();
    n.rivers[0]!.sections = ["styx-headwaters", "styx-narrows"];
    expect(errorOf(n)).toMatch(/rivers\[0\]\.sections\[1\]: "styx-narrows" is not adjacent to the section before it \("styx-headwaters"\)/);
    const o = clone();
    o.rivers = [];
    expect(errorOf(o)).toMatch(/territories\[3\]\.terrain: "styx-headwaters" is a river section but no river in "rivers" lists it/);
  });

  it("[CAMP-BATTLE] a special section names one of the 12 battleplans as its scenario; there is one Lake", () => {
    const m = clone();
    const shrine = m.territories.find((t) => t.id === "shrine-of-the-eclipse")!;
    (shrine.special as Record<string, unknown>).scenario = "capture-the-flag";
    expect(errorOf(m)).toMatch(/special\.scenario: must be one of marking-territory, savage-gains/);
    const n = clone();
    (n.territories.find((t) => t.id === "shrine-of-the-eclipse")!.special as Record<string, unknown>).kind = "lake";
    expect(errorOf(n)).toMatch(/special\.kind: there is only one Lake of Lost Souls on a map/);
  });

  it("[CAMP-HQ] the map must be connected and have room for two HQs", () => {
    const island = mapOf({ a: { adj: ["b"], edge: true }, b: {}, c: { adj: ["d"], edge: true }, d: {} });
    expect(errorOf(island)).toBe('map.json: territories[2]: "c" cannot be reached from "a"; the map must be connected');
    const tight = mapOf({ a: { adj: ["b"], edge: true }, b: { adj: ["c"], edge: true }, c: {} });
    expect(errorOf(tight)).toBe("map.json: territories: the map needs two edge territories (edge: true) at least 2 territories apart, for the HQs (CAMP-HQ)");
  });

  it("sizes are bounded: at most 128 territories and 12 neighbours; unknown fields are refused", () => {
    const big = { name: "big", territories: Array.from({ length: 129 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, terrain: "plains", adjacent: [`t${(i + 1) % 129}`] })) };
    expect(errorOf(big)).toMatch(/territories: at most 128 territories/);
    const m = clone();
    m.territories[0]!.adjacent = Array.from({ length: 13 }, (_, i) => `x${i}`);
    expect(errorOf(m)).toMatch(/territories\[0\]\.adjacent: at most 12 neighbours/);
    const n = clone();
    n.territories[0]!.colour = "red";
    expect(errorOf(n)).toMatch(/territories\[0\]: Unrecognized key/);
    const o = clone();
    o.territories[0]!.terrain = "swamp";
    expect(errorOf(o)).toMatch(/territories\[0\]\.terrain: /);
  });
});
