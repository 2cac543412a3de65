/**
 * A human player at the terminal: an `Agent` that shows what happened since its last decision, lists the
 * legal actions numbered from 1, and reads the choice from a line of input. Used by `tactica battle --agents
 * human,policy` so a player alone can play a whole battle against the AI.
 *
 * Input is hostile like any other: a line that is not a number in range is refused with a message and asked
 * again; a line longer than MAX_LINE is refused; the end of the input before the game ends is an InputError
 * (exit 2), so a script piping choices in learns that it ran out. `q` quits (UserQuit: exit 0, the user chose to
 * stop). `s` shows the situation (the game's StatusView). Everything it prints goes to `prompt` (stderr in
 * the CLI), so `--json` on stdout stays clean.
 */
import { readSync } from "node:fs";
import { InputError, UserQuit } from "../core/errors.js";
import { printable } from "./text.js";
import type { Agent } from "../planner/agents.js";
import type { GameState } from "../planner/game.js";

export const MAX_LINE = 200;
/** Wrong answers in a row before giving up (a stuck script must not loop for ever). */
export const MAX_RETRIES = 20;

export interface HumanIo {
  /** The next line of input without its line break, or null at the end of the input. */
  readLine(): string | null;
  prompt(text: string): void;
}

/** What the player should see before deciding: the log lines written since the last call. */
export type NewsFeed = (state: GameState) => string[];

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

/** What `s` shows: the situation as it stands (units, objectives, score). */
export type StatusView = (state: GameState) => string[];

/** `game` names what is being played in the messages ("battle", "campaign"). */
export function humanAgent(raw: HumanIo, news: NewsFeed, status?: StatusView, game = "game"): Agent {
  // Names come from the user's files: no terminal control codes reach the screen.
  const io: HumanIo = { readLine: () => raw.readLine(), prompt: (text) => raw.prompt(printable(text)) };
  return {
    name: "human",
    act(state, player) {
      const lines = news(state);
      if (lines.length) io.prompt(lines.join("\n"));
      const actions = state.legalActions(player);
      if (actions.length === 0) throw new Error(`human agent: no legal action for player ${player}`);
      const menu = actions.map((a, i) => `  ${String(i + 1).padStart(2)}. ${state.actionToString(a, player)}`).join("\n");
      io.prompt(`\nPlayer ${player + 1}, your choice (1-${actions.length}${status ? ", s for the situation" : ""}, q to quit):\n${menu}`);
      for (let tries = 0; tries < MAX_RETRIES; tries++) {
        const line = io.readLine();
        if (line === null) throw new InputError(`input ended before the ${game} did: player ${player + 1} has a choice to make (1-${actions.length})`);
        const text = line.trim();
        if (text.length > MAX_LINE) {
          io.prompt(`  that line is ${text.length} characters long; type a number from 1 to ${actions.length}`);
          continue;
        }
        if (/^(q|quit|exit)$/i.test(text)) throw new UserQuit(`the ${game} was abandoned (q)`);
        if (status && /^s(tatus)?$/i.test(text)) {
          io.prompt([...status(state), menu].join("\n"));
          continue;
        }
        if (text === "" || text === "?") {
          io.prompt(menu);
          continue;
        }
        const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
        if (Number.isInteger(n) && n >= 1 && n <= actions.length) return actions[n - 1]!;
        io.prompt(`  "${text.slice(0, 40)}" is not a choice: type a number from 1 to ${actions.length} (? lists them again)`);
      }
      throw new InputError(`no valid choice after ${MAX_RETRIES} tries (a number from 1 to ${actions.length})`);
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
