/**
 * The Coach view (?view=coach): "here is my position — what should I do, and why?" in the browser. The position
 * is the game in progress in Play (AoS or MESBG, as kept in IndexedDB), a file (a saved game or a hand-entered
 * position: the same JSON as `tactica coach FILE`), or JSON pasted in; the coach runs in a worker of its own
 * (the play worker's `coach`, web/coach/coach-run.ts) and answers with the top moves — win probability, expected
 * VP margin, visits and the one-line reason — ranked in a list and drawn on the board as numbered arrows from
 * the unit to its destination or target; at an AoS battle-tactic decision (the hero phase's), the tactic to pick.
 */
import aosLastRound from "../../examples/positions/aos-last-round.json" with { type: "json" };
import mesbgTurn4 from "../../examples/positions/mesbg-turn-4.json" with { type: "json" };
import { h } from "../dom.js";
import { readInput } from "../fields.js";
import { type Arrow, aosArrowEnds, aosPieces, drawArrows, drawBoard, lineArrow, mesbgPieces } from "../play/board.js";
import { openPlayWorker, type PlayWorker } from "../play/client.js";
import type { MesbgView } from "../play/mesbg-adapter.js";
import { loadGame } from "../play/store.js";
import type { CoachAnswer } from "./coach-run.js";
import { coverageDisclosure } from "../coverage.js";

export const COACH_EXAMPLES: { name: string; json: unknown }[] = [
  { name: "AoS: the last round, the tactic to pick (examples/positions/aos-last-round.json)", json: aosLastRound },
  { name: "MESBG: turn 4 (examples/positions/mesbg-turn-4.json)", json: mesbgTurn4 },
];

const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(100 * x)}%` : "—");
const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(1)}`;

export interface CoachView {
  show(): void;
  hide(): void;
}

