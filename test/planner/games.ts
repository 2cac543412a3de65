/**
 * Small games written for the planner's tests: tic-tac-toe with a perfect (minimax) player, a dice duel
 * whose exact values are computed by dynamic programming, and a one-shot simultaneous game.
 */
import { Rng } from "../../src/core/rng.js";
import { type Action, CHANCE, type ChanceOutcome, type GameState, type PlayerId, SIMULTANEOUS, TERMINAL } from "../../src/planner/game.js";

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]] as const;

/** Tic-tac-toe: squares 0-8 row by row; player 0 is X and moves first. */
export class TicTacToe implements GameState<TicTacToe> {
  readonly numPlayers = 2;
  constructor(readonly board: number[] = Array(9).fill(-1), public toMove = 0) {}

  static from(rows: string): TicTacToe {
    const cells = rows.replace(/\s/g, "").split("");
    const board = cells.map((c) => (c === "X" ? 0 : c === "O" ? 1 : -1));
    const xs = board.filter((v) => v === 0).length;
    const os = board.filter((v) => v === 1).length;
    return new TicTacToe(board, xs > os ? 1 : 0);
  }
  winner(): number {
    for (const [a, b, c] of LINES) if (this.board[a] !== -1 && this.board[a] === this.board[b] && this.board[a] === this.board[c]) return this.board[a]!;
    return -1;
  }
  isTerminal(): boolean {
    return this.winner() !== -1 || this.board.every((v) => v !== -1);
  }
  currentPlayer(): PlayerId {
    return this.isTerminal() ? TERMINAL : this.toMove;
  }
  legalActions(player?: PlayerId): Action[] {
    if (this.isTerminal() || (player !== undefined && player !== this.toMove)) return [];
    return this.board.flatMap((v, i) => (v === -1 ? [i] : []));
  }
  actionToString(action: Action): string {
    return `${this.toMove === 0 ? "X" : "O"} on ${action}`;
  }
  apply(action: Action): void {
    if (this.board[action] !== -1) throw new Error(`square ${action} is taken`);
    this.board[action] = this.toMove;
    this.toMove = 1 - this.toMove;
  }
  chanceOutcomes(): ChanceOutcome[] {
    return [];
  }
  returns(): number[] {
    const w = this.winner();
    return w === -1 ? [0, 0] : w === 0 ? [1, -1] : [-1, 1];
  }
  heuristic(): number {
    return 0;
  }
  clone(): TicTacToe {
    return new TicTacToe([...this.board], this.toMove);
  }
  reseed(): void {}
  /** No dice: the closed-loop search sees every move as having one outcome. */
  rngState(): readonly number[] {
    return [];
  }
  toJSON(): unknown {
    return { board: this.board, toMove: this.toMove };
  }
}

const memo = new Map<string, number>();
/** The game-theoretic value of a position for the player to move (negamax). */
export function negamax(s: TicTacToe): number {
  if (s.isTerminal()) return s.returns()[s.toMove]!;
  const key = s.board.join(",");
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let best = -Infinity;
  for (const a of s.legalActions()) {
    const c = s.clone();
    c.apply(a);
    best = Math.max(best, -negamax(c));
  }
  memo.set(key, best);
  return best;
}

/** A perfect player: one of the optimal moves, picked at random. */
export function perfectMove(s: TicTacToe, rng: Rng): Action {
  const scored = s.legalActions().map((a) => {
    const c = s.clone();
    c.apply(a);
    return { a, v: -negamax(c) };
  });
  const best = Math.max(...scored.map((x) => x.v));
  const top = scored.filter((x) => x.v === best);
  return top[rng.roll(top.length) - 1]!.a;
}

/**
 * The dice duel: player 0 picks k (1-5) and rolls k dice, scoring their sum unless any die shows a 1 (then
 * 0); player 1, knowing that score, does the same; the higher score wins (+1/-1), equal scores draw. With
 * `chance: true` each roll is an explicit CHANCE node over the possible scores; without it the dice are
 * rolled inside the action by the state's RNG (the open-loop case: the search cannot see the score).
 */
