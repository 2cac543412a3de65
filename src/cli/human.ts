/**
 * A human player at the terminal: an `Agent` that shows what happened since its last decision, lists the
 * legal actions numbered from 1 — each with what it does in numbers when the game's view says (a move's end
 * point, a charge's chance to arrive, a target's expected damage) — and reads the choice from a line of
 * input. Used by `tactica battle|mesbg|campaign --agents human,...` so a player alone can play a whole game
 * against the AI.
 *
 * - Before its first choice the player is told the game (the view's `intro`: plan, armies, objectives,
 *   zones, who is who).
 * - A decision with one option is taken without asking (and said).
 * - A list longer than PAGE choices is grouped (the view's `groupOf`: by unit) so it fits a screen: the
 *   player picks the unit, then its choice (0 goes back).
 * - `s` shows the situation (the view's `status`: a text map and the units), `?` asks the coach (the view's
 *   `coach`; without one it says so), `u` takes back the last decision (TakeBack: the terminal session,
 *   terminal/session.ts, replays the game without it), `q` quits (UserQuit: exit 0, the user chose to stop),
 *   an empty line or `l` lists the choices again.
 *
 * Input is hostile like any other: a line that is not a number in range is refused with a message and asked
 * again; a line longer than MAX_LINE is refused; the end of the input before the game ends is an InputError
 * (exit 2), so a script piping choices in learns that it ran out. Everything it prints goes to `prompt`
 * (stderr in the CLI), so `--json` on stdout stays clean.
 */
import { readSync } from "node:fs";
import { InputError, UserQuit } from "../core/errors.js";
import { printable } from "./text.js";
import type { Agent } from "../planner/agents.js";
import type { Action, GameState } from "../planner/game.js";

export const MAX_LINE = 200;
/** Wrong answers in a row before giving up (a stuck script must not loop for ever). */
export const MAX_RETRIES = 20;
/** Longer lists than this are grouped by unit (when the game's view can group them). */
export const PAGE = 24;

export interface HumanIo {
  /** The next line of input without its line break, or null at the end of the input. */
  readLine(): string | null;
  prompt(text: string): void;
}

/** What the player should see before deciding: the log lines written since the last call. */
export type NewsFeed<S = GameState> = (state: S) => string[];

/** A NewsFeed over a game's growing log: each call returns the lines written since the previous call. */
export function logFeed(log: () => readonly string[] | null): () => string[] {
  let shown = 0;
  return () => {
    const lines = log() ?? [];
    const fresh = lines.slice(shown);
    shown = lines.length;
    return fresh;
  };
}

/** A NewsFeed over the log of whichever state it is given; `skip` marks a (replayed) state's log as seen. */
export interface StateLogFeed<S> {
  (state: S): string[];
  skip(state: S): void;
}

export function stateLogFeed<S>(log: (state: S) => readonly string[] | null): StateLogFeed<S> {
  let shown = 0;
  const feed = ((state: S) => {
    const lines = log(state) ?? [];
    const fresh = lines.slice(shown);
    shown = lines.length;
    return fresh;
  }) as StateLogFeed<S>;
  feed.skip = (state) => void (shown = (log(state) ?? []).length);
  return feed;
}

/** What `s` shows: the situation as it stands (units, objectives, score). */
export type StatusView<S = GameState> = (state: S) => string[];

/** What a game tells the human player beyond the bare labels (all optional). */
export interface HumanView<S = GameState> {
  /** Shown once, before the first choice: the game, the armies, who is who (`hotSeat`: people play both sides). */
  intro?(state: S, player: number, hotSeat: boolean): string[];
  /** `s`: the situation (text map, units, score). */
  status?: StatusView<S>;
  /** One line per action: its label and what it does in numbers (default: actionToString). */
  describe?(state: S, actions: readonly Action[], player: number): string[];
  /** The unit an action belongs to, to group long lists; null lists it on its own. */
  groupOf?(state: S, action: Action, player: number): string | null;
  /**
   * `?`: the coach's advice on this decision (the top 3 with win probability and a reason). The search that
   * answers it is not part of this module: a caller with a coach passes it here.
   */
  coach?(state: S, player: number): string[];
  /** `u` is offered (the game runs in a terminal session that can replay it: terminal/session.ts). */
  takeBack?: boolean;
  /** Both sides are played by people at this terminal (--agents human,human): no side is "the AI". */
  hotSeat?: boolean;
}

