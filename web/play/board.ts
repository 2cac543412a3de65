/**
 * The battlefield in SVG, to scale (1 unit of the viewBox = 1 inch; north at the top): territories,
 * terrain with its kind, objectives with their control, AoS units as footprints (circles sized by
 * footprintRadius, with model count and wounds left) or MESBG models as bases. Hovering a unit or model shows
 * its ranges (move, charge, shooting) measured from its footprint's edge. Names are set as text, never markup.
 */
import { SIDE_COLOURS } from "../colours.js";
import type { AosView } from "./aos-adapter.js";
import type { MesbgView } from "./mesbg-adapter.js";
import type { MoveLine } from "./move-lines.js";

const NS = "http://www.w3.org/2000/svg";

export function svg(tag: string, attrs: Record<string, string | number> = {}, text?: string): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Colour-blind-safe side colours (Okabe-Ito blue and vermillion), every view's: web/colours.ts. */
export { SIDE_COLOURS, SIDE_INKS } from "../colours.js";

export interface Piece {
  id: number;
  side: number;
  x: number;
  y: number;
  radius: number;
  label: string;
  title: string;
  move: number;
  charge: number;
  shoot: number;
  gone: boolean;
}

export interface BoardHandlers {
  /** A unit or model was clicked (or Enter pressed on it). */
  piece(id: number): void;
  objective(id: string): void;
}

export interface BoardState {
  selected: number | null;
  /** Pieces the AI moved or hurt since your last decision, with where they were. */
  moved: Map<number, { x: number; y: number }>;
  /** Pieces and objectives a candidate of the selected unit points at. */
  targets: Set<number>;
  targetObjectives: Set<string>;
}

function ranges(g: SVGElement, p: Piece, flipY: (y: number) => number): void {
  g.replaceChildren();
  // MESBG: a charge is a move into contact, so its reach is the Move: one ring for both.
  const rings: [number, string, string][] = [
    [p.move, "move", p.charge === p.move ? `move / charge ${p.move.toFixed(0)}"` : `move ${p.move.toFixed(0)}"`],
    ...(p.charge === p.move ? [] : ([[p.charge, "charge", `charge ${p.charge}"`]] as [number, string, string][])),
    ...(p.shoot > 0 ? ([[p.shoot, "shoot", `shooting ${p.shoot}"`]] as [number, string, string][]) : []),
  ];
  const placed: number[] = [];
  for (const [r, cls, text] of rings) {
    const R = p.radius + r;
    g.append(svg("circle", { cx: p.x, cy: flipY(p.y), r: R, class: `range range-${cls}` }));
    g.append(svg("text", { x: p.x, y: rangeLabelY(flipY(p.y), R, flipY(0), placed), class: `range-label label-${cls}`, "text-anchor": "middle" }, text));
  }
}

/** A label's line height on the board, in inches (the labels are 0.9" type). */
const LABEL_LINE = 1.1;

/**
 * Where a range ring's label goes (SVG y, down the board): just inside the ring's lowest point, or its highest
 * where the lowest is off the board (a unit near the near edge), else against the board's edge; a label that
 * would sit on one placed before moves a line further into the board, so rings cut by the same edge do not
 * print their labels on top of each other. `placed` collects the labels' y.
 */
export function rangeLabelY(cy: number, R: number, bottom: number, placed: number[]): number {
  const low = cy + R - 0.4;
  const high = cy - R + 1.0;
  let y: number;
  let step: number;
  if (low <= bottom - 0.4) [y, step] = [low, -LABEL_LINE];
  else if (high >= 1.0) [y, step] = [high, LABEL_LINE];
  else [y, step] = [bottom - 0.4, -LABEL_LINE];
  for (let i = 0; i < 8 && placed.some((q) => Math.abs(q - y) < LABEL_LINE - 1e-9); i++) y += step;
  placed.push(y);
  return y;
}

