#!/usr/bin/env node
// Entry point of the `tactica` command: runs the TypeScript CLI through tsx (no separate compile step).
import { register } from "tsx/esm/api";

// `tactica ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
