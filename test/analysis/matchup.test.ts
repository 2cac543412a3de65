/**
 * `tactica matchup`: the aggregation (exact Wilson intervals, order-independent merging), the job's
 * determinism across worker counts, the early stop, cancellation, a worker killed mid-job, and bad input.
 */
import { defaultWorkers, describeWorkers, idleCores } from "../../analysis/matchup/workers.js";
import { progressBar } from "../../src/cli/matchup.js";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import workerpool from "workerpool";
import { addResult, halfWidth, mergeTallies, newTally, wilson } from "../../analysis/matchup/aggregate.js";
import { battleSeed, type MatchupReport, matchupRequestSchema, runMatchup } from "../../analysis/matchup/job.js";
import { forgetTemplates, playChunk, templateStats } from "../../analysis/matchup/play.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import type { RolloutResult } from "../../src/aos/rollout/types.js";
import { deriveSeed } from "../../src/core/rng.js";
import { compileCore, loadCore } from "../../src/core/wasm.js";
import { createOddsApi } from "../../workers/coordinator.js";
import { openOddsClient, type OddsClient } from "../../workers/client.node.js";
import { tactica } from "../support/cli.js";

const [a, b] = bundledRosters().map((r) => r.roster) as [ReturnType<typeof bundledRosters>[number]["roster"], ReturnType<typeof bundledRosters>[number]["roster"]];
const strip = (r: MatchupReport) => ({ ...r, elapsedMs: 0 });
const clients: OddsClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

function result(winner: 0 | 1 | null, vp: [number, number]): RolloutResult {
  const src = (v: number) => ({ objectives: v, tactics: 0, strategy: 0, realm: 0 });
  return {
    winner, outcome: winner === null ? "draw" : "major-victory", victoryPoints: vp,
    vpByRound: [[vp[0], 0, 0, 0, 0], [vp[1], 0, 0, 0, 0]], vpBySource: [src(vp[0]), src(vp[1])],
    tacticsCompleted: [["conquer"], []], tacticsPicked: [["conquer", "slay-the-warlord"], ["conquer"]],
    grandStrategy: [{ id: "hold-the-line", completed: true }, { id: "vendetta", completed: false }], attacker: 0, rounds: 5,
  };
}

describe("aggregation", () => {
  it("Wilson 95% interval: 50 of 100 is 40.4%-59.6%; 0 of 10 is 0%-27.8%", () => {
    const w = wilson(50, 100);
    expect(w.low).toBeCloseTo(0.40383, 4);
    expect(w.high).toBeCloseTo(0.59617, 4);
    const z = wilson(0, 10);
    expect(z.low).toBe(0);
    expect(z.high).toBeCloseTo(0.27753, 4);
  });

  it("tallies merge exactly: two halves merged equal the whole, and the report's numbers are the hand-counted ones", () => {
    const rs = [result(0, [10, 5]), result(1, [4, 12]), result(null, [8, 8]), result(0, [14, 2])];
    const whole = newTally();
    rs.forEach((r) => addResult(whole, r));
    const x = newTally();
    const y = newTally();
    rs.slice(0, 2).forEach((r) => addResult(x, r));
    rs.slice(2).forEach((r) => addResult(y, r));
    expect(mergeTallies(x, y)).toEqual(whole);
    expect(whole.sides[0].wins).toBe(2);
    expect(whole.draws).toBe(1);
    expect(whole.sides[0].vp).toBe(36);
    expect(whole.sides[0].tacticsCompleted).toEqual({ conquer: 4 });
    expect(halfWidth(whole)).toBeGreaterThan(0.3);
  });
});