/** Draws the board into `host` (an <svg>); returns nothing: call again after every change. */
export function drawBoard(host: SVGSVGElement, view: AosView | MesbgView, pieces: Piece[], st: BoardState, on: BoardHandlers): void {
  const W = view.width;
  const H = view.depth;
  const flipY = (y: number) => H - y;
  host.setAttribute("viewBox", `-1 -1 ${W + 2} ${H + 2}`);
  host.replaceChildren();
  host.append(svg("rect", { x: 0, y: 0, width: W, height: H, class: "field" }));
  for (let x = 12; x < W; x += 12) host.append(svg("line", { x1: x, y1: 0, x2: x, y2: H, class: "grid" }));
  for (let y = 12; y < H; y += 12) host.append(svg("line", { x1: 0, y1: y, x2: W, y2: y, class: "grid" }));
  if (view.kind === "aos") {
    for (const t of view.territories) {
      const poly = svg("polygon", { points: t.polygon.map((p) => `${p.x},${flipY(p.y)}`).join(" "), class: `territory side-${t.player}`, fill: SIDE_COLOURS[t.player]! });
      poly.append(svg("title", {}, `${view.armies[t.player]}'s territory (${t.id})`));
      host.append(poly);
    }
    for (const f of view.terrain) {
      const g = svg("g", { class: "terrain" });
      g.append(svg("circle", { cx: f.x, cy: flipY(f.y), r: f.radius, class: `terrain-${f.kind ?? "feature"}` }));
      if (f.tallRadius) g.append(svg("circle", { cx: f.x, cy: flipY(f.y), r: f.tallRadius, class: "terrain-tall" }));
      g.append(svg("text", { x: f.x, y: flipY(f.y) + 0.4, class: "terrain-label", "text-anchor": "middle" }, f.kind ?? "terrain"));
      g.append(svg("title", {}, `${f.kind ?? "terrain"}${f.height ? `, ${f.height}" tall` : ""}${f.abilities?.length ? ` — ${f.abilities.join(", ")}` : ""}`));
      host.append(g);
    }
    for (const o of view.objectives) {
      const g = svg("g", { class: `objective${st.targetObjectives.has(o.id) ? " target" : ""}`, tabindex: st.targetObjectives.has(o.id) ? 0 : -1, role: "button", "data-objective": o.id });
      g.append(svg("circle", { cx: o.x, cy: flipY(o.y), r: 1.6, class: "objective-ring", fill: o.control === null ? "#ffffff" : SIDE_COLOURS[o.control]! }));
      g.append(svg("circle", { cx: o.x, cy: flipY(o.y), r: 20 / 25.4, class: "objective-marker" }));
      g.append(svg("text", { x: o.x, y: flipY(o.y) + 2.9, class: "objective-label", "text-anchor": "middle" }, o.id));
      g.append(svg("title", {}, `objective ${o.id}${o.prime ? " (prime)" : ""}: ${o.control === null ? "controlled by nobody" : `controlled by ${view.armies[o.control]}`}`));
      g.addEventListener("click", () => on.objective(o.id));
      g.addEventListener("keydown", (e) => (e as KeyboardEvent).key === "Enter" && on.objective(o.id));
      host.append(g);
    }
  }
  const trails = svg("g", { class: "trails" });
  host.append(trails);
  const rangeLayer = svg("g", { class: "ranges" });
  for (const p of pieces) {
    if (p.gone) continue;
    const was = st.moved.get(p.id);
    if (was && (Math.abs(was.x - p.x) > 0.05 || Math.abs(was.y - p.y) > 0.05))
      trails.append(svg("line", { x1: was.x, y1: flipY(was.y), x2: p.x, y2: flipY(p.y), class: "trail" }));
    const cls = ["piece", `side-${p.side}`, st.selected === p.id ? "selected" : "", st.moved.has(p.id) ? "ai-moved" : "", st.targets.has(p.id) ? "target" : ""].filter(Boolean).join(" ");
    const g = svg("g", { class: cls, tabindex: 0, role: "button", "data-piece": p.id, "aria-label": p.title });
    g.append(svg("circle", { cx: p.x, cy: flipY(p.y), r: p.radius, fill: SIDE_COLOURS[p.side]! }));
    if (p.label) g.append(svg("text", { x: p.x, y: flipY(p.y) + Math.min(0.6, p.radius * 0.4), class: "piece-label", "text-anchor": "middle", "font-size": Math.max(0.8, Math.min(1.8, p.radius * 0.9)) }, p.label));
    g.append(svg("title", {}, p.title));
    g.addEventListener("mouseenter", () => ranges(rangeLayer, p, flipY));
    g.addEventListener("focus", () => ranges(rangeLayer, p, flipY));
    g.addEventListener("mouseleave", () => rangeLayer.replaceChildren());
    g.addEventListener("blur", () => rangeLayer.replaceChildren());
    g.addEventListener("click", () => on.piece(p.id));
    g.addEventListener("keydown", (e) => (e as KeyboardEvent).key === "Enter" && on.piece(p.id));
    host.append(g);
  }
  host.append(rangeLayer);
}

export function aosPieces(v: AosView): Piece[] {
  return v.units.map((u) => ({
    id: u.id, side: u.owner, x: u.x, y: u.y, radius: u.radius, gone: u.status !== "deployed",
    label: `${u.models}`,
    title: `${u.name} (${v.armies[u.owner]})${u.general ? ", general" : ""}: ${u.models} of ${u.startModels} model${u.startModels === 1 ? "" : "s"}, ${u.woundsLeft} wound${u.woundsLeft === 1 ? "" : "s"} left — move ${u.move.toFixed(0)}", charge 12"${u.shoot ? `, shooting ${u.shoot}"` : ""}`,
    move: u.move, charge: u.charge, shoot: u.shoot,
  }));
}

export function mesbgPieces(v: MesbgView): Piece[] {
  return v.models.map((m) => ({
    id: m.id, side: m.side, x: m.x, y: m.y, radius: m.radius, gone: !m.alive || !m.onBoard,
    label: m.hero ? "H" : "",
    title: `${m.name} (${v.forces[m.side]}): ${m.wounds} wound${m.wounds === 1 ? "" : "s"}${m.prone ? ", prone" : ""} — move ${m.move}"${m.shoot ? `, shooting ${m.shoot}"` : ""}`,
    move: m.move, charge: m.charge, shoot: m.shoot,
  }));
}

/** An arrow on the board: from a unit to where a move sends it (the enemy unit or objective it points at). */
export interface Arrow {
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** "ai" (the AI's last move), "coach" (a ranked move; rank 1 the best), "made" / "best" (the Review's move made and the review's best choice). */
  kind: ArrowKind;
  rank?: number;
  title: string;
  /** Extra classes (e.g. "latest": the AI move whose reason is under the board). */
  classes?: string;
  /** The ring's radius for a move that stays put (default 2.2"). */
  ring?: number;
  /** A word by the arrow's end (the Review's "best"). */
  label?: string;
}
export type ArrowKind = "ai" | "coach" | "made" | "best";
const ARROW_KINDS: readonly ArrowKind[] = ["ai", "coach", "made", "best"];

/** The arrow of a decision's line (web/play/move-lines.ts): from where the unit stood to where it went or what it points at. */
export function lineArrow(line: MoveLine, kind: ArrowKind, title: string, extra: Partial<Arrow> = {}): Arrow {
  return { from: line.from, to: line.to, kind, title, ...extra };
}

/** Draws `arrows` over a board drawn by drawBoard (same coordinates: inches, north at the top). */
export function drawArrows(host: SVGSVGElement, depth: number, arrows: readonly Arrow[]): void {
  host.querySelector(".arrows")?.remove();
  const layer = svg("g", { class: "arrows" });
  const defs = svg("defs");
  for (const k of ARROW_KINDS) {
    const mk = svg("marker", { id: `arrowhead-${k}-${host.id}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    mk.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `arrowhead arrowhead-${k}` }));
    defs.append(mk);
  }
  layer.append(defs);
  for (const a of arrows) {
    const dx = a.to.x - a.from.x;
    const dy = a.to.y - a.from.y;
    const g = svg("g", { class: `arrow arrow-${a.kind}${a.rank ? ` rank-${a.rank}` : ""}${a.classes ? ` ${a.classes}` : ""}` });
    if (Math.hypot(dx, dy) < 0.3) {
      // A move that stays put (retreat, a spell on itself): a ring instead of an arrow.
      g.append(svg("circle", { cx: a.from.x, cy: depth - a.from.y, r: a.ring ?? 2.2, class: "arrow-ring" }));
    } else g.append(svg("line", { x1: a.from.x, y1: depth - a.from.y, x2: a.to.x, y2: depth - a.to.y, "marker-end": `url(#arrowhead-${a.kind}-${host.id})` }));
    if (a.rank) g.append(svg("text", { x: (a.from.x + a.to.x) / 2, y: depth - (a.from.y + a.to.y) / 2 - 0.5, class: "arrow-rank", "text-anchor": "middle" }, String(a.rank)));
    if (a.label) g.append(svg("text", { x: a.to.x, y: depth - a.to.y - (Math.hypot(dx, dy) < 0.3 ? (a.ring ?? 2.2) + 0.4 : 1), class: "arrow-label", "text-anchor": "middle" }, a.label));
    g.append(svg("title", {}, a.title));
    layer.append(g);
  }
  host.append(layer);
}

/** Where an AoS pointer goes: from its unit to the enemy unit or objective (null: nothing to draw). */
export function aosArrowEnds(v: AosView, p: { unit?: number; target?: number; objective?: string }, from?: { x: number; y: number }): { from: { x: number; y: number }; to: { x: number; y: number } } | null {
  const u = p.unit !== undefined ? v.units[p.unit] : undefined;
  const start = from ?? (u ? { x: u.x, y: u.y } : undefined);
  const t = p.target !== undefined ? v.units[p.target] : undefined;
  const o = p.objective !== undefined ? v.objectives.find((q) => q.id === p.objective) : undefined;
  const end = t && t.status === "deployed" ? { x: t.x, y: t.y } : o ? { x: o.x, y: o.y } : u && u.status === "deployed" ? { x: u.x, y: u.y } : undefined;
  if (!start || !end) return o && !start ? { from: { x: o.x, y: o.y }, to: { x: o.x, y: o.y } } : null;
  return { from: start, to: end };
}
