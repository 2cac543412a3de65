/**
 * The Matchup view's coverage line in real Chromium: "N of this army's M abilities are not played", with the
 * abilities in a disclosure, read with the same library and translator the matchup plays with; names typed
 * in an imported list are shown as text, never as markup.
 */
import { describe, expect, it } from "vitest";
import { bundledLibrary, bundledRosters, rosterSchema, type Warscroll } from "../../src/aos/armies/index.js";
import { coverageNote } from "../../web/coverage.js";
import { rosterCoverage } from "../../src/aos/abilities/roster-coverage.js";

const roster = (name: string) => bundledRosters().find((r) => r.roster.name === name)!.roster;

describe("matchup view: abilities not played", () => {
  it("[AB-COVERAGE] the bundled Mortek Shieldwall: 1 of its 9 abilities is not played (Master of Cavalry, the passive ones and Deathrider Commander play now), listed in a disclosure", () => {
    const a = roster("Mortek Shieldwall");
    const b = roster("Hammers of the Warrior Chamber");
    const el = coverageNote(a, [a, b], []);
    document.body.append(el);
    expect(el.tagName).toBe("DETAILS");
    expect(el.querySelector("summary")!.textContent).toBe("Mortek Shieldwall: 1 of this army's 9 abilities is not played");
    expect(el.querySelectorAll("li").length).toBe(1);
    expect([...el.querySelectorAll("li")].map((li) => li.textContent)).toContain("Mortisan Boneshaper/Legion Quartermaster: " + rosterCoverage(a, bundledLibrary()).notPlayedWhy.find((n) => n.startsWith("Mortisan Boneshaper/Legion Quartermaster"))!.split(": ").slice(1).join(": "));
    el.remove();
  });

  it("[AB-COVERAGE] an imported warscroll: its translated ability counts as played, the other is listed as text (no markup from its names)", () => {
    const base = bundledLibrary().warscrolls.find((w) => w.name === "Liberators")!;
    const evil: Warscroll = {
      ...base,
      name: "<img src=x onerror=alert(1)>Raiders",
      abilities: [
        { name: "Beast", timing: "Passive", effect: "This unit has a maximum control score of 1." },
        { name: "<b>Flyers</b>", timing: "Passive", effect: "This unit can fly." },
      ],
    };
    const a = rosterSchema.parse({ name: "<i>Imported</i>", faction: "Stormcast Eternals", pointsLimit: 1000, general: evil.name, grandStrategy: "Hold the Line", units: [{ warscroll: evil.name }] });
    const b = roster("Hammers of the Warrior Chamber");
    const el = coverageNote(a, [a, b], [evil]);
    document.body.append(el);
    expect(el.querySelector("summary")!.textContent).toBe("<i>Imported</i>: 1 of this army's 2 abilities is not played");
    expect([...el.querySelectorAll("li")].map((li) => li.textContent)).toEqual(['<img src=x onerror=alert(1)>Raiders/<b>Flyers</b>: not translated: no pattern reads "This unit can fly"']);
    expect([el.querySelector("img"), el.querySelector("b"), el.querySelector("i")]).toEqual([null, null, null]);
    el.remove();
  });
});
