/**
 * Loading the Wasm core (assembly/ → build/core.wasm) in Node, in worker_threads and in the browser.
 *
 * Compile once to a `WebAssembly.Module` (it is structured-cloneable, so a pool passes it to its workers),
 * instantiate once per thread with `instantiateCore`. Node reads the file with a dynamic import of
 * node:fs/promises whose name is a variable, so that bundlers never resolve `fs` into the browser's build
 * (the dashboard's has no node:fs at all); the browser passes a URL.
 */

/** Node's file system, imported by a name bundlers do not follow (see above). */
const NODE_FS = "node:fs/promises";
const nodeFs = (): Promise<typeof import("node:fs/promises")> => import(/* @vite-ignore */ NODE_FS);

/** The raw exports of build/core.wasm (see assembly/index.ts). */
export interface CoreExports {
  memory: WebAssembly.Memory;
  arenaReset(): void;
  allocF64(n: number): number;
  rngSeed(seed: number): void;
  rngNext(): number;
  rngRoll(sides: number): number;
  deriveSeed(seed: number, stream: number): number;
  aosExact(plan: number): number;
  aosResultLength(): number;
  /** Stage mean i (0 attacks, 1 hits, 2 wounds, 3 unsaved, 4 damage, 5 after the ward) of the last aosExact. */
  aosStage(i: number): number;
  aosSample(plan: number, samples: number, seed: number, hist: number): void;
  mesbgExact(params: number): number;
  mesbgSample(params: number, samples: number, seed: number, out: number): void;
  aosRolloutLoad(state: number): number;
  aosRolloutRun(seed: number, out: number): number;
  aosRollouts(state: number, seeds: number, count: number, out: number): number;
  aosRolloutTrace(state: number, seed: number, out: number, trace: number, cap: number): number;
  aosSetUpRollouts(block: number, seeds: number, count: number, out: number): number;
  aosSetUpState(block: number, seed: number, out: number): number;
  aosSetUpOnly(block: number, seeds: number, count: number, out: number): number;
  aosRolloutAttack(state: number, attacker: number, target: number, ranged: number, seed: number, out: number): number;
  aosRolloutLayout(i: number): number;
  rngWord(i: number): number;
  mesbgRollout(state: number, seed: number, out: number): number;
  mesbgRolloutMany(state: number, count: number, seeds: number, out: number): number;
  mesbgPlayTo(state: number, seed: number, afterTurn: number, out: number): number;
}

/** Error codes of the rollout kernel (assembly/aos_rollout.ts). */
const ROLLOUT_ERRORS: Record<number, string> = {
  1: "the input is not an encoded battle",
  2: "the battle exceeds the kernel's sizes",
  3: "the battle did not end within 100,000 decisions",
  4: "no unit could be picked to fight",
  5: "an unknown step",
};

function rolloutError(code: number): Error {
  return new Error(`Wasm rollout kernel: ${ROLLOUT_ERRORS[code] ?? `error ${code}`}`);
}

const isNode = typeof process !== "undefined" && !!process.versions?.node && typeof window === "undefined";

/** Where build/core.wasm is, from this file (src/core/) or from a bundle in build/workers/. */
async function nodeWasmBytes(): Promise<Uint8Array> {
  const fs = await nodeFs();
  const candidates = [
    process.env.TACTICA_WASM,
    // Node-only lookups (this function never runs in a browser): keep bundlers from resolving them.
    new URL(/* @vite-ignore */ "../../build/core.wasm", import.meta.url),
    new URL(/* @vite-ignore */ "../core.wasm", import.meta.url),
    new URL(/* @vite-ignore */ "./core.wasm", import.meta.url),
  ].filter((c): c is string | URL => !!c);
  for (const c of candidates) {
    try {
      return await fs.readFile(c);
    } catch {
      /* try the next place */
    }
  }
  throw new Error("build/core.wasm not found: run `npm run build` (npm install does it for you)");
}

let cached: Promise<WebAssembly.Module> | undefined;

/**
 * The compiled core module. In Node the file is found on disk; in a browser pass its URL (Vite: import
 * `build/core.wasm?url`) or the bytes.
 */
