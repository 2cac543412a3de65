/**
 * The game review (issue 11, "Game review"): a saved game replayed decision by decision; at every decision
 * of the reviewed player with more than one choice,
 *
 * 1. the search (the coach's: src/aos/search.ts, src/mesbg/search.ts) runs on the position before it, with
 *    the review's budget and a seed drawn from the review's seed and the decision's index, and proposes its
 *    `candidates` most visited choices;
 * 2. those choices and the choice made are each valued by the same rollouts with
 *    the same dice (value.ts: common random numbers) — the search's own statistics are not used for the
 *    values, because with a small budget the choice made has often not been searched at all (progressive
 *    widening opens a few root choices) and a choice searched a few times has a value with a wide interval;
 * 3. the best choice is the candidate with the highest value (the choice made, when it is as high; else the
 *    search's order breaks ties), the loss is
 *    its value minus the value of the choice made (0 when they are the same choice), and the mark is the
 *    loss's (marks.ts; a loss within twice the paired standard error is "good");
 * 4. a loss step 3 would mark is valued again on fresh dice, the best and the choice made only
 *    (`CONFIRM_SAMPLES`), and the decision is marked by that: the best of several noisy values is biased up.
 *
 * Everything is seeded: the same file, player, budget (in iterations) and seed give the same review. Pure
 * (no Node): the dashboard's review worker runs it as the CLI does. A forced decision (one choice) is
 * replayed without review; an unfinished game is reviewed up to where it stops (`finished: false`).
 */
import { InputError } from "../core/errors.js";
import { deriveSeed } from "../core/rng.js";
import type { Core } from "../core/wasm.js";
import type { PitchedBattleState } from "../aos/battle/game.js";
import { aosSearch } from "../aos/search.js";
import type { MesbgState } from "../mesbg/game.js";
import { searchMesbg } from "../mesbg/search.js";
import type { Budget } from "../planner/budget.js";
import { budgetText } from "../planner/budget.js";
import { type GameState, SIMULTANEOUS } from "../planner/game.js";
import type { SearchResult } from "../planner/mcts.js";
import { POSITION_FORMAT } from "../saves/aos-position.js";
import type { GameKind } from "../saves/format.js";
import { loadGame } from "../saves/load.js";
import { STARTERS } from "../saves/setups.js";
import { gameCoverage } from "../saves/coverage.js";
import type { ArmyCoverage } from "../aos/abilities/roster-coverage.js";
import { type GraphPoint, graphOf, type Mark, markOf, type ReviewSummary, summarize } from "./marks.js";
import { aosSamples, mean, mesbgSamples, pairedError, quietCopy, type Samples, type SampleSize } from "./value.js";

export interface ReviewOptions {
  /** The player reviewed (default: the saved game's human side). */
  player?: 0 | 1;
  /** The search at each decision (default: DEFAULT_REVIEW_BUDGET[game]). */
  budget?: Budget;
  seed: number;
  /** Search choices valued beside the choice made (default: DEFAULT_CANDIDATES[game]). */
  candidates?: number;
  /** Copies of each choice (its own dice) x rollouts from each (defaults: DEFAULT_SAMPLES[game]). */
  samples?: SampleSize;
  /** The confirmation of a loss the first values would mark: the two choices again on fresh dice (default: CONFIRM_SAMPLES[game]). */
  confirm?: SampleSize;
  /** Called after each reviewed decision (the dashboard's progress bar). */
  onDecision?: (d: ReviewedDecision, done: number, total: number) => void;
}

/**
 * The defaults, measured in CPU time (README "tactica review"): a whole Pitched Battle (68 decisions with a
 * choice) reviews in ~15 s on this machine; MESBG costs ~10x more per decision (a search iteration and a
 * rollout to the end), so its defaults are smaller: a whole 12-turn game (402 decisions) in ~53 s, where only
 * losses of about 20% stand out of the noise of 16 rollouts per choice.
 */
