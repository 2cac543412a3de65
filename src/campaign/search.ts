/**
 * The campaign's `mcts` player: every decision (each Banner's order, the HQ, retreats, the surplus Banner
 * lost, where a new one is raised) by the planner's search (src/planner/mcts.ts). Orders are SIMULTANEOUS
 * nodes: each side picks from its own regret-matching statistics and never sees the other's order.
 *
 * - Prior: the scripted policy's choice (policy.ts) is the first action expanded at every node, so one
 *   iteration plays the scripted order.
 * - Leaves: the scripted policy plays on for `horizon` campaign turns (default 2: the rest of this one and
 *   the next), or to the end of the campaign; the campaign's heuristic (the Influence lead, scoring.ts)
 *   judges a cut-off. At the end a return is 0.8 × the result (win 1, draw 0, loss -1) + 0.2 × the heuristic at the end, so a search that wins (or
 *   loses) every line still prefers the larger margin; at a cut-off it is the heuristic alone.
 * - Battles inside the search: a simulated battle costs ~60 ms of AoS set-up in TypeScript plus ~9 ms in
 *   the Wasm kernel, and a campaign fights ~20 of them, so a rollout that played them would cost more than a
 *   second. The search draws each battle's result instead from a table of real battles (`BattleTable`):
 *   for each distinct battle — the two Banners' Generals, their points (CAMP-GENERAL), the scenario — the
 *   AoS engine plays `setUps` set-ups (each its own battleplan roll and deployment) × `perSetUp` battles
 *   in the kernel (with the units left, for the Massacre test), once, seeded by the battle itself; a leaf
 *   then draws one of them. The table is the same whatever order the battles are met in, so an iteration
 *   budget gives the same orders on any machine. In entered mode the battles are the campaign's chance
 *   nodes, sampled by their prior (battles.ts).
 */
import { InputError } from "../core/errors.js";
import { deriveSeed, Rng } from "../core/rng.js";
import type { Core } from "../core/wasm.js";
import { type Agent, sampleChance } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import { type Action, CHANCE, type GameState, type PlayerId, SIMULTANEOUS } from "../planner/game.js";
import { type AgentSearch, type EdgeTally, type Evaluation, search, type SearchOptions, type SearchResult, searchTally, summarize } from "../planner/mcts.js";
import { rolloutsWasmCounted } from "../aos/rollout/wasm.js";
import { generalFor } from "./armies.js";
import { playBattle, setUpBattle } from "./battles.js";
import { CampaignState } from "./game.js";
import { policyAction } from "./policy.js";
import { type ChoiceNote, type ExplainingAgent, noteFromEdges } from "../planner/explain.js";
import { massacreOf } from "./retreat.js";
import { campaignHeuristic, influenceScore } from "./scoring.js";
import { type BattleRecord, type BattleResult, type CampaignConfig, type CampaignData, type Player, PLAYERS } from "./state.js";

export interface CampaignSearchOptions {
  /** Campaign turns the scripted rollout plays before the heuristic judges (default 2; Infinity: to the end). */
  horizon?: number;
  /** Battle table: set-ups per distinct battle and kernel battles per set-up (default 4 × 8). */
  setUps?: number;
  perSetUp?: number;
  /** Standard errors by which an order must beat the scripted one to be played instead (`chooseAction`; default 1). */
  confidence?: number;
  /** Planner knobs (exploration, widening) passed through. */
  exploration?: number;
  widening?: SearchOptions<CampaignState>["widening"];
}

const DEFAULT_CONFIDENCE = 1;
/** Rollouts of the rest of this turn and the next, then the heuristic: see the README for the comparison with rollouts to the end. */
const DEFAULT_HORIZON = 2;

/** A string → 32-bit seed (FNV-1a): a battle's table is seeded by the battle itself. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Real battles by what decides them (the armies fielded: each Banner's General and points; the scenario),
 * played once each and kept: the search's model of CAMP-BATTLE.
 */
export class BattleTable {
  private readonly table = new Map<string, BattleResult[]>();
  /** Kernel (or TypeScript) battles played to fill the table, and the time it took. */
  battlesPlayed = 0;
  fillMs = 0;

  constructor(
    private readonly core: Core | null,
    readonly setUps = 4,
    readonly perSetUp = 8,
  ) {
    if (!Number.isInteger(setUps) || setUps < 1 || !Number.isInteger(perSetUp) || perSetUp < 1) throw new Error("battle table: set-ups and battles per set-up must be positive whole numbers");
  }

  get size(): number {
    return this.table.size;
  }

