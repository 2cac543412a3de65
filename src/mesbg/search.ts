/**
 * The MESBG side of the search (src/planner/mcts.ts knows no game): the prior (the scripted policy's
 * choice), the leaf evaluations, and the `mcts` agent that searches every decision with more than one choice
 * (activations, moves, charges, shots, casts, stances, Might/Will/Fate, strikes, backing away).
 *
 * A leaf of the tree is usually inside something the Wasm kernel cannot enter (an activation, a combat, a
 * casting: encode.ts lists the points it can start from). The leaf plays on with the scripted policy in
 * TypeScript to the next such point — the end of the activation, shot or combat under way, a few cheap
 * decisions — then hands the state to the kernel:
 *
 * - `leaf: "end"` — the kernel plays the game to the end with the scripted policy (a wipe-out: +1/-1; the
 *   turn cap: each side's surviving share minus the other's, game.ts `returns`);
 * - `leaf: N` (a number of turns) — the kernel plays the rest of this turn and N-1 more, then the same
 *   surviving-share heuristic scores the position (a wipe-out on the way still counts ±1). `0` scores the
 *   position where the TypeScript steps stopped.
 *
 * Without the kernel (`core` null) the same cut-off is played in TypeScript (slower; same numbers, since the
 * kernel plays the TypeScript game die for die).
 *
 * The tree proposes, rollouts to the end decide: the agent plays the tree's most visited action only if
 * `verify` pairs of rollouts to the end, one after it and one after the scripted choice from the same seed,
 * say it does better by `verifyMargin` standard errors (`comparePaired`); else the scripted choice. The
 * 1-turn cut-off is cheap and precise but biased (what survives one Fight phase favours holding back), and
 * a tree that trusted it lost to its own scripted player; one step of policy improvement judged by
 * unbiased, paired rollouts beats it (README, "The search" under `tactica mesbg`).
 */
