/**
 * Running the `tactica` command as a user does, for end-to-end tests: a child process of bin/tactica.mjs,
 * which runs the built CLI (build/cli/, rebuilt from the sources by test/support/build-cli.ts before the
 * tests); `{ tsx: true }` runs the TypeScript sources through tsx instead (TACTICA_TSX=1, for development).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");
const bin = join(repoRoot, "bin/tactica.mjs");

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** `uid`/`gid`: run as that user (a test run as root cannot be refused a file otherwise). */
export function tactica(args: string[], stdin?: string, timeoutMs = 120_000, options: { tsx?: boolean; uid?: number; gid?: number } = {}): CliRun {
  const env = { ...process.env };
  if (options.tsx) env.TACTICA_TSX = "1";
  else delete env.TACTICA_TSX;
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, env, input: stdin, uid: options.uid, gid: options.gid, encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A scratch folder, and a helper writing a JSON (or raw text) file into it. */
export function scratchDir(prefix: string): { dir: string; file(name: string, content: unknown): string } {
  const dir = mkdtempSync(join(tmpdir(), `tactica-${prefix}-`));
  return {
    dir,
    file(name, content) {
      const p = join(dir, name);
      writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
      return p;
    },
  };
}

/** A `tactica` run left going (a queue worker, a coordinator): its output so far and its exit code when it ends. */
export interface CliProcess {
  child: ChildProcess;
  err: () => string;
  out: () => string;
  exited: Promise<number | null>;
}

/** Starts the built CLI with `args` in the background (tactica() waits for the end; this does not). */
export function startTactica(args: string[]): CliProcess {
  const child = spawn(process.execPath, [join(repoRoot, "bin/tactica.mjs"), ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return { child, out: () => out, err: () => err, exited: new Promise((r) => child.once("exit", (code) => r(code))) };
}
