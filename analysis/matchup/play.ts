/**
 * Playing one chunk of a matchup in the current thread: each battle's set-up (roll-off, territories, grand
 * strategies, deployment) by the scripted policy in the TypeScript engine, then the battle itself by the
 * same policy on both sides — in the TypeScript engine, or in the Wasm kernel, which plays the identical
 * battle die for die (test/aos/rollout-differential.test.ts), about 50 times faster.
 */
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasmOrTs } from "../../src/aos/rollout/wasm.js";
import { InputError } from "../../src/core/errors.js";
import { deriveSeed } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import { addResult, newTally, type PlanTally } from "./aggregate.js";
import { battleSeed, type ChunkTask, type MatchupRequest } from "./job.js";

export function playChunk(req: Pick<MatchupRequest, "a" | "b" | "seed" | "engine"> & { library?: MatchupRequest["library"] }, task: ChunkTask, core?: Core): PlanTally {
  if (req.engine === "wasm" && !core) throw new InputError("engine: the Wasm engine needs the core (run through the worker pool)");
  const tally = newTally();
  for (let g = task.from; g < task.to; g++) {
    const seed = battleSeed(req.seed, task.plan, g);
    const state = playSetUp(pitchedBattleGame.newInitialState({ rosters: [req.a, req.b], battleplan: task.plan, ...(req.library ? { library: req.library } : {}) }, seed));
    const battleSeedAfterSetUp = deriveSeed(seed, 1);
    addResult(tally, req.engine === "wasm" ? rolloutWasmOrTs(core!, state, battleSeedAfterSetUp) : rolloutTs(state, battleSeedAfterSetUp));
  }
  return tally;
}
