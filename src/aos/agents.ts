/** The Pitched Battle's agents by name: random, scripted (the policy) and mcts (the search). */
import type { Core } from "../core/wasm.js";
import { type Agent, type AgentKind, randomAgent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import type { PitchedBattleState } from "./battle/game.js";
import { scriptedPolicy } from "./battle/policy.js";

export function aosAgent(kind: AgentKind, budget: Budget, core: Core | null): Agent<PitchedBattleState> {
  if (kind === "random") return randomAgent as Agent<PitchedBattleState>;
  if (kind === "scripted") return scriptedPolicy;
  void budget;
  void core;
  throw new Error("aos: the mcts agent is being built in this session");
}
