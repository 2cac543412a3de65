/**
 * The campaign's battles with their odds (issue 12: "each battle's result and odds shown"), beside the map:
 * every battle so far, newest first — where, which Banners with how many points (CAMP-GENERAL), on which
 * battleplan — with the odds of its set-up and its result. The odds are a quick kernel matchup of the two
 * armies as fielded on that battleplan (BATTLE_ODDS_GAMES battles, seeded with the campaign's own seed),
 * computed in a worker of its own (battle-odds-worker.ts) one battle at a time, and kept in IndexedDB beside
 * the game, so a reload shows them again without computing.
 *
 * Decided where the brief assumed otherwise: the dashboard's campaign simulates a battle as soon as both
 * realms' orders are in (CAMP-BATTLE, "simulated"), inside the same step, so no battle is ever on screen
 * before it is fought; its odds are those of its set-up — the same armies, points and battleplan — shown
 * beside the result. The attacker is the realm that did not hold the territory; on neutral ground the first
 * realm's chances come first.
 */
import * as Comlink from "comlink";
import { z } from "zod";
import type { MatchupReport } from "../../analysis/matchup/job.js";
import { BATTLEPLANS } from "../../src/aos/battleplans/index.js";
import { h } from "../dom.js";
import type { BattleOddsApi } from "./battle-odds-worker.js";
import type { CampaignBattleView, CampaignView } from "./campaign-adapter.js";
import { loadGame, saveGame } from "./store.js";
import { SIDE_INKS } from "./board.js";
import { pctWithInterval } from "./estimate.js";

export const ODDS_STORE_KEY = "play-campaign-odds";

/** A battle's odds: each realm's chance to win and mean VP, the draws, over `games` seeded kernel battles. */
export interface BattleOdds {
  games: number;
  seed: number;
  battleplan: string;
  win: [number, number];
  draw: number;
  vp: [number, number];
}

const oddsSchema = z.strictObject({
  games: z.number().int().min(0).max(100_000),
  seed: z.number().int().min(0).max(0xffffffff),
  battleplan: z.string().max(60),
  win: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
  draw: z.number().min(0).max(1),
  vp: z.tuple([z.number().min(0).max(1000), z.number().min(0).max(1000)]),
});
const entrySchema = z.union([z.strictObject({ odds: oddsSchema }), z.strictObject({ error: z.string().max(200) })]);
/** What IndexedDB keeps: per campaign (campaignKey), per battle (its key), the odds or why there are none. */
const keptSchema = z.record(z.string().max(80), z.record(z.string().max(300), entrySchema));
/** Campaigns whose odds are kept (the newest). */
const KEPT_CAMPAIGNS = 8;

export function battleOddsOf(r: MatchupReport): BattleOdds {
  const p = r.plans[0]!;
  return { games: p.games, seed: r.seed, battleplan: p.battleplan, win: [p.a.win.p, p.b.win.p], draw: p.draw.p, vp: [p.a.vp.mean, p.b.vp.mean] };
}

/** The campaign a saved game is (its set-up and seed), as a short key: odds are kept per campaign. */
export function campaignKey(saved: { setup: unknown; seed: number }): string {
  const text = `${saved.seed}|${JSON.stringify(saved.setup)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${saved.seed}-${hash.toString(16)}`;
}

let worker: Promise<{ api: Comlink.Remote<BattleOddsApi>; failed: Promise<never> }> | undefined;
function oddsWorker() {
  return (worker ??= (async () => {
    const w = new Worker(new URL("./battle-odds-worker.ts", import.meta.url), { type: "module" });
    const api = Comlink.wrap<BattleOddsApi>(w);
    const failed = new Promise<never>((_, reject) =>
      w.addEventListener("error", (e) => {
        e.preventDefault();
        reject(new Error(`the battle odds worker failed${e.message ? `: ${e.message}` : " to load"}`));
      }),
    );
    failed.catch(() => undefined);
    await Promise.race([api.ping(), failed]);
    return { api, failed };
  })());
}

/** The odds of one battle's request, seeded (the worker's quick matchup). */
export async function battleOdds(request: NonNullable<CampaignBattleView["request"]>, seed: number): Promise<BattleOdds> {
  const w = await oddsWorker();
  return battleOddsOf(await Promise.race([w.api.odds({ ...request, seed }), w.failed]));
}

const vp = (x: number) => x.toFixed(1);
const planName = (id: string | null) => (id === null ? "a battleplan not known" : (BATTLEPLANS.find((p) => p.id === id)?.name ?? id));

export interface CampaignBattles {
  el: HTMLElement;
  /** Draws the battles of `v`; computes (and keeps) the odds not known yet. */
  render(v: CampaignView, saved: { setup: unknown; seed: number }): void;
  /** Resolves once every battle drawn has its odds (or cannot have them). */
  settled(): Promise<void>;
}

