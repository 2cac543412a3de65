/**
 * The matchup view's path in real Chromium: the coordinator Web Worker opened exactly as the page opens it
 * (web/odds-worker.ts), a small seeded matchup played twice through its pool, and the view's D3 charts drawn
 * from the report into the DOM.
 */
import { proxy } from "comlink";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchupProgress, MatchupReport } from "../../analysis/matchup/job.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { outcomeChart, SIDE_COLORS, vpByRoundChart, vpBySourceChart, withInterval } from "../../web/matchup-charts.js";
import { checkRosterText, outcomeRows, pointsWarning, sideNames } from "../../web/matchup.js";
import { type OddsWorker, openOddsWorker } from "../../web/odds-worker.js";
import { playLibraryOf } from "../../web/army-import.js";
import ros from "../fixtures/lists/seraphon-newrecruit.ros?raw";

const PLANS = ["savage-gains", "first-blood"] as const;
const GAMES = 20;
const SEED = 20240611;

let worker: OddsWorker;
let first: MatchupReport;
let second: MatchupReport;
const progress: MatchupProgress[] = [];

/** The report without its wall-clock time, the one field that may differ between two identical runs. */
const timeless = ({ elapsedMs: _, ...rest }: MatchupReport) => rest;

function container(width = 820): HTMLDivElement {
  const div = document.createElement("div");
  div.style.width = `${width}px`;
  document.body.append(div);
  return div;
}

beforeAll(async () => {
  worker = await openOddsWorker();
  const [a, b] = bundledRosters().map((r) => r.roster);
  const input = { a: a!, b: b!, plans: [...PLANS], games: GAMES, seed: SEED };
  first = await Promise.race([worker.api.matchup(input, proxy((p: MatchupProgress) => void progress.push(p))), worker.failed]);
  second = await Promise.race([worker.api.matchup(input), worker.failed]);
});

afterAll(async () => {
  await worker?.close();
});

