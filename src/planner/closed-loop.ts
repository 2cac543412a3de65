/**
 * The second mode of the search, for games whose states are costly to clone and step (the Pitched Battle:
 * ~1.5 ms to clone and apply one decision in TypeScript, against ~0.07 ms for a whole rollout to the end in the
 * Wasm kernel). The open-loop tree (mcts.ts) replays the whole path from a fresh clone on every iteration; this
 * one keeps a state in every node, so an iteration costs a walk down the tree and one leaf evaluation, and a
 * state is cloned and stepped only when a node is created.
 *
 * - Sampled chance outcomes: an action whose dice are rolled inside `apply` leads to a chance node of sampled
 *   outcomes (one stored state each, each from a fresh seed). The edge with n visits may have at most
 *   ceil(k·n^alpha) outcomes (double progressive widening, Couëtoux et al. 2011); beyond that an iteration
 *   goes to one of them drawn uniformly. The decision above averages over the outcomes, so the search still
 *   never foresees a roll: it cannot choose an action for the dice it will get. An action that draws nothing
 *   from the RNG (`rngState` unchanged) has one outcome.
 * - An expansion threshold: a new node is a leaf for its first `expandAfter` visits, each evaluated afresh
 *   (the evaluator may batch: the AoS one runs its kernel rollouts 16 at a time per leaf); only then does
 *   it grow children. Most iterations therefore cost a leaf evaluation, not a TypeScript step.
 * - Decisions as in the open loop: progressive widening with the prior's action first, UCT on the expanded
 *   actions (the actions of a stored state never change, so availability is the node's visits).
 *   SIMULTANEOUS nodes are not supported here (the campaign searches open-loop).
 *
 * The evaluator is handed the node's own stored state and must not change it (`pure` evaluators), or a
 * clone when `pure` is false. Results are the same `RootTally` as the open loop's, so `summarize`,
 * `mergeTallies` and root parallelism work unchanged. Same seed and iteration budget, same answer.
 */
import { deriveSeed, Rng } from "../core/rng.js";
import { type Action, CHANCE, type GameState, type PlayerId, SIMULTANEOUS } from "./game.js";
import { addReturn, type EdgeTally, type Evaluation, type Evaluator, type RootTally, sampleOutcome, tally } from "./mcts.js";

export interface ClosedLoopOptions {
  /** Visits a node spends as a leaf before it grows children (default 16). */
  expandAfter?: number;
  /** Outcome widening: at most ceil(k·n^alpha) sampled outcomes for an edge visited n times (default 1, 0.5). */
  outcomes?: { k: number; alpha: number };
  /**
   * The same for the root's edges only (default: `outcomes`). The root's statistics are the answer: an action
   * whose dice are rolled inside it is judged on its sampled outcomes only, so with few of them its win rate is
   * that of a few rolls, however many visits lie behind it (the coach widens here: src/aos/coach.ts).
   */
  rootOutcomes?: { k: number; alpha: number };
  /** The evaluator leaves the state it is given unchanged (default false: it is handed a clone). */
  pure?: boolean;
}

export interface ClosedSearchOptions<S extends GameState<S>> {
  seed: number;
  iterations?: number;
  timeMs?: number;
  exploration?: number;
  widening?: { k: number; alpha: number } | false;
  prior?: (state: S, player: PlayerId) => Action | undefined;
  evaluate: Evaluator<S>;
  maxNodes?: number;
  lineDepth?: number;
  now?: () => number;
  closedLoop: ClosedLoopOptions;
}

interface CEdge<S> extends EdgeTally {
  /** The sampled outcome states of this action (one when it draws no dice). */
  outcomes: CNode<S>[];
  deterministic: boolean;
}

class CNode<S> {
  visits = 0;
  /** Visits spent as a leaf (evaluated) before the node grew children. */
  leafVisits = 0;
  readonly player: PlayerId;
  legal: Action[] | null = null;
  readonly edges = new Map<Action, CEdge<S>>();
  priorAsked = false;
  /** At a CHANCE node: one child per outcome drawn. */
  readonly chance = new Map<Action, CNode<S>>();
  constructor(
    readonly state: S & GameState,
    readonly terminal: boolean,
  ) {
    this.player = terminal ? -3 : state.currentPlayer();
  }
}