export const DEFAULT_REVIEW_BUDGET: Record<"aos" | "mesbg", Budget> = { aos: { iterations: 100 }, mesbg: { iterations: 20 } };
export const DEFAULT_CANDIDATES: Record<"aos" | "mesbg", number> = { aos: 2, mesbg: 1 };
export const DEFAULT_SAMPLES: Record<"aos" | "mesbg", SampleSize> = { aos: { outcomes: 8, rollouts: 48 }, mesbg: { outcomes: 4, rollouts: 4 } };
/**
 * A loss is marked only if it is found again on fresh dice: the best choice is the highest of several noisy
 * values, so its lead over the choice made is biased up (and a game tests hundreds of decisions at two standard
 * errors). Measured before this check on one scripted MESBG game (438 decisions, seeds 1, 2, 3): 5, 1 and 5
 * "blunders", no decision marked under two seeds — noise; the AoS battle's marks mostly repeated. The second
 * values are independent of the choice of the best, 4x the first's rollouts for MESBG (the first's 16 leave an
 * error of ~12%), as many as the first for AoS (±3% already).
 */
export const CONFIRM_SAMPLES: Record<"aos" | "mesbg", SampleSize> = { aos: { outcomes: 8, rollouts: 48 }, mesbg: { outcomes: 8, rollouts: 8 } };

export interface ReviewedDecision {
  /** The decision's index in the saved game's `steps`. */
  index: number;
  /** AoS: the battle round; MESBG: the turn. */
  round: number;
  /** AoS: the step ("movement", "charge", "battle-tactic", ...); MESBG: what is being decided ("move", "fight", ...). */
  phase: string;
  /** The graph row it belongs to ("round 2, turn 1" / "turn 4"). */
  turn: string;
  /** The choice made, and its text. */
  action: number;
  label: string;
  /** The best choice found, and its text. */
  best: number;
  bestLabel: string;
  choices: number;
  /** The player's win probability (a draw half): of the position before the choice (its value with the best choice,
   * as lichess's evaluation before a move), after the choice made, after the best. */
  winBefore: number;
  winMade: number;
  winBest: number;
  /** winBest − winMade (0 when the choice made is the best), and its standard error (paired samples). */
  loss: number;
  lossError: number;
  mark: Mark;
  /** The first values would have marked it, so winMade, winBest, the loss and its error are the confirmation's (fresh dice, `samples.confirm`). */
  confirmed: boolean;
  /** AoS: the expected VP margin (the player's VP minus the opponent's at the end) after the choice made, and after the best. */
  expectedVpDiff?: number;
  expectedVpDiffBest?: number;
  /** The search's visits of the choice made (0: the search never tried it) and the iterations it ran. */
  visits: number;
  iterations: number;
}

export interface GameReview {
  game: "aos" | "mesbg";
  player: 0 | 1;
  /** The game ended (false: reviewed up to where the save stops). */
  finished: boolean;
  /** The player's result when finished: 1 won, 0.5 drawn, 0 lost. */
  result: number | null;
  steps: number;
  budget: string;
  seed: number;
  samples: SampleSize & { candidates: number; confirm: SampleSize };
  decisions: ReviewedDecision[];
  summary: ReviewSummary;
  graph: GraphPoint[];
  /** AoS: each army's abilities not played (src/saves/coverage.ts): the review's figures depend on them too. */
  abilities?: ArmyCoverage[];
}

export interface Reviewer<S extends GameState<S>> {
  search(state: S, seed: number): SearchResult;
  samples(state: S, player: number, action: number | null, seed: number, size: SampleSize): Samples;
  where(state: S): { round: number; phase: string; turn: string };
  copy(state: S): S;
}

function aosReviewer(core: Core, budget: Budget): Reviewer<PitchedBattleState> {
  return {
    search: (s, seed) => aosSearch(core, s, budget, seed),
    samples: (s, p, a, seed, size) => aosSamples(core, s, p, a, seed, size),
    where: (s) => ({ round: s.data.round, phase: s.data.step.kind, turn: s.data.round === 0 ? "set-up" : `round ${s.data.round}, turn ${s.data.turn + 1}` }),
    copy: (s) => {
      const c = s.clone();
      c.data.log = null;
      return c;
    },
  };
}

function mesbgReviewer(core: Core | null, budget: Budget): Reviewer<MesbgState> {
  return {
    search: (s, seed) => searchMesbg(s, budget, seed, core),
    samples: (s, p, a, seed, size) => mesbgSamples(core, s, p, a, seed, size),
    where: (s) => ({ round: s.data.turn, phase: s.st.top()?.kind ?? "—", turn: s.data.turn === 0 ? "deployment" : `turn ${s.data.turn}` }),
    copy: quietCopy,
  };
}

