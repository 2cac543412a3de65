/**
 * The MESBG Battlehost game behind the planner's `Game` interface (src/planner/game.ts). Decisions are at
 * the level a player thinks: which model activates, where it goes among sensible candidates, whom it
 * charges or shoots, which power it casts with how many Will dice, whether to spend Might, Will or Fate,
 * how a loser backs away, whom a winner strikes. Dice inside those decisions are rolled by the state's own
 * seeded Rng (open loop); the only chance nodes are the roll-offs (board half, priority).
 *
 * `returns()`: a side that wipes out the other gets +1 and the other -1 (ME-FORCES-CLASH). If the turn cap
 * ends the game first, each side gets its heuristic: the share of its starting strength still on the board
 * minus the opponent's (scenario.ts `survivingShare`), in [-1, 1].
 */
import { Rng } from "../core/rng.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { type Action, CHANCE, type ChanceOutcome, type Game, type GameState, type PlayerId, TERMINAL } from "../planner/game.js";
import { advance, chanceNow, decide, describeNow, optionsNow, whoDecides } from "./engine.js";
import type { Frame } from "./frames.js";
import { checkOpposed, type Force, parseForce } from "./profiles.js";
import { checkDeployable } from "./deployment.js";
import { BOARD, DEFAULT_MAX_TURNS, musterModels, survivingShare } from "./scenario.js";
import { buildInfos, type StateData, St, stateSchema } from "./state.js";

export interface MesbgOptions {
  /** The two forces (JSON as in data/mesbg/*.json); side 0 is `a`. */
  a: unknown;
  b: unknown;
  /** Turns before the game is stopped and scored (default 20). */
  maxTurns?: number;
  /** Keep a readable log of events in the state (for the CLI; off for search). */
  record?: boolean;
}

export const MAX_TURNS_LIMIT = 100;

function copyFrame(f: Frame): Frame {
  return JSON.parse(JSON.stringify(f)) as Frame;
}

function copyData(d: StateData): StateData {
  return {
    ...d,
    board: { ...d.board },
    models: d.models.map((m) => ({ ...m, chargedTargets: [...m.chargedTargets] })),
    combats: d.combats.map((c) => ({ lone: c.lone, others: [...c.others] })),
    stack: d.stack.map(copyFrame),
    result: d.result ? { ...d.result } : null,
    lastMove: d.lastMove ? { ...d.lastMove, zone: [...d.lastMove.zone] } : null,
    rng: [...d.rng] as StateData["rng"],
    events: [...d.events],
  };
}

export class MesbgState implements GameState<MesbgState> {
  readonly numPlayers = 2;

  constructor(public st: St) {}

  get data(): StateData {
    return this.st.d;
  }

  currentPlayer(): PlayerId {
    return whoDecides(this.st);
  }

  legalActions(player?: PlayerId): Action[] {
    const p = this.currentPlayer();
    if (p === TERMINAL || (player !== undefined && player !== p)) return [];
    if (p === CHANCE) return chanceNow(this.st).map((o) => o.action);
    return optionsNow(this.st);
  }

  actionToString(action: Action): string {
    return describeNow(this.st, action);
  }

  apply(action: Action): void {
    const p = this.currentPlayer();
    if (p === TERMINAL) throw new Error("mesbg: the game is over");
    if (!this.legalActions().includes(action)) throw new Error(`mesbg: action ${action} is not legal here (${this.st.top()?.kind})`);
    if (this.st.d.recording && p !== CHANCE) this.st.log(`[${this.st.sideName(p)}] ${describeNow(this.st, action)}`);
    decide(this.st, action);
  }

  chanceOutcomes(): ChanceOutcome[] {
    return chanceNow(this.st);
  }

  isTerminal(): boolean {
    return this.st.d.result !== null;
  }

  returns(): number[] {
    const r = this.st.d.result;
    if (!r) return [0, 0];
    if (r.reason === "wiped out") return r.winner === -1 ? [0, 0] : [r.winner === 0 ? 1 : -1, r.winner === 1 ? 1 : -1];
    return [this.heuristic(0), this.heuristic(1)];
  }

  /** Share of own starting strength left minus the opponent's, in [-1, 1]. */
  heuristic(player: PlayerId): number {
    const mine = survivingShare(this.st, player);
    const theirs = survivingShare(this.st, player === 0 ? 1 : 0);
    return mine - theirs;
  }

  clone(): MesbgState {
    const st = new St(copyData(this.st.d), this.st.infos, Rng.fromState(this.st.rng.state()));
    st.adoptCache(this.st);
    return new MesbgState(st);
  }

  reseed(seed: number): void {
    this.st.rng = new Rng(seed);
  }

  /** A deep copy: the caller may keep or change it without touching the game. */
  toJSON(): StateData {
    return { ...copyData(this.st.d), rng: this.st.rng.state() };
  }

  /** Turn recording of the event log on or off (search clones do not need it). */
  record(on: boolean): void {
    this.st.d.recording = on;
  }
}

/** A fresh game of The Forces Clash between two validated forces, stepped to its first decision. */
export function newGame(a: Force, b: Force, seed: number, maxTurns = DEFAULT_MAX_TURNS, record = false): MesbgState {
  checkOpposed(a, b);
  if (!Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > MAX_TURNS_LIMIT) throw new InputError(`turns: must be a whole number from 1 to ${MAX_TURNS_LIMIT}`);
  const forces: [Force, Force] = [a, b];
  checkDeployable(a, "a", BOARD);
  checkDeployable(b, "b", BOARD);
  const infos = buildInfos(forces);
  const d: StateData = {
    format: "tactica-mesbg/1",
    board: { ...BOARD },
    forces,
    models: musterModels(forces, infos),
    turn: 0,
    maxTurns,
    priority: -1,
    chooser: -1,
    side0South: true,
    combats: [],
    stack: [{ kind: "game", stage: "setup" }],
    result: null,
    lastMove: null,
    rng: [0, 0, 0, 0],
    recording: record,
    events: [],
  };
  const st = new St(d, infos, new Rng(seed));
  advance(st);
  return new MesbgState(st);
}

export function stateFromJSON(json: unknown): MesbgState {
  const d = parseOrThrow(stateSchema, json, "mesbg state");
  const infos = buildInfos(d.forces);
  d.models.forEach((m, i) => {
    if (m.id !== i) throw new InputError(`mesbg state: models[${i}].id: must be ${i}`);
    if (m.info >= infos.length) throw new InputError(`mesbg state: models[${i}].info: no such profile`);
  });
  return new MesbgState(new St(d, infos, Rng.fromState(d.rng)));
}

export const mesbgGame: Game<MesbgState, MesbgOptions> = {
  name: "mesbg",
  newInitialState(options, seed) {
    return newGame(parseForce(options.a, "a"), parseForce(options.b, "b"), seed, options.maxTurns ?? DEFAULT_MAX_TURNS, options.record ?? false);
  },
  fromJSON: stateFromJSON,
};
