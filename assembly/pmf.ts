// Distributions over 0..n in f64 buffers; the twin of src/core/pmf.ts and src/core/dice.ts (same loops, same
// order of operations, so results are bit-identical).
import { addF, allocF64, getF, setF, zero } from "./arena";

/** dst = a * b; returns the length. dst must hold alen + blen - 1 entries and not alias a or b. */
export function convolveInto(dst: usize, a: usize, alen: i32, b: usize, blen: i32): i32 {
  const n = alen + blen - 1;
  zero(dst, n);
  for (let i = 0; i < alen; i++) {
    const ai = getF(a, i);
    if (ai == 0) continue;
    for (let j = 0; j < blen; j++) addF(dst, i + j, ai * getF(b, j));
  }
  return n;
}

export function diceMax(count: i32, sides: i32, plus: i32): i32 {
  return max(0, count * sides + plus);
}

/** Exact pmf of a dice expression into a new buffer of diceMax + 1 entries. */
export function dicePmf(count: i32, sides: i32, plus: i32): usize {
  const span = count * sides + 1;
  let counts = allocF64(span);
  let next = allocF64(span);
  setF(counts, 0, 1);
  let len = 1;
  for (let i = 0; i < count; i++) {
    zero(next, len + sides);
    for (let v = 0; v < len; v++) for (let f = 1; f <= sides; f++) addF(next, v + f, getF(counts, v));
    const t = counts;
    counts = next;
    next = t;
    len += sides;
  }
  let total: i32 = 1;
  for (let i = 0; i < count; i++) total *= sides;
  const pmf = allocF64(diceMax(count, sides, plus) + 1);
  for (let v = 0; v < len; v++) {
    const c = getF(counts, v);
    if (c == 0) continue;
    addF(pmf, max(0, v + plus), c / <f64>total);
  }
  return pmf;
}
