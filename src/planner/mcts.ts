/**
 * Monte Carlo tree search over the `GameState` interface: it knows no game.
 *
 * - Open loop: every iteration plays from a clone of the root re-seeded with `deriveSeed(seed, iteration)`,
 *   so the dice inside an action differ from one iteration to the next and the tree never foresees a roll.
 *   A node is the sequence of actions that leads to it, not a state; the actions legal at a node can
 *   change between iterations, so each edge keeps an availability count (how often it could have been
 *   chosen) and UCT uses that instead of the parent's visits (as single-observer ISMCTS does).
 * - Explicit chance nodes (`CHANCE`): an outcome is sampled by its probability; each outcome has its own
 *   subtree.
 * - Simultaneous nodes (`SIMULTANEOUS`, the campaign's orders): each player selects from its own statistics
 *   over its own actions, never seeing the others' choice (decoupled), by regret matching with outcome
 *   sampling (Lanctot et al. 2013, "MCTS in simultaneous move games"): a deterministic UCB at such a node
 *   moves both players in lockstep on symmetric statistics, and the average regret-matching strategy
 *   approaches an equilibrium (a coin toss in matching pennies). The child is the joint action.
 * - Progressive widening: a node with n visits may have at most ceil(k·(n+1)^alpha) children; the `prior`'s
 *   action (the scripted policy's choice) is always the first expanded, then the others in a seeded random
 *   order. So with a budget of one iteration the search plays the prior's move, and a small budget is
 *   never worse than the scripted player by construction.
 * - Leaf evaluation is the game's business (`evaluate`: a rollout to the end by the scripted policy, in the
 *   Wasm kernel for AoS, or a cut-off with the game's heuristic); `randomRollout` is the generic default.
 * - The answer is the most visited root action; every root action comes with its visits, mean return for
 *   the player to move, win probability (Wilson 95%), expected VP difference (95%), and the principal line.
 *
 * Determinism: the same seed and iteration budget give the same answer. A millisecond budget stops after a
 * number of iterations that depends on the machine; `searchRoots` splits a budget into a fixed number of
 * independent trees (root parallelism) merged in index order, so a worker pool gives the same answer as one
 * thread for the same number of roots.
 */
import type { PairedCheck } from "./explain.js";
import { deriveSeed, Rng } from "../core/rng.js";
import { meanInterval, wilson } from "../core/stats.js";
import type { Agent } from "./agents.js";
import { type ClosedLoopOptions, closedSearchTally } from "./closed-loop.js";
import { type Action, CHANCE, type ChanceOutcome, type GameState, type PlayerId, SIMULTANEOUS } from "./game.js";

/** What a leaf is worth: per-player returns in [-1, 1] and, where the game has them, victory points. */
export interface Evaluation {
  returns: number[];
  vp?: number[] | null;
}

/** Evaluates a state reached in the tree (possibly terminal). May mutate the state it is given. */
export type Evaluator<S> = (state: S, rng: Rng) => Evaluation;

export interface SearchOptions<S extends GameState<S>> {
  seed: number;
  /** Iteration budget (default 1,000 when `timeMs` is not given). */
  iterations?: number;
  /** Time budget in milliseconds (checked between iterations). With both, the first reached stops. */
  timeMs?: number;
  /** UCT exploration constant for returns in [-1, 1] (default 1). */
  exploration?: number;
  /** Progressive widening `ceil(k·(n+1)^alpha)` children for n visits; `false` expands every action. */
  widening?: { k: number; alpha: number } | false;
  /** The action tried first at every decision node (the scripted policy's choice). */
  prior?: (state: S, player: PlayerId) => Action | undefined;
  /** Leaf evaluation (default: `randomRollout()`). */
  evaluate?: Evaluator<S>;
  /** At most this many tree nodes (default 200,000); beyond it the tree stops growing. */
  maxNodes?: number;
  /** Depth of the principal line reported (default 6). */
  lineDepth?: number;
  /** The clock for `timeMs` (tests inject one). */
  now?: () => number;
  /**
   * Search closed-loop instead (closed-loop.ts): nodes keep their states, chance outcomes are sampled and
   * widened, leaves are evaluated `expandAfter` times before they grow. For games costly to clone and step.
   */
  closedLoop?: ClosedLoopOptions;
}