/**
 * The intro's line on who plays whom: "You are Player 1, X; Player 2, Y, is played by the AI.", or with people
 * on both sides (hot seat) "Player 1, X, and Player 2, Y, are both played here: each choice says whose it is."
 */
export function whoPlays(names: readonly [string, string], player: number, hotSeat: boolean): string {
  if (hotSeat) return `Player 1, ${names[0]}, and Player 2, ${names[1]}, are both played here: each choice says whose it is.`;
  return `You are Player ${player + 1}, ${names[player]}; Player ${2 - player}, ${names[1 - player]}, is played by the AI.`;
}

/** "you" / "the AI" beside a side in the intro; nothing in a hot-seat game. */
export function whoTag(p: number, player: number, hotSeat: boolean): string {
  return hotSeat ? "" : p === player ? " (you)" : " (the AI)";
}

/** Thrown by the human agent on `u`: the terminal session replays the game without the last decision. */
export class TakeBack extends Error {
  override name = "TakeBack";
  constructor() {
    super("take back the last decision");
  }
}

interface Entry {
  label: string;
  /** Indices into the action list. */
  items: number[];
}

/** The top-level menu: actions on their own, or one entry per group (in order of first appearance). */
function entriesOf(labels: readonly string[], groups: readonly (string | null)[] | null): Entry[] {
  if (!groups) return labels.map((label, i) => ({ label, items: [i] }));
  const out: Entry[] = [];
  const byGroup = new Map<string, Entry>();
  labels.forEach((label, i) => {
    const g = groups[i] ?? null;
    if (g === null) return void out.push({ label, items: [i] });
    let e = byGroup.get(g);
    if (!e) {
      e = { label: g, items: [] };
      byGroup.set(g, e);
      out.push(e);
    }
    e.items.push(i);
  });
  for (const e of out) if (e.items.length === 1) e.label = labels[e.items[0]!]!;
  for (const e of out) if (e.items.length > 1) e.label = `${e.label} — ${e.items.length} choices ▸`;
  return out;
}

const numbered = (lines: readonly string[]) => lines.map((l, i) => `  ${String(i + 1).padStart(2)}. ${l}`).join("\n");

/**
 * `game` names what is being played in the messages ("battle", "campaign"). `status` may be given alone
 * (the older form) or inside `view`.
 */
