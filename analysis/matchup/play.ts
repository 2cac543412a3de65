/**
 * Playing one chunk of a matchup in the current thread: each battle's set-up (roll-off, territories, grand
 * strategies, deployment) by the scripted policy in the TypeScript engine, then the battle itself by the
 * same policy on both sides — in the TypeScript engine, or in the Wasm kernel, which plays the identical
 * battle die for die (test/aos/rollout-differential.test.ts), about 50 times faster. With the kernel, the
 * set-up too is the kernel's: from the plan's set-up template (src/aos/rollout/template.ts), a chunk's battles
 * are set up and played in one kernel call (src/aos/rollout/kernel-setup.ts); a battle the kernel leaves is
 * set up from the template in TypeScript, or in full.
 */
import { pitchedBattleGame, type PitchedBattleSetup } from "../../src/aos/battle/game.js";
import type { BattleData } from "../../src/aos/battle/state.js";
import { recordSetUp, SET_UP_PLAYED, templateRecordsWasm } from "../../src/aos/rollout/kernel-setup.js";
import { RESULT } from "../../src/aos/rollout/encode.js";
import { rolloutTemplateRecord, setUpFromTemplate, type SetUpTemplate, setUpTemplate } from "../../src/aos/rollout/template.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import type { RolloutResult } from "../../src/aos/rollout/types.js";
import { decodeRollout, rolloutWasmOrTs } from "../../src/aos/rollout/wasm.js";
import { InputError } from "../../src/core/errors.js";
import { deriveSeed } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import { addResult, newTally, type PlanTally } from "./aggregate.js";
import { battleSeed, type ChunkTask, type MatchupRequest } from "./job.js";

export type ChunkRequest = Pick<MatchupRequest, "a" | "b" | "seed" | "engine"> & { library?: MatchupRequest["library"] };

/**
 * The set-up templates of a request, per plan (src/aos/rollout/template.ts), kept while the request is: a
 * worker keeps a job's parsed request across its chunks (workers/tasks.ts), so each plan's template is made
 * once per worker and job.
 */
const templates = new WeakMap<object, { lists: string; byPlan: Map<string, SetUpTemplate | null> }>();

/**
 * And across requests, by what a template depends on (the two lists, the library, the plan: never the seed),
 * the TEMPLATES_KEPT last used: a fleet's worker taking job after job on the same lists (more games, another
 * seed, the dashboard's matchup run again) makes each template once, not once a job. Making one is ~15 ms of
 * CPU and its JIT and GC on V8's background threads, a third of a 200-battle chunk's work; keeping one holds
 * ~0.3 MB (its block with it: kernel-setup.ts keys the block by the template), so a Node thread keeps 200
 * (~60 MB: the six bundled armies' 180 pairing-plan templates fit) and a browser's worker 24 (two matchups'
 * 12 plans: a tab runs a worker per core). Templates are never changed once made (every chunk of a request
 * already shares one), so a kept one plays the same battles.
 */
const TEMPLATES_KEPT = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node ? 200 : 24;
const kept = new Map<string, SetUpTemplate | null>();
const keptStats = { made: 0, reused: 0 };

/** How many templates this thread made and how many it took from those kept (tests, benchmarks). */
export function templateStats(): { made: number; reused: number; kept: number } {
  return { ...keptStats, kept: kept.size };
}

/** Forgets the kept templates (tests: a fresh worker's behaviour). */
export function forgetTemplates(): void {
  kept.clear();
}

function templateOf(req: ChunkRequest, setup: PitchedBattleSetup): SetUpTemplate | null {
  let mine = templates.get(req);
  if (!mine) templates.set(req, (mine = { lists: JSON.stringify([req.a, req.b, req.library ?? null]), byPlan: new Map() }));
  const { byPlan } = mine;
  let t = byPlan.get(setup.battleplan);
  if (t === undefined) {
    const key = `${setup.battleplan}\n${mine.lists}`;
    t = kept.get(key);
    if (t === undefined) {
      t = setUpTemplate(setup);
      keptStats.made++;
    } else {
      keptStats.reused++;
      kept.delete(key); // re-inserted below: the Map's order is the order of last use
    }
    kept.set(key, t);
    if (kept.size > TEMPLATES_KEPT) kept.delete(kept.keys().next().value!);
    byPlan.set(setup.battleplan, t);
  }
  return t;
}

/** Where a chunk's battles go, one call each in battle order. */
export interface ChunkSink {
  /** A battle played in the kernel: its result record at `at` in `records` (decodeRollout with `data`). */
  record(records: Float64Array, at: number, data: Pick<BattleData, "grandStrategies">): void;
  /** A battle whose result came decoded (set up in full; played in the TypeScript engine). */
  result(r: RolloutResult): void;
}

/** A chunk's battles tallied for the matchup's report (every part of each result). */
export function playChunk(req: ChunkRequest, task: ChunkTask, core?: Core): PlanTally {
  const tally = newTally();
  playChunkInto(req, task, core, { record: (records, at, data) => addResult(tally, decodeRollout(records, at, data)), result: (r) => addResult(tally, r) });
  return tally;
}

/** A chunk's battles, each handed to `sink` (a matrix cell needs only each battle's winner and VP). */
export function playChunkInto(req: ChunkRequest, task: ChunkTask, core: Core | undefined, sink: ChunkSink): void {
  if (req.engine === "wasm" && !core) throw new InputError("engine: the Wasm engine needs the core (run through the worker pool)");
  const setup: PitchedBattleSetup = { rosters: [req.a, req.b], battleplan: task.plan, ...(req.library ? { library: req.library } : {}) };
  // The Wasm engine sets each battle up from the plan's template (the same battles, die for die, as a set-up
  // played in full: test/aos/rollout-template.test.ts); the TypeScript engine, the reference, plays it in full.
  const template = req.engine === "wasm" ? templateOf(req, setup) : null;
  // The whole chunk in one kernel call: each battle set up by the kernel from the template and played there
  // (src/aos/rollout/kernel-setup.ts: the same battles again); the few it leaves are set up below.
  const seeds = Array.from({ length: task.to - task.from }, (_, i) => battleSeed(req.seed, task.plan, task.from + i));
  const inKernel = template ? templateRecordsWasm(core!, template, seeds) : null;
  for (let i = 0; i < seeds.length; i++) {
    const seed = seeds[i]!;
    if (inKernel && inKernel.records[i * RESULT + SET_UP_PLAYED] === 1) {
      sink.record(inKernel.records, i * RESULT, recordSetUp(inKernel, i * RESULT));
      continue;
    }
    const battleSeedAfterSetUp = deriveSeed(seed, 1);
    const quick = template && setUpFromTemplate(template, seed);
    const record = quick && rolloutTemplateRecord(core!, template, quick, battleSeedAfterSetUp);
    if (record) {
      sink.record(record, 0, quick.data);
      continue;
    }
    const state = playSetUp(pitchedBattleGame.newInitialState(setup, seed));
    sink.result(req.engine === "wasm" ? rolloutWasmOrTs(core!, state, battleSeedAfterSetUp) : rolloutTs(state, battleSeedAfterSetUp));
  }
}