/** Raw statistics of one action at one node: plain numbers, so trees searched apart merge by addition. */
export interface EdgeTally {
  action: Action;
  visits: number;
  /** Iterations in which this action was legal when the node was selected from. */
  available: number;
  sum: number;
  sumSq: number;
  wins: number;
  draws: number;
  vpVisits: number;
  vpSum: number;
  vpSumSq: number;
}

export interface ActionStats {
  action: Action;
  label: string;
  visits: number;
  meanReturn: number;
  returnInterval: [number, number];
  winProbability: number;
  winInterval: [number, number];
  drawProbability: number;
  /** Expected VP of the player to move minus the best opponent's; null where the game has no VP. */
  expectedVpDiff: number | null;
  vpInterval: [number, number] | null;
}

export interface LineStep {
  player: PlayerId;
  action: Action;
  label: string;
  visits: number;
}

export interface SearchResult {
  /** The player to move at the root (a player index, or SIMULTANEOUS). */
  player: PlayerId;
  /** The most visited action (for a SIMULTANEOUS root: of player 0; see `joint`). */
  best: Action;
  /** Root actions of the player to move, most visited first. */
  actions: ActionStats[];
  /** At a SIMULTANEOUS root: each player's actions, most visited first, and each one's best action. */
  joint?: { player: number; best: Action; actions: ActionStats[] }[];
  /** The most visited path from the root (chance outcomes included), labelled as played from the root. */
  principalLine: LineStep[];
  iterations: number;
  nodes: number;
  elapsedMs: number;
}

/**
 * What a search agent keeps of its latest search (the dashboard shows it): the answer, the action it played
 * (its choice rule may keep the scripted prior over the most visited) and, at a SIMULTANEOUS root, its player.
 */
export interface AgentSearch {
  result: SearchResult;
  chosen: Action;
  player?: number;
  /** MESBG: the most searched action checked against the scripted choice by paired games to the end (src/mesbg/search.ts). */
  check?: PairedCheck;
}

/** Raw root statistics of one tree (what a worker sends back for root parallelism). */
export interface RootTally {
  player: PlayerId;
  /** Per player at a SIMULTANEOUS root; one entry (the player to move) otherwise. */
  edges: EdgeTally[][];
  iterations: number;
  nodes: number;
  /** The most visited path from the root, with each step's visits. */
  line: { action: Action; visits: number }[];
}

interface Edge extends EdgeTally {
  child: Node;
}

class Node {
  visits = 0;
  /** Decision edges, or at a SIMULTANEOUS node one map per player (children in `jointChildren`). */
  edges: Map<Action, Edge>[] = [];
  /** CHANCE outcomes and SIMULTANEOUS joint actions lead to children without statistics of their own. */
  children = new Map<string, Node>();
  /** Per statistics slot: the prior was asked here already (it is asked once per node: it can be costly). */
  priorAsked: boolean[] = [];
  /** At a SIMULTANEOUS node: each player's cumulative regret per action (regret matching). */
  regrets: Map<Action, number>[] = [];
}

/** A regret-matching choice waiting for its iteration's return. */
interface RegretChoice {
  regrets: Map<Action, number>;
  actions: Action[];
  probability: number;
}

/** Exploration mixed into regret matching's strategy. */
const REGRET_EXPLORATION = 0.1;

const DEFAULT_WIDENING = { k: 2, alpha: 0.5 };

function newEdge(action: Action): Edge {
  return { action, visits: 0, available: 0, sum: 0, sumSq: 0, wins: 0, draws: 0, vpVisits: 0, vpSum: 0, vpSumSq: 0, child: new Node() };
}

/** A chance outcome drawn by its probability. */
export function sampleOutcome(outcomes: readonly ChanceOutcome[], rng: Rng): Action {
  let u = rng.nextFloat();
  for (const o of outcomes) {
    u -= o.probability;
    if (u < 0) return o.action;
  }
  return outcomes[outcomes.length - 1]!.action;
}

/** The VP margin of `player`: its VP minus the best of the others'. */
export function vpMargin(vp: readonly number[], player: number): number {
  let best = -Infinity;
  for (let q = 0; q < vp.length; q++) if (q !== player) best = Math.max(best, vp[q]!);
  return vp[player]! - (best === -Infinity ? 0 : best);
}

