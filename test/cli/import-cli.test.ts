/** `tactica import` end to end (issue 13): the report, --json, --out, unknown units, unknown formats. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir, tactica } from "../support/cli.js";

const FIX = "test/fixtures/lists";

describe("tactica import", () => {
  it("[IMPORT-REPORT] --json prints format, faction, formation, declared/limit/counted points, units with their warscrolls, lores, terrain, warnings, roster", () => {
    const r = tactica(["import", `${FIX}/stormcast-dashed.txt`, "--json"], undefined);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.format, j.faction, j.formation, j.pointsDeclared, j.pointsLimit, j.pointsCounted]).toEqual(["aos-app", "Stormcast Eternals", "Thunderhead Host", 640, 1000, 640]);
    expect(j.units[0]).toEqual({ name: "Lord-Imperatant", points: 110, pointsFrom: "list", regiment: "General's Regiment", general: true, reinforced: false, enhancements: ["Astute Commander"], warscroll: "Lord-Imperatant" });
    expect(j.unreadLines).toEqual([]);
    expect(j.regimentsOfRenown).toEqual([]);
    expect(j.lores.map((l: { name: string }) => l.name)).toEqual(["Lore of the Storm", "Invocations of Azyr", "Krondspine Incarnate"]);
    expect(j.factionTerrain).toEqual({ name: "Realmshaper Engine", points: null });
    expect(j.warnings).toEqual([]);
    expect(j.roster.units).toHaveLength(5);
  });

  it("[IMPORT-REPORT] an unknown unit is a warning naming it and the nearest known names, never a silent drop (exit 1); --out writes the roster the other commands read", () => {
    const s = scratchDir("import");
    const list = s.file(
      "list.txt",
      ["Typo Hunt 470/1000 pts", "", "Flesh-eater Courts", "Gristlegore Cult", "", "General's Regiment", "Abhorrant  ARCHREGENT (140)", "• General", "Crypt Goulz (140)", "Crypt Flayers (90)", "Pie Eaters (100)"].join("\n"),
    );
    const out = join(s.dir, "roster.json");
    const r = tactica(["import", list, "--out", out, "--json"]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(j.units.map((u: { name: string; warscroll: string | null }) => [u.name, u.warscroll])).toEqual([
      ["Abhorrant  ARCHREGENT", "Abhorrant Archregent"],
      ["Crypt Goulz", null],
      ["Crypt Flayers", "Crypt Flayers"],
      ["Pie Eaters", null],
    ]);
    expect(j.warnings).toContain('unknown unit "Crypt Goulz" (140 pts) is not in the bundled data: left out of the roster; nearest names: "Crypt Ghouls"');
    expect(j.warnings).toContain('unknown unit "Pie Eaters" (100 pts) is not in the bundled data: left out of the roster; no close name');
    expect(existsSync(out)).toBe(true);
    const roster = JSON.parse(readFileSync(out, "utf8"));
    expect(roster.units.map((u: { warscroll: string }) => u.warscroll)).toEqual(["Abhorrant Archregent", "Crypt Flayers"]);
    expect(roster.general).toBe("Abhorrant Archregent");
  });

  // The audit's Listbot list: Mortek Guard (110) on line 17, the Total on line 21.
  const listbot2021 = readFileSync(`${FIX}/ossiarch-listbot-2021.txt`, "utf8");
  const warningsOf = (out: string) => out.slice(out.indexOf("Warnings:\n") + "Warnings:\n".length, out.indexOf("\n\nWarscrolls from")).split("\n");

  it("[IMPORT-REPORT] a unit line without points is still a unit: counted at the data's points, said with its line number and text, exit 1", () => {
    const s = scratchDir("import-lines");
    const text = listbot2021.replace("Total: 1000 / 1000\n", "").replace("Mortek Guard (110)", "Mortek Guard");
    const r = tactica(["import", s.file("list.txt", text)]);
    expect(r.code).toBe(1);
    // 180 + 140 + 220 + 110 (Mortek Guard's warscroll) + 150 + 200 = 1000.
    expect(r.out).toContain("1000 pts counted (the list declares no total)\n");
    expect(r.out).toContain("\n  Mortek Guard (220) [reinforced]\n  Mortek Guard (110 from the data)\n  Kavalos Deathriders (150)\n");
    expect(warningsOf(r.out)).toEqual([
      '  no points total in the list (a line such as "Total: POINTS / LIMIT"): the points limit is taken from the units',
      '  line 17 "Mortek Guard": no points on the line; Mortek Guard is counted at 110 pts from the bundled data',
    ]);
    const j = JSON.parse(tactica(["import", s.file("list.txt", text), "--json"]).out);
    expect(j.units[3]).toEqual({ name: "Mortek Guard", points: 110, pointsFrom: "data", regiment: null, general: false, reinforced: false, enhancements: [], warscroll: "Mortek Guard" });
    expect(j.unreadLines).toEqual([{ line: 17, text: "Mortek Guard", problem: "no points on the line" }]);
    expect(j.roster.units.map((u: { warscroll: string }) => u.warscroll)).toEqual(["Liege-Kavalos", "Mortisan Boneshaper", "Mortek Guard", "Mortek Guard", "Kavalos Deathriders", "Gothizzar Harvester"]);
  });

  it.each([
    ["99999999999999999999999", "points 99999999999999999999999 out of range (0 to 10000)"],
    ["-110", "points `-110` cannot be negative"],
    ["abc", "points `abc` is not a whole number"],
    ["110.5", "points `110.5` is not a whole number"],
    ["1100000", "points 1100000 out of range (0 to 10000)"],
  ])("[IMPORT-REPORT] Mortek Guard (%s): the unit is kept, the line named with why its points cannot be read, exit 1", (price, problem) => {
    const s = scratchDir("import-lines");
    const r = tactica(["import", s.file("list.txt", listbot2021.replace("Mortek Guard (110)", `Mortek Guard (${price})`))]);
    expect(r.code).toBe(1);
    // Counted at the warscroll's 110, the list's 1000 reconciles: this line is the only warning.
    expect(r.out).toContain("1000 / 1000 pts declared, 1000 counted: they reconcile\n");
    expect(warningsOf(r.out)).toEqual([`  line 17 "Mortek Guard (${price})": ${problem}; Mortek Guard is counted at 110 pts from the bundled data`]);
  });

  it("[IMPORT-REPORT] the AoS app's regiment lines too: an unreadable price and an unknown unit without one are kept and said by line (exit 1); a name's own brackets are not a price", () => {
    const s = scratchDir("import-lines");
    const list = s.file(
      "list.txt",
      ["Odd Prices 370/1000 pts", "", "Flesh-eater Courts", "Gristlegore Cult", "", "General's Regiment", "Abhorrant Archregent (140)", "• General", "Crypt Ghouls (1.40)", "Pie Eaters (on Toast)", "Crypt Flayers [90]"].join("\n"),
    );
    const r = tactica(["import", list, "--json"]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(j.units.map((u: { name: string; points: number | null; pointsFrom: string | null }) => [u.name, u.points, u.pointsFrom])).toEqual([
      ["Abhorrant Archregent", 140, "list"],
      ["Crypt Ghouls", 140, "data"],
      ["Pie Eaters (on Toast)", null, null],
      ["Crypt Flayers", 90, "list"],
    ]);
    expect(j.warnings).toEqual([
      'line 9 "Crypt Ghouls (1.40)": points `1.40` is not a whole number; Crypt Ghouls is counted at 140 pts from the bundled data',
      'line 10 "Pie Eaters (on Toast)": no points on the line; Pie Eaters (on Toast) has no points known',
      'unknown unit "Pie Eaters (on Toast)" (no pts) is not in the bundled data: left out of the roster; no close name',
    ]);
    // 140 + 140 (Crypt Ghouls' warscroll) + 90 = 370, as declared.
    expect([j.pointsCounted, j.pointsReconcile]).toEqual([370, true]);
  });

  it("[IMPORT-REPORT] a list with no known unit is exit 1 with its report, with --out as without (nothing is written, and said); exit 2 stays for what is not a list", () => {
    const s = scratchDir("import-none");
    const list = s.file("list.txt", ["Typo Hunt 100/1000 pts", "", "Flesh-eater Courts", "Gristlegore Cult", "", "General's Regiment", "Pie Eaters (100)"].join("\n"));
    const out = join(s.dir, "roster.json");
    const without = tactica(["import", list]);
    const withOut = tactica(["import", list, "--out", out]);
    expect([without.code, withOut.code, withOut.err]).toEqual([1, 1, ""]);
    expect(warningsOf(without.out)).toEqual(['  unknown unit "Pie Eaters" (100 pts) is not in the bundled data: left out of the roster; no close name', "  no unit of the list is known: no roster"]);
    expect(warningsOf(withOut.out)).toEqual([...warningsOf(without.out), `  --out: nothing written to ${out}: no unit of the list is known in the bundled data`]);
    expect(existsSync(out)).toBe(false);
  });

  it("[IMPORT-FORMAT] a file that is none of the formats is exit 2 with the formats understood", () => {
    const s = scratchDir("import");
    const r = tactica(["import", s.file("poem.txt", "Roses are red\nviolets are blue\n")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not a list this importer understands; understood: the Warhammer Age of Sigmar app's export text \(both layouts\), Listbot or Sigdex text, a New Recruit \.ros, \.rosz or \.json export, or a roster JSON/);
    const j = tactica(["import", s.file("x.json", { hello: 1 })]);
    expect(j.code).toBe(2);
    expect(j.err).toMatch(/neither a roster nor a New Recruit export/);
  });

  it("[IMPORT-REPORT] --out that cannot be written is exit 2 naming the file and why; no temporary file is left", () => {
    const s = scratchDir("import-out");
    const r = tactica(["import", `${FIX}/fec-plain.txt`, "--out", join(s.dir, "no-such-folder", "r.json")]);
    expect([r.code, r.out, r.err]).toEqual([2, "", `tactica: --out: cannot write ${join(s.dir, "no-such-folder", "r.json")}: no such folder\n`]);
    const dir = tactica(["import", `${FIX}/fec-plain.txt`, "--out", s.dir]);
    expect([dir.code, dir.err]).toEqual([2, `tactica: --out: cannot write ${s.dir}: it is a folder\n`]);
    expect(readdirSync(join(s.dir, ".."), { withFileTypes: false }).filter((f) => String(f).endsWith(".tmp") && String(f).includes(basename(s.dir)))).toEqual([]);
  });

  const BSDATA = [process.env.TACTICA_BSDATA, "/work/shared/data/bsdata-aos4", join(import.meta.dirname, "../../../shared/data/bsdata-aos4")].find((d) => d && existsSync(join(d, "Age of Sigmar 4.0.gst")));
  it.skipIf(!BSDATA)("[IMPORT-BSDATA] TACTICA_BSDATA stands in for --bsdata: the Seraphon .ros resolves on BSData's warscrolls", () => {
    const s = scratchDir("import-env");
    const before = process.env.TACTICA_BSDATA;
    process.env.TACTICA_BSDATA = BSDATA;
    process.env.TACTICA_CACHE = s.dir;
    try {
      const r = tactica(["import", `${FIX}/seraphon-newrecruit.ros`]);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Warscrolls from the bundled data and BSData ${BSDATA}.`);
      expect(r.out).not.toMatch(/UNKNOWN|played from the profiles/);
    } finally {
      if (before === undefined) delete process.env.TACTICA_BSDATA;
      else process.env.TACTICA_BSDATA = before;
      delete process.env.TACTICA_CACHE;
    }
  });
});
