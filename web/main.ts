/**
 * The tactica dashboard: views over one coordinator worker (web/worker-host.ts), each reachable from the
 * header and each with its own URL, `?view=NAME`:
 *
 * - matchup (the default): two armies over the 12 battleplans (web/matchup.ts, charts in web/matchup-charts.ts).
 * - odds: exact or sampled odds of one AoS attack or one MESBG fight (web/odds-view.ts).
 * - play-aos, play-mesbg: a game against the AI on a board drawn to scale (web/play/*).
 * - campaign: the map campaign against the AI (web/play/campaign-map.ts).
 * - coach: the top moves of a position, ranked and drawn on the board (web/coach/coach-view.ts).
 * - review: a saved game reviewed in a worker and replayed move by move (web/review/).
 *
 * `?game=aos|mesbg` alone means the odds view, as links made before the matchup view existed did. The header
 * buttons push a history entry, so Back returns to the previous view. `body[data-ready]` is set once the
 * first view has drawn its first result: the screenshot script and anyone automating the page wait for it.
 */
import { byId } from "./dom.js";
import { createMatchupView } from "./matchup.js";
import { createOddsView } from "./odds-view.js";
import { mountOddsPicker } from "./odds-picker.js";
import { createWorkerHost } from "./worker-host.js";
import { VIEWS, type View, isView, viewFromUrl, viewUrl } from "./views.js";
import { createPlayView } from "./play/play-view.js";
import { mountMatrixFile } from "./matrix-heatmap.js";
import { createCoachView } from "./coach/coach-view.js";
import { createReviewView } from "./review/review-view.js";

const markReady = () => {
  document.body.dataset.ready = "1";
};
const host = createWorkerHost();
const views: Record<View, { show(): void; hide(): void }> = {
  matchup: createMatchupView(host, markReady),
  odds: createOddsView(host, markReady),
  "play-aos": createPlayView("aos", markReady),
  "play-mesbg": createPlayView("mesbg", markReady),
  campaign: createPlayView("campaign", markReady),
  coach: createCoachView(markReady),
  review: createReviewView(markReady),
};
// A `tactica matrix --out` result file as a heat map, at the Matchup view's foot.
mountMatrixFile(byId("view-matchup"));
mountOddsPicker(host, document.querySelector<HTMLElement>("#view-odds .input-panel")!, byId<HTMLTextAreaElement>("input"), byId<HTMLFormElement>("odds-form"));
const viewButtons = [...document.querySelectorAll<HTMLButtonElement>(".view-switch button")];
const gameSwitch = document.querySelector<HTMLElement>(".game-switch")!;
let view: View | undefined;

function showView(next: View): void {
  view = next;
  for (const b of viewButtons) b.setAttribute("aria-pressed", String(b.dataset.view === next));
  gameSwitch.hidden = next !== "odds";
  byId("view-name").textContent = VIEWS[next].name;
  byId("tagline").textContent = VIEWS[next].tagline;
  document.title = VIEWS[next].title;
  document.body.dataset.view = next;
  for (const v of Object.keys(views) as View[]) if (v !== next) views[v].hide();
  views[next].show();
}

for (const b of viewButtons)
  b.addEventListener("click", () => {
    const next = b.dataset.view ?? null;
    if (!isView(next) || next === view) return;
    history.pushState(null, "", viewUrl(new URL(location.href), next));
    showView(next);
  });

addEventListener("popstate", () => showView(viewFromUrl(new URL(location.href))));

showView(viewFromUrl(new URL(location.href)));
