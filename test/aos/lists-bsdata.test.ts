/**
 * The shared BSData snapshot resolves every unit of the test lists (issue 13). The folder is $TACTICA_BSDATA,
 * or ../shared/data/bsdata-aos4 beside the repository, or /work/shared/data/bsdata-aos4 (a worktree's ../shared
 * does not exist); the test skips with a message when none is there.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bundledLibrary, factionsOf, mergeLibraries, validateRoster, type WarscrollLibrary } from "../../src/aos/armies/index.js";
import { importBsdata } from "../../src/aos/bsdata/index.js";
import { importList } from "../../src/aos/lists/index.js";

const CANDIDATES = [process.env.TACTICA_BSDATA, path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4"), "/work/shared/data/bsdata-aos4"].filter((d): d is string => !!d);
const BSDATA = CANDIDATES.find((d) => existsSync(path.join(d, "Age of Sigmar 4.0.gst")));
if (!BSDATA) console.warn(`[lists-bsdata] skipped: no BSData snapshot at ${CANDIDATES.join(" or ")} (set TACTICA_BSDATA)`);
const read = (f: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/lists", f));

describe.skipIf(!BSDATA)(`the test lists against BSData (${BSDATA})`, () => {
  let bs: WarscrollLibrary;
  let both: WarscrollLibrary;
  beforeAll(async () => {
    const imp = await importBsdata(BSDATA!);
    bs = { source: "BSData", warscrolls: imp.factions.flatMap((f) => f.warscrolls), lores: imp.lores };
    both = mergeLibraries("both", bundledLibrary(), bs);
  }, 120_000);

  it("[IMPORT-BSDATA] every unit of every test list is a BSData warscroll (all six lists' factions are in the snapshot)", () => {
    for (const f of ["stormcast-dashed.txt", "fec-plain.txt", "seraphon-newrecruit.ros", "ossiarch-listbot.txt", "ossiarch-listbot-2021.txt", "nighthaunt-sigdex.txt"]) {
      const r = importList(read(f), f, bs, factionsOf(bs));
      const unknown = r.units.filter((u) => u.warscroll === null).map((u) => u.name);
      expect([f, unknown]).toEqual([f, []]);
      expect(r.warnings.filter((w) => w.startsWith("unknown unit"))).toEqual([]);
      expect(r.warscrolls).toEqual([]); // nothing had to come from the file's own profiles
    }
  });

  it("[IMPORT-BSDATA] the Seraphon .ros with BSData: BSData's warscrolls, the Regiment of Renown's Vindictors, a legal 4th-edition army", () => {
    const r = importList(read("seraphon-newrecruit.ros"), "seraphon.ros", both, factionsOf(both));
    expect(r.units.map((u) => u.warscroll)).toEqual(["Saurus Oldblood on Carnosaur", "Saurus Warriors", "Skink Starpriest", "Skinks", "Spawn of Chotec"]);
    const report = validateRoster(r.roster!, both);
    expect(report.violations).toEqual([]);
    expect(report.mode).toBe("regiments-4th");
    // BSData's points: 220 + 2 x 140 + 90 + 80 + 100, and the Regiment of Renown's 180.
    expect(report.points).toBe(950);
  });
});
