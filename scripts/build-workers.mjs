// Bundles the Node worker entry points (STACK.md: worker_threads cannot start .ts entries under tsx, and a
// bundle starts ~5x faster). Output: build/workers/coordinator.mjs and build/workers/pool.mjs.
import { build } from "esbuild";

await build({
  entryPoints: { coordinator: "workers/coordinator.node.ts", pool: "workers/pool.worker.ts" },
  outdir: "build/workers",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});
