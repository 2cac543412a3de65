/**
 * The AI's moves on the Play board (MESBG, the scripted AI: fast and repeatable): each model the AI moved
 * glides from where it stood to where the engine put it and ends exactly there; an arrow from its old place to
 * its new one; with prefers-reduced-motion no animation, only the highlight and the arrows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayView, graphKey } from "../../web/play/play-view.js";
import { forgetGame, loadGame } from "../../web/play/store.js";
import { MOVE_MS } from "../../web/play/animate.js";
import type { SavedGame } from "../../src/saves/format.js";
import { STARTERS } from "../../src/saves/setups.js";
import type { MesbgState } from "../../src/mesbg/game.js";

const until = async (f: () => boolean, ms = 30_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};
const steps = () => Number(document.getElementById("view-play-mesbg")!.dataset.steps ?? "-1");
const board = () => document.getElementById("mesbg-board")!;
type P = { x: number; y: number };
/** The pieces as drawn (the circles' attributes, y flipped back on the 48" board). */
const drawn = (): Map<number, P> =>
  new Map([...board().querySelectorAll<SVGGElement>(".piece")].map((g) => {
    const c = g.querySelector("circle")!;
    return [Number(g.dataset.piece), { x: Number(c.getAttribute("cx")), y: 48 - Number(c.getAttribute("cy")) }];
  }));
/** The engine's models after the saved game's steps. */
async function engineModels(): Promise<{ id: number; x: number; y: number; alive: boolean }[]> {
  const saved = (await loadGame("play-mesbg")) as SavedGame;
  const s = STARTERS.mesbg(saved.setup, saved.seed).state as MesbgState;
  for (const x of saved.steps) s.apply(x.action);
  return s.data.models;
}
/** Clicks the first candidate until the AI has moved a model already on the board; the positions before the click. */
async function untilAiMoves(): Promise<Map<number, P>> {
  for (let k = 0; k < 80; k++) {
    const before = drawn();
    const n = steps();
    document.querySelector<HTMLButtonElement>("#mesbg-choices button[data-action]")!.click();
    await until(() => steps() > n);
    const now = drawn();
    if ([...now].some(([id, p]) => before.has(id) && Math.hypot(p.x - before.get(id)!.x, p.y - before.get(id)!.y) > 0.05)) return before;
  }
  throw new Error("the AI moved nothing in 80 decisions");
}

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame("play-mesbg");
  await forgetGame(graphKey("mesbg"));
});
afterAll(async () => {
  await forgetGame("play-mesbg");
  await forgetGame(graphKey("mesbg"));
});

