/**
 * The tactica dashboard: two views over one coordinator worker (web/worker-host.ts).
 *
 * - Matchup (the default): two armies over the 12 battleplans, win chances and expected victory points
 *   (web/matchup.ts, charts in web/matchup-charts.ts).
 * - Combat odds: exact or sampled odds of one AoS attack or one MESBG fight (web/odds-view.ts).
 *
 * `?view=matchup|odds` picks the view (`?game=aos|mesbg` alone means the odds view, as links made before
 * the matchup view existed did). `body[data-ready]` is set once the first view has drawn its first result:
 * the screenshot script and anyone automating the page wait for it.
 */
import { byId } from "./dom.js";
import { createMatchupView } from "./matchup.js";
import { createOddsView } from "./odds-view.js";
import { createWorkerHost } from "./worker-host.js";

type View = "matchup" | "odds";

const VIEW_TEXT: Record<View, { name: string; tagline: string; title: string }> = {
  matchup: {
    name: "army matchup",
    tagline: "Which army wins, on which battleplan, and by how much: seeded battles played in your browser.",
    title: "tactica — army matchup",
  },
  odds: {
    name: "combat odds",
    tagline: "What one attack or one fight really does, worked out exactly from the rules.",
    title: "tactica — combat odds",
  },
};

const isView = (v: string | null): v is View => v === "matchup" || v === "odds";

const params = new URLSearchParams(location.search);
const asked = params.get("view");
let view: View = isView(asked) ? asked : params.has("game") ? "odds" : "matchup";

const markReady = () => {
  document.body.dataset.ready = "1";
};
const host = createWorkerHost();
const views = { matchup: createMatchupView(host, markReady), odds: createOddsView(host, markReady) };
const viewButtons = [...document.querySelectorAll<HTMLButtonElement>(".view-switch button")];
const gameSwitch = document.querySelector<HTMLElement>(".game-switch")!;

function showView(next: View): void {
  view = next;
  for (const b of viewButtons) b.setAttribute("aria-pressed", String(b.dataset.view === next));
  gameSwitch.hidden = next !== "odds";
  byId("view-name").textContent = VIEW_TEXT[next].name;
  byId("tagline").textContent = VIEW_TEXT[next].tagline;
  document.title = VIEW_TEXT[next].title;
  document.body.dataset.view = next;
  views[next === "matchup" ? "odds" : "matchup"].hide();
  views[next].show();
}

for (const b of viewButtons)
  b.addEventListener("click", () => {
    const next = b.dataset.view ?? null;
    if (!isView(next) || next === view) return;
    const url = new URL(location.href);
    url.searchParams.set("view", next);
    if (next === "matchup") url.searchParams.delete("game");
    history.replaceState(null, "", url);
    showView(next);
  });

showView(view);
