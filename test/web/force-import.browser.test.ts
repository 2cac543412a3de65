/**
 * Play MESBG takes the user's own force (issue 12: "You pick your army or force — bundled, pasted or a
 * file"), in real Chromium: a pasted or loaded force JSON checked with the MESBG force schema, readable
 * messages for a bad one (the field named), a game started from it, and a refused force leaving the kept
 * game alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkForceText } from "../../web/force-picker.js";
import { createPlayView } from "../../web/play/play-view.js";
import { forgetGame, loadGame } from "../../web/play/store.js";

const until = async (f: () => boolean, ms = 30_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame("play-mesbg");
});
afterAll(() => forgetGame("play-mesbg"));

/** A small Good force written for the test: a captain and 8 guards, 50 + 8 x 8 = 114 points. */
const RIDERS = {
  name: "Riders of the Test",
  alignment: "good",
  profiles: {
    captain: {
      name: "Captain of the Test", move: 6, fight: 4, shoot: 4, strength: 4, defence: 5, attacks: 2, wounds: 2, courage: 4, might: 2, will: 1, fate: 1,
      keywords: { race: ["Man"], faction: ["Rohan"], type: ["Infantry", "Hero"] }, wargear: ["hand weapon", "armour", "shield"], points: 50,
    },
    guard: {
      name: "Test Guard", move: 6, fight: 3, shoot: 4, strength: 3, defence: 4, attacks: 1, wounds: 1, courage: 3,
      keywords: { race: ["Man"], faction: ["Rohan"], type: ["Infantry", "Warrior"] }, wargear: ["hand weapon", "shield"], points: 8,
    },
  },
  models: [{ profile: "captain", count: 1 }, { profile: "guard", count: 8 }],
};

describe("the user's own MESBG force", () => {
  it("[ME-FORCES-CLASH] a force JSON is checked with the force schema: its summary, or each field that is wrong", () => {
    const ok = checkForceText(JSON.stringify(RIDERS), "the pasted force");
    expect(ok.ok && ok.summary).toBe("Riders of the Test — Good, 9 models, 114 points");
    expect(checkForceText(JSON.stringify({ ...RIDERS, models: [{ profile: "guard", count: 8 }] }), "the pasted force")).toEqual({
      ok: false,
      errors: ['the pasted force: models: a force needs at least one Hero (ME-FORCES-CLASH: Warriors deploy within 6" of a friendly Hero)'],
    });
    expect(checkForceText(JSON.stringify({ ...RIDERS, models: [{ profile: "captian", count: 1 }] }), "the pasted force")).toEqual({ ok: false, errors: ['the pasted force: models[0].profile: no profile "captian" in profiles'] });
    const notJson = checkForceText("{ nope", "the pasted force");
    expect(notJson.ok).toBe(false);
    // The position's wording is the browser's own JSON.parse message.
    expect(!notJson.ok && notJson.errors).toEqual([expect.stringMatching(/^the pasted force: not valid JSON \(.*position 2/)]);
    expect(checkForceText("", "the pasted force")).toEqual({ ok: false, errors: ["the pasted force: empty; paste a force JSON (as data/mesbg/*.json) or load a file"] });
  });

  it("[ME-FORCES-CLASH] Play MESBG: a pasted force starts a game; a bad one, or two Good forces, is refused and changes nothing kept", async () => {
    await forgetGame("play-mesbg");
    const view = createPlayView("mesbg", () => undefined);
    view.show();
    await until(() => document.querySelectorAll("#mesbg-choices button[data-action]").length > 0);
    const picker = document.getElementById("mesbg-a") as HTMLSelectElement;
    expect([...picker.options].map((o) => o.value).at(-1)).toBe("own");
    picker.value = "own";
    picker.dispatchEvent(new Event("change"));
    const box = document.getElementById("mesbg-a-text") as HTMLTextAreaElement;
    box.value = JSON.stringify(RIDERS, null, 2);
    box.dispatchEvent(new Event("input"));
    await until(() => (document.getElementById("mesbg-a-check")!.textContent ?? "").startsWith("✓"));
    expect(document.getElementById("mesbg-a-check")!.textContent).toBe("✓ Riders of the Test — Good, 9 models, 114 points");
    document.getElementById("mesbg-new")!.click();
    await until(() => (document.getElementById("mesbg-heading")!.textContent ?? "").startsWith("Riders of the Test"));
    expect(document.getElementById("mesbg-heading")!.textContent).toBe("Riders of the Test vs Mordor — The Forces Clash");
    const kept = JSON.stringify(await loadGame("play-mesbg"));
    expect((JSON.parse(kept) as { setup: { a: { name: string } } }).setup.a.name).toBe("Riders of the Test");

    box.value = JSON.stringify({ ...RIDERS, alignment: "neutral" });
    box.dispatchEvent(new Event("input"));
    await until(() => document.getElementById("mesbg-a-check")!.className.includes("bad"));
    expect(document.getElementById("mesbg-a-check")!.textContent).toBe('the pasted force: alignment: Invalid option: expected one of "good"|"evil"');
    document.getElementById("mesbg-new")!.click();
    await new Promise((r) => setTimeout(r, 100));
    expect(document.getElementById("mesbg-error")!.textContent).toBe('Good force: the pasted force: alignment: Invalid option: expected one of "good"|"evil"');

    box.value = JSON.stringify(RIDERS);
    box.dispatchEvent(new Event("input"));
    await until(() => (document.getElementById("mesbg-a-check")!.textContent ?? "").startsWith("✓"));
    const evil = document.getElementById("mesbg-b") as HTMLSelectElement;
    evil.value = "0"; // the bundled Minas Tirith: Good too
    evil.dispatchEvent(new Event("change"));
    document.getElementById("mesbg-new")!.click();
    await new Promise((r) => setTimeout(r, 100));
    expect(document.getElementById("mesbg-error")!.textContent).toMatch(/^The Forces Clash is one Good force against one Evil force: Riders of the Test and .+ are both Good\.$/);
    expect(JSON.stringify(await loadGame("play-mesbg"))).toBe(kept);
    document.getElementById("view-play-mesbg")!.remove();
    await forgetGame("play-mesbg");
  });
});
