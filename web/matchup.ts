/**
 * The matchup view, the page's default: two armies (bundled, or a pasted roster checked like `tactica
 * armies FILE`), N seeded battles on each of the 12 battleplans played by the coordinator's worker pool
 * (analysis/matchup/job.ts), and the report drawn as D3 charts: win/draw/loss per battleplan with the 95%
 * interval of A's win chance, expected VP per round and by source, the best battle tactics and grand
 * strategies. On first show it plays the built-in default matchup (the first two bundled armies).
 */
import * as Comlink from "comlink";
import type { PlanReport } from "../analysis/matchup/aggregate.js";
import { MATCHUP_LIMITS, type MatchupReport } from "../analysis/matchup/job.js";
import { bundledLibrary, bundledRosters, pointsWarning as armiesPointsWarning, type Roster, validateRoster, type Warscroll } from "../src/aos/armies/index.js";
import { coverageNote } from "./coverage.js";
import { ARMY_FORMATS, type ArmyCheck, checkArmyFile, checkArmyText, playLibraryOf } from "./army-import.js";
import { libraryWith } from "./library.js";
import { BATTLEPLAN_IDS, BATTLEPLANS } from "../src/aos/battleplans/index.js";
import { BATTLE_TACTICS, GRAND_STRATEGIES } from "../src/aos/scoring/catalog.js";
import { prettyInput } from "./defaults.js";
import { byId, h } from "./dom.js";
import { type OutcomeRow, outcomeChart, type Side, sideLegend, tacticsTables, vpByRoundChart, vpBySourceChart, vpSourceTable } from "./matchup-charts.js";
import { describeFailure } from "./odds-worker.js";
import type { Problem, WorkerHost } from "./worker-host.js";
import { markInvalid, readSeed } from "./fields.js";

export const DEFAULT_GAMES = 100;
export const DEFAULT_SEED = 1;
/** After Cancel, how long the coordinator gets to hand back what it has before it is stopped outright. */
const CANCEL_GRACE_MS = 1500;
const PASTE = "paste";
/** How a battle on a plan without victory points is decided (PB-BP-01, PB-RESULT). */
const NO_VP_RESULT =
  "a player wins a major victory by controlling every objective from the third battle round on; otherwise the most battle tactics completed wins a minor victory, then the only grand strategy completed, else it is a draw.";

export interface MatchupView {
  show(): void;
  hide(): void;
}

/** The two sides' names as shown: the same army on both sides is told apart by its side tag, "X (A)" and "X (B)". */
export const sideNames = (a: string, b: string): { a: string; b: string } => (a === b ? { a: `${a} (A)`, b: `${b} (B)` } : { a, b });

const PLAN_NAMES = new Map<string, string>(BATTLEPLANS.map((p) => [p.id, p.name]));
const TACTIC_NAMES = new Map<string, string>(BATTLE_TACTICS.map((t) => [t.id, t.name]));
const STRATEGY_NAMES = new Map<string, string>(GRAND_STRATEGIES.map((g) => [g.id, g.name]));
const planName = (id: string) => PLAN_NAMES.get(id) ?? id;

/** A roster as a user would type it: the fields the schema fills in by default left out. */
function rosterText(r: Roster): string {
  const units = r.units.map((u) => {
    const { ally, coalition, keywords, ...rest } = u;
    return { ...rest, ...(ally ? { ally } : {}), ...(coalition ? { coalition } : {}), ...(keywords.length ? { keywords } : {}) };
  });
  const out: Record<string, unknown> = { ...r, units };
  for (const k of ["battalions", "endlessSpells", "enhancements", "regiments", "regimentsOfRenown"] as const) if (r[k].length === 0) delete out[k];
  return prettyInput(out, 72);
}

export type RosterCheck = ArmyCheck;

/**
 * A pasted roster or exported list, checked as `tactica armies FILE` checks one (a roster JSON: JSON, then
 * the roster schema naming each field, then the Pitched Battles rules against the bundled warscrolls), or
 * imported as `tactica import` imports it (web/army-import.ts).
 */
