/**
 * npm run bench:import — time to import a 2,000-point list (tactica import): the AoS app's text against the
 * bundled data, the same against a BSData folder read cold (every catalogue parsed) and warm (the parsed
 * import read back from the cache, src/aos/bsdata/cache.ts), and a New Recruit .ros. The folder is
 * $TACTICA_BSDATA or ../shared/data/bsdata-aos4 (the BSData rows are skipped without it).
 * Then the whole command as a user runs it (`tactica import LIST [--bsdata DIR]`, a node process each: start-up
 * included), the first run with an empty cache and the second with the cache it wrote.
 * Times are CPU (user + system, process.cpuUsage; a child's from /proc/self/stat), not wall time: the
 * machine is shared and loaded. Writes analysis/bench/results/import.md.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { bundledLibrary, factionsOf, mergeLibraries, type WarscrollLibrary } from "../../src/aos/armies/index.js";
import { importBsdata } from "../../src/aos/bsdata/index.js";
import { readCached, writeCached } from "../../src/aos/bsdata/cache.js";
import { importList } from "../../src/aos/lists/index.js";
import { fmtMs, table } from "./harness.js";

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
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const once = async (fn: () => Promise<unknown>) => {
  const t = process.cpuUsage();
  await fn();
  return cpuMs(process.cpuUsage(t));
};
/** CPU per call: the median of 7 batches, each of as many calls as take at least 20 ms of CPU, after a warm-up. */
const time = (fn: () => unknown): { ms: number } => {
  fn();
  const batch = (n: number) => {
    const t = process.cpuUsage();
    for (let i = 0; i < n; i++) fn();
    return cpuMs(process.cpuUsage(t));
  };
  let n = 1;
  while (batch(n) < 20) n *= 2;
  const per = Array.from({ length: 7 }, () => batch(n) / n).sort((x, y) => x - y);
  return { ms: per[3]! };
};
/** Children's CPU so far (ms): utime + stime of waited-for children, /proc/self/stat fields 16 and 17. */
const childCpuMs = () => {
  const f = readFileSync("/proc/self/stat", "utf8").slice(readFileSync("/proc/self/stat", "utf8").lastIndexOf(")") + 2).split(" ");
  return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
};
const cli = (args: string[], cache: string) => {
  const before = childCpuMs();
  const r = spawnSync(process.execPath, [path.join(root, "bin/tactica.mjs"), ...args], { env: { ...process.env, TACTICA_CACHE: cache }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`tactica ${args.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return childCpuMs() - before;
};

const textT = time(() => importList(app, "list.txt", bundled, factionsOf(bundled)));
row("app text, bundled data", textT.ms, `${importList(app, "list.txt", bundled).units.length} units`);
const rosT = time(() => importList(ros, "list.ros", bundled));
row(".ros with its profiles, bundled data (the 950-point Seraphon list)", rosT.ms, "no BSData needed");

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
}

// The whole command (build/cli must be built: npm run build:cli).
const listFile = path.join(mkdtempSync(path.join(tmpdir(), "tactica-bench-list-")), "fec-1980.txt");
writeFileSync(listFile, app);
const emptyCache = () => mkdtempSync(path.join(tmpdir(), "tactica-bench-cli-cache-"));
row("tactica import LIST (the command, node start-up included)", cli(["import", listFile], emptyCache()), "bundled data");
if (dir) {
  const cache = emptyCache();
  row("tactica import LIST --bsdata DIR, first run (empty cache)", cli(["import", listFile, "--bsdata", dir], cache), "parses 92 catalogues");
  row("tactica import LIST --bsdata DIR, second run (cached)", cli(["import", listFile, "--bsdata", dir], cache), "reads the cache");
}
if (!dir) console.warn("[bench:import] no BSData folder ($TACTICA_BSDATA or ../shared/data/bsdata-aos4): BSData rows skipped");

const md = `# Import time (npm run bench:import)\n\n${cpus()[0]?.model ?? "?"}, node ${process.version}; CPU time (user + system), the machine being shared\n\n${table(["import (a 1,980-point list)", "CPU", "note"], rows)}\n`;
mkdirSync(path.join(root, "analysis/bench/results"), { recursive: true });
writeFileSync(path.join(root, "analysis/bench/results/import.md"), md);
console.log(md);
