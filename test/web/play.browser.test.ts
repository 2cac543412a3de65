/**
 * The Play views in real Chromium: the page's modules mounted into this document, the play worker (a real
 * Web Worker) answering with the AI (the search at its quick setting: web/play-ai.browser.test.ts tests it), a decision made by clicking, the game kept in IndexedDB and
 * restored as a reload restores it, a bad import refused with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slowdown } from "../support/load.js";
import { createPlayView } from "../../web/play/play-view.js";
import { forgetGame, loadGame } from "../../web/play/store.js";
import { SAVE_FORMAT } from "../../web/play/session.js";

const until = async (f: () => boolean, ms = 30_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame("play-aos");
  await forgetGame("play-mesbg");
});
afterAll(async () => {
  await forgetGame("play-aos");
  await forgetGame("play-mesbg");
});

/** The AI at its quick setting (set before show(): the view starts its first game then). */
const quick = (kind: string) => {
  (document.getElementById(`${kind}-thinking`) as HTMLSelectElement).value = "quick";
};

const steps = (kind: string) => Number(document.getElementById(`view-play-${kind}`)!.dataset.steps ?? "-1");

describe("Play (AoS): the battlefield, a decision by clicking, the AI's answer, a reload", () => {
  it("[PB-DEPLOY] renders the 60x44 battlefield with the first army's deployment candidates and saves the game", async () => {
    const view = createPlayView("aos", () => undefined);
    quick("aos");
    view.show();
    await until(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    // [AB-COVERAGE] the set-up says how many of each army's abilities the battle does not play.
    expect([...document.querySelectorAll("#aos-coverage summary")].map((e) => e.textContent)).toEqual([
      "Mortek Shieldwall: 1 of this army's 9 abilities is not played",
      "Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played",
    ]);
    // Seed 1: the AI wins the roll-off and its search makes you the attacker, so your first decision is your
    // territory (PB-DEPLOY-ALT); take the first, then the deployment candidates follow.
    const firstChoice = document.querySelector<HTMLButtonElement>("#aos-choices button[data-action]")!;
    if (/territory$/.test(firstChoice.textContent ?? "")) {
      const before = steps("aos");
      firstChoice.click();
      await until(() => steps("aos") > before && document.querySelectorAll("#aos-choices button[data-action]").length > 0 && !/territory$/.test(document.querySelector("#aos-choices button[data-action]")!.textContent ?? ""));
    }
    const board = document.getElementById("aos-board")!;
    expect(board.getAttribute("viewBox")).toBe("-1 -1 62 46");
    // Marking Territory: two territories and four objectives on the board.
    expect(board.querySelectorAll(".territory").length).toBe(2);
    expect(board.querySelectorAll(".objective").length).toBe(4);
    expect(document.getElementById("aos-heading")!.textContent).toContain("Mortek Shieldwall vs Hammers of the Warrior Chamber — Marking Territory");
    const saved = (await loadGame("play-aos")) as { format: string; steps: unknown[] };
    expect(saved.format).toBe(SAVE_FORMAT);
    expect(saved.steps.length).toBe(steps("aos"));
  });

  it("[PB-DEPLOY] a click on a candidate is played and the AI answers in the worker; a reload restores the same position", async () => {
    const before = steps("aos");
    const first = document.querySelector<HTMLButtonElement>("#aos-choices button[data-action]")!;
    const label = first.textContent!;
    first.click();
    await until(() => steps("aos") > before);
    const saved = (await loadGame("play-aos")) as { steps: { text: string; human?: boolean }[] };
    // The human's step is the one clicked, recorded as the human's; the AI then played at least one step.
    expect(saved.steps[before]).toMatchObject({ text: label, human: true });
    expect(saved.steps.length).toBeGreaterThan(before + 1);
    const board = document.getElementById("aos-board")!.outerHTML;
    // "Reload": a fresh view over the same IndexedDB restores the kept game, decision for decision.
    document.getElementById("view-play-aos")!.remove();
    const again = createPlayView("aos", () => undefined);
    quick("aos");
    again.show();
    await until(() => steps("aos") === saved.steps.length);
    expect(document.getElementById("aos-status")!.textContent).toContain(`Restored the game you were playing (${saved.steps.length} decisions)`);
    // The AI's last moves (their highlight, trails and arrows: the last layer) are not kept; the position is.
    const position = (html: string) => html.replace(/ ai-moved|<line[^>]*class="trail"[^>]*><\/line>/g, "").replace(/<g class="arrows">.*<\/svg>$/, "</svg>");
    expect(position(document.getElementById("aos-board")!.outerHTML)).toBe(position(board));
    expect(board).toContain('class="arrow arrow-ai');
  });

  it("[CORE-MOVE][CORE-CHARGE] hovering a unit draws its move and 12\" charge from the footprint's edge", () => {
    // Liege-Kavalos: one model on a 80 mm base (radius 40/25.4"), Move 10": rings at r + 10 and r + 12.
    const piece = [...document.querySelectorAll<SVGGElement>("#aos-board .piece")].find((g) => g.getAttribute("aria-label")!.startsWith("Liege-Kavalos"))!;
    const r = Number(piece.querySelector("circle")!.getAttribute("r"));
    expect(r).toBeCloseTo(40 / 25.4, 9);
    piece.dispatchEvent(new MouseEvent("mouseenter"));
    const rings = [...document.querySelectorAll("#aos-board .ranges circle")].map((c) => [c.getAttribute("class"), Number(c.getAttribute("r"))]);
    expect(rings.map(([c]) => c)).toEqual(["range range-move", "range range-charge"]);
    expect(rings[0]![1]).toBeCloseTo(r + 10, 9);
    expect(rings[1]![1]).toBeCloseTo(r + 12, 9);
    piece.dispatchEvent(new MouseEvent("mouseleave"));
    expect(document.querySelectorAll("#aos-board .ranges circle").length).toBe(0);
  });

  it("[PB-DEPLOY] a bad import shows its message and changes nothing kept", async () => {
    const kept = JSON.stringify(await loadGame("play-aos"));
    const root = document.getElementById("view-play-aos") as HTMLElement & { importText(t: string): Promise<boolean> };
    expect(await root.importText("{ not json")).toBe(false);
    expect(document.getElementById("aos-error")!.textContent).toMatch(/^the file is not JSON/);
    const bad = { ...JSON.parse(kept), steps: [{ player: 0, action: 9999, text: "x" }] };
    expect(await root.importText(JSON.stringify(bad))).toBe(false);
    expect(document.getElementById("aos-error")!.textContent).toContain("steps[0]");
    expect(JSON.stringify(await loadGame("play-aos"))).toBe(kept);
  });
});

describe("Play (MESBG): models as bases, a decision by clicking, the AI answers", () => {
  it("[ME-DEPLOY] renders the 48x48 board and plays a clicked decision", async () => {
    const view = createPlayView("mesbg", () => undefined);
    quick("mesbg");
    view.show();
    await until(() => document.querySelectorAll("#mesbg-choices button[data-action]").length > 0);
    expect(document.getElementById("mesbg-board")!.getAttribute("viewBox")).toBe("-1 -1 50 50");
    const before = steps("mesbg");
    document.querySelector<HTMLButtonElement>("#mesbg-choices button[data-action]")!.click();
    await until(() => steps("mesbg") > before);
    const saved = (await loadGame("play-mesbg")) as { steps: { human?: boolean }[] };
    expect(saved.steps[before]!.human).toBe(true);
  });

  it("a refused New game (a bad or empty seed) or import keeps the game in play usable: its status, Export JSON, the next move", async () => {
    const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
    const status = $("mesbg-status").textContent;
    expect(status).toMatch(/^Your move \(Minas Tirith\): \d+ candidates?\.$/);
    const stepsNow = steps("mesbg");
    for (const v of ["-1", "", "1e20", "2.5", "4294967296"]) {
      $<HTMLInputElement>("mesbg-seed").value = v;
      $<HTMLButtonElement>("mesbg-new").click();
      expect($("mesbg-error").textContent).toBe("seed: must be a whole number from 0 to 4294967295");
      expect($("mesbg-error").hidden).toBe(false);
      expect($("mesbg-seed").getAttribute("aria-invalid")).toBe("true");
      expect($("mesbg-status").textContent).toBe(status);
    }
    // Export JSON still writes the game in play.
    const urls: string[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (b: Blob | MediaSource) => (urls.push("blob"), create(b));
    $<HTMLButtonElement>("mesbg-export").click();
    URL.createObjectURL = create;
    expect(urls).toEqual(["blob"]);
    // A good seed typed: the error goes (the field follows it), and no game was started.
    $<HTMLInputElement>("mesbg-seed").value = "3";
    $("mesbg-seed").dispatchEvent(new Event("input", { bubbles: true }));
    await until(() => $("mesbg-error").hidden);
    expect($("mesbg-seed").hasAttribute("aria-invalid")).toBe(false);
    expect(steps("mesbg")).toBe(stepsNow);
    // A refused import: its message, the status kept.
    const root = $("view-play-mesbg") as HTMLElement & { importText(t: string): Promise<boolean> };
    expect(await root.importText(JSON.stringify({ format: "tactica-game" }))).toBe(false);
    expect($("mesbg-error").hidden).toBe(false);
    expect($("mesbg-status").textContent).toBe(status);
    // ... and the next move is played.
    document.querySelector<HTMLButtonElement>("#mesbg-choices button[data-action]")!.click();
    await until(() => steps("mesbg") > stepsNow);
    expect($("mesbg-error").hidden).toBe(true);
  });
});

describe("Campaign: the map, orders by clicking, the AI answers, a reload", () => {
  it("[CAMP-HQ] renders the 42 territories of the bundled map; a click on a territory sets up the HQ there; a reload restores it", async () => {
    await forgetGame("play-campaign");
    const view = createPlayView("campaign", () => undefined);
    quick("campaign");
    view.show();
    await until(() => document.querySelectorAll("#campaign-choices button[data-action]").length > 0);
    expect(document.querySelectorAll("#campaign-coverage summary").length).toBe(2); // [AB-COVERAGE]
    const map = document.getElementById("campaign-board")!;
    expect(map.querySelectorAll(".territory-hex").length).toBe(42);
    // The river's three sections are drawn as river, the Bone Bridge with its bridge, the Lake starred.
    expect(map.querySelector('[data-territory="the-bone-bridge"]')!.textContent).toContain("river · bridge");
    expect(map.querySelector('[data-territory="lake-of-lost-souls"]')!.textContent).toContain("★ the Lake");
    const before = steps("campaign");
    const first = document.querySelector<HTMLButtonElement>("#campaign-choices button[data-action]")!;
    expect(first.textContent).toBe("Mortek Shieldwall sets up its HQ in Greyfield March");
    map.querySelector<SVGGElement>('[data-territory="greyfield-march"]')!.dispatchEvent(new MouseEvent("click"));
    await until(() => steps("campaign") > before);
    const saved = (await loadGame("play-campaign")) as { steps: { text: string; human?: boolean }[] };
    expect(saved.steps[before]).toMatchObject({ text: "Mortek Shieldwall sets up its HQ in Greyfield March", human: true });
    expect(map.querySelector('[data-territory="greyfield-march"]')!.textContent).toContain("HQ");
    document.getElementById("view-play-campaign")!.remove();
    const back = createPlayView("campaign", () => undefined);
    quick("campaign");
    back.show();
    await until(() => steps("campaign") === saved.steps.length);
    expect(document.getElementById("campaign-status")!.textContent).toContain("Restored the game you were playing");
  });

  it("[CAMP-ORDERS] the AI thinks in the worker: while whole campaign turns (battles simulated) are played, the page's longest task stays short", async () => {
    const loadBefore = slowdown();
    const longest: number[] = [];
    const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => longest.push(e.duration)));
    obs.observe({ type: "longtask", buffered: false });
    const t0 = performance.now();
    let decisions = 0;
    for (; decisions < 6; decisions++) {
      const b = document.querySelector<HTMLButtonElement>("#campaign-choices button[data-action]");
      if (!b) break;
      const before = steps("campaign");
      b.click();
      await until(() => steps("campaign") > before, 60_000);
    }
    const elapsed = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
    obs.disconnect();
    const worst = Math.max(0, ...longest);
    const load = Math.max(loadBefore, slowdown()); // the bound scales with the machine's load now (test/support/load.ts)
    console.log(`campaign: ${decisions} decisions in ${elapsed.toFixed(0)} ms; longest main-thread task ${worst.toFixed(0)} ms, load x${load.toFixed(1)}`);
    expect(decisions).toBeGreaterThan(0);
    // A long task is one of 50 ms or more; drawing the map after an answer is the page's only work.
    expect(worst).toBeLessThan(200 * load);
    await forgetGame("play-campaign");
  });
});
