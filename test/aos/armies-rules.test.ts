/**
 * One roster per army rule: the legal base passes; each variant breaks exactly one rule and fails with
 * exactly that violation (rule ID and sentence). Points and counts are worked out by hand from the bundled
 * warscrolls (data/aos/warscrolls/*.json).
 */
import { describe, expect, it } from "vitest";
import {
  bundledLibrary,
  checkRoster,
  PITCHED_BATTLES_2021,
  type RosterJson,
  type WarscrollJson,
  type WarscrollLibrary,
  validateRoster,
  rosterSchema,
  warscrollSchema,
} from "../../src/aos/armies/index.js";

const lib = bundledLibrary();

/** Mortek Shieldwall: 180 + 140 + 220 + 110 + 150 + 200 = 1000 points; 2 Leaders, 3 Battleline, 1 Behemoth, 1 reinforced. */
function obr1000(): RosterJson {
  return {
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
  };
}

/** A 4th-edition Stormcast army: 110 + 180 + 90 + 130 + 120 + 120 = 750 points in 2 regiments. */
function sce1000regiments(): RosterJson {
  return {
    name: "Test SCE",
    faction: "Stormcast Eternals",
    mode: "regiments-4th",
    pointsLimit: 1000,
    general: "Lord-Imperatant",
    units: [
      { warscroll: "Lord-Imperatant" },
      { warscroll: "Liberators", models: 10 },
      { warscroll: "Vindictors" },
      { warscroll: "Annihilators" },
      { warscroll: "Knight-Arcanum" },
      { warscroll: "Praetors" },
    ],
    regiments: [
      { leader: "Lord-Imperatant", units: ["Liberators", "Vindictors", "Annihilators"] },
      { leader: "Knight-Arcanum", units: ["Praetors"] },
    ],
  };
}

const check = (r: RosterJson, l: WarscrollLibrary = lib) => checkRoster(r, l);
const only = (r: RosterJson, l: WarscrollLibrary = lib) => check(r, l).violations;

describe("a legal roster passes", () => {
  it("[PB-LIMIT] [PB-ROLES] the 1000-point Ossiarch Bonereapers base roster costs exactly 1000 and breaks no rule", () => {
    const r = check(obr1000());
    expect(r.violations).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.points).toBe(1000);
    expect(r.counts).toMatchObject({ leaders: 2, battleline: 3, behemoths: 1, artillery: 0, reinforced: 1, alliesPoints: 0 });
  });

  it("[AOS4-REGIMENTS] the 4th-edition Stormcast base roster (2 regiments, 750 points) breaks no rule", () => {
    const r = check(sce1000regiments());
    expect(r.violations).toEqual([]);
    expect(r.points).toBe(750);
  });
});

describe("PB-ROSTER", () => {
  it("[PB-ROSTER] a roster naming a unit that does not exist fails, with the close name suggested", () => {
    const r = obr1000();
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Gaurd", models: 10 };
    expect(only(r)).toEqual([
      { rule: "PB-ROSTER", message: '"Mortek Gaurd" is not a warscroll in the bundled data (did you mean "Mortek Guard"?).' },
    ]);
  });

  it("[PB-ROSTER] the general must be a unit of the roster", () => {
    const r = obr1000();
    r.general = "Katakros";
    expect(only(r)).toEqual([{ rule: "PB-ROSTER", message: 'The general names "Katakros", which is not a unit of this roster.' }]);
  });

  it("[PB-ROSTER] a reference two id-less units share is ambiguous", () => {
    const r = obr1000();
    r.units[2] = { warscroll: "Mortek Guard", models: 20 };
    r.units[3] = { warscroll: "Mortek Guard", models: 10 };
    r.enhancements = [{ type: "artefact", name: "Some Relic", unit: "Mortek Guard" }];
    expect(only(r)).toEqual([
      { rule: "PB-ROSTER", message: 'The artefact Some Relic names "Mortek Guard", but 2 units go by that name; give them ids and use one.' },
    ]);
  });

  it("[PB-ROSTER] two units cannot share an id", () => {
    const r = obr1000();
    r.units[3] = { id: "Mortek Guard (20)", warscroll: "Mortek Guard", models: 10 };
    expect(only(r)).toEqual([{ rule: "PB-ROSTER", message: '2 units have the id "Mortek Guard (20)"; give each unit its own id.' }]);
  });

  it("[PB-ROSTER] a file that is not a roster is an input error naming the field, not a violation", () => {
    expect(() => check({ faction: "Nighthaunt" } as unknown as RosterJson)).toThrow(/pointsLimit: is required/);
    expect(() => check([] as unknown as RosterJson)).toThrow(/roster: \(the input\): Invalid input: expected object/);
  });

  it("[PB-ROSTER] negative points, absurd unit counts and names over 200 characters are rejected by the schema", () => {
    const neg = { ...obr1000(), endlessSpells: [{ name: "Nightmare Predator", points: -40 }] };
    expect(() => check(neg)).toThrow("roster: endlessSpells[0].points: points cannot be negative");
    expect(() => check({ ...obr1000(), pointsLimit: -1000 })).toThrow("roster: pointsLimit: pointsLimit must be positive");
    const many = { ...obr1000(), units: Array.from({ length: 61 }, () => ({ warscroll: "Mortek Guard" })) };
    expect(() => check(many)).toThrow("roster: units: at most 60 units");
    expect(() => check({ ...obr1000(), name: "x".repeat(201) })).toThrow("roster: name: must be at most 200 characters");
  });
});

