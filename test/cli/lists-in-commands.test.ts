/**
 * Issue 13, "every command takes the lists": `tactica armies FILE` reads an exported list directly (the
 * import's detector), and `tactica coach` / `battle --resume` take a position whose armies name list files
 * (or replace them with --a / --b).
 */
import { copyFileSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir, tactica } from "../support/cli.js";

const FIX = "test/fixtures/lists";
const FORMATS = "understood: the Warhammer Age of Sigmar app's export text (both layouts), Listbot or Sigdex text, a New Recruit .ros, .rosz or .json export, or a roster JSON";

describe("tactica armies FILE reads an exported list", () => {
  it("[IMPORT-ARMIES] the app's plain layout: imported on the fly, legal in 4th-edition regiments, 1,810 of 2,000 points, its three regiments", () => {
    const r = tactica(["armies", `${FIX}/fec-plain.txt`, "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.valid, j.mode, j.faction, j.points, j.pointsLimit, j.general]).toEqual([true, "regiments-4th", "Flesh-eater Courts", 1810, 2000, "Abhorrant Ghoul King on Royal Terrorgheist"]);
    expect(j.imported).toEqual({ format: "aos-app", pointsDeclared: 1810, warnings: [] });
    expect(j.regiments.map((g: { leader: string; units: string[] }) => [g.leader, g.units.length])).toEqual([
      ["Abhorrant Ghoul King on Royal Terrorgheist", 2],
      ["Abhorrant Archregent", 3],
      ["Crypt Haunter Courtier", 2],
    ]);
  });

  it("[IMPORT-ARMIES] the text report says where the list came from, and that the declared 640 is not the roster's 590 (the priced enhancement and lore are not in a roster)", () => {
    const r = tactica(["armies", `${FIX}/stormcast-dashed.txt`]);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).toBe(`Imported from ${FIX}/stormcast-dashed.txt (aos-app; tactica import --out ROSTER.json keeps the roster):`);
    expect(lines[2]).toBe("Storm Hammers 2/3 +++ Drops Test +++!! — Stormcast Eternals, 4th-edition regiments, 590 / 1,000 points");
    expect(r.out).toContain("Legal: no army rule is broken.");
    // 110 + 180 + 90 + 120 + 90 from the data; the list prints Knight-Arcanum at 130 (+10 Arcane Tome) and the lore at 40.
    expect(lines.at(-1)).toBe(
      "The list declares 640 points; the roster counts 590 from the bundled data's points (priced enhancements and lores are not part of a roster; tactica import FILE shows the list's own count).",
    );
  });

  it("[IMPORT-ARMIES] a New Recruit .ros plays its own profiles; a 2021 Listbot list without a grand strategy, one Battleline short, is exit 1 naming the rules; stdin works", () => {
    const ros = JSON.parse(tactica(["armies", `${FIX}/seraphon-newrecruit.ros`, "--json"]).out);
    expect([ros.valid, ros.points, ros.units.length, ros.imported.format]).toEqual([true, 950, 6, "newrecruit-ros"]);
    expect(ros.units.at(-1)).toEqual({ unit: "Vindictors", warscroll: "Vindictors", models: 5, reinforced: 0, points: 0 });
    const stdin = tactica(["armies", "-", "--json"], readFileSync(`${FIX}/ossiarch-listbot.txt`, "utf8"));
    expect(stdin.code).toBe(1);
    const s = JSON.parse(stdin.out);
    // 140 + 180 + 220 from the data (the list's 40 for its manifestation lore is not in the roster).
    expect([s.imported.format, s.mode, s.points, s.violations.map((v: { rule: string }) => v.rule)]).toEqual(["listbot", "pitched-battles-2021", 540, ["PB-GS-PICK", "PB-ROLES", "PB-ENDLESS"]]);
  });

  it("[IMPORT-FORMAT] a file that is neither a roster nor a list is exit 2 naming the formats understood; a JSON roster with a wrong field still names the field", () => {
    const s = scratchDir("armies-list");
    const poem = s.file("poem.txt", "Roses are red\nviolets are blue\n");
    const r = tactica(["armies", poem]);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toBe(`tactica: ${poem}: not a list this importer understands; ${FORMATS}\n`);
    const bad = s.file("bad.json", { name: "x", units: [] });
    const b = tactica(["armies", bad]);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/^tactica: .*bad\.json: faction: is required/);
  });
});

