/**
 * The live win-probability graph beside the board, as a chess engine shows its evaluation: a bar (your chance
 * now, your side's colour from the bottom, the AI's from the top) and a D3 line over the game, one point per
 * decision — the search's figure where the AI just searched, else the cheap evaluation (web/play/session.ts
 * GraphPoint). Rounds (turns) are marked on the axis. Each point that is a count (the searches of the action
 * played, the rollouts) is drawn with its Wilson 95% interval as a shaded band, and one resting on fewer than
 * TOO_FEW samples is hollow and grey, "too few to tell" in its tooltip; the reading now is written under the
 * graph. Drawn from plain data, replacing what was there.
 */
import { area, axisBottom, axisLeft, line, scaleLinear, select } from "d3";
import { SIDE_COLOURS } from "../colours.js";
import type { GraphPoint } from "./session.js";
import { estimateText, intervalOf, tooFew } from "./estimate.js";

/** A point's reading with its interval (web/play/estimate.ts): "44% [9%–84%], 5 searches: too few to tell". */
export const pointText = (p: GraphPoint): string => estimateText({ p: p.win, n: p.n, unit: p.unit, source: p.source });

const pctText = (x: number) => `${Math.round(100 * x)}%`;

export function drawWinGraph(host: HTMLElement, points: readonly GraphPoint[], human: 0 | 1, names: readonly [string, string], you = "you"): void {
  host.replaceChildren();
  host.dataset.points = String(points.length);
  const last = points.at(-1);
  const ai = (1 - human) as 0 | 1;
  // The bar: the human's share from the bottom, the draws in grey, the AI's from the top.
  const bar = document.createElement("div");
  bar.className = "eval-bar";
  bar.setAttribute("role", "img");
  const win = last?.win ?? 0.5;
  const draw = last?.draw ?? 0;
  const now = last ? pointText(last) : "";
  bar.setAttribute("aria-label", last ? `${names[human]} (${you}), chance to win: ${now}${draw ? `; ${pctText(draw)} draw` : ""}` : "no evaluation yet");
  bar.title = last ? `Your chance to win now: ${now}` : "no evaluation yet";
  if (last && tooFew({ p: win, n: last.n })) bar.classList.add("too-few");
  const seg = (cls: string, share: number, colour: string, text: string) => {
    const d = document.createElement("div");
    d.className = cls;
    d.style.flexGrow = String(share);
    d.style.background = colour;
    d.textContent = share >= 0.12 ? text : "";
    return d;
  };
  bar.append(seg("eval-ai", Math.max(0, 1 - win - draw), SIDE_COLOURS[ai], pctText(1 - win - draw)), seg("eval-draw", draw, "#bdb4a7", ""), seg("eval-you", win, SIDE_COLOURS[human], pctText(win)));
  const W = 320;
  const H = 150;
  const m = { top: 8, right: 8, bottom: 26, left: 34 };
  const x = scaleLinear().domain([0, Math.max(1, points.length - 1)]).range([m.left, W - m.right]);
  const y = scaleLinear().domain([0, 1]).range([H - m.bottom, m.top]);
  const svg = select(host).append("div").attr("class", "win-graph-wrap").append("svg").attr("viewBox", `0 0 ${W} ${H}`).attr("class", "win-graph").attr("role", "img")
    .attr("aria-label", `Your chance to win over the game: ${points.length} decision${points.length === 1 ? "" : "s"}${last ? `, now ${now}` : ""}`);
  host.prepend(bar);
  const caption = document.createElement("p");
  caption.className = `win-now${last && tooFew({ p: win, n: last.n }) ? " too-few" : ""}`;
  caption.textContent = last ? `Now: ${now}` : "";
  host.append(caption);
  // Round boundaries: where the round (AoS) or turn (MESBG, campaign) changes.
  points.forEach((p, i) => {
    if (i > 0 && p.round !== points[i - 1]!.round)
      svg.append("line").attr("class", "round-line").attr("x1", x(i)).attr("x2", x(i)).attr("y1", m.top).attr("y2", H - m.bottom).append("title").text(`round ${p.round}`);
  });
  svg.append("line").attr("class", "even-line").attr("x1", m.left).attr("x2", W - m.right).attr("y1", y(0.5)).attr("y2", y(0.5));
  svg.append("g").attr("transform", `translate(0,${H - m.bottom})`).call(axisBottom(x).tickValues(x.ticks(6).filter((t) => Number.isInteger(t))).tickFormat((d) => String(d)));
  svg.append("g").attr("transform", `translate(${m.left},0)`).call(axisLeft(y).ticks(4).tickFormat((d) => pctText(Number(d))));
  svg.append("text").attr("class", "axis-title").attr("x", (m.left + W - m.right) / 2).attr("y", H - 2).attr("text-anchor", "middle").text("decisions");
  // The 95% intervals as a band, broken where a point is no count (the result, the campaign's lean).
  const band = area<GraphPoint>().defined((p) => p.n !== undefined && p.n > 0)
    .x((_, i) => x(i))
    .y0((p) => y(intervalOf(p.win, p.n!).low)).y1((p) => y(intervalOf(p.win, p.n!).high));
  svg.append("path").datum([...points]).attr("class", "win-band").attr("fill", SIDE_COLOURS[human]).attr("fill-opacity", 0.14).attr("d", band);
  const path = line<GraphPoint>().x((_, i) => x(i)).y((p) => y(p.win));
  svg.append("path").datum([...points]).attr("class", "win-line").attr("fill", "none").attr("stroke", SIDE_COLOURS[human]).attr("d", path);
  svg.selectAll("circle.win-point").data([...points]).join("circle")
    .attr("class", (p) => `win-point ${p.source === "search" ? "searched" : "evaluated"}${tooFew({ p: p.win, n: p.n }) ? " too-few" : ""}`)
    .attr("cx", (_, i) => x(i)).attr("cy", (p) => y(p.win)).attr("r", (p) => (p.source === "search" ? 2.6 : 1.8))
    .attr("fill", (p) => (tooFew({ p: p.win, n: p.n }) ? "#fff" : p.player === human ? SIDE_COLOURS[human] : p.player === ai ? SIDE_COLOURS[ai] : "#6f665a"))
    .attr("stroke", (p) => (tooFew({ p: p.win, n: p.n }) ? "#9a9183" : "none"))
    .append("title").text((p, i) => `decision ${i}${p.player === human ? ` (${you})` : p.player === ai ? (p.source === "search" ? " (the AI, its search)" : " (the AI)") : ""}, chance to win: ${pointText(p)}${p.draw ? `; ${pctText(p.draw)} draw` : ""}`);
}