export function checkRosterText(text: string): RosterCheck {
  return checkArmyText(text, "the pasted list");
}

/** The rows of the battleplan chart: all battleplans together first, then each battleplan that was played. */
export function outcomeRows(r: MatchupReport): OutcomeRow[] {
  const row = (p: PlanReport, total = false): OutcomeRow => ({
    key: p.battleplan,
    label: total ? "All battleplans" : planName(p.battleplan),
    games: p.games,
    a: p.a.win,
    draw: p.draw,
    b: p.b.win,
    total,
  });
  return [row(r.overall, true), ...r.plans.filter((p) => p.games > 0).map((p) => row(p))];
}

/** The warning under the pickers when the two armies' points differ (src/aos/armies/compare.ts), with the imported lists' warscrolls. */
export function pointsWarning(a: Roster, b: Roster, extra: readonly Warscroll[] = []): string | null {
  return armiesPointsWarning(a, b, libraryWith(extra));
}

/** One line under a bundled army's name: faction, points, size, general. */
function armyInfo(r: Roster): string {
  return `${r.faction} · ${r.pointsLimit} points · ${r.units.length} units · general: ${r.general}`;
}

/**
 * Whether the run stopped before its battles were all played. The coordinator marks a report `cancelled`
 * when Cancel came during the last wave too, with every battle played.
 */
const cutShort = (r: MatchupReport) => r.cancelled && r.plans.some((p) => p.games < r.gamesRequested);

const pct = (p: number, d = 1) => `${(100 * p).toFixed(d)}%`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

