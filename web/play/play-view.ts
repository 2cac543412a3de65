/**
 * The Play views (?view=play-aos, ?view=play-mesbg, ?view=campaign): you play one side, the AI the other —
 * the search (`mcts`, with the thinking time you pick) or the scripted policy, in the play worker. The AI's
 * searched moves are listed with their one-line reason and drawn on the board as arrows; a live
 * win-probability graph (web/play/win-graph.ts) and the scoring sheet sit beside the board. Decisions are buttons in the list, or clicks on the board: click one of
 * your units to see its candidates (and their targets marked on the board), then a marked enemy or
 * objective. The game is kept in IndexedDB after every decision (a reload restores it) and can be exported
 * and imported as JSON (web/play/session.ts: the setup, the seed and every decision).
 */
import { playLibraryOf } from "../army-import.js";
import type { Roster, Warscroll } from "../../src/aos/armies/index.js";
import { BATTLEPLANS } from "../../src/aos/battleplans/index.js";
import minasTirith from "../../data/mesbg/minas-tirith.json" with { type: "json" };
import mordor from "../../data/mesbg/mordor.json" with { type: "json" };
import rohan from "../../data/mesbg/rohan.json" with { type: "json" };
import isengard from "../../data/mesbg/isengard.json" with { type: "json" };
import { armyPicker } from "../army-picker.js";
import { coverageNotes } from "../coverage.js";
import { h } from "../dom.js";
import type { AosView } from "./aos-adapter.js";
import type { MesbgView } from "./mesbg-adapter.js";
import { type ForceCheck, forcePicker } from "../force-picker.js";
import type { CampaignView } from "./campaign-adapter.js";
import { drawCampaignMap } from "./campaign-map.js";
import { createCampaignBattles } from "./campaign-battles.js";
import { aosPieces, type BoardState, drawBoard, mesbgPieces, SIDE_COLOURS, SIDE_INKS } from "./board.js";
import { openPlayWorker, type PlayWorker } from "./client.js";
import type { Turn } from "./play-worker.js";
import { forgetGame, loadGame, saveGame } from "./store.js";
import { type Arrow, drawArrows, lineArrow } from "./board.js";
import { animateMoves } from "./animate.js";
import { drawWinGraph } from "./win-graph.js";
import type { ShownStep } from "./session.js";
import { MAX_SEED, readInput } from "../fields.js";
import { MAX_TURNS } from "../../src/campaign/schema.js";
import { type AiChoice, AI_KINDS, THINKING, THINKING_TEXT, type AiKind, type Thinking } from "./thinking.js";

type Kind = "aos" | "mesbg" | "campaign";
type AnyView = AosView | MesbgView | CampaignView;

export const MESBG_FORCES: { name: string; force: unknown }[] = [minasTirith, mordor, rohan, isengard].map((f) => ({ name: (f as { name: string }).name, force: f }));

export interface PlayView {
  show(): void;
  hide(): void;
}

const storeKey = (kind: Kind) => `play-${kind}`;
/** The graph is kept beside the game (the saved game is the CLI's format, which has no place for it). */
export const graphKey = (kind: Kind) => `play-${kind}-graph`;

/** The AI as a saved game names it (options.ai, options.thinking), if it does. */
function aiOfSaved(saved: unknown): AiChoice | null {
  const o = (saved as { options?: { ai?: unknown; thinking?: unknown } } | null)?.options;
  return o && (AI_KINDS as readonly unknown[]).includes(o.ai) && (THINKING as readonly unknown[]).includes(o.thinking) ? { kind: o.ai as AiKind, thinking: o.thinking as Thinking } : null;
}

type SetupRead = { setup: unknown; seed: number; human: 0 | 1 } | { errors: string[] };

/**
 * The imported lists' own warscrolls (a .ros's profiles), once each, as the saved setup's `library` (the
 * format src/saves/setups.ts shares with the CLI's --save): the warscrolls and lores the two rosters name.
 */
