/** New Recruit exports (issue 13): .ros, .rosz (zipped) and .json; profiles carried by the file. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledLibrary, mergeLibraries, validateRoster } from "../../src/aos/armies/index.js";
import { importList, parseListBytes } from "../../src/aos/lists/index.js";
import { parseXml } from "../../src/aos/bsdata/index.js";
import { toNrJson, zip } from "../support/newrecruit.js";

const ROS = readFileSync(path.resolve(import.meta.dirname, "../fixtures/lists/seraphon-newrecruit.ros"));
const lib = bundledLibrary();

describe("New Recruit exports", () => {
  const expectSeraphon = (format: string, bytes: Uint8Array) => {
    const list = parseListBytes(bytes, "seraphon");
    expect(list.format).toBe(format);
    expect([list.name, list.faction, list.formation, list.pointsDeclared, list.pointsLimit]).toEqual(["Sunclaw Test Host", "Seraphon", "Sunclaw Starhost", 950, 1000]);
    expect(list.units.map((u) => [u.name, u.points, u.regiment, u.models, u.general, u.reinforced])).toEqual([
      ["Saurus Oldblood on Carnosaur", 220, "General's Regiment", 1, true, false],
      ["Saurus Warriors", 280, "General's Regiment", 20, false, true],
      ["Skink Starpriest", 90, "Regiment 1", 1, false, false],
      ["Skinks", 80, "Regiment 1", 10, false, false],
      ["Spawn of Chotec", 100, "Regiment 1", 1, false, false],
    ]);
    expect(list.units[0]!.enhancements).toEqual([{ kind: "heroic trait", name: "Old and Grizzled", points: null }]);
    expect(list.units[2]!.enhancements).toEqual([{ kind: "artefact", name: "Blade of Realities", points: null }]);
    expect(list.regimentsOfRenown.map((r) => [r.name, r.points, r.units.map((u) => u.name)])).toEqual([["Saviours of Cinderfall", 180, ["Vindictors"]]]);
    expect(list.lores).toEqual([
      { kind: "spell", name: "Lore of Celestial Domination", points: null },
      { kind: "manifestation", name: "Krondspine Incarnate", points: null },
    ]);
    expect(list.factionTerrain).toEqual({ name: "Realmshaper Engine", points: null });
    expect(list.notes).toContain("Battle tactic cards: Master the Paths, Restless Energy");
    // The profiles the file carries: the Warriors' per minimum unit (20 models reinforced = 10, 280 pts = 140 each).
    const warriors = list.units[1]!.profile!;
    expect([warriors.unitSize, warriors.points, warriors.save, warriors.health, warriors.move, warriors.keywords]).toEqual([10, 140, 4, 2, 5, ["CHAMPION", "SERAPHON", "SAURUS", "ORDER", "INFANTRY"]]);
    expect(warriors.weapons.map((w) => [w.name, w.attacks, w.hit, w.wound, w.rend, w.damage])).toEqual([["Celestite Weapon", 2, 3, 3, 0, 1]]);
  };

  it("[IMPORT-NR] .ros: forces, nested regiment forces, a Regiment of Renown, costs, models, General, enhancements, lores, a multi-line roster name", () => {
    expectSeraphon("newrecruit-ros", ROS);
  });
  it("[IMPORT-NR] .rosz: the same roster zipped (inflateRaw of the entry)", () => {
    expectSeraphon("newrecruit-rosz", zip("seraphon.ros", ROS));
  });
  it("[IMPORT-NR] .json: New Recruit's JSON of the same roster", () => {
    const json = { roster: toNrJson(parseXml(ROS.toString("utf8"))) };
    expectSeraphon("newrecruit-json", Buffer.from(JSON.stringify(json)));
  });

  it.each([
    ["-80", "points `-80` cannot be negative"],
    ["abc", "points `abc` is not a whole number"],
    ["80.5", "points `80.5` is not a whole number"],
    ["1100000", "points 1100000 out of range (0 to 10000)"],
  ])("[IMPORT-NR] a unit selection whose cost is %s is kept without points and said, not summed as 0 or rounded", (cost, problem) => {
    const ros = ROS.toString("utf8").replace('value="80"', `value="${cost}"`);
    const r = importList(Buffer.from(ros), "seraphon.ros", lib);
    expect(r.units.map((u) => [u.name, u.points, u.pointsFrom])[3]).toEqual(["Skinks", null, null]);
    // Skinks are played from the file's profile, which has no points: 950 - 80 = 870 counted.
    expect(r.warnings).toEqual([`selection "Skinks": ${problem}; Skinks has no points known`, "the points do not reconcile: the list declares 950, its lines add up to 870 (-80)"]);
    expect(r.unreadLines).toEqual([{ line: null, text: 'selection "Skinks"', problem }]);
  });

  it("[IMPORT-NR] a unit selection without a Unit profile is still a unit (the data may know it), not a note", () => {
    const guard = '<selection id="s-mg" name="Mortek Guard" entryId="x" number="1" type="unit"><costs><cost name="pts" typeId="points" value="110.0"/></costs></selection>';
    const ros = ROS.toString("utf8").replace('<selection id="s-72127" name="Saurus Warriors"', `${guard}<selection id="s-72127" name="Saurus Warriors"`);
    const r = importList(Buffer.from(ros), "seraphon.ros", lib);
    expect(r.units.map((u) => [u.name, u.points, u.regiment, u.warscroll])[1]).toEqual(["Mortek Guard", 110, "General's Regiment", "Mortek Guard"]);
    expect(r.pointsCounted).toBe(950 + 110);
  });

  it("[IMPORT-NR] a .ros needs no BSData folder: units no library knows are played from the file's profiles; the points reconcile", () => {
    const r = importList(ROS, "seraphon.ros", lib);
    expect(r.units.map((u) => u.warscroll)).toEqual(["Saurus Oldblood on Carnosaur", "Saurus Warriors", "Skink Starpriest", "Skinks", "Spawn of Chotec"]);
    expect([r.pointsCounted, r.pointsReconcile]).toEqual([950, true]);
    expect(r.warscrolls.map((w) => w.name)).toEqual(["Saurus Oldblood on Carnosaur", "Saurus Warriors", "Skink Starpriest", "Skinks", "Spawn of Chotec"]);
    expect(r.roster!.regimentsOfRenown).toEqual([{ name: "Saviours of Cinderfall", points: 180, units: ["Vindictors"] }]);
    const withProfiles = mergeLibraries("the bundled data and the list", lib, { source: "the list", warscrolls: r.warscrolls });
    const report = validateRoster(r.roster!, withProfiles);
    expect(report.violations.filter((v) => v.rule === "PB-ROSTER")).toEqual([]);
    expect(report.points).toBe(220 + 280 + 90 + 80 + 100 + 180);
  });

  it("[IMPORT-NR] a zip without a .ros and a .ros with no forces are input errors", () => {
    expect(() => parseListBytes(zip("readme.txt", Buffer.from("hi")), "x.rosz")).toThrow(/a zip with no \.ros inside/);
    expect(() => parseListBytes(Buffer.from('<?xml version="1.0"?><roster name="x"></roster>'), "x.ros")).toThrow(/a roster with no forces/);
  });
});

const BSDATA = process.env.TACTICA_BSDATA ?? [path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4"), "/work/shared/data/bsdata-aos4"].find((d) => existsSync(path.join(d, "Age of Sigmar 4.0.gst")));
export { BSDATA };
