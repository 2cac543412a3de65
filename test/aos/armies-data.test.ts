/** The warscroll schema and the bundled data: five factions typed by hand, six example armies that are legal. */
import { describe, expect, it } from "vitest";
import {
  bundledLibrary,
  bundledRosters,
  factionsOf,
  parseFactionFile,
  validateRoster,
  warscrollSchema,
  type WarscrollJson,
} from "../../src/aos/armies/index.js";
import { warscrollToAttacker, warscrollToDefender } from "../../src/aos/armies/odds.js";
import { parseOrThrow } from "../../src/core/errors.js";

const lib = bundledLibrary();
const find = (name: string) => lib.warscrolls.find((w) => w.name === name)!;

const minimal: WarscrollJson = { name: "Test", faction: "Testers", move: 5, health: 2, save: 4, control: 1, unitSize: 5, points: 100 };

describe("warscroll schema", () => {
  it("fills defaults: ward from the WARD keyword (18.1), no roles, reinforceable unless a single model", () => {
    expect(warscrollSchema.parse({ ...minimal, keywords: ["WARD (6+)", "WARD (5+)"] })).toMatchObject({ ward: 5, battlefieldRoles: [], canReinforce: true, weapons: [], baseSize: null });
    expect(warscrollSchema.parse({ ...minimal, unitSize: 1 }).canReinforce).toBe(false);
  });

  it("rejects negative points, a Hit of 7, a bad dice expression and a name over 200 characters, naming the field", () => {
    expect(() => parseOrThrow(warscrollSchema, { ...minimal, points: -10 }, "w")).toThrow("w: points: points cannot be negative");
    const weapon = { name: "Axe", type: "melee", attacks: 2, hit: 7, wound: 4, rend: 0, damage: 1 };
    expect(() => parseOrThrow(warscrollSchema, { ...minimal, weapons: [weapon] }, "w")).toThrow("w: weapons[0].hit: Hit must be 2 to 6 (a 2+ to 6+ roll)");
    expect(() => parseOrThrow(warscrollSchema, { ...minimal, weapons: [{ ...weapon, hit: 3, damage: "D7" }] }, "w")).toThrow('w: weapons[0].damage: "D7": only D3 and D6 exist in these games (got D7)');
    expect(() => parseOrThrow(warscrollSchema, { ...minimal, name: "n".repeat(201) }, "w")).toThrow("w: name: must be at most 200 characters");
    expect(() => parseOrThrow(warscrollSchema, { ...minimal, weapons: [{ ...weapon, hit: 3, range: 12 }] }, "w")).toThrow("w: weapons[0].range: only ranged weapons have a range");
  });

  it("[PB-REALM-FERAL-ROAR] battleDamaged names the warscroll's own weapons, once; a threshold of 1 to 200 damage points; it must change something", () => {
    const axe = { name: "Axe", type: "melee", attacks: 4, hit: 3, wound: 3, rend: 1, damage: 2 } as const;
    const w = (battleDamaged: unknown) => ({ ...minimal, unitSize: 1, weapons: [axe], battleDamaged });
    expect(warscrollSchema.parse(w({ damagePoints: 10, weapons: [{ name: "Axe", attacks: "D3" }], control: 2 })).battleDamaged).toEqual({ damagePoints: 10, weapons: [{ name: "Axe", attacks: "D3" }], control: 2 });
    expect(() => parseOrThrow(warscrollSchema, w({ damagePoints: 10, weapons: [{ name: "Club", attacks: 2 }] }), "w")).toThrow('w: battleDamaged.weapons[0].name: "Club" is not a weapon of this warscroll');
    expect(() => parseOrThrow(warscrollSchema, w({ damagePoints: 10, weapons: [{ name: "Axe", attacks: 2 }, { name: "Axe", attacks: 3 }] }), "w")).toThrow('w: battleDamaged.weapons[1].name: "Axe" is listed twice');
    expect(() => parseOrThrow(warscrollSchema, w({ damagePoints: 0, control: 1 }), "w")).toThrow("w: battleDamaged.damagePoints: the threshold must be 1 to 200 damage points");
    expect(() => parseOrThrow(warscrollSchema, w({ damagePoints: 10 }), "w")).toThrow("w: battleDamaged: battleDamaged changes no weapon and no Control");
    expect(() => parseOrThrow(warscrollSchema, w({ damagePoints: 10, weapons: [{ name: "Axe", attacks: "D7" }] }), "w")).toThrow('w: battleDamaged.weapons[0].attacks: "D7"');
  });

  it("a faction file's errors name the file and the warscroll", () => {
    expect(() => parseFactionFile({ faction: "Testers", source: "test", warscrolls: [minimal, { ...minimal, health: 0 }] }, "testers.json")).toThrow(
      "testers.json: warscrolls[1]: health: Health must be at least 1",
    );
  });
});