function extraOf(...lists: { roster: Roster; extra: Warscroll[] }[]): { library?: ReturnType<typeof playLibraryOf> } {
  const seen = new Set<string>();
  const extra = lists.flatMap((l) => l.extra).filter((w) => !seen.has(`${w.faction}|${w.name}`) && seen.add(`${w.faction}|${w.name}`));
  return extra.length ? { library: playLibraryOf(lists.map((l) => l.roster), extra) } : {};
}

/** A list's errors under its name, one a line: "First army: X", or "First army:\nX\nY". */
export const listed = (name: string, errors: readonly string[]): string => (errors.length === 1 ? `${name}: ${errors[0]}` : [`${name}:`, ...errors].join("\n"));

/** The two forces' verdicts as a set-up: each force's errors, or one Good and one Evil force (checkOpposed). */
export function mesbgSetupOf(a: ForceCheck, b: ForceCheck, seed: number, human: 0 | 1): SetupRead {
  if (!a.ok) return { errors: [listed("Good force", a.errors)] };
  if (!b.ok) return { errors: [listed("Evil force", b.errors)] };
  if (a.force.alignment === b.force.alignment)
    return { errors: [`The Forces Clash is one Good force against one Evil force: ${a.force.name} and ${b.force.name} are both ${a.force.alignment === "good" ? "Good" : "Evil"}.`] };
  return { setup: { a: a.json, b: b.json }, seed, human };
}

function setupPanel(kind: Kind): { el: HTMLElement; read(): SetupRead } {
  const opt = (value: string, text: string) => h("option", { value }, text);
  const seed = h("input", { type: "number", min: "0", max: String(MAX_SEED), value: "1", id: `${kind}-seed` }) as HTMLInputElement;
  // The seed crosses its schema here, worded as Matchup's ("seed: must be a whole number from 0 to 4294967295");
  // an empty seed is refused, not taken as 0 or as random.
  const seedRead = () => readInput(seed, "seed", 0, MAX_SEED);
  const sides = kind === "mesbg" ? ["the Good force", "the Evil force"] : kind === "campaign" ? ["the first realm", "the second realm"] : ["the first army", "the second army"];
  const side = h("select", { id: `${kind}-side` }, opt("0", sides[0]!), opt("1", sides[1]!)) as HTMLSelectElement;
  if (kind === "aos" || kind === "campaign") {
    const a = armyPicker(`${kind}-a`, kind === "campaign" ? "First realm" : "First army", 0);
    const b = armyPicker(`${kind}-b`, kind === "campaign" ? "Second realm" : "Second army", 1);
    const armies = (): { a: ReturnType<typeof a.read>; b: ReturnType<typeof b.read> } => ({ a: a.read(), b: b.read() });
    // "N of this army's M abilities are not played" (web/coverage.ts): the battles depend on the abilities too.
    const coverage = h("div", { class: "mu-coverage-notes", id: `${kind}-coverage` });
    const showCoverage = () => coverage.replaceChildren(...coverageNotes([a.read(), b.read()]));
    a.onChange(showCoverage);
    b.onChange(showCoverage);
    showCoverage();
    const bad = (x: ReturnType<typeof armies>): SetupRead | undefined =>
      !x.a.ok ? { errors: [listed(kind === "campaign" ? "First realm" : "First army", x.a.errors)] } : !x.b.ok ? { errors: [listed(kind === "campaign" ? "Second realm" : "Second army", x.b.errors)] } : undefined;
    if (kind === "campaign") {
      const turns = h("input", { type: "number", min: "1", max: String(MAX_TURNS), value: "4", id: "campaign-turns" }) as HTMLInputElement;
      const el = h("div", { class: "play-setup" }, a.el, b.el, h("label", {}, "Campaign turns ", turns), h("label", {}, "You play ", side), h("label", {}, "Seed ", seed), coverage);
      return {
        el,
        read: () => {
          const x = armies();
          if (!x.a.ok || !x.b.ok) return bad(x)!;
          const t = readInput(turns, "campaign turns", 1, MAX_TURNS);
          const sd = seedRead();
          if (!t.ok || !sd.ok) return { errors: [t, sd].flatMap((r) => (r.ok ? [] : [r.message])) };
          return { setup: { a: x.a.roster, b: x.b.roster, turns: t.value, ...extraOf(x.a, x.b) }, seed: sd.value, human: side.value === "1" ? 1 : 0 };
        },
      };
    }
    const plan = h("select", { id: "aos-plan" }, opt("roll", "roll (PB-BATTLEPLAN-ROLL)"), ...BATTLEPLANS.map((p) => opt(p.id, p.name))) as HTMLSelectElement;
    plan.value = BATTLEPLANS[0]!.id;
    const el = h("div", { class: "play-setup" },
      a.el, b.el, h("label", {}, "Battleplan ", plan),
      h("label", {}, "You play ", side), h("label", {}, "Seed ", seed), coverage);
    return {
      el,
      read: () => {
        const x = armies();
        if (!x.a.ok || !x.b.ok) return bad(x)!;
        const sd = seedRead();
        if (!sd.ok) return { errors: [sd.message] };
        return { setup: { a: x.a.roster, b: x.b.roster, battleplan: plan.value, ...extraOf(x.a, x.b) }, seed: sd.value, human: side.value === "1" ? 1 : 0 };
      },
    };
  }
  // A bundled force, or the user's own pasted or dropped (web/force-picker.ts).
  const a = forcePicker("mesbg-a", "Good force", MESBG_FORCES, 0);
  const b = forcePicker("mesbg-b", "Evil force", MESBG_FORCES, 1);
  const el = h("div", { class: "play-setup" }, a.el, b.el, h("label", {}, "You play ", side), h("label", {}, "Seed ", seed));
  return {
    el,
    read: () => {
      const sd = seedRead();
      return sd.ok ? mesbgSetupOf(a.read(), b.read(), sd.value, side.value === "1" ? 1 : 0) : { errors: [sd.message] };
    },
  };
}

