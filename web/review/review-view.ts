/**
 * The Review view (?view=review, issue 12): a saved game (the JSON `--save` and the Play views' export write)
 * opened from a file or dropped on the view, reviewed in a worker (web/review/review-worker.ts runs
 * src/review/review.ts, the CLI's `tactica review`), then replayed move by move: every step of the game in a
 * list with the review's marks beside the reviewed player's decisions, step back and forward with the buttons
 * or the arrow keys (Home / End for the ends), the current decision's loss and best choice, and the win
 * probability over the game as a D3 chart with the current move marked. Beside them the battlefield (the Play
 * views' board, web/play/board.ts) at the current step — the position after that many moves, replayed through
 * the game's engine in the worker (web/review/review-boards.ts) — with the move made drawn as an arrow (from
 * where the unit stood to where it went, or to what it shot, charged or cast at) and, at a reviewed decision
 * whose best choice is another, the review's best choice as a dashed arrow beside it.
 *
 * The last review is kept in IndexedDB (key "review") and shown again after a reload. A file that is not a
 * saved game shows its message and changes nothing: the review on screen and the one kept stay.
 */
import * as Comlink from "comlink";
import { axisBottom, axisLeft, line, scaleLinear, select } from "d3";
import { OKABE_ITO, SIDE_COLOURS } from "../colours.js";
import { h } from "../dom.js";
import { MAX_SEED, readInput } from "../fields.js";
import { loadGame, saveGame } from "../play/store.js";
import type { Mark } from "../../src/review/marks.js";
import type { GameReview } from "../../src/review/review.js";
import type { ReviewApi } from "./review-worker.js";
import type { ReviewBoards } from "./review-boards.js";
import { type Arrow, aosPieces, type BoardState, drawArrows, drawBoard, lineArrow, mesbgPieces, SIDE_INKS } from "../play/board.js";
import { coverageDisclosure } from "../coverage.js";

export const REVIEW_KEY = "review";