/** Counts one iteration's return (and VP margin) for `player` on `edge`. */
export function addReturn(edge: EdgeTally, evaluation: Evaluation, player: number): void {
  const r = evaluation.returns[player]!;
  edge.visits++;
  edge.sum += r;
  edge.sumSq += r * r;
  if (r > 1e-9) edge.wins++;
  else if (r > -1e-9) edge.draws++;
  if (evaluation.vp) {
    const m = vpMargin(evaluation.vp, player);
    edge.vpVisits++;
    edge.vpSum += m;
    edge.vpSumSq += m * m;
  }
}

/**
 * The generic leaf evaluation: uniformly random play to the end (chance outcomes by probability), or, after
 * `cutoff` decisions, the game's heuristic.
 */
export function randomRollout<S extends GameState<S>>(options: { cutoff?: number } = {}): Evaluator<S> {
  const cutoff = options.cutoff ?? 100_000;
  return (state, rng) => {
    for (let step = 0; !state.isTerminal(); step++) {
      if (step >= cutoff) return { returns: Array.from({ length: state.numPlayers }, (_, q) => state.heuristic(q)) };
      const p = state.currentPlayer();
      if (p === CHANCE) state.apply(sampleOutcome(state.chanceOutcomes(), rng));
      else if (p === SIMULTANEOUS) state.applyJoint!(Array.from({ length: state.numPlayers }, (_, q) => pick(state.legalActions(q), rng)));
      else state.apply(pick(state.legalActions(p), rng));
    }
    return { returns: state.returns() };
  };
}

function pick(actions: readonly Action[], rng: Rng): Action {
  if (actions.length === 0) throw new Error("search: a player to move has no legal action");
  return actions[rng.roll(actions.length) - 1]!;
}

class Tree<S extends GameState<S>> {
  readonly root = new Node();
  nodes = 1;
  private readonly c: number;
  private readonly widening: { k: number; alpha: number } | false;
  private readonly maxNodes: number;
  private readonly evaluate: Evaluator<S>;

  constructor(private readonly options: SearchOptions<S>) {
    this.c = options.exploration ?? 1;
    this.widening = options.widening === undefined ? DEFAULT_WIDENING : options.widening;
    this.maxNodes = options.maxNodes ?? 200_000;
    this.evaluate = options.evaluate ?? randomRollout<S>();
  }

  /** One iteration: select and expand from the root down, evaluate the leaf, back the returns up. */
  iterate(rootState: S, seed: number, iteration: number): void {
    const state = rootState.clone();
    state.reseed(deriveSeed(seed, 2 * iteration));
    const rng = new Rng(deriveSeed(seed, 2 * iteration + 1));
    const path: { edge: Edge; player: number; regret?: RegretChoice }[] = [];
    let node = this.root;
    let evaluation: Evaluation | null = null;
    while (evaluation === null) {
      node.visits++;
      if (state.isTerminal()) break;
      const p = state.currentPlayer();
      if (p === CHANCE) {
        const a = sampleOutcome(state.chanceOutcomes(), rng);
        state.apply(a);
        node = this.childOf(node, String(a));
        continue;
      }
      if (p === SIMULTANEOUS) {
        const joint: Action[] = [];
        let expanded = false;
        for (let q = 0; q < state.numPlayers; q++) {
          const chosen = this.selectJoint(node, q, state, rng);
          joint.push(chosen.edge.action);
          path.push({ edge: chosen.edge, player: q, regret: chosen.regret });
          expanded ||= chosen.expanded;
        }
        state.applyJoint!(joint);
        node = this.childOf(node, joint.join(","));
        if (expanded) evaluation = this.evaluate(state, rng);
        continue;
      }
      const chosen = this.select(node, 0, state, p, rng);
      path.push({ edge: chosen.edge, player: p });
      state.apply(chosen.edge.action);
      node = chosen.edge.child;
      if (chosen.expanded) evaluation = this.evaluate(state, rng);
    }
    evaluation ??= this.evaluate(state, rng);
    this.backUp(path, evaluation);
  }

  private childOf(node: Node, key: string): Node {
    let child = node.children.get(key);
    if (!child) {
      child = new Node();
      node.children.set(key, child);
      this.nodes++;
    }
    return child;
  }

