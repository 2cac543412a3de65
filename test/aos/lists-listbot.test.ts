/** Listbot and Sigdex text exports (issue 13), against the bundled data. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledLibrary } from "../../src/aos/armies/index.js";
import { parseListText, reconcile } from "../../src/aos/lists/index.js";

const read = (f: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/lists", f), "utf8");
const lib = bundledLibrary();

describe("Listbot and Sigdex text", () => {
  it("[IMPORT-LISTBOT] Listbot: Allegiance / Grand Alliance / formation lines, role headings, `-` bullets, Total / Allies / Wounds / Drops / version footer", () => {
    const list = parseListText(read("ossiarch-listbot.txt"), "listbot.txt");
    expect(list.format).toBe("listbot");
    expect([list.name, list.faction, list.grandAlliance, list.formation, list.pointsDeclared, list.pointsLimit, list.drops]).toEqual(["Bone Tithe 7 / Sept", "Ossiarch Bonereapers", "Death", "Ivory Host", 580, 1000, 3]);
    const r = reconcile(list, lib);
    expect(r.units.map((u) => [u.name, u.points, u.general, u.reinforced, u.warscroll])).toEqual([
      ["Mortisan Boneshaper", 140, true, false, "Mortisan Boneshaper"],
      ["Liege-Kavalos", 180, false, false, "Liege-Kavalos"],
      ["Mortek Guard", 220, false, true, "Mortek Guard"],
    ]);
    expect(r.units[0]!.enhancements).toEqual(["Soul-Crafter"]);
    // 140 + 180 + 220 units + 40 for the manifestation = 580.
    expect(r.lores).toEqual([{ kind: "spell", name: "Lore of Mortis Binding", points: null }, { kind: "manifestation", name: "Horrors of the Necropolis", points: 40 }]);
    expect([r.pointsCounted, r.pointsReconcile, r.warnings]).toEqual([580, true, []]);
    expect(r.roster!.mode).toBe("pitched-battles-2021");
    expect(r.roster!.manifestationLore).toBe("Horrors of the Necropolis");
  });

  it("[IMPORT-LISTBOT] Sigdex: name line, `Faction - Formation`, `(N pts)` prices, indented bullets", () => {
    const list = parseListText(read("nighthaunt-sigdex.txt"), "sigdex.txt");
    expect(list.format).toBe("sigdex");
    expect([list.name, list.faction, list.formation, list.pointsDeclared, list.pointsLimit]).toEqual(["Midnight Procession", "Nighthaunt", "Procession of the Damned", 390, 1000]);
    const r = reconcile(list, lib);
    expect(r.units.map((u) => [u.name, u.points, u.general, u.warscroll])).toEqual([
      ["Guardian of Souls", 100, true, "Guardian of Souls"],
      ["Chainrasps", 100, false, "Chainrasps"],
      ["Grimghast Reapers", 190, false, "Grimghast Reapers"],
    ]);
    expect([r.pointsCounted, r.pointsReconcile]).toEqual([390, true]);
  });
});

describe("a 2021 list's grand strategy", () => {
  it("[PB-GS-PICK] Listbot's `- Grand Strategy: X` and Sigdex's `Grand Strategy: X` go into the roster; one not of the 2021 pack is a warning, and left out", () => {
    const lb = reconcile(parseListText(read("ossiarch-listbot-2021.txt"), "listbot.txt"), lib);
    expect([lb.grandStrategy, lb.roster!.grandStrategy, lb.roster!.mode, lb.warnings]).toEqual(["Hold the Line", "Hold the Line", "pitched-battles-2021", []]);
    expect(lb.roster!.notes).toContain("Legion: Petrifex Elite.");
    const sd = reconcile(parseListText(read("nighthaunt-sigdex.txt"), "sigdex.txt"), lib);
    expect([sd.grandStrategy, sd.roster!.grandStrategy]).toEqual(["Vendetta", "Vendetta"]);
    const odd = reconcile(parseListText(read("nighthaunt-sigdex.txt").replace("Vendetta", "Take What's Theirs"), "sigdex.txt"), lib);
    expect(odd.roster!.grandStrategy).toBeUndefined();
    expect(odd.grandStrategy).toBeNull();
    expect(odd.warnings).toEqual([
      `grand strategy "Take What's Theirs" is not one of the Pitched Battles 2021 pack's (Sever the Head, Hold the Line, Vendetta, Dominating Presence, Beast Master, Prized Sorcery, Pillars of Belief, Predator's Domain): left out of the roster`,
    ]);
  });

  it("[PB-GS-PICK] the AoS app's header and New Recruit's `Grand Strategy` selection name it too", () => {
    const app = reconcile(parseListText("Old Guard 470/1000 pts\nFlesh-eater Courts\nGrand Strategy: Sever the Head\nGeneral's Regiment\nAbhorrant Archregent (140)\n• General\nCrypt Ghouls (140)\nCrypt Flayers (90)\nCryptguard (100)\n", "app.txt"), lib);
    expect([app.format, app.roster!.grandStrategy]).toEqual(["aos-app", "Sever the Head"]);
    const gs = '<selection id="s-9" name="Grand Strategy" entryId="x" number="1" type="upgrade"><selections><selection id="s-10" name="Hold the Line" entryId="x" number="1" type="upgrade"></selection></selections></selection>';
    const ros = read("seraphon-newrecruit.ros").replace('<selection id="s-57521" name="Battle Formation"', `${gs}<selection id="s-57521" name="Battle Formation"`);
    const nr = reconcile(parseListText(ros, "x.ros"), lib);
    expect([nr.format, nr.grandStrategy, nr.roster!.grandStrategy]).toEqual(["newrecruit-ros", "Hold the Line", "Hold the Line"]);
  });
});
