/**
 * BSData in the browser (issue 12), in real Chromium: a hand-made BSData fixture (test/fixtures/bsdata/wardens:
 * a game system, the Glass Wardens faction and its library) loaded as the user loads it — through the
 * loader's file input — parsed in the BSData worker and kept in IndexedDB; the Odds picker lists its
 * warscrolls beside the bundled ones and gives the CLI's numbers and note; a bad .cat is named and keeps
 * what was loaded; the factions survive a reload (read back through the schema); a pasted list of the
 * faction imports against them, as `tactica import --bsdata`, and starts a game in the play worker.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import gst from "../fixtures/bsdata/wardens/Warden System.gst?raw";
import cat from "../fixtures/bsdata/wardens/Glass Wardens.cat?raw";
import lib from "../fixtures/bsdata/wardens/Glass Wardens - Library.cat?raw";
import cutShort from "../fixtures/bsdata/broken/Cut Short.cat?raw";
import wardensList from "../fixtures/lists/wardens-app.txt?raw";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { bsdataLoader } from "../../web/bsdata/loader.js";
import { bsdataImport, forgetBsdata, loadBsdataFiles, readKeptBsdata, restoreBsdata } from "../../web/bsdata/store.js";
import { checkArmyText, playLibraryOf } from "../../web/army-import.js";
import { mountOddsPicker } from "../../web/odds-picker.js";
import { openPlayWorker } from "../../web/play/client.js";
import { createWorkerHost, type WorkerHost } from "../../web/worker-host.js";

const until = async (f: () => boolean, ms = 30_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};
const fixture = () => [new File([gst], "Warden System.gst"), new File([cat], "Glass Wardens.cat"), new File([lib], "Glass Wardens - Library.cat")];
/** Files put on a file input as the browser's picker does, then its change event. */
const pick = (input: HTMLInputElement, files: File[]) => {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event("change"));
};
/** P(X = k) for X ~ Binomial(n, p), exactly as a sum of products. */
const binomial = (n: number, p: number, k: number) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
};

let host: WorkerHost;
beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetBsdata();
  host = createWorkerHost();
});
afterAll(async () => {
  await forgetBsdata();
  (await host.ready()).terminate();
});

