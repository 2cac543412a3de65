/**
 * Exact rationals over BigInt, for oracles that check the float kernels "at rational level": a test works
 * the probability out as a fraction and the kernel must agree to within 1e-12.
 */
export class Q {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint | number, d: bigint | number = 1n) {
    let nn = BigInt(n);
    let dd = BigInt(d);
    if (dd < 0n) [nn, dd] = [-nn, -dd];
    const g = gcd(nn < 0n ? -nn : nn, dd);
    this.n = g === 0n ? 0n : nn / g;
    this.d = g === 0n ? 1n : dd / g;
  }
  static of(n: number, d = 1): Q {
    return new Q(BigInt(n), BigInt(d));
  }
  add(o: Q): Q {
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o: Q): Q {
    return new Q(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  mul(o: Q): Q {
    return new Q(this.n * o.n, this.d * o.d);
  }
  isZero(): boolean {
    return this.n === 0n;
  }
  toNumber(): number {
    // Enough precision for 1e-15 comparisons without overflowing doubles.
    const scale = 10n ** 30n;
    return Number((this.n * scale) / this.d) / 1e30;
  }
  toString(): string {
    return `${this.n}/${this.d}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export const ZERO = Q.of(0);
export const ONE = Q.of(1);

/** A distribution over 0..n with rational probabilities. */
export type QPmf = Q[];

export function qConvolve(a: QPmf, b: QPmf): QPmf {
  const out: QPmf = Array.from({ length: a.length + b.length - 1 }, () => ZERO);
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.isZero()) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = out[i + j]!.add(a[i]!.mul(b[j]!));
  }
  return out;
}

export function qAdd(a: QPmf, b: QPmf, wa: Q = ONE, wb: Q = ONE): QPmf {
  const out: QPmf = Array.from({ length: Math.max(a.length, b.length) }, () => ZERO);
  a.forEach((p, i) => (out[i] = out[i]!.add(p.mul(wa))));
  b.forEach((p, i) => (out[i] = out[i]!.add(p.mul(wb))));
  return out;
}

/**
 * Every outcome of a procedure that rolls dice, by exhaustive enumeration of the roll sequences: the
 * procedure is re-run with each prefix of rolls; when it asks for one more die, the prefix branches.
 */
export function enumerateRolls(proc: (roll: (sides: number) => number) => number): QPmf {
  const out = new Map<number, Q>();
  const stack: number[][] = [[]];
  const sidesAt: number[][] = [[]];
  class More {
    constructor(readonly sides: number) {}
  }
  while (stack.length) {
    const prefix = stack.pop()!;
    const sides = sidesAt.pop()!;
    let i = 0;
    const used: number[] = [];
    try {
      const v = proc((s) => {
        if (i < prefix.length) {
          used.push(s);
          return prefix[i++]!;
        }
        throw new More(s);
      });
      let p = ONE;
      for (const s of used) p = p.mul(Q.of(1, s));
      out.set(v, (out.get(v) ?? ZERO).add(p));
    } catch (e) {
      if (!(e instanceof More)) throw e;
      for (let f = 1; f <= e.sides; f++) {
        stack.push([...prefix, f]);
        sidesAt.push([...sides, e.sides]);
      }
    }
  }
  const max = Math.max(...out.keys());
  return Array.from({ length: max + 1 }, (_, k) => out.get(k) ?? ZERO);
}

export function expectPmfClose(actual: readonly number[], exact: QPmf, tol = 1e-12): void {
  const n = Math.max(actual.length, exact.length);
  for (let k = 0; k < n; k++) {
    const a = actual[k] ?? 0;
    const e = exact[k]?.toNumber() ?? 0;
    if (Math.abs(a - e) > tol) throw new Error(`pmf[${k}] = ${a}, exact ${exact[k]} = ${e}`);
  }
}