export function compileCore(source?: string | URL | ArrayBuffer | Uint8Array): Promise<WebAssembly.Module> {
  if (source === undefined && cached) return cached;
  let p: Promise<WebAssembly.Module>;
  if (source instanceof ArrayBuffer || source instanceof Uint8Array) p = WebAssembly.compile(source as BufferSource);
  else if (source !== undefined && !isNode) p = WebAssembly.compileStreaming(fetch(source));
  else if (source !== undefined) p = nodeFs().then((fs) => fs.readFile(source)).then((b) => WebAssembly.compile(b));
  else if (isNode) p = nodeWasmBytes().then((b) => WebAssembly.compile(b as BufferSource));
  else throw new Error("compileCore: in a browser, pass the URL of core.wasm");
  if (source === undefined) cached = p;
  return p;
}

export function instantiateCore(module: WebAssembly.Module): Core {
  const instance = new WebAssembly.Instance(module, {
    env: {
      abort(_msg: number, _file: number, line: number, col: number) {
        throw new Error(`Wasm core aborted at ${line}:${col}`);
      },
    },
    // The MESBG rollout kernel takes cosine, sine and atan2 from the host so its geometry is bit for bit the
    // TypeScript engine's (V8 calls these imports directly, as fast as its own Math).
    Math: { cos: Math.cos, sin: Math.sin, atan2: Math.atan2 },
  });
  return new Core(instance.exports as unknown as CoreExports);
}

/** Typed access to one instance of the core: copies inputs in, results out. */
export class Core {
  constructor(readonly raw: CoreExports) {}

  /** Reset the arena and copy `data` into a fresh f64 buffer; returns its address. */
  private put(data: Float64Array): number {
    this.raw.arenaReset();
    const p = this.raw.allocF64(data.length);
    new Float64Array(this.raw.memory.buffer, p, data.length).set(data);
    return p;
  }

  private read(ptr: number, length: number): Float64Array {
    return new Float64Array(this.raw.memory.buffer, ptr, length).slice();
  }

  /** Exact damage pmf of an encoded attack plan (src/aos/odds/plan.ts encodePlan). */
  aosExact(plan: Float64Array): Float64Array {
    const p = this.put(plan);
    const r = this.raw.aosExact(p);
    return this.read(r, this.raw.aosResultLength());
  }

  /** The stage means of the last aosExact (attacks, hits, wounds, unsaved, damage, after the ward). */
  aosStages(): number[] {
    return [0, 1, 2, 3, 4, 5].map((i) => this.raw.aosStage(i));
  }

  /** Damage histogram of `samples` seeded attack sequences. */
  aosSample(plan: Float64Array, samples: number, seed: number, histLength: number): Float64Array {
    const p = this.put(plan);
    const h = this.raw.allocF64(histLength);
    this.raw.aosSample(p, samples, seed >>> 0, h);
    return this.read(h, histLength);
  }

  /** Exact MESBG fight: see src/mesbg/odds/plan.ts for the layouts. */
  mesbgExact(params: Float64Array, outLength: number): Float64Array {
    const p = this.put(params);
    const r = this.raw.mesbgExact(p);
    return this.read(r, outLength);
  }

  mesbgSample(params: Float64Array, samples: number, seed: number, outLength: number): Float64Array {
    const p = this.put(params);
    const o = this.raw.allocF64(outLength);
    this.raw.mesbgSample(p, samples, seed >>> 0, o);
    return this.read(o, outLength);
  }

  /**
   * Battle rollouts (src/aos/rollout/encode.ts lays out `state` and the result records): one per seed, each
   * from the same starting position, `recordLength` f64 each.
   */
  aosRollouts(state: Float64Array, seeds: ArrayLike<number>, recordLength: number): Float64Array {
    const p = this.put(state);
    const s = this.raw.allocF64(seeds.length);
    const view = new Float64Array(this.raw.memory.buffer, s, seeds.length);
    for (let i = 0; i < seeds.length; i++) view[i] = seeds[i]! >>> 0;
    const out = this.raw.allocF64(seeds.length * recordLength);
    const e = this.raw.aosRollouts(p, s, seeds.length, out);
    if (e !== 0) throw rolloutError(e);
    return this.read(out, seeds.length * recordLength);
  }