/** The campaign's end, said once: its last log line ("Campaign over after 4 turns …") as it is, else prefixed. */
export const campaignEnd = (result: string | null): string =>
  !result || result === "over" ? "Campaign over." : /^campaign over/i.test(result) ? result : `Campaign over: ${result}`;

/** Why the AI's answer is empty, in words that are true of the game on screen. */
export function noAnswer(t: Pick<Turn<unknown>, "over" | "saved">): string {
  const last = t.saved.steps.at(-1);
  if (!last) return "Nothing yet: the game has just begun.";
  if (last.human) return t.over ? "None: your decision ended the game." : "None: the next decision is yours again.";
  return "None since the game was restored: its moves are in the Log.";
}

export function createPlayView(kind: Kind, onDrawn: () => void): PlayView {
  const root = h("main", { id: `view-play-${kind}`, class: "play", hidden: "" });
  document.querySelector("footer")!.before(root);
  const setup = setupPanel(kind);
  const newBtn = h("button", { type: "button", class: "primary", id: `${kind}-new` }, "New game") as HTMLButtonElement;
  const exportBtn = h("button", { type: "button", id: `${kind}-export` }, "Export JSON") as HTMLButtonElement;
  const importInput = h("input", { type: "file", accept: ".json,application/json", id: `${kind}-import`, class: "visually-hidden" }) as HTMLInputElement;
  const importLabel = h("label", { for: `${kind}-import`, class: "button", tabindex: "0" }, "Import JSON");
  const status = h("p", { class: "status", role: "status", id: `${kind}-status` });
  const error = h("p", { class: "error", role: "alert", id: `${kind}-error`, hidden: "" });
  const heading = h("h2", { id: `${kind}-heading` }, "Starting…");
  const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  board.setAttribute("class", `board board-${kind}`);
  board.setAttribute("id", `${kind}-board`);
  board.setAttribute("role", "group");
  board.setAttribute("aria-label", kind === "aos" ? 'The battlefield, 60" by 44"' : kind === "mesbg" ? 'The board, 48" by 48"' : "The campaign map");
  const legend = h("p", { class: "board-legend", id: `${kind}-legend` });
  const choicesEl = h("ol", { class: "choices", id: `${kind}-choices` });
  const aiEl = h("ol", { class: "ai-steps", id: `${kind}-ai` });
  const sheetEl = h("div", { class: "sheet", id: `${kind}-sheet` });
  const logEl = h("pre", { class: "log", id: `${kind}-log` });
  const opt = (value: string, text: string) => h("option", { value }, text);
  const aiSelect = h("select", { id: `${kind}-ai-kind` }, opt("mcts", "the search (mcts)"), opt("scripted", "the scripted policy")) as HTMLSelectElement;
  const thinkingSelect = h("select", { id: `${kind}-thinking` }, ...THINKING.map((t) => opt(t, THINKING_TEXT[t]))) as HTMLSelectElement;
  thinkingSelect.value = "normal";
  aiSelect.addEventListener("change", () => (thinkingSelect.disabled = aiSelect.value !== "mcts"));
  const aiChoice = (): AiChoice => ({ kind: aiSelect.value as AiKind, thinking: thinkingSelect.value as Thinking });
  const aiHeading = h("h3", { id: `${kind}-ai-heading` }, "The AI's answer");
  const aiReason = h("p", { class: "ai-reason", id: `${kind}-ai-reason`, "aria-live": "polite" });
  const graphEl = h("div", { class: "win-graph-box", id: `${kind}-graph` });
  // Campaign: every battle with its odds and result (web/play/campaign-battles.ts).
  const battles = kind === "campaign" ? createCampaignBattles() : null;
  root.append(
    h("div", { class: "play-controls" }, setup.el, h("div", { class: "play-setup ai-setup" }, h("label", {}, "The AI ", aiSelect), h("label", {}, "Thinking time ", thinkingSelect)),
      h("div", { class: "play-buttons" }, newBtn, exportBtn, importLabel, importInput), status, error),
    h("section", { class: "play-board" }, heading, board, aiReason, legend),
    h("aside", { class: "play-side" },
      h("h3", {}, "Your chance to win"), graphEl,
      h("h3", {}, "Your decision"), choicesEl,
      aiHeading, aiEl,
      h("h3", {}, kind === "aos" ? "Scoring sheet" : kind === "campaign" ? "Realms" : "Game"), sheetEl,
      ...(battles ? [h("h3", {}, "Battles: odds and results"), battles.el] : []),
      h("details", {}, h("summary", {}, "Log"), logEl)),
  );

  let worker: Promise<PlayWorker> | undefined;
  let turn: Turn<AnyView> | undefined;
  let previous: AnyView | undefined;
  /** The AI's answer whose moves were animated (web/play/animate.ts). */
  let animated: Turn<AnyView> | undefined;
  /** Campaign: the territory clicked on the map, whose candidates the list shows. */
  let territoryFilter: string | null = null;
  let busy = false;
  const st: BoardState = { selected: null, moved: new Map(), targets: new Set(), targetObjectives: new Set() };

  /** Whether the error shown is the set-up's (a list, the seed): it follows the set-up's fields as they change. */
  let setupError = false;
  const showError = (e: unknown) => {
    error.textContent = e instanceof Error ? e.message : String(e);
    error.hidden = false;
    setupError = false;
  };
  // A set-up error goes when its field is put right (a bundled list picked again, a good seed typed), and is
  // worded anew while it is not; the game in play was never touched.
  let recheck = 0;
  const recheckSetup = () => {
    clearTimeout(recheck);
    recheck = window.setTimeout(() => {
      const shown = setupError && !error.hidden;
      if (!shown && !setup.el.querySelector("input[aria-invalid]")) return;
      const r = setup.read(); // also puts each number field's aria-invalid right
      if (!shown) return;
      if ("errors" in r) error.textContent = r.errors.join("\n");
      else {
        error.hidden = true;
        setupError = false;
      }
    }, 300);
  };
  setup.el.addEventListener("change", recheckSetup);
  setup.el.addEventListener("input", recheckSetup);
  /**
   * Asks the worker for the next turn. `fresh`: a new or imported game, not a move in this one (nothing to
   * compare the board with). On failure the game in play stays fully usable: its turn (Export JSON), its
   * board and its status line are kept, and the error says what went wrong.
   */
  const call = async (f: (w: PlayWorker) => Promise<Turn<AnyView>>, fresh = false): Promise<boolean> => {
    if (busy) return false;
    busy = true;
    const statusBefore = status.textContent;
    // A keyboard player who chose from the list keeps the keyboard there: focus the next first candidate.
    const keepFocus = root.contains(document.activeElement) && document.activeElement !== newBtn;
    root.setAttribute("aria-busy", "true");
    // The candidates on screen belong to the position being left: they cannot be taken while the AI thinks (a
    // click on one was dropped without a sign), so they are shown disabled until the next position is drawn.
    const held = [...choicesEl.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
    for (const btn of held) btn.disabled = true;
    status.textContent = "The AI is thinking…";
    try {
      const w = await (worker ??= openPlayWorker());
      const next = await Promise.race([f(w), w.failed]);
      error.hidden = true;
      previous = fresh ? undefined : turn?.view;
      turn = next;
      await saveGame(storeKey(kind), next.saved)
        .then(() => saveGame(graphKey(kind), next.graph))
        .catch((e: unknown) => showError(new Error(`the game could not be kept in the browser: ${(e as Error).message}`)));
      aiSelect.value = next.ai.kind;
      thinkingSelect.value = next.ai.thinking;
      thinkingSelect.disabled = next.ai.kind !== "mcts";
      st.selected = null;
      territoryFilter = null;
      render();
      if (keepFocus && !root.contains(document.activeElement)) (choicesEl.querySelector<HTMLButtonElement>("button[data-action]") ?? choicesEl.querySelector<HTMLButtonElement>("button"))?.focus();
      return true;
    } catch (e) {
      showError(e);
      status.textContent = statusBefore;
      return false;
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
      // Still on screen when nothing new was drawn (an error): usable again.
      for (const btn of held) if (btn.isConnected) btn.disabled = false;
    }
  };

  const choose = (action: number) => void call((w) => w.api.choose(action) as Promise<Turn<AnyView>>);

  const pickOnBoard = (match: (c: AosView["choices"][number]) => boolean) => {
    const v = turn?.view;
    if (!v || v.kind !== "aos") return false;
    const c = v.choices.find(match);
    if (c) choose(c.action);
    return Boolean(c);
  };

  const handlers = {
    piece(id: number) {
      const v = turn?.view;
      if (!v || v.kind !== "aos") return;
      if (st.selected !== null && pickOnBoard((c) => c.unit === st.selected && c.target === id)) return;
      // Only one candidate for this unit with no target (retreat, reserve): a second click takes it.
      st.selected = v.choices.some((c) => c.unit === id) ? (st.selected === id ? null : id) : null;
      render();
    },
    objective(id: string) {
      if (st.selected !== null && pickOnBoard((c) => c.unit === st.selected && c.objective === id)) return;
      pickOnBoard((c) => c.unit === undefined && c.objective === id);
    },
  };

  /** The AI's answer: its steps with their reasons, the last searched one under the board, and the graph. */
  function renderAi(names: readonly [string, string], human: 0 | 1): void {
    const t = turn!;
    aiHeading.textContent = `The AI's answer (${t.ai.kind === "mcts" ? `the search, ${t.ai.thinking}` : "the scripted policy"})`;
    const item = (x: ShownStep) =>
      h("li", { class: x.player < 0 ? "chance" : x.note ? "searched" : "" }, x.player < 0 ? `dice: ${x.text}` : x.text, ...(x.note ? [h("span", { class: "reason" }, ` — ${x.note.reason}`)] : []));
    aiEl.replaceChildren(...t.lastAi.slice(-40).map(item));
    if (!t.lastAi.length) aiEl.append(h("li", { class: "note" }, noAnswer(t)));
    if (t.aiNote) aiEl.prepend(h("li", { class: "note fallback" }, t.aiNote));
    const lastSearched = [...t.lastAi].reverse().find((x) => x.note);
    aiReason.replaceChildren(...(lastSearched ? [h("strong", {}, "The AI: "), lastSearched.text, h("span", { class: "reason" }, ` — ${lastSearched.note!.reason}`)] : []));
    aiReason.hidden = !lastSearched;
    drawWinGraph(graphEl, t.graph, human, names);
  }

  /**
   * Arrows for the AI's decisions since your last one (AoS and MESBG: web/play/move-lines.ts): a move from
   * where the unit or model stood to where the engine put it, an attack or a spell to its target, a unit set up
   * ringed where it stands (a MESBG activation's ring is left out when its move is drawn). The last eight (a
   * whole turn's would hide the board); the one whose reason is under the board is marked "latest".
   */
  function aiArrows(v: AosView | MesbgView): Arrow[] {
    const here = new Set((v.kind === "aos" ? aosPieces(v) : mesbgPieces(v)).filter((p) => !p.gone).map((p) => p.id));
    const mine = turn!.lastAi.filter((x) => x.line && x.player === 1 - v.human && (x.line.unit < 0 || here.has(x.line.unit)));
    const moving = new Set(mine.filter((x) => x.line!.moved || x.line!.target !== undefined).map((x) => x.line!.unit));
    const shown = mine.filter((x) => x.line!.moved || x.line!.target !== undefined || x.line!.objective !== undefined || !moving.has(x.line!.unit)).slice(-8);
    const latest = [...turn!.lastAi].reverse().find((x) => x.note);
    const ring = v.kind === "mesbg" ? 1.4 : 2.2;
    return shown.map((x) => lineArrow(x.line!, "ai", `${x.text}${x.note ? ` — ${x.note.reason}` : ""}`, { ring, ...(x === latest ? { classes: "latest" } : {}) }));
  }

  function renderCampaign(v: CampaignView): void {
    const all = v.choices;
    const list = territoryFilter === null ? all : all.filter((c) => c.label.includes(territoryFilter!));
    drawCampaignMap(board as SVGSVGElement, v, (i) => {
      const name = v.territories[i]!.name;
      const hits = all.filter((c) => c.label.includes(name));
      if (hits.length === 1) return choose(hits[0]!.action);
      territoryFilter = hits.length ? name : null;
      render();
    });
    heading.replaceChildren(h("span", { class: "side-name", style: `color:${SIDE_COLOURS[0]}` }, v.armies[0]), h("span", { class: "vs" }, " vs "), h("span", { class: "side-name", style: `color:${SIDE_INKS[1]}` }, v.armies[1]), ` — ${v.name}`);
    legend.textContent = `You play ${v.armies[v.human]}. Campaign turn ${v.turn} of ${v.turns}, ${v.phase}. A = ${v.armies[0]}, B = ${v.armies[1]}: the owner's letter and ring; flags are Banners; ★ special sections and the Lake. Click a territory to pick the order that names it.`;
    choicesEl.replaceChildren(...list.map((c) => {
      const b = h("button", { type: "button", "data-action": String(c.action) }, c.label);
      b.addEventListener("click", () => choose(c.action));
      return h("li", {}, b);
    }));
    if (territoryFilter !== null) {
      const back = h("button", { type: "button", class: "link" }, "show every candidate");
      back.addEventListener("click", () => {
        territoryFilter = null;
        render();
      });
      choicesEl.append(h("li", { class: "note" }, `Candidates naming ${territoryFilter} — `, back));
    }
    if (!list.length) choicesEl.append(h("li", { class: "note" }, turn!.over ? campaignEnd(v.result) : "Waiting for the AI."));
    renderAi(v.armies, v.human);
    sheetEl.replaceChildren(h("table", { class: "sheet-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "realm"), h("th", {}, "territories"), h("th", {}, "Banners"), h("th", {}, "Influence"))),
      h("tbody", {}, ...[0, 1].map((p) => h("tr", {}, h("td", { style: `color:${SIDE_INKS[p]}` }, `${p === 0 ? "A" : "B"} ${v.armies[p]}`), h("td", {}, String(v.territories.filter((t) => t.owner === p).length)), h("td", {}, String(v.banners.filter((b) => b.owner === p).length)), h("td", {}, String(v.influence[p])))))));
    logEl.textContent = v.log.join("\n");
    battles?.render(v, turn!.saved);
    status.textContent = turn!.over ? campaignEnd(v.result) : `Your orders (${v.armies[v.human]}): ${all.length} candidate${all.length === 1 ? "" : "s"}.`;
    root.dataset.steps = String(turn!.saved.steps.length);
    onDrawn();
  }

  function render(): void {
    if (!turn) return;
    const v0 = turn.view;
    if (v0.kind === "campaign") return renderCampaign(v0);
    const v = v0;
    // What the AI moved or hurt since your last decision: compared with the board you last saw.
    st.moved = new Map();
    if (previous && previous.kind !== "campaign") {
      const before = previous.kind === "aos" ? aosPieces(previous) : mesbgPieces(previous as MesbgView);
      const after = v.kind === "aos" ? aosPieces(v) : mesbgPieces(v);
      for (const p of after) {
        const b = before.find((q) => q.id === p.id);
        if (b && (b.x !== p.x || b.y !== p.y || b.label !== p.label || b.title !== p.title || b.gone !== p.gone)) st.moved.set(p.id, { x: b.gone ? p.x : b.x, y: b.gone ? p.y : b.y });
      }
    }
    const aosChoices = v.kind === "aos" ? v.choices : [];
    const mine = st.selected === null ? aosChoices : aosChoices.filter((c) => c.unit === st.selected);
    st.targets = new Set(mine.flatMap((c) => (st.selected !== null && c.target !== undefined ? [c.target] : [])));
    st.targetObjectives = new Set(mine.flatMap((c) => (c.objective !== undefined && (st.selected !== null || c.unit === undefined) ? [c.objective] : [])));
    drawBoard(board, v, v.kind === "aos" ? aosPieces(v) : mesbgPieces(v), st, handlers);
    drawArrows(board, v.depth, aiArrows(v));
    // What the AI moved glides from where it stood to where it stands (none with prefers-reduced-motion), once
    // per answer: a redraw for a click on a unit does not play it again.
    if (animated !== turn) animateMoves(board, st.moved, v.kind === "aos" ? aosPieces(v) : mesbgPieces(v));
    animated = turn;

    const names = v.kind === "aos" ? v.armies : v.forces;
    heading.replaceChildren(
      h("span", { class: "side-name", style: `color:${SIDE_COLOURS[0]}` }, names[0]), h("span", { class: "vs" }, " vs "), h("span", { class: "side-name", style: `color:${SIDE_INKS[1]}` }, names[1]),
      v.kind === "aos" ? ` — ${v.plan.name}` : " — The Forces Clash",
    );
    legend.textContent =
      v.kind === "aos"
        ? `You play ${names[v.human]}. Round ${v.round}, ${v.step}. Victory points ${v.victoryPoints[0]} : ${v.victoryPoints[1]}, command points ${v.commandPoints[0]} : ${v.commandPoints[1]}. Numbers are models left; hover a unit for its ranges; a ring marks what the AI moved, an arrow where it went or what it attacked.`
        : `You play ${names[v.human]}. Turn ${v.turn} of ${v.maxTurns}. Bases to scale; hover a model for its ranges; a ring marks what the AI moved, an arrow where it went or what it attacked.`;

    const list = v.kind === "aos" ? mine : v.choices;
    choicesEl.replaceChildren(
      ...list.map((c) => {
        const b = h("button", { type: "button", "data-action": String(c.action) }, c.label);
        b.addEventListener("click", () => choose(c.action));
        return h("li", {}, b);
      }),
    );
    if (st.selected !== null && v.kind === "aos") {
      const all = h("button", { type: "button", class: "link" }, "show every candidate");
      all.addEventListener("click", () => {
        st.selected = null;
        render();
      });
      choicesEl.append(h("li", { class: "note" }, `Candidates of ${v.units[st.selected]!.name} — `, all));
    }
    if (!list.length) choicesEl.append(h("li", { class: "note" }, turn.over ? `The game is over: ${v.result ?? ""}` : "Waiting for the AI."));
    renderAi(names, v.human);
    if (v.kind === "aos") sheetEl.replaceChildren(sheetTable(v));
    else sheetEl.replaceChildren(h("p", {}, `${names[0]}: ${v.models.filter((m) => m.side === 0 && m.alive).length} models standing; ${names[1]}: ${v.models.filter((m) => m.side === 1 && m.alive).length}.`), ...(v.result ? [h("p", { class: "result" }, `Result: ${v.result}`)] : []));
    logEl.textContent = v.log.join("\n");
    status.textContent = turn.over ? `Game over: ${v.result ?? ""}` : `Your move (${names[v.human]}): ${list.length} candidate${list.length === 1 ? "" : "s"}.`;
    root.dataset.steps = String(turn.saved.steps.length);
    onDrawn();
  }

  newBtn.addEventListener("click", () => {
    const r = setup.read();
    // An army that cannot be played: its message, and the game in play (and the kept one) left alone.
    if ("errors" in r) {
      showError(new Error(r.errors.join("\n")));
      setupError = true;
      return;
    }
    void call((w) => w.api.start({ game: kind, ...r, ai: aiChoice() }) as Promise<Turn<AnyView>>, true);
  });
  exportBtn.addEventListener("click", () => {
    if (!turn) return;
    const a = h("a", { href: URL.createObjectURL(new Blob([JSON.stringify(turn.saved)], { type: "application/json" })), download: `tactica-${kind}-game.json` }) as HTMLAnchorElement;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  importLabel.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && importInput.click());
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (file) await importText(await file.text());
  });
  /** An imported game: a bad file gets its message and leaves the game in play (and the kept one) alone. */
  async function importText(text: string): Promise<boolean> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      showError(new Error(`the file is not JSON: ${(e as Error).message}`));
      return false;
    }
    return call((w) => w.api.restore(kind, json, aiOfSaved(json) ?? aiChoice()) as Promise<Turn<AnyView>>, true);
  }
  (root as HTMLElement & { importText?: typeof importText }).importText = importText;

  let started = false;
  return {
    show() {
      root.hidden = false;
      if (started) return;
      started = true;
      void (async () => {
        const kept = await loadGame(storeKey(kind)).catch(() => undefined);
        const points = kept ? await loadGame(graphKey(kind)).catch(() => undefined) : undefined;
        if (kept && (await call((w) => w.api.restore(kind, kept, aiOfSaved(kept) ?? aiChoice(), Array.isArray(points) ? points : undefined) as Promise<Turn<AnyView>>))) {
          status.textContent = `Restored the game you were playing (${turn!.saved.steps.length} decisions). ${status.textContent}`;
          return;
        }
        if (kept) await Promise.all([forgetGame(storeKey(kind)), forgetGame(graphKey(kind))]).catch(() => undefined);
        newBtn.click();
      })();
    },
    hide() {
      root.hidden = true;
    },
  };
}

