/**
 * The page never freezes while the AI thinks (issue 12, Quality): the AI (the search) plays in the play worker, so during
 * its turns the main thread only draws the answers. Measured two ways in real Chromium while several of the
 * AI's turns are played in AoS and in MESBG: the longest task the browser reports ('longtask', tasks of 50 ms
 * or more) and the longest gap between two animation frames (a requestAnimationFrame loop), both bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayView } from "../../web/play/play-view.js";
import { forgetGame } from "../../web/play/store.js";
import { slowdown } from "../support/load.js";

/**
 * A long task is 50 ms or more (Long Tasks API). Measured on the shared two-core machine: about 60 ms idle,
 * 120-130 ms under load (drawing the board and keeping the game after an answer); the AI on the main thread
 * would be seconds. The bounds leave room for a loaded machine, and scale with how loaded it is now (test/support/load.ts).
 */
const LONGEST_TASK_MS = 250;
/** Frames keep coming: no gap between two frames longer than this. */
const LONGEST_FRAME_GAP_MS = 300;

const until = async (f: () => boolean, ms = 60_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};
const steps = (kind: string) => Number(document.getElementById(`view-play-${kind}`)!.dataset.steps ?? "-1");

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await forgetGame("play-aos");
  await forgetGame("play-mesbg");
});
afterAll(async () => {
  await forgetGame("play-aos");
  await forgetGame("play-mesbg");
});

/**
 * Plays decisions (the first candidate each time, the AI answering) until the AI and the dice have taken
 * `aiSteps` steps (or `n` decisions), while the main thread is watched.
 */
async function watch(kind: "aos" | "mesbg", n: number, aiSteps: number): Promise<{ decisions: number; aiSteps: number; longestTask: number; longestGap: number; elapsed: number; load: number }> {
  const loadBefore = slowdown();
  const view = createPlayView(kind, () => undefined);
  // The AI is the search (at its quick setting, to keep the test short): it thinks in the play worker.
  (document.getElementById(`${kind}-thinking`) as HTMLSelectElement).value = "quick";
  view.show();
  await until(() => document.querySelectorAll(`#${kind}-choices button[data-action]`).length > 0);
  const tasks: number[] = [];
  const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => tasks.push(e.duration)));
  obs.observe({ type: "longtask", buffered: false });
  let longestGap = 0;
  let last = performance.now();
  let running = true;
  const frame = (t: number) => {
    longestGap = Math.max(longestGap, t - last);
    last = t;
    if (running) requestAnimationFrame(frame);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(frame);
  });
  const t0 = performance.now();
  const start = steps(kind);
  let decisions = 0;
  for (; decisions < n && steps(kind) - start - decisions < aiSteps; decisions++) {
    const b = document.querySelector<HTMLButtonElement>(`#${kind}-choices button[data-action]`);
    if (!b) break;
    const before = steps(kind);
    b.click();
    await until(() => steps(kind) > before);
  }
  const elapsed = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 100));
  running = false;
  obs.disconnect();
  const taken = steps(kind) - start - decisions;
  document.getElementById(`view-play-${kind}`)!.remove();
  return { decisions, aiSteps: taken, longestTask: Math.max(0, ...tasks), longestGap, elapsed, load: Math.max(loadBefore, slowdown()) };
}

describe("the page never freezes while the AI thinks", () => {
  it("[PB-LENGTH] AoS: through deployment into the battle rounds (at least 40 AI and dice steps), the longest main-thread task and frame gap stay short", async () => {
    // Against the search (quick: 20 iterations, so the game is the same every run) a player who always takes
    // the first candidate loses in round 3 (PB-BP-01, every objective held): 54 decisions, 45 AI and dice
    // steps after the opening ones — the whole game (55 before the warscrolls' healing and for-the-turn
    // abilities were played); against the scripted policy the test asked for 60.
    const r = await watch("aos", 200, 40);
    console.log(`AoS: ${r.decisions} decisions, ${r.aiSteps} AI and dice steps in ${r.elapsed.toFixed(0)} ms; longest task ${r.longestTask.toFixed(0)} ms, longest frame gap ${r.longestGap.toFixed(0)} ms, load x${r.load.toFixed(1)}`);
    expect(r.aiSteps).toBeGreaterThanOrEqual(40);
    expect(r.longestTask).toBeLessThan(LONGEST_TASK_MS * r.load);
    expect(r.longestGap).toBeLessThan(LONGEST_FRAME_GAP_MS * r.load);
  });

  it("[ME-TURN] MESBG: over at least 150 AI and dice steps, the longest main-thread task and frame gap stay short", async () => {
    const r = await watch("mesbg", 200, 150);
    console.log(`MESBG: ${r.decisions} decisions, ${r.aiSteps} AI and dice steps in ${r.elapsed.toFixed(0)} ms; longest task ${r.longestTask.toFixed(0)} ms, longest frame gap ${r.longestGap.toFixed(0)} ms, load x${r.load.toFixed(1)}`);
    expect(r.aiSteps).toBeGreaterThanOrEqual(150);
    expect(r.longestTask).toBeLessThan(LONGEST_TASK_MS * r.load);
    expect(r.longestGap).toBeLessThan(LONGEST_FRAME_GAP_MS * r.load);
    // the search checks its proposals by rollouts to the end (src/mesbg/search.ts comparePaired): 176 steps took 42 s idle,
    // 45 s on a loaded 2-core machine, so the browser project's 60 s is too close for a hang guard here
  }, 180_000);
});
