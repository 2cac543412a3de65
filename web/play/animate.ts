/**
 * The AI's moves animated on the Play board: every piece the AI moved since your last decision is drawn where
 * the engine put it and glides there from where it stood, over MOVE_MS, with the Web Animations API (a CSS
 * transform on the piece's <g>: in an SVG, its px are the board's inches). Nothing is changed in the DOM, so
 * when the animation ends — or is cut short by the next render — the piece is exactly at the engine's position.
 * With `prefers-reduced-motion: reduce` there is no animation: the pieces stand at their new places, ringed
 * as the AI's (the board's "ai-moved" highlight), with the arrows of the moves.
 */
import type { Piece } from "./board.js";

export const MOVE_MS = 400;

export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Animates the pieces of `moved` (id -> where it stood) that are on `board` and stood elsewhere; returns the animations. */
export function animateMoves(board: SVGSVGElement, moved: ReadonlyMap<number, { x: number; y: number }>, pieces: readonly Piece[]): Animation[] {
  if (reducedMotion() || !moved.size) return [];
  const out: Animation[] = [];
  for (const p of pieces) {
    const was = moved.get(p.id);
    if (p.gone || !was || Math.hypot(was.x - p.x, was.y - p.y) < 0.05) continue;
    const g = board.querySelector<SVGGElement>(`.piece[data-piece="${p.id}"]`);
    if (!g || typeof g.animate !== "function") continue;
    // North is at the top: a step north (y up) is up the screen.
    const dx = was.x - p.x;
    const dy = p.y - was.y;
    out.push(g.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }], { duration: MOVE_MS, easing: "ease-in-out" }));
  }
  return out;
}