import { deriveSeed, Rng } from "../core/rng.js";
import type { Core } from "../core/wasm.js";
import type { Agent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import { CHANCE } from "../planner/game.js";
import { meanInterval } from "../core/stats.js";
import { type AgentSearch, type EdgeTally, type Evaluation, type Evaluator, search, type SearchOptions, type SearchResult, searchTally, summarize } from "../planner/mcts.js";
import { atKernelPoint, encodeState, H, M, MF, P, PROFILE_STRIDE, MODEL_STRIDE } from "./encode.js";
import { decide } from "./engine.js";
import type { MesbgState } from "./game.js";
import { mesbgPolicy } from "./policy.js";
import { playTs } from "./rollout.js";
import { type ChoiceNote, type ExplainingAgent, noteFromEdges, type PairedCheck } from "../planner/explain.js";
import { rolloutWasmMany, playWasm } from "./rolloutWasm.js";

/** How a leaf is valued: rollouts to the end, or a cut-off after this many turns (see the header). */
export type MesbgLeaf = "end" | number;

export interface MesbgSearchSettings {
  leaf?: MesbgLeaf;
  /** UCT exploration for returns in [-1, 1]. */
  exploration?: number;
  /** Progressive widening `ceil(k·(n+1)^alpha)`. */
  widening?: { k: number; alpha: number } | false;
  /**
   * Standard errors (of the tree's own returns) by which the most visited action must beat the scripted one to
   * be proposed (`chooseFrom`); 0: the most visited is always proposed (the default: `verify` judges it).
   */
  margin?: number;
  /** With a margin: searches each of the two must have had before the tree's choice may displace the scripted one. */
  minVisits?: number;
  /**
   * Pairs of rollouts to the end that check a proposal that is not the scripted choice before it is played
   * (`comparePaired`); 0: no check, the proposal is played.
   */
  verify?: number;
  /** Standard errors by which the checked choice must beat the scripted one in the paired rollouts. */
  verifyMargin?: number;
  /** The check stops after any block of this many pairs whose running mean difference is not ahead; 0: never. */
  verifyBlock?: number;
}

/**
 * The default leaf: a cut-off after the rest of the turn. Measured (analysis/bench/results/search-mesbg.md):
 * 2.5-5x the iterations per CPU-second of a rollout to the end and ~300x the precision per ms (its returns
 * spread far less). Its bias (it judges by what survives one Fight phase, not by who wins) is why its
 * proposals are checked by rollouts to the end (`verify`): the tree alone lost to the scripted player.
 */
export const DEFAULT_LEAF: MesbgLeaf = 1;
export const DEFAULT_MARGIN = 0;
export const DEFAULT_MIN_VISITS = 5;
export const DEFAULT_VERIFY = 64;
export const DEFAULT_VERIFY_MARGIN = 1;
export const DEFAULT_VERIFY_BLOCK = 16;
export const DEFAULT_EXPLORATION = 0.7;
export const DEFAULT_WIDENING = { k: 2, alpha: 0.5 } as const;

/** The scripted policy never draws from its Rng outside chance nodes (which the tree samples itself). */
const PRIOR_RNG = new Rng(0);

/** The action tried first at every decision node: the scripted player's. */
export function mesbgPrior(state: MesbgState, player: number): number {
  return mesbgPolicy.act(state, player, PRIOR_RNG);
}

/** Plays `s` on with the scripted policy (dice from its own stream) until the kernel can take it. */
export function playToKernelPoint(s: MesbgState, rng: Rng): void {
  for (let i = 0; !atKernelPoint(s); i++) {
    if (i > 100_000) throw new Error("mesbg search: no point the kernel can start from after 100,000 decisions");
    const p = s.currentPlayer();
    let a: number;
    if (p === CHANCE) {
      const acts = s.legalActions();
      a = acts[rng.roll(acts.length) - 1]!;
    } else a = mesbgPolicy.act(s, p, rng);
    decide(s.st, a);
  }
}

/**
 * Both sides' returns from an encoded state (the kernel's output layout): ±1 (0 for both gone) after a
 * wipe-out, else each side's surviving share (points × Wounds left) minus the other's — scenario.ts
 * `survivingShare` on the encoded numbers.
 */
export function encodedReturns(e: Float64Array): [number, number] {
  if (e[H.REASON] === 1) {
    const w = e[H.WINNER]!;
    return w === -1 ? [0, 0] : w === 0 ? [1, -1] : [-1, 1];
  }
  const now = [0, 0];
  const all = [0, 0];
  const pa = e[H.PROFILE_AT]!;
  const ma = e[H.MODEL_AT]!;
  for (let k = 0; k < e[H.NMODELS]!; k++) {
    const o = ma + k * MODEL_STRIDE;
    const side = e[o + M.SIDE]!;
    const po = pa + e[o + M.PROFILE]! * PROFILE_STRIDE;
    const value = e[po + P.VALUE]!;
    all[side]! += value;
    if (e[o + M.FLAGS]! & MF.alive) now[side]! += (value * e[o + M.WOUNDS]!) / e[po + P.WOUNDS]!;
  }
  const share = (s: number) => (all[s]! > 0 ? now[s]! / all[s]! : 0);
  const d = share(0) - share(1);
  return [d, -d];
}

/** Leaf evaluation in the Wasm kernel (see the header); `state` is the iteration's own copy. */
export function kernelEvaluator(core: Core, leaf: MesbgLeaf): Evaluator<MesbgState> {
  return (s: MesbgState, rng: Rng): Evaluation => {
    if (!s.isTerminal()) playToKernelPoint(s, rng);
    if (s.isTerminal()) return { returns: s.returns() };
    if (leaf === 0) return { returns: [s.heuristic(0), s.heuristic(1)] };
    const seed = rng.nextU32();
    const enc = encodeState(s);
    if (leaf === "end") return { returns: rolloutWasmMany(core, enc, [seed])[0]!.score };
    return { returns: encodedReturns(playWasm(core, enc, seed, s.data.turn + leaf - 1)) };
  };
}

/** The same leaves played in TypeScript (no kernel): slower, the same numbers. */
export function tsEvaluator(leaf: MesbgLeaf): Evaluator<MesbgState> {
  return (s: MesbgState, rng: Rng): Evaluation => {
    if (!s.isTerminal()) playToKernelPoint(s, rng);
    if (s.isTerminal()) return { returns: s.returns() };
    if (leaf === 0) return { returns: [s.heuristic(0), s.heuristic(1)] };
    const end = playTs(s, rng.nextU32(), leaf === "end" ? Infinity : s.data.turn + leaf - 1);
    return { returns: end.isTerminal() ? end.returns() : [end.heuristic(0), end.heuristic(1)] };
  };
}

/** Search options for a MESBG root (everything but the seed and the budget). */
export function mesbgSearchOptions(core: Core | null, settings: MesbgSearchSettings = {}): Omit<SearchOptions<MesbgState>, "seed"> {
  const leaf = settings.leaf ?? DEFAULT_LEAF;
  return {
    prior: mesbgPrior,
    evaluate: core ? kernelEvaluator(core, leaf) : tsEvaluator(leaf),
    exploration: settings.exploration ?? DEFAULT_EXPLORATION,
    widening: settings.widening ?? DEFAULT_WIDENING,
  };
}

/** The search's root: a copy without the event log (copying a long log every iteration costs more than the game). */
function searchRoot(state: MesbgState): MesbgState {
  const root = state.clone();
  root.record(false);
  root.st.d.events = [];
  return root;
}

/** A search from `state` (not changed): every root action with its statistics (src/planner/mcts.ts). */
export function searchMesbg(state: MesbgState, budget: Budget, seed: number, core: Core | null, settings: MesbgSearchSettings = {}): SearchResult {
  return search(searchRoot(state), { ...mesbgSearchOptions(core, settings), seed, iterations: budget.iterations, timeMs: budget.timeMs });
}

/**
 * The `mcts` agent: a search at every decision with more than one choice, seeded from the agent's Rng (a
 * seed is drawn at every decision, searched or not, so a game is reproducible from its seed with an
 * iteration budget); a forced decision is played at once.
 */
export function mesbgMctsAgent(budget: Budget, core: Core | null, settings: MesbgSearchSettings = {}): Agent<MesbgState> & ExplainingAgent & { lastSearch: AgentSearch | null } {
  const agent: Agent<MesbgState> & ExplainingAgent & { lastSearch: AgentSearch | null } = {
    name: "mcts",
    lastChoice: null,
    lastSearch: null,
    act(state, player, rng) {
      const seed = rng.nextU32();
      const acts = state.legalActions(player);
      agent.lastChoice = null;
      if (acts.length === 0) throw new Error("mcts: no legal action");
      if (acts.length === 1) return acts[0]!;
      const start = performance.now();
      const root = searchRoot(state);
      const t = searchTally(root, { ...mesbgSearchOptions(core, settings), seed, iterations: budget.iterations, timeMs: budget.timeMs });
      const prior = mesbgPrior(state, player);
      let chosen = chooseFrom(t.edges[0]!, prior, settings.margin ?? DEFAULT_MARGIN, settings.minVisits ?? DEFAULT_MIN_VISITS);
      const verify = settings.verify ?? DEFAULT_VERIFY;
      let check: ChoiceNote["check"];
      if (chosen !== prior && verify > 0) {
        check = checkProposal(state, player, chosen, prior, seed, core, settings);
        if (!check.passed) chosen = prior;
      }
      agent.lastSearch = { result: summarize(root, t, seed, performance.now() - start), chosen, ...(check ? { check } : {}) };
      const note = noteFromEdges(t.edges[0]!, chosen);
      agent.lastChoice = note && check ? { ...note, check } : note;
      return chosen;
    },
  };
  return agent;
}

/**
 * `a` against `b` for `player` from `state` (not changed): `rollouts` pairs of games played to the end by the
 * scripted policy after each (the kernel's, or TypeScript's without a core), the two games of a pair from one
 * seed (common random numbers: the same dice where the two games roll alike, so their difference spreads
 * less than two independent games'). The mean difference of the returns (a's minus b's) and its standard
 * error. Rollouts to the end are unbiased where the tree's 1-turn cut-off is not (what survives one Fight
 * phase favours holding back: not charging keeps this turn's losses down and meets the charge next turn).
 */
export function comparePaired(
  state: MesbgState, player: number, a: number, b: number, rollouts: number, seed: number, core: Core | null, block = 0,
): { mean: number; se: number; n: number } {
  const evaluate = core ? kernelEvaluator(core, "end") : tsEvaluator("end");
  const seeds = new Rng(seed);
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let i = 0; i < rollouts; i++) {
    // `block`: after every `block` pairs, a mean difference that is not ahead ends the check (a rejection
    // cannot turn into a pass often enough to pay for the rest; a pass always plays all `rollouts`)
    if (block > 0 && i > 0 && i % block === 0 && sum <= 0) break;
    const pairSeed = seeds.nextU32();
    // The game's own dice stream is reseeded as the tree's iterations reseed it: a copy that kept it would
    // roll the dice the game is about to roll (a check that sees the future).
    const value = (action: number) => {
      const s = searchRoot(state);
      s.reseed(deriveSeed(pairSeed, 0));
      s.apply(action);
      return evaluate(s, new Rng(deriveSeed(pairSeed, 1))).returns[player]!;
    };
    const d = value(a) - value(b);
    sum += d;
    sumSq += d * d;
    n++;
  }
  return { ...meanAndSe(sum, sumSq, n), n };
}

