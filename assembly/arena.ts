// A bump allocator over linear memory for f64 buffers. The kernels allocate nothing through the AS runtime
// (runtime "stub"); each exported entry point resets the arena and takes the buffers it needs from here.

let top: usize = 0;

export function arenaReset(): void {
  top = (__heap_base + 15) & ~(<usize>15);
}

function ensure(end: usize): void {
  const have = (<usize>memory.size()) << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >>> 16);
    if (memory.grow(pages) < 0) unreachable();
  }
}

/** A zeroed buffer of n f64. */
export function allocF64(n: i32): usize {
  const p = top;
  top += (<usize>n) << 3;
  ensure(top);
  memory.fill(p, 0, (<usize>n) << 3);
  return p;
}

// @ts-ignore: decorator
@inline
export function getF(buf: usize, i: i32): f64 {
  return load<f64>(buf + ((<usize>i) << 3));
}

// @ts-ignore: decorator
@inline
export function setF(buf: usize, i: i32, v: f64): void {
  store<f64>(buf + ((<usize>i) << 3), v);
}

// @ts-ignore: decorator
@inline
export function addF(buf: usize, i: i32, v: f64): void {
  const p = buf + ((<usize>i) << 3);
  store<f64>(p, load<f64>(p) + v);
}

export function zero(buf: usize, n: i32): void {
  memory.fill(buf, 0, (<usize>n) << 3);
}
