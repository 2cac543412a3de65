/** The seeded RNG: xoshiro128** known answers, the TS and Wasm streams equal, dice uniform. */
import { beforeAll, describe, expect, it } from "vitest";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

/** Reference xoshiro128** over BigInt, written from the paper's C code. */
function* reference(state: [number, number, number, number]): Generator<number> {
  const M = (1n << 32n) - 1n;
  let [a, b, c, d] = state.map((x) => BigInt(x)) as [bigint, bigint, bigint, bigint];
  const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (32n - k))) & M;
  for (;;) {
    const result = (rotl((b * 5n) & M, 7n) * 9n) & M;
    const t = (b << 9n) & M;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11n);
    yield Number(result);
  }
}

describe("seeded RNG", () => {
  it("xoshiro128** from state (1,2,3,4) gives the known first outputs 11520, 0, 5927040", () => {
    const r = Rng.fromState([1, 2, 3, 4]);
    expect([r.nextU32(), r.nextU32(), r.nextU32()]).toEqual([11520, 0, 5927040]);
  });

  it("matches a BigInt reference implementation for 10,000 outputs", () => {
    const r = new Rng(123456789);
    const ref = reference(r.state());
    for (let i = 0; i < 10_000; i++) expect(r.nextU32()).toBe(ref.next().value);
  });

  it("the Wasm core produces the same stream for the same seed (outputs, D6 and D3 rolls)", () => {
    for (const seed of [0, 1, 7, 42, 0xffffffff, 2 ** 31]) {
      const ts = new Rng(seed);
      core.rngSeed(seed);
      for (let i = 0; i < 2000; i++) expect(core.rngNext()).toBe(ts.nextU32());
      for (let i = 0; i < 2000; i++) expect(core.rngRoll(6)).toBe(ts.roll(6));
      for (let i = 0; i < 2000; i++) expect(core.rngRoll(3)).toBe(ts.roll(3));
      for (let s = 0; s < 50; s++) expect(core.deriveSeed(seed, s)).toBe(deriveSeed(seed, s));
    }
  });

  it("the same seed gives the same stream; different seeds and derived streams differ", () => {
    const a = new Rng(5);
    const b = new Rng(5);
    const c = new Rng(6);
    const xs = Array.from({ length: 20 }, () => a.nextU32());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.nextU32())).not.toEqual(xs);
    const derived = new Set(Array.from({ length: 1000 }, (_, i) => deriveSeed(5, i)));
    expect(derived.size).toBe(1000);
  });

  it("D6 faces are uniform: chi-square over 600,000 rolls below the 99.9% critical value (20.52, 5 dof)", () => {
    const r = new Rng(2026);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 600_000;
    for (let i = 0; i < n; i++) counts[r.d6() - 1]!++;
    const chi = counts.reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.52);
  });

  it("state snapshots round-trip through JSON and continue the same stream", () => {
    const r = new Rng(77);
    r.nextU32();
    const copy = Rng.fromState(JSON.parse(JSON.stringify(r.state())));
    for (let i = 0; i < 100; i++) expect(copy.nextU32()).toBe(r.nextU32());
  });
});
