/**
 * A game being played on the dashboard, as it runs inside the play worker (web/play/play-worker.ts): the
 * engine's state, the human's side, the AI (the game's scripted policy: an `Agent`, so the search's
 * `mctsAgent` can take its place once a fast forward model exists) and every decision taken so far.
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
import { type Agent, sampleChance } from "../../src/planner/agents.js";
import { CHANCE, type GameState, SIMULTANEOUS } from "../../src/planner/game.js";
import { checkSnapshot, type GameKind, MAX_STEPS, replaySteps, SAVE_FORMAT, type SavedGame, savedGameSchema, stateSnapshot, type Step } from "../../src/saves/format.js";

// The format (schema, replay) is src/saves/format.ts, shared with the CLI's --save / --resume.
export { MAX_STEPS, SAVE_FORMAT, savedGameSchema, type GameKind, type SavedGame, type Step };

/** What a game must give the session: how to start it, how the AI plays and what the board shows. */
export interface Adapter<S extends GameState<S>, V> {
  readonly kind: GameKind;
  /** Checks the setup (zod) and starts the game. */
  start(setup: unknown, seed: number): S;
  readonly ai: Agent<S>;
  view(state: S, human: 0 | 1): V;
}

export class Session<S extends GameState<S>, V> {
  /** AI and chance steps taken since the human's last decision (what the board highlights). */
  lastAi: Step[] = [];

  private constructor(
    readonly adapter: Adapter<S, V>,
    readonly state: S,
    readonly human: 0 | 1,
    readonly setup: unknown,
    readonly seed: number,
    readonly steps: Step[],
    private readonly chance: Rng,
  ) {}

  static start<S extends GameState<S>, V>(adapter: Adapter<S, V>, setup: unknown, seed: number, human: 0 | 1): Session<S, V> {
    const s = new Session(adapter, adapter.start(setup, seed), human, setup, seed, [], new Rng(deriveSeed(seed, 1)));
    s.runAi();
    return s;
  }

  /** Rebuilds a saved game by replaying its decisions; an illegal one is an InputError naming the step. */
  static restore<S extends GameState<S>, V>(adapter: Adapter<S, V>, json: unknown): Session<S, V> {
    const saved = parseOrThrow(savedGameSchema, json, "saved game");
    if (saved.game !== adapter.kind) throw new InputError(`saved game: game: this is a ${saved.game} game, not ${adapter.kind}`);
    const state = adapter.start(saved.setup, saved.seed);
    replaySteps(state, saved.steps);
    checkSnapshot(saved.game, state, saved.state);
    const s = new Session(adapter, state, saved.human, saved.setup, saved.seed, saved.steps.map((x) => ({ ...x })), Rng.fromState(saved.rng));
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
      const joint = [0, 1].map((q) => (q === this.human ? action : this.adapter.ai.act(this.state, q, this.chance)));
      joint.forEach((a, q) => this.steps.push(q === this.human ? { player: q, action: a, text, human: true } : { player: q, action: a, text: this.state.actionToString(a, q) }));
      this.lastAi.push(this.steps[this.steps.length - 2 + (1 - this.human)]!);
      this.state.applyJoint!(joint);
    } else {
      this.steps.push({ player: p, action, text, human: true });
      this.state.apply(action);
    }
    this.runAi();
  }

  /** Plays the AI's decisions and chance rolls until the human has one to make or the game ends. */
  private runAi(): void {
    while (!this.state.isTerminal() && !this.humanToAct()) {
      if (this.steps.length >= MAX_STEPS) throw new Error(`the game did not end within ${MAX_STEPS} decisions`);
      const p = this.state.currentPlayer();
      const action = p === CHANCE ? sampleChance(this.state, this.chance) : this.adapter.ai.act(this.state, p, this.chance);
      const step = { player: p, action, text: this.state.actionToString(action, p) };
      this.steps.push(step);
      this.lastAi.push(step);
      this.state.apply(action);
    }
  }

  saved(): SavedGame {
    return {
      format: SAVE_FORMAT, version: 1, game: this.adapter.kind, human: this.human, setup: this.setup, seed: this.seed,
      steps: this.steps, rng: this.chance.state() as [number, number, number, number], state: stateSnapshot(this.adapter.kind, this.state), savedAt: new Date().toISOString(),
    };
  }

  view(): V {
    return this.adapter.view(this.state, this.human);
  }
}