export function createCampaignBattles(id = "campaign-battles"): CampaignBattles {
  const el = h("ol", { class: "campaign-battles", id, reversed: "" });
  type Entry = { odds: BattleOdds } | { error: string };
  let loaded: Promise<void> | undefined;
  let kept: Record<string, Record<string, Entry>> = {};
  const pending = new Map<string, Promise<void>>();
  let last: { v: CampaignView; saved: { setup: unknown; seed: number } } | undefined;

  const load = () =>
    (loaded ??= loadGame(ODDS_STORE_KEY).then(
      (x) => {
        // Only what reads as odds is used again; anything else is dropped (and computed again).
        const r = keptSchema.safeParse(x);
        if (r.success) kept = r.data;
      },
      () => undefined,
    ));

  const line = (v: CampaignView, b: CampaignBattleView, e: Entry | undefined, computing: boolean): HTMLElement => {
    if (e && "odds" in e) {
      const o = e.odds;
      const attacker = b.controller === null ? 0 : ((1 - b.controller) as 0 | 1);
      const other = (1 - attacker) as 0 | 1;
      const who = (p: 0 | 1) => `${b.banners[p]} (${v.armies[p]})`;
      // Each chance with its Wilson 95% interval over the battles it rests on (estimate.ts).
      const pct = (p: number) => pctWithInterval({ p, n: o.games });
      return h("p", { class: "battle-odds", "data-win-a": String(o.win[0]), "data-win-b": String(o.win[1]), "data-vp-a": String(o.vp[0]), "data-vp-b": String(o.vp[1]) },
        h("strong", {}, "Odds: "),
        `${who(attacker)}${b.controller === null ? " (neutral ground)" : " attacking"} wins ${pct(o.win[attacker])}, expected VP ${vp(o.vp[attacker])} to ${vp(o.vp[other])}; `,
        `${b.banners[other]} ${pct(o.win[other])}, a draw ${pct(o.draw)}`,
        h("span", { class: "battle-odds-how" }, ` — ${o.games} kernel battles on ${planName(o.battleplan)}, seed ${o.seed}`));
    }
    if (e) return h("p", { class: "battle-odds none" }, h("strong", {}, "Odds: "), `not computed (${e.error})`);
    if (computing) return h("p", { class: "battle-odds computing" }, h("strong", {}, "Odds: "), "computing a quick matchup in a worker…");
    return h("p", { class: "battle-odds none" }, h("strong", {}, "Odds: "), "not available (a Banner of this battle is no longer on the map, or the result was entered)");
  };

  const result = (v: CampaignView, b: CampaignBattleView): HTMLElement => {
    const r = b.result;
    if (!r) return h("p", { class: "battle-result" }, h("strong", {}, "Result: "), "not fought yet");
    const score = r.victoryPoints ? `, ${r.victoryPoints[0]} to ${r.victoryPoints[1]} VP` : "";
    if (r.winner === null) return h("p", { class: "battle-result" }, h("strong", {}, "Result: "), `a draw${score}`);
    return h("p", { class: "battle-result", style: `color:${SIDE_INKS[r.winner]}` }, h("strong", {}, "Result: "),
      `${b.banners[r.winner]} (${v.armies[r.winner]}) wins a ${r.outcome === "major-victory" ? "major" : "minor"} victory${score}${r.massacre ? " — a Massacre" : ""}`);
  };

  const draw = () => {
    if (!last) return;
    const { v, saved } = last;
    const game = kept[campaignKey(saved)] ?? {};
    if (!v.battles.length) {
      el.replaceChildren(h("li", { class: "note" }, "No battle yet: one is fought when Banners of both realms stand in one territory after the moves (CAMP-BATTLE)."));
      return;
    }
    el.replaceChildren(...[...v.battles].reverse().map((b) =>
      h("li", { class: "campaign-battle", "data-key": b.key },
        h("p", { class: "battle-title" }, `Turn ${b.turn}, ${b.territory}: `,
          h("span", { style: `color:${SIDE_INKS[0]}` }, `${b.banners[0]} (${b.points[0].toLocaleString("en")} pts)`), " against ",
          h("span", { style: `color:${SIDE_INKS[1]}` }, `${b.banners[1]} (${b.points[1].toLocaleString("en")} pts)`), ` — ${planName(b.battleplan)}`),
        line(v, b, game[b.key], pending.has(`${campaignKey(saved)}|${b.key}`)),
        result(v, b))));
  };

  const compute = (saved: { setup: unknown; seed: number }, b: CampaignBattleView): Promise<void> => {
    const game = campaignKey(saved);
    const key = `${game}|${b.key}`;
    let p = pending.get(key);
    if (p) return p;
    // One battle at a time: queued behind the ones already asked for.
    const before = Promise.all([...pending.values()]);
    p = before
      .then(() => battleOdds(b.request!, saved.seed))
      .then(
        (odds): Entry => ({ odds }),
        (e: unknown): Entry => ({ error: (e as Error).message.slice(0, 200) }),
      )
      .then(async (entry) => {
        const { [game]: mine, ...others } = kept;
        kept = { ...Object.fromEntries(Object.entries(others).slice(-(KEPT_CAMPAIGNS - 1))), [game]: { ...(mine ?? {}), [b.key]: entry } };
        await saveGame(ODDS_STORE_KEY, kept).catch(() => undefined);
        pending.delete(key);
        draw();
      });
    pending.set(key, p);
    return p;
  };

  return {
    el,
    render(v, saved) {
      last = { v, saved };
      draw();
      void load().then(() => {
        draw();
        const game = kept[campaignKey(saved)] ?? {};
        for (const b of v.battles) if (b.request && !game[b.key]) void compute(saved, b);
        draw();
      });
    },
    async settled() {
      await load();
      while (pending.size) await Promise.all([...pending.values()]);
    },
  };
}
