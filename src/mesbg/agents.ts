/** MESBG's agents by name: random, scripted (the policy) and mcts (the search). */
import type { Core } from "../core/wasm.js";
import { type Agent, type AgentKind, randomAgent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import type { MesbgState } from "./game.js";
import { mesbgPolicy } from "./policy.js";

export function mesbgAgent(kind: AgentKind, budget: Budget, core: Core | null): Agent<MesbgState> {
  if (kind === "random") return randomAgent as Agent<MesbgState>;
  if (kind === "scripted") return mesbgPolicy;
  void budget;
  void core;
  throw new Error("mesbg: the mcts agent is being built in this session");
}
