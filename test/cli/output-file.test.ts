/**
 * The files the commands write (src/cli/output-file.ts): `--save` (battle, mesbg, campaign), `--out` (import,
 * matrix) and `--csv` (matrix) are checked before any work is done. Nothing already saved is lost: an input
 * of the run (by path, hard link or symbolic link), a folder, a missing folder or an existing file that is not
 * the command's own kind of output is exit 2 naming the flag, the file unchanged byte for byte; `--force`
 * replaces an existing file (never an input); `--resume F --save F` goes on working.
 */
import { copyFileSync, existsSync, linkSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { checkOutputs, writeJobResult } from "../../src/cli/output-file.js";
import { repoRoot, scratchDir, tactica } from "../support/cli.js";

const ROSTER = join(repoRoot, "data/aos/rosters/ossiarch-bonereapers-1000.json");
const LIST = join(repoRoot, "test/fixtures/lists/fec-plain.txt");
const FORCE = join(repoRoot, "data/mesbg/mordor.json");
const PRECIOUS = "precious: a file the user wrote\n";
const rosters = bundledRosters();
const MATRIX = ["matrix", rosters[0]!.roster.name, rosters[1]!.roster.name, "--plans", "savage-gains", "--games", "2", "--workers", "1"];

/** A scratch folder with a copy of a roster, a list and a file holding PRECIOUS. */
function scratch() {
  const s = scratchDir("output");
  const roster = join(s.dir, "my-army.json");
  copyFileSync(ROSTER, roster);
  const list = join(s.dir, "list.txt");
  copyFileSync(LIST, list);
  return { dir: s.dir, roster, list, precious: s.file("precious.json", PRECIOUS), file: s.file };
}

/** The run was refused before anything was done: exit 2, nothing on stdout, this one line on stderr. */
function refused(r: { code: number | null; out: string; err: string }, line: string) {
  expect([r.code, r.out, r.err]).toEqual([2, "", `tactica: ${line}\n`]);
}

describe("tactica battle|mesbg|campaign --save: never a user's file", () => {
  it("battle --a F --save F (also by hard link or symbolic link) is exit 2 naming --save; the roster is unchanged byte for byte, even with --force", () => {
    const s = scratch();
    const before = readFileSync(s.roster);
    refused(tactica(["battle", "--a", s.roster, "--save", s.roster, "--stop-after", "5"]), `--save: ${s.roster} is the same file as --a ${s.roster}, an input of this command: write to another file`);
    refused(tactica(["battle", "--b", s.roster, "--save", s.roster, "--stop-after", "5", "--force"]), `--save: ${s.roster} is the same file as --b ${s.roster}, an input of this command: write to another file`);
    const hard = join(s.dir, "hard.json");
    linkSync(s.roster, hard);
    refused(tactica(["battle", "--a", s.roster, "--save", hard, "--force", "--stop-after", "5"]), `--save: ${hard} is the same file as --a ${s.roster}, an input of this command: write to another file`);
    const soft = join(s.dir, "soft.json");
    symlinkSync(s.roster, soft);
    refused(tactica(["battle", "--a", soft, "--save", s.roster, "--force", "--stop-after", "5"]), `--save: ${s.roster} is the same file as --a ${soft}, an input of this command: write to another file`);
    expect(readFileSync(s.roster).equals(before)).toBe(true);
    expect(readdirSync(s.dir).sort()).toEqual(["hard.json", "list.txt", "my-army.json", "precious.json", "soft.json"]);
  });

  it("battle --save onto an existing file that is not a battle save is exit 2 (remove it or --force); --force overwrites it with the save", () => {
    const s = scratch();
    refused(
      tactica(["battle", "--save", s.precious, "--stop-after", "5"]),
      `--save: ${s.precious} already exists and is not a tactica battle save (format "tactica-game", game "aos"): remove it, write to another file, or give --force to overwrite it`,
    );
    expect(readFileSync(s.precious, "utf8")).toBe(PRECIOUS);
    const forced = tactica(["battle", "--save", s.precious, "--stop-after", "5", "--force"]);
    expect(forced.code, forced.err).toBe(0);
    expect(JSON.parse(readFileSync(s.precious, "utf8"))).toMatchObject({ format: "tactica-game", version: 1, game: "aos" });
    // --force is for a file to write: alone it is refused.
    refused(tactica(["battle", "--force"]), "--force: lets --save overwrite an existing file; give it only with --save");
  });

  it("--save onto a folder or into a missing folder is exit 2 before the game is played", () => {
    const s = scratch();
    refused(tactica(["battle", "--save", s.dir, "--stop-after", "5"]), `--save: cannot write ${s.dir}: it is a folder`);
    const missing = join(s.dir, "no-such-folder", "game.json");
    refused(tactica(["campaign", "--save", missing, "--stop-after", "5"]), `--save: cannot write ${missing}: no such folder`);
    refused(tactica(["mesbg", "--save", join(s.precious, "game.json"), "--stop-after", "5"]), `--save: cannot write ${join(s.precious, "game.json")}: a part of the path is not a folder`);
  });

  it("--resume F --save F plays on in the same save; a save replaces an earlier save of the same game, not one of another game", () => {
    const s = scratch();
    const file = join(s.dir, "game.json");
    const BATTLE = ["battle", "--plan", "savage-gains", "--seed", "5"];
    expect(tactica([...BATTLE, "--stop-after", "20", "--save", file]).code).toBe(0);
    // The same command again replaces its own save (no --force needed).
    expect(tactica([...BATTLE, "--stop-after", "10", "--save", file]).code).toBe(0);
    const decisions = () => (JSON.parse(readFileSync(file, "utf8")) as { steps: { player: number }[] }).steps.filter((x) => x.player >= 0).length;
    expect(decisions()).toBe(10);
    const resumed = tactica(["battle", "--resume", file, "--save", file, "--stop-after", "15"]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toContain(`Stopped after 25 decisions (--stop-after); saved in ${file}: tactica battle --resume ${file} plays on.`);
    expect(decisions()).toBe(25);
    // The battle save is not a MESBG or campaign save: refused there, unchanged.
    const saved = readFileSync(file);
    refused(
      tactica(["mesbg", "--save", file, "--stop-after", "5"]),
      `--save: ${file} already exists and is not a tactica mesbg save (format "tactica-game", game "mesbg"): remove it, write to another file, or give --force to overwrite it`,
    );
    refused(
      tactica(["campaign", "--save", file, "--stop-after", "5"]),
      `--save: ${file} already exists and is not a tactica campaign save (format "tactica-game", game "campaign"): remove it, write to another file, or give --force to overwrite it`,
    );
    expect(readFileSync(file).equals(saved)).toBe(true);
  });

  it("battle --resume POSITION: --save onto the position written by hand is exit 2 (it is no save), onto a list file the position names is exit 2 even with --force", () => {
    const s = scratch();
    const position = JSON.parse(readFileSync(join(repoRoot, "examples/positions/aos-last-round.json"), "utf8")) as { armies: unknown[] };
    position.armies[0] = "my-army.json";
    const pos = s.file("pos.json", position);
    const [posBefore, rosterBefore] = [readFileSync(pos), readFileSync(s.roster)];
    refused(
      tactica(["battle", "--resume", pos, "--save", pos, "--stop-after", "2"]),
      `--save: ${pos} already exists and is not a tactica battle save (format "tactica-game", game "aos"): remove it, write to another file, or give --force to overwrite it`,
    );
    refused(tactica(["battle", "--resume", pos, "--save", s.roster, "--stop-after", "2", "--force"]), `--save: ${s.roster} is the same file as ${pos}: armies[0] ${s.roster}, an input of this command: write to another file`);
    expect(readFileSync(pos).equals(posBefore)).toBe(true);
    expect(readFileSync(s.roster).equals(rosterBefore)).toBe(true);
    // Saved elsewhere, it plays on from the position (its list file read beside it).
    const game = join(s.dir, "game.json");
    const r = tactica(["battle", "--resume", pos, "--save", game, "--stop-after", "2"]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(readFileSync(game, "utf8"))).toMatchObject({ format: "tactica-game", game: "aos" });
  });

  it("mesbg --save onto a force file (the default ones too) and campaign --save onto its --a or --map are exit 2, the files unchanged", () => {
    const s = scratch();
    const force = join(s.dir, "force.json");
    copyFileSync(FORCE, force);
    const before = readFileSync(force);
    refused(tactica(["mesbg", "--a", force, "--save", force, "--stop-after", "5", "--force"]), `--save: ${force} is the same file as --a ${force}, an input of this command: write to another file`);
    expect(readFileSync(force).equals(before)).toBe(true);
    const bundled = readFileSync(FORCE);
    refused(tactica(["mesbg", "--save", FORCE, "--stop-after", "5", "--force"]), `--save: ${FORCE} is the same file as --b ${FORCE}, an input of this command: write to another file`);
    expect(readFileSync(FORCE).equals(bundled)).toBe(true);
    const roster = readFileSync(s.roster);
    refused(tactica(["campaign", "--a", s.roster, "--save", s.roster, "--stop-after", "5"]), `--save: ${s.roster} is the same file as --a ${s.roster}, an input of this command: write to another file`);
    expect(readFileSync(s.roster).equals(roster)).toBe(true);
    const map = join(s.dir, "map.json");
    copyFileSync(join(repoRoot, "data/campaign/default-map.json"), map);
    const mapBefore = readFileSync(map);
    refused(tactica(["campaign", "--map", map, "--save", map, "--stop-after", "5", "--force"]), `--save: ${map} is the same file as --map ${map}, an input of this command: write to another file`);
    expect(readFileSync(map).equals(mapBefore)).toBe(true);
  });
});

describe("tactica import --out: never the list itself or a file already there", () => {
  it("import L --out L is exit 2 naming --out, the list unchanged byte for byte, even with --force", () => {
    const s = scratch();
    const before = readFileSync(s.list);
    refused(tactica(["import", s.list, "--out", s.list]), `--out: ${s.list} is the same file as FILE ${s.list}, an input of this command: write to another file`);
    refused(tactica(["import", s.list, "--out", s.list, "--force"]), `--out: ${s.list} is the same file as FILE ${s.list}, an input of this command: write to another file`);
    expect(readFileSync(s.list).equals(before)).toBe(true);
  });

  it("--out onto an existing file (a roster written by hand among them) is exit 2; --force replaces it with the roster", () => {
    const s = scratch();
    refused(tactica(["import", s.list, "--out", s.precious]), `--out: ${s.precious} already exists: remove it, write to another file, or give --force to overwrite it`);
    expect(readFileSync(s.precious, "utf8")).toBe(PRECIOUS);
    const roster = readFileSync(s.roster);
    refused(tactica(["import", s.list, "--out", s.roster]), `--out: ${s.roster} already exists: remove it, write to another file, or give --force to overwrite it`);
    expect(readFileSync(s.roster).equals(roster)).toBe(true);
    const forced = tactica(["import", s.list, "--out", s.precious, "--force", "--json"]);
    expect(forced.code, forced.err).toBe(0);
    expect(JSON.parse(readFileSync(s.precious, "utf8"))).toEqual((JSON.parse(forced.out) as { roster: unknown }).roster);
    refused(tactica(["import", s.list, "--force"]), "--force: lets --out overwrite an existing file; give it only with --out");
  });
});

describe("tactica matrix --out / --csv: checked before the first battle", () => {
  it("--out onto a folder, --csv into a missing folder, --out and --csv the same file: exit 2 naming the flag, no battle played (no table printed), nothing written", () => {
    const s = scratch();
    refused(tactica([...MATRIX, "--out", s.dir]), `--out: cannot write ${s.dir}: it is a folder`);
    const missing = join(s.dir, "missing-dir", "x.csv");
    refused(tactica([...MATRIX, "--csv", missing]), `--csv: cannot write ${missing}: no such folder`);
    const both = join(s.dir, "m.json");
    refused(tactica([...MATRIX, "--out", both, "--csv", both]), `--csv: ${both} is the same file as --out: give each its own file`);
    expect(existsSync(both)).toBe(false);
    expect(readdirSync(s.dir).sort()).toEqual(["list.txt", "my-army.json", "precious.json"]);
  });

  it("--out onto a user's file or a LIST, --csv onto an existing file: exit 2, unchanged; an earlier result is replaced; --force replaces the rest; written atomically", () => {
    const s = scratch();
    refused(
      tactica([...MATRIX, "--out", s.precious]),
      `--out: ${s.precious} already exists and is not an earlier tactica matrix result (kind "tactica-matrix"): remove it, write to another file, or give --force to overwrite it`,
    );
    expect(readFileSync(s.precious, "utf8")).toBe(PRECIOUS);
    const roster = readFileSync(s.roster);
    refused(tactica(["matrix", s.roster, rosters[1]!.roster.name, "--games", "2", "--out", s.roster, "--force"]), `--out: ${s.roster} is the same file as LIST 1 ${s.roster}, an input of this command: write to another file`);
    expect(readFileSync(s.roster).equals(roster)).toBe(true);
    const csv = s.file("mine.csv", PRECIOUS);
    refused(tactica([...MATRIX, "--csv", csv]), `--csv: ${csv} already exists: remove it, write to another file, or give --force to overwrite it`);
    expect(readFileSync(csv, "utf8")).toBe(PRECIOUS);

    const out = join(s.dir, "m.json");
    const first = tactica([...MATRIX, "--out", out, "--json"]);
    expect(first.code, first.err).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(first.out);
    // The same --out again: an earlier result is this command's own file.
    const again = tactica([...MATRIX, "--seed", "2", "--out", out, "--json"]);
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(again.out);
    const forced = tactica([...MATRIX, "--out", s.precious, "--csv", csv, "--force", "--json"]);
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(s.precious, "utf8")).toBe(forced.out);
    expect(readFileSync(csv, "utf8").trim().split("\n")).toHaveLength(1 + 1 + 1);
    // No temporary file is left beside them.
    expect(readdirSync(s.dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    refused(tactica([...MATRIX, "--force"]), "--force: lets --out or --csv overwrite an existing file; give it only with --out or --csv");
  });
});

describe("tactica matrix --out / --csv: a file that appears during the job is kept (writeJobResult)", () => {
  const isResult = async (f: string) => readFileSync(f, "utf8").startsWith("{\"kind\":\"tactica-matrix\"");
  const OUT = (file: string) => ({ flag: "--out", file, replaces: { what: "an earlier tactica matrix result", test: isResult } });

  it("no file at the start, none at the end: written where asked", async () => {
    const s = scratch();
    const file = join(s.dir, "result.json");
    const before = await checkOutputs([OUT(file)], [], false);
    expect(await writeJobResult(OUT(file), "{\"kind\":\"tactica-matrix\"}\n", false, before.get("--out"))).toEqual({ file });
    expect(readFileSync(file, "utf8")).toBe("{\"kind\":\"tactica-matrix\"}\n");
  });

  it("a user's file that appeared at --out meanwhile is kept byte for byte; the result goes to FILE.1, then FILE.2", async () => {
    const s = scratch();
    const file = join(s.dir, "result.json");
    const before = await checkOutputs([OUT(file)], [], false);
    s.file("result.json", PRECIOUS);
    const w = await writeJobResult(OUT(file), "{\"kind\":\"tactica-matrix\"}\n", false, before.get("--out"));
    expect(w).toEqual({ file: `${file}.1`, why: `--out: ${file} appeared during the job and is not an earlier tactica matrix result: it is kept, not overwritten` });
    expect(readFileSync(file, "utf8")).toBe(PRECIOUS);
    expect(readFileSync(`${file}.1`, "utf8")).toBe("{\"kind\":\"tactica-matrix\"}\n");
    expect((await writeJobResult(OUT(file), "second\n", false, before.get("--out"))).file).toBe(`${file}.2`);
    expect(readFileSync(`${file}.1`, "utf8")).toBe("{\"kind\":\"tactica-matrix\"}\n");
    // No temporary file is left beside them.
    expect(readdirSync(s.dir).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("an earlier matrix result that appeared meanwhile may be replaced, and so may anything with --force; a folder gone sends the result to the temporary folder", async () => {
    const s = scratch();
    const file = join(s.dir, "result.json");
    const before = await checkOutputs([OUT(file)], [], false);
    s.file("result.json", "{\"kind\":\"tactica-matrix\",\"old\":1}\n");
    expect(await writeJobResult(OUT(file), "{\"kind\":\"tactica-matrix\"}\n", false, before.get("--out"))).toEqual({ file });
    const csv = join(s.dir, "cells.csv");
    const beforeCsv = await checkOutputs([{ flag: "--csv", file: csv }], [], false);
    s.file("cells.csv", PRECIOUS);
    expect(await writeJobResult({ flag: "--csv", file: csv }, "a,b\n", true, beforeCsv.get("--csv"))).toEqual({ file: csv });
    expect(readFileSync(csv, "utf8")).toBe("a,b\n");
    const gone = join(s.dir, "gone", "result.json");
    const w = await writeJobResult({ flag: "--out", file: gone }, "x\n", false, null);
    expect(w.why).toMatch(/^--out: cannot write .*gone\/result\.json: /);
    expect(w.file.startsWith(tmpdir())).toBe(true);
    expect(readFileSync(w.file, "utf8")).toBe("x\n");
    rmSync(w.file);
  });
});
