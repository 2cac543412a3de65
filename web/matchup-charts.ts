/**
 * D3 charts of an army matchup (analysis/matchup): who wins on each battleplan, expected victory points per
 * battle round and by source, and the battle tactics and grand strategies each side played. Like charts.ts,
 * each function takes a container and plain data and draws into it (replacing what was there), so the page
 * redraws on every result and the tests draw into a bare <div>.
 *
 * Side A is always blue and side B always orange (a pair that colour-blind readers tell apart too), draws
 * grey, in every chart, legend and table of the view.
 */
import { SIDE_COLOURS } from "./colours.js";
import { axisBottom, axisLeft, axisTop, interpolateRgb, max, scaleBand, scaleLinear, type Selection, select } from "d3";
import type { Probability, SideReport } from "../analysis/matchup/aggregate.js";
import type { VpSource } from "../src/aos/rollout/types.js";
import { h } from "./dom.js";

export type Side = "a" | "b";

/** The two armies' colours: Okabe-Ito blue and vermillion, as every view (web/colours.ts). */
export const SIDE_COLORS: Record<Side, string> = { a: SIDE_COLOURS[0], b: SIDE_COLOURS[1] };
export const DRAW_COLOR = "#cbc3b6";
const INK = "#2b2722";
const INK_SOFT = "#5b554d";
const GRID = "#e4dfd6";
const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

/** The sources in stacking order, with their names in the players' words. */
export const SOURCES: readonly { id: VpSource; name: string }[] = [
  { id: "objectives", name: "Objectives" },
  { id: "strategy", name: "Grand strategy" },
  { id: "tactics", name: "Battle tactics" },
  { id: "realm", name: "Realm rules" },
];

/** A side's colour faded towards white, one shade per VP source (objectives the full colour). */
export function sourceShade(side: Side, index: number): string {
  return interpolateRgb(SIDE_COLORS[side], "#ffffff")([0, 0.38, 0.62, 0.8][index] ?? 0.8);
}

let measure: CanvasRenderingContext2D | null | undefined;
/** Width of a label as the browser will draw it (a rough estimate where there is no canvas). */
export function textWidth(s: string, px = 12, weight = 400): number {
  measure ??= typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!measure) return s.length * px * 0.6;
  measure.font = `${weight} ${px}px ${FONT}`;
  return measure.measureText(s).width;
}

/** Whole percent, but never "0%" or "100%" for something that happened or failed to happen once. */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** A's win chance and its interval, as the right-hand column says it: "58% (48–68)". */
export function withInterval(w: Probability): string {
  return `${percent(w.p)} (${Math.round(w.low * 100)}–${Math.round(w.high * 100)})`;
}

function newSvg(container: HTMLElement, cls: string, width: number, height: number, label: string) {
  const root = select(container);
  root.selectAll("*").remove();
  return root
    .append("svg")
    .attr("class", cls)
    .attr("width", width)
    .attr("height", height)
    .attr("viewBox", `0 0 ${width} ${height}`)
    .attr("role", "img")
    .attr("aria-label", label)
    .style("font", `12px ${FONT}`);
}

