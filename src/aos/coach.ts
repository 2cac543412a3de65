/**
 * The Pitched Battle coach: "here is my position — what should I do, and why?". The search (search.ts) ranks
 * the decisions of the player to act by visits, each with its win probability and expected VP difference and
 * their 95% intervals; then each of the top K is explained by a batch of kernel rollouts from the positions it
 * leads to (several sampled outcomes when the decision rolls dice): VP by source, the chance to complete the
 * battle tactic in play this turn (or the one it picks) and the grand strategy. The reason compares the move
 * with the best other one: the VP sources that change, the tactic's chance, and for the best move the
 * principal line that follows it.
 */
import { deriveSeed } from "../core/rng.js";
import type { Core } from "../core/wasm.js";
import type { Budget } from "../planner/budget.js";
import type { ActionStats, LineStep } from "../planner/mcts.js";
import type { PitchedBattleState } from "./battle/game.js";
import { BATTLE_TACTICS, GRAND_STRATEGIES } from "./scoring/index.js";
import { RESULT } from "./rollout/encode.js";
import { decodeRollout } from "./rollout/wasm.js";
import { resultFromState, rolloutTs } from "./rollout/ts.js";
import { VP_SOURCES, type RolloutResult, type VpSource } from "./rollout/types.js";
import { search } from "../planner/mcts.js";
import { aosSearchOptions, rolloutStart } from "./search.js";
import { InputError } from "../core/errors.js";

export interface CoachMove extends ActionStats {
  /** One line: why, in the game's numbers. */
  reason: string;
  /** Mean VP margin (the player's VP minus the opponent's) by source after this move (the explaining rollouts). */
  vpBySource: Record<VpSource, number>;
  /** The battle tactic this turn's decision concerns (picked now or in play) and its chance to complete. */
  tactic: { id: string; name: string; chance: number } | null;
  grandStrategyChance: number;
}

export interface CoachReport {
  game: "aos";
  player: number;
  decision: string;
  round: number;
  moves: CoachMove[];
  principalLine: LineStep[];
  iterations: number;
  elapsedMs: number;
}

export interface CoachOptions {
  budget: Budget;
  top: number;
  seed: number;
  /** Explaining rollouts per move (default 64: 8 sampled outcomes x 8 battles). */
  explain?: number;
}

const tacticName = (id: string) => BATTLE_TACTICS.find((t) => t.id === id)?.name ?? id;

/** The battle tactic the player has in play this turn, if any. */
function tacticInPlay(s: PitchedBattleState, player: number): string | null {
  const d = s.data;
  if (d.tactic && d.active === player) return d.tactic.id;
  if (!d.scoring || d.attacker === null) return null;
  const side = player === d.attacker ? "attacker" : "defender";
  return d.scoring.battleTacticsPicked[side].find((t) => t.round === d.round)?.id ?? null;
}

/** Rollouts from `state` (played to a post-set-up decision first: search.ts rolloutStart), `n` seeds from `seed`. */
function rollouts(core: Core, state: PitchedBattleState, n: number, seed: number): RolloutResult[] {
  const { start, encoded } = rolloutStart(state, () => deriveSeed(seed, 7));
  const seeds = Array.from({ length: n }, (_, i) => deriveSeed(seed, 100 + i));
  if (start.isTerminal()) return [resultFromState(start)];
  if (!encoded) return seeds.map((x) => rolloutTs(start, x));
  const rec = core.aosRollouts(encoded, seeds, RESULT);
  return seeds.map((_, i) => decodeRollout(rec, i * RESULT, start.data));
}

interface Explained {
  vpBySource: Record<VpSource, number>;
  tactic: { id: string; name: string; chance: number } | null;
  grandStrategyChance: number;
}

/** What `action` leads to: rollouts from `outcomes` sampled positions after it. */
function explain(core: Core, root: PitchedBattleState, player: number, action: number, n: number, seed: number): Explained {
  const outcomes = 8;
  const per = Math.max(1, Math.ceil(n / outcomes));
  const all: RolloutResult[] = [];
  let tactic: string | null = null;
  for (let k = 0; k < outcomes; k++) {
    const s = root.clone();
    s.reseed(deriveSeed(seed, 1000 + k));
    s.apply(action);
    tactic ??= tacticInPlay(s, player);
    all.push(...rollouts(core, s, per, deriveSeed(seed, 2000 + k)));
  }
  const vpBySource = Object.fromEntries(VP_SOURCES.map((src) => [src, all.reduce((t, r) => t + r.vpBySource[player as 0 | 1][src] - r.vpBySource[(1 - player) as 0 | 1][src], 0) / all.length])) as Record<VpSource, number>;
  const p = player as 0 | 1;
  return {
    vpBySource,
    tactic: tactic ? { id: tactic, name: tacticName(tactic), chance: all.filter((r) => r.tacticsCompleted[p].includes(tactic!)).length / all.length } : null,
    grandStrategyChance: all.filter((r) => r.grandStrategy[p].completed).length / all.length,
  };
}

