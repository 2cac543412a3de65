/**
 * A game being played on the dashboard, as it runs inside the play worker (web/play/play-worker.ts): the
 * engine's state, the human's side, the AI (the game's search, `mcts`, with the budget the player picked, or
 * its scripted policy: web/play/thinking.ts) and every decision taken so far. Each AI decision the search made
 * carries its one-line reason (the chosen action's win probability, VP margin and the line that follows), and
 * every decision adds a point to the win-probability graph: the search's figure where it just ran, else the
 * game's cheap evaluation of the position (the adapter's `evaluate`: kernel rollouts, or a heuristic).
 *
 * A saved game is the setup, the seed and the list of decisions (chance outcomes included), plus the state of
 * the chance RNG: restoring replays the decisions through the engine, each checked to be legal for the player
 * whose decision it was. So a file read from disk can never put the engine in a state it could not reach, and
 * a game saved here replays die for die (the engine's dice come from its own seeded RNG). The format and the
 * replay are src/saves/format.ts, the games' setups src/saves/setups.ts: a game saved by `tactica ... --save`
 * opens here, and one exported here plays on with `tactica ... --resume`.
 */
import { InputError, parseOrThrow } from "../../src/core/errors.js";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import { type Agent, sampleChance } from "../../src/planner/agents.js";
import type { Budget } from "../../src/planner/budget.js";
import { type Action, CHANCE, type GameState, SIMULTANEOUS } from "../../src/planner/game.js";
import type { ActionStats, AgentSearch } from "../../src/planner/mcts.js";
import { pairedGames } from "../../src/planner/explain.js";
import { type AiChoice, budgetOf } from "./thinking.js";
import type { MoveLine, Probe } from "./move-lines.js";
import { pctWithInterval, tooFew } from "./estimate.js";
import { checkSnapshot, type GameKind, MAX_STEPS, replaySteps, SAVE_FORMAT, type SavedGame, savedGameSchema, stateSnapshot, type Step } from "../../src/saves/format.js";

// The format (schema, replay) is src/saves/format.ts, shared with the CLI's --save / --resume.
export { MAX_STEPS, SAVE_FORMAT, savedGameSchema, type GameKind, type SavedGame, type Step };

/** The search as a player, keeping its latest search (src/planner/mcts.ts AgentSearch). */
export type SearchAgent<S extends GameState<S>> = Agent<S> & { lastSearch: AgentSearch | null };

/** A position's chances for the graph: each player's chance to win, and of a draw. */
export interface Chances {
  win: [number, number];
  draw: number;
  /** Where the figure comes from: "search" (the AI's search just now), "rollouts", "heuristic". */
  source: string;
  /** How many samples the figure is the share of (rollouts, futures), and what they are; none where it is no count. */
  n?: number;
  unit?: string;
}

/** What an action points at on the board (AoS: its unit, the enemy unit or objective it goes for). */
export interface Pointer {
  /** The decision's kind (AoS ChoiceTag kind: "move", "charge", ...). */
  kind?: string;
  unit?: number;
  target?: number;
  objective?: string;
}

/** What a game must give the session: how to start it, how the AI plays and what the board shows. */
export interface Adapter<S extends GameState<S>, V> {
  readonly kind: GameKind;
  /** Checks the setup (zod) and starts the game. */
  start(setup: unknown, seed: number): S;
  /** The scripted policy. */
  readonly ai: Agent<S>;
  /** The search with `budget`; `core` null (the Wasm kernel did not load): its TypeScript leaves, or null where it needs the kernel. */
  mcts(budget: Budget, core: Core | null): SearchAgent<S> | null;
  /** The cheap evaluation of a position for the graph (must not change `state`; its dice from `seed`). */
  evaluate(state: S, core: Core | null, seed: number): Chances;
  /** What `action` of `player` in `state` points at, for the board's arrows. */
  pointer?(state: S, action: Action, player: number): Pointer;
  /** Where a decision goes on the board (web/play/move-lines.ts): the AI's moves' arrows and animation. */
  readonly probe?: Probe<S>;
  /** What the search's VP figure counts, in the reason ("VP" by default; the campaign's is Influence). */
  readonly vpName?: string;
  view(state: S, human: 0 | 1): V;
}

/** The AI's note on a decision its search made: the one-line reason and the figures behind it. */
export interface AiNote {
  reason: string;
  /** The AI's chance to win (the search's figure for the action it played) and its VP margin (AoS). */
  win: number;
  draw: number;
  vp: number | null;
  visits: number;
  iterations: number;
}

/** A step as the page shows it: the saved step, for a searched AI decision its note, and where it went on the board. */
export type ShownStep = Step & { note?: AiNote; line?: MoveLine };

/** One point of the win-probability graph: after decision `step` (1-based count of steps), the human's chances. */
export interface GraphPoint {
  step: number;
  /** Who decided (the human's side, the AI's, or -2 at the start). */
  player: number;
  win: number;
  draw: number;
  source: string;
  round: number;
  /** How many samples `win` is the share of (the searches of the action played, the rollouts): its interval's n. */
  n?: number;
  /** What those samples are ("searches", "rollouts", "futures a turn on"). */
  unit?: string;
}

