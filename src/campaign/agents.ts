/** The campaign's agents by name: random, scripted (the policy) and mcts (the search). */
import type { Core } from "../core/wasm.js";
import { type Agent, type AgentKind, randomAgent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import type { CampaignState } from "./game.js";
import { campaignPolicy } from "./policy.js";

export function campaignAgent(kind: AgentKind, budget: Budget, core: Core | null): Agent<CampaignState> {
  if (kind === "random") return randomAgent as Agent<CampaignState>;
  if (kind === "scripted") return campaignPolicy;
  void budget;
  void core;
  throw new Error("campaign: the mcts agent is being built in this session");
}