  /** What the table keys a battle by: the armies, each side's points, the scenario (not the Generals: see `fill`). */
  static key(config: CampaignConfig, b: BattleRecord): string {
    const side = (p: Player) => [config.armies[p].name, config.armies[p].roster.name, b.points[p]];
    return JSON.stringify([side(0), side(1), b.scenario]);
  }

  /** The battles for `b` (filled on first use). */
  results(config: CampaignConfig, d: CampaignData, b: BattleRecord): BattleResult[] {
    const key = BattleTable.key(config, b);
    let rs = this.table.get(key);
    if (!rs) {
      rs = this.fill(config, d, b, hashSeed(key));
      this.table.set(key, rs);
    }
    return rs;
  }

  /** A result for `b` drawn with `rng`. */
  draw(config: CampaignConfig, d: CampaignData, b: BattleRecord, rng: Rng): BattleResult {
    const rs = this.results(config, d, b);
    return rs[rng.roll(rs.length) - 1]!;
  }

  private fill(config: CampaignConfig, d: CampaignData, b: BattleRecord, seed: number): BattleResult[] {
    const start = performance.now();
    const out: BattleResult[] = [];
    for (let i = 0; i < this.setUps; i++) {
      const setUpSeed = deriveSeed(seed, i);
      const su = setUpBattle(config, withGenerals(config, d, b, i), b, setUpSeed);
      const seeds = Array.from({ length: this.perSetUp }, (_, j) => deriveSeed(setUpSeed, j + 1));
      const played = this.play(config, su.state, seeds);
      for (const { winner, outcome, victoryPoints, massacre } of played)
        out.push({ winner, outcome, source: "simulated", battleplan: su.battleplan, planRoll: su.planRoll, victoryPoints, armies: su.armies, massacre });
    }
    this.battlesPlayed += out.length;
    this.fillMs += performance.now() - start;
    return out;
  }

  private play(config: CampaignConfig, state: Parameters<typeof playBattle>[1], seeds: number[]) {
    if (this.core)
      try {
        return rolloutsWasmCounted(this.core, state, seeds).map((r) => ({ ...r, massacre: r.winner !== null && massacreOf(r.victoryPoints, r.winner, r.onBattlefield[1 - r.winner]!).massacre }));
      } catch (e) {
        // The kernel refuses this battle (encode.ts): the TypeScript engine plays it (below).
        if (!(e instanceof InputError)) throw e;
      }
    return seeds.map((s) => {
      const { result, massacre } = playBattle({ ...config, rollout: undefined }, state, s);
      return { ...result, massacre };
    });
  }
}

/**
 * `d` with the Banners of battle `b` led by each army's `k`-th General (CAMP-GENERAL, generalFor): set-up k of
 * a table entry fields the k-th General of each army, whichever Banners met first, so an entry depends on
 * its key alone (a Banner's own General is averaged over, not looked at: keying by the Generals too gave
 * ~160 entries a campaign, ~60 s of battles).
 */
function withGenerals(config: CampaignConfig, d: CampaignData, b: BattleRecord, k: number): CampaignData {
  const banners = d.banners.map((x) => {
    const p = PLAYERS.find((q) => b.banners[q] === x.id);
    return p === undefined ? x : { ...x, general: generalFor(config.armies[p], p, k).general };
  });
  return { ...d, banners };
}

/** The state the search plays on: no log or history (nothing reads them), battles drawn from the table. */
export function searchState(state: CampaignState, table: BattleTable): CampaignState {
  const real = state.config;
  const config: CampaignConfig = { ...real, resolveBattle: (d, b, rng) => table.draw(real, d, b, rng) };
  const { log: _log, history: _history, ...rest } = state.data;
  const data: CampaignData = { ...structuredClone(rest), log: null, history: null };
  return new CampaignState(config, data, Rng.fromState(state.rng.state()));
}

/** The scripted policy at any decision of `s` (chance nodes sampled by their probability). */
function policyStep(s: CampaignState, rng: Rng): void {
  const p = s.currentPlayer();
  if (p === CHANCE) s.apply(sampleChance(s as GameState, rng));
  else if (p === SIMULTANEOUS) s.applyJoint(PLAYERS.map((q) => policyAction(s, q)));
  else s.apply(policyAction(s, p as Player));
}

