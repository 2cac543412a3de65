/**
 * Manifestation lores as data (CORE-BANISH): the schema, the bundled lores (data/aos/lores/, typed by hand)
 * checked against the real BSData snapshot, the importer's counts on that snapshot (both skipped without
 * ../shared), and a roster's lore under the army rules.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bundledLibrary,
  bundledLores,
  type Manifestation,
  manifestationLoreSchema,
  type RosterJson,
  rosterSchema,
  validateRoster,
} from "../../src/aos/armies/index.js";
import { type BsdataImport, importBsdata, parseSetUp } from "../../src/aos/bsdata/index.js";
import { describeZodError } from "../../src/core/errors.js";

const BSDATA = path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4");
const present = existsSync(path.join(BSDATA, "Age of Sigmar 4.0.gst"));
if (!present) console.warn(`[manifestations-data] BSData checks skipped: no snapshot at ${BSDATA}`);

const lore = (over: Record<string, unknown> = {}) => ({
  name: "Test Lore",
  spells: [{ name: "Summon Thing", castingValue: 6, manifestations: ["Thing"], setUp: { range: 12, enemyGap: 9 } }],
  manifestations: [{ name: "Thing", move: 8, health: 7, save: 5, banishment: 7, keywords: ["WARD (6+)"] }],
  ...over,
});

describe("manifestation lore schema", () => {
  it("[CORE-BANISH] fills defaults: universal, 0 points, wholly within, a spell; MANIFESTATION keyword and ward from WARD (6+)", () => {
    const l = manifestationLoreSchema.parse(lore());
    expect(l.factions).toEqual([]);
    expect(l.points).toBe(0);
    expect(l.spells[0]).toMatchObject({ kind: "spell", setUp: { range: 12, wholly: true, enemyGap: 9 } });
    expect(l.manifestations[0]).toMatchObject({ ward: 6, banishment: 7, keywords: ["MANIFESTATION", "WARD (6+)"] });
  });

  it("[CORE-BANISH] rejects a banishment value of 13, a casting value of 1 and a spell naming no manifestation of the lore, naming the field", () => {
    const bad = (over: Record<string, unknown>) => {
      const r = manifestationLoreSchema.safeParse(lore(over));
      expect(r.success).toBe(false);
      return describeZodError(r.error!);
    };
    expect(bad({ manifestations: [{ name: "Thing", move: 8, health: 7, save: 5, banishment: 13 }] })).toBe("manifestations[0].banishment: banishment must be 2 to 12 (a 2D6 roll)");
    expect(bad({ spells: [{ name: "Summon Thing", castingValue: 1, manifestations: ["Thing"], setUp: { range: 12 } }] })).toBe("spells[0].castingValue: castingValue must be 2 to 12");
    expect(bad({ spells: [{ name: "Summon Other", castingValue: 6, manifestations: ["Other"], setUp: { range: 12 } }] })).toBe('spells[0].manifestations[0]: "Other" is not a manifestation of the lore');
  });

  it("[CORE-BANISH] reads the set-up rule of a summon spell's effect", () => {
    expect(parseSetUp('Set up a Nightmare Predator wholly within 12" of the caster, visible to them and more than 9" from all enemy units.')).toEqual({ range: 12, wholly: true, enemyGap: 9 });
    expect(parseSetUp('Set up a Sanctum of Amyntok within 12" of the caster and more than 3" from all enemy units.')).toEqual({ range: 12, wholly: false, enemyGap: 3 });
    expect(parseSetUp('Set up a Doomblast Dirgehorn wholly within 18" of the chanter.')).toEqual({ range: 18, wholly: true, enemyGap: 0 });
    expect(parseSetUp('Set up a Dais Arcanum within 1/2" of the target.')).toMatch(/^set-up not understood/);
  });
});

describe("bundled manifestation lores", () => {
  it("[CORE-BANISH] three real lores: two universal, the Ossiarch Bonereapers' own; 7 manifestations", () => {
    const lores = bundledLores();
    expect(lores.map((l) => [l.name, l.factions, l.points, l.spells.length, l.manifestations.map((m) => `${m.name} ${m.banishment}+`)])).toEqual([
      ["Krondspine Incarnate", [], 0, 1, ["Krondspine Incarnate of Ghur 8+"]],
      ["Horrors of the Necropolis", ["Ossiarch Bonereapers"], 0, 3, ["Bone-tithe Shrieker 7+", "Nightmare Predator 7+", "Soulstealer Carrion 7+"]],
      ["Primal Energy", [], 10, 3, ["The Burning Head 6+", "Emerald Lifeswarm 7+", "Ravenak's Gnashing Jaws 7+"]],
    ]);
    expect(bundledLibrary().lores).toBe(lores);
  });
});

describe.skipIf(!present)(`manifestation lores of the real BSData snapshot (${BSDATA})`, () => {
  let imp: BsdataImport;
  beforeAll(async () => {
    imp = await importBsdata(BSDATA);
  });

  it("[CORE-BANISH] the importer reads 48 lores, 96 summon spells (8 of them prayers) and 101 manifestations; only the Dais Arcanum is not read", () => {
    const spells = imp.lores.flatMap((l) => l.spells);
    expect(imp.lores).toHaveLength(48);
    expect(spells).toHaveLength(96);
    expect(spells.filter((s) => s.kind === "prayer")).toHaveLength(8);
    expect(imp.lores.reduce((n, l) => n + l.manifestations.length, 0)).toBe(101);
    expect(imp.lores.filter((l) => l.factions.length === 0).map((l) => l.name)).toEqual([
      "Aetherwrought Machineries",
      "Forbidden Power",
      "Krondspine Incarnate",
      "Morbid Conjuration",
      "Primal Energy",
      "Twilit Sorceries",
    ]);
    expect(imp.loreFailures.map((f) => [f.lore, f.what])).toEqual([
      ["Manifestations of the Storm", "Dais Arcanum"],
      ["Manifestations of the Storm", "Summon Dais Arcanum"],
    ]);
    // A spell that lets the caster pick one of several manifestations (The Null Myriad).
    const myriad = imp.lores.find((l) => l.name === "Manifestation Lore: The Null Myriad")!;
    expect(myriad.spells[0]!.manifestations).toEqual(["Soulstealer Carrion", "Bone-tithe Shrieker", "Nightmare Predator"]);
  });

  /** The data writes "Anti-X(+1 Rend)" as often as "Anti-X (+1 Rend)". */
  const weapons = (m: Manifestation) => m.weapons.map((w) => ({ ...w, abilities: w.abilities.map((a) => a.replace(/\s*\(/, " (")) }));

  it("[CORE-BANISH] every bundled lore matches the snapshot: spells, set-up rules, points, factions, and each manifestation's characteristics, keywords, base and weapons", () => {
    for (const b of bundledLores()) {
      const i = imp.lores.find((l) => l.name === b.name);
      expect(i, b.name).toBeDefined();
      expect(i!.spells, b.name).toEqual(b.spells);
      expect(i!.points, b.name).toBe(b.points);
      if (b.factions.length === 0) expect(i!.factions, b.name).toEqual([]);
      else for (const f of b.factions) expect(i!.factions, b.name).toContain(f);
      expect(i!.manifestations.map((m) => m.name), b.name).toEqual(b.manifestations.map((m) => m.name));
      for (const m of b.manifestations) {
        const x = i!.manifestations.find((y) => y.name === m.name)!;
        const what = `${b.name}: ${m.name}`;
        expect({ move: x.move, health: x.health, save: x.save, ward: x.ward, banishment: x.banishment, baseSize: x.baseSize }, what).toEqual({
          move: m.move,
          health: m.health,
          save: m.save,
          ward: m.ward,
          banishment: m.banishment,
          baseSize: m.baseSize,
        });
        expect([...x.keywords].sort(), what).toEqual([...m.keywords].sort());
        expect(weapons(x), what).toEqual(weapons(m));
        expect(x.abilities.map((a) => a.name), what).toEqual(m.abilities.map((a) => a.name));
      }
    }
  });
});