function sheetTable(v: AosView): HTMLElement {
  const rows = v.sheet.map((t) => {
    const vp = [0, 1].map((p) => t.lines.filter((l) => l.player === p).reduce((s, l) => s + l.victoryPoints, 0));
    const who = t.player === null ? "end" : `R${t.round} ${v.armies[t.player]}`;
    return h("tr", {}, h("td", {}, who), h("td", {}, `+${vp[0]}`), h("td", {}, `+${vp[1]}`),
      h("td", { class: "why" }, t.lines.map((l) => `${v.armies[l.player]} +${l.victoryPoints} [${l.ruleId}] ${l.text}`).join("; ") + (t.battleTactic ? ` (tactic ${t.battleTactic}: ${t.battleTacticCompleted ? "completed" : "not completed"})` : "")));
  });
  return h("table", { class: "sheet-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "turn"), h("th", { style: `color:${SIDE_INKS[0]}` }, v.armies[0]), h("th", { style: `color:${SIDE_INKS[1]}` }, v.armies[1]), h("th", {}, "why"))),
    h("tbody", {}, ...rows),
    h("tfoot", {}, h("tr", {}, h("th", {}, "total"), h("th", {}, String(v.victoryPoints[0])), h("th", {}, String(v.victoryPoints[1])), h("th", {}, v.result ?? ""))));
}