describe("PB-GS-PICK", () => {
  it("[PB-GS-PICK] a Pitched Battles roster must name its grand strategy", () => {
    const r = obr1000();
    delete r.grandStrategy;
    expect(only(r)).toEqual([
      {
        rule: "PB-GS-PICK",
        message:
          "The roster names no grand strategy; pick 1 (Sever the Head, Hold the Line, Vendetta, Dominating Presence, Beast Master, Prized Sorcery, Pillars of Belief, Predator's Domain).",
      },
    ]);
  });
});

describe("PB-LIMIT", () => {
  it("[PB-LIMIT] 1000 points: a Mortisan Soulreaper more (120) puts the army 120 over", () => {
    const r = obr1000();
    r.units.push({ warscroll: "Mortisan Soulreaper" });
    const rep = check(r);
    expect(rep.points).toBe(1120);
    expect(rep.violations).toEqual([{ rule: "PB-LIMIT", message: "The army costs 1,120 points, 120 over the 1,000-point limit." }]);
  });

  it("[PB-LIMIT] the points limit must be one the table has (1000 or 2000)", () => {
    expect(only({ ...obr1000(), pointsLimit: 1500 })).toEqual([
      { rule: "PB-LIMIT", message: "1,500 points is not a Pitched Battles points limit; the table has 1,000 and 2,000." },
    ]);
  });

  it("[PB-LIMIT] 2000 points: the same army is legal under the 2000-point column", () => {
    const rep = check({ ...obr1000(), pointsLimit: 2000 });
    expect(rep.violations).toEqual([]);
    expect(rep.valid).toBe(true);
  });

  it("[PB-LIMIT] the table is data a user can override: a 1500 column with Battleline ≥4", () => {
    const table = { ...PITCHED_BATTLES_2021, "1500": { ...PITCHED_BATTLES_2021["1000"]!, battleline: { min: 4 } } };
    const rep = validateRoster(rosterSchema.parse({ ...obr1000(), pointsLimit: 1500 }), lib, table);
    expect(rep.violations).toEqual([{ rule: "PB-ROLES", message: "A 1,500-point army needs at least 4 Battleline units; this one has 3." }]);
  });
});

describe("PB-FACTION", () => {
  it("[PB-FACTION] a Stormcast unit in an Ossiarch Bonereapers army breaks the one-faction rule", () => {
    const r = obr1000();
    r.units[1] = { warscroll: "Liberators" };
    expect(only(r)).toEqual([
      {
        rule: "PB-FACTION",
        message: "Liberators is a Stormcast Eternals unit; every unit of an Ossiarch Bonereapers army must be Ossiarch Bonereapers unless it is an ally or a coalition unit.",
      },
    ]);
  });

  it("[PB-FACTION] the same unit as an ally is ignored for the faction check (950 points, 90 of allies)", () => {
    const r = obr1000();
    r.units[1] = { warscroll: "Liberators", ally: true };
    const rep = check(r);
    expect(rep.violations).toEqual([]);
    expect(rep.points).toBe(950);
    expect(rep.counts.alliesPoints).toBe(90);
  });

  it("[PB-FACTION] a faction the data does not have is reported once", () => {
    expect(only({ ...obr1000(), faction: "Ossiarch Bonereaper" })).toEqual([
      {
        rule: "PB-FACTION",
        message: '"Ossiarch Bonereaper" is not a faction in the bundled data (it has Flesh-eater Courts, Nighthaunt, Ossiarch Bonereapers, Sons of Behemat, Stormcast Eternals).',
      },
    ]);
  });
});

