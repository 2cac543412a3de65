/**
 * A game being played on the dashboard, as it runs inside the play worker (web/play/play-worker.ts): the
 * engine's state, the human's side, the AI (the game's scripted policy: an `Agent`, so the search's
 * `mctsAgent` can take its place once a fast forward model exists) and every decision taken so far.
 *
 * A saved game is the setup, the seed and the list of decisions (chance outcomes included), plus the state of
 * the chance RNG: restoring replays the decisions through the engine, each checked to be legal for the player
 * whose decision it was. So a file read from disk can never put the engine in a state it could not reach, and
 * a game saved here replays die for die (the engine's dice come from its own seeded RNG).
 */
import { z } from "zod";
import { InputError, parseOrThrow } from "../../src/core/errors.js";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { type Agent, sampleChance } from "../../src/planner/agents.js";
import { CHANCE, type GameState, SIMULTANEOUS } from "../../src/planner/game.js";

export const SAVE_FORMAT = "tactica-game";
export const MAX_STEPS = 200_000;

export type GameKind = "aos" | "mesbg" | "campaign";

/** One decision: who took it (CHANCE is -1), the action, its text and whether the AI took it. */
export interface Step {
  player: number;
  action: number;
  text: string;
  /** The decision was the human's (absent: the AI's or a chance outcome). */
  human?: boolean;
}

const u32 = z.number().int().min(0).max(0xffffffff);

export const savedGameSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.literal(1),
  game: z.enum(["aos", "mesbg", "campaign"]),
  /** The side the human plays (0 or 1). */
  human: z.union([z.literal(0), z.literal(1)]),
  /** What the game started from (each game's own schema checks it: web/play/adapters.ts). */
  setup: z.unknown(),
  seed: u32,
  steps: z
    .array(z.strictObject({ player: z.number().int().min(-1).max(1), action: z.number().int().min(0).max(0x7fffffff), text: z.string().max(2000), human: z.boolean().optional() }))
    .max(MAX_STEPS),
  /** The chance RNG (xoshiro128** state) after the last step. */
  rng: z.tuple([u32, u32, u32, u32]),
  savedAt: z.string().max(40).optional(),
});
export type SavedGame = z.output<typeof savedGameSchema>;

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
    const joint: number[] = [];
    saved.steps.forEach((step, i) => {
      const p = state.currentPlayer();
      if (state.isTerminal()) throw new InputError(`saved game: steps[${i}]: the game was already over`);
      if (p === SIMULTANEOUS) {
        if (step.player !== joint.length) throw new InputError(`saved game: steps[${i}].player: must be ${joint.length} (orders are written by both players)`);
        if (!state.legalActions(step.player).includes(step.action)) throw new InputError(`saved game: steps[${i}].action: ${step.action} is not a legal choice here`);
        joint.push(step.action);
        if (joint.length === state.numPlayers) state.applyJoint!(joint.splice(0));
        return;
      }
      const legal = p === CHANCE ? state.chanceOutcomes().map((o) => o.action) : state.legalActions(p);
      if (step.player !== p) throw new InputError(`saved game: steps[${i}].player: the decision was ${p === CHANCE ? "a chance roll (-1)" : `player ${p}'s`}, not ${step.player}`);
      if (!legal.includes(step.action)) throw new InputError(`saved game: steps[${i}].action: ${step.action} is not a legal choice here (0 to ${legal.length - 1})`);
      state.apply(step.action);
    });
    if (joint.length) throw new InputError("saved game: steps: ends half-way through a turn's orders");
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
      steps: this.steps, rng: this.chance.state() as [number, number, number, number], savedAt: new Date().toISOString(),
    };
  }

  view(): V {
    return this.adapter.view(this.state, this.human);
  }
}