describe("matchup in the browser: coordinator worker, pool, charts", () => {
  it("the same seed gives the same report, battle for battle", () => {
    expect(first.plans.map((p) => [p.battleplan, p.games])).toEqual(PLANS.map((p) => [p, GAMES]));
    expect(first.overall.games).toBe(PLANS.length * GAMES);
    expect([first.seed, first.cancelled, first.stoppedEarly]).toEqual([SEED, false, false]);
    expect(timeless(second)).toEqual(timeless(first));
  });

  it("progress counts battles up to the total, in order, before the report arrives", () => {
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual({ games: PLANS.length * GAMES, total: PLANS.length * GAMES });
    const seen = progress.map((p) => p.games);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
  });

  it("[PB-VICTORY] on each battleplan a win, a draw or a loss: the three chances add up to 1", () => {
    for (const p of [...first.plans, first.overall]) {
      expect(p.a.win.p + p.draw.p + p.b.win.p, p.battleplan).toBeCloseTo(1, 12);
      for (const w of [p.a.win, p.draw, p.b.win]) {
        expect(w.low, p.battleplan).toBeLessThanOrEqual(w.p);
        expect(w.high, p.battleplan).toBeGreaterThanOrEqual(w.p);
      }
    }
  });

  it("the battleplan chart: three bars a row, and each error bar spans A's reported 95% interval", () => {
    const div = container();
    try {
      const rows = outcomeRows(first);
      expect(rows.map((r) => r.key)).toEqual(["all", ...PLANS]);
      expect(rows.map((r) => r.label)).toEqual(["All battleplans", "Savage Gains", "First Blood"]);
      const svg = outcomeChart(div, rows, { names: { a: first.a, b: first.b } });
      expect(div.querySelectorAll("svg")).toHaveLength(1);
      expect(svg.querySelectorAll("rect.seg")).toHaveLength(3 * rows.length);
      const drawn = [...svg.querySelectorAll<SVGGElement>("g.row")];
      expect(drawn.map((g) => g.dataset.key)).toEqual(["all", ...PLANS]);
      for (const [i, g] of drawn.entries()) {
        const row = rows[i]!;
        const seg = (c: string) => g.querySelector<SVGRectElement>(`rect.${c}`)!;
        const [a, draw, b] = [seg("seg-a"), seg("seg-draw"), seg("seg-b")];
        expect(a.getAttribute("fill")).toBe(SIDE_COLORS.a);
        expect(b.getAttribute("fill")).toBe(SIDE_COLORS.b);
        // The bar runs from A's start to B's end: 0% to 100%.
        const x0 = a.x.baseVal.value;
        const full = b.x.baseVal.value + b.width.baseVal.value - x0;
        expect(full).toBeGreaterThan(300);
        expect(a.width.baseVal.value / full, row.key).toBeCloseTo(row.a.p, 6);
        expect(draw.width.baseVal.value / full, row.key).toBeCloseTo(row.draw.p, 6);
        expect(b.width.baseVal.value / full, row.key).toBeCloseTo(row.b.p, 6);
        // The error bar: from A's low to A's high, in the bar's own coordinates.
        const line = g.querySelector<SVGLineElement>(".ci .ci-line")!;
        expect((line.x1.baseVal.value - x0) / full, row.key).toBeCloseTo(row.a.low, 6);
        expect((line.x2.baseVal.value - x0) / full, row.key).toBeCloseTo(row.a.high, 6);
        expect(Number(g.querySelector<SVGGElement>(".ci")!.dataset.low)).toBe(row.a.low);
        expect(Number(g.querySelector<SVGGElement>(".ci")!.dataset.high)).toBe(row.a.high);
        const caps = [...g.querySelectorAll<SVGLineElement>(".ci .ci-cap")].map((c) => c.x1.baseVal.value);
        expect(caps).toEqual([line.x1.baseVal.value, line.x2.baseVal.value]);
        // The number column says the same interval.
        expect(g.querySelector(".ci-text")!.textContent).toBe(withInterval(row.a));
      }
      expect(withInterval({ p: 0.583, low: 0.5549, high: 0.6151 })).toBe("58% (55–62)");
      // Sorted by A's win chance, the total row stays on top.
      outcomeChart(div, rows, { names: { a: first.a, b: first.b }, order: "a-win" });
      const order = [...div.querySelectorAll<SVGGElement>("g.row")].map((g) => g.dataset.key);
      expect(order[0]).toBe("all");
      const byWin = [...first.plans].sort((x, y) => y.a.win.p - x.a.win.p || x.b.win.p - y.b.win.p).map((p) => p.battleplan);
      expect(order.slice(1)).toEqual(byWin);
    } finally {
      div.remove();
    }
  });

  it("on a narrow card the battleplan chart scales down whole: the 'win (95% CI)' header is inside its drawing", () => {
    const div = container(330);
    try {
      const svg = outcomeChart(div, outcomeRows(first), { names: { a: first.a, b: first.b } });
      const [, , w] = svg.getAttribute("viewBox")!.split(" ").map(Number);
      const header = svg.querySelector<SVGTextElement>(".ci-header")!;
      expect(header.firstChild!.textContent).toBe("win (95% CI)");
      const box = header.getBBox();
      const at = (header.parentNode as SVGGElement).transform.baseVal.consolidate()!.matrix.e;
      expect(at + box.x).toBeGreaterThanOrEqual(0);
      expect(at + box.x + box.width).toBeLessThanOrEqual(w!);
      expect(svg.getBoundingClientRect().width).toBeLessThanOrEqual(330);
    } finally {
      div.remove();
    }
  });

  it("the same army on both sides is told apart as (A) and (B), as tactica matrix tells a list met twice", () => {
    expect(sideNames("Mortek Shieldwall", "Mortek Shieldwall")).toEqual({ a: "Mortek Shieldwall (A)", b: "Mortek Shieldwall (B)" });
    expect(sideNames("Mortek Shieldwall", "Hammers")).toEqual({ a: "Mortek Shieldwall", b: "Hammers" });
  });

  it("expected VP per round: two bars a round, heights in proportion to the VP", () => {
    const div = container(520);
    try {
      const o = first.overall;
      const svg = vpByRoundChart(div, { a: o.a.vpByRound, b: o.b.vpByRound }, { names: { a: first.a, b: first.b } });
      const bars = [...svg.querySelectorAll<SVGRectElement>("rect.bar")];
      expect(bars).toHaveLength(2 * 5);
      expect(svg.querySelectorAll("rect.bar.side-a")).toHaveLength(5);
      expect(svg.querySelectorAll("rect.bar.side-b")).toHaveLength(5);
      const vp = bars.map((b) => Number(b.dataset.vp));
      expect(vp.filter((_, i) => i % 2 === 0)).toEqual(o.a.vpByRound);
      expect(vp.filter((_, i) => i % 2 === 1)).toEqual(o.b.vpByRound);
      const tallest = vp.indexOf(Math.max(...vp));
      for (const [i, b] of bars.entries()) expect(b.height.baseVal.value / bars[tallest]!.height.baseVal.value).toBeCloseTo(vp[i]! / vp[tallest]!, 6);
    } finally {
      div.remove();
    }
  });

  it("VP by source: one stacked bar a side, four sources each, adding up to the expected VP", () => {
    const div = container(520);
    try {
      const o = first.overall;
      const svg = vpBySourceChart(div, { a: o.a.vpBySource, b: o.b.vpBySource }, { names: { a: first.a, b: first.b }, totals: { a: o.a.vp.mean, b: o.b.vp.mean } });
      expect(svg.querySelectorAll("rect.seg")).toHaveLength(2 * 4);
      for (const side of ["a", "b"] as const) {
        const segs = [...svg.querySelectorAll<SVGRectElement>(`.row.side-${side} rect.seg`)];
        expect(segs).toHaveLength(4);
        const sum = segs.reduce((t, s) => t + Number(s.dataset.vp), 0);
        expect(sum).toBeCloseTo(o[side].vp.mean, 9);
        expect(svg.querySelector(`.row.side-${side} .total`)!.textContent).toBe(`${o[side].vp.mean.toFixed(1)} VP`);
      }
    } finally {
      div.remove();
    }
  });

  it("a pasted roster: each mistake named by its field, a legal one accepted", () => {
    const good = bundledRosters()[0]!.roster;
    const ok = checkRosterText(JSON.stringify(good));
    expect(ok.ok).toBe(true);
    const badType = checkRosterText(JSON.stringify({ ...good, pointsLimit: "lots" }));
    expect(badType.ok).toBe(false);
    expect(!badType.ok && badType.errors[0]).toMatch(/^pointsLimit: /);
    const badUnit = checkRosterText(JSON.stringify({ ...good, units: [{ ...good.units[0]!, models: 0 }, ...good.units.slice(1)] }));
    expect(!badUnit.ok && badUnit.errors[0]).toMatch(/^units\[0\]\.models: /);
    const unknown = checkRosterText(JSON.stringify({ ...good, units: [...good.units, { warscroll: "Nobody At All" }] }));
    expect(!unknown.ok && unknown.errors.join("\n")).toMatch(/\[PB-ROSTER\] "Nobody At All" is not a warscroll/);
    const broken = checkRosterText('{ "name": "x",\n  "faction": }');
    expect(!broken.ok && broken.errors[0]).toMatch(/^not valid JSON at line 2/);
  });

  it("[IMPORT-NR] an exported list too: a New Recruit .ros plays a matchup with the file's own Seraphon profiles", async () => {
    const c = checkRosterText(ros);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.summary).toBe("Sunclaw Test Host — Seraphon, 950 of 1000 points, 6 units — imported from a New Recruit .ros");
    const b = bundledRosters()[1]!.roster;
    const r = await Promise.race([worker.api.matchup({ a: c.roster, b, library: playLibraryOf([c.roster, b], c.extra), plans: ["first-blood"], games: 2, seed: 1 }), worker.failed]);
    expect(r.overall.games).toBe(2);
    expect(r.a).toBe("Sunclaw Test Host");
  });
});

describe("matchup: the points warning", () => {
  it("[PB-LIMIT] warns when the two armies' points differ, with both armies' points", () => {
    const r = bundledRosters().map((x) => x.roster);
    const [obr, sce, sob] = [r[0]!, r[1]!, r[2]!];
    // Mortek Shieldwall spends 1000 of 1000 points, Hammers of the Warrior Chamber 990 of 1000: the points differ.
    expect(pointsWarning(obr, sce)).toBe(
      "The armies' points differ: Mortek Shieldwall 1000 of 1000 points, Hammers of the Warrior Chamber 990 of 1000. The result measures the difference in size as much as the armies.",
    );
    // Stomp of Giants is a 2000-point army (1890 spent): the limits themselves differ.
    expect(pointsWarning(obr, sob)).toMatch(/^The armies' points limits differ: Mortek Shieldwall 1000 of 1000 points, Stomp of Giants 1890 of 2000\./);
    expect(pointsWarning(obr, obr)).toBeNull();
  });
});