/**
 * Reviews the saved game `json` (any file `loadGame` reads: a bad one is an InputError naming the field,
 * `where: steps[3].action: ...`). AoS needs the Wasm core (its search's leaves); MESBG runs without it
 * (TypeScript rollouts, the same numbers, slower). In one thread: the CLI also splits `plan.todo` over its
 * worker pool (`reviewSteps` per chunk), which gives the same review, each decision's dice being its own.
 */
export function reviewGame(json: unknown, core: Core | null, options: ReviewOptions, where = "saved game"): GameReview {
  const plan = planReview(json, core, options, where);
  return assembleReview(plan, reviewSteps(plan, core, plan.todo, options.onDecision));
}

/** A review before its decisions: the game loaded and checked, the settings, and which decisions it reviews. */
export interface ReviewPlan {
  kind: "aos" | "mesbg";
  player: 0 | 1;
  seed: number;
  budget: Budget;
  size: SampleSize;
  confirm: SampleSize;
  candidates: number;
  /** The saved game's steps (its choices) and how to start it. */
  saved: NonNullable<ReturnType<typeof loadGame>["saved"]>;
  /** The step indices reviewed, in order: the player's decisions with more than one choice. */
  todo: number[];
  finished: boolean;
  result: number | null;
  abilities?: ArmyCoverage[];
}

/** Loads and checks the game and replays it once: which decisions are reviewed, and how it ended. */
export function planReview(json: unknown, core: Core | null, options: ReviewOptions, where = "saved game"): ReviewPlan {
  const format = (json as { format?: unknown } | null)?.format;
  if (format === POSITION_FORMAT) throw new InputError(`${where}: format: a position has no decisions to review (tactica coach advises it; a game saved with --save is reviewed)`);
  const loaded = loadGame(json, options.seed, undefined, where);
  const saved = loaded.saved!;
  const kind: GameKind = loaded.kind;
  if (kind === "campaign")
    throw new InputError(`${where}: game: a campaign is not reviewed — its orders are simultaneous (no single best choice to compare with) and its battles are simulated, with no decisions inside`);
  const player = options.player ?? (saved.human as 0 | 1);
  if (kind === "aos" && !core) throw new InputError("review: an AoS game needs the Wasm core (npm run build)");
  const budget = options.budget ?? DEFAULT_REVIEW_BUDGET[kind];
  const s = reviewerFor(kind, core, budget).copy(STARTERS[kind](saved.setup, saved.seed).state as GameState);
  const todo: number[] = [];
  saved.steps.forEach((step, i) => {
    const p = s.currentPlayer();
    if (p === SIMULTANEOUS) throw new InputError(`${where}: steps[${i}]: simultaneous orders are not reviewed`);
    if (p === player && s.legalActions(p).length > 1) todo.push(i);
    s.apply(step.action);
  });
  const finished = s.isTerminal();
  const score = finished ? s.returns()[player]! : 0;
  return {
    kind,
    player,
    seed: options.seed,
    budget,
    size: options.samples ?? DEFAULT_SAMPLES[kind],
    confirm: options.confirm ?? CONFIRM_SAMPLES[kind],
    candidates: options.candidates ?? DEFAULT_CANDIDATES[kind],
    saved,
    todo,
    finished,
    result: finished ? (score > 1e-9 ? 1 : score < -1e-9 ? 0 : 0.5) : null,
    ...(kind === "aos" ? { abilities: gameCoverage(loaded) } : {}),
  };
}

function reviewerFor(kind: "aos" | "mesbg", core: Core | null, budget: Budget): Reviewer<GameState> {
  return (kind === "aos" ? aosReviewer(core!, budget) : mesbgReviewer(core, budget)) as unknown as Reviewer<GameState>;
}

/**
 * The decisions at step indices `indices` (ascending, each in `plan.todo`), the game replayed from its start
 * up to the last of them. Each decision's searches and rollouts are seeded from the review's seed and its own
 * index alone, so any split of `plan.todo` into parts gives the same decisions.
 */
export function reviewSteps(plan: ReviewPlan, core: Core | null, indices: readonly number[], onDecision?: ReviewOptions["onDecision"]): ReviewedDecision[] {
  const reviewer = reviewerFor(plan.kind, core, plan.budget);
  const state = reviewer.copy(STARTERS[plan.kind](plan.saved.setup, plan.saved.seed).state as GameState);
  const wanted = new Set(indices);
  const last = indices.length ? indices[indices.length - 1]! : -1;
  const decisions: ReviewedDecision[] = [];
  for (let i = 0; i <= last; i++) {
    const action = plan.saved.steps[i]!.action;
    if (wanted.has(i)) {
      const d = reviewDecision(reviewer, state, plan.player, action, i, plan.seed, plan.candidates, plan.size, plan.confirm);
      decisions.push(d);
      onDecision?.(d, decisions.length, indices.length);
    }
    state.apply(action);
  }
  return decisions;
}

