#!/usr/bin/env node
// Entry point of the `tactica` command: runs the TypeScript CLI through tsx (no separate compile step).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
