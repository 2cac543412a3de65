/**
 * Playing one matrix chunk in the current thread (a pool worker, or a test). Scripted: the matchup's battles
 * (analysis/matchup/play.ts: set-up by the policy, the battle in the Wasm kernel, die for die the TypeScript
 * engine's). mcts: whole battles with the search deciding for both sides in the TypeScript engine, as `tactica
 * arena --game aos` plays them (the state's dice from the game's seed, then the agents'), with fresh agents
 * for each battle, so a battle depends on its seed alone.
 */
import { aosMctsAgent } from "../../src/aos/agents.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { Rng } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import { playOut } from "../../src/planner/agents.js";
import { battleSeed } from "../matchup/job.js";
import { type ChunkRequest, playChunkInto } from "../matchup/play.js";
import { recordVictoryPoints, recordWinner } from "../../src/aos/rollout/wasm.js";
import { checkChunk, type MatrixChunk, type MatrixRequest, pairings, pairSeed } from "./request.js";
import { addGame, type CellTally, emptyCell } from "./tally.js";

/**
 * The matchup request of each pairing, one object per (matrix request, pairing) for as long as the matrix
 * request is kept (workers keep a job's parsed request across its chunks: analysis/matrix/task.ts).
 * playChunkInto keeps the plans' set-up templates by its request object, so a worker makes each template once per pairing
 * and job instead of once per chunk (~15 ms of CPU each, as much as a chunk's queue overhead was).
 */
const pairRequests = new WeakMap<MatrixRequest, Map<number, ChunkRequest>>();

function pairRequest(req: MatrixRequest, pair: number): ChunkRequest {
  let byPair = pairRequests.get(req);
  if (!byPair) pairRequests.set(req, (byPair = new Map()));
  let r = byPair.get(pair);
  if (!r) {
    const [i, j] = pairings(req.lists.length)[pair]!;
    r = { a: req.lists[i]!, b: req.lists[j]!, seed: pairSeed(req.seed, pair), engine: "wasm", ...(req.library ? { library: req.library } : {}) };
    byPair.set(pair, r);
  }
  return r;
}

export function playMatrixChunk(req: MatrixRequest, chunk: MatrixChunk, core: Core): CellTally {
  checkChunk(req, chunk);
  if (req.agents === "scripted") {
    // The matchup's battles (playChunkInto), each read for its winner and VP alone: a cell needs no more,
    // and decoding every record into a full RolloutResult for the matchup's tally was ~3% of a chunk's CPU
    // (a CPU profile of a pool worker), and one more function each worker compiled.
    const tally = emptyCell();
    playChunkInto(pairRequest(req, chunk.pair), { plan: chunk.plan, planIndex: 0, from: chunk.from, to: chunk.to }, core, {
      record: (records, at) => addGame(tally, recordWinner(records, at), recordVictoryPoints(records, at)),
      result: (r) => addGame(tally, r.winner, r.victoryPoints),
    });
    return tally;
  }
  const [i, j] = pairings(req.lists.length)[chunk.pair]!;
  const a = req.lists[i]!;
  const b = req.lists[j]!;
  const seed = pairSeed(req.seed, chunk.pair);
  const library = req.library ? { library: req.library } : {};
  const tally = emptyCell();
  for (let g = chunk.from; g < chunk.to; g++) {
    const rng = new Rng(battleSeed(seed, chunk.plan, g));
    const state = pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: chunk.plan, ...library }, rng.nextU32());
    const budget = { iterations: req.iterations };
    playOut(state, [aosMctsAgent(core, budget), aosMctsAgent(core, budget)], rng, 100_000);
    const r = state.returns();
    const vp = state.data.victoryPoints;
    addGame(tally, r[0]! > r[1]! ? 0 : r[1]! > r[0]! ? 1 : null, [vp[0]!, vp[1]!]);
  }
  return tally;
}