describe("PB-ROLES", () => {
  it("[PB-ROLES] a 1000-point army needs 2 Battleline units", () => {
    const r = obr1000();
    r.units = r.units.filter((u) => u.id !== "Mortek Guard (10)" && u.warscroll !== "Kavalos Deathriders");
    expect(only(r)).toEqual([{ rule: "PB-ROLES", message: "A 1,000-point army needs at least 2 Battleline units; this one has 1." }]);
  });

  it("[PB-ROLES] a 1000-point army can include at most 4 Leaders", () => {
    const r: RosterJson = {
      ...obr1000(),
      units: [
        { warscroll: "Liege-Kavalos" },
        { warscroll: "Mortisan Boneshaper" },
        { id: "Reaper 1", warscroll: "Mortisan Soulreaper" },
        { id: "Reaper 2", warscroll: "Mortisan Soulreaper" },
        { id: "Reaper 3", warscroll: "Mortisan Soulreaper" },
        { id: "Guard 1", warscroll: "Mortek Guard" },
        { id: "Guard 2", warscroll: "Mortek Guard" },
      ],
    };
    const rep = check(r);
    expect(rep.points).toBe(180 + 140 + 3 * 120 + 2 * 110);
    expect(rep.violations).toEqual([{ rule: "PB-ROLES", message: "A 1,000-point army can include at most 4 Leaders; this one has 5." }]);
  });

  it("[PB-ROLES] a 1000-point army can include at most 2 Behemoths", () => {
    const r: RosterJson = {
      ...obr1000(),
      units: [
        { warscroll: "Liege-Kavalos" },
        { id: "Guard 1", warscroll: "Mortek Guard" },
        { id: "Guard 2", warscroll: "Mortek Guard" },
        { id: "Harvester 1", warscroll: "Gothizzar Harvester" },
        { id: "Harvester 2", warscroll: "Gothizzar Harvester" },
        { id: "Harvester 3", warscroll: "Gothizzar Harvester" },
      ],
    };
    expect(check(r).points).toBe(1000);
    expect(only(r)).toEqual([{ rule: "PB-ROLES", message: "A 1,000-point army can include at most 2 Behemoths; this one has 3." }]);
  });

  it("[PB-ROLES] a 1000-point army can include at most 2 Artillery units", () => {
    const r: RosterJson = {
      name: "Ballistas",
      faction: "Stormcast Eternals",
      pointsLimit: 1000,
      general: "Lord-Imperatant",
      grandStrategy: "Vendetta",
      units: [
        { warscroll: "Lord-Imperatant" },
        { warscroll: "Liberators" },
        { warscroll: "Vindictors" },
        { id: "Ballista 1", warscroll: "Celestar Ballista" },
        { id: "Ballista 2", warscroll: "Celestar Ballista" },
        { id: "Ballista 3", warscroll: "Celestar Ballista" },
      ],
    };
    expect(check(r).points).toBe(110 + 90 + 90 + 360);
    expect(only(r)).toEqual([{ rule: "PB-ROLES", message: "A 1,000-point army can include at most 2 Artillery units; this one has 3." }]);
  });

  it("[PB-ROLES] the general must be a Leader", () => {
    expect(only({ ...obr1000(), general: "Mortek Guard (20)" })).toEqual([
      { rule: "PB-ROLES", message: "The general must be a Leader; Mortek Guard (20) is not." },
    ]);
  });

  it("[PB-ROLES] Leader+Behemoth counts as both; Battleline+Behemoth does not count toward the Behemoth maximum", () => {
    // Sons of Behemat, 2000: 3 Mega-Gargants (Leader, Behemoth) and 4 Mancrusher Gargants (Battleline, Behemoth).
    const r: RosterJson = {
      name: "Gargants",
      faction: "Sons of Behemat",
      pointsLimit: 2000,
      general: "Gatebreaker Mega-Gargant",
      grandStrategy: "Beast Master",
      units: [
        { warscroll: "Gatebreaker Mega-Gargant" },
        { warscroll: "Warstomper Mega-Gargant" },
        { warscroll: "Beast-smasher Mega-Gargant" },
        ...[1, 2, 3, 4].map((i) => ({ id: `Mancrusher ${i}`, warscroll: "Mancrusher Gargant" })),
      ],
    };
    const rep = check(r);
    expect(rep.violations).toEqual([]);
    expect(rep.points).toBe(490 + 450 + 470 + 4 * 120);
    expect(rep.counts).toMatchObject({ leaders: 3, battleline: 4, behemoths: 3 });
  });
});

