/** The Pitched Battle's agents by name: random, scripted (the policy) and mcts (the search). */
import type { Core } from "../core/wasm.js";
import { type Agent, type AgentKind, randomAgent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import type { PitchedBattleState } from "./battle/game.js";
import { scriptedPolicy } from "./battle/policy.js";
import type { Rng } from "../core/rng.js";
import type { SearchResult } from "../planner/mcts.js";
import { aosSearch } from "./search.js";
import type { ChoiceNote } from "../planner/explain.js";

/** The budget of `--agents ...,mcts` when no `--budget` is given: ~0.1 s a decision on an idle core. */
export const DEFAULT_AOS_BUDGET = "100";

export function aosAgent(kind: AgentKind, budget: Budget, core: Core | null): Agent<PitchedBattleState> {
  if (kind === "random") return randomAgent as Agent<PitchedBattleState>;
  if (kind === "scripted") return scriptedPolicy;
  if (!core) throw new Error("aos: the mcts agent needs the Wasm core (its leaves are kernel rollouts)");
  return aosMctsAgent(core, budget);
}

/**
 * The search as a player: a decision with one option is taken at once; any other is searched (search.ts) with
 * the budget, seeded from the agent's RNG stream, so a game is reproducible from its seed for an iteration
 * budget. `lastSearch` keeps the latest answer (the CLI and the coach show its reason).
 */
export function aosMctsAgent(core: Core, budget: Budget): Agent<PitchedBattleState> & { lastSearch: SearchResult | null; lastChoice: ChoiceNote | null } {
  const agent = {
    name: "mcts",
    lastSearch: null as SearchResult | null,
    /** The chosen action's numbers from this search (src/planner/explain.ts); null after a forced decision. */
    lastChoice: null as ChoiceNote | null,
    act(state: PitchedBattleState, player: number, rng: Rng) {
      const legal = state.legalActions(player);
      agent.lastChoice = null;
      if (legal.length === 1) return legal[0]!;
      const r = aosSearch(core, state, budget, rng.nextU32());
      agent.lastSearch = r;
      const a = r.actions[0]!;
      agent.lastChoice = { action: a.action, winProbability: a.winProbability, winInterval: a.winInterval, expectedVpDiff: a.expectedVpDiff, visits: a.visits, iterations: r.iterations, then: r.principalLine.slice(1, 3).map((l) => l.label) };
      return r.best;
    },
  };
  return agent;
}