/** The marks' colours (Okabe-Ito; each mark also has its chess symbol, so colour is never the only cue). */
export const MARK_COLOURS: Record<Mark, string> = { good: OKABE_ITO.bluishGreen, inaccuracy: OKABE_ITO.yellow, mistake: OKABE_ITO.orange, blunder: OKABE_ITO.reddishPurple };
const SYMBOLS: Record<Mark, string> = { good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const pct = (x: number) => `${Math.round(100 * x)}%`;

interface Kept {
  name: string;
  steps: { player: number; text: string }[];
  review: GameReview;
  /** The saved game itself, replayed for the board (a review kept before the board has none). */
  save?: unknown;
}

/** The reviewed decisions' choice made and best choice, for the board's arrows. */
const bestOf = (r: GameReview) => r.decisions.map((d) => ({ index: d.index, best: d.best, action: d.action }));

/** What a file must look like before it goes to the worker (the worker checks everything else, naming the field). */
function stepsOf(json: unknown): { player: number; text: string }[] {
  const steps = (json as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.map((s) => ({ player: Number((s as { player?: unknown }).player), text: String((s as { text?: unknown }).text ?? "").slice(0, 2000) }));
}

export function createReviewView(onDrawn: () => void): { show(): void; hide(): void } {
  const root = h("main", { id: "view-review", class: "review", hidden: "" });
  document.querySelector("footer")!.before(root);
  const fileInput = h("input", { type: "file", accept: ".json,application/json", id: "review-file", class: "visually-hidden" }) as HTMLInputElement;
  const fileLabel = h("label", { for: "review-file", class: "button primary", tabindex: "0" }, "Open a saved game");
  const opt = (value: string, text: string) => h("option", { value }, text);
  const player = h("select", { id: "review-player" }, opt("", "the file's human side"), opt("0", "player 0"), opt("1", "player 1")) as HTMLSelectElement;
  const budget = h("select", { id: "review-budget" }, opt("20", "quick (20 iterations)"), opt("", "as the CLI (AoS 100, MESBG 20)"), opt("300", "thorough (300)")) as HTMLSelectElement;
  budget.value = "";
  const seed = h("input", { type: "number", id: "review-seed", min: "0", max: "4294967295", value: "1" }) as HTMLInputElement;
  const status = h("p", { class: "status", role: "status", id: "review-status" }, "Open or drop a game saved with --save or exported from a Play view.");
  const progress = h("progress", { id: "review-progress", max: "1", value: "0", hidden: "" }) as HTMLProgressElement;
  const error = h("p", { class: "error", role: "alert", id: "review-error", hidden: "" });
  const summary = h("p", { class: "review-summary", id: "review-summary" });
  // "N of this army's M abilities are not played" (src/saves/coverage.ts): the review's figures depend on them too.
  const coverage = h("div", { class: "mu-coverage-notes", id: "review-coverage" });
  const graph = h("div", { class: "review-graph", id: "review-graph" });
  const first = h("button", { type: "button", id: "review-first", "aria-label": "first move", disabled: "" }, "|◀") as HTMLButtonElement;
  const prev = h("button", { type: "button", id: "review-prev", "aria-label": "step back", disabled: "" }, "◀ back") as HTMLButtonElement;
  const next = h("button", { type: "button", id: "review-next", "aria-label": "step forward", disabled: "" }, "forward ▶") as HTMLButtonElement;
  const last = h("button", { type: "button", id: "review-last", "aria-label": "last move", disabled: "" }, "▶|") as HTMLButtonElement;
  const where = h("span", { id: "review-where", class: "review-where" });
  const detail = h("div", { id: "review-detail", class: "review-detail", "aria-live": "polite" });
  // Numbered from 1, as the counter above counts: "move 1 of 90" is item 1 (the start is before item 1).
  const moves = h("ol", { id: "review-moves", class: "review-moves", start: "1" });
  const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  board.setAttribute("class", "board review-board");
  board.setAttribute("id", "review-board");
  board.setAttribute("role", "group");
  board.setAttribute("aria-label", "The battlefield at the current move");
  const boardNote = h("p", { class: "board-legend", id: "review-legend" });
  root.append(
    h("div", { class: "review-controls", id: "review-drop" }, fileLabel, fileInput, h("label", {}, "Review ", player), h("label", {}, "Search ", budget), h("label", {}, "Seed ", seed), status, progress, error),
    h("section", { class: "review-main" }, summary, coverage, h("div", { class: "review-steps" }, first, prev, where, next, last), board, boardNote, detail, graph),
    h("aside", { class: "review-side" }, h("h3", {}, "Moves"), moves),
  );

  let kept: Kept | null = null;
  /** The boards of the kept review's game (null: not replayed yet, or a review kept without its game). */
  let boards: ReviewBoards | null = null;
  /** The current step: -1 before the first move, else the index of the last move played. */
  let at = -1;
  let worker: Worker | null = null;
  let shown = false;
  let restored = false;

  const showError = (message: string) => {
    error.textContent = message;
    error.hidden = false;
  };

  function drawGraph(r: GameReview): void {
    graph.replaceChildren();
    const W = 640, H = 200, m = { l: 40, r: 12, t: 10, b: 30 };
    const n = r.decisions.length;
    const svg = select(graph).append("svg").attr("viewBox", `0 0 ${W} ${H}`).attr("class", "chart").attr("role", "img").attr("aria-label", `The win probability of player ${r.player} after each reviewed decision`);
    const x = scaleLinear().domain([0, Math.max(1, n - 1)]).range([m.l, W - m.r]);
    const y = scaleLinear().domain([0, 1]).range([H - m.b, m.t]);
    svg.append("g").attr("transform", `translate(0,${H - m.b})`).call(axisBottom(x).tickValues(x.ticks(Math.min(10, n)).filter(Number.isInteger)).tickFormat((d) => String(d)));
    svg.append("g").attr("transform", `translate(${m.l},0)`).call(axisLeft(y).ticks(5).tickFormat((d) => `${Math.round(100 * Number(d))}%`));
    svg.append("text").attr("x", (m.l + W - m.r) / 2).attr("y", H - 2).attr("text-anchor", "middle").attr("class", "axis-label").text("reviewed decision");
    svg.append("line").attr("x1", m.l).attr("x2", W - m.r).attr("y1", y(0.5)).attr("y2", y(0.5)).attr("stroke", "#999").attr("stroke-dasharray", "3 3");
    const pts = r.decisions.map((d, i) => [x(i), y(d.winMade)] as [number, number]);
    svg.append("path").attr("d", line()(pts) ?? "").attr("fill", "none").attr("stroke", SIDE_COLOURS[r.player]).attr("stroke-width", 2);
    svg.append("g").selectAll("circle").data(r.decisions).join("circle")
      .attr("class", (d) => `mark-dot mark-${d.mark}`).attr("data-index", (d) => String(d.index))
      .attr("cx", (_d, i) => x(i)).attr("cy", (d) => y(d.winMade)).attr("r", (d) => (d.mark === "good" ? 2.5 : 5))
      .attr("fill", (d) => MARK_COLOURS[d.mark]).attr("stroke", "#333").attr("stroke-width", (d) => (d.mark === "good" ? 0 : 1))
      .append("title").text((d) => `step ${d.index}: ${d.label} — ${d.mark}${d.loss > 0 ? `, cost ${pct(d.loss)}` : ""}`);
    svg.append("line").attr("id", "review-cursor").attr("y1", m.t).attr("y2", H - m.b).attr("stroke", "#000").attr("stroke-width", 1).attr("visibility", "hidden");
  }

  function moveCursor(): void {
    if (!kept) return;
    const cursor = graph.querySelector<SVGLineElement>("#review-cursor");
    const ds = kept.review.decisions;
    // The cursor stands on the last reviewed decision at or before the current step.
    let i = -1;
    for (let k = 0; k < ds.length && ds[k]!.index <= at; k++) i = k;
    const dots = graph.querySelectorAll<SVGCircleElement>("circle.mark-dot");
    if (!cursor || i < 0 || !dots[i]) return cursor?.setAttribute("visibility", "hidden");
    const cx = dots[i]!.getAttribute("cx")!;
    cursor.setAttribute("x1", cx);
    cursor.setAttribute("x2", cx);
    cursor.setAttribute("visibility", "visible");
  }

  function drawMoves(k: Kept): void {
    const byIndex = new Map(k.review.decisions.map((d) => [d.index, d]));
    moves.replaceChildren(
      ...k.steps.map((s, i) => {
        const d = byIndex.get(i);
        const who = s.player < 0 ? "dice" : `player ${s.player}`;
        const li = h("li", { "data-index": String(i), class: `${s.player === k.review.player ? "mine" : "theirs"}${d ? ` mark-${d.mark}` : ""}` },
          h("span", { class: "who" }, `${who}: `), s.text,
          d && d.mark !== "good" ? h("span", { class: `mark-badge mark-${d.mark}`, title: `${d.mark}: cost ${pct(d.loss)}` }, ` ${SYMBOLS[d.mark]} ${d.mark}`) : null);
        li.addEventListener("click", () => go(i));
        return li;
      }),
    );
  }

  function drawStep(): void {
    if (!kept) return;
    const total = kept.steps.length;
    where.textContent = at < 0 ? `start (0 of ${total} moves)` : `move ${at + 1} of ${total}`;
    first.disabled = prev.disabled = at < 0;
    next.disabled = last.disabled = at >= total - 1;
    for (const li of moves.querySelectorAll("li")) {
      const cur = Number(li.dataset.index) === at;
      li.classList.toggle("current", cur);
      if (cur) {
        li.setAttribute("aria-current", "step");
        li.scrollIntoView?.({ block: "nearest" });
      } else li.removeAttribute("aria-current");
    }
    const d = kept.review.decisions.find((x) => x.index === at);
    const s = kept.steps[at];
    detail.replaceChildren();
    if (!s) detail.append(h("p", {}, "The start of the game. Step forward (→) to replay it."));
    else if (!d) detail.append(h("p", {}, `${s.player < 0 ? "A roll of the dice" : `Player ${s.player}`}: ${s.text}`), h("p", { class: "note" }, s.player === kept.review.player ? "A forced decision (one choice): not reviewed." : "Not the reviewed player's decision."));
    else {
      const vp = d.expectedVpDiff === undefined ? "" : `; VP margin ${d.expectedVpDiff.toFixed(1)} (best ${d.expectedVpDiffBest!.toFixed(1)})`;
      detail.append(
        h("p", { class: `verdict mark-${d.mark}` }, `${SYMBOLS[d.mark] ? `${SYMBOLS[d.mark]} ` : ""}${d.mark}`, d.loss > 0 ? ` — cost ${pct(d.loss)} (±${pct(2 * d.lossError)})` : ""),
        h("p", {}, `Played: ${d.label} — ${pct(d.winMade)} to win${vp}`),
        h("p", {}, d.best === d.action ? "The best choice found." : `Best: ${d.bestLabel} — ${pct(d.winBest)} to win`),
        h("p", { class: "note" }, `${d.turn} (${d.phase}); ${d.choices} choices; the search tried this one ${d.visits} times in ${d.iterations}`),
      );
      const note = confirmationNote(d, kept.review.samples.confirm);
      if (note) detail.append(h("p", { class: "note", id: "review-confirmed" }, note));
    }
    moveCursor();
    drawReviewBoard(d ? { best: d.best, action: d.action, bestLabel: d.bestLabel } : null);
  }

  /** The board after move `at`, the move made as an arrow and, where the review's best choice is another, that one dashed. */
  function drawReviewBoard(d: { best: number; action: number; bestLabel: string } | null): void {
    if (!kept || !boards || boards.views.length !== kept.steps.length + 1) {
      board.replaceChildren();
      board.removeAttribute("data-step");
      board.style.display = "none";
      boardNote.textContent = kept && !kept.save ? "This review was kept without its game: open the file again to see the battlefield." : kept ? "Replaying the game for the battlefield…" : "";
      return;
    }
    board.style.display = "";
    const v = boards.views[at + 1]!;
    const line = at >= 0 ? boards.lines[at] : null;
    const best = at >= 0 && d && d.best !== d.action ? boards.best.find((b) => b.index === at)?.line ?? null : null;
    const pieces = v.kind === "aos" ? aosPieces(v) : mesbgPieces(v);
    const st: BoardState = { selected: null, moved: new Map(), targets: new Set(), targetObjectives: new Set() };
    // The unit that moved is ringed where it stands now; the arrow shows where it came from.
    if (line && line.unit >= 0) st.moved.set(line.unit, line.moved ? line.to : line.from);
    if (line?.target !== undefined) st.targets.add(line.target);
    drawBoard(board, v, pieces, st, { piece: () => undefined, objective: () => undefined });
    const ring = v.kind === "mesbg" ? 1.4 : 2.2;
    const step = at >= 0 ? kept.steps[at]! : null;
    const arrows: Arrow[] = [
      ...(best ? [lineArrow(best, "best", `The review's best choice: ${d!.bestLabel}`, { ring: ring + 0.5, label: "best" })] : []),
      ...(line && step ? [lineArrow(line, "made", `${step.player < 0 ? "dice" : `player ${step.player}`}: ${step.text}`, { ring })] : []),
    ];
    drawArrows(board, v.depth, arrows);
    board.dataset.step = String(at + 1);
    const names = v.kind === "aos" ? v.armies : v.forces;
    const where = v.kind === "aos" ? `Round ${v.round}, ${v.step}; victory points ${v.victoryPoints[0]} : ${v.victoryPoints[1]}` : `Turn ${v.turn} of ${v.maxTurns}`;
    boardNote.replaceChildren(
      h("span", { style: `color:${SIDE_INKS[0]}`, class: "side-name" }, names[0]), " vs ", h("span", { style: `color:${SIDE_INKS[1]}`, class: "side-name" }, names[1]),
      `. ${where}. `,
      line ? "The solid arrow is the move made" : at >= 0 ? "Nothing moved on the board" : "The position before the first move",
      best ? "; the dashed one the review's best choice." : ".",
    );
  }

  /** The kept review's boards, from its game (replayed in a review worker of its own; no search). */
  async function loadBoards(k: Kept): Promise<void> {
    if (!k.save) return drawStep();
    const w = new Worker(new URL("./review-worker.ts", import.meta.url), { type: "module" });
    try {
      const api = Comlink.wrap<ReviewApi>(w);
      const b = await api.boards(k.save, k.review.player, bestOf(k.review));
      if (kept === k) {
        boards = b;
        drawStep();
        onDrawn();
      }
    } catch (e) {
      if (kept === k) boardNote.textContent = `The battlefield could not be replayed: ${(e as Error).message}`;
    } finally {
      w.terminate();
    }
  }

  function go(i: number): void {
    if (!kept) return;
    at = Math.max(-1, Math.min(kept.steps.length - 1, i));
    drawStep();
  }

  function showKept(k: Kept, b: ReviewBoards | null): void {
    kept = k;
    boards = b;
    const r = k.review;
    summary.textContent = `${k.name}: ${r.game === "aos" ? "Pitched Battle" : "MESBG"}, player ${r.player}${r.result === null ? " (unfinished)" : r.result === 1 ? " (won)" : r.result === 0 ? " (lost)" : " (drawn)"} — ${r.summary.text}`;
    coverage.replaceChildren(...(r.abilities ?? []).map(coverageDisclosure));
    drawGraph(r);
    drawMoves(k);
    root.dataset.steps = String(k.steps.length);
    go(-1);
    onDrawn();
  }

  async function review(name: string, text: string): Promise<void> {
    error.hidden = true;
    // The seed crosses its schema first, worded as Matchup's: a bad one reviews nothing.
    const sd = readInput(seed, "seed", 0, MAX_SEED);
    if (!sd.ok) return showError(`${sd.message}; nothing was reviewed${kept ? " — the review shown is kept" : ""}.`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return showError(`${name}: not JSON (${(e as Error).message.slice(0, 120)}); nothing changed.`);
    }
    const steps = stepsOf(json);
    worker?.terminate();
    const w = new Worker(new URL("./review-worker.ts", import.meta.url), { type: "module" });
    worker = w;
    const api = Comlink.wrap<ReviewApi>(w);
    const failed = new Promise<never>((_, reject) => w.addEventListener("error", (e) => (e.preventDefault(), reject(new Error(`the review worker failed${e.message ? `: ${e.message}` : ""}`)))));
    status.textContent = `Reviewing ${name}…`;
    progress.hidden = false;
    progress.value = 0;
    root.setAttribute("aria-busy", "true");
    try {
      const request = { json, seed: sd.value, ...(player.value ? { player: Number(player.value) as 0 | 1 } : {}), ...(budget.value ? { iterations: Number(budget.value) } : {}) };
      const r = await Promise.race([api.review(request, Comlink.proxy((done: number, total: number) => {
        progress.max = total;
        progress.value = done;
        status.textContent = `Reviewing ${name}: decision ${done} of ${total}…`;
      })), failed]);
      if (worker !== w) return;
      const b = await Promise.race([api.boards(json, r.player, bestOf(r)), failed]);
      if (worker !== w) return;
      const k: Kept = { name: name.slice(0, 200), steps, review: r, save: json };
      showKept(k, b);
      status.textContent = `Reviewed ${r.decisions.length} decisions of ${r.steps} steps (search ${r.budget}).`;
      await saveGame(REVIEW_KEY, k).catch(() => undefined);
    } catch (e) {
      if (worker !== w) return;
      const err = e as Error;
      showError(`${err.name === "InputError" ? "" : "Error: "}${err.message}${kept ? " — the review shown is kept." : ""}`);
      status.textContent = kept ? `Showing ${kept.name}.` : "Open or drop a saved game.";
    } finally {
      if (worker === w) {
        progress.hidden = true;
        root.removeAttribute("aria-busy");
        w.terminate();
        worker = null;
      }
    }
  }

  fileInput.addEventListener("change", async () => {
    const f = fileInput.files?.[0];
    fileInput.value = "";
    if (f) await review(f.name, await f.text());
  });
  fileLabel.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") (e.preventDefault(), fileInput.click());
  });
  root.addEventListener("dragover", (e) => {
    e.preventDefault();
    root.classList.add("dragging");
  });
  root.addEventListener("dragleave", () => root.classList.remove("dragging"));
  root.addEventListener("drop", async (e) => {
    e.preventDefault();
    root.classList.remove("dragging");
    const f = e.dataTransfer?.files?.[0];
    if (f) await review(f.name, await f.text());
  });
  first.addEventListener("click", () => go(-1));
  prev.addEventListener("click", () => go(at - 1));
  next.addEventListener("click", () => go(at + 1));
  last.addEventListener("click", () => go(Infinity));
  document.addEventListener("keydown", (e) => {
    if (!shown || !kept || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    const to = e.key === "ArrowLeft" ? at - 1 : e.key === "ArrowRight" ? at + 1 : e.key === "Home" ? -1 : e.key === "End" ? Infinity : null;
    if (to === null) return;
    e.preventDefault();
    go(to);
  });

  return {
    show() {
      root.hidden = false;
      shown = true;
      if (restored) return onDrawn();
      restored = true;
      void loadGame(REVIEW_KEY)
        .then((k) => {
          const v = k as Kept | undefined;
          if (!kept && v && Array.isArray(v.steps) && v.review && Array.isArray(v.review.decisions)) {
            showKept(v, null);
            void loadBoards(v);
            status.textContent = `Showing ${v.name} (kept from before).`;
          }
        })
        .catch(() => undefined)
        .finally(onDrawn);
    },
    hide() {
      root.hidden = true;
      shown = false;
    },
  };
}

/** For tests: a review opened from text, as a file picked or dropped. */
export async function openReviewText(name: string, text: string): Promise<void> {
  const input = document.getElementById("review-file") as HTMLInputElement;
  const dt = new DataTransfer();
  dt.items.add(new File([text], name, { type: "application/json" }));
  input.files = dt.files;
  input.dispatchEvent(new Event("change"));
}

/**
 * What the fresh-dice check (src/review/review.ts, step 4) said of a decision the first values would have
 * marked; null for the others (and for a review kept from before the check, which has no `confirmed`).
 */
export function confirmationNote(d: { confirmed?: boolean; mark: string }, confirm: { outcomes: number; rollouts: number } | undefined): string | null {
  if (!d.confirmed) return null;
  const size = confirm ? ` (${confirm.outcomes * confirm.rollouts} rollouts per choice)` : "";
  return d.mark === "good"
    ? `The first rollouts put this choice behind; fresh dice${size} did not find the loss again, so it is not marked.`
    : `Confirmed on fresh dice${size}: the figures above are theirs.`;
}
