/**
 * The Review view in real Chromium: a saved game opened as a file, reviewed in the review worker (a real Web
 * Worker with its own Wasm core), replayed move by move with the buttons and the arrow keys, the marks beside
 * the moves and the win-probability chart; a bad file shows its message and keeps the review on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slowdown } from "../support/load.js";
import { createReviewView, openReviewText, REVIEW_KEY } from "../../web/review/review-view.js";
import { forgetGame, loadGame } from "../../web/play/store.js";
import { BLUNDER, lastRoundSave, mesbgShortSave } from "../review/fixtures.js";
import { STARTERS } from "../../src/saves/setups.js";
import type { SavedGame } from "../../src/saves/format.js";
import type { GameState } from "../../src/planner/game.js";

const until = async (f: () => boolean, ms = 120_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};
const $ = <T extends Element = HTMLElement>(s: string) => document.querySelector<T>(s)!;
const current = () => $("#review-moves li.current")?.getAttribute("data-index") ?? null;
/** The engine's state after the first `k` steps of `save` (and, with `alt`, that action instead of step k's). */
function stateAfter(save: SavedGame, k: number, alt?: number): GameState {
  const s = STARTERS[save.game](save.setup, save.seed).state as GameState;
  save.steps.slice(0, k).forEach((x) => s.apply(x.action));
  if (alt !== undefined) s.apply(alt);
  return s;
}
/** Every piece on the Review's board, as drawn: id -> the centre of its circle in inches, north up (y flipped back). */
function drawnPieces(depth: number): Map<number, { x: number; y: number }> {
  return new Map([...document.querySelectorAll<SVGGElement>("#review-board .piece")].map((g) => {
    const c = g.querySelector("circle")!;
    return [Number(g.dataset.piece), { x: Number(c.getAttribute("cx")), y: depth - Number(c.getAttribute("cy")) }];
  }));
}
const arrowEnd = (kind: string, depth: number) => {
  const l = document.querySelector(`#review-board .arrow-${kind} line`);
  return l ? { x1: Number(l.getAttribute("x1")), y1: depth - Number(l.getAttribute("y1")), x2: Number(l.getAttribute("x2")), y2: depth - Number(l.getAttribute("y2")) } : null;
};
const key = (k: string) => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame(REVIEW_KEY);
});
afterAll(() => forgetGame(REVIEW_KEY));

