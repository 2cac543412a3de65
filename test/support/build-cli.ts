/**
 * vitest globalSetup: builds the `tactica` bundle (scripts/build-cli.mjs, esbuild, well under a second) before
 * the tests, so the end-to-end tests (test/support/cli.ts) run the CLI a user runs, built from the sources
 * under test — never a stale bundle from an earlier `npm run build`.
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build-cli.mjs"], { cwd: resolve(import.meta.dirname, "../.."), stdio: "inherit" });
}
