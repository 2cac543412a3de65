/**
 * The importer on the real BSData AoS 4 snapshot in ../shared (skipped where it is absent, e.g. a clone
 * without shared/ beside it). Profiles below were checked by hand against the XML and the printed warscrolls.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bundledLibrary, type Warscroll } from "../../src/aos/armies/index.js";
import { type BsdataImport, importBsdata } from "../../src/aos/bsdata/index.js";

const BSDATA = path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4");
const present = existsSync(path.join(BSDATA, "Age of Sigmar 4.0.gst"));
if (!present) console.warn(`[bsdata-real] skipped: no BSData snapshot at ${BSDATA}`);

describe.skipIf(!present)(`BSData import of the real snapshot (${BSDATA})`, () => {
  let imp: BsdataImport;
  beforeAll(async () => {
    imp = await importBsdata(BSDATA);
  });
  const faction = (name: string) => imp.factions.find((f) => f.faction === name)!;
  const unit = (fac: string, name: string): Warscroll => {
    const w = faction(fac).warscrolls.find((x) => x.name === name);
    if (!w) throw new Error(`${name} not imported for ${fac}`);
    return w;
  };

  it("every unit of the five bundled factions (and of the whole snapshot) parses: counts per faction", () => {
    const counts = Object.fromEntries(
      ["Ossiarch Bonereapers", "Stormcast Eternals", "Sons of Behemat", "Nighthaunt", "Flesh-eater Courts", "Seraphon", "Skaven"].map((f) => [f, [faction(f).warscrolls.length, faction(f).failures.length]]),
    );
    expect(counts).toEqual({
      "Ossiarch Bonereapers": [31, 0],
      "Stormcast Eternals": [90, 0],
      "Sons of Behemat": [11, 0],
      Nighthaunt: [35, 0],
      "Flesh-eater Courts": [31, 0],
      Seraphon: [38, 0],
      Skaven: [52, 0],
    });
    expect(imp.fileErrors).toEqual([]);
    expect(imp.factions).toHaveLength(92);
    expect(imp.factions.reduce((n, f) => n + f.warscrolls.length, 0)).toBe(2118);
    expect(imp.factions.flatMap((f) => f.failures)).toEqual([]);
    // Path to Glory's hero builders are not warscrolls.
    expect(faction("Ossiarch Bonereapers").skipped).toEqual(["Anvil of Apotheosis: Ossiarch Bonereapers Hero"]);
  });

  it("Mortek Guard: characteristics, keywords, 10 models for 110 points, one weapon", () => {
    expect(unit("Ossiarch Bonereapers", "Mortek Guard")).toMatchObject({
      move: 4, health: 1, save: 4, control: 1, ward: 6, unitSize: 10, canReinforce: true, points: 110, baseSize: "25mm",
      keywords: ["INFANTRY", "OSSIARCH BONEREAPERS", "WARD (6+)", "DEATH", "CHAMPION", "STANDARD BEARER (1/10)"],
      weapons: [{ name: "Nadirite Blades", type: "melee", attacks: 2, hit: 3, wound: 4, rend: 0, damage: 1, abilities: ["Anti-CAVALRY (+1 Rend)"] }],
    });
    expect(unit("Ossiarch Bonereapers", "Mortek Guard").abilities.map((a) => a.name)).toEqual(["Shields of the Legion"]);
  });

  it("Liege-Kavalos: a HERO with a Companion mount and regiment options", () => {
    const w = unit("Ossiarch Bonereapers", "Liege-Kavalos");
    expect(w).toMatchObject({ move: 10, health: 7, save: 3, control: 2, points: 180, unitSize: 1, canReinforce: false, battlefieldRoles: ["Leader"], baseSize: "80mm" });
    expect(w.keywords).toContain("RELENTLESS DISCIPLINE (6)");
    expect(w.weapons.map((x) => [x.name, x.attacks, x.hit, x.wound, x.rend, x.damage, x.abilities])).toEqual([
      ["Commander's Blade", 5, 3, 4, 1, 2, ["Charge (+1 Damage)"]],
      ["Kavalos Steed's Hooves, Teeth, and Barbed Tails", 4, 5, 3, 0, 1, ["Companion"]],
    ]);
    expect(w.abilities.map((a) => a.name)).toEqual(["Deathrider Commander", "Master of Cavalry"]);
    expect(w.regimentOptions).toEqual([{ keywords: ["OSSIARCH BONEREAPERS"] }]);
  });

  it("Mortisan Boneshaper: regiment options name a keyword and a unit", () => {
    expect(unit("Ossiarch Bonereapers", "Mortisan Boneshaper").regimentOptions).toEqual([{ keywords: ["INFANTRY"] }, { unit: "Gothizzar Harvester" }]);
  });

  it("Liberators: 1 in 5 carries a Grandhammer instead of a Warhammer", () => {
    const w = unit("Stormcast Eternals", "Liberators");
    expect(w).toMatchObject({ move: 5, health: 2, save: 3, control: 1, ward: null, unitSize: 5, points: 90 });
    expect(w.weapons).toEqual([
      { name: "Grandhammer", type: "melee", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 2, abilities: ["Crit (Mortal)"], models: 1 },
      { name: "Warhammer", type: "melee", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 1, abilities: ["Crit (Mortal)"], models: 4 },
    ]);
  });

  it("Stormdrake Guard: the Lance is the default choice, the Warblade an option", () => {
    const w = unit("Stormcast Eternals", "Stormdrake Guard");
    expect(w).toMatchObject({ health: 9, control: 5, unitSize: 2, points: 310, battlefieldRoles: ["Behemoth"] });
    expect(w.weapons.map((x) => [x.name, x.type, x.models])).toEqual([
      ["Draconith's Fangs and Talons", "melee", undefined],
      ["Draconic Flamestream", "ranged", undefined],
      ["Drakerider's Lance", "melee", undefined],
      ["Drakerider's Warblade", "melee", 0],
    ]);
    expect(w.weapons[2]!.abilities).toEqual(["Charge (+1 Damage)", "Anti-INFANTRY (+1 Rend)"]);
  });

  it("Celestar Ballista: a D6+6-attack ranged weapon with its range", () => {
    expect(unit("Stormcast Eternals", "Celestar Ballista").weapons[0]).toEqual({
      name: "Celestar Stormbolts", type: "ranged", range: 18, attacks: "D6+6", hit: 4, wound: 2, rend: 1, damage: 1, abilities: ["Anti-MONSTER (+1 Rend)", "Crit (2 Hits)"],
    });
  });

  it("Celestant-Prime: a weapon whose Wound is set by an ability is left out, with a note", () => {
    const w = unit("Stormcast Eternals", "Celestant-Prime, Hammer of Sigmar");
    expect(w.weapons.map((x) => x.name)).toEqual(["Ghal Maraz"]);
    expect(w.notes).toBe(`Not imported: weapon "Cometstrike Sceptre": Wound "⟝See 'Cometstrike Sceptre' ability⟞" is not a roll like 4+.`);
  });

  it("Gatebreaker Mega-Gargant and Mancrusher Mob: Health 35, Control 20; a 3-model unit that cannot be reinforced", () => {
    expect(unit("Sons of Behemat", "Gatebreaker Mega-Gargant")).toMatchObject({ health: 35, save: 4, control: 20, points: 490, battlefieldRoles: ["Leader", "Behemoth"] });
    expect(unit("Sons of Behemat", "Gatebreaker Mega-Gargant").weapons[0]).toEqual({ name: "Hurled Boulder", type: "ranged", range: 18, attacks: 1, hit: 3, wound: 2, rend: 3, damage: 4, abilities: [] });
    expect(unit("Sons of Behemat", "Mancrusher Mob")).toMatchObject({ unitSize: 3, canReinforce: false, points: 350, health: 12, control: 10 });
  });

  it("Lady Olynder and the Royal Terrorgheist: ward 5+, WIZARD (2), D6 and D3+3 damage", () => {
    const o = unit("Nighthaunt", "Lady Olynder, Mortarch of Grief");
    expect(o).toMatchObject({ ward: 5, points: 320, health: 7 });
    expect(o.keywords).toContain("WIZARD (2)");
    expect(o.weapons.find((x) => x.name === "Horrifying Visage")).toEqual({ name: "Horrifying Visage", type: "ranged", range: 12, attacks: 1, hit: 2, wound: 2, rend: 3, damage: "D6", abilities: ["Crit (Auto-wound)", "Shoot in Combat"] });
    expect(unit("Flesh-eater Courts", "Royal Terrorgheist").weapons[1]).toMatchObject({ name: "Terrorgheist's Fanged Maw", damage: "D3+3", abilities: ["Crit (Mortal)", "Companion"] });
    expect(unit("Flesh-eater Courts", "Crypt Ghouls")).toMatchObject({ unitSize: 20, points: 140, save: 6 });
  });

  it("Bone-tithe Nexus, Chaos Spawn and the Conqueror Cogfort: Move and Control '-', Move 2D6, 6D6 attacks", () => {
    expect(unit("Ossiarch Bonereapers", "Bone-tithe Nexus")).toMatchObject({ move: null, control: null, health: 13, points: 0 });
    expect(unit("Slaves to Darkness", "Chaos Spawn").move).toBe("2D6");
    expect(unit("Cities of Sigmar", "Conqueror Cogfort").weapons[0]!.attacks).toBe("6D6");
  });

  it("[PB-REALM-FERAL-ROAR] Battle Damaged: 228 warscrolls (116 names) read as numbers, 16 (6 names) of other forms noted as not modelled", () => {
    const all = imp.factions.flatMap((f) => f.warscrolls);
    const notModelled = (w: Warscroll) => /Battle Damaged (not modelled|names)/.test(w.notes ?? "");
    expect([all.filter((w) => w.battleDamaged).length, all.filter(notModelled).length]).toEqual([228, 16]);
    const names = (ws: Warscroll[]) => new Set(ws.map((w) => w.name)).size;
    expect([names(all.filter((w) => w.battleDamaged)), names(all.filter(notModelled))]).toEqual([116, 6]);
    // Forms: Attacks of one weapon; with Control; bulleted with Control.
    expect(unit("Sons of Behemat", "Gatebreaker Mega-Gargant").battleDamaged).toEqual({ damagePoints: 15, weapons: [{ name: "Fortcrusha Flail", attacks: 4 }], control: 10 });
    expect(unit("Stormcast Eternals", "Lord-Celestant on Stardrake").battleDamaged).toEqual({ damagePoints: 10, weapons: [{ name: "Stardrake's Cavernous Jaws", attacks: 4 }] });
    expect(unit("Cities of Sigmar", "Conqueror Cogfort").battleDamaged).toEqual({ damagePoints: 10, weapons: [{ name: "Crushing Iron Feet", attacks: 3 }], control: 5 });
    // Not modelled: another effect (a power level), with the reason in the notes.
    const nagash = unit("Ossiarch Bonereapers", "Nagash, Supreme Lord of the Undead");
    expect(nagash.battleDamaged).toBeUndefined();
    expect(nagash.notes).toContain('Battle Damaged not modelled: "While this unit has 10 or more damage points, subtract 3 from its power level."');
  });

  it("every bundled warscroll matches the snapshot: characteristics, keywords, size, points, weapons and regiment options", () => {
    const mismatches: string[] = [];
    for (const b of bundledLibrary().warscrolls) {
      const r = faction(b.faction).warscrolls.find((x) => x.name === b.name);
      if (!r) {
        mismatches.push(`${b.name}: not in BSData`);
        continue;
      }
      for (const k of ["move", "health", "save", "control", "ward", "unitSize", "canReinforce", "points", "baseSize"] as const)
        if (b[k] !== r[k]) mismatches.push(`${b.name}: ${k} ${String(b[k])} vs ${String(r[k])}`);
      if ([...b.keywords].sort().join() !== [...r.keywords].sort().join()) mismatches.push(`${b.name}: keywords`);
      const key = (w: Warscroll["weapons"][number]) => JSON.stringify([w.name, w.type, w.range, w.attacks, w.hit, w.wound, w.rend, w.damage, [...w.abilities].sort(), w.models]);
      if (b.weapons.map(key).sort().join() !== r.weapons.map(key).sort().join()) mismatches.push(`${b.name}: weapons`);
      if (b.regimentOptions && JSON.stringify(b.regimentOptions) !== JSON.stringify(r.regimentOptions)) mismatches.push(`${b.name}: regiment options`);
      // PB-REALM-FERAL-ROAR: Battle Damaged as numbers, typed where BSData has it (and only there).
      if (JSON.stringify(b.battleDamaged) !== JSON.stringify(r.battleDamaged)) mismatches.push(`${b.name}: battleDamaged ${JSON.stringify(b.battleDamaged)} vs ${JSON.stringify(r.battleDamaged)}`);
      // Bundled abilities are a typed selection: each must be one the warscroll has.
      for (const a of b.abilities) if (!r.abilities.some((x) => x.name === a.name)) mismatches.push(`${b.name}: ability ${a.name}`);
    }
    expect(mismatches).toEqual([]);
    expect(bundledLibrary().warscrolls).toHaveLength(42);
  });
});