const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(1)}`;
const pct = (x: number) => `${Math.round(100 * x)}%`;

/** The one-line reason of `m` against `ref` (the best other move), in VP and chances. */
function reasonOf(m: CoachMove, ref: CoachMove | undefined, line: LineStep[] | null, gsName: string, tacticDecision: boolean): string {
  const parts: string[] = [];
  if (m.expectedVpDiff !== null) parts.push(`${pct(m.winProbability)} to win, VP margin ${signed(m.expectedVpDiff)}`);
  if (ref) {
    const deltas = VP_SOURCES.map((src) => ({ src, d: m.vpBySource[src] - ref.vpBySource[src] }))
      .filter((x) => Math.abs(x.d) >= 0.3)
      .sort((a, b) => Math.abs(b.d) - Math.abs(a.d))
      .slice(0, 2);
    if (deltas.length) parts.push(`VP margin from ${deltas.map((x) => `${x.src} ${signed(x.d)}`).join(", ")} against ${ref.label.length > 40 ? "the next best" : `"${ref.label}"`}`);
  }
  if (m.tactic && (tacticDecision || !ref || !ref.tactic || ref.tactic.id !== m.tactic.id || Math.abs(ref.tactic.chance - m.tactic.chance) >= 0.05)) parts.push(`${pct(m.tactic.chance)} to complete ${m.tactic.name}`);
  if (ref && Math.abs(m.grandStrategyChance - ref.grandStrategyChance) >= 0.1) parts.push(`${pct(m.grandStrategyChance)} to complete ${gsName}`);
  if (line && line.length > 1) parts.push(`then ${line.slice(1, 3).map((l) => l.label).join(", then ")}`);
  return parts.join("; ");
}

/**
 * The root's outcome widening in the coach's search: ceil(n^0.7) sampled outcomes for a root action searched n
 * times (the agent's ceil(n^0.3) gives 6 for 260 visits, and a run's or a charge's win rate was then that of
 * about 4 rolls, early ones weighted most: 78% for a run that arrives on 3+, 67%). Deeper nodes as the agent's.
 */
export const COACH_ROOT_OUTCOMES = { k: 1, alpha: 0.7 };

function coachSearch(core: Core, state: PitchedBattleState, budget: Budget, seed: number) {
  const o = aosSearchOptions(core, budget, seed);
  return search(state, { ...o, closedLoop: { ...o.closedLoop!, rootOutcomes: COACH_ROOT_OUTCOMES } });
}

/** The coach's answer for the player to act in `state` (which is not changed). */
export function coachAos(core: Core, state: PitchedBattleState, options: CoachOptions): CoachReport {
  const player = state.currentPlayer();
  if (player < 0) throw new InputError(`position: nobody is to decide here (step "${state.data.step.kind}")`);
  const legal = state.legalActions(player);
  const start = performance.now();
  const r =
    legal.length === 1
      ? { actions: [], principalLine: [] as LineStep[], iterations: 0 }
      : coachSearch(core, state, options.budget, options.seed);
  let stats: ActionStats[] = r.actions;
  if (legal.length === 1)
    stats = [{ action: legal[0]!, label: state.actionToString(legal[0]!), visits: 0, meanReturn: NaN, returnInterval: [NaN, NaN], winProbability: NaN, winInterval: [NaN, NaN], drawProbability: NaN, expectedVpDiff: null, vpInterval: null }];
  const top = stats.slice(0, Math.max(1, options.top));
  const n = options.explain ?? 64;
  const moves: CoachMove[] = top.map((a, i) => ({ ...a, reason: "", ...explain(core, state, player, a.action, n, deriveSeed(options.seed, 50 + i)) }));
  const gsId = state.data.grandStrategies[player]!;
  const gsName = GRAND_STRATEGIES.find((g) => g.id === gsId)?.name ?? gsId;
  moves.forEach((m, i) => {
    const ref = i === 0 ? moves[1] : moves[0];
    m.reason = legal.length === 1 ? "the only choice" : reasonOf(m, ref, i === 0 ? r.principalLine : null, gsName, state.data.step.kind === "battle-tactic");
  });
  return {
    game: "aos",
    player,
    decision: state.data.step.kind,
    round: state.data.round,
    moves,
    principalLine: r.principalLine,
    iterations: r.iterations,
    elapsedMs: performance.now() - start,
  };
}