/**
 * The agent's check of `proposal` against the scripted choice `prior` (the coach runs the same one): `settings`'
 * pairs and blocks, seeded from the search's seed.
 */
export function checkProposal(
  state: MesbgState, player: number, proposal: number, prior: number, seed: number, core: Core | null, settings: MesbgSearchSettings = {},
): PairedCheck & { proposed: string } {
  const d = comparePaired(state, player, proposal, prior, settings.verify ?? DEFAULT_VERIFY, deriveSeed(seed, 1), core, settings.verifyBlock ?? DEFAULT_VERIFY_BLOCK);
  return { proposed: state.actionToString(proposal), pairs: d.n, meanDiff: d.mean, se: d.se, passed: checkPasses(d, settings.verifyMargin) };
}

/** Whether a paired check lets the proposal displace the scripted choice: ahead by more than `margin` standard errors. */
export function checkPasses(d: { mean: number; se: number }, margin = DEFAULT_VERIFY_MARGIN): boolean {
  return d.mean > margin * d.se;
}

/** The mean and its standard error (Infinity with fewer than two values) from a sum and a sum of squares. */
function meanAndSe(sum: number, sumSq: number, n: number): { mean: number; se: number } {
  const m = meanInterval(sum, sumSq, n, 1);
  return { mean: m.mean, se: m.high - m.mean };
}

