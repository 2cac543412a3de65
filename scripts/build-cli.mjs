// Bundles the `tactica` command (src/cli/main.ts) for plain Node: bin/tactica.mjs runs build/cli/main.mjs, so
// a call pays neither tsx nor loading ~140 source files through its hooks (README "Benchmarks", bench:cli).
// Code splitting keeps each command in its own chunk: main.ts imports a command only when it runs, so
// `tactica --help` loads a few kilobytes. Dependencies (zod, comlink) are bundled too: one file read each.
// The chunks sit two folders below the repository, as src/cli/ does, so paths relative to import.meta.url
// (build/core.wasm, data/mesbg/) resolve the same from the bundle and from the sources.
import { build } from "esbuild";
import { rmSync } from "node:fs";

rmSync("build/cli", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/cli/main.ts" },
  outdir: "build/cli",
  outExtension: { ".js": ".mjs" },
  chunkNames: "[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  // The queue's client (tactica matrix --queue, tactica worker) loads CommonJS that requires Node built-ins at
  // run time, which an ESM bundle cannot: it is imported from node_modules, and only by those two commands.
  external: ["bullmq", "ioredis"],
});