const DEFAULT_WIDENING = { k: 2, alpha: 0.5 };

function sameRng(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class ClosedTree<S extends GameState<S>> {
  readonly root: CNode<S>;
  nodes = 1;
  private readonly c: number;
  private readonly widening: { k: number; alpha: number } | false;
  private readonly outcomeWidening: { k: number; alpha: number };
  private readonly rootOutcomeWidening: { k: number; alpha: number };
  private readonly expandAfter: number;
  private readonly maxNodes: number;
  private readonly rng: Rng;
  /** Seeds for the dice of new outcome states: one stream, so the tree is reproducible from the seed. */
  private outcomeSeeds = 0;

  constructor(
    rootState: S,
    private readonly options: ClosedSearchOptions<S>,
  ) {
    this.c = options.exploration ?? 1;
    this.widening = options.widening === undefined ? DEFAULT_WIDENING : options.widening;
    this.outcomeWidening = options.closedLoop.outcomes ?? { k: 1, alpha: 0.5 };
    this.rootOutcomeWidening = options.closedLoop.rootOutcomes ?? this.outcomeWidening;
    this.expandAfter = Math.max(1, options.closedLoop.expandAfter ?? 16);
    this.maxNodes = options.maxNodes ?? 200_000;
    this.rng = new Rng(deriveSeed(options.seed, 0x5eed));
    const state = rootState.clone();
    state.reseed(deriveSeed(options.seed, 0));
    this.root = new CNode(state, state.isTerminal());
    this.root.leafVisits = this.expandAfter; // the root always grows children
  }

  private evaluate(node: CNode<S>): Evaluation {
    const state = this.options.closedLoop.pure ? node.state : node.state.clone();
    return this.options.evaluate(state as S, this.rng);
  }

  private newNode(state: S): CNode<S> {
    this.nodes++;
    return new CNode(state, state.isTerminal());
  }

  /** A new outcome of `action` from `node`: a clone with fresh dice, the action applied. */
  private step(node: CNode<S>, action: Action): { child: CNode<S>; deterministic: boolean } {
    const s = node.state.clone() as S;
    s.reseed(deriveSeed(this.options.seed, 1 + this.outcomeSeeds++));
    const before = s.rngState?.();
    s.apply(action);
    return { child: this.newNode(s), deterministic: before !== undefined && sameRng(before, s.rngState?.()) };
  }

  iterate(): void {
    const path: { edge: CEdge<S>; player: number }[] = [];
    let node = this.root;
    let evaluation: Evaluation | null = null;
    while (evaluation === null) {
      node.visits++;
      if (node.terminal || node.leafVisits < this.expandAfter) {
        node.leafVisits++;
        evaluation = this.evaluate(node);
        break;
      }
      if (node.player === CHANCE) {
        const a = sampleOutcome(node.state.chanceOutcomes(), this.rng);
        let child = node.chance.get(a);
        if (!child) {
          child = this.step(node, a).child;
          node.chance.set(a, child);
        }
        node = child;
        continue;
      }
      if (node.player === SIMULTANEOUS) throw new Error("search: the closed-loop mode does not take simultaneous moves (search them open-loop)");
      const edge = this.select(node);
      path.push({ edge, player: node.player });
      node = this.outcome(node, edge);
    }
    for (const { edge, player } of path) addReturn(edge, evaluation, player);
  }

  /** The child an iteration goes to through `edge`: a new sampled outcome while widening allows, else one drawn. */
  private outcome(node: CNode<S>, edge: CEdge<S>): CNode<S> {
    const n = edge.outcomes.length;
    const w = node === this.root ? this.rootOutcomeWidening : this.outcomeWidening;
    const allowed = edge.deterministic ? 1 : Math.ceil(w.k * Math.pow(edge.visits + 1, w.alpha));
    if (n === 0 || (n < allowed && this.nodes < this.maxNodes)) {
      const { child, deterministic } = this.step(node, edge.action);
      if (n === 0) edge.deterministic = deterministic;
      edge.outcomes.push(child);
      return child;
    }
    return edge.outcomes[n === 1 ? 0 : this.rng.roll(n) - 1]!;
  }

  private select(node: CNode<S>): CEdge<S> {
    const legal = (node.legal ??= node.state.legalActions(node.player));
    if (legal.length === 0) throw new Error(`search: player ${node.player} is to move but has no legal action`);
    const edges = node.edges;
    const allowed = this.widening ? Math.ceil(this.widening.k * Math.pow(node.visits, this.widening.alpha)) : Infinity;
    if (edges.size < legal.length && edges.size < allowed && this.nodes < this.maxNodes) {
      let a: Action | undefined;
      if (this.options.prior && !node.priorAsked) {
        node.priorAsked = true;
        const prior = this.options.prior(node.state, node.player);
        if (prior !== undefined && legal.includes(prior)) a = prior;
      }
      if (a === undefined) {
        const fresh = legal.filter((x) => !edges.has(x));
        a = fresh[this.rng.roll(fresh.length) - 1]!;
      }
      const e: CEdge<S> = { action: a, visits: 0, available: 0, sum: 0, sumSq: 0, wins: 0, draws: 0, vpVisits: 0, vpSum: 0, vpSumSq: 0, outcomes: [], deterministic: false };
      edges.set(a, e);
      for (const o of edges.values()) o.available++;
      return e;
    }
    let best: CEdge<S> | undefined;
    let bestScore = -Infinity;
    let ties = 0;
    for (const e of edges.values()) {
      e.available++;
      const score = e.visits === 0 ? Infinity : e.sum / e.visits + this.c * Math.sqrt(Math.log(e.available) / e.visits);
      if (score > bestScore) {
        bestScore = score;
        best = e;
        ties = 1;
      } else if (score === bestScore && this.rng.roll(++ties) === 1) best = e;
    }
    return best!;
  }

  /** The most visited path: decisions by visits, through the most visited outcome or chance child. */
  line(depth: number): { action: Action; visits: number }[] {
    const out: { action: Action; visits: number }[] = [];
    let node: CNode<S> | undefined = this.root;
    while (node && out.length < depth) {
      if (node.player === CHANCE && node.chance.size > 0) {
        let best: [Action, CNode<S>] | undefined;
        for (const entry of node.chance) if (!best || entry[1].visits > best[1].visits) best = entry;
        out.push({ action: best![0], visits: best![1].visits });
        node = best![1];
        continue;
      }
      let best: CEdge<S> | undefined;
      // The same order as the ranked answer (mcts.ts `ranked`): visits, then return, then the lower action.
      for (const e of node.edges.values()) if (!best || e.visits > best.visits || (e.visits === best.visits && (e.sum > best.sum || (e.sum === best.sum && e.action < best.action)))) best = e;
      if (!best || best.visits === 0) break;
      out.push({ action: best.action, visits: best.visits });
      node = best.outcomes.reduce<CNode<S> | undefined>((m, c) => (!m || c.visits > m.visits ? c : m), undefined);
    }
    return out;
  }
}

/** One closed-loop tree: its raw root statistics (the same shape as the open loop's `searchTally`). */
export function closedSearchTally<S extends GameState<S>>(root: S, options: ClosedSearchOptions<S>): RootTally {
  if (root.isTerminal()) throw new Error("search: the game is over");
  const player = root.currentPlayer();
  if (player === CHANCE) throw new Error("search: the root is a chance node (apply an outcome first)");
  if (player === SIMULTANEOUS) throw new Error("search: the closed-loop mode does not take simultaneous moves (search them open-loop)");
  const tree = new ClosedTree(root, options);
  const now = options.now ?? (() => performance.now());
  const start = now();
  const budget = options.iterations ?? (options.timeMs === undefined ? 1000 : Infinity);
  let i = 0;
  for (; i < budget; i++) {
    if (options.timeMs !== undefined && i > 0 && now() - start >= options.timeMs) break;
    tree.iterate();
  }
  return { player, edges: [[...tree.root.edges.values()].map(tally)], iterations: i, nodes: tree.nodes, line: tree.line(options.lineDepth ?? 6) };
}