/** Cuts a label to `room` pixels with an ellipsis (the full text stays in the tooltip). */
function fit(s: string, room: number, px = 12, weight = 400): string {
  if (textWidth(s, px, weight) <= room) return s;
  let n = s.length;
  while (n > 1 && textWidth(`${s.slice(0, n)}…`, px, weight) > room) n--;
  return `${s.slice(0, n).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------------------
// (a) Win / draw / loss per battleplan

export interface OutcomeRow {
  /** The battleplan id ("all" for the total row). */
  key: string;
  label: string;
  games: number;
  a: Probability;
  draw: Probability;
  b: Probability;
  /** The all-battleplans row: drawn first, in bold, set apart. */
  total?: boolean;
}

export interface OutcomeChartOptions {
  names: Record<Side, string>;
  /** "table": the order given (the battlepack's); "a-win": A's best battleplans first. */
  order?: "table" | "a-win";
  width?: number;
}

/**
 * One horizontal bar per battleplan, 0 to 100%: A's wins from the left, draws, B's wins from the right,
 * and over the A/draw boundary the 95% interval of A's win probability as an error bar. A column on the
 * right gives A's win chance with its interval in numbers.
 */
export function outcomeChart(container: HTMLElement, rows: readonly OutcomeRow[], options: OutcomeChartOptions): SVGSVGElement {
  const width = options.width ?? Math.max(360, container.clientWidth || 760);
  const totals = rows.filter((r) => r.total);
  const plans = rows.filter((r) => !r.total);
  if (options.order === "a-win") plans.sort((x, y) => y.a.p - x.a.p || x.b.p - y.b.p);
  const ordered = [...totals, ...plans];

  const rowH = 28;
  const barH = 18;
  const gap = totals.length && plans.length ? 12 : 0;
  const labelW = Math.min(260, Math.max(90, ...ordered.map((r) => textWidth(r.label, 12.5, r.total ? 700 : 500))) + 14);
  const ciW = Math.max(textWidth("win (95% CI)", 11, 600) + 22, ...ordered.map((r) => textWidth(withInterval(r.a), 12, 700))) + 16;
  const margin = { top: 24, right: ciW, bottom: 24, left: labelW };
  const innerW = Math.max(120, width - margin.left - margin.right);
  const height = margin.top + margin.bottom + ordered.length * rowH + gap;

  const x = scaleLinear().domain([0, 1]).range([0, innerW]);
  const yOf = (i: number) => i * rowH + (i >= totals.length ? gap : 0);

  // On a narrow screen the bars keep their 120px and the numbers' column its header ("win (95% CI)"): the
  // drawing is as wide as its parts and scales down to the card instead of being cut off at the right.
  const fullW = margin.left + innerW + margin.right;
  const svg = newSvg(container, "outcome-chart", fullW, height, `Chance that ${options.names.a} wins, draws or loses against ${options.names.b} on each battleplan`);
  if (fullW > width || fullW > (container.clientWidth || Infinity)) svg.style("max-width", "100%").style("height", "auto");
  const g = svg.append("g").attr("transform", `translate(${margin.left},${margin.top})`);
  const bodyH = height - margin.top - margin.bottom;

  // Grid behind the bars; the 50% line a little darker: left of it A is favoured.
  g.append("g")
    .attr("class", "grid")
    .selectAll("line")
    .data([0, 0.25, 0.5, 0.75, 1])
    .join("line")
    .attr("x1", (d) => x(d))
    .attr("x2", (d) => x(d))
    .attr("y1", -4)
    .attr("y2", bodyH + 4)
    .attr("stroke", (d) => (d === 0.5 ? "#a39a8e" : GRID))
    .attr("stroke-dasharray", (d) => (d === 0.5 ? "3,3" : null));
  const tickFormat = (d: unknown) => `${Math.round(Number(d) * 100)}%`;
  const styleAxis = (a: Selection<SVGGElement, unknown, null, undefined>) => {
    a.select(".domain").remove();
    a.selectAll(".tick line").remove();
    a.selectAll(".tick text").attr("fill", INK_SOFT).style("font-size", "11px");
  };
  g.append("g").attr("class", "x-axis top").attr("transform", "translate(0,-4)").call(axisTop(x).tickValues([0, 0.25, 0.5, 0.75, 1]).tickFormat(tickFormat)).call(styleAxis);
  g.append("g").attr("class", "x-axis bottom").attr("transform", `translate(0,${bodyH + 4})`).call(axisBottom(x).tickValues([0, 0.25, 0.5, 0.75, 1]).tickFormat(tickFormat)).call(styleAxis);

  // Column header over the numbers on the right, in A's colour like the numbers (the legend names A).
  g.append("text")
    .attr("class", "ci-header")
    .attr("x", innerW + ciW - 4)
    .attr("y", -8)
    .attr("text-anchor", "end")
    .attr("fill", SIDE_COLORS.a)
    .style("font-size", "11px")
    .style("font-weight", "600")
    .text("win (95% CI)")
    .append("title")
    .text(`${options.names.a}'s chance to win, with its 95% confidence interval (Wilson)`);

  const row = g
    .selectAll<SVGGElement, OutcomeRow>("g.row")
    .data(ordered)
    .join("g")
    .attr("class", (r) => (r.total ? "row total" : "row"))
    .attr("data-key", (r) => r.key)
    .attr("transform", (_, i) => `translate(0,${yOf(i) + (rowH - barH) / 2})`);

  row
    .append("text")
    .attr("class", "row-label")
    .attr("x", -10)
    .attr("y", barH / 2)
    .attr("dy", "0.35em")
    .attr("text-anchor", "end")
    .attr("fill", INK)
    .style("font-size", "12.5px")
    .style("font-weight", (r) => (r.total ? "700" : "500"))
    .text((r) => fit(r.label, labelW - 14, 12.5, r.total ? 700 : 500));

  const segments = (r: OutcomeRow) => [
    { cls: "seg seg-a", x0: 0, x1: r.a.p, fill: SIDE_COLORS.a, what: `${options.names.a} wins`, p: r.a },
    { cls: "seg seg-draw", x0: r.a.p, x1: r.a.p + r.draw.p, fill: DRAW_COLOR, what: "draw", p: r.draw },
    { cls: "seg seg-b", x0: r.a.p + r.draw.p, x1: 1, fill: SIDE_COLORS.b, what: `${options.names.b} wins`, p: r.b },
  ];
  row
    .selectAll("rect.seg")
    .data((r) => segments(r).map((s) => ({ ...s, r })))
    .join("rect")
    .attr("class", (s) => s.cls)
    .attr("data-p", (s) => String(s.p.p))
    .attr("x", (s) => x(s.x0))
    .attr("width", (s) => Math.max(0, x(Math.min(1, s.x1)) - x(s.x0)))
    .attr("y", 0)
    .attr("height", barH)
    .attr("fill", (s) => s.fill)
    .append("title")
    .text((s) => `${s.r.label}: ${s.what} ${(100 * s.p.p).toFixed(1)}% (95% CI ${(100 * s.p.low).toFixed(1)}–${(100 * s.p.high).toFixed(1)}%), ${s.r.games} battles`);

  // Percentages inside the segments, where they fit without touching the error bar.
  row.each(function (r) {
    const el = select(this);
    const lo = x(r.a.low) - 5;
    const hi = x(r.a.high) + 5;
    const label = (text: string, at: number, anchor: "start" | "middle" | "end", color: string, cls: string) =>
      el.append("text").attr("class", `seg-label ${cls}`).attr("x", at).attr("y", barH / 2).attr("dy", "0.35em").attr("text-anchor", anchor).attr("fill", color).style("font-size", "11.5px").style("font-weight", "600").style("font-variant-numeric", "tabular-nums").attr("pointer-events", "none").text(text);
    const aText = percent(r.a.p);
    if (x(0) + 6 + textWidth(aText, 11.5, 600) < Math.min(lo, x(r.a.p) - 3)) label(aText, x(0) + 6, "start", "#fff", "a");
    const bText = percent(r.b.p);
    const bStart = x(1) - 6 - textWidth(bText, 11.5, 600);
    if (bStart > Math.max(hi, x(r.a.p + r.draw.p) + 3)) label(bText, x(1) - 6, "end", "#fff", "b");
    const dText = percent(r.draw.p);
    const dW = textWidth(dText, 11.5, 600);
    const dMid = x(r.a.p + r.draw.p / 2);
    const clearOfBar = dMid + dW / 2 < lo || dMid - dW / 2 > hi;
    if (r.draw.p > 0 && x(r.draw.p) > dW + 8 && clearOfBar) label(dText, dMid, "middle", INK, "draw");
  });

  // The 95% interval of A's win probability: a dark line with end caps (dark reads on blue, grey and
  // orange alike); the caps stand a little over the bar so the ends are seen where the line is short.
  const ci = row
    .append("g")
    .attr("class", "ci")
    .attr("data-low", (r) => String(r.a.low))
    .attr("data-high", (r) => String(r.a.high))
    .attr("stroke", "#1a1714")
    .attr("stroke-width", 2)
    .attr("pointer-events", "none");
  ci.append("line")
    .attr("class", "ci-line")
    .attr("x1", (r) => x(r.a.low))
    .attr("x2", (r) => x(r.a.high))
    .attr("y1", barH / 2)
    .attr("y2", barH / 2);
  for (const end of ["low", "high"] as const)
    ci.append("line")
      .attr("class", `ci-cap ${end}`)
      .attr("x1", (r) => x(r.a[end]))
      .attr("x2", (r) => x(r.a[end]))
      .attr("y1", -2)
      .attr("y2", barH + 2);

  row
    .append("text")
    .attr("class", "ci-text")
    .attr("x", innerW + ciW - 4)
    .attr("y", barH / 2)
    .attr("dy", "0.35em")
    .attr("text-anchor", "end")
    .attr("fill", SIDE_COLORS.a)
    .style("font-weight", (r) => (r.total ? "700" : "600"))
    .style("font-variant-numeric", "tabular-nums")
    .text((r) => withInterval(r.a));

  if (gap)
    g.append("line")
      .attr("class", "total-rule")
      .attr("x1", -labelW + 4)
      .attr("x2", innerW + ciW)
      .attr("y1", totals.length * rowH + gap / 2)
      .attr("y2", totals.length * rowH + gap / 2)
      .attr("stroke", GRID);

  return svg.node()!;
}

