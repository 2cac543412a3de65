/**
 * The worker path end to end in Node: main thread → Comlink → coordinator worker → workerpool → Wasm in
 * each pool worker. Results depend on the seed only, never on the number of workers, and a worker killed
 * mid-job is replaced and its chunk run again.
 */
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import workerpool from "workerpool";
import { aosOddsExact, aosOddsSample } from "../../src/aos/odds/index.js";
import { mesbgOddsExact } from "../../src/mesbg/odds/index.js";
import { compileCore, loadCore } from "../../src/core/wasm.js";
import { createOddsApi } from "../../workers/coordinator.js";
import { openOddsClient, type OddsClient } from "../../workers/client.node.js";

const mortek = {
  attacker: { name: "Mortek Guard", models: 10, keywords: ["CHAMPION"], weapons: [{ name: "Blades", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1, abilities: ["Crit (2 Hits)"] }] },
  defender: { name: "Liberators", models: 5, health: 2, save: 3, ward: 6, keywords: ["INFANTRY"] },
};
const fight = {
  a: { side: "good", fight: 5, attacks: 2, strength: 4, defence: 6, wounds: 2, fate: 1 },
  b: { side: "evil", fight: 4, attacks: 1, strength: 4, defence: 5, wounds: 1 },
};

const clients: OddsClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe("workerpool behind Comlink (Node)", () => {
  it("[CORE-ALLOC] exact odds through the coordinator equal the in-thread TypeScript result exactly", async () => {
    const c = await openOddsClient(2);
    clients.push(c);
    const r = await c.api.aosExact(mortek);
    expect(r.damage.pmf).toEqual(aosOddsExact(mortek).damage.pmf);
    expect(r.attacker).toBe("Mortek Guard");
    const m = await c.api.mesbgExact(fight);
    expect(m.aWinsDuel).toBe(mesbgOddsExact(fight).aWinsDuel);
  });

  it("Monte Carlo over 1 and 2 workers gives identical counts, equal to the in-thread run, with progress reports", async () => {
    const one = await openOddsClient(1);
    const two = await openOddsClient(2);
    clients.push(one, two);
    const progress: number[] = [];
    const { proxy } = await import("comlink");
    const a = await one.api.aosSample(mortek, 100_000, 9);
    const b = await two.api.aosSample(mortek, 100_000, 9, proxy((done: number) => void progress.push(done)));
    const inThread = aosOddsSample(mortek, 100_000, 9, await loadCore());
    expect(b.damage.pmf).toEqual(a.damage.pmf);
    expect(a.damage.pmf).toEqual(inThread.damage.pmf);
    expect(progress).toHaveLength(5); // 100,000 samples in chunks of 20,000
    expect(Math.max(...progress)).toBe(100_000);
    const m1 = await one.api.mesbgSample(fight, 60_000, 4);
    const m2 = await two.api.mesbgSample(fight, 60_000, 4);
    expect(m2).toEqual(m1);
  });

  it("bad input crossing the worker boundary arrives as an error naming the field", async () => {
    const c = await openOddsClient(1);
    clients.push(c);
    await expect(c.api.aosExact({ ...mortek, defender: { ...mortek.defender, health: 0 } })).rejects.toThrow(/defender\.health/);
    await expect(c.api.aosSample(mortek, 0, 1)).rejects.toThrow(/samples: must be a whole number/);
  });

  it("a pool worker killed mid-job is replaced and its chunk re-run: the result is unchanged", async () => {
    const script = fileURLToPath(new URL("../../build/workers/pool.mjs", import.meta.url));
    const pool = workerpool.pool(script, { workerType: "thread", minWorkers: 2, maxWorkers: 2 });
    const api = createOddsApi(pool, await compileCore(), 2);
    try {
      const reference = await api.aosSample(mortek, 400_000, 21);
      let killed = false;
      const withKill = await api.aosSample(mortek, 400_000, 21, () => {
        // After the first chunk completes, kill a worker that is busy with another chunk.
        if (killed) return;
        const handlers = (pool as unknown as { workers: { worker: { terminate(): unknown } ; busy(): boolean }[] }).workers;
        const busy = handlers.find((h) => h.busy());
        if (busy) {
          killed = true;
          void busy.worker.terminate();
        }
      });
      expect(killed).toBe(true);
      expect(withKill.damage.pmf).toEqual(reference.damage.pmf);
    } finally {
      await pool.terminate(true);
    }
  });
});