describe("[REVIEW] the Review view", () => {
  const save = lastRoundSave(BLUNDER);

  it("renders; a file that is not JSON shows its message", async () => {
    const view = createReviewView(() => undefined);
    view.show();
    expect($("#view-review").hidden).toBe(false);
    expect($("#review-status").textContent).toMatch(/Open or drop a game saved with --save/);
    await openReviewText("junk.json", "{ not json");
    await until(() => !$("#review-error").hidden);
    expect($("#review-error").textContent).toMatch(/junk\.json: not JSON .*nothing changed/);
    // No file loaded: nothing to step through.
    for (const id of ["first", "prev", "next", "last"]) expect($<HTMLButtonElement>(`#review-${id}`).disabled).toBe(true);
  });

  it("a bad or empty Seed is refused, named, and reviews nothing", async () => {
    for (const v of ["-5", "", "2.5", "4294967296"]) {
      $<HTMLInputElement>("#review-seed").value = v;
      $("#review-error").hidden = true;
      await openReviewText("blunder.json", JSON.stringify(save));
      await until(() => !$("#review-error").hidden);
      expect($("#review-error").textContent).toBe("seed: must be a whole number from 0 to 4294967295; nothing was reviewed.");
      expect($("#review-seed").getAttribute("aria-invalid")).toBe("true");
      expect($("#review-moves").children.length).toBe(0);
    }
    $<HTMLInputElement>("#review-seed").value = "1";
  });

  it("[REVIEW-MARK] reviews the saved game in the worker: the blunder marked beside its move, the chart drawn", async () => {
    $<HTMLSelectElement>("#review-player").value = "1";
    $<HTMLSelectElement>("#review-budget").value = "20";
    // The review runs in the worker: the page's longest task while it runs stays short (as test/web/responsive).
    const loadBefore = slowdown();
    const tasks: number[] = [];
    const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => tasks.push(e.duration)));
    obs.observe({ type: "longtask", buffered: false });
    await openReviewText("blunder.json", JSON.stringify(save));
    await until(() => $("#review-moves").children.length === save.steps.length);
    obs.disconnect();
    // The bound scales with the machine's load now (test/support/load.ts).
    expect(Math.max(0, ...tasks)).toBeLessThan(300 * Math.max(loadBefore, slowdown()));
    expect($("#review-error").hidden).toBe(true);
    const first = $("#review-moves li[data-index='0']");
    expect(first.textContent).toContain(BLUNDER);
    expect(first.querySelector(".mark-badge")!.textContent).toMatch(/\?\? blunder/);
    expect($("#review-summary").textContent).toMatch(/blunder\.json: Pitched Battle, player 1 \(won\) — .*blunder.*"Vindictors runs toward its own territory" in round 5 \(movement\) cost \d+%/);
    // [AB-COVERAGE] the review's figures depend on the abilities: each army's line, as tactica review prints it.
    expect([...document.querySelectorAll("#review-coverage .mu-coverage")].map((e) => (e.querySelector("summary") ?? e).textContent)).toEqual([
      "Mortek Shieldwall: 1 of this army's 9 abilities is not played",
      "Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played",
    ]);
    const dots = document.querySelectorAll("#review-graph circle.mark-dot");
    expect(dots.length).toBeGreaterThan(5);
    expect(dots[0]!.getAttribute("class")).toContain("mark-blunder");
    expect(document.querySelectorAll("#review-graph svg path").length).toBeGreaterThan(0);
    const kept = (await loadGame(REVIEW_KEY)) as { name: string; review: { decisions: unknown[] } };
    expect(kept.name).toBe("blunder.json");
    expect(kept.review.decisions.length).toBe(dots.length);
  });

  it("steps forward and back with the buttons and the arrow keys", async () => {
    expect(current()).toBeNull();
    expect($("#review-where").textContent).toBe(`start (0 of ${save.steps.length} moves)`);
    expect($<HTMLButtonElement>("#review-prev").disabled).toBe(true);
    $<HTMLButtonElement>("#review-next").click();
    expect(current()).toBe("0");
    expect($("#review-detail").textContent).toMatch(/\?\? blunder — cost \d+%/);
    expect($("#review-detail").textContent).toContain(`Played: ${BLUNDER}`);
    expect($("#review-detail").textContent).toMatch(/Best: .* to win/);
    expect($("#review-cursor").getAttribute("visibility")).toBe("visible");
    expect($("#review-where").textContent).toBe(`move 1 of ${save.steps.length}`);
    key("ArrowRight");
    expect(current()).toBe("1");
    expect($("#review-where").textContent).toBe(`move 2 of ${save.steps.length}`);
    // The list counts as the counter does: move 2 is item 2.
    expect($("#review-moves").getAttribute("start")).toBe("1");
    expect([...$("#review-moves").children].indexOf($("#review-moves li.current")) + 1).toBe(2);
    key("ArrowLeft");
    key("ArrowLeft");
    expect(current()).toBeNull();
    key("End");
    expect(current()).toBe(String(save.steps.length - 1));
    expect($<HTMLButtonElement>("#review-next").disabled).toBe(true);
    $<HTMLButtonElement>("#review-prev").click();
    expect(current()).toBe(String(save.steps.length - 2));
  });

  it("[REVIEW] the board shows the position after k moves; the move made points at its destination, the best choice dashed", async () => {
    type Unit = { x: number; y: number; status: string };
    const units = (k: number, alt?: number) => (stateAfter(save, k, alt) as unknown as { data: { units: Unit[] } }).data.units;
    // The start: every deployed unit where the position file put it.
    key("Home");
    expect($("#review-board").dataset.step).toBe("0");
    const start = drawnPieces(44);
    const u0 = units(0);
    const deployed = u0.flatMap((u, i) => (u.status === "deployed" ? [i] : []));
    expect([...start.keys()].sort((a, b) => a - b)).toEqual(deployed);
    for (const i of deployed) expect(start.get(i)).toEqual({ x: u0[i]!.x, y: u0[i]!.y });
    // Move 1, the blunder: the Vindictors run toward their own territory. The board is the state after 1 step.
    key("ArrowRight");
    expect($("#review-board").dataset.step).toBe("1");
    const after = drawnPieces(44);
    const u1 = units(1);
    const vindictors = u1.findIndex((_u, i) => $(`#review-board [data-piece="${i}"]`)?.getAttribute("aria-label")?.startsWith("Vindictors"));
    expect(vindictors).toBeGreaterThanOrEqual(0);
    for (const [i, p] of after) {
      expect(p.x).toBeCloseTo(u1[i]!.x, 9);
      expect(p.y).toBeCloseTo(u1[i]!.y, 9);
    }
    // Stepping changed the board: the Vindictors stand elsewhere than at the start.
    expect(Math.hypot(after.get(vindictors)!.x - start.get(vindictors)!.x, after.get(vindictors)!.y - start.get(vindictors)!.y)).toBeGreaterThan(1);
    // The move made: from where they stood to where the engine put them.
    const made = arrowEnd("made", 44)!;
    expect(made.x1).toBeCloseTo(u0[vindictors]!.x, 9);
    expect(made.y1).toBeCloseTo(u0[vindictors]!.y, 9);
    expect(made.x2).toBeCloseTo(u1[vindictors]!.x, 9);
    expect(made.y2).toBeCloseTo(u1[vindictors]!.y, 9);
    // The review's best choice (not the blunder), dashed: where that choice would have taken its unit.
    const kept = (await loadGame(REVIEW_KEY)) as { review: { decisions: { index: number; best: number; action: number; bestLabel: string }[] } };
    const d = kept.review.decisions.find((x) => x.index === 0)!;
    expect(d.best).not.toBe(d.action);
    // Here it is to set up the Prosecutors' replacement (the Heavens-sent ability) on objective east: a unit set
    // up is ringed where the engine places it, nothing moves.
    expect(d.bestLabel).toMatch(/^Heavens-sent: a replacement for Prosecutors/);
    const ub = units(0, d.best);
    const placed = ub.flatMap((u, i) => (u.status === "deployed" && u0[i]?.status !== "deployed" ? [u] : []));
    expect(placed.length).toBe(1);
    const ring = document.querySelector("#review-board .arrow-best circle.arrow-ring")!;
    expect(Number(ring.getAttribute("cx"))).toBeCloseTo(placed[0]!.x, 9);
    expect(44 - Number(ring.getAttribute("cy"))).toBeCloseTo(placed[0]!.y, 9);
    expect(document.querySelector("#review-board .arrow-best title")!.textContent).toBe(`The review's best choice: ${d.bestLabel}`);
    // Move 2 (the other side's, or a forced one): no best-choice arrow.
    key("ArrowRight");
    expect($("#review-board").dataset.step).toBe("2");
    expect(document.querySelector("#review-board .arrow-best")).toBeNull();
    key("Home");
    expect($("#review-board").dataset.step).toBe("0");
    expect(document.querySelector("#review-board .arrow-made")).toBeNull();
  });

  it("a file that is not a saved game shows the field at fault and keeps the review on screen", async () => {
    const broken = structuredClone(save) as { steps: { action: number }[] };
    broken.steps[1]!.action = 5000;
    await openReviewText("broken.json", JSON.stringify(broken));
    await until(() => !$("#review-error").hidden);
    expect($("#review-error").textContent).toMatch(/steps\[1\]\.action: 5000 is not a legal choice.*the review shown is kept/);
    expect($("#review-summary").textContent).toMatch(/^blunder\.json:/);
    expect($("#review-moves").children.length).toBe(save.steps.length);
    expect(((await loadGame(REVIEW_KEY)) as { name: string }).name).toBe("blunder.json");
  });

  it("[ME-MOVE] a MESBG game: the board of step k and each move's arrow to the model's destination", async () => {
    const m = mesbgShortSave(8);
    $<HTMLSelectElement>("#review-player").value = "0";
    $<HTMLSelectElement>("#review-budget").value = "20";
    await openReviewText("mesbg.json", JSON.stringify(m));
    await until(() => $("#review-summary").textContent!.startsWith("mesbg.json") && $("#review-board").dataset.step === "0");
    expect($("#review-coverage").childElementCount).toBe(0); // MESBG: no warscroll abilities
    type Model = { id: number; x: number; y: number; alive: boolean };
    const models = (k: number) => (stateAfter(m, k) as unknown as { data: { models: Model[] } }).data.models;
    let checked = 0;
    for (let k = 1; k <= m.steps.length; k++) {
      key("ArrowRight");
      expect($("#review-board").dataset.step).toBe(String(k));
      const drawn = drawnPieces(48);
      const now = models(k);
      for (const [id, p] of drawn) {
        expect(p.x).toBeCloseTo(now[id]!.x, 9);
        expect(p.y).toBeCloseTo(now[id]!.y, 9);
      }
      // A move: the arrow from the model's place before to its place after, as the engine has it.
      const was = models(k - 1);
      const mover = now.find((x) => x.alive && Math.hypot(x.x - was[x.id]!.x, x.y - was[x.id]!.y) > 0.05);
      if (mover) {
        const a = arrowEnd("made", 48)!;
        expect(a.x1).toBeCloseTo(was[mover.id]!.x, 9);
        expect(a.y1).toBeCloseTo(was[mover.id]!.y, 9);
        expect(a.x2).toBeCloseTo(mover.x, 9);
        expect(a.y2).toBeCloseTo(mover.y, 9);
        checked++;
      }
    }
    // mesbgShortSave(8): the Dark Marshal advances 6" at step 2, and more moves follow (fixtures.ts).
    expect(checked).toBeGreaterThan(0);
    expect($("#review-legend").textContent).toMatch(/^Minas Tirith.* vs .*Turn 4 of/);
  });

  it("[REVIEW] a reload shows the kept review with its board, replayed from the kept game", async () => {
    $("#view-review").remove();
    const again = createReviewView(() => undefined);
    again.show();
    await until(() => $("#review-board")?.dataset.step === "0");
    expect($("#review-summary").textContent).toMatch(/^mesbg\.json:/);
    const m = mesbgShortSave(8);
    const start = (stateAfter(m, 0) as unknown as { data: { models: { id: number; x: number; y: number; alive: boolean }[] } }).data.models;
    const drawn = drawnPieces(48);
    // The models still standing at turn 4 (examples/positions/mesbg-turn-4.json lists the fallen too).
    expect([...drawn.keys()].sort((a, b) => a - b)).toEqual(start.filter((x) => x.alive).map((x) => x.id));
    for (const [id, p] of drawn) expect(p).toEqual({ x: start[id]!.x, y: start[id]!.y });
  });
});
