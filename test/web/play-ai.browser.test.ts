/**
 * The AI in Play is the search (mcts) in the play worker, with the Wasm kernel loaded in the browser: its moves
 * come with their one-line reasons (the list, the caption under the board, arrows on it), the win-probability
 * graph gains a point per decision and is kept for a reload, and the page's longest task stays short while it
 * thinks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slowdown } from "../support/load.js";
import { createPlayView, graphKey } from "../../web/play/play-view.js";
import type { GraphPoint } from "../../web/play/session.js";
import { pointText } from "../../web/play/win-graph.js";
import { forgetGame, loadGame } from "../../web/play/store.js";

const until = async (f: () => boolean, ms = 60_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};
const steps = () => Number(document.getElementById("view-play-aos")!.dataset.steps ?? "-1");
const points = () => Number(document.getElementById("aos-graph")!.dataset.points ?? "-1");
const decisionsIn = (saved: { steps: { player: number }[] }) => saved.steps.filter((s) => s.player >= 0).length;

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame("play-aos");
  await forgetGame(graphKey("aos"));
});
afterAll(async () => {
  await forgetGame("play-aos");
  await forgetGame(graphKey("aos"));
});

describe("Play (AoS) against the search", () => {
  it("[PB-DEPLOY] the AI answers with the search: its steps carry the search's reason; the graph has a point per decision", async () => {
    const view = createPlayView("aos", () => undefined);
    (document.getElementById("aos-thinking") as HTMLSelectElement).value = "quick";
    // Play the second army: the AI (the first) decides first, so its searched deployment is on screen at once.
    (document.getElementById("aos-side") as HTMLSelectElement).value = "1";
    view.show();
    await until(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    expect(document.getElementById("aos-ai-heading")!.textContent).toBe("The AI's answer (the search, quick)");
    let saved = (await loadGame("play-aos")) as { steps: { player: number; human?: boolean }[]; options: unknown };
    expect(saved.options).toEqual({ ai: "mcts", thinking: "quick" });
    // One point at the start and one per decision taken (the dice are not decisions).
    expect(points()).toBe(1 + decisionsIn(saved));
    const searched: string[] = [];
    const reasons: string[] = [];
    for (let k = 0; k < 3; k++) {
      const before = steps();
      const beforePoints = points();
      const beforeSaved = (await loadGame("play-aos")) as typeof saved;
      document.querySelector<HTMLButtonElement>("#aos-choices button[data-action]")!.click();
      await until(() => steps() > before);
      saved = (await loadGame("play-aos")) as typeof saved;
      expect(points() - beforePoints).toBe(decisionsIn(saved) - decisionsIn(beforeSaved));
      searched.push(...[...document.querySelectorAll("#aos-ai li.searched .reason")].map((e) => e.textContent!));
      reasons.push(document.getElementById("aos-ai-reason")!.textContent!);
    }
    expect(searched.length).toBeGreaterThan(0);
    // quick = 20 iterations a search (web/play/thinking.ts).
    // Each chance with its Wilson 95% interval over the action's searches, and under 20 of them "too few to tell".
    for (const r of searched) {
      const m = r.match(/^ — \d+% \[\d+%–\d+%\] to win, VP margin [+−]\d+\.\d \((\d+) of 20 searches(: too few to tell)?\)/);
      expect(m, r).not.toBeNull();
      expect(Boolean(m![2])).toBe(Number(m![1]) < 20);
    }
    expect(reasons.some((r) => /^The AI: .+ — \d+% \[\d+%–\d+%\] to win/.test(r))).toBe(true);
    const kept = (await loadGame(graphKey("aos"))) as GraphPoint[];
    expect(kept.length).toBe(points());
    expect(kept.at(-1)!.step).toBe(saved.steps.length);
    // The graph: a line over the points and a bar whose label gives your chance now.
    expect(document.querySelectorAll("#aos-graph circle.win-point").length).toBe(points());
    // Each point keeps the count it rests on; those under 20 are drawn as too few to tell, and the reading now is written out.
    expect(kept.every((p) => p.source === "result" || (p.n ?? 0) > 0)).toBe(true);
    expect(document.querySelectorAll("#aos-graph circle.too-few").length).toBe(kept.filter((p) => p.n !== undefined && p.n < 20).length);
    expect(document.querySelector("#aos-graph .eval-bar")!.getAttribute("aria-label")).toBe(`Hammers of the Warrior Chamber (you), chance to win: ${pointText(kept.at(-1)!)}${kept.at(-1)!.draw ? `; ${Math.round(100 * kept.at(-1)!.draw)}% draw` : ""}`);
    expect(document.querySelector("#aos-graph .win-now")!.textContent).toBe(`Now: ${pointText(kept.at(-1)!)}`);
  });

  it("[PB-DEPLOY] a reload restores the game with its graph", async () => {
    const n = points();
    const s = steps();
    document.getElementById("view-play-aos")!.remove();
    const again = createPlayView("aos", () => undefined);
    (document.getElementById("aos-thinking") as HTMLSelectElement).value = "quick";
    again.show();
    await until(() => steps() === s);
    expect(points()).toBe(n);
  });

  it("[PB-DEPLOY] the page's longest task stays short while the search thinks at its normal setting", async () => {
    (document.getElementById("aos-thinking") as HTMLSelectElement).value = "normal";
    (document.getElementById("aos-side") as HTMLSelectElement).value = "0";
    const loadBefore = slowdown();
    const longest: number[] = [];
    const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => longest.push(e.duration)));
    obs.observe({ type: "longtask", buffered: false });
    document.getElementById("aos-new")!.click();
    await until(() => document.getElementById("aos-ai-heading")!.textContent === "The AI's answer (the search, normal)" && document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    let decisions = 0;
    for (; decisions < 4; decisions++) {
      const before = steps();
      document.querySelector<HTMLButtonElement>("#aos-choices button[data-action]")!.click();
      await until(() => steps() > before);
    }
    await new Promise((r) => setTimeout(r, 50));
    obs.disconnect();
    const worst = Math.max(0, ...longest);
    const load = Math.max(loadBefore, slowdown()); // the bound scales with the machine's load now (test/support/load.ts)
    console.log(`aos vs mcts normal: ${decisions} decisions; longest main-thread task ${worst.toFixed(0)} ms, load x${load.toFixed(1)}`);
    // Each answer has the AI's searched steps: the search ran (in the worker).
    expect(document.querySelectorAll("#aos-ai li.searched").length).toBeGreaterThan(0);
    expect(worst).toBeLessThan(200 * load);
  });
});