describe("the matchup job", () => {
  const request = matchupRequestSchema.parse({ a, b, plans: ["savage-gains", "the-vice"], games: 60, seed: 5 });

  it("gives the same report in this thread, with 1 worker and with 2 workers (seeds split by battle, not by worker)", async () => {
    const local = await runMatchup(request, async (t) => playChunk(request, t));
    const one = await openOddsClient(1);
    const two = await openOddsClient(2);
    clients.push(one, two);
    const r1 = await one.api.matchup(request);
    const r2 = await two.api.matchup(request);
    expect(strip(r1)).toEqual(strip(local));
    expect(strip(r2)).toEqual(strip(local));
    expect(local.plans.map((p) => p.games)).toEqual([60, 60]);
    expect(local.overall.games).toBe(120);
    const p = local.plans[0]!;
    expect(p.a.win.p + p.b.win.p + p.draw.p).toBeCloseTo(1, 12);
    expect(p.a.vpByRound.reduce((s, v) => s + v, 0)).toBeCloseTo(p.a.vp.mean, 9);
    expect(Object.values(p.a.vpBySource).reduce((s, v) => s + v, 0)).toBeCloseTo(p.a.vp.mean, 9);
  });

  it("a worker keeps each plan's set-up template across requests with the same lists: made once, and the battles are a fresh worker's", async () => {
    const core = await loadCore();
    const task = { plan: "savage-gains" as const, planIndex: 0, from: 0, to: 40 };
    const req = (seed: number) => matchupRequestSchema.parse({ a, b, plans: ["savage-gains"], games: 40, seed, engine: "wasm" });
    forgetTemplates();
    const s0 = templateStats();
    const first = playChunk(req(7), task, core);
    const s1 = templateStats();
    expect(s1.made - s0.made).toBe(1);
    // Another request object (another job) with the same lists: the kept template, not a new one.
    const again = playChunk(req(7), task, core);
    const other = playChunk(req(8), task, core);
    const s2 = templateStats();
    expect(s2.made - s1.made).toBe(0);
    expect(s2.reused - s1.reused).toBe(2);
    expect(again).toEqual(first);
    // The same battles as a worker that kept nothing: seed 8's chunk played again with the template made afresh.
    forgetTemplates();
    const fresh = playChunk(req(8), task, core);
    expect(templateStats().made - s2.made).toBe(1);
    expect(other).toEqual(fresh);
    expect(fresh).not.toEqual(first);
    // The lists swapped are other battles: another template.
    playChunk(matchupRequestSchema.parse({ a: b, b: a, plans: ["savage-gains"], games: 40, seed: 8, engine: "wasm" }), task, core);
    expect(templateStats().made - s2.made).toBe(2);
  });

  it("[MATCHUP-SEED] a plan's battles are seeded by (seed, plan id, battle): savage-gains alone, second in a list and in the full run give identical counts", async () => {
    const tally = (plans: string[]) => {
      const req = matchupRequestSchema.parse({ a, b, plans, games: 20, seed: 1 });
      return runMatchup(req, async (t) => playChunk(req, t));
    };
    const alone = (await tally(["savage-gains"])).plans[0]!;
    const second = (await tally(["the-vice", "savage-gains"])).plans[1]!;
    expect(second.battleplan).toBe("savage-gains");
    expect(second).toEqual(alone);
    expect(alone.games).toBe(20);
    // The seeds themselves: the plan's place in the battlepack (savage-gains is PB-BP-02, stream 1), not in the list.
    expect(battleSeed(1, "savage-gains", 7)).toBe(deriveSeed(deriveSeed(1, 1), 7));
    expect(battleSeed(1, "the-veins-of-ghur", 0)).toBe(deriveSeed(deriveSeed(1, 11), 0));
  });

  it("stops a battleplan early once its intervals are tight enough, at a wave boundary, reproducibly", async () => {
    const req = matchupRequestSchema.parse({ a, b, plans: ["savage-gains"], games: 2000, seed: 9, precision: 0.2 });
    const r = await runMatchup(req, async (t) => playChunk(req, t));
    expect(r.stoppedEarly).toBe(true);
    expect(r.stoppedBy).toEqual(["precision"]);
    expect(r.plans[0]!.games).toBe(200); // the first wave (10 chunks of 20) already reaches ±20%
    const again = await runMatchup(req, async (t) => playChunk(req, t));
    expect(strip(again)).toEqual(strip(r));
  });

  it("cancellation returns what was played so far, marked cancelled", async () => {
    const c = await openOddsClient(2);
    clients.push(c);
    const { proxy } = await import("comlink");
    let asked = false;
    const r = await c.api.matchup(
      { a, b, plans: ["savage-gains"], games: 3000, seed: 2 },
      proxy(async () => {
        if (!asked) {
          asked = true;
          await c.api.cancel();
        }
      }),
    );
    expect(r.cancelled).toBe(true);
    // Stopped within the chunks already in flight (4 with 2 workers), not after a whole wave of 200.
    expect(r.plans[0]!.games).toBeLessThanOrEqual(100);
    expect(r.plans[0]!.games % 20).toBe(0);
  });

  it("a pool worker killed mid-job is replaced and its chunk re-run: the report is unchanged", async () => {
    const script = fileURLToPath(new URL("../../build/workers/pool.mjs", import.meta.url));
    const pool = workerpool.pool(script, { workerType: "thread", minWorkers: 2, maxWorkers: 2 });
    const api = createOddsApi(pool, await compileCore(), 2);
    try {
      const req = { a, b, plans: ["savage-gains" as const], games: 100, seed: 4 };
      const reference = await api.matchup(req);
      let killed = false;
      const withKill = await api.matchup(req, () => {
        if (killed) return;
        const busy = (pool as unknown as { workers: { worker: { terminate(): unknown }; busy(): boolean }[] }).workers.find((h) => h.busy());
        if (busy) {
          killed = true;
          void busy.worker.terminate();
        }
      });
      expect(killed).toBe(true);
      expect(strip(withKill)).toEqual(strip(reference));
    } finally {
      await pool.terminate(true);
    }
  });
});