describe("PB-BATTALIONS", () => {
  it("[PB-BATTALIONS] core battalions are allowed", () => {
    expect(only({ ...obr1000(), battalions: [{ name: "Battle Regiment", kind: "core", units: ["Liege-Kavalos", "Mortek Guard (20)"] }] })).toEqual([]);
  });

  it("[PB-BATTALIONS] warscroll battalions are not", () => {
    expect(only({ ...obr1000(), battalions: [{ name: "Mortek Ossifex Cohort", kind: "warscroll" }] })).toEqual([
      { rule: "PB-BATTALIONS", message: "Mortek Ossifex Cohort is a warscroll battalion; Pitched Battles allow core battalions only." },
    ]);
  });
});

describe("PB-REINFORCED", () => {
  it("[PB-REINFORCED] a 1000-point army can include 2 reinforced units; 3 fail", () => {
    const r: RosterJson = {
      ...obr1000(),
      units: [
        { warscroll: "Liege-Kavalos" },
        { id: "Guard A", warscroll: "Mortek Guard", models: 20 },
        { id: "Guard B", warscroll: "Mortek Guard", reinforced: 1 },
        { warscroll: "Kavalos Deathriders", models: 10 },
      ],
    };
    const rep = check(r);
    expect(rep.points).toBe(180 + 220 + 220 + 300);
    expect(rep.violations).toEqual([
      { rule: "PB-REINFORCED", message: "A 1,000-point army can include 2 reinforced units; this one has 3 (a unit reinforced twice counts as 2)." },
    ]);
  });

  it("[PB-REINFORCED] Battleline can be reinforced twice (3x size, 3x points, counts as 2)", () => {
    const r: RosterJson = {
      ...obr1000(),
      units: [{ warscroll: "Liege-Kavalos" }, { id: "Guard 30", warscroll: "Mortek Guard", models: 30 }, { id: "Guard 10", warscroll: "Mortek Guard" }, { warscroll: "Kavalos Deathriders" }],
    };
    const rep = check(r);
    expect(rep.violations).toEqual([]);
    expect(rep.points).toBe(180 + 330 + 110 + 150);
    expect(rep.counts.reinforced).toBe(2);
    expect(rep.units[1]).toMatchObject({ models: 30, reinforced: 2, points: 330 });
  });

  it("[PB-REINFORCED] only Battleline units can be reinforced twice", () => {
    const r = obr1000();
    r.units[2] = { id: "Mortek Guard (20)", warscroll: "Mortek Guard" };
    r.units[5] = { warscroll: "Necropolis Stalkers", models: 9 };
    r.units.splice(1, 1);
    // 180 + 110 + 110 + 150 + 390 = 940; the Stalkers count 2 toward the limit of 2.
    expect(check(r).points).toBe(940);
    expect(only(r)).toEqual([
      { rule: "PB-REINFORCED", message: "Necropolis Stalkers is reinforced twice, but only Battleline units can be; it is not Battleline." },
    ]);
  });

  it("[PB-REINFORCED] no understrength units", () => {
    const r = obr1000();
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 8 };
    expect(only(r)).toEqual([
      { rule: "PB-REINFORCED", message: "Mortek Guard (10) has 8 models; its minimum unit size is 10, and understrength units are not allowed." },
    ]);
  });

  it("[PB-REINFORCED] a size between the steps is refused", () => {
    const r = obr1000();
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 15 };
    expect(only(r)).toEqual([
      { rule: "PB-REINFORCED", message: "Mortek Guard (10) has 15 models; it must have 10, 20 (reinforced) or 30 (reinforced twice)." },
    ]);
  });

  it("[PB-REINFORCED] a size with no points is listed with the roster's models and no points, and left out of the total (named in unpriced)", () => {
    const r = obr1000();
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 15 };
    const rep = check(r);
    // Points are per minimum-size unit (x2 reinforced, x3 twice): 15 models has none; 1000 - 110 = 890 are counted.
    expect(rep.units[3]).toMatchObject({ label: "Mortek Guard (10)", models: 15, reinforced: 0, points: null });
    expect(rep.points).toBe(890);
    expect(rep.unpriced).toEqual(["Mortek Guard (10)"]);
    // Understrength, and a size that contradicts `reinforced`, are sizes with no points too.
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 8 };
    expect(check(r).units[3]).toMatchObject({ models: 8, points: null });
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 10, reinforced: 1 };
    expect(check(r).units[3]).toMatchObject({ models: 10, reinforced: 1, points: null });
    // A legal size is unchanged: its points, no unpriced unit.
    expect(check(obr1000())).toMatchObject({ points: 1000, unpriced: [] });
  });

  it("[PB-REINFORCED] models and reinforced must agree", () => {
    const r = obr1000();
    r.units[3] = { id: "Mortek Guard (10)", warscroll: "Mortek Guard", models: 10, reinforced: 1 };
    r.units.splice(4, 1);
    expect(only(r)).toEqual([{ rule: "PB-REINFORCED", message: "Mortek Guard (10) has 10 models, but a reinforced unit has 20." }]);
  });

  it("[PB-REINFORCED] a single-model unit cannot be reinforced (25.3.2, 3.3)", () => {
    const r = obr1000();
    r.units = r.units.filter((u) => u.warscroll !== "Mortisan Boneshaper" && u.warscroll !== "Kavalos Deathriders");
    r.units[r.units.length - 1] = { warscroll: "Gothizzar Harvester", reinforced: 1 };
    expect(check(r).points).toBe(180 + 220 + 110 + 400);
    expect(only(r)).toEqual([{ rule: "PB-REINFORCED", message: "Gothizzar Harvester is a single model and cannot be reinforced." }]);
  });

  it("[PB-REINFORCED] a unit whose profile forbids it cannot be reinforced (3.3)", () => {
    const r: RosterJson = {
      name: "Flayers",
      faction: "Flesh-eater Courts",
      pointsLimit: 1000,
      general: "Abhorrant Archregent",
      grandStrategy: "Vendetta",
      units: [{ warscroll: "Abhorrant Archregent" }, { id: "Ghouls A", warscroll: "Crypt Ghouls" }, { id: "Ghouls B", warscroll: "Crypt Ghouls" }, { warscroll: "Crypt Flayers", models: 6 }],
    };
    expect(only(r)).toEqual([{ rule: "PB-REINFORCED", message: "Crypt Flayers cannot be reinforced (its battle profile says so)." }]);
  });
});

