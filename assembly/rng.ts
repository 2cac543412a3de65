// Seeded random numbers: xoshiro128** seeded through splitmix32.
// The TypeScript twin is src/core/rng.ts; test/core/rng.test.ts holds the two streams equal.

let s0: u32 = 1;
let s1: u32 = 0;
let s2: u32 = 0;
let s3: u32 = 0;

export function splitmix32(state: u32): u32 {
  let z: u32 = state + 0x9e3779b9;
  z = (z ^ (z >>> 16)) * 0x21f0aaad;
  z = (z ^ (z >>> 15)) * 0x735a2d97;
  return z ^ (z >>> 15);
}

export function rngSeed(seed: u32): void {
  let x = splitmix32(seed);
  s0 = x;
  x = splitmix32(x);
  s1 = x;
  x = splitmix32(x);
  s2 = x;
  x = splitmix32(x);
  s3 = x;
  if ((s0 | s1 | s2 | s3) == 0) s0 = 1;
}

export function deriveSeed(seed: u32, stream: u32): u32 {
  return splitmix32(splitmix32(seed) ^ ((stream + 1) * 0x85ebca6b));
}

// @ts-ignore: decorator
@inline
export function nextU32(): u32 {
  const a = s0;
  const b = s1;
  const c = s2;
  const d = s3;
  const result = rotl<u32>(b * 5, 7) * 9;
  const t = b << 9;
  const n2 = c ^ a;
  const n3 = d ^ b;
  s1 = b ^ n2;
  s0 = a ^ n3;
  s2 = n2 ^ t;
  s3 = rotl<u32>(n3, 11);
  return result;
}

/** A uniform integer in 1..sides (multiply-shift, the same mapping as Rng.roll). */
// @ts-ignore: decorator
@inline
export function roll(sides: u32): i32 {
  return <i32>((<u64>nextU32() * <u64>sides) >>> 32) + 1;
}

/** A word of the generator's state (the rollout trace compares it with src/core/rng.ts Rng.state()). */
export function rngWord(i: i32): u32 {
  return i == 0 ? s0 : i == 1 ? s1 : i == 2 ? s2 : s3;
}

/** Exported for the stream-equality test. */
export function rngNext(): u32 {
  return nextU32();
}

export function rngRoll(sides: u32): i32 {
  return roll(sides);
}
