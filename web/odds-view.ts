/**
 * The combat-odds view: a JSON matchup of two units in, the coordinator worker computes it (exact or Monte
 * Carlo), and the result is drawn as headline numbers and D3 histograms. One game is shown at a time
 * (?game=aos|mesbg); each game keeps its own text, last good result and last error, so switching never
 * loses work.
 */
import * as Comlink from "comlink";
import type { AosOddsReport } from "../src/aos/odds/index.js";
import { MAX_SAMPLES } from "../src/core/montecarlo.js";
import { atLeast } from "../src/core/pmf.js";
import type { MesbgOddsReport } from "../src/mesbg/odds/index.js";
import { histogram, pct, pmfBars } from "./charts.js";
import { SIDE_COLOURS } from "./colours.js";
import { drawFunnel } from "./odds-funnel.js";
import { DEFAULT_INPUT, type Game, prettyInput } from "./defaults.js";
import { byId, h } from "./dom.js";
import { jsonErrorOffset } from "./json-position.js";
import { describeFailure } from "./odds-worker.js";
import type { Problem, WorkerHost } from "./worker-host.js";
import { readSeed } from "./fields.js";

type Shown = { game: "aos"; report: AosOddsReport; input: unknown } | { game: "mesbg"; report: MesbgOddsReport; input: unknown };

const COLORS = { attack: "#9b2f1f", good: SIDE_COLOURS[0], evil: SIDE_COLOURS[1] } as const;

export interface OddsView {
  /** Shows the view (computing the current game's default matchup the first time). */
  show(): void;
  hide(): void;
}