describe("PB-ALLIES", () => {
  it("[PB-ALLIES] a 1000-point army can spend at most 200 points on allies", () => {
    const r = obr1000();
    r.units = r.units.filter((u) => u.warscroll !== "Mortisan Boneshaper" && u.warscroll !== "Gothizzar Harvester");
    r.units.push({ warscroll: "Grimghast Reapers", ally: true }, { warscroll: "Spirit Torment", ally: true });
    const rep = check(r);
    expect(rep.points).toBe(660 + 300);
    expect(rep.violations).toEqual([{ rule: "PB-ALLIES", message: "Allies cost 300 points; a 1,000-point army can spend at most 200 on allies." }]);
  });

  it("[PB-ALLIES] allied Battleline units do not count toward the Battleline minimum", () => {
    const r = obr1000();
    r.units = r.units.filter((u) => u.id !== "Mortek Guard (10)" && u.warscroll !== "Kavalos Deathriders");
    r.units.push({ warscroll: "Chainrasps", ally: true });
    expect(only(r)).toEqual([
      { rule: "PB-ALLIES", message: "A 1,000-point army needs at least 2 Battleline units; this one has 1 (Chainrasps is allied and does not count)." },
    ]);
  });

  it("[PB-ALLIES] allied Leaders count toward the Leader maximum", () => {
    const r: RosterJson = {
      ...obr1000(),
      units: [
        { warscroll: "Liege-Kavalos" },
        { warscroll: "Mortisan Boneshaper" },
        { id: "Reaper 1", warscroll: "Mortisan Soulreaper" },
        { id: "Reaper 2", warscroll: "Mortisan Soulreaper" },
        { warscroll: "Guardian of Souls", ally: true },
        { id: "Guard 1", warscroll: "Mortek Guard" },
        { id: "Guard 2", warscroll: "Mortek Guard" },
      ],
    };
    expect(only(r)).toEqual([{ rule: "PB-ROLES", message: "A 1,000-point army can include at most 4 Leaders; this one has 5." }]);
  });

  it("[PB-ALLIES] allied units cannot be given enhancements", () => {
    const r = obr1000();
    r.units[1] = { warscroll: "Guardian of Souls", ally: true };
    r.enhancements = [{ type: "artefact", name: "Lantern of the Lost", unit: "Guardian of Souls" }];
    expect(only(r)).toEqual([{ rule: "PB-ALLIES", message: "Guardian of Souls is an allied unit and cannot be given enhancements (Lantern of the Lost)." }]);
  });
});

