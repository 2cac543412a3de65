/**
 * The live win-probability graph beside the board, as a chess engine shows its evaluation: a bar (your chance
 * now, your side's colour from the bottom, the AI's from the top) and a D3 line over the game, one point per
 * decision — the search's figure where the AI just searched, else the cheap evaluation (web/play/session.ts
 * GraphPoint). Rounds (turns) are marked on the axis. Drawn from plain data, replacing what was there.
 */
import { axisBottom, axisLeft, line, scaleLinear, select } from "d3";
import { SIDE_COLOURS } from "../colours.js";
import type { GraphPoint } from "./session.js";

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
  bar.setAttribute("aria-label", last ? `${names[human]} (${you}): ${pctText(win)} to win${draw ? `, ${pctText(draw)} draw` : ""} (${last.source})` : "no evaluation yet");
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
    .attr("aria-label", `Your chance to win over the game: ${points.length} decision${points.length === 1 ? "" : "s"}${last ? `, now ${pctText(win)}` : ""}`);
  host.prepend(bar);
  // Round boundaries: where the round (AoS) or turn (MESBG, campaign) changes.
  points.forEach((p, i) => {
    if (i > 0 && p.round !== points[i - 1]!.round)
      svg.append("line").attr("class", "round-line").attr("x1", x(i)).attr("x2", x(i)).attr("y1", m.top).attr("y2", H - m.bottom).append("title").text(`round ${p.round}`);
  });
  svg.append("line").attr("class", "even-line").attr("x1", m.left).attr("x2", W - m.right).attr("y1", y(0.5)).attr("y2", y(0.5));
  svg.append("g").attr("transform", `translate(0,${H - m.bottom})`).call(axisBottom(x).tickValues(x.ticks(6).filter((t) => Number.isInteger(t))).tickFormat((d) => String(d)));
  svg.append("g").attr("transform", `translate(${m.left},0)`).call(axisLeft(y).ticks(4).tickFormat((d) => pctText(Number(d))));
  svg.append("text").attr("class", "axis-title").attr("x", (m.left + W - m.right) / 2).attr("y", H - 2).attr("text-anchor", "middle").text("decisions");
  const path = line<GraphPoint>().x((_, i) => x(i)).y((p) => y(p.win));
  svg.append("path").datum([...points]).attr("class", "win-line").attr("fill", "none").attr("stroke", SIDE_COLOURS[human]).attr("d", path);
  svg.selectAll("circle.win-point").data([...points]).join("circle")
    .attr("class", (p) => `win-point ${p.source === "search" ? "searched" : "evaluated"}`)
    .attr("cx", (_, i) => x(i)).attr("cy", (p) => y(p.win)).attr("r", (p) => (p.source === "search" ? 2.6 : 1.8))
    .attr("fill", (p) => (p.player === human ? SIDE_COLOURS[human] : p.player === ai ? SIDE_COLOURS[ai] : "#6f665a"))
    .append("title").text((p, i) => `decision ${i}${p.player === human ? ` (${you})` : p.player === ai ? " (the AI)" : ""}: ${pctText(p.win)} to win${p.draw ? `, ${pctText(p.draw)} draw` : ""} — ${p.source}`);
}