export function humanAgent<S extends GameState<S> = GameState>(raw: HumanIo, news: NewsFeed<S>, status?: StatusView<S>, game = "game", view: HumanView<S> = {}): Agent<S> {
  // Names come from the user's files: no terminal control codes reach the screen.
  const io: HumanIo = { readLine: () => raw.readLine(), prompt: (text) => raw.prompt(printable(text)) };
  const show = status ?? view.status;
  let introduced = false;
  return {
    name: "human",
    act(state, player) {
      if (!introduced && view.intro) io.prompt(view.intro(state, player, view.hotSeat ?? false).join("\n"));
      introduced = true;
      const lines = news(state);
      if (lines.length) io.prompt(lines.join("\n"));
      const actions = state.legalActions(player);
      if (actions.length === 0) throw new Error(`human agent: no legal action for player ${player}`);
      const labels = view.describe ? view.describe(state, actions, player) : actions.map((a) => state.actionToString(a, player));
      if (actions.length === 1) {
        io.prompt(`Player ${player + 1}: ${labels[0]} (the only choice)`);
        return actions[0]!;
      }
      const groups = view.groupOf && actions.length > PAGE ? actions.map((a) => view.groupOf!(state, a, player)) : null;
      const top = entriesOf(labels, groups);
      let open: Entry | null = null;
      const hints = [show ? "s for the situation" : "", view.coach ? "? for the coach" : "", view.takeBack ? "u to take back" : "", "q to quit"].filter(Boolean).join(", ");
      const menu = () => (open ? `${numbered(open.items.map((i) => labels[i]!))}\n   0. back to the list` : numbered(top.map((e) => e.label)));
      const size = () => (open ? open.items.length : top.length);
      const ask = () => io.prompt(`\nPlayer ${player + 1}, ${open ? `${open.label.replace(/ — \d+ choices ▸$/, "")}: ` : ""}your choice (1-${size()}${open ? ", 0 back" : ""}, ${hints}):\n${menu()}`);
      ask();
      for (let tries = 0; tries < MAX_RETRIES; tries++) {
        const line = io.readLine();
        if (line === null) throw new InputError(`input ended before the ${game} did: player ${player + 1} has a choice to make (1-${size()})`);
        const text = line.trim();
        if (text.length > MAX_LINE) {
          io.prompt(`  that line is ${text.length} characters long; type a number from 1 to ${size()}`);
          continue;
        }
        if (/^(q|quit|exit)$/i.test(text)) throw new UserQuit(`the ${game} was abandoned (q)`);
        if (show && /^s(tatus)?$/i.test(text)) {
          io.prompt([...show(state), menu()].join("\n"));
          continue;
        }
        if (text === "?") {
          io.prompt([...(view.coach ? view.coach(state, player) : [`  no coach here: the coach (tactica coach) answers "?" once the search is built into the terminal game`]), menu()].join("\n"));
          continue;
        }
        if (view.takeBack && /^u(ndo)?$/i.test(text)) throw new TakeBack();
        if (text === "" || /^l(ist)?$/i.test(text)) {
          io.prompt(menu());
          continue;
        }
        if (open && (text === "0" || /^b(ack)?$/i.test(text))) {
          open = null;
          tries = -1;
          ask();
          continue;
        }
        const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
        if (Number.isInteger(n) && n >= 1 && n <= size()) {
          if (open) return actions[open.items[n - 1]!]!;
          const e = top[n - 1]!;
          if (e.items.length === 1) return actions[e.items[0]!]!;
          open = e;
          tries = -1;
          ask();
          continue;
        }
        io.prompt(`  "${text.slice(0, 40)}" is not a choice: type a number from 1 to ${size()} (an empty line lists them again)`);
      }
      throw new InputError(`no valid choice after ${MAX_RETRIES} tries (a number from 1 to ${size()})`);
    },
  };
}

/**
 * Lines from standard input, read synchronously (the game loop is synchronous): works for a terminal and
 * for a pipe or a file. A line is cut at MAX_LINE * 4 bytes so no input can grow the buffer without bound.
 */
export function stdinLines(fd = 0): () => string | null {
  let buf = "";
  let eof = false;
  const chunk = Buffer.alloc(4096);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    while (!buf.includes("\n") && !eof) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") {
          Atomics.wait(pause, 0, 0, 20); // a non-blocking terminal with nothing typed yet
          continue;
        }
        if (code === "EOF") {
          eof = true;
          break;
        }
        throw e;
      }
      if (n === 0) eof = true;
      else buf += chunk.toString("utf8", 0, n);
      if (!buf.includes("\n") && buf.length > MAX_LINE * 4) buf += "\n"; // an endless line: cut it
    }
    if (buf.length === 0 && eof) return null;
    const i = buf.indexOf("\n");
    const line = i >= 0 ? buf.slice(0, i) : buf;
    buf = i >= 0 ? buf.slice(i + 1) : "";
    return line.replace(/\r$/, "");
  };
}
