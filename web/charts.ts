/**
 * D3 charts of probability distributions: small functions that take a container and plain data and draw an
 * SVG into it (replacing what was there), so the page can redraw on every result and the tests can draw
 * into a bare <div>.
 */
import { axisBottom, axisLeft, color as d3color, max, scaleBand, scaleLinear, select } from "d3";

/** One bar: an outcome (e.g. "2" models slain) and its probability. */
export interface Bar {
  /** Tick label under the bar. */
  label: string;
  p: number;
  /** Hover text; defaults to "label: p%". */
  title?: string;
  /** Drawn in the darker shade (e.g. the whole unit slain). */
  emphasis?: boolean;
  /** The outcome the bar stands for (for the mean marker); its index when absent. */
  outcome?: number;
}

export interface HistogramOptions {
  /** Axis title under the ticks, in the game's words ("models slain"). */
  xLabel: string;
  /** Spoken name of the chart for screen readers. */
  ariaLabel: string;
  /** Where to draw the mean marker, in outcome units (see Bar.outcome). */
  mean?: number;
  /** Bar fill; the emphasis bar gets a darker shade of it. */
  color?: string;
  width?: number;
  height?: number;
}

/** Percent with one decimal, but never "0.0%" for something that can happen. */
export function pct(p: number, digits = 1): string {
  if (p > 0 && p < 0.5 * 10 ** -(digits + 2)) return `<${(10 ** -digits).toFixed(digits)}%`;
  if (p < 1 && p > 1 - 0.5 * 10 ** -(digits + 2)) return `>${(100 - 10 ** -digits).toFixed(digits)}%`;
  return `${(100 * p).toFixed(digits)}%`;
}

/**
 * Bars of a pmf indexed by outcome 0..n-1. A long tail of outcomes each below `tail` (0.05% by default)
 * is folded into one "k+" bar, as in the CLI: 43 possible damage values would make unreadable slivers,
 * while the chance of the tail as a whole is still shown. With `foldHead`, the same is done for a run of
 * negligible outcomes at the start ("≤k"), which a big unit's damage has.
 */
export function pmfBars(
  pmf: readonly number[],
  opts: {
    tail?: number;
    foldHead?: boolean;
    describe?: (outcome: string, p: number) => string;
    emphasis?: (k: number) => boolean;
    label?: (k: number) => string;
  } = {},
): Bar[] {
  const tail = opts.tail ?? 0.0005;
  const sum = (from: number, to: number) => pmf.slice(from, to + 1).reduce((a, b) => a + b, 0);
  let last = pmf.length - 1;
  while (last > 0 && pmf[last]! < tail) last--;
  // Folding a single outcome saves nothing.
  if (last >= pmf.length - 2) last = pmf.length - 1;
  let first = 0;
  if (opts.foldHead) {
    while (first < last && pmf[first]! < tail) first++;
    if (first < 2) first = 0;
  }
  const bar = (k: number, label: string, spoken: string, p: number): Bar => ({
    label, p, outcome: k, title: opts.describe?.(spoken, p) ?? `${spoken}: ${pct(p, 2)}`, emphasis: opts.emphasis?.(k) ?? false,
  });
  const bars: Bar[] = [];
  if (first > 0) bars.push(bar(first - 1, `≤${first - 1}`, `${first - 1} or less`, sum(0, first - 1)));
  for (let k = first; k <= last; k++) {
    const label = opts.label?.(k) ?? String(k);
    bars.push(bar(k, label, label, pmf[k]!));
  }
  if (last < pmf.length - 1) bars.push(bar(last + 1, `${last + 1}+`, `${last + 1} or more`, sum(last + 1, pmf.length - 1)));
  return bars;
}

/** Rough width of a label in the 11px UI font, to decide whether bar labels fit side by side. */
const textWidth = (s: string, px = 11) => s.length * px * 0.6;

