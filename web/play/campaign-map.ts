/**
 * The campaign map in SVG: each territory a hexagon at its map position (flat-topped, odd columns half a hex
 * lower, as the default map's adjacency is laid out), filled by terrain (river sections blue, the bridge
 * marked), ringed in the colour of its owner (with the owner's letter, so colour is never the only cue),
 * special sections and the Lake starred, HQs and Banners marked. Names are set as text.
 */
import type { CampaignView } from "./campaign-adapter.js";
import { SIDE_COLOURS, svg } from "./board.js";

const TERRAIN_FILL: Record<string, string> = {
  plains: "#e8e1c4", forest: "#b9ccaa", jungle: "#9fbf92", mountain: "#c9c1b6", marsh: "#c7d3c0", pass: "#d8cbb5", river: "#a9cde6",
};

const R = 5;
const centre = (column: number, row: number) => ({ x: R + column * 1.5 * R, y: (Math.sqrt(3) / 2) * R * (1 + 2 * row + (column % 2)) });

export function drawCampaignMap(host: SVGSVGElement, v: CampaignView, onTerritory: (index: number) => void): void {
  const cols = Math.max(...v.territories.map((t) => t.column)) + 1;
  const rows = Math.max(...v.territories.map((t) => t.row)) + 1;
  const W = R * (1.5 * cols + 0.5);
  const H = Math.sqrt(3) * R * (rows + 0.5);
  host.setAttribute("viewBox", `-1 -1 ${W + 2} ${H + 2}`);
  host.replaceChildren();
  v.territories.forEach((t, i) => {
    const c = centre(t.column, t.row);
    const pts = [0, 1, 2, 3, 4, 5].map((k) => `${c.x + 0.96 * R * Math.cos((Math.PI / 3) * k)},${c.y + 0.96 * R * Math.sin((Math.PI / 3) * k)}`).join(" ");
    const owner = t.owner === null ? "nobody" : v.armies[t.owner];
    const g = svg("g", { class: `territory-hex${t.owner === null ? "" : ` owner-${t.owner}`}`, tabindex: 0, role: "button", "data-territory": t.id, "aria-label": `${t.name}: ${t.terrain}, held by ${owner}` });
    g.append(svg("polygon", { points: pts, fill: TERRAIN_FILL[t.terrain] ?? "#ddd", stroke: t.owner === null ? "#8a8174" : SIDE_COLOURS[t.owner]!, "stroke-width": t.owner === null ? 0.15 : 0.55, ...(t.razed ? { "stroke-dasharray": "0.6 0.4" } : {}) }));
    g.append(svg("text", { x: c.x, y: c.y - 2.2, class: "hex-name", "text-anchor": "middle" }, t.name));
    g.append(svg("text", { x: c.x, y: c.y - 1.2, class: "hex-terrain", "text-anchor": "middle" }, `${t.terrain}${t.bridge ? " · bridge" : ""}${t.razed ? " · razed" : ""}${t.fortified ? " · fortified" : ""}`));
    if (t.special) g.append(svg("text", { x: c.x, y: c.y + 3.3, class: "hex-special", "text-anchor": "middle" }, `★ ${t.special}`));
    if (t.owner !== null) g.append(svg("text", { x: c.x + 2.6, y: c.y + 0.4, class: "hex-owner", "text-anchor": "middle", fill: SIDE_COLOURS[t.owner]! }, t.owner === 0 ? "A" : "B"));
    if (t.hq !== null) g.append(svg("text", { x: c.x - 2.6, y: c.y + 0.4, class: "hex-hq", "text-anchor": "middle", fill: SIDE_COLOURS[t.hq]! }, "HQ"));
    const banners = v.banners.filter((b) => b.at === i);
    banners.forEach((b, k) => {
      const bx = c.x - (banners.length - 1) * 0.9 + k * 1.8;
      g.append(svg("path", { d: `M${bx},${c.y + 2} v-2.6 l1.4,0.6 l-1.4,0.6`, class: `banner side-${b.owner}`, stroke: SIDE_COLOURS[b.owner]!, fill: SIDE_COLOURS[b.owner]! }));
    });
    g.append(svg("title", {}, `${t.name} (${t.terrain}${t.river ? ", river section" : ""}${t.bridge ? ", with a bridge" : ""}${t.special ? `, ${t.special}` : ""}): held by ${owner}${banners.length ? `; Banners: ${banners.map((b) => b.name).join(", ")}` : ""}`));
    g.addEventListener("click", () => onTerritory(i));
    g.addEventListener("keydown", (e) => (e as KeyboardEvent).key === "Enter" && onTerritory(i));
    host.append(g);
  });
}