describe("PB-COALITION", () => {
  it("[PB-COALITION] coalition units are ignored for the faction check and can be given enhancements", () => {
    const r = obr1000();
    r.units[1] = { warscroll: "Guardian of Souls", coalition: true };
    r.enhancements = [{ type: "artefact", name: "Lantern of the Lost", unit: "Guardian of Souls" }];
    const rep = check(r);
    expect(rep.violations).toEqual([]);
    expect(rep.points).toBe(960);
  });

  it("[PB-COALITION] coalition Battleline units do not count toward the Battleline minimum", () => {
    const r = obr1000();
    r.units = r.units.filter((u) => u.id !== "Mortek Guard (10)" && u.warscroll !== "Kavalos Deathriders");
    r.units.push({ warscroll: "Chainrasps", coalition: true });
    expect(only(r)).toEqual([
      { rule: "PB-COALITION", message: "A 1,000-point army needs at least 2 Battleline units; this one has 1 (Chainrasps is coalition and does not count)." },
    ]);
  });

  it("[PB-COALITION] coalition units count toward the Behemoth maximum", () => {
    // 140 + 2 x 110 + 2 x 200 + 240 = 1000.
    const r: RosterJson = {
      ...obr1000(),
      general: "Mortisan Boneshaper",
      units: [
        { warscroll: "Mortisan Boneshaper" },
        { id: "Guard 1", warscroll: "Mortek Guard" },
        { id: "Guard 2", warscroll: "Mortek Guard" },
        { id: "Harvester 1", warscroll: "Gothizzar Harvester" },
        { id: "Harvester 2", warscroll: "Gothizzar Harvester" },
        { warscroll: "Royal Terrorgheist", coalition: true },
      ],
    };
    expect(check(r).points).toBe(1000);
    expect(only(r)).toEqual([{ rule: "PB-ROLES", message: "A 1,000-point army can include at most 2 Behemoths; this one has 3." }]);
  });
});

describe("PB-ENDLESS", () => {
  it("[PB-ENDLESS] a 1000-point army can include 2 endless spells and invocations; their points count", () => {
    const r = obr1000();
    r.units = r.units.filter((u) => u.warscroll !== "Gothizzar Harvester");
    r.endlessSpells = [
      { name: "Nightmare Predator", points: 60 },
      { name: "Soulstealer Carrion", points: 50 },
      { name: "Bone-tithe Shrieker", kind: "invocation", points: 40 },
    ];
    const rep = check(r);
    expect(rep.points).toBe(800 + 150);
    expect(rep.violations).toEqual([{ rule: "PB-ENDLESS", message: "A 1,000-point army can include 2 endless spells and invocations; this one has 3." }]);
  });

  it("[PB-ENDLESS] the same endless spell cannot be included twice", () => {
    const r = obr1000();
    r.endlessSpells = [{ name: "Nightmare Predator" }, { name: "Nightmare Predator" }];
    expect(only(r)).toEqual([
      { rule: "PB-ENDLESS", message: "Nightmare Predator is included 2 times; an army can include each endless spell or invocation only once." },
    ]);
  });
});

describe("PB-TRAIT", () => {
  it("[PB-TRAIT] one command trait on the HERO general is legal", () => {
    expect(only({ ...obr1000(), enhancements: [{ type: "command trait", name: "Peerless Warrior", unit: "Liege-Kavalos" }] })).toEqual([]);
  });

  it("[PB-TRAIT] only 1 command trait per army", () => {
    const r = {
      ...obr1000(),
      enhancements: [
        { type: "command trait" as const, name: "Peerless Warrior", unit: "Liege-Kavalos" },
        { type: "command trait" as const, name: "Mighty Archaeossian", unit: "Liege-Kavalos" },
      ],
    };
    expect(only(r)).toEqual([{ rule: "PB-TRAIT", message: "An army can have only 1 command trait; this one has 2 (Peerless Warrior, Mighty Archaeossian)." }]);
  });

  it("[PB-TRAIT] only the general can have the command trait", () => {
    expect(only({ ...obr1000(), enhancements: [{ type: "command trait", name: "Peerless Warrior", unit: "Mortisan Boneshaper" }] })).toEqual([
      { rule: "PB-TRAIT", message: "The command trait Peerless Warrior is on Mortisan Boneshaper; only the general can have a command trait." },
    ]);
  });

  it("[PB-TRAIT] a general that is not a HERO cannot have a command trait (27.3.2)", () => {
    // A Leader without the HERO keyword (a test warscroll): the general is legal, the trait is not.
    const warlord: WarscrollJson = { name: "Bone Warlord", faction: "Ossiarch Bonereapers", move: 5, health: 5, save: 4, control: 2, keywords: ["OSSIARCH BONEREAPERS"], battlefieldRoles: ["Leader"], unitSize: 1, points: 100 };
    const custom: WarscrollLibrary = { source: "a test library", warscrolls: [...lib.warscrolls, warscrollSchema.parse(warlord)] };
    const r = obr1000();
    r.units[0] = { warscroll: "Bone Warlord" };
    r.general = "Bone Warlord";
    r.enhancements = [{ type: "command trait", name: "Peerless Warrior", unit: "Bone Warlord" }];
    expect(only(r, custom)).toEqual([{ rule: "PB-TRAIT", message: "The command trait Peerless Warrior needs a general that is a HERO; Bone Warlord is not." }]);
  });
});