/** A vertical bar chart of probabilities with a % axis, a percentage over each bar and a mean marker. */
export function histogram(container: HTMLElement, bars: readonly Bar[], options: HistogramOptions): SVGSVGElement {
  const width = options.width ?? Math.max(280, container.clientWidth || 520);
  const height = options.height ?? 250;
  const fill = options.color ?? "#9b2f1f";
  const strong = d3color(fill)?.darker(0.9).formatHex() ?? fill;

  const labels = bars.map((b) => pct(b.p));
  const left = 52;
  const right = 12;
  // A bar wider than this reads as a block, not a bar (a one-Wound model has only two outcomes).
  const maxStep = 120;
  const step = Math.min(maxStep, (width - left - right) / Math.max(1, bars.length));
  // Labels side by side when they fit over their bars, else turned upright so they never overlap.
  const upright = Math.max(0, ...labels.map((l) => textWidth(l))) > step * 0.8;
  // Even upright, labels need ~15px each to stay apart; with more bars than that, label every n-th one,
  // keeping the tallest.
  const labelEvery = upright ? Math.max(1, Math.ceil(15 / step)) : 1;
  const tallest = bars.reduce((best, b, i) => (b.p > bars[best]!.p ? i : best), 0);
  const meanRow = options.mean === undefined ? 0 : 16;
  const margin = { top: (upright ? 44 : 20) + meanRow, right, bottom: 46, left };
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const span = Math.min(innerW, maxStep * bars.length);

  const x = scaleBand<number>().domain(bars.map((_, i) => i)).range([(innerW - span) / 2, (innerW + span) / 2]).paddingInner(bars.length > 20 ? 0.12 : 0.22).paddingOuter(0.12);
  const top = max(bars, (b) => b.p) ?? 0;
  const y = scaleLinear().domain([0, top > 0 ? top : 1]).nice(5).range([innerH, 0]);

  const root = select(container);
  root.selectAll("*").remove();
  const svg = root
    .append("svg")
    .attr("class", "histogram")
    .attr("width", width)
    .attr("height", height)
    .attr("viewBox", `0 0 ${width} ${height}`)
    .attr("role", "img")
    .attr("aria-label", options.ariaLabel)
    .style("font", "11px system-ui, -apple-system, 'Segoe UI', sans-serif");
  const g = svg.append("g").attr("transform", `translate(${margin.left},${margin.top})`);

  const yAxis = axisLeft(y).ticks(5).tickFormat((v) => `${Math.round(Number(v) * 1000) / 10}%`).tickSize(-innerW).tickPadding(6);
  g.append("g").attr("class", "y-axis").call(yAxis).call((a) => {
    a.select(".domain").remove();
    a.selectAll(".tick line").attr("stroke", "#d9d4cc").attr("stroke-dasharray", "2,3");
    a.selectAll(".tick text").attr("fill", "#5b554d");
  });

  // With many outcomes, label every n-th tick so the numbers under the axis never collide, counting from the
  // last bar so that a folded "k+" tail is always named.
  const every = Math.max(1, Math.ceil(Math.max(...bars.map((b) => textWidth(b.label) + 6)) / x.step()));
  const xAxis = axisBottom(x).tickSizeOuter(0).tickFormat((i) => ((bars.length - 1 - Number(i)) % every === 0 ? bars[Number(i)]!.label : ""));
  g.append("g").attr("class", "x-axis").attr("transform", `translate(0,${innerH})`).call(xAxis).call((a) => {
    a.select(".domain").attr("stroke", "#8a8379");
    a.selectAll(".tick line").attr("stroke", "#8a8379");
    a.selectAll(".tick text").attr("fill", "#2b2722").style("font-size", "12px");
  });
  g.append("text")
    .attr("class", "x-label")
    .attr("x", innerW / 2)
    .attr("y", innerH + 38)
    .attr("text-anchor", "middle")
    .attr("fill", "#5b554d")
    .style("font-size", "12px")
    .text(options.xLabel);

  g.append("g")
    .attr("class", "bars")
    .selectAll("rect")
    .data(bars)
    .join("rect")
    .attr("class", (b) => (b.emphasis ? "bar emphasis" : "bar"))
    .attr("data-label", (b) => b.label)
    .attr("data-p", (b) => String(b.p))
    .attr("x", (_, i) => x(i)!)
    .attr("width", x.bandwidth())
    .attr("y", (b) => y(b.p))
    .attr("height", (b) => innerH - y(b.p))
    .attr("rx", Math.min(3, x.bandwidth() / 6))
    .attr("fill", (b) => (b.emphasis ? strong : fill))
    .append("title")
    .text((b) => b.title ?? `${b.label}: ${pct(b.p, 2)}`);

  if (options.mean !== undefined && Number.isFinite(options.mean) && bars.length > 0) {
    // Between the bars of the outcomes on either side of the mean, in proportion.
    const centre = (i: number) => x(i)! + x.bandwidth() / 2;
    const at = bars.map((b, i) => b.outcome ?? i);
    const m = options.mean;
    let lo = 0;
    while (lo < bars.length - 1 && at[lo + 1]! <= m) lo++;
    const hi = Math.min(lo + 1, bars.length - 1);
    const t = hi === lo || m <= at[lo]! ? 0 : Math.min(1, (m - at[lo]!) / (at[hi]! - at[lo]!));
    const mx = centre(lo) + t * (centre(hi) - centre(lo));
    const marker = g.append("g").attr("class", "mean-marker").attr("pointer-events", "none");
    // Its label sits in a row of its own above the bar labels, so the two never overlap.
    marker.append("line").attr("x1", mx).attr("x2", mx).attr("y1", -margin.top + 14).attr("y2", innerH).attr("stroke", "#2b2722").attr("stroke-width", 1.2).attr("stroke-dasharray", "4,3");
    const text = `mean ${options.mean.toFixed(2)}`;
    // Beside the line on the right, unless it would run off the chart.
    const onRight = mx + 6 + textWidth(text) < innerW;
    marker
      .append("text")
      .attr("x", onRight ? mx + 5 : mx - 5)
      .attr("y", -margin.top + 12)
      .attr("text-anchor", onRight ? "start" : "end")
      .attr("fill", "#2b2722")
      .style("font-weight", "600")
      .text(text);
  }
  // Labels go over the mean marker, with a halo in the card's colour, so the dashed line never runs through a number.
  const label = g
    .append("g")
    .attr("class", "bar-labels")
    .selectAll("text")
    .data(bars)
    .join("text")
    .attr("class", "bar-label")
    .attr("fill", "#2b2722")
    .attr("stroke", "#ffffff")
    .attr("stroke-width", 3)
    .attr("stroke-linejoin", "round")
    .attr("paint-order", "stroke")
    .style("font-variant-numeric", "tabular-nums")
    .text((_, i) => (i % labelEvery === tallest % labelEvery ? labels[i]! : ""));
  if (upright)
    label
      .attr("transform", (b, i) => `translate(${x(i)! + x.bandwidth() / 2 + 4},${y(b.p) - 4}) rotate(-90)`)
      .attr("text-anchor", "start");
  else label.attr("x", (_, i) => x(i)! + x.bandwidth() / 2).attr("y", (b) => y(b.p) - 5).attr("text-anchor", "middle");

  return svg.node()!;
}