// ---------------------------------------------------------------------------------------------------------
// (b) Expected VP per battle round

export interface SideSeries {
  names: Record<Side, string>;
  width?: number;
  height?: number;
  /** VP by source: draw the key of the source shades under the bars (default true). */
  legend?: boolean;
  /**
   * VP by source: each side's expected VP, printed as the bar's total (default: the sources' sum). The sum equals
   * it but for the last bits of the floating point, which can turn 19.15 into "19.2" beside a mean of "19.1".
   */
  totals?: Record<Side, number>;
}

/** Grouped bars: for each battle round, A's and B's average VP scored in it, the value over each bar. */
export function vpByRoundChart(container: HTMLElement, vp: Record<Side, readonly number[]>, options: SideSeries): SVGSVGElement {
  const width = options.width ?? Math.max(300, container.clientWidth || 460);
  const height = options.height ?? 250;
  const margin = { top: 22, right: 8, bottom: 30, left: 40 };
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const rounds = Math.max(vp.a.length, vp.b.length);
  const data = Array.from({ length: rounds }, (_, i) => i);

  const x = scaleBand<number>().domain(data).range([0, innerW]).paddingInner(0.28).paddingOuter(0.12);
  const inner = scaleBand<Side>().domain(["a", "b"]).range([0, x.bandwidth()]).paddingInner(0.08);
  const top = max([...vp.a, ...vp.b]) ?? 0;
  const y = scaleLinear().domain([0, top > 0 ? top * 1.08 : 1]).nice(5).range([innerH, 0]);

  const svg = newSvg(container, "vp-round-chart", width, height, `Average victory points per battle round, ${options.names.a} and ${options.names.b}`);
  const g = svg.append("g").attr("transform", `translate(${margin.left},${margin.top})`);
  g.append("g")
    .attr("class", "y-axis")
    .call(axisLeft(y).ticks(5).tickSize(-innerW).tickPadding(6))
    .call((a) => {
      a.select(".domain").remove();
      a.selectAll(".tick line").attr("stroke", GRID);
      a.selectAll(".tick text").attr("fill", INK_SOFT).style("font-size", "11px");
    });
  g.append("text").attr("x", -margin.left).attr("y", -10).attr("fill", INK_SOFT).style("font-size", "11px").text("VP per battle");
  g.append("g")
    .attr("class", "x-axis")
    .attr("transform", `translate(0,${innerH})`)
    .call(axisBottom(x).tickSizeOuter(0).tickFormat((i) => `Round ${Number(i) + 1}`))
    .call((a) => {
      a.select(".domain").attr("stroke", "#8a8379");
      a.selectAll(".tick line").remove();
      a.selectAll(".tick text").attr("fill", INK).style("font-size", "12px");
    });

  const bars = data.flatMap((round) => (["a", "b"] as const).map((side) => ({ round, side, v: vp[side][round] ?? 0 })));
  const groups = g.append("g").attr("class", "bars");
  groups
    .selectAll("rect")
    .data(bars)
    .join("rect")
    .attr("class", (d) => `bar side-${d.side}`)
    .attr("data-round", (d) => String(d.round + 1))
    .attr("data-vp", (d) => String(d.v))
    .attr("x", (d) => x(d.round)! + inner(d.side)!)
    .attr("width", inner.bandwidth())
    .attr("y", (d) => y(d.v))
    .attr("height", (d) => innerH - y(d.v))
    .attr("rx", 2)
    .attr("fill", (d) => SIDE_COLORS[d.side])
    .append("title")
    .text((d) => `${options.names[d.side]}, round ${d.round + 1}: ${d.v.toFixed(2)} VP on average`);
  const labelPx = inner.bandwidth() >= 26 ? 11 : 9.5;
  if (inner.bandwidth() >= 17)
    groups
      .selectAll("text")
      .data(bars)
      .join("text")
      .attr("class", "bar-label")
      .attr("x", (d) => x(d.round)! + inner(d.side)! + inner.bandwidth() / 2)
      .attr("y", (d) => y(d.v) - 4)
      .attr("text-anchor", "middle")
      .attr("fill", (d) => SIDE_COLORS[d.side])
      .style("font-size", `${labelPx}px`)
      .style("font-weight", "600")
      .style("font-variant-numeric", "tabular-nums")
      .text((d) => d.v.toFixed(1));
  return svg.node()!;
}

