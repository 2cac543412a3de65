/**
 * Arrows on a board only show (web/style.css `.board .arrows`): a unit under an AI or coach arrow still takes
 * the pointer — its hover draws its ranges and its click lists its candidates. `npm run e2e` found the Play
 * board's first unit unhoverable under the AI's arrows.
 */
import { describe, expect, it } from "vitest";
import "../../web/style.css";
import { drawArrows } from "../../web/play/board.js";

const NS = "http://www.w3.org/2000/svg";
const el = (name: string, attrs: Record<string, string | number>) => {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

describe("the board's arrows", () => {
  it("[CORE-MOVE] a piece under an arrow's line and head is what the pointer reaches", () => {
    const svg = el("svg", { id: "arrows-test", class: "board", viewBox: "0 0 60 44", width: 600, height: 440 }) as SVGSVGElement;
    const piece = el("g", { class: "piece side-0" });
    const circle = el("circle", { cx: 30, cy: 22, r: 3 });
    piece.append(circle);
    svg.append(piece);
    document.body.append(svg);
    // An arrow whose line crosses the piece's centre and ends on it (y is flipped: depth 44 - y).
    drawArrows(svg, 44, [{ kind: "ai", from: { x: 10, y: 22 }, to: { x: 30, y: 22 }, title: "the AI's move" }]);
    expect(svg.querySelectorAll(".arrows line").length).toBe(1);
    const box = circle.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    expect(hit).toBe(circle);
    // Without the rule the line is on top (the arrows are drawn after the pieces).
    (svg.querySelector(".arrows") as SVGGElement).style.pointerEvents = "auto";
    expect(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest(".arrows")).not.toBeNull();
    svg.remove();
  });
});