describe("[ME-MOVE] the AI's moves on the Play board", () => {
  it("glide from where the model stood to the engine's destination; an arrow points there", async () => {
    const view = createPlayView("mesbg", () => undefined);
    (document.getElementById("mesbg-ai-kind") as HTMLSelectElement).value = "scripted";
    view.show();
    await until(() => document.querySelectorAll("#mesbg-choices button[data-action]").length > 0);
    const before = await untilAiMoves();
    const models = await engineModels();
    const movedIds = [...drawn().keys()].filter((id) => before.has(id) && Math.hypot(models[id]!.x - before.get(id)!.x, models[id]!.y - before.get(id)!.y) > 0.05);
    expect(movedIds.length).toBeGreaterThan(0);
    for (const id of movedIds) {
      const g = board().querySelector<SVGGElement>(`.piece[data-piece="${id}"]`)!;
      expect(g.classList.contains("ai-moved")).toBe(true);
      const [a] = g.getAnimations();
      expect(a).toBeDefined();
      // It starts where it stood: translated by (before - now), y down the screen.
      const from = (a!.effect as KeyframeEffect).getKeyframes()[0]!.transform as string;
      const [dx, dy] = /translate\(([-\d.e]+)px, ([-\d.e]+)px\)/.exec(from)!.slice(1).map(Number);
      // (CSS keeps 6 significant digits.)
      expect(dx).toBeCloseTo(before.get(id)!.x - models[id]!.x, 4);
      expect(dy).toBeCloseTo(models[id]!.y - before.get(id)!.y, 4);
      expect((a!.effect as KeyframeEffect).getTiming().duration).toBe(MOVE_MS);
    }
    await Promise.all(movedIds.flatMap((id) => board().querySelector<SVGGElement>(`.piece[data-piece="${id}"]`)!.getAnimations().map((a) => a.finished)));
    // Ended: no transform left, and every model stands where the engine has it.
    for (const id of movedIds) expect(getComputedStyle(board().querySelector(`.piece[data-piece="${id}"]`)!).transform).toBe("none");
    for (const [id, p] of drawn()) {
      expect(p.x).toBeCloseTo(models[id]!.x, 9);
      expect(p.y).toBeCloseTo(models[id]!.y, 9);
    }
    // The last model the AI moved has its arrow, from its old place to the engine's new one.
    const last = movedIds.find((id) => [...board().querySelectorAll(".arrow-ai line")].some((l) => Math.abs(Number(l.getAttribute("x2")) - models[id]!.x) < 1e-9 && Math.abs(48 - Number(l.getAttribute("y2")) - models[id]!.y) < 1e-9));
    expect(last).toBeDefined();
    const line = [...board().querySelectorAll(".arrow-ai line")].find((l) => Math.abs(Number(l.getAttribute("x2")) - models[last!]!.x) < 1e-9)!;
    expect(Number(line.getAttribute("x1"))).toBeCloseTo(before.get(last!)!.x, 9);
    expect(48 - Number(line.getAttribute("y1"))).toBeCloseTo(before.get(last!)!.y, 9);
  });

  it("with prefers-reduced-motion: no animation, the moved models highlighted where they stand", async () => {
    const real = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...real.call(window, q), matches: q.includes("prefers-reduced-motion: reduce") ? true : real.call(window, q).matches })) as typeof window.matchMedia;
    try {
      const before = await untilAiMoves();
      const models = await engineModels();
      const movedIds = [...drawn().keys()].filter((id) => before.has(id) && Math.hypot(models[id]!.x - before.get(id)!.x, models[id]!.y - before.get(id)!.y) > 0.05);
      expect(movedIds.length).toBeGreaterThan(0);
      for (const id of movedIds) {
        const g = board().querySelector<SVGGElement>(`.piece[data-piece="${id}"]`)!;
        expect(g.getAnimations()).toEqual([]);
        expect(g.classList.contains("ai-moved")).toBe(true);
        expect(drawn().get(id)!.x).toBeCloseTo(models[id]!.x, 9);
      }
      expect(board().querySelectorAll(".arrow-ai").length).toBeGreaterThan(0);
    } finally {
      window.matchMedia = real;
    }
  });

  it("[CORE-MOVE] AoS: a unit the AI moved glides once; a redraw for a click on a unit does not play it again", async () => {
    document.getElementById("view-play-mesbg")!.hidden = true;
    await forgetGame("play-aos");
    await forgetGame(graphKey("aos"));
    const view = createPlayView("aos", () => undefined);
    (document.getElementById("aos-ai-kind") as HTMLSelectElement).value = "scripted";
    view.show();
    const aos = () => document.getElementById("aos-board")!;
    const aosSteps = () => Number(document.getElementById("view-play-aos")!.dataset.steps ?? "-1");
    await until(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    const pos = () => new Map([...aos().querySelectorAll<SVGGElement>(".piece")].map((g) => [g.dataset.piece!, g.querySelector("circle")!.getAttribute("cx")! + "," + g.querySelector("circle")!.getAttribute("cy")!]));
    let moved: string[] = [];
    for (let k = 0; k < 120 && !moved.length; k++) {
      const before = pos();
      const n = aosSteps();
      document.querySelector<HTMLButtonElement>("#aos-choices button[data-action]")!.click();
      await until(() => aosSteps() > n);
      moved = [...pos()].filter(([id, p]) => before.has(id) && before.get(id) !== p && aos().querySelector(`.piece.side-1[data-piece="${id}"]`)).map(([id]) => id);
    }
    expect(moved.length).toBeGreaterThan(0);
    const piece = (id: string) => aos().querySelector<SVGGElement>(`.piece[data-piece="${id}"]`)!;
    for (const id of moved) expect(piece(id).getAnimations().length).toBe(1);
    const at = pos();
    // A click on a unit (yours: its candidates listed, if it has any) redraws the board.
    const old = piece(moved[0]!);
    aos().querySelector<SVGGElement>(".piece.side-0")!.dispatchEvent(new MouseEvent("click"));
    expect(piece(moved[0]!)).not.toBe(old);
    for (const id of moved) {
      expect(piece(id).getAnimations()).toEqual([]);
      expect(pos().get(id)).toBe(at.get(id));
    }
    await forgetGame("play-aos");
    await forgetGame(graphKey("aos"));
  });
});