  /**
   * Picks `player`'s action at `node` (statistics slot `slot`): expands a new action while widening
   * allows (the prior's first), else the best UCT score among the expanded actions legal now.
   */
  private select(node: Node, slot: number, state: S, player: number, rng: Rng): { edge: Edge; expanded: boolean } {
    const legal = state.legalActions(player);
    if (legal.length === 0) throw new Error(`search: player ${player} is to move but has no legal action`);
    const edges = (node.edges[slot] ??= new Map());
    const open: Edge[] = [];
    for (const a of legal) {
      const e = edges.get(a);
      if (e) open.push(e);
    }
    const allowed = this.widening ? Math.ceil(this.widening.k * Math.pow(node.visits, this.widening.alpha)) : Infinity;
    if (open.length < legal.length && open.length < allowed && this.nodes < this.maxNodes) {
      let a: Action | undefined;
      if (this.options.prior && !node.priorAsked[slot]) {
        node.priorAsked[slot] = true;
        const prior = this.options.prior(state, player);
        if (prior !== undefined && legal.includes(prior) && !edges.has(prior)) a = prior;
      }
      if (a === undefined) {
        const fresh = legal.filter((x) => !edges.has(x));
        a = fresh[rng.roll(fresh.length) - 1]!;
      }
      const e = newEdge(a);
      edges.set(a, e);
      this.nodes++;
      for (const o of open) o.available++;
      e.available++;
      return { edge: e, expanded: true };
    }
    if (open.length === 0) {
      // The tree is full and nothing legal here was expanded: play on without statistics below this point.
      const e = newEdge(pick(legal, rng));
      return { edge: e, expanded: true };
    }
    // Exact ties are broken at random: with a fixed order two players choosing at once from symmetric
    // statistics would move in lockstep (decoupled UCT), and one would never learn.
    let best = open[0]!;
    let bestScore = -Infinity;
    let ties = 0;
    for (const e of open) {
      e.available++;
      const score = e.sum / e.visits + this.c * Math.sqrt(Math.log(e.available) / e.visits);
      if (score > bestScore) {
        bestScore = score;
        best = e;
        ties = 1;
      } else if (score === bestScore && rng.roll(++ties) === 1) best = e;
    }
    return { edge: best, expanded: false };
  }

  /**
   * A player's action at a SIMULTANEOUS node: widening as at a decision node (the prior first), then regret
   * matching over the expanded actions legal now, mixed with uniform exploration.
   */
  private selectJoint(node: Node, q: number, state: S, rng: Rng): { edge: Edge; expanded: boolean; regret?: RegretChoice } {
    const legal = state.legalActions(q);
    if (legal.length === 0) throw new Error(`search: player ${q} has no legal order`);
    const edges = (node.edges[q] ??= new Map());
    const open = legal.filter((a) => edges.has(a));
    const allowed = this.widening ? Math.ceil(this.widening.k * Math.pow(node.visits, this.widening.alpha)) : Infinity;
    if (open.length === 0 || (open.length < legal.length && open.length < allowed && this.nodes < this.maxNodes)) return this.select(node, q, state, q, rng);
    const regrets = (node.regrets[q] ??= new Map());
    const positive = open.map((a) => Math.max(0, regrets.get(a) ?? 0));
    const total = positive.reduce((x, y) => x + y, 0);
    const probs = positive.map((r) => (1 - REGRET_EXPLORATION) * (total > 0 ? r / total : 1 / open.length) + REGRET_EXPLORATION / open.length);
    let u = rng.nextFloat();
    let i = 0;
    while (i < open.length - 1 && (u -= probs[i]!) >= 0) i++;
    const edge = edges.get(open[i]!)!;
    for (const a of open) edges.get(a)!.available++;
    return { edge, expanded: false, regret: { regrets, actions: open, probability: probs[i]! } };
  }

  private backUp(path: readonly { edge: Edge; player: number; regret?: RegretChoice }[], evaluation: Evaluation): void {
    for (const { edge, player, regret } of path) {
      const r = evaluation.returns[player]!;
      if (regret)
        // Outcome sampling: the chosen action's return is weighted by 1/probability; regret against the return.
        for (const a of regret.actions) regret.regrets.set(a, (regret.regrets.get(a) ?? 0) + (a === edge.action ? r / regret.probability : 0) - r);
      addReturn(edge, evaluation, player);
    }
  }