/** A position of round 3 between the FEC list (app text) and the Seraphon .ros, both named as files beside it. */
function listPosition(armies: [string, string] = ["fec-plain.txt", "seraphon-newrecruit.ros"]) {
  return {
    format: "tactica-position",
    version: 1,
    game: "aos",
    armies,
    battleplan: "savage-gains",
    attacker: 0,
    round: 3,
    active: 0,
    turn: "first",
    phase: "hero",
    grandStrategies: ["Hold the Line", "Vendetta"],
    victoryPoints: [8, 7],
    commandPoints: [2, 2],
    units: [
      ...[[20, 12], [30, 12], null, [10, 8], [40, 10], null, [55, 8], null, null, [5, 20]].map((at, unit) => (at ? { army: 0, unit, at: { x: at[0], y: at[1] } } : { army: 0, unit, status: "destroyed" })),
      ...[[30, 34], [40, 36], [20, 40], null, [50, 40], [56, 30]].map((at, unit) => (at ? { army: 1, unit, at: { x: at[0], y: at[1] } } : { army: 1, unit, status: "destroyed" })),
    ],
  };
}

describe("a position's armies may be exported lists", () => {
  it("[IMPORT-COACH] coach searches a position whose armies name an app export and a .ros beside it (no BSData: the .ros carries its profiles)", () => {
    const s = scratchDir("coach-lists");
    copyFileSync(`${FIX}/fec-plain.txt`, join(s.dir, "fec-plain.txt"));
    copyFileSync(`${FIX}/seraphon-newrecruit.ros`, join(s.dir, "seraphon-newrecruit.ros"));
    const file = s.file("position.json", listPosition());
    const r = tactica(["coach", file, "--budget", "40", "--top", "2", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.game, j.player, j.decision, j.iterations, j.moves.length]).toEqual(["aos", 0, "round 3, battle-tactic", 40, 2]);
    expect(j.moves.every((m: { label: string }) => m.label.startsWith("battle tactic: "))).toBe(true);

    // battle --resume plays on from the same position; its save holds the rosters, so it needs the lists no more.
    const save = join(s.dir, "game.json");
    const b = tactica(["battle", "--resume", file, "--stop-after", "5", "--save", save]);
    expect(b.code).toBe(0);
    rmSync(join(s.dir, "fec-plain.txt"));
    rmSync(join(s.dir, "seraphon-newrecruit.ros"));
    const saved = JSON.parse(readFileSync(save, "utf8"));
    expect(saved.setup.position.armies.map((a: { name: string }) => a.name)).toEqual(["Royal Feast of the Gristlegore", "Sunclaw Test Host"]);
    expect(saved.setup.position.library.warscrolls.map((w: { name: string }) => w.name)).toContain("Saurus Oldblood on Carnosaur");
    const on = tactica(["battle", "--resume", save, "--json"]);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.out).armies).toEqual(["Royal Feast of the Gristlegore", "Sunclaw Test Host"]);
  });

  it("[IMPORT-COACH] --a / --b replace a position's armies (paths from the working folder); they are refused for a MESBG position and a saved game, exit 2", () => {
    const s = scratchDir("coach-override");
    const file = s.file("position.json", listPosition(["Mortek Shieldwall", "Stomp of Giants"]));
    const r = tactica(["coach", file, "--a", `${FIX}/fec-plain.txt`, "--b", `${FIX}/seraphon-newrecruit.ros`, "--budget", "40", "--top", "1", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).decision).toBe("round 3, battle-tactic");
    // [AB-COVERAGE] an imported army's abilities not played are listed in the --json (tactica units --coverage has only the bundled ones).
    const cov = JSON.parse(r.out).abilities as { army: string; notPlayed: number; notPlayedWhy: string[]; listedBy: string }[];
    expect(cov.map((c) => [c.army, c.listedBy])).toEqual([["Royal Feast of the Gristlegore", "tactica units --coverage"], ["Sunclaw Test Host", "this command's --json"]]);
    expect(cov[1]!.notPlayedWhy.length).toBe(cov[1]!.notPlayed);
    expect(cov[1]).toMatchObject({ abilities: 1, notPlayed: 0 });
    const text = tactica(["coach", file, "--a", `${FIX}/fec-plain.txt`, "--b", `${FIX}/seraphon-newrecruit.ros`, "--budget", "40", "--top", "1"]);
    expect(text.out.trimEnd().split("\n").at(-1)).toBe("Sunclaw Test Host: this army's 1 ability is played");
    const missing = tactica(["coach", file, "--b", "no-such-list.txt"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^tactica: --b: cannot read no-such-list\.txt: no such file \(an army is a bundled army's name, a roster file or an exported list: Mortek Shieldwall, /);
    const mesbg = tactica(["coach", "examples/positions/mesbg-turn-4.json", "--a", `${FIX}/fec-plain.txt`]);
    expect([mesbg.code, mesbg.err]).toEqual([2, "tactica: examples/positions/mesbg-turn-4.json: --a, --b and --bsdata are for an AoS position (a MESBG position names its forces)\n"]);
  });
});