// ---------------------------------------------------------------------------------------------------------
// (c) VP by source

/**
 * One bar per side, its average VP stacked by where they came from (objectives, grand strategy, battle
 * tactics, realm rules), in shades of the side's colour; the total at the end of each bar.
 */
export function vpBySourceChart(container: HTMLElement, vp: Record<Side, Record<VpSource, number>>, options: SideSeries): SVGSVGElement {
  const width = options.width ?? Math.max(300, container.clientWidth || 460);
  const barH = 26;
  const nameH = 18;
  const rowGap = 12;
  const withLegend = options.legend ?? true;
  const legendH = withLegend ? 40 : 0;
  const total = (s: Side) => options.totals?.[s] ?? SOURCES.reduce((t, src) => t + (vp[s][src.id] ?? 0), 0);
  const totalText = (s: Side) => `${total(s).toFixed(1)} VP`;
  const margin = { top: 4, right: Math.max(...(["a", "b"] as const).map((s) => textWidth(totalText(s), 12, 700))) + 12, bottom: 22 + legendH, left: 4 };
  const innerW = width - margin.left - margin.right;
  const height = margin.top + 2 * (nameH + barH) + rowGap + margin.bottom;
  // No .nice(): the longer bar ends at the right edge, its total beside it.
  const longest = Math.max(total("a"), total("b"));
  const x = scaleLinear().domain([0, longest > 0 ? longest : 1]).range([0, innerW]);

  const svg = newSvg(container, "vp-source-chart", width, height, `Average victory points by source, ${options.names.a} and ${options.names.b}`);
  const g = svg.append("g").attr("transform", `translate(${margin.left},${margin.top})`);
  const bodyH = 2 * (nameH + barH) + rowGap;
  g.append("g")
    .attr("class", "x-axis")
    .attr("transform", `translate(0,${bodyH + 4})`)
    .call(axisBottom(x).ticks(Math.max(2, Math.min(8, Math.floor(innerW / 60)))).tickSize(-bodyH - 4).tickPadding(5))
    .call((a) => {
      a.select(".domain").remove();
      a.selectAll(".tick line").attr("stroke", GRID);
      a.selectAll(".tick text").attr("fill", INK_SOFT).style("font-size", "11px");
    })
    .lower();

  (["a", "b"] as const).forEach((side, i) => {
    const row = g.append("g").attr("class", `row side-${side}`).attr("transform", `translate(0,${i * (nameH + barH + rowGap)})`);
    row.append("text").attr("class", "side-name").attr("y", 13).attr("fill", SIDE_COLORS[side]).style("font-weight", "700").text(fit(options.names[side], innerW + margin.right - 4, 12, 700));
    let at = 0;
    SOURCES.forEach((src, k) => {
      const v = vp[side][src.id] ?? 0;
      const x0 = x(at);
      const w = Math.max(0, x(at + v) - x0);
      at += v;
      row
        .append("rect")
        .attr("class", `seg source-${src.id}`)
        .attr("data-vp", String(v))
        .attr("x", x0)
        .attr("y", nameH)
        .attr("width", w)
        .attr("height", barH)
        .attr("fill", sourceShade(side, k))
        .attr("stroke", "#fff")
        .attr("stroke-width", w > 2 ? 1 : 0)
        .append("title")
        .text(`${options.names[side]}: ${src.name} ${v.toFixed(2)} VP per battle`);
      const value = v.toFixed(1);
      const long = `${src.name} ${value}`;
      const text = textWidth(long, 11.5, 600) + 10 < w ? long : textWidth(value, 11.5, 600) + 8 < w ? value : "";
      if (text)
        row
          .append("text")
          .attr("class", "seg-label")
          .attr("x", x0 + w / 2)
          .attr("y", nameH + barH / 2)
          .attr("dy", "0.35em")
          .attr("text-anchor", "middle")
          .attr("fill", k === 0 ? "#fff" : INK)
          .attr("pointer-events", "none")
          .style("font-size", "11.5px")
          .style("font-weight", "600")
          .text(text);
    });
    row
      .append("text")
      .attr("class", "total")
      .attr("x", x(at) + 6)
      .attr("y", nameH + barH / 2)
      .attr("dy", "0.35em")
      .attr("fill", INK)
      .style("font-weight", "700")
      .style("font-variant-numeric", "tabular-nums")
      .text(totalText(side));
  });

  // Legend: each source's two shades (A's, B's) and its name, in the stacking order, on as many lines as needed.
  if (!withLegend) return svg.node()!;
  const legend = g.append("g").attr("class", "legend").attr("transform", `translate(0,${bodyH + 30})`);
  let lx = 0;
  let ly = 0;
  SOURCES.forEach((src, k) => {
    const w = 2 * 12 + 5 + textWidth(src.name, 11.5) + 16;
    if (lx > 0 && lx + w > innerW + margin.right) {
      lx = 0;
      ly += 18;
    }
    const item = legend.append("g").attr("transform", `translate(${lx},${ly})`);
    (["a", "b"] as const).forEach((side, j) => item.append("rect").attr("x", j * 12).attr("y", 0).attr("width", 11).attr("height", 11).attr("rx", 2).attr("fill", sourceShade(side, k)));
    item.append("text").attr("x", 29).attr("y", 9.5).attr("fill", INK_SOFT).style("font-size", "11.5px").text(src.name);
    lx += w;
  });
  return svg.node()!;
}