export function createOddsView(host: WorkerHost, onDrawn: () => void): OddsView {
  let visible = false;
  const ui = {
    root: byId("view-odds"),
    results: document.querySelector<HTMLElement>("#view-odds .results")!,
    title: byId("odds-title"),
    detail: byId("odds-detail"),
    stats: byId("stats"),
    funnelCard: byId("funnel-card"),
    funnel: byId("funnel"),
    funnelNote: byId("funnel-note"),
    charts: [
      { title: byId("chart-1-title"), body: byId("chart-1"), note: byId("chart-1-note") },
      { title: byId("chart-2-title"), body: byId("chart-2"), note: byId("chart-2-note") },
    ] as const,
    form: byId<HTMLFormElement>("odds-form"),
    input: byId<HTMLTextAreaElement>("input"),
    samples: byId<HTMLInputElement>("samples"),
    seed: byId<HTMLInputElement>("seed"),
    compute: byId<HTMLButtonElement>("compute"),
    reset: byId<HTMLButtonElement>("reset"),
    status: byId("status"),
    progress: byId<HTMLProgressElement>("progress"),
    error: byId("error"),
    errorTitle: byId("error-title"),
    errorMessage: byId("error-message"),
    errorNote: byId("error-note"),
    switches: [...document.querySelectorAll<HTMLButtonElement>(".game-switch button")],
  };

  const isGame = (g: string | null): g is Game => g === "aos" || g === "mesbg";

  const state = {
    game: ((): Game => {
      const g = new URLSearchParams(location.search).get("game");
      return isGame(g) ? g : "aos";
    })(),
    text: { aos: prettyInput(DEFAULT_INPUT.aos), mesbg: prettyInput(DEFAULT_INPUT.mesbg) } as Record<Game, string>,
    shown: {} as Partial<Record<Game, Shown>>,
    problem: {} as Partial<Record<Game, Problem>>,
    /** Id of the newest request per game: an older answer arriving late must not replace a newer one. */
    latest: { aos: 0, mesbg: 0 } as Record<Game, number>,
    busy: { aos: false, mesbg: false } as Record<Game, boolean>,
    get worker() {
      return host.current();
    },
    get workerProblem() {
      return host.current() ? undefined : host.problem();
    },
  };

  /** Small chances get two decimals: 0.26% and 0.04% are different advice, "0.3%" and "0.0%" hide that. */
  const chance = (p: number) => pct(p, p < 0.1 && p > 0 ? 2 : 1);
  const num = (x: number) => x.toFixed(2);
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

  function stat(label: string, value: string, sub: string, tone = ""): HTMLElement {
    return h("div", { class: `stat ${tone}`.trim() }, h("div", { class: "stat-label" }, label), h("div", { class: "stat-value" }, value), h("div", { class: "stat-sub" }, sub));
  }

  function methodText(r: { method: string; samples?: number; seed?: number }): string {
    const where = state.worker ? `WebAssembly, ${plural(state.worker.workers, "worker")}` : "WebAssembly";
    return r.method === "exact"
      ? `exact odds (${where})`
      : `Monte Carlo estimate: ${(r.samples ?? 0).toLocaleString("en")} samples, seed ${r.seed} (${where})`;
  }

  /** A wound chance in the players' terms: "on 5+ (33.3%)" when it is one plain D6 roll (ME-WOUND-CHART). */
  function woundRoll(p: number): string {
    const faces = p * 6;
    const k = Math.round(faces);
    if (Math.abs(faces - k) > 1e-9 || k < 1) return `${chance(p)} of the time`;
    return k >= 6 ? "every time" : `on a ${7 - k}+ (${chance(p)})`;
  }

  function sideOf(input: unknown, key: "a" | "b"): "good" | "evil" | undefined {
    const side = (input as Record<string, { side?: unknown } | undefined> | null)?.[key]?.side;
    return side === "good" || side === "evil" ? side : undefined;
  }

  function renderAos(r: AosOddsReport): void {
    ui.title.replaceChildren(h("span", { class: "who attacker" }, r.attacker), h("span", { class: "vs" }, " attacking "), h("span", { class: "who defender" }, r.defender));
    ui.detail.textContent = `${plural(r.models, "model")}, Health ${r.health} each · ${methodText(r)}`;
    const slainAtLeast = atLeast(r.slain.pmf);
    ui.stats.replaceChildren(
      stat("Average damage", num(r.damage.mean), "after hit, wound, save and ward rolls"),
      stat("Average slain", num(r.slain.mean), `models of ${r.models} · ${r.health} damage slays one`),
      stat("Slay at least one", chance(slainAtLeast[1] ?? 0), `one or more ${r.defender} models`),
      stat("Unit destroyed", chance(r.destroyed), `all ${r.models} ${r.defender} models slain`, "strong"),
    );

    ui.funnelCard.hidden = false;
    if (r.stages) {
      drawFunnel(ui.funnel, [{ name: r.attacker, colour: COLORS.attack, stages: r.stages }], `The mean number of attacks, hits, wounds, unsaved attacks and damage of ${r.attacker} against ${r.defender}`);
      ui.funnelNote.textContent = "Each bar is the mean over every roll; the percentage is the share of the step before that gets through (for Damage: the mean Damage of an unsaved attack). Hover a step's name for what it counts.";
    } else {
      ui.funnel.replaceChildren();
      ui.funnelNote.textContent = "The steps of the sequence come with the exact method (a Monte Carlo estimate counts the damage alone).";
    }

    const [slain, damage] = ui.charts;
    slain.title.textContent = `Models slain — chance of each outcome`;
    histogram(slain.body, pmfBars(r.slain.pmf, { emphasis: (k) => k === r.models, describe: (k, p) => `${k} slain: ${pct(p, 2)}` }), {
      xLabel: `models slain (of ${r.models})`,
      ariaLabel: `Chance of each number of ${r.defender} models slain`,
      mean: r.slain.mean,
      color: COLORS.attack,
    });
    slain.note.replaceChildren(
      h("span", { class: "note-label" }, "At least:"),
      ...slainAtLeast.slice(1).map((p, i) => h("span", { class: "chip" }, h("b", {}, `${i + 1}+`), ` ${chance(p)}`)),
    );

    damage.title.textContent = "Damage dealt — chance of each total";
    const dmgBars = pmfBars(r.damage.pmf, { foldHead: true, describe: (k, p) => `${k} damage: ${pct(p, 2)}` });
    histogram(damage.body, dmgBars, { xLabel: "damage points (after saves and ward)", ariaLabel: `Chance of each damage total against ${r.defender}`, mean: r.damage.mean, color: COLORS.attack });
    const lastBar = dmgBars.at(-1)!;
    damage.note.textContent =
      `Damage is pooled: each ${r.health} damage slays one model.` +
      (lastBar.label.endsWith("+") ? ` The last bar adds up every total from ${lastBar.outcome} to ${r.damage.pmf.length - 1}.` : "");
  }

  function renderMesbg(r: MesbgOddsReport, input: unknown): void {
    const sideA = sideOf(input, "a") ?? "good";
    const sideB = sideOf(input, "b") ?? "evil";
    const tag = (side: string) => h("span", { class: `side ${side}` }, side === "good" ? "Good" : "Evil");
    ui.funnelCard.hidden = true;
    ui.title.replaceChildren(h("span", { class: "who" }, r.a), " ", tag(sideA), h("span", { class: "vs" }, " against "), h("span", { class: "who" }, r.b), " ", tag(sideB));
    const trapped = (input as { trapped?: unknown } | null)?.trapped === true;
    ui.detail.textContent = `One-on-one fight${trapped ? ", the loser trapped (strikes doubled)" : ""} · ${methodText(r)}`;
    // Only the duel's winner strikes, so "a slays b" and "b slays a" never happen in the same fight.
    const nobody = Math.max(0, 1 - r.aSlaysB - r.bSlaysA);
    ui.stats.replaceChildren(
      stat("Duel won", chance(r.aWinsDuel), `by ${r.a} · ${r.b} ${chance(r.bWinsDuel)}`),
      // Each card and chart takes the colour of the model it is about, as the Good/Evil tags in the title do.
      stat(`${r.b} slain`, chance(r.aSlaysB), `wounded ${woundRoll(r.aWoundChance)} per strike`, sideB),
      stat(`${r.a} slain`, chance(r.bSlaysA), `wounded ${woundRoll(r.bWoundChance)} per strike`, sideA),
      stat("Both survive", chance(nobody), "no model slain in this fight"),
    );

    const meanOf = (pmf: readonly number[]) => pmf.reduce((m, p, k) => m + k * p, 0);
    const draw = (slot: (typeof ui.charts)[number], name: string, lost: number[], side: "good" | "evil") => {
      const wounds = lost.length - 1;
      slot.title.textContent = `Wounds ${name} loses`;
      histogram(slot.body, pmfBars(lost, { tail: 0, emphasis: (k) => k === wounds, label: (k) => (k === wounds ? `${k} (slain)` : String(k)), describe: (k, p) => `${k} lost: ${pct(p, 2)}` }), {
        xLabel: `wounds lost (of ${wounds})`,
        ariaLabel: `Chance of each number of wounds ${name} loses`,
        // With one Wound the mean is just the chance of being slain, already on the card above.
        mean: wounds > 1 ? meanOf(lost) : undefined,
        color: COLORS[side],
        height: 220,
      });
      // The duel decides who strikes: losing no wounds includes every fight this model wins.
      slot.note.textContent = `0 includes the fights ${name} wins (the loser of the duel takes the strikes).`;
    };
    draw(ui.charts[0], r.b, r.bWoundsLost, sideB);
    draw(ui.charts[1], r.a, r.aWoundsLost, sideA);
  }

  function render(): void {
    if (!visible) return;
    const game = state.game;
    for (const b of ui.switches) b.setAttribute("aria-pressed", String(b.dataset.game === game));
    document.body.dataset.game = game;
    const shown = state.shown[game];
    const problem = state.problem[game] ?? state.workerProblem;
    ui.results.setAttribute("aria-busy", String(state.busy[game]));
    const stale = !!(shown && problem);
    ui.results.classList.toggle("stale", stale);
    ui.results.classList.toggle("empty", !shown);
    if (shown?.game === "aos") renderAos(shown.report);
    else if (shown?.game === "mesbg") renderMesbg(shown.report, shown.input);
    if (stale) ui.detail.append(h("span", { class: "stale-badge" }, "showing the last good result — see the message beside the input"));
    if (!shown) {
      ui.title.textContent = problem ? "No result yet" : "Computing the odds…";
      ui.detail.textContent = "";
      ui.stats.replaceChildren();
      ui.funnelCard.hidden = true;
      for (const c of ui.charts) {
        c.title.textContent = "";
        c.body.replaceChildren();
        c.note.textContent = "";
      }
    }
    ui.error.hidden = !problem;
    if (problem) {
      ui.errorTitle.textContent = problem.title;
      ui.errorMessage.textContent = problem.message;
      ui.errorNote.textContent = shown ? "The odds shown are from the last matchup that computed." : "";
    }
    ui.status.textContent = state.busy[game] ? "Computing…" : "";
    ui.compute.disabled = !state.worker;
    if (!state.busy[game]) ui.progress.hidden = true;
  }

  /** Tall enough for the whole matchup (up to a limit), so nothing hides below a scrollbar. */
  function fitInput(): void {
    const lines = ui.input.value.split("\n").length;
    ui.input.rows = Math.min(40, Math.max(12, lines + 1));
  }

  /** Where in the text JSON.parse gave up, so the caret can be put there. */
  function errorOffset(message: string, text: string): number | undefined {
    const at = /position (\d+)/.exec(message);
    if (at) return Number(at[1]);
    if (/end of JSON input|Unterminated/i.test(message)) return text.length;
    // Chromium does not say where an unexpected token is: find it.
    return jsonErrorOffset(text);
  }

  function readSampling(): { samples: number; seed: number } | Problem {
    const samples = Number(ui.samples.value);
    const seed = Number(ui.seed.value);
    // The coordinator checks samples too; checking here as well names the box before any work starts.
    if (ui.samples.value.trim() === "" || !Number.isInteger(samples) || samples < 1 || samples > MAX_SAMPLES)
      return { title: "Check the method", message: `samples: must be a whole number from 1 to ${MAX_SAMPLES.toLocaleString("en")}` };
    // The coordinator would silently wrap a seed outside 32 bits (seed >>> 0), giving another seed's numbers.
    const s = readSeed(ui.seed.value);
    if (!s.ok) return { title: "Check the method", message: s.message };
    return { samples, seed };
  }

  async function compute(): Promise<void> {
    const game = state.game;
    const text = ui.input.value;
    state.text[game] = text;
    const id = ++state.latest[game];
    const fail = (p: Problem) => {
      if (id !== state.latest[game]) return;
      state.problem[game] = p;
      state.busy[game] = false;
      if (state.game === game) render();
    };

    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (e) {
      const message = (e as Error).message;
      fail({ title: "The matchup is not valid JSON", message });
      const at = errorOffset(message, text);
      if (at !== undefined) {
        ui.input.focus();
        ui.input.setSelectionRange(at, Math.min(text.length, at + 1));
      }
      return;
    }
    const sampling = (document.querySelector<HTMLInputElement>('input[name="method"]:checked')?.value ?? "exact") === "sample" ? readSampling() : undefined;
    if (sampling && "message" in sampling) return fail(sampling);
    const worker = state.worker;
    if (!worker) return fail(state.workerProblem ?? { title: "The odds worker is not running", message: "it is starting or restarting; try again in a moment, or reload the page" });

    state.busy[game] = true;
    render();
    const onProgress = Comlink.proxy((done: number, total: number) => {
      if (id !== state.latest[game] || state.game !== game) return;
      ui.progress.hidden = false;
      ui.progress.value = done / total;
      ui.status.textContent = `Sampling… ${Math.floor((100 * done) / total)}%`;
    });
    try {
      let shown: Shown;
      if (game === "aos") {
        const call = sampling ? worker.api.aosSample(input, sampling.samples, sampling.seed, onProgress) : worker.api.aosExact(input);
        shown = { game, report: await Promise.race([call, worker.failed]), input };
      } else {
        const call = sampling ? worker.api.mesbgSample(input, sampling.samples, sampling.seed, onProgress) : worker.api.mesbgExact(input);
        shown = { game, report: await Promise.race([call, worker.failed]), input };
      }
      if (id !== state.latest[game]) return;
      state.shown[game] = shown;
      state.problem[game] = undefined;
      state.busy[game] = false;
      if (state.game === game && visible) {
        render();
        onDrawn();
      }
    } catch (e) {
      const f = describeFailure(e);
      let message = f.message;
      // The size limit's advice is worded for the CLI (--samples N); here the same switch is the Method box.
      message = message.replace(/use a Monte Carlo estimate instead \(--samples N\)/, 'choose "Monte Carlo estimate" under Method');
      fail(f.kind === "input" ? { title: "Check the matchup", message } : { title: "The odds worker failed", message });
    }
  }

  function switchGame(game: Game): void {
    if (game === state.game) return;
    state.text[state.game] = ui.input.value;
    state.game = game;
    ui.input.value = state.text[game];
    fitInput();
    const url = new URL(location.href);
    url.searchParams.set("view", "odds");
    url.searchParams.set("game", game);
    history.replaceState(null, "", url);
    render();
    if (!state.shown[game] && !state.problem[game] && !state.busy[game]) void compute();
  }

  ui.form.addEventListener("submit", (e) => {
    e.preventDefault();
    void compute();
  });
  ui.input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void compute();
    }
  });
  ui.reset.addEventListener("click", () => {
    ui.input.value = prettyInput(DEFAULT_INPUT[state.game]);
    fitInput();
    void compute();
  });
  for (const b of ui.switches) b.addEventListener("click", () => isGame(b.dataset.game ?? null) && switchGame(b.dataset.game as Game));

  // Charts are drawn at their container's width; redraw (once per frame at most) when that changes.
  let resizeFrame = 0;
  let lastWidth = ui.charts[0].body.clientWidth;
  new ResizeObserver(() => {
    const w = ui.charts[0].body.clientWidth;
    if (w === lastWidth || !visible || !state.shown[state.game]) return;
    lastWidth = w;
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(render);
  }).observe(ui.results);

  ui.input.addEventListener("input", fitInput);
  ui.input.value = state.text[state.game];
  fitInput();
  host.onChange(render);

  let started = false;
  return {
    show() {
      visible = true;
      ui.root.hidden = false;
      document.body.dataset.game = state.game;
      render();
      if (started) return;
      started = true;
      // The first result: once the worker answers (at once if it already has).
      void host.ready().then(() => compute(), () => render());
    },
    hide() {
      visible = false;
      ui.root.hidden = true;
    },
  };
}