describe("bundled data", () => {
  it("holds 42 warscrolls of five factions", () => {
    expect(factionsOf(lib)).toEqual(["Flesh-eater Courts", "Nighthaunt", "Ossiarch Bonereapers", "Sons of Behemat", "Stormcast Eternals"]);
    const per = Object.fromEntries(factionsOf(lib).map((f) => [f, lib.warscrolls.filter((w) => w.faction === f).length]));
    expect(per).toEqual({ "Flesh-eater Courts": 10, Nighthaunt: 10, "Ossiarch Bonereapers": 9, "Sons of Behemat": 5, "Stormcast Eternals": 8 });
  });

  it("[PB-LIMIT] [PB-ROLES] two legal 1000-point and two legal 2000-point Pitched Battles armies, and two 4th-edition ones", () => {
    const rows = bundledRosters().map(({ roster }) => {
      const r = validateRoster(roster, lib);
      return [r.name, r.mode, r.pointsLimit, r.points, r.valid];
    });
    expect(rows).toEqual([
      ["Mortek Shieldwall", "pitched-battles-2021", 1000, 1000, true],
      ["Hammers of the Warrior Chamber", "pitched-battles-2021", 1000, 990, true],
      ["Stomp of Giants", "pitched-battles-2021", 2000, 1890, true],
      ["Procession of Grief", "pitched-battles-2021", 2000, 1980, true],
      ["The Royal Hunt", "regiments-4th", 2000, 1980, true],
      ["Warrior Chamber Vanguard", "regiments-4th", 1000, 750, true],
    ]);
  });
});

describe("bundled Battle Damaged", () => {
  it("[PB-REALM-FERAL-ROAR] the three Mega-Gargants have it as numbers (from 15 damage points: flail 4, boulderclub 3, menhir club 3 attacks; Control 10); no other bundled warscroll has one in BSData", () => {
    expect(lib.warscrolls.filter((w) => w.battleDamaged).map((w) => [w.name, w.battleDamaged])).toEqual([
      ["Gatebreaker Mega-Gargant", { damagePoints: 15, weapons: [{ name: "Fortcrusha Flail", attacks: 4 }], control: 10 }],
      ["Warstomper Mega-Gargant", { damagePoints: 15, weapons: [{ name: "Titanic Boulderclub", attacks: 3 }], control: 10 }],
      ["Beast-smasher Mega-Gargant", { damagePoints: 15, weapons: [{ name: "Menhir Club", attacks: 3 }], control: 10 }],
    ]);
    // Each against BSData: test/aos/bsdata-real.test.ts ("every bundled warscroll matches the snapshot").
  });
});

describe("a warscroll as a side of the odds", () => {
  it("scales per-unit weapon counts with the unit: 10 Liberators carry 8 Warhammers and 2 Grandhammers", () => {
    const side = warscrollToAttacker(find("Liberators"), 10, "combat");
    expect(side.weapons).toEqual([{ name: "Warhammer", models: 8 }, { name: "Grandhammer", models: 2 }]);
    expect(side.json).toMatchObject({ name: "Liberators", models: 10 });
  });

  it("keeps only the phase's weapons and the defender's Health, Save and ward", () => {
    expect(warscrollToAttacker(find("Mortek Crawler"), 1, "shooting").weapons).toEqual([{ name: "Dread Catapult", models: 1 }]);
    expect(warscrollToDefender(find("Chainrasps"), 20).json).toEqual({
      name: "Chainrasps", models: 20, health: 1, save: 6, ward: 5, keywords: ["INFANTRY", "DEATH", "CHAMPION", "FLY", "NIGHTHAUNT", "WARD (5+)"],
    });
  });

  it("leaves out weapon abilities the odds do not model, and says so", () => {
    const w = warscrollSchema.parse({ ...minimal, weapons: [{ name: "Goreaxe", type: "melee", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1, abilities: ["Blood-hungry", "Crit (2 Hits)"] }] });
    const side = warscrollToAttacker(w, 5, "combat");
    expect(side.notes).toEqual(["Blood-hungry on Goreaxe: not modelled by the odds"]);
    expect((side.json.weapons as { abilities: string[] }[])[0]!.abilities).toEqual(["Crit (2 Hits)"]);
  });
});
