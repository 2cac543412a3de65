/**
 * Keyboard-usable (issue 12, Quality), in real Chromium with real key presses: Tab reaches the candidates,
 * Enter chooses one, the AI answers, and the keyboard stays in the list (the next first candidate has the
 * focus), in AoS, MESBG and the campaign; a unit on the board is reached and chosen with the keyboard too.
 */
import { userEvent } from "vitest/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayView } from "../../web/play/play-view.js";
import { forgetGame } from "../../web/play/store.js";

const until = async (f: () => boolean, ms = 60_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};
const steps = (kind: string) => Number(document.getElementById(`view-play-${kind}`)!.dataset.steps ?? "-1");
const KINDS = ["aos", "mesbg", "campaign"] as const;

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  for (const k of KINDS) await forgetGame(`play-${k}`);
});
afterAll(async () => {
  for (const k of KINDS) await forgetGame(`play-${k}`);
});

describe("keyboard: Tab to the candidates, Enter to choose", () => {
  for (const kind of KINDS)
    it(`[PB-DEPLOY-ALT] ${kind}: Tab from the New game button reaches the first candidate, Enter chooses it, the focus stays in the list`, async () => {
      const view = createPlayView(kind, () => undefined);
      view.show();
      await until(() => document.querySelectorAll(`#${kind}-choices button[data-action]`).length > 0);
      // From the New game button, Tab until a candidate has the focus, as a keyboard player would (past the
      // board's units, each a stop of its own).
      document.getElementById(`${kind}-new`)!.focus();
      let tabs = 0;
      while (!(document.activeElement as HTMLElement | null)?.matches(`#${kind}-choices button[data-action]`) && tabs < 400) {
        await userEvent.tab();
        tabs++;
      }
      const first = document.activeElement as HTMLButtonElement;
      expect(first.matches(`#${kind}-choices button[data-action]`)).toBe(true);
      const label = first.textContent;
      const before = steps(kind);
      await userEvent.keyboard("{Enter}");
      await until(() => steps(kind) > before);
      // The decision taken was the one focused, the human's; the keyboard is back in the list.
      const log = (await import("../../web/play/store.js")).loadGame(`play-${kind}`);
      const kept = (await log) as { steps: { text: string; human?: boolean }[] };
      expect(kept.steps[before]).toMatchObject({ text: label, human: true });
      expect((document.activeElement as HTMLElement).matches(`#${kind}-choices button`)).toBe(true);
      document.getElementById(`view-play-${kind}`)!.remove();
    });

  it("[PB-DEPLOY] AoS: the units on the board are keyboard stops (buttons), each named by its unit", async () => {
    await forgetGame("play-aos");
    const view = createPlayView("aos", () => undefined);
    view.show();
    await until(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    // Deploy (the first candidate, by keyboard) until one of your units stands on the board.
    for (let i = 0; i < 10 && !document.querySelector("#aos-board .piece.side-0"); i++) {
      const before = steps("aos");
      document.querySelector<HTMLButtonElement>("#aos-choices button[data-action]")!.focus();
      await userEvent.keyboard("{Enter}");
      await until(() => steps("aos") > before);
    }
    const pieces = [...document.querySelectorAll<SVGGElement>("#aos-board .piece")];
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.every((g) => g.getAttribute("tabindex") === "0" && g.getAttribute("role") === "button" && (g.getAttribute("aria-label") ?? "") !== "")).toBe(true);
    pieces[0]!.focus();
    // Focus draws the unit's ranges, as hovering does.
    expect(document.querySelectorAll("#aos-board .ranges circle").length).toBeGreaterThan(0);
    document.getElementById("view-play-aos")!.remove();
  });
});