describe("AOS4-REGIMENTS", () => {
  it("[AOS4-REGIMENTS] a 4th-edition army needs at least 1 regiment; every unit belongs to one", () => {
    const r = sce1000regiments();
    r.regiments = [];
    expect(only(r)).toEqual([
      { rule: "AOS4-REGIMENTS", message: "A 4th-edition army needs at least 1 regiment; this one has none." },
      ...["Lord-Imperatant", "Liberators", "Vindictors", "Annihilators", "Knight-Arcanum", "Praetors"].map((u) => ({
        rule: "AOS4-REGIMENTS",
        message: `${u} is in no regiment; every unit of a 4th-edition army belongs to a regiment or the Regiment of Renown.`,
      })),
    ]);
  });

  it("[AOS4-REGIMENTS] at most 5 regiments", () => {
    const heroes = ["Lord-Imperatant", "Knight-Arcanum"];
    const units = [0, 1, 2, 3, 4, 5].map((i) => ({ id: `Hero ${i}`, warscroll: heroes[i % 2]! }));
    const r: RosterJson = { ...sce1000regiments(), general: "Hero 0", units, regiments: units.map((u) => ({ leader: u.id, units: [] })) };
    expect(check(r).points).toBe(3 * 110 + 3 * 120);
    expect(only(r)).toEqual([{ rule: "AOS4-REGIMENTS", message: "A 4th-edition army can include at most 5 regiments; this one has 6." }]);
  });

  it("[AOS4-REGIMENTS] a regiment takes up to 3 units besides its HERO", () => {
    const r = sce1000regiments();
    r.regiments = [{ leader: "Lord-Imperatant", units: ["Liberators", "Vindictors", "Annihilators", "Praetors"] }, { leader: "Knight-Arcanum", units: [] }];
    expect(only(r)).toEqual([{ rule: "AOS4-REGIMENTS", message: "The regiment of Lord-Imperatant has 4 units besides its HERO; a regiment takes up to 3." }]);
  });

  it("[AOS4-REGIMENTS] a unit its leader's regiment options do not allow cannot join", () => {
    const r = sce1000regiments();
    r.units[5] = { warscroll: "Prosecutors" };
    r.regiments![1] = { leader: "Knight-Arcanum", units: ["Prosecutors"] };
    expect(only(r)).toEqual([
      { rule: "AOS4-REGIMENTS", message: "Prosecutors cannot join the regiment of Knight-Arcanum (its regiment options: Any WARRIOR CHAMBER)." },
    ]);
  });

  it("[AOS4-REGIMENTS] a HERO joins another HERO's regiment only where its options name HEROES", () => {
    const r = sce1000regiments();
    r.regiments = [{ leader: "Lord-Imperatant", units: ["Liberators", "Vindictors", "Knight-Arcanum"] }, { leader: "Annihilators", units: ["Praetors"] }];
    const v = only(r);
    expect(v).toEqual([
      { rule: "AOS4-REGIMENTS", message: "Knight-Arcanum cannot join the regiment of Lord-Imperatant (its regiment options: Any WARRIOR CHAMBER)." },
      { rule: "AOS4-REGIMENTS", message: "Regiment 2 is led by Annihilators, which is not a HERO; a regiment is led by a HERO." },
    ]);
  });

  it("[AOS4-REGIMENTS] a capped option (0-1) takes one such unit; overlapping options are matched fairly", () => {
    const leader: WarscrollJson = {
      name: "Test Liege", faction: "Ossiarch Bonereapers", move: 5, health: 6, save: 3, control: 2,
      keywords: ["HERO", "OSSIARCH BONEREAPERS"], battlefieldRoles: ["Leader"], unitSize: 1, points: 100,
      regimentOptions: [{ unit: "Gothizzar Harvester", max: 1 }, { keywords: ["INFANTRY"] }],
    };
    const custom: WarscrollLibrary = { source: "a test library", warscrolls: [...lib.warscrolls, warscrollSchema.parse(leader)] };
    const base: RosterJson = {
      name: "Caps", faction: "Ossiarch Bonereapers", mode: "regiments-4th", pointsLimit: 1000, general: "Test Liege",
      units: [{ warscroll: "Test Liege" }, { id: "H1", warscroll: "Gothizzar Harvester" }, { id: "G1", warscroll: "Mortek Guard" }, { id: "H2", warscroll: "Gothizzar Harvester" }],
      regiments: [{ leader: "Test Liege", units: ["H1", "G1"] }],
    };
    const legal = { ...base, units: base.units.slice(0, 3) };
    expect(only(legal, custom)).toEqual([]);
    const twoHarvesters = { ...base, regiments: [{ leader: "Test Liege", units: ["H1", "G1", "H2"] }] };
    expect(only(twoHarvesters, custom)).toEqual([
      { rule: "AOS4-REGIMENTS", message: "Gothizzar Harvester (H2) cannot join the regiment of Test Liege (its regiment options: 0-1 Gothizzar Harvester, Any INFANTRY)." },
    ]);
  });

  it("[AOS4-REGIMENTS] a unit belongs to exactly one regiment", () => {
    const r = sce1000regiments();
    r.regiments![1] = { leader: "Knight-Arcanum", units: ["Praetors", "Vindictors"] };
    expect(only(r)).toEqual([{ rule: "AOS4-REGIMENTS", message: "Vindictors is in 2 regiments; a unit belongs to exactly one." }]);
  });

  it("[AOS4-REGIMENTS] the general must be a HERO", () => {
    expect(only({ ...sce1000regiments(), general: "Liberators" })).toEqual([{ rule: "AOS4-REGIMENTS", message: "The general must be a HERO; Liberators is not." }]);
  });

  it("[AOS4-REGIMENTS] 4th-edition armies have no allies or battalions", () => {
    const r = sce1000regiments();
    r.units[3] = { warscroll: "Annihilators", ally: true };
    r.battalions = [{ name: "Battle Regiment", kind: "core" }];
    expect(only(r)).toEqual([
      { rule: "AOS4-REGIMENTS", message: "Battle Regiment: battalions are not part of a 4th-edition army; regiments replace them." },
      { rule: "AOS4-REGIMENTS", message: "Annihilators is marked as an ally; a 4th-edition army takes other factions' units only in a Regiment of Renown." },
    ]);
  });
});

