/**
 * The user's own list in the browser (issue 13's dashboard part), in real Chromium: exports imported with
 * src/aos/lists exactly as `tactica import` imports them (a .rosz unzipped by the browser's
 * DecompressionStream), names shown as text never as HTML, an invalid list refused with a readable message
 * that leaves the game in play and the kept one alone, and a game started from a pasted list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import stormcast from "../fixtures/lists/stormcast-dashed.txt?raw";
import fec from "../fixtures/lists/fec-plain.txt?raw";
import ros from "../fixtures/lists/seraphon-newrecruit.ros?raw";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { checkArmyFile, checkArmyText } from "../../web/army-import.js";
import { armyPicker } from "../../web/army-picker.js";
import { createPlayView } from "../../web/play/play-view.js";
import { forgetGame, loadGame } from "../../web/play/store.js";

const until = async (f: () => boolean, ms = 30_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** A one-entry deflated zip, as a New Recruit .rosz is, made with the browser's CompressionStream. */
async function zip(name: string, text: string): Promise<Uint8Array<ArrayBuffer>> {
  const data = new TextEncoder().encode(text);
  const comp = new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
  const n = new TextEncoder().encode(name);
  const out = new Uint8Array(30 + n.length + comp.length + 46 + n.length + 22);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(8, 8, true);
  v.setUint32(18, comp.length, true);
  v.setUint32(22, data.length, true);
  v.setUint16(26, n.length, true);
  out.set(n, 30);
  out.set(comp, 30 + n.length);
  const c = 30 + n.length + comp.length;
  v.setUint32(c, 0x02014b50, true);
  v.setUint16(c + 10, 8, true);
  v.setUint32(c + 20, comp.length, true);
  v.setUint32(c + 24, data.length, true);
  v.setUint16(c + 28, n.length, true);
  v.setUint32(c + 42, 0, true);
  out.set(n, c + 46);
  const e = c + 46 + n.length;
  v.setUint32(e, 0x06054b50, true);
  v.setUint16(e + 8, 1, true);
  v.setUint16(e + 10, 1, true);
  v.setUint32(e + 12, 46 + n.length, true);
  v.setUint32(e + 16, c, true);
  return out;
}

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame("play-aos");
});
afterAll(async () => {
  await forgetGame("play-aos");
});

describe("importing the user's own list in the browser", () => {
  it("[IMPORT-APP] the AoS app's dashed export: its name, faction and the five units with their warscrolls, 590 of 1000 points", () => {
    const c = checkArmyText(stormcast, "the pasted list");
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.format).toBe("aos-app");
    expect(c.roster.name).toBe("Storm Hammers 2/3 +++ Drops Test +++!!");
    expect(c.roster.faction).toBe("Stormcast Eternals");
    expect(c.roster.units.map((u) => u.warscroll)).toEqual(["Lord-Imperatant", "Liberators", "Vindictors", "Knight-Arcanum", "Vindictors"]);
    expect(c.summary).toBe("Storm Hammers 2/3 +++ Drops Test +++!! — Stormcast Eternals, 590 of 1000 points, 5 units — imported from the AoS app's export");
  });

  it("[IMPORT-NR] a New Recruit .ros and the same .rosz (unzipped by the browser) give the same roster, played from the file's own five profiles", async () => {
    const a = checkArmyText(ros, "seraphon.ros");
    const b = await checkArmyFile(new File([(await zip("seraphon.ros", ros)) as Uint8Array<ArrayBuffer>], "seraphon.rosz"));
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect([a.format, b.format]).toEqual(["newrecruit-ros", "newrecruit-rosz"]);
    // The same roster, but for the note saying where it came from.
    expect({ ...b.roster, notes: "" }).toEqual({ ...a.roster, notes: "" });
    expect(b.roster.notes).toMatch(/^Imported from newrecruit-rosz\./);
    expect(a.extra.map((w) => w.name)).toEqual(["Saurus Oldblood on Carnosaur", "Saurus Warriors", "Skink Starpriest", "Skinks", "Spawn of Chotec"]);
    expect(a.summary).toBe("Sunclaw Test Host — Seraphon, 950 of 1000 points, 6 units — imported from a New Recruit .ros");
  });

  it("[IMPORT-APP] a name with markup is shown as text, never as HTML", () => {
    const p = armyPicker("t-a", "First army", 0);
    document.body.append(p.el);
    const evil = stormcast.replace("Storm Hammers 2/3", '<img src=x onerror="window.__pwned=1">');
    const c = p.paste(evil);
    expect(c.ok).toBe(true);
    expect(p.check.querySelector("img")).toBeNull();
    expect(p.check.textContent).toContain('<img src=x onerror="window.__pwned=1">');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    p.el.remove();
  });

  it("[IMPORT-APP] an invalid list gets a readable message naming the formats understood", async () => {
    const c = checkArmyText("Just some notes about my army\nnothing more", "the pasted list");
    expect(c.ok).toBe(false);
    expect(!c.ok && c.errors[0]).toBe("the pasted list: not a list this importer understands; understood: the Warhammer Age of Sigmar app's export text (both layouts), Listbot or Sigdex text, a New Recruit .ros, .rosz or .json export, or a roster JSON");
    const f = await checkArmyFile(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], "broken.rosz"));
    expect(!f.ok && f.errors[0]).toBe("broken.rosz: a zip without its central directory (a damaged .rosz?)");
  });
});

