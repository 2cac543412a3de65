/**
 * The web page's odds path in real Chromium: the coordinator Web Worker (its own pool of Web Workers, each
 * with the Wasm core) opened through Comlink exactly as the page opens it, held against the TypeScript
 * kernel run here on the main thread, and the page's D3 histogram drawn into the DOM.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import example from "../../examples/mortek-vs-liberators.json" with { type: "json" };
import { aosOddsExact, type AosOddsReport } from "../../src/aos/odds/index.js";
import { mesbgOddsExact } from "../../src/mesbg/odds/index.js";
import { histogram, pmfBars } from "../../web/charts.js";
import { DEFAULT_AOS, DEFAULT_MESBG } from "../../web/defaults.js";
import { type OddsWorker, openOddsWorker } from "../../web/odds-worker.js";
import { bundledLibrary } from "../../src/aos/armies/index.js";
import { pickedMatchup } from "../../web/odds-picker.js";

let worker: OddsWorker;
let exactWasm: AosOddsReport;

beforeAll(async () => {
  worker = await openOddsWorker();
  exactWasm = await Promise.race([worker.api.aosExact(DEFAULT_AOS), worker.failed]);
});

afterAll(async () => {
  await worker?.close();
});

describe("odds in the browser: coordinator worker, Wasm pool, charts", () => {
  it("the page's default AoS matchup is examples/mortek-vs-liberators.json", () => {
    expect(DEFAULT_AOS).toEqual(example);
  });

  it("[CORE-HIT][CORE-WOUND][CORE-SAVE][CORE-WARD][CORE-ALLOC] exact odds from the worker (Wasm) equal the TypeScript kernel entry by entry", () => {
    const ts = aosOddsExact(DEFAULT_AOS);
    expect(ts.engine).toBe("ts");
    expect(exactWasm.engine).toBe("wasm");
    expect(exactWasm.method).toBe("exact");
    expect([exactWasm.attacker, exactWasm.defender, exactWasm.models, exactWasm.health]).toEqual(["Mortek Guard", "Liberators", 5, 2]);
    expect(exactWasm.damage.pmf.length).toBe(ts.damage.pmf.length);
    ts.damage.pmf.forEach((p, k) => expect(exactWasm.damage.pmf[k], `damage ${k}`).toBe(p));
    expect(exactWasm.slain.pmf.length).toBe(ts.slain.pmf.length);
    ts.slain.pmf.forEach((p, k) => expect(exactWasm.slain.pmf[k], `slain ${k}`).toBe(p));
    expect(exactWasm.damage.mean).toBe(ts.damage.mean);
    expect(exactWasm.slain.mean).toBe(ts.slain.mean);
    expect(exactWasm.destroyed).toBe(ts.destroyed);
  });

  it("[CORE-CHAMPION][CORE-CRIT-2HITS][CORE-WARD] mean damage is 21 attacks x 25/144 = 525/144", () => {
    // 10 Mortek Guard x 2 Attacks + 1 for the champion = 21 attacks. Per attack: 3/6 hit plus 1/6 crit worth
    // 2 hits = 5/6 hits, x 1/2 wound (4+), x 1/2 unsaved (3+ save, Rend 1; Anti-CAVALRY does not apply to
    // INFANTRY), x 5/6 of each point past the 6+ ward = 25/144.
    expect(Math.abs(exactWasm.damage.mean - 525 / 144)).toBeLessThan(1e-12);
    expect(exactWasm.damage.pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // At most 21 attacks x 2 hits (every hit roll a crit) x 1 Damage = 42, so outcomes 0..42.
    expect(exactWasm.damage.pmf.length).toBe(21 * 2 + 1);
  });

  it("[CORE-ALLOC] Monte Carlo through the pool is deterministic for a seed and near the exact mean", async () => {
    const first = await Promise.race([worker.api.aosSample(DEFAULT_AOS, 60_000, 7), worker.failed]);
    const second = await Promise.race([worker.api.aosSample(DEFAULT_AOS, 60_000, 7), worker.failed]);
    expect(first.method).toBe("monte-carlo");
    expect([first.samples, first.seed]).toEqual([60_000, 7]);
    const counts = (r: AosOddsReport) => r.damage.pmf.map((p) => Math.round(p * 60_000));
    expect(counts(first).reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(counts(second)).toEqual(counts(first));
    expect(second.damage.pmf).toEqual(first.damage.pmf);
    expect(Math.abs(first.damage.mean - 525 / 144)).toBeLessThan(0.05);
    expect(Math.abs(first.slain.mean - exactWasm.slain.mean)).toBeLessThan(0.05);
  });

  it("progress reaches the total before the sampled result arrives", async () => {
    const seen: number[] = [];
    const { proxy } = await import("comlink");
    const r = await worker.api.aosSample(DEFAULT_AOS, 45_000, 3, proxy((done: number, total: number) => void seen.push(done / total)));
    expect(r.samples).toBe(45_000);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it("a bad input comes back as an InputError naming the field", async () => {
    const bad = { ...DEFAULT_AOS, defender: { ...DEFAULT_AOS.defender, save: 9 } };
    const err = await worker.api.aosExact(bad).then(() => undefined, (e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(err!.name).toBe("InputError");
    expect(err!.message).toContain("defender.save");
  });

  it("[ME-DUEL][ME-STRIKES][ME-WOUND-CHART] the MESBG default fight from the worker equals the TypeScript kernel", async () => {
    const w = await Promise.race([worker.api.mesbgExact(DEFAULT_MESBG), worker.failed]);
    const ts = mesbgOddsExact(DEFAULT_MESBG);
    for (const key of ["aWinsDuel", "bWinsDuel", "aSlaysB", "bSlaysA"] as const) expect(w[key], key).toBe(ts[key]);
    expect(w.bWoundsLost).toEqual(ts.bWoundsLost);
    expect(w.aWoundsLost).toEqual(ts.aWoundsLost);
    // Same Fight, one die each: an even duel; S3 against D5 and against D4 both wound on 5+.
    expect(w.aWinsDuel).toBeCloseTo(1 / 2, 12);
    expect(w.aSlaysB).toBeCloseTo(1 / 2 / 3, 12);
    expect(w.bSlaysA).toBeCloseTo(1 / 2 / 3, 12);
  });

  it("[CORE-ALLOC] the models-slain histogram has one bar per outcome 0..5 and the tallest is 1 model slain", () => {
    const container = document.createElement("div");
    container.style.width = "600px";
    document.body.append(container);
    try {
      const svg = histogram(container, pmfBars(exactWasm.slain.pmf), { xLabel: "models slain", ariaLabel: "models slain", mean: exactWasm.slain.mean });
      expect(container.querySelectorAll("svg")).toHaveLength(1);
      const rects = [...svg.querySelectorAll<SVGRectElement>("rect.bar")];
      expect(rects).toHaveLength(exactWasm.models + 1);
      expect(rects.map((r) => r.dataset.label)).toEqual(["0", "1", "2", "3", "4", "5"]);
      const heights = rects.map((r) => r.getBBox().height);
      const tallest = heights.indexOf(Math.max(...heights));
      expect(rects[tallest]!.dataset.label).toBe("1");
      expect(exactWasm.slain.pmf[1]).toBeCloseTo(0.389, 3);
      // Heights are proportional to probability.
      expect(heights[2]! / heights[1]!).toBeCloseTo(exactWasm.slain.pmf[2]! / exactWasm.slain.pmf[1]!, 2);
      const labels = [...svg.querySelectorAll(".bar-label")].map((t) => t.textContent);
      expect(labels).toEqual(["11.0%", "38.9%", "34.8%", "12.7%", "2.3%", "0.3%"]);
      expect(svg.querySelectorAll(".x-axis .tick")).toHaveLength(6);
      expect(svg.querySelector(".mean-marker text")?.textContent).toBe(`mean ${exactWasm.slain.mean.toFixed(2)}`);
    } finally {
      container.remove();
    }
  });

  it("the damage histogram folds the long tail into one bar instead of 43 slivers", () => {
    const container = document.createElement("div");
    document.body.append(container);
    try {
      const bars = pmfBars(exactWasm.damage.pmf);
      const svg = histogram(container, bars, { xLabel: "damage", ariaLabel: "damage", width: 600 });
      const rects = [...svg.querySelectorAll<SVGRectElement>("rect.bar")];
      expect(rects.length).toBe(bars.length);
      expect(rects.length).toBeLessThan(16);
      const shown = bars.reduce((a, b) => a + b.p, 0);
      expect(shown).toBeCloseTo(1, 12);
      expect(rects.at(-1)!.dataset.label).toMatch(/^\d+\+$/);
      // A run of negligible outcomes at the start folds the same way, and the mean marker still finds its place.
      const head = pmfBars([1e-6, 1e-6, 1e-6, 0.5, 0.5 - 3e-6], { foldHead: true });
      expect(head.map((b) => [b.label, b.outcome])).toEqual([["≤2", 2], ["3", 3], ["4", 4]]);
      expect(head[0]!.p).toBeCloseTo(3e-6, 15);
      const svg2 = histogram(container, head, { xLabel: "damage", ariaLabel: "damage", width: 300, mean: 3.5 });
      const line = svg2.querySelector<SVGLineElement>(".mean-marker line")!;
      const centres = [...svg2.querySelectorAll<SVGRectElement>("rect.bar")].map((r) => r.x.baseVal.value + r.width.baseVal.value / 2);
      expect(line.x1.baseVal.value).toBeCloseTo((centres[1]! + centres[2]!) / 2, 6);
    } finally {
      container.remove();
    }
  });
});

describe("odds picker: attacker and defender from the bundled warscrolls", () => {
  it("[CORE-HIT][CORE-WOUND][CORE-SAVE][CORE-WARD] the real Mortek Guard against the real Liberators: 21 attacks x 4/6 hit x 1/2 wound x 1/3 unsaved = 7/3", async () => {
    const lib = bundledLibrary();
    const find = (n: string) => lib.warscrolls.find((w) => w.name === n)!;
    const m = pickedMatchup(find("Mortek Guard"), 10, "combat", find("Liberators"), 5);
    // The bundled warscroll: Nadirite Blades Rend 0, no Crit (2 Hits) — unlike the illustrative default.
    expect(m.json.attacker.weapons).toEqual([expect.objectContaining({ name: "Nadirite Blades", attacks: 2, hit: 3, wound: 4, rend: 0, damage: 1 })]);
    const r = await Promise.race([worker.api.aosExact(m.json), worker.failed]);
    // 10 x 2 + 1 (CORE-CHAMPION) = 21 attacks; hit 3+ is 4/6, wound 4+ is 1/2, the Liberators' 3+ save against
    // Rend 0 fails 2/6, and the warscroll gives them no ward: 21 x 4/6 x 1/2 x 1/3 = 7/3.
    expect(m.json.defender).toMatchObject({ name: "Liberators", models: 5, health: 2, save: 3, ward: null });
    expect(r.damage.mean).toBeCloseTo(7 / 3, 12);
  });
});
