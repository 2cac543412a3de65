/**
 * Seeded random numbers: xoshiro128** (Blackman & Vigna), seeded through splitmix32.
 *
 * The same algorithm lives in `assembly/rng.ts`; `test/core/rng.test.ts` holds the two streams equal.
 * Every random decision in tactica goes through an `Rng`, so the same seed gives the same result,
 * whatever the number of workers (chunks take `deriveSeed(seed, chunkIndex)`, never a worker's id).
 */

/** The largest seed: seeds are 32-bit unsigned integers everywhere (the CLI's --seed, the dashboard's fields, saves). */
export const MAX_SEED = 0xffffffff;

/** splitmix32 step: a well-mixed 32-bit value from a 32-bit state (used only for seeding). */
export function splitmix32(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** A seed for sub-stream `stream` of `seed` (chunk i of a Monte Carlo job, game i of a batch). */
export function deriveSeed(seed: number, stream: number): number {
  return splitmix32((splitmix32(seed >>> 0) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0);
}

export class Rng {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed: number) {
    this.reseed(seed);
  }

  reseed(seed: number): void {
    let x = seed >>> 0;
    x = splitmix32(x);
    this.s0 = x;
    x = splitmix32(x);
    this.s1 = x;
    x = splitmix32(x);
    this.s2 = x;
    x = splitmix32(x);
    this.s3 = x;
    // xoshiro's all-zero state is a fixed point; splitmix32 makes it practically impossible, but be sure.
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** Next 32-bit output as an unsigned integer in [0, 2^32). */
  nextU32(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const s2 = this.s2;
    const s3 = this.s3;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    const n2 = s2 ^ s0;
    const n3 = s3 ^ s1;
    this.s1 = s1 ^ n2;
    this.s0 = s0 ^ n3;
    this.s2 = n2 ^ t;
    this.s3 = (n3 << 11) | (n3 >>> 21);
    return result;
  }

  /** A uniform integer in 1..sides: the top bits of the output scaled (multiply-shift, no modulo bias worth a die). */
  roll(sides: number): number {
    return Math.floor((this.nextU32() * sides) / 4294967296) + 1;
  }

  /** A D6. */
  d6(): number {
    return this.roll(6);
  }

  /** A float in [0, 1). */
  nextFloat(): number {
    return this.nextU32() / 4294967296;
  }

  /** The internal state, for snapshots (JSON round-trips of games). */
  state(): [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }

  static fromState(state: readonly [number, number, number, number]): Rng {
    const r = new Rng(0);
    [r.s0, r.s1, r.s2, r.s3] = [state[0] | 0, state[1] | 0, state[2] | 0, state[3] | 0];
    return r;
  }
}
