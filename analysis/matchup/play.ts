/**
 * Playing one chunk of a matchup in the current thread: each battle from the roll-off to the result, both
 * sides played by the scripted policy, with the TypeScript engine or (from deployment on) the Wasm kernel.
 */
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { resultFromState } from "../../src/aos/rollout/result.js";
import type { Core } from "../../src/core/wasm.js";
import { InputError } from "../../src/core/errors.js";
import { Rng } from "../../src/core/rng.js";
import { playOut, randomAgent } from "../../src/planner/agents.js";
import { addResult, newTally, type PlanTally } from "./aggregate.js";
import { battleSeed, type ChunkTask, type MatchupRequest } from "./job.js";

export function playChunk(req: Pick<MatchupRequest, "a" | "b" | "seed" | "engine">, task: ChunkTask, _core?: Core): PlanTally {
  if (req.engine === "wasm") throw new InputError("engine: the Wasm rollout kernel is not built yet; use --engine ts");
  const tally = newTally();
  for (let g = task.from; g < task.to; g++) {
    const seed = battleSeed(req.seed, task.planIndex, g);
    const state = pitchedBattleGame.newInitialState({ rosters: [req.a, req.b], battleplan: task.plan }, seed);
    // Both sides random until the scripted policy of the rollout kernel lands (issue 6).
    playOut(state, [randomAgent, randomAgent], new Rng(seed ^ 0x5bd1e995));
    addResult(tally, resultFromState(state));
  }
  return tally;
}