/**
 * The action to play from the root's statistics: the most visited (ties: the higher total return, then the
 * lower action, as `search` ranks them), unless the scripted player's choice (`prior`) was searched too and
 * the most visited one's mean return does not beat the prior's by `margin` standard errors of the
 * difference. With a small budget and noisy leaves the most visited action is often there by luck, and then
 * the scripted choice (the rollout policy's, which the leaves assume) is the better bet. `margin` 0: always
 * the most visited. Until both were searched `minVisits` times (at least 2: an action seen once has no
 * variance estimate) the prior stays.
 */
export function chooseFrom(edges: readonly EdgeTally[], prior: number, margin: number, minVisits = DEFAULT_MIN_VISITS): number {
  const ranked = [...edges].sort((a, b) => b.visits - a.visits || b.sum - a.sum || a.action - b.action);
  const best = ranked[0];
  if (!best) throw new Error("mcts: the search expanded nothing");
  if (margin <= 0 || best.action === prior) return best.action;
  const p = edges.find((e) => e.action === prior);
  if (!p || p.visits === 0) return best.action;
  if (best.visits < minVisits || p.visits < minVisits) return prior;
  const b = meanAndSe(best.sum, best.sumSq, best.visits);
  const q = meanAndSe(p.sum, p.sumSq, p.visits);
  const diffSe = Math.sqrt(b.se ** 2 + q.se ** 2);
  return Number.isFinite(diffSe) && b.mean - q.mean > margin * diffSe ? best.action : prior;
}
