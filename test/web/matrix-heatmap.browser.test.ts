/**
 * The dashboard's matrix heat map (issue 16) in real Chromium: a result built by analysis/matrix/report.ts
 * from hand-made tallies, drawn with rows and columns sorted by strength, each cell's interval on hover and
 * focus, and a file opened through the picker — a corrupt one refused with a message.
 */
import { describe, expect, it } from "vitest";
import { matrixResult } from "../../analysis/matrix/report.js";
import { matrixRequestSchema } from "../../analysis/matrix/request.js";
import type { CellTally } from "../../analysis/matrix/tally.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { coverageSentence } from "../../src/aos/abilities/index.js";
import { rosterCoverage } from "../../src/aos/abilities/roster-coverage.js";
import { heatColour, mountMatrixFile, parseMatrixFile, renderMatrixHeatmap } from "../../web/matrix-heatmap.js";

const lists = bundledRosters().map((r) => r.roster).slice(0, 3);
const req = matrixRequestSchema.parse({ lists, plans: ["savage-gains"], games: 10, chunkGames: 10 });
const t = (a: number, b: number, vp: [number, number]): CellTally => ({ games: 10, draws: 10 - a - b, wins: [a, b], vp, vp2: [vp[0] * vp[0], vp[1] * vp[1]] });
// Pairings (0,1) 2-8, (0,2) 5-5, (1,2) 9-1: list 1 won 17 of 20, list 0 7, list 2 6 — strongest first: 1, 0, 2.
const result = matrixResult(req, [t(2, 8, [100, 200]), t(5, 5, [150, 150]), t(9, 1, [300, 50])]);

describe("[MATRIX-HEATMAP] the matrix heat map", () => {
  it("[AB-COVERAGE] a file from tactica matrix (with each list's abilities) says which are not played; an older file without them is read as before", () => {
    const div = document.createElement("div");
    document.body.append(div);
    const abilities = [rosterCoverage(lists[0]!, undefined), rosterCoverage(lists[1]!, undefined), rosterCoverage(lists[2]!, undefined)];
    renderMatrixHeatmap(div, parseMatrixFile(JSON.stringify({ ...result, abilities })));
    const notes = [...div.querySelectorAll(".mu-coverage")].map((e) => (e.querySelector("summary") ?? e).textContent);
    expect(notes).toEqual(abilities.map((c) => `${c.army}: ${coverageSentence(c.notPlayed, c.abilities, "army", false)}`));
    expect(notes[0]).toBe("Mortek Shieldwall: 1 of this army's 9 abilities is not played");
    renderMatrixHeatmap(div, parseMatrixFile(JSON.stringify(result)));
    expect(div.querySelectorAll(".mu-coverage").length).toBe(0);
    div.remove();
  });

  it("rows and columns strongest first; a cell is the row's win rate, its interval on hover", () => {
    const div = document.createElement("div");
    document.body.append(div);
    renderMatrixHeatmap(div, parseMatrixFile(JSON.stringify(result)));
    const order = result.ranking.map((s) => s.list);
    expect(order).toEqual([lists[1]!.name, lists[0]!.name, lists[2]!.name]);
    const cols = [...div.querySelectorAll("thead th.mx-col")].map((th) => th.textContent);
    expect(cols).toEqual(order);
    const rows = [...div.querySelectorAll("tbody tr")];
    expect(rows.map((r) => r.querySelector("th")!.textContent)).toEqual(order.map((n, i) => expect.stringContaining(`${i + 1}. ${n}`)));
    // Row 1 (list 1) against column 2 (list 0): list 1 won 8 of 10 as the pairing's second list.
    const cell = rows[0]!.querySelectorAll("td")[1] as HTMLElement;
    expect(cell.textContent).toBe("80.0%");
    expect(cell.dataset.p).toBe("0.8");
    expect(cell.style.background).toBe(heatColour(0.8));
    const w = result.pairs[0]!.bWin;
    const text = `${lists[1]!.name} against ${lists[0]!.name}: wins 80.0% (95% CI ${(100 * w.low).toFixed(1)}%-${(100 * w.high).toFixed(1)}%), draws 0.0%, 10 battles, VP 20.0 to 10.0`;
    expect(cell.title).toBe(text);
    cell.dispatchEvent(new MouseEvent("mouseenter"));
    expect(div.querySelector(".mx-detail")!.textContent).toBe(text);
    // The mirror cell: list 0 against list 1, 20%; the diagonal is blank.
    expect(rows[1]!.querySelectorAll("td")[0]!.textContent).toBe("20.0%");
    expect(rows[1]!.querySelectorAll("td")[1]!.textContent).toBe("—");
    expect(heatColour(0.5)).toBe("rgb(255, 255, 255)");
    expect(heatColour(1)).toBe("rgb(0, 114, 178)");
    div.remove();
  });

  it("a file through the picker is drawn; a corrupt one is refused with a message, nothing drawn", async () => {
    const parent = document.createElement("div");
    document.body.append(parent);
    const section = mountMatrixFile(parent);
    const input = section.querySelector<HTMLInputElement>("input[type=file]")!;
    const open = async (name: string, text: string) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: "application/json" }));
      input.files = dt.files;
      input.dispatchEvent(new Event("change"));
      await new Promise((r) => setTimeout(r, 100));
    };
    await open("m.json", JSON.stringify(result));
    expect(section.querySelectorAll("td.mx-cell")).toHaveLength(6);
    expect(section.querySelector(".mx-status")!.textContent).toBe("m.json");
    const evil = { ...result, lists: ["<img src=x onerror=alert(1)>", ...result.lists.slice(1)] };
    await open("evil.json", JSON.stringify(evil));
    expect(section.querySelector(".mx-status")!.textContent).toMatch(/evil\.json: not a tactica matrix result: the file: the ranking does not name each list once/);
    expect(section.querySelectorAll("td.mx-cell")).toHaveLength(0);
    await open("x.json", "{");
    expect(section.querySelector(".mx-status")!.textContent).toBe("x.json: not JSON: give the file `tactica matrix --out FILE` wrote");
    expect(section.querySelector("img")).toBe(null);
    parent.remove();
  });
});