describe("Play and Campaign take the user's own list", () => {
  it("[IMPORT-APP] Play AoS: a pasted export starts a game with it; an invalid one is refused and changes nothing kept", async () => {
    const view = createPlayView("aos", () => undefined);
    view.show();
    await until(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    const pickerA = document.getElementById("aos-a") as HTMLSelectElement;
    expect([...pickerA.options].map((o) => o.value).at(-1)).toBe("own");
    // Pasted as a user pastes: the option, then the text (the verdict comes 250 ms after the last keystroke).
    pickerA.value = "own";
    pickerA.dispatchEvent(new Event("change"));
    const box = document.getElementById("aos-a-text") as HTMLTextAreaElement;
    box.value = fec;
    box.dispatchEvent(new Event("input"));
    await until(() => (document.getElementById("aos-a-check")!.textContent ?? "").startsWith("✓"));
    expect(document.getElementById("aos-a-check")!.textContent).toBe("✓ Royal Feast of the Gristlegore — Flesh-eater Courts, 1810 of 2000 points, 10 units — imported from the AoS app's export");
    document.getElementById("aos-new")!.click();
    await until(() => (document.getElementById("aos-heading")!.textContent ?? "").startsWith("Royal Feast"));
    expect(document.getElementById("aos-heading")!.textContent).toBe("Royal Feast of the Gristlegore vs Hammers of the Warrior Chamber — Marking Territory");
    const kept = JSON.stringify(await loadGame("play-aos"));
    expect((JSON.parse(kept) as { setup: { a: { name: string } } }).setup.a.name).toBe("Royal Feast of the Gristlegore");

    box.value = "not a list at all";
    box.dispatchEvent(new Event("input"));
    await until(() => document.getElementById("aos-a-check")!.className.includes("bad"));
    document.getElementById("aos-new")!.click();
    await new Promise((r) => setTimeout(r, 100));
    expect(document.getElementById("aos-error")!.hidden).toBe(false);
    expect(document.getElementById("aos-error")!.textContent).toMatch(/^First army: the pasted list: not a list this importer understands/);
    expect(document.getElementById("aos-heading")!.textContent).toContain("Royal Feast of the Gristlegore");
    expect(JSON.stringify(await loadGame("play-aos"))).toBe(kept);
    // A roster JSON missing two fields: one error a line, under the list's name.
    box.value = JSON.stringify({ name: "x", faction: "Stormcast Eternals", units: [] });
    box.dispatchEvent(new Event("input"));
    await until(() => (document.getElementById("aos-a-check")!.textContent ?? "") !== "" && document.getElementById("aos-a-check")!.className.includes("bad"));
    const errors = [...document.querySelectorAll("#aos-a-check div")].map((d) => d.textContent);
    document.getElementById("aos-new")!.click();
    expect(document.getElementById("aos-error")!.textContent).toBe(errors.length === 1 ? `First army: ${errors[0]}` : ["First army:", ...errors].join("\n"));
    // Back to a bundled list: the error goes.
    const select = document.getElementById("aos-a") as HTMLSelectElement;
    select.value = "0";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await until(() => document.getElementById("aos-error")!.hidden);
    document.getElementById("view-play-aos")!.remove();
  });

  it("[IMPORT-NR] Campaign: a loaded .ros (its own Seraphon profiles) is a realm of the campaign", async () => {
    await forgetGame("play-campaign");
    const view = createPlayView("campaign", () => undefined);
    view.show();
    await until(() => document.querySelectorAll("#campaign-choices button[data-action]").length > 0);
    const file = document.getElementById("campaign-b-file") as HTMLInputElement;
    const dt = new DataTransfer();
    dt.items.add(new File([ros], "seraphon.ros"));
    file.files = dt.files;
    file.dispatchEvent(new Event("change"));
    await until(() => (document.getElementById("campaign-b-check")!.textContent ?? "").startsWith("✓"));
    document.getElementById("campaign-new")!.click();
    await until(() => (document.getElementById("campaign-heading")!.textContent ?? "").includes("Sunclaw Test Host"));
    expect(document.getElementById("campaign-heading")!.textContent).toBe(`${bundledRosters()[0]!.roster.name} vs Sunclaw Test Host — The Realm of the Styx`);
    const saved = (await loadGame("play-campaign")) as { setup: { b: { name: string }; library: { warscrolls: { name: string }[] } } };
    expect(saved.setup.b.name).toBe("Sunclaw Test Host");
    // The list's own profiles travel in the setup's library (the format the CLI's --save shares).
    expect(saved.setup.library.warscrolls.map((w) => w.name)).toEqual(expect.arrayContaining(["Saurus Oldblood on Carnosaur", "Saurus Warriors", "Skink Starpriest", "Skinks", "Spawn of Chotec"]));
    await forgetGame("play-campaign");
  });
});
