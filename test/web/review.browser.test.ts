/**
 * The Review view in real Chromium: a saved game opened as a file, reviewed in the review worker (a real Web
 * Worker with its own Wasm core), replayed move by move with the buttons and the arrow keys, the marks beside
 * the moves and the win-probability chart; a bad file shows its message and keeps the review on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReviewView, openReviewText, REVIEW_KEY } from "../../web/review/review-view.js";
import { forgetGame, loadGame } from "../../web/play/store.js";
import { BLUNDER, lastRoundSave } from "../review/fixtures.js";

const until = async (f: () => boolean, ms = 120_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};
const $ = <T extends Element = HTMLElement>(s: string) => document.querySelector<T>(s)!;
const current = () => $("#review-moves li.current")?.getAttribute("data-index") ?? null;
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
  });

  it("[REVIEW-MARK] reviews the saved game in the worker: the blunder marked beside its move, the chart drawn", async () => {
    $<HTMLSelectElement>("#review-player").value = "1";
    $<HTMLSelectElement>("#review-budget").value = "20";
    // The review runs in the worker: the page's longest task while it runs stays short (as test/web/responsive).
    const tasks: number[] = [];
    const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => tasks.push(e.duration)));
    obs.observe({ type: "longtask", buffered: false });
    await openReviewText("blunder.json", JSON.stringify(save));
    await until(() => $("#review-moves").children.length === save.steps.length);
    obs.disconnect();
    expect(Math.max(0, ...tasks)).toBeLessThan(300);
    expect($("#review-error").hidden).toBe(true);
    const first = $("#review-moves li[data-index='0']");
    expect(first.textContent).toContain(BLUNDER);
    expect(first.querySelector(".mark-badge")!.textContent).toMatch(/\?\? blunder/);
    expect($("#review-summary").textContent).toMatch(/blunder\.json: Pitched Battle, player 1 \(won\) — .*blunder.*"Vindictors runs toward its own territory" in round 5 \(movement\) cost \d+%/);
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
    key("ArrowRight");
    expect(current()).toBe("1");
    expect($("#review-where").textContent).toBe(`move 2 of ${save.steps.length}`);
    key("ArrowLeft");
    key("ArrowLeft");
    expect(current()).toBeNull();
    key("End");
    expect(current()).toBe(String(save.steps.length - 1));
    expect($<HTMLButtonElement>("#review-next").disabled).toBe(true);
    $<HTMLButtonElement>("#review-prev").click();
    expect(current()).toBe(String(save.steps.length - 2));
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
});