  /** The most visited path: decision edges by visits, chance and joint children by visits. */
  line(depth: number): { action: Action; visits: number }[] {
    const out: { action: Action; visits: number }[] = [];
    let node = this.root;
    while (out.length < depth) {
      if (node.edges.length === 1) {
        const best = mostVisited([...node.edges[0]!.values()]);
        if (!best) break;
        out.push({ action: best.action, visits: best.visits });
        node = best.child;
      } else if (node.edges.length === 0 && node.children.size > 0) {
        let bestKey = "";
        let bestVisits = -1;
        for (const [k, child] of node.children)
          if (child.visits > bestVisits) {
            bestKey = k;
            bestVisits = child.visits;
          }
        if (bestKey.includes(",")) break; // a joint action: the line stops at simultaneous moves
        out.push({ action: Number(bestKey), visits: bestVisits });
        node = node.children.get(bestKey)!;
      } else break;
    }
    return out;
  }
}

function mostVisited<E extends EdgeTally>(edges: readonly E[]): E | undefined {
  let best: E | undefined;
  for (const e of edges) if (!best || e.visits > best.visits || (e.visits === best.visits && (e.sum > best.sum || (e.sum === best.sum && e.action < best.action)))) best = e;
  return best;
}

/** The plain statistics of an edge (without its subtree). */
export function tally(e: EdgeTally): EdgeTally {
  const { action, visits, available, sum, sumSq, wins, draws, vpVisits, vpSum, vpSumSq } = e;
  return { action, visits, available, sum, sumSq, wins, draws, vpVisits, vpSum, vpSumSq };
}

/** Runs one tree and returns its raw root statistics (mergeable with other trees' by `mergeTallies`). */
export function searchTally<S extends GameState<S>>(root: S, options: SearchOptions<S>): RootTally {
  if (options.closedLoop) return closedSearchTally(root, { ...options, evaluate: options.evaluate ?? randomRollout<S>(), closedLoop: options.closedLoop });
  const player = root.currentPlayer();
  if (root.isTerminal()) throw new Error("search: the game is over");
  if (player === CHANCE) throw new Error("search: the root is a chance node (apply an outcome first)");
  const tree = new Tree<S>(options);
  const now = options.now ?? (() => performance.now());
  const start = now();
  const budget = options.iterations ?? (options.timeMs === undefined ? 1000 : Infinity);
  let i = 0;
  for (; i < budget; i++) {
    if (options.timeMs !== undefined && i > 0 && now() - start >= options.timeMs) break;
    tree.iterate(root, options.seed, i);
  }
  const slots = player === SIMULTANEOUS ? root.numPlayers : 1;
  const edges = Array.from({ length: slots }, (_, s) => [...(tree.root.edges[s]?.values() ?? [])].map(tally));
  return { player, edges, iterations: i, nodes: tree.nodes, line: tree.line(options.lineDepth ?? 6) };
}

/** Adds up root statistics of trees searched apart (in the order given: the sums are exact either way). */
export function mergeTallies(tallies: readonly RootTally[]): RootTally {
  if (tallies.length === 0) throw new Error("mergeTallies: nothing to merge");
  const first = tallies[0]!;
  const edges = first.edges.map((_, s) => {
    const byAction = new Map<Action, EdgeTally>();
    for (const t of tallies)
      for (const e of t.edges[s] ?? []) {
        const m = byAction.get(e.action);
        if (!m) byAction.set(e.action, tally(e));
        else {
          m.visits += e.visits;
          m.available += e.available;
          m.sum += e.sum;
          m.sumSq += e.sumSq;
          m.wins += e.wins;
          m.draws += e.draws;
          m.vpVisits += e.vpVisits;
          m.vpSum += e.vpSum;
          m.vpSumSq += e.vpSumSq;
        }
      }
    return [...byAction.values()].sort((a, b) => a.action - b.action);
  });
  // The principal line of the tree whose first move is the merged best, the first such tree.
  const best = mostVisited(edges[0] ?? []);
  const line = tallies.find((t) => t.line[0]?.action === best?.action)?.line ?? (best ? [{ action: best.action, visits: best.visits }] : []);
  return {
    player: first.player,
    edges,
    iterations: tallies.reduce((s, t) => s + t.iterations, 0),
    nodes: tallies.reduce((s, t) => s + t.nodes, 0),
    line,
  };
}