describe("a roster's manifestation lore", () => {
  const lib = bundledLibrary();
  /** Mortek Shieldwall (1000 points, 2 endless spells at most in a 1000-point Pitched Battles army). */
  const obr = (over: Partial<RosterJson> = {}): RosterJson => ({
    name: "Test OBR",
    faction: "Ossiarch Bonereapers",
    pointsLimit: 1000,
    general: "Liege-Kavalos",
    grandStrategy: "Hold the Line",
    units: [
      { warscroll: "Liege-Kavalos" },
      { warscroll: "Mortisan Boneshaper" },
      { id: "Mortek Guard (20)", warscroll: "Mortek Guard", models: 20 },
      { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 10 },
      { warscroll: "Kavalos Deathriders" },
      { warscroll: "Gothizzar Harvester" },
    ],
    ...over,
  });
  const check = (json: RosterJson) => validateRoster(rosterSchema.parse(json), lib);

  it("[PB-ENDLESS] in a Pitched Battles 2021 army each manifestation of the lore is an endless spell: Krondspine Incarnate (1) fits a 1000-point army, Horrors of the Necropolis (3) does not", () => {
    const one = check(obr({ manifestationLore: "Krondspine Incarnate" }));
    expect(one.violations).toEqual([]);
    expect(one.counts.endlessSpells).toBe(1);
    expect(one.manifestationLore).toEqual({ name: "Krondspine Incarnate", points: 0, manifestations: ["Krondspine Incarnate of Ghur"] });
    const three = check(obr({ manifestationLore: "Horrors of the Necropolis" }));
    expect(three.violations).toEqual([
      { rule: "PB-ENDLESS", message: "A 1,000-point army can include 2 endless spells and invocations; this one has 3 (the manifestation lore Horrors of the Necropolis brings 3)." },
    ]);
    // 4th-edition armies pick a lore without that limit.
    const regiments = check(
      obr({
        mode: "regiments-4th",
        manifestationLore: "Horrors of the Necropolis",
        regiments: [
          { leader: "Liege-Kavalos", units: ["Mortek Guard (20)", "Mortek Guard (10)", "Kavalos Deathriders"] },
          { leader: "Mortisan Boneshaper", units: ["Gothizzar Harvester"] },
        ],
      }),
    );
    expect(regiments.violations.filter((v) => v.rule === "PB-ENDLESS")).toEqual([]);
  });

  it("[PB-ENDLESS] a manifestation both on the endless spells list and in the lore is a duplicate", () => {
    const r = check(obr({ manifestationLore: "Krondspine Incarnate", endlessSpells: [{ name: "Krondspine Incarnate of Ghur", points: 0 }] }));
    expect(r.violations).toEqual([{ rule: "PB-ENDLESS", message: "Krondspine Incarnate of Ghur is included 2 times; an army can include each endless spell or invocation only once." }]);
  });

  it("[PB-FACTION] [PB-ROSTER] [PB-LIMIT] another faction's lore is refused, an unknown one is named, and a lore's points count (Primal Energy: 10 takes 1000 to 1010)", () => {
    const nh = check({ ...obr(), faction: "Nighthaunt", units: [{ warscroll: "Guardian of Souls" }], general: "Guardian of Souls", manifestationLore: "Horrors of the Necropolis" });
    expect(nh.violations.filter((v) => v.rule === "PB-FACTION")).toEqual([
      { rule: "PB-FACTION", message: "The manifestation lore Horrors of the Necropolis belongs to Ossiarch Bonereapers; a Nighthaunt army cannot pick it." },
    ]);
    const unknown = check(obr({ manifestationLore: "Lore of Nothing" }));
    expect(unknown.violations).toEqual([
      { rule: "PB-ROSTER", message: 'The manifestation lore "Lore of Nothing" is not in the bundled data (it has Krondspine Incarnate, Horrors of the Necropolis, Primal Energy).' },
    ]);
    const primal = check(obr({ manifestationLore: "Primal Energy" }));
    expect(primal.points).toBe(1010);
    expect(primal.violations.map((v) => v.rule)).toEqual(["PB-LIMIT", "PB-ENDLESS"]);
  });

  it("[PB-ROSTER] the field is bounded and named: a 201-character lore name is refused", () => {
    const r = rosterSchema.safeParse(obr({ manifestationLore: "x".repeat(201) }));
    expect(r.success).toBe(false);
    expect(describeZodError(r.error!)).toBe("manifestationLore: must be at most 200 characters");
  });
});