/** The same numbers as the VP-by-source chart, to two decimals: the small sources are slivers in the bars. */
export function vpSourceTable(container: HTMLElement, vp: Record<Side, Record<VpSource, number>>, names: Record<Side, string>, totals?: Record<Side, number>): void {
  const total = (s: Side) => totals?.[s] ?? SOURCES.reduce((t, src) => t + (vp[s][src.id] ?? 0), 0);
  const head = (side: Side) => h("th", { class: `num side-${side}`, title: names[side] }, names[side]);
  const cell = (v: number) => h("td", { class: "num" }, v.toFixed(2));
  container.replaceChildren(
    h(
      "table",
      { class: "mini sources" },
      h("thead", {}, h("tr", {}, h("th", {}, "VP per battle"), head("a"), head("b"))),
      h(
        "tbody",
        {},
        ...SOURCES.map((src, k) =>
          h(
            "tr",
            {},
            h("td", {}, h("span", { class: "pair" }, h("i", { style: `background:${sourceShade("a", k)}` }), h("i", { style: `background:${sourceShade("b", k)}` })), src.name),
            cell(vp.a[src.id] ?? 0),
            cell(vp.b[src.id] ?? 0),
          ),
        ),
        h("tr", { class: "total" }, h("td", {}, "Total"), cell(total("a")), cell(total("b"))),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// (d) Battle tactics and grand strategies

export interface Names {
  tactic(id: string): string;
  strategy(id: string): string;
}

const pct1 = (p: number) => `${(100 * p).toFixed(p > 0 && p < 0.1 ? 1 : 0)}%`;

/**
 * For each side: its battle tactics with the best completion rate when picked (how often picked, too, so a
 * rate from a handful of picks is seen as such), and its grand strategy's completion and win rates.
 */
export function tacticsTables(container: HTMLElement, sides: Record<Side, SideReport>, games: number, names: Record<Side, string>, labels: Names, topTactics = 4): void {
  const blocks = (["a", "b"] as const).map((side) => {
    const s = sides[side];
    const tactics = s.battleTactics.slice(0, topTactics);
    const strategies = [...s.grandStrategies].sort((x, y) => y.picked - x.picked);
    const num = (text: string) => h("td", { class: "num" }, text);
    const tacticRows = tactics.length
      ? tactics.map((t) => {
          const picks = Math.round(t.picksPerBattle * games);
          return h("tr", {}, h("td", {}, labels.tactic(t.id)), num(pct1(t.completedWhenPicked)), num(picks.toLocaleString("en")));
        })
      : [h("tr", {}, h("td", { colspan: "3", class: "none" }, "no battle tactic picked"))];
    const strategyRows = strategies.length
      ? strategies.map((g) => h("tr", {}, h("td", {}, labels.strategy(g.id)), num(pct1(g.completed)), num(pct1(g.winRateWhenPicked))))
      : [h("tr", {}, h("td", { colspan: "3", class: "none" }, "no grand strategy"))];
    return h(
      "div",
      { class: `side-block side-${side}`, style: `--side:${SIDE_COLORS[side]}` },
      h("h4", {}, h("span", { class: "swatch" }), names[side]),
      h(
        "table",
        { class: "mini" },
        h("thead", {}, h("tr", {}, h("th", {}, "Best battle tactics"), h("th", { class: "num", title: "completed, of the times it was picked" }, "completed"), h("th", { class: "num", title: "times picked, over all battles" }, "picks"))),
        h("tbody", {}, ...tacticRows),
      ),
      h(
        "table",
        { class: "mini" },
        h("thead", {}, h("tr", {}, h("th", {}, "Grand strategy"), h("th", { class: "num", title: "completed when the battle ended" }, "completed"), h("th", { class: "num", title: "battles won with this grand strategy" }, "won"))),
        h("tbody", {}, ...strategyRows),
      ),
    );
  });
  container.replaceChildren(...blocks);
}

// ---------------------------------------------------------------------------------------------------------
// Legends (HTML, shared by the charts' headers)

/** "■ A  ■ draw  ■ B  ├┤ 95% interval": the colour key of the whole view. */
export function sideLegend(names: Record<Side, string>, opts: { draw?: boolean; interval?: boolean } = {}): HTMLElement {
  const item = (cls: string, color: string, text: string) => h("span", { class: `key ${cls}` }, h("span", { class: "swatch", style: `background:${color}` }), text);
  return h(
    "div",
    { class: "legend" },
    item("side-a", SIDE_COLORS.a, names.a),
    opts.draw ? item("draw", DRAW_COLOR, "draw") : null,
    item("side-b", SIDE_COLORS.b, names.b),
    opts.interval ? h("span", { class: "key interval" }, h("span", { class: "ci-key", "aria-hidden": "true" }), `95% interval of ${names.a}'s win chance`) : null,
  );
}