export class DiceDuel implements GameState<DiceDuel> {
  readonly numPlayers = 2;
  scores: number[] = [];
  pending = 0; // k dice chosen, to roll (chance variant)
  private rng: Rng;
  constructor(readonly chance: boolean, readonly maxDice = 5, seed = 1) {
    this.rng = new Rng(seed);
  }
  isTerminal(): boolean {
    return this.scores.length === 2;
  }
  currentPlayer(): PlayerId {
    if (this.isTerminal()) return TERMINAL;
    return this.pending > 0 ? CHANCE : this.scores.length;
  }
  legalActions(player?: PlayerId): Action[] {
    const p = this.currentPlayer();
    if (p < 0 || (player !== undefined && player !== p)) return [];
    return Array.from({ length: this.maxDice }, (_, i) => i + 1);
  }
  actionToString(action: Action): string {
    return this.pending > 0 ? `scores ${action}` : `rolls ${action} dice`;
  }
  apply(action: Action): void {
    if (this.pending > 0) {
      this.scores.push(action);
      this.pending = 0;
    } else if (this.chance) this.pending = action;
    else {
      let sum = 0;
      let bust = false;
      for (let i = 0; i < action; i++) {
        const d = this.rng.d6();
        if (d === 1) bust = true;
        sum += d;
      }
      this.scores.push(bust ? 0 : sum);
    }
  }
  chanceOutcomes(): ChanceOutcome[] {
    return [...scoreDistribution(this.pending)].map(([action, probability]) => ({ action, probability }));
  }
  returns(): number[] {
    const [a, b] = this.scores as [number, number];
    return a > b ? [1, -1] : a < b ? [-1, 1] : [0, 0];
  }
  heuristic(): number {
    return 0;
  }
  clone(): DiceDuel {
    const c = new DiceDuel(this.chance, this.maxDice);
    c.scores = [...this.scores];
    c.pending = this.pending;
    c.rng = Rng.fromState(this.rng.state());
    return c;
  }
  reseed(seed: number): void {
    this.rng.reseed(seed);
  }
  rngState(): readonly number[] {
    return this.rng.state();
  }
  toJSON(): unknown {
    return { scores: this.scores, pending: this.pending };
  }
}

/** The exact distribution of a k-dice score (0 if any die is a 1, else the sum). */
export function scoreDistribution(k: number): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]); // sum of k dice from 2..6, weight (1/6)^k
  for (let i = 0; i < k; i++) {
    const next = new Map<number, number>();
    for (const [s, p] of dist) for (let d = 2; d <= 6; d++) next.set(s + d, (next.get(s + d) ?? 0) + p / 6);
    dist = next;
  }
  const out = new Map<number, number>([[0, 1 - (5 / 6) ** k]]);
  for (const [s, p] of dist) out.set(s, (out.get(s) ?? 0) + p);
  return out;
}

/** Player 1's expected return choosing k against a known score s0. */
function secondValue(k: number, s0: number): number {
  let v = 0;
  for (const [s1, p] of scoreDistribution(k)) v += p * Math.sign(s1 - s0);
  return v;
}

/** Exact values of player 0's choices 1..maxDice: player 1 answers each score best (it sees the score). */
export function diceDuelValues(maxDice: number): number[] {
  const ks = Array.from({ length: maxDice }, (_, i) => i + 1);
  return ks.map((k) => {
    let v = 0;
    for (const [s0, p] of scoreDistribution(k)) v += p * -Math.max(...ks.map((k1) => secondValue(k1, s0)));
    return v;
  });
}

/** Exact values when player 1 cannot see the score (it picks one k for all scores: the open-loop tree). */
export function diceDuelBlindValues(maxDice: number): number[] {
  const ks = Array.from({ length: maxDice }, (_, i) => i + 1);
  return ks.map((k) => {
    const d0 = scoreDistribution(k);
    const answers = ks.map((k1) => [...d0].reduce((s, [s0, p]) => s + p * secondValue(k1, s0), 0));
    return -Math.max(...answers);
  });
}

/**
 * A one-shot simultaneous game: both players pick 0 or 1 at once. `payoff[a0][a1]` gives player 0's return,
 * player 1 gets the negation (zero-sum) unless `payoff1` is given.
 */
export class Simultaneous implements GameState<Simultaneous> {
  readonly numPlayers = 2;
  picked: number[] | null = null;
  constructor(readonly payoff0: number[][], readonly payoff1?: number[][]) {}
  isTerminal(): boolean {
    return this.picked !== null;
  }
  currentPlayer(): PlayerId {
    return this.picked ? TERMINAL : SIMULTANEOUS;
  }
  legalActions(): Action[] {
    return this.picked ? [] : [0, 1];
  }
  actionToString(action: Action, player?: PlayerId): string {
    return `player ${player} picks ${action}`;
  }
  apply(): void {
    throw new Error("simultaneous game: use applyJoint");
  }
  applyJoint(actions: Action[]): void {
    this.picked = actions;
  }
  chanceOutcomes(): ChanceOutcome[] {
    return [];
  }
  returns(): number[] {
    const [a, b] = this.picked as [number, number];
    const r0 = this.payoff0[a]![b]!;
    return [r0, this.payoff1 ? this.payoff1[a]![b]! : -r0];
  }
  heuristic(): number {
    return 0;
  }
  clone(): Simultaneous {
    const c = new Simultaneous(this.payoff0, this.payoff1);
    c.picked = this.picked && [...this.picked];
    return c;
  }
  reseed(): void {}
  toJSON(): unknown {
    return { picked: this.picked };
  }
}