export function createCoachView(onDrawn: () => void): CoachView {
  const root = h("main", { id: "view-coach", class: "play coach", hidden: "" });
  document.querySelector("footer")!.before(root);
  const opt = (value: string, text: string) => h("option", { value }, text);
  const fromPlayAos = h("button", { type: "button", id: "coach-from-aos" }, "My AoS game in Play") as HTMLButtonElement;
  const fromPlayMesbg = h("button", { type: "button", id: "coach-from-mesbg" }, "My MESBG game in Play") as HTMLButtonElement;
  const example = h("select", { id: "coach-example" }, ...COACH_EXAMPLES.map((e, i) => opt(String(i), e.name))) as HTMLSelectElement;
  const exampleBtn = h("button", { type: "button", id: "coach-example-go" }, "Coach the example") as HTMLButtonElement;
  const fileInput = h("input", { type: "file", accept: ".json,application/json", id: "coach-file", class: "visually-hidden" }) as HTMLInputElement;
  const fileLabel = h("label", { for: "coach-file", class: "button", tabindex: "0" }, "Open a file…");
  const paste = h("textarea", { id: "coach-json", rows: "5", spellcheck: "false", placeholder: 'a saved game ("format": "tactica-game") or a position ("format": "tactica-position")', "aria-label": "Position JSON" }) as HTMLTextAreaElement;
  const pasteBtn = h("button", { type: "button", id: "coach-json-go" }, "Coach the pasted JSON") as HTMLButtonElement;
  const budget = h("select", { id: "coach-budget" }, opt("500", "500 searches (quick)"), opt("2000", "2,000 searches (the CLI's)"), opt("8000", "8,000 searches (deep)")) as HTMLSelectElement;
  budget.value = "2000";
  const top = h("input", { type: "number", min: "1", max: "20", value: "5", id: "coach-top" }) as HTMLInputElement;
  const status = h("p", { class: "status", role: "status", id: "coach-status" });
  const error = h("p", { class: "error", role: "alert", id: "coach-error", hidden: "" });
  const heading = h("h2", { id: "coach-heading" }, "Coach");
  const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  board.setAttribute("class", "board");
  board.setAttribute("id", "coach-board");
  board.setAttribute("role", "img");
  board.setAttribute("aria-label", "The position, with the coach's moves as numbered arrows");
  const legend = h("p", { class: "board-legend", id: "coach-legend" }, "Pick a position: the coach searches the decision of the player to act.");
  const tacticEl = h("p", { class: "coach-tactic", id: "coach-tactic", hidden: "" });
  const movesEl = h("ol", { class: "coach-moves", id: "coach-moves" });
  const lineEl = h("p", { class: "coach-line", id: "coach-line" });
  // "N of this army's M abilities are not played" (src/saves/coverage.ts): the advice depends on them too.
  const coverageEl = h("div", { class: "mu-coverage-notes", id: "coach-coverage" });
  fileLabel.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && fileInput.click());
  root.append(
    h("div", { class: "play-controls coach-controls" },
      h("div", { class: "play-buttons" }, fromPlayAos, fromPlayMesbg),
      h("div", { class: "play-setup" }, h("label", {}, "Example ", example)),
      h("div", { class: "play-buttons" }, exampleBtn, fileLabel, fileInput),
      h("div", { class: "play-setup" }, h("label", {}, "Search ", budget), h("label", {}, "Moves listed ", top)),
      h("details", { class: "coach-paste" }, h("summary", {}, "Paste a position (JSON)"), paste, h("div", { class: "play-buttons" }, pasteBtn)),
      status, error),
    h("section", { class: "play-board" }, heading, board, legend),
    h("aside", { class: "play-side" }, tacticEl, h("h3", {}, "The coach's moves: its recommendation, then the most searched"), movesEl, lineEl, coverageEl),
  );

  let worker: Promise<PlayWorker> | undefined;
  let busy = false;
  let answer: CoachAnswer | undefined;
  let focused = 0;

  const showError = (e: unknown) => {
    error.textContent = e instanceof Error ? e.message : String(e);
    error.hidden = false;
    status.textContent = "";
  };

  function arrows(a: CoachAnswer): Arrow[] {
    // MESBG: from the model to where the move puts it (its destination, its charge's contact point) or to its target.
    if (a.view.kind !== "aos") return a.moves.flatMap((m, i) => (m.line ? [lineArrow(m.line, "coach", `${i + 1}. ${m.label} — ${m.reason}`, { rank: i + 1, ring: 1.4 })] : []));
    const v = a.view;
    return a.moves.flatMap((m, i) => {
      const ends = aosArrowEnds(v, m.pointer);
      return ends ? [{ ...ends, kind: "coach" as const, rank: i + 1, title: `${i + 1}. ${m.label} — ${m.reason}` }] : [];
    });
  }

  /** The arrows, the move in focus (hover or keyboard in the list) drawn last and marked. */
  function drawFocus(): void {
    const a = answer!;
    const all = arrows(a);
    drawArrows(board, a.view.depth, focused ? [...all.filter((x) => x.rank !== focused), ...all.filter((x) => x.rank === focused)] : all);
    board.querySelector(`.arrow.rank-${focused}`)?.classList.add("focused");
    for (const li of movesEl.querySelectorAll("li")) li.classList.toggle("focused", li.dataset.rank === String(focused));
  }

  function render(): void {
    const a = answer!;
    const v = a.view;
    drawBoard(board, v, v.kind === "aos" ? aosPieces(v) : mesbgPieces(v as MesbgView), { selected: null, moved: new Map(), targets: new Set(), targetObjectives: new Set() }, { piece: () => undefined, objective: () => undefined });
    drawFocus();
    const names = v.kind === "aos" ? v.armies : v.forces;
    heading.textContent = `${names[a.player]} to decide — ${a.decision}`;
    legend.textContent = v.kind === "aos"
      ? `${names[0]} (blue) vs ${names[1]} (vermillion). Victory points ${v.victoryPoints[0]} : ${v.victoryPoints[1]}. Numbered arrows: the coach's moves, from the unit to its destination or target; 1 is the most searched, the search's pick.`
      : `${names[0]} (blue) vs ${names[1]} (vermillion), turn ${v.turn} of ${v.maxTurns}. Numbered arrows: the coach's moves, from the model to where the move takes it or what it attacks (a ring: a model activated, or staying put); 1 is the coach's recommendation (the search's pick where paired games to the end confirm it, else the scripted player's).`;
    const best = a.moves[0];
    if (a.step === "battle-tactic" && best) {
      tacticEl.textContent = `The tactic to pick: ${best.label.replace(/^battle tactic: /, "")}${best.tactic ? ` — ${pct(best.tactic.chance)} to complete it` : ""}.`;
      tacticEl.hidden = false;
    } else if (best?.tactic) {
      tacticEl.textContent = `Battle tactic in play: ${best.tactic.name} — ${pct(best.tactic.chance)} to complete it after the best move.`;
      tacticEl.hidden = false;
    } else tacticEl.hidden = true;
    movesEl.replaceChildren(...a.moves.map((m, i) => {
      const li = h("li", { tabindex: "0", class: i + 1 === focused ? "focused" : "", "data-rank": String(i + 1) },
        h("span", { class: "move-label" }, m.label),
        h("span", { class: "move-figures" }, `win ${pct(m.winProbability)} [${pct(m.winInterval[0])}–${pct(m.winInterval[1])}]${m.expectedVpDiff !== null ? ` · VP ${signed(m.expectedVpDiff)}` : ""} · ${m.visits} searches`),
        h("span", { class: "move-reason" }, m.reason));
      const focus = (on: boolean) => {
        focused = on ? i + 1 : 0;
        drawFocus();
      };
      li.addEventListener("mouseenter", () => focus(true));
      li.addEventListener("mouseleave", () => focus(false));
      li.addEventListener("focus", () => focus(true));
      li.addEventListener("blur", () => focus(false));
      return li;
    }));
    drawFocus();
    coverageEl.replaceChildren(...a.abilities.map(coverageDisclosure));
    lineEl.textContent = a.principalLine.length > 1 ? `The line the search expects: ${a.principalLine.slice(0, 6).join(" → ")}` : "";
    status.textContent = `${a.moves.length} move${a.moves.length === 1 ? "" : "s"} from ${a.iterations.toLocaleString("en")} searches in ${(a.elapsedMs / 1000).toFixed(1)} s.`;
    root.dataset.moves = String(a.moves.length);
    onDrawn();
  }

  /** Coaches `json` (a saved game or a position); a bad one gets its message and leaves the last answer alone. */
  async function coach(json: unknown): Promise<boolean> {
    if (busy) return false;
    // "Moves listed" crosses its schema here: a bad count is refused, named as on screen, not clamped.
    const listed = readInput(top, "moves listed", 1, 20);
    if (!listed.ok) {
      showError(new Error(listed.message));
      return false;
    }
    busy = true;
    root.setAttribute("aria-busy", "true");
    status.textContent = "The coach is thinking…";
    try {
      const w = await (worker ??= openPlayWorker());
      const next = (await Promise.race([w.api.coach(json, { iterations: Number(budget.value), top: listed.value }), w.failed])) as CoachAnswer;
      error.hidden = true;
      answer = next;
      focused = 0;
      render();
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
  }
  const coachText = async (text: string): Promise<boolean> => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      showError(new Error(`the position is not JSON: ${(e as Error).message}`));
      return false;
    }
    return coach(json);
  };
  const fromPlay = async (kind: "aos" | "mesbg") => {
    const kept = await loadGame(`play-${kind}`).catch(() => undefined);
    if (!kept) return showError(new Error(`no ${kind === "aos" ? "AoS" : "MESBG"} game in progress in Play: start one there first`));
    await coach(kept);
  };
  fromPlayAos.addEventListener("click", () => void fromPlay("aos"));
  fromPlayMesbg.addEventListener("click", () => void fromPlay("mesbg"));
  exampleBtn.addEventListener("click", () => void coach(COACH_EXAMPLES[Number(example.value)]!.json));
  pasteBtn.addEventListener("click", () => void coachText(paste.value));
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (file) await coachText(await file.text());
  });
  Object.assign(root, { coachText, coach });

  let started = false;
  return {
    show() {
      root.hidden = false;
      if (started) return;
      started = true;
      // The game in Play if there is one (the position on screen), else the first example.
      void (async () => {
        const kept = await loadGame("play-aos").catch(() => undefined);
        const ok = kept ? await coach(kept) : false;
        if (!ok) {
          error.hidden = true;
          await coach(COACH_EXAMPLES[0]!.json);
        }
      })();
    },
    hide() {
      root.hidden = true;
    },
  };
}