/** The review from its plan and its decisions (in step order): the summary, the graph and the settings. */
export function assembleReview(plan: ReviewPlan, decisions: ReviewedDecision[]): GameReview {
  const steps = plan.saved.steps.length;
  return {
    game: plan.kind,
    player: plan.player,
    finished: plan.finished,
    result: plan.result,
    steps,
    budget: budgetText(plan.budget),
    seed: plan.seed,
    samples: { ...plan.size, candidates: plan.candidates, confirm: plan.confirm },
    decisions,
    summary: summaryWithEnd(summarize(decisions, plan.kind === "aos" ? "round" : "turn"), plan.finished, steps),
    graph: graphOf(decisions, plan.result === null ? null : { index: steps, score: plan.result }),
    ...(plan.abilities ? { abilities: plan.abilities } : {}),
  };
}

function summaryWithEnd(s: ReviewSummary, finished: boolean, steps: number): ReviewSummary {
  return finished ? s : { ...s, text: `${s.text} (unfinished: the save stops after ${steps} steps; reviewed up to there)` };
}

/**
 * One decision: the search's candidates and the choice made, valued with the same dice; a loss those values
 * would mark is valued again, the best and the choice made only, on fresh dice (`confirm`), and marked by that.
 */
export function reviewDecision(
  r: Reviewer<GameState>, state: GameState, player: number, made: number, index: number, seed: number, candidates: number, size: SampleSize, confirm: SampleSize,
): ReviewedDecision {
  const at = deriveSeed(seed, index);
  const found = r.search(state, deriveSeed(at, 1));
  const valueSeed = deriveSeed(at, 2);
  const proposals = found.actions.slice(0, Math.max(1, candidates)).map((a) => a.action);
  const actions = [...proposals, ...(proposals.includes(made) ? [] : [made])];
  const values = new Map(actions.map((a) => [a, r.samples(state, player, a, valueSeed, size)] as const));
  const winOf = (a: number) => mean(values.get(a)!.score);
  // Highest value; ties go to the search's order (the proposals come first, most visited first).
  let best = actions[0]!;
  for (const a of actions) if (winOf(a) > winOf(best) + 1e-12) best = a;
  // The choice made valued as high as the best is the best (no other choice to point to).
  if (winOf(made) >= winOf(best) - 1e-12) best = made;
  let madeS = values.get(made)!;
  let bestS = values.get(best)!;
  let loss = best === made ? 0 : Math.max(0, winOf(best) - winOf(made));
  let lossError = best === made ? 0 : pairedError(bestS.score, madeS.score);
  const confirmed = markOf(loss, loss > 2 * lossError) !== "good";
  if (confirmed) {
    const again = deriveSeed(at, 3);
    bestS = r.samples(state, player, best, again, confirm);
    madeS = r.samples(state, player, made, again, confirm);
    if (mean(madeS.score) >= mean(bestS.score) - 1e-12) {
      // Not behind on the fresh dice: the choice made is as good as any found.
      [best, bestS, loss, lossError] = [made, madeS, 0, 0];
    } else {
      loss = mean(bestS.score) - mean(madeS.score);
      lossError = pairedError(bestS.score, madeS.score);
    }
  }
  const w = r.where(state);
  return {
    index,
    round: w.round,
    phase: w.phase,
    turn: w.turn,
    action: made,
    label: state.actionToString(made, player),
    best,
    bestLabel: state.actionToString(best, player),
    choices: state.legalActions(player).length,
    winBefore: mean(bestS.score),
    winMade: mean(madeS.score),
    winBest: mean(bestS.score),
    loss,
    lossError,
    mark: markOf(loss, loss > 2 * lossError),
    confirmed,
    ...(madeS.vp ? { expectedVpDiff: mean(madeS.vp), expectedVpDiffBest: mean(bestS.vp!) } : {}),
    visits: found.actions.find((a) => a.action === made)?.visits ?? 0,
    iterations: found.iterations,
  };
}
