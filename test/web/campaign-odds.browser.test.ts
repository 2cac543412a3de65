/**
 * The campaign's battles with their odds (issue 12), in real Chromium: a saved campaign (made by replaying
 * eight decisions against the scripted AI from seed 1, its state replayed again once the engine played more
 * abilities; test/fixtures/positions/campaign-battle-game.json)
 * imported into the Campaign view; its one battle, turn 4 in Elderglade on Power in Numbers, is listed with
 * its result and the odds of its set-up from the battle odds worker — equal, number for number, to the
 * Matchup view's coordinator running `tactica matchup`'s request for the same two fielded armies, plan and seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import saved from "../fixtures/positions/campaign-battle-game.json?raw";
import { createPlayView } from "../../web/play/play-view.js";
import { openPlayWorker } from "../../web/play/client.js";
import { BATTLE_ODDS_GAMES, type CampaignView } from "../../web/play/campaign-adapter.js";
import { campaignKey, ODDS_STORE_KEY } from "../../web/play/campaign-battles.js";
import { forgetGame, loadGame } from "../../web/play/store.js";
import { openOddsWorker } from "../../web/odds-worker.js";

const until = async (f: () => boolean, ms = 60_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  await Promise.all(["play-campaign", "play-campaign-graph", ODDS_STORE_KEY].map((k) => forgetGame(k)));
});
afterAll(async () => {
  await Promise.all(["play-campaign", "play-campaign-graph", ODDS_STORE_KEY].map((k) => forgetGame(k)));
});

describe("the campaign's battles with their odds", () => {
  it("[CAMP-BATTLE] a battle shows its result beside its odds, and the odds are the matchup's for the same armies, battleplan and seed", async () => {
    const view = createPlayView("campaign", () => undefined);
    (document.getElementById("campaign-ai-kind") as HTMLSelectElement).value = "scripted";
    view.show();
    await until(() => document.querySelectorAll("#campaign-choices button[data-action]").length > 0);
    const root = document.getElementById("view-play-campaign") as HTMLElement & { importText(t: string): Promise<boolean> };
    expect(await root.importText(saved)).toBe(true);
    await until(() => document.querySelector("#campaign-battles .battle-odds[data-win-a]") !== null);
    const li = document.querySelector<HTMLElement>("#campaign-battles .campaign-battle")!;
    expect(li.dataset.key).toBe("4:elderglade:1-3");
    const [title, odds, result] = [...li.querySelectorAll("p")].map((p) => p.textContent);
    expect(title).toMatch(/^Turn 4, Elderglade: .+ \(2,250 pts\) against .+ \(2,250 pts\) — Power in Numbers$/);
    // The Banner of the first realm attacked a territory the second held, and won 14 to 11.
    // Re-measured as the engine played more abilities: a major victory 14 to 11 before; a draw 13 to 13 with healing
    // and the for-the-turn modifiers; with Heralds of Righteousness' 3D6 charges, a 20-8 Massacre; with the passive, status and trait abilities, a 25-6 one;
    // with the bundled warscrolls filled in from their catalogues (the Hammers' Ruination Chamber and Blazing Impact), 15 to 12.
    expect(result).toMatch(/^Result: .+ \(Mortek Shieldwall\) wins a major victory, 15 to 12 VP$/);

    // The same battle's request, from the play worker's own view of the saved game, run by the coordinator.
    const play = await openPlayWorker();
    const coordinator = await openOddsWorker();
    try {
      const turn = await Promise.race([play.api.restore("campaign", JSON.parse(saved), { kind: "scripted", thinking: "quick" }), play.failed]);
      const v = turn.view as CampaignView;
      const request = v.battles[0]!.request!;
      expect(request.plans).toEqual(["power-in-numbers"]);
      expect(request.games).toBe(BATTLE_ODDS_GAMES);
      const seed = (JSON.parse(saved) as { seed: number }).seed;
      const report = await Promise.race([coordinator.api.matchup({ ...request, seed }), coordinator.failed]);
      const p = report.plans[0]!;
      expect(p.games).toBe(200);
      const el = li.querySelector<HTMLElement>(".battle-odds")!;
      expect([Number(el.dataset.winA), Number(el.dataset.winB), Number(el.dataset.vpA), Number(el.dataset.vpB)]).toEqual([p.a.win.p, p.b.win.p, p.a.vp.mean, p.b.vp.mean]);
      // Each chance with the matchup report's own Wilson 95% interval over its 200 battles.
      const r = (x: number) => `${Math.round(100 * x)}%`;
      const pct = (w: { p: number; low: number; high: number }) => `${r(w.p)} [${r(w.low)}–${r(w.high)}]`;
      expect(odds).toBe(
        `Odds: ${v.battles[0]!.banners[0]} (Mortek Shieldwall) attacking wins ${pct(p.a.win)}, expected VP ${p.a.vp.mean.toFixed(1)} to ${p.b.vp.mean.toFixed(1)}; ` +
          `${v.battles[0]!.banners[1]} ${pct(p.b.win)}, a draw ${pct(p.draw)} — 200 kernel battles on Power in Numbers, seed ${seed}`,
      );
      // Kept beside the game: a reload shows them without computing.
      const kept = (await loadGame(ODDS_STORE_KEY)) as Record<string, Record<string, { odds: { win: number[] } }>>;
      expect(kept[campaignKey(JSON.parse(saved) as { seed: number; setup: unknown })]!["4:elderglade:1-3"]!.odds.win).toEqual([p.a.win.p, p.b.win.p]);
    } finally {
      play.terminate();
      coordinator.terminate();
      root.remove();
    }
  });
});