export interface SessionOptions {
  ai?: AiChoice;
  core?: Core | null;
  /** Draw the win-probability graph (the page does; tests of the save format need not). */
  graph?: boolean;
  /** Graph points kept from before a reload (only those up to the restored game's steps are kept). */
  points?: GraphPoint[];
}

const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(1)}`;

/** The stats the AI played by, at a SIMULTANEOUS root its own part. */
function playedStats(s: AgentSearch, player: number): ActionStats | undefined {
  const actions = s.result.joint ? s.result.joint[player]!.actions : s.result.actions;
  return actions.find((a) => a.action === s.chosen);
}

/** The AI's one-line reason: its chance with the action played, the VP margin, and what the search expects next. */
export function noteOf(s: AgentSearch, player: number, vpName = "VP"): AiNote | undefined {
  const a = playedStats(s, player);
  if (!a) return undefined;
  const actions = s.result.joint ? s.result.joint[player]!.actions : s.result.actions;
  const top = actions[0]!;
  // Each chance with its Wilson 95% interval over the searches that tried the action (web/play/estimate.ts).
  const est = (x: ActionStats) => pctWithInterval({ p: x.winProbability, n: x.visits });
  const searches = (n: number) => `${n} search${n === 1 ? "" : "es"}`;
  const few = tooFew({ p: a.winProbability, n: a.visits }) ? ": too few to tell" : "";
  const parts = [`${est(a)} to win${a.expectedVpDiff !== null ? `, ${vpName} margin ${signed(a.expectedVpDiff)}` : ""} (${a.visits} of ${s.result.iterations} searches${few})`];
  // MESBG: the most searched was checked against the scripted choice by paired games to the end (src/mesbg/search.ts).
  const c = s.check;
  const games = c ? pairedGames(c) : "";
  if (top.action !== a.action) parts.push(`kept the scripted choice over "${top.label}" (${est(top)}, ${searches(top.visits)}): ${c ? `not better in ${games}` : "not clearly better"}`);
  else {
    if (c?.passed) parts.push(`better than the scripted choice in ${games}`);
    if (actions[1]) parts.push(`next best "${actions[1].label}" ${est(actions[1])} (${searches(actions[1].visits)})`);
  }
  const line = s.result.principalLine;
  if (!s.result.joint && top.action === a.action && line.length > 1) parts.push(`then ${line.slice(1, 3).map((l) => l.label).join(", then ")}`);
  return { reason: parts.join("; "), win: a.winProbability, draw: a.drawProbability, vp: a.expectedVpDiff, visits: a.visits, iterations: s.result.iterations };
}

export class Session<S extends GameState<S>, V> {
  /** AI and chance steps taken since the human's last decision (what the board highlights), with the AI's notes. */
  lastAi: ShownStep[] = [];
  /** The win-probability graph: a point per decision (chance rolls are not decisions). */
  readonly graph: GraphPoint[] = [];
  /** Why the AI is not the one asked for, when it is not (e.g. the search needs the Wasm kernel). */
  aiNote: string | null = null;
  private readonly agent: Agent<S>;

  private constructor(
    readonly adapter: Adapter<S, V>,
    readonly state: S,
    readonly human: 0 | 1,
    readonly setup: unknown,
    readonly seed: number,
    readonly steps: Step[],
    private readonly chance: Rng,
    readonly ai: AiChoice,
    private readonly core: Core | null,
    private readonly drawGraph: boolean,
  ) {
    const searching = ai.kind === "mcts" ? adapter.mcts(budgetOf(adapter.kind, ai), core) : null;
    if (ai.kind === "mcts" && !searching) this.aiNote = "the search needs the Wasm kernel, which did not load here: the scripted policy plays instead";
    this.agent = searching ?? adapter.ai;
  }

  static start<S extends GameState<S>, V>(adapter: Adapter<S, V>, setup: unknown, seed: number, human: 0 | 1, options: SessionOptions = {}): Session<S, V> {
    const s = new Session(adapter, adapter.start(setup, seed), human, setup, seed, [], new Rng(deriveSeed(seed, 1)), options.ai ?? { kind: "scripted", thinking: "normal" }, options.core ?? null, options.graph ?? false);
    s.addPoint(-2);
    s.runAi();
    return s;
  }

  /** Rebuilds a saved game by replaying its decisions; an illegal one is an InputError naming the step. */
  static restore<S extends GameState<S>, V>(adapter: Adapter<S, V>, json: unknown, options: SessionOptions = {}): Session<S, V> {
    const saved = parseOrThrow(savedGameSchema, json, "saved game");
    if (saved.game !== adapter.kind) throw new InputError(`saved game: game: this is a ${saved.game} game, not ${adapter.kind}`);
    const state = adapter.start(saved.setup, saved.seed);
    replaySteps(state, saved.steps);
    checkSnapshot(saved.game, state, saved.state);
    const s = new Session(adapter, state, saved.human, saved.setup, saved.seed, saved.steps.map((x) => ({ ...x })), Rng.fromState(saved.rng), options.ai ?? { kind: "scripted", thinking: "normal" }, options.core ?? null, options.graph ?? false);
    // The graph kept with the game, as far as it goes (a point past the restored steps is from another game).
    s.graph.push(...(options.points ?? []).filter((p) => p.step <= saved.steps.length));
    // A game without its graph (imported from the CLI, or kept before the graph) starts one from here.
    if (!s.graph.length) s.addPoint(-2);
    s.runAi();
    return s;
  }

  /** Whether the human has a decision to make now. */
  humanToAct(): boolean {
    const p = this.state.currentPlayer();
    return !this.state.isTerminal() && (p === this.human || p === SIMULTANEOUS);
  }

  /** The human's decision; then the AI and the dice play on until the human's next one (or the end). */
  choose(action: number): void {
    if (!this.humanToAct()) throw new InputError("it is not your decision now");
    const legal = this.state.legalActions(this.human);
    if (!legal.includes(action)) throw new InputError(`choice ${action} is not legal here`);
    const p = this.state.currentPlayer();
    const text = this.state.actionToString(action, this.human);
    this.lastAi = [];
    if (p === SIMULTANEOUS) {
      const ai = (1 - this.human) as 0 | 1;
      const { action: theirs, note } = this.aiAct(ai);
      const joint = [0, 1].map((q) => (q === this.human ? action : theirs));
      joint.forEach((a, q) => this.steps.push(q === this.human ? { player: q, action: a, text, human: true } : { player: q, action: a, text: this.state.actionToString(a, q) }));
      this.lastAi.push({ ...this.steps[this.steps.length - 2 + ai]!, ...(note ? { note } : {}) });
      this.state.applyJoint!(joint);
      this.addPoint(SIMULTANEOUS, note);
    } else {
      this.steps.push({ player: p, action, text, human: true });
      this.state.apply(action);
      this.addPoint(p);
    }
    this.runAi();
  }

  /** The AI's decision for `player`, and the note of its search if it searched. */
  private aiAct(player: number): { action: Action; note?: AiNote } {
    const searching = this.agent as Partial<SearchAgent<S>>;
    if ("lastSearch" in searching) searching.lastSearch = null;
    const action = this.agent.act(this.state, player, this.chance);
    const search = searching.lastSearch;
    const note = search ? noteOf(search, player, this.adapter.vpName) : undefined;
    return { action, ...(note ? { note } : {}) };
  }

  /** Plays the AI's decisions and chance rolls until the human has one to make or the game ends. */
  private runAi(): void {
    while (!this.state.isTerminal() && !this.humanToAct()) {
      if (this.steps.length >= MAX_STEPS) throw new Error(`the game did not end within ${MAX_STEPS} decisions`);
      const p = this.state.currentPlayer();
      const { action, note } = p === CHANCE ? { action: sampleChance(this.state, this.chance), note: undefined } : this.aiAct(p);
      const step = { player: p, action, text: this.state.actionToString(action, p) };
      const probe = p !== CHANCE && this.adapter.probe ? this.adapter.probe(this.state, action, p) : null;
      this.steps.push(step);
      this.state.apply(action);
      const line = probe?.(this.state);
      this.lastAi.push({ ...step, ...(note ? { note } : {}), ...(line ? { line } : {}) });
      if (p !== CHANCE) this.addPoint(p, note);
    }
  }

  /**
   * The graph's point after a decision by `player`: from the search that chose it (the AI's chance with the
   * action it played: the human's is what is left after the AI's wins and the draws), else the cheap evaluation.
   */
  private addPoint(player: number, note?: AiNote): void {
    if (!this.drawGraph) return;
    const data = (this.state as unknown as { data?: { round?: number; turn?: number } }).data;
    const r = data?.round ?? data?.turn ?? 0;
    if (note && !this.state.isTerminal()) {
      this.graph.push({ step: this.steps.length, player, win: Math.max(0, 1 - note.win - note.draw), draw: note.draw, source: "search", round: r, n: note.visits, unit: "searches" });
      return;
    }
    const c = this.adapter.evaluate(this.state, this.core, deriveSeed(this.seed, 1000 + this.steps.length));
    this.graph.push({ step: this.steps.length, player, win: c.win[this.human], draw: c.draw, source: c.source, round: r, ...(c.n !== undefined ? { n: c.n, unit: c.unit ?? "samples" } : {}) });
  }

  saved(): SavedGame {
    return {
      format: SAVE_FORMAT, version: 1, game: this.adapter.kind, human: this.human, setup: this.setup, seed: this.seed,
      steps: this.steps, rng: this.chance.state() as [number, number, number, number], state: stateSnapshot(this.adapter.kind, this.state), savedAt: new Date().toISOString(),
      options: { ai: this.ai.kind, thinking: this.ai.thinking },
    };
  }

  view(): V {
    return this.adapter.view(this.state, this.human);
  }
}
