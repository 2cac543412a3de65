/** MESBG's agents by name: random, scripted (the policy) and mcts (the search, src/mesbg/search.ts). */
import type { Core } from "../core/wasm.js";
import { type Agent, type AgentKind, randomAgent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import type { MesbgState } from "./game.js";
import { mesbgPolicy } from "./policy.js";
import { mesbgMctsAgent } from "./search.js";

/** `core` is the Wasm kernel for the search's leaves; without it they are played in TypeScript (slower). */
export function mesbgAgent(kind: AgentKind, budget: Budget, core: Core | null): Agent<MesbgState> {
  if (kind === "random") return randomAgent as Agent<MesbgState>;
  if (kind === "scripted") return mesbgPolicy;
  return mesbgMctsAgent(budget, core);
}
