// The dashboard: `vite web` (dev), `vite build web` → web/dist, `vite preview web`. See STACK.md "Vite (web/)".
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const shim = (f: string) => fileURLToPath(new URL(`./shims/${f}`, import.meta.url));
// Node's file system is not shimmed: src/aos/bsdata/folder.ts, the only reader of a BSData folder, is the
// CLI's; the page parses the files the user picks in a worker (web/bsdata/). A node:fs import reaching the
// page's graph is a bug the build names ("externalized for browser compatibility").
export const browserShims = { "node:zlib": shim("zlib.ts") };

export default defineConfig({
  root: import.meta.dirname,
  // Out of node_modules (vitest.config.ts says why).
  cacheDir: fileURLToPath(new URL("../.cache/vite-web", import.meta.url)),
  // Relative asset URLs, so the built page works from any folder (a file share, a sub-path on a server).
  base: "./",
  worker: { format: "es" },
  // src/aos/lists reaches Node's zlib, which the page never calls (web/shims/ says why).
  resolve: { alias: browserShims },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The coordinator compiles core.wasm with compileStreaming(fetch(url)); inlined as a data: URL it would
    // lose its application/wasm type and bloat the worker bundle.
    assetsInlineLimit: (file) => (file.endsWith(".wasm") ? false : undefined),
  },
  server: {
    // The coordinator imports ../build/core.wasm?url and ../src, ../workers: all outside web/.
    fs: { allow: [repoRoot] },
  },
});
