/** The campaign's agents by name: random, scripted (the policy) and mcts (the search: search.ts). */
import type { Core } from "../core/wasm.js";
import { type Agent, type AgentKind, randomAgent } from "../planner/agents.js";
import type { Budget } from "../planner/budget.js";
import type { CampaignState } from "./game.js";
import { campaignPolicy } from "./policy.js";
import { campaignMctsAgent, type CampaignSearchOptions } from "./search.js";

/** `core`: the Wasm kernel the search's battle table plays its battles in (null: the TypeScript engine, slower). */
export function campaignAgent(kind: AgentKind, budget: Budget, core: Core | null, options: CampaignSearchOptions = {}): Agent<CampaignState> {
  if (kind === "random") return randomAgent as Agent<CampaignState>;
  if (kind === "scripted") return campaignPolicy;
  if (kind === "mcts") return campaignMctsAgent(budget, core, options);
  throw new Error(`campaign: no agent "${kind as string}"`);
}