describe("AOS4-RoR", () => {
  /** The SCE base plus a Regiment of Renown of 2 Nighthaunt units for 170 points (their own 200 + 110 are not added). */
  function withRenown(): RosterJson {
    const r = sce1000regiments();
    r.units.push({ warscroll: "Grimghast Reapers" }, { warscroll: "Spirit Torment" });
    r.regimentsOfRenown = [{ name: "The Sorrowful Host", points: 170, units: ["Grimghast Reapers", "Spirit Torment"] }];
    return r;
  }

  it("[AOS4-RoR] a Regiment of Renown adds its own points and is ignored for the faction check", () => {
    const rep = check(withRenown());
    expect(rep.violations).toEqual([]);
    expect(rep.points).toBe(750 + 170);
  });

  it("[AOS4-RoR] at most 1 Regiment of Renown", () => {
    const r = withRenown();
    r.units.push({ warscroll: "Spirit Hosts" });
    r.regimentsOfRenown!.push({ name: "Second Host", points: 60, units: ["Spirit Hosts"] });
    expect(only(r)).toEqual([{ rule: "AOS4-RoR", message: "An army can include at most 1 Regiment of Renown; this one has 2." }]);
  });

  it("[AOS4-RoR] a unit in a Regiment of Renown cannot be the general", () => {
    expect(only({ ...withRenown(), general: "Spirit Torment" })).toEqual([
      { rule: "AOS4-RoR", message: "Spirit Torment is in the Regiment of Renown The Sorrowful Host and cannot be the general." },
    ]);
  });

  it("[AOS4-RoR] units in a Regiment of Renown cannot use the army's enhancements", () => {
    const r = withRenown();
    r.enhancements = [{ type: "artefact", name: "Sigmarite Pendant", unit: "Spirit Torment" }];
    expect(only(r)).toEqual([
      { rule: "AOS4-RoR", message: "Spirit Torment is in the Regiment of Renown The Sorrowful Host and cannot use the army's enhancements (Sigmarite Pendant)." },
    ]);
  });

  it("[AOS4-RoR] Regiments of Renown are a 4th-edition rule, not part of a Pitched Battles 2021 army", () => {
    const r = obr1000();
    r.units.push({ warscroll: "Chainrasps" });
    r.regimentsOfRenown = [{ name: "Rasp Pack", points: 0, units: ["Chainrasps"] }];
    expect(only(r)).toEqual([{ rule: "AOS4-RoR", message: 'Regiments of Renown belong to 4th-edition armies; use mode "regiments-4th" for Rasp Pack.' }]);
  });
});