/** The leaf evaluation: the scripted policy plays on (to the end, or `horizon` turns), then the result or the heuristic. */
export function policyRollout(horizon = Infinity): (s: CampaignState, rng: Rng) => Evaluation {
  return (s, rng) => {
    const stop = s.data.turn + horizon;
    for (let guard = 0; !s.isTerminal() && s.data.turn < stop; guard++) {
      if (guard > 100_000) throw new Error("campaign rollout did not end");
      policyStep(s, rng);
    }
    const vp = PLAYERS.map((p) => influenceScore(s.config, s.data, p));
    const h = PLAYERS.map((p) => campaignHeuristic(s.config, s.data, p));
    if (!s.isTerminal()) return { returns: h, vp };
    const r = s.returns();
    return { returns: r.map((x, p) => 0.8 * x + 0.2 * h[p]!), vp };
  };
}

/** The search's options for a budget (iterations or time) and the campaign's knobs. */
export function campaignSearchOptions(budget: Budget, table: BattleTable, options: CampaignSearchOptions = {}): Omit<SearchOptions<CampaignState>, "seed"> {
  return {
    ...(budget.iterations !== undefined ? { iterations: budget.iterations } : {}),
    ...(budget.timeMs !== undefined ? { timeMs: budget.timeMs } : {}),
    ...(options.exploration !== undefined ? { exploration: options.exploration } : {}),
    ...(options.widening !== undefined ? { widening: options.widening } : {}),
    prior: (s: CampaignState, p: PlayerId) => policyAction(s, p as Player),
    evaluate: policyRollout(options.horizon ?? DEFAULT_HORIZON),
  };
}

/**
 * The order to play from one player's root statistics: the scripted policy's (`prior`, the first expanded)
 * unless another action that was tried often enough (a twentieth of the visits, at least 8) has a higher
 * mean return by more than `z` standard errors of the difference. A campaign's leaves are noisy (battles,
 * moves through Difficult Terrain), so the most visited action of a few hundred iterations is often a coin
 * toss between near-equal orders, and a search that trusts it plays worse than the policy it starts from.
 */
export function chooseAction(edges: readonly EdgeTally[], prior: Action | undefined, z: number): Action {
  const total = edges.reduce((s, e) => s + e.visits, 0);
  const minVisits = Math.max(8, total / 20);
  const mean = (e: EdgeTally) => e.sum / e.visits;
  const se2 = (e: EdgeTally) => Math.max(0, e.sumSq / e.visits - mean(e) ** 2) / e.visits;
  let best: EdgeTally | undefined;
  for (const e of edges) if (e.visits >= minVisits && (!best || mean(e) > mean(best) || (mean(e) === mean(best) && e.action < best.action))) best = e;
  const p = edges.find((e) => e.action === prior);
  if (!best) return p?.action ?? [...edges].sort((a, b) => b.visits - a.visits || a.action - b.action)[0]!.action;
  if (!p || p.visits === 0 || best === p) return best.action;
  return mean(best) - mean(p) > z * Math.sqrt(se2(best) + se2(p)) ? best.action : p.action;
}

/**
 * One search from `state` (which is not changed): every root action with its statistics (its `best` is the
 * most visited; the agent plays `chooseAction` of the same statistics).
 */
export function searchCampaign(state: CampaignState, budget: Budget, seed: number, table: BattleTable, options: CampaignSearchOptions = {}): SearchResult {
  return search(searchState(state, table), { ...campaignSearchOptions(budget, table, options), seed });
}

/** The `mcts` agent: one search per decision; a decision with one legal action is taken without one. */
export function campaignMctsAgent(budget: Budget, core: Core | null, options: CampaignSearchOptions = {}): Agent<CampaignState> & { table: BattleTable; lastSearch: AgentSearch | null } & ExplainingAgent {
  const table = new BattleTable(core, options.setUps, options.perSetUp);
  const agent = {
    name: "mcts",
    table,
    lastSearch: null as AgentSearch | null,
    lastChoice: null as ChoiceNote | null,
    act(state: CampaignState, player: number, rng: Rng): Action {
      const legal = state.legalActions(player);
      agent.lastChoice = null;
      if (legal.length === 0) throw new Error(`campaign mcts: no legal action for player ${player}`);
      const seed = rng.nextU32();
      if (legal.length === 1) return legal[0]!;
      const start = performance.now();
      const root = searchState(state, table);
      const t = searchTally(root, { ...campaignSearchOptions(budget, table, options), seed });
      const edges = t.player === SIMULTANEOUS ? t.edges[player]! : t.edges[0]!;
      const chosen = chooseAction(edges, policyAction(state, player as Player), options.confidence ?? DEFAULT_CONFIDENCE);
      agent.lastSearch = { result: summarize(root, t, seed, performance.now() - start), chosen, player };
      agent.lastChoice = noteFromEdges(edges, chosen);
      return chosen;
    },
  };
  return agent;
}