describe("tactica matchup", () => {
  it("prints per-battleplan win probabilities with intervals, expected VP and where they come from", () => {
    const r = tactica(["matchup", "--plans", "savage-gains", "--games", "40", "--workers", "1"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Mortek Shieldwall against Hammers of the Warrior Chamber — 40 battles, seed 1/);
    expect(r.out).toMatch(/savage-gains\s+40\s+\d+\.\d% \(\d+\.\d%-\d+\.\d%\)/);
    expect(r.out).toMatch(/VP by source: objectives \d/);
    const j = JSON.parse(tactica(["matchup", "--plans", "savage-gains", "--games", "40", "--workers", "2", "--json"]).out);
    expect(j.plans[0].games).toBe(40);
  });

  it("bad input: an unknown battleplan, --games 0, --workers 1000, an invalid roster — one line, exit code 2", () => {
    for (const [args, message] of [
      [["matchup", "--plans", "chess"], /battleplan: no battleplan "chess"/],
      [["matchup", "--games", "0"], /games: must be at least 1/],
      [["matchup", "--workers", "1000"], /workers: must be at most 16/],
      [["matchup", "--a", "no-such-army.json"], /--a: cannot read no-such-army\.json: no such file/],
      [["matchup", "--b", "examples/mortek-vs-liberators.json"], /--b: .*Unrecognized key|--b: .*required/],
    ] as [string[], RegExp][]) {
      const r = tactica(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("the default number of pool workers", () => {
  it("one worker per 5 s of estimated single-worker work (warm-up makes a second worker a loss on a short job), at least 1, at most the cores", () => {
    expect(defaultWorkers(2400, "wasm", 2)).toBe(1); // 0.84 s of work: measured 2.7 s on 1 worker, 3.1 s on 2
    expect(defaultWorkers(24_000, "wasm", 2)).toBe(2); // 8.4 s: 8.3 s on 1, 6.8 s on 2
    expect(defaultWorkers(400, "ts", 2)).toBe(1); // 2 s: 3.8 s on 1, 4.6 s on 2
    expect(defaultWorkers(2400, "ts", 2)).toBe(2); // 12 s: 12.3 s on 1, 10.7 s on 2
    expect(defaultWorkers(2400, "ts", 16)).toBe(3);
    expect(defaultWorkers(1, "ts", 8)).toBe(1);
    expect(defaultWorkers(400_000, "ts", 16)).toBe(16);
  });

  it("[issue 17 item 5] capped by the cores actually idle: the cores less the one-minute load average, to the nearest core, at least 1", () => {
    // 2 cores: load 0.4 leaves 1.6 idle (2), 0.6 leaves 1.4 (1), 1.5 leaves 0.5 (1, never 0), 7 (other engineers' tests) leaves 1.
    expect([0, 0.4, 0.5, 0.6, 1.5, 7].map((l) => idleCores(2, l))).toEqual([2, 2, 2, 1, 1, 1]);
    expect([0, 3.2, 12.6, 40].map((l) => idleCores(16, l))).toEqual([16, 13, 3, 1]);
    // A load that is not a number (no loadavg) or negative counts as an idle machine.
    expect([Number.NaN, -1].map((l) => idleCores(4, l))).toEqual([4, 4]);
    // 24,000 Wasm battles (8.4 s: 2 by the job) on 2 cores: 2 workers when idle, 1 when another job holds a core.
    expect(defaultWorkers(24_000, "wasm", 2, 0.1)).toBe(2);
    expect(defaultWorkers(24_000, "wasm", 2, 0.9)).toBe(1);
    expect(defaultWorkers(24_000, "wasm", 2, 6.5)).toBe(1);
    // 400,000 TypeScript battles (2,000 s: 400 by the job) on 16 cores with 5.3 busy: 11.
    expect(defaultWorkers(400_000, "ts", 16, 5.3)).toBe(11);
    // The job still caps: 2,400 Wasm battles (0.84 s) get one worker on an idle 16-core machine.
    expect(defaultWorkers(2400, "wasm", 16, 0)).toBe(1);
  });

  it("[issue 17 item 5] the progress line says how many workers run and why that many", () => {
    expect(describeWorkers(1, { cores: 2, load1: 1.3 })).toBe("1 worker (1 of 2 cores idle, load 1.30)");
    expect(describeWorkers(2, { cores: 2, load1: 0.05 })).toBe("2 workers (2 of 2 cores idle, load 0.05)");
    expect(describeWorkers(3, { chosen: true })).toBe("3 workers (--workers)");
    expect(progressBar(1200, 2400, "1 worker (1 of 2 cores idle, load 1.30)")).toBe(`\r[${"#".repeat(15)}${".".repeat(15)}]  50%  1200/2400 battles, 1 worker (1 of 2 cores idle, load 1.30)`);
  });
});