function stats(e: EdgeTally, label: string): ActionStats {
  const r = meanInterval(e.sum, e.sumSq, e.visits);
  const w = wilson(e.wins, e.visits);
  const vp = e.vpVisits > 0 ? meanInterval(e.vpSum, e.vpSumSq, e.vpVisits) : null;
  return {
    action: e.action,
    label,
    visits: e.visits,
    meanReturn: r.mean,
    returnInterval: [Math.max(-1, r.low), Math.min(1, r.high)],
    winProbability: w.p,
    winInterval: [w.low, w.high],
    drawProbability: e.visits > 0 ? e.draws / e.visits : 0,
    expectedVpDiff: vp ? vp.mean : null,
    vpInterval: vp ? [vp.low, vp.high] : null,
  };
}

function ranked(edges: readonly EdgeTally[], label: (a: Action) => string): ActionStats[] {
  return [...edges]
    .sort((a, b) => b.visits - a.visits || b.sum - a.sum || a.action - b.action)
    .map((e) => stats(e, label(e.action)));
}

/** Turns root statistics into the answer: labelled, ranked actions and the principal line. */
export function summarize<S extends GameState<S>>(root: S, t: RootTally, seed: number, elapsedMs = 0): SearchResult {
  const principalLine: LineStep[] = [];
  const replay = root.clone();
  replay.reseed(deriveSeed(seed, 0));
  for (const { action, visits } of t.line) {
    if (replay.isTerminal()) break;
    const p = replay.currentPlayer();
    if (p === SIMULTANEOUS) break;
    // Open loop: a later step may not be legal after the replay's own dice; the line stops there.
    if (p === CHANCE ? !replay.chanceOutcomes().some((o) => o.action === action) : !replay.legalActions(p).includes(action)) break;
    principalLine.push({ player: p, action, label: replay.actionToString(action, p), visits });
    replay.apply(action);
  }
  if (t.player === SIMULTANEOUS) {
    const joint = t.edges.map((edges, q) => {
      const actions = ranked(edges, (a) => root.actionToString(a, q));
      return { player: q, best: actions[0]?.action ?? -1, actions };
    });
    return { player: t.player, best: joint[0]!.best, actions: joint[0]!.actions, joint, principalLine, iterations: t.iterations, nodes: t.nodes, elapsedMs };
  }
  const actions = ranked(t.edges[0]!, (a) => root.actionToString(a, t.player));
  return { player: t.player, best: actions[0]!.action, actions, principalLine, iterations: t.iterations, nodes: t.nodes, elapsedMs };
}

/** One tree: the answer for the player to move at `root` (which is not changed). */
export function search<S extends GameState<S>>(root: S, options: SearchOptions<S>): SearchResult {
  const start = performance.now();
  const t = searchTally(root, options);
  return summarize(root, t, options.seed, performance.now() - start);
}

/**
 * Root parallelism: `roots` independent trees, tree i seeded `deriveSeed(seed, i)` with an equal share of
 * the iteration budget, merged in index order. The answer depends on (seed, roots, iterations), never on
 * where the trees ran; this function runs them one after another (a worker pool runs `searchTally` on the
 * same sub-options and `mergeTallies` the results).
 */
export function rootOptions<S extends GameState<S>>(options: SearchOptions<S>, roots: number): SearchOptions<S>[] {
  if (!Number.isInteger(roots) || roots < 1) throw new Error("search: roots must be a positive integer");
  const total = options.iterations;
  return Array.from({ length: roots }, (_, i) => ({
    ...options,
    seed: deriveSeed(options.seed, i),
    iterations: total === undefined ? undefined : Math.floor(total / roots) + (i < total % roots ? 1 : 0),
  }));
}

export function searchRoots<S extends GameState<S>>(root: S, options: SearchOptions<S>, roots: number): SearchResult {
  const start = performance.now();
  const merged = mergeTallies(rootOptions(options, roots).map((o) => searchTally(root, o)));
  return summarize(root, merged, deriveSeed(options.seed, 0), performance.now() - start);
}

/**
 * An agent that searches every decision: the seed of each search comes from the agent's RNG stream, so a
 * game played with it is reproducible from the game's seed. At a SIMULTANEOUS node it plays its own part of
 * the joint answer.
 */
export function mctsAgent<S extends GameState<S>>(options: Omit<SearchOptions<S>, "seed"> & { name?: string }): Agent<S> {
  return {
    name: options.name ?? "mcts",
    act(state, player, rng) {
      const r = search(state, { ...options, seed: rng.nextU32() });
      return r.joint ? r.joint[player]!.best : r.best;
    },
  };
}