  /**
   * Battles of one set-up template, each set up from its seed and played in the kernel (src/aos/rollout/
   * kernel-setup.ts lays out `block` and reads the records), `recordLength` f64 each.
   */
  aosSetUpRollouts(block: Float64Array, seeds: ArrayLike<number>, recordLength: number, battles = true): Float64Array {
    const p = this.put(block);
    const s = this.raw.allocF64(seeds.length);
    const view = new Float64Array(this.raw.memory.buffer, s, seeds.length);
    for (let i = 0; i < seeds.length; i++) view[i] = seeds[i]! >>> 0;
    const out = this.raw.allocF64(seeds.length * recordLength);
    // `battles` false: the set-ups alone, up to each battle's starting position (the benchmark's split).
    const e = (battles ? this.raw.aosSetUpRollouts : this.raw.aosSetUpOnly)(p, s, seeds.length, out);
    if (e !== 0) throw rolloutError(e);
    return this.read(out, seeds.length * recordLength);
  }

  /** The kernel's set-up of one battle (the differential test's view): see assembly/aos_setup.ts aosSetUpState. */
  aosSetUpState(block: Float64Array, seed: number, maxLength: number): Float64Array {
    const p = this.put(block);
    const out = this.raw.allocF64(8 + maxLength);
    const e = this.raw.aosSetUpState(p, seed >>> 0, out);
    if (e !== 0) throw rolloutError(e);
    return this.read(out, 8 + maxLength);
  }

  /** One rollout that also returns its decisions, 7 f64 each (step, player, a, b, c, RNG word 0, a fingerprint of the units). */
  aosRolloutTrace(state: Float64Array, seed: number, recordLength: number, cap: number): { record: Float64Array; trace: Float64Array } {
    const p = this.put(state);
    const out = this.raw.allocF64(recordLength);
    const trace = this.raw.allocF64(cap * 7);
    const e = this.raw.aosRolloutTrace(p, seed >>> 0, out, trace, cap);
    if (e !== 0 && e !== 3) throw rolloutError(e);
    return { record: this.read(out, recordLength), trace: this.read(trace, cap * 7) };
  }

  /** One attack sequence of unit `attacker` on `target` in the encoded position: [damage, models left, damage allocated]. */
  aosRolloutAttack(state: Float64Array, attacker: number, target: number, ranged: boolean, seed: number): Float64Array {
    const p = this.put(state);
    const out = this.raw.allocF64(3);
    const e = this.raw.aosRolloutAttack(p, attacker, target, ranged ? 1 : 0, seed >>> 0, out);
    if (e !== 0) throw rolloutError(e);
    return this.read(out, 3);
  }

  aosRolloutLayout(i: number): number {
    return this.raw.aosRolloutLayout(i);
  }

  /**
   * MESBG rollouts from one encoded state (src/mesbg/encode.ts), one per seed: 8 f64 each (winner, score of
   * side 0, of side 1, turns, models left on side 0, on side 1, wiped out, status). See src/mesbg/rolloutWasm.ts.
   */
  mesbgRollouts(state: Float64Array, seeds: ArrayLike<number>): Float64Array {
    const p = this.put(state);
    const s = this.raw.allocF64(seeds.length);
    const view = new Float64Array(this.raw.memory.buffer, s, seeds.length);
    for (let i = 0; i < seeds.length; i++) view[i] = seeds[i]! >>> 0;
    const out = this.raw.allocF64(seeds.length * 8);
    this.raw.mesbgRolloutMany(p, seeds.length, s, out);
    return this.read(out, seeds.length * 8);
  }

  /** MESBG: plays the encoded state to the priority roll-off after turn `afterTurn` (or the end); the state then. */
  mesbgPlayTo(state: Float64Array, seed: number, afterTurn: number): { status: number; state: Float64Array } {
    const p = this.put(state);
    const out = this.raw.allocF64(state.length);
    const status = this.raw.mesbgPlayTo(p, seed >>> 0, afterTurn, out);
    return { status, state: this.read(out, state.length) };
  }

  rngSeed(seed: number): void {
    this.raw.rngSeed(seed >>> 0);
  }
  rngNext(): number {
    return this.raw.rngNext() >>> 0;
  }
  rngRoll(sides: number): number {
    return this.raw.rngRoll(sides);
  }
  deriveSeed(seed: number, stream: number): number {
    return this.raw.deriveSeed(seed >>> 0, stream >>> 0) >>> 0;
  }
}

let nodeCore: Promise<Core> | undefined;

/** One core instance for this thread (Node: found on disk). */
export function loadCore(): Promise<Core> {
  nodeCore ??= compileCore().then(instantiateCore);
  return nodeCore;
}
