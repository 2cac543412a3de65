#!/usr/bin/env node
// Entry point of the `tactica` command: runs the CLI built ahead of time (build/cli/main.mjs, made by
// `npm install` / `npm run build` through scripts/build-cli.mjs) with plain Node. For development,
// TACTICA_TSX=1 runs the TypeScript sources through tsx instead (no build step, ~1 s slower a call).

// `tactica ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

let cli;
if (process.env.TACTICA_TSX) {
  const { register } = await import("tsx/esm/api");
  register();
  cli = await import("../src/cli/main.ts");
} else {
  try {
    cli = await import("../build/cli/main.mjs");
  } catch (e) {
    if (e?.code !== "ERR_MODULE_NOT_FOUND" || !String(e.message).includes("build/cli/main.mjs")) throw e;
    process.stderr.write("tactica: build/cli/main.mjs not found: run `npm run build` (npm install does it), or set TACTICA_TSX=1\n");
    process.exit(1);
  }
}
process.exitCode = await cli.main(process.argv.slice(2));