export function createMatchupView(host: WorkerHost, onDrawn: () => void): MatchupView {
  const ui = {
    root: byId("view-matchup"),
    form: byId<HTMLFormElement>("mu-form"),
    pick: {
      a: { select: byId<HTMLSelectElement>("mu-a-select"), info: byId("mu-a-info"), paste: byId("mu-a-paste"), text: byId<HTMLTextAreaElement>("mu-a-json"), check: byId("mu-a-check") },
      b: { select: byId<HTMLSelectElement>("mu-b-select"), info: byId("mu-b-info"), paste: byId("mu-b-paste"), text: byId<HTMLTextAreaElement>("mu-b-json"), check: byId("mu-b-check") },
    },
    games: byId<HTMLInputElement>("mu-games"),
    seed: byId<HTMLInputElement>("mu-seed"),
    settingsCheck: byId("mu-settings-check"),
    run: byId<HTMLButtonElement>("mu-run"),
    pointsWarning: byId("mu-points-warning"),
    cancel: byId<HTMLButtonElement>("mu-cancel"),
    progress: byId<HTMLProgressElement>("mu-progress"),
    status: byId("mu-status"),
    error: byId("mu-error"),
    errorTitle: byId("mu-error-title"),
    errorMessage: byId("mu-error-message"),
    results: document.querySelector<HTMLElement>("#view-matchup .mu-results")!,
    title: byId("mu-title"),
    detail: byId("mu-detail"),
    stats: byId("mu-stats"),
    order: byId<HTMLSelectElement>("mu-order"),
    plansLegend: byId("mu-plans-legend"),
    plans: byId("mu-plans"),
    scope: byId<HTMLSelectElement>("mu-scope"),
    scopeLegend: byId("mu-scope-legend"),
    rounds: byId("mu-rounds"),
    roundsNote: byId("mu-rounds-note"),
    sources: byId("mu-sources"),
    sourcesTable: byId("mu-sources-table"),
    tactics: byId("mu-tactics"),
    note: byId("mu-note"),
  };

  const bundled = bundledRosters();
  const state = {
    /** The last verdict of each side's picker (for the points warning). */
    checked: {} as Partial<Record<Side, Roster | undefined>>,
    /** The warscrolls each side's imported list carried (a .ros's profiles). */
    extra: { a: [], b: [] } as Record<Side, Warscroll[]>,
    /** A loaded file's verdict (a .rosz is not text to put in the box), until the box is edited. */
    loaded: {} as Partial<Record<Side, ArmyCheck>>,
    visible: false,
    started: false,
    shown: undefined as { report: MatchupReport; workers: number } | undefined,
    problem: undefined as Problem | undefined,
    /** The run in progress. */
    run: undefined as { id: number; stopping: boolean; stop: (reason: Error) => void } | undefined,
    runs: 0,
    progress: 0,
    statusText: "",
  };

  // ------------------------------------------------------------------ the army pickers
  for (const side of ["a", "b"] as const) {
    const p = ui.pick[side];
    p.select.replaceChildren(
      ...bundled.map((r, i) => h("option", { value: String(i) }, r.roster.name)),
      h("option", { value: PASTE }, "Your own list (paste or load a file)…"),
    );
    // Load a file, or drop one on the box: an exported list (.txt, .ros, .rosz, .json) or a roster JSON.
    const file = h("input", { type: "file", id: `mu-${side}-file`, class: "visually-hidden", accept: ".txt,.json,.ros,.rosz,text/plain,application/json,application/xml,application/zip" }) as HTMLInputElement;
    const fileLabel = h("label", { for: `mu-${side}-file`, class: "button", tabindex: "0" }, "Load a file…");
    fileLabel.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        file.click();
      }
    });
    p.paste.append(h("div", { class: "own-list-buttons" }, fileLabel, file, h("span", { class: "hint" }, "understood: ", ARMY_FORMATS)));
    p.text.placeholder = "Paste the AoS app's export, a Listbot or Sigdex export, a New Recruit .json, or a roster JSON — or drop a file here.";
    const load = async (f: File) => {
      const c = await checkArmyFile(f);
      if (!f.name.toLowerCase().endsWith(".rosz")) p.text.value = await f.text();
      else p.text.value = "";
      state.loaded[side] = c;
      checkSide(side);
    };
    file.addEventListener("change", () => {
      const f = file.files?.[0];
      file.value = "";
      if (f) void load(f);
    });
    p.text.addEventListener("dragover", (e) => e.preventDefault());
    p.text.addEventListener("drop", (e) => {
      e.preventDefault();
      const f = e.dataTransfer?.files?.[0];
      if (f) void load(f);
    });
    (p.paste as HTMLElement & { loadFile?: (f: File) => Promise<void> }).loadFile = load;
    p.select.value = String(side === "a" ? 0 : Math.min(1, bundled.length - 1));
    let last = Number(p.select.value);
    p.select.addEventListener("change", () => {
      if (p.select.value === PASTE) {
        // Start from the army that was picked, so the format is in front of the user.
        if (p.text.value.trim() === "") p.text.value = rosterText(bundled[last]!.roster);
        p.paste.hidden = false;
        checkSide(side);
        p.text.focus();
      } else {
        last = Number(p.select.value);
        p.paste.hidden = true;
        checkSide(side);
      }
    });
    let timer = 0;
    p.text.addEventListener("input", () => {
      state.loaded[side] = undefined;
      clearTimeout(timer);
      timer = window.setTimeout(() => checkSide(side), 250);
    });
  }

  // "N of this army's M abilities are not played", one disclosure per army, after the points warning
  // (declared before the first check below, which fills it).
  const coverage = h("div", { class: "mu-coverage-notes", id: "mu-coverage" });
  ui.pointsWarning.after(coverage);

  checkSide("a");
  checkSide("b");

  /** Shows or clears the points warning (Matchup: warn when the two armies' points differ). */

  function checkPoints(a: Roster | undefined, b: Roster | undefined): void {
    const extra = [...state.extra.a, ...state.extra.b];
    const w = a && b ? pointsWarning(a, b, extra) : null;
    ui.pointsWarning.hidden = w === null;
    ui.pointsWarning.textContent = w ?? "";
    const rosters = [a, b].filter((r): r is Roster => r !== undefined);
    coverage.replaceChildren(...(a && b ? rosters.map((r) => coverageNote(r, rosters, extra)) : []));
  }

  /** Checks one side's picker and shows the verdict under it; the roster when it is usable. */
  function checkSide(side: Side): Roster | undefined {
    const r = checkOneSide(side);
    const other = side === "a" ? "b" : "a";
    const o = state.checked[other];
    state.checked[side] = r;
    checkPoints(side === "a" ? r : o, side === "a" ? o : r);
    return r;
  }

  function checkOneSide(side: Side): Roster | undefined {
    const p = ui.pick[side];
    if (p.select.value !== PASTE) {
      p.check.replaceChildren();
      p.check.className = "field-check";
      p.text.removeAttribute("aria-invalid");
      const r = bundled[Number(p.select.value)]?.roster;
      p.info.textContent = r ? armyInfo(r) : "";
      state.extra[side] = [];
      return r;
    }
    p.info.textContent = "";
    const c = state.loaded[side] ?? checkRosterText(p.text.value);
    state.extra[side] = c.ok ? c.extra : [];
    if (c.ok) {
      p.check.className = "field-check ok";
      p.check.replaceChildren(h("div", {}, `✓ ${c.summary}`), ...c.warnings.slice(0, 8).map((w) => h("div", { class: "warn" }, `⚠ ${w}`)));
      p.text.removeAttribute("aria-invalid");
      return c.roster;
    }
    p.check.className = "field-check bad";
    p.check.replaceChildren(...c.errors.map((e) => h("div", {}, e)));
    p.text.setAttribute("aria-invalid", "true");
    return undefined;
  }

  // The field's max is the one the message gives (at most maxTotalGames battles over the battleplans).
  ui.games.max = String(Math.min(MATCHUP_LIMITS.maxGames, Math.floor(MATCHUP_LIMITS.maxTotalGames / BATTLEPLANS.length)));
  function readSettings(): { games: number; seed: number } | undefined {
    const games = Number(ui.games.value);
    const seed = Number(ui.seed.value);
    const plans = BATTLEPLANS.length;
    const maxGames = Math.min(MATCHUP_LIMITS.maxGames, Math.floor(MATCHUP_LIMITS.maxTotalGames / plans));
    let problem: string | undefined;
    if (ui.games.value.trim() === "" || !Number.isInteger(games) || games < 1 || games > maxGames)
      problem = `battles per battleplan: must be a whole number from 1 to ${maxGames.toLocaleString("en")} (at most ${MATCHUP_LIMITS.maxTotalGames.toLocaleString("en")} battles over the ${plans} battleplans)`;
    else {
      const s = readSeed(ui.seed.value);
      if (!s.ok) problem = s.message;
    }
    ui.settingsCheck.className = problem ? "field-check bad" : "field-check";
    ui.settingsCheck.textContent = problem ?? "";
    markInvalid(ui.games, problem?.startsWith("battles") ?? false);
    markInvalid(ui.seed, problem?.startsWith("seed") ?? false);
    return problem ? undefined : { games, seed };
  }
  ui.games.addEventListener("input", () => void readSettings());
  ui.seed.addEventListener("input", () => void readSettings());

  // ------------------------------------------------------------------ running
  async function run(): Promise<void> {
    if (state.run) return;
    const a = checkSide("a");
    const b = checkSide("b");
    const settings = readSettings();
    if (!a || !b || !settings) {
      state.problem = undefined;
      const bad = !a ? ui.pick.a : !b ? ui.pick.b : undefined;
      (bad ? (bad.select.value === PASTE ? bad.text : bad.select) : ui.games).focus();
      if (bad && bad.select.value === PASTE) {
        const c = checkRosterText(bad.text.value);
        if (!c.ok && c.at !== undefined) bad.text.setSelectionRange(c.at, Math.min(bad.text.value.length, c.at + 1));
      }
      render();
      return;
    }
    const id = ++state.runs;
    let stop: (reason: Error) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    state.run = { id, stopping: false, stop };
    state.problem = undefined;
    state.progress = 0;
    state.statusText = "Starting the workers…";
    render();
    try {
      const worker = await Promise.race([host.ready(), stopped]);
      const total = settings.games * BATTLEPLANS.length;
      state.statusText = `Playing ${plural(total, "battle")}…`;
      render();
      const onProgress = Comlink.proxy((p: { games: number; total: number }) => {
        if (state.run?.id !== id || state.run.stopping) return;
        state.progress = p.total ? p.games / p.total : 0;
        state.statusText = `Playing battles… ${p.games.toLocaleString("en")} of ${p.total.toLocaleString("en")}`;
        ui.progress.value = state.progress;
        ui.status.textContent = state.statusText;
      });
      const extra = [...state.extra.a, ...state.extra.b];
      const library = extra.length ? { library: playLibraryOf([a, b], extra) } : {};
      const report = await Promise.race([worker.api.matchup({ a, b, ...library, plans: [...BATTLEPLAN_IDS], games: settings.games, seed: settings.seed, engine: "wasm" }, onProgress), worker.failed, stopped]);
      if (state.run?.id !== id) return;
      const finished = report.overall.games;
      if (report.cancelled && finished === 0) {
        state.statusText = "Cancelled before any battle finished.";
      } else {
        state.shown = { report, workers: worker.workers };
        state.statusText = cutShort(report)
          ? `Cancelled: showing the ${plural(finished, "battle")} finished before the stop.`
          : report.cancelled
            ? "Every battle was played before the stop."
            : "";
        ui.scope.value = "all";
      }
      state.run = undefined;
      render();
      if (state.visible) onDrawn();
    } catch (e) {
      if (state.run?.id !== id) return;
      const cancelled = state.run.stopping;
      state.run = undefined;
      if (cancelled) {
        state.statusText = state.shown ? "Cancelled. The charts show the last matchup that finished." : "Cancelled.";
      } else {
        const f = describeFailure(e);
        state.problem = f.kind === "input" ? { title: "Check the armies", message: f.message } : { title: "The matchup failed", message: f.message };
        state.statusText = "";
        // A worker that failed answers nothing more: start a fresh one for the next Run.
        if (f.kind !== "input") void host.restart().catch(() => render());
      }
      render();
    }
  }

  /**
   * Cancel asks the coordinator to stop (api.cancel()): it stops between waves of battles and hands back
   * what it has. A wave can be the whole run (up to 200 battles per battleplan), so if nothing comes back
   * within a moment the coordinator and its pool are stopped outright and a fresh one is started.
   */
  async function cancel(): Promise<void> {
    const r = state.run;
    if (!r || r.stopping) return;
    r.stopping = true;
    state.statusText = "Cancelling…";
    render();
    const worker = host.current();
    try {
      await Promise.race([worker?.api.cancel(), worker?.failed, new Promise((res) => setTimeout(res, 500))]);
    } catch {
      // A worker that is gone needs restarting all the same.
    }
    await new Promise((res) => setTimeout(res, CANCEL_GRACE_MS));
    if (state.run?.id !== r.id) return; // the (partial) report came back in time
    r.stop(Object.assign(new Error("cancelled"), { name: "Cancelled" }));
    void host.restart().catch(() => render());
  }

  ui.form.addEventListener("submit", (e) => {
    e.preventDefault();
    void run();
  });
  ui.cancel.addEventListener("click", () => void cancel());
  ui.order.addEventListener("change", () => drawPlans());
  ui.scope.addEventListener("change", () => drawDetails());
  host.onChange(() => render());

  // ------------------------------------------------------------------ drawing
  const names = () => sideNames(state.shown!.report.a, state.shown!.report.b);

  function drawPlans(): void {
    const shown = state.shown;
    if (!shown) return;
    ui.plansLegend.replaceChildren(sideLegend(names(), { draw: true, interval: true }));
    outcomeChart(ui.plans, outcomeRows(shown.report), { names: names(), order: ui.order.value === "a-win" ? "a-win" : "table" });
  }

  function drawDetails(): void {
    const shown = state.shown;
    if (!shown) return;
    const r = shown.report;
    const scope = r.plans.find((p) => p.battleplan === ui.scope.value && p.games > 0) ?? r.overall;
    ui.scopeLegend.replaceChildren(sideLegend(names()));
    const plan = BATTLEPLANS.find((p) => p.id === scope.battleplan);
    ui.roundsNote.hidden = !!plan && !plan.victoryPoints;
    if (plan && !plan.victoryPoints) {
      // Marking Territory (PB-BP-01): no VP at all, so no VP charts, only why.
      ui.rounds.replaceChildren(h("p", { class: "no-vp" }, `${plan.name} scores no victory points: ${NO_VP_RESULT}`));
      ui.sources.replaceChildren(h("p", { class: "no-vp" }, `None: ${plan.name} scores no victory points.`));
      ui.sourcesTable.replaceChildren();
    } else {
      vpByRoundChart(ui.rounds, { a: scope.a.vpByRound, b: scope.b.vpByRound }, { names: names() });
      // Its key is the table under it, which also gives the slivers' values.
      const totals = { a: scope.a.vp.mean, b: scope.b.vp.mean };
      vpBySourceChart(ui.sources, { a: scope.a.vpBySource, b: scope.b.vpBySource }, { names: names(), legend: false, totals });
      vpSourceTable(ui.sourcesTable, { a: scope.a.vpBySource, b: scope.b.vpBySource }, names(), totals);
    }
    tacticsTables(ui.tactics, { a: scope.a, b: scope.b }, scope.games, names(), {
      tactic: (id) => TACTIC_NAMES.get(id) ?? id,
      strategy: (id) => STRATEGY_NAMES.get(id) ?? id,
    });
    ui.note.replaceChildren(...noteText(r, scope));
  }

  function noteText(r: MatchupReport, scope: PlanReport): (string | HTMLElement)[] {
    const played = r.plans.filter((p) => p.games > 0);
    const counts = [...new Set(played.map((p) => p.games))];
    const perPlan = counts.length === 1 ? `${plural(counts[0]!, "battle")}` : `${Math.min(...counts).toLocaleString("en")} to ${plural(Math.max(...counts), "battle")}`;
    const scopeText = scope === r.overall ? `all ${plural(r.overall.games, "battle")}` : `the ${plural(scope.games, "battle")} on ${planName(scope.battleplan)}`;
    return [
      h("b", {}, "Where the numbers come from. "),
      `Each battleplan's bar: ${perPlan}${counts.length === 1 ? "" : " (the run was cut short)"}. `,
      `"All battleplans", the four cards at the top: all ${plural(r.overall.games, "battle")} (${played.length} battleplan${played.length === 1 ? "" : "s"}). `,
      `The charts and tables below the battleplan chart: ${scopeText}. `,
      "Win chances carry a 95% confidence interval (Wilson); expected VP a 95% interval of the mean. ",
      ...noVpPlans(r),
      h("b", {}, "Both sides are played by the same policy"),
      ", the engine's automated player, so a difference comes from the armies (and from the dice, within the intervals), not from one side playing better. ",
      `Seed ${r.seed}: the same seed gives the same numbers on any machine, with any number of workers.`,
    ];
  }

  /** The battleplans played that score no VP, and how their battles are won. */
  function noVpPlans(r: MatchupReport): string[] {
    const none = r.plans.filter((p) => p.games > 0 && BATTLEPLANS.find((b) => b.id === p.battleplan)?.victoryPoints === false).map((p) => planName(p.battleplan));
    if (!none.length) return [];
    const list = none.join(" and ");
    return [`${list} ${none.length === 1 ? "scores" : "score"} no victory points: ${NO_VP_RESULT} ${none.length === 1 ? "Its" : "Their"} battles count as 0 VP in the all-battleplans VP figures. `];
  }

  function stat(label: string, value: string | HTMLElement, sub: string, tone = ""): HTMLElement {
    return h("div", { class: `stat ${tone}`.trim() }, h("div", { class: "stat-label" }, label), h("div", { class: "stat-value" }, value), h("div", { class: "stat-sub" }, sub));
  }

  function drawReport(): void {
    const shown = state.shown;
    if (!shown) return;
    const r = shown.report;
    const o = r.overall;
    const who = (side: Side, name: string) => h("span", { class: `who side-${side}` }, name);
    const n = sideNames(r.a, r.b);
    ui.title.replaceChildren(who("a", n.a), h("span", { class: "vs" }, " against "), who("b", n.b));
    const played = r.plans.filter((p) => p.games > 0).length;
    ui.detail.textContent =
      `${plural(o.games, "battle")} over ${plural(played, "battleplan")} · seed ${r.seed} · ` +
      `${r.engine === "wasm" ? "Wasm rollout kernel" : "TypeScript engine"}, ${plural(shown.workers, "worker")} · ${(r.elapsedMs / 1000).toFixed(1)} s` +
      (cutShort(r) ? " · cancelled part-way" : r.stoppedEarly ? " · stopped early" : "");
    const ci = (w: { low: number; high: number }) => `95% CI ${pct(w.low)}–${pct(w.high)}`;
    const vp = h("span", { class: "vp-pair" }, h("span", { class: "side-a" }, o.a.vp.mean.toFixed(1)), h("span", { class: "sep" }, " : "), h("span", { class: "side-b" }, o.b.vp.mean.toFixed(1)));
    ui.stats.replaceChildren(
      stat(`${n.a} wins`, pct(o.a.win.p), ci(o.a.win), "side-a"),
      stat("Draws", pct(o.draw.p), ci(o.draw)),
      stat(`${n.b} wins`, pct(o.b.win.p), ci(o.b.win), "side-b"),
      stat("Expected VP per battle", vp, `95% CI ${o.a.vp.low.toFixed(1)}–${o.a.vp.high.toFixed(1)} : ${o.b.vp.low.toFixed(1)}–${o.b.vp.high.toFixed(1)}`),
    );
    const keep = ui.scope.value;
    ui.scope.replaceChildren(
      h("option", { value: "all" }, `all battleplans (${plural(o.games, "battle")})`),
      ...r.plans.filter((p) => p.games > 0).map((p) => h("option", { value: p.battleplan }, `${planName(p.battleplan)} (${plural(p.games, "battle")})`)),
    );
    ui.scope.value = r.plans.some((p) => p.battleplan === keep && p.games > 0) ? keep : "all";
    drawPlans();
    drawDetails();
  }

  let drawnFor: MatchupReport | undefined;
  let drawnWidth = -1;
  function render(): void {
    if (!state.visible) return;
    const busy = state.run !== undefined;
    const problem = state.problem ?? (host.current() || busy ? undefined : host.problem());
    ui.results.setAttribute("aria-busy", String(busy));
    ui.results.classList.toggle("empty", !state.shown);
    ui.results.classList.toggle("stale", !!state.shown && busy);
    ui.run.disabled = busy;
    ui.cancel.disabled = !busy || !!state.run?.stopping;
    ui.progress.hidden = !busy;
    ui.progress.value = state.progress;
    ui.status.textContent = state.statusText;
    ui.error.hidden = !problem;
    if (problem) {
      ui.errorTitle.textContent = problem.title;
      ui.errorMessage.textContent = problem.message;
    }
    if (!state.shown) {
      ui.title.textContent = busy ? "Playing the matchup…" : "No matchup played yet";
      ui.detail.textContent = busy
        ? `${state.runs === 1 ? "The built-in default: the first two bundled armies" : "The two armies"} on all ${BATTLEPLANS.length} battleplans; the charts appear when the battles are done.`
        : "Pick two armies and press Run.";
      return;
    }
    // Redraw only when there is something new to draw (a report, or a new width).
    const width = ui.plans.clientWidth;
    if (drawnFor === state.shown.report && drawnWidth === width) return;
    drawnFor = state.shown.report;
    drawnWidth = width;
    drawReport();
  }

  // Charts are drawn at their container's width; redraw (once per frame at most) when that changes.
  let frame = 0;
  new ResizeObserver(() => {
    if (!state.visible || !state.shown || ui.plans.clientWidth === drawnWidth) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(render);
  }).observe(ui.results);

  return {
    show() {
      state.visible = true;
      ui.root.hidden = false;
      render();
      if (state.shown) onDrawn();
      if (state.started) return;
      state.started = true;
      void run();
    },
    hide() {
      state.visible = false;
      ui.root.hidden = true;
    },
  };
}
