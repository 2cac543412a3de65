/**
 * The BSData importer on small hand-written fixtures (test/fixtures/bsdata/): every field of the warscroll
 * schema is read from where BSData keeps it, links into the game system are not followed, and broken
 * files or units are reported with why.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanText, importBsdata, indexBsdataFiles, importFromIndex, splitAbilities } from "../../src/aos/bsdata/index.js";
import { parseBattleDamaged } from "../../src/aos/bsdata/warscrolls.js";

const fixtures = path.resolve(import.meta.dirname, "../fixtures/bsdata");

describe("BSData import of the Testers fixture", async () => {
  const imp = await importBsdata(path.join(fixtures, "testers"));
  const testers = imp.factions.find((f) => f.faction === "Testers")!;
  const unit = (name: string) => testers.warscrolls.find((w) => w.name === name)!;

  it("finds the one faction and its 5 readable warscrolls; 1 fails and 1 builder is skipped", () => {
    expect(imp.fileErrors).toEqual([]);
    expect(imp.factions.map((f) => f.faction)).toEqual(["Testers"]);
    expect(testers.warscrolls.map((w) => w.name)).toEqual(["Test Guard", "Test Lord", "Test Behemoth", "Test Shrine", "Skittering Swarm"]);
    expect(testers.failures).toEqual([{ faction: "Testers", unit: "Broken Thing", reason: 'Health "*" is not a number' }]);
    expect(testers.skipped).toEqual(["Anvil of Apotheosis: Test Hero"]);
  });

  it("reads characteristics, keywords, ward, size, points, base and reinforcement of a unit", () => {
    expect(unit("Test Guard")).toMatchObject({
      faction: "Testers", move: 5, health: 1, save: 4, control: 1, ward: 6,
      keywords: ["INFANTRY", "TESTERS", "WARD (6+)", "CHAMPION"],
      battlefieldRoles: [], unitSize: 10, canReinforce: true, points: 100, baseSize: "32mm",
    });
  });

  it("reads weapons: markup cleaned, abilities split, a 1-in-10 replacement weapon, the game system's generic entries ignored", () => {
    expect(unit("Test Guard").weapons).toEqual([
      { name: "Test Spear", type: "melee", attacks: 2, hit: 3, wound: 4, rend: 0, damage: 1, abilities: ["Anti-CAVALRY (+1 Rend)", "Crit (2 Hits)"], models: 9 },
      { name: "Test Greatblade", type: "melee", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 2, abilities: ["Crit (Mortal)"], models: 1 },
    ]);
  });

  it("reads abilities with timing and effect, entities decoded", () => {
    expect(unit("Test Guard").abilities).toEqual([
      { name: "Shield Wall", timing: "Once Per Phase (Army), Reaction: Opponent declared an ATTACK ability", effect: "Subtract 1 from the Rend characteristic of those attacks & nothing else." },
    ]);
    expect(unit("Test Lord").abilities).toEqual([
      { name: "Inspiring", timing: "Passive", effect: 'Friendly TESTERS units wholly within 12" of this unit add 1 to their control scores.' },
    ]);
  });

  it("a HERO: Leader role, ranged weapon with range, regiment options from the faction link's modifiers", () => {
    const lord = unit("Test Lord");
    expect(lord).toMatchObject({ battlefieldRoles: ["Leader"], unitSize: 1, canReinforce: false, points: 120, keywords: ["HERO", "INFANTRY", "TESTERS"] });
    expect(lord.weapons[1]).toEqual({ name: "Lord Pistol", type: "ranged", range: 12, attacks: 1, hit: 3, wound: 3, rend: 1, damage: "D3", abilities: ["Shoot in Combat"] });
    expect(lord.regimentOptions).toEqual([{ keywords: ["INFANTRY"] }, { unit: "Test Behemoth" }]);
  });

  it("a choose-one weapon group: the first is the default, the other an option (models 0); shared weapons and info links followed", () => {
    const b = unit("Test Behemoth");
    expect(b.battlefieldRoles).toEqual(["Behemoth"]);
    expect(b.weapons.map((w) => [w.name, w.damage, w.models])).toEqual([
      ["Crushing Jaws", "D3+3", undefined],
      ["Grinding Claws", 2, 0],
      ["Tail Lash", 1, undefined],
    ]);
    expect(b.weapons[1]!.abilities).toEqual(["Anti-INFANTRY (+1 Rend)"]);
    expect(b.abilities.map((a) => a.name)).toEqual(["Monstrous Roar"]);
  });

  it("faction terrain (Move and Control '-') and a random Move ('2D6\"') with no save", () => {
    expect(unit("Test Shrine")).toMatchObject({ move: null, control: null, health: 10, weapons: [] });
    expect(unit("Skittering Swarm")).toMatchObject({ move: "2D6", save: null, unitSize: 3 });
  });
});

describe("BSData import: broken input", () => {
  it("a truncated .cat is reported with its line; the rest of the folder still loads", async () => {
    const imp = await importBsdata(path.join(fixtures, "broken"));
    expect(imp.fileErrors).toEqual([{ file: "Cut Short.cat", error: "Cut Short.cat: malformed XML at line 7: <costs> is never closed" }]);
    expect(imp.factions.find((f) => f.faction === "Testers")!.warscrolls).toHaveLength(5);
  });

  it("a folder that does not exist, or has no catalogue files, is a clear input error", async () => {
    await expect(importBsdata(path.join(fixtures, "nope"))).rejects.toThrow(`--bsdata ${path.join(fixtures, "nope")}: cannot read (ENOENT)`);
    await expect(importBsdata(fixtures)).rejects.toThrow("no .gst or .cat files (is this a BSData folder?)");
  });

  it("an unknown faction names the close ones", () => {
    const index = indexBsdataFiles([{ file: "a.cat", text: `<catalogue id="c1" name="Testers" library="false"/>` }]);
    expect(() => importFromIndex(index, "Tester")).toThrow('--faction: no faction "Tester" in (memory) (did you mean "Testers"?)');
  });

  it("a file whose root is neither <gameSystem> nor <catalogue> is reported", () => {
    const index = indexBsdataFiles([{ file: "x.cat", text: "<roster/>" }]);
    expect(index.fileErrors).toEqual([{ file: "x.cat", error: "root element <roster> is neither <gameSystem> nor <catalogue>" }]);
  });
});

describe("text clean-up", () => {
  it("turns New Recruit markup into the game's words", () => {
    expect(cleanText("Anti-**^^Cavalry^^** (+1 Rend)")).toBe("Anti-CAVALRY (+1 Rend)");
    expect(cleanText("Anti\u2011^^Infantry^^\u00a0(+1 Rend)")).toBe("Anti-INFANTRY (+1 Rend)");
    expect(splitAbilities("Crit (Mortal), Anti-charge (+1 Rend)")).toEqual(["Crit (Mortal)", "Anti-charge (+1 Rend)"]);
    expect(splitAbilities("-")).toEqual([]);
  });
});

describe("Battle Damaged as numbers (PB-REALM-FERAL-ROAR)", () => {
  const weapons = ["Fortcrusha Flail", "Almighty Stomp", "Griffon's Razor Claws and Deadly Beak", "Crushing Iron Feet"];

  it("[PB-REALM-FERAL-ROAR] reads the forms of the data: Attacks of one weapon, with Control, bulleted, markup and odd spaces", () => {
    expect(parseBattleDamaged("While this unit has 15 or more\u00a0damage points, the Attacks characteristic\u00a0of its **Fortcrusha Flail** is 4 and this\u00a0unit has a Control characteristic of 10.", weapons)).toEqual({
      damagePoints: 15, weapons: [{ name: "Fortcrusha Flail", attacks: 4 }], control: 10,
    });
    expect(parseBattleDamaged("While this unit has 10 or more damage points, the Attacks characteristic of **Griffon\u2019s Razor Claws and Deadly Beak ** is 4.", weapons)).toEqual({
      damagePoints: 10, weapons: [{ name: "Griffon's Razor Claws and Deadly Beak", attacks: 4 }],
    });
    expect(parseBattleDamaged("While this unit has 10 or more damage points:\n• The Attacks characteristic of its **Crushing Iron Feet** is 3.\n• It has a Control characteristic of 5.", weapons)).toEqual({
      damagePoints: 10, weapons: [{ name: "Crushing Iron Feet", attacks: 3 }], control: 5,
    });
    expect(parseBattleDamaged("While this unit has 12 or more damage points, the Attacks characteristic of its Almighty Stomp is D6+1.", weapons)).toEqual({
      damagePoints: 12, weapons: [{ name: "Almighty Stomp", attacks: "D6+1" }],
    });
  });

  it("[PB-REALM-FERAL-ROAR] other effects are not modelled and say why; other abilities are not Battle Damaged", () => {
    expect(parseBattleDamaged("While this unit has 10 or more damage points, subtract 3 from its power level.", weapons)).toBe('Battle Damaged not modelled: "While this unit has 10 or more damage points, subtract 3 from its power level."');
    expect(parseBattleDamaged("While this unit has 10 or more damage points:\n• Add 2 to the Attacks characteristic of this unit's **Companion** melee weapons.\n• Subtract 1 from save rolls for this unit.", weapons)).toMatch(/^Battle Damaged not modelled/);
    expect(parseBattleDamaged("While this unit has 10 or more damage points, the Attacks characteristic of its **Tail** is 4.", weapons)).toBe('Battle Damaged names "Tail", which is not a weapon of the unit');
    expect(parseBattleDamaged("While this unit has 10 or more damage points:", weapons)).toMatch(/^Battle Damaged not modelled/);
    expect(parseBattleDamaged("Add 1 to hit rolls for this unit.", weapons)).toBeNull();
  });
});