describe("BSData loaded in the browser", () => {
  it("[IMPORT-BSDATA] the fixture's files through the loader: parsed in the worker, its faction and two warscrolls kept", async () => {
    const loader = bsdataLoader("t-bs");
    document.body.append(loader);
    expect(loader.querySelector("#t-bs-status")!.textContent).toBe("No BSData loaded: the pickers list the bundled factions only.");
    pick(loader.querySelector<HTMLInputElement>("#t-bs-files")!, fixture());
    await until(() => (loader.querySelector("#t-bs-check")!.textContent ?? "").startsWith("✓"));
    expect(loader.querySelector("#t-bs-check")!.textContent).toBe("✓ Loaded 1 faction (Glass Wardens), 2 warscrolls.");
    expect(loader.querySelector("#t-bs-status")!.textContent).toBe("BSData loaded: 1 faction (Glass Wardens), 2 warscrolls — from 3 files; kept in this browser.");
    expect(bsdataImport()!.factions.map((f) => [f.faction, f.warscrolls.map((w) => w.name)])).toEqual([["Glass Wardens", ["Shard Spears", "Prism Warden"]]]);
    loader.remove();
  });

  it("[CORE-HIT][CORE-WOUND][CORE-SAVE] the Odds picker lists the BSData warscroll by faction; its odds are the CLI's: 20 attacks, each 4/6 (Glass Discipline: +1 to hit) x 1/2 x 1/2 = 1/6", async () => {
    const panel = document.createElement("div");
    const textarea = document.createElement("textarea");
    const form = document.createElement("form");
    form.addEventListener("submit", (e) => e.preventDefault());
    form.append(textarea);
    panel.append(form);
    document.body.append(panel);
    mountOddsPicker(host, panel, textarea, form);
    const faction = panel.querySelector<HTMLSelectElement>("#pick-attacker-faction")!;
    expect([...faction.options].map((o) => o.textContent)).toContain("Glass Wardens (BSData)");
    const choose = (sel: HTMLSelectElement, value: string) => {
      sel.value = value;
      sel.dispatchEvent(new Event("change"));
    };
    choose(faction, "bsdata:Glass Wardens");
    const attacker = panel.querySelector<HTMLSelectElement>("#pick-attacker")!;
    expect([...attacker.options].map((o) => o.textContent)).toEqual(["Shard Spears (Glass Wardens, BSData)", "Prism Warden (Glass Wardens, BSData)"]);
    expect(panel.querySelector<HTMLInputElement>("#pick-attacker-models")!.value).toBe("10");
    // The weapon: every melee weapon (as the CLI), or the one.
    expect([...panel.querySelectorAll<HTMLOptionElement>("#pick-weapon option")].map((o) => o.textContent)).toEqual(["every melee weapon (1)", "Shard Spear — Atk 2, Hit 4+, Wnd 4+, Rnd 1, Dmg 1"]);
    choose(panel.querySelector<HTMLSelectElement>("#pick-defender-faction")!, "bsdata:Glass Wardens");
    const defender = panel.querySelector<HTMLSelectElement>("#pick-defender")!;
    choose(defender, [...defender.options].find((o) => o.textContent!.startsWith("Prism Warden"))!.value);
    expect(panel.querySelector<HTMLInputElement>("#pick-defender-models")!.value).toBe("1");
    panel.querySelector<HTMLButtonElement>("#pick-use")!.click();
    // The note says what `tactica odds aos --bsdata test/fixtures/bsdata/wardens --attacker "Shard Spears" --defender "Prism Warden"` prints.
    expect([...panel.querySelectorAll("#pick-note span")].map((s) => s.textContent)).toEqual([
      "From BSData's Glass Wardens.",
      "Abilities on: Shard Spears/Glass Discipline",
      "These two warscrolls' 1 ability is played",
    ]);
    const input = JSON.parse(textarea.value) as { attacker: { weapons: unknown[] }; defender: unknown; context: { abilities: string[]; modifiers: Record<string, number> } };
    expect(input.context.abilities).toEqual(["Shard Spears/Glass Discipline"]);
    expect(input.context.modifiers.hit).toBe(1);
    const w = await host.ready();
    const r = await Promise.race([w.api.aosExact(input), w.failed]);
    // 10 models x 2 attacks; Hit 4+ with +1 is 3+ (4/6), Wound 4+ (1/2), the Warden's Save 3+ against Rend 1 is
    // 4+ (fails 1/2), Damage 1: each attack does 1 damage with 1/6, so damage ~ Binomial(20, 1/6) — the CLI's
    // mean 3.3333333333333286 and destroyed 0.23125078100715776 (Health 5: 5 or more damage).
    expect(r.damage.mean).toBeCloseTo(20 / 6, 12);
    r.damage.pmf.forEach((p, k) => expect(p).toBeCloseTo(binomial(20, 1 / 6, k), 14));
    const destroyed = 1 - [0, 1, 2, 3, 4].reduce((s, k) => s + binomial(20, 1 / 6, k), 0);
    expect(r.destroyed).toBeCloseTo(destroyed, 14);
    expect(r.destroyed).toBeCloseTo(0.23125078100715776, 14);
    panel.remove();
  });

  it("[IMPORT-BSDATA] a bad .cat is named in the message and keeps what was loaded; beside good files, the rest loads", async () => {
    const loader = bsdataLoader("t-bad");
    document.body.append(loader);
    pick(loader.querySelector<HTMLInputElement>("#t-bad-files")!, [new File([cutShort], "Cut Short.cat")]);
    await until(() => loader.querySelector("#t-bad-check")!.className.includes("bad"));
    expect([...loader.querySelectorAll("#t-bad-check div")].map((d) => d.textContent)).toEqual([
      "✗ Cut Short.cat: no readable catalogue (Cut Short.cat: Cut Short.cat: malformed XML at line 7: <costs> is never closed)",
      "Nothing changed: the 1 faction loaded before are kept.",
    ]);
    expect(bsdataImport()!.factions.map((f) => f.faction)).toEqual(["Glass Wardens"]);
    expect((await readKeptBsdata())!.import.factions.map((f) => f.faction)).toEqual(["Glass Wardens"]);
    // The same broken file in a folder with good ones: loaded, the broken one named.
    pick(loader.querySelector<HTMLInputElement>("#t-bad-files")!, [...fixture(), new File([cutShort], "Cut Short.cat")]);
    await until(() => (loader.querySelector("#t-bad-check")!.textContent ?? "").startsWith("✓"));
    expect([...loader.querySelectorAll("#t-bad-check div")].map((d) => d.textContent)).toEqual([
      "✓ Loaded 1 faction (Glass Wardens), 2 warscrolls.",
      "⚠ Cut Short.cat: Cut Short.cat: malformed XML at line 7: <costs> is never closed",
    ]);
    // Not a BSData file at all: refused before any worker starts.
    const r = await loadBsdataFiles([{ name: "notes.txt", file: new File(["x"], "notes.txt") }]);
    expect(r).toEqual({ ok: false, message: "no .cat or .gst file among 1 file (is this a BSData folder?)", fileErrors: [] });
    loader.remove();
  });

  it("[IMPORT-BSDATA] a reload keeps the factions (read back from IndexedDB through the schema); a damaged record is dropped with a message", async () => {
    expect(await restoreBsdata(true)).toBeNull();
    expect(bsdataImport()!.factions.map((f) => [f.faction, f.warscrolls.length])).toEqual([["Glass Wardens", 2]]);
    const kept = await readKeptBsdata();
    expect(kept!.sources).toEqual(["3 files", "4 files"]);
    // A record someone changed by hand: a warscroll with Health "lots".
    const damaged = structuredClone(kept!);
    (damaged.import.factions[0]!.warscrolls[0] as unknown as { health: unknown }).health = "lots";
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open("tactica-bsdata", 1);
      req.onsuccess = () => {
        const tx = req.result.transaction("kept", "readwrite");
        tx.objectStore("kept").put(damaged, "factions");
        tx.oncomplete = () => (req.result.close(), resolve());
        tx.onerror = () => reject(tx.error);
      };
    });
    expect(await restoreBsdata(true)).toMatch(/^the BSData kept in this browser does not read \(.+\); load the folder again$/);
    expect(bsdataImport()).toBeUndefined();
    expect(await readKeptBsdata()).toBeUndefined();
  });

  it("[IMPORT-BSDATA][IMPORT-APP] a pasted list of a BSData faction: refused without it, imported against it as `tactica import --bsdata`, and played", async () => {
    const without = checkArmyText(wardensList, "the pasted list");
    expect(without.ok).toBe(false);
    expect(!without.ok && without.errors[0]).toMatch(/^the pasted list: no unit of Shardwall is known in the bundled data \(.*\); other factions: load the BSData folder below$/);
    const r = await loadBsdataFiles(fixture().map((file) => ({ name: file.name, file })), "wardens");
    expect(r.ok).toBe(true);
    const c = checkArmyText(wardensList, "the pasted list");
    expect(c.ok).toBe(true);
    if (!c.ok) throw new Error(c.errors.join(" "));
    // `tactica import test/fixtures/lists/wardens-app.txt --bsdata test/fixtures/bsdata/wardens --json`'s roster.
    expect(c.roster).toMatchObject({ name: "Shardwall", faction: "Glass Wardens", mode: "regiments-4th", pointsLimit: 1000, general: "Prism Warden", regiments: [{ leader: "Prism Warden", units: ["Shard Spears", "Shard Spears 2"] }] });
    expect(c.summary).toBe("Shardwall — Glass Wardens, 380 of 1000 points, 3 units — imported from the AoS app's export (2 warscrolls from the loaded BSData)");
    expect(c.extra.map((w) => w.name)).toEqual(["Prism Warden", "Shard Spears"]);
    // Played: the set-up carries the two warscrolls (the play worker has the bundled data only).
    const opponent = bundledRosters()[0]!.roster;
    const library = playLibraryOf([c.roster, opponent], c.extra);
    expect(library.warscrolls.filter((w) => w.faction === "Glass Wardens").map((w) => w.name)).toEqual(["Prism Warden", "Shard Spears"]);
    const play = await openPlayWorker();
    try {
      const turn = await Promise.race([play.api.start({ game: "aos", setup: { a: c.roster, b: opponent, battleplan: "marking-territory", library }, seed: 3, human: 1, ai: { kind: "scripted", thinking: "quick" } }), play.failed]);
      const v = turn.view as { armies: [string, string]; units: { name: string; owner: number }[] };
      expect(v.armies[0]).toBe("Shardwall");
      expect(v.units.filter((u) => u.owner === 0).map((u) => u.name).sort()).toEqual(["Prism Warden", "Shard Spears", "Shard Spears 2"]);
    } finally {
      play.terminate();
    }
  });
});
