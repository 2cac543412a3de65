/**
 * npm run bench:import — time to import a 2,000-point list (tactica import): the AoS app's text against the
 * bundled data, the same against a BSData folder read cold (every catalogue parsed) and warm (the parsed
 * import read back from the cache, src/aos/bsdata/cache.ts), and a New Recruit .ros. The folder is
 * $TACTICA_BSDATA or ../shared/data/bsdata-aos4 (the BSData rows are skipped without it).
 * Writes analysis/bench/results/import.md.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { bundledLibrary, factionsOf, mergeLibraries, type WarscrollLibrary } from "../../src/aos/armies/index.js";
import { importBsdata } from "../../src/aos/bsdata/index.js";
import { readCached, writeCached } from "../../src/aos/bsdata/cache.js";
import { importList } from "../../src/aos/lists/index.js";
import { fmtMs, table, time } from "./harness.js";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = (f: string) => readFileSync(path.join(root, "test/fixtures/lists", f));
// A 1,980-point list: the plain-layout fixture with one more regiment.
const app = Buffer.from(
  fixture("fec-plain.txt")
    .toString("utf8")
    .replace("1,810/2,000 pts", "1,980/2,000 pts")
    .replace("Faction Terrain", "Regiment 3\nAbhorrant Archregent (140)\nMorbheg Knights (170)\n\nFaction Terrain")
    .replace("Regiment 3\nAbhorrant Archregent (140)\n", "Regiment 3\n"),
);
const ros = fixture("seraphon-newrecruit.ros");
const dir = process.env.TACTICA_BSDATA ?? [path.resolve(root, "../shared/data/bsdata-aos4"), "/work/shared/data/bsdata-aos4"].find((d) => existsSync(path.join(d, "Age of Sigmar 4.0.gst")));
process.env.TACTICA_CACHE = mkdtempSync(path.join(tmpdir(), "tactica-bench-cache-"));

const bundled = bundledLibrary();
const rows: string[][] = [];
const row = (what: string, ms: number, note: string) => rows.push([what, fmtMs(ms), note]);
const once = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

const textT = time(() => importList(app, "list.txt", bundled, factionsOf(bundled)));
row("app text, bundled data", textT.ms, `${importList(app, "list.txt", bundled).units.length} units`);
const rosT = time(() => importList(ros, "list.ros", bundled));
row(".ros with its profiles, bundled data", rosT.ms, "no BSData needed");

if (dir) {
  let lib: WarscrollLibrary | undefined;
  const libOf = (imp: Awaited<ReturnType<typeof importBsdata>>) => mergeLibraries("bundled + BSData", bundled, { source: "BSData", warscrolls: imp.factions.flatMap((f) => f.warscrolls), lores: imp.lores });
  const cold = await once(async () => {
    const imp = await importBsdata(dir);
    await writeCached(dir, imp);
    lib = libOf(imp);
    importList(app, "list.txt", lib, factionsOf(lib));
  });
  row("app text, BSData cold (parse every catalogue, write the cache)", cold, dir);
  const warm = await once(async () => {
    const imp = await readCached(dir);
    if (!imp) throw new Error("cache miss");
    lib = libOf(imp);
    importList(app, "list.txt", lib, factionsOf(lib));
  });
  row("app text, BSData warm (the cache read back, schemas checked)", warm, "");
  const listOnly = time(() => importList(app, "list.txt", lib!, factionsOf(lib!)));
  row("app text against the loaded BSData library", listOnly.ms, `${lib!.warscrolls.length} warscrolls`);
} else console.warn("[bench:import] no BSData folder ($TACTICA_BSDATA or ../shared/data/bsdata-aos4): BSData rows skipped");

const md = `# Import time (npm run bench:import)\n\n${cpus()[0]?.model ?? "?"}, node ${process.version}\n\n${table(["import", "time", "note"], rows)}\n`;
mkdirSync(path.join(root, "analysis/bench/results"), { recursive: true });
writeFileSync(path.join(root, "analysis/bench/results/import.md"), md);
console.log(md);
